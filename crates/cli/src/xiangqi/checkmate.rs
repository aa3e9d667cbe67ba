//! `xiangqi checkmate`: the endgame checkmate judge task (UVa 1589).

use std::path::{Path, PathBuf};

use board_geometry::text_input::answer_each;
use clap::Args;
use xiangqi_rules::tasks::checkmate::{self, Reader};

use super::json::CheckmateJson;
use crate::json::{Format, write_json};
use crate::style::StyleArgs;
use crate::{Input, Streams, run_judge};

/// Arguments of `xiangqi checkmate`.
#[derive(Debug, Args)]
#[command(after_help = "\
Input (as the judge gives it; blank lines, tabs and CRLF do not matter):
  2 1 4      N red pieces, then the black general's row and column
  G 10 5     N lines: G general, R chariot, H horse, C cannon, row, column
  R 6 4
  0 0 0      the end of input
Rows run 1..10 from black's side at the top, columns 1..9 from the left.

Examples:
  printf '2 1 4\\nG 10 5\\nR 6 4\\n0 0 0\\n' | xiangqi checkmate
  YES
  xiangqi checkmate --explain --svg diagrams/ fixtures/xiangqi/checkmate/sample.in
  xiangqi checkmate --format json --explain fixtures/xiangqi/checkmate/sample.in")]
pub(crate) struct CheckmateArgs {
    /// The input file; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// After each answer, explain it: the position as a picture, whether the
    /// generals face each other at the start, who gives check, and for each
    /// point the black general could step to, the red pieces covering it or
    /// "safe". Not judge output.
    #[arg(long)]
    explain: bool,
    /// With --explain, also write one SVG diagram per case into DIR (created
    /// if missing), `case-N.svg`: the position, each step of the black general
    /// ringed in green if safe and crossed in red if covered, the verdict below.
    #[arg(long, value_name = "DIR", requires = "explain")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    style: StyleArgs,
    /// Write the judge's text, or one JSON object per case: `{"case", "answer"}`,
    /// with `"explanation"` under --explain (see the README).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
}

impl CheckmateArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let options = checkmate::Options::new().explained(self.explain).with_style(self.style.text_style());
        if let Some(dir) = &self.svg {
            std::fs::create_dir_all(dir).map_err(|error| anyhow::anyhow!("{}: {error}", dir.display()))?;
        }
        let (format, svg) = (self.format, self.svg.as_deref());
        run_judge(&Input::from_arg(self.input), streams, |reader, writer| {
            if format == Format::Text && svg.is_none() {
                return checkmate::judge(reader, writer, &options);
            }
            let mut cases = Reader::new(reader);
            answer_each(
                writer,
                || cases.next_case(),
                |out, case| {
                    match format {
                        Format::Json => write_json(out, &CheckmateJson::new(&case, options.explain))?,
                        Format::Text => {
                            writeln!(
                                out,
                                "{}\n{}",
                                case.verdict(),
                                case.explain().with_style(options.style)
                            )?;
                        }
                    }
                    match svg {
                        Some(dir) => {
                            write_svg(dir, &format!("case-{}.svg", case.number()), &case.explain().svg())
                        }
                        None => Ok(()),
                    }
                },
            )
        })
    }
}

/// Writes `svg` to `name` in `dir`, naming the file in an error.
pub(super) fn write_svg(dir: &Path, name: &str, svg: &str) -> std::io::Result<()> {
    let path = dir.join(name);
    std::fs::write(&path, svg)
        .map_err(|error| std::io::Error::new(error.kind(), format!("{}: {error}", path.display())))
}
