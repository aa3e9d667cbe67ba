use std::io;

use super::*;
use crate::testing::InPieces;
use crate::text_input::TextPosition;
use crate::text_input::scanner::BLOCK;

/// What [`single_digits`] should say, byte by byte.
fn expected<const N: usize>(line: &[u8]) -> Option<[u8; N]> {
    let mut digits = [0; N];
    for (i, digit) in digits.iter_mut().enumerate() {
        let (d, separator) = (line[2 * i], line[2 * i + 1]);
        let separated = if i + 1 < N { separator == b' ' } else { separator == b'\n' || separator == b'\r' };
        if !d.is_ascii_digit() || !separated {
            return None;
        }
        *digit = d - b'0';
    }
    Some(digits)
}

/// Bytes next to the edges of every class the check tells apart.
const TRICKY: [u8; 16] =
    [b'0', b'9', b'/', b':', b' ', b'\n', b'\r', b'\t', 0, 0x80, 0xb0, 0xb9, 0xba, 0xc6, 0xd0, 0xff];

#[test]
fn words_of_digits_are_read_as_byte_by_byte() {
    // Every tricky byte in every place of short lines, all at once for N = 2.
    for a in TRICKY {
        for b in TRICKY {
            for c in TRICKY {
                for d in TRICKY {
                    let line = [a, b, c, d];
                    assert_eq!(single_digits::<2>(&line), expected::<2>(&line), "{line:?}");
                }
            }
        }
    }
    // Lines of 1, 4 and 5 digits (the last read byte by byte), each byte
    // in turn tricky on a good line.
    let mut random = crate::random::Random::new(3);
    for _ in 0..20_000 {
        let mut line = *b"3 0 4 0\n7 1\n";
        let place = random.index(10);
        line[place] = TRICKY[random.index(TRICKY.len())];
        assert_eq!(single_digits::<1>(&line[..2]), expected::<1>(&line[..2]), "{line:?}");
        assert_eq!(single_digits::<4>(&line[..8]), expected::<4>(&line[..8]), "{line:?}");
        let five = [line[0], line[1], line[2], line[3], line[4], line[5], line[6], b' ', line[8], line[9]];
        assert_eq!(single_digits::<5>(&five), expected::<5>(&five), "{five:?}");
    }
    assert_eq!(single_digits::<4>(b"3 0 4 0\n"), Some([3, 0, 4, 0]));
    assert_eq!(single_digits::<5>(b"9 8 7 6 5\r"), Some([9, 8, 7, 6, 5]));
    assert_eq!(single_digits::<4>(b"3 0 4 0"), None, "too short");
}

/// A way to take lines of four digits at once, tried wherever a line
/// begins and told to take every line but those beginning with 7.
#[derive(Copy, Clone, Debug)]
enum AtOnce {
    /// `next_digits`, a line at a time: the position of each digit follows
    /// from the position after the line.
    Line,
    /// `take_digit_lines`, runs of at most this many lines: the positions
    /// of the last line's digits follow from the position after it.
    Run(usize),
    /// `take_spaced_digit_lines`, runs of at most this many lines: the last
    /// digit taken ends where the scanner stands.
    SpacedRun(usize),
}

/// A field's number, and its position where the way it was read tells it.
type Field = (u64, Option<TextPosition>);

/// Every field of `text`, read `at_once` wherever that takes lines and
/// field by field elsewhere, the reader handing out `chunk` bytes at a
/// time; the position after the last field; the lines taken at once.
fn read_at_once(text: &[u8], chunk: usize, at_once: AtOnce) -> (Vec<Field>, TextPosition, usize) {
    let mut scanner = Scanner::new(InPieces::new(text, chunk));
    let (mut fields, mut fast) = (Vec::new(), 0);
    loop {
        let lines = match at_once {
            AtOnce::Line => {
                let before = scanner.line;
                let line = scanner.next_digits::<4, _>(|digits| (digits[0] != 7).then_some(digits));
                assert!(scanner.line >= before);
                Vec::from_iter(line)
            }
            AtOnce::Run(run) => take_run(run, |take| scanner.take_digit_lines::<4>(run, take)),
            AtOnce::SpacedRun(run) => take_run(run, |take| scanner.take_spaced_digit_lines::<4>(run, take)),
        };
        if let Some((last, before)) = lines.split_last() {
            fast += lines.len();
            fields.extend(before.concat().into_iter().map(|digit| (u64::from(digit), None)));
            let after = scanner.position();
            let line_end = scanner.line_end();
            let last_positions: [Option<TextPosition>; 4] = match at_once {
                AtOnce::Line | AtOnce::Run(_) => {
                    assert_eq!(line_end, after, "the line ends after its last digit");
                    core::array::from_fn(|i| {
                        Some(TextPosition::new(after.line, after.column - 7 + 2 * i as u64))
                    })
                }
                AtOnce::SpacedRun(_) => {
                    [None, None, None, Some(TextPosition::new(after.line, after.column - 1))]
                }
            };
            fields.extend(
                last.iter().zip(last_positions).map(|(&digit, position)| (u64::from(digit), position)),
            );
            assert!(scanner.next_in_line().unwrap().is_none(), "the line is consumed");
            assert_eq!(scanner.line_end(), line_end);
            continue;
        }
        let Some(first) = scanner.next_token().unwrap() else { break };
        fields.push((first.integer().unwrap() as u64, Some(first.position())));
        while let Some(field) = scanner.next_in_line().unwrap() {
            fields.push((field.integer().unwrap() as u64, Some(field.position())));
        }
    }
    (fields, scanner.position(), fast)
}

/// The lines `take` takes in one run of at most `run` lines, given what to
/// take: every line but those beginning with 7.
fn take_run(run: usize, take: impl FnOnce(&mut dyn FnMut([u8; 4]) -> bool) -> usize) -> Vec<[u8; 4]> {
    let mut lines = Vec::new();
    let taken = take(&mut |digits| {
        let keep = digits[0] != 7;
        if keep {
            lines.push(digits);
        }
        keep
    });
    assert_eq!(taken, lines.len());
    assert!(taken <= run);
    lines
}

/// Every number of `text` with its place, read field by field, and the end.
fn numbers_one_by_one(text: &[u8]) -> (Vec<(u64, TextPosition)>, TextPosition) {
    let mut scanner = Scanner::new(text);
    let mut fields = Vec::new();
    while let Some(field) = scanner.next_token().unwrap() {
        fields.push((field.integer().unwrap() as u64, field.position()));
    }
    (fields, scanner.position())
}

/// Checks that `text` read each way of `reads` (`(chunk, at_once)`, as
/// [`read_at_once`] takes them) gives the numbers, the positions it tells
/// and the end that reading field by field gives; and that the reads of
/// whole blocks take more than `fast` lines at once.
fn assert_read_as_field_by_field(text: &str, reads: &[(usize, AtOnce)], fast: usize) {
    let (slow, slow_end) = numbers_one_by_one(text.as_bytes());
    for &(chunk, at_once) in reads {
        let way = format!("{chunk} bytes a read, {at_once:?}");
        let (fields, end, taken) = read_at_once(text.as_bytes(), chunk, at_once);
        assert_eq!(fields.len(), slow.len(), "{way}");
        for (i, (&(value, position), &(slow_value, slow_position))) in fields.iter().zip(&slow).enumerate() {
            assert_eq!(value, slow_value, "field {i}, {way}");
            if let Some(position) = position {
                assert_eq!(position, slow_position, "field {i}, {way}");
            }
        }
        assert_eq!(end, slow_end, "{way}");
        if chunk > 100 {
            assert!(taken > fast, "{taken} lines taken at once, {way}");
        }
    }
}

/// The line of kind `kind` for the four `digits`, if the kind is one of
/// the lines the ways at once do not take: two spaces between digits, a
/// number of two digits, a tab, a sign, a fifth number.
fn odd_line(d: &[String], kind: usize) -> Option<String> {
    match kind {
        0 => Some(format!("{} {}  {} {}", d[0], d[1], d[2], d[3])),
        1 => Some(format!("1{} {} {} {}", d[0], d[1], d[2], d[3])),
        2 => Some(format!("{}\t{} {} {}", d[0], d[1], d[2], d[3])),
        3 => Some(format!("+{} {} {} {}", d[0], d[1], d[2], d[3])),
        4 => Some(format!("{} {} {} {} 5", d[0], d[1], d[2], d[3])),
        _ => None,
    }
}

/// `5`, then `count` lines of four random digits from `seed`, ending
/// with `1 2 3 4` and no line end: line `i` the odd line of kind
/// `i % period` where there is one, and every `every`-th line a random
/// line end of `ends` instead of `\n`.
fn digit_lines(seed: u64, count: usize, period: usize, (every, ends): (usize, &[&str])) -> String {
    let mut text = String::from("5\n");
    let mut random = crate::random::Random::new(seed);
    for i in 0..count {
        let digits: Vec<String> = (0..4).map(|_| random.index(10).to_string()).collect();
        text.push_str(&odd_line(&digits, i % period).unwrap_or_else(|| digits.join(" ")));
        text.push_str(ends[if i % every == 0 { random.index(ends.len()) } else { 0 }]);
    }
    text.push_str("1 2 3 4");
    text
}

/// Whole blocks, and reads that split lines anywhere, across many block
/// ends; runs as long as they come, and short ones.
const RUNS: [(usize, usize); 5] =
    [(BLOCK, usize::MAX), (BLOCK, 3), (1, usize::MAX), (7, 2), (4093, usize::MAX)];

#[test]
fn lines_taken_at_once_read_as_field_by_field() {
    let text = digit_lines(11, 40_000, 97, (13, &["\n", "\r\n", "\r", "\n\n", " \n", "\n  "]));
    let reads = [BLOCK, 1, 7, 4093].map(|chunk| (chunk, AtOnce::Line));
    assert_read_as_field_by_field(&text, &reads, 30_000);
}

#[test]
fn runs_of_lines_taken_at_once_read_as_field_by_field() {
    let ends: &[&str] = &["\n", "\r\n", "\r", "\n\n", " \n", "\n  ", "\r\r\n"];
    let text = digit_lines(17, 30_000, 89, (11, ends));
    assert_read_as_field_by_field(&text, &RUNS.map(|(chunk, run)| (chunk, AtOnce::Run(run))), 20_000);
}

#[test]
fn spaced_lines_taken_at_once_read_as_field_by_field() {
    // Lines of every layout, and lines the spaced way does not take:
    // two digits, five or three numbers, a form feed between.
    let mut random = crate::random::Random::new(23);
    let mut text = String::from("5\n");
    for i in 0..20_000 {
        let digits: Vec<String> = (0..4).map(|_| random.index(10).to_string()).collect();
        text.push_str(random.pick(&["", "", " ", "\t", " \t "]).unwrap());
        for (index, digit) in digits.iter().enumerate() {
            if index > 0 {
                text.push_str(random.pick(&[" ", " ", "\t", "  ", " \t", "\t\t", "         "]).unwrap());
            }
            text.push_str(digit);
        }
        match i % 211 {
            1 => text.push_str(" 3"),
            2 => text.push('1'),
            3 => text.push('\x0c'),
            4 => text.insert(text.len() - 1, '\x0c'),
            5 => text.insert(text.len() - 1, '3'),
            6 => text.truncate(text.len() - 2),
            _ => {}
        }
        text.push_str(random.pick(&["", "", " ", "\t"]).unwrap());
        text.push_str(random.pick(&["\n", "\r\n", "\r", "\r\n\r\n", "\n \t\n", "\r\r\n"]).unwrap());
    }
    text.push_str("1 2 3 4");
    assert_read_as_field_by_field(&text, &RUNS.map(|(chunk, run)| (chunk, AtOnce::SpacedRun(run))), 15_000);
}

#[test]
fn the_ways_at_once_of_spaced_lines_agree_with_the_byte_by_byte_one() {
    // The byte by byte way is the model: each way at once either agrees
    // with it or declines.
    let agree = |text: &[u8]| {
        let model = spaced_digits::<4>(text, 0);
        if let Some(line) = text.get(..8).and_then(blank_separated_digits::<4>) {
            assert_eq!(Some((line, 7, 7)), model, "{text:?}");
        }
        if let Some(found) = text.first_chunk().and_then(digits_in_window::<4>) {
            assert_eq!(Some(found), model, "{text:?}");
        }
        model.is_some()
    };
    let bases: [&[u8]; 4] =
        [b"1 2\t3 4\nxxxxxxxxxx", b"1  2\t\t3 4 \r\nxxxxxx", b"0 0 0 0\r\n12 3 4 5", b"9\t8 7  6\t\n\n0 0 0"];
    let mut accepted = 0;
    for base in bases {
        assert!(agree(base), "{base:?}");
        for place in 0..16 {
            for byte in 0..=255 {
                let mut text = base.to_vec();
                text[place] = byte;
                accepted += usize::from(agree(&text));
            }
        }
    }
    assert!(accepted > 4000, "{accepted}");
    // The whitespace before a line, and whether a line end is in it.
    let few = [b' ', b'\t', b'\n', b'\r', 0x0b, 0x0c, b'1', 0x8a];
    for mut mix in 0..few.len().pow(8) {
        let mut bytes = [0; 8];
        for byte in &mut bytes {
            *byte = few[mix % few.len()];
            mix /= few.len();
        }
        let count = bytes.iter().take_while(|byte| byte.is_ascii_whitespace()).count();
        let expected = (count < 8).then(|| (count, bytes[..count].iter().any(|&b| b == b'\n' || b == b'\r')));
        assert_eq!(whitespace_before_line(&bytes), expected, "{bytes:?}");
    }
}

#[test]
fn nothing_is_read_for_a_line_taken_at_once() {
    /// A reader that counts its reads.
    struct Counted<'a>(&'a [u8], usize);
    impl Read for Counted<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.1 += 1;
            let n = self.0.len().min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mut scanner = Scanner::new(Counted(b"2\n1 2 3 4\n5 6 7 8", 0));
    assert!(scanner.next_token().unwrap().is_some());
    let reads = scanner.reader.1;
    assert_eq!(scanner.next_digits::<4, _>(Some), Some([1, 2, 3, 4]));
    assert_eq!(scanner.next_digits::<4, _>(Some), None, "the last line has no line end yet");
    assert_eq!(scanner.reader.1, reads);
    assert_eq!(
        scanner.peek_numbers::<4>().unwrap().map(|line| line.numbers().to_vec()),
        Some(vec![5, 6, 7, 8])
    );
}
