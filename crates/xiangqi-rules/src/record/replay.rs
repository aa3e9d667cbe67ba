//! Playing a game's moves on the board, and comparing how it ends with the record.

use core::fmt;

use crate::notation::NotationError;
use crate::record::Line;
use crate::record::{GameResult, PgnGame};
use crate::{IllegalMove, Move, Outcome, ParsePositionError, Position};

/// The result if the side to move has no legal move (checkmate or
/// stalemate): the other side has won.
pub(crate) fn result_on_board(position: &Position) -> Option<GameResult> {
    position.outcome().map(Outcome::result)
}

/// Why a game cannot be played to its end: its `FEN` or `Format` tag is
/// unusable, so no move can be played, or one of its moves is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// The `FEN` tag is not a legal position.
    BadFen {
        /// The tag's value.
        fen: String,
        /// What is wrong with it.
        error: ParsePositionError,
    },
    /// The `Format` tag names no notation known here.
    UnknownFormat {
        /// The tag's value.
        value: String,
    },
    /// A move cannot be played: which one and why, and the game up to it
    /// ([`BadMove::played`]).
    BadMove(Box<BadMove>),
}

impl ReplayError {
    /// The game as far as it could be played: the moves before the bad
    /// one, if a move was bad; `None` if no move could be played at all.
    #[must_use]
    pub fn played(&self) -> Option<&Line> {
        match self {
            ReplayError::BadMove(bad) => Some(&bad.played),
            _ => None,
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::BadFen { fen, error } => {
                write!(f, "the FEN tag '{fen}' cannot be played from: {error}")
            }
            ReplayError::UnknownFormat { value } => {
                write!(
                    f,
                    "the Format tag '{value}' names no notation known here (ICCS, WXF, Chinese or Engine)"
                )
            }
            ReplayError::BadMove(bad) => write!(f, "{bad}"),
        }
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReplayError::BadFen { error, .. } => Some(error),
            ReplayError::UnknownFormat { .. } => None,
            ReplayError::BadMove(bad) => Some(&**bad),
        }
    }
}

/// The first move of a game that could not be played, and the game before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// Its place among the game's moves, from 0.
    pub index: usize,
    /// Its text.
    pub text: String,
    /// The line it stands on, from 1.
    pub line: usize,
    /// The column it starts at, from 1, counting characters.
    pub column: usize,
    /// Why it is not a move of the position it was played in.
    pub error: NotationError,
    /// The game up to it: the start position, the moves before it, and the
    /// position they reach, where the bad move was tried.
    pub played: Line,
}

impl fmt::Display for BadMove {
    /// `line 3, column 12: '炮二平六' names no legal move: ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.error)
    }
}

impl std::error::Error for BadMove {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// A move of a [`Record`](crate::record::Record)'s main line that cannot be
/// played, which [`History::from_record`](crate::History::from_record)
/// gives instead of the game: which move, after how many plies, why, and
/// the line played up to it. A record read from a file never holds one (the
/// readers play every move); a record built or changed by hand may.
///
/// ```
/// use xiangqi_rules::record::{Node, Record};
/// use xiangqi_rules::{History, Position, Rules};
///
/// let mut record = Record::new(Position::start());
/// record.moves = ["h2e2", "h9g7", "h2h9"].iter().map(|mv| Node::new(mv.parse().unwrap())).collect();
/// let illegal = History::from_record(&record, Rules::Asian).unwrap_err();
/// assert_eq!((illegal.ply, illegal.mv), (2, "h2h9".parse()?));
/// assert_eq!(illegal.played.moves(), &record.main_line()[..2]);
/// assert_eq!(illegal.to_string(), "h2h9, after 2 plies of the main line, cannot be played: no piece stands on h2");
/// // The moves before it, ruled on.
/// assert_eq!(History::from_line(&illegal.played, Rules::Asian).len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IllegalRecordMove {
    /// The plies played before it: its index in the record's
    /// [`moves`](crate::record::Record::moves).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Why it cannot be played in the position it stands in.
    pub error: IllegalMove,
    /// The main line up to it: the start position, the moves before it and
    /// the position they reach, where the move was tried.
    pub played: Line,
}

impl fmt::Display for IllegalRecordMove {
    /// `h2h9, after 2 plies of the main line, cannot be played: no piece stands on h2`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, after {} plies of the main line, cannot be played: {}", self.mv, self.ply, self.error)
    }
}

impl std::error::Error for IllegalRecordMove {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// How the result the board gives compares with the record's.
///
/// ```
/// use xiangqi_rules::record::{self, GameResult, ResultCheck};
///
/// // Red mates: the board's result, and the record's.
/// let game = record::pgn_games("[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w\"]\n1. a0d0 1-0").next().expect("a game")?;
/// let line = game.replay()?;
/// assert_eq!(ResultCheck::new(line.position(), game.recorded_result()), ResultCheck::Agrees(GameResult::RedWins));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultCheck {
    /// The side to move at the end has no legal move, and the record gives the same result.
    Agrees(GameResult),
    /// The side to move at the end has no legal move, and the record says otherwise.
    Disagrees {
        /// The result on the board.
        board: GameResult,
        /// The result the record gives.
        recorded: GameResult,
    },
    /// The side to move at the end has no legal move; the record gives no result, or `*`.
    Unrecorded(GameResult),
    /// The game is not over on the board: the record's result (a resignation, an
    /// agreed draw, a loss on time) cannot be checked.
    Unchecked(Option<GameResult>),
}

impl ResultCheck {
    /// The result on the board at `end` (if the side to move there has no
    /// legal move, checkmate or stalemate, the other side has won) compared
    /// with `recorded`, the result the record gives.
    #[must_use]
    pub fn new(end: &Position, recorded: Option<GameResult>) -> ResultCheck {
        match (result_on_board(end), recorded) {
            (None, recorded) => ResultCheck::Unchecked(recorded),
            (Some(board), None | Some(GameResult::Unknown)) => ResultCheck::Unrecorded(board),
            (Some(board), Some(recorded)) if board == recorded => ResultCheck::Agrees(board),
            (Some(board), Some(recorded)) => ResultCheck::Disagrees { board, recorded },
        }
    }
}

impl PgnGame {
    /// Plays the moves of the game's main line from its start position,
    /// each read in the notation of the `Format` tag, or in the notation it
    /// is detected to be written in where the tag is missing: the
    /// [`Line`] of the game (its variations are played by
    /// [`Record::from_pgn`](crate::record::Record::from_pgn)).
    ///
    /// # Errors
    /// The `FEN` or `Format` tag is unusable, so no move can be played; or a
    /// move cannot be played ([`ReplayError::BadMove`]), the first such: the
    /// error holds it, why, and the game up to it, and the moves after it
    /// are not tried.
    ///
    /// ```
    /// use xiangqi_rules::record::{self, ReplayError};
    ///
    /// let game = record::pgn_games("1. 炮二平五 马８进７ 2. 马二进二 *").next().expect("one game")?;
    /// let Err(ReplayError::BadMove(bad)) = game.replay() else { panic!("a bad move") };
    /// assert_eq!((bad.index, bad.text.as_str()), (2, "马二进二"));
    /// assert_eq!(bad.played.moves().len(), 2, "the moves before it");
    /// assert_eq!(
    ///     bad.to_string(),
    ///     "line 1, column 17: '马二进二' names no legal move: the red horse on h0 cannot move forward to file 2"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self) -> Result<Line, ReplayError> {
        let start = self.start_position()?;
        let notation = self.notation()?;
        let mut line = Line::with_capacity(start, self.moves.len());
        for (index, recorded) in self.moves.iter().enumerate() {
            if let Err(error) = line.play_text(&recorded.text, notation) {
                let (text, column) = (recorded.text.clone(), recorded.column);
                let bad = BadMove { index, text, line: recorded.line, column, error, played: line };
                return Err(ReplayError::BadMove(Box::new(bad)));
            }
        }
        Ok(line)
    }
}
