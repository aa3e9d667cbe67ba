//! Validated positions: the game state moves are generated and played from.

use core::fmt;

use crate::problem::reachable;
use crate::{Board, Color, FenError, Move, Piece, PieceKind, Problem, Setup, Square, SquareSet};

/// A legal xiangqi position: a [`Setup`] that has passed every check.
///
/// A position guarantees that each side has exactly one general, inside its
/// palace; that advisors, elephants and soldiers stand where they can; that
/// no side has more than sixteen pieces; and that the side not to move is not
/// in check (in particular, the generals do not face each other). Unless
/// [`PositionError::ignore_too_much_material`] was used, no side has more
/// pieces of a kind than it starts with.
///
/// Repetition rules (perpetual check and chase) belong to tournament
/// arbitration, not to move generation: a position knows nothing of the game's
/// history, and [`Position::legal_moves`] and [`perft`](crate::perft) follow
/// the board rules alone.
///
/// ```
/// use xiangqi_rules::{Position, Status};
///
/// let position = Position::start();
/// assert_eq!(position.legal_moves().len(), 44);
/// let after = position.play("h2e2".parse()?)?;
/// assert_eq!(after.to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// assert_eq!(after.status(), Status::Ongoing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    setup: Setup,
}

/// Why a setup is not a legal position: every problem found, in board order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    setup: Box<Setup>,
    problems: Vec<Problem>,
}

impl PositionError {
    /// Every problem with the setup.
    #[must_use]
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The setup that was rejected.
    #[must_use]
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Accepts the position if its only problems are more pieces of some kind
    /// than a side starts with (three chariots, say), as composed problems and
    /// judge tasks sometimes have. Move generation is unaffected.
    ///
    /// # Errors
    /// The error again, without those problems, if others remain.
    pub fn ignore_too_much_material(mut self) -> Result<Position, PositionError> {
        self.problems.retain(|problem| !problem.is_too_much_material());
        if self.problems.is_empty() { Ok(Position { setup: *self.setup }) } else { Err(self) }
    }
}

impl fmt::Display for PositionError {
    /// Every problem, separated by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// A FEN that cannot be read, or that reads as an illegal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromFenError {
    /// The text is not a FEN.
    Fen(FenError),
    /// The FEN describes a setup that is not a legal position.
    Position(PositionError),
}

impl fmt::Display for FromFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromFenError::Fen(error) => write!(f, "bad FEN: {error}"),
            FromFenError::Position(error) => write!(f, "illegal position: {error}"),
        }
    }
}

impl std::error::Error for FromFenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FromFenError::Fen(error) => Some(error),
            FromFenError::Position(error) => Some(error),
        }
    }
}

/// The side to move has no legal move, or the move asked for is not one of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move in this position", self.mv)
    }
}

impl std::error::Error for IllegalMoveError {}

/// Whether the game goes on, and if not, how the side to move has lost.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move: it has lost.
    Checkmate,
    /// The side to move is not in check but has no legal move: in xiangqi it has lost too.
    Stalemate,
}

fn problems(setup: &Setup) -> Vec<Problem> {
    let board = &setup.board;
    let mut problems = Vec::new();
    for color in Color::ALL {
        let generals = board.by_piece(Piece::new(color, PieceKind::General));
        match generals.len() {
            0 => problems.push(Problem::MissingGeneral { color }),
            1 => {}
            _ => problems.push(Problem::ExtraGenerals { color, squares: generals }),
        }
        for kind in PieceKind::ALL {
            let pieces = board.by_piece(Piece::new(color, kind));
            for square in pieces - reachable(color, kind) {
                problems.push(match kind {
                    PieceKind::General => Problem::GeneralOutsidePalace { color, square },
                    PieceKind::Advisor => Problem::AdvisorMisplaced { color, square },
                    PieceKind::Elephant => Problem::ElephantMisplaced { color, square },
                    _ => Problem::SoldierMisplaced { color, square },
                });
            }
            if kind != PieceKind::General && pieces.len() > kind.max_count() {
                problems.push(Problem::TooMany { color, kind, count: pieces.len() });
            }
        }
        let count = board.by_color(color).len();
        if count > 16 {
            problems.push(Problem::TooManyPieces { color, count });
        }
    }
    let waiting = setup.turn.opponent();
    let generals_ok =
        !problems.iter().any(|p| matches!(p, Problem::MissingGeneral { .. } | Problem::ExtraGenerals { .. }));
    if let (true, Some(general)) = (generals_ok, board.general(waiting)) {
        // With every piece where it can be, only chariots, cannons, horses,
        // soldiers and the facing general can reach a general: the fast test
        // settles it. Otherwise ask about every piece.
        let attacked = !problems.is_empty()
            || board.general_would_be_attacked(general, setup.turn, board.occupied(), SquareSet::EMPTY);
        let attackers = if attacked { board.attackers(general, setup.turn) } else { SquareSet::EMPTY };
        if attackers.any() {
            problems.push(Problem::OpponentInCheck { color: waiting, general, attackers });
        }
    }
    problems
}

impl Position {
    /// The starting position, red to move.
    #[must_use]
    pub fn start() -> Position {
        Position { setup: Setup::start() }
    }

    /// Checks every rule of a legal position.
    ///
    /// # Errors
    /// Every problem found, each in its own words.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let problems = problems(&setup);
        if problems.is_empty() {
            Ok(Position { setup })
        } else {
            Err(PositionError { setup: Box::new(setup), problems })
        }
    }

    /// A position from a setup the caller has already checked: one general
    /// per side, each in its palace, every other piece where it can stand, at
    /// most sixteen pieces a side, the side not to move not in check.
    pub(crate) const fn from_checked_setup(setup: Setup) -> Position {
        Position { setup }
    }

    /// Reads a FEN and checks that it is a legal position.
    ///
    /// # Errors
    /// What is wrong with the FEN, or every problem of the position it describes.
    pub fn from_fen(fen: &str) -> Result<Position, FromFenError> {
        let setup = Setup::from_fen(fen).map_err(FromFenError::Fen)?;
        Position::from_setup(setup).map_err(FromFenError::Position)
    }

    /// The position as a setup.
    #[must_use]
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Where the pieces stand.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.setup.board
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.setup.turn
    }

    /// The point of `color`'s general.
    #[must_use]
    pub fn general(&self, color: Color) -> Square {
        // A position has exactly one general per side; the fallback is never taken.
        self.board().general(color).unwrap_or(crate::A0)
    }

    /// The enemy pieces attacking the general of the side to move.
    #[must_use]
    pub fn checkers(&self) -> SquareSet {
        self.board().attackers(self.general(self.turn()), self.turn().opponent())
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        let us = self.turn();
        let board = self.board();
        board.general_would_be_attacked(self.general(us), us.opponent(), board.occupied(), SquareSet::EMPTY)
    }

    /// Whether the game goes on, or the side to move is mated or stalemated.
    #[must_use]
    pub fn status(&self) -> Status {
        if self.has_legal_move() {
            Status::Ongoing
        } else if self.is_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// Whether `mv` is a legal move here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(piece) = self.board().piece_at(mv.from) else { return false };
        piece.color == self.turn()
            && self.board().moves_from(mv.from).contains(mv.to)
            && self.is_safe(mv, piece)
    }

    /// The position after the legal move `mv`.
    ///
    /// # Errors
    /// If `mv` is not legal here.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError { mv });
        }
        let mut next = *self;
        next.play_unchecked(mv);
        Ok(next)
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves`], say).
    /// An illegal move does not panic but may leave a position that breaks the
    /// guarantees above; use [`Position::play`] for moves from outside.
    pub fn play_unchecked(&mut self, mv: Move) {
        let setup = &mut self.setup;
        let Some(piece) = setup.board.remove(mv.from) else { return };
        let captured = setup.board.put(mv.to, piece);
        setup.halfmove_clock = if captured.is_some() { 0 } else { setup.halfmove_clock.saturating_add(1) };
        if setup.turn == Color::Black {
            setup.fullmove_number = setup.fullmove_number.saturating_add(1);
        }
        setup.turn = setup.turn.opponent();
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup)
    }
}

impl From<Position> for Setup {
    fn from(position: Position) -> Setup {
        position.setup
    }
}

impl fmt::Display for Position {
    /// Writes the position as a six-field FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.setup, f)
    }
}

impl core::str::FromStr for Position {
    type Err = FromFenError;
    fn from_str(fen: &str) -> Result<Position, FromFenError> {
        Position::from_fen(fen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems_of(fen: &str) -> Vec<String> {
        match Position::from_fen(fen) {
            Ok(_) => Vec::new(),
            Err(FromFenError::Position(error)) => error.problems().iter().map(ToString::to_string).collect(),
            Err(other) => panic!("{other}"),
        }
    }

    #[test]
    fn legal_positions_pass() {
        assert!(problems_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").is_empty());
        assert!(problems_of("3k5/9/9/9/9/9/9/9/9/4K4 b").is_empty());
    }

    #[test]
    fn every_problem_is_reported_in_its_own_words() {
        assert_eq!(problems_of("9/9/9/9/9/9/9/9/9/4K4 w"), ["black has no general"]);
        assert_eq!(
            problems_of("3k5/9/9/9/9/9/9/9/4K4/4K4 w"),
            ["red has 2 generals (on e0 and e1); a side has exactly one"]
        );
        assert_eq!(
            problems_of("3k5/9/9/9/9/9/4K4/9/9/9 w"),
            ["the red general on e3 is outside its palace (d0-f2)"]
        );
        let advisor = "red advisors stand on d0, f0, e1, d2 or f2";
        assert_eq!(
            problems_of("4k4/9/9/9/9/9/9/9/9/3KA4 w"),
            [format!("the red advisor on e0 is where no advisor can ever be: {advisor}")]
        );
        assert_eq!(
            problems_of("4k4/9/9/9/9/9/9/9/A8/3K5 w"),
            [format!("the red advisor on a1 is where no advisor can ever be: {advisor}")]
        );
        assert_eq!(
            problems_of("4k4/9/9/9/9/9/9/9/4B4/3K5 w"),
            ["the red elephant on e1 is where no elephant can ever be: \
              red elephants stand on c0, g0, a2, e2, i2, c4 or g4"]
        );
        assert_eq!(
            problems_of("3k5/9/9/5b3/9/9/9/9/9/4K4 w"),
            ["the black elephant on f6 is where no elephant can ever be: \
              black elephants stand on c5, g5, a7, e7, i7, c9 or g9"]
        );
        assert_eq!(
            problems_of("4k4/9/9/9/9/9/9/4P4/9/3K5 w"),
            ["the red soldier on e2 is behind its starting rank; soldiers never move back"]
        );
        assert_eq!(
            problems_of("4k4/4p4/9/9/9/9/9/9/9/3K5 w"),
            ["the black soldier on e8 is behind its starting rank; soldiers never move back"]
        );
        assert_eq!(
            problems_of("4k4/9/9/9/9/9/1P7/9/9/3K5 w"),
            ["the red soldier on b3 is where no soldier can be before crossing the river: \
              until then soldiers stay on files a, c, e, g and i"]
        );
        assert_eq!(problems_of("4k4/9/9/9/9/9/9/9/RRR6/3K5 w"), ["red has 3 chariots; a side has at most 2"]);
        assert_eq!(
            problems_of("4k4/9/9/9/9/9/9/9/9/4K4 w"),
            ["black is not to move, yet its general on e9 is attacked from e0, so it could be captured"]
        );
        assert_eq!(
            problems_of("4k4/9/9/9/9/9/9/4r4/9/4K4 b"),
            ["red is not to move, yet its general on e0 is attacked from e2, so it could be captured"]
        );
        assert_eq!(
            problems_of("3k5/9/9/9/9/9/9/RRRRRRRRR/RRRRRRRR1/4K4 w"),
            [
                "red has 17 chariots; a side has at most 2",
                "red has 18 pieces; a side has at most 16",
                "black is not to move, yet its general on d9 is attacked from d2, so it could be captured",
            ]
        );
        assert_eq!(
            problems_of("9/9/9/9/9/9/9/9/4B4/3K5 b"),
            [
                "the red elephant on e1 is where no elephant can ever be: red elephants stand on c0, g0, a2, e2, i2, c4 or g4",
                "black has no general"
            ]
        );
    }

    #[test]
    fn too_much_material_alone_can_be_ignored() {
        let setup = Setup::from_fen("4k4/9/9/9/9/9/9/9/RRR6/3K5 w").unwrap();
        let position = Position::from_setup(setup).or_else(PositionError::ignore_too_much_material).unwrap();
        // Chariots a1, b1 and c1: 9 + 9 + 15 moves; the general on d0 may go to d1 but
        // not to e0, which faces the black general.
        assert_eq!(position.legal_moves().len(), 34);
        let setup = Setup::from_fen("4k4/9/9/9/9/9/9/4P4/RRR6/3K5 w").unwrap();
        let error = Position::from_setup(setup).or_else(PositionError::ignore_too_much_material).unwrap_err();
        assert_eq!(error.problems().len(), 1);
        assert_eq!(
            error.to_string(),
            "the red soldier on e2 is behind its starting rank; soldiers never move back"
        );
    }
}
