//! Playing a game's moves on the board, and comparing how it ends with the record.

use core::fmt;

use crate::notation::{Notation, NotationError};
use crate::record::Line;
use crate::record::{Game, GameResult};
use crate::{Move, Outcome, ParsePositionError, Position};

/// The result if the side to move has no legal move (checkmate or
/// stalemate): the other side has won.
pub(crate) fn result_on_board(position: &Position) -> Option<GameResult> {
    position.outcome().map(Outcome::result)
}

/// Why none of a game's moves can be played.
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
        }
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReplayError::BadFen { error, .. } => Some(error),
            ReplayError::UnknownFormat { .. } => None,
        }
    }
}

/// The first move of a game that could not be played.
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

/// How the result the board gives compares with the record's.
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
    /// A move could not be played, so the game's end is unknown.
    Incomplete,
}

/// A game played out on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The position the game starts from.
    pub start: Position,
    /// The notation the `Format` tag gives; `None` where each move's was detected.
    pub notation: Option<Notation>,
    /// The moves played, in order: all of the game's, or those before the bad one.
    pub moves: Vec<Move>,
    /// The position after them.
    pub end: Position,
    /// The first move that could not be played; the moves after it were not tried.
    pub bad_move: Option<BadMove>,
    /// The result the record gives (see [`Game::recorded_result`]).
    pub recorded_result: Option<GameResult>,
}

impl Replay {
    /// Whether every move was played.
    #[must_use]
    pub const fn is_complete(&self) -> bool {
        self.bad_move.is_none()
    }

    /// The result on the board: if the side to move at the end has no legal
    /// move (checkmate or stalemate), the other side has won.
    #[must_use]
    pub fn board_result(&self) -> Option<GameResult> {
        result_on_board(&self.end)
    }

    /// The game so far: its start, the moves played, the position they reach.
    #[must_use]
    pub fn line(&self) -> Line {
        Line::of_legal_moves(self.start, self.moves.clone(), self.end)
    }

    /// The result on the board compared with the record's.
    #[must_use]
    pub fn result_check(&self) -> ResultCheck {
        if !self.is_complete() {
            return ResultCheck::Incomplete;
        }
        match (self.board_result(), self.recorded_result) {
            (None, recorded) => ResultCheck::Unchecked(recorded),
            (Some(board), None | Some(GameResult::Unknown)) => ResultCheck::Unrecorded(board),
            (Some(board), Some(recorded)) if board == recorded => ResultCheck::Agrees(board),
            (Some(board), Some(recorded)) => ResultCheck::Disagrees { board, recorded },
        }
    }
}

impl Game {
    /// Plays the game's moves from its start position, each read in the
    /// notation of the `Format` tag, or in the notation it is detected to be
    /// written in where the tag is missing; stops at the first move that cannot
    /// be played.
    ///
    /// # Errors
    /// The `FEN` or `Format` tag is unusable, so no move can be played.
    pub fn replay(&self) -> Result<Replay, ReplayError> {
        let start = self.start_position()?;
        let notation = self.notation()?;
        let (mut line, mut bad_move) = (Line::new(start), None);
        for (index, recorded) in self.moves.iter().enumerate() {
            if let Err(error) = line.play_text(&recorded.text, notation) {
                let (text, line, column) = (recorded.text.clone(), recorded.line, recorded.column);
                bad_move = Some(BadMove { index, text, line, column, error });
                break;
            }
        }
        let (moves, end) = (line.moves().to_vec(), *line.position());
        Ok(Replay { start, notation, moves, end, bad_move, recorded_result: self.recorded_result() })
    }
}
