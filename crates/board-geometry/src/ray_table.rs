//! Precomputed rays: the sliding pieces' moves, cut at the first blocker.

use crate::{Direction, Grid, Square, SquareSet};

/// Every ray of grid `G`, precomputed: for each square and [`Direction`],
/// the squares from it (exclusive) to the edge.
///
/// Sliders (a chariot, a car, a cannon) move along rays and stop at the first
/// occupied square; [`RayTable::slide`] answers that with two set operations
/// and no loop. The table is built at compile time, so a game keeps it in a
/// `static`:
///
/// ```
/// use board_geometry::{Direction, NineByTen, RayTable, Square, SquareSet};
///
/// static RAYS: RayTable<NineByTen> = RayTable::new();
///
/// let a0: Square<NineByTen> = "a0".parse()?;
/// let blocker: Square<NineByTen> = "a3".parse()?;
/// let reach = RAYS.slide(a0, Direction::Up, SquareSet::from_square(blocker));
/// assert_eq!(reach.len(), 3); // a1, a2 and the blocker on a3
/// assert_eq!(RAYS.nearest(a0, Direction::Up, SquareSet::FULL), "a1".parse().ok());
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Clone, Debug)]
pub struct RayTable<G: Grid> {
    /// `rays[direction][square]`.
    rays: [[SquareSet<G>; 128]; 8],
}

impl<G: Grid> RayTable<G> {
    /// Builds the table (at compile time when used in a `static` or `const`).
    #[must_use]
    pub const fn new() -> Self {
        let mut rays = [[SquareSet::EMPTY; 128]; 8];
        let mut d = 0;
        while d < 8 {
            let step = Direction::ALL[d].offset();
            let mut index = 0;
            while index < G::SQUARES {
                if let Some(start) = Square::<G>::from_index(index) {
                    let mut ray = SquareSet::EMPTY;
                    let mut next = start.offset(step);
                    while let Some(square) = next {
                        ray = ray.with(square);
                        next = square.offset(step);
                    }
                    rays[d][index as usize] = ray;
                }
                index += 1;
            }
            d += 1;
        }
        RayTable { rays }
    }

    /// The squares from `from` (exclusive) to the edge in `direction`.
    #[inline]
    #[must_use]
    pub fn ray(&self, from: Square<G>, direction: Direction) -> SquareSet<G> {
        self.rays[direction.index()][usize::from(from.index())]
    }

    /// The square of `set` met first walking from `from` in `direction`.
    #[inline]
    #[must_use]
    pub fn nearest(&self, from: Square<G>, direction: Direction, set: SquareSet<G>) -> Option<Square<G>> {
        let met = self.ray(from, direction) & set;
        if direction.ascending() { met.first() } else { met.last() }
    }

    /// Where a slider on `from` reaches in `direction` when `occupied` holds
    /// the pieces: every square up to and including the first occupied one.
    #[inline]
    #[must_use]
    pub fn slide(&self, from: Square<G>, direction: Direction, occupied: SquareSet<G>) -> SquareSet<G> {
        let ray = self.ray(from, direction);
        match self.nearest(from, direction, occupied) {
            Some(blocker) => ray ^ self.ray(blocker, direction),
            None => ray,
        }
    }

    /// [`RayTable::slide`] in each of `directions`, together.
    #[inline]
    #[must_use]
    pub fn slides(&self, from: Square<G>, directions: &[Direction], occupied: SquareSet<G>) -> SquareSet<G> {
        let mut reach = SquareSet::EMPTY;
        for &direction in directions {
            reach |= self.slide(from, direction, occupied);
        }
        reach
    }
}

impl<G: Grid> Default for RayTable<G> {
    fn default() -> Self {
        RayTable::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_occupancies;
    use crate::{EightByEight, NineByTen};

    fn walked_slide<G: Grid>(from: Square<G>, direction: Direction, occupied: SquareSet<G>) -> SquareSet<G> {
        let mut reach = SquareSet::EMPTY;
        for square in from.ray(direction.offset()) {
            reach.insert(square);
            if occupied.contains(square) {
                break;
            }
        }
        reach
    }

    fn check_against_walking<G: Grid>(table: &RayTable<G>) {
        for occupied in random_occupancies::<G>(7, 200) {
            for from in Square::<G>::all() {
                for direction in Direction::ALL {
                    let expected: SquareSet<G> = from.ray(direction.offset()).collect();
                    assert_eq!(table.ray(from, direction), expected);
                    assert_eq!(
                        table.slide(from, direction, occupied),
                        walked_slide(from, direction, occupied)
                    );
                    let nearest = from.ray(direction.offset()).find(|&s| occupied.contains(s));
                    assert_eq!(table.nearest(from, direction, occupied), nearest);
                }
            }
        }
    }

    static NINE_BY_TEN: RayTable<NineByTen> = RayTable::new();
    static EIGHT_BY_EIGHT: RayTable<EightByEight> = RayTable::new();

    #[test]
    fn slides_stop_at_the_first_blocker_and_at_the_edge() {
        check_against_walking(&NINE_BY_TEN);
        check_against_walking(&EIGHT_BY_EIGHT);
        let i0: Square<NineByTen> = "i0".parse().unwrap();
        assert!(NINE_BY_TEN.ray(i0, Direction::Right).is_empty(), "no wrap onto the next rank");
        assert_eq!(NINE_BY_TEN.slides(i0, &Direction::ORTHOGONAL, SquareSet::EMPTY).len(), 17);
    }
}
