//! Why a move from one point to another is not legal, in a player's words.

use crate::{Move, Piece, PieceKind, Position, Square};

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// No piece of the side to move can make it by the piece rules.
    NoSuchMove(String),
    /// The piece rules allow it, but it leaves the mover's general attacked.
    Illegal(String),
}

/// `None` if `mv` is legal in `position`; otherwise why not.
pub(crate) fn refusal(position: &Position, mv: Move) -> Option<Refusal> {
    if position.is_legal(mv) {
        return None;
    }
    let board = position.board();
    let us = position.turn();
    let Some(piece) = board.piece_at(mv.from) else {
        return Some(Refusal::NoSuchMove(format!("there is no piece on {}", mv.from)));
    };
    if piece.color != us {
        return Some(Refusal::NoSuchMove(format!(
            "the piece on {} is a {piece}, and {us} is to move",
            mv.from
        )));
    }
    if !board.moves_from(mv.from).contains(mv.to) {
        let blocker = match board.piece_at(mv.to) {
            Some(own) if own.color == us => format!(": its own {} stands there", own.kind),
            _ => String::new(),
        };
        return Some(Refusal::NoSuchMove(format!(
            "the {piece} on {} cannot move to {}{blocker}",
            mv.from, mv.to
        )));
    }
    Some(Refusal::Illegal(exposure(position, mv, piece)))
}

/// What goes wrong for the mover's general after `mv`, which the piece rules allow.
fn exposure(position: &Position, mv: Move, piece: Piece) -> String {
    let mut after = *position.board();
    after.remove(mv.from);
    after.put(mv.to, piece);
    if after.generals_face_each_other() {
        return "the two generals would face each other on an open file".to_string();
    }
    let general = if piece.kind == PieceKind::General { mv.to } else { position.general(piece.color) };
    let attackers: Vec<String> = after
        .attackers(general, piece.color.opponent())
        .into_iter()
        .map(|square: Square| square.to_string())
        .collect();
    format!(
        "it would leave the {} general on {general} attacked from {}",
        piece.color,
        crate::notation::descriptive::join_with_and(&attackers)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(fen: &str, mv: &str) -> Option<Refusal> {
        refusal(&Position::from_fen(fen).unwrap(), mv.parse().unwrap())
    }

    #[test]
    fn each_reason_is_told_in_its_own_words() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        assert_eq!(why(start, "h2e2"), None);
        assert_eq!(why(start, "h3h4"), Some(Refusal::NoSuchMove("there is no piece on h3".into())));
        assert_eq!(
            why(start, "h7h0"),
            Some(Refusal::NoSuchMove("the piece on h7 is a black cannon, and red is to move".into()))
        );
        assert_eq!(
            why(start, "a0b0"),
            Some(Refusal::NoSuchMove(
                "the red chariot on a0 cannot move to b0: its own horse stands there".into()
            ))
        );
        assert_eq!(
            why(start, "h2h8"),
            Some(Refusal::NoSuchMove("the red cannon on h2 cannot move to h8".into()))
        );
        // The cannon on e2 is the only piece between the generals.
        assert_eq!(
            why("4k4/9/9/9/9/9/9/4C4/9/4K4 w", "e2d2"),
            Some(Refusal::Illegal("the two generals would face each other on an open file".into()))
        );
        assert_eq!(
            why("3k5/9/9/9/9/9/9/9/4r4/4K4 w", "e0d0"),
            Some(Refusal::Illegal("the two generals would face each other on an open file".into()))
        );
        assert_eq!(
            why("4k4/9/9/9/9/9/9/4r4/4R4/4K4 w", "e1d1"),
            Some(Refusal::Illegal("it would leave the red general on e0 attacked from e2".into()))
        );
    }
}
