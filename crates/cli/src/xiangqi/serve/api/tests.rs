use super::*;

fn body(reply: &Reply) -> serde_json::Value {
    serde_json::from_slice(&reply.body).expect("a JSON answer")
}

#[test]
fn percent_decoding_reads_escapes_and_plus() {
    assert_eq!(percent_decode("4k4%2F9+w"), "4k4/9 w");
    assert_eq!(percent_decode("%E7%82%AE"), "炮");
    assert_eq!(percent_decode("100%"), "100%");
    assert_eq!(percent_decode("%zz"), "%zz");
}

#[test]
fn the_position_after_moves() {
    let reply = get("/api/position", "moves=h2e2,h9g7", &Library::default());
    assert_eq!(reply.status, 200);
    let json = body(&reply);
    assert_eq!(json["fen"], "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    assert_eq!(json["check"], false);
    assert_eq!(json["outcome"], serde_json::Value::Null);
    assert_eq!(json["legal_moves"].as_array().map(Vec::len), Some(35));
}

#[test]
fn a_bad_fen_and_a_bad_move_are_400_with_the_library_message() {
    let reply = get("/api/position", "fen=xyz", &Library::default());
    assert_eq!(reply.status, 400);
    assert!(body(&reply)["error"].as_str().unwrap_or("").starts_with("FEN: "), "{:?}", body(&reply));
    let reply = get("/api/position", "moves=h2e2,h2h9", &Library::default());
    assert_eq!(reply.status, 400);
    assert!(body(&reply)["error"].as_str().unwrap_or("").starts_with("move 2: "), "{:?}", body(&reply));
}
