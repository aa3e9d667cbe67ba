//! The smaller boards the two tasks' shrinkers try, step by step: each
//! piece taken away, two taken away, a piece made weaker, a piece moved a
//! step nearer the heart of the case. Each task's candidate list puts them
//! in its own order and keeps those that still keep its promises.

use crate::{Board, Offset, Piece, PieceKind, Square, SquareSet};

/// `board` without each of `pieces`, one at a time.
pub(crate) fn without_each(board: &Board, pieces: SquareSet) -> impl Iterator<Item = Board> + '_ {
    pieces.into_iter().map(|point| {
        let mut smaller = *board;
        smaller.remove(point);
        smaller
    })
}

/// `board` without each two of `pieces`.
pub(crate) fn without_pairs(board: &Board, pieces: SquareSet) -> impl Iterator<Item = Board> + '_ {
    pieces.into_iter().flat_map(move |first| {
        pieces.into_iter().filter(move |&second| second > first).map(move |second| {
            let mut smaller = *board;
            smaller.remove(first);
            smaller.remove(second);
            smaller
        })
    })
}

/// `board` with each of `pieces` replaced in turn by each kind `weaker`
/// gives for its own, the nearest first.
pub(crate) fn weakened<I: IntoIterator<Item = PieceKind>>(
    board: &Board,
    pieces: SquareSet,
    weaker: impl Fn(PieceKind) -> I,
) -> Vec<Board> {
    let mut boards = Vec::new();
    for point in pieces {
        let Some(piece) = board.piece_at(point) else { continue };
        for kind in weaker(piece.kind) {
            let mut weakened = *board;
            weakened.put(point, Piece::new(piece.color, kind));
            boards.push(weakened);
        }
    }
    boards
}

/// `board` with each of `pieces` moved one step to an empty point of
/// `steps(point)` that is nearer `heart`.
pub(crate) fn moved_nearer<I: IntoIterator<Item = Square>>(
    board: &Board,
    pieces: SquareSet,
    heart: Square,
    steps: impl Fn(Square) -> I,
) -> Vec<Board> {
    let mut boards = Vec::new();
    for point in pieces {
        for target in steps(point) {
            if board.piece_at(target).is_none() && target.distance(heart) < point.distance(heart) {
                let mut moved = *board;
                if let Some(piece) = moved.remove(point) {
                    moved.put(target, piece);
                    boards.push(moved);
                }
            }
        }
    }
    boards
}

/// The points one orthogonal step from `point`.
pub(crate) fn orthogonal_steps(point: Square) -> impl Iterator<Item = Square> {
    Offset::ORTHOGONAL.into_iter().filter_map(move |step| point.offset(step))
}
