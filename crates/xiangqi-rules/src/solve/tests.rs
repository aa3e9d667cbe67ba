//! The solver against an exhaustive minimax written here on its own, on
//! thousands of random endgames; its lines replayed by `History`; its mates
//! in one against the checkmate task.

use std::collections::HashMap;

use board_geometry::random::Random;

use super::{FirstMove, Limit, Options, OptionsError, Verdict, random_endgame, solve};
use crate::{Board, Color, History, Move, Outcome, PieceKind, Position};

use PieceKind::{Advisor, Cannon, Chariot, Elephant, Horse, Soldier};

/// Exhaustive minimax over `Position::play` and `Position::outcome`, with
/// none of the solver's code: memoised on the board, the side to move and
/// the moves left.
struct Minimax {
    attacker: Color,
    checks_only: bool,
    memo: HashMap<(Board, Color, u32), bool>,
}

impl Minimax {
    fn new(position: &Position, checks_only: bool) -> Minimax {
        Minimax { attacker: position.turn(), checks_only, memo: HashMap::new() }
    }

    fn lost_now(&self, position: &Position) -> bool {
        match position.outcome() {
            Some(Outcome::Checkmate { winner } | Outcome::Stalemate { winner }) => winner == self.attacker,
            _ => false,
        }
    }

    /// Whether the attacker, to move, mates within `moves`.
    fn wins(&mut self, position: &Position, moves: u32) -> bool {
        if moves == 0 {
            return false;
        }
        let key = (*position.board(), position.turn(), moves);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut wins = false;
        for mv in position.legal_moves() {
            let mut child = *position;
            child.play(mv).expect("a legal move plays");
            if self.checks_only && !child.is_check() {
                continue;
            }
            if self.loses(&child, moves - 1) {
                wins = true;
                break;
            }
        }
        self.memo.insert(key, wins);
        wins
    }

    /// Whether the defender, to move, is mated within `moves` more moves of the attacker.
    fn loses(&mut self, position: &Position, moves: u32) -> bool {
        if self.lost_now(position) {
            return true;
        }
        if moves == 0 {
            return false;
        }
        position.legal_moves().into_iter().all(|mv| {
            let mut child = *position;
            child.play(mv).expect("a legal move plays");
            self.wins(&child, moves)
        })
    }

    fn shortest(&mut self, position: &Position, bound: u32) -> Option<u32> {
        (1..=bound).find(|&moves| self.wins(position, moves))
    }

    fn shortest_after(&mut self, position: &Position, mv: Move, bound: u32) -> Option<u32> {
        let mut child = *position;
        child.play(mv).expect("a legal move plays");
        if self.checks_only && !child.is_check() {
            return None;
        }
        (1..=bound).find(|&moves| self.loses(&child, moves - 1))
    }
}

const RED_SETS: [&[PieceKind]; 8] = [
    &[Chariot],
    &[Horse, Soldier],
    &[Chariot, Cannon],
    &[Horse, Horse],
    &[Chariot, Soldier],
    &[Cannon, Cannon, Soldier],
    &[Chariot, Horse],
    &[Soldier, Soldier, Soldier],
];
const BLACK_SETS: [&[PieceKind]; 5] =
    [&[], &[Advisor], &[Advisor, Advisor], &[Soldier], &[Elephant, Advisor]];

fn endgames(seed: u64, count: usize) -> impl Iterator<Item = Position> {
    let mut random = Random::new(seed);
    (0..count).filter_map(move |_| {
        let red = RED_SETS[random.index(RED_SETS.len())];
        let black = BLACK_SETS[random.index(BLACK_SETS.len())];
        // Black attacks now and then, so both colours are tried.
        let (attackers, defenders, turn) =
            if random.chance(0.2) { (black, red, Color::Black) } else { (red, black, Color::Red) };
        let (red, black) = if turn == Color::Red { (attackers, defenders) } else { (defenders, attackers) };
        random_endgame(&mut random, red, black, turn)
    })
}

/// The line replays on a `History` and ends with the attacker's win.
fn assert_line_mates(position: &Position, solution: &super::Solution, moves: u32) {
    let line: Vec<Move> = solution.line.moves().collect();
    assert_eq!(line.len() as u32, 2 * moves - 1, "{position}: the line {line:?} has the mate's length");
    let mut history = History::new(*position);
    for &mv in &line {
        history.play(mv).unwrap_or_else(|error| panic!("{position}: {mv} does not play: {error}"));
    }
    let outcome = history.outcome();
    assert!(
        matches!(outcome, Some(Outcome::Checkmate { winner } | Outcome::Stalemate { winner }) if winner == position.turn()),
        "{position}: the line {line:?} ends in {outcome:?}"
    );
    assert_eq!(history.position(), solution.line.final_position());
}

fn check_agreement(seed: u64, count: usize, bounds: core::ops::RangeInclusive<u32>) -> (usize, usize) {
    let mut random = Random::new(seed ^ 0x5eed);
    let (mut positions, mut mates) = (0, 0);
    for position in endgames(seed, count) {
        let bound =
            u32::try_from(random.between(i64::from(*bounds.start()), i64::from(*bounds.end()))).unwrap();
        let checks_only = random.chance(0.5);
        let mut minimax = Minimax::new(&position, checks_only);
        let expected = minimax.shortest(&position, bound);
        let options = Options { moves: bound, checks_only, memory: 1 << 16, ..Options::default() };
        let solution = solve(&position, &options).expect("the options are good");
        let context = format!("{position} bound {bound} checks only {checks_only}");
        match expected {
            Some(moves) => {
                mates += 1;
                assert_eq!(solution.verdict, Verdict::Mate(moves), "{context}");
                assert_eq!(solution.no_mate_within, moves - 1, "{context}");
                assert_line_mates(&position, &solution, moves);
            }
            None => {
                assert_eq!(solution.verdict, Verdict::NoMate, "{context}");
                assert_eq!(solution.no_mate_within, bound, "{context}");
                assert!(solution.line.is_empty());
            }
        }
        if positions % 4 == 0 {
            let every = solve(&position, &Options { all_first_moves: true, ..options.clone() }).unwrap();
            let mut wanted: Vec<FirstMove> = position
                .legal_moves()
                .into_iter()
                .filter_map(|mv| {
                    minimax.shortest_after(&position, mv, bound).map(|moves| FirstMove { mv, moves })
                })
                .collect();
            wanted.sort_by_key(|first| (first.moves, first.mv));
            assert_eq!(every.first_moves.as_deref(), Some(&wanted[..]), "{context}");
            assert_eq!(every.verdict, solution.verdict, "{context}");
        }
        positions += 1;
    }
    (positions, mates)
}

#[test]
fn agrees_with_minimax_within_one_and_two() {
    let (positions, mates) = check_agreement(1, 3000, 1..=2);
    assert!(positions > 2900 && mates > 200, "{positions} positions, {mates} mates");
}

#[test]
fn agrees_with_minimax_within_three() {
    let (positions, mates) = check_agreement(2, 1000, 3..=3);
    assert!(positions > 950 && mates > 100, "{positions} positions, {mates} mates");
}

#[test]
fn agrees_with_minimax_within_four() {
    let (positions, mates) = check_agreement(3, 400, 4..=4);
    assert!(positions > 380 && mates > 40, "{positions} positions, {mates} mates");
}

/// The checkmate task's input for a position with black to move and only its general.
#[cfg(feature = "tasks")]
fn checkmate_case(position: &Position) -> String {
    let row_col = |square: crate::Square| (10 - square.rank().index(), square.file().index() + 1);
    let board = position.board();
    let red: Vec<_> = board.by_color(Color::Red).into_iter().collect();
    let black_general =
        position.general(Color::Black).expect("the random endgames always hold a black general");
    let (row, col) = row_col(black_general);
    let mut case = format!("{} {row} {col}\n", red.len());
    for square in red {
        let letter = match board.piece_at(square).map(|piece| piece.kind) {
            Some(PieceKind::General) => 'G',
            Some(PieceKind::Chariot) => 'R',
            Some(PieceKind::Horse) => 'H',
            _ => 'C',
        };
        let (row, col) = row_col(square);
        case.push_str(&format!("{letter} {row} {col}\n"));
    }
    case
}

#[cfg(feature = "tasks")]
#[test]
fn mate_in_one_agrees_with_the_checkmate_task_for_every_first_move() {
    use crate::tasks::checkmate::{Options as TaskOptions, judge};
    let mut random = Random::new(11);
    let sets: [&[PieceKind]; 4] =
        [&[Chariot, Horse], &[Chariot, Cannon], &[Horse, Horse, Cannon], &[Chariot, Chariot]];
    let (mut moves_judged, mut mates) = (0, 0);
    for _ in 0..300 {
        let red = sets[random.index(sets.len())];
        let Some(position) = random_endgame(&mut random, red, &[], Color::Red) else { continue };
        let options = Options { moves: 1, all_first_moves: true, memory: 1 << 12, ..Options::default() };
        let solution = solve(&position, &options).unwrap();
        let mating: Vec<Move> = solution.first_moves.unwrap().iter().map(|first| first.mv).collect();
        for mv in position.legal_moves() {
            let mut child = position;
            child.play_unchecked(mv);
            if child.board().by_color(Color::Black).len() != 1 {
                continue;
            }
            let input = format!("{}0 0 0\n", checkmate_case(&child));
            let mut output = Vec::new();
            judge(input.as_bytes(), &mut output, &TaskOptions::default())
                .expect("the case is one the task takes");
            let task_says_mate = output == b"YES\n";
            assert_eq!(mating.contains(&mv), task_says_mate, "{position}: {mv}\n{input}");
            moves_judged += 1;
            mates += usize::from(task_says_mate);
        }
    }
    assert!(moves_judged > 5000 && mates > 20, "{moves_judged} first moves, {mates} mates");
}

#[test]
fn the_bound_must_be_from_one_to_the_limit() {
    let position = Position::start();
    for moves in [0, super::MAX_BOUND + 1] {
        let error = solve(&position, &Options { moves, ..Options::default() }).unwrap_err();
        assert_eq!(error, OptionsError::Bound(moves));
    }
    assert_eq!(OptionsError::Bound(0).to_string(), "the bound must be from 1 to 120 moves, not 0");
}

#[test]
fn a_node_limit_gives_unknown_with_what_was_proved() {
    // Two chariots mate in two, but not within 5 nodes.
    let position: Position = "4k4/9/9/9/9/9/9/9/R8/R4K3 w".parse().unwrap();
    let solution = solve(&position, &Options { nodes: Some(5), ..Options::default() }).unwrap();
    assert_eq!(solution.verdict, Verdict::Unknown(Limit::Nodes));
    assert!(solution.no_mate_within <= 1);
    assert!(solution.line.is_empty());
}

#[test]
fn a_stop_flag_set_before_gives_unknown() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    // The start position has no mate within 3; the flag, set by another
    // thread, stops the search at its first look.
    let stop = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&stop);
    let other = std::thread::spawn(move || setter.store(true, Ordering::Relaxed));
    other.join().unwrap();
    let options = Options { moves: 3, stop: Some(&stop), ..Options::default() };
    let solution = solve(&Position::start(), &options).unwrap();
    assert_eq!(solution.verdict, Verdict::Unknown(Limit::Stopped));
}

#[test]
fn stalemate_wins_and_with_checks_only_the_last_move_mates() {
    // 1. a1e1 e9f9 2. a0a8: black's general on f9 has no move and is not in
    // check; stalemate loses in xiangqi.
    let position: Position = "4k4/9/9/9/9/9/9/9/R8/R2K5 w".parse().unwrap();
    let solution = solve(&position, &Options { moves: 2, ..Options::default() }).unwrap();
    assert_eq!(solution.verdict, Verdict::Mate(2));
    assert_eq!(solution.line.text(crate::notation::Notation::Iccs), "1. a1e1 e9f9 2. a0a8");
    assert!(solution.line.final_position().is_stalemate());
    assert!(solution.line.explain(crate::notation::Notation::Iccs).ends_with("(stalemate, which loses)\n"));
    // With checks only, a0a8 is not allowed.
    let checks = solve(&position, &Options { moves: 4, checks_only: true, ..Options::default() }).unwrap();
    let expected = Minimax::new(&position, true).shortest(&position, 4);
    assert_eq!(checks.verdict, expected.map_or(Verdict::NoMate, Verdict::Mate));
    assert_ne!(checks.verdict, Verdict::Mate(2));
    if let Verdict::Mate(moves) = checks.verdict {
        assert_line_mates(&position, &checks, moves);
        assert!(checks.line.final_position().is_checkmate());
    }
}

#[test]
fn the_attacker_with_no_move_has_no_mate() {
    // Red to move is checkmated already: no mate for red.
    let position: Position = "3k5/9/9/9/9/9/9/9/r8/r3K4 w".parse().unwrap();
    assert!(position.is_checkmate());
    let solution = solve(&position, &Options { moves: 3, ..Options::default() }).unwrap();
    assert_eq!(solution.verdict, Verdict::NoMate);
}
