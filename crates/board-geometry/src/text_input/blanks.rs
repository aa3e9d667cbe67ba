//! Counting whitespace, line ends and blanks eight bytes at a time, and
//! the class of every byte.

/// How many line ends `text` holds: every `\r`, and every `\n` but one that
/// completes a `\r\n` (`after_cr`: whether the byte before `text` is a `\r`).
pub(crate) fn count_line_ends(text: &[u8], after_cr: bool) -> u64 {
    // In pieces whose counts fit in a byte, so that the loops run on vectors of bytes.
    const PIECE: usize = 255;
    let (mut line_feeds, mut carriage_returns) = (0, 0);
    for piece in text.chunks(PIECE) {
        let (feeds, returns) = piece.iter().fold((0u8, 0u8), |(feeds, returns), &byte| {
            (feeds + u8::from(byte == b'\n'), returns + u8::from(byte == b'\r'))
        });
        line_feeds += u64::from(feeds);
        carriage_returns += u64::from(returns);
    }
    let mut pairs = u64::from(after_cr && text.first() == Some(&b'\n'));
    if carriage_returns == 0 {
        return line_feeds - pairs;
    }
    let followers = text.get(1..).unwrap_or_default();
    for (firsts, seconds) in text.chunks(PIECE).zip(followers.chunks(PIECE)) {
        let count = firsts
            .iter()
            .zip(seconds)
            .fold(0u8, |count, (&first, &second)| count + u8::from(first == b'\r' && second == b'\n'));
        pairs += u64::from(count);
    }
    carriage_returns + line_feeds - pairs
}

/// How many bytes at the start of `text` are whitespace, as
/// [`u8::is_ascii_whitespace`] says (spaces, tabs, line ends, form feeds):
/// for a format's fast way through its tokens, whatever separates them.
///
/// The bytes are looked at eight at a time, the same few instructions for
/// a run of one byte or of seven, so that input whose runs of whitespace
/// vary (a space here, a tab and a `\r\n` there) costs no mispredicted
/// branch per run, as a loop over the bytes would.
///
/// ```
/// use board_geometry::text_input::leading_whitespace;
///
/// assert_eq!(leading_whitespace(b" \t\r\n 12 3"), 5);
/// assert_eq!(leading_whitespace(b"12 3"), 0);
/// assert_eq!(leading_whitespace(b"\n\n"), 2);
/// assert_eq!(leading_whitespace(&[b' '; 20]), 20);
/// ```
#[inline]
#[must_use]
pub fn leading_whitespace(text: &[u8]) -> usize {
    leading_bytes::<true>(text)
}

/// How many bytes at the start of `text` are spaces and tabs, the
/// whitespace within a line: [`leading_whitespace`] that stops at a line
/// end, for formats whose lines matter.
///
/// ```
/// use board_geometry::text_input::leading_blanks;
///
/// assert_eq!(leading_blanks(b" \t 12"), 3);
/// assert_eq!(leading_blanks(b"  \r\n3"), 2);
/// assert_eq!(leading_blanks(b"12"), 0);
/// ```
#[inline]
#[must_use]
pub fn leading_blanks(text: &[u8]) -> usize {
    leading_bytes::<false>(text)
}

/// How many bytes at the start of `text` are whitespace (with
/// `LINE_ENDS`) or spaces and tabs.
#[inline(always)]
pub(crate) fn leading_bytes<const LINE_ENDS: bool>(text: &[u8]) -> usize {
    if let Some(bytes) = text.first_chunk::<8>() {
        let others = (!marked::<LINE_ENDS>(u64::from_le_bytes(*bytes)) & BYTE_TOPS).trailing_zeros() / 8;
        if others < 8 {
            return others as usize;
        }
    }
    long_leading_bytes::<LINE_ENDS>(text)
}

/// The top bit of each byte of `word` (eight bytes of text, little-endian)
/// that [`leading_bytes`] counts.
#[inline(always)]
pub(crate) const fn marked<const LINE_ENDS: bool>(word: u64) -> u64 {
    if LINE_ENDS { whitespace_bytes(word) } else { blank_bytes(word) }
}

/// [`leading_bytes`] of a run of eight bytes or more, or of a text shorter than that.
#[cold]
pub(crate) fn long_leading_bytes<const LINE_ENDS: bool>(text: &[u8]) -> usize {
    let mut counted = 0;
    while let Some(bytes) = text.get(counted..).and_then(<[u8]>::first_chunk::<8>) {
        let others = (!marked::<LINE_ENDS>(u64::from_le_bytes(*bytes)) & BYTE_TOPS).trailing_zeros() / 8;
        counted += others as usize;
        if others < 8 {
            return counted;
        }
    }
    let counts =
        |byte: &u8| if LINE_ENDS { byte.is_ascii_whitespace() } else { matches!(byte, b' ' | b'\t') };
    counted + text[counted..].iter().take_while(|byte| counts(byte)).count()
}

/// The top bit of each byte of a word (little-endian, eight bytes of text).
pub(crate) const BYTE_TOPS: u64 = 0x8080_8080_8080_8080;

/// One in each byte of a word.
pub(crate) const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// The top bit of each byte of `word` that is zero, exactly (no borrow
/// between bytes).
#[inline(always)]
pub(crate) const fn zero_bytes(word: u64) -> u64 {
    !((((word & (BYTE_ONES * 0x7f)) + BYTE_ONES * 0x7f) | word) & BYTE_TOPS) & BYTE_TOPS
}

/// The top bit of each byte of `word` (eight bytes of text) that is ASCII
/// whitespace: a space, or a byte from `\t` to `\r` but 0x0b.
#[inline(always)]
pub(crate) const fn whitespace_bytes(word: u64) -> u64 {
    // Bytes below 0x80, without their top bit, gain it from 9 on, and keep
    // it from 14 on: those from 9 to 13.
    let low = word & (BYTE_ONES * 0x7f);
    let from_tab = low + BYTE_ONES * (0x80 - 0x09);
    let from_after_return = low + BYTE_ONES * (0x80 - 0x0e);
    let tab_to_return = from_tab & !from_after_return & !word & BYTE_TOPS;
    (tab_to_return & !zero_bytes(word ^ (BYTE_ONES * 0x0b))) | zero_bytes(word ^ (BYTE_ONES * b' ' as u64))
}

/// The top bit of each byte of `word` (eight bytes of text) that is a space or a tab.
#[inline(always)]
pub(crate) const fn blank_bytes(word: u64) -> u64 {
    zero_bytes(word ^ (BYTE_ONES * b' ' as u64)) | zero_bytes(word ^ (BYTE_ONES * b'\t' as u64))
}

/// The classes of bytes: whitespace within a line, a line end, anything else.
pub(crate) const SPACE: u8 = 0;
pub(crate) const LINE_END: u8 = 1;
pub(crate) const FIELD: u8 = 2;

/// The class of every byte.
pub(crate) static CLASS: [u8; 256] = {
    let mut class = [FIELD; 256];
    class[b' ' as usize] = SPACE;
    class[b'\t' as usize] = SPACE;
    class[0x0c] = SPACE;
    class[b'\n' as usize] = LINE_END;
    class[b'\r' as usize] = LINE_END;
    class
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leading_whitespace_and_blanks_are_counted_as_byte_by_byte() {
        let by_bytes = |text: &[u8]| text.iter().take_while(|byte| byte.is_ascii_whitespace()).count();
        // Every byte after every run of whitespace, at every place of a word.
        for run in 0..20 {
            for byte in 0..=255u8 {
                let mut text = vec![b' '; run];
                text.extend([byte, b'1', b' ', b'2', b' ', b'3', b' ', b'4', b' ', b'5']);
                assert_eq!(leading_whitespace(&text), by_bytes(&text), "{text:?}");
                text.truncate(run + 1);
                assert_eq!(leading_whitespace(&text), by_bytes(&text), "{text:?}");
            }
        }
        // Every mix of the bytes near the whitespace ones.
        let few = [b'\t', b'\n', 0x0b, 0x0c, b'\r', b' ', 0x08, 0x0e, b'!', 0x89, 0xa0, b'0'];
        let mut text = [0; 9];
        for mut mix in 0..few.len().pow(6) {
            for byte in &mut text[..6] {
                *byte = few[mix % few.len()];
                mix /= few.len();
            }
            text[6..].copy_from_slice(b"\t\r\n");
            for length in [6, 8, 9] {
                assert_eq!(leading_whitespace(&text[..length]), by_bytes(&text[..length]), "{text:?}");
            }
        }
        assert_eq!(leading_whitespace(b""), 0);
        // Spaces and tabs alone the same way.
        let by_bytes = |text: &[u8]| text.iter().take_while(|&&byte| byte == b' ' || byte == b'\t').count();
        for run in 0..20 {
            for byte in 0..=255u8 {
                let mut text: Vec<u8> = (0..run).map(|index| [b' ', b'\t'][index % 2]).collect();
                text.extend([byte, b'1', b' ', b'2', b' ', b'3', b' ', b'4', b' ', b'5']);
                assert_eq!(leading_blanks(&text), by_bytes(&text), "{text:?}");
                text.truncate(run + 1);
                assert_eq!(leading_blanks(&text), by_bytes(&text), "{text:?}");
            }
        }
    }

    #[test]
    fn line_ends_are_counted_alike_a_vector_at_a_time() {
        let naive = |text: &[u8], mut after_cr: bool| {
            let mut line_ends = 0;
            for &byte in text {
                line_ends += u64::from(byte == b'\r' || byte == b'\n' && !after_cr);
                after_cr = byte == b'\r';
            }
            line_ends
        };
        let mut random = crate::random::Random::new(255);
        for len in [0, 1, 2, 254, 255, 256, 509, 510, 511, 2000] {
            for _ in 0..50 {
                let text: Vec<u8> = (0..len).map(|_| *random.pick(b"\r\n\r\nx ").unwrap()).collect();
                for after_cr in [false, true] {
                    assert_eq!(count_line_ends(&text, after_cr), naive(&text, after_cr), "{text:?}");
                }
            }
        }
    }
}
