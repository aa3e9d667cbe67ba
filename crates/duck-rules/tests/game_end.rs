//! How a game ends, for both sides: the winner's move, the outcome it
//! reports, and the positions that cannot follow it.

use duck_rules::{Color, Move, Outcome, Position};

#[test]
fn blue_wins_by_removing_reds_captain_and_then_red_is_to_move() -> Result<(), Box<dyn std::error::Error>> {
    let mut position: Position = "4k4/9/9/9/9/9/9/9/9/r3K4 b".parse()?;
    assert_eq!(position.outcome(), None);
    let capture: Move = "a0e0".parse()?;
    position.play(capture)?;
    let outcome = position.outcome().expect("red's captain is gone");
    assert_eq!(outcome, Outcome::CaptainTaken { winner: Color::Blue });
    assert_eq!((outcome.winner(), outcome.against()), (Some(Color::Blue), Some(Color::Red)));
    assert_eq!(outcome.to_string(), "blue removed red's captain: blue wins");
    assert_eq!(position.to_string(), "4k4/9/9/9/9/9/9/9/9/4r4 r");
    assert!(position.legal_moves().is_empty(), "no move follows the end of the game");
    let reread: Position = position.to_string().parse()?;
    assert_eq!(reread, position);
    Ok(())
}

#[test]
fn a_side_whose_captain_is_gone_must_be_the_one_to_move() {
    let problem = |text: &str| text.parse::<Position>().map(|_| ()).map_err(|error| error.to_string());
    let gone = |side: &str, other: &str| {
        Err(format!(
            "illegal position: {side}'s captain has been removed, so {other} made the last move and {side} must be \
             the side to move"
        ))
    };
    assert_eq!(problem("4k4/9/9/9/9/9/9/9/9/4r4 b"), gone("red", "blue"));
    assert_eq!(problem("4k4/9/9/9/9/9/9/9/9/4r4 r"), Ok(()));
    assert_eq!(problem("4R4/9/9/9/9/9/9/9/9/4K4 r"), gone("blue", "red"));
    assert_eq!(problem("4R4/9/9/9/9/9/9/9/9/4K4 b"), Ok(()));
    assert_eq!(problem("4k4/9/9/9/9/9/9/9/9/4K4 r"), Ok(()), "both captains: either side may move");
    assert_eq!(problem("4k4/9/9/9/9/9/9/9/9/4K4 b"), Ok(()));
}

#[test]
fn the_summary_says_whose_move_whether_in_check_and_how_the_game_ended()
-> Result<(), Box<dyn std::error::Error>> {
    let check: Position = "R3k4/9/9/9/9/9/9/9/9/4K4 b".parse()?;
    assert_eq!(check.summary(), "blue to move, check");
    let quiet: Position = "4k4/9/9/9/9/9/9/9/9/R3K4 r".parse()?;
    assert_eq!(quiet.summary(), "red to move");
    let over: Position = "4k4/9/9/9/9/9/9/9/9/4r4 r".parse()?;
    assert_eq!(over.summary(), "game over: blue removed red's captain");
    Ok(())
}

#[test]
fn a_finished_game_has_no_legal_move() -> Result<(), Box<dyn std::error::Error>> {
    let over: Position = "4k4/9/9/9/9/9/9/9/9/4r4 r".parse()?;
    assert!(!over.has_legal_move());
    assert_eq!(over.count_legal_moves(), 0);
    let lone_captain: Position = "4k4/9/9/9/9/9/9/9/9/4K4 r".parse()?;
    assert!(lone_captain.has_legal_move());
    assert_eq!(lone_captain.count_legal_moves(), 3, "the captain steps up, left or right");
    Ok(())
}

#[test]
fn a_position_gives_back_its_setup_and_pictures() -> Result<(), Box<dyn std::error::Error>> {
    use board_geometry::render::TextStyle;
    let position: Position = "4k4/9/9/9/9/9/9/9/9/r3K4 b".parse()?;
    assert_eq!(duck_rules::Setup::from(position), *position.setup());
    assert_eq!(position.picture_in(TextStyle::ASCII), position.picture());
    let chinese = position.picture_in(TextStyle::chinese(false));
    assert_ne!(chinese, position.picture());
    Ok(())
}

#[test]
fn an_unreachable_setup_lists_every_problem() {
    use duck_rules::{PieceKind, Problem, Setup};
    let setup: Setup = "RRR1K4/9/9/9/9/9/9/9/9/9 r".parse().unwrap();
    let error = Position::from_setup(setup).unwrap_err();
    assert_eq!(
        error.problems(),
        [
            Problem::TooMany { color: Color::Red, kind: PieceKind::Car, count: 3 },
            Problem::WrongTurnAfterEnd { loser: Color::Blue },
        ]
    );
}

#[test]
fn moves_and_kinds_read_and_write_as_typed() {
    let mv: Move = "a0a9".parse().unwrap();
    assert_eq!(format!("{mv:?}"), "a0a9");
    let error = "dragon".parse::<duck_rules::PieceKind>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "'dragon' is not a kind of piece: use captain, guard, elephant, horse, car, duck or soldier"
    );
}
