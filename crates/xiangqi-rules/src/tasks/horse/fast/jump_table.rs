//! The horse's jumps from every point of the matrix, tabled once from the
//! engine's leaps, in the judge's output order, with the text of each point.

use std::io::Write;

use super::POINTS;
use crate::attacks::{horse_attacks, horse_leg};
use crate::tasks::Point;
use crate::tasks::horse::COORDINATES;
use crate::{Square, SquareSet};

/// The most jumps a horse has from one point.
const MOST_JUMPS: usize = 8;

/// One jump of the horse, as reading indexes of the matrix (row by row from
/// the top, left to right): where it lands, and its leg, the point that
/// hobbles it when occupied.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(in crate::tasks::horse) struct Jump {
    pub(in crate::tasks::horse) target: u8,
    pub(in crate::tasks::horse) leg: u8,
}

/// The answer line of one point, `(row,col)` and a newline, in the first
/// `len` of 8 bytes, so that it is copied as one 8-byte block.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(in crate::tasks::horse) struct PointLine {
    bytes: [u8; 8],
    len: u8,
}

impl PointLine {
    /// The line's bytes.
    #[cfg(test)]
    pub(in crate::tasks::horse) fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// The horse's jumps from every point of the matrix, in the order the judge
/// lists their targets (row ascending, then column ascending), and the
/// answer line of every point.
///
/// The jumps and their legs are the engine's own (its horse leap table), so
/// the fast way of answering asks the same geometry as
/// [`Board::moves_from`](crate::Board::moves_from).
#[derive(Clone, Debug)]
pub(in crate::tasks::horse) struct JumpTable {
    jumps: [[Jump; MOST_JUMPS]; POINTS],
    counts: [u8; POINTS],
    lines: [PointLine; POINTS],
}

impl JumpTable {
    /// The table, read off the engine's leaps.
    pub(in crate::tasks::horse) fn new() -> JumpTable {
        let mut table = JumpTable {
            jumps: [[Jump::default(); MOST_JUMPS]; POINTS],
            counts: [0; POINTS],
            lines: [PointLine::default(); POINTS],
        };
        let index = |point: Square| COORDINATES.reading_index(point);
        for from in (0..).map_while(|i| COORDINATES.square_at_reading_index(i)) {
            let at = usize::from(index(from));
            let (jumps, count) = (&mut table.jumps[at], &mut table.counts[at]);
            for target in horse_attacks(from, SquareSet::EMPTY) {
                let Some(leg) = horse_leg(from, target).and_then(SquareSet::single) else { continue };
                if let Some(slot) = jumps.get_mut(usize::from(*count)) {
                    *slot = Jump { target: index(target), leg: index(leg) };
                    *count += 1;
                }
            }
            jumps[..usize::from(*count)].sort_unstable_by_key(|jump| jump.target);
            let line = &mut table.lines[at];
            let mut rest = &mut line.bytes[..];
            // "(9,8)\n" is the longest line: 6 of the 8 bytes.
            if writeln!(rest, "{}", Point(COORDINATES, from)).is_ok() {
                let unused = rest.len();
                line.len = (8 - unused) as u8;
            }
        }
        table
    }

    /// The jumps from the point at reading index `from`, targets in the judge's order.
    #[inline]
    pub(in crate::tasks::horse) fn jumps(&self, from: u8) -> &[Jump] {
        let from = usize::from(from);
        match (self.jumps.get(from), self.counts.get(from)) {
            (Some(jumps), Some(&count)) => &jumps[..usize::from(count)],
            _ => &[],
        }
    }

    /// The answer line of the point at reading index `point`.
    #[inline]
    pub(in crate::tasks::horse) fn line(&self, point: u8) -> &PointLine {
        &self.lines[usize::from(point)]
    }
}

/// One board's block of the judge's output, gathered to be written at once:
/// the empty line before it (for every board but the first), then the
/// answer lines or `NONE`.
#[derive(Clone, Debug)]
pub(in crate::tasks::horse) struct AnswerBlock {
    bytes: [u8; AnswerBlock::CAPACITY],
    len: usize,
}

impl AnswerBlock {
    /// Room for the separator, eight point lines and the spare bytes of the
    /// last 8-byte copy.
    const CAPACITY: usize = 1 + MOST_JUMPS * 8 + 8;

    /// An empty block, starting with the separator line if `separated`.
    #[inline]
    pub(in crate::tasks::horse) fn new(separated: bool) -> AnswerBlock {
        let mut block = AnswerBlock { bytes: [0; AnswerBlock::CAPACITY], len: 0 };
        block.bytes[0] = b'\n';
        block.len = usize::from(separated);
        block
    }

    /// How many bytes the block holds.
    #[inline]
    pub(in crate::tasks::horse) const fn len(&self) -> usize {
        self.len
    }

    /// Adds the answer line of a point (at most eight a block).
    #[inline]
    pub(in crate::tasks::horse) fn push_point(&mut self, line: &PointLine) {
        if let Some(room) = self.bytes.get_mut(self.len..self.len + 8) {
            room.copy_from_slice(&line.bytes);
            self.len += usize::from(line.len);
        }
    }

    /// Adds the line that says the horse cannot move.
    #[inline]
    pub(in crate::tasks::horse) fn push_none(&mut self) {
        const NONE: &[u8] = b"NONE\n";
        if let Some(room) = self.bytes.get_mut(self.len..self.len + NONE.len()) {
            room.copy_from_slice(NONE);
            self.len += NONE.len();
        }
    }

    /// The block's bytes.
    #[inline]
    pub(in crate::tasks::horse) fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Color, Piece, PieceKind};

    #[test]
    fn the_table_holds_the_engines_jumps_in_the_judges_order() {
        let table = JumpTable::new();
        for from in (0..).map_while(|i| COORDINATES.square_at_reading_index(i)) {
            let mut board = Board::empty();
            board.put(from, Piece::new(Color::Black, PieceKind::Horse));
            let jumps = table.jumps(COORDINATES.reading_index(from));
            let targets: SquareSet =
                jumps.iter().filter_map(|jump| COORDINATES.square_at_reading_index(jump.target)).collect();
            assert_eq!(targets, board.moves_from(from), "{from}");
            assert!(jumps.windows(2).all(|pair| pair[0].target < pair[1].target), "{from}");
            for jump in jumps {
                // Occupying the leg, and only the leg, takes the jump away.
                let leg = COORDINATES.square_at_reading_index(jump.leg).unwrap();
                let target = COORDINATES.square_at_reading_index(jump.target).unwrap();
                let mut hobbled = board;
                hobbled.put(leg, Piece::new(Color::Red, PieceKind::Soldier));
                assert!(!hobbled.moves_from(from).contains(target), "{from} {target}");
            }
        }
        assert_eq!(table.jumps(40).len(), 8);
        assert_eq!(table.jumps(0).len(), 2);
        assert!(table.jumps(90).is_empty());
    }

    #[test]
    fn point_lines_are_the_answers_words() {
        let table = JumpTable::new();
        assert_eq!(table.line(0).bytes(), b"(0,0)\n");
        assert_eq!(table.line(13).bytes(), b"(1,4)\n");
        assert_eq!(table.line(89).bytes(), b"(9,8)\n");
    }

    #[test]
    fn a_block_holds_a_separator_and_eight_lines() {
        let table = JumpTable::new();
        let mut block = AnswerBlock::new(true);
        for point in 80..88 {
            block.push_point(table.line(point));
        }
        assert_eq!(block.len(), 1 + 8 * 6);
        assert!(block.bytes().starts_with(b"\n(8,8)\n(9,0)\n"));
        assert!(block.bytes().ends_with(b"(9,6)\n"));
        let mut none = AnswerBlock::new(false);
        none.push_none();
        assert_eq!(none.bytes(), b"NONE\n");
    }
}
