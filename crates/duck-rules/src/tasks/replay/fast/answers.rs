//! The judge's answers, written without any formatting: every line it can
//! print is made once, at compile time, an answer is the number of its line,
//! and writing it is one copy of that line into a block that goes to the
//! output when it is full, or before the judge reads more input.

use std::io::{self, Write};

use crate::{Color, Piece, PieceKind};

#[cfg(test)]
use crate::tasks::replay::MoveReport;
use crate::tasks::replay::Verdict;

/// One line of the judge, with its newline, in a slot of fixed size so that
/// it is copied whole, however long it is.
#[derive(Copy, Clone)]
struct Line {
    text: [u8; Line::SIZE],
    len: u8,
}

impl Line {
    /// Room for the longest line, `blue elephant;blue elephant;yes;no`, and its newline.
    const SIZE: usize = 40;

    /// The line made of `parts`, one after the other.
    const fn of(parts: &[&str]) -> Line {
        let mut line = Line { text: [0; Line::SIZE], len: 0 };
        let mut p = 0;
        while p < parts.len() {
            let bytes = parts[p].as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                line.text[line.len as usize] = bytes[i];
                line.len += 1;
                i += 1;
            }
            p += 1;
        }
        line
    }

    /// The text of the line.
    #[cfg(test)]
    fn as_bytes(&self) -> &[u8] {
        &self.text[..usize::from(self.len)]
    }
}

/// The number of pieces: each side's seven kinds.
const PIECES: usize = 2 * PieceKind::ALL.len();

/// The ends of a valid move's line: quiet, check, game over.
const ENDINGS: [&str; 3] = ["no;no\n", "yes;no\n", "no;yes\n"];

/// The place of `piece` among the [`PIECES`].
const fn piece_index(piece: Piece) -> usize {
    piece.color as usize * PieceKind::ALL.len() + piece.kind as usize
}

/// The piece at `index` among the [`PIECES`].
const fn piece_at(index: usize) -> Piece {
    Piece::new(Color::ALL[index / PieceKind::ALL.len()], PieceKind::ALL[index % PieceKind::ALL.len()])
}

/// The judge's line for a valid move: `<piece>;<removed piece or NA>;<check>;<game over>`.
const fn valid_line(moved: usize, removed: usize, end: usize) -> Line {
    let (color, kind) = (piece_at(moved).color.name(), piece_at(moved).kind.name());
    if removed == 0 {
        Line::of(&[color, " ", kind, ";NA;", ENDINGS[end]])
    } else {
        let taken = piece_at(removed - 1);
        Line::of(&[color, " ", kind, ";", taken.color.name(), " ", taken.kind.name(), ";", ENDINGS[end]])
    }
}

/// The number of lines of valid moves: by the moved piece, then the removed
/// piece (none first, then the [`PIECES`]), then the [`ENDINGS`]. Some
/// cannot happen in a game, and cost only their room.
const VALID_LINES: usize = PIECES * (PIECES + 1) * ENDINGS.len();

/// Every line the judge can print, by [`Answer`]: `Invalid command` first,
/// then the lines of valid moves.
static LINES: [Line; 1 + VALID_LINES] = {
    let mut lines = [Line::of(&[Verdict::INVALID_TEXT, "\n"]); 1 + VALID_LINES];
    let mut i = 0;
    while i < VALID_LINES {
        let (moved, rest) = (i / ((PIECES + 1) * ENDINGS.len()), i % ((PIECES + 1) * ENDINGS.len()));
        lines[1 + i] = valid_line(moved, rest / ENDINGS.len(), rest % ENDINGS.len());
        i += 1;
    }
    lines
};

/// An answer of the judge, as the number of its line among all the lines it
/// can print (see [`LINES`]): one small number stands for the moved piece,
/// the removed one and both flags, and writing it is one copy.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Answer(u16);

impl Answer {
    /// `Invalid command`.
    pub(crate) const INVALID: Answer = Answer(0);

    /// The answer to a valid move of `moved` that removed `removed`, with its
    /// check and game-over flags (a move that ends the game is no check).
    #[inline]
    pub(crate) const fn valid(moved: Piece, removed: Option<Piece>, check: bool, game_over: bool) -> Answer {
        let removed = match removed {
            Some(removed) => 1 + piece_index(removed),
            None => 0,
        };
        let ending = match (check, game_over) {
            (_, true) => 2,
            (true, false) => 1,
            (false, false) => 0,
        };
        Answer((1 + (piece_index(moved) * (PIECES + 1) + removed) * ENDINGS.len() + ending) as u16)
    }

    /// This answer to a valid move that is no check and does not end the
    /// game, with its check flag set to `check`.
    #[inline(always)]
    pub(crate) const fn with_check(self, check: bool) -> Answer {
        // The ending "yes;no" comes right after "no;no" (see `ENDINGS`).
        Answer(self.0 + check as u16)
    }

    /// The answer to a command that made the move `report` tells of, or
    /// that was invalid (`None`).
    #[cfg(test)]
    pub(crate) const fn of(report: Option<&MoveReport>) -> Answer {
        match report {
            Some(report) => Answer::valid(report.piece, report.removed, report.check, report.game_over),
            None => Answer::INVALID,
        }
    }

    /// The line of the answer.
    #[inline]
    fn line(self) -> &'static Line {
        LINES.get(usize::from(self.0)).unwrap_or(&LINES[0])
    }
}

/// The size of the blocks of answers written out whole: as large as the
/// CLI's own output buffer, which passes a block that large straight through
/// instead of copying it.
const BLOCK: usize = 1 << 16;

/// The judge's answers on their way to `out`: gathered in a block, which
/// goes out whole once it holds [`BLOCK`] bytes, and whenever
/// [`Answers::write_out`] is called (the judge calls it before anything that
/// may wait for input, and at the end).
pub(crate) struct Answers<W> {
    out: W,
    /// A block, with room for the slot of one more line after it.
    block: Box<[u8; BLOCK + Line::SIZE]>,
    len: usize,
}

impl<W: Write> Answers<W> {
    /// An empty block in front of `out`.
    pub(crate) fn new(out: W) -> Answers<W> {
        Answers { out, block: Box::new([0; BLOCK + Line::SIZE]), len: 0 }
    }

    /// Adds `answer`.
    ///
    /// # Errors
    /// A failure to write a full block.
    #[inline]
    pub(crate) fn push(&mut self, answer: Answer) -> io::Result<()> {
        // A full block went out at the last push, so this one has room.
        self.push_in_room(answer);
        if self.is_full() {
            self.write_out()?;
        }
        Ok(())
    }

    /// How many answers surely fit in the block: as many as
    /// [`Answers::push_in_room`] may add before the block is written out.
    #[inline(always)]
    pub(crate) fn room(&self) -> usize {
        // Each line takes at most a slot, and a slot may start at `BLOCK`.
        match BLOCK.checked_sub(self.len) {
            Some(free) => free / Line::SIZE + 1,
            None => 0,
        }
    }

    /// Whether the block is full: it goes out whole once it is.
    #[inline(always)]
    pub(crate) fn is_full(&self) -> bool {
        self.len >= BLOCK
    }

    /// Adds `answer`, which must fit (see [`Answers::room`]); it is the
    /// caller's to write out a full block.
    ///
    /// # Panics
    /// If the block has no room for the answer.
    #[inline(always)]
    pub(crate) fn push_in_room(&mut self, answer: Answer) {
        let line = answer.line();
        // The whole slot is copied at once; only its line counts.
        self.block[self.len..self.len + Line::SIZE].copy_from_slice(&line.text);
        self.len += usize::from(line.len);
    }

    /// Writes the answers gathered so far to the output (which may keep
    /// them in a buffer of its own: see [`Answers::flush`]).
    ///
    /// # Errors
    /// A failure to write.
    pub(crate) fn write_out(&mut self) -> io::Result<()> {
        let answers = &self.block[..self.len];
        self.len = 0;
        self.out.write_all(answers)
    }

    /// Writes the answers gathered so far and flushes the output.
    ///
    /// # Errors
    /// A failure to write.
    pub(crate) fn flush(&mut self) -> io::Result<()> {
        self.write_out()?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{COORDINATES, IllegalMove, Move, Outcome};

    /// Every report a verdict can carry, and one invalid verdict.
    fn verdicts() -> Vec<Verdict> {
        let m = Move::new(COORDINATES.square(0, 0).unwrap(), COORDINATES.square(1, 0).unwrap());
        let mut verdicts = vec![Verdict::Invalid(IllegalMove::GameOver {
            outcome: Outcome::CaptainTaken { winner: Color::Red },
        })];
        for moved in (0..PIECES).map(piece_at) {
            for removed in [None].into_iter().chain((0..PIECES).map(|i| Some(piece_at(i)))) {
                for (check, game_over) in [(false, false), (true, false), (false, true)] {
                    let report = MoveReport { played: m, piece: moved, removed, check, game_over };
                    verdicts.push(Verdict::Valid(report));
                }
            }
        }
        verdicts
    }

    #[test]
    fn every_line_is_the_verdicts_text() {
        for verdict in verdicts() {
            let line = Answer::of(verdict.report()).line();
            assert_eq!(String::from_utf8(line.as_bytes().to_vec()).unwrap(), format!("{verdict}\n"));
        }
        for i in 0..PIECES {
            assert_eq!(piece_index(piece_at(i)), i);
        }
        for moved in (0..PIECES).map(piece_at) {
            for removed in [None].into_iter().chain((0..PIECES).map(|i| Some(piece_at(i)))) {
                let quiet = Answer::valid(moved, removed, false, false);
                assert_eq!(quiet.with_check(false), quiet);
                assert_eq!(quiet.with_check(true), Answer::valid(moved, removed, true, false));
            }
        }
        let mut answers = Answers::new(Vec::new());
        let longest = Answer::valid(piece_at(9), Some(piece_at(9)), true, false);
        assert_eq!(longest.line().len, 35);
        for _ in 0..3 {
            // The longest answers, as many as there is room for, until there
            // is none: the block is then full, and never overflowed.
            while answers.room() > 0 {
                for _ in 0..answers.room() {
                    answers.push_in_room(longest);
                }
            }
            assert!(answers.len >= BLOCK);
            answers.write_out().unwrap();
        }
        let longest = LINES.iter().map(|line| line.len).max();
        assert_eq!(longest, Some(35), "the longest line fits its slot");
    }

    #[test]
    fn answers_go_out_in_blocks_and_on_demand() {
        /// An output that keeps what it is given and the size of each write.
        #[derive(Default)]
        struct Recorder {
            text: Vec<u8>,
            writes: Vec<usize>,
            flushes: usize,
        }
        impl Write for Recorder {
            fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
                self.text.extend_from_slice(bytes);
                self.writes.push(bytes.len());
                Ok(bytes.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                self.flushes += 1;
                Ok(())
            }
        }
        let verdicts = verdicts();
        let lines = verdicts.iter().cycle().take(10_000);
        let expected: String = lines.clone().map(|verdict| format!("{verdict}\n")).collect();
        let mut out = Recorder::default();
        let mut answers = Answers::new(&mut out);
        for (i, verdict) in lines.enumerate() {
            answers.push(Answer::of(verdict.report())).unwrap();
            if i == 10 {
                answers.write_out().unwrap();
            }
        }
        answers.flush().unwrap();
        assert_eq!(String::from_utf8(out.text).unwrap(), expected);
        // The line written on demand, full blocks, and the rest at the end.
        let (first, rest) = out.writes.split_first().unwrap();
        let (last, blocks) = rest.split_last().unwrap();
        assert_eq!(*first, expected.lines().take(11).map(|line| line.len() + 1).sum::<usize>());
        assert!(blocks.len() >= 3 && blocks.iter().all(|&size| (BLOCK..BLOCK + Line::SIZE).contains(&size)));
        assert!(*last < BLOCK);
        assert_eq!(out.flushes, 1);
    }
}
