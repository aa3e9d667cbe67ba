//! The vocabulary through serde (the `serde` feature): every value
//! round-trips and is written as the crate writes it elsewhere; what is not
//! a value is refused with the parser's reason.
#![cfg(feature = "serde")]

use board_geometry::testing::json::{
    assert_hash_keys_are_the_keys_of_their_positions, assert_moves_are_their_text,
    assert_pieces_are_their_names, assert_round_trip, assert_round_trip_as_text, from_json, to_json,
};
use duck_rules::{Color, INITIAL_POSITION, JudgeMove, Move, PieceKind, Position, Reason, Setup, Square};

#[test]
fn colours_kinds_and_pieces_are_their_names() {
    assert_pieces_are_their_names::<Color, PieceKind>();
    assert!(from_json::<Color>("\"black\"").is_err());
    assert!(from_json::<PieceKind>("\"chariot\"").is_err());
}

#[test]
fn squares_moves_and_positions_are_their_text() {
    assert_round_trip("e0".parse::<Square>().unwrap(), "\"e0\"");
    let start = Position::start();
    assert_moves_are_their_text(&start);
    assert_round_trip(start, &format!("\"{INITIAL_POSITION}\""));
    assert_round_trip(Setup::start(), &format!("\"{INITIAL_POSITION}\""));
    assert!(from_json::<Move>("\"j9a0\"").is_err(), "there is no file j");
    assert!(from_json::<Move>("\"0,3-1,4\"").is_err(), "a move is its squares, not the judge's numbers");
    // A judge move is the judge's command, the same move in the judge's numbers.
    for mv in start.legal_moves() {
        assert_round_trip_as_text(mv.to_judge());
    }
    assert_round_trip("d0e1".parse::<Move>().unwrap().to_judge(), "\"0 3 1 4\"");
    assert_eq!(from_json::<JudgeMove>("\"0,3-1,4\""), from_json::<JudgeMove>("\"0 3 1 4\""));
    assert!(from_json::<JudgeMove>("\"0 3 1 9\"").is_err(), "column 9 is off the board");
    // A setup is any position string; a position only one a game can reach.
    let captain_gone = "\"4K4/9/9/9/9/9/9/9/9/9 r\"";
    assert!(from_json::<Setup>(captain_gone).is_ok());
    assert!(from_json::<Position>(captain_gone).is_err());
    assert!(from_json::<Setup>("\"9/9/9 r\"").unwrap_err().starts_with("1:6: the board has 3 rows"));
}

#[test]
fn outcomes_say_how_and_who() {
    let taken: Position = "4R4/9/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
    let outcome = taken.outcome().unwrap();
    assert_round_trip(outcome, r#"{"reason":"captain-taken","winner":"red"}"#);
    assert!(
        to_json(&outcome).contains(outcome.reason().name()),
        "the reason is the one Outcome::reason gives"
    );
    // The reason alone is the same word, as `Reason::name` gives it.
    for reason in Reason::ALL {
        assert_round_trip_as_text(reason);
    }
    assert_round_trip(outcome.reason(), r#""captain-taken""#);
    assert!(from_json::<Reason>(r#""CaptainTaken""#).is_err());
}

#[test]
fn hash_keys_are_the_keys_of_their_positions() {
    assert_hash_keys_are_the_keys_of_their_positions(&Position::start());
}
