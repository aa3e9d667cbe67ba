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
    /// No red chariot, horse or cannon attacks the black general (red's
    /// general facing it is not the check the judge promises).
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
            BrokenPromise::NoCheck => f.write_str("red gives no check with a chariot, a horse or a cannon"),
        }
    }
}

impl std::error::Error for BrokenPromise {}

/// Whether `case` keeps the judge's promises: 2 to 7 red pieces (the general
/// included), at most two chariots, two horses and two cannons, and red
/// giving check with one of them. What every [`Case`] already is (one
/// general each, both in their palaces, nothing black but the general, only
/// chariots, horses and cannons beside the red general) is not checked again.
///
/// The generals may face each other at the start, which no game reaches:
/// the judge's data has such cases (black's general flies across and
/// captures, so the answer is `NO`), and so does the generator. Red's
/// general facing black's is no check of itself, but a cannon behind it on
/// the file gives one, with red's general as its screen.
///
/// ```
/// use xiangqi_rules::tasks::checkmate::generate::{BrokenPromise, check_promises};
/// use xiangqi_rules::tasks::checkmate::Reader;
///
/// let text = "2 1 4\nG 10 5\nR 6 4\n\n2 1 4\nG 10 5\nR 6 5\n\n2 1 5\nG 10 5\nR 1 1\n\n\
///             2 1 5\nG 10 5\nR 5 1\n\n3 1 5\nG 9 5\nC 10 5\nR 5 1\n0 0 0\n";
/// let mut cases = Reader::new(text.as_bytes());
/// let sample = cases.next_case()?.expect("a case");
/// assert_eq!(check_promises(&sample), Ok(()));
/// let quiet = cases.next_case()?.expect("a case");
/// assert_eq!(check_promises(&quiet), Err(BrokenPromise::NoCheck));
/// // The generals face each other: the chariot's check counts, the general's does not.
/// let facing = cases.next_case()?.expect("a case");
/// assert!(facing.generals_face_at_start());
/// assert_eq!(check_promises(&facing), Ok(()));
/// let facing_only = cases.next_case()?.expect("a case");
/// assert_eq!(check_promises(&facing_only), Err(BrokenPromise::NoCheck));
/// // A cannon behind red's general gives check through it.
/// let cannon_behind = cases.next_case()?.expect("a case");
/// assert_eq!(check_promises(&cannon_behind), Ok(()));
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
    let generals = board.by_kind(PieceKind::General);
    if (board.attackers(case.black_general(), Color::Red) - generals).is_empty() {
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
            broken(&[("d9", 'k'), ("e0", 'K'), ("a5", 'R')]),
            (BrokenPromise::NoCheck, "red gives no check with a chariot, a horse or a cannon".to_string())
        );
        // Facing generals: red's general attacks black's, which is not the check promised.
        assert_eq!(broken(&[("e9", 'k'), ("e0", 'K'), ("a5", 'R')]).0, BrokenPromise::NoCheck);
        // A chariot behind red's general is blocked by it; a cannon there checks.
        assert_eq!(broken(&[("e9", 'k'), ("e1", 'K'), ("e0", 'R')]).0, BrokenPromise::NoCheck);
        for facing in [
            [("e9", 'k'), ("e0", 'K'), ("a9", 'R')],
            [("e9", 'k'), ("e1", 'K'), ("e0", 'C')],
            [("d8", 'k'), ("d2", 'K'), ("b7", 'N')],
        ] {
            assert!(case(&facing).generals_face_at_start());
            assert_eq!(check_promises(&case(&facing)), Ok(()), "{facing:?}");
        }
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
