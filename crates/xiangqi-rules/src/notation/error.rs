//! Why a text cannot be read as a move, or a move cannot be written: in
//! words (`Display`), and as values to match on.

use core::fmt;

use board_geometry::prose::listed;

use crate::notation::Notation;
use crate::notation::descriptive::{Direction, moves_along_lines};
use crate::notation::legality::Refusal;
use crate::{IllegalMove, Move, Piece, PieceKind, Square};

/// The most characters of a text an error quotes; longer texts are cut with `…`.
const QUOTED_CHARS: usize = 40;

/// A text that is not a move of the position, or a move a notation cannot write.
///
/// Every error quotes the text it is about (cut to forty characters), so that
/// its message stands on its own: `'R2+1' names no legal move: red has no
/// chariot on file 2`. Its [`kind`](NotationError::kind) says what went wrong
/// as a value to match on, down to the character or the rule.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::notation::{Notation, NotationErrorKind, NoSuchMove, PieceName};
///
/// let error = Notation::Wxf.parse(&Position::start(), "R2+1").unwrap_err();
/// assert_eq!(error.text, "R2+1");
/// assert!(matches!(
///     error.kind,
///     NotationErrorKind::NoSuchMove { reason: NoSuchMove::NoPiece { named: PieceName::File(2), .. } }
/// ));
/// assert_eq!(error.to_string(), "'R2+1' names no legal move: red has no chariot on file 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NotationError {
    /// The text the error is about, as quoted: the text read, or the ICCS of
    /// the move being written.
    pub text: String,
    /// What went wrong.
    pub kind: NotationErrorKind,
}

/// What went wrong in reading or writing a move: the part of a
/// [`NotationError`] to match on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationErrorKind {
    /// The text is not written in the notation asked for.
    NotInNotation {
        /// The notation the text was read in.
        notation: Notation,
        /// What is wrong, naming the character or part.
        reason: SyntaxError,
    },
    /// The text is written in none of the notations (from [`Notation::parse_any`]).
    UnknownNotation,
    /// The text reads well, but no piece of the side to move can make the move it names.
    NoSuchMove {
        /// What the text names and why no move fits.
        reason: NoSuchMove,
    },
    /// The text names a move the piece rules allow, but that would leave the
    /// mover's general attacked.
    IllegalMove {
        /// The move it names.
        mv: Move,
        /// How the general would be exposed:
        /// [`Forbidden::GeneralsFace`](crate::Forbidden::GeneralsFace) or [`Forbidden::LeavesGeneralAttacked`](crate::Forbidden::LeavesGeneralAttacked).
        reason: IllegalMove,
    },
    /// The text names more than one legal move.
    Ambiguous {
        /// Every legal move it could mean, in ICCS order.
        moves: Vec<Move>,
    },
    /// The text holds a character that cannot be seen (a zero-width space,
    /// a control character, a byte-order mark), as pasted text may: no
    /// notation has one, and naming it spares guessing what is wrong with
    /// a move that looks right (from [`Notation::parse_any`]).
    InvisibleCharacter {
        /// The character.
        character: char,
        /// Its place in the text, counted in characters from 1.
        at: usize,
    },
    /// The notation has no name for the move: only possible where a side has
    /// more pieces of a kind than it starts with (six soldiers on one file, say).
    Inexpressible {
        /// The move.
        mv: Move,
        /// Why the notation cannot tell it.
        reason: Crowding,
    },
}

/// Why a text is not written in a notation, naming the character or part
/// that is wrong. Some reasons belong to one notation only, as their
/// documentation says.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxError {
    /// The text is empty, or only whitespace.
    Empty,
    /// ICCS and engine coordinates: a character where a file letter `a`..`i` belongs.
    NotAFile {
        /// The character.
        found: char,
    },
    /// ICCS and engine coordinates: a square's file letter with no rank after it (`h2e`).
    NoRank {
        /// The file letter, as written.
        file: char,
        /// Whether it is the target square (the second one).
        target: bool,
    },
    /// ICCS: a character where a rank `0`..`9` belongs.
    NotAnIccsRank {
        /// The character.
        found: char,
    },
    /// Engine coordinates: a character where a rank `1`..`10` belongs.
    NotAnEngineRank {
        /// The character.
        found: char,
    },
    /// Engine coordinates: a rank number with no rank (`0`).
    NoSuchEngineRank {
        /// The number written.
        number: u32,
    },
    /// ICCS and engine coordinates: the text ends after the first square (`h2`, `h2-`).
    NoTarget,
    /// ICCS and engine coordinates: a character after a complete move (`h2e22`).
    AfterTheMove {
        /// The first character after the move.
        found: char,
    },
    /// WXF: not four characters (nor three of the sideways form `C25`).
    WxfLength {
        /// How many characters the text has.
        count: usize,
    },
    /// WXF: a first character that is neither a piece letter, a doubled
    /// file's digit nor a tandem mark.
    NotAPieceLetter {
        /// The character.
        found: char,
    },
    /// WXF: after the piece letter, neither a file digit nor a tandem mark (`Cx.5`).
    NotAFileOrTandemMark {
        /// The character.
        found: char,
    },
    /// WXF: a file digit followed by neither `+`, `-` nor the same digit (`35.4`).
    NotADoubledFile {
        /// The two characters.
        text: String,
        /// The file the first one names.
        file: u8,
    },
    /// WXF: a tandem mark followed by neither itself nor a piece letter (`+-.4`, `+Q+1`).
    NotATandemMark {
        /// The two characters.
        text: String,
    },
    /// WXF: a third character that is not `+`, `-`, `.` or `=`.
    NotADirection {
        /// The character.
        found: char,
    },
    /// WXF: a last character that is not a number `1`..`9`.
    NotANumber {
        /// The character.
        found: char,
    },
    /// Chinese: more than five characters.
    ChineseLength {
        /// How many characters the text has.
        count: usize,
    },
    /// Chinese: a character that is not a piece, a tandem mark, a direction or a number.
    NotAChineseCharacter {
        /// The character.
        found: char,
    },
    /// Chinese: no direction (进, 退 or 平).
    NoDirection,
    /// Chinese: more than one direction.
    Directions {
        /// How many there are.
        count: usize,
    },
    /// Chinese: nothing after the direction.
    NoNumber {
        /// The direction.
        after: char,
    },
    /// Chinese: the one character after the direction is not a number.
    NumberExpected {
        /// The character.
        found: char,
    },
    /// Chinese: more than one character after the direction.
    AfterTheNumber {
        /// Everything after the direction.
        text: String,
    },
    /// Chinese: a piece alone before the direction, without its file or a tandem mark (`炮平五`).
    NeedsFileOrMark {
        /// The piece's character.
        piece: char,
    },
    /// Chinese: nothing before the direction.
    NoPiece,
    /// Chinese: what comes before the direction names no piece (`二炮平五`).
    NotAPieceName {
        /// Everything before the direction.
        text: String,
    },
}

/// Why a text that reads well in its notation names no move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoSuchMove {
    /// The text gives the move's two points (ICCS, engine coordinates), and
    /// the rules refuse it: no piece there, the other side's piece, or a
    /// piece that cannot move so. (A move that would expose the mover's
    /// general is [`NotationErrorKind::IllegalMove`] instead.)
    Refused(IllegalMove),
    /// No piece of the side to move is the one the text names (WXF, Chinese).
    NoPiece {
        /// The piece of the side to move the text names.
        piece: Piece,
        /// How the text names it.
        named: PieceName,
    },
    /// The pieces the text names (WXF, Chinese) cannot move as it says.
    CannotMove {
        /// Their kind and side.
        piece: Piece,
        /// Where they stand.
        from: Vec<Square>,
        /// The direction the text gives.
        direction: Direction,
        /// The number the text gives: ranks travelled, or the file landed on (1..9).
        number: u8,
    },
}

/// How a WXF or Chinese move names the piece that moves, as far as telling
/// which pieces are meant goes. Files are numbered 1..9 from the mover's right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PieceName {
    /// The piece on a file: `C2`, `炮二`.
    File(u8),
    /// The front or rear one of two or three on a file: `R+`, `前车`.
    Tandem,
    /// The middle one of three on a file: `中兵`.
    Middle,
    /// The foremost or rearmost of four or five on a file: `++`, `--`.
    Extreme,
    /// The one at a place, from 1, in tandem counted from the front: `三兵`.
    Place(u8),
    /// The front or rear one of those on this file while two or more files
    /// are doubled: `3+`, `前兵三`.
    TandemOnFile(u8),
    /// The middle one of three on this file while two or more files are
    /// doubled: `33`, `中兵三`.
    MiddleOnFile(u8),
}

/// Why a notation has no name for a legal move: the side has more pieces of
/// a kind than the notation tells apart, which only happens with more pieces
/// than a side starts with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Crowding {
    /// Two or more files each hold two or more of the kind, which the
    /// notation tells apart only for soldiers.
    DoubledFiles {
        /// The notation.
        notation: Notation,
        /// The kind.
        kind: PieceKind,
        /// How many files are doubled.
        files: u8,
    },
    /// More of the kind stand on one file than the notation tells apart.
    CrowdedFile {
        /// The notation.
        notation: Notation,
        /// The kind.
        kind: PieceKind,
        /// How many stand on the file.
        count: u8,
    },
}

impl Crowding {
    /// The notation that cannot name the move.
    #[must_use]
    pub const fn notation(self) -> Notation {
        match self {
            Crowding::DoubledFiles { notation, .. } | Crowding::CrowdedFile { notation, .. } => notation,
        }
    }
}

/// `text`, cut to [`QUOTED_CHARS`] characters, each character that cannot
/// be seen written as its escape (`\u{200b}`).
fn quoted(text: &str) -> String {
    let shown = match text.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    };
    shown.chars().map(visible).collect()
}

/// Whether `character` cannot be seen where it stands: a control character,
/// or a format character that pasted text carries (zero-width spaces and
/// joiners, direction marks, the byte-order mark, the soft hyphen).
pub(crate) fn is_invisible(character: char) -> bool {
    character.is_control()
        || matches!(
            character,
            '\u{ad}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// `character` as a message shows it: itself, or its escape where it cannot
/// be seen or shows as nothing readable (a private-use character, say).
fn visible(character: char) -> String {
    let unreadable = character != ' ' && character.escape_debug().nth(1) == Some('u');
    if is_invisible(character) || unreadable {
        character.escape_unicode().to_string()
    } else {
        character.to_string()
    }
}

impl NotationError {
    /// The error `kind` about `text`, which it quotes.
    pub(crate) fn new(text: &str, kind: NotationErrorKind) -> NotationError {
        NotationError { text: quoted(text), kind }
    }

    pub(crate) fn not_in_notation(notation: Notation, text: &str, reason: SyntaxError) -> NotationError {
        NotationError::new(text, NotationErrorKind::NotInNotation { notation, reason })
    }

    pub(crate) fn unknown_notation(text: &str) -> NotationError {
        NotationError::new(text, NotationErrorKind::UnknownNotation)
    }

    pub(crate) fn no_such_move(text: &str, reason: NoSuchMove) -> NotationError {
        NotationError::new(text, NotationErrorKind::NoSuchMove { reason })
    }

    pub(crate) fn illegal(text: &str, mv: Move, reason: IllegalMove) -> NotationError {
        NotationError::new(text, NotationErrorKind::IllegalMove { mv, reason })
    }

    /// Why `mv`, which `text` names, cannot be played, as the engine
    /// refused it: illegal if it would expose the mover's general, no such
    /// move otherwise.
    pub(crate) fn refused(text: &str, mv: Move, reason: IllegalMove) -> NotationError {
        match Refusal::of(reason) {
            Refusal::Illegal(reason) => NotationError::illegal(text, mv, reason),
            Refusal::NoSuchMove(reason) => NotationError::no_such_move(text, NoSuchMove::Refused(reason)),
        }
    }

    pub(crate) fn ambiguous(text: &str, moves: Vec<Move>) -> NotationError {
        NotationError::new(text, NotationErrorKind::Ambiguous { moves })
    }

    pub(crate) fn inexpressible(mv: Move, reason: Crowding) -> NotationError {
        NotationError::new(&mv.to_string(), NotationErrorKind::Inexpressible { mv, reason })
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match &self.kind {
            NotationErrorKind::NotInNotation { notation, reason } => {
                write!(f, "'{text}' is not {}: {reason}", notation.a_move_such_as())
            }
            NotationErrorKind::UnknownNotation => {
                let known: Vec<String> = Notation::ALL.iter().map(|n| n.a_move_such_as()).collect();
                write!(f, "'{text}' is a move in no notation known here: not {}", join_with_or(&known))
            }
            NotationErrorKind::NoSuchMove { reason } => write!(f, "'{text}' names no legal move: {reason}"),
            NotationErrorKind::IllegalMove { mv, reason } if *text == mv.to_string() => {
                write!(f, "{mv} is illegal: {reason}")
            }
            NotationErrorKind::IllegalMove { mv, reason } => {
                write!(f, "'{text}' names {mv}, which is illegal: {reason}")
            }
            NotationErrorKind::Ambiguous { moves } => {
                let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
                write!(f, "'{text}' is ambiguous: it names {}", listed(moves, "and", "nothing"))
            }
            NotationErrorKind::Inexpressible { mv, reason } => {
                write!(f, "{mv} cannot be written in {}: {reason}", reason.notation().title())
            }
            NotationErrorKind::InvisibleCharacter { character, at } => write!(
                f,
                "'{text}' holds an invisible character, '{}' (character {at}), which no notation has: was \
                 it pasted with the move?",
                character.escape_unicode()
            ),
        }
    }
}

// No `source`: the message already says all its reason would.
impl std::error::Error for NotationError {}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxError::Empty => f.write_str("the text is empty"),
            SyntaxError::NotAFile { found } => write!(f, "{found:?} is not a file (a-i)"),
            SyntaxError::NoRank { file, target } => {
                let role = if *target { "target " } else { "" };
                write!(f, "the {role}square {file} has no rank")
            }
            SyntaxError::NotAnIccsRank { found } => write!(f, "{found:?} is not a rank (0-9)"),
            SyntaxError::NotAnEngineRank { found } => write!(f, "{found:?} is not a rank (1-10)"),
            SyntaxError::NoSuchEngineRank { number } => {
                write!(f, "there is no rank {number} in engine coordinates (ranks 1-10)")
            }
            SyntaxError::NoTarget => f.write_str("the target square is missing"),
            SyntaxError::AfterTheMove { found } => write!(f, "{found:?} follows a complete move"),
            SyntaxError::WxfLength { count } => write!(
                f,
                "a WXF move has four characters (piece, file, direction, number), such as C2.5, \
                 but this text has {count}"
            ),
            SyntaxError::NotAPieceLetter { found } => {
                write!(f, "{found:?} is not a piece letter (K A E H R C P, also B N G S)")
            }
            SyntaxError::NotAFileOrTandemMark { found } => {
                write!(
                    f,
                    "{found:?} after the piece letter is neither a file (1-9) nor a tandem mark (+ or -)"
                )
            }
            SyntaxError::NotADoubledFile { text, file } => write!(
                f,
                "'{text}' is not a soldier on a doubled file: those are written with the file, \
                 then +, - or the file again ({file}+, {file}{file}, {file}-)"
            ),
            SyntaxError::NotATandemMark { text } => write!(
                f,
                "'{text}' is not a tandem mark: the front or rear piece of two on a file is written \
                 with its letter (R+ or +R, R- or -R), the foremost or rearmost of four or five soldiers ++ or --"
            ),
            SyntaxError::NotADirection { found } => {
                write!(f, "{found:?} is not a direction (+ forward, - backward, . or = sideways)")
            }
            SyntaxError::NotANumber { found } => write!(f, "{found:?} is not a number (1-9)"),
            SyntaxError::ChineseLength { count } => {
                write!(
                    f,
                    "a Chinese move has four or five characters, such as 炮二平五; this text has {count}"
                )
            }
            SyntaxError::NotAChineseCharacter { found } => write!(
                f,
                "{found:?} is not a piece, a tandem mark (前 中 后), a direction (进 退 平) or a number"
            ),
            SyntaxError::NoDirection => f.write_str("there is no direction (进, 退 or 平)"),
            SyntaxError::Directions { count } => {
                write!(f, "there are {count} directions; a move has one (进, 退 or 平)")
            }
            SyntaxError::NoNumber { after } => write!(f, "no number follows {after:?}"),
            SyntaxError::NumberExpected { found } => {
                write!(f, "{found:?} after the direction is not a number")
            }
            SyntaxError::AfterTheNumber { text } => {
                write!(f, "'{text}' follows the direction, where one number belongs")
            }
            SyntaxError::NeedsFileOrMark { piece } => {
                write!(f, "{piece:?} needs its file (炮二) or a tandem mark (前炮) before the direction")
            }
            SyntaxError::NoPiece => f.write_str("no piece comes before the direction"),
            SyntaxError::NotAPieceName { text } => write!(
                f,
                "'{text}' is not a piece and its file (炮二), a tandem mark and a piece (前炮), \
                 or a place in tandem and a piece (一兵)"
            ),
        }
    }
}

impl std::error::Error for SyntaxError {}

impl fmt::Display for NoSuchMove {
    /// `red has no chariot on file 2`, `the red soldier on f5 cannot move
    /// sideways to file 7`, or the engine's reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoSuchMove::Refused(refused) => write!(f, "{refused}"),
            NoSuchMove::NoPiece { piece, named } => {
                let (color, kind) = (piece.color, piece.kind);
                match *named {
                    PieceName::File(file) => write!(f, "{color} has no {kind} on file {file}"),
                    PieceName::Tandem => write!(f, "{color} has no two {kind}s on one file"),
                    PieceName::Middle => write!(f, "{color} has no three {kind}s on one file"),
                    PieceName::Extreme => write!(f, "{color} has no four or five {kind}s on one file"),
                    PieceName::Place(1) => write!(f, "{color} has no {kind}s in tandem"),
                    PieceName::Place(place) => write!(f, "{color} has fewer than {place} {kind}s in tandem"),
                    PieceName::TandemOnFile(file) => write!(f, "{color} has no two {kind}s on file {file}"),
                    PieceName::MiddleOnFile(file) => write!(f, "{color} has no three {kind}s on file {file}"),
                }
            }
            NoSuchMove::CannotMove { piece, from, direction, number } => {
                let places: Vec<String> = from.iter().map(ToString::to_string).collect();
                match &places[..] {
                    [one] => write!(f, "the {piece} on {one} cannot ")?,
                    _ => write!(f, "none of the {piece}s on {} can ", listed(&places, "and", "no point"))?,
                }
                match direction {
                    Direction::Sideways => write!(f, "move sideways to file {number}"),
                    direction => {
                        let way = if *direction == Direction::Forward { "forward" } else { "backward" };
                        if moves_along_lines(piece.kind) {
                            let ranks = if *number == 1 { "rank" } else { "ranks" };
                            write!(f, "move {way} {number} {ranks}")
                        } else {
                            write!(f, "move {way} to file {number}")
                        }
                    }
                }
            }
        }
    }
}

impl std::error::Error for NoSuchMove {}

impl fmt::Display for Crowding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Crowding::DoubledFiles { notation, kind, files } => write!(
                f,
                "{files} files hold two or more {kind}s of one side, and {} has names for that only for soldiers",
                notation.title()
            ),
            Crowding::CrowdedFile { notation, kind, count } => write!(
                f,
                "{count} {kind}s of one side stand on one file, more than {} tells apart",
                notation.title()
            ),
        }
    }
}

impl std::error::Error for Crowding {}

/// `a`, `a or b`, `a, b or c`.
fn join_with_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A name that is not one of `iccs`, `engine`, `wxf` or `chinese`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNotationName {
    /// The name given, as quoted.
    pub name: String,
}

impl UnknownNotationName {
    pub(crate) fn new(name: &str) -> UnknownNotationName {
        UnknownNotationName { name: quoted(name) }
    }
}

impl fmt::Display for UnknownNotationName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a notation: expected iccs, engine, wxf or chinese", self.name)
    }
}

impl std::error::Error for UnknownNotationName {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    #[test]
    fn long_texts_are_quoted_cut() {
        let long = "炮".repeat(100);
        let error = NotationError::unknown_notation(&long);
        assert_eq!(error.text.chars().count(), QUOTED_CHARS + 1);
        assert!(error.text.ends_with('…'));
        assert_eq!(error.kind, NotationErrorKind::UnknownNotation);
        assert_eq!(quoted("h2e2"), "h2e2");
    }

    #[test]
    fn messages_name_the_text_and_the_reason() {
        let mv: Move = "h0h1".parse().unwrap();
        let other: Move = "h5h6".parse().unwrap();
        assert_eq!(
            NotationError::ambiguous("R2+1", vec![mv, other]).to_string(),
            "'R2+1' is ambiguous: it names h0h1 and h5h6"
        );
        let exposed = IllegalMove::Forbidden(crate::Forbidden::GeneralsFace { mv });
        assert_eq!(
            NotationError::illegal("h0h1", mv, exposed).to_string(),
            "h0h1 is illegal: h0h1 would leave the two generals facing each other on an open file"
        );
        assert_eq!(
            NotationError::unknown_notation("xyz").to_string(),
            "'xyz' is a move in no notation known here: not an ICCS move such as h2e2, \
             a move in engine coordinates such as h3e3, a WXF move such as C2.5 or a Chinese move such as 炮二平五"
        );
        assert_eq!(
            UnknownNotationName::new("pgn").to_string(),
            "'pgn' is not a notation: expected iccs, engine, wxf or chinese"
        );
    }

    #[test]
    fn the_engine_says_which_refusals_expose_the_general() {
        let mv: Move = "e1d1".parse().unwrap();
        let exposed = IllegalMove::Forbidden(crate::Forbidden::GeneralsFace { mv });
        assert_eq!(
            NotationError::refused("e1d1", mv, exposed).kind,
            NotationErrorKind::IllegalMove { mv, reason: exposed }
        );
        let nothing = IllegalMove::NoPiece { at: mv.from };
        assert_eq!(
            NotationError::refused("e1d1", mv, nothing).kind,
            NotationErrorKind::NoSuchMove { reason: NoSuchMove::Refused(nothing) }
        );
    }

    #[test]
    fn every_piece_name_says_what_is_missing() {
        let red_soldier = Piece::new(Color::Red, PieceKind::Soldier);
        let missing = |named| NoSuchMove::NoPiece { piece: red_soldier, named }.to_string();
        assert_eq!(missing(PieceName::File(3)), "red has no soldier on file 3");
        assert_eq!(missing(PieceName::Tandem), "red has no two soldiers on one file");
        assert_eq!(missing(PieceName::Middle), "red has no three soldiers on one file");
        assert_eq!(missing(PieceName::Extreme), "red has no four or five soldiers on one file");
        assert_eq!(missing(PieceName::Place(1)), "red has no soldiers in tandem");
        assert_eq!(missing(PieceName::Place(4)), "red has fewer than 4 soldiers in tandem");
        assert_eq!(missing(PieceName::TandemOnFile(7)), "red has no two soldiers on file 7");
        assert_eq!(missing(PieceName::MiddleOnFile(7)), "red has no three soldiers on file 7");
    }

    #[test]
    fn crowding_names_its_notation() {
        let doubled = Crowding::DoubledFiles { notation: Notation::Wxf, kind: PieceKind::Chariot, files: 2 };
        assert_eq!(doubled.notation(), Notation::Wxf);
        assert_eq!(
            doubled.to_string(),
            "2 files hold two or more chariots of one side, and WXF has names for that only for soldiers"
        );
        let crowded =
            Crowding::CrowdedFile { notation: Notation::Chinese, kind: PieceKind::Soldier, count: 6 };
        assert_eq!(
            crowded.to_string(),
            "6 soldiers of one side stand on one file, more than Chinese notation tells apart"
        );
    }
}
