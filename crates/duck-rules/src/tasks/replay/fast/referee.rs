//! The judge's referee: the game of a log played on a compact board of its
//! own, for answers at the pace of the C++ baselines.
//!
//! [`Position`] is the engine, and [`Verdict::of`](crate::tasks::replay::Verdict::of) says
//! why a command is invalid; the judge only prints `Invalid command`, and
//! every one of its answers reads the same few facts: the piece on a point,
//! whether a side owns it, and whether a captain is attacked. The referee
//! keeps exactly those at hand: a piece code per point (a mailbox), the
//! points of each piece, the points of both sides together, and where the
//! captains stand. The rules themselves are the crate's tables
//! (`rules::path` and `rules::attacked`), shared with [`Position`], and the
//! tests play random games on both and compare every answer.

use crate::rules::{Pieces, Route, attacked, between, route};
use crate::{Color, Move, Piece, PieceKind, Position, Square, SquareSet};

use super::answers::Answer;

/// The length of the tables by point: one entry for every index a point's
/// `u8` can hold, so that looking a point up needs no bounds check. The
/// entries past the board stay empty.
const BY_INDEX: usize = 1 << u8::BITS;

/// Each point alone in a set, looked up rather than shifted into place.
static ALONE: [SquareSet; BY_INDEX] = {
    let mut alone = [SquareSet::EMPTY; BY_INDEX];
    let mut index = 0;
    while index < BY_INDEX {
        if let Some(square) = Square::from_index(index as u8) {
            alone[index] = SquareSet::from_square(square);
        }
        index += 1;
    }
    alone
};

/// The bit of each side in a piece code; the low three bits are the kind.
const fn side_bit(color: Color) -> u8 {
    match color {
        Color::Red => 8,
        Color::Blue => 16,
    }
}

/// The code of `piece`: its side's bit and its kind. 0 is an empty point.
const fn code(piece: Piece) -> u8 {
    side_bit(piece.color) | piece.kind as u8
}

/// Both sides' bits: a code holds exactly one of them.
const SIDES: u8 = side_bit(Color::Red) | side_bit(Color::Blue);

/// The number of codes a table covers: every code is below twice the higher side bit.
const CODES: usize = 2 * side_bit(Color::Blue) as usize;

/// The piece of each code, `None` for 0 and the codes of no piece.
static PIECES: [Option<Piece>; CODES] = {
    let mut pieces = [None; CODES];
    let mut i = 0;
    while i < 2 * PieceKind::ALL.len() {
        let piece =
            Piece::new(Color::ALL[i / PieceKind::ALL.len()], PieceKind::ALL[i % PieceKind::ALL.len()]);
        pieces[code(piece) as usize] = Some(piece);
        i += 1;
    }
    pieces
};

/// The answer to a valid move of the piece of each code onto a point
/// holding the piece of each code (or none, 0) that is no check and does
/// not end the game: two look-ups instead of the arithmetic of
/// [`Answer::valid`]. Codes of no piece get `Invalid command`; no move makes them.
static QUIET_ANSWERS: [[Answer; CODES]; CODES] = {
    let mut answers = [[Answer::INVALID; CODES]; CODES];
    let mut moved = 0;
    while moved < CODES {
        if let Some(piece) = PIECES[moved] {
            let mut removed = 0;
            while removed < CODES {
                if removed == 0 || PIECES[removed].is_some() {
                    answers[moved][removed] = Answer::valid(piece, PIECES[removed], false, false);
                }
                removed += 1;
            }
        }
        moved += 1;
    }
    answers
};

/// The codes of both captains.
const CAPTAINS: [u8; 2] =
    [code(Piece::new(Color::Red, PieceKind::Captain)), code(Piece::new(Color::Blue, PieceKind::Captain))];

/// The piece of a code, `None` for 0.
#[inline]
fn piece_of(code: u8) -> Option<Piece> {
    PIECES.get(usize::from(code)).copied().flatten()
}

/// The game of a log, as the judge follows it (see the [module docs](self)).
#[derive(Clone, Debug)]
pub(crate) struct Referee {
    /// The code of the piece on each point by its index, 0 where none
    /// stands (and past the board: see [`BY_INDEX`]).
    cells: [u8; BY_INDEX],
    /// The points of each piece code.
    pieces: [SquareSet; CODES],
    /// The points where any piece stands.
    occupied: SquareSet,
    /// Where each side's captain stands (by [`Color`] order), while the game goes on.
    captains: [Square; 2],
    /// The side bit of the side to move.
    turn: u8,
    /// Whether a captain has been removed.
    over: bool,
}

impl Referee {
    /// A referee for a game from `position`.
    pub(crate) fn new(position: &Position) -> Referee {
        let mut cells = [0; BY_INDEX];
        let mut pieces = [SquareSet::EMPTY; CODES];
        for (square, piece) in position.board().pieces() {
            cells[usize::from(square.index())] = code(piece);
            pieces[usize::from(code(piece))].insert(square);
        }
        let captain = |color| position.captain(color);
        let (captains, over) = match (captain(Color::Red), captain(Color::Blue)) {
            (Some(red), Some(blue)) => ([red, blue], false),
            // Nothing is read from the captains once the game is over.
            (Some(captain), None) | (None, Some(captain)) => ([captain; 2], true),
            (None, None) => unreachable!("a position has a captain"),
        };
        let occupied = position.board().occupied();
        Referee { cells, pieces, occupied, captains, turn: side_bit(position.turn()), over }
    }

    /// Plays `command` if it is a legal move, as [`Position::play`] would,
    /// and gives the judge's answer; an invalid command changes nothing.
    #[inline(always)]
    pub(crate) fn play(&mut self, command: Move) -> Answer {
        self.try_play(command).unwrap_or(Answer::INVALID)
    }

    /// [`Referee::play`], `None` for an invalid command.
    #[inline(always)]
    fn try_play(&mut self, command: Move) -> Option<Answer> {
        let (from, to) = (usize::from(command.from.index()), usize::from(command.to.index()));
        let (moved, removed) = (self.cells[from], self.cells[to]);
        // An empty source has no side bit; the target is the source's own
        // point or holds a piece of the mover's side if it has the mover's bit.
        if self.over || moved & self.turn == 0 || removed & self.turn != 0 {
            return None;
        }
        let piece = piece_of(moved)?;
        let clear = match route(piece.kind, command.from, command.to) {
            Route::Never => false,
            Route::Leap { blocking, count } => {
                Route::leap_is_clear(command.from, &blocking[..usize::from(count)], |point| {
                    self.is_empty(point)
                })
            }
            Route::Slide(direction) => {
                !between(command.from, command.to, direction).intersects(self.occupied)
            }
        };
        if !clear {
            return None;
        }
        self.cells[to] = moved;
        self.cells[from] = 0;
        let (source, target) = (ALONE[from], ALONE[to]);
        self.pieces[usize::from(moved)] ^= source.union(target);
        self.pieces[usize::from(removed)] -= target;
        self.occupied = (self.occupied ^ source) | target;
        self.turn ^= SIDES;
        if removed == CAPTAINS[0] || removed == CAPTAINS[1] {
            self.over = true;
            return Some(Answer::valid(piece, piece_of(removed), false, true));
        }
        if piece.kind == PieceKind::Captain {
            self.captains[piece.color as usize] = command.to;
        }
        let [red, blue] = self.captains;
        let check = attacked(self, red, Color::Blue) || attacked(self, blue, Color::Red);
        // Every cell holds 0 or a piece's code, below `CODES`.
        Some(QUIET_ANSWERS[usize::from(moved)][usize::from(removed)].with_check(check))
    }

    /// The position the referee has reached.
    #[cfg(test)]
    pub(crate) fn position(&self) -> Position {
        let mut setup = crate::Setup::empty();
        for square in Square::all() {
            if let Some(&code) = self.cells.get(usize::from(square.index())).filter(|&&code| code != 0) {
                setup.board.put(square, piece_of(code).expect("a piece code"));
            }
        }
        setup.turn = if self.turn == side_bit(Color::Red) { Color::Red } else { Color::Blue };
        Position::from_setup(setup).expect("the referee plays legal moves only")
    }
}

impl Pieces for Referee {
    #[inline]
    fn placed(&self, color: Color, kind: PieceKind) -> SquareSet {
        self.pieces[usize::from(code(Piece::new(color, kind)))]
    }

    #[inline]
    fn occupied(&self) -> SquareSet {
        self.occupied
    }

    #[inline]
    fn is_empty(&self, square: Square) -> bool {
        self.cells[usize::from(square.index())] == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tasks::replay::Verdict;
    use crate::tasks::replay::generate::{GenerateOptions, Generator};

    /// Plays `commands` with the referee and with the engine from `start`,
    /// comparing every answer and the positions reached.
    fn agree(start: Position, commands: &[Move]) {
        let mut referee = Referee::new(&start);
        let mut position = start;
        for (i, &command) in commands.iter().enumerate() {
            let expected = Answer::of(Verdict::of(&mut position, command).report());
            assert_eq!(referee.play(command), expected, "command {} ({command}) from {start}", i + 1);
            assert_eq!(referee.position(), position, "after command {} ({command}) from {start}", i + 1);
        }
    }

    #[test]
    fn every_code_names_its_piece() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                assert_ne!(code(piece), 0);
                assert_eq!(piece_of(code(piece)), Some(piece));
                assert_eq!(code(piece) & SIDES, side_bit(color));
            }
        }
        assert_eq!(piece_of(0), None);
        assert_eq!(PIECES.iter().flatten().count(), 2 * PieceKind::ALL.len());
    }

    #[test]
    fn the_referee_answers_as_the_engine_on_random_games() {
        let options = GenerateOptions { commands: 300, ..GenerateOptions::default() };
        for log in Generator::new(13, &options).unwrap().take(200) {
            agree(Position::start(), log.commands());
        }
    }

    #[test]
    fn the_referee_answers_as_the_engine_on_every_command_of_crowded_and_sparse_boards() {
        // Every command at all from a few positions, each played on a fresh copy.
        let starts = [
            Position::start(),
            "4k4/9/9/9/9/9/9/9/9/R3K4 r".parse().unwrap(),
            "r3k4/4s4/9/2h1D4/4E4/9/3hK4/9/4g4/R8 b".parse().unwrap(),
            "4R4/9/9/9/9/9/9/9/9/4K4 b".parse().unwrap(),
        ];
        for start in starts {
            for from in Square::all() {
                for to in Square::all() {
                    agree(start, &[Move::new(from, to)]);
                }
            }
        }
    }
}
