//! The vocabulary through serde (the `serde` feature): every value
//! round-trips and is written as the crate writes it elsewhere; what is not
//! a value is refused with the parser's reason.
#![cfg(feature = "serde")]

use duck_rules::{
    Color, Game, HashKey, INITIAL_POSITION, JudgeMove, Move, Piece, PieceKind, Position, Setup, Square,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

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
    assert!(read::<Color>("\"black\"").is_err());
    assert!(read::<PieceKind>("\"chariot\"").is_err());
}

#[test]
fn squares_moves_and_positions_are_their_text() {
    round_trip("e0".parse::<Square>().unwrap(), "\"e0\"");
    let start = Position::start();
    for mv in start.legal_moves() {
        round_trip(mv, &format!("\"{mv}\""));
    }
    round_trip(start, &format!("\"{INITIAL_POSITION}\""));
    round_trip(Setup::start(), &format!("\"{INITIAL_POSITION}\""));
    assert!(read::<Move>("\"j9a0\"").is_err(), "there is no file j");
    assert!(read::<Move>("\"0,3-1,4\"").is_err(), "a move is its squares, not the judge's numbers");
    // A judge move is the judge's command, the same move in the judge's numbers.
    for mv in start.legal_moves() {
        round_trip(mv.to_judge(), &format!("\"{}\"", mv.to_judge()));
    }
    round_trip("d0e1".parse::<Move>().unwrap().to_judge(), "\"0 3 1 4\"");
    assert_eq!(read::<JudgeMove>("\"0,3-1,4\""), read::<JudgeMove>("\"0 3 1 4\""));
    assert!(read::<JudgeMove>("\"0 3 1 9\"").is_err(), "column 9 is off the board");
    // A setup is any position string; a position only one a game can reach.
    let captain_gone = "\"4K4/9/9/9/9/9/9/9/9/9 r\"";
    assert!(read::<Setup>(captain_gone).is_ok());
    assert!(read::<Position>(captain_gone).is_err());
    assert!(read::<Setup>("\"9/9/9 r\"").unwrap_err().starts_with("1:6: the board has 3 rows"));
}

#[test]
fn outcomes_say_how_and_who() {
    let taken: Position = "4R4/9/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
    let outcome = taken.outcome().unwrap();
    round_trip(outcome, r#"{"reason":"captain-taken","winner":"red"}"#);
    assert!(json(&outcome).contains(outcome.reason().name()), "the reason is the one Outcome::reason gives");
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
