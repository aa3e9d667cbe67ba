//! Why a text cannot be read as a move, or a move cannot be written.

use core::fmt;

use crate::Move;
use crate::notation::Notation;
use board_geometry::prose::listed;

/// The most characters of a text an error quotes; longer texts are cut with `…`.
const QUOTED_CHARS: usize = 40;

/// A text that is not a move of the position, or a move a notation cannot write.
///
/// Every error quotes the text it is about (cut to forty characters), so that
/// its message stands on its own: `'R2+1' names no legal move: red has no
/// chariot on file 2`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationError {
    /// The text is not written in the notation asked for.
    NotInNotation {
        /// The notation the text was read in.
        notation: Notation,
        /// The text, as quoted.
        text: String,
        /// What is wrong, naming the character or part.
        reason: String,
    },
    /// The text is written in none of the notations (from [`Notation::parse_any`]).
    UnknownNotation {
        /// The text, as quoted.
        text: String,
    },
    /// The text reads well, but no piece of the side to move can make the move it names.
    NoSuchMove {
        /// The text, as quoted.
        text: String,
        /// What the text names and why no move fits: `red has no chariot on file 2`.
        reason: String,
    },
    /// The text names a move the piece rules allow, but that would leave the
    /// mover's general attacked.
    IllegalMove {
        /// The text, as quoted.
        text: String,
        /// The move it names.
        mv: Move,
        /// How the general would be exposed.
        reason: String,
    },
    /// The text names more than one legal move.
    Ambiguous {
        /// The text, as quoted.
        text: String,
        /// Every legal move it could mean, in ICCS order.
        moves: Vec<Move>,
    },
    /// The notation has no name for the move: only possible where a side has
    /// more pieces of a kind than it starts with (six soldiers on one file, say).
    Inexpressible {
        /// The notation asked for.
        notation: Notation,
        /// The move.
        mv: Move,
        /// Why the notation cannot tell it.
        reason: String,
    },
}

/// `text`, cut to [`QUOTED_CHARS`] characters.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

impl NotationError {
    pub(crate) fn not_in_notation(
        notation: Notation,
        text: &str,
        reason: impl Into<String>,
    ) -> NotationError {
        NotationError::NotInNotation { notation, text: quoted(text), reason: reason.into() }
    }

    pub(crate) fn unknown_notation(text: &str) -> NotationError {
        NotationError::UnknownNotation { text: quoted(text) }
    }

    pub(crate) fn no_such_move(text: &str, reason: impl Into<String>) -> NotationError {
        NotationError::NoSuchMove { text: quoted(text), reason: reason.into() }
    }

    pub(crate) fn illegal(text: &str, mv: Move, reason: impl Into<String>) -> NotationError {
        NotationError::IllegalMove { text: quoted(text), mv, reason: reason.into() }
    }

    pub(crate) fn ambiguous(text: &str, moves: Vec<Move>) -> NotationError {
        NotationError::Ambiguous { text: quoted(text), moves }
    }

    pub(crate) fn inexpressible(notation: Notation, mv: Move, reason: impl Into<String>) -> NotationError {
        NotationError::Inexpressible { notation, mv, reason: reason.into() }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::NotInNotation { notation, text, reason } => {
                write!(f, "'{text}' is not {}: {reason}", notation.a_move_such_as())
            }
            NotationError::UnknownNotation { text } => {
                let known: Vec<String> = Notation::ALL.iter().map(|n| n.a_move_such_as()).collect();
                write!(f, "'{text}' is a move in no notation known here: not {}", join_with_or(&known))
            }
            NotationError::NoSuchMove { text, reason } => write!(f, "'{text}' names no legal move: {reason}"),
            NotationError::IllegalMove { text, mv, reason } if *text == mv.to_string() => {
                write!(f, "{mv} is illegal: {reason}")
            }
            NotationError::IllegalMove { text, mv, reason } => {
                write!(f, "'{text}' names {mv}, which is illegal: {reason}")
            }
            NotationError::Ambiguous { text, moves } => {
                let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
                write!(f, "'{text}' is ambiguous: it names {}", listed(moves, "and", "nothing"))
            }
            NotationError::Inexpressible { notation, mv, reason } => {
                write!(f, "{mv} cannot be written in {}: {reason}", notation.title())
            }
        }
    }
}

impl std::error::Error for NotationError {}

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

    #[test]
    fn long_texts_are_quoted_cut() {
        let long = "炮".repeat(100);
        let NotationError::UnknownNotation { text } = NotationError::unknown_notation(&long) else {
            unreachable!()
        };
        assert_eq!(text.chars().count(), QUOTED_CHARS + 1);
        assert!(text.ends_with('…'));
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
        assert_eq!(
            NotationError::illegal("h0h1", mv, "it would leave the red general on e0 attacked from e9")
                .to_string(),
            "h0h1 is illegal: it would leave the red general on e0 attacked from e9"
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
}
