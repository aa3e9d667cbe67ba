//! Xiangqi (Chinese chess) rules: FEN, ICCS moves, legal move generation with
//! the flying-general rule, check, checkmate and stalemate, and perft; and,
//! answered by that engine, two classic judge tasks.
//!
//! ```
//! use xiangqi_rules::{Position, Status, perft};
//!
//! // The start position and its first two perft counts.
//! let start = Position::start();
//! assert_eq!(perft(&start, 1), 44);
//! assert_eq!(perft(&start, 2), 1920);
//!
//! // A position from FEN: two chariots and the facing-general rule mate.
//! let position = Position::from_fen("4k4/8R/9/9/9/9/9/9/9/R2K5 w")?;
//! let mated = position.play("a0a9".parse()?)?;
//! assert_eq!(mated.status(), Status::Checkmate);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The vocabulary is small and `Copy`: [`Color`], [`PieceKind`], [`Piece`],
//! [`Square`] and [`SquareSet`] (from `board-geometry`), [`Move`]. A [`Setup`]
//! is what a FEN says, checked for nothing; a [`Position`] is a setup that has
//! passed every rule, and is what moves are generated and played from. A
//! [`Board`] answers move and attack questions for any arrangement of pieces.
//!
//! Move generation is exact and allocation-free: square sets over the 90
//! points, precomputed tables built at compile time from `board-geometry`'s
//! rays and leaps, copy-make, and a legality test that only runs for moves
//! that could expose the mover's general. [`perft`] counts match every
//! published count (see `fixtures/xiangqi/perft/`).
//!
//! # Judge tasks
//!
//! - [`checkmate`]: UVa 1589, is black (a lone general, to move) checkmated?
//!   [`judge_checkmate`] streams the judge's input to its `YES`/`NO` lines;
//!   [`CheckmateCase::explain`] says why, point by point.
//! - [`horse`]: where can the black horse go? [`judge_horse`] streams boards of
//!   piece codes to the judge's `(row,col)` lines, under the exercise's
//!   flying-general pin or, with [`HorseRule::FullLegality`], full legality.
//!
//! Both read token by token, so blank lines, tabs and `\r\n` do not matter,
//! report bad input with its line and column, and write every answer before
//! the bad case.

#![forbid(unsafe_code)]

mod attacks;
mod board;
pub mod checkmate;
mod color;
mod fen;
pub mod horse;
mod movegen;
mod moves;
pub mod notation;
mod perft;
mod picture;
mod piece;
mod position;
mod problem;
pub mod record;
mod setup;

pub use board::Board;
pub use checkmate::{CheckmateCase, CheckmateError, CheckmateReader, MateVerdict, judge_checkmate};
pub use color::Color;
pub use fen::FenError;
pub use horse::{
    HorseBoard, HorseError, HorseErrorKind, HorseMoves, HorseReader, HorseRule, HorseSetupError, MatrixPoint,
    judge_horse,
};
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use perft::{PerftCase, PerftSuiteError, divide, parse_perft_suite, perft};
pub use picture::{Notation, svg_picture, text_picture};
pub use piece::{Piece, PieceKind};
pub use position::{FromFenError, IllegalMoveError, Position, PositionError, Status};
pub use problem::Problem;
pub use setup::Setup;

/// A point of the xiangqi board: files `a`..`i`, ranks `0`..`9`, red at rank 0.
pub type Square = board_geometry::Square<board_geometry::NineByTen>;
/// A file of the xiangqi board, `a` (red's left) to `i`.
pub type File = board_geometry::File<board_geometry::NineByTen>;
/// A rank of the xiangqi board, `0` (red's back rank) to `9`.
pub type Rank = board_geometry::Rank<board_geometry::NineByTen>;
/// A set of points of the xiangqi board.
pub type SquareSet = board_geometry::SquareSet<board_geometry::NineByTen>;

/// The corner `a0`, for filling fixed-size arrays.
const A0: Square = match Square::from_index(0) {
    Some(square) => square,
    None => unreachable!(),
};
