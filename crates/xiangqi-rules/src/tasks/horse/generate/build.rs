//! Building one board (see the module docs).

use board_geometry::random::{Draw, Random};
use board_geometry::{Half, Offset};

use super::GenerateOptions;
use crate::attacks::horse_attacks;
use crate::problem::reachable;
use crate::tasks::horse::Case;
use crate::tasks::pick;
use crate::{Board, Color, Piece, PieceKind, Square, SquareSet};

/// The chance that a general is on a board without the pin's column.
const GENERAL_CHANCE: f64 = 0.85;

/// The chance that a pin's column also holds a piece outside the stretch
/// between the generals.
const OUTSIDE_CHANCE: f64 = 0.5;

/// The corner `a0`: the fallback of draws and lookups that always find a point.
const A0: Square = match Square::from_index(0) {
    Some(square) => square,
    None => unreachable!(),
};

/// The kinds put on random points: all but the generals, which come first in [`PieceKind::ALL`].
const FILLERS: &[PieceKind] = PieceKind::ALL.split_at(1).1;

/// Which column arrangement a board gets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Column {
    /// The generals and the horse alone between them: pinned.
    Pin,
    /// The generals and the horse with another piece between them: not pinned.
    NearPin,
    /// Anything.
    Free,
}

impl Draw for GenerateOptions {
    type Case = Case;

    /// The next board.
    fn draw(&self, random: &mut Random) -> Case {
        loop {
            let board = board(random, self);
            // Never an error: the builder puts exactly one black horse and at
            // most one general of each colour.
            if let Ok(case) = Case::new(board) {
                return case;
            }
        }
    }
}

fn board(random: &mut Random, options: &GenerateOptions) -> Board {
    let draw = random.next_u64() >> 11;
    let unit = draw as f64 / (1u64 << 53) as f64;
    let column = if unit < options.pin_share {
        Column::Pin
    } else if unit < options.pin_share + options.near_pin_share {
        Column::NearPin
    } else {
        Column::Free
    };
    let mut builder =
        Builder { random, board: Board::empty(), counts: [[0; 7]; 2], kept_empty: SquareSet::EMPTY };
    let horse = match column {
        Column::Free => builder.free_generals_and_horse(),
        Column::Pin | Column::NearPin => builder.pin_column(column == Column::NearPin),
    };
    for step in Offset::ORTHOGONAL {
        if let Some(leg) = horse.offset(step) {
            builder.maybe_fill(leg, options.crowding);
        }
    }
    for landing in horse_attacks(horse, SquareSet::EMPTY) {
        builder.maybe_fill(landing, options.crowding);
    }
    let others = builder.random.between(0, i64::from(options.max_other_pieces));
    for _ in 0..others {
        let free = !(builder.board.occupied() | builder.kept_empty);
        if let Some(point) = pick(builder.random, free) {
            builder.fill(point);
        }
    }
    builder.board
}

/// A board under construction.
struct Builder<'a> {
    random: &'a mut Random,
    board: Board,
    /// Pieces by colour and kind index.
    counts: [[u8; 7]; 2],
    /// Points that must stay empty: the stretch between pinning generals.
    kept_empty: SquareSet,
}

impl Builder<'_> {
    fn put(&mut self, point: Square, piece: Piece) {
        self.board.put(point, piece);
        self.counts[piece.color.index()][piece.kind.index()] += 1;
    }

    /// How many more pieces of `color` and `kind` may go on the board: the
    /// black horse is the only one of its kind.
    fn room(&self, color: Color, kind: PieceKind) -> bool {
        let most = if (color, kind) == (Color::Black, PieceKind::Horse) { 1 } else { kind.max_count() };
        u32::from(self.counts[color.index()][kind.index()]) < most
    }

    /// Puts a random piece that can stand on `point` there, if any may.
    fn fill(&mut self, point: Square) {
        let mut choices = [None; 12];
        let mut count = 0;
        for color in Color::ALL {
            for &kind in FILLERS {
                if reachable(color, kind).contains(point) && self.room(color, kind) {
                    choices[count] = Some(Piece::new(color, kind));
                    count += 1;
                }
            }
        }
        if let Some(piece) = choices[self.random.index(count)] {
            self.put(point, piece);
        }
    }

    /// Fills `point`, if it is empty and may be filled, with chance `chance`.
    fn maybe_fill(&mut self, point: Square, chance: f64) {
        let free = self.board.piece_at(point).is_none() && !self.kept_empty.contains(point);
        if free && self.random.chance(chance) {
            self.fill(point);
        }
    }

    /// The horse anywhere, each general in its palace or missing; returns the horse's point.
    fn free_generals_and_horse(&mut self) -> Square {
        let horse = pick(self.random, SquareSet::FULL).unwrap_or(A0);
        self.put(horse, Piece::new(Color::Black, PieceKind::Horse));
        for (color, half) in [(Color::Black, Half::Upper), (Color::Red, Half::Lower)] {
            if self.random.chance(GENERAL_CHANCE) {
                if let Some(point) = pick(self.random, half.palace() - self.board.occupied()) {
                    self.put(point, Piece::new(color, PieceKind::General));
                }
            }
        }
        horse
    }

    /// Both generals on one palace column and the horse between them, with
    /// (`near`) or without another piece between them too, and now and then
    /// a piece on the column outside them; returns the horse's point.
    fn pin_column(&mut self, near: bool) -> Square {
        let file = self.random.between(3, 5);
        let black_rank = self.random.between(7, 9);
        let red_rank = self.random.between(0, 2);
        let horse_rank = self.random.between(red_rank + 1, black_rank - 1);
        let at = |rank| Square::from_coords(file, rank).unwrap_or(A0);
        let (black, red, horse) = (at(black_rank), at(red_rank), at(horse_rank));
        self.put(black, Piece::new(Color::Black, PieceKind::General));
        self.put(red, Piece::new(Color::Red, PieceKind::General));
        self.put(horse, Piece::new(Color::Black, PieceKind::Horse));
        let stretch = SquareSet::between(black, red);
        if near {
            if let Some(point) = pick(self.random, stretch.without(horse)) {
                self.fill(point);
            }
        }
        self.kept_empty = stretch;
        if self.random.chance(OUTSIDE_CHANCE) {
            if let Some(point) = pick(self.random, file_points(file) - stretch - self.board.occupied()) {
                self.fill(point);
            }
        }
        horse
    }
}

/// The points of file `file` (0 to 8).
fn file_points(file: i64) -> SquareSet {
    (0..10).filter_map(|rank| Square::from_coords(file, rank)).collect()
}
