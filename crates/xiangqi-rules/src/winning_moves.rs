//! The moves that may end the game at once: what a mate search plays at its
//! leaves, where it asks "does any move mate now?" of every position.
//!
//! A move ends a xiangqi game when it leaves the opponent no legal move,
//! in check (checkmate) or not (stalemate, which loses too). A move that
//! gives check is always a candidate. A quiet move is one only if it takes
//! away every move the opponent has, and most quiet moves plainly cannot:
//! pick a move the opponent could play now, were it to move (a spare move);
//! a quiet move touching none of the points that move depends on leaves it
//! legal. Those points are
//! - for a step of the general to `s`: the points whose occupancy decides
//!   whether a general on `s` is attacked: `s`, its file and rank, where a
//!   horse attacks it from, and those horses' legs;
//! - for a move of another piece from `a` to `b`: `a`, `b`, the points it
//!   passes (a slider's line, a horse's leg, an elephant's eye), the
//!   general's file or rank where `a` or `b` stands on it, and, when `a` is
//!   a horse's leg next to the general, the horse points and legs around
//!   it ([`piece_move_points`] says why no more).
//!
//! So the quiet candidates are the moves touching every one of a few spare
//! moves' points, usually none. The checks are found without making the
//! moves ([`Checks`]). The tests below check each part against playing the
//! moves.

use crate::attacks::{
    GENERAL_SAFETY, GENERAL_STEPS, HORSE_LEGS, HORSE_REACH, LINES, between_on_line, chariot_attacks,
    elephant_eye, horse_attack_groups, horse_attackers, horse_leg, nearest, ray, soldier_attackers,
};
use crate::{Board, Color, Move, MoveList, Piece, PieceKind, Position, Square, SquareSet};

/// The most spare moves whose points are worked out: the general's steps
/// (at most four) and one move of each of a few other pieces.
const MOST_SPARES: usize = 8;

impl Position {
    /// The legal moves that may end the game at once, a superset of those
    /// that do: every move that gives check, and the quiet moves that could
    /// take the opponent's last move away. The rest, most quiet moves, are
    /// left out without being played. What [`Game::winning_move_candidates`](crate::Game::winning_move_candidates)
    /// answers for xiangqi, and the mate solver's leaves play.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// let position: Position = "3k5/9/9/9/9/9/9/9/R8/4K4 w".parse()?;
    /// let candidates: Vec<String> = position.winning_move_candidates().iter().map(|mv| mv.to_string()).collect();
    /// // The chariot's checks, and the general's steps that could box the black general in.
    /// assert!(candidates.contains(&"a1d1".to_string()));
    /// assert!(!candidates.contains(&"a1a0".to_string()), "far from the general: it cannot stalemate");
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn winning_move_candidates(&self) -> MoveList {
        let board = self.board();
        let us = self.turn();
        let them = us.opponent();
        let occupied = board.occupied();
        let (Some(our_general), Some(their_general)) = (board.general(us), board.general(them)) else {
            return self.legal_moves();
        };
        // The opponent in check with us to move is a position no game
        // reaches; the reasoning below assumes it is not, so such a position
        // gets every move.
        if board.general_would_be_attacked(their_general, us, occupied, SquareSet::EMPTY) {
            return self.legal_moves();
        }
        let (spares, count) = self.spare_move_points(their_general);
        let spares = &spares[..count];
        if spares.is_empty() {
            return self.legal_moves();
        }
        let checks = Checks::of(board, their_general, us);
        // A move touching nothing around our general, out of check, cannot
        // expose it: only the others are asked.
        let exposing = if self.is_check() { SquareSet::FULL } else { GENERAL_SAFETY.of(our_general) };
        let ours = board.by_color(us);
        let mut moves = MoveList::new();
        for from in ours {
            let Some(piece) = board.piece_at(from) else { continue };
            let targets = board.piece_moves(from, piece, occupied) - ours;
            // Where a move from `from` must go to touch every spare move.
            let touching = spares
                .iter()
                .filter(|points| !points.contains(from))
                .fold(SquareSet::FULL, |touching, &points| touching & points);
            let candidates =
                (targets & touching) | checks.checking(board, from, piece.kind, targets - touching);
            let may_expose = piece.kind == PieceKind::General || exposing.contains(from);
            for to in candidates {
                let mv = Move::new(from, to);
                if !(may_expose || exposing.contains(to)) || self.is_safe(mv, piece) {
                    moves.push(mv);
                }
            }
        }
        moves
    }

    /// The points each of a few legal moves of the opponent (as if it were
    /// to move now, and not in check) depends on, at most [`MOST_SPARES`];
    /// the count comes second. A move of a piece away from the general's
    /// surroundings, to a point also away from them, depends on its own
    /// points alone and needs no test of the general's safety: two such
    /// moves are enough, since a quiet move rarely touches both. Without
    /// them, the general's steps and the first legal move of each other
    /// piece.
    fn spare_move_points(&self, general: Square) -> ([SquareSet; MOST_SPARES], usize) {
        const FAR_ENOUGH: usize = 2;
        let board = self.board();
        let us = self.turn();
        let them = us.opponent();
        let occupied = board.occupied();
        let theirs = board.by_color(them);
        let around = GENERAL_SAFETY.of(general);
        let mut spares = [SquareSet::EMPTY; MOST_SPARES];
        let mut count = 0;
        for from in theirs - around {
            let Some(piece) = board.piece_at(from) else { continue };
            let free = board.piece_moves(from, piece, occupied) - theirs - around;
            if let Some(to) = free.first() {
                spares[count] = piece_move_points(general, piece, from, to);
                count += 1;
                if count == FAR_ENOUGH {
                    break;
                }
            }
        }
        if count > 0 {
            return (spares, count);
        }
        for step in GENERAL_STEPS.of(general) - theirs {
            if board.general_step_safe(general, step, us) {
                spares[count] = spare_points(board, general, Move::new(general, step));
                count += 1;
            }
        }
        for from in (theirs & around).without(general) {
            let Some(piece) = board.piece_at(from) else { continue };
            let targets = board.piece_moves(from, piece, occupied) - theirs;
            let Some(to) =
                targets.into_iter().find(|&to| board.general_safe_after(general, us, occupied, from, to))
            else {
                continue;
            };
            spares[count] = spare_points(board, general, Move::new(from, to));
            count += 1;
            if count == MOST_SPARES {
                break;
            }
        }
        (spares, count)
    }
}

/// Where the side to move gives check from, worked out once for a position
/// in which the other general is not in check, so that most moves are
/// answered by a set lookup and only those that may uncover an attack are
/// tried one by one.
struct Checks {
    general: Square,
    /// The side giving the checks.
    us: Color,
    /// The pieces whose moves may uncover an attack (the one piece between
    /// the general and an own chariot, the two before an own cannon, an own
    /// horse's leg), and an own cannon facing the general with nothing
    /// between: their moves are tried one by one.
    uncovering: SquareSet,
    /// Where a chariot sees the general.
    chariot: SquareSet,
    /// Where a cannon would have exactly one screen before the general.
    cannon: SquareSet,
    /// Where a horse attacks the general, its leg empty.
    horse: SquareSet,
    /// Where a soldier attacks the general.
    soldier: SquareSet,
    /// The empty points between the general and an own cannon with nothing
    /// between them: any piece stepping there becomes the screen.
    screen: SquareSet,
}

impl Checks {
    fn of(board: &Board, general: Square, us: Color) -> Checks {
        let occupied = board.occupied();
        let ours = board.by_color(us);
        let own = |kind: PieceKind| board.by_piece(Piece::new(us, kind));
        let (our_chariots, our_cannons) = (own(PieceKind::Chariot), own(PieceKind::Cannon));
        let (mut cannon, mut screen, mut uncovering) = (SquareSet::EMPTY, SquareSet::EMPTY, SquareSet::EMPTY);
        for direction in LINES {
            let Some(first) = nearest(general, direction, occupied) else { continue };
            let beyond = ray(first, direction);
            let second = nearest(first, direction, occupied);
            cannon |= match second {
                Some(second) => beyond - ray(second, direction),
                None => beyond,
            };
            if our_cannons.contains(first) {
                // Any piece stepping between becomes its screen; and the
                // cannon itself, capturing away from the general over a
                // screen, leaves that screen as its one: tried move by move.
                screen |= ray(general, direction) - beyond.with(first);
                uncovering = uncovering.with(first);
            }
            let Some(second) = second else { continue };
            if our_chariots.contains(second) {
                uncovering |= SquareSet::from_square(first) & ours;
            }
            if nearest(second, direction, occupied).is_some_and(|third| our_cannons.contains(third)) {
                uncovering |= (SquareSet::from_square(first) | SquareSet::from_square(second)) & ours;
            }
        }
        let our_horses = own(PieceKind::Horse);
        if HORSE_REACH.of(general).intersects(our_horses) {
            for group in horse_attack_groups(general) {
                if group.squares().intersects(our_horses) {
                    uncovering |= group.blocking() & ours;
                }
            }
        }
        Checks {
            general,
            us,
            uncovering,
            chariot: chariot_attacks(general, occupied),
            cannon,
            horse: horse_attackers(general, occupied),
            soldier: soldier_attackers(general, us),
            screen,
        }
    }

    /// The points of `targets` where the piece of kind `kind` on `from`
    /// gives check.
    fn checking(&self, board: &Board, from: Square, kind: PieceKind, targets: SquareSet) -> SquareSet {
        if self.uncovering.contains(from) {
            return targets
                .into_iter()
                .filter(|&to| board.gives_check_by(self.general, self.us, from, to))
                .collect();
        }
        // Any other move uncovers nothing (a chariot's line or a cannon's
        // screens lose no piece, no horse's leg is cleared), and the moved
        // piece's own attack is decided by the occupancy as it stands: its
        // from point, if on the line it checks along, lies between it and
        // the general only when it moves away, and then it was checking
        // already (a cannon with nothing between is tried one by one).
        let direct = match kind {
            PieceKind::Chariot => self.chariot,
            PieceKind::Cannon => self.cannon,
            PieceKind::Horse => self.horse,
            PieceKind::Soldier => self.soldier,
            PieceKind::General | PieceKind::Advisor | PieceKind::Elephant => SquareSet::EMPTY,
        };
        targets & (direct | self.screen)
    }
}

/// The points a legal move `mv` of the side not to move (as if it were to
/// move, out of check), its general standing on `general`, depends on: a
/// quiet move of the side to move touching none of them leaves `mv` legal.
fn spare_points(board: &Board, general: Square, mv: Move) -> SquareSet {
    match board.piece_at(mv.from) {
        Some(piece) if piece.kind != PieceKind::General => piece_move_points(general, piece, mv.from, mv.to),
        // The general's step is legal while its new point is not attacked.
        _ => GENERAL_SAFETY.of(mv.to),
    }
}

/// The points a legal move of `piece` (not the general) from `from` to `to`
/// depends on, its general standing on `general`: the move's own points
/// (from, to, and those it passes), the general's lines through either,
/// and, when `from` is a horse's leg next to the general, the horses'
/// points and legs around it. Another side's quiet move whose from and to
/// points are outside these leaves the move legal: an attack on the general
/// that only the two moves together open must run along a line (or over a
/// leg) that both touch, and the general's lines that the move does not
/// touch are left to the other move alone, which gives no check.
fn piece_move_points(general: Square, piece: Piece, from: Square, to: Square) -> SquareSet {
    let mut points = passed(piece, from, to).with(from).with(to);
    for end in [from, to] {
        if end.file() == general.file() {
            points |= SquareSet::file(general.file());
        }
        if end.rank() == general.rank() {
            points |= SquareSet::rank(general.rank());
        }
    }
    if HORSE_LEGS.of(general).contains(from) {
        points |= HORSE_REACH.of(general) | HORSE_LEGS.of(general);
    }
    points
}

/// The points a move of `piece` from `from` to `to` passes over and needs
/// empty: a slider's line between, a horse's leg, an elephant's eye.
fn passed(piece: Piece, from: Square, to: Square) -> SquareSet {
    match piece.kind {
        PieceKind::Chariot | PieceKind::Cannon => between_on_line(from, to),
        PieceKind::Horse => horse_leg(from, to),
        PieceKind::Elephant => elephant_eye(from, to),
        PieceKind::General | PieceKind::Advisor | PieceKind::Soldier => None,
    }
    .unwrap_or(SquareSet::EMPTY)
}

// The random endgames come with the solver.
#[cfg(all(test, feature = "solve"))]
mod tests {
    use board_geometry::random::{Random, RandomGame};

    use crate::solve::random_endgame;
    use crate::{Color, PieceKind, Position, SquareSet};

    /// Positions where moves end games and pins matter: random endgames with
    /// pieces of every kind on both sides, a few random plies on from them,
    /// and the middle of random games from the start.
    fn positions(seed: u64, count: usize) -> Vec<Position> {
        use PieceKind::{Advisor, Cannon, Chariot, Elephant, Horse, Soldier};
        const ATTACKERS: [&[PieceKind]; 6] = [
            &[Chariot],
            &[Horse, Soldier],
            &[Cannon, Advisor, Soldier],
            &[Chariot, Cannon],
            &[Horse, Horse, Cannon],
            &[Soldier, Soldier, Elephant],
        ];
        const DEFENDERS: [&[PieceKind]; 6] =
            [&[], &[Advisor], &[Advisor, Elephant], &[Horse], &[Cannon, Advisor], &[Chariot, Soldier]];
        let mut random = Random::new(seed);
        let mut positions = Vec::new();
        while positions.len() < count {
            let attackers = ATTACKERS[random.index(ATTACKERS.len())];
            let defenders = DEFENDERS[random.index(DEFENDERS.len())];
            let turn = if random.chance(0.5) { Color::Red } else { Color::Black };
            let (red, black) =
                if turn == Color::Red { (attackers, defenders) } else { (defenders, attackers) };
            let Some(endgame) = random_endgame(&mut random, red, black, turn) else { continue };
            let plies = random.index(3);
            positions.push(*RandomGame::play(endgame, &mut random, plies).end());
            let plies = 10 + random.index(150);
            positions.push(*RandomGame::play(Position::start(), &mut random, plies).end());
        }
        positions
    }

    #[test]
    fn every_move_that_ends_the_game_or_gives_check_is_a_candidate() {
        let (mut moves, mut ending, mut left_out) = (0, 0, 0);
        for position in positions(17, 20_000) {
            let candidates = position.winning_move_candidates();
            let their_general = position.board().general(position.turn().opponent());
            for mv in &candidates {
                assert!(position.is_legal(*mv), "{mv} is a candidate from {position} but not legal");
            }
            for mv in position.legal_moves() {
                let mut after = position;
                after.play_unchecked(mv);
                let ends = !after.has_legal_move();
                let kept = candidates.contains(&mv);
                assert!(kept || !ends, "{mv} ends the game from {position} but is left out");
                assert!(kept || !after.is_check(), "{mv} gives check from {position} but is left out");
                if let Some(general) = their_general {
                    let asked = position.board().gives_check_by(general, position.turn(), mv.from, mv.to);
                    assert_eq!(asked, after.is_check(), "whether {mv} gives check from {position}");
                }
                moves += 1;
                ending += usize::from(ends);
                left_out += usize::from(!kept);
            }
        }
        // The test sees games end, and the filter leaves most moves out.
        assert!(ending > 500, "{ending} moves of {moves} end the game");
        assert!(left_out > moves / 2, "{left_out} of {moves} moves left out");
    }

    /// The reasoning itself, move by move: whatever legal move the side not
    /// to move has (were it to move), every quiet move of the side to move
    /// touching none of that move's points leaves it legal.
    #[test]
    fn a_quiet_move_away_from_a_spare_moves_points_leaves_it_legal() {
        let mut pairs = 0;
        for position in positions(29, 12_000) {
            let mut flipped = crate::Setup::from(position);
            flipped.turn = flipped.turn.opponent();
            let Ok(flipped) = Position::from_setup(flipped) else { continue };
            let Some(general) = flipped.board().general(flipped.turn()) else { continue };
            if flipped.is_check() {
                continue;
            }
            for spare in flipped.legal_moves() {
                let points = super::spare_points(position.board(), general, spare);
                for mv in position.legal_moves() {
                    if points.contains(mv.from) || points.contains(mv.to) {
                        continue;
                    }
                    let mut after = position;
                    after.play_unchecked(mv);
                    if after.is_check() {
                        continue;
                    }
                    assert!(
                        after.is_legal(spare),
                        "{mv} from {position} takes away {spare}, away from its points"
                    );
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 1_000_000, "{pairs} pairs");
    }

    /// The checks worked out once agree, move by move, with playing the
    /// move and asking.
    #[test]
    fn the_checks_worked_out_once_are_the_moves_that_give_check() {
        let mut checks_seen = 0;
        for position in positions(41, 12_000) {
            let board = position.board();
            let us = position.turn();
            let Some(general) = board.general(us.opponent()) else { continue };
            if board.general_would_be_attacked(general, us, board.occupied(), SquareSet::EMPTY) {
                continue;
            }
            let checks = super::Checks::of(board, general, us);
            for mv in position.legal_moves() {
                let Some(piece) = board.piece_at(mv.from) else { continue };
                let said = checks.checking(board, mv.from, piece.kind, SquareSet::from_square(mv.to)).any();
                let mut after = position;
                after.play_unchecked(mv);
                assert_eq!(said, after.is_check(), "whether {mv} gives check from {position}");
                checks_seen += usize::from(said);
            }
        }
        assert!(checks_seen > 5_000, "{checks_seen} checks");
    }
}
