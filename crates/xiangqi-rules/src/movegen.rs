//! Legal move generation.
//!
//! Pseudo-legal targets come from the board's piece rules; a move is legal
//! when afterwards the mover's general is not attacked (the facing generals
//! counting as an attack). Most moves cannot change that: when the side to
//! move is not in check, a move can only expose its general if it leaves the
//! general's rank or file (unblocking a chariot, cannon or the other general),
//! leaves one of the general's diagonal neighbours (unblocking a horse's leg),
//! or lands on the general's rank or file (completing a cannon's screen). Only
//! those moves, general moves, and every move out of check are tested, each by
//! asking whether the general would be attacked with the move's occupancy,
//! without making the move.

use core::ops::ControlFlow;

use crate::attacks::{corners, general_steps, lines};
use crate::{Move, MoveList, Piece, PieceKind, Position, Square, SquareSet};

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
        let general_lines = lines(general);
        let exposing_from = general_lines | corners(general);
        let safe = |from: Square, to: Square| {
            !board.general_would_be_attacked(
                general,
                them,
                occupied.without(from).with(to),
                SquareSet::from_square(to),
            )
        };

        for from in ours.without(general) {
            let Some(piece) = board.piece_at(from) else { continue };
            let targets = board.piece_moves(from, piece, occupied) - ours;
            let legal = if in_check || exposing_from.contains(from) {
                targets.into_iter().filter(|&to| safe(from, to)).collect()
            } else {
                let risky = targets & general_lines;
                (targets - risky) | risky.into_iter().filter(|&to| safe(from, to)).collect()
            };
            if legal.any() {
                emit(from, legal)?;
            }
        }

        let vacated = occupied.without(general);
        let legal: SquareSet = (general_steps(general) - ours)
            .into_iter()
            .filter(|&to| {
                !board.general_would_be_attacked(to, them, vacated.with(to), SquareSet::from_square(to))
            })
            .collect();
        if legal.any() {
            emit(general, legal)?;
        }
        ControlFlow::Continue(())
    }

    /// Every legal move of the side to move, in generation order (use
    /// `sort_unstable` for ICCS order).
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
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.for_each_legal_batch(|_, _| ControlFlow::Break(())).is_break()
    }

    /// The points the piece on `from` can legally move to (empty if it is not
    /// a piece of the side to move).
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
        let general = if piece.kind == PieceKind::General { mv.to } else { self.general(self.turn()) };
        !board.general_would_be_attacked(general, them, after, captured)
    }
}
