//! What a record's text holds that is read all the same, though not as the
//! format has it: said, with its place, rather than refused or passed over.

use core::fmt;

use crate::record::ReadError;

/// Something in a record's text that was read leniently, or skipped, and
/// where: see [`PgnGames::take_warnings`](crate::record::PgnGames::take_warnings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordWarning {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counting characters.
    pub column: usize,
    /// What was read leniently or skipped.
    pub kind: RecordWarningKind,
}

/// What was read leniently or skipped in a record's text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordWarningKind {
    /// A `"` inside a tag's value that is not escaped as `\"` (`[Event "the
    /// "Spring" cup"]`): read as part of the value, since only a quote
    /// followed by `]` closes it.
    UnescapedQuote {
        /// The tag's name.
        tag: String,
    },
    /// A `FEN` tag written as other tools write FENs (`r` for red, no side
    /// to move, no counters, move number 0), read as the usual FEN.
    UnusualFen {
        /// The tag's value.
        fen: String,
        /// The FEN it is read as.
        read_as: String,
    },
    /// Text where a game could begin that holds no tag and no word that is a
    /// move in any notation: the footer that xqbase-style files end with (a
    /// line of `=`, the site's name, its address), a README, a script, a web
    /// page that loads its record from elsewhere. Skipped, to a result, to a
    /// tag after it, or to the end of the text.
    NotAGame {
        /// Its first word, cut to forty characters.
        first_word: String,
        /// How many words it holds.
        words: usize,
        /// The line of its last word.
        last_line: usize,
    },
}

impl fmt::Display for RecordWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordWarningKind::UnescapedQuote { tag } => write!(
                f,
                "the value of tag {tag} holds a quote (\") that is not escaped as \\\": read as part of the value"
            ),
            RecordWarningKind::UnusualFen { fen, read_as } => {
                write!(f, "the FEN '{fen}' is not written as FENs are: read as '{read_as}'")
            }
            RecordWarningKind::NotAGame { first_word, words, last_line } => {
                write!(f, "skipped '{first_word}'")?;
                match words - 1 {
                    0 => {}
                    1 => write!(f, " and 1 more word")?,
                    more => write!(f, " and {more} more words")?,
                }
                write!(f, " (to line {last_line}): not a game, with no tag and no move in any notation")
            }
        }
    }
}

/// A variation read only up to a move that cannot be played there (or
/// names no move): the moves of it before that one are kept, the rest of
/// it (and the variations branching from that rest) left out, and the
/// game is read whole all the same. A broken main line is no cut variation
/// but the game's [`BrokenRecord`](crate::record::BrokenRecord) error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutVariation {
    /// The game's index in [`RecordFile::games`](crate::record::RecordFile::games), from 0.
    pub game: usize,
    /// The bad move: what is wrong with it and where it stands.
    pub error: ReadError,
}

impl fmt::Display for CutVariation {
    /// `xqf, byte 1380 (0x564): variation cut at its bad move: ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(format) = self.error.format {
            write!(f, "{format}, ")?;
        }
        write!(
            f,
            "{}: a variation is cut at its bad move, the rest of it left out: {}",
            self.error.at, self.error.kind
        )
    }
}

impl fmt::Display for RecordWarning {
    /// `line 3, column 14: ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_say_where_and_what() {
        let quote = RecordWarning {
            line: 1,
            column: 13,
            kind: RecordWarningKind::UnescapedQuote { tag: "Event".into() },
        };
        assert_eq!(
            quote.to_string(),
            "line 1, column 13: the value of tag Event holds a quote (\") that is not escaped as \\\": \
             read as part of the value"
        );
        let footer = |words| RecordWarningKind::NotAGame { first_word: "=====".into(), words, last_line: 9 };
        assert_eq!(
            footer(1).to_string(),
            "skipped '=====' (to line 9): not a game, with no tag and no move in any notation"
        );
        assert!(footer(2).to_string().starts_with("skipped '=====' and 1 more word (to line 9)"));
        assert!(footer(4).to_string().starts_with("skipped '=====' and 3 more words (to line 9)"));
    }
}
