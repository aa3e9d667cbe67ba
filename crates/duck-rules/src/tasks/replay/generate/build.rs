//! Playing the game of one log (see the module docs).

use board_geometry::random::Random;

use super::{GenerateOptions, Log};
use crate::rules::reach;
use crate::{Color, Move, PieceKind, Position, Square, SquareSet};

/// The chance that a side seeking the end of the game plays a check when it
/// cannot take the captain (and, failing that, a move toward the captain).
const CHECK_CHANCE: f64 = 0.8;

/// How many valid commands the end of a game is given room for: a game
/// sought to its end takes some twenty moves from the start, fewer later.
const VALID_TO_END: f64 = 40.0;

/// The chance that a blocked command is tried with a duck first.
const DUCK_CHANCE: f64 = 0.5;

/// The ways a command goes wrong, with their weights.
const INVALID_KINDS: [(Invalid, u64); 6] = [
    (Invalid::Blocked, 4),
    (Invalid::NotToMove, 2),
    (Invalid::CannotMoveSo, 2),
    (Invalid::EmptySource, 1),
    (Invalid::OwnPiece, 1),
    (Invalid::NullMove, 1),
];

/// A way a command goes wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Invalid {
    /// A piece in the way: leg, eye, a duck's point, a point before a car's target.
    Blocked,
    /// A piece of the side not to move, sent where it could go on its turn.
    NotToMove,
    /// A piece sent where its kind never goes.
    CannotMoveSo,
    /// Nothing on the source point.
    EmptySource,
    /// A piece sent onto its own side's piece.
    OwnPiece,
    /// A piece sent to its own point.
    NullMove,
}

/// One random point of `set`, or `None` if it is empty.
fn pick(random: &mut Random, set: SquareSet) -> Option<Square> {
    set.into_iter().nth(random.index(set.len() as usize))
}

/// The corner point (0,0).
const CORNER: Square = match Square::from_index(0) {
    Some(square) => square,
    None => unreachable!(),
};

/// One random point of the board.
fn any_point(random: &mut Random) -> Square {
    pick(random, SquareSet::FULL).unwrap_or(CORNER)
}

/// The log of one game.
pub(super) fn log(random: &mut Random, options: &GenerateOptions) -> Log {
    let length = options.commands;
    let ending_from = if random.chance(options.end_share) {
        // Room for about VALID_TO_END valid commands after the start of the end.
        let room = (VALID_TO_END / options.valid_share.max(0.01)).ceil() as usize;
        let high = length.saturating_sub(room).max(length / 4);
        let low = (length / 4).min(high);
        Some(usize::try_from(random.between(low as i64, high as i64)).unwrap_or(low))
    } else {
        None
    };
    let mut position = Position::start();
    let mut commands = Vec::with_capacity(length);
    for index in 0..length {
        let command = if position.is_game_over() {
            // Moves that would have been valid, of either side.
            let color = if random.chance(0.5) { Color::Red } else { Color::Blue };
            plausible(random, &position, color)
                .unwrap_or_else(|| Move::new(any_point(random), any_point(random)))
        } else if random.chance(options.valid_share) {
            let seeking = ending_from.is_some_and(|from| index >= from);
            valid(random, &position, seeking).unwrap_or_else(|| invalid(random, &position))
        } else {
            invalid(random, &position)
        };
        // Whether the command is valid is the judge's business; the game goes on either way.
        let _ = position.play(command);
        commands.push(command);
    }
    Log::new(commands)
}

/// Distance in rows plus columns.
fn distance(a: Square, b: Square) -> u32 {
    u32::from(a.file().index().abs_diff(b.file().index()))
        + u32::from(a.rank().index().abs_diff(b.rank().index()))
}

/// A valid move: when `seeking` the end, taking the captain if possible, and
/// otherwise most of the time giving check if possible, or else moving a
/// piece nearer the other captain; when not seeking, never taking the captain.
fn valid(random: &mut Random, position: &Position, seeking: bool) -> Option<Move> {
    let moves = position.legal_moves();
    let mover = position.turn();
    let enemy_captain = position.captain(!mover)?;
    let takes_captain = |mv: &Move| mv.to == enemy_captain;
    let pool: Vec<Move> = if seeking {
        let winning: Vec<Move> = moves.iter().copied().filter(takes_captain).collect();
        if winning.is_empty() {
            let checks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&mv| {
                    let mut after = *position;
                    after.play_unchecked(mv);
                    after.is_attacked(enemy_captain, mover)
                })
                .collect();
            let approaches: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| distance(mv.to, enemy_captain) < distance(mv.from, enemy_captain))
                .collect();
            if !checks.is_empty() && random.chance(CHECK_CHANCE) {
                checks
            } else if !approaches.is_empty() && random.chance(CHECK_CHANCE) {
                approaches
            } else {
                moves.to_vec()
            }
        } else {
            winning
        }
    } else {
        let quiet: Vec<Move> = moves.iter().copied().filter(|mv| !takes_captain(mv)).collect();
        if quiet.is_empty() { moves.to_vec() } else { quiet }
    };
    random.pick(&pool).copied()
}

/// A move of a piece of `color` to a point its movement reaches with the
/// pieces where they are (not onto its own side's pieces): valid if it is
/// `color`'s turn and the game goes on.
fn plausible(random: &mut Random, position: &Position, color: Color) -> Option<Move> {
    let board = position.board();
    let own = board.by_color(color);
    let from = pick(random, own)?;
    let kind = board.piece_at(from)?.kind;
    let to = pick(random, reach(kind, from, board.occupied()) - own)?;
    Some(Move::new(from, to))
}

/// An invalid command, built to be invalid in one of the ways of [`Invalid`].
fn invalid(random: &mut Random, position: &Position) -> Move {
    let total: u64 = INVALID_KINDS.iter().map(|(_, weight)| weight).sum();
    let mut draw = random.below(total);
    let mut kind = Invalid::NullMove;
    for (candidate, weight) in INVALID_KINDS {
        if draw < weight {
            kind = candidate;
            break;
        }
        draw -= weight;
    }
    let built = build_invalid(random, position, kind);
    match built.filter(|&mv| position.check_move(mv).is_err()) {
        Some(mv) => mv,
        None => {
            // A zero-length move is never valid, whatever stands there.
            let point =
                pick(random, position.board().by_color(position.turn())).unwrap_or_else(|| any_point(random));
            Move::new(point, point)
        }
    }
}

fn build_invalid(random: &mut Random, position: &Position, kind: Invalid) -> Option<Move> {
    let board = position.board();
    let mover = position.turn();
    let own = board.by_color(mover);
    let occupied = board.occupied();
    let own_piece = |random: &mut Random| -> Option<(Square, PieceKind)> {
        let from = pick(random, own)?;
        Some((from, board.piece_at(from)?.kind))
    };
    match kind {
        Invalid::Blocked => {
            let blocked = |from: Square| {
                board.piece_at(from).map_or(SquareSet::EMPTY, |piece| {
                    reach(piece.kind, from, SquareSet::EMPTY) - reach(piece.kind, from, occupied) - own
                })
            };
            let ducks = own & board.by_kind(PieceKind::Duck);
            let blocked_ducks: SquareSet = ducks.into_iter().filter(|&duck| blocked(duck).any()).collect();
            let sources = if blocked_ducks.any() && random.chance(DUCK_CHANCE) {
                blocked_ducks
            } else {
                own.into_iter().filter(|&from| blocked(from).any()).collect()
            };
            let from = pick(random, sources)?;
            Some(Move::new(from, pick(random, blocked(from))?))
        }
        Invalid::NotToMove => plausible(random, position, !mover),
        Invalid::CannotMoveSo => {
            let (from, kind) = own_piece(random)?;
            let never = !(reach(kind, from, SquareSet::EMPTY) | own);
            Some(Move::new(from, pick(random, never)?))
        }
        Invalid::EmptySource => {
            let from = pick(random, !occupied)?;
            Some(Move::new(from, any_point(random)))
        }
        Invalid::OwnPiece => {
            let (from, kind) = own_piece(random)?;
            let friends = reach(kind, from, occupied) & own;
            let to = pick(random, friends).or_else(|| pick(random, own.without(from)))?;
            Some(Move::new(from, to))
        }
        Invalid::NullMove => {
            let (from, _) = own_piece(random)?;
            Some(Move::new(from, from))
        }
    }
}
