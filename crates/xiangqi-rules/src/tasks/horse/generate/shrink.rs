//! Shrinking a failing board.

use super::check_promises;
use crate::tasks::horse::Case;
use crate::tasks::smaller::{moved_nearer, orthogonal_steps, weakened, without_each, without_pairs};
use crate::{Board, PieceKind};

/// Shrinks a board on which a program fails: returns the smallest board
/// found on which `still_fails` holds and which keeps the promises
/// ([`check_promises`]); `board` itself if no smaller one fails.
///
/// The search is [`board_geometry::shrink::shrink`]'s greedy loop over
/// these changes, tried in this order, each kept only if the board still
/// keeps every promise:
///
/// 1. one piece other than the black horse taken away (generals included);
/// 2. two such pieces taken away at once (for a failure that needs either
///    of two pieces, where taking away one alone mends it);
/// 3. one piece other than the black horse and the generals replaced by a
///    weaker kind of its colour, the nearest first along chariot, cannon,
///    horse, then elephant, advisor and soldier (the weakest, each where
///    its kind can stand);
/// 4. one piece other than the black horse moved one step (up, down, left
///    or right) to an empty point nearer the horse.
///
/// Each change makes the board smaller in this order of measures: the number
/// of pieces, then the sum of their strengths (chariot 4, cannon 3, horse 2,
/// elephant, advisor and soldier 1; the generals do not change), then the
/// sum of their distances (rows plus columns) to the horse. Taking pieces
/// away lowers the first, a weaker kind the second with the first the same,
/// a step nearer the third with the others the same; so the search ends,
/// and the result has no single change left that still fails. The horse
/// stays where it is.
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

/// How strong a kind is, for the order in which pieces are weakened:
/// chariot, cannon, horse, then the rest; the generals are not weakened.
fn strength(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Chariot => 4,
        PieceKind::Cannon => 3,
        PieceKind::Horse => 2,
        PieceKind::Elephant | PieceKind::Advisor | PieceKind::Soldier => 1,
        PieceKind::General => 0,
    }
}

/// The kinds weaker than `kind`, the nearest first.
fn weaker(kind: PieceKind) -> impl Iterator<Item = PieceKind> {
    const BY_STRENGTH: [PieceKind; 6] = [
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Horse,
        PieceKind::Elephant,
        PieceKind::Advisor,
        PieceKind::Soldier,
    ];
    BY_STRENGTH.into_iter().filter(move |&other| strength(other) < strength(kind) && strength(other) > 0)
}

/// The smaller variants of `board` that keep the promises, simplest first.
pub(super) fn candidates(board: &Case) -> Vec<Case> {
    let pieces = *board.board();
    let horse = board.horse();
    let others = pieces.occupied().without(horse);
    let mut boards: Vec<Board> =
        without_each(&pieces, others).chain(without_pairs(&pieces, others)).collect();
    boards.extend(weakened(&pieces, others, weaker));
    boards.extend(moved_nearer(&pieces, others, horse, orthogonal_steps));
    boards
        .into_iter()
        .filter_map(|pieces| Case::new(pieces).ok())
        .filter(|candidate| check_promises(candidate).is_ok())
        .collect()
}
