//! One trait for every game: what code written once for all games needs of a
//! position; the key that tells positions apart for the repetition rules;
//! and the macro that gives each game crate's `Position` the methods every
//! position has.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::ops::DerefMut;

use crate::{GameOutcome, HashKey, Side};

/// A position of a game: its legal moves, playing them (checked, or
/// unchecked and taken back), the side to move, how the game has ended, and
/// its hash. All that a generic user (a game loop, perft, a search) needs;
/// the game crates implement it for their `Position`, whose inherent methods
/// of the same names are the same methods.
///
/// A position is a small `Copy` value: a search may copy it before each move
/// or play moves in place and take them back ([`Game::play_unchecked`],
/// [`Game::unplay`]).
///
/// A game loop written once, for any game, through the trait alone:
///
/// ```
/// use board_geometry::Game;
///
/// /// Plays the first legal move until the game ends or `plies` have been
/// /// played; returns the moves and how the game ended, if it did.
/// fn first_moves<G: Game>(mut position: G, plies: usize) -> (Vec<G::Move>, Option<G::Outcome>) {
///     let mut moves = Vec::new();
///     while moves.len() < plies {
///         let Some(mv) = position.legal_moves().into_iter().next() else { break };
///         position.play(mv).expect("a legal move is played");
///         moves.push(mv);
///     }
///     (moves, position.outcome())
/// }
/// # use board_geometry::{HashKey, Side};
/// # use std::fmt;
/// # /// Take 1 or 2 from a pile; whoever takes the last one wins.
/// # #[derive(Copy, Clone)]
/// # struct Pile { left: u32, turn: Player }
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # enum Player { First, Second }
/// # impl fmt::Display for Player {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { fmt::Debug::fmt(self, f) }
/// # }
/// # impl Side for Player {
/// #     const BOTH: [Player; 2] = [Player::First, Player::Second];
/// #     fn index(self) -> usize { self as usize }
/// # }
/// # #[derive(Debug)]
/// # struct TooMany;
/// # impl fmt::Display for TooMany {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("too many") }
/// # }
/// # impl std::error::Error for TooMany {}
/// # impl board_geometry::GameOutcome for Player {
/// #     type Color = Player;
/// #     fn winner(self) -> Option<Player> { Some(self) }
/// # }
/// # impl Game for Pile {
/// #     type Move = u32;
/// #     type Moves = Vec<u32>;
/// #     type Undo = u32;
/// #     type Square = u8;
/// #     type Piece = ();
/// #     type Color = Player;
/// #     type Outcome = Player;
/// #     type IllegalMove = TooMany;
/// #     fn legal_moves(&self) -> Self::Moves { (1..=self.left.min(2)).collect() }
/// #     fn count_legal_moves(&self) -> usize { self.left.min(2) as usize }
/// #     fn play(&mut self, take: u32) -> Result<(), TooMany> {
/// #         if !self.legal_moves().contains(&take) { return Err(TooMany) }
/// #         self.play_unchecked(take);
/// #         Ok(())
/// #     }
/// #     fn play_unchecked(&mut self, take: u32) -> u32 {
/// #         self.left -= take;
/// #         self.turn = Player::BOTH[1 - self.turn.index()];
/// #         take
/// #     }
/// #     fn unplay(&mut self, take: u32) {
/// #         self.left += take;
/// #         self.turn = Player::BOTH[1 - self.turn.index()];
/// #     }
/// #     fn turn(&self) -> Player { self.turn }
/// #     fn outcome(&self) -> Option<Player> {
/// #         (self.left == 0).then(|| Player::BOTH[1 - self.turn.index()])
/// #     }
/// #     fn is_check(&self) -> bool { false }
/// #     fn piece_at(&self, _: u8) -> Option<()> { None }
/// #     fn is_capture(&self, _: u32) -> bool { false }
/// #     fn zobrist_hash(&self) -> HashKey { HashKey::side(self.turn) }
/// # }
/// # let (moves, outcome) = first_moves(Pile { left: 3, turn: Player::First }, 10);
/// # assert_eq!(moves, [1, 1, 1]);
/// # assert_eq!(outcome, Some(Player::First));
/// ```
///
/// The game crates answer the same loop for their own positions
/// (`first_moves(xiangqi_rules::Position::start(), 100)`); `RandomGame` (the
/// `random` feature) plays a seeded random game of any of them, as their
/// `examples/random_game.rs` do.
pub trait Game: Copy {
    /// A move of the game. Its order is the order
    /// [`divide`](crate::perft::divide) lists moves in; `Display` writes it in
    /// the game's notation.
    type Move: Copy + Ord + Hash + Debug + Display;
    /// A list of moves: a slice (`len`, indexing, `iter`, `sort_by_key` for
    /// move ordering) that is also iterated by value, kept on the stack (a
    /// [`BoundedList`](crate::BoundedList) in the game crates), so that a
    /// search allocates nothing per node.
    type Moves: DerefMut<Target = [Self::Move]> + IntoIterator<Item = Self::Move>;
    /// What [`Game::unplay`] needs to take a move back: the move, and
    /// whatever the move destroyed (a captured piece, a clock).
    type Undo: Copy;
    /// The sides of the game (red and black, red and blue).
    type Color: Side;
    /// A square of the board.
    type Square: Copy + Eq + Hash + Debug + Display;
    /// What stands on a square: a piece of a side.
    type Piece: Copy + Eq + Debug;
    /// How a game has ended: the winner ([`GameOutcome::winner`]) and why.
    type Outcome: GameOutcome<Color = Self::Color>;
    /// Why a move cannot be played: the game's own reasons, in words
    /// (`Display`) and as a value to match on.
    type IllegalMove: std::error::Error;

    /// Every legal move of the side to move (none once the game is over).
    fn legal_moves(&self) -> Self::Moves;

    /// The number of legal moves, counted without listing them.
    fn count_legal_moves(&self) -> usize;

    /// Plays `mv` if it is legal here; otherwise says why not and changes
    /// nothing.
    ///
    /// # Errors
    /// Why the move is illegal, in the game's terms.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::IllegalMove>;

    /// Plays `mv`, one of [`Game::legal_moves`], without checking it, and
    /// returns what [`Game::unplay`] needs to take it back (copying the
    /// position before the move and dropping the result is the other way
    /// back).
    ///
    /// # Panics
    /// In debug builds, if `mv` is not legal here. In release builds an
    /// illegal move is not checked: what it leaves is unspecified (a position
    /// the game cannot reach, such as one without a general or captain), but
    /// never unsafe, and every later call stays panic-free (the game crates
    /// answer such a position as lost for the side missing its royal piece).
    /// Use [`Game::play`] for moves from outside.
    fn play_unchecked(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back the move `undo` was returned for, which must be the last
    /// move played on this position and not yet taken back: afterwards the
    /// position is exactly what it was before that move, its
    /// [`Game::zobrist_hash`] included.
    ///
    /// # Panics
    /// In debug builds, if `undo` is not that of the last move played on this
    /// position (another position's, or one taken back already). In release
    /// builds such an `undo` is not checked and leaves an unspecified
    /// position, as an illegal move does.
    fn unplay(&mut self, undo: Self::Undo);

    /// The side to move.
    fn turn(&self) -> Self::Color;

    /// How the game has ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The legal moves that may win the game at once (after which the
    /// opponent has lost), a superset of those that do: what a mate search
    /// plays at its leaves, where it asks of every position whether some
    /// move wins now. Every legal move unless a game overrides it; the game
    /// crates rule moves out from their rules without playing them (xiangqi:
    /// the quiet moves that plainly leave the opponent a move; duck chess:
    /// every move that does not take the captain), which makes those leaves
    /// several times cheaper.
    fn winning_move_candidates(&self) -> Self::Moves {
        self.legal_moves()
    }

    /// Whether the position is a check as the game's rules say it: in
    /// xiangqi, the general of the side to move is attacked; in duck chess,
    /// a captain is. What a search extends, and orders checking moves by.
    fn is_check(&self) -> bool;

    /// The piece on `square`, if any.
    fn piece_at(&self, square: Self::Square) -> Option<Self::Piece>;

    /// Whether `mv`, a legal move here, captures: a piece of the other side
    /// stands on its target. What a search orders first and a quiescence
    /// search plays.
    fn is_capture(&self, mv: Self::Move) -> bool;

    /// The Zobrist key of the pieces on their squares and the side to move,
    /// never the clocks or move counters: equal for equal positions however
    /// they were reached, kept up to date by every move played and taken
    /// back, and the same on every machine and in every release (see
    /// [`HashKey`]). Each game xors in its own [`HashKey::game`], so one
    /// table may hold positions of several games.
    ///
    /// Named apart from [`core::hash::Hash::hash`], which the game crates'
    /// positions also implement (for hash maps of whole positions, clocks
    /// included), so that generic code with both traits in scope calls
    /// either without spelling out the trait.
    fn zobrist_hash(&self) -> HashKey;
}

/// A position as the repetition rules see it: the pieces on their squares
/// and the side to move, and nothing else (no clock, no move number).
///
/// Two keys are equal exactly when their boards hold the same pieces on the
/// same squares and the same side is to move: the test "has this position
/// occurred before?" asks, with no chance of a hash collision. `Hash` writes
/// only the position's [`HashKey`], which is already a good hash, so a
/// `HashMap<RepetitionKey, usize>` counting occurrences hashes one `u64` per
/// lookup. The game crates make one with `Position::repetition_key()`.
///
/// ```
/// use std::collections::HashSet;
/// use board_geometry::{HashKey, RepetitionKey};
///
/// // Any board type will do; the game crates use their `Board`.
/// let key = |board: &str, to_move: u8| RepetitionKey::new(board.to_string(), to_move, HashKey::EMPTY);
/// let mut seen = HashSet::new();
/// assert!(seen.insert(key("4k4/9/R8", 0)));
/// assert!(!seen.insert(key("4k4/9/R8", 0)), "the same board and side to move");
/// assert!(seen.insert(key("4k4/9/R8", 1)), "the other side to move");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RepetitionKey<B, S> {
    // First, so that different positions are told apart in one comparison.
    hash: HashKey,
    to_move: S,
    board: B,
}

impl<B, S> RepetitionKey<B, S> {
    /// The key of `board` with `to_move` to move, whose [`HashKey`] is
    /// `hash`. Equality compares all three, so a wrong `hash` can only keep
    /// equal boards apart, never make different ones equal.
    #[must_use]
    pub const fn new(board: B, to_move: S, hash: HashKey) -> Self {
        RepetitionKey { hash, to_move, board }
    }

    /// Where the pieces stand.
    #[must_use]
    pub const fn board(&self) -> &B {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> &S {
        &self.to_move
    }

    /// The position's hash key.
    #[must_use]
    pub const fn hash_key(&self) -> HashKey {
        self.hash
    }
}

impl<B: Eq, S: Eq> Hash for RepetitionKey<B, S> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        // Equal keys have equal hashes, since equality compares `hash` too.
        state.write_u64(self.hash.get());
    }
}

/// Gives a game crate's `Position` what every game's position has in the
/// same words, written once here: the [`Game`] implementation, and the
/// inherent methods and conversions that do not depend on the game's rules.
///
/// `impl_position!(xiangqi_rules::Position, game_key: HashKey::EMPTY)`, in
/// the module of the position (the crate's name is for the examples in the
/// docs; the game key, a [`HashKey::game`], is xored into every
/// [`Game::zobrist_hash`] so that two games' keys differ). The names
/// that every game crate gives its vocabulary must be in scope there and
/// mean what they mean in every game crate: `Setup` (with public fields
/// `board` and `turn`, and `picture()` and `picture_in(style)`), `Board` (a
/// board with `hash_key(to_move)`, such as a [`Placement`](crate::Placement)),
/// `Move` (with a public field `to`), `MoveList`, `Undo`, `Color`, `Square`,
/// `Piece`, `Outcome`, `IllegalMove`,
/// `PositionError` and `RepetitionKey` (this [`RepetitionKey`] of `Board` and
/// `Color`). The position is a struct with one field `setup`, and has
/// the inherent methods `start`, `from_setup`, `legal_moves`,
/// `count_legal_moves`, `winning_move_candidates`, `play`, `play_unchecked`,
/// `unplay`, `outcome` and `is_check`:
/// the game's own rules. The [`Game`] methods call them, so the trait and
/// the inherent methods are the same methods.
///
/// Generated: the inherent `setup`, `board`, `turn`, `zobrist_hash`,
/// `piece_at`, `is_capture`,
/// `repetition_key`, `picture` and `picture_in`; `Default` (`start`),
/// `TryFrom<Setup>` (`from_setup`), `From<Position> for Setup`, and `Display`
/// (the setup's).
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
#[macro_export]
macro_rules! impl_position {
    ($krate:ident::$position:ident, game_key: $game_key:expr) => {
        impl $position {
            /// The position as a setup: what its position string (its FEN
            /// in xiangqi) says.
            ///
            #[doc = concat!("```\nuse ", stringify!($krate), "::{Position, Setup};\n")]
            /// assert_eq!(*Position::start().setup(), Setup::start());
            /// ```
            #[must_use]
            pub const fn setup(&self) -> &Setup {
                &self.setup
            }

            /// Where the pieces stand.
            ///
            #[doc = concat!("```\nuse ", stringify!($krate), "::Position;\n")]
            /// assert_eq!(Position::start().board().pieces().count(), 32);
            /// ```
            #[must_use]
            pub const fn board(&self) -> &Board {
                &self.setup.board
            }

            /// The side to move.
            ///
            #[doc = concat!("```\nuse ", stringify!($krate), "::{Color, Position};\n")]
            /// assert_eq!(Position::start().turn(), Color::Red);
            /// ```
            #[must_use]
            pub const fn turn(&self) -> Color {
                self.setup.turn
            }

            /// The Zobrist key of the position: the pieces on their points
            /// and the side to move, never the clocks or move counters. Equal
            /// positions have equal keys whatever moves led to them; every
            /// move played or taken back updates the key in a few
            /// instructions; and the value is the same on every machine and
            /// in every release (see
            /// [`HashKey`](board_geometry::HashKey)).
            ///
            /// What it is for: transposition tables, and counting how often
            /// a position has occurred (a repetition). Different positions
            /// share a key with a chance of about one in 2^64; where that
            /// must be ruled out, compare
            /// [`repetition_key`](Self::repetition_key)s.
            ///
            #[doc = concat!("```\nuse ", stringify!($krate), "::Position;\n")]
            /// let mut position = Position::start();
            /// let start = position.zobrist_hash();
            /// for mv in position.legal_moves() {
            ///     let undo = position.play_unchecked(mv);
            ///     assert_ne!(position.zobrist_hash(), start);
            ///     position.unplay(undo);
            ///     assert_eq!(position.zobrist_hash(), start);
            /// }
            /// ```
            #[inline]
            #[must_use]
            pub fn zobrist_hash(&self) -> $crate::HashKey {
                const GAME_KEY: $crate::HashKey = $game_key;
                self.setup.board.hash_key(self.setup.turn) ^ GAME_KEY
            }

            /// The piece on `square`, if any.
            ///
            #[doc = concat!("```\nuse ", stringify!($krate), "::Position;\n")]
            /// let start = Position::start();
            /// assert!(start.piece_at("a0".parse()?).is_some());
            /// assert!(start.piece_at("e4".parse()?).is_none());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            #[inline]
            #[must_use]
            pub fn piece_at(&self, square: Square) -> Option<Piece> {
                self.setup.board.piece_at(square)
            }

            /// Whether `mv`, a legal move here, captures: a piece stands on
            /// its target (a legal move never lands on one of its own side).
            ///
            #[doc = concat!("```\nuse ", stringify!($krate), "::Position;\n")]
            /// let start = Position::start();
            /// let moves = start.legal_moves();
            /// let captures: Vec<_> = moves.iter().filter(|&&mv| start.is_capture(mv)).collect();
            /// assert!(captures.len() < moves.len());
            /// for mv in captures {
            ///     assert!(start.piece_at(mv.to).is_some_and(|piece| piece.color != start.turn()));
            /// }
            /// ```
            #[inline]
            #[must_use]
            pub fn is_capture(&self, mv: Move) -> bool {
                self.setup.board.piece_at(mv.to).is_some()
            }

            /// The position as the repetition rules see it: the pieces on
            /// their points and the side to move, not the clocks or move
            /// counters. Two positions have equal keys exactly when the same
            /// pieces stand on the same points with the same side to move;
            /// the key hashes as [`zobrist_hash`](Self::zobrist_hash), so it is a cheap key
            /// for a `HashMap` counting occurrences.
            ///
            #[doc = concat!("```\nuse ", stringify!($krate), "::Position;\n")]
            /// let start = Position::start();
            /// let first = start.legal_moves()[0];
            /// let mut moved = start;
            /// moved.play(first)?;
            /// assert_ne!(moved.repetition_key(), start.repetition_key());
            /// assert_eq!(moved.repetition_key().hash_key(), moved.zobrist_hash());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            #[must_use]
            pub fn repetition_key(&self) -> RepetitionKey {
                $crate::RepetitionKey::new(self.setup.board, self.setup.turn, self.zobrist_hash())
            }

            /// The board as a picture (see the setup's `picture`).
            #[must_use]
            pub fn picture(&self) -> String {
                self.setup.picture()
            }

            /// The board as a picture in `style` (see the setup's `picture_in`).
            #[must_use]
            pub fn picture_in(&self, style: $crate::render::TextStyle) -> String {
                self.setup.picture_in(style)
            }
        }

        impl $crate::Game for $position {
            type Move = Move;
            type Moves = MoveList;
            type Undo = Undo;
            type Color = Color;
            type Square = Square;
            type Piece = Piece;
            type Outcome = Outcome;
            type IllegalMove = IllegalMove;

            #[inline]
            fn legal_moves(&self) -> MoveList {
                <$position>::legal_moves(self)
            }

            #[inline]
            fn count_legal_moves(&self) -> usize {
                <$position>::count_legal_moves(self)
            }

            #[inline]
            fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
                <$position>::play(self, mv)
            }

            // Played and taken back at every node of a search: inlined, the
            // undo information stays in registers.
            #[inline(always)]
            fn play_unchecked(&mut self, mv: Move) -> Undo {
                <$position>::play_unchecked(self, mv)
            }

            #[inline(always)]
            fn unplay(&mut self, undo: Undo) {
                <$position>::unplay(self, undo);
            }

            #[inline]
            fn turn(&self) -> Color {
                <$position>::turn(self)
            }

            #[inline]
            fn outcome(&self) -> Option<Outcome> {
                <$position>::outcome(self)
            }

            #[inline]
            fn winning_move_candidates(&self) -> MoveList {
                <$position>::winning_move_candidates(self)
            }

            #[inline]
            fn is_check(&self) -> bool {
                <$position>::is_check(self)
            }

            #[inline]
            fn piece_at(&self, square: Square) -> Option<Piece> {
                <$position>::piece_at(self, square)
            }

            #[inline]
            fn is_capture(&self, mv: Move) -> bool {
                <$position>::is_capture(self, mv)
            }

            #[inline]
            fn zobrist_hash(&self) -> $crate::HashKey {
                <$position>::zobrist_hash(self)
            }
        }

        impl Default for $position {
            fn default() -> $position {
                <$position>::start()
            }
        }

        impl TryFrom<Setup> for $position {
            type Error = PositionError;

            fn try_from(setup: Setup) -> Result<$position, PositionError> {
                <$position>::from_setup(setup)
            }
        }

        impl From<$position> for Setup {
            fn from(position: $position) -> Setup {
                position.setup
            }
        }

        impl core::fmt::Display for $position {
            /// Writes the setup: the position string (FEN in xiangqi).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(&self.setup, f)
            }
        }
    };
}

#[cfg(test)]
pub(crate) mod tests {
    use core::fmt;

    use super::*;

    /// The one side of the test games of this crate, which care only about
    /// their moves.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub(crate) struct Mover;

    impl fmt::Display for Mover {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("mover")
        }
    }

    impl Side for Mover {
        const BOTH: [Mover; 2] = [Mover, Mover];
        fn index(self) -> usize {
            0
        }
    }

    impl GameOutcome for Mover {
        type Color = Mover;

        fn winner(self) -> Option<Mover> {
            Some(self)
        }
    }

    /// A move a test game does not have.
    #[derive(Debug, PartialEq, Eq)]
    pub(crate) struct NotAMove;

    impl fmt::Display for NotAMove {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("not a move here")
        }
    }

    impl std::error::Error for NotAMove {}

    /// The [`Game`] items a test game of perft does not use, for its `impl
    /// Game`: moves that are numbers, each its own undo; one side, an
    /// outcome once no move is left, `play` checked against the legal
    /// moves, and one hash for every position.
    macro_rules! the_rest_of_the_game {
        () => {
            type Move = u32;
            type Undo = u32;
            type Color = $crate::game::tests::Mover;
            type Outcome = $crate::game::tests::Mover;
            type IllegalMove = $crate::game::tests::NotAMove;
            $crate::game::tests::no_board!();

            fn play(&mut self, mv: Self::Move) -> Result<(), $crate::game::tests::NotAMove> {
                if !self.legal_moves().into_iter().any(|legal| legal == mv) {
                    return Err($crate::game::tests::NotAMove);
                }
                self.play_unchecked(mv);
                Ok(())
            }

            fn turn(&self) -> $crate::game::tests::Mover {
                $crate::game::tests::Mover
            }

            fn outcome(&self) -> Option<$crate::game::tests::Mover> {
                (self.count_legal_moves() == 0).then_some($crate::game::tests::Mover)
            }

            fn zobrist_hash(&self) -> $crate::HashKey {
                $crate::HashKey::EMPTY
            }
        };
    }
    pub(crate) use the_rest_of_the_game;

    /// The [`Game`] items of a test game with no board: no squares, no
    /// pieces, no check, no capture (its moves are numbers).
    macro_rules! no_board {
        () => {
            type Square = u8;
            type Piece = ();

            fn is_check(&self) -> bool {
                false
            }

            fn piece_at(&self, _: u8) -> Option<()> {
                None
            }

            fn is_capture(&self, _: u32) -> bool {
                false
            }
        };
    }
    pub(crate) use no_board;

    #[test]
    fn repetition_keys_compare_all_they_hold_and_hash_as_their_hash_key() {
        use std::hash::BuildHasher;
        let key =
            |board: u8, to_move: u8, hash: u64| RepetitionKey::new(board, to_move, HashKey::from_u64(hash));
        assert_eq!(key(1, 0, 7), key(1, 0, 7));
        assert_ne!(key(1, 0, 7), key(2, 0, 7), "another board");
        assert_ne!(key(1, 0, 7), key(1, 1, 7), "the other side to move");
        assert_ne!(key(1, 0, 7), key(1, 0, 8), "another hash");
        let one = key(1, 0, 7);
        assert_eq!((*one.board(), *one.to_move(), one.hash_key()), (1, 0, HashKey::from_u64(7)));
        let state = std::hash::RandomState::new();
        assert_eq!(state.hash_one(one), state.hash_one(7u64), "only the hash key is hashed");
    }
}
