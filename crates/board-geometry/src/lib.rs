//! The grid vocabulary shared by xiangqi, duck chess and other games played on
//! the points of a rectangular board: squares, files and ranks, offsets, rays
//! that stop at the edge, leaps guarded by blocking points, regions and square
//! sets. It knows no game rules, only the machinery every game's rules are
//! made of: precomputed rays cut at the first blocker ([`RayTable`]), tables
//! of leaps with their blocking points ([`LeapTable`]), pieces of two sides
//! ([`Piece`]) and where they stand ([`Placement`]), and the judge tasks'
//! `(row, column)` conventions ([`RowColumn`]). For the games built on it, it
//! holds the one [`Game`] trait every game's position implements (legal
//! moves, playing and taking back, the side to move, the outcome, the hash),
//! Zobrist hashing ([`HashKey`], kept by every [`Placement`]) and
//! [`RepetitionKey`], and [`perft`] for any game. Beside the grid it holds the
//! plumbing every judge format shares: [`text_input`], reading
//! whitespace-separated input with the line and column of every field, and
//! the case-by-case judge loop; pictures of a board in [`render`] (ASCII
//! text, Unicode box lines with two-column Chinese characters for terminals,
//! SVG diagrams); a seeded [`random`] number generator; and the greedy loop
//! that [`shrink`]s a failing case of a stress test.
//!
//! Every type is generic over a [`Grid`] marker ([`NineByTen`] for xiangqi and
//! duck chess, [`EightByEight`] for the 8 x 8 board), so squares of different
//! boards cannot be mixed up, and all of them are small `Copy` values.
//!
//! ```
//! use board_geometry::{Leap, NineByTen, Offset, Square, SquareSet};
//!
//! type Sq = Square<NineByTen>;
//! let horse: Sq = "b0".parse()?;
//! let blocker: Sq = "b1".parse()?;
//! let occupied = SquareSet::from_square(blocker);
//!
//! // Where can a horse on b0 jump when b1 holds a piece? Its upward leg is
//! // blocked; the sideways jump to d1 is free; the others leave the board.
//! let targets: SquareSet<NineByTen> =
//!     Leap::HORSE.iter().filter_map(|&leap| horse.leap(leap, |s| occupied.contains(s))).collect();
//! assert_eq!(targets, SquareSet::from_square("d1".parse()?));
//!
//! // A ray stops at the edge instead of wrapping to the next rank.
//! let i0: Sq = "i0".parse()?;
//! assert_eq!(i0.ray(Offset::RIGHT).count(), 0);
//! # Ok::<(), board_geometry::ParseSquareError>(())
//! ```

//! # Cargo features
//!
//! - `serde` (off by default): `Serialize` and `Deserialize` for
//!   [`Square`], [`File`], [`Rank`], [`Piece`] and [`HashKey`], and
//!   `serde_text` with `serde_as_text!` for the game crates' types that
//!   are written as text.

#![forbid(unsafe_code)]

mod bounded_list;
mod direction;
mod file;
mod game;
mod grid;
pub mod layout;
mod leap;
mod leap_table;
mod offset;
pub mod perft;
mod piece;
mod placement;
pub mod prose;
pub mod random;
mod random_game;
mod rank;
mod ray;
mod ray_table;
mod region;
pub mod render;
mod row_column;
#[cfg(feature = "serde")]
pub mod serde_text;
pub mod shrink;
mod square;
mod square_set;
pub mod text_input;
mod zobrist;

pub use bounded_list::{BoundedList, Filler, IntoIter};
pub use direction::Direction;
pub use file::File;
pub use game::{Game, RepetitionKey};
pub use grid::{EightByEight, Grid, NineByTen};
pub use leap::{Landing, Leap, MAX_BLOCKING_POINTS};
pub use leap_table::{LeapGroup, LeapTable};
pub use offset::Offset;
pub use piece::{Kind, Piece, Side};
pub use placement::{Captured, Placement};
pub use random_game::RandomGame;
pub use rank::Rank;
pub use ray::Ray;
pub use ray_table::RayTable;
pub use region::Half;
pub use row_column::{RowColumn, RowsFrom};
pub use square::{ParseSquareError, Square};
pub use square_set::{SquareSet, SquareSetIter};
pub use zobrist::HashKey;
