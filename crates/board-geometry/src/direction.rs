//! Directions: the eight unit steps a slider can move along.

use crate::Offset;

/// One of the eight unit steps between neighbouring squares, along which
/// sliding pieces move and the rays of a [`RayTable`](crate::RayTable) run.
///
/// ```
/// use board_geometry::{Direction, Offset};
///
/// assert_eq!(Direction::UpRight.offset(), Offset::new(1, 1));
/// assert_eq!(Direction::Left.reversed(), Direction::Right);
/// assert!(Direction::Up.ascending() && !Direction::DownLeft.ascending());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// One rank up.
    Up,
    /// One rank down.
    Down,
    /// One file left.
    Left,
    /// One file right.
    Right,
    /// One file left and one rank up.
    UpLeft,
    /// One file right and one rank up.
    UpRight,
    /// One file left and one rank down.
    DownLeft,
    /// One file right and one rank down.
    DownRight,
}

impl Direction {
    /// All eight directions: the orthogonal ones, then the diagonal ones.
    pub const ALL: [Direction; 8] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];
    /// Up, down, left and right.
    pub const ORTHOGONAL: [Direction; 4] =
        [Direction::Up, Direction::Down, Direction::Left, Direction::Right];
    /// The four diagonal directions.
    pub const DIAGONAL: [Direction; 4] =
        [Direction::UpLeft, Direction::UpRight, Direction::DownLeft, Direction::DownRight];

    /// The unit step of this direction.
    #[must_use]
    pub const fn offset(self) -> Offset {
        match self {
            Direction::Up => Offset::UP,
            Direction::Down => Offset::DOWN,
            Direction::Left => Offset::LEFT,
            Direction::Right => Offset::RIGHT,
            Direction::UpLeft => Offset::new(-1, 1),
            Direction::UpRight => Offset::new(1, 1),
            Direction::DownLeft => Offset::new(-1, -1),
            Direction::DownRight => Offset::new(1, -1),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn reversed(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
        }
    }

    /// The position of the direction in [`Direction::ALL`], for tables indexed by direction.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether a step this way raises the square index, on any grid of two
    /// files or more. On such a ray the nearest square of a set is its lowest.
    #[must_use]
    pub const fn ascending(self) -> bool {
        matches!(self, Direction::Up | Direction::Right | Direction::UpLeft | Direction::UpRight)
    }

    /// Whether the direction runs along a file (up or down).
    #[must_use]
    pub const fn is_vertical(self) -> bool {
        matches!(self, Direction::Up | Direction::Down)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;
    use crate::testing::on_every_grid;

    fn check_ascending<G: Grid>() {
        for direction in Direction::ALL {
            let step = direction.offset();
            let index_step = i32::from(step.rank) * i32::from(G::FILES) + i32::from(step.file);
            assert_eq!(direction.ascending(), index_step > 0, "{direction:?}");
        }
    }

    #[test]
    fn directions_are_the_eight_unit_steps_in_opposite_pairs() {
        for (i, direction) in Direction::ALL.into_iter().enumerate() {
            assert_eq!(direction.index(), i);
            assert_eq!(direction.reversed().reversed(), direction);
            assert_eq!(direction.reversed().offset(), direction.offset().reversed());
            let Offset { file, rank } = direction.offset();
            assert!(file.abs() <= 1 && rank.abs() <= 1 && (file, rank) != (0, 0));
        }
        let offsets: std::collections::BTreeSet<_> = Direction::ALL.iter().map(|d| d.offset()).collect();
        assert_eq!(offsets.len(), 8);
        on_every_grid!(check_ascending);
    }
}
