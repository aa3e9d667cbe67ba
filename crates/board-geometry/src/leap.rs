//! Leaps: jumps to a fixed offset that intermediate points can block.

use core::fmt;

use crate::{Grid, Offset, Square};

/// The most blocking points a leap may have.
pub const MAX_BLOCKING_POINTS: usize = 2;

/// A jump by a fixed offset that is possible only while its blocking points are empty.
///
/// The xiangqi horse's leg, the elephant's eye and the duck's two points are all
/// blocking points: offsets, relative to the square the leap starts from, that
/// must be empty for the leap to be made. A leap with no blocking points is a
/// plain step.
///
/// ```
/// use board_geometry::{Leap, NineByTen, Offset, Square};
///
/// let b0: Square<NineByTen> = "b0".parse()?;
/// let c2: Square<NineByTen> = "c2".parse()?;
/// let b1: Square<NineByTen> = "b1".parse()?;
/// let up_right = Leap::new(Offset::new(1, 2), &[Offset::new(0, 1)]);
/// assert_eq!(b0.leap(up_right, |_| false), Some(c2));
/// assert_eq!(b0.leap(up_right, |square| square == b1), None); // hobbled leg
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Leap {
    target: Offset,
    blocking: [Offset; MAX_BLOCKING_POINTS],
    blocking_len: u8,
}

impl Leap {
    /// The xiangqi horse (and the duck-chess horse): one step orthogonally, then one
    /// diagonally outward, blocked by the orthogonally adjacent point (the leg).
    /// Built from the leap `(1, 2)` with leg `(0, 1)` by [`Leap::symmetries`].
    pub const HORSE: [Leap; 8] = Leap::new(Offset::new(1, 2), &[Offset::new(0, 1)]).symmetries();

    /// The xiangqi elephant (and the duck-chess elephant): two steps diagonally,
    /// blocked by the midpoint (the eye). Built from `(2, 2)` with eye `(1, 1)` by
    /// [`Leap::reflections`]. The xiangqi river is a rule of the game, not of the leap.
    pub const ELEPHANT: [Leap; 4] = Leap::new(Offset::new(2, 2), &[Offset::new(1, 1)]).reflections();

    /// The duck of duck chess: a `(2, 3)` jump blocked by `(0, 1)` and `(1, 2)`:
    /// one step orthogonally, then two diagonally outward, each point passed
    /// over having to be empty. Built by [`Leap::symmetries`].
    pub const DUCK: [Leap; 8] =
        Leap::new(Offset::new(2, 3), &[Offset::new(0, 1), Offset::new(1, 2)]).symmetries();

    /// A leap to `target` that each point of `blocking` (relative to the start) can block.
    ///
    /// # Panics
    /// If `blocking` has more than [`MAX_BLOCKING_POINTS`] points. Leaps are
    /// constants of a game's definition, so this fails at compile time when used in a `const`.
    #[must_use]
    pub const fn new(target: Offset, blocking: &[Offset]) -> Leap {
        assert!(blocking.len() <= MAX_BLOCKING_POINTS, "a leap has at most two blocking points");
        let mut points = [Offset::new(0, 0); MAX_BLOCKING_POINTS];
        let mut i = 0;
        while i < blocking.len() {
            points[i] = blocking[i];
            i += 1;
        }
        Leap { target, blocking: points, blocking_len: blocking.len() as u8 }
    }

    /// A step to `target` that nothing can block.
    #[must_use]
    pub const fn step(target: Offset) -> Leap {
        Leap::new(target, &[])
    }

    /// Where the leap lands, relative to its start.
    #[must_use]
    pub const fn target(&self) -> Offset {
        self.target
    }

    /// The points that must be empty, relative to the start.
    #[must_use]
    pub const fn blocking(&self) -> &[Offset] {
        self.blocking.split_at(self.blocking_len as usize).0
    }

    /// The leap with every offset mirrored by the given signs (`1` or `-1`).
    #[must_use]
    pub const fn reflected(self, file_sign: i8, rank_sign: i8) -> Leap {
        let mut leap = self;
        leap.target = self.target.reflected(file_sign, rank_sign);
        let mut i = 0;
        while i < MAX_BLOCKING_POINTS {
            leap.blocking[i] = self.blocking[i].reflected(file_sign, rank_sign);
            i += 1;
        }
        leap
    }

    /// The leap with files and ranks exchanged in every offset.
    #[must_use]
    pub const fn transposed(self) -> Leap {
        let mut leap = self;
        leap.target = self.target.transposed();
        let mut i = 0;
        while i < MAX_BLOCKING_POINTS {
            leap.blocking[i] = self.blocking[i].transposed();
            i += 1;
        }
        leap
    }

    /// The four mirror images of the leap in the two axes, in the order
    /// `(+,+)`, `(-,+)`, `(+,-)`, `(-,-)` of the (file, rank) signs.
    #[must_use]
    pub const fn reflections(self) -> [Leap; 4] {
        [self, self.reflected(-1, 1), self.reflected(1, -1), self.reflected(-1, -1)]
    }

    /// The eight images of the leap under the symmetries of the square:
    /// the four [`reflections`](Leap::reflections) of the leap, then the four of its
    /// [`transposed`](Leap::transposed) form.
    #[must_use]
    pub const fn symmetries(self) -> [Leap; 8] {
        let [a, b, c, d] = self.reflections();
        let [e, f, g, h] = self.transposed().reflections();
        [a, b, c, d, e, f, g, h]
    }

    /// The leap made from `start`: its landing square and blocking squares, or
    /// `None` if it would leave the grid.
    #[must_use]
    pub fn from<G: Grid>(&self, start: Square<G>) -> Option<Landing<G>> {
        let target = start.offset(self.target)?;
        let mut blocking = [target; MAX_BLOCKING_POINTS];
        for (slot, point) in blocking.iter_mut().zip(self.blocking()) {
            // Blocking points lie inside the box spanned by start and target, so
            // they are on the grid whenever the target is.
            *slot = start.offset(*point)?;
        }
        Some(Landing { target, blocking, blocking_len: self.blocking_len })
    }
}

impl fmt::Debug for Leap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Leap").field("target", &self.target).field("blocking", &self.blocking()).finish()
    }
}

/// A [`Leap`] made from a particular square: where it lands and which squares can block it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Landing<G: Grid> {
    target: Square<G>,
    blocking: [Square<G>; MAX_BLOCKING_POINTS],
    blocking_len: u8,
}

impl<G: Grid> Landing<G> {
    /// The square the leap lands on.
    #[must_use]
    pub const fn target(&self) -> Square<G> {
        self.target
    }

    /// The squares that must be empty for the leap to be made.
    pub fn blocking(&self) -> impl ExactSizeIterator<Item = Square<G>> + Clone + '_ {
        self.blocking[..self.blocking_len as usize].iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::on_every_grid;
    use crate::{NineByTen, SquareSet};
    use std::collections::BTreeSet;

    fn targets(leaps: &[Leap]) -> BTreeSet<(i8, i8)> {
        leaps.iter().map(|l| (l.target().file, l.target().rank)).collect()
    }

    #[test]
    fn horse_leaps_are_the_eight_knight_jumps_with_the_leg_beside_the_start() {
        assert_eq!(
            targets(&Leap::HORSE),
            BTreeSet::from([(1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1)])
        );
        for leap in Leap::HORSE {
            let t = leap.target();
            // The leg is one unit step along the component of length 2.
            let leg = if t.rank.abs() == 2 { Offset::new(0, t.rank / 2) } else { Offset::new(t.file / 2, 0) };
            assert_eq!(leap.blocking(), [leg], "{leap:?}");
        }
    }

    #[test]
    fn elephant_leaps_are_the_four_double_diagonals_with_the_eye_in_the_middle() {
        assert_eq!(targets(&Leap::ELEPHANT), BTreeSet::from([(2, 2), (-2, 2), (2, -2), (-2, -2)]));
        for leap in Leap::ELEPHANT {
            let t = leap.target();
            assert_eq!(leap.blocking(), [Offset::new(t.file / 2, t.rank / 2)]);
        }
    }

    #[test]
    fn duck_leaps_match_the_duck_chess_statement() {
        // In (row x, column y) = (rank, file) terms the statement says: to
        // (x+3sx, y+2sy) past (x+sx, y) and (x+2sx, y+sy); to (x+2sx, y+3sy)
        // past (x, y+sy) and (x+sx, y+2sy).
        let mut expected = BTreeSet::new();
        for sx in [1i8, -1] {
            for sy in [1i8, -1] {
                expected.insert(((2 * sy, 3 * sx), vec![(0, sx), (sy, 2 * sx)]));
                expected.insert(((3 * sy, 2 * sx), vec![(sy, 0), (2 * sy, sx)]));
            }
        }
        let actual: BTreeSet<_> = Leap::DUCK
            .iter()
            .map(|l| {
                let t = l.target();
                ((t.file, t.rank), l.blocking().iter().map(|b| (b.file, b.rank)).collect::<Vec<_>>())
            })
            .collect();
        assert_eq!(actual, expected);
    }

    fn check_landings<G: Grid>() {
        for start in Square::<G>::all() {
            for leap in Leap::HORSE.iter().chain(&Leap::ELEPHANT).chain(&Leap::DUCK) {
                let landing = leap.from(start);
                assert_eq!(landing.map(|l| l.target()), start.offset(leap.target()), "{start:?} {leap:?}");
                if let Some(landing) = landing {
                    let expected: Vec<_> =
                        leap.blocking().iter().map(|&b| start.offset(b).unwrap()).collect();
                    assert_eq!(landing.blocking().collect::<Vec<_>>(), expected);
                    // Blocked by exactly its own blocking points.
                    for blocker in Square::<G>::all() {
                        let blocked = start.leap(*leap, |s| s == blocker).is_none();
                        assert_eq!(blocked, expected.contains(&blocker));
                    }
                }
            }
        }
    }

    #[test]
    fn leaps_from_every_square_land_on_the_board_or_not_at_all() {
        on_every_grid!(check_landings);
    }

    #[test]
    fn a_horse_in_the_corner_has_two_jumps() {
        let a0: Square<NineByTen> = "a0".parse().unwrap();
        let targets: SquareSet<NineByTen> =
            Leap::HORSE.iter().filter_map(|&l| a0.leap(l, |_| false)).collect();
        let expected: SquareSet<NineByTen> = ["b2", "c1"].iter().map(|s| s.parse().unwrap()).collect();
        assert_eq!(targets, expected);
    }
}
