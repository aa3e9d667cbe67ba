//! Placements: which piece stands on which square, kept both per square and as square sets.

use core::fmt;
use core::marker::PhantomData;

use crate::zobrist::piece_key;
use crate::{File, Grid, HashKey, Kind, Piece, Rank, Side, Square, SquareSet};

/// Where the pieces stand on a grid `G`, for a game whose sides are `S` and
/// whose kinds are `K`: any arrangement at all, with no rule checked.
///
/// It is kept twice, in step: a one-byte code per square (the piece on a
/// square in one load) and square sets per side and per kind (all pieces of
/// a side or kind in one load); and with them the Zobrist key of the pieces
/// ([`Placement::hash_key`]), two or three table entries xored in a move.
/// Both games of this workspace build their boards on it. A placement is a
/// small `Copy` value, so a search can copy it, or move pieces in place and
/// take the moves back ([`Placement::move_piece`], [`Placement::unmove_piece`]).
///
/// `Display` writes the rows from the top, separated by `/`, each from the
/// left: a piece's [letter](Piece::letter), or a digit for a run of empty squares,
/// as FEN and similar position strings do.
///
/// ```
/// use board_geometry::{NineByTen, Placement, Piece, Square};
/// # use board_geometry::{Kind, Side};
/// # use std::fmt;
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # enum Colour { Red, Black }
/// # impl fmt::Display for Colour {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { fmt::Debug::fmt(self, f) }
/// # }
/// # impl Side for Colour {
/// #     const BOTH: [Colour; 2] = [Colour::Red, Colour::Black];
/// #     fn index(self) -> usize { self as usize }
/// # }
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # enum Man { General }
/// # impl fmt::Display for Man {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("general") }
/// # }
/// # impl Kind for Man {
/// #     const ALL: &'static [Man] = &[Man::General];
/// #     fn index(self) -> usize { 0 }
/// #     fn letter(self) -> char { 'K' }
/// #     fn from_letter(letter: char) -> Option<Man> { (letter == 'K').then_some(Man::General) }
/// # }
/// let mut board: Placement<NineByTen, Colour, Man> = Placement::empty();
/// let e0: Square<NineByTen> = "e0".parse()?;
/// board.put(e0, Piece::new(Colour::Red, Man::General));
/// board.put("e9".parse()?, Piece::new(Colour::Black, Man::General));
/// assert_eq!(board.piece_at(e0), Some(Piece::new(Colour::Red, Man::General)));
/// assert_eq!(board.by_color(Colour::Red).single(), Some(e0));
/// assert_eq!(board.to_string(), "4k4/9/9/9/9/9/9/9/9/4K4");
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
pub struct Placement<G: Grid, S, K> {
    /// `Piece::code` of the piece on each square, 0 for none.
    cells: G::Cells,
    by_color: [SquareSet<G>; 2],
    by_kind: [SquareSet<G>; 8],
    /// The xor of the Zobrist keys of the pieces on their squares, kept in
    /// step with `cells` (see [`Placement::hash_key`]).
    key: u64,
    pieces: PhantomData<fn() -> Piece<S, K>>,
}

impl<G: Grid, S, K> Clone for Placement<G, S, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Grid, S, K> Copy for Placement<G, S, K> {}

impl<G: Grid, S, K> PartialEq for Placement<G, S, K> {
    fn eq(&self, other: &Self) -> bool {
        // The sets and the key follow from the cells.
        self.cells == other.cells
    }
}

impl<G: Grid, S, K> Eq for Placement<G, S, K> {}

impl<G: Grid, S, K> core::hash::Hash for Placement<G, S, K> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

impl<G: Grid, S: Side, K: Kind> Placement<G, S, K> {
    /// A grid with no pieces.
    #[must_use]
    pub const fn empty() -> Self {
        Placement {
            cells: G::ZERO_CELLS,
            by_color: [SquareSet::EMPTY; 2],
            by_kind: [SquareSet::EMPTY; 8],
            key: 0,
            pieces: PhantomData,
        }
    }

    /// The piece on `square`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, square: Square<G>) -> Option<Piece<S, K>> {
        Piece::from_code(self.cells.as_ref()[usize::from(square.index())])
    }

    /// Puts `piece` on `square`, returning the piece that stood there before.
    #[inline]
    pub fn put(&mut self, square: Square<G>, piece: Piece<S, K>) -> Option<Piece<S, K>> {
        let previous = self.remove(square);
        self.cells.as_mut()[usize::from(square.index())] = piece.code();
        self.by_color[piece.color.index()].insert(square);
        self.by_kind[piece.kind.index()].insert(square);
        self.key ^= piece_key(piece.code(), square.index());
        previous
    }

    /// Takes the piece off `square`, returning it.
    #[inline]
    pub fn remove(&mut self, square: Square<G>) -> Option<Piece<S, K>> {
        let piece = self.piece_at(square)?;
        self.cells.as_mut()[usize::from(square.index())] = 0;
        self.by_color[piece.color.index()].remove(square);
        self.by_kind[piece.kind.index()].remove(square);
        self.key ^= piece_key(piece.code(), square.index());
        Some(piece)
    }

    /// Moves the piece on `from` to `to`, another square, taking off the
    /// piece that stood there; returns what was taken off. The same as
    /// [`Placement::remove`] then [`Placement::put`], in a few steps on the
    /// pieces' codes: the move of a search, played and taken back
    /// ([`Placement::unmove_piece`]) at every node.
    ///
    /// # Panics
    /// If `from` is empty or is `to`.
    #[inline(always)]
    pub fn move_piece(&mut self, from: Square<G>, to: Square<G>) -> Captured<S, K> {
        let cells = self.cells.as_mut();
        let (from_cell, to_cell) = (usize::from(from.index()), usize::from(to.index()));
        let (code, captured) = (cells[from_cell], cells[to_cell]);
        if code == 0 || from == to {
            no_piece_moves(from, to);
        }
        cells[from_cell] = 0;
        cells[to_cell] = code;
        let key_before = self.key;
        self.key ^= piece_key(code, from.index()) ^ piece_key(code, to.index());
        if captured != 0 {
            self.toggle_code(captured, square_bit(to));
            self.key ^= piece_key(captured, to.index());
        }
        self.toggle_code(code, square_bit(from) | square_bit(to));
        Captured { code: captured, key_before, pieces: PhantomData }
    }

    /// Takes back [`Placement::move_piece`]`(from, to)`, which returned
    /// `captured`: the piece on `to` goes back to `from`, and the captured
    /// piece (if any) back onto `to`. It must be the last change made;
    /// otherwise the placement is left in a state no sequence of moves reaches.
    #[inline(always)]
    pub fn unmove_piece(&mut self, from: Square<G>, to: Square<G>, captured: Captured<S, K>) {
        let cells = self.cells.as_mut();
        let (from_cell, to_cell) = (usize::from(from.index()), usize::from(to.index()));
        let code = cells[to_cell];
        debug_assert!(code != 0 && from != to, "unmove_piece: no piece moved from {from:?} to {to:?}");
        cells[from_cell] = code;
        cells[to_cell] = captured.code;
        self.key = captured.key_before;
        self.toggle_code(code, square_bit(from) | square_bit(to));
        if captured.code != 0 {
            self.toggle_code(captured.code, square_bit(to));
        }
    }

    /// Toggles `squares` in the sets of the piece with code `code` (not 0),
    /// indexed straight from the code (see [`Piece::code`]).
    #[inline]
    fn toggle_code(&mut self, code: u8, squares: SquareSet<G>) {
        let index = usize::from(code.wrapping_sub(1));
        // `& 1`: a code names one of two sides, and the mask spares a bounds check.
        self.by_color[(index / K::MAX) & 1] ^= squares;
        self.by_kind[index % K::MAX] ^= squares;
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> SquareSet<G> {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares holding pieces of `color`.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: S) -> SquareSet<G> {
        self.by_color[color.index()]
    }

    /// The squares holding pieces of `kind`, of either side.
    #[inline]
    #[must_use]
    pub fn by_kind(&self, kind: K) -> SquareSet<G> {
        self.by_kind[kind.index()]
    }

    /// The squares holding `piece`.
    #[inline]
    #[must_use]
    pub fn by_piece(&self, piece: Piece<S, K>) -> SquareSet<G> {
        self.by_color(piece.color) & self.by_kind(piece.kind)
    }

    /// The Zobrist key of this placement with `to_move` to move: the same
    /// as [`HashKey::of`] its pieces, without looking at them, because the
    /// placement keeps the xor of its pieces' keys up to date as they are
    /// put, removed and moved. Equal placements have equal keys, however
    /// they were reached.
    #[inline]
    #[must_use]
    pub fn hash_key(&self, to_move: S) -> HashKey {
        HashKey::new(self.key, to_move)
    }

    /// Every piece with its square, in square-index order (bottom rank first, each left to right).
    pub fn pieces(&self) -> impl Iterator<Item = (Square<G>, Piece<S, K>)> + '_ {
        self.occupied().into_iter().filter_map(|square| self.piece_at(square).map(|piece| (square, piece)))
    }
}

/// The bit of each square index: one load per square where a 128-bit shift
/// takes several instructions, for the moves played and taken back at every
/// node of a search.
static SQUARE_BITS: [u128; 128] = {
    let mut bits = [0; 128];
    let mut index = 0;
    while index < bits.len() {
        bits[index] = 1 << index;
        index += 1;
    }
    bits
};

/// [`SquareSet::from_square`], by [`SQUARE_BITS`].
#[inline(always)]
fn square_bit<G: Grid>(square: Square<G>) -> SquareSet<G> {
    // A square's index is below the grid's number of squares, so its bit is inside the grid.
    SquareSet::from_bits_within_grid(SQUARE_BITS[usize::from(square.index()) % SQUARE_BITS.len()])
}

/// The panic of [`Placement::move_piece`], out of its way: formatting the
/// squares in line would cost every move a few instructions.
#[cold]
#[inline(never)]
fn no_piece_moves<G: Grid>(from: Square<G>, to: Square<G>) -> ! {
    panic!("move_piece: no piece moves from {from:?} to {to:?}")
}

/// What [`Placement::move_piece`] took off the square a piece moved to: a
/// captured piece, or nothing. It keeps the placement's code of the piece,
/// so that giving it back ([`Placement::unmove_piece`]) converts nothing, and
/// the placement's key from before the move, so that taking the move back
/// restores the key in one store. Two are equal when they took the same
/// piece (or none), whatever placement they came from.
pub struct Captured<S, K> {
    /// `Piece::code` of the piece, 0 for none.
    code: u8,
    /// The placement's key before the move, which taking the move back
    /// restores instead of computing it again.
    key_before: u64,
    pieces: PhantomData<fn() -> Piece<S, K>>,
}

impl<S, K> Clone for Captured<S, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S, K> Copy for Captured<S, K> {}

impl<S, K> PartialEq for Captured<S, K> {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}

impl<S, K> Eq for Captured<S, K> {}

impl<S, K> core::hash::Hash for Captured<S, K> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.code.hash(state);
    }
}

impl<S: Side, K: Kind> Captured<S, K> {
    /// The captured piece, if any.
    #[inline]
    #[must_use]
    pub fn piece(self) -> Option<Piece<S, K>> {
        Piece::from_code(self.code)
    }

    /// Whether a piece was captured.
    #[inline]
    #[must_use]
    pub const fn is_some(self) -> bool {
        self.code != 0
    }
}

impl<S: Side, K: Kind> fmt::Debug for Captured<S, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Captured({:?})", self.piece())
    }
}

impl<G: Grid, S: Side, K: Kind> Default for Placement<G, S, K> {
    fn default() -> Self {
        Placement::empty()
    }
}

impl<G: Grid, S: Side, K: Kind> fmt::Display for Placement<G, S, K> {
    /// Writes the rows from the top, separated by `/`: letters for pieces,
    /// a digit for each run of empty squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Built whole and written once: a FEN a game is written for every
        // game of a large collection, and the formatter's work a character
        // would cost more than the rest.
        let mut text = String::with_capacity(G::FILES as usize * G::RANKS as usize + G::RANKS as usize);
        let push_run = |text: &mut String, empty: u32| match char::from_digit(empty, 10) {
            Some(digit) => text.push(digit),
            None => text.push_str(&empty.to_string()),
        };
        for rank in Rank::<G>::all().rev() {
            let mut empty = 0;
            for file in File::<G>::all() {
                match self.piece_at(Square::new(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            push_run(&mut text, empty);
                            empty = 0;
                        }
                        text.push(piece.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                push_run(&mut text, empty);
            }
            if rank.index() > 0 {
                text.push('/');
            }
        }
        f.write_str(&text)
    }
}

impl<G: Grid, S: Side, K: Kind> fmt::Debug for Placement<G, S, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Placement({self})")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::NineByTen;

    /// Two sides, for the tests of this crate.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub(crate) enum Colour {
        Red,
        Blue,
    }

    impl fmt::Display for Colour {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(if *self == Colour::Red { "red" } else { "blue" })
        }
    }

    impl Side for Colour {
        const BOTH: [Colour; 2] = [Colour::Red, Colour::Blue];
        fn index(self) -> usize {
            self as usize
        }
    }

    #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    enum Man {
        Captain,
        Car,
        Soldier,
    }

    impl fmt::Display for Man {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Debug::fmt(self, f)
        }
    }

    impl Kind for Man {
        const ALL: &'static [Man] = &[Man::Captain, Man::Car, Man::Soldier];
        fn index(self) -> usize {
            self as usize
        }
        fn letter(self) -> char {
            ['K', 'R', 'S'][self.index()]
        }
        fn from_letter(letter: char) -> Option<Man> {
            Man::ALL.iter().copied().find(|man| man.letter() == letter)
        }
    }

    type Board = Placement<NineByTen, Colour, Man>;

    fn square(name: &str) -> Square<NineByTen> {
        name.parse().unwrap()
    }

    const RED_CAR: Piece<Colour, Man> = Piece::new(Colour::Red, Man::Car);
    const BLUE_CAR: Piece<Colour, Man> = Piece::new(Colour::Blue, Man::Car);
    const BLUE_SOLDIER: Piece<Colour, Man> = Piece::new(Colour::Blue, Man::Soldier);
    const BLUE_CAPTAIN: Piece<Colour, Man> = Piece::new(Colour::Blue, Man::Captain);

    /// A board with `pieces` put on the squares named.
    fn board(pieces: &[(&str, Piece<Colour, Man>)]) -> Board {
        let mut board = Board::empty();
        for &(name, piece) in pieces {
            board.put(square(name), piece);
        }
        board
    }

    #[test]
    fn every_code_round_trips() {
        for color in Colour::BOTH {
            for &kind in Man::ALL {
                let piece = Piece::new(color, kind);
                assert_eq!(Piece::from_code(piece.code()), Some(piece));
                assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            }
        }
        assert_eq!(Piece::<Colour, Man>::from_code(0), None);
        assert_eq!(Piece::<Colour, Man>::from_code(4), None, "a kind the game does not have");
        assert_eq!(Piece::<Colour, Man>::from_code(17), None);
        assert_eq!(Piece::<Colour, Man>::from_letter('x'), None);
        assert_eq!(Piece::<Colour, Man>::from_letter('1'), None);
        assert_eq!(Piece::new(Colour::Blue, Man::Car).to_string(), "blue Car");
    }

    #[test]
    fn put_and_remove_keep_every_view_in_step() {
        let mut board = Board::empty();
        let car = Piece::new(Colour::Red, Man::Car);
        let soldier = Piece::new(Colour::Blue, Man::Soldier);
        assert_eq!(board.put(square("a0"), car), None);
        assert_eq!(board.put(square("a5"), soldier), None);
        assert_eq!(board.put(square("a5"), car), Some(soldier), "a capture replaces the piece");
        assert_eq!(board.by_color(Colour::Blue), SquareSet::EMPTY);
        assert_eq!(board.by_kind(Man::Soldier), SquareSet::EMPTY);
        assert_eq!(board.by_piece(car).len(), 2);
        assert_eq!(board.remove(square("a0")), Some(car));
        assert_eq!(board.remove(square("a0")), None);
        assert_eq!(board.occupied(), SquareSet::from_square(square("a5")));
        assert_eq!(board.pieces().collect::<Vec<_>>(), [(square("a5"), car)]);
        let mut other = Board::empty();
        other.put(square("a5"), car);
        assert_eq!(board, other);
    }

    #[test]
    fn placements_are_equal_and_hash_alike_exactly_when_their_pieces_are() {
        use std::collections::HashSet;
        let one = board(&[("a0", RED_CAR)]);
        let moved = board(&[("a1", RED_CAR)]);
        let recoloured = board(&[("a0", BLUE_CAR)]);
        assert_ne!(one, moved);
        assert_ne!(one, recoloured);
        assert_ne!(one, Board::empty());
        let mut again = board(&[("a1", RED_CAR)]);
        again.move_piece(square("a1"), square("a0"));
        let distinct: HashSet<Board> = [one, moved, recoloured, Board::empty(), again].into_iter().collect();
        assert_eq!(distinct.len(), 4, "the same pieces reached another way are one placement");
        use std::hash::BuildHasher;
        let state = std::hash::RandomState::new();
        assert_eq!(state.hash_one(one), state.hash_one(again));
        assert_ne!(state.hash_one(one), state.hash_one(moved), "a placement's hash follows its pieces");
    }

    #[test]
    fn a_capture_shows_the_piece_it_took() {
        let mut board = board(&[("a0", RED_CAR), ("a5", BLUE_SOLDIER)]);
        let captured = board.move_piece(square("a0"), square("a5"));
        assert_eq!(format!("{captured:?}"), "Captured(Some(Piece { color: Blue, kind: Soldier }))");
        let nothing = board.move_piece(square("a5"), square("a6"));
        assert_eq!(format!("{nothing:?}"), "Captured(None)");
    }

    #[test]
    fn captures_are_equal_and_hash_alike_exactly_when_they_took_the_same_piece() {
        use std::hash::BuildHasher;
        let mut board =
            board(&[("a0", RED_CAR), ("a5", BLUE_SOLDIER), ("b5", BLUE_SOLDIER), ("c5", BLUE_CAR)]);
        let soldier = board.move_piece(square("a0"), square("a5"));
        let nothing = board.move_piece(square("a5"), square("a4"));
        let nothing_again = board.move_piece(square("a4"), square("b4"));
        let second_soldier = board.move_piece(square("b4"), square("b5"));
        let car = board.move_piece(square("b5"), square("c5"));
        assert_eq!(soldier, second_soldier, "a blue soldier, whichever one");
        assert_eq!(nothing, nothing_again);
        assert_ne!(soldier, nothing);
        assert_ne!(soldier, car);
        let state = std::hash::RandomState::new();
        assert_eq!(state.hash_one(soldier), state.hash_one(second_soldier));
        assert_ne!(state.hash_one(soldier), state.hash_one(car), "the hash follows the piece taken");
        assert_ne!(state.hash_one(soldier), state.hash_one(nothing));
    }

    #[test]
    #[should_panic(expected = "move_piece: no piece moves from")]
    fn moving_from_an_empty_square_panics() {
        Board::empty().move_piece(square("a0"), square("a1"));
    }

    #[test]
    #[should_panic(expected = "move_piece: no piece moves from")]
    fn moving_a_piece_onto_its_own_square_panics() {
        board(&[("a0", RED_CAR)]).move_piece(square("a0"), square("a0"));
    }

    #[test]
    fn by_piece_is_that_colour_and_that_kind_only() {
        let board =
            board(&[("a0", RED_CAR), ("b0", Piece::new(Colour::Red, Man::Soldier)), ("c0", BLUE_CAR)]);
        assert_eq!(board.by_piece(RED_CAR), SquareSet::from_square(square("a0")));
        assert_eq!(board.by_piece(BLUE_SOLDIER), SquareSet::EMPTY);
        assert_eq!(board.occupied().len(), 3);
    }

    #[test]
    fn moving_a_piece_is_remove_then_put_and_unmoving_takes_it_back() {
        let before = board(&[("a0", RED_CAR), ("a5", BLUE_SOLDIER), ("e9", BLUE_CAPTAIN)]);
        for (from, to, expected) in
            [("a0", "a5", Some(BLUE_SOLDIER)), ("a0", "a3", None), ("a5", "a0", Some(RED_CAR))]
        {
            let (from, to) = (square(from), square(to));
            let piece = before.piece_at(from).unwrap();
            let mut moved = before;
            let captured = moved.move_piece(from, to);
            assert_eq!(captured.piece(), expected);
            assert_eq!(captured.is_some(), expected.is_some());
            let mut by_hand = before;
            by_hand.remove(from);
            by_hand.put(to, piece);
            assert_eq!(moved, by_hand);
            for color in Colour::BOTH {
                assert_eq!(moved.by_color(color), by_hand.by_color(color));
            }
            for &kind in Man::ALL {
                assert_eq!(moved.by_kind(kind), by_hand.by_kind(kind));
            }
            moved.unmove_piece(from, to, captured);
            assert_eq!(moved, before);
            assert_eq!(moved.occupied(), before.occupied());
            for &kind in Man::ALL {
                assert_eq!(moved.by_kind(kind), before.by_kind(kind));
            }
        }
    }

    /// The key `board` keeps, and the one counted from its pieces, with red to move.
    fn keys(board: &Board) -> (HashKey, HashKey) {
        (board.hash_key(Colour::Red), HashKey::of(board.pieces(), Colour::Red))
    }

    #[test]
    fn the_key_follows_every_change_and_is_the_key_of_the_pieces() {
        let car = Piece::new(Colour::Red, Man::Car);
        let soldier = Piece::new(Colour::Blue, Man::Soldier);
        let mut board = Board::empty();
        assert_eq!(keys(&board), (HashKey::EMPTY, HashKey::EMPTY));
        board.put(square("a0"), car);
        assert_eq!(keys(&board), (HashKey::piece(car, square("a0")), HashKey::piece(car, square("a0"))));
        board.put(square("a5"), soldier);
        let (kept, counted) = keys(&board);
        assert_eq!(kept, counted);
        assert_eq!(kept, HashKey::piece(car, square("a0")) ^ HashKey::piece(soldier, square("a5")));
        board.put(square("a5"), car);
        assert_eq!(keys(&board).0, keys(&board).1, "a piece put over another replaces its key");
        let captured = board.move_piece(square("a5"), square("i5"));
        assert_eq!(keys(&board).0, keys(&board).1);
        board.unmove_piece(square("a5"), square("i5"), captured);
        board.put(square("a5"), soldier);
        let taking = board.move_piece(square("a0"), square("a5"));
        assert_eq!(keys(&board).0, keys(&board).1, "a capture takes the captured piece's key out");
        assert_eq!(keys(&board).0, HashKey::piece(car, square("a5")));
        board.unmove_piece(square("a0"), square("a5"), taking);
        assert_eq!(keys(&board).0, kept, "taken back, the key is what it was");
        board.remove(square("a0"));
        board.remove(square("a5"));
        assert_eq!(keys(&board), (HashKey::EMPTY, HashKey::EMPTY));
        assert_eq!(Board::empty().hash_key(Colour::Blue), HashKey::side(Colour::Blue));
        assert_ne!(HashKey::side(Colour::Blue), HashKey::EMPTY);
        assert_eq!(HashKey::side(Colour::Red), HashKey::EMPTY);
    }

    #[test]
    fn display_writes_rows_from_the_top_with_runs_of_empty_squares() {
        assert_eq!(Board::empty().to_string(), "9/9/9/9/9/9/9/9/9/9");
        let board = board(&[("a0", RED_CAR), ("e9", BLUE_CAPTAIN), ("i5", BLUE_SOLDIER)]);
        assert_eq!(board.to_string(), "4k4/9/9/9/8s/9/9/9/9/R8");
        assert_eq!(format!("{board:?}"), "Placement(4k4/9/9/9/8s/9/9/9/9/R8)");
    }
}
