//! Why a move is illegal, in words and as a value a program can match on.

use core::fmt;

use board_geometry::prose::listed;

use crate::attacks::{elephant_eye, horse_leg};
use board_geometry::{NineByTen, Obstacle};

use crate::{Color, Move, Outcome, Piece, PieceKind, Position, Square, SquareSet};

/// Why a move cannot be played in a position, as [`Position::play`] and
/// [`Position::check_move`] report it. The reasons are checked in the order
/// of the variants: first whether there is a game and a piece of the side to
/// move, then the piece's own rules, then the general's safety.
///
/// ```
/// use xiangqi_rules::{IllegalMove, Position};
///
/// let mut position = Position::start();
/// let refused = position.play("b0b1".parse()?).unwrap_err();
/// assert!(matches!(refused, IllegalMove::CannotMoveSo { .. }));
/// assert_eq!(refused.to_string(), "a horse cannot move from b0 to b1");
/// let refused = position.play("a0a4".parse()?).unwrap_err();
/// assert_eq!(refused.to_string(), "the red chariot on a0 cannot reach a4: the piece on a3 is in the way");
/// # Ok::<(), xiangqi_rules::ParseMoveError>(())
/// ```
pub type IllegalMove = board_geometry::IllegalMove<NineByTen, Color, PieceKind, Move, Outcome, Forbidden>;

/// The rules of xiangqi's own that forbid a move ([`IllegalMove::Forbidden`]),
/// beyond the reasons every game shares: the palace, the river, the
/// cannon's screen, and the general's safety.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Forbidden {
    /// A general or advisor would leave its palace.
    LeavesPalace {
        /// The moving piece.
        piece: Piece,
        /// The move.
        mv: Move,
    },
    /// An elephant would cross the river.
    CrossesRiver {
        /// The moving piece.
        piece: Piece,
        /// The move.
        mv: Move,
    },
    /// A soldier would step sideways before crossing the river.
    SidewaysBeforeRiver {
        /// The moving piece.
        piece: Piece,
        /// The move.
        mv: Move,
    },
    /// A cannon would capture without exactly one piece between it and its target.
    CannonScreen {
        /// The moving cannon.
        piece: Piece,
        /// The move.
        mv: Move,
        /// How many pieces stand between (0, or 2 and more).
        screens: u32,
    },
    /// The move would leave the two generals facing each other on an open file.
    GeneralsFace {
        /// The move.
        mv: Move,
    },
    /// The move would leave the mover's general attacked: a move that ignores
    /// a check, or one that uncovers an attack.
    LeavesGeneralAttacked {
        /// The general's side.
        color: Color,
        /// Where the general would stand.
        general: Square,
        /// The enemy pieces that would attack it.
        attackers: SquareSet,
    },
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Forbidden::LeavesPalace { piece, mv } => {
                write!(f, "the {piece} on {} cannot leave its palace for {}", mv.from, mv.to)
            }
            Forbidden::CrossesRiver { piece, mv } => {
                write!(f, "the {piece} on {} cannot cross the river to {}", mv.from, mv.to)
            }
            Forbidden::SidewaysBeforeRiver { piece, mv } => write!(
                f,
                "the {piece} on {} cannot step sideways to {}: soldiers move only forward until they cross the river",
                mv.from, mv.to
            ),
            Forbidden::CannonScreen { piece, mv, screens: 0 } => write!(
                f,
                "the {piece} on {} cannot capture on {}: a cannon captures only by jumping exactly one piece, \
                 and none stands between",
                mv.from, mv.to
            ),
            Forbidden::CannonScreen { piece, mv, screens } => write!(
                f,
                "the {piece} on {} cannot capture on {}: a cannon captures only by jumping exactly one piece, \
                 and {screens} stand between",
                mv.from, mv.to
            ),
            Forbidden::GeneralsFace { mv } => {
                write!(f, "{mv} would leave the two generals facing each other on an open file")
            }
            Forbidden::LeavesGeneralAttacked { color, general, attackers } => write!(
                f,
                "it would leave the {color} general on {general} attacked from {}",
                listed(attackers, "and", "nowhere")
            ),
        }
    }
}

impl std::error::Error for Forbidden {}

impl Position {
    /// Why `mv` is not legal here, or `Ok` if it is.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::{IllegalMove, Position};
    ///
    /// let position = Position::start();
    /// assert_eq!(position.check_move("h2e2".parse()?), Ok(()));
    /// assert!(matches!(position.check_move("h9g7".parse()?), Err(IllegalMove::NotToMove { .. })));
    /// # Ok::<(), xiangqi_rules::ParseMoveError>(())
    /// ```
    ///
    /// # Errors
    /// The reason, as an [`IllegalMove`].
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) { Ok(()) } else { Err(self.illegality(mv)) }
    }

    /// The reason a move that is not legal is refused. Only asked once the
    /// fast test has failed, so it may take its time.
    fn illegality(&self, mv: Move) -> IllegalMove {
        let board = self.board();
        let piece = match IllegalMove::check_basics(self.outcome(), self.turn(), mv, |at| board.piece_at(at))
        {
            Ok(piece) => piece,
            Err(refused) => return refused,
        };
        if let Some(reason) = self.piece_rule_broken(piece, mv) {
            return reason;
        }
        let mut after = *board;
        after.remove(mv.from);
        after.put(mv.to, piece);
        if after.generals_face_each_other() {
            return IllegalMove::Forbidden(Forbidden::GeneralsFace { mv });
        }
        let general = after.general(piece.color).unwrap_or(mv.to);
        IllegalMove::Forbidden(Forbidden::LeavesGeneralAttacked {
            color: piece.color,
            general,
            attackers: after.attackers(general, piece.color.opponent()),
        })
    }

    /// Which rule of its own kind the piece would break by `mv`, if any.
    fn piece_rule_broken(&self, piece: Piece, mv: Move) -> Option<IllegalMove> {
        let board = self.board();
        let occupied = board.occupied();
        let Move { from, to } = mv;
        let step = from.offset_to(to);
        let (files, ranks) = (step.file.unsigned_abs(), step.rank.unsigned_abs());
        let cannot = IllegalMove::CannotMoveSo { piece, mv };
        let own_palace = piece.color.home_half().palace();
        let between = SquareSet::between(from, to) & occupied;
        let along_a_line = files == 0 || ranks == 0;
        let first_in_the_way = |set: SquareSet, obstacle| {
            let nearest = if from < to { set.first() } else { set.last() };
            nearest.map(|by| IllegalMove::Blocked { piece, mv, by, obstacle })
        };
        match piece.kind {
            PieceKind::General | PieceKind::Advisor => {
                let steps = if piece.kind == PieceKind::General {
                    files + ranks == 1
                } else {
                    files == 1 && ranks == 1
                };
                if !steps {
                    Some(cannot)
                } else if !own_palace.contains(to) {
                    Some(IllegalMove::Forbidden(Forbidden::LeavesPalace { piece, mv }))
                } else {
                    None
                }
            }
            PieceKind::Elephant => match elephant_eye(from, to) {
                None => Some(cannot),
                Some(_) if !piece.color.home_half().squares().contains(to) => {
                    Some(IllegalMove::Forbidden(Forbidden::CrossesRiver { piece, mv }))
                }
                Some(eye) => first_in_the_way(eye & occupied, Obstacle::Eye),
            },
            PieceKind::Horse => match horse_leg(from, to) {
                None => Some(cannot),
                Some(leg) => first_in_the_way(leg & occupied, Obstacle::Leg),
            },
            PieceKind::Chariot if along_a_line => first_in_the_way(between, Obstacle::Piece),
            PieceKind::Cannon if along_a_line => {
                if board.piece_at(to).is_none() {
                    first_in_the_way(between, Obstacle::Piece)
                } else if between.len() == 1 {
                    None
                } else {
                    Some(IllegalMove::Forbidden(Forbidden::CannonScreen {
                        piece,
                        mv,
                        screens: between.len(),
                    }))
                }
            }
            PieceKind::Chariot | PieceKind::Cannon => Some(cannot),
            PieceKind::Soldier => {
                let forward = match piece.color {
                    Color::Red => 1,
                    Color::Black => -1,
                };
                let crossed = !piece.color.home_half().squares().contains(from);
                if step.file == 0 && step.rank == forward {
                    None
                } else if files == 1 && ranks == 0 && !crossed {
                    Some(IllegalMove::Forbidden(Forbidden::SidewaysBeforeRiver { piece, mv }))
                } else if files == 1 && ranks == 0 {
                    None
                } else {
                    Some(cannot)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    /// Why `mv` is refused in the position of `fen`, in words.
    fn refusal(fen: &str, mv: &str) -> String {
        let position: Position = fen.parse().unwrap();
        position.check_move(mv.parse().unwrap()).unwrap_err().to_string()
    }

    #[test]
    fn every_reason_is_told_in_words() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        let cases = [
            (start, "e4e5", "no piece stands on e4"),
            (start, "h9g7", "the black horse on h9 is not red's to move"),
            (start, "e0e0", "the red general on e0 must move to another point"),
            (start, "a0b0", "the red chariot on a0 cannot land on its own side's horse on b0"),
            (start, "b0b1", "a horse cannot move from b0 to b1"),
            (
                start,
                "a3b3",
                "the red soldier on a3 cannot step sideways to b3: soldiers move only forward until they cross the river",
            ),
            (start, "b0d1", "the red horse on b0 cannot reach d1: its leg on c0 is blocked"),
            (start, "a0a4", "the red chariot on a0 cannot reach a4: the piece on a3 is in the way"),
            (
                "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w",
                "c0e2",
                "the red elephant on c0 cannot reach e2: its eye on d1 is blocked",
            ),
            ("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0c0", "the red general on d0 cannot leave its palace for c0"),
            ("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4e6", "the red elephant on c4 cannot cross the river to e6"),
            (
                "r2k5/9/9/9/9/9/9/9/9/C3K4 w",
                "a0a9",
                "the red cannon on a0 cannot capture on a9: a cannon captures only by jumping exactly one piece, and none stands between",
            ),
            (
                "r2k5/n8/9/9/9/9/N8/9/9/C3K4 w",
                "a0a9",
                "the red cannon on a0 cannot capture on a9: a cannon captures only by jumping exactly one piece, and 2 stand between",
            ),
            (
                "3k5/9/9/9/9/9/9/9/9/4K4 w",
                "e0d0",
                "e0d0 would leave the two generals facing each other on an open file",
            ),
            ("3r1k3/9/9/9/9/9/9/9/9/4K4 w", "e0d0", "it would leave the red general on d0 attacked from d9"),
        ];
        for (fen, mv, expected) in cases {
            assert_eq!(refusal(fen, mv), expected, "{mv} in {fen}");
        }
        assert!(refusal("3k5/9/9/9/9/9/9/9/R8/3RK4 b", "d9e9").starts_with("the game is over: "));
    }
}
