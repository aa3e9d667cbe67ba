//! Structured mutations of valid inputs: the ways real files go wrong.

use board_geometry::random::Random;

/// A mutated input and the byte offset where the first change is.
pub(crate) struct Mutated {
    pub(crate) bytes: Vec<u8>,
    pub(crate) first_change: usize,
}

/// Whitespace-separated tokens of `text` with their byte ranges.
fn tokens(text: &[u8]) -> Vec<(usize, usize)> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < text.len() {
        while i < text.len() && text[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while i < text.len() && !text[i].is_ascii_whitespace() {
            i += 1;
        }
        if i > start {
            tokens.push((start, i));
        }
    }
    tokens
}

/// Replacements for a token: numbers far out of range, negative, words,
/// nothing at all, bytes that are not text.
const REPLACEMENTS: &[&[u8]] = &[
    b"99999999999999999999999",
    b"9223372036854775808",
    b"-1",
    b"-9223372036854775808",
    b"0",
    b"+0",
    b"007",
    b"x",
    b"G",
    b"R",
    b"12",
    b"1.5",
    b"\xff\xfe",
    b"\0",
    b"\xef\xbb\xbf",
    b"\r",
];

/// One mutation of `text`, chosen at random.
pub(crate) fn mutate(text: &[u8], random: &mut Random) -> Mutated {
    let tokens = tokens(text);
    let mut bytes = text.to_vec();
    let pick = |random: &mut Random| tokens.get(random.index(tokens.len())).copied();
    let first_change = match random.below(9) {
        // A token dropped.
        0 => match pick(random) {
            Some((start, end)) => {
                bytes.drain(start..end);
                start
            }
            None => 0,
        },
        // A token duplicated.
        1 => match pick(random) {
            Some((start, end)) => {
                let copy: Vec<u8> = [&text[start..end], b" "].concat();
                bytes.splice(start..start, copy);
                start
            }
            None => 0,
        },
        // A token replaced.
        2 | 3 => match pick(random) {
            Some((start, end)) => {
                let replacement = REPLACEMENTS[random.index(REPLACEMENTS.len())];
                bytes.splice(start..end, replacement.iter().copied());
                start
            }
            None => 0,
        },
        // A line cut short.
        4 => {
            let lines: Vec<usize> =
                text.iter().enumerate().filter(|&(_, &b)| b == b'\n').map(|(i, _)| i).collect();
            match lines.get(random.index(lines.len())) {
                Some(&newline) => {
                    let cut = newline.saturating_sub(random.index(4) + 1);
                    bytes.drain(cut..newline);
                    cut
                }
                None => 0,
            }
        }
        // A line lengthened.
        5 => {
            let at = text.iter().position(|&b| b == b'\n').unwrap_or(text.len());
            let extra: &[u8] = [&b" 0"[..], b" 5 5", b" 1 2 3 4 5 6 7 8 9", b" R 1 1"][random.index(4)];
            bytes.splice(at..at, extra.iter().copied());
            at
        }
        // The input cut short anywhere.
        6 => {
            let cut = random.index(text.len() + 1);
            bytes.truncate(cut);
            cut
        }
        // A random byte changed, inserted or removed.
        _ => {
            let at = random.index(text.len() + 1);
            let byte = [b' ', b'\n', b'\r', b'\t', b'0', b'9', b'-', b'x', 0xff][random.index(9)];
            match (random.below(3), at < bytes.len()) {
                (0, true) => bytes[at] = byte,
                (1, true) => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, byte),
            }
            at
        }
    };
    Mutated { bytes, first_change }
}

/// Random bytes, mostly from the alphabet of judge formats.
pub(crate) fn noise(random: &mut Random) -> Vec<u8> {
    const ALPHABET: &[u8] = b"0123456789 \n\r\t-+GRHCxX/.,abcdefghi";
    let len = random.index(200);
    (0..len)
        .map(|_| {
            if random.chance(0.05) { random.below(256) as u8 } else { ALPHABET[random.index(ALPHABET.len())] }
        })
        .collect()
}
