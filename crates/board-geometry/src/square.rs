//! Squares: the points of a grid.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use crate::{File, Grid, Leap, Offset, Rank, Ray};

grid_index! {
    /// A point of grid `G`, stored as one byte.
    ///
    /// The index runs rank by rank from the bottom-left corner:
    /// `index = rank * G::FILES + file`. On the xiangqi board `a0` is 0, `i0` is 8,
    /// `a1` is 9 and `i9` is 89; on the 8 x 8 board `a1` is 0 and `h8` is 63. This is
    /// also the iteration order of [`Square::all`] and of [`SquareSet`](crate::SquareSet).
    ///
    /// ```
    /// use board_geometry::{NineByTen, Offset, Square};
    ///
    /// let e0: Square<NineByTen> = "e0".parse()?;
    /// assert_eq!(e0.index(), 4);
    /// assert_eq!(e0.offset(Offset::UP).map(|s| s.to_string()), Some("e1".to_string()));
    /// assert_eq!(e0.offset(Offset::DOWN), None);
    /// # Ok::<(), board_geometry::ParseSquareError>(())
    /// ```
    Square below SQUARES;
    /// The square with this compact index, or `None` if the index is off the grid.
    from_index;
    /// The compact index of the square (see the type documentation).
    index;
    /// The square turned half a turn about the centre of the board.
    rotate_half_turn;
    /// Every square of the grid, in index order (rank by rank from the bottom, each left to right).
    all;
}

impl<G: Grid> Square<G> {
    /// The square on `file` and `rank`.
    #[must_use]
    pub const fn new(file: File<G>, rank: Rank<G>) -> Self {
        Square { index: rank.index() * G::FILES + file.index(), grid: PhantomData }
    }

    /// The square with this compact index, which the caller knows is on the
    /// grid (a bit of a square set, say): no test, for the hottest loops.
    #[inline]
    pub(crate) const fn from_index_on_grid(index: u8) -> Self {
        debug_assert!(index < G::SQUARES, "the index is on the grid");
        Square { index, grid: PhantomData }
    }

    /// The square with file index `file` and rank index `rank` (both counted from
    /// 0 at the bottom-left corner), or `None` if that point is off the grid.
    ///
    /// Takes wide signed integers so that untrusted numbers can be checked
    /// without a lossy conversion first.
    #[must_use]
    pub const fn from_coords(file: i64, rank: i64) -> Option<Self> {
        if file >= 0 && file < G::FILES as i64 && rank >= 0 && rank < G::RANKS as i64 {
            Some(Square { index: rank as u8 * G::FILES + file as u8, grid: PhantomData })
        } else {
            None
        }
    }

    /// The file (column) of the square.
    #[must_use]
    pub const fn file(self) -> File<G> {
        match File::new(self.index % G::FILES) {
            Some(file) => file,
            None => unreachable!(),
        }
    }

    /// The rank (row) of the square.
    #[must_use]
    pub const fn rank(self) -> Rank<G> {
        match Rank::new(self.index / G::FILES) {
            Some(rank) => rank,
            None => unreachable!(),
        }
    }

    /// The square `offset` away, or `None` if that point is off the grid.
    ///
    /// Files and ranks are checked separately, so there is no wrap-around from
    /// one edge of the board to the other.
    #[must_use]
    pub const fn offset(self, offset: Offset) -> Option<Self> {
        let file = (self.index % G::FILES) as i64 + offset.file as i64;
        let rank = (self.index / G::FILES) as i64 + offset.rank as i64;
        Square::from_coords(file, rank)
    }

    /// How many steps along files and ranks lead from `self` to `other`
    /// (the taxicab distance): `a0` to `c1` is 3.
    ///
    /// ```
    /// use board_geometry::{NineByTen, Square};
    ///
    /// let (a0, c1): (Square<NineByTen>, Square<NineByTen>) = ("a0".parse()?, "c1".parse()?);
    /// assert_eq!((a0.distance(c1), c1.distance(a0), a0.distance(a0)), (3, 3, 0));
    /// # Ok::<(), board_geometry::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn distance(self, other: Square<G>) -> u32 {
        let files = self.file().index().abs_diff(other.file().index());
        let ranks = self.rank().index().abs_diff(other.rank().index());
        files as u32 + ranks as u32
    }

    /// The offset that leads from `self` to `other`.
    #[must_use]
    pub const fn offset_to(self, other: Square<G>) -> Offset {
        Offset::new(
            (other.index % G::FILES) as i8 - (self.index % G::FILES) as i8,
            (other.index / G::FILES) as i8 - (self.index / G::FILES) as i8,
        )
    }

    /// The unit step leading from `self` towards `other` along their shared
    /// file, rank or diagonal, or `None` if they share none (or are equal).
    #[must_use]
    pub const fn direction_to(self, other: Square<G>) -> Option<Offset> {
        let delta = self.offset_to(other);
        let aligned = delta.file == 0 || delta.rank == 0 || delta.file.abs() == delta.rank.abs();
        if aligned && !(delta.file == 0 && delta.rank == 0) {
            Some(Offset::new(delta.file.signum(), delta.rank.signum()))
        } else {
            None
        }
    }

    /// The squares met walking from `self` (exclusive) in `direction` until the edge.
    #[must_use]
    pub const fn ray(self, direction: Offset) -> Ray<G> {
        Ray::new(self, direction)
    }

    /// Where `leap` lands from this square if it stays on the grid and no
    /// blocking point is occupied; `is_occupied` is asked about each blocking point.
    #[must_use]
    pub fn leap(self, leap: Leap, is_occupied: impl Fn(Square<G>) -> bool) -> Option<Self> {
        leap.from(self).filter(|landing| !landing.blocking().any(&is_occupied)).map(|l| l.target())
    }

    /// The square mirrored left to right.
    #[must_use]
    pub const fn flip_files(self) -> Self {
        Square::new(self.file().flip(), self.rank())
    }

    /// The square mirrored top to bottom.
    #[must_use]
    pub const fn flip_ranks(self) -> Self {
        Square::new(self.file(), self.rank().flip())
    }
}

impl<G: Grid> fmt::Display for Square<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl<G: Grid> fmt::Debug for Square<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The text given for a square is not a file letter followed by a rank number of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    text: String,
    files: u8,
    ranks: u8,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square of the {}-file, {}-rank board", self.text, self.files, self.ranks)
    }
}

impl std::error::Error for ParseSquareError {}

impl<G: Grid> Square<G> {
    /// Two squares written as a move names them: `h2e2`, `h2-e2` or `H2-E2`
    /// (each square as [`FromStr`] reads it); `None` for any other text.
    ///
    /// ```
    /// use board_geometry::{NineByTen, Square};
    ///
    /// let (from, to) = Square::<NineByTen>::parse_pair("h2-e2").expect("two squares");
    /// assert_eq!((from.to_string(), to.to_string()), ("h2".to_string(), "e2".to_string()));
    /// assert!(Square::<NineByTen>::parse_pair("h2e").is_none());
    /// ```
    #[must_use]
    pub fn parse_pair(text: &str) -> Option<(Square<G>, Square<G>)> {
        let (from, to) = match text.len() {
            4 => (text.get(..2)?, text.get(2..)?),
            5 if text.as_bytes()[2] == b'-' => (text.get(..2)?, text.get(3..)?),
            _ => return None,
        };
        Some((from.parse().ok()?, to.parse().ok()?))
    }
}

impl<G: Grid> FromStr for Square<G> {
    type Err = ParseSquareError;

    /// Reads a file letter (either case) followed by the rank number, such as `e0`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || ParseSquareError { text: text.to_string(), files: G::FILES, ranks: G::RANKS };
        let mut chars = text.chars();
        let file = chars.next().and_then(File::from_letter).ok_or_else(error)?;
        let digits = chars.as_str();
        let well_formed = matches!(digits.len(), 1 | 2)
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !(digits.len() == 2 && digits.starts_with('0'));
        if !well_formed {
            return Err(error());
        }
        let number = digits.parse::<u32>().map_err(|_| error())?;
        let rank = Rank::from_number(number).ok_or_else(error)?;
        Ok(Square::new(file, rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_none_parse, on_every_grid, parse_error};
    use crate::{EightByEight, NineByTen};

    fn check_every_square<G: Grid>() {
        assert_eq!(Square::<G>::all().len(), usize::from(G::SQUARES));
        for (i, square) in Square::<G>::all().enumerate() {
            assert_eq!(usize::from(square.index()), i);
            assert_eq!(Square::from_index(square.index()), Some(square));
            let (file, rank) = (square.file(), square.rank());
            assert_eq!(usize::from(file.index()), i % usize::from(G::FILES));
            assert_eq!(usize::from(rank.index()), i / usize::from(G::FILES));
            assert_eq!(Square::new(file, rank), square);
            assert_eq!(Square::from_coords(file.index().into(), rank.index().into()), Some(square));
            assert_eq!(square.to_string().parse::<Square<G>>(), Ok(square));
            assert_eq!(square.to_string().to_uppercase().parse::<Square<G>>(), Ok(square));
            assert_eq!(square.flip_files().flip_files(), square);
            assert_eq!(square.flip_ranks().flip_ranks(), square);
            assert_eq!(square.rotate_half_turn(), square.flip_files().flip_ranks());
        }
        assert_eq!(Square::<G>::from_index(G::SQUARES), None);
    }

    #[test]
    fn every_square_round_trips_through_index_coords_and_name() {
        on_every_grid!(check_every_square);
    }

    #[test]
    fn names_follow_each_grids_notation() {
        let name = |i| Square::<NineByTen>::from_index(i).map(|s| s.to_string());
        assert_eq!(name(0).as_deref(), Some("a0"));
        assert_eq!(name(8).as_deref(), Some("i0"));
        assert_eq!(name(9).as_deref(), Some("a1"));
        assert_eq!(name(89).as_deref(), Some("i9"));
        let name = |i| Square::<EightByEight>::from_index(i).map(|s| s.to_string());
        assert_eq!(name(0).as_deref(), Some("a1"));
        assert_eq!(name(7).as_deref(), Some("h1"));
        assert_eq!(name(8).as_deref(), Some("a2"));
        assert_eq!(name(63).as_deref(), Some("h8"));
    }

    #[test]
    fn malformed_names_are_rejected() {
        assert_none_parse::<Square<NineByTen>>(&[
            "", "e", "0", "j0", "e10", "e01", "e-1", "ee0", "e0 ", " e0", "e99",
        ]);
        assert_none_parse::<Square<EightByEight>>(&["a0", "i1", "a9", "h10"]);
        assert_eq!(
            parse_error::<Square<NineByTen>>("j0"),
            "'j0' is not a square of the 9-file, 10-rank board"
        );
    }

    fn check_offsets<G: Grid>() {
        for square in Square::<G>::all() {
            for df in -4..=4i8 {
                for dr in -4..=4i8 {
                    let file = i64::from(square.file().index()) + i64::from(df);
                    let rank = i64::from(square.rank().index()) + i64::from(dr);
                    let on_board =
                        (0..i64::from(G::FILES)).contains(&file) && (0..i64::from(G::RANKS)).contains(&rank);
                    let moved = square.offset(Offset::new(df, dr));
                    assert_eq!(moved.is_some(), on_board, "{square:?} + ({df}, {dr})");
                    if let Some(moved) = moved {
                        assert_eq!(i64::from(moved.file().index()), file);
                        assert_eq!(i64::from(moved.rank().index()), rank);
                        assert_eq!(square.offset_to(moved), Offset::new(df, dr));
                    }
                }
            }
        }
    }

    #[test]
    fn directions_exist_exactly_along_files_ranks_and_diagonals() {
        for a in Square::<NineByTen>::all() {
            for b in Square::<NineByTen>::all() {
                let direction = a.direction_to(b);
                let walked = direction.and_then(|d| a.ray(d).find(|&s| s == b));
                assert_eq!(walked, direction.map(|_| b), "{a:?} -> {b:?}");
                let Offset { file, rank } = a.offset_to(b);
                let aligned = a != b && (file == 0 || rank == 0 || file.abs() == rank.abs());
                assert_eq!(direction.is_some(), aligned, "{a:?} -> {b:?}");
            }
        }
    }

    #[test]
    fn offsets_stop_at_every_edge_without_wrapping() {
        on_every_grid!(check_offsets);
        let i0: Square<NineByTen> = "i0".parse().unwrap();
        let a1: Square<NineByTen> = "a1".parse().unwrap();
        assert_eq!(i0.offset(Offset::RIGHT), None, "i0 + 1 file must not become a1");
        assert_eq!(a1.offset(Offset::LEFT), None, "a1 - 1 file must not become i0");
        assert_eq!(Square::<EightByEight>::from_index(7).unwrap().offset(Offset::RIGHT), None);
    }
}
