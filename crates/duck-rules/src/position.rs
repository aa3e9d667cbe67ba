//! Positions: a board that a game of duck chess can reach, with the side to move,
//! and the rules that move its pieces.

use core::fmt;
use core::str::FromStr;

use board_geometry::text_input::Located;
use board_geometry::{NineByTen, Square, SquareSet};

use crate::tables::{Set, tables};
use crate::{
    Color, InvalidMove, Move, MoveList, MoveReport, Piece, PieceKind, Point, PositionError, Problem, Setup,
    SetupError, Status,
};

type Sq = Square<NineByTen>;

/// A position of duck chess: the pieces on the board and the side to move,
/// checked to be one a game can reach (see [`Position::from_setup`]).
///
/// The rules live here. A move is valid when the game is not over, the source
/// point holds a piece of the side to move, and that piece can move to the
/// target by its [`movement`](PieceKind::movement) without landing on a piece
/// of its own side; an enemy piece on the target is removed. There is no palace,
/// no river, no flying-captain rule, and no rule against leaving one's own
/// captain attacked. The game ends when a captain is removed; the turn still
/// passes to the loser, who has no moves.
///
/// A position is a small `Copy` value (bit sets per side and kind, plus a
/// piece per point), so searching copies it rather than undoing moves.
///
/// ```
/// use duck_rules::{Color, Position};
///
/// let mut position = Position::initial();
/// assert_eq!(position.moves().len(), 43);
/// let report = position.play("3,2-2,2".parse()?)?; // soldiers may step backwards
/// assert_eq!(report.to_string(), "red soldier;NA;no;no");
/// assert_eq!(position.turn(), Color::Blue);
/// assert!(position.play("3,0-4,0".parse()?).is_err()); // red is not to move
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; Point::COUNT],
    by_color: [Set; 2],
    by_kind: [Set; 7],
    turn: Color,
}

impl Position {
    /// The initial position of the task, red to move.
    #[must_use]
    pub fn initial() -> Position {
        Position::from_setup_unchecked(&Setup::initial())
    }

    /// The position `setup` describes, if a game can reach it: no side has
    /// more pieces of a kind than it starts with, at least one captain is on
    /// the board, and if one captain is gone, its side is the one to move
    /// (the other side removed it with the last move).
    ///
    /// # Errors
    /// Every problem found, in one [`PositionError`].
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let position = Position::from_setup_unchecked(&setup);
        let mut problems = Vec::new();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let count = position.pieces_of(Piece::new(color, kind)).len();
                if count > u32::from(kind.initial_count()) {
                    let count = u8::try_from(count).unwrap_or(u8::MAX);
                    problems.push(Problem::TooMany { color, kind, count });
                }
            }
        }
        match (position.captain(Color::Red), position.captain(Color::Blue)) {
            (None, None) => problems.push(Problem::NoCaptains),
            (None, Some(_)) if position.turn != Color::Red => {
                problems.push(Problem::WrongTurnAfterEnd { loser: Color::Red });
            }
            (Some(_), None) if position.turn != Color::Blue => {
                problems.push(Problem::WrongTurnAfterEnd { loser: Color::Blue });
            }
            _ => {}
        }
        if problems.is_empty() { Ok(position) } else { Err(PositionError::new(problems)) }
    }

    fn from_setup_unchecked(setup: &Setup) -> Position {
        let mut position = Position {
            board: [None; Point::COUNT],
            by_color: [Set::EMPTY; 2],
            by_kind: [Set::EMPTY; 7],
            turn: setup.turn(),
        };
        for (point, piece) in setup.pieces() {
            position.board[usize::from(point.index())] = Some(piece);
            position.by_color[piece.color.index()].insert(point.square());
            position.by_kind[piece.kind.index()].insert(point.square());
        }
        position
    }

    /// The setup of this position: what its position string says.
    #[must_use]
    pub fn setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for point in Point::all() {
            setup.set_piece(point, self.piece_at(point));
        }
        setup.set_turn(self.turn);
        setup
    }

    /// The side to move. Once the game is over, this is the side that lost its captain.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `point`, if any.
    #[must_use]
    pub fn piece_at(&self, point: Point) -> Option<Piece> {
        self.board[usize::from(point.index())]
    }

    /// The points holding a piece of either side.
    #[must_use]
    pub fn occupied(&self) -> SquareSet<NineByTen> {
        self.by_color[0] | self.by_color[1]
    }

    /// The points holding a piece of `color`.
    #[must_use]
    pub fn pieces_of_color(&self, color: Color) -> SquareSet<NineByTen> {
        self.by_color[color.index()]
    }

    /// The points holding `piece` (that kind, of that side).
    #[must_use]
    pub fn pieces_of(&self, piece: Piece) -> SquareSet<NineByTen> {
        self.by_color[piece.color.index()] & self.by_kind[piece.kind.index()]
    }

    /// Where `color`'s captain stands, or `None` once it has been removed.
    #[must_use]
    pub fn captain(&self, color: Color) -> Option<Point> {
        self.pieces_of(Piece::new(color, PieceKind::Captain)).first().map(Point::from_square)
    }

    /// Whether a captain has been removed, which ends the game.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        // A position has at most one captain a side and at least one in all.
        !self.by_kind[PieceKind::Captain.index()].more_than_one()
    }

    /// The side that removed the other's captain, once the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match (self.captain(Color::Red), self.captain(Color::Blue)) {
            (Some(_), None) => Some(Color::Red),
            (None, Some(_)) => Some(Color::Blue),
            _ => None,
        }
    }

    /// Whether some piece of `by` could move onto `point` if an enemy piece stood there.
    #[must_use]
    pub fn is_attacked(&self, point: Point, by: Color) -> bool {
        let tables = tables();
        let occupied = self.occupied();
        let side = self.by_color[by.index()];
        PieceKind::ALL.into_iter().any(|kind| {
            let attackers = side & self.by_kind[kind.index()];
            attackers.any() && tables.reaches(kind, attackers, point.square(), occupied)
        })
    }

    /// Whether the position is a check: the game goes on and some piece of
    /// either side could move onto the other side's captain. Two captains on an
    /// open column do not attack each other; two orthogonally adjacent ones do.
    #[must_use]
    pub fn is_check(&self) -> bool {
        match (self.captain(Color::Red), self.captain(Color::Blue)) {
            (Some(red), Some(blue)) => {
                self.is_attacked(red, Color::Blue) || self.is_attacked(blue, Color::Red)
            }
            _ => false,
        }
    }

    /// Where the game stands: the side to move and whether it is a check, or the winner.
    #[must_use]
    pub fn status(&self) -> Status {
        match self.winner() {
            Some(winner) => Status::Over { winner },
            None => Status::ToMove { side: self.turn, check: self.is_check() },
        }
    }

    /// The points the piece on `from` could move to by its movement, without
    /// landing on its own side's pieces; empty if `from` is empty. Whose turn
    /// it is and whether the game is over do not matter here.
    #[must_use]
    pub fn targets(&self, from: Point) -> SquareSet<NineByTen> {
        match self.piece_at(from) {
            Some(piece) => self.targets_of(piece, from.square()),
            None => SquareSet::EMPTY,
        }
    }

    #[inline]
    fn targets_of(&self, piece: Piece, from: Sq) -> Set {
        tables().reach(piece.kind, from, self.occupied()) - self.by_color[piece.color.index()]
    }

    /// Checks that `m` is a valid move for the side to move, and returns the piece that would move.
    ///
    /// # Errors
    /// Why the move is invalid, checked in this order: the game is over, the
    /// source is empty, the piece there is the other side's, the target is the
    /// source, a piece of the mover's side is on the target, the piece does not
    /// move that way, or something is in its way.
    pub fn check_move(&self, m: Move) -> Result<Piece, InvalidMove> {
        if self.is_game_over() {
            return Err(InvalidMove::GameOver);
        }
        let Some(piece) = self.piece_at(m.from) else {
            return Err(InvalidMove::Empty { at: m.from });
        };
        if piece.color != self.turn {
            return Err(InvalidMove::WrongSide { piece, at: m.from });
        }
        if m.from == m.to {
            return Err(InvalidMove::NotAMove { piece, at: m.from });
        }
        if let Some(target) = self.piece_at(m.to).filter(|target| target.color == piece.color) {
            return Err(InvalidMove::OwnPiece { piece, attempted: m, target });
        }
        let (from, to) = (m.from.square(), m.to.square());
        let tables = tables();
        if tables.reach(piece.kind, from, self.occupied()).contains(to) {
            return Ok(piece);
        }
        if !tables.reach(piece.kind, from, Set::EMPTY).contains(to) {
            return Err(InvalidMove::OutOfReach { piece, attempted: m });
        }
        let in_the_way = match tables.jump(piece.kind, from, to) {
            Some(jump) => jump.blocking().find(|&point| self.occupied().contains(point)),
            None if tables.slides(piece.kind) => {
                let between = SquareSet::between(from, to) & self.occupied();
                if from < to { between.first() } else { between.last() }
            }
            None => None,
        };
        match in_the_way {
            Some(by) => Err(InvalidMove::Blocked { piece, attempted: m, by: Point::from_square(by) }),
            None => Err(InvalidMove::OutOfReach { piece, attempted: m }),
        }
    }

    /// Makes `m` if it is valid, and reports what it did; an invalid move
    /// changes nothing, and the same side is still to move.
    ///
    /// # Errors
    /// Why the move is invalid; see [`Position::check_move`].
    pub fn play(&mut self, m: Move) -> Result<MoveReport, InvalidMove> {
        let piece = self.check_move(m)?;
        let removed = self.make(m.from.square(), m.to.square());
        let game_over = removed.is_some_and(|removed| removed.kind == PieceKind::Captain);
        Ok(MoveReport { played: m, piece, removed, check: self.is_check(), game_over })
    }

    /// Moves the piece on `from` to `to`, removing what stands there, and
    /// passes the turn; returns the removed piece. The move must be valid.
    #[inline]
    pub(crate) fn make(&mut self, from: Sq, to: Sq) -> Option<Piece> {
        let (f, t) = (usize::from(from.index()), usize::from(to.index()));
        let piece = self.board[f]?;
        let removed = self.board[t];
        if let Some(removed) = removed {
            self.by_color[removed.color.index()].remove(to);
            self.by_kind[removed.kind.index()].remove(to);
        }
        let both = Set::from_square(from).with(to);
        self.by_color[piece.color.index()] ^= both;
        self.by_kind[piece.kind.index()] ^= both;
        self.board[t] = Some(piece);
        self.board[f] = None;
        self.turn = !self.turn;
        removed
    }

    /// Calls `visit` with the source and target of every valid move, ordered
    /// by source point and then target point, each row by row.
    #[inline]
    pub(crate) fn for_each_move(&self, mut visit: impl FnMut(Sq, Sq)) {
        if self.is_game_over() {
            return;
        }
        for from in self.by_color[self.turn.index()] {
            if let Some(piece) = self.board[usize::from(from.index())] {
                for to in self.targets_of(piece, from) {
                    visit(from, to);
                }
            }
        }
    }

    /// Every valid move of the side to move (none once the game is over),
    /// ordered by source point and then target point, each row by row.
    #[must_use]
    pub fn moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_move(|from, to| {
            moves.push(Move::new(Point::from_square(from), Point::from_square(to)));
        });
        moves
    }

    /// The number of valid moves of the side to move, without listing them.
    #[must_use]
    pub fn count_moves(&self) -> usize {
        if self.is_game_over() {
            return 0;
        }
        let own = self.by_color[self.turn.index()];
        own.into_iter()
            .filter_map(|from| {
                self.board[usize::from(from.index())].map(|piece| self.targets_of(piece, from))
            })
            .map(|targets| targets.len() as usize)
            .sum()
    }

    /// The board as a picture (see [`Setup::picture`]).
    ///
    /// ```
    /// let picture = duck_rules::Position::initial().picture();
    /// assert!(picture.starts_with("9 r h e g k g e h r\n"));
    /// ```
    #[must_use]
    pub fn picture(&self) -> String {
        self.setup().picture()
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup)
    }
}

impl fmt::Display for Position {
    /// Writes the position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.setup())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

/// Why a position string does not give a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// The string is not a position string.
    Syntax(Located<SetupError>),
    /// The string describes a board no game can reach.
    Invalid(PositionError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Syntax(error) => {
                write!(f, "column {}: {}", error.position.column, error.error)
            }
            ParsePositionError::Invalid(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string (see [`Setup`]) and checks the position.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let setup: Setup = text.parse().map_err(ParsePositionError::Syntax)?;
        Position::from_setup(setup).map_err(ParsePositionError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(row: u8, column: u8) -> Point {
        Point::new(row, column).unwrap()
    }

    /// A position with the given pieces (`(letter, row, column)`) and side to move.
    fn board(pieces: &[(char, u8, u8)], turn: Color) -> Position {
        let mut setup = Setup::empty();
        for &(letter, row, column) in pieces {
            setup.set_piece(point(row, column), Some(Piece::from_letter(letter).unwrap()));
        }
        setup.set_turn(turn);
        Position::from_setup(setup).unwrap()
    }

    /// The targets of the piece on `(row, column)`, as sorted `(row, column)` pairs.
    fn targets(position: &Position, row: u8, column: u8) -> Vec<(u8, u8)> {
        let mut targets: Vec<_> = position
            .targets(point(row, column))
            .into_iter()
            .map(|s| (Point::from_square(s).row(), Point::from_square(s).column()))
            .collect();
        targets.sort_unstable();
        targets
    }

    fn sorted(mut points: Vec<(u8, u8)>) -> Vec<(u8, u8)> {
        points.sort_unstable();
        points
    }

    /// The judge's answer to `m` in `position`, which it updates.
    fn answer(position: &mut Position, m: &str) -> String {
        crate::Verdict::from(position.play(m.parse().unwrap())).to_string()
    }

    /// A lone piece on 4,4 with the captains out of the way in two corners.
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

    #[test]
    fn moves_land_on_enemies_never_on_friends() {
        let mut position =
            board(&[('K', 0, 4), ('k', 9, 4), ('R', 4, 4), ('S', 4, 6), ('s', 6, 4)], Color::Red);
        let reach = targets(&position, 4, 4);
        assert!(reach.contains(&(4, 5)) && !reach.contains(&(4, 6)) && !reach.contains(&(4, 7)));
        assert!(reach.contains(&(6, 4)) && !reach.contains(&(7, 4)));
        assert_eq!(answer(&mut position, "4,4-4,6"), "Invalid command");
        // Taking the soldier opens the column to blue's captain: a check.
        assert_eq!(answer(&mut position, "4,4-6,4"), "red car;blue soldier;yes;no");
        assert_eq!(position.piece_at(point(4, 4)), None);
        assert_eq!(position.pieces_of_color(Color::Blue).len(), 1);
    }

    #[test]
    fn a_zero_length_move_is_not_a_move_and_soldiers_step_back() {
        let mut position = Position::initial();
        assert_eq!(answer(&mut position, "0,4-0,4"), "Invalid command");
        assert_eq!(answer(&mut position, "3,2-2,2"), "red soldier;NA;no;no");
    }

    #[test]
    fn the_initial_position_has_43_moves() {
        let position = Position::initial();
        let mut per_piece = std::collections::BTreeMap::new();
        for m in &position.moves() {
            *per_piece.entry(m.from.to_string()).or_insert(0) += 1;
        }
        let expected = [
            ("0,0", 1),
            ("0,1", 1),
            ("0,2", 1),
            ("0,3", 2),
            ("0,4", 1),
            ("0,5", 2),
            ("0,6", 1),
            ("0,7", 1),
            ("0,8", 1),
            ("3,0", 4),
            ("3,2", 8),
            ("3,4", 8),
            ("3,6", 8),
            ("3,8", 4),
        ];
        let expected: std::collections::BTreeMap<_, _> =
            expected.iter().map(|&(p, n)| (p.to_string(), n)).collect();
        assert_eq!(per_piece, expected, "the ducks on 2,0 and 2,8 cannot move");
        assert_eq!(position.count_moves(), 43);
        let moves = position.moves();
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

    #[test]
    fn a_move_is_a_check_even_when_it_exposes_the_movers_own_captain() {
        // Red's captain steps next to a blue soldier: allowed, and a check.
        let mut position = board(&[('K', 0, 4), ('k', 9, 4), ('s', 2, 5)], Color::Red);
        assert_eq!(answer(&mut position, "0,4-1,4"), "red captain;NA;yes;no");
        // Red's soldier steps out of the way of a blue car: a check too.
        let mut position = board(&[('K', 0, 4), ('k', 9, 4), ('S', 0, 2), ('r', 0, 0)], Color::Red);
        assert_eq!(answer(&mut position, "0,2-1,2"), "red soldier;NA;yes;no");
        assert_eq!(position.status(), Status::ToMove { side: Color::Blue, check: true });
        assert_eq!(position.status().to_string(), "blue to move, check");
    }

    #[test]
    fn removing_a_captain_ends_the_game() {
        let mut position = board(&[('K', 0, 4), ('k', 9, 4), ('R', 5, 4), ('g', 1, 3)], Color::Red);
        assert!(position.is_check());
        assert_eq!(answer(&mut position, "5,4-9,4"), "red car;blue captain;no;yes");
        assert!(position.is_game_over());
        assert!(!position.is_check(), "no check once the game is over, though the guard still attacks");
        assert_eq!(position.winner(), Some(Color::Red));
        assert_eq!(position.turn(), Color::Blue);
        assert_eq!(position.status().to_string(), "game over: red removed blue's captain");
        assert!(position.moves().is_empty());
        assert_eq!(position.count_moves(), 0);
        assert_eq!(position.check_move("1,3-0,4".parse().unwrap()), Err(InvalidMove::GameOver));
        assert_eq!(answer(&mut position, "9,4-8,4"), "Invalid command");
        assert_eq!(position.to_string(), "4R4/9/9/9/9/9/9/9/3g5/4K4 b");
    }

    #[test]
    fn invalid_moves_say_why() {
        let position = Position::initial();
        let why = |m: &str| position.check_move(m.parse().unwrap()).unwrap_err().to_string();
        assert_eq!(why("1,3-2,3"), "no piece stands on 1,3");
        assert_eq!(why("9,0-8,0"), "the blue car on 9,0 is not red's to move");
        assert_eq!(why("0,4-0,4"), "the red captain on 0,4 must move to another point");
        assert_eq!(why("0,0-2,0"), "the red car on 0,0 cannot land on its own side's duck on 2,0");
        assert_eq!(why("0,0-7,0"), "the red car on 0,0 cannot reach 7,0: the piece on 2,0 is in the way");
        assert_eq!(why("0,1-1,3"), "the red horse on 0,1 cannot reach 1,3: the piece on 0,2 is in the way");
        assert_eq!(why("0,1-3,3"), "a horse cannot move from 0,1 to 3,3");
        assert_eq!(why("2,0-5,2"), "the red duck on 2,0 cannot reach 5,2: the piece on 3,0 is in the way");
        assert_eq!(why("2,0-4,3"), "the red duck on 2,0 cannot reach 4,3: the piece on 3,2 is in the way");
        assert_eq!(why("0,4-2,4"), "a captain cannot move from 0,4 to 2,4");
        assert_eq!(why("0,0-1,1"), "a car cannot move from 0,0 to 1,1");
    }

    #[test]
    fn invalid_moves_change_nothing() {
        let mut position = Position::initial();
        for m in ["9,0-8,0", "0,4-0,4", "1,3-2,3", "0,1-3,3", "2,0-5,2"] {
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
        let mut position = Position::initial();
        for m in ["0,3-1,4", "6,4-5,4", "3,4-4,4", "5,4-4,4", "0,0-1,0"] {
            position.play(m.parse().unwrap()).unwrap();
            let text = position.to_string();
            assert_eq!(text.parse::<Position>(), Ok(position), "{text}");
            assert_eq!(Position::try_from(position.setup()), Ok(position));
        }
        assert_eq!(
            format!("{:?}", Position::initial()),
            format!("Position(\"{}\")", crate::INITIAL_POSITION)
        );
    }

    #[test]
    fn pictures_show_rows_top_down_with_their_numbers() {
        let picture = Position::initial().picture();
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines[0], "9 r h e g k g e h r");
        assert_eq!(lines[2], "7 d . . . . . . . d");
        assert_eq!(lines[3], "6 s . s . s . s . s");
        assert_eq!(lines[6], "3 S . S . S . S . S");
        assert_eq!(lines[9], "0 R H E G K G E H R");
        assert_eq!(lines[10], "  0 1 2 3 4 5 6 7 8");
    }
}
