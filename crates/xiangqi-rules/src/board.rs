//! Piece placement: which piece stands on which point.

use core::fmt;

use crate::attacks::{
    ADVISOR_STEPS, GENERAL_STEPS, HORSE_REACH, LINES, LINES_THROUGH, between_on_line, cannon_captures,
    chariot_attacks, elephant_attacks, file_attacks, horse_attackers, horse_attacks, nearest, ray,
    soldier_attackers, soldier_attacks,
};
use board_geometry::{Captured, Direction, HashKey, NineByTen, Placement};

use crate::{Color, Piece, PieceKind, Square, SquareSet};

/// Where the pieces stand: any arrangement at all, with no rule checked.
///
/// The board keeps both a mailbox (the piece on each point) and square sets
/// per colour and per kind, kept in step by [`Board::put`] and [`Board::remove`].
/// Move and attack questions asked of a board follow the piece rules alone
/// (palace, river, leg, eye, screen); whether a move leaves its own general in
/// check is a question for a [`Position`](crate::Position).
///
/// ```
/// use xiangqi_rules::{Board, Color, Piece, PieceKind, Square};
///
/// let mut board = Board::empty();
/// let e0: Square = "e0".parse()?;
/// let e9: Square = "e9".parse()?;
/// board.put(e0, Piece::new(Color::Red, PieceKind::General));
/// board.put(e9, Piece::new(Color::Black, PieceKind::General));
/// assert!(board.generals_face_each_other());
/// // The red general "attacks" e9 along the open file (the flying-general rule).
/// assert!(board.attackers(e9, Color::Red).contains(e0));
/// # Ok::<(), xiangqi_rules::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    placement: Placement<NineByTen, Color, PieceKind>,
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board { placement: Placement::empty() }
    }

    /// The starting arrangement.
    #[must_use]
    pub fn start() -> Board {
        let mut board = Board::empty();
        let back = [
            PieceKind::Chariot,
            PieceKind::Horse,
            PieceKind::Elephant,
            PieceKind::Advisor,
            PieceKind::General,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Chariot,
        ];
        for color in Color::ALL {
            let rank = |r: i64| if color == Color::Red { r } else { 9 - r };
            let mut place = |file: i64, r: i64, kind| {
                if let Some(square) = Square::from_coords(file, rank(r)) {
                    board.put(square, Piece::new(color, kind));
                }
            };
            for (file, kind) in (0..).zip(back) {
                place(file, 0, kind);
            }
            place(1, 2, PieceKind::Cannon);
            place(7, 2, PieceKind::Cannon);
            for file in [0, 2, 4, 6, 8] {
                place(file, 3, PieceKind::Soldier);
            }
        }
        board
    }

    /// The piece on `square`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.placement.piece_at(square)
    }

    /// Puts `piece` on `square`, returning the piece that stood there before.
    #[inline]
    pub fn put(&mut self, square: Square, piece: Piece) -> Option<Piece> {
        self.placement.put(square, piece)
    }

    /// Takes the piece off `square`, returning it.
    #[inline]
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        self.placement.remove(square)
    }

    /// Moves the piece on `from` to `to`, returning what it captures.
    #[inline(always)]
    pub(crate) fn move_piece(&mut self, from: Square, to: Square) -> Captured<Color, PieceKind> {
        self.placement.move_piece(from, to)
    }

    /// Takes back [`Board::move_piece`], which captured `captured`.
    #[inline(always)]
    pub(crate) fn unmove_piece(&mut self, from: Square, to: Square, captured: Captured<Color, PieceKind>) {
        self.placement.unmove_piece(from, to, captured);
    }

    /// The Zobrist key of this board with `to_move` to move (see
    /// [`Position::zobrist_hash`](crate::Position::zobrist_hash)), kept up to date by every
    /// change to the board rather than counted.
    #[inline]
    #[must_use]
    pub fn hash_key(&self, to_move: Color) -> HashKey {
        self.placement.hash_key(to_move)
    }

    /// Every occupied point.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        self.placement.occupied()
    }

    /// The points holding pieces of `color`.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> SquareSet {
        self.placement.by_color(color)
    }

    /// The points holding pieces of `kind`, of either colour.
    #[inline]
    #[must_use]
    pub fn by_kind(&self, kind: PieceKind) -> SquareSet {
        self.placement.by_kind(kind)
    }

    /// The points holding `piece`.
    #[inline]
    #[must_use]
    pub fn by_piece(&self, piece: Piece) -> SquareSet {
        self.placement.by_piece(piece)
    }

    /// The point of `color`'s general (the lowest-indexed one if there are several).
    #[must_use]
    pub fn general(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, PieceKind::General)).first()
    }

    /// Every piece with its point, in point-index order (rank 0 first, each rank left to right).
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.placement.pieces()
    }

    /// Whether the two generals stand on one file with no piece between them.
    #[must_use]
    pub fn generals_face_each_other(&self) -> bool {
        match (self.general(Color::Red), self.general(Color::Black)) {
            (Some(red), Some(black)) => file_attacks(red, self.occupied()).contains(black),
            _ => false,
        }
    }

    /// The points the piece on `from` can move to by the piece rules alone
    /// (palace, river, leg, eye, cannon screen; never onto its own side's
    /// pieces), with no regard for its own general's safety. Empty if `from` is empty.
    ///
    /// The flying-general capture is not a move here: two facing generals
    /// make a position illegal, which [`Position`](crate::Position) rules out.
    #[must_use]
    pub fn moves_from(&self, from: Square) -> SquareSet {
        match self.piece_at(from) {
            Some(piece) => self.piece_moves(from, piece, self.occupied()) - self.by_color(piece.color),
            None => SquareSet::EMPTY,
        }
    }

    /// Where `piece` on `from` could go given `occupied`, including onto pieces of its own side.
    #[inline]
    pub(crate) fn piece_moves(&self, from: Square, piece: Piece, occupied: SquareSet) -> SquareSet {
        match piece.kind {
            PieceKind::General => GENERAL_STEPS.of(from),
            PieceKind::Advisor => ADVISOR_STEPS.of(from),
            PieceKind::Elephant => elephant_attacks(from, piece.color, occupied),
            PieceKind::Horse => horse_attacks(from, occupied),
            PieceKind::Chariot => chariot_attacks(from, occupied),
            PieceKind::Cannon => {
                (chariot_attacks(from, occupied) - occupied) | cannon_captures(from, occupied)
            }
            PieceKind::Soldier => soldier_attacks(from, piece.color),
        }
    }

    /// The pieces of `attacker` that could capture on `target`: every piece
    /// whose move reaches it (a cannon by its jump), plus the general along an
    /// open file, as the flying-general rule lets it capture the other general.
    /// Whatever stands on `target` does not matter.
    #[must_use]
    pub fn attackers(&self, target: Square, attacker: Color) -> SquareSet {
        let occupied = self.occupied();
        let theirs = self.by_color(attacker);
        let kind = |kind: PieceKind| self.by_kind(kind) & theirs;
        let mut attackers = (chariot_attacks(target, occupied) & kind(PieceKind::Chariot))
            | (file_attacks(target, occupied) & kind(PieceKind::General))
            | (cannon_captures(target, occupied) & kind(PieceKind::Cannon))
            | (horse_attackers(target, occupied) & kind(PieceKind::Horse))
            | (soldier_attackers(target, attacker) & kind(PieceKind::Soldier))
            | (GENERAL_STEPS.of(target) & kind(PieceKind::General))
            | (ADVISOR_STEPS.of(target) & kind(PieceKind::Advisor));
        for elephant in kind(PieceKind::Elephant) {
            if elephant_attacks(elephant, attacker, occupied).contains(target) {
                attackers.insert(elephant);
            }
        }
        attackers
    }

    /// Whether the general on `general` may step to `to` (taking what stands
    /// there) without being attacked by `attacker` there.
    #[inline]
    pub(crate) fn general_step_safe(&self, general: Square, to: Square, attacker: Color) -> bool {
        let occupied = self.occupied().without(general).with(to);
        !self.general_would_be_attacked(to, attacker, occupied, SquareSet::from_square(to))
    }

    /// Whether the general on `general` stays unattacked by `attacker` when a
    /// piece other than the general moves from `from` to `to` (taking what
    /// stands there), `occupied` being the occupancy before the move.
    #[inline]
    pub(crate) fn general_safe_after(
        &self,
        general: Square,
        attacker: Color,
        occupied: SquareSet,
        from: Square,
        to: Square,
    ) -> bool {
        !self.general_would_be_attacked(
            general,
            attacker,
            occupied.without(from).with(to),
            SquareSet::from_square(to),
        )
    }

    /// Whether a general standing on `target` would be attacked by `attacker`,
    /// with `occupied` as the occupancy and the pieces on `captured` gone.
    ///
    /// Only chariots, cannons, horses, soldiers and the facing general are
    /// tried: advisors, elephants and a general's steps never leave their own
    /// palace or half, so they never reach the other side's general.
    #[inline]
    pub(crate) fn general_would_be_attacked(
        &self,
        target: Square,
        attacker: Color,
        occupied: SquareSet,
        captured: SquareSet,
    ) -> bool {
        let theirs = self.by_color(attacker) - captured;
        general_attacked(target, attacker, occupied, |kind| self.by_kind(kind) & theirs)
    }

    /// Whether moving the piece of `mover` on `from` to `to` (a move its
    /// rules allow) would attack the other side's general on `target`:
    /// whether the move gives check, asked without making it.
    #[inline]
    pub(crate) fn gives_check_by(&self, target: Square, mover: Color, from: Square, to: Square) -> bool {
        let Some(moving) = self.piece_at(from) else { return false };
        let ours = self.by_color(mover).without(from);
        let occupied = self.occupied().without(from).with(to);
        general_attacked(target, mover, occupied, |kind| {
            let standing = self.by_kind(kind) & ours;
            if kind == moving.kind { standing.with(to) } else { standing }
        })
    }

    /// Whether `piece`, standing on `from`, could move to `to` by its own
    /// rules: [`Board::moves_from`] asked of one point. Sliders are decided
    /// by the points between alone.
    #[inline]
    pub(crate) fn can_move(&self, from: Square, piece: Piece, to: Square) -> bool {
        if self.by_color(piece.color).contains(to) {
            return false;
        }
        let occupied = self.occupied();
        match piece.kind {
            PieceKind::Chariot => {
                between_on_line(from, to).is_some_and(|between| !between.intersects(occupied))
            }
            PieceKind::Cannon => between_on_line(from, to)
                .is_some_and(|between| (between & occupied).len() == u32::from(occupied.contains(to))),
            _ => self.piece_moves(from, piece, occupied).contains(to),
        }
    }
}

/// Whether a general on `target` is attacked by `attacker`'s pieces, `kind`
/// giving where they stand (of each kind), with `occupied` as the occupancy:
/// the attack test of [`Board::general_would_be_attacked`] and
/// [`Board::gives_check_by`], which differ in the pieces they see.
#[inline(always)]
fn general_attacked(
    target: Square,
    attacker: Color,
    occupied: SquareSet,
    kind: impl Fn(PieceKind) -> SquareSet,
) -> bool {
    if (soldier_attackers(target, attacker) & kind(PieceKind::Soldier)).any() {
        return true;
    }
    // Each kind is looked for where it could stand on an empty board
    // first: mostly it is not there, and the walks are skipped.
    let horses = kind(PieceKind::Horse);
    if HORSE_REACH.of(target).intersects(horses) && (horse_attackers(target, occupied) & horses).any() {
        return true;
    }
    let chariots = kind(PieceKind::Chariot);
    let cannons = kind(PieceKind::Cannon);
    let generals = kind(PieceKind::General);
    let sliders = chariots | cannons | generals;
    if !LINES_THROUGH.of(target).intersects(sliders) {
        return false;
    }
    // Line by line, and only the lines a slider stands on: the nearest
    // piece is a chariot's (or on the file, the facing general's)
    // target, the one beyond it a cannon's.
    for direction in LINES {
        let line = ray(target, direction);
        if !line.intersects(sliders) {
            continue;
        }
        let Some(first) = nearest(target, direction, occupied) else { continue };
        let straight = match direction {
            Direction::Up | Direction::Down => chariots | generals,
            _ => chariots,
        };
        if straight.contains(first) {
            return true;
        }
        if line.intersects(cannons)
            && nearest(first, direction, occupied).is_some_and(|second| cannons.contains(second))
        {
            return true;
        }
    }
    false
}

impl Default for Board {
    fn default() -> Self {
        Board::start()
    }
}

impl fmt::Debug for Board {
    /// The board as FEN placement text, e.g. `Board(rnbakabnr/9/.../RNBAKABNR)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.placement)
    }
}

impl fmt::Display for Board {
    /// The board part of a FEN: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.placement, f)
    }
}

#[cfg(test)]
mod tests {
    use board_geometry::testing::square;

    use super::*;

    #[test]
    fn put_and_remove_keep_every_view_in_step() {
        let mut board = Board::start();
        assert_eq!(board.occupied().len(), 32);
        assert_eq!(board.by_color(Color::Red).len(), 16);
        assert_eq!(board.by_kind(PieceKind::Soldier).len(), 10);
        assert_eq!(board.general(Color::Black), Some(square("e9")));
        let chariot = board.remove(square("a0")).unwrap();
        assert_eq!(chariot, Piece::new(Color::Red, PieceKind::Chariot));
        let captured = board.put(square("a9"), chariot);
        assert_eq!(captured, Some(Piece::new(Color::Black, PieceKind::Chariot)));
        assert_eq!(
            board.by_piece(Piece::new(Color::Black, PieceKind::Chariot)),
            SquareSet::from_square(square("i9"))
        );
        assert_eq!(board.occupied().len(), 31);
        for (sq, piece) in board.pieces() {
            assert!(board.by_color(piece.color).contains(sq));
            assert!(board.by_kind(piece.kind).contains(sq));
        }
        assert_eq!(board.pieces().count(), 31);
    }

    #[test]
    fn moves_follow_the_piece_rules_from_the_start() {
        let board = Board::start();
        let names = |set: SquareSet| set.into_iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            names(board.moves_from(square("b2"))),
            ["b1", "a2", "c2", "d2", "e2", "f2", "g2", "b3", "b4", "b5", "b6", "b9"]
        );
        assert_eq!(names(board.moves_from(square("b0"))), ["a2", "c2"]);
        assert_eq!(names(board.moves_from(square("c0"))), ["a2", "e2"]);
        assert_eq!(names(board.moves_from(square("d0"))), ["e1"]);
        assert_eq!(names(board.moves_from(square("e0"))), ["e1"]);
        assert_eq!(names(board.moves_from(square("a0"))), ["a1", "a2"]);
        assert_eq!(names(board.moves_from(square("e3"))), ["e4"]);
        assert_eq!(names(board.moves_from(square("e4"))), Vec::<String>::new());
    }

    #[test]
    fn attackers_include_the_flying_general_and_cannon_jumps() {
        let mut board = Board::empty();
        let put = |board: &mut Board, name: &str, letter: char| {
            board.put(square(name), Piece::from_letter(letter).unwrap())
        };
        put(&mut board, "e0", 'K');
        put(&mut board, "e9", 'k');
        put(&mut board, "e5", 'C');
        put(&mut board, "e2", 'R');
        assert_eq!(
            board.attackers(square("e9"), Color::Red),
            SquareSet::EMPTY,
            "the rook and general are screened"
        );
        board.remove(square("e5"));
        // With e5 empty the chariot on e2 attacks e9 directly; the general is behind it.
        assert_eq!(board.attackers(square("e9"), Color::Red), SquareSet::from_square(square("e2")));
        put(&mut board, "e7", 'n');
        assert_eq!(board.attackers(square("e9"), Color::Red), SquareSet::EMPTY);
        put(&mut board, "e1", 'C');
        // Cannon on e1 jumps the chariot on e2? No: it needs exactly one piece between it and
        // the target; e2 and e7 are two.
        assert_eq!(board.attackers(square("e9"), Color::Red), SquareSet::EMPTY);
        board.remove(square("e2"));
        assert_eq!(board.attackers(square("e9"), Color::Red), SquareSet::from_square(square("e1")));
    }

    #[test]
    fn debug_shows_the_placement() {
        assert_eq!(
            format!("{:?}", Board::start()),
            "Board(rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR)"
        );
    }

    #[test]
    fn a_general_attacks_the_point_next_to_it_on_its_file_once() {
        // The general's step and its reach along the open file name the same point.
        let board: Board = *"4k4/4R4/9/9/9/9/9/9/9/3K5 b".parse::<crate::Position>().unwrap().board();
        assert_eq!(board.attackers(square("e8"), Color::Black), SquareSet::from_square(square("e9")));
        assert_eq!(board.attackers(square("d9"), Color::Black), SquareSet::from_square(square("e9")));
        assert_eq!(board.attackers(square("e7"), Color::Black), SquareSet::EMPTY, "the chariot screens it");
    }
}
