//! The judge's answer to a command.

use core::fmt;

use crate::{IllegalMove, Move, Piece, Position};

/// What a valid move did: the judge's `<moved piece>;<removed piece or NA>;<check>;<game over>`.
///
/// ```
/// use duck_rules::Position;
/// use duck_rules::tasks::replay::Verdict;
///
/// let mut position = Position::start();
/// let verdict = Verdict::of(&mut position, "0,3-1,4".parse()?);
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
}

impl Verdict {
    /// Appends the judge's line and a newline to `line`: the same text as
    /// `Display`, without the formatting machinery, for the judge's hot loop.
    pub(crate) fn append_line(&self, line: &mut Vec<u8>) {
        let mut piece = |piece: Piece| {
            line.extend_from_slice(piece.color.name().as_bytes());
            line.push(b' ');
            line.extend_from_slice(piece.kind.name().as_bytes());
            line.push(b';');
        };
        match self {
            Verdict::Invalid(_) => line.extend_from_slice(Verdict::INVALID_TEXT.as_bytes()),
            Verdict::Valid(report) => {
                piece(report.piece);
                match report.removed {
                    Some(removed) => piece(removed),
                    None => line.extend_from_slice(b"NA;"),
                }
                line.extend_from_slice(yes_no(report.check).as_bytes());
                line.push(b';');
                line.extend_from_slice(yes_no(report.game_over).as_bytes());
            }
        }
        line.push(b'\n');
    }
}

impl Verdict {
    /// Plays the command `mv` on `position` if it is legal, and gives the
    /// judge's answer: what the move did, or why it was refused (the position
    /// is then unchanged).
    pub fn of(position: &mut Position, mv: Move) -> Verdict {
        let board = position.board();
        let (piece, removed) = (board.piece_at(mv.from), board.piece_at(mv.to));
        match (position.play(mv), piece) {
            (Ok(()), Some(piece)) => Verdict::Valid(MoveReport {
                played: mv,
                piece,
                removed,
                check: position.is_check(),
                game_over: position.is_game_over(),
            }),
            (Err(reason), _) => Verdict::Invalid(reason),
            (Ok(()), None) => unreachable!("a legal move starts from a piece"),
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
    use crate::{COORDINATES, Color, Outcome, PieceKind};

    #[test]
    fn judge_lines_match_display() {
        let m = Move::new(COORDINATES.square(0, 0).unwrap(), COORDINATES.square(1, 0).unwrap());
        let mut verdicts = vec![Verdict::Invalid(IllegalMove::GameOver {
            outcome: Outcome::CaptainTaken { winner: Color::Red },
        })];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for removed in [None, Some(Piece::new(!color, kind))] {
                    for (check, game_over) in [(false, false), (true, false), (false, true)] {
                        let piece = Piece::new(color, kind);
                        verdicts.push(Verdict::Valid(MoveReport {
                            played: m,
                            piece,
                            removed,
                            check,
                            game_over,
                        }));
                    }
                }
            }
        }
        for verdict in verdicts {
            let mut line = Vec::new();
            verdict.append_line(&mut line);
            assert_eq!(String::from_utf8(line).unwrap(), format!("{verdict}\n"));
        }
        let report = MoveReport {
            played: m,
            piece: Piece::new(Color::Red, PieceKind::Duck),
            removed: Some(Piece::new(Color::Blue, PieceKind::Captain)),
            check: false,
            game_over: true,
        };
        assert_eq!(Verdict::Valid(report).to_string(), "red duck;blue captain;no;yes");
        assert_eq!(
            Verdict::Invalid(IllegalMove::GameOver { outcome: Outcome::CaptainTaken { winner: Color::Red } })
                .to_string(),
            "Invalid command"
        );
    }
}
