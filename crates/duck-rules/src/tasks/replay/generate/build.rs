//! Playing the game of one log (see the module docs).

use board_geometry::random::{Draw, Random};

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

/// The ways a command goes wrong, each as often as it is listed.
const INVALID_KINDS: [Invalid; 11] = [
    Invalid::Blocked,
    Invalid::Blocked,
    Invalid::Blocked,
    Invalid::Blocked,
    Invalid::NotToMove,
    Invalid::NotToMove,
    Invalid::CannotMoveSo,
    Invalid::CannotMoveSo,
    Invalid::EmptySource,
    Invalid::OwnPiece,
    Invalid::NullMove,
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

impl Draw for GenerateOptions {
    type Case = Log;

    /// The log of one game.
    fn draw(&self, random: &mut Random) -> Log {
        let length = self.commands;
        let ending_from = if random.chance(self.end_share) {
            // Room for about VALID_TO_END valid commands after the start of the end.
            // Never in the first quarter, so that every log has a middle game.
            let room = (VALID_TO_END / self.valid_share.max(0.01)).ceil() as usize;
            let earliest = length / 4;
            let latest = length.saturating_sub(room).max(earliest);
            Some(usize::try_from(random.between(earliest as i64, latest as i64)).unwrap_or(earliest))
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
            } else if random.chance(self.valid_share) {
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
                .filter(|mv| mv.to.distance(enemy_captain) < mv.from.distance(enemy_captain))
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
    let kind = random.pick(&INVALID_KINDS).copied().unwrap_or(Invalid::NullMove);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;

    /// Positions along random games in which no captain is taken.
    fn positions(seed: u64, count: usize) -> Vec<Position> {
        let mut random = Random::new(seed);
        let mut found = Vec::new();
        while found.len() < count {
            let mut position = Position::start();
            for _ in 0..random.index(80) {
                let captain = position.captain(!position.turn());
                let quiet: Vec<Move> =
                    position.legal_moves().iter().copied().filter(|mv| Some(mv.to) != captain).collect();
                let Some(&mv) = random.pick(&quiet) else { break };
                position.play(mv).unwrap();
            }
            if !position.is_game_over() {
                found.push(position);
            }
        }
        found
    }

    /// Shares of moves drawn by `valid` when seeking the end: of checks in
    /// positions that offer one, and of moves nearer the captain in positions
    /// that offer no check; each beside the share of such moves among all.
    #[test]
    fn a_side_seeking_the_end_takes_the_captain_or_mostly_checks_or_comes_nearer() {
        let mut random = Random::new(5);
        let (mut checks, mut checking_positions) = ((0usize, 0usize), 0.0);
        let (mut nearer, mut quiet_positions) = ((0usize, 0usize), 0.0);
        let mut takes = 0;
        for position in positions(4, 400) {
            let mover = position.turn();
            let captain = position.captain(!mover).unwrap();
            let moves = position.legal_moves().to_vec();
            let gives_check = |mv: Move| {
                let mut after = position;
                after.play_unchecked(mv);
                after.is_attacked(captain, mover)
            };
            let comes_nearer = |mv: Move| mv.to.distance(captain) < mv.from.distance(captain);
            let share = |test: &dyn Fn(Move) -> bool| {
                moves.iter().filter(|&&mv| test(mv)).count() as f64 / moves.len() as f64
            };
            let can_take = moves.iter().any(|mv| mv.to == captain);
            let can_check = share(&gives_check) > 0.0;
            for _ in 0..10 {
                let mv = valid(&mut random, &position, true).expect("a side with moves has a valid one");
                assert!(moves.contains(&mv), "{mv} in {position}");
                if can_take {
                    assert_eq!(mv.to, captain, "{position}");
                    takes += 1;
                } else if can_check {
                    checks = (checks.0 + usize::from(gives_check(mv)), checks.1 + 1);
                    checking_positions += share(&gives_check);
                } else {
                    nearer = (nearer.0 + usize::from(comes_nearer(mv)), nearer.1 + 1);
                    quiet_positions += share(&comes_nearer);
                }
            }
        }
        let (check_share, nearer_share) =
            (checks.0 as f64 / checks.1 as f64, nearer.0 as f64 / nearer.1 as f64);
        let (checks_by_chance, nearer_by_chance) =
            (checking_positions / checks.1 as f64, quiet_positions / nearer.1 as f64);
        assert!(takes > 0 && checks.1 > 500 && nearer.1 > 500, "{takes} {checks:?} {nearer:?}");
        assert!(check_share > 0.75, "{check_share} of moves check, {checks_by_chance} by chance");
        // Mostly, not always: a log holds other moves too.
        assert!(
            (0.8..0.97).contains(&nearer_share),
            "{nearer_share} of moves come nearer, {nearer_by_chance} by chance"
        );
    }

    #[test]
    fn a_side_not_seeking_the_end_never_takes_the_captain() {
        let mut random = Random::new(6);
        let mut could = 0;
        for position in positions(7, 1000) {
            let captain = position.captain(!position.turn()).unwrap();
            let moves = position.legal_moves();
            if !moves.iter().any(|mv| mv.to == captain) {
                continue;
            }
            could += 1;
            for _ in 0..10 {
                let mv = valid(&mut random, &position, false).unwrap();
                assert_ne!(mv.to, captain, "{position}");
            }
        }
        assert!(could > 20, "{could} positions where the captain could be taken");
    }

    #[test]
    fn each_way_of_going_wrong_is_refused_for_that_reason() {
        use crate::IllegalMove;
        let mut random = Random::new(10);
        let (mut built, mut duck_moves, mut blocked_with_a_duck) = ([0usize; 6], 0usize, 0usize);
        for position in positions(11, 300) {
            let board = position.board();
            let own = board.by_color(position.turn());
            let blocked = |from: Square| {
                let kind = board.piece_at(from).unwrap().kind;
                (reach(kind, from, SquareSet::EMPTY) - reach(kind, from, board.occupied()) - own).any()
            };
            let any_blocked = own.into_iter().any(blocked);
            let duck_blocked = own
                .into_iter()
                .any(|from| blocked(from) && board.piece_at(from).unwrap().kind == PieceKind::Duck);
            for (index, kind) in [
                Invalid::Blocked,
                Invalid::NotToMove,
                Invalid::CannotMoveSo,
                Invalid::EmptySource,
                Invalid::OwnPiece,
                Invalid::NullMove,
            ]
            .into_iter()
            .enumerate()
            {
                let Some(mv) = build_invalid(&mut random, &position, kind) else {
                    assert!(
                        !(kind == Invalid::Blocked && any_blocked),
                        "a blocked piece is there: {position}"
                    );
                    continue;
                };
                built[index] += 1;
                let refused = position.check_move(mv).expect_err("built to be invalid");
                let as_built = match kind {
                    Invalid::Blocked => matches!(refused, IllegalMove::Blocked { .. }),
                    Invalid::NotToMove => matches!(refused, IllegalMove::NotToMove { .. }),
                    Invalid::CannotMoveSo => matches!(refused, IllegalMove::CannotMoveSo { .. }),
                    Invalid::EmptySource => matches!(refused, IllegalMove::NoPiece { .. }),
                    Invalid::OwnPiece => matches!(refused, IllegalMove::OwnPiece { .. }),
                    Invalid::NullMove => matches!(refused, IllegalMove::NullMove { .. }),
                };
                assert!(as_built, "{kind:?} built {mv}, refused as {refused} in {position}");
                if kind == Invalid::Blocked && duck_blocked {
                    blocked_with_a_duck += 1;
                    duck_moves += usize::from(board.piece_at(mv.from).unwrap().kind == PieceKind::Duck);
                }
            }
        }
        assert!(built.iter().all(|&count| count > 100), "{built:?}");
        // A blocked duck moves about half the time (DUCK_CHANCE); other pieces otherwise.
        let share = duck_moves as f64 / blocked_with_a_duck as f64;
        assert!(
            blocked_with_a_duck > 50 && (0.4..0.8).contains(&share),
            "{duck_moves} of {blocked_with_a_duck}"
        );
    }

    #[test]
    fn plausible_moves_are_valid_for_their_side() {
        let mut random = Random::new(8);
        let mut found = 0;
        for position in positions(9, 200) {
            for color in [Color::Red, Color::Blue] {
                // None when the piece drawn cannot move.
                let Some(mv) = plausible(&mut random, &position, color) else { continue };
                found += 1;
                let turned = Position::try_from(Setup { turn: color, ..*position.setup() }).unwrap();
                assert_eq!(turned.check_move(mv), Ok(()), "{mv} for {color} in {position}");
            }
        }
        assert!(found > 300, "{found} plausible moves");
    }
}
