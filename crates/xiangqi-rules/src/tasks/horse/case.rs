//! A board of the task: any arrangement with exactly one black horse and at
//! most one general of each colour.

use core::fmt;

use super::COORDINATES;
use super::codes::code_of_piece;
use crate::{Board, Color, Piece, PieceKind, Square};

/// The black horse, the piece the task asks about.
const BLACK_HORSE: Piece = Piece::new(Color::Black, PieceKind::Horse);

/// Why an arrangement of pieces is not a board of the task.
///
/// Points are the task's `(row,col)`; where two pieces clash, `second` is the
/// later one in reading order (row by row from the top, left to right).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupError {
    /// There is no black horse.
    NoBlackHorse,
    /// There is more than one black horse.
    SecondBlackHorse {
        /// The first black horse in reading order.
        first: Square,
        /// The next one.
        second: Square,
    },
    /// A side has more than one general.
    SecondGeneral {
        /// Whose generals they are.
        color: Color,
        /// The first of them in reading order.
        first: Square,
        /// The next one.
        second: Square,
    },
}

impl SetupError {
    /// The point the problem shows at: the second of two clashing pieces;
    /// `None` for a missing horse.
    #[must_use]
    pub const fn point(&self) -> Option<Square> {
        match self {
            SetupError::NoBlackHorse => None,
            SetupError::SecondBlackHorse { second, .. } | SetupError::SecondGeneral { second, .. } => {
                Some(*second)
            }
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let horse_code = code_of_piece(BLACK_HORSE);
        match *self {
            SetupError::NoBlackHorse => {
                write!(f, "there is no black horse ({horse_code}) on the board; it must hold exactly one")
            }
            SetupError::SecondBlackHorse { first, .. } => write!(
                f,
                "a second black horse ({horse_code}); the first stands at row {}, column {}, \
                 and the board must hold exactly one",
                COORDINATES.row(first),
                COORDINATES.column(first)
            ),
            SetupError::SecondGeneral { color, first, .. } => write!(
                f,
                "a second {color} general ({}); the first stands at row {}, column {}, \
                 and a side has at most one",
                code_of_piece(Piece::new(color, PieceKind::General)),
                COORDINATES.row(first),
                COORDINATES.column(first)
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// A board of the "where can the black horse go" task: an engine [`Board`]
/// known to hold exactly one black horse and at most one general of each
/// colour. Nothing else is checked: pieces may stand on any point, in any
/// number, as the task's matrices may have them.
///
/// Ask it for the horse's moves with [`Case::moves`].
///
/// ```
/// use xiangqi_rules::tasks::horse::{Case, Rule};
/// use xiangqi_rules::{Board, Color, Piece, PieceKind, Square};
///
/// let mut board = Board::empty();
/// let a5: Square = "a5".parse()?;
/// board.put(a5, Piece::new(Color::Black, PieceKind::Horse));
/// board.put("b5".parse()?, Piece::new(Color::Red, PieceKind::Chariot));
/// let horse_board = Case::new(board)?;
/// assert_eq!(horse_board.horse(), a5);
/// // The chariot on b5 hobbles the two jumps to the right.
/// assert_eq!(horse_board.moves(Rule::FlyingGeneralPin).to_string(), "(2,1)\n(6,1)\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    board: Board,
    horse: Square,
}

impl Case {
    /// Checks that `board` is a board of the task.
    ///
    /// # Errors
    /// No black horse, or a second black horse or a second general of one
    /// colour (the first clash in reading order is reported).
    pub fn new(board: Board) -> Result<Case, SetupError> {
        let mut horse: Option<Square> = None;
        let mut generals: [Option<Square>; 2] = [None; 2];
        for index in 0..90 {
            let Some(point) = COORDINATES.square_at_reading_index(index) else { continue };
            let Some(piece) = board.piece_at(point) else { continue };
            if piece == BLACK_HORSE {
                if let Some(first) = horse {
                    return Err(SetupError::SecondBlackHorse { first, second: point });
                }
                horse = Some(point);
            } else if piece.kind == PieceKind::General {
                let seen = &mut generals[piece.color.index()];
                if let Some(first) = *seen {
                    return Err(SetupError::SecondGeneral { color: piece.color, first, second: point });
                }
                *seen = Some(point);
            }
        }
        match horse {
            Some(horse) => Ok(Case { board, horse }),
            None => Err(SetupError::NoBlackHorse),
        }
    }

    /// A board already checked as [`Case::new`] checks it, with its black horse on `horse`.
    pub(super) const fn from_checked(board: Board, horse: Square) -> Case {
        Case { board, horse }
    }

    /// The pieces.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Where the black horse stands.
    #[must_use]
    pub const fn horse(&self) -> Square {
        self.horse
    }

    /// Whether the exercise's flying-general pin holds the horse: the black
    /// general, the horse and the red general stand on one file (column) and
    /// the horse is the only piece strictly between the two generals.
    ///
    /// Pieces on that file outside the stretch between the generals do not
    /// matter, and a missing general means no pin. Generals that already face
    /// each other do not pin a horse standing elsewhere.
    #[must_use]
    pub fn is_pinned(&self) -> bool {
        let (Some(black), Some(red)) = (self.board.general(Color::Black), self.board.general(Color::Red))
        else {
            return false;
        };
        let between = crate::SquareSet::between(black, red);
        black.file() == red.file()
            && between.contains(self.horse)
            && (between & self.board.occupied()).single() == Some(self.horse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::tasks::test_support::board_of as board;

    fn point(row: u8, column: u8) -> Square {
        COORDINATES.square(row.into(), column.into()).unwrap()
    }

    #[test]
    fn exactly_one_black_horse() {
        assert_eq!(Case::new(Board::empty()), Err(SetupError::NoBlackHorse));
        assert_eq!(Case::new(board(&[("a0", 'N'), ("e9", 'k')])), Err(SetupError::NoBlackHorse));
        // a5 is (4,0), c7 is (2,2): c7 comes first in reading order.
        assert_eq!(
            Case::new(board(&[("a5", 'n'), ("c7", 'n')])),
            Err(SetupError::SecondBlackHorse { first: point(2, 2), second: point(4, 0) })
        );
        let one = Case::new(board(&[("a5", 'n'), ("c7", 'N'), ("b2", 'N')])).unwrap();
        assert_eq!(one.horse(), "a5".parse().unwrap());
    }

    #[test]
    fn at_most_one_general_a_side() {
        assert_eq!(
            Case::new(board(&[("a5", 'n'), ("e0", 'K'), ("f0", 'K')])),
            Err(SetupError::SecondGeneral { color: Color::Red, first: point(9, 4), second: point(9, 5) })
        );
        assert_eq!(
            Case::new(board(&[("a5", 'n'), ("e9", 'k'), ("d7", 'k')])),
            Err(SetupError::SecondGeneral { color: Color::Black, first: point(0, 4), second: point(2, 3) })
        );
        assert!(Case::new(board(&[("a5", 'n'), ("e9", 'k'), ("e0", 'K')])).is_ok());
    }

    #[test]
    fn the_first_clash_in_reading_order_is_reported() {
        let error = Case::new(board(&[("a0", 'K'), ("b0", 'K'), ("a9", 'n'), ("b9", 'n')])).unwrap_err();
        assert_eq!(error, SetupError::SecondBlackHorse { first: point(0, 0), second: point(0, 1) });
        assert_eq!(error.point(), Some(point(0, 1)));
        assert_eq!(SetupError::NoBlackHorse.point(), None);
    }

    #[test]
    fn setup_errors_say_what_in_words() {
        assert_eq!(
            SetupError::NoBlackHorse.to_string(),
            "there is no black horse (12) on the board; it must hold exactly one"
        );
        let second = SetupError::SecondBlackHorse { first: point(4, 0), second: point(5, 2) };
        assert_eq!(
            second.to_string(),
            "a second black horse (12); the first stands at row 4, column 0, and the board must hold exactly one"
        );
        let general =
            SetupError::SecondGeneral { color: Color::Red, first: point(9, 4), second: point(9, 5) };
        assert_eq!(
            general.to_string(),
            "a second red general (5); the first stands at row 9, column 4, and a side has at most one"
        );
    }

    #[test]
    fn the_pin_needs_both_generals_and_only_the_horse_between() {
        let pinned = |pieces: &[(&str, char)]| Case::new(board(pieces)).unwrap().is_pinned();
        assert!(pinned(&[("e9", 'k'), ("e5", 'n'), ("e0", 'K')]));
        assert!(pinned(&[("e0", 'k'), ("e5", 'n'), ("e9", 'K')]), "either general may be on top");
        assert!(pinned(&[("e8", 'k'), ("e7", 'n'), ("e1", 'K'), ("e9", 'R'), ("e0", 'r')]), "outside pieces");
        assert!(!pinned(&[("e9", 'k'), ("e5", 'n'), ("e3", 'P'), ("e0", 'K')]), "a second piece between");
        assert!(!pinned(&[("e9", 'k'), ("e5", 'n'), ("e7", 'p'), ("e0", 'K')]), "a black piece between too");
        assert!(!pinned(&[("e9", 'k'), ("e5", 'n')]), "no red general");
        assert!(!pinned(&[("e5", 'n'), ("e0", 'K')]), "no black general");
        assert!(!pinned(&[("e9", 'k'), ("d5", 'n'), ("e0", 'K')]), "horse off the file: generals face");
        assert!(!pinned(&[("e8", 'k'), ("e9", 'n'), ("e0", 'K')]), "horse on the file, not between");
        assert!(!pinned(&[("d9", 'k'), ("e5", 'n'), ("e0", 'K')]), "generals on two files");
    }
}
