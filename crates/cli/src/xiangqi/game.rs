//! `xiangqi game`: replay PGN-style game records and report on each game.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;

use anyhow::anyhow;
use board_geometry::text_input::{InputError, TooLong, read_at_most};
use clap::Args;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{
    self, BadMove, DecidedBy, Decoded, Game, GameResult, RecordWarning, Replay, ReplayError, ResultCheck,
    TextEncoding, move_number,
};

use xiangqi_rules::{History, Outcome, Reason};

use super::args::{EncodingArg, NotationArg};
use super::selfplay::RulesArg;
use crate::{Input, Streams};

/// The largest record file read: larger ones are refused rather than read whole.
const RECORD_FILE_LIMIT: usize = 64 << 20;

/// Arguments of `xiangqi game`.
#[derive(Debug, Args)]
#[command(after_help = "\
Records (many games a file, UTF-8, GBK or Big5):
  [Red \"LIU DaHua\"]
  [Black \"HUANG Yong\"]
  [Result \"*\"]
  [Format \"Chinese\"]     ICCS, WXF, Chinese or Engine; without it each move's notation is detected
  1. 炮二平五 马８进７ {a comment} 2. 马二进三 (2. 马八进七 {a variation, not played}) 车９平８ *
A FEN tag gives a start position other than the usual one. Moves may be
written in full-width characters (Ｃ２＝５), and WXF tandem pieces with the
mark before the letter (+P+1, -C-2), as the WXF's database writes them.

The encoding is told apart by decoding (--encoding auto): UTF-8 where the
bytes are UTF-8, otherwise whichever of UTF-8, GBK and Big5 reads best: the
most moves, then the fewest invalid characters, then the most common
characters of that encoding. The report names it when it is not UTF-8
('not UTF-8, read as Big5'); --encoding utf-8|gbk|big5 gives it instead. A
file that is no text (NUL bytes, many control characters) is refused.

Read with a warning in the report: a quote inside a tag's value that is not
escaped (only a quote followed by ] closes the value), and text with no tag,
result, move number or move, such as the footer after the last game of
xqbase-style files (a line of =, the site's name and address), which is
skipped.

For each game the report gives its number and where it begins, the Red,
Black and Event tags, how many moves were played, the final FEN and how
the game stands on the board, and the result: 'agrees' or 'disagrees' when
the board shows mate or stalemate and the record gives a result,
'unrecorded' when it gives none (or *), 'unchecked' when the game is not
over on the board. Under the Asian rules (--rules asian, the default) the
game is also ruled on as it is played: a position occurring for the third
time (perpetual check or chase loses, else a draw), 120 plies without a
capture, material that cannot mate; the ruling is reported with its reason,
and the record's result is compared with it (moves the record plays after
the ruling are counted). --rules none: only mate and stalemate end a game,
for records of other rule sets. A move that cannot be played is reported as
FILE:LINE:COLUMN with the move's number, text and the reason, and the game
stops there.

Exit code 1 if any game has a bad move or cannot be read, or a file cannot
be read or holds no game (files over 64 MiB are refused), after every file
has been reported; the one line on standard error names the first problem.
A result that disagrees with the board is reported, but is not a failure.

Examples:
  xiangqi game fixtures/xiangqi/game/several-games.pgn
  xiangqi game --fen-each fixtures/xiangqi/game/opening-chinese.pgn
  xiangqi game --to wxf fixtures/xiangqi/game/gbk.pgn > game-wxf.pgn
  xiangqi game --encoding big5 fixtures/xiangqi/game/big5.pgn")]
pub(crate) struct GameArgs {
    /// The record files; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// After each move, print its number and text as the record writes them,
    /// then the FEN of the position it leads to.
    #[arg(long, conflicts_with = "to")]
    fen_each: bool,
    /// Instead of the report, write every game again as a record with its
    /// moves in NOTATION (UTF-8; tags kept, with Format, Result (also one
    /// written only after the moves) and, away from the start position, FEN
    /// set; comments and variations left out). Games that
    /// cannot be replayed to their end are left out and make the exit code 1.
    #[arg(long, value_enum, value_name = "NOTATION")]
    to: Option<NotationArg>,
    /// The rules that end a game besides mate and stalemate: asian
    /// (repetition rulings, the move limit, material that cannot mate) or none.
    #[arg(long, value_enum, default_value_t = RulesArg::Asian)]
    rules: RulesArg,
    /// The encoding of the record files: auto tells UTF-8, GBK and Big5
    /// apart by decoding; the others are used as given.
    #[arg(long, value_enum, value_name = "ENCODING", default_value_t = EncodingArg::Auto)]
    encoding: EncodingArg,
}

impl GameArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let inputs: Vec<Input> = if self.files.is_empty() {
            vec![Input::Stdin]
        } else {
            self.files.iter().map(|path| Input::from_arg(Some(path.clone()))).collect()
        };
        let mut run = Run {
            to: self.to.map(Notation::from),
            fen_each: self.fen_each,
            rules: self.rules,
            written: 0,
            problems: Vec::new(),
        };
        for input in &inputs {
            let name = input.name();
            let bytes = match read(input, streams) {
                Ok(bytes) => bytes,
                Err(problem) => {
                    run.problem(streams.stdout, &format!("{problem}\n\n"), problem)?;
                    continue;
                }
            };
            let decoded = match self.encoding.encoding() {
                None => record::decode(&bytes),
                Some(encoding) => record::decode_as(&bytes, encoding),
            };
            let decoded = match decoded {
                Ok(decoded) => decoded,
                Err(not_text) => {
                    let problem = format!("{name}: {not_text}");
                    run.problem(streams.stdout, &format!("{problem}\n\n"), problem)?;
                    continue;
                }
            };
            // A given encoding that is not the one the bytes read best in is worth a word.
            let reads_better =
                self.encoding.encoding().and_then(|_| record::decode(&bytes).ok()).map(|best| best.encoding);
            if let Some(note) = encoding_note(&name, &decoded, reads_better).filter(|_| run.to.is_none()) {
                writeln!(streams.stdout, "{note}\n")?;
            }
            let mut games = 0;
            let mut read = record::games(&decoded.text);
            while let Some(game) = read.next() {
                games += 1;
                let warnings = read.take_warnings();
                // Text skipped before the game is told before it; the game's own warnings, in it.
                let (line, column) = match &game {
                    Ok(game) => (game.line, game.column),
                    Err(error) => (error.line, error.column),
                };
                let (before, inside): (Vec<RecordWarning>, Vec<RecordWarning>) =
                    warnings.into_iter().partition(|warning| (warning.line, warning.column) < (line, column));
                run.warnings(streams.stdout, &name, &before)?;
                match game {
                    Ok(game) => run.game(streams.stdout, &name, games, &game, &inside)?,
                    Err(error) => {
                        run.warnings(streams.stdout, &name, &inside)?;
                        let at = format!("{name}:{}:{}", error.line, error.column);
                        let report = format!("game {games}: {at}\n  unreadable: {at}: {}\n\n", error.kind);
                        let message = format!("{at}: game {games} cannot be read: {}", error.kind);
                        run.problem(streams.stdout, &report, message)?;
                    }
                }
            }
            run.warnings(streams.stdout, &name, &read.take_warnings())?;
            if games == 0 {
                let problem = format!("{name}: no game in this input");
                run.problem(streams.stdout, &format!("{problem}\n\n"), problem)?;
            }
        }
        match run.problems.as_slice() {
            [] => Ok(()),
            [only] => Err(anyhow!("{only}")),
            [first, rest @ ..] => {
                let more = rest.len();
                let plural = if more == 1 { "" } else { "s" };
                let see = if run.to.is_some() { "run without --to for the report" } else { "see the report" };
                Err(anyhow!("{first} (and {more} more problem{plural}: {see})"))
            }
        }
    }
}

/// Reads a whole record file, refusing one larger than [`RECORD_FILE_LIMIT`]:
/// at once where its size is known, otherwise once that much has been read.
fn read(input: &Input, streams: &mut Streams<'_>) -> Result<Vec<u8>, String> {
    let name = input.name();
    let too_large =
        format!("{name}: larger than {} MiB: split it into smaller files", RECORD_FILE_LIMIT >> 20);
    let read = match input {
        Input::Stdin => read_at_most::<TooLong>(&mut *streams.stdin, RECORD_FILE_LIMIT),
        Input::File(path) => {
            let file = File::open(path).map_err(|error| format!("{name}: cannot open: {error}"))?;
            if file.metadata().is_ok_and(|metadata| metadata.len() > RECORD_FILE_LIMIT as u64) {
                return Err(too_large);
            }
            read_at_most::<TooLong>(file, RECORD_FILE_LIMIT)
        }
    };
    read.map_err(|error| match error {
        InputError::Invalid(_) => too_large,
        InputError::Read(error) => format!("{name}: cannot read: {error}"),
        other => format!("{name}: {other}"),
    })
}

/// What a run has to do, and what it has met so far.
struct Run {
    /// Write the games back in this notation instead of reporting on them.
    to: Option<Notation>,
    fen_each: bool,
    /// The rules the games are ruled on by.
    rules: RulesArg,
    /// How many games have been written back.
    written: usize,
    /// Every problem, as a one-line message naming where it is.
    problems: Vec<String>,
}

/// What the report says of how a file was decoded, where there is more to
/// say than "UTF-8": another encoding, byte sequences that are not valid,
/// or, for an encoding given, another that the bytes read better in.
fn encoding_note(name: &str, decoded: &Decoded<'_>, reads_better: Option<TextEncoding>) -> Option<String> {
    let encoding = decoded.encoding;
    let better = reads_better.filter(|&better| better != encoding);
    let read_as = match (decoded.decided_by, encoding, decoded.invalid) {
        (_, TextEncoding::Utf8, 0) if better.is_none() => return None,
        (DecidedBy::Decoding, TextEncoding::Utf8, _) => "read as UTF-8".to_string(),
        (DecidedBy::Decoding, _, _) => format!("not UTF-8, read as {encoding}"),
        (DecidedBy::ByteOrderMark, _, _) => format!("read as {encoding}, as its byte-order mark says"),
        (DecidedBy::Caller, _, _) => format!("read as {encoding}, as --encoding says"),
    };
    let invalid = match decoded.invalid {
        0 => String::new(),
        1 => format!(", though 1 byte sequence in it is not {encoding} and reads as \u{FFFD}"),
        many => format!(", though {many} byte sequences in it are not {encoding} and read as \u{FFFD}"),
    };
    let better = better.map(|better| format!("; it reads better as {better}")).unwrap_or_default();
    Some(format!("{name}: {read_as}{invalid}{better}"))
}

impl Run {
    /// Reports warnings each in a paragraph of its own (text skipped as no
    /// game; those of a game that cannot be read), unless records are being
    /// written instead.
    fn warnings(&self, out: &mut dyn Write, name: &str, warnings: &[RecordWarning]) -> anyhow::Result<()> {
        if self.to.is_none() {
            for warning in warnings {
                writeln!(out, "{name}:{}:{}: {}\n", warning.line, warning.column, warning.kind)?;
            }
        }
        Ok(())
    }

    /// Notes a problem; `report` is what the report says of it, unless
    /// records are being written instead.
    fn problem(&mut self, out: &mut dyn Write, report: &str, message: String) -> anyhow::Result<()> {
        if self.to.is_none() {
            out.write_all(report.as_bytes())?;
        }
        self.problems.push(message);
        Ok(())
    }

    /// Replays one game, then reports on it or writes it back.
    fn game(
        &mut self,
        out: &mut dyn Write,
        name: &str,
        number: usize,
        game: &Game,
        warnings: &[RecordWarning],
    ) -> anyhow::Result<()> {
        let at = format!("{name}:{}:{}", game.line, game.column);
        let replay = game.replay();
        if let Some(notation) = self.to {
            return self.write_back(out, name, number, game, replay, notation);
        }
        writeln!(out, "game {number}: {at}")?;
        for tag in ["Red", "Black", "Event"] {
            if let Some(value) = game.tag(tag) {
                writeln!(out, "  {tag}: {value}")?;
            }
        }
        for RecordWarning { line, column, kind } in warnings {
            writeln!(out, "  warning: {name}:{line}:{column}: {kind}")?;
        }
        // The game as far as it goes, and the move that stops it, if one does.
        let notation = game.notation().ok().flatten().unwrap_or(Notation::Iccs);
        let (line, check, bad, ruling) = match replay {
            Ok(replay) => {
                let ruling = ruling(&replay, self.rules, notation);
                (replay.line(), Some(replay.result_check()), None, ruling)
            }
            Err(ReplayError::BadMove(bad)) => (bad.played.clone(), None, Some(bad), None),
            Err(error) => {
                let report = format!("  cannot be replayed: {at}: {error}\n\n");
                return self.problem(
                    out,
                    &report,
                    format!("{at}: game {number} cannot be replayed: {error}"),
                );
            }
        };
        if self.fen_each {
            for (((before, _), after), recorded) in line.steps().zip(line.positions()).zip(&game.moves) {
                writeln!(out, "  {} {}  {after}", move_number(&before), recorded.text)?;
            }
        }
        let played = line.moves().len();
        match bad {
            None => writeln!(out, "  moves: {played}")?,
            Some(_) => writeln!(out, "  moves: {played} played, then a bad move")?,
        }
        writeln!(out, "  FEN: {}", line.position())?;
        writeln!(out, "  board: {}", line.position().summary())?;
        if let Some(bad) = &bad {
            let (at, mover) = bad_move_place(name, bad);
            let report = format!("  bad move: {at}: {mover}: {}\n", bad.error);
            self.problem(out, &report, format!("{at}: game {number}, {mover}: {}", bad.error))?;
        }
        match ruling {
            Some(Ruling { outcome, explanation, after }) => {
                writeln!(out, "  ruling: {}, {}: {explanation}", outcome.result(), outcome.reason())?;
                if after > 0 {
                    let plural = if after == 1 { "" } else { "s" };
                    writeln!(out, "  the record plays {after} more move{plural} after the ruling")?;
                }
                writeln!(out, "  result: {}\n", ruled_result_words(game.recorded_result(), outcome))?;
            }
            None => writeln!(out, "  result: {}\n", result_words(game.recorded_result(), check))?,
        }
        Ok(())
    }

    /// Writes a game back as a record in `notation`, if it was replayed to its end.
    fn write_back(
        &mut self,
        out: &mut dyn Write,
        name: &str,
        number: usize,
        game: &Game,
        replay: Result<Replay, ReplayError>,
        notation: Notation,
    ) -> anyhow::Result<()> {
        let at = format!("{name}:{}:{}", game.line, game.column);
        let replay = match replay {
            Ok(replay) => replay,
            Err(ReplayError::BadMove(bad)) => {
                let (at, mover) = bad_move_place(name, &bad);
                return self.problem(out, "", format!("{at}: game {number}, {mover}: {}", bad.error));
            }
            Err(error) => {
                return self.problem(out, "", format!("{at}: game {number} cannot be replayed: {error}"));
            }
        };
        // The result the report names: the Result tag, or the one after the moves.
        match record::write_game(&game.tags_with_result(), &replay.start, &replay.moves, notation) {
            Ok(text) => {
                if self.written > 0 {
                    writeln!(out)?;
                }
                self.written += 1;
                Ok(out.write_all(text.as_bytes())?)
            }
            Err(error) => self.problem(out, "", format!("{at}: game {number} cannot be written: {error}")),
        }
    }
}

/// A game's ending by a rule that needs its history (a repetition ruling,
/// the move limit, material that cannot mate).
struct Ruling {
    outcome: Outcome,
    /// The explanation, its moves in the record's notation.
    explanation: String,
    /// How many of the record's moves come after the ruling.
    after: usize,
}

/// The ruling on a replayed game under `rules`, if it ends by one (mate and
/// stalemate are told by the result line, as without rules).
fn ruling(replay: &Replay, rules: RulesArg, notation: Notation) -> Option<Ruling> {
    let mut game = History::with_rules(replay.start, rules.rules());
    let mut played = 0;
    for &mv in &replay.moves {
        if game.outcome().is_some() || game.play(mv).is_err() {
            break;
        }
        played += 1;
    }
    let outcome = game.outcome()?;
    if matches!(outcome.reason(), Reason::Checkmate | Reason::Stalemate) {
        return None;
    }
    let explanation = game.explain(notation).unwrap_or_else(|| outcome.to_string());
    Some(Ruling { outcome, explanation, after: replay.moves.len() - played })
}

/// How the record's result compares with a ruling's, in words.
fn ruled_result_words(recorded_result: Option<GameResult>, outcome: Outcome) -> String {
    let ruled = outcome.result();
    match recorded_result {
        Some(recorded) if recorded == ruled => format!("agrees: {recorded} recorded, {ruled} by the ruling"),
        Some(GameResult::Unknown) => format!("unrecorded: * recorded, {ruled} by the ruling"),
        None => format!("unrecorded: none recorded, {ruled} by the ruling"),
        Some(recorded) => format!("disagrees: {recorded} recorded, {ruled} by the ruling"),
    }
}

/// Where a bad move stands, `FILE:LINE:COLUMN`, and whose move it is: `red's move 40`.
fn bad_move_place(name: &str, bad: &BadMove) -> (String, String) {
    let position = bad.played.position();
    let at = format!("{name}:{}:{}", bad.line, bad.column);
    (at, format!("{}'s move {}", position.turn(), position.setup().fullmove_number))
}

/// How the result on the board compares with the record's, in words; `check`
/// is `None` for a game stopped by a bad move.
fn result_words(recorded_result: Option<GameResult>, check: Option<ResultCheck>) -> String {
    let recorded = match recorded_result {
        None => "none recorded".to_string(),
        Some(GameResult::Unknown) => "* recorded".to_string(),
        Some(result) => format!("{result} recorded"),
    };
    match check {
        Some(ResultCheck::Agrees(result)) => format!("agrees: {result} recorded, {result} on the board"),
        Some(ResultCheck::Disagrees { board, recorded }) => {
            format!("disagrees: {recorded} recorded, {board} on the board")
        }
        Some(ResultCheck::Unrecorded(board)) => format!("unrecorded: {recorded}, {board} on the board"),
        Some(ResultCheck::Unchecked(_)) => {
            format!("unchecked: {recorded}, the game is not over on the board")
        }
        None => format!("unchecked: {recorded}, the game stops at a bad move"),
    }
}
