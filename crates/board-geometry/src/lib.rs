// The README's links point into the sources, which is where they lead on
// GitHub; these definitions of the same labels come first, so that rustdoc
// links the words to the items instead (`xtask/tests/readme_links.rs` keeps
// both lists alike).
//! [`EightByEight`]: crate::EightByEight
//! [`File`]: crate::File
//! [`Game`]: crate::Game
//! [`Grid`]: crate::Grid
//! [`HashKey`]: crate::HashKey
//! [`LeapTable`]: crate::LeapTable
//! [`NineByTen`]: crate::NineByTen
//! [`perft`]: crate::perft
//! [`Piece`]: crate::Piece
//! [`Placement`]: crate::Placement
//! [`Rank`]: crate::Rank
//! [`RayTable`]: crate::RayTable
//! [`render`]: crate::render
//! [`RepetitionKey`]: crate::RepetitionKey
//! [`RowColumn`]: crate::RowColumn
//! [`shrink`]: crate::shrink
//! [`Square`]: crate::Square
//! [`text_input`]: crate::text_input
#![cfg_attr(feature = "random", doc = "[`random`]: crate::random")]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

// The macro that declares files, ranks and squares, before their modules.
#[macro_use]
mod grid_index;

mod bounded_list;
mod direction;
mod file;
mod game;
mod grid;
mod illegal;
// Behind `random`: the varied layout draws its whitespace from a seed.
#[cfg(any(test, feature = "random"))]
pub mod layout;
mod leap;
mod leap_table;
mod named;
mod offset;
mod outcome;
mod parse_position;
pub mod perft;
mod piece;
mod placement;
pub mod prose;
#[cfg(any(test, feature = "random"))]
pub mod random;
mod rank;
mod ray;
mod ray_table;
mod region;
pub mod render;
mod row_column;
#[cfg(feature = "serde")]
pub mod serde_text;
pub mod shrink;
pub mod solve;
mod square;
mod square_move;
mod square_set;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod text_input;
mod undo;
mod zobrist;

pub use bounded_list::{BoundedList, Filler, IntoIter};
pub use direction::Direction;
pub use file::File;
pub use game::{Game, RepetitionKey};
pub use grid::{EightByEight, Grid, NineByTen};
pub use illegal::{FromTo, IllegalMove, Obstacle};
pub use leap::{Landing, Leap, MAX_BLOCKING_POINTS};
pub use leap_table::{LeapGroup, LeapTable};
pub use named::{Named, ParseNameError};
pub use offset::Offset;
pub use outcome::GameOutcome;
pub use parse_position::{
    ParsePositionError, PositionFileError, PositionText, SetupLine, read_position_file, read_setup_file,
};
pub use piece::{Kind, Piece, Side};
pub use placement::{Captured, Placement};
#[cfg(any(test, feature = "random"))]
pub use random::RandomGame;
pub use rank::Rank;
pub use ray::Ray;
pub use ray_table::RayTable;
pub use region::Half;
pub use row_column::{RowColumn, RowsFrom};
pub use square::{ParseSquareError, Square};
pub use square_set::{SquareSet, SquareSetIter};
pub use undo::Undo;
pub use zobrist::HashKey;
