//! What taking back a move needs, in any game.

use core::fmt;

use crate::{Captured, HashKey, Kind, Piece, Side};

/// What taking back a move needs: the move, what it captured (the
/// [`Captured`] its [`Placement::move_piece`](crate::Placement::move_piece)
/// returned), and the game's own state from before it, `X` (xiangqi's
/// clocks; nothing for a game without any). Each game names its own:
/// `xiangqi_rules::Undo` and `duck_rules::Undo` are `Undo`s of their moves
/// and pieces, returned by their `Position::play_unchecked` and given back
/// to `Position::unplay`.
///
/// ```
/// use board_geometry::{Captured, NineByTen, Placement, Square, Undo};
/// # use board_geometry::{Kind, Side};
/// # use std::fmt;
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # enum Colour { White, Black }
/// # impl fmt::Display for Colour {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{self:?}") }
/// # }
/// # impl Side for Colour {
/// #     const BOTH: [Colour; 2] = [Colour::White, Colour::Black];
/// #     fn index(self) -> usize { self as usize }
/// # }
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # enum Man { Rook }
/// # impl fmt::Display for Man {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("rook") }
/// # }
/// # impl Kind for Man {
/// #     const ALL: &'static [Man] = &[Man::Rook];
/// #     fn index(self) -> usize { 0 }
/// #     fn letter(self) -> char { 'R' }
/// #     fn from_letter(letter: char) -> Option<Man> { (letter == 'R').then_some(Man::Rook) }
/// # }
/// type Sq = Square<NineByTen>;
/// let (a0, a9): (Sq, Sq) = ("a0".parse()?, "a9".parse()?);
/// let mut placement = Placement::<NineByTen, Colour, Man>::empty();
/// placement.put(a0, board_geometry::Piece::new(Colour::White, Man::Rook));
/// placement.put(a9, board_geometry::Piece::new(Colour::Black, Man::Rook));
/// let before = placement.clone();
///
/// let undo = Undo::new((a0, a9), placement.move_piece(a0, a9), ());
/// assert_eq!(undo.captured().map(|piece| piece.color), Some(Colour::Black));
/// let (from, to) = undo.mv();
/// placement.unmove_piece(from, to, undo.capture());
/// assert_eq!(placement, before);
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Undo<M, S, K, X = ()> {
    mv: M,
    captured: Captured<S, K>,
    before: X,
    /// In debug builds, the key of the position the move led to, so that
    /// taking back a move on a position it was not played on is caught.
    #[cfg(debug_assertions)]
    played_into: HashKey,
}

impl<M: Copy, S: Side, K: Kind, X: Copy> Undo<M, S, K, X> {
    /// What playing `mv` needs to be taken back: the piece it `captured`,
    /// and the game's state `before` it.
    #[must_use]
    pub const fn new(mv: M, captured: Captured<S, K>, before: X) -> Self {
        Undo {
            mv,
            captured,
            before,
            #[cfg(debug_assertions)]
            played_into: HashKey::EMPTY,
        }
    }

    /// Notes, in debug builds, the key of the position the move led to,
    /// which [`Undo::check_unplayed_on`] compares; nothing in release builds.
    #[doc(hidden)]
    #[inline(always)]
    #[must_use]
    pub const fn played_into(self, key: HashKey) -> Self {
        #[cfg(debug_assertions)]
        {
            let mut undo = self;
            undo.played_into = key;
            undo
        }
        #[cfg(not(debug_assertions))]
        {
            let _ = key;
            self
        }
    }

    /// Panics, in debug builds, unless `key` is the key of the position the
    /// move led to: the undo of another position, or of a move taken back
    /// already, would leave a position no game reaches. Nothing in release
    /// builds.
    #[doc(hidden)]
    #[inline(always)]
    #[track_caller]
    pub fn check_unplayed_on(&self, key: HashKey) {
        #[cfg(debug_assertions)]
        assert!(
            self.played_into == key,
            "unplay: this undo is of a move that led to the position keyed {}, not to this one (keyed {key})",
            self.played_into
        );
        #[cfg(not(debug_assertions))]
        let _ = key;
    }

    /// The move played.
    #[must_use]
    pub const fn mv(&self) -> M {
        self.mv
    }

    /// The piece the move captured, if any.
    #[must_use]
    pub fn captured(&self) -> Option<Piece<S, K>> {
        self.captured.piece()
    }

    /// What the move took off the placement, as
    /// [`Placement::unmove_piece`](crate::Placement::unmove_piece) gives it back.
    #[must_use]
    pub const fn capture(&self) -> Captured<S, K> {
        self.captured
    }

    /// The game's own state from before the move.
    #[must_use]
    pub const fn before(&self) -> X {
        self.before
    }
}

impl<M: fmt::Debug, S: Side, K: Kind, X: fmt::Debug> fmt::Debug for Undo<M, S, K, X> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Undo")
            .field("mv", &self.mv)
            .field("captured", &self.captured)
            .field("before", &self.before)
            .finish()
    }
}
