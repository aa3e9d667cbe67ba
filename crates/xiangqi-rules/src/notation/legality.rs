//! Whether a move from one point to another is legal, and if not, which
//! kind of reason refuses it.

use crate::{Forbidden, IllegalMove, Move, Position};

/// Why a move cannot be played: the engine's [`IllegalMove`], sorted by
/// whether the piece could make the move at all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// No piece of the side to move can make it by the piece rules (or the game is over).
    NoSuchMove(IllegalMove),
    /// The piece rules allow it, but it leaves the mover's general attacked.
    Illegal(IllegalMove),
}

impl Refusal {
    /// The refusal the engine's `reason` is.
    pub(crate) const fn of(reason: IllegalMove) -> Refusal {
        match reason {
            IllegalMove::Forbidden(
                Forbidden::GeneralsFace { .. } | Forbidden::LeavesGeneralAttacked { .. },
            ) => Refusal::Illegal(reason),
            _ => Refusal::NoSuchMove(reason),
        }
    }
}

/// `None` if `mv` is legal in `position`; otherwise why not.
pub(crate) fn refusal(position: &Position, mv: Move) -> Option<Refusal> {
    position.check_move(mv).err().map(Refusal::of)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind of refusal, and the engine's reason in words.
    fn why(fen: &str, mv: &str) -> Option<(&'static str, String)> {
        refusal(&Position::from_fen(fen).unwrap(), mv.parse().unwrap()).map(|refused| match refused {
            Refusal::NoSuchMove(reason) => ("no such move", reason.to_string()),
            Refusal::Illegal(reason) => ("illegal", reason.to_string()),
        })
    }

    #[test]
    fn rules_of_the_piece_are_no_such_move_and_exposure_is_illegal() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        assert_eq!(why(start, "h2e2"), None);
        assert_eq!(why(start, "h3h4"), Some(("no such move", "no piece stands on h3".into())));
        assert_eq!(
            why(start, "h7h0"),
            Some(("no such move", "the black cannon on h7 is not red's to move".into()))
        );
        assert_eq!(
            why(start, "a0b0"),
            Some(("no such move", "the red chariot on a0 cannot land on its own side's horse on b0".into()))
        );
        // The cannon on e2 is the only piece between the generals.
        assert_eq!(
            why("4k4/9/9/9/9/9/9/4C4/9/4K4 w", "e2d2"),
            Some(("illegal", "e2d2 would leave the two generals facing each other on an open file".into()))
        );
        assert_eq!(
            why("4k4/9/9/9/9/9/9/4r4/4R4/4K4 w", "e1d1"),
            Some(("illegal", "it would leave the red general on e0 attacked from e2".into()))
        );
    }
}
