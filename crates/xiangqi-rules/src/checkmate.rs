//! The endgame checkmate task (UVa 1589, also HDU 4121 and POJ 4001): black
//! has only its general, red has a general and a few chariots, horses and
//! cannons, black is to move. Is black checkmated?
//!
//! The answer comes from the engine: black is lost when it has no legal move
//! ([`Position::has_legal_move`]), checkmate or stalemate alike, as in
//! xiangqi. One rule of the task goes beyond a legal position: if the two
//! generals already face each other, black flies across, captures the red
//! general, and the answer is `NO`.
//!
//! Input, read token by token like `scanf` (blank lines, tabs and `\r\n` do
//! not matter): cases of a header `N row col` (N red pieces, then the black
//! general's point) and N lines `<G|R|H|C> row col`, ended by `0 0 0`.
//! Points are `(row, col)` with row 1..10 from black's side at the top and
//! column 1..9 from the left; row `r`, column `c` is the engine's file
//! `c - 1`, rank `10 - r`.
//!
//! ```
//! use xiangqi_rules::judge_checkmate;
//!
//! let input = "2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nH 4 5\nG 10 5\nC 7 5\n\n0 0 0\n";
//! let mut output = Vec::new();
//! judge_checkmate(input.as_bytes(), &mut output, false)?;
//! assert_eq!(String::from_utf8(output)?, "YES\nNO\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::io::{Read, Write};

use board_geometry::Offset;
use board_geometry::text_input::{IntegerError, Located, StreamError, TextPosition, TokenReader};

use crate::{
    Board, Color, Notation, Piece, PieceKind, Position, PositionError, Setup, Square, SquareSet, text_picture,
};

/// A point in the task's coordinates: `(row, col)`, row 1..10 from the top, column 1..9.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct JudgePoint(pub Square);

impl JudgePoint {
    /// The point at `row` (1..10, top to bottom) and `col` (1..9), if on the board.
    #[must_use]
    pub const fn new(row: i64, col: i64) -> Option<JudgePoint> {
        match Square::from_coords(col - 1, 10 - row) {
            Some(square) => Some(JudgePoint(square)),
            None => None,
        }
    }

    /// The row, 1 at the top (black's side) to 10 at the bottom.
    #[must_use]
    pub const fn row(self) -> u8 {
        10 - self.0.rank().index()
    }

    /// The column, 1 to 9 from the left.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0.file().index() + 1
    }
}

impl fmt::Display for JudgePoint {
    /// Writes `(row,col)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row(), self.col())
    }
}

/// The judge's answer: `YES` if black is lost (checkmated, or stalemated), `NO` otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MateVerdict {
    /// Black has no legal move: `YES`.
    Mate,
    /// Black has a legal move, or captures the facing red general: `NO`.
    NotMate,
}

impl MateVerdict {
    /// The judge's text: `YES` or `NO`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MateVerdict::Mate => "YES",
            MateVerdict::NotMate => "NO",
        }
    }
}

impl MateVerdict {
    /// The judge's line: `YES\n` or `NO\n`.
    const fn line(self) -> &'static str {
        match self {
            MateVerdict::Mate => "YES\n",
            MateVerdict::NotMate => "NO\n",
        }
    }
}

impl fmt::Display for MateVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One case of the task, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckmateCase {
    number: u64,
    header: TextPosition,
    start: Start,
}

/// How a case starts.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Start {
    /// The generals face each other, which no legal position allows: black
    /// captures the red general.
    GeneralsFace(Board),
    /// A legal position, black to move.
    BlackToMove(Position),
}

impl CheckmateCase {
    /// Checks a case given as a board holding the black general and the red
    /// pieces, black to move. `number` is the case's number, for messages.
    ///
    /// # Errors
    /// The checks [`CheckmateReader`] makes of each case: one black general in
    /// its palace and nothing else black, one red general in its palace, at
    /// most sixteen red pieces.
    pub fn new(number: u64, board: Board) -> Result<CheckmateCase, CheckmateError> {
        let error = |kind| CheckmateError { case: number, kind };
        let blacks = board.by_color(Color::Black);
        let black_general = board.by_piece(Piece::new(Color::Black, PieceKind::General));
        if blacks != black_general || black_general.len() != 1 {
            return Err(error(CaseProblem::BlackNotOnlyGeneral));
        }
        Self::check_generals(&board).map_err(error)?;
        Ok(Self::from_checked_board(number, TextPosition::new(1, 1), board))
    }

    fn check_generals(board: &Board) -> Result<(), CaseProblem> {
        let reds = board.by_piece(Piece::new(Color::Red, PieceKind::General));
        let point = |set: SquareSet| set.first().map(JudgePoint);
        match (point(reds), reds.len()) {
            (None, _) => return Err(CaseProblem::NoRedGeneral),
            (Some(_), 2..) => {
                let second = reds.into_iter().nth(1).map(JudgePoint);
                return Err(CaseProblem::TwoRedGenerals { second: second.unwrap_or(JudgePoint(crate::A0)) });
            }
            (Some(red), _) if !board_geometry::Half::Lower.palace().contains(red.0) => {
                return Err(CaseProblem::RedGeneralOutsidePalace { point: red });
            }
            _ => {}
        }
        if let Some(black) =
            board.general(Color::Black).filter(|&s| !board_geometry::Half::Upper.palace().contains(s))
        {
            return Err(CaseProblem::BlackGeneralOutsidePalace { point: JudgePoint(black) });
        }
        if board.by_color(Color::Red).len() > 16 {
            return Err(CaseProblem::PieceCount { text: board.by_color(Color::Red).len().to_string() });
        }
        Ok(())
    }

    fn from_checked_board(number: u64, header: TextPosition, board: Board) -> CheckmateCase {
        let start = if board.generals_face_each_other() {
            Start::GeneralsFace(board)
        } else {
            // The checks made of every case (one black general in its palace and
            // nothing else black, one red general in its palace, red pieces that
            // stand anywhere, at most sixteen of them) and the generals not facing
            // are exactly what makes a legal position with black to move.
            let setup = Setup { board, turn: Color::Black, halfmove_clock: 0, fullmove_number: 1 };
            debug_assert!(
                Position::from_setup(setup).or_else(PositionError::ignore_too_much_material).is_ok()
            );
            Start::BlackToMove(Position::from_checked_setup(setup))
        };
        CheckmateCase { number, header, start }
    }

    /// The case's number, from 1.
    #[must_use]
    pub const fn number(&self) -> u64 {
        self.number
    }

    /// Where the case's header is in the input.
    #[must_use]
    pub const fn header(&self) -> TextPosition {
        self.header
    }

    /// The pieces: the black general and the red pieces.
    #[must_use]
    pub const fn board(&self) -> &Board {
        match &self.start {
            Start::GeneralsFace(board) => board,
            Start::BlackToMove(position) => position.board(),
        }
    }

    /// Black to move, unless the generals face each other (then `None`).
    #[must_use]
    pub const fn position(&self) -> Option<&Position> {
        match &self.start {
            Start::GeneralsFace(_) => None,
            Start::BlackToMove(position) => Some(position),
        }
    }

    /// Whether the two generals face each other on an open file before black moves.
    #[must_use]
    pub const fn generals_face_at_start(&self) -> bool {
        matches!(self.start, Start::GeneralsFace(_))
    }

    /// The verdict: `YES` if black, to move, has no legal move.
    #[must_use]
    pub fn verdict(&self) -> MateVerdict {
        match &self.start {
            Start::BlackToMove(position) if !position.has_legal_move() => MateVerdict::Mate,
            _ => MateVerdict::NotMate,
        }
    }

    /// Why the verdict is what it is, point by point.
    #[must_use]
    pub fn explain(&self) -> Explanation<'_> {
        let board = self.board();
        let general = board.general(Color::Black).unwrap_or(crate::A0);
        let palace = board_geometry::Half::Upper.palace();
        let mut steps: Vec<Step> = Offset::ORTHOGONAL
            .iter()
            .filter_map(|&step| general.offset(step))
            .map(|target| {
                let outcome = if !palace.contains(target) {
                    StepOutcome::OutsidePalace
                } else {
                    let mut after = *board;
                    after.remove(general);
                    let captured = after.put(target, Piece::new(Color::Black, PieceKind::General));
                    StepOutcome::Inside { captured, covered_by: after.attackers(target, Color::Red) }
                };
                Step { target: JudgePoint(target), outcome }
            })
            .collect();
        steps.sort_by_key(|step| (step.target.row(), step.target.col()));
        Explanation { case: self, checkers: board.attackers(general, Color::Red), steps }
    }
}

/// What happens if the black general steps to one neighbouring point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StepOutcome {
    /// The point is outside black's palace: the general may not go there.
    OutsidePalace,
    /// The point is inside the palace.
    Inside {
        /// The red piece the general would capture there, if any.
        captured: Option<Piece>,
        /// The red pieces that would attack the general there (empty: a safe step).
        covered_by: SquareSet,
    },
}

/// One neighbouring point of the black general and what stepping there would mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The point.
    pub target: JudgePoint,
    /// What happens there.
    pub outcome: StepOutcome,
}

/// A readable account of a verdict: the picture, the facing generals, the
/// check, and for each step of the black general the red pieces covering it.
#[derive(Clone, Debug)]
pub struct Explanation<'a> {
    case: &'a CheckmateCase,
    checkers: SquareSet,
    steps: Vec<Step>,
}

impl Explanation<'_> {
    /// The black general's steps to its neighbouring points on the board,
    /// ordered by row, then column.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The red pieces giving check at the start.
    #[must_use]
    pub const fn checkers(&self) -> SquareSet {
        self.checkers
    }
}

fn piece_list(board: &Board, squares: SquareSet) -> String {
    let names: Vec<String> = squares
        .into_iter()
        .filter_map(|s| board.piece_at(s).map(|piece| format!("the {} at {}", piece.kind, JudgePoint(s))))
        .collect();
    match names.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl fmt::Display for Explanation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let case = self.case;
        let board = case.board();
        let general = board.general(Color::Black).unwrap_or(crate::A0);
        let palace_steps: SquareSet = self
            .steps
            .iter()
            .filter(|step| matches!(step.outcome, StepOutcome::Inside { .. }))
            .map(|step| step.target.0)
            .collect();
        writeln!(f, "Case {}: black general at {}, black to move.", case.number, JudgePoint(general))?;
        f.write_str(&text_picture(board, palace_steps - board.occupied(), Notation::JudgeRowColumn))?;
        let reds = board.by_color(Color::Red);
        writeln!(f, "Red: {}.", piece_list(board, reds))?;
        if case.generals_face_at_start() {
            writeln!(
                f,
                "The generals face each other on column {} with nothing between them: black flies across and \
                 captures the red general, so black is not mated.",
                JudgePoint(general).col()
            )?;
            return writeln!(f, "Verdict: NO.");
        }
        writeln!(f, "The generals do not face each other at the start.")?;
        if self.checkers.any() {
            writeln!(f, "Black is in check from {}.", piece_list(board, self.checkers))?;
        } else {
            writeln!(
                f,
                "Black is NOT in check (the judge promises a check, this case breaks that promise); \
                 a side with no legal move still loses, stalemate included."
            )?;
        }
        writeln!(f, "Where the black general can step:")?;
        let mut escapes = Vec::new();
        for step in &self.steps {
            write!(f, "  {}: ", step.target)?;
            match step.outcome {
                StepOutcome::OutsidePalace => writeln!(f, "outside the palace")?,
                StepOutcome::Inside { captured, covered_by } => {
                    if let Some(piece) = captured {
                        write!(f, "captures the {}; ", piece.kind)?;
                    }
                    if covered_by.is_empty() {
                        escapes.push(step.target.to_string());
                        writeln!(f, "safe")?;
                    } else {
                        let flying = covered_by & board.by_piece(Piece::new(Color::Red, PieceKind::General));
                        write!(f, "covered by {}", piece_list(board, covered_by))?;
                        if flying.any() {
                            write!(f, " (the generals would face each other)")?;
                        }
                        writeln!(f)?;
                    }
                }
            }
        }
        match escapes.as_slice() {
            [] if self.checkers.is_empty() => writeln!(
                f,
                "Every step is covered and black is not in check: stalemate, which loses in xiangqi. Verdict: YES."
            ),
            [] => writeln!(f, "Every step is covered: black has no legal move. Verdict: YES."),
            [one] => writeln!(f, "The general escapes to {one}. Verdict: NO."),
            many => writeln!(f, "The general escapes to {}. Verdict: NO.", many.join(" or ")),
        }
    }
}

/// A case's input that breaks the judge's promises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckmateError {
    /// The case's number, from 1.
    pub case: u64,
    /// What is wrong.
    pub kind: CaseProblem,
}

impl fmt::Display for CheckmateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {}: {}", self.case, self.kind)
    }
}

impl std::error::Error for CheckmateError {}

/// Which number of a line is meant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NumberRole {
    /// The number of red pieces, first in a case's header.
    PieceCount,
    /// A row, 1 to 10.
    Row,
    /// A column, 1 to 9.
    Column,
}

impl fmt::Display for NumberRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberRole::PieceCount => "the number of red pieces",
            NumberRole::Row => "row",
            NumberRole::Column => "column",
        })
    }
}

/// What is wrong with a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseProblem {
    /// A number is expected and something else is written.
    NotANumber {
        /// Which number.
        role: NumberRole,
        /// What is written.
        text: String,
    },
    /// The red piece count is not from 1 to 16.
    PieceCount {
        /// The count as written.
        text: String,
    },
    /// A row or column is off the board.
    OffBoard {
        /// Row or column.
        role: NumberRole,
        /// The number as written.
        text: String,
    },
    /// A piece letter is not `G`, `R`, `H` or `C`.
    UnknownPiece {
        /// The letter (or word) as written.
        text: String,
    },
    /// A number stands where the next red piece's letter should be.
    FewerPiecesThanCount {
        /// The header's count.
        count: u32,
        /// How many pieces were listed.
        listed: u32,
        /// What stands where the next letter should be.
        found: String,
    },
    /// A piece letter stands where the next case's header should be.
    MorePiecesThanCount {
        /// The header's count.
        count: u32,
    },
    /// The input ends inside the case.
    Truncated {
        /// The header's count.
        count: u32,
        /// How many pieces were complete.
        listed: u32,
    },
    /// The input ends without the closing `0 0 0`.
    MissingEnd,
    /// Two pieces on one point.
    SamePoint {
        /// The point.
        point: JudgePoint,
    },
    /// The black general is outside rows 1..3, columns 4..6.
    BlackGeneralOutsidePalace {
        /// Where it is.
        point: JudgePoint,
    },
    /// The red general is outside rows 8..10, columns 4..6.
    RedGeneralOutsidePalace {
        /// Where it is.
        point: JudgePoint,
    },
    /// No `G` among the red pieces.
    NoRedGeneral,
    /// A second `G` among the red pieces.
    TwoRedGenerals {
        /// Where the second one is.
        second: JudgePoint,
    },
    /// A board given directly holds black pieces other than the general.
    BlackNotOnlyGeneral,
}

impl fmt::Display for CaseProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseProblem::NotANumber { role, text } => write!(f, "{role} should be a number, found '{text}'"),
            CaseProblem::PieceCount { text } => write!(
                f,
                "{text} red pieces is out of range: a case has 1 to 16 (the judge promises 2 to 7, the general included)"
            ),
            CaseProblem::OffBoard { role: NumberRole::Column, text } => {
                write!(f, "column {text} is off the board (columns 1 to 9)")
            }
            CaseProblem::OffBoard { text, .. } => write!(f, "row {text} is off the board (rows 1 to 10)"),
            CaseProblem::UnknownPiece { text } => write!(
                f,
                "unknown piece '{text}': red pieces are G (general), R (chariot), H (horse) and C (cannon)"
            ),
            CaseProblem::FewerPiecesThanCount { count, listed, found } => write!(
                f,
                "the header promises {count} red pieces but only {listed} are listed (found '{found}' where piece {} \
                 should start)",
                listed + 1
            ),
            CaseProblem::MorePiecesThanCount { count } => {
                write!(f, "more red pieces are listed than the {count} its header promises")
            }
            CaseProblem::Truncated { count, listed } => {
                write!(f, "the input ends inside the case, after {listed} of its {count} red pieces")
            }
            CaseProblem::MissingEnd => f.write_str("the input ends without the closing '0 0 0'"),
            CaseProblem::SamePoint { point } => write!(f, "two pieces on {point}"),
            CaseProblem::BlackGeneralOutsidePalace { point } => {
                write!(f, "the black general at {point} is outside its palace (rows 1 to 3, columns 4 to 6)")
            }
            CaseProblem::RedGeneralOutsidePalace { point } => {
                write!(f, "the red general at {point} is outside its palace (rows 8 to 10, columns 4 to 6)")
            }
            CaseProblem::NoRedGeneral => f.write_str("red has no general (G)"),
            CaseProblem::TwoRedGenerals { second } => write!(f, "red has a second general, at {second}"),
            CaseProblem::BlackNotOnlyGeneral => f.write_str("black must have its general and nothing else"),
        }
    }
}

/// Reads cases one by one from any reader.
#[derive(Debug)]
pub struct CheckmateReader<R> {
    tokens: TokenReader<R>,
    next_number: u64,
    /// The red piece count of the case before, for the message when it lists too many.
    last_count: u32,
    finished: bool,
}

/// A failure while reading, boxed so that the results of the reading steps stay small.
type Failure = Box<StreamError<CheckmateError>>;

fn failure(case: u64, position: TextPosition, kind: CaseProblem) -> Failure {
    Box::new(StreamError::Input(Located::new(position, CheckmateError { case, kind })))
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

impl<R: Read> CheckmateReader<R> {
    /// A reader of the cases in `input`.
    pub fn new(input: R) -> Self {
        CheckmateReader { tokens: TokenReader::new(input), next_number: 1, last_count: 0, finished: false }
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
    fn point(&self, row: &Int, col: &Int) -> Result<JudgePoint, Failure> {
        let off_board = |role, number: &Int| {
            failure(self.next_number, number.position, CaseProblem::OffBoard { role, text: number.text() })
        };
        let r = row.within(1..=10).ok_or_else(|| off_board(NumberRole::Row, row))?;
        let c = col.within(1..=9).ok_or_else(|| off_board(NumberRole::Column, col))?;
        JudgePoint::new(r, c).ok_or_else(|| off_board(NumberRole::Column, col))
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

    fn read_case(&mut self) -> Result<Option<CheckmateCase>, Failure> {
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
        if !board_geometry::Half::Upper.palace().contains(black.0) {
            return Err(failure(case, row.position, CaseProblem::BlackGeneralOutsidePalace { point: black }));
        }
        let mut board = Board::empty();
        board.put(black.0, Piece::new(Color::Black, PieceKind::General));

        for listed in 0..pieces {
            let (kind, position) = self.piece_kind(pieces, listed)?;
            let truncated = || CaseProblem::Truncated { count: pieces, listed };
            let row = self.int(NumberRole::Row, truncated)?;
            let col = self.int(NumberRole::Column, truncated)?;
            let point = self.point(&row, &col)?;
            if board.piece_at(point.0).is_some() {
                return Err(failure(case, position, CaseProblem::SamePoint { point }));
            }
            if kind == PieceKind::General && board.by_piece(Piece::new(Color::Red, kind)).any() {
                return Err(failure(case, position, CaseProblem::TwoRedGenerals { second: point }));
            }
            board.put(point.0, Piece::new(Color::Red, kind));
        }

        CheckmateCase::check_generals(&board).map_err(|problem| failure(case, count.position, problem))?;
        self.next_number += 1;
        self.last_count = pieces;
        Ok(Some(CheckmateCase::from_checked_board(case, count.position, board)))
    }

    /// The next case, or `None` after the closing `0 0 0`.
    ///
    /// # Errors
    /// Input that breaks the task's promises (with the case number and the
    /// place in the input), or a failure to read.
    pub fn next_case(&mut self) -> Result<Option<CheckmateCase>, StreamError<CheckmateError>> {
        self.read_case().map_err(|failure| *failure)
    }
}

/// Judges every case of `input`, writing `YES` or `NO` per case to `output`,
/// each followed by an [`Explanation`] and an empty line when `explain` is set.
///
/// Memory stays flat for any number of cases; on bad input every answer
/// before the bad case has been written and flushed before the error returns.
///
/// # Errors
/// The first case that breaks the task's promises, or a failure to read or write.
pub fn judge_checkmate(
    input: impl Read,
    mut output: impl Write,
    explain: bool,
) -> Result<(), StreamError<CheckmateError>> {
    let mut cases = CheckmateReader::new(input);
    let outcome = loop {
        match cases.next_case() {
            Ok(Some(case)) => {
                let written = if explain {
                    writeln!(output, "{}\n{}", case.verdict(), case.explain())
                } else {
                    output.write_all(case.verdict().line().as_bytes())
                };
                written.map_err(StreamError::Write)?;
            }
            Ok(None) => break Ok(()),
            Err(error) => break Err(error),
        }
    };
    output.flush().map_err(StreamError::Write)?;
    outcome
}
