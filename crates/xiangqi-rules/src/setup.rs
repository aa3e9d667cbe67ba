//! The unvalidated description of a position: what a FEN says.

use board_geometry::NineByTen;
use board_geometry::render::{Labels, SvgBoard, TextStyle};

use crate::{Board, Color, Piece, SquareSet};

/// A position as written down, before any rule is checked: the board, the
/// side to move and the two move counters of FEN.
///
/// Anything can be written in a setup, including positions no game can reach.
/// Turn it into a [`Position`](crate::Position) to play from it; that checks
/// every rule and reports every problem. `FromStr` and `Display` read and write FEN.
///
/// ```
/// use xiangqi_rules::{Color, Position, Setup};
///
/// let mut setup: Setup = "4k4/9/9/9/9/9/9/9/9/3K5 w".parse()?;
/// setup.turn = Color::Black;
/// assert_eq!(setup.to_string(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
/// assert!(Position::try_from(setup).is_ok());
/// # Ok::<(), xiangqi_rules::ParseSetupError>(())
/// ```
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

impl Setup {
    /// A text picture of the board: ranks 9 to 0, files `a` to `i`, FEN letters.
    ///
    /// ```
    /// let picture = xiangqi_rules::Setup::start().picture();
    /// assert!(picture.starts_with("     a   b   c   d   e   f   g   h   i\n 9   r---n---b---a---k"));
    /// ```
    #[must_use]
    pub fn picture(&self) -> String {
        self.board.text_picture(SquareSet::EMPTY, Labels::Notation, Piece::letter)
    }

    /// A picture of the board in `style`: [`Setup::picture`] for
    /// [`TextStyle::ASCII`], or Chinese characters on box lines (see
    /// [`Board::chinese_picture`]).
    ///
    /// ```
    /// use xiangqi_rules::Setup;
    /// use xiangqi_rules::render::TextStyle;
    ///
    /// assert_eq!(Setup::start().picture_in(TextStyle::ASCII), Setup::start().picture());
    /// assert!(Setup::start().picture_in(TextStyle::chinese(false)).contains("車──馬──象──士──將"));
    /// ```
    #[must_use]
    pub fn picture_in(&self, style: TextStyle) -> String {
        self.board.styled_picture(SquareSet::EMPTY, Labels::Notation, style, Piece::letter)
    }

    /// An SVG diagram of the board as printed boards show it, red at the
    /// bottom (see [`Board::svg_diagram`]). Set its fields to flip it, mark
    /// points or draw a move, then [`render`](board_geometry::render::SvgBoard::render) it.
    ///
    /// ```
    /// let svg = xiangqi_rules::Setup::start().svg_diagram().render();
    /// assert!(svg.contains("<title>red cannon on h2</title>"));
    /// ```
    #[must_use]
    pub fn svg_diagram(&self) -> SvgBoard<NineByTen> {
        self.board.svg_diagram()
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}
