//! How the tools draw pictures: `--style` and `--color`, decided by whether
//! standard output is a terminal.

use std::sync::atomic::{AtomicBool, Ordering};

use board_geometry::render::{Glyphs, TextStyle};
use clap::{Args, ValueEnum};

/// Whether the binary's standard output is a terminal; false for in-memory runs (tests, fixtures).
static STDOUT_IS_TERMINAL: AtomicBool = AtomicBool::new(false);

/// Records whether the binary's standard output is a terminal: pictures are
/// then drawn in Chinese characters and coloured unless asked otherwise.
pub(crate) fn set_stdout_terminal(terminal: bool) {
    STDOUT_IS_TERMINAL.store(terminal, Ordering::Relaxed);
}

/// Whether the binary's standard output is a terminal (false for in-memory runs).
pub(crate) fn stdout_is_terminal() -> bool {
    STDOUT_IS_TERMINAL.load(Ordering::Relaxed)
}

/// `--style`: the characters pictures are drawn with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum StyleArg {
    /// Pieces as Chinese characters on Unicode box lines (needs a font with CJK characters)
    Chinese,
    /// Pieces as letters on ASCII lines, readable anywhere
    Ascii,
}

/// `--color`: when pictures are coloured.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorArg {
    /// When standard output is a terminal and NO_COLOR is not set
    #[default]
    Auto,
    /// Always, with ANSI escapes (for `less -R`)
    Always,
    /// Never
    Never,
}

/// The options of every command that draws a picture in text.
#[derive(Clone, Debug, Args)]
pub(crate) struct StyleArgs {
    /// Draw pictures in STYLE: `chinese` (the pieces' characters on box lines) or
    /// `ascii` (letters: red upper case, black lower case). Default: chinese when
    /// standard output is a terminal, ascii otherwise, so that files, pipes and
    /// scripts keep getting plain ASCII. Where a command rules a game (`play`),
    /// an explicit `--style chinese` also writes the ruling in Chinese, as the
    /// rule books word it (长将, 长捉, 一将一捉, 闲着; JSON: `"text_zh"`).
    #[arg(long, value_enum, value_name = "STYLE")]
    style: Option<StyleArg>,
    /// Colour the Chinese pictures: auto (when standard output is a terminal and
    /// the NO_COLOR environment variable is empty or unset), always, or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto)]
    color: ColorArg,
}

impl StyleArgs {
    /// Whether `--style chinese` was given: rulings are then written in
    /// Chinese sentences too (not by default on a terminal, where only the
    /// pictures turn Chinese).
    pub(crate) fn chinese_words(&self) -> bool {
        self.style == Some(StyleArg::Chinese)
    }

    /// The style the options ask for, given where standard output goes.
    pub(crate) fn text_style(&self) -> TextStyle {
        let terminal = STDOUT_IS_TERMINAL.load(Ordering::Relaxed);
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        resolve(self.style, self.color, terminal, no_color)
    }
}

/// The style for `style` and `color` when standard output is (or is not) a
/// terminal and `NO_COLOR` is (or is not) set.
fn resolve(style: Option<StyleArg>, color: ColorArg, terminal: bool, no_color: bool) -> TextStyle {
    let glyphs = match style {
        Some(StyleArg::Chinese) => Glyphs::Chinese,
        Some(StyleArg::Ascii) => Glyphs::Ascii,
        None if terminal => Glyphs::Chinese,
        None => Glyphs::Ascii,
    };
    let color = glyphs == Glyphs::Chinese
        && match color {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => terminal && !no_color,
        };
    TextStyle { glyphs, color }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_and_colour_on_a_terminal_ascii_elsewhere() {
        let chinese = |color| TextStyle::chinese(color);
        assert_eq!(resolve(None, ColorArg::Auto, true, false), chinese(true));
        assert_eq!(resolve(None, ColorArg::Auto, true, true), chinese(false), "NO_COLOR");
        assert_eq!(resolve(None, ColorArg::Auto, false, false), TextStyle::ASCII);
        assert_eq!(
            resolve(None, ColorArg::Always, false, false),
            TextStyle::ASCII,
            "ascii is never coloured"
        );
        assert_eq!(resolve(Some(StyleArg::Chinese), ColorArg::Auto, false, false), chinese(false));
        assert_eq!(resolve(Some(StyleArg::Chinese), ColorArg::Always, false, true), chinese(true));
        assert_eq!(resolve(Some(StyleArg::Chinese), ColorArg::Never, true, false), chinese(false));
        assert_eq!(resolve(Some(StyleArg::Ascii), ColorArg::Auto, true, false), TextStyle::ASCII);
    }
}
