//! The same judge input laid out as judges' own data often is: `\r\n` line
//! ends, tabs and runs of spaces between the numbers, spaces and tabs at
//! either end of a line, blank lines (of whitespace too) between lines. The
//! table times every judge on its input written plainly and so.

use board_geometry::random::Random;

/// How a task's statement lets its input be laid out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Token by token, line breaks meaning nothing (checkmate): a line may
    /// be broken between any two tokens.
    Tokens,
    /// A line per record, its tokens kept on it (kq, duck): separators are
    /// chosen token by token.
    Lines,
    /// A line per board row (horse), whose separator is chosen for the
    /// whole line, as a judge's writer would.
    Rows,
}

/// What separates two tokens of a line.
const SEPARATORS: [&str; 7] = [" ", "  ", "\t", " \t", "\t\t", "   ", "\t "];
/// What a line may start or end with.
const EDGES: [&str; 7] = ["", "", "", " ", "\t", "  ", " \t"];
/// A blank line put in now and then.
const BLANK_LINES: [&str; 4] = ["\r\n", " \r\n", "\t\r\n", "  \t \r\n"];
/// A line break put between two tokens of a `Tokens` input.
const BREAKS: [&str; 4] = ["\r\n", " \r\n", "\r\n\r\n", "\t\r\n \t"];

/// `plain` (whitespace-separated tokens, a record a line) laid out anew,
/// the same tokens in the same order and, unless `reading` is `Tokens`, on
/// the same lines; the same `seed` gives the same text.
#[must_use]
pub fn varied(plain: &[u8], reading: Reading, seed: u64) -> Vec<u8> {
    let mut random = Random::new(seed);
    let mut out = Vec::with_capacity(plain.len() * 8 / 5);
    let pick = |random: &mut Random, items: &[&str], out: &mut Vec<u8>| {
        out.extend_from_slice(items[random.index(items.len())].as_bytes());
    };
    for line in plain.split(|&byte| byte == b'\n') {
        let tokens: Vec<&[u8]> =
            line.split(u8::is_ascii_whitespace).filter(|token| !token.is_empty()).collect();
        if tokens.is_empty() {
            if !line.is_empty() || !out.is_empty() {
                pick(&mut random, &BLANK_LINES, &mut out);
            }
            continue;
        }
        if random.chance(0.05) {
            pick(&mut random, &BLANK_LINES, &mut out);
        }
        pick(&mut random, &EDGES, &mut out);
        let line_separator = SEPARATORS[random.index(SEPARATORS.len())];
        for (index, token) in tokens.iter().enumerate() {
            if index > 0 {
                match reading {
                    Reading::Rows => out.extend_from_slice(line_separator.as_bytes()),
                    Reading::Tokens if random.chance(0.05) => pick(&mut random, &BREAKS, &mut out),
                    Reading::Tokens | Reading::Lines => pick(&mut random, &SEPARATORS, &mut out),
                }
            }
            out.extend_from_slice(token);
        }
        pick(&mut random, &EDGES, &mut out);
        out.extend_from_slice(b"\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &[u8]) -> Vec<&[u8]> {
        text.split(u8::is_ascii_whitespace).filter(|token| !token.is_empty()).collect()
    }

    fn lines(text: &[u8]) -> Vec<Vec<&[u8]>> {
        text.split(|&byte| byte == b'\n').map(tokens).filter(|line| !line.is_empty()).collect()
    }

    #[test]
    fn the_tokens_stay_and_lines_stay_whole_unless_read_token_by_token() {
        let plain = b"2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nG 8 5\nR 1 1\nH 3 3\n0 0 0\n".repeat(50);
        for reading in [Reading::Tokens, Reading::Lines, Reading::Rows] {
            let text = varied(&plain, reading, 7);
            assert_eq!(tokens(&text), tokens(&plain), "{reading:?}");
            assert!(text.windows(2).filter(|pair| pair == b"\r\n").count() >= 400);
            assert!(text.contains(&b'\t'));
            if reading != Reading::Tokens {
                assert_eq!(lines(&text), lines(&plain), "{reading:?}");
            } else {
                assert_ne!(lines(&text), lines(&plain));
            }
            assert_eq!(varied(&plain, reading, 7), text, "the same seed, the same text");
        }
        // A row's separator is the same between every two of its numbers.
        let rows = varied(&b"0 0 0 0 0 0 0 0 0\n".repeat(100), Reading::Rows, 8);
        for line in rows.split(|&byte| byte == b'\n') {
            let inner = String::from_utf8_lossy(line);
            let parts: Vec<&str> = inner.trim().split('0').filter(|part| !part.is_empty()).collect();
            assert!(parts.windows(2).all(|pair| pair[0] == pair[1]), "{inner:?}");
        }
    }
}
