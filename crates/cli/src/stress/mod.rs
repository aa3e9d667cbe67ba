//! The stress driver shared by `xiangqi stress checkmate|horse`, `duck stress`
//! and `kq stress`: generated cases fed to a program under test, its answers
//! compared with the oracle's (the library judge), and the first difference
//! confirmed, shrunk and reported.
//!
//! How a stress run goes:
//!
//! 1. Cases come from the task's generator, seeded with `--seed` (or a seed
//!    drawn from the clock, which the report names). They are fed to the
//!    program in batches, one process per batch, on its standard input, in
//!    the judge's exact format; the program's standard output is compared
//!    line by line with the oracle's answers, or byte for byte with
//!    `--strict-output` ([`compare`]). Each run is a process group of its
//!    own, killed whole at the time-out ([`program`]).
//! 2. At the first batch that goes wrong (a wrong line, too few or too many
//!    lines, a non-zero exit, a crash, a time-out, and with `--strict-output`
//!    a whitespace difference), the case to blame (the one the first wrong or
//!    missing line answers; the last one if every answer is right) is run
//!    again alone. If it fails alone, it is shrunk alone. If it does not,
//!    the other cases of the batch are tried alone, those before it first,
//!    nearest first (an extra line shows as a wrong answer to the next case;
//!    a crash loses the answers still in the program's buffer), then those
//!    after it, and the first that fails alone is the one reported. If none
//!    fails alone the failure needs several cases together (say, a board
//!    the program does not clear between cases), and the batch up to the
//!    blamed case is shrunk as a whole, cases first taken out one by one.
//! 3. Shrinking uses the task's shrinker from the rules crate: each smaller
//!    case keeps the judge's promises and must fail the same way (the same
//!    [`compare::Symptom`]: for a wrong answer the same expected and the
//!    same wrong line, for any other failure the same kind). It stops
//!    after [`SHRINK_RUNS`] runs of the program, [`SHRINK_TIME`] or
//!    [`SHRINK_TIME_OUTS`] time-outs, keeping
//!    the smallest failing case so far; the smallest is then run once more
//!    for the report. A time-out is not shrunk, since each try would wait
//!    out the time-out: the run that confirmed it is the one reported, so a
//!    hang costs two runs of its case.
//! 4. The cases go on after the one to blame, and each later failure is
//!    pinned and shrunk the same way; it is shown only if it fails
//!    otherwise than every one shown so far (another [`compare::Symptom`],
//!    or a shrunk case of another [`StressTask::shape`]), up to
//!    `--failures N` (3 by default). The search ends early after a time-out
//!    (each later run might wait one out), after a failure of several cases
//!    together (what the program keeps between cases may be what every later
//!    run fails on) or once failures that repeat one
//!    shown have taken [`REPEAT_TIME`]; a last line then says how many
//!    different failures were shown and why the search ended.
//! 5. Each report on standard output gives the minimal input ready to paste,
//!    the expected output, the program's output, what went wrong, the seed
//!    and the command that reproduces the run; the exit code is 1. When
//!    every case agrees, one line sums up the run (and one more tells of a
//!    whitespace-only difference that `--strict-output` would fail) and the
//!    exit code is 0. A program that cannot be started at all is an error
//!    of its own, [`CannotStart`]: exit code 3.
//!
//! Ctrl-C (which the program, in a group of its own, does not get) kills
//! the run under way and stops: before a difference is found with
//! [`Interrupted`], exit code 130; while one is confirmed or shrunk, with
//! the report of the smallest failing input found so far.
//!
//! Progress (cases done) is drawn on standard error only when it is a
//! terminal.

pub(crate) mod compare;
pub(crate) mod program;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::marker::PhantomData;
use std::time::{Duration, Instant};

use anyhow::{Context as _, anyhow};
use clap::Args;

use crate::Streams;
use crate::layout::LayoutArg;
use crate::task::Task;
use board_geometry::layout::Layout;
use compare::{Blame, Checked, Expected, Failure, FailureKind, Presentation, Symptom, check, output_lines};
use program::{NoRun, Program, Run};

/// The most runs of the program spent on confirming and shrinking a failure.
pub(crate) const SHRINK_RUNS: u32 = 2000;

/// The most time spent on confirming and shrinking a failure.
pub(crate) const SHRINK_TIME: Duration = Duration::from_secs(120);

/// The most time-outs waited for while confirming and shrinking a failure.
pub(crate) const SHRINK_TIME_OUTS: u32 = 10;

/// The most time spent shrinking failures that turn out to repeat one
/// shown, before the search for others ends.
pub(crate) const REPEAT_TIME: Duration = Duration::from_secs(30);

/// How many different failures a run shows unless `--failures` says.
pub(crate) const DEFAULT_FAILURES: u64 = 3;

/// The lines of the program's standard error shown in a report.
const STDERR_LINES: usize = 20;

/// What the driver needs of a judge task besides what its rules crate
/// gives (see [`Task`]): how its answers are laid out, and how its cases and
/// answers are told of in the summary and the report.
pub(crate) trait StressTask: Task {
    /// Whether the answers of two cases in one input are separated by an empty line.
    const SEPARATED: bool = false;

    /// The size of `case` in words: `3 red pieces`, `12 commands`, ...
    fn size(case: &Self::Generated) -> String;

    /// Whether [`StressTask::shape`] tells failures apart: if not, a
    /// failure whose symptom was shown is known without shrinking it.
    const SHAPED: bool = false;

    /// What tells two shrunk failing inputs with the same symptom apart as
    /// two bugs, not one found twice (the pieces they need, say); by
    /// default nothing, so that the symptom alone does.
    fn shape(cases: &[Self::Generated]) -> String {
        let _ = cases;
        String::new()
    }

    /// Counts the kinds of answer in `answer` into `mix`: by default each
    /// line is a kind of its own (`YES`, `Stop`).
    fn tally(answer: &[String], mix: &mut Mix) {
        for line in answer {
            mix.add(line);
        }
    }
}

/// The oracle's answer to `case`, line by line: the library judge's output
/// for the case's own input.
fn answer<T: Task>(case: &T::Generated) -> anyhow::Result<Vec<String>> {
    let mut input = Vec::new();
    // Writing to memory cannot fail.
    let _ = T::write_input([case], &mut input);
    let mut output = Vec::new();
    T::judge(input.as_slice(), &mut output, &T::Options::default())
        .map_err(|error| anyhow!("the oracle refused a generated case: {error}"))?;
    Ok(String::from_utf8_lossy(&output).lines().map(str::to_string).collect())
}

/// How often each kind of answer came up, in the order first seen.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mix {
    counts: Vec<(String, u64)>,
}

impl Mix {
    /// Counts one answer of kind `kind`.
    pub(crate) fn add(&mut self, kind: &str) {
        match self.counts.iter_mut().find(|(seen, _)| seen == kind) {
            Some((_, count)) => *count += 1,
            None => self.counts.push((kind.to_string(), 1)),
        }
    }
}

impl std::fmt::Display for Mix {
    /// `NO: 502, YES: 498`: most frequent first.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut counts = self.counts.clone();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let parts: Vec<String> = counts.iter().map(|(kind, count)| format!("{kind}: {count}")).collect();
        f.write_str(&parts.join(", "))
    }
}

/// The options every stress command has.
#[derive(Debug, Args)]
pub(crate) struct CommonArgs {
    /// How many generated cases to try.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub(crate) cases: u64,
    /// The seed of the generated cases. Without it a seed is drawn from the
    /// clock; the report names it, so that any run can be repeated.
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// How many seconds one run of the program may take before it is
    /// killed, with everything it started, and reported as a time-out.
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = parse_seconds)]
    pub(crate) timeout: f64,
    #[command(flatten)]
    pub(crate) layout: LayoutArg,
    /// Compare the output byte for byte, as a strict judge does: trailing
    /// spaces or tabs, `\r\n` line ends, a missing final newline and empty
    /// lines at the end are then a presentation error. Without it they are
    /// accepted, and the summary says so.
    #[arg(long)]
    pub(crate) strict_output: bool,
    /// How many different failures to show: after the first, the cases go
    /// on, and each failure that shows otherwise than those shown (another
    /// expected and wrong line, another kind of failure, or a shrunk case of
    /// another shape) is shrunk and shown too, until this many are.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FAILURES, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) failures: u64,
    /// The program to test, and its arguments, after `--`: it reads the
    /// judge's input on standard input and writes its answers on standard
    /// output, as on the judge.
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    pub(crate) program: Vec<OsString>,
}

/// The end of every stress command's `--help`: how failures after the first
/// are shown, and what the exit codes mean.
const EXIT_CODES: &str = "\
Failing the same way means the same expected line and the same wrong line
(or, for a crash, a time-out and the like, the same kind of failure). After
the first failure the cases go on, and each failure that shows otherwise is
shrunk and reported too, up to --failures N (3 by default); a last section,
--- in all ---, sums them up.

Exit codes: 0 all cases agree; 1 a difference was found (wrong answer,
crash, non-zero exit, time-out, too many or too few lines, presentation
error); 2 usage error; 3 the program could not be started at all; 130
stopped by Ctrl-C before a difference was found.";

/// The text after the options in a stress command's `--help`: `text`, then
/// what the exit codes mean.
pub(crate) fn after_help(text: &str) -> String {
    format!("{text}\n\n{EXIT_CODES}")
}

/// A number of seconds above zero.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 1e6 => Ok(seconds),
        _ => Err(format!("'{text}' is not a number of seconds above 0")),
    }
}

/// `count` and the noun, singular or plural: `1 command`, `3 commands`.
pub(crate) fn counted(count: impl Into<u64>, singular: &str, plural: &str) -> String {
    let count = count.into();
    format!("{count} {}", if count == 1 { singular } else { plural })
}

/// Everything a stress run is run with.
#[derive(Debug)]
pub(crate) struct Settings {
    /// The command, as typed: `xiangqi stress checkmate`.
    pub(crate) title: &'static str,
    /// How many cases to try.
    pub(crate) cases: u64,
    /// The seed.
    pub(crate) seed: u64,
    /// Cases per run of the program.
    pub(crate) batch: usize,
    /// The program under test.
    pub(crate) program: Program,
    /// The options that shape the cases, as typed (`--yes-share 0.2`), for
    /// the command that reproduces the run.
    pub(crate) knobs: Vec<String>,
    /// `--batch N` as typed, if it was.
    pub(crate) batch_given: Option<usize>,
    /// `--timeout` as typed.
    pub(crate) timeout_secs: f64,
    /// How the cases' input is laid out.
    pub(crate) layout: LayoutArg,
    /// `--strict-output`: whitespace differences fail.
    pub(crate) strict_output: bool,
    /// `--failures N`: how many different failures to show.
    pub(crate) failures: usize,
}

impl Settings {
    /// The settings of a run of `title` with `args`, `batch` cases per run
    /// (`default_batch` if not given) and the case options `knobs` as typed.
    pub(crate) fn new(
        title: &'static str,
        args: CommonArgs,
        batch: Option<u64>,
        default_batch: usize,
        knobs: Vec<String>,
    ) -> Settings {
        let seed = args.seed.unwrap_or_else(seed_from_clock);
        let batch_given = batch.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        Settings {
            title,
            cases: args.cases,
            seed,
            batch: batch_given.unwrap_or(default_batch).max(1),
            program: Program { command: args.program, timeout: Duration::from_secs_f64(args.timeout) },
            knobs,
            batch_given,
            timeout_secs: args.timeout,
            layout: args.layout,
            strict_output: args.strict_output,
            failures: usize::try_from(args.failures).unwrap_or(usize::MAX),
        }
    }

    /// The command line that repeats this run exactly.
    fn reproduce(&self) -> String {
        let mut words: Vec<String> = self.title.split(' ').map(str::to_string).collect();
        words.extend([
            "--cases".to_string(),
            self.cases.to_string(),
            "--seed".to_string(),
            self.seed.to_string(),
        ]);
        words.extend(["--timeout".to_string(), self.timeout_secs.to_string()]);
        if self.strict_output {
            words.push("--strict-output".to_string());
        }
        if self.failures as u64 != DEFAULT_FAILURES {
            words.extend(["--failures".to_string(), self.failures.to_string()]);
        }
        if let Some(batch) = self.batch_given {
            words.extend(["--batch".to_string(), batch.to_string()]);
        }
        words.extend(self.knobs.iter().cloned());
        words.extend(self.layout.typed());
        words.push("--".to_string());
        words.extend(self.program.command.iter().map(|word| word.to_string_lossy().into_owned()));
        words.iter().map(|word| shell_quoted(word)).collect::<Vec<_>>().join(" ")
    }

    /// The input the program is given for `cases`: the task's plain input,
    /// laid out as `--layout` says (the same bytes for the same cases).
    fn input<T: Task>(&self, cases: &[T::Generated]) -> Vec<u8> {
        self.input_in::<T>(self.layout.layout, cases)
    }

    /// The input for `cases` laid out as `layout` says.
    fn input_in<T: Task>(&self, layout: Layout, cases: &[T::Generated]) -> Vec<u8> {
        let mut plain = Vec::new();
        // Writing to memory cannot fail.
        let _ = T::write_input(cases, &mut plain);
        match layout.relaid(&plain, T::READING, self.seed) {
            std::borrow::Cow::Borrowed(_) => plain,
            std::borrow::Cow::Owned(varied) => varied,
        }
    }

    /// The program's command, as it would be typed: `python3 solution.py`.
    fn program_command(&self) -> String {
        let words = self.program.command.iter().map(|word| shell_quoted(&word.to_string_lossy()));
        words.collect::<Vec<_>>().join(" ")
    }
}

/// The program under test could not be started at all (not found, not
/// executable, ...): no run of it says anything about its answers, so the
/// stress commands exit with code 3 rather than 1.
#[derive(Debug)]
pub(crate) struct CannotStart {
    /// The command, shell-quoted.
    command: String,
    /// Why it could not be started.
    source: std::io::Error,
}

/// The system's code for a file it cannot start as a program (`ENOEXEC`,
/// the same on Linux and the BSDs): a script without a `#!` line, say.
const EXEC_FORMAT_ERROR: i32 = 8;

impl std::fmt::Display for CannotStart {
    /// `cannot run ./a.py: Exec format error (os error 8)`, with what to do
    /// about it where the cause tells.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot run {}: {}", self.command, self.source)?;
        let program = self.command.split(' ').next().unwrap_or_default();
        match self.source.kind() {
            _ if self.source.raw_os_error() == Some(EXEC_FORMAT_ERROR) => write!(
                f,
                " (the system cannot start it as a program: a script needs a first line such as \
                 `#!/usr/bin/env python3`, or name its interpreter first: `-- python3 {program}`)"
            ),
            std::io::ErrorKind::PermissionDenied => {
                write!(f, " (is it executable? `chmod +x {program}`, or name its interpreter first)")
            }
            std::io::ErrorKind::NotFound if !program.contains('/') => {
                write!(f, " (a program in the current folder needs a path: `-- ./{program}`)")
            }
            _ => Ok(()),
        }
    }
}

/// The cause is part of the message (the hint comes after it), not a source.
impl std::error::Error for CannotStart {}

/// A stress run stopped by Ctrl-C before any difference was found: the
/// binaries exit with code 130, as for an interrupted perft.
#[derive(Debug)]
pub(crate) struct Interrupted {
    /// The command: `kq stress`.
    title: &'static str,
    /// The cases that agreed.
    done: u64,
    /// The cases asked for.
    total: u64,
    /// The seed, to go on from there.
    seed: u64,
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Interrupted { title, done, total, seed } = self;
        write!(f, "{title}: interrupted after {done} of {total} cases agreed with the oracle (seed {seed})")
    }
}

impl std::error::Error for Interrupted {}

/// A seed from the clock, for runs without `--seed`.
fn seed_from_clock() -> u64 {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mixed = (nanos as u64) ^ ((nanos >> 64) as u64) ^ u64::from(std::process::id()).rotate_left(32);
    // Small seeds are easier to type: keep it under a billion.
    board_geometry::random::Random::new(mixed).below(1_000_000_000)
}

/// `word` as a shell would need it typed.
fn shell_quoted(word: &str) -> String {
    let plain = !word.is_empty()
        && word.bytes().all(|byte| byte.is_ascii_alphanumeric() || b"_@%+=:,./-".contains(&byte));
    if plain { word.to_string() } else { format!("'{}'", word.replace('\'', r"'\''")) }
}

/// The count of cases done, on the terminal.
struct Progress {
    enabled: bool,
    last: Instant,
}

impl Progress {
    fn new() -> Progress {
        Progress { enabled: std::io::stderr().is_terminal(), last: Instant::now() }
    }

    fn update(&mut self, title: &str, done: u64, total: u64) {
        if self.enabled && self.last.elapsed() >= Duration::from_millis(100) {
            self.last = Instant::now();
            let _ = write!(std::io::stderr(), "\r{title}: {done} of {total} cases agree");
        }
    }

    fn clear(&self) {
        if self.enabled {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}

/// Runs a stress test of `settings.program` on the cases of task `T`
/// generated with `options` from the seed of `settings`.
///
/// # Errors
/// The options are out of range for the generator, the program differs
/// from the oracle (after the report on standard output), cannot be started
/// ([`CannotStart`]), Ctrl-C was pressed before a difference was found
/// ([`Interrupted`]), or the output cannot be written.
pub(crate) fn run<T: StressTask>(
    settings: &Settings,
    options: &T::GenerateOptions,
    streams: &mut Streams<'_>,
) -> anyhow::Result<()> {
    let mut generator = T::generator(settings.seed, options)?;
    let started = Instant::now();
    let mut progress = Progress::new();
    let mut mix = Mix::default();
    let (mut done, mut runs) = (0u64, 0u64);
    // The cases of a failing run after the case blamed, to go on with.
    let mut left_over: Vec<T::Generated> = Vec::new();
    let mut hunt = Hunt::default();
    // The first whitespace-only difference, and the cases of its run.
    let mut whitespace: Option<(String, Presentation)> = None;
    while done < settings.cases {
        let size = usize::try_from(settings.cases - done).unwrap_or(usize::MAX).min(settings.batch);
        let from_generator = size.saturating_sub(left_over.len());
        let mut cases: Vec<T::Generated> = std::mem::take(&mut left_over);
        cases.extend(generator.by_ref().take(from_generator));
        let answers = cases.iter().map(answer::<T>).collect::<anyhow::Result<Vec<_>>>()?;
        let run = match settings.program.run(&settings.input::<T>(&cases)) {
            Ok(run) => run,
            Err(NoRun::Failed(source)) => {
                return Err(CannotStart { command: settings.program_command(), source }.into());
            }
            Err(NoRun::Stopped) if hunt.shown.is_empty() => {
                progress.clear();
                let (title, total, seed) = (settings.title, settings.cases, settings.seed);
                return Err(Interrupted { title, done, total, seed }.into());
            }
            Err(NoRun::Stopped) => {
                hunt.ended = Some(HuntEnd::Stopped);
                break;
            }
        };
        runs += 1;
        match check(&run, &Expected::new(&answers, T::SEPARATED), settings.strict_output) {
            Checked::Agrees => {}
            Checked::WhitespaceOnly(difference) => {
                whitespace.get_or_insert_with(|| (cases_in_words(done, size as u64), difference));
            }
            Checked::Fails(failure, blame) => {
                progress.clear();
                let mut shrinker = Shrinker::<T>::new(settings);
                let after = blame.case + 1;
                for answer in &answers[..after] {
                    T::tally(answer, &mut mix);
                }
                left_over = cases[after..].to_vec();
                let known = !T::SHAPED && hunt.shows(&failure.symptom());
                let found = Found { cases, run, failure, blame, done };
                done += after as u64;
                if known {
                    // Seen already, and its shrunk shape would tell nothing more.
                    hunt.repeats += 1;
                    continue;
                }
                let finding = shrinker.find(found);
                if let Some(end) = hunt.add(finding, settings, streams)? {
                    hunt.ended = Some(end);
                    break;
                }
                continue;
            }
        }
        for answer in &answers {
            T::tally(answer, &mut mix);
        }
        done += size as u64;
        progress.update(settings.title, done, settings.cases);
    }
    progress.clear();
    if !hunt.shown.is_empty() {
        return Err(hunt.close(settings, done, streams));
    }
    writeln!(
        streams.stdout,
        "{}: all {done} cases agree with the oracle (seed {}; {} of {} in {:.1} s; answers: {})",
        settings.title,
        settings.seed,
        counted(runs, "run", "runs"),
        settings.program_command(),
        started.elapsed().as_secs_f64(),
        if done == 0 { "none".to_string() } else { mix.to_string() },
    )?;
    if let Some((cases, difference)) = whitespace {
        writeln!(
            streams.stdout,
            "note: its output differs from the oracle's in whitespace only (in the run of {cases}, \
             {difference}); --strict-output fails on it"
        )?;
    }
    Ok(())
}

/// The failures a run has shown, and the search for more (`--failures N`).
#[derive(Default)]
struct Hunt {
    /// Each failure shown: its symptom and shrunk shape, and its headline
    /// (`wrong answer on case 7`).
    shown: Vec<(Symptom, String, String)>,
    /// Whether each shown report was of the shrunk case.
    minimal: Vec<bool>,
    /// Failures found again after shrinking: one already shown.
    repeats: u64,
    /// The time spent confirming and shrinking failures that repeat one shown.
    repeat_time: Duration,
    /// Why the search ended before the cases ran out, if it did.
    ended: Option<HuntEnd>,
}

/// Why the search for more failures ended before the cases ran out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum HuntEnd {
    /// `--failures N` were shown.
    Enough,
    /// A time-out was shown: every run after it may wait one out too.
    TimeOut,
    /// A failure of several cases together was shown: the program keeps
    /// something between cases, which may be what every later run fails on.
    Together,
    /// Failures that repeat one shown took [`REPEAT_TIME`].
    Repeats,
    /// Ctrl-C.
    Stopped,
}

impl Hunt {
    /// Whether a failure with `symptom` has been shown.
    fn shows(&self, symptom: &Symptom) -> bool {
        self.shown.iter().any(|(shown, _, _)| shown == symptom)
    }

    /// Shows `finding` if it fails otherwise than every failure shown so
    /// far; why the search ends, if it does.
    fn add(
        &mut self,
        finding: Finding,
        settings: &Settings,
        streams: &mut Streams<'_>,
    ) -> anyhow::Result<Option<HuntEnd>> {
        let known = self
            .shown
            .iter()
            .any(|(symptom, shape, _)| *symptom == finding.symptom && *shape == finding.shape);
        if known {
            self.repeats += 1;
            self.repeat_time += finding.took;
        } else {
            if !self.shown.is_empty() {
                writeln!(streams.stdout)?;
            }
            streams.stdout.write_all(finding.text.as_bytes()).context("cannot write the report")?;
            streams.stdout.flush().context("cannot write the report")?;
            self.shown.push((finding.symptom.clone(), finding.shape, finding.headline));
            self.minimal.push(finding.minimal);
        }
        Ok(if finding.stopped {
            Some(HuntEnd::Stopped)
        } else if finding.symptom == Symptom::Other(FailureKind::TimeOut) {
            Some(HuntEnd::TimeOut)
        } else if finding.together {
            Some(HuntEnd::Together)
        } else if self.shown.len() >= settings.failures {
            Some(HuntEnd::Enough)
        } else if self.repeat_time >= REPEAT_TIME {
            Some(HuntEnd::Repeats)
        } else {
            None
        })
    }

    /// The last line of the report, when more than one failure could have
    /// been shown, and the one-line error.
    fn close(&self, settings: &Settings, done: u64, streams: &mut Streams<'_>) -> anyhow::Error {
        let headlines: Vec<&str> = self.shown.iter().map(|(_, _, headline)| headline.as_str()).collect();
        if settings.failures > 1 {
            let why = match self.ended {
                Some(HuntEnd::Enough) => format!("--failures {} reached", settings.failures),
                Some(HuntEnd::TimeOut) => "no more looked for after a time-out".to_string(),
                Some(HuntEnd::Together) => {
                    "no more looked for after a failure of several cases together".to_string()
                }
                Some(HuntEnd::Repeats) => format!(
                    "no more looked for after {} s spent on failures that repeat one shown",
                    REPEAT_TIME.as_secs()
                ),
                Some(HuntEnd::Stopped) => "stopped by Ctrl-C".to_string(),
                None => "every case tried".to_string(),
            };
            let repeated = match self.repeats {
                0 => String::new(),
                repeats => {
                    format!("; {} repeated one shown", counted(repeats, "other failure", "other failures"))
                }
            };
            let line = format!(
                "--- in all ---\n{}: {} in {done} of {} {} (seed {}; {why}){repeated}",
                settings.title,
                counted(self.shown.len() as u64, "different failure", "different failures"),
                settings.cases,
                if settings.cases == 1 { "case" } else { "cases" },
                settings.seed,
            );
            if let Err(error) = writeln!(streams.stdout, "{line}").and_then(|()| streams.stdout.flush()) {
                return anyhow::Error::new(error).context("cannot write the report");
            }
        }
        let what = if self.minimal.iter().all(|&minimal| minimal) { "shrunk case" } else { "failing input" };
        anyhow!(
            "{}: {} (seed {}): the program differs from the oracle; the {} above",
            settings.title,
            headlines.join("; "),
            settings.seed,
            match self.shown.len() {
                1 => format!("{what} is"),
                _ => format!("{what}s are"),
            },
        )
    }
}

/// A failure confirmed and shrunk, its report written but not shown yet.
struct Finding {
    /// How it shows.
    symptom: Symptom,
    /// The shape of the case shown ([`StressTask::shape`]).
    shape: String,
    /// `wrong answer on case 7`.
    headline: String,
    /// The report.
    text: String,
    /// Whether the report shows the shrunk case.
    minimal: bool,
    /// Whether Ctrl-C cut it short.
    stopped: bool,
    /// Whether only several cases together fail.
    together: bool,
    /// The time it took.
    took: Duration,
}

/// The cases of a run of `size` cases after `done`: `case 7`, `cases 1 to 40`.
fn cases_in_words(done: u64, size: u64) -> String {
    match size {
        1 => format!("case {}", done + 1),
        _ => format!("cases {} to {}", done + 1, done + size),
    }
}

/// The batch in which the program first went wrong.
struct Found<C> {
    cases: Vec<C>,
    run: Run,
    failure: Failure,
    /// The case to blame, and why.
    blame: Blame,
    /// How many cases agreed before this batch.
    done: u64,
}

/// Confirms and shrinks a failure, counting the runs it takes.
struct Shrinker<'a, T: StressTask> {
    /// The task whose cases are shrunk.
    task: PhantomData<T>,
    settings: &'a Settings,
    runs: u32,
    time_outs: u32,
    started: Instant,
    /// Whether Ctrl-C stopped a run: no more runs then.
    stopped: bool,
    /// The input that last failed as the failure pinned, with its run, for
    /// the report when Ctrl-C cuts shrinking short.
    latest: Option<Attempt<T::Generated>>,
}

/// An input that failed: its cases, the failure, the run and the oracle's answers.
#[derive(Clone)]
struct Attempt<C> {
    cases: Vec<C>,
    failure: Failure,
    run: Run,
    expected: Expected,
}

/// How the failing case was confirmed.
enum Confirmed {
    /// The blamed case fails alone.
    Alone,
    /// Another case of the batch fails alone.
    Other {
        /// The number of the case blamed first, which passes alone.
        blamed: u64,
        /// What pointed at that case.
        blame: Blame,
    },
    /// Only several cases together fail.
    Together,
    /// Ctrl-C stopped the search for a case that fails alone.
    Stopped,
}

/// The case (or cases) a failure is pinned on.
struct Pinned<C> {
    /// The number of the case the report names.
    number: u64,
    /// The cases to shrink: one, or for [`Confirmed::Together`] the batch
    /// up to the blamed case.
    failing: Vec<C>,
    /// How they were found.
    confirmed: Confirmed,
    /// How the failure shows, kept while shrinking.
    symptom: Symptom,
    /// The run of the case alone that confirmed it, if one did.
    alone: Option<Attempt<C>>,
}

impl<'a, T: StressTask> Shrinker<'a, T> {
    /// A shrinker for a failure of a run with `settings`, its budget whole.
    fn new(settings: &'a Settings) -> Self {
        Shrinker {
            task: PhantomData,
            settings,
            runs: 0,
            time_outs: 0,
            started: Instant::now(),
            stopped: false,
            latest: None,
        }
    }

    /// Runs the program on `cases`; the failure, if it fails (or `None` once
    /// the budget is spent, Ctrl-C was pressed or the program cannot be run).
    fn failure(&mut self, cases: &[T::Generated]) -> Option<Attempt<T::Generated>> {
        let spent = self.runs >= SHRINK_RUNS || self.time_outs >= SHRINK_TIME_OUTS;
        if spent || self.stopped || self.started.elapsed() >= SHRINK_TIME {
            return None;
        }
        self.runs += 1;
        let answers = cases.iter().map(answer::<T>).collect::<anyhow::Result<Vec<_>>>().ok()?;
        let expected = Expected::new(&answers, T::SEPARATED);
        let run = match self.settings.program.run(&self.settings.input::<T>(cases)) {
            Ok(run) => run,
            Err(NoRun::Stopped) => {
                self.stopped = true;
                return None;
            }
            Err(NoRun::Failed(_)) => return None,
        };
        if run.exit == program::Exit::TimedOut {
            self.time_outs += 1;
        }
        match check(&run, &expected, self.settings.strict_output) {
            Checked::Fails(failure, _) => Some(Attempt { cases: cases.to_vec(), failure, run, expected }),
            Checked::Agrees | Checked::WhitespaceOnly(_) => None,
        }
    }

    /// The case to pin the failure of the batch `cases` on: the blamed one
    /// if it fails alone, else the first that does, trying the cases before
    /// it first, nearest first, then those after it; else the batch up to
    /// the blamed case, which only fails together.
    fn pin(
        &mut self,
        cases: &[T::Generated],
        blame: Blame,
        failure: &Failure,
        done: u64,
    ) -> Pinned<T::Generated> {
        let blamed = blame.case;
        let number = |index: usize| done + index as u64 + 1;
        let order = std::iter::once(blamed).chain((0..blamed).rev()).chain(blamed + 1..cases.len());
        for index in order {
            if let Some(alone) = self.failure(&cases[index..=index]) {
                let confirmed = if index == blamed {
                    Confirmed::Alone
                } else {
                    Confirmed::Other { blamed: number(blamed), blame }
                };
                self.latest = Some(alone.clone());
                return Pinned {
                    number: number(index),
                    failing: alone.cases.clone(),
                    confirmed,
                    symptom: alone.failure.symptom(),
                    alone: Some(alone),
                };
            }
        }
        Pinned {
            number: number(blamed),
            failing: cases[..=blamed].to_vec(),
            confirmed: if self.stopped { Confirmed::Stopped } else { Confirmed::Together },
            symptom: failure.symptom(),
            alone: None,
        }
    }

    /// Whether the program fails on `cases` with `symptom`.
    fn fails_as(&mut self, cases: &[T::Generated], symptom: &Symptom) -> bool {
        match self.failure(cases) {
            Some(attempt) if attempt.failure.symptom() == *symptom => {
                self.latest = Some(attempt);
                true
            }
            _ => false,
        }
    }

    /// Confirms the failure found and shrinks it: its report, to show if it
    /// fails otherwise than those shown before.
    fn find(&mut self, found: Found<T::Generated>) -> Finding {
        let began = Instant::now();
        let Found { cases, run, failure, blame, done } = found;
        let Pinned { number, mut failing, confirmed, symptom, alone } =
            self.pin(&cases, blame, &failure, done);
        let original_size = self.sizes(&failing);
        let shrunk = symptom != Symptom::Other(FailureKind::TimeOut) && !self.stopped;
        if shrunk {
            self.shrink(&mut failing, &symptom);
        }
        let shrink_runs = self.runs;
        let stopped = self.stopped;
        // The last word: the minimal input run once more; for a time-out,
        // the run that confirmed it; after Ctrl-C, the last input that
        // failed. Failing that (a program that does not fail twice the same
        // way, or only several cases together time out), the batch as it failed.
        let last = if stopped {
            self.latest.take()
        } else if shrunk {
            (self.runs, self.time_outs, self.started) = (0, 0, Instant::now());
            self.failure(&failing)
        } else {
            alone
        };
        let (input, expected, run, failure, minimal) = match last {
            Some(Attempt { cases: last, failure, run, expected }) => {
                failing = last;
                (self.settings.input::<T>(&failing), expected, run, failure, shrunk && !stopped)
            }
            None => {
                let answers: Vec<Vec<String>> =
                    cases.iter().map(|case| answer::<T>(case).unwrap_or_default()).collect();
                failing = cases.clone();
                let expected = Expected::new(&answers, T::SEPARATED);
                (self.settings.input::<T>(&cases), expected, run, failure, false)
            }
        };
        let shrinking = match (shrunk, stopped) {
            (true, false) => Shrinking::Done(shrink_runs),
            (true, true) => Shrinking::Stopped(shrink_runs),
            (false, false) => Shrinking::NotForTimeOut,
            (false, true) => Shrinking::NotBegun,
        };
        // Whether the layout is to blame: the same cases, written plainly, pass.
        let only_varied = self.settings.layout.layout == Layout::Varied && !stopped && {
            let plain = self.settings.input_in::<T>(Layout::Plain, &failing);
            self.settings.program.run(&plain).is_ok_and(|plain_run| {
                !matches!(check(&plain_run, &expected, self.settings.strict_output), Checked::Fails(..))
            })
        };
        let text = self.report_text(ReportParts {
            number,
            only_varied,
            failure: &failure,
            confirmed: &confirmed,
            original_size,
            failing: &failing,
            shrinking,
            input: &input,
            minimal,
            expected: &expected,
            run: &run,
        });
        Finding {
            symptom: failure.symptom(),
            shape: T::shape(&failing),
            headline: format!("{} on case {number}", failure.kind()),
            text,
            minimal,
            stopped,
            together: matches!(confirmed, Confirmed::Together),
            took: began.elapsed(),
        }
    }

    /// Shrinks `failing` while it fails with `symptom`: cases taken out
    /// first, then each case shrunk.
    fn shrink(&mut self, failing: &mut Vec<T::Generated>, symptom: &Symptom) {
        if failing.len() > 1 {
            *failing = board_geometry::shrink::shrink(
                std::mem::take(failing),
                |list: &Vec<T::Generated>| board_geometry::shrink::without_runs(list),
                |list| self.fails_as(list, symptom),
            );
        }
        for index in 0..failing.len() {
            let mut list = failing.clone();
            let shrunk = T::shrink(&failing[index], |candidate| {
                list[index] = candidate.clone();
                self.fails_as(&list, symptom)
            });
            failing[index] = shrunk;
        }
    }

    /// The sizes of `cases`, joined by `+`.
    fn sizes(&self, cases: &[T::Generated]) -> String {
        cases.iter().map(T::size).collect::<Vec<_>>().join(" + ")
    }

    fn report_text(&self, parts: ReportParts<'_, T::Generated>) -> String {
        let ReportParts {
            number,
            failure,
            confirmed,
            original_size,
            failing,
            shrinking,
            input,
            minimal,
            expected,
            run,
            only_varied,
        } = parts;
        let settings = self.settings;
        let mut text = String::new();
        let _ = writeln!(
            text,
            "{}: {} on case {number} of {} (seed {})",
            settings.title,
            failure.kind(),
            settings.cases,
            settings.seed
        );
        let _ = match confirmed {
            Confirmed::Alone => writeln!(text, "The case fails alone too."),
            Confirmed::Other { blamed, blame } => writeln!(
                text,
                "{}, but that case passes alone; case {number} fails alone (the cases of the run were \
                 tried alone, those before case {blamed} first, nearest first), so it is the one shown.",
                capitalised(&blame.clue.in_words(*blamed))
            ),
            Confirmed::Together => writeln!(
                text,
                "No case fails alone: only {} cases together do (does the program reset what it keeps \
                 between cases, and read every case until the end of its input?).",
                failing.len()
            ),
            Confirmed::Stopped => {
                writeln!(
                    text,
                    "Ctrl-C stopped the search for a case that fails alone: the run is shown whole."
                )
            }
        };
        let size = self.sizes(failing);
        let _ = match shrinking {
            Shrinking::Done(runs) if size == original_size => {
                writeln!(
                    text,
                    "Shrinking kept its {size}: nothing smaller fails ({runs} runs of the program)."
                )
            }
            Shrinking::Done(runs) => {
                writeln!(text, "Shrunk from {original_size} to {size} in {runs} runs of the program.")
            }
            Shrinking::Stopped(runs) => writeln!(
                text,
                "Shrinking was stopped by Ctrl-C after {runs} runs of the program, at {size} (from \
                 {original_size})."
            ),
            Shrinking::NotForTimeOut => {
                let what = match failing {
                    [_] => format!("its {size}"),
                    _ => format!("the {} cases of the run", failing.len()),
                };
                writeln!(
                    text,
                    "Not shrunk from {what}: each smaller case tried would wait out the time-out ({} s).",
                    settings.timeout_secs
                )
            }
            Shrinking::NotBegun => writeln!(text, "Not shrunk: Ctrl-C was pressed first."),
        };
        let _ = match (minimal, settings.layout.layout) {
            (true, Layout::Plain) => writeln!(text, "\n--- input (minimal: paste it into your program) ---"),
            (false, Layout::Plain) => writeln!(text, "\n--- input (paste it into your program) ---"),
            (minimal, Layout::Varied) => writeln!(
                text,
                "\n--- input ({}laid out by --layout varied: CRLF line ends, tabs and runs of spaces; \
                 `cat -A` shows them) ---",
                if minimal { "minimal, " } else { "" }
            ),
        };
        text.push_str(&String::from_utf8_lossy(input));
        let _ = writeln!(text, "--- expected output (the oracle's) ---");
        text.push_str(&expected.text());
        let _ = writeln!(text, "--- output of {} ---", settings.program_command());
        let lines = output_lines(&run.stdout);
        if lines.is_empty() {
            let _ = writeln!(text, "(nothing)");
        }
        for line in &lines {
            let _ = writeln!(text, "{line}");
        }
        let _ = writeln!(text, "--- what went wrong ---");
        let _ = writeln!(text, "{}", describe(failure, settings.timeout_secs));
        if only_varied {
            let _ = writeln!(
                text,
                "The same cases written plainly (--layout plain) pass: the failure shows only under \
                 --layout varied, so the program does not read CRLF line ends, tabs, runs of spaces or \
                 blank lines as the judge's reading does."
            );
        }
        let errors = output_lines(&run.stderr);
        if !errors.is_empty() {
            let _ = writeln!(text, "--- its standard error (last {STDERR_LINES} lines at most) ---");
            for line in &errors[errors.len().saturating_sub(STDERR_LINES)..] {
                let _ = writeln!(text, "{line}");
            }
        }
        let _ = writeln!(text, "--- to reproduce ---");
        let _ = writeln!(text, "{}", settings.reproduce());
        text
    }
}

/// What a report is made of.
struct ReportParts<'a, C> {
    number: u64,
    failure: &'a Failure,
    confirmed: &'a Confirmed,
    original_size: String,
    failing: &'a [C],
    shrinking: Shrinking,
    input: &'a [u8],
    /// Whether `input` is the shrunk case, run once more.
    minimal: bool,
    expected: &'a Expected,
    run: &'a Run,
    /// The failure shows only with `--layout varied`.
    only_varied: bool,
}

/// What became of the shrinking, for the report.
enum Shrinking {
    /// It ran its course, in this many runs of the program.
    Done(u32),
    /// Ctrl-C stopped it after this many runs.
    Stopped(u32),
    /// It was not tried: a time-out is not shrunk.
    NotForTimeOut,
    /// Ctrl-C was pressed before it began.
    NotBegun,
}

/// What went wrong, in a sentence.
fn describe(failure: &Failure, timeout: f64) -> String {
    match failure {
        Failure::BadExit(program::Exit::TimedOut) => {
            format!("It gave no complete answer within {timeout} s and was killed.")
        }
        failure => capitalised(&failure.to_string()) + ".",
    }
}

/// `sentence` with a capital first letter.
fn capitalised(sentence: &str) -> String {
    let mut sentence = sentence.to_string();
    if let Some(first) = sentence.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    sentence
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_for_the_shell_only_when_needed() {
        assert_eq!(shell_quoted("./a.out"), "./a.out");
        assert_eq!(shell_quoted("--seed"), "--seed");
        assert_eq!(shell_quoted("my program"), "'my program'");
        assert_eq!(shell_quoted("it's"), r"'it'\''s'");
        assert_eq!(shell_quoted(""), "''");
    }

    #[test]
    fn the_mix_lists_the_most_frequent_first() {
        let mut mix = Mix::default();
        for kind in ["NO", "YES", "NO"] {
            mix.add(kind);
        }
        assert_eq!(mix.to_string(), "NO: 2, YES: 1");
    }

    #[test]
    fn shares_and_seconds_are_checked_by_the_parser() {
        use crate::generate::parse_share;
        assert_eq!(parse_share("0.25"), Ok(0.25));
        assert!(parse_share("1.5").is_err() && parse_share("x").is_err() && parse_share("NaN").is_err());
        assert_eq!(parse_seconds("2"), Ok(2.0));
        assert!(parse_seconds("0").is_err() && parse_seconds("-1").is_err());
    }
}
