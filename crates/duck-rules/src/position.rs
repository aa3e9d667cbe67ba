//! Positions: a board that a game of duck chess can reach, with the side to move,
//! and the rules that move its pieces.

use core::fmt;
use core::str::FromStr;

use board_geometry::Obstacle;

use crate::rules::{attacked, path, reach};
use crate::{
    Board, Color, IllegalMove, Move, MoveList, Outcome, Piece, PieceKind, PositionError, Problem,
    RepetitionKey, Setup, SetupError, Square, SquareSet, Undo,
};

/// A position of duck chess: the pieces on the board and the side to move,
/// checked to be one a game can reach (see [`Position::from_setup`]).
///
/// The rules live here. A move is legal when the game is not over, the source
/// point holds a piece of the side to move, and that piece can move to the
/// target by its [`movement`](PieceKind::movement) without landing on a piece
/// of its own side; an enemy piece on the target is removed. There is no palace,
/// no river, no flying-captain rule, and no rule against leaving one's own
/// captain attacked. The game ends when a captain is removed; the turn still
/// passes to the loser, who has no moves.
///
/// A position is a small `Copy` value (a [`Board`] and the side to move): a
/// search can copy it, or play moves in place and take them back
/// ([`Position::play_unchecked`], [`Position::unplay`]). Once the game is
/// over, [`Position::turn`] is the side that lost its captain.
///
/// A position holds no clock, so `Eq` and `Hash` already compare what the
/// repetition of a position means: the same pieces on the same points, the
/// same side to move. [`Position::zobrist_hash`] is its Zobrist key (kept up to date
/// by every move, equal for equal positions however they were reached), and
/// [`Position::repetition_key`] the same key and test as in `xiangqi-rules`:
///
/// ```
/// use duck_rules::Position;
///
/// let mut position = Position::start();
/// for mv in ["b0c2", "b9c7", "c2b0", "c7b9"] {
///     position.play(mv.parse()?)?;
/// }
/// assert_eq!(position, Position::start());
/// assert_eq!(position.zobrist_hash(), Position::start().zobrist_hash());
/// assert_eq!(position.repetition_key(), Position::start().repetition_key());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The methods every game's position has in the same words (`setup`,
/// `board`, `turn`, `zobrist_hash`, `repetition_key`, the pictures, and the [`Game`](crate::Game)
/// trait) are written once in `board-geometry` (its `impl_position!` macro).
///
/// ```
/// use duck_rules::{Color, Position};
///
/// let mut position = Position::start();
/// assert_eq!(position.legal_moves().len(), 43);
/// position.play("c3c2".parse()?)?; // soldiers may step backwards
/// assert_eq!(position.turn(), Color::Blue);
/// assert!(position.play("a3a4".parse()?).is_err()); // red is not to move
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    setup: Setup,
}

// Its own key, so that a duck position never shares a key with a xiangqi one.
board_geometry::impl_position!(duck_rules::Position, game_key: board_geometry::HashKey::game("duck chess"));

impl Position {
    /// The initial position of the task, red to move.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{INITIAL_POSITION, Position};
    ///
    /// assert_eq!(Position::start().to_string(), INITIAL_POSITION);
    /// assert_eq!(Position::start(), Position::default());
    /// ```
    #[must_use]
    pub fn start() -> Position {
        Position { setup: Setup::start() }
    }

    /// The position `setup` describes, if a game can reach it (also
    /// `Position::try_from(setup)`): no side has more pieces of a kind than it
    /// starts with, at least one captain is on the board, and if one captain
    /// is gone, its side is the one to move (the other side removed it with
    /// the last move).
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{Position, Setup};
    ///
    /// let setup: Setup = "4R4/9/9/9/9/9/9/9/9/4K4 r".parse()?;
    /// assert_eq!(
    ///     Position::from_setup(setup).unwrap_err().to_string(),
    ///     "blue's captain has been removed, so red made the last move and blue must be the side to move"
    /// );
    /// # Ok::<(), duck_rules::ParseSetupError>(())
    /// ```
    ///
    /// # Errors
    /// Every problem found, in one [`PositionError`].
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let board = &setup.board;
        let mut problems = Vec::new();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let count = board.by_piece(Piece::new(color, kind)).len();
                if count > u32::from(kind.initial_count()) {
                    let count = u8::try_from(count).unwrap_or(u8::MAX);
                    problems.push(Problem::TooMany { color, kind, count });
                }
            }
        }
        let captain = |color| board.by_piece(Piece::new(color, PieceKind::Captain)).any();
        match (captain(Color::Red), captain(Color::Blue)) {
            (false, false) => problems.push(Problem::NoCaptains),
            (false, true) if setup.turn != Color::Red => {
                problems.push(Problem::WrongTurnAfterEnd { loser: Color::Red });
            }
            (true, false) if setup.turn != Color::Blue => {
                problems.push(Problem::WrongTurnAfterEnd { loser: Color::Blue });
            }
            _ => {}
        }
        if problems.is_empty() { Ok(Position { setup }) } else { Err(PositionError::new(problems)) }
    }

    /// Where `color`'s captain stands, or `None` once it has been removed.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{COORDINATES, Color, Position};
    ///
    /// assert_eq!(Position::start().captain(Color::Blue), COORDINATES.square(9, 4));
    /// ```
    #[must_use]
    pub fn captain(&self, color: Color) -> Option<Square> {
        self.board().by_piece(Piece::new(color, PieceKind::Captain)).first()
    }

    /// How the game has ended, or `None` while both captains stand.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{Color, Outcome, Position};
    ///
    /// assert_eq!(Position::start().outcome(), None);
    /// let over: Position = "4R4/9/9/9/9/9/9/9/9/4K4 b".parse()?;
    /// assert_eq!(over.outcome(), Some(Outcome::CaptainTaken { winner: Color::Red }));
    /// # Ok::<(), duck_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_game_over() {
            return None;
        }
        // The one captain left is the winner's.
        let red_stands = self.captain(Color::Red).is_some();
        Some(Outcome::CaptainTaken { winner: if red_stands { Color::Red } else { Color::Blue } })
    }

    /// Whether a captain has been removed, which ends the game.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::Position;
    ///
    /// assert!(!Position::start().is_game_over());
    /// assert!("4R4/9/9/9/9/9/9/9/9/4K4 b".parse::<Position>()?.is_game_over());
    /// # Ok::<(), duck_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        // A position has at most one captain a side and at least one in all.
        !self.board().by_kind(PieceKind::Captain).more_than_one()
    }

    /// Whether some piece of `by` could move onto `square` if an enemy piece stood there.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{COORDINATES, Color, Position};
    ///
    /// let in_front = COORDINATES.square(4, 0).unwrap();
    /// assert!(Position::start().is_attacked(in_front, Color::Red), "the soldier on a3 steps there");
    /// assert!(!Position::start().is_attacked(in_front, Color::Blue));
    /// ```
    #[must_use]
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        attacked(self.board(), square, by)
    }

    /// Whether the position is a check: the game goes on and some piece of
    /// either side could move onto the other side's captain. Two captains on an
    /// open column do not attack each other; two orthogonally adjacent ones do.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::Position;
    ///
    /// assert!(!Position::start().is_check());
    /// assert!("4k4/9/9/9/9/9/9/9/9/R3K4 r".parse::<Position>().is_ok_and(|p| !p.is_check()));
    /// assert!("4k4/9/9/9/9/9/9/9/9/4KR3 r".parse::<Position>().is_ok_and(|p| !p.is_check()));
    /// assert!("R3k4/9/9/9/9/9/9/9/9/4K4 b".parse::<Position>().is_ok_and(|p| p.is_check()));
    /// ```
    #[must_use]
    pub fn is_check(&self) -> bool {
        match (self.captain(Color::Red), self.captain(Color::Blue)) {
            (Some(red), Some(blue)) => {
                self.is_attacked(red, Color::Blue) || self.is_attacked(blue, Color::Red)
            }
            _ => false,
        }
    }

    /// The points the piece on `from` can move to, if it belongs to the side
    /// to move and the game goes on; empty otherwise.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{COORDINATES, Position};
    ///
    /// let horse = COORDINATES.square(0, 1).unwrap();
    /// let targets: Vec<String> = Position::start().legal_targets(horse).into_iter().map(|s| s.to_string()).collect();
    /// assert_eq!(targets, ["c2"], "only c2: the guard on d0 hobbles the jump to d1");
    /// ```
    #[must_use]
    pub fn legal_targets(&self, from: Square) -> SquareSet {
        match self.board().piece_at(from) {
            Some(piece) if piece.color == self.turn() && !self.is_game_over() => self.targets_of(piece, from),
            _ => SquareSet::EMPTY,
        }
    }

    #[inline]
    fn targets_of(&self, piece: Piece, from: Square) -> SquareSet {
        let board = self.board();
        reach(piece.kind, from, board.occupied()) - board.by_color(piece.color)
    }

    /// Whether `mv` is a legal move here.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::Position;
    ///
    /// assert!(Position::start().is_legal("d0e1".parse()?));
    /// assert!(!Position::start().is_legal("a0a7".parse()?), "the duck on a2 is in the way");
    /// # Ok::<(), duck_rules::ParseMoveError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_targets(mv.from).contains(mv.to)
    }

    /// Why `mv` is not legal here, or `Ok` if it is.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{IllegalMove, Position};
    ///
    /// let position = Position::start();
    /// assert_eq!(position.check_move("d0e1".parse()?), Ok(()));
    /// let why = position.check_move("a0a7".parse()?).unwrap_err();
    /// assert!(matches!(why, IllegalMove::Blocked { .. }));
    /// assert_eq!(why.to_string(), "the red car on a0 cannot reach a7: the piece on a2 is in the way");
    /// # Ok::<(), duck_rules::ParseMoveError>(())
    /// ```
    ///
    /// # Errors
    /// Why the move is illegal, checked in this order: the game is over, the
    /// source is empty, the piece there is the other side's, the target is the
    /// source, a piece of the mover's side is on the target, the piece does not
    /// move that way, or something is in its way.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        self.pieces_of(mv).map(|_| ())
    }

    /// What [`Position::check_move`] says, with the piece that would move and
    /// the piece it would remove when the move is legal.
    #[inline]
    fn pieces_of(&self, mv: Move) -> Result<(Piece, Option<Piece>), IllegalMove> {
        let board = self.board();
        let piece = IllegalMove::check_basics(self.outcome(), self.turn(), mv, |at| board.piece_at(at))?;
        let removed = board.piece_at(mv.to);
        let Some(path) = path(piece.kind, mv.from, mv.to) else {
            return Err(IllegalMove::CannotMoveSo { piece, mv });
        };
        let in_the_way = path & board.occupied();
        if in_the_way.any() {
            let nearest = if mv.from < mv.to { in_the_way.first() } else { in_the_way.last() };
            if let Some(by) = nearest {
                return Err(IllegalMove::Blocked { piece, mv, by, obstacle: Obstacle::Piece });
            }
        }
        Ok((piece, removed))
    }

    /// Plays `mv` if it is legal; otherwise says why not and changes nothing
    /// (the same side is still to move).
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{Color, IllegalMove, Position};
    ///
    /// let mut position = Position::start();
    /// position.play("d0e1".parse()?)?;
    /// assert_eq!(position.turn(), Color::Blue);
    /// let refused = position.play("a0a1".parse()?);
    /// assert!(matches!(refused, Err(IllegalMove::NotToMove { .. })));
    /// assert_eq!(position.turn(), Color::Blue, "a refused move changes nothing");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Ignoring the result is a warning, so a refused move cannot pass unseen:
    ///
    /// ```compile_fail
    /// #![deny(unused_must_use)]
    /// let mut position = duck_rules::Position::start();
    /// position.play("d0e1".parse().unwrap());
    /// ```
    ///
    /// # Errors
    /// Why the move is illegal; see [`Position::check_move`].
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.play_reporting(mv).map(|_| ())
    }

    /// Plays `mv` if it is legal, as [`Position::play`] does, and returns the
    /// piece that moved and the enemy piece it removed, if any.
    #[inline]
    pub(crate) fn play_reporting(&mut self, mv: Move) -> Result<(Piece, Option<Piece>), IllegalMove> {
        let (piece, removed) = self.pieces_of(mv)?;
        let board = &mut self.setup.board;
        board.remove(mv.from);
        board.put(mv.to, piece);
        self.setup.turn = !self.setup.turn;
        Ok((piece, removed))
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves`], say),
    /// without checking it: the fast way for searches. Use [`Position::play`]
    /// for moves from outside.
    ///
    /// Returns what [`Position::unplay`] needs to take the move back; a
    /// search that copies positions instead can drop it.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::{Position, perft};
    ///
    /// let position = Position::start();
    /// let leaves: u64 = position.legal_moves().into_iter().map(|mv| {
    ///     let mut child = position;
    ///     child.play_unchecked(mv);
    ///     child.legal_moves().len() as u64
    /// }).sum();
    /// assert_eq!(leaves, perft(&position, 2));
    /// ```
    ///
    /// # Panics
    /// In debug builds, if `mv` is not legal here. In release builds, if no
    /// piece stands on `mv.from` or `mv.to` is `mv.from`; any other illegal
    /// move is played as given and leaves an unspecified position (a
    /// captain may even be taken), on which the position's methods
    /// (`legal_moves`, `is_check`, `outcome`, `captain`) still answer
    /// without panicking (the game is over once a captain is gone).
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        debug_assert!(self.is_legal(mv), "play_unchecked: {mv} is not a legal move in {self}");
        let captured = self.setup.board.move_piece(mv.from, mv.to);
        self.setup.turn = !self.setup.turn;
        Undo::new(mv, captured, ()).played_into(self.zobrist_hash())
    }

    /// Takes back the last move played, from what
    /// [`Position::play_unchecked`] returned for it: the position is again
    /// exactly what it was. The way back for a search that plays and takes
    /// back moves in one position rather than copying it.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::Position;
    ///
    /// let mut position = Position::start();
    /// let first = position.play_unchecked("d0e1".parse()?);
    /// let second = position.play_unchecked("d9e8".parse()?);
    /// position.unplay(second);
    /// position.unplay(first);
    /// assert_eq!(position, Position::start());
    /// # Ok::<(), duck_rules::ParseMoveError>(())
    /// ```
    ///
    /// # Panics
    /// In debug builds, unless `undo` comes from the last move played on
    /// this position and not yet taken back (the undo of another position,
    /// or one taken back already). In release builds such an undo is not
    /// checked and leaves an unspecified position, as an illegal move does.
    #[inline(always)]
    pub fn unplay(&mut self, undo: Undo) {
        undo.check_unplayed_on(self.zobrist_hash());
        let mv = undo.mv();
        self.setup.board.unmove_piece(mv.from, mv.to, undo.capture());
        self.setup.turn = !self.setup.turn;
    }

    /// Calls `visit` with every legal move, ordered by source point and then
    /// target point, each rank by rank (`a0`, `b0`, ..., `i0`, `a1`, ...).
    #[inline]
    fn for_each_move(&self, mut visit: impl FnMut(Move)) {
        if self.is_game_over() {
            return;
        }
        let board = self.board();
        for from in board.by_color(self.turn()) {
            if let Some(piece) = board.piece_at(from) {
                for to in self.targets_of(piece, from) {
                    visit(Move::new(from, to));
                }
            }
        }
    }

    /// Every legal move of the side to move (none once the game is over),
    /// ordered by source square and then target square, each rank by rank
    /// (`a0`, `b0`, ..., `i0`, `a1`, ...; see [`Move`]).
    ///
    /// # Examples
    /// ```
    /// use duck_rules::Position;
    ///
    /// let moves = Position::start().legal_moves();
    /// assert_eq!(moves.len(), 43);
    /// assert_eq!(moves[0].to_string(), "a0a1");
    /// for mv in moves {
    ///     assert!(Position::start().is_legal(mv));
    /// }
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_move(|mv| moves.push(mv));
        moves
    }

    /// The legal moves that may win the game at once: those that take the
    /// opponent's captain, the only way a game of duck chess is won. What
    /// the mate solver's leaves play.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::Position;
    ///
    /// assert!(Position::start().winning_move_candidates().is_empty());
    /// let position: Position = "4k3R/9/9/9/9/9/9/9/9/4K4 r".parse()?;
    /// let candidates: Vec<String> = position.winning_move_candidates().iter().map(|mv| mv.to_string()).collect();
    /// assert_eq!(candidates, ["i9e9"]);
    /// # Ok::<(), duck_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn winning_move_candidates(&self) -> MoveList {
        let mut moves = self.legal_moves();
        match self.captain(self.turn().opponent()) {
            Some(captain) => moves.retain(|mv| mv.to == captain),
            None => moves.clear(),
        }
        moves
    }

    /// Whether the side to move has any legal move (none once the game is over).
    ///
    /// # Examples
    /// ```
    /// assert!(duck_rules::Position::start().has_legal_move());
    /// ```
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// The number of legal moves of the side to move, without listing them.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(duck_rules::Position::start().count_legal_moves(), 43);
    /// ```
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        if self.is_game_over() {
            return 0;
        }
        let board = self.board();
        board
            .by_color(self.turn())
            .into_iter()
            .filter_map(|from| board.piece_at(from).map(|piece| self.targets_of(piece, from).len() as usize))
            .sum()
    }

    /// How the game stands, in words: `red to move`, `blue to move, check`,
    /// or `game over: red removed blue's captain`.
    ///
    /// # Examples
    /// ```
    /// use duck_rules::Position;
    ///
    /// assert_eq!(Position::start().summary(), "red to move");
    /// let over: Position = "4R4/9/9/9/9/9/9/9/9/4K4 b".parse()?;
    /// assert_eq!(over.summary(), "game over: red removed blue's captain");
    /// # Ok::<(), duck_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn summary(&self) -> String {
        match self.outcome() {
            Some(Outcome::CaptainTaken { winner }) => {
                format!("game over: {winner} removed {}'s captain", winner.opponent())
            }
            None if self.is_check() => format!("{} to move, check", self.turn()),
            None => format!("{} to move", self.turn()),
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

/// Why a position string gives no position: the text is not a position string (what is
/// wrong, at which column), or it describes a setup no game can reach.
pub type ParsePositionError = board_geometry::ParsePositionError<SetupError, PositionError>;

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string (see [`Setup`]) and checks the position.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let setup: Setup = text.parse().map_err(ParsePositionError::Syntax)?;
        Position::from_setup(setup).map_err(ParsePositionError::Invalid)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use board_geometry::testing::assert_gives;

    use super::*;

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "play_unchecked: a0a9 is not a legal move")]
    fn play_unchecked_refuses_an_illegal_move_in_debug_builds() {
        // The chariot cannot pass its own soldier on a3.
        Position::start().play_unchecked("a0a9".parse().expect("a move"));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "unplay: this undo is of a move that led to the position keyed")]
    fn unplay_refuses_another_positions_undo_in_debug_builds() {
        let mut one = Position::start();
        let undo = one.play_unchecked("d0e1".parse().expect("a move"));
        let mut other = Position::start();
        other.play_unchecked("b0c2".parse().expect("a move"));
        other.unplay(undo);
    }
    use crate::COORDINATES;
    #[cfg(feature = "tasks")]
    use crate::tasks::replay::Verdict;

    /// The point at `row` and `column` of the judge's coordinates.
    pub(crate) fn point(row: u8, column: u8) -> Square {
        COORDINATES.square(row.into(), column.into()).unwrap()
    }

    /// A position with the given pieces (`(letter, row, column)`) and side to move.
    fn board(pieces: &[(char, u8, u8)], turn: Color) -> Position {
        let mut setup = Setup::empty();
        for &(letter, row, column) in pieces {
            setup.board.put(point(row, column), Piece::from_letter(letter).unwrap());
        }
        setup.turn = turn;
        Position::from_setup(setup).unwrap()
    }

    /// The targets of the piece on `(row, column)` with its side to move, as sorted `(row, column)` pairs.
    fn targets(position: &Position, row: u8, column: u8) -> Vec<(u8, u8)> {
        let mut position = *position;
        if let Some(piece) = position.board().piece_at(point(row, column)) {
            position.setup.turn = piece.color;
        }
        let mut targets: Vec<_> = position
            .legal_targets(point(row, column))
            .into_iter()
            .map(|s| (COORDINATES.row(s), COORDINATES.column(s)))
            .collect();
        targets.sort_unstable();
        targets
    }

    fn sorted(mut points: Vec<(u8, u8)>) -> Vec<(u8, u8)> {
        points.sort_unstable();
        points
    }

    /// The judge's answer to `m` in `position`, which it updates.
    #[cfg(feature = "tasks")]
    fn answer(position: &mut Position, m: &str) -> String {
        Verdict::of(position, m.parse().unwrap()).to_string()
    }

    /// A lone piece on e4 with the captains out of the way in two corners.
    fn lone(letter: char) -> Position {
        match letter {
            'K' => board(&[('k', 9, 8), ('K', 4, 4)], Color::Red),
            'k' => board(&[('K', 0, 0), ('k', 4, 4)], Color::Red),
            _ => board(&[('K', 0, 0), ('k', 9, 8), (letter, 4, 4)], Color::Red),
        }
    }

    #[test]
    fn every_kind_moves_as_the_statement_says() {
        let around = |offsets: &[(i8, i8)]| {
            sorted(offsets.iter().map(|&(dx, dy)| ((4 + dx) as u8, (4 + dy) as u8)).collect())
        };
        assert_eq!(targets(&lone('K'), 4, 4), around(&[(1, 0), (-1, 0), (0, 1), (0, -1)]));
        assert_eq!(targets(&lone('G'), 4, 4), around(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]));
        assert_eq!(targets(&lone('E'), 4, 4), around(&[(2, 2), (2, -2), (-2, 2), (-2, -2)]));
        assert_eq!(
            targets(&lone('H'), 4, 4),
            around(&[(2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (-1, 2), (1, -2), (-1, -2)])
        );
        assert_eq!(
            targets(&lone('D'), 4, 4),
            around(&[(3, 2), (3, -2), (-3, 2), (-3, -2), (2, 3), (-2, 3), (2, -3), (-2, -3)])
        );
        assert_eq!(
            targets(&lone('S'), 4, 4),
            around(&[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)])
        );
        let car: Vec<_> =
            (0..10).map(|x| (x, 4)).chain((0..9).map(|y| (4, y))).filter(|&p| p != (4, 4)).collect();
        assert_eq!(targets(&lone('R'), 4, 4), sorted(car));
        // Blue pieces move the same way.
        assert_eq!(targets(&lone('d'), 4, 4), targets(&lone('D'), 4, 4));
    }

    #[test]
    fn pieces_on_the_edge_do_not_wrap() {
        let position = board(&[('K', 0, 4), ('k', 9, 4), ('S', 3, 8), ('H', 5, 0), ('D', 0, 8)], Color::Red);
        assert_eq!(targets(&position, 3, 8), [(2, 7), (2, 8), (3, 7), (4, 7), (4, 8)]);
        assert_eq!(targets(&position, 5, 0), [(3, 1), (4, 2), (6, 2), (7, 1)]);
        assert_eq!(targets(&position, 0, 8), [(2, 5), (3, 6)]);
    }

    #[test]
    fn blocking_points_block_exactly_their_leaps() {
        let with = |letter: char, blocker: (u8, u8)| {
            let position =
                board(&[('K', 0, 0), ('k', 9, 8), (letter, 4, 4), ('s', blocker.0, blocker.1)], Color::Red);
            targets(&position, 4, 4)
        };
        let without = |letter: char, lost: &[(u8, u8)]| {
            let all = targets(&lone(letter), 4, 4);
            all.into_iter().filter(|p| !lost.contains(p)).collect::<Vec<_>>()
        };
        // The horse's leg, the elephant's eye.
        assert_eq!(with('H', (5, 4)), without('H', &[(6, 5), (6, 3)]));
        assert_eq!(with('H', (4, 3)), without('H', &[(5, 2), (3, 2)]));
        assert_eq!(with('E', (5, 5)), without('E', &[(6, 6)]));
        // The duck: to (x+3sx, y+2sy) past (x+sx, y) and (x+2sx, y+sy) ...
        assert_eq!(with('D', (5, 4)), without('D', &[(7, 6), (7, 2)]));
        assert_eq!(with('D', (6, 5)), without('D', &[(7, 6)]));
        assert_eq!(with('D', (6, 3)), without('D', &[(7, 2)]));
        // ... and to (x+2sx, y+3sy) past (x, y+sy) and (x+sx, y+2sy).
        assert_eq!(with('D', (4, 5)), without('D', &[(6, 7), (2, 7)]));
        assert_eq!(with('D', (5, 6)), without('D', &[(6, 7)]));
        assert_eq!(with('D', (3, 6)), without('D', &[(2, 7)]));
        // A point next to the duck that is on no path blocks nothing.
        assert_eq!(with('D', (5, 5)), without('D', &[]));
        // A car stops at the first piece, and may take it.
        assert_eq!(with('R', (4, 6)), without('R', &[(4, 7), (4, 8)]));
    }

    // The statement's answers, through the judge task's verdict.
    #[cfg(feature = "tasks")]
    #[test]
    fn moves_land_on_enemies_never_on_friends() {
        let mut position =
            board(&[('K', 0, 4), ('k', 9, 4), ('R', 4, 4), ('S', 4, 6), ('s', 6, 4)], Color::Red);
        let reach = targets(&position, 4, 4);
        assert!(reach.contains(&(4, 5)) && !reach.contains(&(4, 6)) && !reach.contains(&(4, 7)));
        assert!(reach.contains(&(6, 4)) && !reach.contains(&(7, 4)));
        assert_eq!(answer(&mut position, "e4g4"), "Invalid command");
        // Taking the soldier opens the column to blue's captain: a check.
        assert_eq!(answer(&mut position, "e4e6"), "red car;blue soldier;yes;no");
        assert_eq!(position.board().piece_at(point(4, 4)), None);
        assert_eq!(position.board().by_color(Color::Blue).len(), 1);
    }

    // The statement's answers, through the judge task's verdict.
    #[cfg(feature = "tasks")]
    #[test]
    fn a_zero_length_move_is_not_a_move_and_soldiers_step_back() {
        let mut position = Position::start();
        assert_eq!(answer(&mut position, "e0e0"), "Invalid command");
        assert_eq!(answer(&mut position, "c3c2"), "red soldier;NA;no;no");
    }

    #[test]
    fn the_initial_position_has_43_moves() {
        let position = Position::start();
        let mut per_piece = std::collections::BTreeMap::new();
        for m in &position.legal_moves() {
            *per_piece.entry(m.from.to_string()).or_insert(0) += 1;
        }
        let expected = [
            ("a0", 1),
            ("b0", 1),
            ("c0", 1),
            ("d0", 2),
            ("e0", 1),
            ("f0", 2),
            ("g0", 1),
            ("h0", 1),
            ("i0", 1),
            ("a3", 4),
            ("c3", 8),
            ("e3", 8),
            ("g3", 8),
            ("i3", 4),
        ];
        let expected: std::collections::BTreeMap<_, _> =
            expected.iter().map(|&(p, n)| (p.to_string(), n)).collect();
        assert_eq!(per_piece, expected, "the ducks on a2 and i2 cannot move");
        assert_eq!(position.count_legal_moves(), 43);
        let moves = position.legal_moves();
        assert!(moves.windows(2).all(|pair| pair[0] < pair[1]), "moves are sorted");
    }

    #[test]
    fn check_is_either_side_attacking_the_other_captain() {
        let check = |pieces: &[(char, u8, u8)]| board(pieces, Color::Red).is_check();
        // Captains orthogonally next to each other attack each other ...
        assert!(check(&[('K', 4, 4), ('k', 5, 4)]));
        assert!(check(&[('K', 4, 4), ('k', 4, 5)]));
        // ... diagonally they do not, nor along an open column or row (no flying rule).
        assert!(!check(&[('K', 4, 4), ('k', 5, 5)]));
        assert!(!check(&[('K', 0, 4), ('k', 9, 4)]));
        assert!(!check(&[('K', 4, 0), ('k', 4, 8)]));
        // Either side's attack counts, whoever is to move.
        assert!(check(&[('K', 0, 4), ('k', 9, 4), ('R', 9, 0)]));
        assert!(check(&[('K', 0, 4), ('k', 9, 4), ('r', 0, 0)]));
        assert!(check(&[('K', 0, 4), ('k', 9, 4), ('d', 3, 6)]));
        assert!(check(&[('K', 0, 4), ('k', 9, 4), ('h', 2, 5)]));
        assert!(check(&[('K', 0, 4), ('k', 9, 4), ('e', 2, 6)]));
        assert!(check(&[('K', 0, 4), ('k', 9, 4), ('g', 1, 5)]));
        assert!(check(&[('K', 0, 4), ('k', 9, 4), ('s', 1, 3)]));
        // A piece's own side's captain is no target, and blocked pieces attack nothing.
        assert!(!check(&[('K', 0, 4), ('k', 9, 4), ('S', 1, 3)]));
        assert!(!check(&[('K', 0, 4), ('k', 9, 4), ('r', 0, 0), ('S', 0, 2)]));
        assert!(!check(&[('K', 0, 4), ('k', 9, 4), ('h', 2, 5), ('S', 1, 5)]));
        assert!(!check(&[('K', 0, 4), ('k', 9, 4), ('e', 2, 6), ('S', 1, 5)]));
        assert!(!check(&[('K', 0, 4), ('k', 9, 4), ('d', 3, 6), ('S', 2, 6)]));
        assert!(!check(&[('K', 0, 4), ('k', 9, 4), ('d', 3, 6), ('S', 1, 5)]));
    }

    // The statement's answers, through the judge task's verdict.
    #[cfg(feature = "tasks")]
    #[test]
    fn a_move_is_a_check_even_when_it_exposes_the_movers_own_captain() {
        // Red's captain steps next to a blue soldier: allowed, and a check.
        let mut position = board(&[('K', 0, 4), ('k', 9, 4), ('s', 2, 5)], Color::Red);
        assert_eq!(answer(&mut position, "e0e1"), "red captain;NA;yes;no");
        // Red's soldier steps out of the way of a blue car: a check too.
        let mut position = board(&[('K', 0, 4), ('k', 9, 4), ('S', 0, 2), ('r', 0, 0)], Color::Red);
        assert_eq!(answer(&mut position, "c0c1"), "red soldier;NA;yes;no");
        assert_eq!(position.turn(), Color::Blue);
        assert!(position.is_check());
    }

    // The statement's answers, through the judge task's verdict.
    #[cfg(feature = "tasks")]
    #[test]
    fn removing_a_captain_ends_the_game() {
        let mut position = board(&[('K', 0, 4), ('k', 9, 4), ('R', 5, 4), ('g', 1, 3)], Color::Red);
        assert!(position.is_check());
        assert_eq!(answer(&mut position, "e5e9"), "red car;blue captain;no;yes");
        assert!(position.is_game_over());
        assert!(!position.is_check(), "no check once the game is over, though the guard still attacks");
        assert_eq!(position.outcome().and_then(Outcome::winner), Some(Color::Red));
        assert_eq!(position.turn(), Color::Blue);
        assert_eq!(
            position.outcome().map(|o| o.to_string()).as_deref(),
            Some("red removed blue's captain: red wins")
        );
        assert!(position.legal_moves().is_empty());
        assert_eq!(position.count_legal_moves(), 0);
        assert_eq!(
            position.check_move("d1e0".parse().unwrap()),
            Err(IllegalMove::GameOver { outcome: Outcome::CaptainTaken { winner: Color::Red } })
        );
        assert_eq!(answer(&mut position, "e9e8"), "Invalid command");
        assert_eq!(position.to_string(), "4R4/9/9/9/9/9/9/9/3g5/4K4 b");
    }

    #[test]
    fn invalid_moves_say_why() {
        let position = Position::start();
        let why = |m: &str| position.check_move(m.parse().unwrap()).unwrap_err().to_string();
        assert_gives(
            why,
            &[
                ("d1d2", "no piece stands on d1"),
                ("a9a8", "the blue car on a9 is not red's to move"),
                ("e0e0", "the red captain on e0 must move to another point"),
                ("a0a2", "the red car on a0 cannot land on its own side's duck on a2"),
                ("a0a7", "the red car on a0 cannot reach a7: the piece on a2 is in the way"),
                ("b0d1", "the red horse on b0 cannot reach d1: the piece on c0 is in the way"),
                ("b0d3", "a horse cannot move from b0 to d3"),
                ("a2c5", "the red duck on a2 cannot reach c5: the piece on a3 is in the way"),
                ("a2d4", "the red duck on a2 cannot reach d4: the piece on c3 is in the way"),
                ("e0e2", "a captain cannot move from e0 to e2"),
                ("a0b1", "a car cannot move from a0 to b1"),
            ],
        );
    }

    #[test]
    fn invalid_moves_change_nothing() {
        let mut position = Position::start();
        for m in ["a9a8", "e0e0", "d1d2", "b0d3", "a2c5"] {
            let before = position;
            assert!(position.play(m.parse().unwrap()).is_err(), "{m}");
            assert_eq!(position, before, "{m}");
        }
    }

    #[test]
    fn setups_are_checked_for_reachability() {
        let problems = |text: &str| match text.parse::<Position>() {
            Err(ParsePositionError::Invalid(error)) => error.to_string(),
            other => format!("{other:?}"),
        };
        assert_eq!(
            problems("4k4/9/9/9/9/9/9/9/SSSSSS3/RRR1K4 r"),
            "red has 3 cars, but a side starts with 2 cars and never gains one; \
             red has 6 soldiers, but a side starts with 5 soldiers and never gains one"
        );
        assert_eq!(
            problems("4kk3/9/9/9/9/9/9/9/9/4K4 r"),
            "blue has 2 captains, but a side starts with 1 captain and never gains one"
        );
        assert_eq!(
            problems("9/9/9/9/9/9/9/9/9/4R4 r"),
            "neither side has a captain, but the game ends when the first one is removed"
        );
        assert_eq!(
            problems("4R4/9/9/9/9/9/9/9/9/4K4 r"),
            "blue's captain has been removed, so red made the last move and blue must be the side to move"
        );
        assert!("4R4/9/9/9/9/9/9/9/9/4K4 b".parse::<Position>().is_ok());
        let error = "4k4/9/9/9/9/9/9/9/9/4K4".parse::<Position>().unwrap_err();
        assert!(matches!(error, ParsePositionError::Syntax(_)));
        assert_eq!(
            error.to_string(),
            "column 24: the side to move is missing: end the position with a space and r (red) or b (blue)"
        );
    }

    #[test]
    fn positions_round_trip_through_their_strings() {
        let mut position = Position::start();
        for m in ["d0e1", "e6e5", "e3e4", "e5e4", "a0a1"] {
            position.play(m.parse().unwrap()).unwrap();
            let text = position.to_string();
            assert_eq!(text.parse::<Position>(), Ok(position), "{text}");
            assert_eq!(Position::try_from(*position.setup()), Ok(position));
        }
        assert_eq!(format!("{:?}", Position::start()), format!("Position(\"{}\")", crate::INITIAL_POSITION));
    }

    #[test]
    fn pictures_show_ranks_top_down_named_as_squares_are() {
        let picture = Position::start().picture();
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines[0], "9 r h e g k g e h r");
        assert_eq!(lines[2], "7 d . . . . . . . d");
        assert_eq!(lines[3], "6 s . s . s . s . s");
        assert_eq!(lines[6], "3 S . S . S . S . S");
        assert_eq!(lines[9], "0 R H E G K G E H R");
        assert_eq!(lines[10], "  a b c d e f g h i");
    }
}
