//! The judge's answer to a command.

use core::fmt;

use crate::{IllegalMove, Move, Piece, PieceKind, Position};

/// What a valid move did: the judge's `<moved piece>;<removed piece or NA>;<check>;<game over>`.
///
/// ```
/// use duck_rules::{JudgeMove, Position};
/// use duck_rules::tasks::replay::Verdict;
///
/// let mut position = Position::start();
/// // The judge's command `0 3 1 4`, red's guard from d0 to e1.
/// let verdict = Verdict::of(&mut position, "0 3 1 4".parse::<JudgeMove>()?.to_move());
/// assert_eq!(verdict.to_string(), "red guard;NA;no;no");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveReport {
    /// The move made.
    pub played: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The enemy piece removed from the target, if any.
    pub removed: Option<Piece>,
    /// Whether, after the move, some piece of either side could move onto the
    /// other side's captain. Always `false` when the move ends the game.
    pub check: bool,
    /// Whether the move removed a captain and so ended the game.
    pub game_over: bool,
}

fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

impl fmt::Display for MoveReport {
    /// Writes the judge's line, such as `red duck;blue captain;no;yes`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};", self.piece)?;
        match self.removed {
            Some(piece) => write!(f, "{piece};")?,
            None => f.write_str("NA;")?,
        }
        write!(f, "{};{}", yes_no(self.check), yes_no(self.game_over))
    }
}

/// The judge's answer to one command: a valid move with its report, or an
/// invalid command with the reason (which the judge does not print).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The move was made.
    Valid(MoveReport),
    /// The command was ignored.
    Invalid(IllegalMove),
}

impl Verdict {
    /// The judge's text for an invalid command.
    pub const INVALID_TEXT: &'static str = "Invalid command";

    /// Whether the move was made.
    #[must_use]
    pub const fn is_valid(&self) -> bool {
        matches!(self, Verdict::Valid(_))
    }

    /// What the move did, if it was made.
    #[must_use]
    pub const fn report(&self) -> Option<&MoveReport> {
        match self {
            Verdict::Valid(report) => Some(report),
            Verdict::Invalid(_) => None,
        }
    }
}

impl Verdict {
    /// Plays the command `mv` on `position` if it is legal, and gives the
    /// judge's answer: what the move did, or why it was refused (the position
    /// is then unchanged).
    #[inline]
    pub fn of(position: &mut Position, mv: Move) -> Verdict {
        match position.play_reporting(mv) {
            Ok((piece, removed)) => {
                // A position keeps at most one captain a side, so removing
                // one ends the game, and a game that has ended has no check.
                let game_over = removed.is_some_and(|removed| removed.kind == PieceKind::Captain);
                let check = !game_over && position.is_check();
                Verdict::Valid(MoveReport { played: mv, piece, removed, check, game_over })
            }
            Err(reason) => Verdict::Invalid(reason),
        }
    }
}

impl fmt::Display for Verdict {
    /// Writes the judge's line: the report, or `Invalid command`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Valid(report) => write!(f, "{report}"),
            Verdict::Invalid(_) => f.write_str(Verdict::INVALID_TEXT),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{COORDINATES, Color, Outcome};

    #[test]
    fn reports_read_as_the_judge_writes_them() {
        let m = Move::new(COORDINATES.square(0, 0).unwrap(), COORDINATES.square(1, 0).unwrap());
        let report = MoveReport {
            played: m,
            piece: Piece::new(Color::Red, PieceKind::Duck),
            removed: Some(Piece::new(Color::Blue, PieceKind::Captain)),
            check: false,
            game_over: true,
        };
        assert_eq!(Verdict::Valid(report).to_string(), "red duck;blue captain;no;yes");
        let report = MoveReport { removed: None, check: true, game_over: false, ..report };
        assert_eq!(Verdict::Valid(report).to_string(), "red duck;NA;yes;no");
        assert_eq!(Verdict::Valid(report).report(), Some(&report));
        let invalid =
            Verdict::Invalid(IllegalMove::GameOver { outcome: Outcome::CaptainTaken { winner: Color::Red } });
        assert_eq!(invalid.to_string(), "Invalid command");
        assert_eq!(invalid.report(), None);
    }
}
