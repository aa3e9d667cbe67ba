//! Offsets: displacements between squares, and the step sets built from them.

use core::fmt;
use core::ops::{Add, Mul, Neg, Sub};

/// A displacement on a grid: so many files to the right and ranks up.
///
/// Offsets are grid-independent; applying one to a square
/// ([`Square::offset`](crate::Square::offset)) checks the board edge on both
/// axes separately, so a step off the right edge never wraps onto the next rank.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Offset {
    /// Files to the right (negative: to the left).
    pub file: i8,
    /// Ranks up (negative: down).
    pub rank: i8,
}

impl Offset {
    /// One rank up.
    pub const UP: Offset = Offset::new(0, 1);
    /// One rank down.
    pub const DOWN: Offset = Offset::new(0, -1);
    /// One file left.
    pub const LEFT: Offset = Offset::new(-1, 0);
    /// One file right.
    pub const RIGHT: Offset = Offset::new(1, 0);
    /// The four orthogonal unit steps: up, down, left, right.
    pub const ORTHOGONAL: [Offset; 4] = [Offset::UP, Offset::DOWN, Offset::LEFT, Offset::RIGHT];
    /// The four diagonal unit steps: up-left, up-right, down-left, down-right.
    pub const DIAGONAL: [Offset; 4] =
        [Offset::new(-1, 1), Offset::new(1, 1), Offset::new(-1, -1), Offset::new(1, -1)];
    /// All eight neighbouring steps: the orthogonal ones, then the diagonal ones.
    pub const NEIGHBOURS: [Offset; 8] = [
        Offset::UP,
        Offset::DOWN,
        Offset::LEFT,
        Offset::RIGHT,
        Offset::new(-1, 1),
        Offset::new(1, 1),
        Offset::new(-1, -1),
        Offset::new(1, -1),
    ];

    /// The offset of `file` files to the right and `rank` ranks up.
    #[must_use]
    pub const fn new(file: i8, rank: i8) -> Offset {
        Offset { file, rank }
    }

    /// The offset pointing the other way.
    #[must_use]
    pub const fn reversed(self) -> Offset {
        Offset::new(-self.file, -self.rank)
    }

    /// The offset with its file and rank components exchanged (mirrored in the diagonal).
    #[must_use]
    pub const fn transposed(self) -> Offset {
        Offset::new(self.rank, self.file)
    }

    /// The offset scaled by `factor`.
    #[must_use]
    pub const fn times(self, factor: i8) -> Offset {
        Offset::new(self.file * factor, self.rank * factor)
    }

    /// The offset with each component's sign multiplied by the given sign (`1` or `-1`).
    #[must_use]
    pub const fn reflected(self, file_sign: i8, rank_sign: i8) -> Offset {
        Offset::new(self.file * file_sign, self.rank * rank_sign)
    }

    /// The sum of two offsets.
    #[must_use]
    pub const fn plus(self, other: Offset) -> Offset {
        Offset::new(self.file + other.file, self.rank + other.rank)
    }
}

impl Add for Offset {
    type Output = Offset;
    fn add(self, other: Offset) -> Offset {
        self.plus(other)
    }
}

impl Sub for Offset {
    type Output = Offset;
    fn sub(self, other: Offset) -> Offset {
        self.plus(other.reversed())
    }
}

impl Neg for Offset {
    type Output = Offset;
    fn neg(self) -> Offset {
        self.reversed()
    }
}

impl Mul<i8> for Offset {
    type Output = Offset;
    fn mul(self, factor: i8) -> Offset {
        self.times(factor)
    }
}

impl fmt::Debug for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Offset({:+}, {:+})", self.file, self.rank)
    }
}
