//! Perft suites: positions with their published counts. The counting itself
//! is board-geometry's, for every [`Game`](crate::Game).

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suite_lines_are_numbered_from_one_in_cases_and_errors() {
        let text = "# a comment\n\n4k4/9/9/9/9/9/9/9/9/4K4 w ;D1 2\n4k4/9/9/9/9/9/9/9/9/4K4 w ;D1 x\n";
        let error = parse_perft_suite(text).unwrap_err();
        assert_eq!(error.to_string(), "line 4: 'D1 x' is not a count of the form 'D<depth> <leaves>'");
        let cases = parse_perft_suite("4k4/9/9/9/9/9/9/9/9/3K5 w ;D1 3 ;D2 7").unwrap();
        assert_eq!((cases[0].line, cases[0].counts.clone()), (1, vec![(1, 3), (2, 7)]));
        assert_eq!(
            parse_perft_suite("\n4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap_err().to_string(),
            "line 2: no counts: expected 'FEN ;D1 <leaves> ;D2 <leaves> ...'"
        );
    }
}
