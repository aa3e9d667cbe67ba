//! How a text picture looks: its characters, its colours, and the width of what it writes.

/// Which characters a text picture is drawn with.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Glyphs {
    /// Pieces as letters on ASCII lines (`R---N`, `|`): readable on any terminal and in any
    /// file, and what snapshots hold.
    #[default]
    Ascii,
    /// Pieces as Chinese characters (two columns wide) on Unicode box lines.
    Chinese,
}

/// How a text picture is drawn: its characters, and whether it is coloured with ANSI escapes.
///
/// Colour is only drawn with [`Glyphs::Chinese`]; the ASCII pictures stay as they always were.
///
/// ```
/// use board_geometry::render::{Glyphs, TextStyle};
///
/// assert_eq!(TextStyle::default(), TextStyle::ASCII);
/// assert_eq!(TextStyle::chinese(true).glyphs, Glyphs::Chinese);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextStyle {
    /// The characters.
    pub glyphs: Glyphs,
    /// Whether pieces, marks and lines are coloured (ANSI escapes, for terminals).
    pub color: bool,
}

impl TextStyle {
    /// Letters on ASCII lines, no colour.
    pub const ASCII: TextStyle = TextStyle { glyphs: Glyphs::Ascii, color: false };

    /// Chinese characters on box lines, coloured or not.
    #[must_use]
    pub const fn chinese(color: bool) -> TextStyle {
        TextStyle { glyphs: Glyphs::Chinese, color }
    }
}

/// The colour something is drawn in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    /// Red pieces.
    Red,
    /// Black pieces: bold in the terminal's own text colour, so they show on dark and light backgrounds alike.
    Black,
    /// Blue pieces.
    Blue,
    /// Marked points.
    Green,
    /// The lines of the board.
    Board,
}

impl Ink {
    /// The ANSI escape that starts the colour.
    #[must_use]
    pub const fn ansi(self) -> &'static str {
        match self {
            Ink::Red => "\x1b[1;31m",
            Ink::Black => "\x1b[1m",
            Ink::Blue => "\x1b[1;34m",
            Ink::Green => "\x1b[1;32m",
            Ink::Board => "\x1b[33m",
        }
    }
}

/// The ANSI escape that ends a colour.
pub const ANSI_RESET: &str = "\x1b[0m";

/// Appends `text` to `out` in `ink` when `color` is set, plainly otherwise.
pub fn paint(out: &mut String, text: &str, ink: Ink, color: bool) {
    if color {
        out.push_str(ink.ansi());
        out.push_str(text);
        out.push_str(ANSI_RESET);
    } else {
        out.push_str(text);
    }
}

/// How many terminal columns `c` takes: two for the East Asian wide and
/// full-width characters (CJK ideographs, kana, hangul, full-width forms),
/// one for everything else a picture writes (ASCII, box drawing).
#[must_use]
pub const fn char_width(c: char) -> usize {
    match c as u32 {
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}

/// How many terminal columns `text` takes (see [`char_width`]); ANSI colour escapes take none.
///
/// ```
/// use board_geometry::render::display_width;
///
/// assert_eq!(display_width("R--"), 3);
/// assert_eq!(display_width("俥──傌"), 6);
/// assert_eq!(display_width("\x1b[1;31m帥\x1b[0m"), 2);
/// ```
#[must_use]
pub fn display_width(text: &str) -> usize {
    let mut width = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // An escape runs to its final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            width += char_width(c);
        }
    }
    width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_of_what_pictures_write() {
        for c in "帥仕相傌俥炮兵將士象馬車砲卒王鸭鴨楚河漢界九一＊１".chars() {
            assert_eq!(char_width(c), 2, "{c}");
        }
        for c in "a0+-|─│┼┌┐└┘├┤┬┴╲╱ ".chars() {
            assert_eq!(char_width(c), 1, "{c}");
        }
        let mut text = String::new();
        paint(&mut text, "車", Ink::Black, true);
        assert_eq!(text, "\x1b[1m車\x1b[0m");
        assert_eq!(display_width(&text), 2);
        let mut plain = String::new();
        paint(&mut plain, "車", Ink::Black, false);
        assert_eq!(plain, "車");
    }
}
