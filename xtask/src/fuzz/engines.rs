//! The engines on random positions reached by random play: every generated
//! move is legal, perft(1) is the move count, playing a move changes exactly
//! what it should and taking it back restores the position, and illegal
//! moves are refused without a change.

use board_geometry::random::Random;

use super::{current, fail};

pub(crate) fn xiangqi(random: &mut Random) {
    use xiangqi_rules::{Move, Position, Square, perft};
    let mut position = Position::start();
    for _ in 0..random.index(80) {
        let moves = position.legal_moves();
        let Some(&mv) = random.pick(&moves) else { break };
        position.play_unchecked(mv);
    }
    let fen = position.to_string();
    current("xiangqi-engine", fen.as_bytes());
    let moves = position.legal_moves();
    if perft(&position, 1) != moves.len() as u64 || position.count_legal_moves() != moves.len() {
        fail("xiangqi-engine", fen.as_bytes(), "perft(1) is not the number of legal moves");
    }
    if position.has_legal_move() == moves.is_empty() || position.is_game_over() != moves.is_empty() {
        fail("xiangqi-engine", fen.as_bytes(), "has_legal_move disagrees with the move list");
    }
    for mv in moves {
        if !position.is_legal(mv) || position.check_move(mv).is_err() {
            fail("xiangqi-engine", fen.as_bytes(), &format!("{mv} is generated but not legal"));
        }
        let mut after = position;
        let captured = position.board().piece_at(mv.to);
        after.play(mv).unwrap_or_else(|_| fail("xiangqi-engine", fen.as_bytes(), "a legal move is refused"));
        // Undo by hand: the board is the same again, only the two points and the turn changed.
        let mut board = *after.board();
        let piece =
            board.remove(mv.to).unwrap_or_else(|| fail("xiangqi-engine", fen.as_bytes(), "no piece moved"));
        board.put(mv.from, piece);
        if let Some(captured) = captured {
            board.put(mv.to, captured);
        }
        if board != *position.board() || after.turn() == position.turn() {
            fail("xiangqi-engine", fen.as_bytes(), &format!("{mv} changed more than its two points"));
        }
        let mut in_place = position;
        let undo = in_place.play_unchecked(mv);
        if in_place != after || undo.captured() != captured {
            fail("xiangqi-engine", fen.as_bytes(), &format!("{mv} played in place is not {mv} played"));
        }
        in_place.unplay(undo);
        if in_place != position {
            fail("xiangqi-engine", fen.as_bytes(), &format!("{mv} taken back does not restore the position"));
        }
        if after.to_string().parse::<Position>() != Ok(after) {
            fail("xiangqi-engine", fen.as_bytes(), "a position does not read back from its FEN");
        }
    }
    // A random move is legal exactly when generated, and a refused one changes nothing.
    let from = Square::all().nth(random.index(90)).unwrap_or_else(|| unreachable!());
    let to = Square::all().nth(random.index(90)).unwrap_or_else(|| unreachable!());
    let mv = Move::new(from, to);
    let mut tried = position;
    if tried.play(mv).is_ok() != position.legal_moves().contains(&mv) {
        fail("xiangqi-engine", fen.as_bytes(), &format!("{mv} is legal by play but not by the move list"));
    }
    if !position.legal_moves().contains(&mv) && tried != position {
        fail("xiangqi-engine", fen.as_bytes(), "a refused move changed the position");
    }
}

pub(crate) fn duck(random: &mut Random) {
    use duck_rules::{Move, Position, Square, perft};
    let mut position = Position::start();
    for _ in 0..random.index(80) {
        let moves = position.legal_moves();
        let Some(&mv) = random.pick(&moves) else { break };
        position.play_unchecked(mv);
    }
    let text = position.to_string();
    current("duck-engine", text.as_bytes());
    let moves = position.legal_moves();
    if perft(&position, 1) != moves.len() as u64 || position.count_legal_moves() != moves.len() {
        fail("duck-engine", text.as_bytes(), "perft(1) is not the number of legal moves");
    }
    for mv in moves {
        if !position.is_legal(mv) || position.check_move(mv).is_err() {
            fail("duck-engine", text.as_bytes(), &format!("{mv} is generated but not legal"));
        }
        let mut after = position;
        let captured = position.board().piece_at(mv.to);
        after.play(mv).unwrap_or_else(|_| fail("duck-engine", text.as_bytes(), "a legal move is refused"));
        let mut board = *after.board();
        let piece =
            board.remove(mv.to).unwrap_or_else(|| fail("duck-engine", text.as_bytes(), "no piece moved"));
        board.put(mv.from, piece);
        if let Some(captured) = captured {
            board.put(mv.to, captured);
        }
        if board != *position.board() || after.turn() == position.turn() {
            fail("duck-engine", text.as_bytes(), &format!("{mv} changed more than its two points"));
        }
        let mut in_place = position;
        let undo = in_place.play_unchecked(mv);
        if in_place != after || undo.captured() != captured {
            fail("duck-engine", text.as_bytes(), &format!("{mv} played in place is not {mv} played"));
        }
        in_place.unplay(undo);
        if in_place != position {
            fail("duck-engine", text.as_bytes(), &format!("{mv} taken back does not restore the position"));
        }
        if after.to_string().parse::<Position>() != Ok(after) {
            fail("duck-engine", text.as_bytes(), "a position does not read back from its string");
        }
    }
    let from = Square::all().nth(random.index(90)).unwrap_or_else(|| unreachable!());
    let to = Square::all().nth(random.index(90)).unwrap_or_else(|| unreachable!());
    let mv = Move::new(from, to);
    let mut tried = position;
    let legal = position.legal_moves().contains(&mv);
    if tried.play(mv).is_ok() != legal || (!legal && tried != position) {
        fail("duck-engine", text.as_bytes(), &format!("{mv}: play and the move list disagree"));
    }
}
