//! Reading the cases of the task, token by token, with located errors.
//!
//! Cases written plainly are read the fast way, a whole case at a time
//! straight from the scanner's buffer ([`Scanner::peek_text`], see
//! [`fast`](super::fast)); anything else, a case with anything wrong in it
//! above all, is read token by token, which says exactly what is wrong and
//! where. Both ways read the same tokens.

use std::io::Read;

use board_geometry::text_input::{Field, IntegerError, Located, Scanner, TextPosition, excerpt};

use super::endgame::{Endgame, MAX_RED, Point, Red};
use super::{Case, CaseError, CaseProblem, InputError, NumberRole, Verdict, fast};

/// Reads cases one by one from any reader.
///
/// A case is returned only once all of it has been read and checked: its
/// header, its pieces, and the first token after it, which must start the
/// next header (so a piece line too many is caught before the case is
/// answered). After the closing `0 0 0` only whitespace may follow.
#[derive(Debug)]
pub struct Reader<R> {
    scanner: Scanner<R>,
    next_number: u64,
    /// The first number of the next case's header, if read (token by token)
    /// after the case before.
    lookahead: Option<Result<Int, Failure>>,
    finished: bool,
    /// The pieces of the case read last.
    endgame: Endgame,
    /// Where the header of the case read last starts (unless read the fast
    /// way for its verdict alone).
    header: TextPosition,
    /// How many bytes of plain cases read the fast way the scanner has not
    /// been told about yet: the scanner stands at the first of them.
    pending: usize,
    /// Whether plain cases are read the fast way (always, but in tests that
    /// read the same text both ways, to hold them to the same results).
    fast: bool,
    /// How many cases were read the fast way, for tests that it is taken.
    #[cfg(test)]
    plain_cases: u64,
}

/// A failure while reading, boxed so that the results of the reading steps stay small.
type Failure = Box<InputError>;

fn failure(case: u64, position: TextPosition, problem: CaseProblem) -> Failure {
    Box::new(InputError::Invalid(Located::new(position, CaseError { case, problem })))
}

/// A whole number from the input: its value (or, if too large for an `i64`,
/// its text) and where it is.
#[derive(Debug)]
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

/// The red piece a token names.
fn red_piece(token: &Field<'_>) -> Option<Red> {
    match token.bytes() {
        &[letter] => Red::from_letter(letter),
        _ => None,
    }
}

/// `token` as a whole number of role `role` in case `case`.
fn int(case: u64, role: NumberRole, token: &Field<'_>) -> Result<Int, Failure> {
    let position = token.position();
    match token.integer() {
        Ok(value) => Ok(Int { value: Ok(value), position }),
        Err(IntegerError::TooLarge) => Ok(Int { value: Err(excerpt(token.bytes()).into()), position }),
        Err(IntegerError::NotAnInteger) => {
            Err(failure(case, position, CaseProblem::NotANumber { role, text: excerpt(token.bytes()) }))
        }
    }
}

/// How much text of plain cases, read and answered, may wait before the
/// scanner is told (and counts its lines, at vector speed over such stretches).
const BATCH: usize = 4096;

impl<R: Read> Reader<R> {
    /// A reader of the cases in `input`.
    pub fn new(input: R) -> Self {
        Reader {
            scanner: Scanner::new(input),
            next_number: 1,
            lookahead: None,
            finished: false,
            endgame: Endgame::default(),
            header: TextPosition::new(1, 1),
            pending: 0,
            fast: true,
            #[cfg(test)]
            plain_cases: 0,
        }
    }

    /// A reader of the cases in `input` that reads every case token by token,
    /// for tests that hold the fast way to the same results.
    #[cfg(test)]
    pub(super) fn token_by_token(input: R) -> Self {
        Reader { fast: false, ..Reader::new(input) }
    }

    /// Reads the next case the fast way, if it is plain (see [`fast::case`]);
    /// with `located`, notes where its header is.
    fn plain_case(&mut self, located: bool) -> Result<bool, Failure> {
        if located || self.pending > BATCH {
            self.catch_up();
        }
        let text = self.scanner.peek_text().map_err(|error| Box::new(error.into()))?;
        let Some(len) = fast::case(&text[self.pending..], &mut self.endgame) else {
            self.catch_up();
            return Ok(false);
        };
        #[cfg(test)]
        {
            self.plain_cases += 1;
        }
        if located {
            self.header = self.scanner.unread_position();
            self.scanner.consume_text(len);
        } else {
            self.pending += len;
        }
        Ok(true)
    }

    /// Tells the scanner about the plain cases read since it was told last.
    fn catch_up(&mut self) {
        if self.pending > 0 {
            self.scanner.consume_text(self.pending);
            self.pending = 0;
        }
    }

    /// The next token, which must be a whole number; `on_end` is the problem
    /// if the input ends instead.
    fn int(&mut self, role: NumberRole, on_end: impl FnOnce() -> CaseProblem) -> Result<Int, Failure> {
        let case = self.next_number;
        match self.scanner.next_token().map_err(|error| Box::new(error.into()))? {
            Some(token) => int(case, role, &token),
            None => Err(failure(case, self.scanner.position(), on_end())),
        }
    }

    /// The point of a row and a column read from the input.
    fn point(&self, row: &Int, col: &Int) -> Result<Point, Failure> {
        let off_board = |role, number: &Int| {
            failure(self.next_number, number.position, CaseProblem::OffBoard { role, text: number.text() })
        };
        let r = row.within(1..=10).ok_or_else(|| off_board(NumberRole::Row, row))?;
        let c = col.within(1..=9).ok_or_else(|| off_board(NumberRole::Column, col))?;
        Point::new(r, c).ok_or_else(|| off_board(NumberRole::Column, col))
    }

    /// The next red piece, from its letter.
    fn piece_kind(&mut self, count: u32, listed: u32) -> Result<(Red, TextPosition), Failure> {
        let case = self.next_number;
        let Some(token) = self.scanner.next_token().map_err(|error| Box::new(error.into()))? else {
            return Err(failure(case, self.scanner.position(), CaseProblem::Truncated { count, listed }));
        };
        let position = token.position();
        match red_piece(&token) {
            Some(red) => Ok((red, position)),
            None => {
                let text = excerpt(token.bytes());
                let problem = if token.integer().is_ok() {
                    CaseProblem::FewerPiecesThanCount { count, listed, found: text }
                } else {
                    CaseProblem::UnknownPiece { text }
                };
                Err(failure(case, position, problem))
            }
        }
    }

    /// Reads the next case's header token by token, starts the case's pieces
    /// with the black general, and returns the number of red pieces; `None`
    /// after the closing `0 0 0`.
    fn header(&mut self) -> Result<Option<u32>, Failure> {
        let case = self.next_number;
        let count = match self.lookahead.take() {
            Some(count) => count?,
            None => self.int(NumberRole::PieceCount, || CaseProblem::MissingEnd)?,
        };
        let row = self.int(NumberRole::Row, || CaseProblem::TruncatedHeader { numbers: 1 })?;
        let col = self.int(NumberRole::Column, || CaseProblem::TruncatedHeader { numbers: 2 })?;
        if [&count, &row, &col].iter().all(|number| number.value == Ok(0)) {
            self.finished = true;
            return match self.scanner.next_token().map_err(|error| Box::new(error.into()))? {
                None => Ok(None),
                Some(token) => Err(failure(case, token.position(), CaseProblem::TextAfterEnd)),
            };
        }
        let Some(pieces) = count.within(1..=MAX_RED as i64) else {
            return Err(failure(case, count.position, CaseProblem::PieceCount { text: count.text() }));
        };
        let black = self.point(&row, &col)?;
        if !black.in_black_palace() {
            return Err(failure(
                case,
                row.position,
                CaseProblem::BlackGeneralOutsidePalace { point: black.square() },
            ));
        }
        self.header = count.position;
        self.endgame.restart(black);
        Ok(Some(pieces as u32))
    }

    /// Reads the next red piece token by token, of a case of `count`, `listed` of them read already.
    fn piece(&mut self, count: u32, listed: u32) -> Result<(), Failure> {
        let case = self.next_number;
        let (red, position) = self.piece_kind(count, listed)?;
        let truncated = || CaseProblem::Truncated { count, listed };
        let row = self.int(NumberRole::Row, truncated)?;
        let col = self.int(NumberRole::Column, truncated)?;
        let point = self.point(&row, &col)?;
        if self.endgame.is_taken(point) {
            return Err(failure(case, position, CaseProblem::SamePoint { point: point.square() }));
        }
        if red == Red::General {
            if self.endgame.red_general().is_some() {
                return Err(failure(case, position, CaseProblem::TwoRedGenerals { second: point.square() }));
            }
            if !point.in_red_palace() {
                return Err(failure(
                    case,
                    position,
                    CaseProblem::RedGeneralOutsidePalace { point: point.square() },
                ));
            }
        }
        let put = self.endgame.try_put(red, point);
        debug_assert!(put, "every reason not to has been told");
        Ok(())
    }

    /// Reads the token after a case of `count` pieces: the next header's first
    /// number, kept for the next case; a piece letter is one piece too many.
    /// A plain number is only looked at, so that the next case may be read
    /// the fast way.
    fn look_ahead(&mut self, count: u32) -> Result<(), Failure> {
        if self.fast {
            let text = self.scanner.peek_text().map_err(|error| Box::new(error.into()))?;
            if fast::number(&mut { text }).is_some() {
                return Ok(());
            }
        }
        let case = self.next_number;
        self.lookahead = match self.scanner.next_token().map_err(|error| Box::new(error.into()))? {
            None => Some(Err(failure(case + 1, self.scanner.position(), CaseProblem::MissingEnd))),
            Some(token) if red_piece(&token).is_some() => {
                return Err(failure(case, token.position(), CaseProblem::MorePiecesThanCount { count }));
            }
            Some(token) => Some(int(case + 1, NumberRole::PieceCount, &token)),
        };
        Ok(())
    }

    /// Reads the next case into `self.endgame`, with `located` noting where
    /// its header is; `false` after the closing `0 0 0`.
    fn read_case(&mut self, located: bool) -> Result<bool, Failure> {
        if self.finished {
            return Ok(false);
        }
        if self.lookahead.is_none() && self.fast && self.plain_case(located)? {
            self.next_number += 1;
            return Ok(true);
        }
        let Some(count) = self.header()? else { return Ok(false) };
        for listed in 0..count {
            self.piece(count, listed)?;
        }
        if self.endgame.red_general().is_none() {
            return Err(failure(self.next_number, self.header, CaseProblem::NoRedGeneral));
        }
        self.look_ahead(count)?;
        self.next_number += 1;
        Ok(true)
    }

    /// The next case, or `None` after the closing `0 0 0`.
    ///
    /// # Errors
    /// Input that breaks the task's promises (with the case number and the
    /// place in the input), or a failure to read.
    pub fn next_case(&mut self) -> Result<Option<Case>, InputError> {
        match self.read_case(true) {
            Ok(true) => {
                let number = self.next_number - 1;
                Ok(Some(Case::from_checked_board(number, self.header, self.endgame.board())))
            }
            Ok(false) => Ok(None),
            Err(failure) => Err(*failure),
        }
    }

    /// The verdict of the next case, worked out on the task's small board
    /// rather than by the engine (see [`Endgame::verdict`]), or `None` after
    /// the closing `0 0 0`.
    ///
    /// # Errors
    /// As [`Reader::next_case`].
    pub(super) fn next_verdict(&mut self) -> Result<Option<Verdict>, InputError> {
        match self.read_case(false) {
            Ok(true) => Ok(Some(self.endgame.verdict())),
            Ok(false) => Ok(None),
            Err(failure) => Err(*failure),
        }
    }
}

board_geometry::impl_case_iterator!(Reader, Case, InputError);

#[cfg(test)]
mod tests {
    use super::super::{Options, judge};

    /// The answers written and the error, if any.
    fn run(input: &str) -> (String, Option<String>) {
        let mut output = Vec::new();
        let result = judge(input.as_bytes(), &mut output, &Options::default());
        (String::from_utf8(output).unwrap(), result.err().map(|error| error.to_string()))
    }

    const MATE: &str = "2 1 4\nG 10 5\nR 6 4\n";

    #[test]
    fn a_piece_line_too_many_is_caught_before_the_case_is_answered() {
        let (answers, error) = run(&format!("{MATE}R 6 6\n0 0 0\n"));
        assert_eq!(answers, "");
        assert_eq!(
            error.as_deref(),
            Some("4:1: case 1: more red pieces are listed than the 2 its header promises")
        );
        let (answers, error) = run(&format!("{MATE}{MATE}H 7 7\n0 0 0\n"));
        assert_eq!(answers, "YES\n", "the first case is whole and answered");
        assert!(error.unwrap().starts_with("7:1: case 2: more red pieces"));
    }

    #[test]
    fn plain_cases_are_read_the_fast_way_and_the_others_token_by_token() {
        use super::Reader;
        // `002` is not plain (three digits): the case before it, whose next
        // token it is, and its own case are read token by token.
        let input = format!("{MATE}{MATE}002 1 4\nG 10 5\nR 6 4\n{MATE}0 0 0\n");
        let mut verdicts = Reader::new(input.as_bytes());
        let mut answered = 0;
        while verdicts.next_verdict().unwrap().is_some() {
            answered += 1;
        }
        assert_eq!((answered, verdicts.plain_cases), (4, 2));
        let mut cases = Reader::new(input.as_bytes());
        let mut headers = Vec::new();
        while let Some(case) = cases.next_case().unwrap() {
            headers.push(case.header().to_string());
        }
        assert_eq!(headers, ["1:1", "4:1", "7:1", "10:1"]);
        assert_eq!(cases.plain_cases, 2);
    }

    #[test]
    fn every_layout_of_judges_is_read_the_fast_way() {
        use super::super::generate::{GenerateOptions, Generator, write_input};
        use super::Reader;
        use board_geometry::random::Random;
        let mut generator = Generator::new(31, &GenerateOptions::default()).unwrap();
        let cases: Vec<_> = (0..600).map(|_| generator.next_case()).collect();
        let mut plain = Vec::new();
        write_input(&cases, &mut plain).unwrap();
        let plain = String::from_utf8(plain).unwrap();
        // Token by token: spaces, tabs and their runs, `\r\n`, now and then
        // a line broken between two tokens or a blank line, blanks at either
        // end of a line.
        let mut random = Random::new(32);
        let mut varied = String::new();
        for line in plain.lines() {
            varied.push_str(random.pick(&["", "", " ", "\t "]).unwrap());
            for (index, token) in line.split_ascii_whitespace().enumerate() {
                if index > 0 {
                    let between = [" ", "  ", "\t", " \t", "\t\t", "   ", "\r\n", "\r\n \r\n\t"];
                    varied.push_str(random.pick(&between).unwrap());
                }
                varied.push_str(token);
            }
            varied.push_str(random.pick(&["", "", " ", "\t"]).unwrap());
            varied.push_str(random.pick(&["\r\n", "\r\n", "\r\n\r\n", "\n", "\r\n\t \r\n"]).unwrap());
        }
        assert!(varied.len() < 65536, "one buffer of the scanner: {}", varied.len());
        for text in [plain.clone(), plain.replace(' ', "\t"), plain.replace('\n', "\r\n"), varied] {
            let (answers, error) = run(&text);
            assert_eq!((answers, error), run(&plain), "{text:?}");
            let mut verdicts = Reader::new(text.as_bytes());
            while verdicts.next_verdict().unwrap().is_some() {}
            assert_eq!(verdicts.plain_cases, 600, "{text:?}");
        }
    }

    #[test]
    fn numbers_off_the_board_and_a_bad_next_header_are_told_with_their_case() {
        let error = |input: &str| run(input).1.unwrap();
        assert_eq!(
            error("2 1 4\nG 10 5\nR 11 4\n0 0 0\n"),
            "3:3: case 1: row 11 is off the board (rows 1 to 10)"
        );
        let huge = "9".repeat(30);
        assert_eq!(
            error(&format!("2 1 4\nG 10 5\nR 6 {huge}\n0 0 0\n")),
            format!("3:5: case 1: column {huge} is off the board (columns 1 to 9)")
        );
        assert_eq!(
            error(&format!("{MATE}x 1 4\n")),
            "4:1: case 2: the number of red pieces should be a number, found 'x'"
        );
    }

    #[test]
    fn a_header_cut_short_says_so() {
        let ends = |input: &str| run(input).1.unwrap();
        assert_eq!(
            ends("5\n"),
            "1:2: case 1: the input ends after one of the header's three numbers: a header is 'N row col' \
             (N red pieces, then the black general's row and column), and the input ends with '0 0 0'"
        );
        assert!(
            ends("20 1\n").starts_with("1:5: case 1: the input ends after two of the header's three numbers")
        );
        assert!(ends(&format!("{MATE}0 0")).starts_with("4:4: case 2: the input ends after two of"));
        assert_eq!(ends(MATE), "3:6: case 2: the input ends without the closing '0 0 0'");
    }

    #[test]
    fn a_red_general_outside_its_palace_is_named_on_its_own_line() {
        let (_, error) = run("2 1 4\nR 6 4\nG 7 5\n0 0 0\n");
        assert_eq!(
            error.as_deref(),
            Some(
                "3:1: case 1: the red general at (7,5) is outside its palace (rows 8 to 10, columns 4 to 6)"
            )
        );
    }

    #[test]
    fn only_whitespace_may_follow_the_closing_line() {
        assert_eq!(run(&format!("{MATE}0 0 0\n \n\t")), ("YES\n".to_string(), None));
        for after in ["0 0 0 0\n", "0 0 0\n2 1 4\n", "0 0 0\nthe end\n"] {
            let (answers, error) = run(&format!("{MATE}{after}"));
            assert_eq!(answers, "YES\n");
            assert!(
                error
                    .as_ref()
                    .is_some_and(|e| e
                        .ends_with("text after the closing '0 0 0': nothing but whitespace may follow it")),
                "{after:?}: {error:?}"
            );
        }
    }

    #[test]
    fn rough_edges_of_real_files_are_read() {
        let expected = ("YES\n".to_string(), None);
        assert_eq!(run(&format!("\u{feff}{MATE}0 0 0")), expected, "a byte-order mark");
        assert_eq!(run(&format!("{MATE}0 0 0\n").replace('\n', "\r")), expected, "lone CR");
        assert_eq!(
            run(&format!("{MATE}0 0 0\n").replace('\n', " \t\r\n")),
            expected,
            "CRLF and trailing blanks"
        );
    }

    #[test]
    fn a_huge_token_is_refused_with_a_short_excerpt() {
        let (_, error) = run(&format!("2 1 4\nG 10 5\nR {} 4\n", "6".repeat(5000)));
        let error = error.unwrap();
        assert!(error.starts_with("3:3: a field of more than 1024 characters"), "{error}");
        assert!(error.len() < 200, "{error}");
    }
}
