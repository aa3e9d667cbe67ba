//! Xiangqi (Chinese chess) rules: FEN, ICCS moves, legal move generation with
//! the flying-general rule, check, checkmate and stalemate, and perft; and,
//! answered by that engine, two classic judge tasks.
//!
//! A short game, from a position to its end, in the same steps as in every
//! game crate of this workspace (`duck-rules` reads the same):
//!
//! ```
//! use xiangqi_rules::{Color, Move, Outcome, Position, perft};
//!
//! // Parse a position, list its moves.
//! let mut position: Position = "3k5/9/9/9/9/9/9/9/R8/4K4 w".parse()?;
//! assert_eq!(position.legal_moves().len(), 19);
//!
//! // Play a list of move strings; an illegal one would say why.
//! for text in ["a1a2", "d9d8", "a2d2"] {
//!     let mv: Move = text.parse()?;
//!     position.play(mv)?;
//! }
//!
//! // Report the outcome and write the position back.
//! assert_eq!(position.outcome(), Some(Outcome::Checkmate { winner: Color::Red }));
//! assert_eq!(position.to_string(), "9/3k5/9/9/9/9/9/3R5/9/4K4 b - - 3 2");
//!
//! // Count the leaves of the move tree.
//! assert_eq!(perft(&Position::start(), 3), 79_666);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The vocabulary is small and `Copy`: [`Color`], [`PieceKind`], [`Piece`],
//! [`Square`] and [`SquareSet`] (from `board-geometry`, re-exported here),
//! [`Move`]. A [`Setup`] is what a FEN says, checked for nothing; a
//! [`Position`] is a setup that has passed every rule, and is what moves are
//! generated and played from. A [`Board`] answers move and attack questions
//! for any arrangement of pieces. [`Position::play`] refuses an illegal move
//! with an [`IllegalMove`] that says why; [`Position::outcome`] says who has
//! won and how.
//!
//! Moves as people write them, and games as records hold them:
//! [`notation`] reads and writes a move in ICCS, engine coordinates, WXF or
//! Chinese against its position; [`record`] reads PGN-style game records
//! (UTF-8 or GBK), replays them, checks their result and writes them again,
//! and its [`record::Line`] is a game so far, played from text in any
//! notation. [`read_position`] reads a FEN file, reporting the line and
//! column of what is wrong.
//!
//! Pictures for people: [`text_picture`] draws a board in ASCII letters,
//! [`chinese_picture`] in the pieces' Chinese characters ([`piece_character`])
//! on Unicode box lines laid out for a terminal, with ANSI colour if asked
//! ([`styled_picture`] and [`Position::picture_in`] choose by a
//! [`render::TextStyle`]); [`svg_diagram`] makes an SVG diagram that can be
//! flipped and marked before it is rendered.
//!
//! Move generation is exact and allocation-free: square sets over the 90
//! points, precomputed tables built at compile time from `board-geometry`'s
//! rays and leaps, and a legality test that only runs for moves that could
//! expose the mover's general. Positions are small `Copy` values, so a
//! search can copy them; or it can play a move in place with
//! [`Position::play_unchecked`] and take it back with [`Position::unplay`]
//! from the [`Undo`] it returned. [`perft`] counts match every published
//! count (see `fixtures/xiangqi/perft/`); [`perft_every_leaf`] counts the
//! same by playing and taking back every leaf, and [`Perft`] shares a count
//! among threads:
//!
//! ```
//! use std::num::NonZeroUsize;
//! use xiangqi_rules::{Leaves, Perft, Position, perft_every_leaf};
//!
//! let start = Position::start();
//! assert_eq!(perft_every_leaf(&start, 3), 79_666);
//! let two = NonZeroUsize::new(2).unwrap();
//! assert_eq!(Perft::new().threads(two).leaves(Leaves::Played).count(&start, 3), Ok(79_666));
//! ```
//!
//! # One trait for both games
//!
//! [`Game`] (board-geometry's, re-exported here) is what [`Position`] and
//! `duck_rules::Position` both implement: `legal_moves`, `play` (refusing
//! with this crate's [`IllegalMove`]), `play_unchecked` and `unplay`,
//! `turn`, `outcome` (this crate's [`Outcome`]) and `hash`. Each is the
//! inherent method of the same name, so code written once against the trait
//! (perft, a game loop, a search) runs on either game, and the same names
//! mean the same things in both crates. Not to be confused with
//! [`record::Game`], a game record as written.
//!
//! [`Position::hash`] is a Zobrist [`HashKey`] of the pieces and the side
//! to move, never the clocks: updated by every move played and taken back,
//! equal for equal positions however they were reached, and the same on
//! every machine and in every release. `Eq` and `Hash` of a position compare
//! its clocks too; [`Position::repetition_key`] is the position as the
//! repetition rules see it ([`RepetitionKey`]: the pieces and the side to
//! move, compared exactly).
//!
//! ```
//! use board_geometry::RandomGame;
//! use board_geometry::random::Random;
//! use xiangqi_rules::{Game, Position};
//!
//! /// Any game: the number of positions of a random game that were met before.
//! fn repeats<G: Game>(start: G, seed: u64) -> usize {
//!     let game = RandomGame::play(start, &mut Random::new(seed), 500);
//!     let mut seen = std::collections::HashSet::new();
//!     game.hashes().iter().filter(|&&key| !seen.insert(key)).count()
//! }
//! assert!(repeats(Position::start(), 1) > 0, "the generals walk to and fro");
//! ```
//!
//! What still differs from duck chess is the games' own: xiangqi has a
//! palace, a river and the flying-general rule, and a move may not leave its
//! own general attacked; the game ends when the side to move has no legal
//! move (checkmate, or stalemate, which loses too), so [`Outcome`] is
//! `Checkmate` or `Stalemate` and the loser is the side to move; the sides
//! are red and black; a move is written in ICCS (`h2e2`), a position as a
//! FEN with its two clocks, which `Eq` compares and the hash leaves out.
//! Repetition and the move limit are not yet rules of a position.
//!
//! # Judge tasks
//!
//! In [`tasks`], one module per task, each with the same shape
//! (`judge(input, output, &Options)`, a case reader with located errors, the
//! case and its answer):
//!
//! - [`tasks::checkmate`]: UVa 1589, is black (a lone general, to move) checkmated?
//! - [`tasks::horse`]: where can the black horse go?
//!
//! Both read token by token, so blank lines, tabs and `\r\n` do not matter,
//! report bad input with its line and column, and write every answer before
//! the bad case. Each explains its answers: an `Explanation` (`Display` for
//! people, accessors for programs, `svg()` for a diagram) says why, point by
//! point or jump by jump, and `Options::explain` writes it after each answer.

#![forbid(unsafe_code)]

mod attacks;
mod board;
mod color;
mod fen;
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
pub mod record;
mod repetition;
mod setup;
pub mod tasks;
#[cfg(test)]
mod test_support;
mod threats;
mod undo;

pub use board::Board;
/// The trait of every game's position, implemented by [`Position`] (not
/// [`record::Game`], a game record).
pub use board_geometry::Game;
pub use board_geometry::HashKey;
pub use board_geometry::perft::{Leaves, Perft, Stopped, divide, perft, perft_every_leaf, perft_until};
pub use color::Color;
pub use fen::ParseSetupError;
pub use history::{COUNTED_CHECKS, History, MOVE_LIMIT, PlayError, Rules};
pub use illegal::IllegalMove;
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use outcome::{Cycle, Outcome, Reason};
pub use perft::{PerftCase, PerftSuiteError, parse_perft_suite};
pub use picture::{chinese_picture, piece_character, styled_picture, svg_diagram, svg_picture, text_picture};
pub use piece::{Piece, PieceKind};
pub use position::{ParsePositionError, Position, PositionError};
pub use position_file::{PositionFileError, read_position, read_setup};
pub use problem::Problem;
pub use setup::Setup;
pub use threats::{Attack, Threats, Verdict};
pub use undo::Undo;

pub use board_geometry::text_input::{Located, StreamError, TextPosition};
pub use board_geometry::{Direction, Half, Offset, ParseSquareError, RowColumn, RowsFrom, render};

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

/// The corner `a0`, for filling fixed-size arrays.
const A0: Square = match Square::from_index(0) {
    Some(square) => square,
    None => unreachable!(),
};
