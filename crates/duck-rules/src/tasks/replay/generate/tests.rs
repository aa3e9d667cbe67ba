use board_geometry::testing::generator::{assert_the_seed_decides, default_with};

use super::shrink::candidates;
use super::*;
use crate::tasks::replay::{Options, Reader, Verdict, judge, replay};

fn logs(seed: u64, options: &GenerateOptions, count: usize) -> Vec<Log> {
    Generator::new(seed, options).unwrap().take(count).collect()
}

/// The default options with `change` made to them.
fn options(change: impl FnOnce(&mut GenerateOptions)) -> GenerateOptions {
    default_with(change)
}

/// (valid commands before the end, commands before the end, whether the game ended, commands after it).
fn tally(log: &Log) -> (usize, usize, bool, usize) {
    let (mut valid, mut before, mut after) = (0, 0, 0);
    let mut ended = false;
    replay(log.to_string().as_bytes(), |_, verdict, position| {
        if ended {
            after += 1;
        } else {
            before += 1;
            valid += usize::from(verdict.is_valid());
        }
        if let Verdict::Valid(report) = verdict {
            ended |= report.game_over;
        }
        ended |= position.is_game_over();
        Ok(())
    })
    .unwrap();
    (valid, before, ended, after)
}

#[test]
fn the_same_seed_gives_the_same_logs_and_another_seed_others() {
    assert_the_seed_decides(|seed| logs(seed, &GenerateOptions::default(), 5));
}

#[test]
fn the_valid_share_and_the_end_share_are_near_the_asked_ones() {
    for (valid_share, end_share) in [(0.6, 0.8), (0.2, 0.3), (1.0, 1.0), (0.0, 0.5)] {
        let generated = logs(7, &options(|o| (o.valid_share, o.end_share) = (valid_share, end_share)), 200);
        let (mut valid, mut before, mut ended, mut after) = (0, 0, 0, 0);
        for log in &generated {
            assert_eq!(log.len(), 100);
            let (v, b, e, a) = tally(log);
            (valid, before, ended, after) = (valid + v, before + b, ended + usize::from(e), after + a);
        }
        let share = valid as f64 / before as f64;
        assert!((share - valid_share).abs() < 0.05, "valid share {share} for {valid_share}");
        if valid_share >= 0.5 {
            let ends = ended as f64 / 200.0;
            assert!((ends - end_share).abs() < 0.1, "end share {ends} for {end_share}");
            assert!(after > 0 || end_share == 0.0);
        } else if valid_share == 0.0 {
            assert_eq!(ended, 0);
        }
    }
}

#[test]
fn invalid_commands_come_in_every_way_and_ducks_are_blocked() {
    use crate::IllegalMove;
    let mut seen = [0u32; 7];
    let mut blocked_ducks = 0;
    for log in logs(9, &options(|o| o.valid_share = 0.3), 50) {
        let mut position = crate::Position::start();
        for &command in log.commands() {
            let index = match position.check_move(command) {
                Ok(()) => 0,
                Err(IllegalMove::GameOver { .. }) => 1,
                Err(IllegalMove::NoPiece { .. }) => 2,
                Err(IllegalMove::NotToMove { .. }) => 3,
                Err(IllegalMove::NullMove { .. }) => 4,
                Err(IllegalMove::OwnPiece { .. }) => 5,
                Err(IllegalMove::CannotMoveSo { .. }) => 6,
                Err(IllegalMove::Blocked { piece, .. }) => {
                    blocked_ducks += u32::from(piece.kind == crate::PieceKind::Duck);
                    0
                }
                Err(other) => panic!("a reason duck chess does not give: {other}"),
            };
            seen[index] += 1;
            let _ = position.play(command);
        }
    }
    assert!(seen.iter().all(|&count| count > 10), "{seen:?}");
    assert!(blocked_ducks > 50, "{blocked_ducks} blocked duck moves");
}

#[test]
fn options_out_of_range_are_refused() {
    let refused =
        |change: fn(&mut GenerateOptions)| Generator::new(1, &options(change)).unwrap_err().to_string();
    assert_eq!(
        refused(|o| o.commands = 1001),
        "1001 commands is more than the judge's 1000 (it promises Q <= 1000)"
    );
    assert_eq!(refused(|o| o.end_share = 1.01), "the end share 1.01 is not a number from 0 to 1");
    assert!(Generator::new(1, &options(|o| o.commands = 0)).unwrap().next_case().is_empty());
    // The judge's largest log is still one to generate.
    assert_eq!(Generator::new(1, &options(|o| o.commands = 1000)).unwrap().next_case().len(), 1000);
}

#[test]
fn a_log_too_long_for_the_judge_says_how_long_it_is() {
    let log = Log::new(vec!["a0a1".parse().unwrap(); 1001]);
    assert_eq!(
        check_promises(&log).unwrap_err().to_string(),
        "the log has 1001 commands; the judge promises at most 1000"
    );
}

#[test]
fn written_logs_read_back_and_the_judge_answers_every_command() {
    for log in logs(21, &GenerateOptions::default(), 20) {
        let mut text = Vec::new();
        write_input(&log, &mut text).unwrap();
        assert_eq!(String::from_utf8(text.clone()).unwrap(), log.to_string());
        let read: Vec<_> = Reader::new(text.as_slice()).map(Result::unwrap).collect();
        assert_eq!(read, log.commands());
        let mut answers = Vec::new();
        judge(text.as_slice(), &mut answers, &Options::default()).unwrap();
        assert_eq!(answers.iter().filter(|&&byte| byte == b'\n').count(), log.len());
        assert_eq!(check_promises(&log), Ok(()));
    }
}

#[test]
fn shrinking_removes_commands_down_to_a_local_minimum() {
    let ends = |log: &Log| tally(log).2;
    let ending: Vec<Log> = logs(13, &options(|o| o.end_share = 1.0), 12).into_iter().filter(ends).collect();
    assert!(ending.len() >= 8, "{} of 12 games end", ending.len());
    for log in ending {
        let short = shrink(&log, ends);
        assert!(ends(&short));
        assert!(short.len() < log.len() / 2, "{} commands", short.len());
        assert!(candidates(&short).iter().all(|c| !ends(c)));
    }
    let candidates = candidates(&logs(1, &options(|o| o.commands = 5), 1)[0]);
    let lengths: Vec<usize> = candidates.iter().map(Log::len).collect();
    assert_eq!(lengths, [2, 2, 3, 3, 3, 4, 4, 4, 4, 4], "halves, then quarters, then single commands");
}

#[test]
fn a_log_built_from_moves_holds_them_and_writes_them_as_the_judge_reads_them() {
    let empty = Log::from(Vec::new());
    assert!(empty.is_empty());
    assert_eq!(empty.to_string(), "0\n");
    let moves: Vec<Move> = ["a0a1", "e9f9"].iter().map(|text| text.parse().unwrap()).collect();
    let log = Log::from(moves.clone());
    assert!(!log.is_empty());
    assert_eq!(log.len(), 2);
    assert_eq!(log.commands(), moves);
    assert_eq!(log.to_string(), "2\n0 0 1 0\n9 4 9 5\n");
}

/// How many commands of `log` come before the one that ends its game, if one does.
fn end_index(log: &Log) -> Option<usize> {
    let (mut index, mut end) = (0, None);
    replay(log.to_string().as_bytes(), |_, _, position| {
        if end.is_none() && position.is_game_over() {
            end = Some(index);
        }
        index += 1;
        Ok(())
    })
    .unwrap();
    end
}

#[test]
fn games_end_after_the_first_quarter_at_points_spread_over_the_rest() {
    let asked = options(|o| (o.commands, o.valid_share, o.end_share) = (400, 1.0, 1.0));
    let ends: Vec<usize> = logs(3, &asked, 60).iter().filter_map(end_index).collect();
    assert!(ends.len() > 50, "{} of 60 games end", ends.len());
    let (first, last) = (ends.iter().min().unwrap(), ends.iter().max().unwrap());
    assert!(*first >= 100, "a game ends at command {first}, in the first quarter");
    assert!(*first < 200 && *last > 300, "the ends lie from {first} to {last}");
}

#[test]
fn games_asked_not_to_end_go_on_to_the_last_command() {
    let asked = options(|o| (o.commands, o.valid_share, o.end_share) = (300, 1.0, 0.0));
    assert_eq!(logs(4, &asked, 40).iter().filter_map(end_index).count(), 0);
}
