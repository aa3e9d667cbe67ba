//! What can make a setup unplayable, in words a player understands.

use core::fmt;

use board_geometry::Half;
use board_geometry::prose::listed;

use crate::{Color, PieceKind, Square, SquareSet};

/// One reason a [`Setup`](crate::Setup) is not a legal position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// The side has no general.
    MissingGeneral {
        /// The side.
        color: Color,
    },
    /// The side has more than one general.
    ExtraGenerals {
        /// The side.
        color: Color,
        /// Where its generals stand.
        squares: SquareSet,
    },
    /// A general stands outside its palace.
    GeneralOutsidePalace {
        /// The general's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// An advisor stands on a point advisors never reach.
    AdvisorMisplaced {
        /// The advisor's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// An elephant stands on a point elephants never reach.
    ElephantMisplaced {
        /// The elephant's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A soldier stands behind its starting rank, or beside the starting files before the river.
    SoldierMisplaced {
        /// The soldier's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A side has more pieces of a kind than it starts with.
    TooMany {
        /// The side.
        color: Color,
        /// The kind.
        kind: PieceKind,
        /// How many it has.
        count: u32,
    },
    /// A side has more than sixteen pieces.
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// The side that is not to move has its general attacked: it could be captured.
    OpponentInCheck {
        /// The side not to move.
        color: Color,
        /// Its general.
        general: Square,
        /// The pieces attacking it.
        attackers: SquareSet,
    },
}

impl Problem {
    /// Whether this problem is about having more pieces than the rules allow,
    /// which move generation does not mind (see
    /// [`PositionError::ignore_too_much_material`](crate::PositionError::ignore_too_much_material)).
    #[must_use]
    pub const fn is_too_much_material(&self) -> bool {
        matches!(self, Problem::TooMany { .. })
    }
}

const RED_ADVISOR_POINTS: SquareSet = SquareSet::at_coords(&[(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]);
const RED_ELEPHANT_POINTS: SquareSet =
    SquareSet::at_coords(&[(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]);
/// Before the river a soldier only moves forward, so it stays on its starting file.
const RED_SOLDIER_POINTS_BEFORE_RIVER: SquareSet =
    SquareSet::at_coords(&[(0, 3), (2, 3), (4, 3), (6, 3), (8, 3), (0, 4), (2, 4), (4, 4), (6, 4), (8, 4)]);

const RED_SOLDIER_POINTS: SquareSet = RED_SOLDIER_POINTS_BEFORE_RIVER.union(Half::Upper.squares());

/// `REACHABLE[color][kind]`: the points a piece can ever stand on.
const REACHABLE: [[SquareSet; 7]; 2] = {
    let red = [
        Half::Lower.palace(),
        RED_ADVISOR_POINTS,
        RED_ELEPHANT_POINTS,
        SquareSet::FULL,
        SquareSet::FULL,
        SquareSet::FULL,
        RED_SOLDIER_POINTS,
    ];
    let mut black = red;
    let mut kind = 0;
    while kind < 7 {
        black[kind] = red[kind].flip_ranks();
        kind += 1;
    }
    [red, black]
};

/// The points a piece of `color` and `kind` can ever stand on.
#[must_use]
pub(crate) const fn reachable(color: Color, kind: PieceKind) -> SquareSet {
    REACHABLE[color.index()][kind.index()]
}

/// `a0`, `a0 and b1`, `a0, b1 and c2` (or with another conjunction).
fn list(set: SquareSet, conjunction: &str) -> String {
    listed(set, conjunction, "nowhere")
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::MissingGeneral { color } => write!(f, "{color} has no general"),
            Problem::ExtraGenerals { color, squares } => {
                write!(
                    f,
                    "{color} has {} generals (on {}); a side has exactly one",
                    squares.len(),
                    list(squares, "and")
                )
            }
            Problem::GeneralOutsidePalace { color, square } => {
                let palace = match color {
                    Color::Red => "d0-f2",
                    Color::Black => "d7-f9",
                };
                write!(f, "the {color} general on {square} is outside its palace ({palace})")
            }
            Problem::AdvisorMisplaced { color, square } => write!(
                f,
                "the {color} advisor on {square} is where no advisor can ever be: {color} advisors stand on {}",
                list(reachable(color, PieceKind::Advisor), "or")
            ),
            Problem::ElephantMisplaced { color, square } => write!(
                f,
                "the {color} elephant on {square} is where no elephant can ever be: {color} elephants stand on {}",
                list(reachable(color, PieceKind::Elephant), "or")
            ),
            Problem::SoldierMisplaced { color, square } => {
                let behind = match color {
                    Color::Red => square.rank().index() < 3,
                    Color::Black => square.rank().index() > 6,
                };
                if behind {
                    write!(
                        f,
                        "the {color} soldier on {square} is behind its starting rank; soldiers never move back"
                    )
                } else {
                    write!(
                        f,
                        "the {color} soldier on {square} is where no soldier can be before crossing the river: \
                         until then soldiers stay on files a, c, e, g and i"
                    )
                }
            }
            Problem::TooMany { color, kind, count } => {
                write!(f, "{color} has {count} {}; a side has at most {}", kind.plural(), kind.max_count())
            }
            Problem::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} pieces; a side has at most 16")
            }
            Problem::OpponentInCheck { color, general, attackers } => write!(
                f,
                "{color} is not to move, yet its general on {general} is attacked from {}, so it could be captured",
                list(attackers, "and")
            ),
        }
    }
}
