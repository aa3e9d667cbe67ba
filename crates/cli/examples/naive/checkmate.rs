//! A naive solution of the checkmate task (UVa 1589), written from the task
//! statement alone with arrays and loops, sharing no code with the rules
//! crates; [`Bug`] switches on a deliberate mistake.

// Each example program switches on at most one of the mistakes (a test
// program may switch on two).
#![allow(dead_code)]

use std::io::{self, Read, Write};

/// The one mistake a wrong solution makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bug {
    /// The red general does not fly: it never attacks along its column.
    ForgetFlyingGeneral,
    /// The black general never steps onto a red piece, as if it could not
    /// capture (not even the piece giving check).
    ForgetCapture,
    /// The reader takes a piece's letter as the character right after the
    /// previous line's `\n`, as `getchar(); scanf("%c %d %d", ...)` does:
    /// right on plainly written input, wrong as soon as a line ends with
    /// `\r\n` (the `%c` reads the `\n`) or starts with a space.
    LetterAfterLineEnd,
    /// The generals facing each other at the start are never looked for:
    /// the flying general is known as an attack on the black general's
    /// steps, but not as black's own way out by capturing red's general.
    NoFacingCheck,
    /// Whether the generals face each other at the start is asked of the
    /// whole column below the black general, down to the board's edge
    /// (`for r in row + 1..=10`), rather than up to red's general: the red
    /// general must be the only piece there. Right whenever nothing stands
    /// behind red's general; wrong when a cannon (or a chariot) does, and a
    /// cannon there also gives check through red's general, so the case
    /// looks like any other check.
    FacingScanToEdge,
    /// The horse's leg is looked for next to the target rather than next to
    /// the horse: one step from the target back toward the horse along the
    /// jump's long side.
    HorseLegAtTarget,
    /// Whether red's general covers a point of its column is asked of the
    /// whole column below that point, down to the board's edge (`for r in
    /// row + 1..=10`), rather than up to red's general: red's general must
    /// be the only piece there. Right unless a piece stands behind red's
    /// general, which then seems to block it.
    FlyingScanToEdge,
    /// A chariot or a cannon counts the pieces on its line from itself past
    /// the point it attacks to the board's edge, rather than up to the
    /// point: right unless a piece stands beyond the point, which then
    /// seems to block a chariot and to be a second screen for a cannon.
    LineScanToEdge,
}

/// The point at the board's edge (just off it) past `to` on the line from `from`.
fn edge_past((r1, c1): (i32, i32), (r2, c2): (i32, i32)) -> (i32, i32) {
    if r1 == r2 { (r2, if c2 > c1 { 10 } else { 0 }) } else { (if r2 > r1 { 11 } else { 0 }, c2) }
}

/// Red pieces: letter, row, column (rows 1..10 from the top, columns 1..9).
type Pieces = Vec<(u8, i32, i32)>;

/// How many pieces stand strictly between two points of one row or column.
fn between(board: &[[u8; 10]; 11], (r1, c1): (i32, i32), (r2, c2): (i32, i32)) -> i32 {
    let mut count = 0;
    if r1 == r2 {
        for c in c1.min(c2) + 1..c1.max(c2) {
            count += i32::from(board[r1 as usize][c as usize] != 0);
        }
    } else {
        for r in r1.min(r2) + 1..r1.max(r2) {
            count += i32::from(board[r as usize][c1 as usize] != 0);
        }
    }
    count
}

/// Whether a red piece other than the one on `captured` attacks (r, c).
fn attacked(board: &[[u8; 10]; 11], pieces: &Pieces, (r, c): (i32, i32), bugs: &[Bug]) -> bool {
    for &(kind, pr, pc) in pieces {
        if board[pr as usize][pc as usize] == 0 {
            continue; // captured
        }
        let in_line = pr == r || pc == c;
        let on_line = || {
            let end = if bugs.contains(&Bug::LineScanToEdge) { edge_past((pr, pc), (r, c)) } else { (r, c) };
            between(board, (pr, pc), end)
        };
        let hit = match kind {
            b'G' if bugs.contains(&Bug::ForgetFlyingGeneral) => false,
            b'G' if bugs.contains(&Bug::FlyingScanToEdge) => pc == c && between(board, (r, c), (11, c)) == 1,
            b'G' => pc == c && between(board, (pr, pc), (r, c)) == 0,
            b'R' => in_line && on_line() == 0,
            b'C' => in_line && on_line() == 1,
            b'H' => {
                let (dr, dc) = (r - pr, c - pc);
                let leg = match (dr.abs(), dc.abs()) {
                    (2, 1) if bugs.contains(&Bug::HorseLegAtTarget) => Some((r - dr / 2, c)),
                    (1, 2) if bugs.contains(&Bug::HorseLegAtTarget) => Some((r, c - dc / 2)),
                    (2, 1) => Some((pr + dr / 2, pc)),
                    (1, 2) => Some((pr, pc + dc / 2)),
                    _ => None,
                };
                leg.is_some_and(|(lr, lc)| board[lr as usize][lc as usize] == 0)
            }
            _ => false,
        };
        if hit {
            return true;
        }
    }
    false
}

/// Whether the case is checkmate.
fn mate(general: (i32, i32), pieces: &Pieces, bugs: &[Bug]) -> bool {
    let mut board = [[0u8; 10]; 11];
    for &(kind, r, c) in pieces {
        board[r as usize][c as usize] = kind;
    }
    // The generals face each other: black flies across and captures.
    let has = |bug: Bug| bugs.contains(&bug);
    if has(Bug::ForgetFlyingGeneral) || has(Bug::NoFacingCheck) {
        // Never looked for.
    } else if has(Bug::FacingScanToEdge) {
        let column = general.1 as usize;
        let below: Vec<i32> = (general.0 + 1..=10).filter(|&r| board[r as usize][column] != 0).collect();
        if let [r] = below[..] {
            if board[r as usize][column] == b'G' {
                return false;
            }
        }
    } else {
        for &(kind, r, c) in pieces {
            if kind == b'G' && c == general.1 && between(&board, (r, c), general) == 0 {
                return false;
            }
        }
    }
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (r, c) = (general.0 + dr, general.1 + dc);
        if !(1..=3).contains(&r) || !(4..=6).contains(&c) {
            continue;
        }
        if has(Bug::ForgetCapture) && board[r as usize][c as usize] != 0 {
            continue;
        }
        let mut after = board;
        after[r as usize][c as usize] = 0; // a red piece there is captured
        if !attacked(&after, pieces, (r, c), bugs) {
            return false;
        }
    }
    true
}

/// Reads the cases on standard input, writes YES or NO per case, making
/// `bug` if there is one.
pub(crate) fn run(bug: Option<Bug>) -> io::Result<()> {
    run_with(bug.as_slice())
}

/// Reads the cases on standard input, writes YES or NO per case, making
/// every mistake of `bugs`.
pub(crate) fn run_with(bugs: &[Bug]) -> io::Result<()> {
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input)?;
    let mut reader = Scanf { input: &input, at: 0 };
    let mut out = String::new();
    loop {
        let (n, r, c) = (reader.number(), reader.number(), reader.number());
        if n == 0 && r == 0 && c == 0 {
            break;
        }
        let mut pieces = Pieces::new();
        for _ in 0..n {
            let kind = if bugs.contains(&Bug::LetterAfterLineEnd) {
                reader.byte(); // getchar(): the line end, or so it hopes
                reader.byte() // %c
            } else {
                reader.letter()
            };
            let (pr, pc) = (reader.number(), reader.number());
            if (1..=10).contains(&pr) && (1..=9).contains(&pc) {
                pieces.push((kind, pr, pc));
            }
        }
        out.push_str(if mate((r, c), &pieces, bugs) { "YES\n" } else { "NO\n" });
    }
    io::stdout().write_all(out.as_bytes())
}

/// The input read the way `scanf` reads it.
struct Scanf<'a> {
    input: &'a [u8],
    at: usize,
}

impl Scanf<'_> {
    fn skip_whitespace(&mut self) {
        while self.input.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// `%d`: whitespace skipped, then digits; 0 (nothing read) at anything else.
    fn number(&mut self) -> i32 {
        self.skip_whitespace();
        let mut number: i32 = 0;
        while let Some(digit) = self.input.get(self.at).filter(|byte| byte.is_ascii_digit()) {
            number = number.saturating_mul(10).saturating_add(i32::from(digit - b'0'));
            self.at += 1;
        }
        number
    }

    /// `%c`: the next byte, whatever it is (0 at the end).
    fn byte(&mut self) -> u8 {
        let byte = self.input.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte
    }

    /// ` %c`: the next byte that is not whitespace.
    fn letter(&mut self) -> u8 {
        self.skip_whitespace();
        self.byte()
    }
}
