//! Validated positions: the game state moves are generated and played from.

use core::fmt;

use board_geometry::prose::separated;

use crate::problem::reachable;
use crate::{
    Board, Clocks, Color, IllegalMove, Move, MoveList, Outcome, Piece, PieceKind, Problem, RepetitionKey,
    Setup, SetupError, Square, SquareSet, Undo,
};

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
/// `Eq` and `Hash` compare everything a FEN says, the clocks included. Two
/// positions are the same position for the repetition rules when the same
/// pieces stand on the same points and the same side is to move, whatever
/// the clocks say: [`Position::zobrist_hash`] is their Zobrist key (kept up to date
/// by every move, equal for equal positions however they were reached), and
/// [`Position::repetition_key`] compares them exactly:
///
/// ```
/// use xiangqi_rules::Position;
///
/// let mut position = Position::start();
/// for mv in ["b0c2", "b9c7", "c2b0", "c7b9"] {
///     position.play(mv.parse()?)?;
/// }
/// assert_ne!(position, Position::start(), "four moves on the clocks");
/// assert_eq!(position.zobrist_hash(), Position::start().zobrist_hash(), "the same pieces, red to move");
/// assert_eq!(position.repetition_key(), Position::start().repetition_key());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The methods every game's position has in the same words (`setup`,
/// `board`, `turn`, `zobrist_hash`, `repetition_key`, the pictures, and the [`Game`](crate::Game)
/// trait) are written once in `board-geometry` (its `impl_position!` macro).
///
/// ```
/// use xiangqi_rules::Position;
///
/// let mut position = Position::start();
/// assert_eq!(position.legal_moves().len(), 44);
/// position.play("h2e2".parse()?)?;
/// assert_eq!(position.to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// assert_eq!(position.outcome(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    setup: Setup,
}

// The first game: its keys are the plain table keys, as stored ones have them.
board_geometry::impl_position!(xiangqi_rules::Position, game_key: board_geometry::HashKey::EMPTY);

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
        write!(f, "{}", separated(&self.problems, "; "))
    }
}

impl std::error::Error for PositionError {}

/// Why a FEN gives no position: the text is not a FEN (what is
/// wrong, at which column), or it describes a setup no game can reach.
pub type ParsePositionError = board_geometry::ParsePositionError<SetupError, PositionError>;

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
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// let start = Position::start();
    /// assert_eq!(start.to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    /// assert_eq!(start, Position::default());
    /// ```
    #[must_use]
    pub fn start() -> Position {
        Position { setup: Setup::start() }
    }

    /// Checks every rule of a legal position (also `Position::try_from(setup)`).
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::{Position, Setup};
    ///
    /// let setup: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse()?;
    /// let error = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "black is not to move, yet its general on e9 is attacked from e0, so it could be captured"
    /// );
    /// # Ok::<(), xiangqi_rules::ParseSetupError>(())
    /// ```
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
    #[cfg(feature = "tasks")]
    pub(crate) fn from_checked_setup(setup: Setup) -> Position {
        debug_assert!(
            Position::from_setup(setup).or_else(PositionError::ignore_too_much_material).is_ok(),
            "{setup} was checked"
        );
        Position { setup }
    }

    /// Reads a FEN and checks that it is a legal position (also `fen.parse()`).
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// let position = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w")?;
    /// assert_eq!(position.legal_moves().len(), 1, "d0d1: e0 would face the black general");
    /// assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").is_err(), "the generals face each other");
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    ///
    /// # Errors
    /// What is wrong with the FEN, or every problem of the position it describes.
    pub fn from_fen(fen: &str) -> Result<Position, ParsePositionError> {
        let setup = Setup::from_fen(fen).map_err(ParsePositionError::Syntax)?;
        Position::from_setup(setup).map_err(ParsePositionError::Invalid)
    }

    /// The point of `color`'s general: always `Some` in a position reached
    /// by legal moves (`None` only after an illegal move forced through
    /// [`Position::play_unchecked`] took it), as duck chess's
    /// `Position::captain` answers.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::{Color, Position};
    ///
    /// assert_eq!(Position::start().general(Color::Black).map(|s| s.to_string()).as_deref(), Some("e9"));
    /// ```
    #[must_use]
    pub fn general(&self, color: Color) -> Option<Square> {
        self.board().general(color)
    }

    /// The enemy pieces attacking the general of the side to move.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// let position: Position = "3k5/9/9/9/9/9/9/9/9/3RK4 b".parse()?;
    /// assert_eq!(position.checkers().into_iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["d0"]);
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn checkers(&self) -> SquareSet {
        self.general(self.turn())
            .map_or(SquareSet::EMPTY, |general| self.board().attackers(general, self.turn().opponent()))
    }

    /// Whether the side to move is in check. A side whose general is gone
    /// (taken by an illegal move forced through [`Position::play_unchecked`])
    /// counts as in check, so that [`Position::outcome`] calls it mated.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// assert!(!Position::start().is_check());
    /// assert!("3k5/9/9/9/9/9/9/9/9/3RK4 b".parse::<Position>()?.is_check());
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn is_check(&self) -> bool {
        let us = self.turn();
        let board = self.board();
        self.general(us).is_none_or(|general| {
            board.general_would_be_attacked(general, us.opponent(), board.occupied(), SquareSet::EMPTY)
        })
    }

    /// How the game has ended, or `None` while the side to move has a legal move.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::{Color, Outcome, Position};
    ///
    /// assert_eq!(Position::start().outcome(), None);
    /// let mated: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse()?;
    /// assert_eq!(mated.outcome(), Some(Outcome::Checkmate { winner: Color::Red }));
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            None
        } else if self.is_check() {
            Some(Outcome::Checkmate { winner: self.turn().opponent() })
        } else {
            Some(Outcome::Stalemate { winner: self.turn().opponent() })
        }
    }

    /// Whether the side to move has no legal move left, mated or stalemated.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// assert!(!Position::start().is_game_over());
    /// assert!("3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse::<Position>()?.is_game_over());
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        !self.has_legal_move()
    }

    /// Whether the side to move is in check with no legal move.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// assert!("3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse::<Position>()?.is_checkmate());
    /// assert!(!Position::start().is_checkmate());
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        matches!(self.outcome(), Some(Outcome::Checkmate { .. }))
    }

    /// Whether the side to move is not in check but has no legal move (which loses in xiangqi).
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// // The black general on d9 may not step to e9 (the generals would face
    /// // each other) nor to d8 (the chariot on a8 covers the rank): no check, no move.
    /// let position: Position = "3k5/R8/9/9/9/9/9/9/9/4K4 b".parse()?;
    /// assert!(position.is_stalemate());
    /// assert!(!position.is_check() && position.is_game_over());
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        matches!(self.outcome(), Some(Outcome::Stalemate { .. }))
    }

    /// Whether `mv` is a legal move here.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// let position = Position::start();
    /// assert!(position.is_legal("h2e2".parse()?));
    /// assert!(!position.is_legal("h2h7".parse()?), "a cannon captures only over a screen");
    /// # Ok::<(), xiangqi_rules::ParseMoveError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(piece) = self.board().piece_at(mv.from) else { return false };
        piece.color == self.turn() && self.board().can_move(mv.from, piece, mv.to) && self.is_safe(mv, piece)
    }

    /// Plays `mv` if it is legal; otherwise says why not and changes nothing.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::{Color, IllegalMove, Position};
    ///
    /// let mut position = Position::start();
    /// position.play("h2e2".parse()?)?;
    /// assert_eq!(position.turn(), Color::Black);
    /// let refused = position.play("h2e2".parse()?);
    /// assert_eq!(refused, Err(IllegalMove::NoPiece { at: "h2".parse()? }));
    /// assert_eq!(position.turn(), Color::Black, "a refused move changes nothing");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Ignoring the result is a warning, so a refused move cannot pass unseen:
    ///
    /// ```compile_fail
    /// #![deny(unused_must_use)]
    /// let mut position = xiangqi_rules::Position::start();
    /// position.play("h2e2".parse().unwrap());
    /// ```
    ///
    /// # Errors
    /// Why the move is illegal (see [`IllegalMove`]).
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves`], say),
    /// without checking it: the fast way for searches. An illegal move from a
    /// piece of the side to move leaves a position that may break the
    /// guarantees above; use [`Position::play`] for moves from outside.
    ///
    /// Returns what [`Position::unplay`] needs to take the move back; a
    /// search that copies positions instead can drop it.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::{Position, perft};
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
    /// general may even be taken), on which the position's methods
    /// (`legal_moves`, `is_check`, `outcome`, `general`) still answer
    /// without panicking (a side without its general counts as checkmated).
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        debug_assert!(self.is_legal(mv), "play_unchecked: {mv} is not a legal move in {self}");
        let setup = &mut self.setup;
        let captured = setup.board.move_piece(mv.from, mv.to);
        let clocks = Clocks { halfmove_clock: setup.halfmove_clock, fullmove_number: setup.fullmove_number };
        let undo = Undo::new(mv, captured, clocks);
        setup.halfmove_clock = if captured.is_some() { 0 } else { setup.halfmove_clock.saturating_add(1) };
        if setup.turn == Color::Black {
            setup.fullmove_number = setup.fullmove_number.saturating_add(1);
        }
        setup.turn = setup.turn.opponent();
        undo.played_into(self.zobrist_hash())
    }

    /// Takes back the last move played, from what
    /// [`Position::play_unchecked`] returned for it: the position is again
    /// exactly what it was, clocks included. The way back for a search that
    /// plays and takes back moves in one position rather than copying it.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// let mut position = Position::start();
    /// let first = position.play_unchecked("h2e2".parse()?);
    /// let second = position.play_unchecked("h9g7".parse()?);
    /// position.unplay(second);
    /// position.unplay(first);
    /// assert_eq!(position, Position::start());
    /// # Ok::<(), xiangqi_rules::ParseMoveError>(())
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
        let setup = &mut self.setup;
        let (mv, clocks) = (undo.mv(), undo.before());
        setup.board.unmove_piece(mv.from, mv.to, undo.capture());
        setup.halfmove_clock = clocks.halfmove_clock;
        setup.fullmove_number = clocks.fullmove_number;
        setup.turn = setup.turn.opponent();
    }

    /// How the game stands, in words: `red to move`, `black to move, in
    /// check`, `black to move is checkmated and loses`, or `red to move has no
    /// legal move (stalemate) and loses`.
    ///
    /// # Examples
    /// ```
    /// use xiangqi_rules::Position;
    ///
    /// assert_eq!(Position::start().summary(), "red to move");
    /// let mated: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse()?;
    /// assert_eq!(mated.summary(), "black to move is checkmated and loses");
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn summary(&self) -> String {
        let turn = self.turn();
        match self.outcome() {
            Some(Outcome::Checkmate { .. }) => format!("{turn} to move is checkmated and loses"),
            Some(Outcome::Stalemate { .. }) => {
                format!("{turn} to move has no legal move (stalemate) and loses")
            }
            _ if self.is_check() => format!("{turn} to move, in check"),
            _ => format!("{turn} to move"),
        }
    }
}

impl core::str::FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(fen: &str) -> Result<Position, ParsePositionError> {
        Position::from_fen(fen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position without checking its setup: what an illegal move forced
    /// through `play_unchecked` in a release build may leave.
    fn unchecked(setup: &str) -> Position {
        Position { setup: setup.parse().expect("a setup") }
    }

    #[test]
    fn a_side_whose_general_was_taken_is_mated_and_nothing_panics() {
        // Red to move with no general, as after black's general took it.
        let position = unchecked("4k4/9/9/9/9/9/9/9/9/R8 w");
        assert_eq!(position.general(Color::Red), None);
        assert!(position.is_check());
        assert!(position.checkers().is_empty());
        assert!(position.legal_moves().is_empty());
        assert!(!position.is_legal("a0a1".parse().expect("a move")));
        assert_eq!(position.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
        assert!(position.is_checkmate());
        assert_eq!(position.summary(), "red to move is checkmated and loses");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "play_unchecked: a0a5 is not a legal move")]
    fn play_unchecked_refuses_an_illegal_move_in_debug_builds() {
        // The chariot cannot pass its own soldier on a3.
        Position::start().play_unchecked("a0a5".parse().expect("a move"));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "unplay: this undo is of a move that led to the position keyed")]
    fn unplay_refuses_another_positions_undo_in_debug_builds() {
        let mut one = Position::start();
        let undo = one.play_unchecked("h2e2".parse().expect("a move"));
        let mut other = Position::start();
        other.play_unchecked("b0c2".parse().expect("a move"));
        other.unplay(undo);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "unplay: this undo is of a move that led to the position keyed")]
    fn unplay_refuses_an_undo_taken_back_already_in_debug_builds() {
        let mut position = Position::start();
        let undo = position.play_unchecked("h2e2".parse().expect("a move"));
        position.unplay(undo);
        position.unplay(undo);
    }

    fn problems_of(fen: &str) -> Vec<String> {
        match Position::from_fen(fen) {
            Ok(_) => Vec::new(),
            Err(ParsePositionError::Invalid(error)) => {
                error.problems().iter().map(ToString::to_string).collect()
            }
            Err(other) => panic!("{other}"),
        }
    }

    #[test]
    fn fen_errors_say_which_kind_and_keep_the_cause() {
        use std::error::Error as _;
        let syntax = "4k4/9/9 w".parse::<Position>().unwrap_err();
        let ranks = "the board has 3 ranks; a FEN gives 10, from rank 9 down to rank 0, separated by '/'";
        assert_eq!(syntax.to_string(), format!("column 1: {ranks}"));
        let cause = syntax.source().expect("the syntax error").to_string();
        assert_eq!(cause, format!("1:1: {ranks}"), "the cause keeps its place");
        let illegal = "9/9/9/9/9/9/9/9/9/4K4 w".parse::<Position>().unwrap_err();
        assert_eq!(illegal.to_string(), "illegal position: black has no general");
        assert_eq!(illegal.source().map(ToString::to_string).as_deref(), Some("black has no general"));
    }

    #[test]
    fn setups_become_positions_only_when_legal_and_come_back_unchanged() {
        let setup: Setup = "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 3 20".parse().unwrap();
        let position = Position::try_from(setup).unwrap();
        assert_eq!(position.to_string(), "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 3 20");
        assert_eq!(Setup::from(position), setup);
        let bad: Setup = "9/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
        assert_eq!(Position::try_from(bad).unwrap_err().to_string(), "black has no general");
    }

    #[test]
    fn checkmate_stalemate_and_check_are_told_apart() {
        let mated: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse().unwrap();
        let stalemated: Position = "3k5/R8/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
        let checked: Position = "3k5/9/9/9/9/9/9/9/9/3rK4 w".parse().unwrap();
        let quiet = Position::start();
        let facts = |p: &Position| (p.is_check(), p.is_checkmate(), p.is_stalemate(), p.is_game_over());
        assert_eq!(facts(&mated), (true, true, false, true));
        assert_eq!(facts(&stalemated), (false, false, true, true));
        assert_eq!(facts(&checked), (true, false, false, false));
        assert_eq!(facts(&quiet), (false, false, false, false));
        assert_eq!(checked.summary(), "red to move, in check");
        assert_eq!(stalemated.summary(), "black to move has no legal move (stalemate) and loses");
    }

    #[test]
    fn a_misplaced_piece_that_gives_check_is_reported_with_the_check() {
        // The advisor outside its palace checks the black general diagonally.
        assert_eq!(
            problems_of("3k5/4A4/9/9/9/9/9/9/9/4K4 w"),
            [
                "the red advisor on e8 is where no advisor can ever be: red advisors stand on d0, f0, e1, d2 or f2",
                "black is not to move, yet its general on d9 is attacked from e8, so it could be captured",
            ]
        );
    }

    #[test]
    fn pictures_in_every_style() {
        let position = Position::start();
        use board_geometry::render::TextStyle;
        assert_eq!(position.picture_in(TextStyle::ASCII), position.picture());
        assert!(position.picture_in(TextStyle::chinese(false)).contains("車──馬──象──士──將"));
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
        // On its own starting rank, a black soldier off the files is misplaced, not behind.
        assert_eq!(
            problems_of("4k4/9/9/1p7/9/9/9/9/9/3K5 w"),
            ["the black soldier on b6 is where no soldier can be before crossing the river: \
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
