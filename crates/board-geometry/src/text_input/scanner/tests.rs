use std::io::{self, Read};

use super::*;
use crate::testing::InPieces;
use crate::text_input::{EXCERPT_CHARS, StreamError};

fn tokens(text: &[u8]) -> Vec<(String, u64, u64)> {
    let mut scanner = Scanner::new(text);
    let mut out = Vec::new();
    while let Some(token) = scanner.next_token().unwrap() {
        out.push((token.text().into_owned(), token.position().line, token.position().column));
    }
    out
}

fn expected(list: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
    list.iter().map(|&(t, l, c)| (t.to_string(), l, c)).collect()
}

#[test]
fn tokens_ignore_blank_lines_tabs_and_every_line_end() {
    let want = expected(&[("2", 1, 1), ("1", 1, 3), ("4", 1, 5), ("G", 4, 2), ("10", 4, 4)]);
    assert_eq!(tokens(b"2 1\t4\r\n\r\n   \n\tG 10"), want);
    assert_eq!(tokens(b"2 1\t4\r\r   \r\tG 10"), want, "lone CR ends lines too");
    assert_eq!(tokens(b"2 1\t4\n\r\n   \r\tG 10"), want);
    assert!(tokens(b"").is_empty());
    assert!(tokens(b"\n\n \r\n").is_empty());
}

#[test]
fn a_byte_order_mark_is_skipped_and_not_counted() {
    assert_eq!(tokens(b"\xef\xbb\xbf12 3\n4"), expected(&[("12", 1, 1), ("3", 1, 4), ("4", 2, 1)]));
    assert_eq!(tokens(b"\xef\xbb\xbf"), expected(&[]));
    assert_eq!(tokens(b"\xef\xbb"), expected(&[("\u{fffd}", 1, 1)]), "half a mark is no mark");
    let trickled = all_tokens(Scanner::new(InPieces::new(b"\xef\xbb\xbfx", 1)));
    assert_eq!(trickled.0, [("x".to_string(), TextPosition::new(1, 1))]);
}

#[test]
fn a_field_longer_than_the_limit_stops_the_reading_with_an_excerpt() {
    let fine = "7".repeat(MAX_FIELD);
    let text = format!(" {fine} x");
    let mut scanner = Scanner::new(text.as_bytes());
    assert_eq!(scanner.next_token().unwrap().map(|t| t.bytes().len()), Some(MAX_FIELD));
    let x = scanner.next_token().unwrap().unwrap();
    assert_eq!(x.position(), TextPosition::new(1, MAX_FIELD as u64 + 3));

    let long = format!("1 2\n  {}", "9".repeat(BLOCK * 3));
    let mut scanner = Scanner::new(long.as_bytes());
    scanner.next_token().unwrap();
    scanner.next_token().unwrap();
    match scanner.next_token() {
        Err(ScanError::Text(error)) => {
            assert_eq!(error.position, TextPosition::new(2, 3));
            assert_eq!(
                error.to_string(),
                format!(
                    "2:3: a field of more than 1024 characters without a space ('{}...'): \
                     no number or word of this input is that long",
                    "9".repeat(EXCERPT_CHARS)
                )
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn endless_input_is_refused_after_a_bounded_read() {
    /// An endless stream of one byte, counting what is read.
    struct Endless(u8, usize);
    impl Read for Endless {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            out.fill(self.0);
            self.1 += out.len();
            Ok(out.len())
        }
    }
    let mut zeros = Scanner::new(Endless(0, 0));
    match zeros.next_token() {
        Err(ScanError::Text(error)) => assert!(error.to_string().contains("'\\0\\0\\0"), "{error}"),
        other => panic!("{other:?}"),
    }
    assert!(zeros.reader.1 <= 2 * BLOCK);
    // Spaces cost nothing but time: a bounded reader of them ends as no field.
    let spaces = " ".repeat(3 * BLOCK + 7) + "5";
    assert_eq!(tokens(spaces.as_bytes()), expected(&[("5", 1, 3 * BLOCK as u64 + 8)]));
    let mut scanner = Scanner::new(Endless(b'x', 0));
    assert!(scanner.next_line().is_err(), "an endless line is too long");
    assert!(scanner.reader.1 <= 2 * BLOCK);
}

fn all_tokens(mut scanner: Scanner<impl Read>) -> (Vec<(String, TextPosition)>, TextPosition) {
    let mut seen = Vec::new();
    while let Some(token) = scanner.next_token().unwrap() {
        seen.push((token.text().into_owned(), token.position()));
    }
    (seen, scanner.position())
}

#[test]
fn tokens_split_across_reads_and_buffer_refills_are_whole() {
    let text = "12345 678\n  9\t10\n";
    let expected = [
        ("12345", TextPosition::new(1, 1)),
        ("678", TextPosition::new(1, 7)),
        ("9", TextPosition::new(2, 3)),
        ("10", TextPosition::new(2, 5)),
    ]
    .map(|(t, p)| (t.to_string(), p));
    let end = TextPosition::new(2, 7);
    assert_eq!(all_tokens(Scanner::new(InPieces::new(text.as_bytes(), 1))), (expected.to_vec(), end));
    let tiny_buffer = std::io::BufReader::with_capacity(2, text.as_bytes());
    assert_eq!(all_tokens(Scanner::new(tiny_buffer)), (expected.to_vec(), end));
    // Every split of a long input into two reads gives the same tokens.
    let long: String = (0..3000).map(|i| format!("{i}{}", if i % 7 == 0 { "\r\n" } else { " " })).collect();
    let whole = all_tokens(Scanner::new(long.as_bytes()));
    for split in [1, 2, 3, 4, 5, 1000, BLOCK - 1, BLOCK, BLOCK + 1] {
        let split = split.min(long.len());
        let chained = long.as_bytes()[..split].chain(&long.as_bytes()[split..]);
        assert_eq!(all_tokens(Scanner::new(chained)), whole, "split at {split}");
    }
}

#[test]
fn interrupted_reads_are_retried_and_failures_reported() {
    struct Flaky(bool, &'static [u8]);
    impl Read for Flaky {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.0 = !self.0;
            if self.0 {
                return Err(io::Error::from(io::ErrorKind::Interrupted));
            }
            self.1.read(out)
        }
    }
    assert_eq!(all_tokens(Scanner::new(Flaky(false, b"1 2"))).0.len(), 2);
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let error = Scanner::new(Broken).next_token().unwrap_err();
    assert!(matches!(error, ScanError::Read(_)), "{error:?}");
    assert_eq!(error.to_string(), "cannot read the input: disk on fire");
    let stream: StreamError<TextError> = error.into();
    assert!(std::error::Error::source(&stream).is_some());
}

/// A reader that gives these pieces or errors, one per read, and must
/// not be read after the last.
struct Scripted(Vec<io::Result<&'static [u8]>>);

impl Read for Scripted {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        assert!(!self.0.is_empty(), "read after the last piece");
        let piece = self.0.remove(0)?;
        out[..piece.len()].copy_from_slice(piece);
        Ok(piece.len())
    }
}

#[test]
fn a_byte_order_mark_in_pieces_survives_interruptions_and_reports_failures() {
    let interrupted = || Err(io::Error::from(io::ErrorKind::Interrupted));
    let pieces = vec![
        Ok(&b"\xef"[..]),
        interrupted(),
        Ok(&b"\xbb"[..]),
        interrupted(),
        Ok(&b"\xbf7 8"[..]),
        Ok(&b""[..]),
    ];
    let (fields, end) = all_tokens(Scanner::new(Scripted(pieces)));
    assert_eq!(
        fields,
        [("7".to_string(), TextPosition::new(1, 1)), ("8".to_string(), TextPosition::new(1, 3))]
    );
    assert_eq!(end, TextPosition::new(1, 4));
    let failing = Scripted(vec![Ok(&b"\xef\xbb"[..]), Err(io::Error::other("disk on fire"))]);
    let error = Scanner::new(failing).next_token().unwrap_err();
    assert_eq!(error.to_string(), "cannot read the input: disk on fire");
    assert_eq!(std::error::Error::source(&error).map(ToString::to_string).as_deref(), Some("disk on fire"));
}

#[test]
fn plain_lines_taken_at_once_end_where_field_by_field_reading_ends() {
    for text in ["12 34\n", "12 34   \n", "G 10 5\n", "G 10 5 \t\r\n", "7\n", "R 3\n", "1 2 3"] {
        let mut whole = Scanner::new(text.as_bytes());
        let line = whole.peek_numbers::<3>().unwrap().expect("a plain line");
        whole.consume(&line);
        let mut one_by_one = Scanner::new(text.as_bytes());
        one_by_one.next_token().unwrap();
        while one_by_one.next_in_line().unwrap().is_some() {}
        assert_eq!(whole.position(), one_by_one.position(), "after the last field of {text:?}");
        assert_eq!(whole.line_end(), one_by_one.line_end(), "the line end of {text:?}");
        assert!(whole.next_in_line().unwrap().is_none());
        assert!(whole.at_end().unwrap());
    }
}

/// Every line `next_line` gives for `text` read `most` bytes at a time,
/// with where each starts.
fn lines_in_pieces(text: &[u8], most: usize) -> Vec<(String, TextPosition)> {
    let mut scanner = Scanner::new(InPieces::new(text, most));
    let mut lines = Vec::new();
    while let Some(line) = scanner.next_line().unwrap() {
        lines.push((String::from_utf8_lossy(line.bytes()).into_owned(), line.start()));
    }
    lines
}

#[test]
fn lines_split_across_reads_are_read_whole() {
    let text = b"  4k4/9/9 w - - 0 1  \r\n\n\tsecond line here\rlast";
    let whole = lines_in_pieces(text, BLOCK);
    let expected = [
        ("4k4/9/9 w - - 0 1".to_string(), TextPosition::new(1, 3)),
        ("second line here".to_string(), TextPosition::new(3, 2)),
        ("last".to_string(), TextPosition::new(4, 1)),
    ];
    assert_eq!(whole, expected);
    for most in 1..8 {
        assert_eq!(lines_in_pieces(text, most), expected, "{most} bytes a read");
    }
    // Nothing past the line end is read for a line: a person typing gets it at once.
    let mut typed = Scanner::new(Scripted(vec![Ok(&b"e2e4\n"[..])]));
    assert_eq!(typed.next_line().unwrap().map(|line| line.bytes().to_vec()), Some(b"e2e4".to_vec()));
}

#[test]
fn plain_lines_in_small_reads_are_whole_and_long_ones_are_left_to_read_by_field() {
    // A number split between two reads is read whole, not cut at the first.
    let mut split = Scanner::new(InPieces::new(b"123 45\n6 7\n", 2));
    let first = split.peek_numbers::<2>().unwrap().expect("plain");
    assert_eq!(first.numbers(), [123, 45]);
    split.consume(&first);
    assert_eq!(split.peek_numbers::<2>().unwrap().map(|line| line.numbers().to_vec()), Some(vec![6, 7]));
    // A plain line is taken at once while its unread part stays within half
    // the buffer (checked at each read, here every 4096 bytes); a longer one
    // is left to be read field by field.
    // A short line cut by the end of a read far into the buffer is still taken at once.
    let mut many = "1 2\n".repeat(10_000).into_bytes();
    many.extend_from_slice(b"3 4\n");
    let mut deep = Scanner::new(InPieces::new(&many, 40_002));
    let mut taken = 0;
    while let Some(line) = deep.peek_numbers::<2>().unwrap() {
        deep.consume(&line);
        taken += 1;
    }
    assert_eq!((taken, deep.at_end().unwrap()), (10_001, true));
    let spaced = |spaces: usize| format!("1{}2\n3 4\n", " ".repeat(spaces)).into_bytes();
    let fitting = spaced(34_000);
    let mut fits = Scanner::new(InPieces::new(&fitting, 4096));
    assert_eq!(fits.peek_numbers::<2>().unwrap().map(|line| line.numbers().to_vec()), Some(vec![1, 2]));
    for spaces in [40_000, 70_000, 200_000] {
        let text = spaced(spaces);
        let mut long = Scanner::new(InPieces::new(&text, 4096));
        assert!(long.peek_numbers::<2>().unwrap().is_none(), "{spaces} spaces");
        let mut fields = Vec::new();
        while let Some(field) = long.next_token().unwrap() {
            fields.push(field.small_number());
        }
        assert_eq!(fields, [Some(1), Some(2), Some(3), Some(4)], "{spaces} spaces");
    }
}

#[test]
fn lines_of_digits_after_every_kind_of_line_end_are_taken_at_once() {
    for text in [
        "5\r1 2 3 4\r5 6 7 8\r9 9 9 9\r",
        "5\r\n1 2 3 4\r\n5 6 7 8\r\n9 9 9 9\r\n",
        "5\n1 2 3 4\n5 6 7 8\n9 9 9 9\n",
    ] {
        let mut scanner = Scanner::new(text.as_bytes());
        assert!(scanner.next_token().unwrap().is_some());
        let mut taken = Vec::new();
        let count = scanner.take_digit_lines::<4>(usize::MAX, |digits| {
            taken.push(digits);
            true
        });
        assert_eq!(count, 3, "{text:?}");
        assert_eq!(taken, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, 9]]);
        assert_eq!(scanner.position(), TextPosition::new(4, 8), "{text:?}");
        assert!(scanner.at_end().unwrap());
    }
}

#[test]
fn digit_lines_taken_from_where_the_scanner_stands_keep_their_columns() {
    // Standing mid-line, at the 1 after the 5: one line taken.
    let mut mid = Scanner::new(&b"5 1 2 3 4\n"[..]);
    assert!(mid.next_token().unwrap().is_some());
    assert!(mid.peek_text().unwrap().starts_with(b"1 2 3 4"));
    assert_eq!(mid.take_digit_lines::<4>(usize::MAX, |_| true), 1);
    assert_eq!(mid.position(), TextPosition::new(1, 10));
    // Standing at the start of the input: two lines taken.
    let mut first = Scanner::new(&b"1 2 3 4\n5 6 7 8\n"[..]);
    assert!(first.peek_text().unwrap().starts_with(b"1 2"));
    assert_eq!(first.take_digit_lines::<4>(usize::MAX, |_| true), 2);
    assert_eq!(first.position(), TextPosition::new(2, 8));
    assert!(first.at_end().unwrap());
}

#[test]
fn a_short_first_line_is_read_without_waiting_for_more() {
    // A person typing "1" and Enter at a terminal gets the field at once.
    let mut scanner = Scanner::new(Scripted(vec![Ok(&b"1\n"[..])]));
    assert_eq!(scanner.next_token().unwrap().map(|field| field.text().into_owned()).as_deref(), Some("1"));
}

#[test]
fn fields_in_a_line_stop_at_its_end_and_say_where_it_is() {
    let mut scanner = Scanner::new("1 2  \r\n\n 3\r4 5\n6".as_bytes());
    assert!(scanner.next_in_line().unwrap().is_none(), "no line before the first field");
    assert_eq!(scanner.next_token().unwrap().map(|f| f.text().into_owned()).as_deref(), Some("1"));
    assert_eq!(scanner.next_in_line().unwrap().map(|f| f.text().into_owned()).as_deref(), Some("2"));
    assert!(scanner.next_in_line().unwrap().is_none());
    assert!(scanner.next_in_line().unwrap().is_none(), "asking again changes nothing");
    assert_eq!(scanner.line_end(), TextPosition::new(1, 6), "after the trailing spaces, before CR LF");
    let three = scanner.next_token().unwrap().unwrap();
    assert_eq!(three.position(), TextPosition::new(3, 2));
    assert!(scanner.next_in_line().unwrap().is_none());
    assert_eq!(scanner.line_end(), TextPosition::new(3, 3));
    assert_eq!(scanner.next_token().unwrap().unwrap().position(), TextPosition::new(4, 1));
    assert_eq!(scanner.next_in_line().unwrap().unwrap().position(), TextPosition::new(4, 3));
    assert!(scanner.next_in_line().unwrap().is_none());
    assert_eq!(scanner.next_token().unwrap().unwrap().position(), TextPosition::new(5, 1));
    assert!(scanner.next_in_line().unwrap().is_none());
    assert_eq!(scanner.line_end(), TextPosition::new(5, 2), "the end of input ends the last line");
    assert!(scanner.at_end().unwrap());
}

/// A reader that hands out its text at most `most` bytes a read, then fails
/// as a terminal would block waiting for a key: a read it is asked for past
/// the text is a test that waits for input it should not need.
struct ThenBlocks {
    text: &'static [u8],
    most: usize,
}

impl Read for ThenBlocks {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.text.is_empty() {
            return Err(io::Error::other("blocked, like a terminal waiting for a key"));
        }
        let len = self.text.len().min(out.len()).min(self.most);
        out[..len].copy_from_slice(&self.text[..len]);
        self.text = &self.text[len..];
        Ok(len)
    }
}

#[test]
fn nothing_past_a_line_end_is_read_for_its_fields() {
    let mut scanner = Scanner::new(ThenBlocks { text: b"17 49 33\n", most: usize::MAX });
    scanner.next_token().unwrap();
    scanner.next_in_line().unwrap();
    scanner.next_in_line().unwrap();
    assert!(scanner.next_in_line().unwrap().is_none());
}

#[test]
fn lines_are_text_without_their_surrounding_whitespace() {
    let text = format!("\n  \tab  c{}\r\n   \n x\ry \n", " ".repeat(3 * BLOCK));
    let mut scanner = Scanner::new(text.as_bytes());
    let line = scanner.next_line().unwrap().unwrap();
    assert_eq!((line.bytes(), line.start()), (&b"ab  c"[..], TextPosition::new(2, 4)));
    assert_eq!(line.position_of(4), TextPosition::new(2, 8));
    let line = scanner.next_line().unwrap().unwrap();
    assert_eq!((line.bytes(), line.start()), (&b"x"[..], TextPosition::new(4, 2)));
    let line = scanner.next_line().unwrap().unwrap();
    assert_eq!((line.bytes(), line.start()), (&b"y"[..], TextPosition::new(5, 1)));
    assert!(scanner.next_line().unwrap().is_none());
    let long = format!("{} y", "x".repeat(MAX_LINE));
    let error = Scanner::new(long.as_bytes()).next_line().unwrap_err();
    assert!(error.to_string().starts_with("1:1: a line of more than 4096 characters ('xxxx"), "{error}");
    let spaced = format!("x{}y", " ".repeat(MAX_LINE));
    assert!(Scanner::new(spaced.as_bytes()).next_line().is_err(), "whitespace inside the text counts");
}

#[test]
fn at_end_sees_only_whitespace_left() {
    let mut scanner = Scanner::new("1 \n\n 2 \n \n".as_bytes());
    assert!(!scanner.at_end().unwrap());
    assert_eq!(scanner.next_token().unwrap().map(|t| t.text().into_owned()).as_deref(), Some("1"));
    assert!(!scanner.at_end().unwrap());
    let two = scanner.next_token().unwrap().unwrap();
    assert_eq!(two.position(), TextPosition::new(3, 2));
    assert!(scanner.at_end().unwrap());
    assert_eq!(
        scanner.position(),
        TextPosition::new(3, 3),
        "just after the last token, not at the end of input"
    );
    assert!(scanner.next_token().unwrap().is_none());
}

/// Every field of what is left, with its place, and the scanner's places
/// along the way: a scanner's whole state as the reading shows it.
fn rest_of(scanner: &mut Scanner<&[u8]>) -> Vec<(String, TextPosition, TextPosition)> {
    let mut out = Vec::new();
    while let Some(field) = scanner.next_token().unwrap() {
        out.push((field.text().into_owned(), field.position(), TextPosition::new(0, 0)));
        while let Some(field) = scanner.next_in_line().unwrap() {
            out.push((field.text().into_owned(), field.position(), TextPosition::new(0, 0)));
        }
        out.push((String::new(), scanner.position(), scanner.line_end()));
    }
    out
}

#[test]
fn consuming_peeked_text_is_reading_its_fields_one_by_one() {
    let mut random = crate::random::Random::new(1589);
    let blanks: [&[u8]; 8] = [b" ", b"  ", b"\t", b"\n", b"\r\n", b"\r", b"\n\n", b" \x0c\r\n\r"];
    for round in 0..2000 {
        let mut text = Vec::new();
        if round % 7 == 0 {
            text.extend_from_slice(b"\xef\xbb\xbf");
        }
        let mut ends = Vec::new();
        for _ in 0..random.between(1, 12) {
            text.extend_from_slice(random.pick(&blanks).unwrap());
            let field: &[u8] = random.pick(&[&b"7"[..], b"R", b"10", b"x1"]).unwrap();
            text.extend_from_slice(field);
            ends.push(text.len());
        }
        if random.chance(0.5) {
            text.extend_from_slice(random.pick(&blanks).unwrap());
        }
        let fields = random.index(ends.len()) + 1;
        let (mut tokens, mut peeked) = (Scanner::new(text.as_slice()), Scanner::new(text.as_slice()));
        for _ in 0..fields {
            tokens.next_token().unwrap().unwrap();
        }
        let peeked_text = peeked.peek_text().unwrap().to_vec();
        let skipped = text.len() - peeked_text.len();
        assert!(peeked_text.first().is_some_and(|byte| !byte.is_ascii_whitespace()));
        peeked.consume_text(ends[fields - 1] - skipped);
        let context = String::from_utf8_lossy(&text).into_owned();
        assert_eq!(peeked.position(), tokens.position(), "{context:?} after {fields} fields");
        assert_eq!(rest_of(&mut peeked), rest_of(&mut tokens), "{context:?} after {fields} fields");
    }
}

#[test]
fn peeked_text_starts_at_the_next_field_and_says_where() {
    let mut scanner = Scanner::new(&b"  \r\n\r\n\t 5 6\n"[..]);
    assert_eq!(scanner.peek_text().unwrap(), b"5 6\n");
    assert_eq!(scanner.unread_position(), TextPosition::new(3, 3));
    assert_eq!(scanner.peek_text().unwrap(), b"5 6\n", "nothing is consumed");
    scanner.consume_text(3);
    assert_eq!(scanner.position(), TextPosition::new(3, 6));
    assert_eq!(scanner.peek_text().unwrap(), b"", "only whitespace is left");
    assert_eq!(scanner.unread_position(), TextPosition::new(4, 1));
    assert!(scanner.next_token().unwrap().is_none());
}

#[test]
fn peeked_text_is_what_the_buffer_holds_and_no_more_is_read_for_it() {
    let mut scanner = Scanner::new(ThenBlocks { text: b"\n\n 2 1 4\nG 10 5\n", most: 6 });
    assert_eq!(scanner.peek_text().unwrap(), b"2 1", "what the first reads brought, from the field on");
    scanner.consume_text(3);
    assert_eq!(scanner.next_token().unwrap().map(|field| field.position()), Some(TextPosition::new(3, 6)));
    assert_eq!(scanner.peek_text().unwrap(), b"\nG 1"[1..].as_ref());
    scanner.consume_text(1);
    assert_eq!(scanner.peek_text().unwrap(), b"1", "the rest of a field split by a read");
    assert_eq!(scanner.next_token().unwrap().map(|field| field.text().into_owned()).as_deref(), Some("10"));
    assert_eq!(scanner.next_token().unwrap().map(|field| field.position()), Some(TextPosition::new(4, 6)));
    assert!(scanner.peek_text().is_err(), "nothing is left in the buffer: the reader is asked, and blocks");
}
