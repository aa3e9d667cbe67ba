//! Shrinking a failing case.

use super::check_promises;
use crate::attacks::GENERAL_STEPS;
use crate::tasks::checkmate::Case;
use crate::tasks::smaller::{moved_nearer, orthogonal_steps, weakened, without_each, without_pairs};
use crate::{Board, Color, Piece, PieceKind, SquareSet};

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
    let mut boards: Vec<Board> = without_each(&board, others).chain(without_pairs(&board, others)).collect();
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
    boards.extend(weakened(&board, others, |kind| weaker_kinds(kind).iter().copied()));
    boards.extend(moved_nearer(&board, others, black, orthogonal_steps));
    if let Some(general) = general {
        boards.extend(moved_nearer(&board, SquareSet::from_square(general), black, |point| {
            GENERAL_STEPS.of(point)
        }));
    }
    let facing = case.generals_face_at_start();
    boards
        .into_iter()
        .map(|board| Case::from_checked_board(case.number(), case.header(), board))
        .filter(|candidate| candidate.generals_face_at_start() == facing && check_promises(candidate).is_ok())
        .collect()
}
