//! Legal move generation.
//!
//! Pseudo-legal targets come from the board's piece rules; a move is legal
//! when afterwards the mover's general is not attacked (the facing generals
//! counting as an attack). Most moves cannot change that. When the side to
//! move is not in check, a move (which takes at most one piece off any line,
//! since a capture puts the mover in the captured piece's place) can only
//! expose its general by
//! - taking away the one piece between the general and an enemy chariot (or
//!   the enemy general, along the file);
//! - taking away one of the two pieces between the general and an enemy cannon;
//! - taking away the piece on a horse's leg next to the general, with an enemy
//!   horse behind it;
//! - putting a piece between the general and an enemy cannon with nothing
//!   between them, so completing the cannon's screen.
//!
//! [`Exposure`] finds those points once per position by walking the four rays
//! from the general. Only moves from or to them, general moves, and every move
//! out of check are tested, each by asking whether the general would be
//! attacked with the move's occupancy, without making the move.

use core::ops::ControlFlow;

use crate::attacks::{
    ADVISOR_STEPS, GENERAL_STEPS, HORSE_REACH, LINES, cannon_moves, chariot_attacks, elephant_attacks,
    horse_attack_groups, horse_attacks, nearest, ray, soldier_attacks,
};
use crate::{Move, MoveList, Piece, PieceKind, Position, Square, SquareSet};

/// The points where a move of the side to move, not in check, could expose its general.
struct Exposure {
    /// Own pieces whose leaving their point can expose the general.
    shields: SquareSet,
    /// Empty points where a piece would complete an enemy cannon's screen.
    screen_points: SquareSet,
}

impl Exposure {
    fn of(board: &crate::Board, general: Square, us: crate::Color) -> Exposure {
        let them = us.opponent();
        let occupied = board.occupied();
        let ours = board.by_color(us);
        let theirs = |kind: PieceKind| board.by_piece(Piece::new(them, kind));
        let (chariots, cannons, enemy_general) =
            (theirs(PieceKind::Chariot), theirs(PieceKind::Cannon), theirs(PieceKind::General));
        let mut exposure = Exposure { shields: SquareSet::EMPTY, screen_points: SquareSet::EMPTY };
        // A line with no enemy chariot, cannon or general on it exposes nothing.
        let threats = chariots | cannons | enemy_general;
        for direction in LINES {
            let line = ray(general, direction);
            if !line.intersects(threats) {
                continue;
            }
            let Some(first) = nearest(general, direction, occupied) else { continue };
            let beyond_first = ray(first, direction);
            if cannons.contains(first) {
                exposure.screen_points |= line - beyond_first.with(first);
            }
            let Some(second) = nearest(first, direction, occupied) else { continue };
            let line_sliders = if direction.is_vertical() { chariots | enemy_general } else { chariots };
            if line_sliders.contains(second) {
                exposure.shields |= SquareSet::from_square(first) & ours;
                continue;
            }
            let third = nearest(second, direction, occupied);
            if third.is_some_and(|third| cannons.contains(third)) {
                exposure.shields |= (SquareSet::from_square(first) | SquareSet::from_square(second)) & ours;
            }
        }
        let horses = theirs(PieceKind::Horse);
        if !HORSE_REACH.of(general).intersects(horses) {
            return exposure;
        }
        for group in horse_attack_groups(general) {
            if group.squares().intersects(horses) {
                exposure.shields |= group.blocking() & ours;
            }
        }
        exposure
    }

    /// The targets of a piece on `from` that may expose the general: all of
    /// them for a shield, else those that complete a cannon's screen.
    fn risky(&self, from: Square, targets: SquareSet) -> SquareSet {
        if self.shields.contains(from) { targets } else { targets & self.screen_points }
    }
}

impl Position {
    /// Calls `emit` with each piece of the side to move that has legal moves
    /// and the set of points it can legally go to; stops early on `Break`.
    fn for_each_legal_batch(
        &self,
        mut emit: impl FnMut(Square, SquareSet) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let board = self.board();
        let us = self.turn();
        let them = us.opponent();
        let occupied = board.occupied();
        let ours = board.by_color(us);
        let Some(general) = board.general(us) else { return ControlFlow::Continue(()) };
        let in_check = board.general_would_be_attacked(general, them, occupied, SquareSet::EMPTY);
        let exposure = if in_check {
            Exposure { shields: SquareSet::FULL, screen_points: SquareSet::FULL }
        } else {
            Exposure::of(board, general, us)
        };
        let safe = |from: Square, to: Square| board.general_safe_after(general, them, occupied, from, to);
        // Most moves cannot expose the general; the few that can are tried one by one.
        let mut batch = |from: Square, targets: SquareSet| {
            let risky = exposure.risky(from, targets);
            let legal = if risky.is_empty() {
                targets
            } else {
                (targets - risky) | risky.into_iter().filter(|&to| safe(from, to)).collect()
            };
            if legal.any() { emit(from, legal) } else { ControlFlow::Continue(()) }
        };

        // Kind by kind, so that each loop knows its piece's rule without asking the board.
        let own = |kind: PieceKind| board.by_kind(kind) & ours;
        for from in own(PieceKind::Chariot) {
            batch(from, chariot_attacks(from, occupied) - ours)?;
        }
        for from in own(PieceKind::Cannon) {
            batch(from, cannon_moves(from, occupied) - ours)?;
        }
        for from in own(PieceKind::Horse) {
            batch(from, horse_attacks(from, occupied) - ours)?;
        }
        for from in own(PieceKind::Elephant) {
            batch(from, elephant_attacks(from, us, occupied) - ours)?;
        }
        for from in own(PieceKind::Advisor) {
            batch(from, ADVISOR_STEPS.of(from) - ours)?;
        }
        for from in own(PieceKind::Soldier) {
            batch(from, soldier_attacks(from, us) - ours)?;
        }

        let legal: SquareSet = (GENERAL_STEPS.of(general) - ours)
            .into_iter()
            .filter(|&to| board.general_step_safe(general, to, them))
            .collect();
        if legal.any() {
            emit(general, legal)?;
        }
        ControlFlow::Continue(())
    }

    /// Every legal move of the side to move, in generation order (use
    /// `sort_unstable` for ICCS order).
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// let moves = Position::start().legal_moves();
    /// assert_eq!(moves.len(), 44);
    /// for mv in moves {
    ///     assert!(Position::start().is_legal(mv));
    /// }
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        let _ = self.for_each_legal_batch(|from, targets| {
            for to in targets {
                moves.push(Move::new(from, to));
            }
            ControlFlow::Continue(())
        });
        moves
    }

    /// The number of legal moves of the side to move, without listing them.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(xiangqi_rules::Position::start().count_legal_moves(), 44);
    /// ```
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut count = 0;
        let _ = self.for_each_legal_batch(|_, targets| {
            count += targets.len() as usize;
            ControlFlow::Continue(())
        });
        count
    }

    /// Whether the side to move has any legal move.
    ///
    /// # Examples
    /// ```
    /// assert!(xiangqi_rules::Position::start().has_legal_move());
    /// ```
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        // One legal move ends the question, and most positions have one
        // among their first few: each move is tried on its own, with no
        // [`Exposure`] worked out first (which pays only when every move is
        // listed). The general's steps come first: in check they are the
        // likeliest escapes; out of check they are few.
        let board = self.board();
        let us = self.turn();
        let them = us.opponent();
        let Some(general) = board.general(us) else { return false };
        let occupied = board.occupied();
        let ours = board.by_color(us);
        if (GENERAL_STEPS.of(general) - ours).into_iter().any(|to| board.general_step_safe(general, to, them))
        {
            return true;
        }
        let safe = |from: Square, to: Square| board.general_safe_after(general, them, occupied, from, to);
        let own = |kind: PieceKind| board.by_kind(kind) & ours;
        let pieces = [
            (PieceKind::Chariot, own(PieceKind::Chariot)),
            (PieceKind::Cannon, own(PieceKind::Cannon)),
            (PieceKind::Horse, own(PieceKind::Horse)),
            (PieceKind::Soldier, own(PieceKind::Soldier)),
            (PieceKind::Advisor, own(PieceKind::Advisor)),
            (PieceKind::Elephant, own(PieceKind::Elephant)),
        ];
        pieces.into_iter().any(|(kind, from_set)| {
            from_set.into_iter().any(|from| {
                let targets = board.piece_moves(from, Piece::new(us, kind), occupied) - ours;
                targets.into_iter().any(|to| safe(from, to))
            })
        })
    }

    /// The points the piece on `from` can legally move to (empty if it is not
    /// a piece of the side to move).
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::{Position, Square};
    ///
    /// let position = Position::start();
    /// let targets: Vec<String> = position.legal_targets("b0".parse()?).into_iter().map(|s| s.to_string()).collect();
    /// assert_eq!(targets, ["a2", "c2"]);
    /// assert!(position.legal_targets("b9".parse()?).is_empty(), "black is not to move");
    /// # Ok::<(), xiangqi_rules::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn legal_targets(&self, from: Square) -> SquareSet {
        let mut found = SquareSet::EMPTY;
        let _ = self.for_each_legal_batch(|square, targets| {
            if square == from {
                found = targets;
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found
    }

    /// Whether moving `piece` (of the side to move) by `mv`, a move its piece
    /// rules allow, leaves its general safe.
    pub(crate) fn is_safe(&self, mv: Move, piece: Piece) -> bool {
        let board = self.board();
        let them = self.turn().opponent();
        let after = board.occupied().without(mv.from).with(mv.to);
        let captured = SquareSet::from_square(mv.to);
        let general = if piece.kind == PieceKind::General { Some(mv.to) } else { self.general(self.turn()) };
        // No general (only an illegal move forced through play_unchecked
        // takes one): no move is safe, as none is generated.
        general.is_some_and(|general| !board.general_would_be_attacked(general, them, after, captured))
    }
}
