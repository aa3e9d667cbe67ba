//! The judge's promises about a case, checked.

use core::fmt;

use super::{MAX_RED_PIECES, MIN_RED_PIECES};
use crate::tasks::checkmate::Case;
use crate::{Color, Piece, PieceKind};

/// A promise of the judge that a case breaks (see [`check_promises`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BrokenPromise {
    /// Red has fewer than 2 or more than 7 pieces, the general included.
    RedPieceCount {
        /// How many red pieces there are.
        count: u32,
    },
    /// Red has more than two chariots, horses or cannons.
    TooManyOfAKind {
        /// The kind.
        kind: PieceKind,
        /// How many there are.
        count: u32,
    },
    /// The two generals face each other: red's last move would have been illegal.
    GeneralsFace,
    /// No red piece attacks the black general.
    NoCheck,
}

impl fmt::Display for BrokenPromise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrokenPromise::RedPieceCount { count } => write!(
                f,
                "red has {count} {}; the judge promises {MIN_RED_PIECES} to {MAX_RED_PIECES}, the general included",
                if *count == 1 { "piece" } else { "pieces" }
            ),
            BrokenPromise::TooManyOfAKind { kind, count } => {
                write!(f, "red has {count} {}; the judge promises at most two", kind.plural())
            }
            BrokenPromise::GeneralsFace => {
                f.write_str("the generals face each other, so red's last move was illegal")
            }
            BrokenPromise::NoCheck => f.write_str("red does not give check"),
        }
    }
}

impl std::error::Error for BrokenPromise {}

/// Whether `case` keeps the judge's promises: 2 to 7 red pieces (the general
/// included), at most two chariots, two horses and two cannons, the generals
/// not facing each other (a legal position), and red giving check. What every
/// [`Case`] already is (one general each, both in their palaces, nothing
/// black but the general, only chariots, horses and cannons beside the red
/// general) is not checked again.
///
/// ```
/// use xiangqi_rules::tasks::checkmate::generate::{BrokenPromise, check_promises};
/// use xiangqi_rules::tasks::checkmate::CaseReader;
///
/// let mut cases = CaseReader::new("2 1 4\nG 10 5\nR 6 4\n\n2 1 4\nG 10 5\nR 6 5\n0 0 0\n".as_bytes());
/// let sample = cases.next_case()?.expect("a case");
/// assert_eq!(check_promises(&sample), Ok(()));
/// let quiet = cases.next_case()?.expect("a case");
/// assert_eq!(check_promises(&quiet), Err(BrokenPromise::NoCheck));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first promise broken, in the order above.
pub fn check_promises(case: &Case) -> Result<(), BrokenPromise> {
    let board = case.board();
    let reds = board.by_color(Color::Red);
    let count = reds.len();
    if !(u32::from(MIN_RED_PIECES)..=u32::from(MAX_RED_PIECES)).contains(&count) {
        return Err(BrokenPromise::RedPieceCount { count });
    }
    for kind in [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon] {
        let count = board.by_piece(Piece::new(Color::Red, kind)).len();
        if count > 2 {
            return Err(BrokenPromise::TooManyOfAKind { kind, count });
        }
    }
    if case.generals_face_at_start() {
        return Err(BrokenPromise::GeneralsFace);
    }
    if board.attackers(case.black_general(), Color::Red).is_empty() {
        return Err(BrokenPromise::NoCheck);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tasks::checkmate::case::tests::case;

    #[test]
    fn each_broken_promise_is_found_and_told() {
        let broken = |pieces: &[(&str, char)]| {
            let error = check_promises(&case(pieces)).unwrap_err();
            (error, error.to_string())
        };
        assert_eq!(
            broken(&[("d9", 'k'), ("e0", 'K')]),
            (
                BrokenPromise::RedPieceCount { count: 1 },
                "red has 1 piece; the judge promises 2 to 7, the general included".to_string()
            )
        );
        let eight = [
            ("d9", 'k'),
            ("e0", 'K'),
            ("d5", 'R'),
            ("a0", 'R'),
            ("a1", 'N'),
            ("a2", 'N'),
            ("a3", 'C'),
            ("a4", 'C'),
            ("i0", 'R'),
        ];
        assert_eq!(
            broken(&eight),
            (
                BrokenPromise::RedPieceCount { count: 8 },
                "red has 8 pieces; the judge promises 2 to 7, the general included".to_string()
            )
        );
        assert_eq!(
            broken(&[("d9", 'k'), ("e0", 'K'), ("d5", 'R'), ("a0", 'R'), ("i0", 'R')]),
            (
                BrokenPromise::TooManyOfAKind { kind: PieceKind::Chariot, count: 3 },
                "red has 3 chariots; the judge promises at most two".to_string()
            )
        );
        assert_eq!(
            broken(&[("d9", 'k'), ("e0", 'K'), ("d0", 'C'), ("a0", 'C'), ("a1", 'C'), ("d5", 'R')]).0,
            BrokenPromise::TooManyOfAKind { kind: PieceKind::Cannon, count: 3 }
        );
        assert_eq!(
            broken(&[("e9", 'k'), ("e0", 'K'), ("a5", 'R')]),
            (
                BrokenPromise::GeneralsFace,
                "the generals face each other, so red's last move was illegal".to_string()
            )
        );
        assert_eq!(
            broken(&[("d9", 'k'), ("e0", 'K'), ("a5", 'R')]),
            (BrokenPromise::NoCheck, "red does not give check".to_string())
        );
        assert_eq!(
            check_promises(&case(&[
                ("d9", 'k'),
                ("e0", 'K'),
                ("d5", 'R'),
                ("a0", 'R'),
                ("a1", 'N'),
                ("a2", 'N')
            ])),
            Ok(())
        );
    }
}
