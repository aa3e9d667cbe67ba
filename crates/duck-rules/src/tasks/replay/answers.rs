//! The judge's answers, written without any formatting: every line it can
//! print is made once, at compile time, and each answer is one copy of a
//! precomputed line into a block that goes to the output when it is full,
//! or before the judge reads more input.

use std::io::{self, Write};

use crate::{Color, Piece, PieceKind};

use super::{MoveReport, Verdict};

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

/// The ends of a valid move's line, by [`ending`].
const ENDINGS: [&str; 3] = ["no;no\n", "yes;no\n", "no;yes\n"];

/// The place of `piece` among the [`PIECES`].
const fn piece_index(piece: Piece) -> usize {
    piece.color as usize * PieceKind::ALL.len() + piece.kind as usize
}

/// The piece at `index` among the [`PIECES`].
const fn piece_at(index: usize) -> Piece {
    Piece::new(Color::ALL[index / PieceKind::ALL.len()], PieceKind::ALL[index % PieceKind::ALL.len()])
}

/// The place of a report's check and game-over flags among the [`ENDINGS`].
const fn ending(report: &MoveReport) -> usize {
    match (report.check, report.game_over) {
        (_, true) => 2,
        (true, false) => 1,
        (false, false) => 0,
    }
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

/// Every line of a valid move, by the moved piece, then the removed piece
/// (none first, then the [`PIECES`]), then the [`ENDINGS`]: some cannot
/// happen in a game, and cost only their room.
static VALID_LINES: [Line; PIECES * (PIECES + 1) * ENDINGS.len()] = {
    let mut lines = [Line::of(&[]); PIECES * (PIECES + 1) * ENDINGS.len()];
    let mut i = 0;
    while i < lines.len() {
        let (moved, rest) = (i / ((PIECES + 1) * ENDINGS.len()), i % ((PIECES + 1) * ENDINGS.len()));
        lines[i] = valid_line(moved, rest / ENDINGS.len(), rest % ENDINGS.len());
        i += 1;
    }
    lines
};

/// The judge's line for an invalid command.
static INVALID_LINE: Line = Line::of(&[Verdict::INVALID_TEXT, "\n"]);

/// The judge's line, with its newline, for a command that made the move
/// `report` tells of, or that was invalid (`None`).
#[inline]
fn line_of(report: Option<&MoveReport>) -> &'static Line {
    match report {
        None => &INVALID_LINE,
        Some(report) => {
            let removed = match report.removed {
                Some(removed) => 1 + piece_index(removed),
                None => 0,
            };
            let index = (piece_index(report.piece) * (PIECES + 1) + removed) * ENDINGS.len() + ending(report);
            VALID_LINES.get(index).unwrap_or(&INVALID_LINE)
        }
    }
}

/// The size of the block of answers.
const BLOCK: usize = 1 << 14;

/// The judge's answers on their way to `out`: gathered in a block of fixed
/// size, which goes out whole when it has no room for another line and
/// whenever [`Answers::write_out`] is called (the judge calls it before
/// anything that may wait for input, and at the end).
pub(crate) struct Answers<W> {
    out: W,
    block: Box<[u8; BLOCK]>,
    len: usize,
}

impl<W: Write> Answers<W> {
    /// An empty block in front of `out`.
    pub(crate) fn new(out: W) -> Answers<W> {
        Answers { out, block: Box::new([0; BLOCK]), len: 0 }
    }

    /// Adds the answer to a command that made the move `report` tells of,
    /// or that was invalid (`None`).
    ///
    /// # Errors
    /// A failure to write a full block.
    #[inline]
    pub(crate) fn push(&mut self, report: Option<&MoveReport>) -> io::Result<()> {
        if self.len + Line::SIZE > BLOCK {
            self.write_out()?;
        }
        let line = line_of(report);
        // The whole slot is copied at once; only its line counts.
        self.block[self.len..self.len + Line::SIZE].copy_from_slice(&line.text);
        self.len += usize::from(line.len);
        Ok(())
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
            let line = line_of(verdict.report());
            assert_eq!(String::from_utf8(line.as_bytes().to_vec()).unwrap(), format!("{verdict}\n"));
        }
        for i in 0..PIECES {
            assert_eq!(piece_index(piece_at(i)), i);
        }
        let longest = VALID_LINES.iter().map(|line| line.len).max();
        assert_eq!(longest, Some(35), "the longest line fits its slot");
    }

    #[test]
    fn answers_go_out_in_blocks_and_on_demand() {
        let verdicts = verdicts();
        let expected: String =
            verdicts.iter().cycle().take(5000).map(|verdict| format!("{verdict}\n")).collect();
        let mut out = Vec::new();
        let mut answers = Answers::new(&mut out);
        for (i, verdict) in verdicts.iter().cycle().take(5000).enumerate() {
            answers.push(verdict.report()).unwrap();
            if i == 10 {
                answers.write_out().unwrap();
            }
        }
        answers.flush().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}
