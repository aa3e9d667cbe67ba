//! Rays: straight lines of squares that stop at the board edge.

use core::iter::FusedIterator;

use crate::{Grid, Offset, Square};

/// The squares met walking from a start square (not included) in one direction,
/// one step at a time, until the edge of the board.
///
/// A ray never wraps: walking right from the last file ends the ray instead of
/// continuing on the next rank.
///
/// ```
/// use board_geometry::{NineByTen, Offset, Square};
///
/// let h2: Square<NineByTen> = "h2".parse()?;
/// let right: Vec<String> = h2.ray(Offset::RIGHT).map(|s| s.to_string()).collect();
/// assert_eq!(right, ["i2"]);
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ray<G: Grid> {
    next: Option<Square<G>>,
    direction: Offset,
}

impl<G: Grid> Ray<G> {
    /// The ray from `start` (exclusive) in `direction`. A zero direction gives an empty ray.
    #[must_use]
    pub const fn new(start: Square<G>, direction: Offset) -> Self {
        let next = if direction.file == 0 && direction.rank == 0 { None } else { start.offset(direction) };
        Ray { next, direction }
    }

    /// The step between consecutive squares of the ray.
    #[must_use]
    pub const fn direction(&self) -> Offset {
        self.direction
    }
}

impl<G: Grid> Iterator for Ray<G> {
    type Item = Square<G>;

    fn next(&mut self) -> Option<Square<G>> {
        let current = self.next?;
        self.next = current.offset(self.direction);
        Some(current)
    }
}

impl<G: Grid> FusedIterator for Ray<G> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NineByTen;
    use crate::testing::on_every_grid;

    fn check_rays<G: Grid>() {
        for start in Square::<G>::all() {
            for direction in Offset::NEIGHBOURS {
                let ray: Vec<_> = start.ray(direction).collect();
                let (mut file, mut rank) = (i64::from(start.file().index()), i64::from(start.rank().index()));
                let mut expected = Vec::new();
                loop {
                    file += i64::from(direction.file);
                    rank += i64::from(direction.rank);
                    if !(0..i64::from(G::FILES)).contains(&file) || !(0..i64::from(G::RANKS)).contains(&rank)
                    {
                        break;
                    }
                    expected.push(Square::from_coords(file, rank).unwrap());
                }
                assert_eq!(ray, expected, "{start:?} towards {direction:?}");
                if direction.rank == 0 {
                    assert!(ray.iter().all(|s| s.rank() == start.rank()), "a sideways ray changed rank");
                }
            }
            assert_eq!(start.ray(Offset::new(0, 0)).count(), 0);
        }
    }

    #[test]
    fn rays_run_to_the_edge_and_never_wrap() {
        on_every_grid!(check_rays);
    }

    #[test]
    fn corner_rays_have_the_full_length() {
        let a0: Square<NineByTen> = "a0".parse().unwrap();
        assert_eq!(a0.ray(Offset::RIGHT).count(), 8);
        assert_eq!(a0.ray(Offset::UP).count(), 9);
        assert_eq!(a0.ray(Offset::new(1, 1)).count(), 8);
        assert_eq!(a0.ray(Offset::LEFT).count(), 0);
        assert_eq!(a0.ray(Offset::DOWN).count(), 0);
    }
}
