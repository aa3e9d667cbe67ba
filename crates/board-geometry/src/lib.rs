//! The grid vocabulary shared by xiangqi, duck chess and other games played on
//! the points of a rectangular board: squares, files and ranks, offsets, rays
//! that stop at the edge, leaps guarded by blocking points, regions and square
//! sets. It knows no game rules. Beside the grid it holds the one piece of
//! plumbing every judge format shares: [`text_input`], reading
//! whitespace-separated input with the line and column of every field.
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

#![forbid(unsafe_code)]

mod bounded_list;
mod file;
mod grid;
mod leap;
mod offset;
mod rank;
mod ray;
mod region;
pub mod render;
mod square;
mod square_set;
pub mod text_input;

pub use bounded_list::BoundedList;
pub use file::File;
pub use grid::{EightByEight, Grid, NineByTen};
pub use leap::{Landing, Leap, MAX_BLOCKING_POINTS};
pub use offset::Offset;
pub use rank::Rank;
pub use ray::Ray;
pub use region::Half;
pub use square::{ParseSquareError, Square};
pub use square_set::{SquareSet, SquareSetIter};
