//! Moves as people write them, read and written against a position: ICCS
//! (`h2e2`), engine coordinates (`h3e3`), WXF (`C2.5`) and Chinese (`炮二平五`).
//!
//! ```
//! use xiangqi_rules::Position;
//! use xiangqi_rules::notation::Notation;
//!
//! // Red's central cannon, the most common first move, in all four notations.
//! let start = Position::start();
//! let central_cannon = Notation::Iccs.parse(&start, "h2e2")?;
//! assert_eq!(Notation::Engine.write(&start, central_cannon)?, "h3e3");
//! assert_eq!(Notation::Wxf.write(&start, central_cannon)?, "C2.5");
//! assert_eq!(Notation::Chinese.write(&start, central_cannon)?, "炮二平五");
//!
//! // Reading is lenient, and can find out the notation by itself.
//! assert_eq!(Notation::Wxf.parse(&start, "c2=5")?, central_cannon);
//! assert_eq!(Notation::parse_any(&start, "炮二平五")?, central_cannon);
//! assert_eq!(Notation::detect("C2.5"), Some(Notation::Wxf));
//!
//! // Errors say what the text names and why it is not a move.
//! let error = Notation::Wxf.parse(&start, "R2+1").unwrap_err();
//! assert_eq!(error.to_string(), "'R2+1' names no legal move: red has no chariot on file 2");
//! # Ok::<(), xiangqi_rules::notation::NotationError>(())
//! ```
//!
//! [`Notation::write`] gives each legal move its one canonical text, and the
//! texts of the legal moves of a position all differ; [`Notation::parse`]
//! reads that text back to the same move, and reads the common variants too.
//! Neither panics, on any input.
//!
//! # Coordinates
//! - **ICCS**: files `a`..`i` from red's left, ranks `0`..`9` from red's side:
//!   `h2e2`. Read also in upper case and with a dash: `H2-E2`.
//! - **Engine coordinates** (Fairy-Stockfish and many UCI tools): the same
//!   files, ranks `1`..`10`: `h3e3`, `b3b10`. Read with dash and upper case too.
//!
//! # WXF
//! Piece (`K A E H R C P`; read also `B` for the elephant, `N` for the horse,
//! `G` for the general and `S` for the soldier, in either case), its file,
//! direction, number. Files are numbered 1..9 from each player's own right,
//! also after crossing the river. Directions: `+` forward, `-` backward, `.`
//! sideways (`=` is read as `.`; `C25` with no direction is read as
//! sideways). The number is the file landed on for sideways moves and for the
//! advisor, elephant and horse; otherwise the ranks travelled.
//!
//! Pieces in tandem, following the WXF page ("Official Xiangqi piece names and
//! notation", adopted from the AXF):
//! - two of a kind on one file: `+` for the front one and `-` for the rear one
//!   replace the file digit: `R+.3`, `C--1`. Advisors and elephants keep the
//!   file digit (`A6+5`, `A6-5`): their direction tells them apart. The mark
//!   is read before the letter too, as the WXF's own game database writes it
//!   (`+R.3`, `-C-1`, `+P+1`, `+H+3`, `+R=8`): the same name as `R+.3`,
//!   `C--1`, `P++1`, `H++3`, `R+.8`, which is what is written.
//! - three soldiers on one file: `P+`, `P` and the file digit for the middle
//!   one, `P-`.
//! - four soldiers on one file: `++`, `P+`, `P-`, `--` from front to rear;
//!   five: `++`, `P+`, `P` and the file digit, `P-`, `--`.
//! - two or more files with two or more soldiers each: the file digit
//!   replaces the letter, followed by `+` (front), `-` (rear) or the file digit
//!   again (the middle one of three): `3+.4`, `33.4`, `7-.6`.
//!
//! Letters, digits and signs are read in their full-width forms too
//! (`Ｃ２＝５`, `Ｈ８＋７`), as East Asian texts write them; so are ICCS and
//! engine coordinates (`ｈ２ｅ２`).
//!
//! Fairy-Stockfish (pyffish) writes WXF differently: `=` for sideways, and
//! soldiers in tandem by their place from the front then the file (`14+1`,
//! `26+1`). Those forms are not WXF and are not read here.
//!
//! # Chinese
//! Written in simplified characters: red 帅 仕 相 马 车 炮 兵, black 将 士 象 马
//! 车 炮 卒; directions 进 退 平; red's files and numbers as Chinese numerals 一..九
//! (from red's right), black's as full-width digits １..９ (from black's right).
//!
//! Pieces in tandem: 前/后 before the piece replace the file (前车进一, 后炮平五);
//! advisors and elephants keep the file (仕六进五, 仕六退五); three soldiers on
//! one file are 前兵, 中兵, 后兵; four or five are 一兵 二兵 三兵 四兵 (五兵)
//! counted from the front, written in Chinese numerals for both sides since
//! they stand in for 前/中/后. Soldiers in tandem on two or more files: the
//! mark, the piece and then the file, 前兵三平四, 中卒３平４. That is the
//! traditional form (前兵九平八 in older books), and says what WXF's `3+.4`
//! says. Competition rules give 前/中/后 for pieces of a kind on one file;
//! for soldiers doubled on two files the sources differ (the computer
//! standard below numbers them instead), and this crate writes the
//! traditional form and reads the others.
//!
//! Read also: traditional characters (帥 將 傌 馬 俥 車 砲 包 進 後), the piece
//! before its mark (車前平三, as on the WXF page), numbers as Chinese numerals,
//! full-width or ASCII digits for either side, an ordinal digit for black
//! (２卒平５), spaces around. For soldiers on two doubled files, read also the
//! form without the piece (前三平四), 前/中/后 without the file when only one
//! soldier fits, and the computer-notation rule (xqbase, "中国象棋电脑应用规范")
//! that numbers all the soldiers of the doubled files 一..五, files from the
//! mover's right, then front to back (一兵平五).
//!
//! # Lenient reading
//! A text that leaves out a tandem mark (`R2+1` with both chariots on file 2)
//! or names a front or rear piece without its file while two files are doubled
//! is read as the one legal move it fits; if several fit, the error lists
//! them ([`NotationErrorKind::Ambiguous`]). A text that follows the convention is
//! always read by it, even if a looser reading would fit another move.
//!
//! # More pieces than a side starts with
//! Positions accepted with
//! [`PositionError::ignore_too_much_material`](crate::PositionError::ignore_too_much_material)
//! may hold three chariots on a file: they are named like three soldiers
//! (`R+`, `R` and the file, `R-`; 前车, 中车, 后车). Where the rules above
//! cannot tell the pieces apart (six soldiers on one file, chariots doubled on
//! two files), [`Notation::write`] returns [`NotationErrorKind::Inexpressible`].
//!
//! # Detecting the notation
//! [`Notation::detect`] tries ICCS, engine coordinates, WXF and Chinese in that
//! order: a text such as `h7h3`, which reads in both coordinate systems, is ICCS.
//! In a position, [`Notation::detect_in`] (and so [`Notation::parse_any`])
//! reads such a text as engine coordinates when no piece stands on its ICCS
//! starting point and a piece of the side to move stands on its engine one:
//! `h3e3` from the start position is the central cannon, as engine coordinates.

mod chinese;
mod coordinates;
mod descriptive;
mod error;
mod legality;
mod width;
mod wxf;

use core::fmt;
use core::str::FromStr;

pub use descriptive::Direction;
pub use error::{
    Crowding, NoSuchMove, NotationError, NotationErrorKind, PieceName, SyntaxError, UnknownNotationName,
};

pub(crate) use chinese::piece_char;
#[cfg(feature = "records")]
pub(crate) use chinese::split_run_together;
// CChessBoard's older libraries store each move's Chinese notation as four numbers.
#[cfg(feature = "records")]
pub(crate) use descriptive::{Mark, file_number, moves_along_lines, standing};
#[cfg(feature = "records")]
pub(crate) use width::ascii_form;
pub(crate) use width::ascii_forms;

use crate::{IllegalMove, Move, Position};
use chinese::ChineseName;
use coordinates::Ranks;
use descriptive::{describe, resolve};
use wxf::WxfName;

/// A way of writing moves. Its name (`iccs`, `engine`, `wxf`, `chinese`)
/// reads and writes with [`FromStr`] and [`Display`](fmt::Display).
/// More notations may come: match with a wildcard arm.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// ICCS coordinates, ranks 0..9: `h2e2`.
    Iccs,
    /// Engine coordinates (Fairy-Stockfish, UCI tools), ranks 1..10: `h3e3`.
    Engine,
    /// WXF (AXF) notation: `C2.5`.
    Wxf,
    /// Chinese notation: `炮二平五`.
    Chinese,
}

impl Notation {
    /// Every notation, in the order [`Notation::detect`] tries them.
    pub const ALL: [Notation; 4] = [Notation::Iccs, Notation::Engine, Notation::Wxf, Notation::Chinese];

    /// The notation's name: `iccs`, `engine`, `wxf` or `chinese`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Engine => "engine",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
        }
    }

    /// The notation's name in a sentence.
    pub(crate) const fn title(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Engine => "engine coordinates",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese notation",
        }
    }

    /// "an ICCS move such as h2e2", for messages.
    pub(crate) fn a_move_such_as(self) -> String {
        match self {
            Notation::Iccs => "an ICCS move such as h2e2",
            Notation::Engine => "a move in engine coordinates such as h3e3",
            Notation::Wxf => "a WXF move such as C2.5",
            Notation::Chinese => "a Chinese move such as 炮二平五",
        }
        .to_string()
    }

    /// The canonical text of the legal move `mv` in `position`.
    ///
    /// # Errors
    /// [`NotationErrorKind::NoSuchMove`] or [`NotationErrorKind::IllegalMove`]
    /// if `mv` is not legal in `position`; [`NotationErrorKind::Inexpressible`]
    /// if the notation has no name for it, which only happens where a side
    /// has more pieces of a kind than it starts with.
    pub fn write(self, position: &Position, mv: Move) -> Result<String, NotationError> {
        let refused = |reason| NotationError::refused(&mv.to_string(), mv, reason);
        let piece = match (position.check_move(mv), position.board().piece_at(mv.from)) {
            (Ok(()), Some(piece)) => piece,
            (Err(reason), _) => return Err(refused(reason)),
            // A legal move always has a piece that makes it.
            (Ok(()), None) => return Err(refused(IllegalMove::NoPiece { at: mv.from })),
        };
        let inexpressible = |reason| NotationError::inexpressible(mv, reason);
        match self {
            Notation::Iccs => Ok(mv.to_string()),
            Notation::Engine => Ok(coordinates::write_engine(mv)),
            Notation::Wxf => describe::<WxfName>(position, piece, mv).map(wxf::write).map_err(inexpressible),
            Notation::Chinese => describe::<ChineseName>(position, piece, mv)
                .map(|reading| chinese::write(reading, position.turn()))
                .map_err(inexpressible),
        }
    }

    /// The canonical text of the legal move `mv` in `position`, as a value
    /// that `Display`s it: [`Notation::write`] for `format!`, `write!` and
    /// `println!`. A move the notation cannot write (one that is not legal
    /// here, say) is written as its ICCS with the error in brackets; use
    /// [`Notation::write`] where that must stop the program.
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// use xiangqi_rules::notation::Notation;
    ///
    /// let start = Position::start();
    /// let mv = "h2e2".parse()?;
    /// assert_eq!(format!("1. {}", Notation::Chinese.display(&start, mv)), "1. 炮二平五");
    /// assert_eq!(
    ///     Notation::Wxf.display(&start, "h3h4".parse()?).to_string(),
    ///     "h3h4 ('h3h4' names no legal move: no piece stands on h3)"
    /// );
    /// # Ok::<(), xiangqi_rules::ParseMoveError>(())
    /// ```
    #[must_use]
    pub const fn display(self, position: &Position, mv: Move) -> WrittenMove<'_> {
        WrittenMove { notation: self, position, mv }
    }

    /// The legal move of `position` that `text`, written in this notation, names.
    ///
    /// # Errors
    /// [`NotationErrorKind::NotInNotation`] if the text is not written in
    /// this notation; [`NotationErrorKind::NoSuchMove`],
    /// [`NotationErrorKind::IllegalMove`] or [`NotationErrorKind::Ambiguous`]
    /// if it names no legal move, an illegal one or several.
    pub fn parse(self, position: &Position, text: &str) -> Result<Move, NotationError> {
        let trimmed = text.trim();
        let not_in_notation = |reason| NotationError::not_in_notation(self, trimmed, reason);
        // Errors quote the text as written; it is read with full-width forms as ASCII.
        let ascii = || ascii_forms(trimmed);
        match self {
            Notation::Iccs | Notation::Engine => {
                let mv = coordinates::read(&ascii(), self.ranks()).map_err(not_in_notation)?;
                match position.check_move(mv) {
                    Ok(()) => Ok(mv),
                    Err(reason) => Err(NotationError::refused(trimmed, mv, reason)),
                }
            }
            Notation::Wxf => resolve(position, wxf::read(&ascii()).map_err(not_in_notation)?, trimmed),
            // Chinese reads full-width digits itself: they are black's numbers.
            Notation::Chinese => resolve(position, chinese::read(trimmed).map_err(not_in_notation)?, trimmed),
        }
    }

    /// The ranks a coordinate notation counts (engine coordinates' for WXF and Chinese, which have none).
    const fn ranks(self) -> Ranks {
        if matches!(self, Notation::Iccs) { Ranks::FromZero } else { Ranks::FromOne }
    }

    /// Whether `text` is written in this notation, as far as can be told
    /// without a position: whether [`Notation::parse`] would read it rather
    /// than answer [`NotationErrorKind::NotInNotation`].
    ///
    /// ```
    /// use xiangqi_rules::notation::Notation;
    ///
    /// assert!(Notation::Iccs.reads("h7h3") && Notation::Engine.reads("h7h3"));
    /// assert!(Notation::Wxf.reads("Ｃ２＝５") && !Notation::Chinese.reads("Ｃ２＝５"));
    /// ```
    #[must_use]
    pub fn reads(self, text: &str) -> bool {
        let text = text.trim();
        match self {
            Notation::Iccs | Notation::Engine => coordinates::read(&ascii_forms(text), self.ranks()).is_ok(),
            Notation::Wxf => wxf::read(&ascii_forms(text)).is_ok(),
            Notation::Chinese => chinese::read(text).is_ok(),
        }
    }

    /// The notation `text` is written in, without regard to any position; ICCS
    /// where a text reads as ICCS and as engine coordinates. `None` if the text
    /// is written in none of them. Full-width letters, digits and signs read as
    /// their ASCII forms, so `Ｃ２＝５` is WXF.
    #[must_use]
    pub fn detect(text: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|notation| notation.reads(text))
    }

    /// The notation `text` is written in, as read in `position`: as
    /// [`Notation::detect`] says, except that a text that reads both as ICCS
    /// and as engine coordinates (`h3e3`) is taken as engine coordinates when
    /// no piece stands on its starting point read as ICCS (`h3`) and a piece
    /// of the side to move stands on the one read as engine coordinates (`h2`).
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// use xiangqi_rules::notation::Notation;
    ///
    /// let start = Position::start();
    /// assert_eq!(Notation::detect_in(&start, "h3e3"), Some(Notation::Engine), "the cannon on h2");
    /// assert_eq!(Notation::detect_in(&start, "h2e2"), Some(Notation::Iccs));
    /// assert_eq!(Notation::detect_in(&start, "h5h6"), Some(Notation::Iccs), "neither reading has a piece");
    /// ```
    #[must_use]
    pub fn detect_in(position: &Position, text: &str) -> Option<Notation> {
        let detected = Notation::detect(text)?;
        let ascii = ascii_forms(text.trim());
        let engine = || coordinates::read(&ascii, Ranks::FromOne).ok();
        let board = position.board();
        let engine_reading_fits = |iccs: Move| {
            board.piece_at(iccs.from).is_none()
                && engine()
                    .and_then(|mv| board.piece_at(mv.from))
                    .is_some_and(|piece| piece.color == position.turn())
        };
        match coordinates::read(&ascii, Ranks::FromZero) {
            Ok(iccs) if detected == Notation::Iccs && engine_reading_fits(iccs) => Some(Notation::Engine),
            _ => Some(detected),
        }
    }

    /// Detects the notation of `text` in `position` (see
    /// [`Notation::detect_in`]) and reads it in that notation.
    ///
    /// # Errors
    /// As [`Notation::parse`]; a text with characters other than ASCII (and
    /// their full-width forms) that is in no notation is reported as not
    /// Chinese, saying why; any other such text as
    /// [`NotationErrorKind::UnknownNotation`]; a text with a character that
    /// cannot be seen (a zero-width space, say) as
    /// [`NotationErrorKind::InvisibleCharacter`].
    pub fn parse_any(position: &Position, text: &str) -> Result<Move, NotationError> {
        let trimmed = text.trim();
        if let Some((index, character)) = trimmed.chars().enumerate().find(|&(_, c)| error::is_invisible(c)) {
            let kind = NotationErrorKind::InvisibleCharacter { character, at: index + 1 };
            return Err(NotationError::new(trimmed, kind));
        }
        match Notation::detect_in(position, text) {
            Some(notation) => notation.parse(position, text),
            // Full-width letters and signs are not Chinese: `Ｑ２．５` is in no notation.
            None if !ascii_forms(text).is_ascii() => Notation::Chinese.parse(position, text),
            None => Err(NotationError::unknown_notation(text.trim())),
        }
    }
}

/// A move written in a notation, as [`Notation::display`] gives it.
#[derive(Copy, Clone, Debug)]
pub struct WrittenMove<'a> {
    notation: Notation,
    position: &'a Position,
    mv: Move,
}

impl fmt::Display for WrittenMove<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.notation.write(self.position, self.mv) {
            Ok(text) => f.write_str(&text),
            Err(error) => write!(f, "{} ({error})", self.mv),
        }
    }
}

impl fmt::Display for Notation {
    /// Writes the name: `iccs`, `engine`, `wxf` or `chinese`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = UnknownNotationName;

    /// Reads a notation's name in any case.
    fn from_str(name: &str) -> Result<Notation, UnknownNotationName> {
        Notation::ALL
            .into_iter()
            .find(|notation| notation.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownNotationName::new(name))
    }
}

#[cfg(test)]
mod tests;
