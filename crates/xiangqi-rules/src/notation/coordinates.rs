//! Coordinate notations: ICCS (`h2e2`, ranks 0..9) and engine coordinates
//! (`h3e3`, ranks 1..10), each read with an optional dash and in either case.

use crate::notation::SyntaxError;
use crate::{File, Move, Rank, Square};

/// Which ranks a coordinate notation counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ranks {
    /// `0`..`9`, as ICCS writes them.
    FromZero,
    /// `1`..`10`, as Fairy-Stockfish and many UCI tools write them.
    FromOne,
}

/// Reads `h2e2`, `H2-E2` (ICCS) or `h3e3`, `b3b10` (engine coordinates).
///
/// # Errors
/// What is wrong, naming the character.
pub(crate) fn read(text: &str, ranks: Ranks) -> Result<Move, SyntaxError> {
    if text.is_empty() {
        return Err(SyntaxError::Empty);
    }
    let mut chars = text.chars().peekable();
    // The text is not empty, so the first square has at least its file.
    let from = read_square(&mut chars, ranks, false)?;
    if chars.peek() == Some(&'-') {
        chars.next();
    }
    let to = read_square(&mut chars, ranks, true)?;
    match chars.next() {
        None => Ok(Move::new(from, to)),
        Some(found) => Err(SyntaxError::AfterTheMove { found }),
    }
}

fn read_square(
    chars: &mut core::iter::Peekable<core::str::Chars<'_>>,
    ranks: Ranks,
    target: bool,
) -> Result<Square, SyntaxError> {
    let letter = chars.next().ok_or(SyntaxError::NoTarget)?;
    let file =
        File::from_letter(letter.to_ascii_lowercase()).ok_or(SyntaxError::NotAFile { found: letter })?;
    let first = chars.next().ok_or(SyntaxError::NoRank { file: letter, target })?;
    let mut number = first.to_digit(10).filter(|_| first.is_ascii()).ok_or(match ranks {
        Ranks::FromZero => SyntaxError::NotAnIccsRank { found: first },
        Ranks::FromOne => SyntaxError::NotAnEngineRank { found: first },
    })?;
    if ranks == Ranks::FromOne && number == 1 && chars.peek() == Some(&'0') {
        chars.next();
        number = 10;
    }
    let index = match ranks {
        Ranks::FromZero => Some(number),
        Ranks::FromOne => number.checked_sub(1),
    };
    let rank =
        index.and_then(|index| Rank::new(index as u8)).ok_or(SyntaxError::NoSuchEngineRank { number })?;
    Ok(Square::new(file, rank))
}

/// Writes `mv` in engine coordinates: ranks 1..10.
pub(crate) fn write_engine(mv: Move) -> String {
    let square = |square: Square| format!("{}{}", square.file().letter(), square.rank().index() + 1);
    format!("{}{}", square(mv.from), square(mv.to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn iccs_reads_case_and_dash() {
        for text in ["h2e2", "H2-E2", "h2-e2", "H2e2"] {
            assert_eq!(read(text, Ranks::FromZero), Ok(mv("h2e2")), "{text}");
        }
    }

    #[test]
    fn engine_coordinates_count_ranks_from_one() {
        assert_eq!(read("h3e3", Ranks::FromOne), Ok(mv("h2e2")));
        assert_eq!(read("b3b10", Ranks::FromOne), Ok(mv("b2b9")));
        assert_eq!(read("B10-B3", Ranks::FromOne), Ok(mv("b9b2")));
        assert_eq!(write_engine(mv("b2b9")), "b3b10");
        assert_eq!(write_engine(mv("a0i9")), "a1i10");
    }

    #[test]
    fn errors_name_the_bad_character() {
        let error = |text, ranks| read(text, ranks).unwrap_err().to_string();
        assert_eq!(error("", Ranks::FromZero), "the text is empty");
        assert_eq!(error("j2e2", Ranks::FromZero), "'j' is not a file (a-i)");
        assert_eq!(error("h2ex", Ranks::FromZero), "'x' is not a rank (0-9)");
        assert_eq!(error("h2", Ranks::FromZero), "the target square is missing");
        assert_eq!(error("h2e", Ranks::FromZero), "the target square e has no rank");
        assert_eq!(error("h2e22", Ranks::FromZero), "'2' follows a complete move");
        assert_eq!(error("h2e10", Ranks::FromZero), "'0' follows a complete move");
        assert_eq!(error("h0e3", Ranks::FromOne), "there is no rank 0 in engine coordinates (ranks 1-10)");
        assert_eq!(error("h11e3", Ranks::FromOne), "'1' is not a file (a-i)");
        assert_eq!(error("炮2e2", Ranks::FromZero), "'炮' is not a file (a-i)");
        assert_eq!(error("h２e2", Ranks::FromZero), "'２' is not a rank (0-9)");
    }
}
