//! How each kind of piece moves, in board-geometry's vocabulary of leaps and rays.

use board_geometry::{Direction, Leap, Offset};

use crate::PieceKind;

/// The moves of one kind of piece, as geometry: which points it can reach from
/// where it stands, given which points are occupied. Capturing is the same for
/// every kind (a move may end on an enemy piece, never on a friendly one) and is
/// not part of the movement.
///
/// Offsets and leaps are board-geometry's, which count files (columns) to the
/// right and ranks (rows) up; every set used here is symmetric under swapping
/// rows and columns, so it reads the same in the task's `(row, column)` terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Movement {
    /// A jump to each of these leaps' landing points that is on the board and
    /// whose blocking points are all empty. A leap without blocking points is a
    /// plain step.
    Leaps(&'static [Leap]),
    /// Any distance along each of these directions, up to and including the
    /// first occupied point, without passing over a piece.
    Slides(&'static [Direction]),
}

const fn steps<const N: usize>(offsets: [Offset; N]) -> [Leap; N] {
    let mut leaps = [Leap::step(Offset::new(0, 0)); N];
    let mut i = 0;
    while i < N {
        leaps[i] = Leap::step(offsets[i]);
        i += 1;
    }
    leaps
}

/// The captain's steps: one point orthogonally, `(x±1, y)` and `(x, y±1)`.
const CAPTAIN: [Leap; 4] = steps(Offset::ORTHOGONAL);
/// The guard's steps: one point diagonally, `(x±1, y±1)`.
const GUARD: [Leap; 4] = steps(Offset::DIAGONAL);
/// The soldier's steps: any of the eight neighbouring points.
const SOLDIER: [Leap; 8] = steps(Offset::NEIGHBOURS);

impl PieceKind {
    /// How pieces of this kind move.
    ///
    /// - captain: orthogonal steps; guard: diagonal steps; soldier: steps to all
    ///   eight neighbours ([`Offset::ORTHOGONAL`], [`Offset::DIAGONAL`],
    ///   [`Offset::NEIGHBOURS`] as unblockable leaps);
    /// - elephant, horse, duck: [`Leap::ELEPHANT`], [`Leap::HORSE`] and
    ///   [`Leap::DUCK`], the elephant's eye, the horse's leg and the duck's two
    ///   points being their blocking points;
    /// - car: slides along [`Direction::ORTHOGONAL`].
    ///
    /// ```
    /// use duck_rules::{Direction, Leap, Movement, PieceKind};
    ///
    /// assert_eq!(PieceKind::Duck.movement(), Movement::Leaps(&Leap::DUCK));
    /// assert_eq!(PieceKind::Car.movement(), Movement::Slides(&Direction::ORTHOGONAL));
    /// ```
    #[must_use]
    pub const fn movement(self) -> Movement {
        match self {
            PieceKind::Captain => Movement::Leaps(&CAPTAIN),
            PieceKind::Guard => Movement::Leaps(&GUARD),
            PieceKind::Elephant => Movement::Leaps(&Leap::ELEPHANT),
            PieceKind::Horse => Movement::Leaps(&Leap::HORSE),
            PieceKind::Car => Movement::Slides(&Direction::ORTHOGONAL),
            PieceKind::Duck => Movement::Leaps(&Leap::DUCK),
            PieceKind::Soldier => Movement::Leaps(&SOLDIER),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The statement's moves of each leaping kind, in (row, column) offsets:
    /// (target, points that must be empty). Written from the statement, not
    /// from board-geometry.
    /// A leap in (row, column) offsets: where it lands, and the points that must be empty.
    type RowColumnLeap = ((i8, i8), Vec<(i8, i8)>);

    fn statement_leaps(kind: PieceKind) -> BTreeSet<RowColumnLeap> {
        let mut leaps = BTreeSet::new();
        for sx in [1i8, -1] {
            for sy in [1i8, -1] {
                match kind {
                    PieceKind::Captain => {
                        leaps.insert(((sx, 0), vec![]));
                        leaps.insert(((0, sy), vec![]));
                    }
                    PieceKind::Guard => {
                        leaps.insert(((sx, sy), vec![]));
                    }
                    PieceKind::Soldier => {
                        leaps.insert(((sx, sy), vec![]));
                        leaps.insert(((sx, 0), vec![]));
                        leaps.insert(((0, sy), vec![]));
                    }
                    PieceKind::Elephant => {
                        leaps.insert(((2 * sx, 2 * sy), vec![(sx, sy)]));
                    }
                    PieceKind::Horse => {
                        leaps.insert(((2 * sx, sy), vec![(sx, 0)]));
                        leaps.insert(((sx, 2 * sy), vec![(0, sy)]));
                    }
                    PieceKind::Duck => {
                        leaps.insert(((3 * sx, 2 * sy), vec![(sx, 0), (2 * sx, sy)]));
                        leaps.insert(((2 * sx, 3 * sy), vec![(0, sy), (sx, 2 * sy)]));
                    }
                    PieceKind::Car => {}
                }
            }
        }
        leaps
    }

    #[test]
    fn leaping_kinds_move_as_the_statement_says() {
        for kind in PieceKind::ALL {
            match kind.movement() {
                Movement::Leaps(leaps) => {
                    // board-geometry offsets are (file, rank) = (column, row).
                    let actual: BTreeSet<_> = leaps
                        .iter()
                        .map(|leap| {
                            let t = leap.target();
                            let blocking = leap.blocking().iter().map(|b| (b.rank, b.file)).collect();
                            ((t.rank, t.file), blocking)
                        })
                        .collect();
                    assert_eq!(actual.len(), leaps.len(), "{kind}: a leap is listed twice");
                    assert_eq!(actual, statement_leaps(kind), "{kind}");
                }
                Movement::Slides(directions) => {
                    assert_eq!(kind, PieceKind::Car);
                    let actual: BTreeSet<_> =
                        directions.iter().map(|d| (d.offset().rank, d.offset().file)).collect();
                    assert_eq!(actual, BTreeSet::from([(1, 0), (-1, 0), (0, 1), (0, -1)]));
                }
            }
        }
    }
}
