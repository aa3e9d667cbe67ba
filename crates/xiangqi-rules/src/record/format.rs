//! The record formats this crate reads, by name.

use core::fmt;
use core::str::FromStr;

use board_geometry::{Named, ParseNameError};

/// A game-record format.
///
/// `name()` is the short name the command line and JSON output use; `FromStr`
/// reads it back (in any case), along with the usual file extensions
/// (`cbl` is its own format; `ubb` reads as [`Format::DhtmlXq`], whose text it is).
///
/// ```
/// use xiangqi_rules::record::Format;
///
/// assert_eq!(Format::DhtmlXq.name(), "dhtmlxq");
/// assert_eq!("XQF".parse::<Format>(), Ok(Format::Xqf));
/// assert_eq!("ubb".parse::<Format>(), Ok(Format::DhtmlXq));
/// assert_eq!(Format::Cbl.to_string(), "cbl");
/// assert!("docx".parse::<Format>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Format {
    /// PGN-style text: tags, numbered moves, a result (see the [module docs](crate::record)).
    Pgn,
    /// XQF, XQStudio's binary record (`.xqf`), plain or encrypted.
    Xqf,
    /// CBR, one game as CChessBoard (象棋桥) writes it (`.cbr`).
    Cbr,
    /// CBL, a library of many games (`.cbl`): CBR records, or in
    /// CChessBoard 2.1's older layout, one compressed stream.
    Cbl,
    /// CBF, CChessBoard's XML record (`.cbf`).
    Cbf,
    /// DhtmlXQ, the tagged text that web pages embed (`[DhtmlXQ_movelist]...`);
    /// UBB forum posts carry the same text.
    DhtmlXq,
}

impl Format {
    /// Every format, in the order of this enum.
    pub const ALL: [Format; 6] =
        [Format::Pgn, Format::Xqf, Format::Cbr, Format::Cbl, Format::Cbf, Format::DhtmlXq];

    /// The format's short name: `pgn`, `xqf`, `cbr`, `cbl`, `cbf` or `dhtmlxq`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Xqf => "xqf",
            Format::Cbr => "cbr",
            Format::Cbl => "cbl",
            Format::Cbf => "cbf",
            Format::DhtmlXq => "dhtmlxq",
        }
    }

    /// Whether the format holds one game per file (XQF, CBR, CBF); PGN,
    /// DhtmlXQ text and CBL libraries may hold many.
    #[must_use]
    pub const fn is_single_game(self) -> bool {
        matches!(self, Format::Xqf | Format::Cbr | Format::Cbf)
    }

    /// Whether the format is binary (XQF, CBR, CBL): its errors name byte
    /// offsets; the others are text, whose errors name lines and columns.
    #[must_use]
    pub const fn is_binary(self) -> bool {
        matches!(self, Format::Xqf | Format::Cbr | Format::Cbl)
    }
}

impl Named for Format {
    const WHAT: &'static str = "a record format";
    const ALL: &'static [Format] = &Format::ALL;

    fn name(self) -> &'static str {
        Format::name(self)
    }
}

impl fmt::Display for Format {
    /// Writes [`Format::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names no record format ([`Format`]'s `FromStr`).
pub type ParseFormatError = ParseNameError<Format>;

// By hand, not `impl_named!`: a format's name is read in any case, after a
// leading dot (an extension), and `ubb` as well.
impl FromStr for Format {
    type Err = ParseFormatError;

    fn from_str(text: &str) -> Result<Format, ParseFormatError> {
        let name = text.trim().trim_start_matches('.').to_ascii_lowercase();
        if name == "ubb" {
            return Ok(Format::DhtmlXq);
        }
        // Text that names no format as it is folded names none as given
        // either (names are lower case, without dots or spaces), and that
        // error quotes the text as given.
        Format::from_name(&name).or_else(|_| Format::from_name(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_nothing_else_does() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
            assert_eq!(format.name().to_uppercase().parse::<Format>(), Ok(format));
            assert_eq!(format.to_string(), format.name());
        }
        assert_eq!(".xqf".parse::<Format>(), Ok(Format::Xqf));
        assert_eq!(
            "doc".parse::<Format>().unwrap_err().to_string(),
            "'doc' is not a record format: use pgn, xqf, cbr, cbl, cbf or dhtmlxq"
        );
        // The error quotes the text as given, not as folded.
        assert_eq!(" .DOCX".parse::<Format>().unwrap_err().text(), " .DOCX");
        let single: Vec<Format> = Format::ALL.into_iter().filter(|format| format.is_single_game()).collect();
        assert_eq!(single, [Format::Xqf, Format::Cbr, Format::Cbf]);
        let binary: Vec<Format> = Format::ALL.into_iter().filter(|format| format.is_binary()).collect();
        assert_eq!(binary, [Format::Xqf, Format::Cbr, Format::Cbl]);
    }
}
