//! The vocabulary through serde (the `serde` feature): every value
//! round-trips and is written as the crate writes it elsewhere; what is not
//! a value is refused with the parser's reason.
#![cfg(feature = "serde")]

use board_geometry::testing::json::{
    assert_hash_keys_are_the_keys_of_their_positions, assert_moves_are_their_text,
    assert_pieces_are_their_names, assert_round_trip, from_json, to_json,
};
use xiangqi_rules::{Color, Cycle, Move, Outcome, Piece, PieceKind, Position, Setup, Square};

#[test]
fn colours_kinds_and_pieces_are_their_names() {
    assert_pieces_are_their_names::<Color, PieceKind>();
    assert!(from_json::<Color>("\"Red\"").is_err());
    assert!(from_json::<PieceKind>("\"rook\"").is_err());
    assert!(from_json::<Piece>(r#"{"color":"red"}"#).is_err());
}

#[test]
fn squares_moves_and_positions_are_their_text() {
    assert_round_trip("e0".parse::<Square>().unwrap(), "\"e0\"");
    let start = Position::start();
    assert_moves_are_their_text(&start);
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_round_trip(start, &format!("\"{fen}\""));
    assert_round_trip(Setup::start(), &format!("\"{fen}\""));
    assert_eq!(from_json::<Move>("\"H2-E2\""), Ok("h2e2".parse().unwrap()), "read as FromStr reads");
    assert_eq!(
        from_json::<Move>("\"h2e10\"").unwrap_err(),
        "'h2e10' is not a move in ICCS notation such as h2e2 (files a-i, ranks 0-9) at line 1 column 7"
    );
    // A setup is any FEN; a position only a legal one.
    let facing = "\"4k4/9/9/9/9/9/9/9/9/4K4 w\"";
    assert!(from_json::<Setup>(facing).is_ok());
    assert!(from_json::<Position>(facing).unwrap_err().starts_with("illegal position: "));
    assert!(from_json::<Setup>("\"4k4/9 w\"").unwrap_err().starts_with("1:1: the board has 2 ranks"));
}

#[test]
fn outcomes_say_how_and_who() {
    let mated: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse().unwrap();
    let outcome = mated.outcome().unwrap();
    assert_round_trip(outcome, r#"{"reason":"checkmate","winner":"red"}"#);
    assert_round_trip(
        Outcome::Stalemate { winner: Color::Black },
        r#"{"reason":"stalemate","winner":"black"}"#,
    );
    assert!(
        to_json(&outcome).contains(outcome.reason().name()),
        "the reason is the one Outcome::reason gives"
    );
    let cycle = Cycle { first_ply: 0, last_ply: 8 };
    assert_round_trip(
        Outcome::PerpetualCheck { winner: Color::Black, cycle },
        r#"{"reason":"perpetual-check","winner":"black","cycle":{"first_ply":0,"last_ply":8}}"#,
    );
    assert_round_trip(Outcome::MoveLimit { plies: 120 }, r#"{"reason":"move-limit","plies":120}"#);
    assert_round_trip(Outcome::InsufficientMaterial, r#"{"reason":"insufficient-material"}"#);
    assert!(from_json::<Outcome>(r#"{"reason":"resigned","winner":"red"}"#).is_err());
}

#[test]
fn hash_keys_are_the_keys_of_their_positions() {
    assert_hash_keys_are_the_keys_of_their_positions(&Position::start());
}
