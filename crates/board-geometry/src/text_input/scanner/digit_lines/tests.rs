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

/// Every field of `text` with its position, and the position after the
/// last: read with `next_digits` wherever it takes a line, field by
/// field elsewhere, the reader handing out `chunk` bytes at a time.
fn read_mixed(text: &[u8], chunk: usize) -> (Vec<(u64, TextPosition)>, TextPosition, usize) {
    let mut scanner = Scanner::new(InPieces::new(text, chunk));
    let (mut fields, mut fast) = (Vec::new(), 0);
    loop {
        let before = scanner.line;
        if let Some(digits) = scanner.next_digits::<4, _>(|digits| (digits[0] != 7).then_some(digits)) {
            fast += 1;
            // The positions of the digits follow from the line and the position after it.
            let after = scanner.position();
            assert!(scanner.line >= before);
            for (i, digit) in digits.into_iter().enumerate() {
                let column = after.column - 7 + 2 * i as u64;
                fields.push((u64::from(digit), TextPosition::new(after.line, column)));
            }
            assert!(scanner.next_in_line().unwrap().is_none(), "the line is consumed");
            assert_eq!(scanner.line_end(), after);
            continue;
        }
        let Some(first) = scanner.next_token().unwrap() else { break };
        fields.push((first.integer().unwrap() as u64, first.position()));
        while let Some(field) = scanner.next_in_line().unwrap() {
            fields.push((field.integer().unwrap() as u64, field.position()));
        }
    }
    (fields, scanner.position(), fast)
}

/// `5`, then `count` lines of four random digits from `seed`: the
/// `odd` line of kind `i % period` where it gives one, and every
/// `every`-th line a random line end of `ends` instead of `\n`.
fn digit_lines(
    seed: u64,
    count: usize,
    (period, odd): (usize, impl Fn(&[String], usize) -> Option<String>),
    (every, ends): (usize, &[&str]),
) -> String {
    let mut text = String::from("5\n");
    let mut random = crate::random::Random::new(seed);
    for i in 0..count {
        let digits: Vec<String> = (0..4).map(|_| random.index(10).to_string()).collect();
        text.push_str(&odd(&digits, i % period).unwrap_or_else(|| digits.join(" ")));
        text.push_str(ends[if i % every == 0 { random.index(ends.len()) } else { 0 }]);
    }
    text
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

#[test]
fn lines_taken_at_once_read_as_field_by_field() {
    // Lines the fast way does not take, among plain ones.
    let odd = |d: &[String], kind| match kind {
        0 => Some(format!("{} {}  {} {}", d[0], d[1], d[2], d[3])),
        1 => Some(format!("1{} {} {} {}", d[0], d[1], d[2], d[3])),
        2 => Some(format!("{}\t{} {} {}", d[0], d[1], d[2], d[3])),
        3 => Some(format!("+{} {} {} {}", d[0], d[1], d[2], d[3])),
        _ => None,
    };
    let mut text = digit_lines(11, 40_000, (97, odd), (13, &["\n", "\r\n", "\r", "\n\n", " \n", "\n  "]));
    text.push_str("1 2 3 4");
    let (slow, slow_end) = numbers_one_by_one(text.as_bytes());
    // Whole blocks, and reads that split lines anywhere, across many block ends.
    for chunk in [BLOCK, 1, 7, 4093] {
        let (fields, end, fast) = read_mixed(text.as_bytes(), chunk);
        assert_eq!(fields.len(), slow.len());
        assert_eq!(fields, slow, "read {chunk} bytes at a time");
        assert_eq!(end, slow_end);
        if chunk > 100 {
            assert!(fast > 30_000, "{fast} lines taken at once");
        }
    }
}

/// Every field of `text`, read with `take_digit_lines` in runs of at
/// most `run` lines wherever it takes them, field by field elsewhere,
/// `chunk` bytes at a time; with the position of each field where it is
/// known (those of the last line of each run follow from the position
/// after it), the position after the last field, and the lines taken in runs.
fn read_in_runs(
    text: &[u8],
    chunk: usize,
    run: usize,
) -> (Vec<(u64, Option<TextPosition>)>, TextPosition, usize) {
    let mut scanner = Scanner::new(InPieces::new(text, chunk));
    let (mut fields, mut fast) = (Vec::new(), 0);
    loop {
        let mut lines = Vec::new();
        let taken = scanner.take_digit_lines::<4>(run, |digits| {
            let take = digits[0] != 7;
            if take {
                lines.push(digits);
            }
            take
        });
        assert_eq!(taken, lines.len());
        assert!(taken <= run);
        if let Some((last, before)) = lines.split_last() {
            fast += taken;
            for digits in before {
                fields.extend(digits.iter().map(|&digit| (u64::from(digit), None)));
            }
            let after = scanner.position();
            for (i, &digit) in last.iter().enumerate() {
                let column = after.column - 7 + 2 * i as u64;
                fields.push((u64::from(digit), Some(TextPosition::new(after.line, column))));
            }
            assert!(scanner.next_in_line().unwrap().is_none(), "the line is consumed");
            assert_eq!(scanner.line_end(), after);
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

#[test]
fn runs_of_lines_taken_at_once_read_as_field_by_field() {
    // Lines the fast way does not take, among plain ones.
    let odd = |d: &[String], kind| match kind {
        0 => Some(format!("{} {}  {} {}", d[0], d[1], d[2], d[3])),
        1 => Some(format!("1{} {} {} {}", d[0], d[1], d[2], d[3])),
        2 => Some(format!("{} {} {} {} 5", d[0], d[1], d[2], d[3])),
        _ => None,
    };
    let ends: &[&str] = &["\n", "\r\n", "\r", "\n\n", " \n", "\n  ", "\r\r\n"];
    let mut text = digit_lines(17, 30_000, (89, odd), (11, ends));
    text.push_str("1 2 3 4");
    let (slow, slow_end) = numbers_one_by_one(text.as_bytes());
    for (chunk, run) in [(BLOCK, usize::MAX), (BLOCK, 3), (1, usize::MAX), (7, 2), (4093, usize::MAX)] {
        let (fields, end, fast) = read_in_runs(text.as_bytes(), chunk, run);
        assert_eq!(fields.len(), slow.len(), "{chunk} bytes a read, runs of {run}");
        for (i, (&(value, position), &(slow_value, slow_position))) in fields.iter().zip(&slow).enumerate() {
            assert_eq!(value, slow_value, "field {i}, {chunk} bytes a read, runs of {run}");
            if let Some(position) = position {
                assert_eq!(position, slow_position, "field {i}, {chunk} bytes a read, runs of {run}");
            }
        }
        assert_eq!(end, slow_end);
        if chunk > 100 {
            assert!(fast > 20_000, "{fast} lines taken in runs");
        }
    }
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
    let (slow, slow_end) = numbers_one_by_one(text.as_bytes());
    for (chunk, run) in [(BLOCK, usize::MAX), (BLOCK, 3), (1, usize::MAX), (7, 2), (4093, usize::MAX)] {
        let mut scanner = Scanner::new(InPieces::new(text.as_bytes(), chunk));
        let (mut fields, mut fast) = (Vec::new(), 0);
        loop {
            let mut lines = Vec::new();
            let taken = scanner.take_spaced_digit_lines::<4>(run, |digits| {
                let take = digits[0] != 7;
                if take {
                    lines.push(digits);
                }
                take
            });
            assert_eq!(taken, lines.len());
            assert!(taken <= run);
            if taken > 0 {
                fast += taken;
                fields.extend(lines.concat().into_iter().map(|digit| (u64::from(digit), None)));
                // The last digit taken ends where the scanner says.
                fields.last_mut().unwrap().1 = Some(scanner.position());
                let line_end = scanner.line_end();
                assert!(scanner.next_in_line().unwrap().is_none(), "the line is consumed");
                assert_eq!(scanner.line_end(), line_end);
                continue;
            }
            let Some(first) = scanner.next_token().unwrap() else { break };
            fields.push((first.integer().unwrap() as u64, None));
            while let Some(field) = scanner.next_in_line().unwrap() {
                fields.push((field.integer().unwrap() as u64, None));
            }
        }
        assert_eq!(fields.len(), slow.len(), "{chunk} bytes a read, runs of {run}");
        for (i, (&(value, after), &(slow_value, slow_position))) in fields.iter().zip(&slow).enumerate() {
            assert_eq!(value, slow_value, "field {i}, {chunk} bytes a read, runs of {run}");
            if let Some(after) = after {
                let expected = TextPosition::new(slow_position.line, slow_position.column + 1);
                assert_eq!(after, expected, "field {i}, {chunk} bytes a read, runs of {run}");
            }
        }
        assert_eq!(scanner.position(), slow_end);
        if chunk > 100 {
            assert!(fast > 15_000, "{fast} lines taken at once");
        }
    }
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
