//! The pieces of one case on a small board made for the task, and the
//! verdict worked out directly on it: the judge's fast way.
//!
//! Black has only its general, so black is lost exactly when each point the
//! general can step to inside its palace would be attacked by red once the
//! general stands there, having captured whatever red piece stood there;
//! unless the generals face each other at the start, when black captures the
//! red general. [`Case::verdict`](super::Case::verdict) asks the engine,
//! which knows every rule of xiangqi, instead; the tests hold the two to the
//! same answers.

use super::{COORDINATES, Verdict};
use crate::{Board, Color, Piece, PieceKind, Square};

/// A point as the task numbers it: row 1 to 10 from the top (black's side),
/// column 1 to 9 from the left.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Point {
    row: u8,
    column: u8,
}

impl Point {
    /// The point at `row` and `column`, if that is on the board.
    pub(super) fn new(row: i64, column: i64) -> Option<Point> {
        let on_board = (1..=10).contains(&row) && (1..=9).contains(&column);
        // Both fit a byte once on the board.
        on_board.then_some(Point { row: row as u8, column: column as u8 })
    }

    /// Whether the point is in black's palace: rows 1 to 3, columns 4 to 6.
    pub(super) fn in_black_palace(self) -> bool {
        (1..=3).contains(&self.row) && (4..=6).contains(&self.column)
    }

    /// Whether the point is in red's palace: rows 8 to 10, columns 4 to 6.
    pub(super) fn in_red_palace(self) -> bool {
        (8..=10).contains(&self.row) && (4..=6).contains(&self.column)
    }

    /// The engine's square of the point.
    pub(super) fn square(self) -> Square {
        match COORDINATES.square(i64::from(self.row), i64::from(self.column)) {
            Some(square) => square,
            None => unreachable!("a point is on the board"),
        }
    }

    /// The point of `square`.
    #[cfg(test)]
    pub(super) fn of(square: Square) -> Point {
        Point { row: COORDINATES.row(square), column: COORDINATES.column(square) }
    }
}

/// The red pieces the task's input names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Red {
    General,
    Chariot,
    Horse,
    Cannon,
}

impl Red {
    /// The piece a letter names: `G`, `R`, `H` or `C`.
    pub(super) const fn from_letter(letter: u8) -> Option<Red> {
        /// The piece of each byte, looked up rather than matched: it is asked for each piece read.
        const BY_LETTER: [Option<Red>; 256] = {
            let mut table = [None; 256];
            table[b'G' as usize] = Some(Red::General);
            table[b'R' as usize] = Some(Red::Chariot);
            table[b'H' as usize] = Some(Red::Horse);
            table[b'C' as usize] = Some(Red::Cannon);
            table
        };
        BY_LETTER[letter as usize]
    }

    const fn kind(self) -> PieceKind {
        match self {
            Red::General => PieceKind::General,
            Red::Chariot => PieceKind::Chariot,
            Red::Horse => PieceKind::Horse,
            Red::Cannon => PieceKind::Cannon,
        }
    }
}

/// The most red pieces a case may have.
pub(super) const MAX_RED: usize = 16;

/// The black general and the red pieces of one case, with the points red
/// takes as bits, row by row and column by column, so that the pieces
/// between two points of a line are counted at once.
#[derive(Clone, Debug)]
pub(super) struct Endgame {
    black: Point,
    red_general: Option<Point>,
    reds: [(Red, Point); MAX_RED],
    red_count: usize,
    /// Bit `column` of `rows[row]` and bit `row` of `columns[column]` are set
    /// where a red piece stands.
    rows: [u16; 16],
    columns: [u16; 16],
}

impl Default for Endgame {
    /// The black general on its starting point, alone.
    fn default() -> Endgame {
        Endgame::new(Point { row: 1, column: 5 })
    }
}

/// The black general's steps: up, down, left, right.
const STEPS: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl Endgame {
    /// The black general at `black`, alone.
    pub(super) const fn new(black: Point) -> Endgame {
        Endgame {
            black,
            red_general: None,
            reds: [(Red::General, black); MAX_RED],
            red_count: 0,
            rows: [0; 16],
            columns: [0; 16],
        }
    }

    /// Starts again with the black general at `black`, alone (the same as
    /// [`Endgame::new`], without writing the whole list of red pieces).
    pub(super) fn restart(&mut self, black: Point) {
        self.black = black;
        self.red_general = None;
        self.red_count = 0;
        self.rows = [0; 16];
        self.columns = [0; 16];
    }

    /// Whether a piece stands on `point`.
    pub(super) fn is_taken(&self, point: Point) -> bool {
        self.rows[line(point.row)] & 1 << point.column != 0 || point == self.black
    }

    /// Where the red general stands, once listed.
    pub(super) const fn red_general(&self) -> Option<Point> {
        self.red_general
    }

    /// Puts `red` on `point` if the task's input may: the point is free, and
    /// a general is red's first and stands in its palace. At most [`MAX_RED`] pieces.
    #[inline]
    pub(super) fn try_put(&mut self, red: Red, point: Point) -> bool {
        let (row, bit) = (line(point.row), 1 << point.column);
        if self.rows[row] & bit != 0 || point == self.black {
            return false;
        }
        if red == Red::General {
            if self.red_general.is_some() || !point.in_red_palace() {
                return false;
            }
            self.red_general = Some(point);
        }
        let Some(slot) = self.reds.get_mut(self.red_count) else { return false };
        *slot = (red, point);
        self.red_count += 1;
        self.rows[row] |= bit;
        self.columns[line(point.column)] |= 1 << point.row;
        true
    }

    /// The engine's board of the same pieces.
    pub(super) fn board(&self) -> Board {
        let mut board = Board::empty();
        board.put(self.black.square(), Piece::new(Color::Black, PieceKind::General));
        for &(red, point) in &self.reds[..self.red_count] {
            board.put(point.square(), Piece::new(Color::Red, red.kind()));
        }
        board
    }

    /// The verdict: `YES` if black, to move, has no legal move.
    pub(super) fn verdict(&self) -> Verdict {
        let black = self.black;
        let facing = self
            .red_general
            .is_some_and(|red| red.column == black.column && self.between(red, black) == Some(0));
        if facing {
            return Verdict::NotMate;
        }
        let steps = STEPS.iter().filter_map(|&(rows, columns)| {
            let point = Point {
                row: black.row.wrapping_add_signed(rows),
                column: black.column.wrapping_add_signed(columns),
            };
            point.in_black_palace().then_some(point)
        });
        for step in steps {
            if !self.attacked(step) {
                return Verdict::NotMate;
            }
        }
        Verdict::Mate
    }

    /// Whether a red piece attacks `target` once the black general stands
    /// there, having captured whatever stood there. The general's old point
    /// is then empty, and it is not among the points red takes; the point it
    /// stands on never lies between an attacker and itself, nor on a horse's leg.
    fn attacked(&self, target: Point) -> bool {
        self.reds[..self.red_count].iter().any(|&(red, from)| {
            from != target
                && match red {
                    // The generals face each other: the flying general.
                    Red::General => from.column == target.column && self.between(from, target) == Some(0),
                    Red::Chariot => self.between(from, target) == Some(0),
                    // Exactly one piece between: the cannon's screen.
                    Red::Cannon => self.between(from, target).is_some_and(u16::is_power_of_two),
                    Red::Horse => self.horse_reaches(from, target),
                }
        })
    }

    /// The red pieces strictly between two different points of one row or
    /// column, as bits; `None` if the points are on no common line.
    #[inline]
    fn between(&self, a: Point, b: Point) -> Option<u16> {
        if a.row == b.row {
            Some(strictly_between(self.rows[line(a.row)], a.column, b.column))
        } else if a.column == b.column {
            Some(strictly_between(self.columns[line(a.column)], a.row, b.row))
        } else {
            None
        }
    }

    /// Whether a horse on `from` jumps to `target`: one point straight and
    /// one diagonally, its leg (the point next to it on the way) free.
    fn horse_reaches(&self, from: Point, target: Point) -> bool {
        let rows = target.row.abs_diff(from.row);
        let columns = target.column.abs_diff(from.column);
        let leg = match (rows, columns) {
            (2, 1) => Point { row: (from.row + target.row) / 2, column: from.column },
            (1, 2) => Point { row: from.row, column: (from.column + target.column) / 2 },
            _ => return false,
        };
        self.rows[line(leg.row)] & 1 << leg.column == 0
    }
}

/// The index of row or column `number` (at most 10) in the masks of
/// [`Endgame`], which have room for 16 so that no index needs a bounds check.
#[inline(always)]
const fn line(number: u8) -> usize {
    (number & 15) as usize
}

/// The bits of `bits` strictly between bits `a` and `b` (different).
#[inline]
fn strictly_between(bits: u16, a: u8, b: u8) -> u16 {
    let (low, high) = (a.min(b), a.max(b));
    bits & ((1 << high) - (2 << low))
}

#[cfg(test)]
pub(super) mod tests {
    use board_geometry::Half;
    use board_geometry::random::Random;

    use super::*;
    use crate::tasks::checkmate::generate::{GenerateOptions, Generator};
    use crate::tasks::checkmate::{Case, StepOutcome};

    /// The endgame of a case whose red pieces are generals, chariots, horses and cannons.
    fn endgame_of(case: &Case) -> Endgame {
        let mut endgame = Endgame::new(Point::of(case.black_general()));
        for (square, piece) in case.board().pieces().filter(|(_, piece)| piece.color == Color::Red) {
            let red = match piece.kind {
                PieceKind::General => Red::General,
                PieceKind::Chariot => Red::Chariot,
                PieceKind::Horse => Red::Horse,
                PieceKind::Cannon => Red::Cannon,
                other => panic!("no {other:?} in this task"),
            };
            assert!(endgame.try_put(red, Point::of(square)), "{}", case.board());
        }
        endgame
    }

    /// Holds the fast verdict to the engine's, and the small board to the engine's.
    fn agrees(case: &Case) {
        let endgame = endgame_of(case);
        assert_eq!(endgame.board(), *case.board());
        assert_eq!(endgame.verdict(), case.verdict(), "{}", case.board());
    }

    /// A case with red's general and up to `most` other red pieces anywhere: the
    /// generals may face each other, red may give no check, black may be stalemated.
    pub(in crate::tasks::checkmate) fn random_case(random: &mut Random, number: u64, most: i64) -> Case {
        let points =
            |half: Half| Square::all().filter(move |&s| half.palace().contains(s)).collect::<Vec<_>>();
        let mut board = Board::empty();
        board.put(*random.pick(&points(Half::Upper)).unwrap(), Piece::new(Color::Black, PieceKind::General));
        board.put(*random.pick(&points(Half::Lower)).unwrap(), Piece::new(Color::Red, PieceKind::General));
        // Near the black general more often, where pieces matter.
        let near: Vec<Square> = Square::all()
            .filter(|s| COORDINATES.row(*s) <= 4 || (4..=6).contains(&COORDINATES.column(*s)))
            .collect();
        let anywhere: Vec<Square> = Square::all().collect();
        for _ in 0..random.between(0, most) {
            let points = if random.chance(0.7) { &near } else { &anywhere };
            let square = *random.pick(points).unwrap();
            let kind = *random.pick(&[PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon]).unwrap();
            if board.piece_at(square).is_none() {
                board.put(square, Piece::new(Color::Red, kind));
            }
        }
        match Case::new(number, board) {
            Ok(case) => case,
            Err(error) => panic!("{error}: {board}"),
        }
    }

    #[test]
    fn the_fast_verdict_is_the_engines_on_generated_cases() {
        let mut options = Vec::new();
        for (yes, hard) in [(0.5, 0.5), (1.0, 0.0), (0.0, 1.0), (0.0, 0.0)] {
            for (min, max) in [(2, 7), (2, 2), (3, 4), (7, 7)] {
                let mut option = GenerateOptions::default();
                (option.yes_share, option.hard_no_share, option.min_red_pieces, option.max_red_pieces) =
                    (yes, hard, min, max);
                options.push(option);
            }
        }
        for (seed, option) in options.iter().enumerate() {
            for case in Generator::new(seed as u64, option).unwrap().take(2000) {
                agrees(&case);
            }
        }
    }

    #[test]
    fn the_fast_verdict_is_the_engines_where_the_judge_promises_nothing() {
        let mut random = Random::new(4121);
        let (mut facing, mut mates, mut stalemates, mut safe_captures, mut flying) = (0, 0, 0, 0, 0);
        for number in 1..=20_000 {
            let case = random_case(&mut random, number, if number % 2 == 0 { 6 } else { 15 });
            agrees(&case);
            let explanation = case.explain();
            facing += u32::from(case.generals_face_at_start());
            if case.verdict() == Verdict::Mate {
                mates += u32::from(explanation.checkers().any());
                stalemates += u32::from(!explanation.checkers().any());
            }
            for step in explanation.steps() {
                if let StepOutcome::Inside { captured, covered_by } = step.outcome {
                    safe_captures += u32::from(captured.is_some() && covered_by.is_empty());
                    flying += u32::from(
                        covered_by == case.board().by_piece(Piece::new(Color::Red, PieceKind::General)),
                    );
                }
            }
        }
        let seen = [facing, mates, stalemates, safe_captures, flying];
        assert!(
            seen.iter().all(|&count| count > 30),
            "facing, mates, stalemates, safe captures, flying: {seen:?}"
        );
    }
}
