//! Random endgames with few pieces: the solver's test and benchmark positions.

use board_geometry::random::Random;

use crate::problem::reachable;
use crate::{Color, Piece, PieceKind, Position, Setup, SquareSet};

/// A random legal position with the two generals and the pieces `red` and
/// `black` (kinds; the generals are added), `turn` to move: every piece on
/// a point its kind can reach, the side not to move not in check. The same
/// generator state gives the same position on every machine.
///
/// Returns `None` if no such position turned up in a thousand tries (a
/// side with more pieces of a kind than a game has, say).
///
/// ```
/// use board_geometry::random::Random;
/// use xiangqi_rules::{Color, PieceKind};
/// use xiangqi_rules::solve::random_endgame;
///
/// let mut random = Random::new(7);
/// let position = random_endgame(&mut random, &[PieceKind::Chariot, PieceKind::Horse], &[PieceKind::Advisor], Color::Red)
///     .expect("a chariot and a horse against an advisor fit on the board");
/// assert_eq!(position.board().occupied().len(), 5);
/// ```
#[must_use]
pub fn random_endgame(
    random: &mut Random,
    red: &[PieceKind],
    black: &[PieceKind],
    turn: Color,
) -> Option<Position> {
    for _ in 0..1000 {
        let mut setup = Setup::empty(turn);
        let pieces = [(Color::Red, PieceKind::General), (Color::Black, PieceKind::General)]
            .into_iter()
            .chain(red.iter().map(|&kind| (Color::Red, kind)))
            .chain(black.iter().map(|&kind| (Color::Black, kind)));
        let mut placed = true;
        for (color, kind) in pieces {
            let free: SquareSet = reachable(color, kind) - setup.board.occupied();
            let count = free.len() as usize;
            match free.into_iter().nth(random.index(count)) {
                Some(square) if count > 0 => {
                    setup.board.put(square, Piece::new(color, kind));
                }
                _ => placed = false,
            }
        }
        if !placed {
            continue;
        }
        if let Ok(position) = Position::from_setup(setup) {
            return Some(position);
        }
    }
    None
}
