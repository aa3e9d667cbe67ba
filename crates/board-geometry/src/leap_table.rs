//! Precomputed leaps: where blockable jumps land from every square, and where they come from.

use crate::{Grid, Leap, Square, SquareSet};

/// Landing squares of leaps that share their blocking points: all of them
/// are reachable exactly when every square of `blocking` is empty.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LeapGroup<G: Grid> {
    blocking: SquareSet<G>,
    squares: SquareSet<G>,
}

impl<G: Grid> LeapGroup<G> {
    const EMPTY: LeapGroup<G> = LeapGroup { blocking: SquareSet::EMPTY, squares: SquareSet::EMPTY };

    /// The squares that must be empty (none for a plain step).
    #[must_use]
    pub const fn blocking(&self) -> SquareSet<G> {
        self.blocking
    }

    /// The squares reached (or, seen backwards, the squares leapt from).
    #[must_use]
    pub const fn squares(&self) -> SquareSet<G> {
        self.squares
    }
}

/// A set of [`Leap`]s made from every square of grid `G`, precomputed and
/// grouped by blocking points, both forwards (where a leaper on a square can
/// land) and backwards (from where a leaper can land on a square, which is
/// what attack tests ask).
///
/// Leaps with the same blocking points share a group, so one test answers
/// for all of them: the xiangqi horse's eight jumps make four groups (one per
/// leg), a king's steps make one. `GROUPS` is the most groups any square needs,
/// counted both ways; building the table fails at compile time if it is too small.
///
/// ```
/// use board_geometry::{Leap, LeapTable, NineByTen, Square, SquareSet};
///
/// static HORSE: LeapTable<NineByTen, 4> = LeapTable::new(&Leap::HORSE);
///
/// let b0: Square<NineByTen> = "b0".parse()?;
/// let leg: Square<NineByTen> = "b1".parse()?;
/// let targets = HORSE.targets(b0, SquareSet::from_square(leg));
/// assert_eq!(targets, SquareSet::from_square("d1".parse()?)); // a2 and c2 are behind the leg
/// let c2: Square<NineByTen> = "c2".parse()?;
/// assert!(HORSE.sources(c2, SquareSet::EMPTY).contains(b0));
/// assert!(!HORSE.sources(c2, SquareSet::from_square(leg)).contains(b0));
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LeapTable<G: Grid, const GROUPS: usize> {
    forward: [[LeapGroup<G>; GROUPS]; 128],
    backward: [[LeapGroup<G>; GROUPS]; 128],
}

/// Adds `square` to the group of `groups` with these blocking points, or to a free group.
const fn add<G: Grid, const GROUPS: usize>(
    groups: &mut [LeapGroup<G>; GROUPS],
    blocking: SquareSet<G>,
    square: Square<G>,
) {
    let mut i = 0;
    while i < GROUPS {
        let group = &mut groups[i];
        let free = group.squares.is_empty();
        if free || group.blocking.bits() == blocking.bits() {
            group.blocking = blocking;
            group.squares = group.squares.with(square);
            return;
        }
        i += 1;
    }
    panic!("a leap table has too few groups for its leaps");
}

impl<G: Grid, const GROUPS: usize> LeapTable<G, GROUPS> {
    /// The table of `leaps` (built at compile time when used in a `static`).
    ///
    /// # Panics
    /// If some square needs more than `GROUPS` groups; in a `static` that is a
    /// compile-time error.
    #[must_use]
    pub const fn new(leaps: &[Leap]) -> Self {
        let mut table = LeapTable {
            forward: [[LeapGroup::EMPTY; GROUPS]; 128],
            backward: [[LeapGroup::EMPTY; GROUPS]; 128],
        };
        let mut index = 0;
        while index < G::SQUARES {
            if let Some(from) = Square::<G>::from_index(index) {
                let mut l = 0;
                while l < leaps.len() {
                    let leap = leaps[l];
                    if let Some(to) = from.offset(leap.target()) {
                        let mut blocking = SquareSet::EMPTY;
                        let points = leap.blocking();
                        let mut p = 0;
                        while p < points.len() {
                            // Blocking points lie between the start and the landing, so on the grid.
                            if let Some(point) = from.offset(points[p]) {
                                blocking = blocking.with(point);
                            }
                            p += 1;
                        }
                        add(&mut table.forward[from.index() as usize], blocking, to);
                        add(&mut table.backward[to.index() as usize], blocking, from);
                    }
                    l += 1;
                }
            }
            index += 1;
        }
        table
    }

    /// The groups of leaps from `from`; unused groups are empty.
    #[inline]
    #[must_use]
    pub fn groups(&self, from: Square<G>) -> &[LeapGroup<G>; GROUPS] {
        &self.forward[usize::from(from.index())]
    }

    /// The groups of leaps landing on `to`, seen backwards: each group's
    /// squares are where the leaps start; unused groups are empty.
    #[inline]
    #[must_use]
    pub fn source_groups(&self, to: Square<G>) -> &[LeapGroup<G>; GROUPS] {
        &self.backward[usize::from(to.index())]
    }

    /// Where the leaps from `from` land when `occupied` holds the pieces:
    /// every landing whose blocking points are empty, occupied or not itself.
    #[inline]
    #[must_use]
    pub fn targets(&self, from: Square<G>, occupied: SquareSet<G>) -> SquareSet<G> {
        reachable(&self.forward[usize::from(from.index())], occupied)
    }

    /// The squares from which a leap lands on `to` when `occupied` holds the pieces.
    #[inline]
    #[must_use]
    pub fn sources(&self, to: Square<G>, occupied: SquareSet<G>) -> SquareSet<G> {
        reachable(&self.backward[usize::from(to.index())], occupied)
    }

    /// Every landing of the leaps from `from` on an empty board.
    #[must_use]
    pub fn landings(&self, from: Square<G>) -> SquareSet<G> {
        self.targets(from, SquareSet::EMPTY)
    }

    /// The blocking points of the leap from `from` to `to`; `None` if no leap goes there.
    #[must_use]
    pub fn blocking(&self, from: Square<G>, to: Square<G>) -> Option<SquareSet<G>> {
        self.groups(from).iter().find(|group| group.squares.contains(to)).map(|group| group.blocking)
    }
}

#[inline]
fn reachable<G: Grid, const GROUPS: usize>(
    groups: &[LeapGroup<G>; GROUPS],
    occupied: SquareSet<G>,
) -> SquareSet<G> {
    let mut reach = SquareSet::EMPTY;
    for group in groups {
        if !group.blocking.intersects(occupied) {
            reach |= group.squares;
        }
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_occupancies;
    use crate::{EightByEight, NineByTen, Offset};

    static HORSE: LeapTable<NineByTen, 4> = LeapTable::new(&Leap::HORSE);
    static ELEPHANT: LeapTable<NineByTen, 4> = LeapTable::new(&Leap::ELEPHANT);
    static DUCK: LeapTable<NineByTen, 8> = LeapTable::new(&Leap::DUCK);
    static KNIGHT: LeapTable<EightByEight, 8> =
        LeapTable::new(&Leap::new(Offset::new(1, 2), &[]).symmetries());
    static KING: LeapTable<EightByEight, 1> = LeapTable::new(&[
        Leap::step(Offset::UP),
        Leap::step(Offset::DOWN),
        Leap::step(Offset::LEFT),
        Leap::step(Offset::RIGHT),
    ]);

    fn check<G: Grid, const N: usize>(table: &LeapTable<G, N>, leaps: &[Leap]) {
        for occupied in random_occupancies::<G>(11, 60) {
            for from in Square::<G>::all() {
                let walked: SquareSet<G> =
                    leaps.iter().filter_map(|&leap| from.leap(leap, |s| occupied.contains(s))).collect();
                assert_eq!(table.targets(from, occupied), walked, "{from:?} {occupied:?}");
                for to in Square::<G>::all() {
                    assert_eq!(table.sources(to, occupied).contains(from), walked.contains(to));
                    let leap = leaps.iter().find(|leap| from.offset(leap.target()) == Some(to));
                    let blocking = leap.map(|leap| {
                        leap.blocking().iter().filter_map(|&b| from.offset(b)).collect::<SquareSet<G>>()
                    });
                    assert_eq!(table.blocking(from, to), blocking);
                }
            }
        }
    }

    #[test]
    fn tables_agree_with_making_each_leap() {
        check(&HORSE, &Leap::HORSE);
        check(&ELEPHANT, &Leap::ELEPHANT);
        check(&DUCK, &Leap::DUCK);
        check(&KNIGHT, &Leap::new(Offset::new(1, 2), &[]).symmetries());
        let king = [Offset::UP, Offset::DOWN, Offset::LEFT, Offset::RIGHT].map(Leap::step);
        check(&KING, &king);
    }

    #[test]
    fn leaps_sharing_blocking_points_share_a_group() {
        let e4: Square<NineByTen> = "e4".parse().unwrap();
        let legs: Vec<u32> = HORSE.groups(e4).iter().map(|g| g.squares().len()).collect();
        assert_eq!(legs, [2, 2, 2, 2], "each leg guards two jumps");
        let a0: Square<NineByTen> = "a0".parse().unwrap();
        assert_eq!(HORSE.groups(a0).iter().filter(|g| !g.squares().is_empty()).count(), 2);
        assert_eq!(KING.groups(Square::from_index(9).unwrap())[0].squares().len(), 4);
        assert!(KING.groups(Square::from_index(9).unwrap())[0].blocking().is_empty());
    }
}
