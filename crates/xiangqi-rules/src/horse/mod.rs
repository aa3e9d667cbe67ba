//! The "where can the black horse go" judge task: a 10 x 9 matrix of piece
//! codes with exactly one black horse in, every point the horse can move to
//! out, as `(row,col)` lines or `NONE`.
//!
//! The horse's jumps come from the engine ([`Board::moves_from`](crate::Board::moves_from));
//! the task's only departure from the full game, its flying-general pin, is
//! the switch [`HorseRule`]: [`HorseRule::FlyingGeneralPin`] answers the
//! exercise, [`HorseRule::FullLegality`] applies the whole rule of check.
//!
//! - [`HorseReader`] reads boards (90 numbers each) from any buffered reader;
//! - [`HorseBoard`] is one board, and [`HorseBoard::moves`] its answer, a
//!   [`HorseMoves`] whose `Display` is the judge's text;
//! - [`judge_horse`] streams a whole input to its answers;
//! - [`MatrixPoint`] is a point in the task's `(row,col)` coordinates.

mod board;
mod codes;
mod judge;
mod point;
mod reader;
mod rule;

pub use board::{HorseBoard, HorseSetupError};
pub use judge::judge_horse;
pub use point::MatrixPoint;
pub use reader::{HorseError, HorseErrorKind, HorseReader};
pub use rule::{HorseMoves, HorseRule};
