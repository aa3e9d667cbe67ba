//! The vocabulary through serde (the `serde` feature): every value
//! round-trips and is written as the crate writes it elsewhere; what is not
//! a value is refused with the parser's reason.
#![cfg(feature = "serde")]

use board_geometry::testing::json::{
    assert_hash_keys_are_the_keys_of_their_positions, assert_moves_are_their_text,
    assert_pieces_are_their_names, assert_round_trip, assert_round_trip_as_text, from_json, to_json,
};
use xiangqi_rules::{
    Color, Cycle, GameResult, History, Move, Outcome, Piece, PieceKind, Position, Reason, Rules, Setup,
    Square,
};

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

#[test]
fn reasons_and_results_are_their_names() {
    for reason in Reason::ALL {
        assert_round_trip_as_text(reason);
        assert_eq!(to_json(&reason), format!("\"{}\"", reason.name()), "as Reason::name gives it");
    }
    assert_round_trip(Reason::PerpetualCheck, r#""perpetual-check""#);
    // The reason alone is the same word as in the outcome it comes from.
    let outcome = Outcome::PerpetualChase { winner: Color::Red, cycle: Cycle { first_ply: 2, last_ply: 10 } };
    assert!(to_json(&outcome).contains(&to_json(&outcome.reason())));
    assert!(from_json::<Reason>(r#""PerpetualCheck""#).is_err());
    assert!(from_json::<Reason>(r#""resigned""#).is_err());

    for result in GameResult::ALL {
        assert_round_trip_as_text(result);
    }
    assert_round_trip(GameResult::RedWins, r#""1-0""#);
    assert_round_trip(GameResult::Draw, r#""1/2-1/2""#);
    assert_round_trip(GameResult::Unknown, r#""*""#);
    assert!(from_json::<GameResult>(r#""1:0""#).is_err());
}

/// Red's chariot checks, the black general steps aside and back: a
/// perpetual check after eight moves.
const CHECKS: &str = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
const CHECKING_MOVES: [&str; 8] = ["a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"];

fn history(rules: Rules, moves: &[&str]) -> History {
    let mut history = History::with_rules(CHECKS.parse().unwrap(), rules);
    for mv in moves {
        history.play(mv.parse().unwrap()).unwrap();
    }
    history
}

#[test]
fn a_history_is_its_start_rules_and_moves_with_their_outcome() {
    let going_on = history(Rules::Asian, &CHECKING_MOVES[..3]);
    assert_round_trip(
        going_on.clone(),
        &format!(r#"{{"start":"{CHECKS}","rules":"asian","moves":["a8a9","e9e8","a9a8"],"outcome":null}}"#),
    );
    let ended = history(Rules::Asian, &CHECKING_MOVES);
    let moves = CHECKING_MOVES.map(|mv| format!("\"{mv}\"")).join(",");
    assert_round_trip(
        ended.clone(),
        &format!(
            r#"{{"start":"{CHECKS}","rules":"asian","moves":[{moves}],"outcome":{{"reason":"perpetual-check","winner":"black","cycle":{{"first_ply":0,"last_ply":8}}}}}}"#
        ),
    );
    // Read back, it is the same game: it rules the same and refuses the same.
    let read: History = from_json(&to_json(&ended)).unwrap();
    assert_eq!(read.outcome().map(Outcome::reason), Some(Reason::PerpetualCheck));
    assert_eq!(read.len(), 8);
    // Every rule set keeps its name; under MateOnly the same moves go on.
    for (rules, name) in [(Rules::Asian, "asian"), (Rules::Engine, "engine"), (Rules::MateOnly, "mate-only")]
    {
        let game = history(rules, &CHECKING_MOVES);
        assert!(to_json(&game).contains(&format!(r#""rules":"{name}""#)));
        assert_eq!(from_json::<History>(&to_json(&game)), Ok(game));
    }
    assert_eq!(history(Rules::MateOnly, &CHECKING_MOVES).outcome(), None);
    // The start's clocks are kept, and so is the move limit's count from them.
    let late: History =
        from_json(r#"{"start":"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 119 70","moves":["a0a1"]}"#).unwrap();
    assert_eq!(late.outcome(), Some(Outcome::MoveLimit { plies: 120 }));
    assert_round_trip(late.clone(), &to_json(&late));
}

#[test]
fn a_history_is_read_by_playing_its_moves_again() {
    let start = format!(r#""start":"{CHECKS}""#);
    // The rules and the outcome may be left out: the Asian rules, and the outcome the moves give.
    let moves = CHECKING_MOVES.map(|mv| format!("\"{mv}\"")).join(",");
    let read: History = from_json(&format!(r#"{{{start},"moves":[{moves}]}}"#)).unwrap();
    assert_eq!(read, history(Rules::Asian, &CHECKING_MOVES));
    assert_eq!(from_json::<History>(&format!("{{{start}}}")), Ok(history(Rules::Asian, &[])));

    // An illegal move, with its number and the reason.
    let error = from_json::<History>(&format!(r#"{{{start},"moves":["a8a9","e9e9"]}}"#)).unwrap_err();
    assert!(error.starts_with("move 2 (e9e9): "), "{error}");
    // A move after the end.
    let error = from_json::<History>(&format!(r#"{{{start},"moves":[{moves},"a8a9"]}}"#)).unwrap_err();
    assert!(error.starts_with("move 9 (a8a9): the game is over: "), "{error}");
    // An outcome that the moves do not lead to, either way.
    let error = from_json::<History>(&format!(
        r#"{{{start},"moves":["a8a9"],"outcome":{{"reason":"checkmate","winner":"red"}}}}"#
    ))
    .unwrap_err();
    assert!(
        error.starts_with("the outcome written (black is checkmated: red wins) is not the one the moves lead to (the game goes on)"),
        "{error}"
    );
    let error =
        from_json::<History>(&format!(r#"{{{start},"moves":[{moves}],"outcome":null}}"#)).unwrap_err();
    assert!(
        error.contains("is not the one the moves lead to (the position of ply 0 has occurred three times"),
        "{error}"
    );
    // What is not a history: no start, an illegal start, unknown rules or fields.
    assert!(from_json::<History>(r#"{"moves":[]}"#).unwrap_err().starts_with("missing field `start`"));
    assert!(
        from_json::<History>(r#"{"start":"4k4/9/9/9/9/9/9/9/9/4K4 w"}"#)
            .unwrap_err()
            .starts_with("illegal position")
    );
    assert!(from_json::<History>(&format!(r#"{{{start},"rules":"fide"}}"#)).is_err());
    assert!(
        from_json::<History>(&format!(r#"{{{start},"move":["a8a9"]}}"#))
            .unwrap_err()
            .starts_with("unknown field `move`")
    );
}

#[cfg(feature = "records")]
mod records {
    use board_geometry::testing::json::{assert_round_trip, from_json, to_json};
    use xiangqi_rules::record::{Node, Record};
    use xiangqi_rules::{GameResult, Position};

    fn node(mv: &str) -> Node {
        Node::new(mv.parse().unwrap())
    }

    #[test]
    fn a_record_is_written_as_it_is_held_and_read_back_the_same() {
        let mut record = Record::new(Position::start());
        record.set_tag("Red", "Liu Dahua");
        record.set_tag("Event", "\u{5168}\u{56fd}\u{8d5b}");
        record.comment = Some("before the first move".into());
        record.moves = vec![node("h2e2"), node("h9g7"), node("h0g2")];
        record.moves[0].comment = Some("the central cannon".into());
        // A variation, with a comment and a variation of its own.
        let mut instead = vec![node("b9c7"), node("b0c2")];
        instead[1].variations.push(vec![node("g3g4")]);
        instead[0].comment = Some("the other horse".into());
        record.moves[1].variations.push(instead);
        record.result = GameResult::RedWins;
        let fen = Position::start().to_string();
        assert_round_trip(
            record.clone(),
            &format!(
                r#"{{"tags":[["Red","Liu Dahua"],["Event","全国赛"]],"start":"{fen}","comment":"before the first move","moves":[{{"move":"h2e2","comment":"the central cannon"}},{{"move":"h9g7","variations":[[{{"move":"b9c7","comment":"the other horse"}},{{"move":"b0c2","variations":[[{{"move":"g3g4"}}]]}}]]}},{{"move":"h0g2"}}],"result":"1-0"}}"#
            ),
        );
        assert_eq!(record.node_count(), 6);
    }

    #[test]
    fn a_record_needs_its_start_alone() {
        let fen = Position::start().to_string();
        let read: Record = from_json(&format!(r#"{{"start":"{fen}"}}"#)).unwrap();
        assert_eq!(read, Record::new(Position::start()));
        assert_eq!(
            to_json(&read),
            format!(r#"{{"tags":[],"start":"{fen}","comment":null,"moves":[],"result":"*"}}"#)
        );
        // Moves are not checked, as in a record built by hand: its line stops at the first illegal one.
        let by_hand: Record =
            from_json(&format!(r#"{{"start":"{fen}","moves":[{{"move":"h2e2"}},{{"move":"h2e2"}}]}}"#))
                .unwrap();
        assert_eq!(by_hand.line().moves().len(), 1);
        assert!(from_json::<Record>(r#"{"moves":[]}"#).unwrap_err().starts_with("missing field `start`"));
        assert!(from_json::<Record>(&format!(r#"{{"start":"{fen}","result":"2-0"}}"#)).is_err());
        assert!(
            from_json::<Record>(&format!(r#"{{"start":"{fen}","moves":[{{"mv":"h2e2"}}]}}"#))
                .unwrap_err()
                .starts_with("unknown field `mv`")
        );
    }
}
