//! Shrinking a failing case.

use board_geometry::Offset;

use super::check_promises;
use crate::attacks::general_steps;
use crate::tasks::checkmate::Case;
use crate::{Color, Piece, PieceKind, Square};

/// Shrinks a case on which a program fails: returns the smallest case found
/// on which `still_fails` holds and which keeps the judge's promises
/// ([`check_promises`]); `case` itself if no smaller one fails.
///
/// The search is [`board_geometry::shrink::shrink`]'s greedy loop over
/// these changes, tried in this order, each kept only if the case still
/// keeps every promise and starts as `case` does, with the generals facing
/// each other or not (a case with facing generals stays one, so that the
/// failure it shows stays the same):
///
/// 1. one red piece other than the general taken away;
/// 2. two of them taken away at once (a piece may be needed only while
///    another stands: a cannon's screen and the cannon, a horse and what
///    blocks its leg);
/// 3. two of them made one chariot: one taken away, the other (a horse or a
///    cannon) replaced by a chariot on its point, as a cannon and its screen
///    do the work of one chariot on the screen's point;
/// 4. one of them replaced by a weaker kind on the same point: a chariot by
///    a cannon, then by a horse; a cannon by a horse;
/// 5. one of them moved one step (up, down, left or right) to an empty point
///    nearer the black general;
/// 6. the red general moved one step inside its palace, nearer the black general.
///
/// Each change lowers, in this order of importance, the number of red
/// pieces; or, with the same number, their strength (2 for a chariot, 1 for
/// a cannon, 0 for a horse, summed); or, with both the same, the sum of
/// their distances (rows plus columns) to the black general. None of these
/// can fall forever, so the search ends; the result has no single change
/// left that still fails. The black general stays where it is and the
/// result keeps the number of `case`.
///
/// ```
/// use xiangqi_rules::tasks::checkmate::generate::shrink;
/// use xiangqi_rules::tasks::checkmate::{Reader, Verdict};
/// use xiangqi_rules::Color;
///
/// // A mate with a horse that plays no part in it.
/// let text = "5 1 5\nG 10 4\nR 2 5\nR 5 5\nH 2 8\nH 10 1\n0 0 0\n";
/// let case = Reader::new(text.as_bytes()).next_case()?.expect("a case");
/// let small = shrink(&case, |candidate| candidate.verdict() == Verdict::Mate);
/// assert_eq!(small.verdict(), Verdict::Mate);
/// // The idle horse is gone, the chariot next to the general too: the
/// // other chariot, moved up to give check, and the horse still mate.
/// assert_eq!(small.board().by_color(Color::Red).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shrink(case: &Case, still_fails: impl FnMut(&Case) -> bool) -> Case {
    board_geometry::shrink::shrink(case.clone(), candidates, still_fails)
}

/// Distance in rows plus columns.
fn distance(a: Square, b: Square) -> u32 {
    let files = a.file().index().abs_diff(b.file().index());
    let ranks = a.rank().index().abs_diff(b.rank().index());
    u32::from(files) + u32::from(ranks)
}

/// The weaker kinds a piece of `kind` may be replaced by, the nearest first.
fn weaker_kinds(kind: PieceKind) -> &'static [PieceKind] {
    match kind {
        PieceKind::Chariot => &[PieceKind::Cannon, PieceKind::Horse],
        PieceKind::Cannon => &[PieceKind::Horse],
        _ => &[],
    }
}

/// The smaller variants of `case` that keep the promises and whether the
/// generals face each other at the start, simplest first.
pub(super) fn candidates(case: &Case) -> Vec<Case> {
    let board = *case.board();
    let black = case.black_general();
    let reds = board.by_color(Color::Red);
    let general = board.general(Color::Red);
    let others = reds - board.by_kind(PieceKind::General);
    let mut boards = Vec::new();
    for point in others {
        let mut smaller = board;
        smaller.remove(point);
        boards.push(smaller);
    }
    for first in others {
        for second in others.into_iter().filter(|&second| second > first) {
            let mut smaller = board;
            smaller.remove(first);
            smaller.remove(second);
            boards.push(smaller);
        }
    }
    for taken in others {
        for kept in others.into_iter().filter(|&kept| kept != taken) {
            if board.piece_at(kept).is_some_and(|piece| piece.kind != PieceKind::Chariot) {
                let mut merged = board;
                merged.remove(taken);
                merged.put(kept, Piece::new(Color::Red, PieceKind::Chariot));
                boards.push(merged);
            }
        }
    }
    for point in others {
        let Some(piece) = board.piece_at(point) else { continue };
        for &kind in weaker_kinds(piece.kind) {
            let mut weaker = board;
            weaker.put(point, Piece::new(piece.color, kind));
            boards.push(weaker);
        }
    }
    for point in others {
        for step in Offset::ORTHOGONAL {
            let Some(target) = point.offset(step) else { continue };
            if board.piece_at(target).is_none() && distance(target, black) < distance(point, black) {
                let mut moved = board;
                if let Some(piece) = moved.remove(point) {
                    moved.put(target, piece);
                    boards.push(moved);
                }
            }
        }
    }
    if let Some(general) = general {
        for target in general_steps(general) {
            if board.piece_at(target).is_none() && distance(target, black) < distance(general, black) {
                let mut moved = board;
                if let Some(piece) = moved.remove(general) {
                    moved.put(target, piece);
                    boards.push(moved);
                }
            }
        }
    }
    let facing = case.generals_face_at_start();
    boards
        .into_iter()
        .map(|board| Case::from_checked_board(case.number(), case.header(), board))
        .filter(|candidate| candidate.generals_face_at_start() == facing && check_promises(candidate).is_ok())
        .collect()
}
