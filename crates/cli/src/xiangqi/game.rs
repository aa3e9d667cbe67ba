//! `xiangqi game`: read game records of every format (PGN-style text, XQF,
//! CBR, CBL, CBF, DhtmlXQ), files and folders, and report on each game, write
//! them as JSON Lines, or convert them.

mod convert;
mod inputs;
mod json;
mod pipeline;
mod read;
mod report;
mod tally;

use std::collections::HashSet;
use std::fs;
use std::path::PathBuf;

use anyhow::{Context, anyhow, bail};
use clap::Args;

use self::convert::{Target, Written, convert_file};
use self::inputs::{Origin, Source};
use self::read::{Cause, FileFailure, FileRead, ReadSettings, read_file};
use self::tally::{Tally, account, counted, is_skipped};
use super::args::EncodingArg;
use super::selfplay::RulesArg;
use crate::Streams;
use crate::json::Format as OutputFormat;
use crate::style::StyleArg;

/// Arguments of `xiangqi game`.
#[derive(Debug, Args)]
#[command(after_help = "\
Each file's format is found from its content, never its name:
  PGN-style text   many games a file, UTF-8, GBK or Big5 (UTF-16 with its byte-order mark)
  XQF              XQStudio's binary record, every version, encrypted or not
  CBR, CBL         CChessBoard's record, and its library of many games
  CBF              CChessBoard's XML record
  DhtmlXQ          the text web pages and UBB forum posts hold (many games a page)
A folder is read with every file inside it, subfolders too, in sorted order
(hidden files and links to folders left out); files there that are no
record (pictures, archives, text without a game) are skipped and counted. A
file named that is no record is refused in one line saying what it looks
like: 'x.zip: not a game record: this looks like a zip archive; unpack it first'.

PGN-style text:
  [Red \"LIU DaHua\"]
  [Black \"HUANG Yong\"]
  [Result \"*\"]
  [Format \"Chinese\"]     ICCS, WXF, Chinese or Engine; without it each move's notation is detected
  1. 炮二平五 马８进７ {a comment} 2. 马二进三 (2. 马八进七 {a variation, not played}) 车９平８ *
A FEN tag gives a start position other than the usual one. Moves may be
written in full-width characters (Ｃ２＝５), and WXF tandem pieces with the
mark before the letter (+P+1, -C-2), as the WXF's database writes them. The
encoding is told apart by decoding (--encoding auto): UTF-8 where the bytes
are UTF-8, otherwise whichever of UTF-8, GBK and Big5 reads best: the most
moves, then the fewest invalid characters, then the most common characters
of that encoding. The report names it when it is not UTF-8 ('not UTF-8,
read as Big5'); --encoding utf-8|gbk|big5 gives it instead. Read with a
warning in the report: a quote inside a tag's value that is not escaped
(only a quote followed by ] closes the value), and text with no tag and
no move in any notation (move numbers, results and brackets alone make no
game), such as the footer after the last game of xqbase-style files (a line
of =, the site's name and address), a README, a script or a web page that
loads its record from elsewhere, which is skipped (a file of nothing else
holds no game; in a folder it is skipped and counted).

The report: for each game its number and where it begins (FILE:LINE:COLUMN
in text, FILE: byte N (0xN) in a CBL library, and the format where it is
not PGN-style text: 'game 1 (XQF): a.xqf'), the Red, Black and Event tags,
how many moves were played, the final FEN and how the game stands on the
board, and the result: 'agrees' or 'disagrees' when the board shows mate or
stalemate and the record gives a result, 'unrecorded' when it gives none
(or *), 'unchecked' when the game is not over on the board. Under the Asian
rules (--rules asian, the default) the game is also ruled on as it is
played: a position occurring for the third time (perpetual check or chase
loses, else a draw), 120 plies without a capture, material that cannot
mate; the ruling is reported with its reason, its moves in the record's
notation (the Format tag's, else the first move's; ICCS for a binary
record), and the record's result is compared with it (moves the record
plays after the ruling are counted).
--rules engine: the Asian rules as computer xiangqi's referees and Pikafish
read them, the same but for one point: a side that checks and chases in
turn (one check one chase) is not at fault, so the repetition is a draw.
--rules none: only mate and stalemate end a game, for records of other rule
sets. A move that cannot be played is reported with its place
(FILE:LINE:COLUMN, or FILE: byte N (0xN) in a binary file), and the game
stops there. The last line sums up: files, games (whole, in part,
unreadable), moves, and the failures by cause (bad move, unreadable, not a
record, no game, cannot open, cannot write).

--format json writes JSON Lines instead, one object a game in file order:
  {\"file\", \"game\": 1, \"format\": \"pgn\"|\"xqf\"|\"cbr\"|\"cbl\"|\"cbf\"|\"dhtmlxq\",
   \"encoding\": \"utf-8\"|\"gbk\"|\"big5\"|\"utf-16le\"|\"utf-16be\"|null (binary formats),
   \"location\": {\"line\", \"column\"} or {\"offset\"} (where the game begins),
   \"tags\": {\"Red\", \"Black\", \"Event\", ...} (binary formats' fields under PGN's names),
   \"result\": \"1-0\"|\"0-1\"|\"1/2-1/2\"|\"*\", \"start_fen\", \"moves\": [\"h2e2\", ...] (ICCS, the main line),
   \"final_fen\", \"result_check\": \"agrees\"|\"disagrees\"|\"unrecorded\"|\"unchecked\"|null,
   \"outcome\": null or {\"result\", \"reason\", \"against\", \"ply\", \"cycle\", \"text\"},
   \"warnings\": [{\"message\", \"line\", \"column\"}],
   \"error\": null or {\"cause\", \"message\", \"line\", \"column\"} or {\"cause\", \"message\", \"offset\"}}
(with --fen-each, \"fens\": the FEN after each move; with --tree, \"tree\":
{\"comment\", \"moves\": [{\"move\", \"comment\", \"variations\": [[move, ...], ...]}, ...]},
every move of the record with its comment and the variations that replace
it, a comment or list left out where there is none). A game that stops early
has its error, and the moves and final FEN of what was played before it. A
file that cannot be read or holds no game has one object with \"game\": null,
its error, and \"skipped\": true where it was found in a folder and skipped.

--to writes every whole game again instead (games that cannot be read or
played to their end are left out, and make the exit code 1): pgn, iccs,
engine, wxf or chinese as PGN-style text (UTF-8; tags kept, with Format,
Result and, away from the start position, FEN set; the whole move tree,
variations in parentheses, and comments in braces), dhtmlxq and xqf with the
whole move tree and its comments. XQF holds the tags it has fields for
(Event, Site, Date, Red, Black, Title, TimeControl, RedTime, BlackTime,
Annotator, Author, and Game in bytes XQF 1.0 reserves), in GBK;
DhtmlXQ those whose names are letters and digits. Reading back what was
written gives the same moves, tags and result. Standard output takes text,
the games one after another, and one XQF game to a file or pipe; --out DIR
writes each game to a file of its own, DIR/NAME-N.EXT (NAME the file it
comes from, N its number there; EXT pgn, xqf or txt for DhtmlXQ), with the
folders below a folder named kept.

Exit code 1 if any game has a bad move or cannot be read, or a file named
cannot be read, is no record or holds no game (files over 64 MiB are
refused), after every file has been read; the one line on standard error
names the first problem. A result that disagrees with the board is
reported, but is not a failure. A progress bar is drawn on standard error
for more than 300 files or games when it is a terminal (and standard output
is not, or --out is given).

Examples:
  xiangqi game fixtures/xiangqi/game/several-games.pgn
  xiangqi game ~/Downloads/games/                 every record in the folder
  xiangqi game --fen-each fixtures/xiangqi/game/opening-chinese.pgn
  xiangqi game --format json games/ | jq -r 'select(.error) | .file'
  xiangqi game --to wxf fixtures/xiangqi/game/gbk.pgn > game-wxf.pgn
  xiangqi game --to xqf --out converted/ games/
  xiangqi game --encoding big5 fixtures/xiangqi/game/big5.pgn
  xiangqi game --style chinese fixtures/xiangqi/game/rules-worked-examples.pgn")]
pub(crate) struct GameArgs {
    /// The record files, and folders of them (read with every file inside,
    /// subfolders too); `-` or nothing reads standard input.
    #[arg(value_name = "FILE|DIR")]
    files: Vec<PathBuf>,
    /// After each move, print its number and text as the record writes them
    /// (ICCS for binary formats), then the FEN of the position it leads to;
    /// with --format json, a "fens" list.
    #[arg(long, conflicts_with = "to")]
    fen_each: bool,
    /// With --format json, a "tree" of the record: every move with its
    /// comment and the variations that replace it (see below).
    #[arg(long, conflicts_with = "to")]
    tree: bool,
    /// Instead of the report, write every whole game again in FORMAT: pgn
    /// (moves in Chinese), iccs, engine, wxf or chinese as PGN-style text,
    /// dhtmlxq or xqf (see below).
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Option<Target>,
    /// With --to: write each game to a file of its own in DIR (created if
    /// need be), named after the file it comes from and its number there:
    /// DIR/NAME-N.pgn, .xqf or .txt (DhtmlXQ).
    #[arg(long, value_name = "DIR", requires = "to")]
    out: Option<PathBuf>,
    /// `text`: the report; `json`: one JSON object a game (see below).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = OutputFormat::Text, conflicts_with = "to")]
    format: OutputFormat,
    /// The rules that end a game besides mate and stalemate: asian
    /// (repetition rulings, the move limit, material that cannot mate),
    /// engine (the same, but one check one chase is a draw) or none.
    #[arg(long, value_enum, default_value_t = RulesArg::Asian)]
    rules: RulesArg,
    /// The encoding of text records (PGN-style, DhtmlXQ, CBF): auto tells
    /// UTF-8, GBK and Big5 apart by decoding; the others are used as given.
    /// Binary formats have their own.
    #[arg(long, value_enum, value_name = "ENCODING", default_value_t = EncodingArg::Auto)]
    encoding: EncodingArg,
    /// `chinese`: write each ruling in Chinese, as the rule books word it
    /// (第31回合 … 后局面第三次出现（第27–31回合）：红方每步将军（长将），黑方未长将：黑胜;
    /// with --format json, as "text_zh" besides "text"); `ascii` (the default):
    /// in English.
    #[arg(long, value_enum, value_name = "STYLE", conflicts_with = "to")]
    style: Option<StyleArg>,
}

/// What a run writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    /// The report.
    Report,
    /// JSON Lines.
    Json,
    /// The games written again, to standard output or (`out`) to files.
    Convert { target: Target, out: bool },
}

/// What one file gave, for the main thread to write in order.
struct FileOutcome {
    /// What goes to standard output: the report on the file, or its JSON lines.
    output: Vec<u8>,
    /// Its games written again (`--to`).
    written: Vec<Written>,
    /// Where its files go under `--out`: the folder it was found in.
    found_in: Option<PathBuf>,
    /// Its name, for messages.
    name: String,
    tally: Tally,
    /// Its failures, as one-line messages, in order.
    problems: Vec<String>,
}

/// What the main thread has met so far.
#[derive(Default)]
struct RunState {
    tally: Tally,
    first_problem: Option<String>,
    problems: usize,
    /// Games written to standard output (text ones are separated by a blank line).
    records_written: usize,
    /// The files `--out` has written, to never write one twice.
    out_files: HashSet<PathBuf>,
}

impl RunState {
    fn problem(&mut self, message: String) {
        self.problems += 1;
        self.first_problem.get_or_insert(message);
    }
}

impl GameArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let mode = match (self.to, self.format) {
            (Some(target), _) => Mode::Convert { target, out: self.out.is_some() },
            (None, OutputFormat::Json) => Mode::Json,
            (None, OutputFormat::Text) => Mode::Report,
        };
        if let Some(out) = self.out.as_ref().filter(|out| out.exists() && !out.is_dir()) {
            bail!(
                "--out {}: this is a file, and --out names a folder, new or existing, to write each game into \
                 (DIR/NAME-N.EXT)",
                out.display()
            );
        }
        let sources = inputs::collect(&self.files);
        if mode == (Mode::Convert { target: Target::Xqf, out: false }) {
            if crate::style::stdout_is_terminal() {
                bail!(
                    "--to xqf writes binary XQF, which a terminal cannot show: give --out DIR to write each game to a file, or send standard output to a file (> game.xqf)"
                );
            }
            if sources.len() != 1 || sources.iter().any(|source| source.found_in.is_some()) {
                bail!(
                    "--to xqf writes one game a file: give --out DIR to write each game to a file of its own"
                );
            }
        }
        let stdin_bytes = sources
            .iter()
            .any(|source| source.origin == Origin::Stdin)
            .then(|| inputs::read_bytes("<stdin>", Ok(&mut *streams.stdin), None));
        let converting = matches!(mode, Mode::Convert { .. });
        let read_settings = ReadSettings {
            encoding: self.encoding.encoding(),
            rules: self.rules.rules(),
            keep_records: self.tree || converting,
            keep_pgn_tags: converting && self.to.and_then(Target::notation).is_some(),
            keep_texts: self.fen_each,
            chinese: self.style == Some(StyleArg::Chinese),
        };
        let work = |index: usize| {
            let source = &sources[index];
            let bytes = match &source.origin {
                Origin::Stdin => stdin_bytes.clone().unwrap_or_else(|| Ok(Vec::new())),
                Origin::File(path) => inputs::read_file(&source.name, path),
                Origin::Unlisted(message) => Err(message.clone()),
            };
            file_outcome(source, bytes, mode, &read_settings, self.fen_each, self.tree)
        };
        let show_progress =
            crate::perft::progress_allowed() && (!crate::style::stdout_is_terminal() || self.out.is_some());
        let mut progress = pipeline::Progress::new(sources.len(), show_progress);
        let mut state = RunState::default();
        let threads = pipeline::threads();
        let taken = pipeline::in_order(sources.len(), threads, &work, |outcome| {
            progress.file_done(outcome.tally.games);
            self.take(outcome, mode, &mut state, streams)
        });
        progress.finish();
        taken?;
        let out = &mut *streams.stdout;
        match (mode, &self.out) {
            (Mode::Report, _) => writeln!(out, "{}", state.tally.summary())?,
            (Mode::Convert { .. }, Some(folder)) => {
                let written = counted(state.tally.written, "file");
                writeln!(out, "{}; {written} written in {}", state.tally.summary(), folder.display())?;
            }
            _ => {}
        }
        match (state.first_problem, state.problems) {
            (None, _) => Ok(()),
            (Some(only), 1) => Err(anyhow!("{only}")),
            (Some(first), count) => {
                let more = count - 1;
                let plural = if more == 1 { "" } else { "s" };
                let see = match mode {
                    Mode::Report => "see the report",
                    Mode::Json => "see the error of each object",
                    Mode::Convert { out: true, .. } => "see the summary, or run without --to for the report",
                    Mode::Convert { out: false, .. } => "run without --to for the report",
                };
                Err(anyhow!("{first} (and {more} more problem{plural}: {see})"))
            }
        }
    }

    /// Writes what one file gave, in its turn.
    fn take(
        &self,
        mut outcome: FileOutcome,
        mode: Mode,
        state: &mut RunState,
        streams: &mut Streams<'_>,
    ) -> anyhow::Result<()> {
        let out = &mut *streams.stdout;
        out.write_all(&outcome.output)?;
        match (mode, &self.out) {
            (Mode::Convert { target, .. }, None) => {
                if target == Target::Xqf && outcome.written.len() > 1 {
                    bail!(
                        "{}: {} games, and XQF holds one game a file: give --out DIR to write each to a file of its own",
                        outcome.name,
                        outcome.written.len()
                    );
                }
                for written in &outcome.written {
                    if state.records_written > 0 && target != Target::Xqf {
                        writeln!(out)?;
                    }
                    out.write_all(&written.bytes)?;
                    state.records_written += 1;
                }
            }
            (Mode::Convert { .. }, Some(folder)) => {
                let folder = folder.join(outcome.found_in.clone().unwrap_or_default());
                for written in &outcome.written {
                    let path = folder.join(&written.file_name);
                    if !state.out_files.insert(path.clone()) {
                        outcome.tally.fail(Cause::CannotWrite);
                        outcome.problems.push(format!(
                            "{}: {} is written already, from another file of the same name: convert them apart",
                            outcome.name,
                            path.display()
                        ));
                        continue;
                    }
                    fs::create_dir_all(&folder)
                        .and_then(|()| fs::write(&path, &written.bytes))
                        .with_context(|| format!("{}: cannot write", path.display()))?;
                    outcome.tally.written += 1;
                }
            }
            _ => {}
        }
        state.tally.add(&outcome.tally);
        for problem in outcome.problems {
            state.problem(problem);
        }
        Ok(())
    }
}

/// Reads one file and makes what it gives in `mode`.
fn file_outcome(
    source: &Source,
    bytes: Result<Vec<u8>, String>,
    mode: Mode,
    settings: &ReadSettings,
    fen_each: bool,
    tree: bool,
) -> FileOutcome {
    let name = source.name.as_str();
    let file = match bytes {
        Ok(bytes) => read_file(name, &bytes, settings),
        Err(message) => {
            let what =
                message.strip_prefix(name).and_then(|rest| rest.strip_prefix(": ")).unwrap_or(&message);
            FileRead {
                failure: Some(FileFailure {
                    cause: Cause::CannotOpen,
                    at: None,
                    what: what.to_string(),
                    message,
                }),
                ..FileRead::default()
            }
        }
    };
    let found_in_folder = source.found_in.is_some();
    let skipped = is_skipped(&file, found_in_folder);
    let (mut tally, mut problems) = account(name, &file, found_in_folder);
    let mut written = Vec::new();
    let output = match mode {
        Mode::Report if skipped => Vec::new(),
        Mode::Report => report::file_report(name, &file, fen_each).into_bytes(),
        Mode::Json => json::file_json(name, &file, fen_each, skipped, tree),
        Mode::Convert { target, .. } => {
            let (games, write_problems) = convert_file(name, &source.stem(), &file, target);
            written = games;
            for (cause, message) in write_problems {
                tally.fail(cause);
                problems.push(message);
            }
            Vec::new()
        }
    };
    FileOutcome {
        output,
        written,
        found_in: source.found_in.clone(),
        name: source.name.clone(),
        tally,
        problems,
    }
}

/// What `xiangqi game --format json` (with `tree`: `--tree`) prints for the
/// bytes of one file called `name`, as one JSON array of its games (the
/// objects of its lines), read under the Asian rules with the encoding told
/// by decoding; or the reader's message where the bytes hold no game (not a
/// record, unreadable, empty).
#[cfg(feature = "serve")]
pub(crate) fn games_json_array(name: &str, bytes: &[u8], tree: bool) -> Result<Vec<u8>, String> {
    let settings = ReadSettings {
        encoding: None,
        rules: xiangqi_rules::Rules::Asian,
        keep_records: tree,
        keep_pgn_tags: false,
        keep_texts: false,
        chinese: false,
    };
    let file = read_file(name, bytes, &settings);
    if file.games.is_empty() {
        let failure = file.failure.unwrap_or_else(|| read::no_game(name));
        return Err(failure.what);
    }
    let lines = json::file_json(name, &file, false, false, tree);
    let mut array = Vec::with_capacity(lines.len() + 2);
    array.push(b'[');
    for (index, line) in lines.split(|&byte| byte == b'\n').filter(|line| !line.is_empty()).enumerate() {
        if index > 0 {
            array.push(b',');
        }
        array.extend_from_slice(line);
    }
    array.push(b']');
    Ok(array)
}

/// The files `paths` name, folders walked as `xiangqi game` walks them, each
/// with its bytes or the message of why it cannot be read.
#[cfg(feature = "serve")]
pub(crate) fn named_files(paths: &[PathBuf]) -> Vec<(String, Result<Vec<u8>, String>)> {
    inputs::collect(paths)
        .into_iter()
        .filter(|source| source.origin != Origin::Stdin)
        .map(|source| {
            let bytes = match &source.origin {
                Origin::File(path) => inputs::read_file(&source.name, path),
                Origin::Unlisted(message) => Err(message.clone()),
                Origin::Stdin => Ok(Vec::new()),
            };
            (source.name, bytes)
        })
        .collect()
}

#[cfg(feature = "serve")]
pub(crate) use json::{NodeJson, TreeJson};

/// The largest record file read, and so the largest upload `xiangqi serve` takes.
#[cfg(feature = "serve")]
pub(crate) const RECORD_FILE_LIMIT: usize = inputs::RECORD_FILE_LIMIT;
