//! Shrinking a failing board.

use board_geometry::Offset;

use super::check_promises;
use crate::Square;
use crate::tasks::horse::Case;

/// Shrinks a board on which a program fails: returns the smallest board
/// found on which `still_fails` holds and which keeps the promises
/// ([`check_promises`]); `board` itself if no smaller one fails.
///
/// The search is [`board_geometry::shrink::shrink`]'s greedy loop over
/// these changes, tried in this order, each kept only if the board still
/// keeps every promise:
///
/// 1. one piece other than the black horse taken away (generals included);
/// 2. one piece other than the black horse moved one step (up, down, left
///    or right) to an empty point nearer the horse.
///
/// Each change lowers the number of pieces or, with the same number, the sum
/// of their distances (rows plus columns) to the horse, so the search ends;
/// the result has no single change left that still fails. The horse stays
/// where it is.
///
/// ```
/// use xiangqi_rules::tasks::horse::generate::{GenerateOptions, Generator, shrink};
/// use xiangqi_rules::tasks::horse::Rule;
///
/// // The smallest board, among the shrinkings of a generated pinned board,
/// // on which the horse still has no move.
/// let mut options = GenerateOptions::default();
/// options.pin_share = 1.0;
/// options.near_pin_share = 0.0;
/// let pinned = Generator::new(3, &options)?.next_case();
/// let small = shrink(&pinned, |board| board.moves(Rule::FlyingGeneralPin).is_empty());
/// assert!(small.moves(Rule::FlyingGeneralPin).is_empty());
/// assert!(small.board().occupied().len() <= 3, "the generals and the horse, or fewer pieces boxing it in");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shrink(board: &Case, still_fails: impl FnMut(&Case) -> bool) -> Case {
    board_geometry::shrink::shrink(*board, candidates, still_fails)
}

/// Distance in rows plus columns.
fn distance(a: Square, b: Square) -> u32 {
    let files = a.file().index().abs_diff(b.file().index());
    let ranks = a.rank().index().abs_diff(b.rank().index());
    u32::from(files) + u32::from(ranks)
}

/// The smaller variants of `board` that keep the promises, simplest first.
pub(super) fn candidates(board: &Case) -> Vec<Case> {
    let pieces = *board.board();
    let horse = board.horse();
    let others = pieces.occupied().without(horse);
    let mut boards = Vec::new();
    for point in others {
        let mut smaller = pieces;
        smaller.remove(point);
        boards.push(smaller);
    }
    for point in others {
        for step in Offset::ORTHOGONAL {
            let Some(target) = point.offset(step) else { continue };
            if pieces.piece_at(target).is_none() && distance(target, horse) < distance(point, horse) {
                let mut moved = pieces;
                if let Some(piece) = moved.remove(point) {
                    moved.put(target, piece);
                    boards.push(moved);
                }
            }
        }
    }
    boards
        .into_iter()
        .filter_map(|pieces| Case::new(pieces).ok())
        .filter(|candidate| check_promises(candidate).is_ok())
        .collect()
}
