//! Square sets: a bitboard wide enough for any grid of up to 128 squares.

use core::fmt;
use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

use crate::{File, Grid, Rank, Square};

/// A set of squares of grid `G`, one bit per square in a `u128` (bit `i` is the
/// square with index `i`).
///
/// Bits beyond the grid's last square are always zero, so [`SquareSet::len`],
/// comparisons and iteration never see phantom squares. Iteration goes in
/// ascending index order.
///
/// ```
/// use board_geometry::{NineByTen, Square, SquareSet};
///
/// let e0: Square<NineByTen> = "e0".parse()?;
/// let e1: Square<NineByTen> = "e1".parse()?;
/// let set = SquareSet::from_square(e1).with(e0);
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.first(), Some(e0));
/// assert_eq!(set.into_iter().collect::<Vec<_>>(), [e0, e1]);
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SquareSet<G: Grid> {
    bits: u128,
    grid: PhantomData<G>,
}

const fn grid_mask(squares: u8) -> u128 {
    if squares >= 128 { u128::MAX } else { (1u128 << squares) - 1 }
}

impl<G: Grid> SquareSet<G> {
    /// The empty set.
    pub const EMPTY: Self = SquareSet { bits: 0, grid: PhantomData };

    /// Every square of the grid.
    pub const FULL: Self = SquareSet { bits: grid_mask(G::SQUARES), grid: PhantomData };

    /// The set whose bits are `bits`; bits beyond the grid are dropped.
    #[must_use]
    pub const fn from_bits(bits: u128) -> Self {
        SquareSet { bits: bits & grid_mask(G::SQUARES), grid: PhantomData }
    }

    /// The set whose bits are `bits`, which lie within the grid: no mask.
    #[inline]
    pub(crate) const fn from_bits_within_grid(bits: u128) -> Self {
        debug_assert!(bits & !grid_mask(G::SQUARES) == 0, "bits beyond the grid");
        SquareSet { bits, grid: PhantomData }
    }

    /// The set holding only `square`.
    #[must_use]
    pub const fn from_square(square: Square<G>) -> Self {
        SquareSet { bits: 1u128 << square.index(), grid: PhantomData }
    }

    /// The squares of the first file, worked out once per grid.
    const FIRST_FILE: u128 = {
        let mut bits = 0u128;
        let mut rank = 0;
        while rank < G::RANKS {
            bits |= 1u128 << (rank * G::FILES);
            rank += 1;
        }
        bits
    };

    /// The squares of `file`.
    #[must_use]
    #[inline]
    pub const fn file(file: File<G>) -> Self {
        SquareSet { bits: Self::FIRST_FILE << file.index(), grid: PhantomData }
    }

    /// The squares of `rank`.
    #[must_use]
    pub const fn rank(rank: Rank<G>) -> Self {
        SquareSet { bits: grid_mask(G::FILES) << (rank.index() * G::FILES), grid: PhantomData }
    }

    /// The squares of the rectangle with opposite corners `a` and `b` (both included).
    #[must_use]
    pub const fn rectangle(a: Square<G>, b: Square<G>) -> Self {
        let (file_lo, file_hi) = min_max(a.file().index(), b.file().index());
        let (rank_lo, rank_hi) = min_max(a.rank().index(), b.rank().index());
        let row = grid_mask(file_hi - file_lo + 1) << file_lo;
        let mut bits = 0u128;
        let mut rank = rank_lo;
        while rank <= rank_hi {
            bits |= row << (rank * G::FILES);
            rank += 1;
        }
        SquareSet { bits, grid: PhantomData }
    }

    /// The squares strictly between `a` and `b` on their shared file, rank or
    /// diagonal; empty if they share none or are neighbours.
    #[must_use]
    pub fn between(a: Square<G>, b: Square<G>) -> Self {
        match a.direction_to(b) {
            Some(direction) => a.ray(direction).take_while(|&s| s != b).collect(),
            None => SquareSet::EMPTY,
        }
    }

    /// The bits of the set (bit `i` is the square with index `i`).
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.bits
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square<G>) -> bool {
        self.bits >> square.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// Whether the set has at least one square.
    #[must_use]
    pub const fn any(self) -> bool {
        self.bits != 0
    }

    /// Whether the set has two squares or more.
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.bits & self.bits.wrapping_sub(1) != 0
    }

    /// The number of squares in the set.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.bits.count_ones()
    }

    /// The square with the lowest index.
    #[must_use]
    pub const fn first(self) -> Option<Square<G>> {
        if self.bits == 0 { None } else { Square::from_index(self.bits.trailing_zeros() as u8) }
    }

    /// The square with the highest index.
    #[must_use]
    pub const fn last(self) -> Option<Square<G>> {
        if self.bits == 0 { None } else { Square::from_index(127 - self.bits.leading_zeros() as u8) }
    }

    /// The only square of the set, or `None` if it has zero or several.
    #[must_use]
    pub const fn single(self) -> Option<Square<G>> {
        if self.more_than_one() { None } else { self.first() }
    }

    /// Removes and returns the square with the lowest index.
    pub const fn pop_first(&mut self) -> Option<Square<G>> {
        let first = self.first();
        self.bits &= self.bits.wrapping_sub(1);
        first
    }

    /// The set with `square` added.
    #[must_use]
    pub const fn with(self, square: Square<G>) -> Self {
        SquareSet { bits: self.bits | 1u128 << square.index(), grid: PhantomData }
    }

    /// The set with `square` removed.
    #[must_use]
    pub const fn without(self, square: Square<G>) -> Self {
        SquareSet { bits: self.bits & !(1u128 << square.index()), grid: PhantomData }
    }

    /// The set with `square` added if it was absent and removed if it was present.
    #[must_use]
    pub const fn toggled(self, square: Square<G>) -> Self {
        SquareSet { bits: self.bits ^ 1u128 << square.index(), grid: PhantomData }
    }

    /// Adds `square`.
    pub const fn insert(&mut self, square: Square<G>) {
        *self = self.with(square);
    }

    /// Removes `square`.
    pub const fn remove(&mut self, square: Square<G>) {
        *self = self.without(square);
    }

    /// Toggles `square`.
    pub const fn toggle(&mut self, square: Square<G>) {
        *self = self.toggled(square);
    }

    /// The squares at `coordinates`, each `(file, rank)` counted from 0
    /// (`(0, 0)` is `a0` on the 9 x 10 grid); coordinates off the grid are
    /// left out. For tables built at compile time.
    ///
    /// ```
    /// use board_geometry::{NineByTen, SquareSet};
    ///
    /// const PALACE_CORNERS: SquareSet<NineByTen> = SquareSet::at_coords(&[(3, 0), (5, 0), (3, 2), (5, 2), (9, 9)]);
    /// let names: Vec<String> = PALACE_CORNERS.into_iter().map(|square| square.to_string()).collect();
    /// assert_eq!(names, ["d0", "f0", "d2", "f2"]);
    /// ```
    #[must_use]
    pub const fn at_coords(coordinates: &[(i64, i64)]) -> Self {
        let mut set = SquareSet::EMPTY;
        let mut i = 0;
        while i < coordinates.len() {
            if let Some(square) = Square::from_coords(coordinates[i].0, coordinates[i].1) {
                set = set.with(square);
            }
            i += 1;
        }
        set
    }

    /// The squares in either set.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        SquareSet { bits: self.bits | other.bits, grid: PhantomData }
    }

    /// The squares in both sets.
    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        SquareSet { bits: self.bits & other.bits, grid: PhantomData }
    }

    /// The squares of `self` that are not in `other`.
    #[must_use]
    pub const fn difference(self, other: Self) -> Self {
        SquareSet { bits: self.bits & !other.bits, grid: PhantomData }
    }

    /// The squares in exactly one of the two sets (also `^`).
    ///
    /// ```
    /// use board_geometry::{NineByTen, Square, SquareSet};
    ///
    /// let set = |names: &[&str]| names.iter().map(|name| name.parse::<Square<NineByTen>>().unwrap()).collect::<SquareSet<NineByTen>>();
    /// assert_eq!(set(&["a0", "b0"]).symmetric_difference(set(&["b0", "c0"])), set(&["a0", "c0"]));
    /// assert_eq!(set(&["a0", "b0"]) ^ set(&["b0"]), set(&["a0"]));
    /// ```
    #[must_use]
    pub const fn symmetric_difference(self, other: Self) -> Self {
        SquareSet { bits: self.bits ^ other.bits, grid: PhantomData }
    }

    /// The squares of the grid that are not in `self`.
    #[must_use]
    pub const fn complement(self) -> Self {
        SquareSet { bits: !self.bits & grid_mask(G::SQUARES), grid: PhantomData }
    }

    /// Whether every square of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: Self) -> bool {
        self.bits & !other.bits == 0
    }

    /// Whether the two sets share a square.
    #[must_use]
    pub const fn intersects(self, other: Self) -> bool {
        self.bits & other.bits != 0
    }

    /// The set mirrored top to bottom.
    #[must_use]
    pub const fn flip_ranks(self) -> Self {
        let row = grid_mask(G::FILES);
        let mut bits = 0u128;
        let mut rank = 0;
        while rank < G::RANKS {
            let line = (self.bits >> (rank * G::FILES)) & row;
            bits |= line << ((G::RANKS - 1 - rank) * G::FILES);
            rank += 1;
        }
        SquareSet { bits, grid: PhantomData }
    }

    /// The set mirrored left to right.
    #[must_use]
    pub fn flip_files(self) -> Self {
        self.into_iter().map(Square::flip_files).collect()
    }
}

const fn min_max(a: u8, b: u8) -> (u8, u8) {
    if a <= b { (a, b) } else { (b, a) }
}

impl<G: Grid> From<Square<G>> for SquareSet<G> {
    fn from(square: Square<G>) -> Self {
        SquareSet::from_square(square)
    }
}

/// The set operators, each with its assigning form: `&` and `&=` for
/// [`SquareSet::intersection`], and so on.
macro_rules! set_operators {
    ($($operator:ident $method:ident $assign:ident $assign_method:ident by $set_method:ident;)*) => {$(
        impl<G: Grid> $operator for SquareSet<G> {
            type Output = Self;
            fn $method(self, other: Self) -> Self {
                self.$set_method(other)
            }
        }

        impl<G: Grid> $assign for SquareSet<G> {
            fn $assign_method(&mut self, other: Self) {
                *self = self.$set_method(other);
            }
        }
    )*};
}

set_operators! {
    BitAnd bitand BitAndAssign bitand_assign by intersection;
    BitOr bitor BitOrAssign bitor_assign by union;
    BitXor bitxor BitXorAssign bitxor_assign by symmetric_difference;
    Sub sub SubAssign sub_assign by difference;
}

impl<G: Grid> Not for SquareSet<G> {
    type Output = Self;
    fn not(self) -> Self {
        self.complement()
    }
}

impl<G: Grid> FromIterator<Square<G>> for SquareSet<G> {
    fn from_iter<I: IntoIterator<Item = Square<G>>>(squares: I) -> Self {
        let mut set = SquareSet::EMPTY;
        set.extend(squares);
        set
    }
}

impl<G: Grid> Extend<Square<G>> for SquareSet<G> {
    fn extend<I: IntoIterator<Item = Square<G>>>(&mut self, squares: I) {
        for square in squares {
            self.insert(square);
        }
    }
}

impl<G: Grid> IntoIterator for SquareSet<G> {
    type Item = Square<G>;
    type IntoIter = SquareSetIter<G>;
    #[inline]
    fn into_iter(self) -> SquareSetIter<G> {
        SquareSetIter { low: self.bits as u64, high: (self.bits >> 64) as u64, grid: PhantomData }
    }
}

/// Iterator over the squares of a [`SquareSet`], in ascending index order.
///
/// It walks the two 64-bit halves of the set one after the other: a bit
/// found and cleared in one machine word costs a few instructions, where
/// the same in a `u128` costs several times more, and move generation walks
/// every target of every piece.
#[derive(Copy, Clone, Debug)]
pub struct SquareSetIter<G: Grid> {
    low: u64,
    high: u64,
    grid: PhantomData<G>,
}

impl<G: Grid> Iterator for SquareSetIter<G> {
    type Item = Square<G>;

    #[inline]
    fn next(&mut self) -> Option<Square<G>> {
        let index = if self.low != 0 {
            let index = self.low.trailing_zeros();
            self.low &= self.low - 1;
            index
        } else if self.high != 0 {
            let index = 64 + self.high.trailing_zeros();
            self.high &= self.high - 1;
            index
        } else {
            return None;
        };
        // A set holds no bit beyond its grid's squares.
        Some(Square::from_index_on_grid(index as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = (self.low.count_ones() + self.high.count_ones()) as usize;
        (len, Some(len))
    }
}

impl<G: Grid> ExactSizeIterator for SquareSetIter<G> {}
impl<G: Grid> FusedIterator for SquareSetIter<G> {}

impl<G: Grid> fmt::Debug for SquareSet<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NineByTen;
    use crate::testing::on_every_grid;

    fn check_sets<G: Grid>() {
        let full = SquareSet::<G>::FULL;
        assert_eq!(full.len(), u32::from(G::SQUARES));
        assert_eq!(full.into_iter().collect::<Vec<_>>(), Square::<G>::all().collect::<Vec<_>>());
        assert_eq!(!full, SquareSet::EMPTY);
        assert_eq!(!SquareSet::<G>::EMPTY, full);
        assert_eq!(SquareSet::<G>::from_bits(u128::MAX), full);
        for square in Square::<G>::all() {
            let one = SquareSet::from_square(square);
            assert_eq!(one.len(), 1);
            assert_eq!(one.single(), Some(square));
            assert_eq!(one.first(), Some(square));
            assert_eq!(one.last(), Some(square));
            assert!(one.contains(square));
            assert_eq!((!one).len(), u32::from(G::SQUARES) - 1);
            assert!(!(!one).contains(square));
            assert_eq!(full.without(square).with(square), full);
            assert_eq!(one.toggled(square), SquareSet::EMPTY);
            let file = SquareSet::file(square.file());
            let rank = SquareSet::rank(square.rank());
            assert_eq!(file & rank, one);
            assert_eq!(file.len(), u32::from(G::RANKS));
            assert_eq!(rank.len(), u32::from(G::FILES));
            assert!(file.into_iter().all(|s| s.file() == square.file()));
            assert!(rank.into_iter().all(|s| s.rank() == square.rank()));
            for other in Square::<G>::all() {
                let between = SquareSet::between(square, other);
                let expected_between: SquareSet<G> = match square.direction_to(other) {
                    None => SquareSet::EMPTY,
                    Some(_) => Square::<G>::all()
                        .filter(|&s| {
                            s != square
                                && s != other
                                && square.direction_to(s) == square.direction_to(other)
                                && other.direction_to(s) == other.direction_to(square)
                        })
                        .collect(),
                };
                assert_eq!(between, expected_between, "between {square:?} and {other:?}");
                let rectangle = SquareSet::rectangle(square, other);
                let expected: SquareSet<G> = Square::<G>::all()
                    .filter(|s| {
                        let between = |v: u8, a: u8, b: u8| a.min(b) <= v && v <= a.max(b);
                        between(s.file().index(), square.file().index(), other.file().index())
                            && between(s.rank().index(), square.rank().index(), other.rank().index())
                    })
                    .collect();
                assert_eq!(rectangle, expected);
            }
        }
    }

    #[test]
    fn sets_over_every_square() {
        on_every_grid!(check_sets);
    }

    #[test]
    fn set_algebra_and_iteration_order() {
        let set = |names: &[&str]| {
            names.iter().map(|n| n.parse::<Square<NineByTen>>().unwrap()).collect::<SquareSet<_>>()
        };
        let a = set(&["a0", "e4", "i9"]);
        let b = set(&["e4", "b7"]);
        assert_eq!(a | b, set(&["a0", "e4", "i9", "b7"]));
        assert_eq!(a & b, set(&["e4"]));
        assert_eq!(a - b, set(&["a0", "i9"]));
        assert_eq!(a ^ b, set(&["a0", "i9", "b7"]));
        assert!(set(&["e4"]).is_subset(a));
        assert!(a.intersects(b));
        assert!(a.more_than_one());
        assert_eq!(a.single(), None);
        assert_eq!(a.last().map(|s| s.to_string()).as_deref(), Some("i9"));
        let names: Vec<String> = (a | b).into_iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a0", "e4", "b7", "i9"]);
        assert_eq!(format!("{a:?}"), "{a0, e4, i9}");
        assert_eq!(a.flip_ranks(), set(&["a9", "e5", "i0"]));
        assert_eq!(a.flip_files(), set(&["i0", "e4", "a9"]));
        let mut rest = a;
        assert_eq!(rest.pop_first().map(|s| s.to_string()).as_deref(), Some("a0"));
        assert_eq!(rest.len(), 2);
    }
}
