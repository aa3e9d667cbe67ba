//! Duck chess (鸭棋), the xiangqi-like game of the THUPC 2019 task "duck
//! chess" (Luogu P5380): its rules, a position string, move generation and
//! perft, and the judge that replays a game log.
//!
//! A short game, from a position to its end, in the same steps as in every
//! game crate of this workspace (`xiangqi-rules` reads the same):
//!
//! ```
//! use duck_rules::{Color, Move, Outcome, Position, perft};
//!
//! // Parse a position, list its moves.
//! let mut position: Position = "4k4/9/9/9/9/9/9/9/9/R3K4 r".parse()?;
//! assert_eq!(position.legal_moves().len(), 15);
//!
//! // Play a list of move strings; an illegal one would say why.
//! for text in ["0,0-9,0", "9,4-9,5", "9,0-9,5"] {
//!     let mv: Move = text.parse()?;
//!     position.play(mv)?;
//! }
//!
//! // Report the outcome and write the position back.
//! assert_eq!(position.outcome(), Some(Outcome::CaptainTaken { winner: Color::Red }));
//! assert_eq!(position.to_string(), "5R3/9/9/9/9/9/9/9/9/4K4 b");
//!
//! // Count the leaves of the move tree.
//! assert_eq!(perft(&Position::start(), 3), 80_066);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The game
//!
//! Two sides, `red` and `blue`, on the 10 x 9 points of a xiangqi board.
//! The task names a point `(x, y)` = (row, column), `(0,0)` being the
//! bottom-left point on red's side ([`COORDINATES`]); the engine's points are
//! board-geometry's [`Square`]s of the same grid. Red starts on rows 0..3 and
//! moves first. Each [`PieceKind`] moves as its
//! [`movement`](PieceKind::movement) says, in the shared vocabulary of
//! `board-geometry`: the captain, guard and soldier step (orthogonally,
//! diagonally, to all eight neighbours), the elephant, horse and duck leap past
//! blocking points ([`Leap::ELEPHANT`], [`Leap::HORSE`], [`Leap::DUCK`]), and
//! the car slides along rows and columns. A move may land on an enemy piece,
//! which is removed, never on a friendly one; there is no palace, no river and
//! no flying-captain rule. The game ends when a captain is removed
//! ([`Position::outcome`]). After a move that does not end it, the position is
//! a *check* if some piece of either side could move onto the other side's
//! captain. [`Position::play`] makes a move, or refuses it with the
//! [`IllegalMove`] reason.
//!
//! # Notation
//!
//! - A move is written `xs,ys-xt,yt` in the task's rows and columns, such as
//!   `0,3-1,4` (see [`Move`]); the judge's command `0 3 1 4` is the same move.
//! - A position is written as a position string (see [`Setup`]), such as
//!   [`INITIAL_POSITION`]: `rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR r`,
//!   rows 9 down to 0 separated by `/`, `K G E H R D S` for red's captain, guard,
//!   elephant, horse, car, duck and soldier (lower case for blue), digits for
//!   runs of empty points, then `r` or `b` for the side to move. A [`Setup`] is
//!   what a string says; a [`Position`] is a setup checked to be reachable.
//!
//! # The replay task
//!
//! [`tasks::replay`] reads the log (`Q`, then `Q` lines `xs ys xt yt`) line by
//! line from any [`BufRead`](std::io::BufRead) and writes each answer as the
//! judge does, with the same `judge(input, output, &Options)` shape as the
//! judge tasks of the other game crates.
//!
//! # Pictures
//!
//! [`Setup::picture`] draws the board in letters, [`Setup::picture_in`] also
//! in Chinese characters ([`piece_character`]) on Unicode box lines for a
//! terminal, and [`Setup::svg_diagram`] as an SVG diagram.
//!
//! # One trait for both games
//!
//! [`Game`] (board-geometry's, re-exported here) is what [`Position`] and
//! `xiangqi_rules::Position` both implement: `legal_moves`, `play` (refusing
//! with this crate's [`IllegalMove`]), `play_unchecked` and `unplay`,
//! `turn`, `outcome` (this crate's [`Outcome`]) and `hash`. Each is the
//! inherent method of the same name, so code written once against the trait
//! (perft, a game loop, a search) runs on either game, and the same names
//! mean the same things in both crates.
//!
//! [`Position::hash`] is a Zobrist [`HashKey`] of the pieces and the side
//! to move: updated by every move played and taken back, equal for equal
//! positions however they were reached, and the same on every machine and
//! in every release. A duck-chess position has no clock, so its `Eq` and
//! `Hash` already compare only the pieces and the side to move, as
//! [`Position::repetition_key`] ([`RepetitionKey`]) does in both crates.
//!
//! ```
//! use board_geometry::RandomGame;
//! use board_geometry::random::Random;
//! use duck_rules::{Game, Position};
//!
//! /// Any game: how many plies a random game lasts, at most 1,000.
//! fn length<G: Game>(start: G, seed: u64) -> usize {
//!     RandomGame::play(start, &mut Random::new(seed), 1000).moves().len()
//! }
//! assert!(length(Position::start(), 1) < 1000, "a captain falls");
//! ```
//!
//! What still differs from xiangqi is the games' own: no palace, river or
//! flying-captain rule, and no rule against leaving one's own captain
//! attacked; the game ends when a captain is removed, so [`Outcome`] is
//! `CaptainTaken`, and the side to move after the end is the loser, who has
//! no move; the sides are red and blue; a move is written in the task's rows
//! and columns (`0,3-1,4`), a position as a position string without clocks.
//!
//! # Perft
//!
//! [`perft`] counts the positions exactly `depth` legal moves away; a move
//! that removes a captain counts at its depth and ends its branch. From the
//! initial position: 43, 1,849, 80,066 for depths 1 to 3. As in every game
//! crate, [`perft_every_leaf`] counts the same by playing every leaf and
//! taking it back ([`Position::play_unchecked`], [`Position::unplay`]), and
//! [`Perft`] shares a count among threads.
//!
//! ```
//! use duck_rules::{Position, divide, perft};
//!
//! let start = Position::start();
//! assert_eq!(perft(&start, 2), 1_849);
//! let divided = divide(&start, 2);
//! assert_eq!(divided.len(), 43);
//! assert!(divided.iter().all(|&(_, nodes)| nodes == 43), "no first move ends the game");
//! ```

//! # Cargo features
//!
//! - `serde` (off by default): `Serialize` and `Deserialize` for the
//!   vocabulary: [`Color`] and [`PieceKind`] as their names, [`Piece`] as
//!   its colour and kind, [`Square`] as its name, [`Move`] as its text,
//!   [`Setup`] and [`Position`] as their position strings (a position read
//!   is checked as `FromStr` checks it), [`Outcome`] as its
//!   [`reason`](Outcome::reason) and winner, and [`HashKey`] as its
//!   hexadecimal digits (see board-geometry's `serde_text`).

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
pub mod tasks;
mod undo;

/// The trait of every game's position, implemented by [`Position`].
pub use board_geometry::Game;
pub use board_geometry::HashKey;
pub use board_geometry::perft::{Leaves, Perft, Stopped, divide, perft, perft_every_leaf, perft_until};
pub use color::{Color, ParseColorError};
pub use illegal::IllegalMove;
pub use movement::Movement;
pub use moves::{COORDINATES, MAX_MOVES, Move, MoveList, ParseMoveError};
pub use outcome::Outcome;
pub use piece::{ParsePieceKindError, Piece, PieceKind};
pub use position::{ParsePositionError, Position};
pub use position_file::{PositionFileError, read_position, read_setup};
pub use problem::{PositionError, Problem};
pub use setup::{INITIAL_POSITION, ParseSetupError, Setup, SetupError, piece_character};
pub use undo::Undo;

pub use board_geometry::text_input::{Located, StreamError, TextPosition};
pub use board_geometry::{Direction, Leap, Offset, ParseSquareError, RowColumn, RowsFrom, render};

// Moves and positions as their text: ICCS or the task's notation, the FEN or the position string.
#[cfg(feature = "serde")]
board_geometry::serde_as_text!(Move, Setup, Position);

/// A point of the board, as board-geometry's square of the 10 x 9 grid:
/// file = the task's column, rank = the task's row (see [`COORDINATES`]).
pub type Square = board_geometry::Square<board_geometry::NineByTen>;
/// A set of points of the board.
pub type SquareSet = board_geometry::SquareSet<board_geometry::NineByTen>;
/// Where the pieces stand: any arrangement at all, with no rule checked.
pub type Board = board_geometry::Placement<board_geometry::NineByTen, Color, PieceKind>;
/// A position as the repetition rules see it: the pieces on their points and
/// the side to move (see [`Position::repetition_key`]).
pub type RepetitionKey = board_geometry::RepetitionKey<Board, Color>;
