//! Reading position strings as a user types them, mistakes included, and
//! what a position shows of itself.

use std::error::Error as _;

use board_geometry::render::Labels;
use duck_rules::{COORDINATES, ParsePositionError, Position, Setup};

fn error(text: &str) -> String {
    text.parse::<Position>().expect_err(text).to_string()
}

#[test]
fn an_unknown_piece_is_named_as_typed_even_at_the_first_byte() {
    assert_eq!(
        error("é3k4/9/9/9/9/9/9/9/9/4K4 r"),
        "column 1: 'é' is not a piece: use K G E H R D S (red), k g e h r d s (blue), or 1 to 9 empty points"
    );
    assert_eq!(
        error("4k3é/9/9/9/9/9/9/9/9/4K4 r"),
        "column 4: 'é' is not a piece: use K G E H R D S (red), k g e h r d s (blue), or 1 to 9 empty points"
    );
}

#[test]
fn a_wrong_side_to_move_is_quoted_up_to_the_next_space() {
    assert_eq!(
        error("4k4/9/9/9/9/9/9/9/9/4K4 red next"),
        "column 25: 'red' is not a side to move: use r (red) or b (blue)"
    );
}

#[test]
fn parse_errors_lead_to_what_went_wrong() {
    let syntax = "4k4/9/9/9/9/9/9/9/9/4K4 x".parse::<Position>().unwrap_err();
    assert!(matches!(syntax, ParsePositionError::Syntax(_)));
    let source = syntax.source().expect("a syntax error has a cause");
    assert_eq!(source.to_string(), "1:25: 'x' is not a side to move: use r (red) or b (blue)");
    let invalid = "4k4/9/9/9/9/9/9/9/9/4r4 b".parse::<Position>().unwrap_err();
    assert!(matches!(invalid, ParsePositionError::Invalid(_)));
    assert_eq!(invalid.to_string(), format!("illegal position: {}", invalid.source().expect("the cause")));
}

#[test]
fn diagrams_name_files_and_ranks_as_squares_are_named() {
    let diagram = Setup::start().svg_diagram();
    assert_eq!(diagram.labels, Labels::Notation);
    assert_eq!(diagram.pieces.len(), 32);
    let captain = COORDINATES.square(0, 4).unwrap();
    let title = diagram.pieces.iter().find(|piece| piece.square == captain).map(|piece| piece.title.as_str());
    assert_eq!(title, Some("red captain on e0"));
}
