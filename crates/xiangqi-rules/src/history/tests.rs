use super::*;
use crate::GameResult;
use crate::{Position, Reason};

/// The game from `fen` after `moves` (ICCS, separated by spaces), every move
/// played before the game ends.
fn game(fen: &str, moves: &str) -> History {
    game_under(Rules::Asian, fen, moves)
}

/// The game from `fen` after `moves` (ICCS) under `rules`.
fn game_under(rules: Rules, fen: &str, moves: &str) -> History {
    let mut history = History::with_rules(fen.parse().expect("a legal FEN"), rules);
    for mv in moves.split_whitespace() {
        history.play(mv.parse().expect("ICCS")).unwrap_or_else(|error| panic!("{mv}: {error}"));
    }
    history
}

/// Result, reason and ply of the game's outcome.
fn ruling(history: &History) -> Option<(GameResult, Reason, usize)> {
    history.outcome().map(|outcome| (outcome.result(), outcome.reason(), history.len()))
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const CHECK: &str = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
const CHECK_MOVES: &str = "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9";
const CHASE: &str = "4k4/9/1n7/9/9/9/9/9/9/2RK5 w - - 0 1";
const PROTECTED: &str = "4k4/9/1nr6/9/9/9/9/9/9/2RK5 w - - 0 1";
const CHASE_MOVES: &str = "c0b0 b7c5 b0c0 c5b7 c0b0 b7c5 b0c0 c5b7";

#[test]
fn worked_example_1_an_idle_shuffle_is_a_draw_on_the_third_occurrence() {
    let moves = "a0a1 a9a8 a1a0 a8a9 a0a1 a9a8 a1a0 a8a9";
    assert_eq!(ruling(&game(START, moves)), Some((GameResult::Draw, Reason::Repetition, 8)));
    let one_fewer = moves.rsplit_once(' ').map(|(first, _)| first).unwrap_or_default();
    assert_eq!(ruling(&game(START, one_fewer)), None, "a position that has occurred twice ends nothing");
    assert_eq!(
        game(START, moves).outcome().and_then(Outcome::cycle),
        Some(Cycle { first_ply: 0, last_ply: 8 })
    );
}

#[test]
fn worked_example_2_perpetual_check_loses() {
    let history = game(CHECK, CHECK_MOVES);
    assert_eq!(ruling(&history), Some((GameResult::BlackWins, Reason::PerpetualCheck, 8)));
    assert_eq!(history.outcome().and_then(Outcome::against), Some(Color::Red));
    assert_eq!(
        history.explain(Notation::Chinese).as_deref(),
        Some(
            "the position after 4... 将５退１ has occurred three times (moves 1-4); in that cycle red gave \
             check with every move (perpetual check) and black did not: black wins"
        )
    );
}

#[test]
fn worked_example_3_perpetual_chase_of_an_unprotected_horse_loses() {
    let history = game(CHASE, CHASE_MOVES);
    assert_eq!(ruling(&history), Some((GameResult::BlackWins, Reason::PerpetualChase, 8)));
    assert_eq!(
        history.explain(Notation::Wxf).as_deref(),
        Some(
            "the position after 4... H3-2 has occurred three times (moves 1-4); in that cycle red's \
             chariot chased black's unprotected horse with every move (perpetual chase), and no move gave \
             check: black wins"
        )
    );
}

#[test]
fn worked_example_4_a_chariot_attacking_a_protected_horse_is_no_chase() {
    let history = game(PROTECTED, CHASE_MOVES);
    assert_eq!(ruling(&history), Some((GameResult::Draw, Reason::Repetition, 8)));
}

#[test]
fn worked_example_5_the_move_limit_draws_from_the_fen_clock_on() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 116 1";
    let history = game(fen, "a0a1 a9a8 h2h1 h7h8");
    assert_eq!(ruling(&history), Some((GameResult::Draw, Reason::MoveLimit, 4)));
    assert_eq!(history.limit_count(), 120);
    assert_eq!(ruling(&game(fen, "a0a1 a9a8 h2h1")), None);
}

#[test]
fn the_move_limit_yields_to_a_mate_on_the_last_move() {
    // Red mates with its 120th ply without a capture.
    let history = game("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 119 1", "a1d1");
    assert_eq!(ruling(&history), Some((GameResult::RedWins, Reason::Checkmate, 1)));
}

#[test]
fn checks_beyond_a_sides_tenth_and_their_replies_do_not_count_towards_the_limit() {
    let mut count = LimitCount::starting_at(0);
    for _ in 0..10 {
        count = count.after(Color::Red, false, true).after(Color::Black, false, false);
    }
    assert_eq!(count.plies, 20, "the first ten checks count as ordinary moves");
    count = count.after(Color::Red, false, true);
    assert_eq!(count.plies, 20, "the eleventh check does not count");
    count = count.after(Color::Black, false, false);
    assert_eq!(count.plies, 20, "nor does the reply to it");
    count = count.after(Color::Red, false, false).after(Color::Black, false, false);
    assert_eq!(count.plies, 22);
    assert_eq!(count.passed, 24, "the plies passed, counted or not");
    assert_eq!(count.after(Color::Red, true, false), LimitCount::starting_at(0), "a capture starts again");
}

#[test]
fn a_capture_ends_what_can_repeat() {
    // The start position comes twice; then the chariot takes the soldier,
    // and only positions from then on are counted.
    let fen = "4k4/9/9/9/p8/9/9/9/9/R2K5 w - - 0 1";
    let moves = "a0a1 e9e8 a1a0 e8e9 a0a5 e9e8 a5a0 e8e9 a0a5 e9e8 a5a0 e8e9";
    assert_eq!(
        ruling(&game(fen, moves)),
        None,
        "the start position and its later copies differ by the soldier"
    );
    let history = game(fen, &format!("{moves} a0a5"));
    assert_eq!(ruling(&history), Some((GameResult::Draw, Reason::Repetition, 13)));
    assert_eq!(history.outcome().and_then(Outcome::cycle), Some(Cycle { first_ply: 5, last_ply: 13 }));
}

#[test]
fn mate_and_stalemate_are_outcomes_of_the_history_too() {
    let mated = History::new("3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1".parse().expect("legal"));
    assert_eq!(mated.outcome(), Some(Outcome::Checkmate { winner: Color::Red }));
    let mut over = mated;
    assert_eq!(
        over.play("d9e9".parse().expect("ICCS")),
        Err(PlayError::GameOver(Outcome::Checkmate { winner: Color::Red }))
    );
}

#[test]
fn a_lone_pair_of_generals_cannot_mate() {
    let history = History::new("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".parse().expect("legal"));
    assert_eq!(history.outcome(), Some(Outcome::InsufficientMaterial));
    let history = History::new("3k5/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1".parse().expect("legal"));
    assert_eq!(history.outcome(), Some(Outcome::InsufficientMaterial), "advisors and elephants cannot mate");
    let history =
        History::with_rules("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".parse().expect("legal"), Rules::MateOnly);
    assert_eq!(history.outcome(), None, "only mate and stalemate end a game under no rules");
}

#[test]
fn a_cannon_that_can_never_find_a_screen_cannot_mate() {
    let drawn = |fen: &str| {
        History::new(fen.parse().expect("legal")).outcome() == Some(Outcome::InsufficientMaterial)
    };
    assert!(drawn("9/3k5/9/9/9/9/9/5K3/3C5/9 b - - 0 1"), "a lone cannon against a bare general");
    assert!(drawn("2b1k4/9/9/9/9/9/9/9/4C4/5KB2 w - - 0 1"), "with elephants, and no advisor to screen");
    assert!(drawn("3k5/4a4/9/9/9/9/9/9/4C4/4K4 w - - 0 1"), "one advisor against a cannon without elephants");
    assert!(drawn("3k5/9/9/4c4/9/9/9/9/4C4/4K4 w - - 0 1"), "a cannon each, nothing to screen");
    // Practically drawn or not drawn at all: the game plays on.
    assert!(!drawn("3k5/4a4/9/9/9/9/9/9/4C4/4K1B2 w - - 0 1"), "an advisor, and an elephant for the cannon");
    assert!(!drawn("3aka3/9/9/9/9/9/9/9/4C4/5K3 w - - 0 1"), "two advisors to screen");
    assert!(!drawn("3k5/9/9/9/9/9/9/9/4A4/2C1K4 w - - 0 1"), "the cannon's own advisor");
    assert!(!drawn("3k5/9/9/9/9/9/9/9/3NC4/4K4 w - - 0 1"), "a horse");
    assert!(!drawn("3k5/9/9/9/9/9/9/9/3CC4/4K4 w - - 0 1"), "two cannons");
}

#[test]
fn without_rules_a_perpetual_check_goes_on() {
    let mut history = History::with_rules(CHECK.parse().expect("legal"), Rules::MateOnly);
    for mv in CHECK_MOVES.split_whitespace().chain(CHECK_MOVES.split_whitespace()) {
        history.play(mv.parse().expect("ICCS")).expect("the game goes on");
    }
    assert_eq!(history.outcome(), None);
    assert_eq!(history.len(), 16);
}

#[test]
fn unplay_takes_back_the_move_and_its_ruling() {
    let mut history = game(CHECK, CHECK_MOVES);
    assert!(history.outcome().is_some());
    assert_eq!(history.unplay(), Some("e8e9".parse().expect("ICCS")));
    assert_eq!(history.outcome(), None);
    assert_eq!(history.len(), 7);
    history.play("e8e9".parse().expect("ICCS")).expect("legal again");
    assert_eq!(ruling(&history), Some((GameResult::BlackWins, Reason::PerpetualCheck, 8)));
}

// ---------------------------------------------------------- symmetries

/// A FEN mirrored left to right.
fn mirrored_fen(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let ranks: Vec<String> = board.split('/').map(|rank| rank.chars().rev().collect()).collect();
    format!("{} {rest}", ranks.join("/"))
}

/// A FEN with the board turned and the colours swapped: the same game with
/// the sides' roles exchanged.
fn flipped_fen(fen: &str) -> String {
    let mut parts = fen.split(' ');
    let board = parts.next().unwrap_or_default();
    let turn = match parts.next() {
        Some("w") => "b",
        _ => "w",
    };
    let rest: Vec<&str> = parts.collect();
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .rev()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    format!("{} {turn} {}", ranks.join("/"), rest.join(" "))
}

/// ICCS moves mirrored left to right, or also turned (`flip`).
fn transformed_moves(moves: &str, flip: bool) -> String {
    let point = |file: char, rank: char| {
        let file = (b'i' - (file as u8 - b'a')) as char;
        let rank = if flip { (b'9' - (rank as u8 - b'0')) as char } else { rank };
        format!("{file}{rank}")
    };
    moves
        .split_whitespace()
        .map(|mv| {
            let c: Vec<char> = mv.chars().collect();
            format!("{}{}", point(c[0], c[1]), point(c[2], c[3]))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn swapped(result: GameResult) -> GameResult {
    match result {
        GameResult::RedWins => GameResult::BlackWins,
        GameResult::BlackWins => GameResult::RedWins,
        other => other,
    }
}

const EXAMPLES: [(&str, &str); 4] = [
    (START, "a0a1 a9a8 a1a0 a8a9 a0a1 a9a8 a1a0 a8a9"),
    (CHECK, CHECK_MOVES),
    (CHASE, CHASE_MOVES),
    (PROTECTED, CHASE_MOVES),
];

#[test]
fn mirroring_left_to_right_gives_the_same_ruling() {
    for (fen, moves) in EXAMPLES {
        let mirrored = game(&mirrored_fen(fen), &transformed_moves(moves, false));
        assert_eq!(ruling(&mirrored), ruling(&game(fen, moves)), "{fen}");
    }
}

#[test]
fn swapping_the_colours_swaps_the_result() {
    for (fen, moves) in EXAMPLES {
        let (result, reason, ply) = ruling(&game(fen, moves)).expect("a ruling");
        let flipped = game(&flipped_fen(fen), &transformed_moves(moves, true));
        assert_eq!(ruling(&flipped), Some((swapped(result), reason, ply)), "{}", flipped_fen(fen));
    }
}

#[test]
fn the_ruling_does_not_depend_on_where_the_cycle_is_entered() {
    // Each example's cycle of four moves, entered at each of its positions:
    // the game starts there and plays the cycle round twice from there.
    for (fen, moves) in EXAMPLES {
        let cycle: Vec<&str> = moves.split_whitespace().take(4).collect();
        let expected = ruling(&game(fen, moves)).map(|(result, reason, _)| (result, reason));
        let mut entry = game(fen, "");
        for phase in 0..4 {
            let start = entry.position().to_string();
            let rotated: Vec<&str> = (0..8).map(|i| cycle[(phase + i) % 4]).collect();
            let history = game(&start, &rotated.join(" "));
            let found = ruling(&history).map(|(result, reason, _)| (result, reason));
            assert_eq!(found, expected, "{fen} entered at move {phase} ({start})");
            assert_eq!(history.outcome().and_then(Outcome::cycle), Some(Cycle { first_ply: 0, last_ply: 8 }));
            entry.play(cycle[phase].parse().expect("ICCS")).expect("legal");
        }
    }
}

#[test]
fn a_check_anywhere_in_the_cycle_rules_out_every_chase() {
    // Red's chariot attacks the black horse anew with every move (d3 then
    // d1, the horse on c1 then b3). Where the horse on c1 also checks red's
    // general on e0 (and the chariot on d1 blocks its leg), a check stands in
    // the cycle, and the reference reading rules no chase: a draw.
    let moves = "b3c1 d3d1 c1b3 d1d3 b3c1 d3d1 c1b3 d1d3";
    let with_check = game("5k3/9/9/9/9/9/1n1R5/9/9/4K4 b - - 0 1", moves);
    assert!(with_check.threats(1).is_some_and(|threats| threats.gives_check()), "the horse checks");
    assert_eq!(ruling(&with_check), Some((GameResult::Draw, Reason::Repetition, 8)));
    // With red's general on d0 the horse never checks: red chases perpetually and loses.
    let without = game("5k3/9/9/9/9/9/1n1R5/9/9/3K5 b - - 0 1", moves);
    assert_eq!(ruling(&without), Some((GameResult::BlackWins, Reason::PerpetualChase, 8)));
    let red_moves: Vec<Threats> = [2, 4].iter().filter_map(|&ply| without.threats(ply)).collect();
    assert!(
        red_moves
            .iter()
            .all(|threats| threats.chases().any(|attack| attack.victim_piece.kind == PieceKind::Horse))
    );
}

#[test]
fn seeded_random_games_all_end() {
    let mut random = board_geometry::random::Random::new(7);
    for _ in 0..40 {
        let mut history = History::new(Position::start());
        while history.outcome().is_none() {
            let moves = history.position().legal_moves();
            let mv = *random.pick(moves.as_slice()).expect("a legal move while the game goes on");
            history.play(mv).expect("a legal move");
            assert!(history.len() < 5000, "a game that does not end");
        }
    }
}

// The chase rule with protection tested before and after each move.

#[test]
fn blocking_an_elephant_eye_undermines_the_protection_and_chases() {
    // The rook attacks the elephant on e2 throughout; f4f1 blocks the eye of
    // the elephant on g0 that protected it, so the cannon's attack on e2 counts.
    let moves = "e2c4 f1f4 c4e2 f4f1 e2c4 f1f4 c4e2 f4f1";
    let history = game("4kab2/4a4/9/3R5/2b1c4/8P/P8/4B4/4Ar3/3Kc1B2 w - - 0 52", moves);
    assert_eq!(ruling(&history), Some((GameResult::RedWins, Reason::PerpetualChase, 8)));
}

#[test]
fn pinning_the_protector_undermines_the_protection_and_chases() {
    let moves = "g0f0 e7g9 f0g0 g9e7 g0f0 e7g9 f0g0 g9e7";
    let history = game("3a1k3/2N1a4/4br3/7rp/pR7/2Bn4P/P8/4B4/4A4/3AK1R2 w - - 13 47", moves);
    assert_eq!(ruling(&history), Some((GameResult::BlackWins, Reason::PerpetualChase, 8)));
}

#[test]
fn blocking_the_capture_back_undermines_the_protection_and_chases() {
    let moves = "i3g2 i4g4 g2i3 g4i4 i3g2 i4g4 g2i3 g4i4";
    let history = game("4kab2/3na4/4b4/C1p1p4/7np/2P1P3c/P5c1N/2N1B3C/4A4/2BAK4 w - - 7 24", moves);
    assert_eq!(ruling(&history), Some((GameResult::RedWins, Reason::PerpetualChase, 8)));
}

#[test]
fn attackers_taking_turns_on_one_victim_make_no_new_threat() {
    // Black's horse and cannon attack the soldier on b5 in turn: it stays
    // chased throughout, so neither move chases it anew. Red's chariot
    // chases the horse with every move and loses alone.
    let moves = "d3f3 f5d4 f3d3 d4f5 d3f3 f5d4 f3d3 d4f5";
    let history = game("3ak4/4a4/4b4/7rp/1P3nc2/9/3R4P/4BNC2/4A4/3AK4 w - - 10 46", moves);
    assert_eq!(ruling(&history), Some((GameResult::BlackWins, Reason::PerpetualChase, 8)));
    let black_move = history.threats(2).expect("a ply of the game");
    assert!(
        black_move.attacks().iter().any(|attack| matches!(attack.verdict, ChaseVerdict::ChasedBefore { .. })),
        "{:?}",
        black_move.attacks()
    );
}

#[test]
fn a_victim_that_steps_into_another_attack_is_not_chased_by_the_next_attack() {
    // The black chariot steps from f3 to f2, where red's advisor on e1
    // already attacks it; the horse's return to g4 attacks it there too, but
    // it was chased before that move: no new threat, and the cycle is a draw
    // (the rules document gives the reasons for this choice).
    let moves = "g4e5 f3f2 e5g4 f2f3 g4e5 f3f2 e5g4 f2f3";
    let history = game("3kc4/4a4/3a2P2/2R6/9/6N2/3p1r3/4B4/4A4/3AK1B2 w - - 19 53", moves);
    assert_eq!(ruling(&history), Some((GameResult::Draw, Reason::Repetition, 8)));
    let horse_back = history.threats(3).expect("a ply of the game");
    let on_f2: Vec<ChaseVerdict> = horse_back
        .attacks()
        .iter()
        .filter(|attack| attack.victim.to_string() == "f2")
        .map(|attack| attack.verdict)
        .collect();
    assert_eq!(on_f2, [ChaseVerdict::ChasedBefore { by: "e1".parse().expect("a square") }]);
}

const ONE_CHECK_ONE_CHASE: &str = "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1";
const ONE_CHECK_ONE_CHASE_MOVES: &str = "d1d3 b1b3 d3d1 b3b1 d1d3 b1b3 d3d1 b3b1";

#[test]
fn one_check_one_chase_loses() {
    // Black's chariot chases red's cannon, and the step back uncovers the
    // black cannon's check: every black move checks or chases (一将一捉).
    let history = game(ONE_CHECK_ONE_CHASE, ONE_CHECK_ONE_CHASE_MOVES);
    assert_eq!(ruling(&history), Some((GameResult::RedWins, Reason::PerpetualChase, 8)));
}

#[test]
fn one_check_one_chase_is_a_draw_under_the_engine_reading() {
    let history = game_under(Rules::Engine, ONE_CHECK_ONE_CHASE, ONE_CHECK_ONE_CHASE_MOVES);
    assert_eq!(ruling(&history), Some((GameResult::Draw, Reason::Repetition, 8)));
    assert_eq!(
        history.explain(Notation::Iccs).as_deref(),
        Some(
            "the position after 4... b3b1 has occurred three times (moves 1-4); in that cycle black's \
             chariot chased red's unprotected cannon with every move that gave no check, and gave check \
             with the others (one check one chase), and red gave no check: under the engine reading one \
             check one chase is no fault, and neither side checked with every move: a draw"
        )
    );
    assert_eq!(
        in_chinese(&history).as_deref(),
        Some(
            "第4回合 黑方车２进２ 后局面第三次出现（第1–4回合）：黑方每步非将即捉：车捉红方无根炮，\
             其余各着将军（一将一捉），红方未将军；按电脑象棋裁判规则一将一捉不判负，双方均未长将：和棋"
        )
    );
}

#[test]
fn the_engine_reading_rules_every_other_cycle_as_the_asian_rules_do() {
    // Perpetual check, perpetual chase, a protected piece attacked, an idle
    // shuffle, a chase ruled out by the other side's check, the move limit.
    let cases = [
        (CHECK, CHECK_MOVES),
        (CHASE, CHASE_MOVES),
        (PROTECTED, CHASE_MOVES),
        (START, "a0a1 a9a8 a1a0 a8a9 a0a1 a9a8 a1a0 a8a9"),
        ("5k3/9/9/9/9/9/1n1R5/9/9/4K4 b - - 0 1", "b3c1 d3d1 c1b3 d1d3 b3c1 d3d1 c1b3 d1d3"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 116 1", "a0a1 a9a8 h2h1 h7h8"),
    ];
    for (fen, moves) in cases {
        let asian = game(fen, moves);
        let engine = game_under(Rules::Engine, fen, moves);
        assert_eq!(ruling(&engine), ruling(&asian), "{fen} {moves}");
        assert_eq!(engine.explain(Notation::Iccs), asian.explain(Notation::Iccs), "{fen} {moves}");
        assert_eq!(in_chinese(&engine), in_chinese(&asian), "{fen} {moves}");
    }
}

#[test]
fn a_clock_past_the_limit_is_the_limit_reached_and_is_flagged() {
    let history = History::new("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 4294967295 1".parse().expect("a FEN"));
    assert_eq!(history.outcome(), Some(Outcome::MoveLimit { plies: MOVE_LIMIT }));
    assert_eq!(history.clock_past_limit(), Some(4_294_967_295));
    assert_eq!(history.limit_count(), MOVE_LIMIT);
    let words = history.explain(Notation::Iccs).expect("the game is over");
    assert!(words.starts_with("120 plies (60 moves each) without a capture: a draw"), "{words}");
    assert!(words.contains("the start position's clock is past the limit"), "{words}");
    // A clock at the limit is no warning.
    let at = History::new("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 120 1".parse().expect("a FEN"));
    assert_eq!((at.outcome().map(Outcome::reason), at.clock_past_limit()), (Some(Reason::MoveLimit), None));
}

#[test]
fn a_line_played_at_once_is_ruled_as_move_by_move() {
    let mut random = board_geometry::random::Random::new(11);
    let starts = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "3ak4/4a4/9/9/9/9/9/9/4A4/3AK1R2 w - - 100 60",
        "2bak4/4a4/4b4/9/2n6/9/9/4B4/4A4/2BAK1R2 b - - 0 1",
    ];
    for round in 0..150 {
        let start: Position = starts[round % starts.len()].parse().expect("a FEN");
        // A random line that often shuffles a piece there and back, and
        // runs on past the end of the game.
        let mut position = start;
        let mut moves: Vec<Move> = Vec::new();
        while moves.len() < 200 {
            let legal = position.legal_moves();
            let back = moves.len().checked_sub(2).map(|index| Move::new(moves[index].to, moves[index].from));
            let mv = match back.filter(|back| legal.as_slice().contains(back) && random.chance(0.7)) {
                Some(back) => back,
                None => match random.pick(legal.as_slice()) {
                    Some(&mv) => mv,
                    None => break,
                },
            };
            position.play_unchecked(mv);
            moves.push(mv);
        }
        let mut one_by_one = History::new(start);
        let mut played = 0;
        while played < moves.len() && one_by_one.play(moves[played]).is_ok() {
            played += 1;
        }
        let mut at_once = History::new(start);
        assert_eq!(at_once.play_line(&moves), Ok(played), "round {round}");
        assert_eq!(
            (at_once.outcome(), at_once.len()),
            (one_by_one.outcome(), one_by_one.len()),
            "round {round}"
        );
    }
}

/// The ruling of `history` in Chinese, moves in Chinese notation.
fn in_chinese(history: &History) -> Option<String> {
    history.explain_in(Notation::Chinese, Language::Chinese)
}

#[test]
fn the_worked_examples_are_ruled_in_chinese() {
    let moves_1 = "a0a1 a9a8 a1a0 a8a9 a0a1 a9a8 a1a0 a8a9";
    let fen_5 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 116 1";
    let cases = [
        (
            START,
            moves_1,
            "第4回合 黑方车１退１ 后局面第三次出现（第1–4回合）：双方均未每步将军或捉子（闲着）：和棋",
        ),
        (
            CHECK,
            CHECK_MOVES,
            "第4回合 黑方将５退１ 后局面第三次出现（第1–4回合）：红方每步将军（长将），黑方未长将：黑胜",
        ),
        (
            CHASE,
            CHASE_MOVES,
            "第4回合 黑方马３退２ 后局面第三次出现（第1–4回合）：红方车每步捉黑方无根马（长捉），双方均未将军：黑胜",
        ),
        (
            PROTECTED,
            CHASE_MOVES,
            "第4回合 黑方马３退２ 后局面第三次出现（第1–4回合）：双方均未每步将军或捉子（闲着）：和棋",
        ),
        (fen_5, "a0a1 a9a8 h2h1 h7h8", "第2回合 黑方炮８退１ 后已连续60回合（120步）未吃子：和棋"),
    ];
    for (fen, moves, words) in cases {
        assert_eq!(in_chinese(&game(fen, moves)).as_deref(), Some(words), "{fen} {moves}");
    }
    // The moves in another notation.
    assert_eq!(
        game(CHECK, CHECK_MOVES).explain_in(Notation::Iccs, Language::Chinese).as_deref(),
        Some("第4回合 黑方e8e9 后局面第三次出现（第1–4回合）：红方每步将军（长将），黑方未长将：黑胜")
    );
}

#[test]
fn every_kind_of_ruling_has_its_chinese_sentence() {
    let cases = [
        // 一将一捉: black's chariot chases, its step back uncovers a check.
        (
            "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1",
            "d1d3 b1b3 d3d1 b3b1 d1d3 b1b3 d3d1 b3b1",
            "第4回合 黑方车２进２ 后局面第三次出现（第1–4回合）：黑方每步非将即捉：车捉红方无根炮，\
             其余各着将军（一将一捉），红方未将军：红胜",
        ),
        (
            "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
            "e3d3 d6e6 d3e3 e6d6 e3d3 d6e6 d3e3 e6d6",
            "第4回合 黑方车５平４ 后局面第三次出现（第1–4回合）：双方每步将军（双方长将）：和棋",
        ),
        (
            "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
            "f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6",
            "第9回合 车三平二 后局面第三次出现（第1–9回合）：红方车每步捉黑方无根马，黑方马每步捉红方无根车（双方长捉）：\
             和棋",
        ),
        // The horse's check rules out red's chase.
        (
            "5k3/9/9/9/9/9/1n1R5/9/9/4K4 b - - 0 1",
            "b3c1 d3d1 c1b3 d1d3 b3c1 d3d1 c1b3 d1d3",
            "第5回合 车六进二 后局面第三次出现（第1–5回合）：红方车每步捉黑方无根马，但黑方在循环中有将军，不算长捉；\
             双方均未长将：和棋",
        ),
        ("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 119 1", "a1d1", "第1回合 车九平六 后黑方被将死：红胜"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "", "双方子力均无法将死对方：和棋"),
        ("3k5/2R6/4R4/9/9/9/9/9/9/4K4 b - - 0 1", "", "黑方无着可走（困毙）：红胜"),
        (
            "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 4294967295 1",
            "",
            "已连续60回合（120步）未吃子（距上次吃子已走4294967295步，其中4294967175步不计：起始局面的步数已超过限度）：\
             和棋",
        ),
    ];
    for (fen, moves, words) in cases {
        assert_eq!(in_chinese(&game(fen, moves)).as_deref(), Some(words), "{fen} {moves}");
    }
}

/// A game of 231 plies without a capture, red checking often (no third
/// occurrence, no mate), from [`CHECKING_GAME_START`]: found once by a
/// seeded search for such games.
const CHECKING_GAME: &str = "\
     i0i2 g9i7 i2f2 h7g9 a0a5 b7f7 a5e5 f7e7 e5g5 e7d7 g5e5 d9e8 b2b9 c9a7 b9b0 d7d9 b0b9 d9d5 f2f6 \
     d5d1 e5e3 d1c1 c0a2 c1c7 b9b5 c7c2 e3d3 c2c6 b5e5 e8d9 f6e6 f9e8 e6g6 e8f7 g6e6 g9e8 e6f6 e8g9 \
     f6e6 e9f9 e5f5 f7e8 e6f6 e8f7 f6e6 f7e8 e6f6 g9f7 f6d6 f7e5 d6f6 e8f7 f6h6 f7e8 h6f6 e8f7 f6e6 \
     f7e8 f5f2 c6a6 e6f6 e5f7 f6g6 f7g9 g6c6 g9h7 d3f3 e8f7 f3a3 f9e9 c6e6 d9e8 d0e1 i7g9 f2f6 a6a5 \
     g0h2 a5a6 h2g0 a7c5 e0d0 a6d6 e1d2 d6d5 a3a9 d5d9 e6c6 d9b9 f6e6 e8f9 c6c9 e9e8 c9c8 e8e7 e6a6 \
     b9b0 d0d1 h7f8 c8c7 e7e8 a9a8 b0b8 c7c8 e8e7 c8c7 f8d7 a6d6 b8b1 d1d0 b1b0 d0d1 b0d0 d1e1 d0e0 \
     e1d1 e0e1 d1d0 e1d1 d0e0 d1d0 e0e1 d0e0 e1f1 e0e1 f1f2 f9e8 c7b7 e1h1 d6g6 h1h2 g6g2 h2h5 g2g5 \
     h5h2 g5g2 h2h5 g0h2 h5i5 b7b9 i5i6 a8a3 i6f6 a3f3 f6f5 b9b1 c5a7 f0e1 e8d9 g2g7 f7e8 g7g3 f5f6 \
     g3g5 f6f4 b1b6 f4f5 b6e6 e7f7 e6f6 f7e7 f6e6 e7f7 e6f6 f7e7 e2c0 e8f7 g5g7 f7e8 f6e6 e7f7 e6f6 \
     f7e7 f6e6 e7f7 e6e7 f7f8 g7g5 f5f6 f2e2 e8f9 e7e8 f8f7 e8e7 f7f8 e7e8 f8f7 g5f5 f6e6 f5e5 d7f6 \
     e8e7 f7f8 e7e8 f8f7 e8e7 f7f8 f3a3 e6c6 e5f5 f6d5 e7e8 f8f7 f5f0 c6e6 a3e3 e6i6 h2f1 d5f4 e2f2 \
     i6i2 f1h2 i2i8 e8e7 f7f8 e7e8 f8f7 e8e7 f7f8 f0e0 i8i9 e3b3 i9i0 e7e8 f8f7 b3b7 g9e7 h2f3 i0i2 \
     f3h2 i2i1 e8a8";

const CHECKING_GAME_START: &str = "2bakab2/9/1r5n1/9/9/9/9/1C2B4/9/R1BAKAN1R w - - 0 1";

#[test]
fn a_real_game_reaches_the_move_limit_through_checks_not_counted() {
    // Only the move limit ends it, and red's checks beyond its tenth (and
    // black's replies) do not count towards it.
    let history = game(CHECKING_GAME_START, CHECKING_GAME);
    assert_eq!(history.outcome(), Some(Outcome::MoveLimit { plies: MOVE_LIMIT }));
    let passed = history.plies_since_capture();
    assert_eq!(passed, history.len() as u32, "no capture in the game");
    let mut one_fewer =
        game(CHECKING_GAME_START, CHECKING_GAME.rsplit_once(' ').map_or("", |(moves, _)| moves));
    assert_eq!((one_fewer.len(), one_fewer.outcome(), one_fewer.limit_count()), (230, None, MOVE_LIMIT - 1));
    assert!(
        one_fewer.play(CHECKING_GAME.rsplit(' ').next().unwrap_or_default().parse().expect("ICCS")).is_ok()
    );
    let words = history.explain(Notation::Chinese).expect("the game is over");
    assert!(
        words.ends_with(&format!(
            "; {passed} plies have passed since the last capture, {} of them not counted (checks beyond a \
             side's tenth, and the replies to them)",
            passed - MOVE_LIMIT
        )),
        "{words}"
    );
    assert_eq!(
        in_chinese(&history).as_deref(),
        Some(
            "第116回合 车五平九 后已连续60回合（120步）未吃子（距上次吃子已走231步，其中111步不计：一方第十次以后的将军及\
             其应着不计）：和棋"
        )
    );
}

#[cfg(feature = "records")]
#[test]
fn a_records_main_line_is_ruled_at_the_ply_the_rule_ends_it() {
    use crate::record::{Node, Record};
    // A perpetual check in the main line, played on for two more moves, and
    // a variation that would have escaped it: the main line alone is ruled.
    let mut record = Record::new(CHECK.parse().expect("a FEN"));
    let main = format!("{CHECK_MOVES} a8a9 e9e8");
    record.moves = main.split_whitespace().map(|mv| Node::new(mv.parse().expect("ICCS"))).collect();
    record.moves[1].variations.push(vec![Node::new("e9f9".parse().expect("ICCS"))]);
    let history = History::from_record(&record, Rules::Asian).expect("legal moves");
    assert_eq!(ruling(&history), Some((GameResult::BlackWins, Reason::PerpetualCheck, 8)));
    assert_eq!(record.main_line().len() - history.len(), 2, "two moves after the ruling are not played");
    assert_eq!(history.moves().collect::<Vec<_>>(), record.main_line()[..8]);
    // Under no rules, the whole main line is played.
    assert_eq!(History::from_record(&record, Rules::MateOnly).expect("legal moves").len(), 10);
}

#[cfg(feature = "records")]
#[test]
fn a_record_with_an_illegal_move_says_which_and_at_which_ply() {
    use crate::IllegalMove;
    use crate::record::{IllegalRecordMove, Node, Record};
    let mut record = Record::new(CHECK.parse().expect("a FEN"));
    let main = format!("{CHECK_MOVES} a8a9 e9e8");
    record.moves = main.split_whitespace().map(|mv| Node::new(mv.parse().expect("ICCS"))).collect();
    // A record built by hand whose fourth move (ply 3) takes black's general
    // two points at once: the bridge refuses it, naming the move and its ply.
    let bad: Move = "e8e6".parse().expect("ICCS");
    record.moves[3] = Node::new(bad);
    let illegal = *History::from_record(&record, Rules::Asian).expect_err("an illegal move");
    let IllegalRecordMove { ply, mv, error, played } = illegal.clone();
    assert_eq!((ply, mv), (3, bad));
    assert!(matches!(error, IllegalMove::CannotMoveSo { .. }), "{error:?}");
    assert_eq!(played.moves(), &record.main_line()[..3]);
    assert_eq!(played.position().check_move(bad), Err(error), "refused where it stands");
    assert_eq!(
        illegal.to_string(),
        "e8e6, after 3 plies of the main line, cannot be played: a general cannot move from e8 to e6"
    );
    // At the first move, and after a ruling the history would not reach:
    // each is named all the same.
    record.moves[3] = Node::new("e8e9".parse().expect("ICCS"));
    record.moves[0] = Node::new(bad);
    assert_eq!(History::from_record(&record, Rules::Asian).expect_err("illegal").ply, 0);
    record.moves[0] = Node::new("a8a9".parse().expect("ICCS"));
    record.moves[9] = Node::new(bad);
    let late = History::from_record(&record, Rules::Asian).expect_err("illegal after the ruling at ply 8");
    assert_eq!(
        (late.ply, History::from_line(&late.played, Rules::Asian).ending().map(|e| e.ply)),
        (9, Some(8))
    );
}

#[cfg(feature = "records")]
#[test]
fn a_record_of_any_format_gives_its_ruling_and_the_ply_it_came_at() {
    use crate::Ending;
    use crate::record::{self, Format};
    // A perpetual check, played on two moves past the third occurrence, read
    // from PGN text and from the same game written as XQF.
    let text = format!("[FEN \"{CHECK}\"]\n[Result \"1-0\"]\n{CHECK_MOVES} a8a9 e9e8 1-0\n");
    let pgn = record::read(text.as_bytes()).expect("a record");
    let from_text = pgn.games[0].as_ref().expect("a whole game");
    let mut xqf = Vec::new();
    record::write_xqf(from_text, &mut xqf).expect("written");
    let binary = record::read(&xqf).expect("a record");
    assert_eq!(binary.format, Format::Xqf);
    for record in [from_text, binary.games[0].as_ref().expect("a whole game")] {
        let history = History::from_record(record, Rules::Asian).expect("legal moves");
        let Some(Ending { outcome, ply }) = history.ending() else { panic!("no ruling") };
        assert_eq!(
            (outcome.reason(), outcome.result(), ply),
            (Reason::PerpetualCheck, GameResult::BlackWins, 8)
        );
        let key = |ply| history.position_at(ply).map(Position::repetition_key);
        assert_eq!(key(ply), key(0), "the start position, a third time");
        assert_eq!(record.moves.len() - ply, 2, "the moves after the ruling");
        // The record says red won: the ruling disagrees.
        assert_eq!(record.result, GameResult::RedWins);
    }
    // A mate on the record's last move: ruled at its last ply.
    let mate = record::read(b"[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w\"]\n1. a0d0 1-0").expect("a record");
    let mate = mate.games[0].as_ref().expect("a whole game");
    let ending = History::from_record(mate, Rules::Asian).expect("legal moves").ending().expect("mate");
    assert_eq!((ending.outcome.reason(), ending.ply), (Reason::Checkmate, 1));
    // A start position whose clock is past the limit: ruled at ply 0, no move played.
    let mut past = mate.clone();
    past.start = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 121 1".parse().expect("a FEN");
    let ending = History::from_record(&past, Rules::Asian).expect("legal moves").ending().expect("the limit");
    assert_eq!((ending.outcome.reason(), ending.ply), (Reason::MoveLimit, 0));
    // A game still going has no ending.
    let going = record::read(b"1. h2e2 h9g7 *").expect("a record");
    assert_eq!(
        History::from_record(going.games[0].as_ref().expect("whole"), Rules::Asian).expect("legal").ending(),
        None
    );
}
