//! The judge commands, `xiangqi checkmate`, `xiangqi horse`, `duck replay`
//! and `kq judge`: one set of arguments and one run for all four. Each
//! command is its [`Task`] with what only it knows ([`JudgeCommand`]): the
//! help of its arguments, its options, its JSON and its pictures.

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::anyhow;
use board_geometry::render::TextStyle;
use board_geometry::text_input::answer_each;
use clap::Args;
use serde::Serialize;

use crate::json::{Format, write_json};
use crate::style::StyleArgs;
use crate::task::Task;
use crate::tool::NoArgs;
use crate::{Input, Streams, run_judge};

/// A judge command: its task, the help of the arguments every judge command
/// has, the task's options, and the JSON object of each answer.
///
/// The help texts are one paragraph each, as clap shows a field's doc
/// comment: without a final period.
pub(crate) trait JudgeCommand: Task + Sized + fmt::Debug {
    /// The help of INPUT.
    const INPUT_HELP: &'static str = "The input file; `-` or nothing reads standard input";
    /// The help of `--explain`: what the explanations say.
    const EXPLAIN_HELP: &'static str;
    /// Other names of `--explain`, shown in its help.
    const EXPLAIN_ALIASES: &'static [&'static str] = &[];
    /// The help of `--format`: the fields of the JSON objects.
    const FORMAT_HELP: &'static str;

    /// The options that draw the explanations: [`NoArgs`], [`StyleArgs`],
    /// or [`SvgArgs`] for a command that also writes diagrams.
    type Pictures: Pictures<Self>;

    /// The judge's options: explaining each answer or not, the pictures drawn in `style`.
    fn options(&self, explain: bool, style: TextStyle) -> Self::Options;

    /// The JSON object of `answer`, for `--format json`.
    fn json(&mut self, answer: &Answer<'_, Self>) -> impl Serialize;
}

/// One answer of a judge command: the case, its number (from 1), and the
/// options it is judged with.
pub(crate) struct Answer<'a, T: Task> {
    /// The number of the case, from 1.
    pub(crate) number: u64,
    /// The case.
    pub(crate) case: &'a T::Case,
    /// The options it is judged with.
    pub(crate) options: &'a T::Options,
}

/// A judge command that can also draw each answer as an SVG diagram (`--svg DIR`).
pub(crate) trait DrawsDiagrams: JudgeCommand {
    /// The help of `--svg`.
    const SVG_HELP: &'static str;

    /// Writes `answer` with its explanation, as the task's judge does under
    /// `--explain` (which does not run under `--svg`).
    ///
    /// # Errors
    /// A failure to write.
    fn write_explained(&self, out: &mut dyn Write, answer: &Answer<'_, Self>) -> io::Result<()>;

    /// The file name and the SVG diagram of `answer`.
    fn diagram(&self, answer: &Answer<'_, Self>) -> (String, String);
}

/// The arguments of every judge command, in this order: INPUT, `--explain`,
/// the options that draw pictures, `--format`. Their help is the command's
/// own, from `T`.
#[derive(Debug, Args)]
pub(crate) struct JudgeArgs<T: JudgeCommand> {
    #[arg(help = T::INPUT_HELP)]
    input: Option<PathBuf>,
    #[arg(long, help = T::EXPLAIN_HELP, visible_aliases = T::EXPLAIN_ALIASES)]
    explain: bool,
    #[command(flatten)]
    pictures: T::Pictures,
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text, help = T::FORMAT_HELP)]
    format: Format,
}

impl<T: JudgeCommand> JudgeArgs<T> {
    /// Judges the input as `task`: the task's own judge for the judge's text,
    /// else each case in turn, written as JSON or (under `--svg`) with its
    /// explanation, and drawn under `--svg`.
    pub(crate) fn run(self, mut task: T, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let options = task.options(self.explain, self.pictures.style());
        let diagrams = self.pictures.diagrams()?;
        let format = self.format;
        run_judge(&Input::from_arg(self.input), streams, |reader, writer| {
            // Each answer in turn: as JSON, or with its explanation beside its diagram.
            let explained = match (format, &diagrams) {
                (Format::Text, None) => return T::judge(reader, writer, &options),
                (Format::Text, Some(diagrams)) => Some(diagrams),
                (Format::Json, _) => None,
            };
            let mut cases = T::cases(reader);
            let mut number = 0;
            answer_each(
                writer,
                || cases.next().transpose(),
                |out, case| {
                    number += 1;
                    let answer = Answer { number, case: &case, options: &options };
                    match explained {
                        Some(diagrams) => diagrams.write_explained(&task, out, &answer)?,
                        None => write_json(out, &task.json(&answer))?,
                    }
                    diagrams.as_ref().map_or(Ok(()), |diagrams| diagrams.draw(&task, &answer))
                },
            )
        })
    }
}

/// The options with which a judge command draws its explanations.
pub(crate) trait Pictures<T: JudgeCommand>: Args + fmt::Debug {
    /// The style the explanations' pictures are drawn in.
    fn style(&self) -> TextStyle;

    /// Under `--svg`: what writes and draws each answer, its directory
    /// created here; `None` for a command without `--svg` or a run without it.
    ///
    /// # Errors
    /// The directory cannot be created.
    fn diagrams(&self) -> anyhow::Result<Option<Box<dyn Diagrams<T> + '_>>> {
        Ok(None)
    }
}

/// What `--svg` does with each answer: the library's judge does not run, so
/// the answer is written here with its explanation, then drawn.
pub(crate) trait Diagrams<T: JudgeCommand> {
    /// Writes `answer` of `task` with its explanation.
    ///
    /// # Errors
    /// A failure to write.
    fn write_explained(&self, task: &T, out: &mut dyn Write, answer: &Answer<'_, T>) -> io::Result<()>;

    /// Writes the diagram of `answer` of `task`.
    ///
    /// # Errors
    /// A failure to write the diagram, naming its file.
    fn draw(&self, task: &T, answer: &Answer<'_, T>) -> io::Result<()>;
}

/// No options for pictures: the explanations of `kq judge` are drawn in
/// ASCII, with letters of its own.
impl<T: JudgeCommand> Pictures<T> for NoArgs {
    fn style(&self) -> TextStyle {
        TextStyle::ASCII
    }
}

impl<T: JudgeCommand> Pictures<T> for StyleArgs {
    fn style(&self) -> TextStyle {
        self.text_style()
    }
}

/// `--svg DIR` and `--style`: the pictures of a command that draws diagrams.
#[derive(Debug, Args)]
pub(crate) struct SvgArgs<T: DrawsDiagrams> {
    #[arg(long, value_name = "DIR", requires = "explain", help = T::SVG_HELP)]
    svg: Option<PathBuf>,
    #[command(flatten)]
    style: StyleArgs,
    #[arg(skip)]
    task: std::marker::PhantomData<T>,
}

impl<T: DrawsDiagrams> Pictures<T> for SvgArgs<T> {
    fn style(&self) -> TextStyle {
        self.style.text_style()
    }

    fn diagrams(&self) -> anyhow::Result<Option<Box<dyn Diagrams<T> + '_>>> {
        let Some(dir) = &self.svg else { return Ok(None) };
        std::fs::create_dir_all(dir).map_err(|error| anyhow!("{}: {error}", dir.display()))?;
        Ok(Some(Box::new(SvgDir { dir })))
    }
}

/// The directory `--svg` draws the answers of a task into.
struct SvgDir<'a> {
    dir: &'a Path,
}

impl<T: DrawsDiagrams> Diagrams<T> for SvgDir<'_> {
    fn write_explained(&self, task: &T, out: &mut dyn Write, answer: &Answer<'_, T>) -> io::Result<()> {
        task.write_explained(out, answer)
    }

    fn draw(&self, task: &T, answer: &Answer<'_, T>) -> io::Result<()> {
        let (name, svg) = task.diagram(answer);
        let path = self.dir.join(name);
        std::fs::write(&path, svg)
            .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))
    }
}
