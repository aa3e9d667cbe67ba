//! Perft: counting the leaves of the legal-move tree, the standard test of a move generator.

use crate::{Move, Position};

/// The number of leaf nodes of the legal-move tree of depth `depth` from
/// `position`: the number of move sequences of exactly that length. A mated
/// or stalemated position before the last ply contributes nothing.
///
/// ```
/// use xiangqi_rules::{Position, perft};
///
/// assert_eq!(perft(&Position::start(), 2), 1920);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // Counting the last ply's moves without playing them: the usual bulk count.
        1 => position.count_legal_moves() as u64,
        _ => position
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = *position;
                child.play_unchecked(mv);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by the first move: each legal move in ICCS order with the leaf
/// count below it. The counts add up to `perft(position, depth)`; comparing
/// them with another engine's shows which move hides a move-generation bug.
/// Empty for depth 0.
#[must_use]
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = position.legal_moves();
    moves.sort_unstable();
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// One line of a perft suite: a position and the leaf counts expected at some depths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The 1-based line of the suite the case is on.
    pub line: usize,
    /// The position, as written.
    pub fen: String,
    /// `(depth, leaf count)` pairs, in the order written.
    pub counts: Vec<(u32, u64)>,
}

/// A line of a perft suite that is not `FEN ;D1 n ;D2 n ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftSuiteError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl core::fmt::Display for PerftSuiteError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PerftSuiteError {}

/// Reads a perft suite in the EPD form chess engines use: one position per
/// line, `FEN ;D1 44 ;D2 1920 ...`. Blank lines and lines starting with `#` are skipped.
///
/// ```
/// use xiangqi_rules::{Position, parse_perft_suite, perft};
///
/// let suite = parse_perft_suite("# start\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;D1 44 ;D2 1920\n")?;
/// for case in &suite {
///     let position = Position::from_fen(&case.fen)?;
///     for &(depth, count) in &case.counts {
///         assert_eq!(perft(&position, depth), count);
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first line that is not of that form.
pub fn parse_perft_suite(text: &str) -> Result<Vec<PerftCase>, PerftSuiteError> {
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |message: String| PerftSuiteError { line: number, message };
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let mut counts = Vec::new();
        for part in parts {
            let part = part.trim();
            let parsed = part.strip_prefix('D').and_then(|rest| {
                let (depth, count) = rest.split_once(char::is_whitespace)?;
                Some((depth.parse().ok()?, count.trim().parse().ok()?))
            });
            counts.push(
                parsed.ok_or_else(|| {
                    error(format!("'{part}' is not a count of the form 'D<depth> <leaves>'"))
                })?,
            );
        }
        if counts.is_empty() {
            return Err(error("no counts: expected 'FEN ;D1 <leaves> ;D2 <leaves> ...'".to_string()));
        }
        cases.push(PerftCase { line: number, fen, counts });
    }
    Ok(cases)
}
