//! Reading the cases of the task, token by token, with located errors.

use std::io::BufRead;

use board_geometry::Half;
use board_geometry::text_input::{IntegerError, Located, StreamError, TextPosition, TokenReader};

use super::{COORDINATES, Case, CaseProblem, InputError, NumberRole};
use crate::{Board, Color, Piece, PieceKind, Square};

/// Reads cases one by one from any reader.
#[derive(Debug)]
pub struct CaseReader<R> {
    tokens: TokenReader<R>,
    next_number: u64,
    /// The red piece count of the case before, for the message when it lists too many.
    last_count: u32,
    finished: bool,
}

/// A failure while reading, boxed so that the results of the reading steps stay small.
type Failure = Box<StreamError<InputError>>;

fn failure(case: u64, position: TextPosition, kind: CaseProblem) -> Failure {
    Box::new(StreamError::Input(Located::new(position, InputError { case, problem: kind })))
}

/// A whole number from the input: its value (or, if too large for an `i64`,
/// its text) and where it is.
struct Int {
    value: Result<i64, Box<str>>,
    position: TextPosition,
}

impl Int {
    fn text(&self) -> String {
        match &self.value {
            Ok(value) => value.to_string(),
            Err(text) => text.to_string(),
        }
    }

    /// The value if it lies in `range`.
    fn within(&self, range: core::ops::RangeInclusive<i64>) -> Option<i64> {
        self.value.as_ref().ok().copied().filter(|value| range.contains(value))
    }
}

impl<R: BufRead> CaseReader<R> {
    /// A reader of the cases in `input`.
    pub fn new(input: R) -> Self {
        CaseReader { tokens: TokenReader::new(input), next_number: 1, last_count: 0, finished: false }
    }

    /// The next token, which must be a whole number; `on_end` is the problem
    /// if the input ends instead.
    fn int(&mut self, role: NumberRole, on_end: impl FnOnce() -> CaseProblem) -> Result<Int, Failure> {
        let case = self.next_number;
        let Some(token) = self.tokens.next_token().map_err(|e| Box::new(StreamError::Read(e)))? else {
            return Err(failure(case, self.tokens.position(), on_end()));
        };
        let position = token.position();
        match token.integer() {
            Ok(value) => Ok(Int { value: Ok(value), position }),
            Err(IntegerError::TooLarge) => Ok(Int { value: Err(token.text().into()), position }),
            Err(IntegerError::NotAnInteger) => Err(failure(
                case,
                position,
                CaseProblem::NotANumber { role, text: token.text().into_owned() },
            )),
        }
    }

    /// The point of a row and a column read from the input.
    fn point(&self, row: &Int, col: &Int) -> Result<Square, Failure> {
        let off_board = |role, number: &Int| {
            failure(self.next_number, number.position, CaseProblem::OffBoard { role, text: number.text() })
        };
        let r = row.within(1..=10).ok_or_else(|| off_board(NumberRole::Row, row))?;
        let c = col.within(1..=9).ok_or_else(|| off_board(NumberRole::Column, col))?;
        COORDINATES.square(r, c).ok_or_else(|| off_board(NumberRole::Column, col))
    }

    /// The header's piece count, or the problem with its first token.
    fn piece_count(&mut self) -> Result<Int, Failure> {
        let case = self.next_number;
        let Some(token) = self.tokens.next_token().map_err(|e| Box::new(StreamError::Read(e)))? else {
            return Err(failure(case, self.tokens.position(), CaseProblem::MissingEnd));
        };
        let position = token.position();
        match token.integer() {
            Ok(value) => Ok(Int { value: Ok(value), position }),
            Err(IntegerError::TooLarge) => Ok(Int { value: Err(token.text().into()), position }),
            Err(IntegerError::NotAnInteger)
                if case > 1 && matches!(token.bytes(), b"G" | b"R" | b"H" | b"C") =>
            {
                Err(failure(case - 1, position, CaseProblem::MorePiecesThanCount { count: self.last_count }))
            }
            Err(IntegerError::NotAnInteger) => Err(failure(
                case,
                position,
                CaseProblem::NotANumber { role: NumberRole::PieceCount, text: token.text().into_owned() },
            )),
        }
    }

    /// The kind of the next red piece, from its letter.
    fn piece_kind(&mut self, count: u32, listed: u32) -> Result<(PieceKind, TextPosition), Failure> {
        let case = self.next_number;
        let Some(token) = self.tokens.next_token().map_err(|e| Box::new(StreamError::Read(e)))? else {
            return Err(failure(case, self.tokens.position(), CaseProblem::Truncated { count, listed }));
        };
        let position = token.position();
        let kind = match token.bytes() {
            b"G" => PieceKind::General,
            b"R" => PieceKind::Chariot,
            b"H" => PieceKind::Horse,
            b"C" => PieceKind::Cannon,
            _ => {
                let text = token.text().into_owned();
                let problem = if token.integer().is_ok() {
                    CaseProblem::FewerPiecesThanCount { count, listed, found: text }
                } else {
                    CaseProblem::UnknownPiece { text }
                };
                return Err(failure(case, position, problem));
            }
        };
        Ok((kind, position))
    }

    fn read_case(&mut self) -> Result<Option<Case>, Failure> {
        if self.finished {
            return Ok(None);
        }
        let case = self.next_number;
        let count = self.piece_count()?;
        let truncated_header = || CaseProblem::Truncated { count: 0, listed: 0 };
        let row = self.int(NumberRole::Row, truncated_header)?;
        let col = self.int(NumberRole::Column, truncated_header)?;
        if [&count, &row, &col].iter().all(|number| number.value == Ok(0)) {
            self.finished = true;
            return Ok(None);
        }
        let Some(pieces) = count.within(1..=16) else {
            return Err(failure(case, count.position, CaseProblem::PieceCount { text: count.text() }));
        };
        let pieces = pieces as u32;
        let black = self.point(&row, &col)?;
        if !Half::Upper.palace().contains(black) {
            return Err(failure(case, row.position, CaseProblem::BlackGeneralOutsidePalace { point: black }));
        }
        let mut board = Board::empty();
        board.put(black, Piece::new(Color::Black, PieceKind::General));

        for listed in 0..pieces {
            let (kind, position) = self.piece_kind(pieces, listed)?;
            let truncated = || CaseProblem::Truncated { count: pieces, listed };
            let row = self.int(NumberRole::Row, truncated)?;
            let col = self.int(NumberRole::Column, truncated)?;
            let point = self.point(&row, &col)?;
            if board.piece_at(point).is_some() {
                return Err(failure(case, position, CaseProblem::SamePoint { point }));
            }
            if kind == PieceKind::General && board.by_piece(Piece::new(Color::Red, kind)).any() {
                return Err(failure(case, position, CaseProblem::TwoRedGenerals { second: point }));
            }
            board.put(point, Piece::new(Color::Red, kind));
        }

        Case::check_generals(&board).map_err(|problem| failure(case, count.position, problem))?;
        self.next_number += 1;
        self.last_count = pieces;
        Ok(Some(Case::from_checked_board(case, count.position, board)))
    }

    /// The next case, or `None` after the closing `0 0 0`.
    ///
    /// # Errors
    /// Input that breaks the task's promises (with the case number and the
    /// place in the input), or a failure to read.
    pub fn next_case(&mut self) -> Result<Option<Case>, StreamError<InputError>> {
        self.read_case().map_err(|failure| *failure)
    }
}
