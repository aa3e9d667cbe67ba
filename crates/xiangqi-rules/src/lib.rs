// The README's links point into the sources, which is where they lead on
// GitHub; these definitions of the same labels come first, so that rustdoc
// links the words to the items instead (`xtask/tests/readme_links.rs` keeps
// both lists alike).
//! [`Board`]: crate::Board
//! [`Board::chinese_picture`]: crate::Board::chinese_picture
//! [`Board::styled_picture`]: crate::Board::styled_picture
//! [`Board::svg_diagram`]: crate::Board::svg_diagram
//! [`Board::text_picture`]: crate::Board::text_picture
//! [`Color`]: crate::Color
//! [`Game`]: crate::Game
//! [`HashKey`]: crate::HashKey
//! [`History`]: crate::History
//! [`History::ending`]: crate::History::ending
//! [`History::explain`]: crate::History::explain
//! [`History::explain_in`]: crate::History::explain_in
//! [`History::outcome`]: crate::History::outcome
//! [`Language::Chinese`]: crate::Language::Chinese
//! [`IllegalMove`]: crate::IllegalMove
//! [`Move`]: crate::Move
//! [`notation`]: crate::notation
//! [`Outcome`]: crate::Outcome
//! [`Outcome::reason`]: crate::Outcome::reason
//! [`Reason`]: crate::Reason
//! [`Reason::name`]: crate::Reason::name
//! [`GameResult`]: crate::GameResult
//! [`Rules`]: crate::Rules
//! [struct Perft]: crate::Perft
//! [`perft`]: crate::perft
//! [`perft_every_leaf`]: crate::perft_every_leaf
//! [`Piece`]: crate::Piece
//! [`piece_character`]: crate::piece_character
//! [`PieceKind`]: crate::PieceKind
//! [`Position`]: crate::Position
//! [`Position::zobrist_hash`]: crate::Position::zobrist_hash
//! [`Position::outcome`]: crate::Position::outcome
//! [`Position::picture`]: crate::Position::picture
//! [`Position::picture_in`]: crate::Position::picture_in
//! [`Position::play`]: crate::Position::play
//! [`Position::play_unchecked`]: crate::Position::play_unchecked
//! [`Position::repetition_key`]: crate::Position::repetition_key
//! [`Position::threats`]: crate::Position::threats
//! [`Position::unplay`]: crate::Position::unplay
//! [`read_position`]: crate::read_position
//! [`render::TextStyle`]: crate::render::TextStyle
//! [`RepetitionKey`]: crate::RepetitionKey
//! [`Rules::Engine`]: crate::Rules::Engine
//! [`Rules::MateOnly`]: crate::Rules::MateOnly
//! [`Setup`]: crate::Setup
//! [`Setup::svg_diagram`]: crate::Setup::svg_diagram
//! [`Square`]: crate::Square
//! [`SquareSet`]: crate::SquareSet
//! [`Threats`]: crate::Threats
//! [`Undo`]: crate::Undo
#![cfg_attr(feature = "records", doc = "[`History::from_record`]: crate::History::from_record")]
#![cfg_attr(feature = "records", doc = "[`record`]: crate::record")]
#![cfg_attr(feature = "records", doc = "[`record::Line`]: crate::record::Line")]
#![cfg_attr(feature = "records", doc = "[`record::Record`]: crate::record::Record")]
#![cfg_attr(feature = "records", doc = "[`record::RecordFile`]: crate::record::RecordFile")]
#![cfg_attr(feature = "tasks", doc = "[`tasks`]: crate::tasks")]
#![cfg_attr(feature = "tasks", doc = "[`tasks::checkmate`]: crate::tasks::checkmate")]
#![cfg_attr(feature = "tasks", doc = "[`tasks::horse`]: crate::tasks::horse")]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod attacks;
mod board;
mod color;
mod fen;
mod game_result;
mod history;
mod illegal;
mod movegen;
mod moves;
pub mod notation;
mod outcome;
mod perft;
mod picture;
mod piece;
mod position;
mod position_file;
mod problem;
#[cfg(feature = "records")]
pub mod record;
mod repetition;
mod winning_moves;
pub mod rules {
    #![doc = include_str!("../RULES.md")]
}
mod setup;
#[cfg(feature = "solve")]
pub mod solve;
#[cfg(feature = "tasks")]
pub mod tasks;
mod threats;
mod undo;

pub use board::Board;
/// The trait of every game's position, implemented by [`Position`].
pub use board_geometry::Game;
pub use board_geometry::HashKey;
pub use board_geometry::perft::{Leaves, Perft, Stopped, divide, perft, perft_every_leaf, perft_until};
pub use color::{Color, ParseColorError};
pub use fen::{ParseSetupError, SetupError};
pub use game_result::GameResult;
pub use history::{COUNTED_CHECKS, Ending, History, Language, MOVE_LIMIT, PlayError, Rules};
pub use illegal::{Forbidden, IllegalMove};
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use outcome::{Cycle, Outcome, Reason};
pub use perft::{PerftCase, PerftSuiteError, parse_perft_suite};
pub use picture::piece_character;
pub use piece::{ParsePieceKindError, Piece, PieceKind};
pub use position::{ParsePositionError, Position, PositionError};
pub use position_file::{PositionFileError, read_position, read_setup};
pub use problem::Problem;
pub use setup::Setup;
pub use threats::{Attack, ChaseVerdict, Threats};
pub use undo::{Clocks, Undo};

pub use board_geometry::text_input::{Located, StreamError, TextPosition};
pub use board_geometry::{Direction, Half, Offset, ParseSquareError, RowColumn, RowsFrom, render};

// Moves and positions as their text: ICCS or the task's notation, the FEN or
// the position string; reasons and results as their names (`perpetual-check`, `1-0`).
#[cfg(feature = "serde")]
board_geometry::serde_as_text!(Move, Setup, Position, Reason, GameResult);

/// A point of the xiangqi board: files `a`..`i`, ranks `0`..`9`, red at rank 0.
pub type Square = board_geometry::Square<board_geometry::NineByTen>;
/// A file of the xiangqi board, `a` (red's left) to `i`.
pub type File = board_geometry::File<board_geometry::NineByTen>;
/// A rank of the xiangqi board, `0` (red's back rank) to `9`.
pub type Rank = board_geometry::Rank<board_geometry::NineByTen>;
/// A set of points of the xiangqi board.
pub type SquareSet = board_geometry::SquareSet<board_geometry::NineByTen>;
/// A position as the repetition rules see it: the pieces on their points and
/// the side to move, not the clocks (see [`Position::repetition_key`]).
pub type RepetitionKey = board_geometry::RepetitionKey<Board, Color>;
