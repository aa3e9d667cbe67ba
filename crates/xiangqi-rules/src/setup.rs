//! The unvalidated description of a position: what a FEN says.

use crate::{Board, Color};

/// A position as written down, before any rule is checked: the board, the
/// side to move and the two move counters of FEN.
///
/// Anything can be written in a setup, including positions no game can reach.
/// Turn it into a [`Position`](crate::Position) to play from it; that checks
/// every rule and reports every problem.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Moves (by either side) since the last capture: FEN field 5.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and increased after each black move: FEN field 6.
    pub fullmove_number: u32,
}

impl Setup {
    /// The starting position, red to move.
    #[must_use]
    pub fn start() -> Setup {
        Setup { board: Board::start(), turn: Color::Red, halfmove_clock: 0, fullmove_number: 1 }
    }

    /// An empty board with `turn` to move and fresh counters.
    #[must_use]
    pub const fn empty(turn: Color) -> Setup {
        Setup { board: Board::empty(), turn, halfmove_clock: 0, fullmove_number: 1 }
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}
