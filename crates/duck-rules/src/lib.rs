// The README's links point into the sources, which is where they lead on
// GitHub; these definitions of the same labels come first, so that rustdoc
// links the words to the items instead (`xtask/tests/readme_links.rs` keeps
// both lists alike).
//! [`Color`]: crate::Color
//! [`COORDINATES`]: crate::COORDINATES
//! [`Game`]: crate::Game
//! [`HashKey`]: crate::HashKey
//! [`IllegalMove`]: crate::IllegalMove
//! [`INITIAL_POSITION`]: crate::INITIAL_POSITION
//! [`JudgeMove`]: crate::JudgeMove
//! [`JudgeMove::compact`]: crate::JudgeMove::compact
//! [`Leap::DUCK`]: crate::Leap::DUCK
//! [`Leap::ELEPHANT`]: crate::Leap::ELEPHANT
//! [`Leap::HORSE`]: crate::Leap::HORSE
//! [`Move`]: crate::Move
//! [`Move::from_judge`]: crate::Move::from_judge
//! [`Move::to_judge`]: crate::Move::to_judge
//! [`Outcome`]: crate::Outcome
//! [`Outcome::reason`]: crate::Outcome::reason
//! [struct Perft]: crate::Perft
//! [`perft`]: crate::perft
//! [`perft_every_leaf`]: crate::perft_every_leaf
//! [`Piece`]: crate::Piece
//! [`piece_character`]: crate::piece_character
//! [`PieceKind`]: crate::PieceKind
//! [`PieceKind::movement`]: crate::PieceKind::movement
//! [`Position`]: crate::Position
//! [`Position::zobrist_hash`]: crate::Position::zobrist_hash
//! [`Position::legal_moves`]: crate::Position::legal_moves
//! [`Position::outcome`]: crate::Position::outcome
//! [`Position::play`]: crate::Position::play
//! [`Position::play_unchecked`]: crate::Position::play_unchecked
//! [`Position::repetition_key`]: crate::Position::repetition_key
//! [`Position::unplay`]: crate::Position::unplay
//! [`RepetitionKey`]: crate::RepetitionKey
//! [`Setup`]: crate::Setup
//! [`Setup::picture`]: crate::Setup::picture
//! [`Setup::picture_in`]: crate::Setup::picture_in
//! [`Setup::svg_diagram`]: crate::Setup::svg_diagram
//! [`Square`]: crate::Square
#![cfg_attr(feature = "tasks", doc = "[`tasks::replay`]: crate::tasks::replay")]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod color;
mod illegal;
mod movement;
mod moves;
mod outcome;
mod perft;
mod piece;
mod position;
mod position_file;
mod problem;
mod rules;
mod setup;
#[cfg(feature = "solve")]
pub mod solve;
#[cfg(feature = "tasks")]
pub mod tasks;
mod undo;

/// The trait of every game's position, implemented by [`Position`].
pub use board_geometry::Game;
pub use board_geometry::HashKey;
pub use board_geometry::perft::{Leaves, Perft, Stopped, divide, perft, perft_every_leaf, perft_until};
pub use color::{Color, ParseColorError};
pub use illegal::IllegalMove;
pub use movement::Movement;
pub use moves::{COORDINATES, JudgeMove, MAX_MOVES, Move, MoveList, ParseMoveError};
pub use outcome::{Outcome, Reason};
pub use piece::{ParsePieceKindError, Piece, PieceKind};
pub use position::{ParsePositionError, Position};
pub use position_file::{PositionFileError, read_position, read_setup};
pub use problem::{PositionError, Problem};
pub use setup::{INITIAL_POSITION, ParseSetupError, Setup, SetupError, piece_character};
pub use undo::Undo;

pub use board_geometry::text_input::{Located, StreamError, TextPosition};
pub use board_geometry::{Direction, Leap, Offset, ParseSquareError, RowColumn, RowsFrom, render};

// Moves and positions as their text: a move's squares or the judge's command, the position
// string; reasons as their names (`captain-taken`).
#[cfg(feature = "serde")]
board_geometry::serde_as_text!(Move, JudgeMove, Setup, Position, Reason);

/// A point of the board, as board-geometry's square of the 10 x 9 grid,
/// named by its file `a`..`i` and rank `0`..`9`, red at rank 0, as in
/// xiangqi: `e0` is red's captain. Files are the judge's columns 0..8 and
/// ranks its rows 0..9, so the judge's point `(0, 4)` is `e0` (see [`COORDINATES`]).
pub type Square = board_geometry::Square<board_geometry::NineByTen>;
/// A set of points of the board.
pub type SquareSet = board_geometry::SquareSet<board_geometry::NineByTen>;
/// Where the pieces stand: any arrangement at all, with no rule checked.
pub type Board = board_geometry::Placement<board_geometry::NineByTen, Color, PieceKind>;
/// A position as the repetition rules see it: the pieces on their points and
/// the side to move (see [`Position::repetition_key`]).
pub type RepetitionKey = board_geometry::RepetitionKey<Board, Color>;
