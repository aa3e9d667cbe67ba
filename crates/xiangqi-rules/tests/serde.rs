//! The vocabulary through serde (the `serde` feature): every value
//! round-trips and is written as the crate writes it elsewhere; what is not
//! a value is refused with the parser's reason.
#![cfg(feature = "serde")]

use serde::Serialize;
use serde::de::DeserializeOwned;
use xiangqi_rules::{Color, Cycle, Game, HashKey, Move, Outcome, Piece, PieceKind, Position, Setup, Square};

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|error| error.to_string())
}

/// `value` round-trips, written as `written`.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: T, written: &str) {
    assert_eq!(json(&value), written);
    assert_eq!(read::<T>(written), Ok(value), "{written}");
}

#[test]
fn colours_kinds_and_pieces_are_their_names() {
    for color in Color::ALL {
        round_trip(color, &format!("\"{color}\""));
        for kind in PieceKind::ALL {
            round_trip(kind, &format!("\"{kind}\""));
            round_trip(Piece::new(color, kind), &format!(r#"{{"color":"{color}","kind":"{kind}"}}"#));
        }
    }
    assert!(read::<Color>("\"Red\"").is_err());
    assert!(read::<PieceKind>("\"rook\"").is_err());
    assert!(read::<Piece>(r#"{"color":"red"}"#).is_err());
}

#[test]
fn squares_moves_and_positions_are_their_text() {
    round_trip("e0".parse::<Square>().unwrap(), "\"e0\"");
    let start = Position::start();
    for mv in start.legal_moves() {
        round_trip(mv, &format!("\"{mv}\""));
    }
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    round_trip(start, &format!("\"{fen}\""));
    round_trip(Setup::start(), &format!("\"{fen}\""));
    assert_eq!(read::<Move>("\"H2-E2\""), Ok("h2e2".parse().unwrap()), "read as FromStr reads");
    assert_eq!(
        read::<Move>("\"h2e10\"").unwrap_err(),
        "'h2e10' is not a move in ICCS notation such as h2e2 (files a-i, ranks 0-9) at line 1 column 7"
    );
    // A setup is any FEN; a position only a legal one.
    let facing = "\"4k4/9/9/9/9/9/9/9/9/4K4 w\"";
    assert!(read::<Setup>(facing).is_ok());
    assert!(read::<Position>(facing).unwrap_err().starts_with("illegal position: "));
    assert!(read::<Setup>("\"4k4/9 w\"").unwrap_err().starts_with("1:1: the board has 2 ranks"));
}

#[test]
fn outcomes_say_how_and_who() {
    let mated: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse().unwrap();
    let outcome = mated.outcome().unwrap();
    round_trip(outcome, r#"{"reason":"checkmate","winner":"red"}"#);
    round_trip(Outcome::Stalemate { winner: Color::Black }, r#"{"reason":"stalemate","winner":"black"}"#);
    assert!(json(&outcome).contains(outcome.reason().name()), "the reason is the one Outcome::reason gives");
    let cycle = Cycle { first_ply: 0, last_ply: 8 };
    round_trip(
        Outcome::PerpetualCheck { winner: Color::Black, cycle },
        r#"{"reason":"perpetual-check","winner":"black","cycle":{"first_ply":0,"last_ply":8}}"#,
    );
    round_trip(Outcome::MoveLimit { plies: 120 }, r#"{"reason":"move-limit","plies":120}"#);
    round_trip(Outcome::InsufficientMaterial, r#"{"reason":"insufficient-material"}"#);
    assert!(read::<Outcome>(r#"{"reason":"resigned","winner":"red"}"#).is_err());
}

#[test]
fn hash_keys_are_the_keys_of_their_positions() {
    let start = Position::start();
    let key = Game::hash(&start);
    round_trip(key, &format!("\"{key}\""));
    let again: Position = read(&json(&start)).unwrap();
    assert_eq!(
        Game::hash(&again),
        read::<HashKey>(&json(&key)).unwrap(),
        "the position read has the key read"
    );
}
