//! The `Game` trait as generic code sees it, on both games: who won
//! (`outcome().and_then(GameOutcome::winner)`), `is_check`, what stands on a
//! square (`piece_at`), whether a move captures (`is_capture`), and move
//! lists as slices. Each check is written once over `G: Game` and run on
//! xiangqi and on duck chess (a dev-dependency), and each answer is held to
//! what playing the move shows, not to the method that gives it.

use board_geometry::random::Random;
use board_geometry::{Game, GameOutcome, NineByTen, RandomGame, Square};

/// The pieces on `squares`, as `piece_at` sees them.
fn pieces<G: Game>(position: &G, squares: &[G::Square]) -> Vec<Option<G::Piece>> {
    squares.iter().map(|&square| position.piece_at(square)).collect()
}

/// At every position of seeded random games from `start`, for every legal
/// move: the move list is a slice as long as the count of legal moves, in
/// the same order by reference and by value, and sortable; playing a move
/// changes what stands on exactly two squares (the one it leaves, now empty,
/// and the one it reaches), and removes a piece exactly when `is_capture`
/// says it captures. Returns how many captures were seen.
fn check_moves_along_random_games<G: Game>(start: G, squares: &[G::Square]) -> usize {
    let mut captures = 0;
    for seed in 1..=6 {
        let game = RandomGame::play(start, &mut Random::new(seed), 150);
        for position in game.positions() {
            let moves = position.legal_moves();
            assert_eq!(moves.len(), position.count_legal_moves());
            let by_reference: Vec<G::Move> = moves.iter().copied().collect();
            let mut sorted = by_reference.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), moves.len(), "no move is listed twice");
            assert_eq!(position.legal_moves().into_iter().collect::<Vec<_>>(), by_reference);
            let before = pieces(&position, squares);
            for &mv in moves.iter() {
                let mut after = position;
                after.play(mv).expect("a legal move plays");
                let now = pieces(&after, squares);
                let changed: Vec<usize> =
                    (0..squares.len()).filter(|&index| before[index] != now[index]).collect();
                assert_eq!(changed.len(), 2, "{mv} changes two squares");
                let emptied = changed.iter().filter(|&&index| now[index].is_none()).count();
                assert_eq!(emptied, 1, "{mv} leaves one square empty");
                let count = |list: &[Option<G::Piece>]| list.iter().flatten().count();
                let captured = count(&now) < count(&before);
                assert_eq!(position.is_capture(mv), captured, "{mv}: is_capture against the board");
                captures += usize::from(captured);
            }
        }
    }
    captures
}

/// Who won, in generic code.
fn winner<G: Game>(position: &G) -> Option<G::Color> {
    position.outcome().and_then(GameOutcome::winner)
}

fn squares() -> Vec<Square<NineByTen>> {
    Square::all().collect()
}

#[test]
fn xiangqi_moves_captures_and_squares_agree_with_the_board() {
    let captures = check_moves_along_random_games(xiangqi_rules::Position::start(), &squares());
    assert!(captures > 100, "the games capture now and then: {captures}");
}

#[test]
fn duck_moves_captures_and_squares_agree_with_the_board() {
    let captures = check_moves_along_random_games(duck_rules::Position::start(), &squares());
    assert!(captures > 100, "the games capture now and then: {captures}");
}

#[test]
fn generic_code_sees_who_won_and_check_in_both_games() -> Result<(), Box<dyn std::error::Error>> {
    use xiangqi_rules::Color as Xiangqi;

    // Black, to move, is mated by the chariot on d1 (the generals may not face each other).
    let mated: xiangqi_rules::Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse()?;
    assert!(mated.is_check());
    assert_eq!(winner(&mated), Some(Xiangqi::Red));
    // Stalemate loses in xiangqi: a winner too, with no check.
    let stalemated: xiangqi_rules::Position = "3k5/4P4/9/9/9/9/9/9/9/4K4 b".parse()?;
    assert!(!stalemated.is_check() && stalemated.legal_moves().is_empty());
    assert_eq!(winner(&stalemated), Some(Xiangqi::Red));
    let start = xiangqi_rules::Position::start();
    assert!(!start.is_check());
    assert_eq!(winner(&start), None);
    // The chariot checks along the file; the square it checks from holds it.
    let checked: xiangqi_rules::Position = "4k4/9/9/9/9/9/9/9/9/3KR4 b".parse()?;
    assert!(checked.is_check());
    assert_eq!(winner(&checked), None, "the general steps aside");
    let chariot = checked.piece_at("e0".parse()?).expect("the chariot on e0");
    assert_eq!((chariot.color, chariot.kind), (Xiangqi::Red, xiangqi_rules::PieceKind::Chariot));

    // Duck chess: the car on a9 attacks blue's captain on e9 along the open rank
    // (a check), and taking it wins.
    let mut attacked: duck_rules::Position = "R3k4/9/9/9/9/9/9/9/9/4K4 r".parse()?;
    assert!(attacked.is_check());
    assert_eq!(winner(&attacked), None);
    let take = "a9e9".parse()?;
    assert!(attacked.is_capture(take));
    attacked.play(take)?;
    assert_eq!(winner(&attacked), Some(duck_rules::Color::Red));
    assert!(!duck_rules::Position::start().is_check());
    assert_eq!(winner(&duck_rules::Position::start()), None);
    Ok(())
}
