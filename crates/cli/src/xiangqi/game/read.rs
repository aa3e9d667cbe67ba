//! Reading one file of any record format into what every output of
//! `xiangqi game` is written from: its games, each played on the board as
//! far as it goes, with the problem that stopped it and how it ends.

use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{
    self, BadMove, BrokenRecord, Content, CutVariation, DecidedBy, Decoding, Format, GameResult, Location,
    PgnGame, ReadErrorKind, ReadOptions, Record, RecordWarning, ReplayError, ResultCheck, Sniffed,
    TextEncoding, move_number,
};
use xiangqi_rules::{History, Language, Move, Outcome, Position, Reason, Rules};

/// What reading a file needs to know beyond its bytes.
#[derive(Copy, Clone, Debug)]
pub(super) struct ReadSettings {
    /// The encoding of a text format given by `--encoding`; `None` tells it by decoding.
    pub(super) encoding: Option<TextEncoding>,
    /// The rules the games are ruled on by.
    pub(super) rules: Rules,
    /// Keep each whole game as a [`Record`], to write it as XQF or DhtmlXQ.
    pub(super) keep_records: bool,
    /// Keep the tags to write each whole game back as PGN-style text.
    pub(super) keep_pgn_tags: bool,
    /// Keep each move's text as the record writes it (for `--fen-each`).
    pub(super) keep_texts: bool,
    /// Write each ruling in Chinese too (`--style chinese`).
    pub(super) chinese: bool,
}

/// Why a file or a game is a failure of the run; each counts in the summary.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Cause {
    /// A move that cannot be played where the record plays it.
    BadMove,
    /// A game or a file that cannot be read in its format (or as text).
    Unreadable,
    /// A file named on the command line that is no game record.
    NotARecord,
    /// A file named on the command line that is text holding no game.
    NoGame,
    /// A file that cannot be opened or read (or is too large).
    CannotOpen,
    /// A game that cannot be written in the format asked for (`--to`).
    CannotWrite,
}

impl Cause {
    /// Every cause, in the order the summary names them.
    pub(super) const ALL: [Cause; 6] = [
        Cause::BadMove,
        Cause::Unreadable,
        Cause::NotARecord,
        Cause::NoGame,
        Cause::CannotOpen,
        Cause::CannotWrite,
    ];

    /// The cause in the summary's words: `bad move`.
    pub(super) const fn words(self) -> &'static str {
        match self {
            Cause::BadMove => "bad move",
            Cause::Unreadable => "unreadable",
            Cause::NotARecord => "not a record",
            Cause::NoGame => "no game",
            Cause::CannotOpen => "cannot open",
            Cause::CannotWrite => "cannot write",
        }
    }

    /// The cause as JSON names it: `bad_move`.
    pub(super) const fn name(self) -> &'static str {
        match self {
            Cause::BadMove => "bad_move",
            Cause::Unreadable => "unreadable",
            Cause::NotARecord => "not_a_record",
            Cause::NoGame => "no_game",
            Cause::CannotOpen => "cannot_open",
            Cause::CannotWrite => "cannot_write",
        }
    }
}

/// A problem with a file as a whole: it is not read, or holds no game.
#[derive(Clone, Debug)]
pub(super) struct FileFailure {
    pub(super) cause: Cause,
    /// Where in the file, when the problem has a place.
    pub(super) at: Option<Location>,
    /// The one-line message, naming the file: `games/a.zip: not a game record: ...`.
    pub(super) message: String,
    /// What the problem is, without the file's name and place (for JSON).
    pub(super) what: String,
}

/// A note of the reading (text skipped as no game, a quote read leniently),
/// at its line and column.
pub(super) type Warning = RecordWarning;

/// One file as read.
#[derive(Debug, Default)]
pub(super) struct FileRead {
    /// The format it was read in (`None` if it was not read).
    pub(super) format: Option<Format>,
    /// How a text format's bytes were decoded.
    pub(super) decoding: Option<Decoding>,
    /// What the report says of the decoding, when there is more to say than "UTF-8".
    pub(super) note: Option<String>,
    /// Its games, in order.
    pub(super) games: Vec<GameRead>,
    /// Warnings after the last game.
    pub(super) trailing_warnings: Vec<Warning>,
    /// Variations cut at a bad move, each game's in its own place.
    pub(super) cut_variations: Vec<CutVariation>,
    /// The file cannot be read, is no record, or holds no game.
    pub(super) failure: Option<FileFailure>,
}

/// A problem that stops a game, and where it stands.
#[derive(Clone, Debug)]
pub(super) struct Problem {
    pub(super) cause: Cause,
    pub(super) at: Location,
    /// Whose move a bad move is, where it is known: `red's move 40`.
    pub(super) mover: Option<String>,
    /// What is wrong.
    pub(super) message: String,
}

/// One game of a file.
#[derive(Debug)]
pub(super) struct GameRead {
    /// Its number in the file, from 1.
    pub(super) number: usize,
    pub(super) format: Format,
    /// Where it begins.
    pub(super) begins: Location,
    /// Warnings between the game before and this one.
    pub(super) warnings_before: Vec<Warning>,
    /// Warnings inside the game.
    pub(super) warnings: Vec<Warning>,
    /// Its tags, as the record gives them.
    pub(super) tags: Vec<(String, String)>,
    /// The result it records; `None` where it records none.
    pub(super) recorded_result: Option<GameResult>,
    pub(super) body: Body,
}

impl GameRead {
    /// The value of the tag `name`, in any case.
    pub(super) fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// The problem that stops the game, if any.
    pub(super) const fn problem(&self) -> Option<&Problem> {
        match &self.body {
            Body::Unreadable(problem) | Body::CannotReplay(problem) => Some(problem),
            Body::Played(played) => played.stop.as_ref(),
        }
    }

    /// The moves played, whole game or not.
    pub(super) fn moves_played(&self) -> usize {
        match &self.body {
            Body::Played(played) => played.moves.len(),
            Body::Unreadable(_) | Body::CannotReplay(_) => 0,
        }
    }
}

/// What could be read of a game.
#[derive(Debug)]
pub(super) enum Body {
    /// Nothing but the problem.
    Unreadable(Problem),
    /// Its tags, but no move: its start position or notation cannot be used.
    CannotReplay(Problem),
    /// Its moves, played on the board: all of them, or up to a problem.
    Played(Box<Played>),
}

/// The moves of a game played on the board.
#[derive(Debug)]
pub(super) struct Played {
    pub(super) start: Position,
    /// The main line, as far as it could be played.
    pub(super) moves: Vec<Move>,
    /// The position the moves reach.
    pub(super) end: Position,
    /// Each move's text as the record writes it (PGN-style text, with `keep_texts`).
    pub(super) texts: Option<Vec<String>>,
    /// What stopped the game before its end, if anything did.
    pub(super) stop: Option<Problem>,
    /// How a whole game ends on the board and by the rules.
    pub(super) verdict: Option<Verdict>,
    /// The tags to write the game back with as PGN-style text (`keep_pgn_tags`).
    pub(super) pgn_tags: Option<Vec<(String, String)>>,
    /// The whole game, tree and comments, to write again (`keep_records`).
    pub(super) record: Option<Record>,
}

/// How a whole game ends: on the board, and by a rule that needs its history.
#[derive(Debug)]
pub(super) struct Verdict {
    /// The result on the board against the recorded one.
    pub(super) check: ResultCheck,
    /// How the game ended, if it did: mate, stalemate or a ruling.
    pub(super) ending: Option<Ending>,
}

/// A game's ending.
#[derive(Debug)]
pub(super) struct Ending {
    pub(super) outcome: Outcome,
    /// The ply it ended at.
    pub(super) ply: usize,
    /// The explanation, its moves in the record's notation.
    pub(super) explanation: String,
    /// The explanation in Chinese, with `--style chinese`.
    pub(super) explanation_zh: Option<String>,
    /// How many of the record's moves come after it.
    pub(super) after: usize,
}

impl Ending {
    /// Whether the game ended by a ruling that needs its history (a
    /// repetition, the move limit, material), not by mate or stalemate.
    pub(super) fn is_ruling(&self) -> bool {
        !matches!(self.outcome.reason(), Reason::Checkmate | Reason::Stalemate)
    }
}

/// The display name of a format: `XQF`, `DhtmlXQ`.
pub(super) const fn format_name(format: Format) -> &'static str {
    match format {
        Format::Pgn => "PGN",
        Format::Xqf => "XQF",
        Format::Cbr => "CBR",
        Format::Cbl => "CBL",
        Format::Cbf => "CBF",
        Format::DhtmlXq => "DhtmlXQ",
        _ => "record",
    }
}

/// A place in a file as messages write it: `FILE:LINE:COLUMN` in text,
/// `FILE: byte N (0xN)` in a binary file (`... of the unpacked data` in a
/// compressed one).
pub(super) fn place(name: &str, at: Location) -> String {
    match at {
        Location::Text { line, column } => format!("{name}:{line}:{column}"),
        Location::Byte(_) | Location::Unpacked(_) => format!("{name}: {at}"),
    }
}

/// Where a game begins, as messages name it: `FILE:LINE:COLUMN`, `FILE:
/// byte N (0xN)` in a library, `FILE` alone for a binary file of one game.
pub(super) fn game_place(name: &str, game: &GameRead) -> String {
    if game.format.is_single_game() && game.format.is_binary() {
        name.to_string()
    } else {
        place(name, game.begins)
    }
}

/// Reads the bytes of the file called `name`.
pub(super) fn read_file(name: &str, bytes: &[u8], settings: &ReadSettings) -> FileRead {
    match record::sniff(bytes) {
        Sniffed::Other(content) => not_a_record(name, content),
        Sniffed::Record(Format::Pgn) => read_text(name, bytes, settings),
        Sniffed::Record(format) => read_other(name, bytes, format, settings),
    }
}

/// A file that is no record, saying what it looks like.
fn not_a_record(name: &str, content: Content) -> FileRead {
    let what = format!("not a game record: {content}");
    FileRead {
        failure: Some(FileFailure {
            cause: Cause::NotARecord,
            at: None,
            message: format!("{name}: {what}"),
            what,
        }),
        ..FileRead::default()
    }
}

/// A file that holds no game.
pub(super) fn no_game(name: &str) -> FileFailure {
    let what = "no game in this input".to_string();
    FileFailure { cause: Cause::NoGame, at: None, message: format!("{name}: {what}"), what }
}

/// What the report says of how a file was decoded, where there is more to
/// say than "UTF-8": another encoding, byte sequences that are not valid,
/// or, for an encoding given, another that the bytes read better in.
fn encoding_note(name: &str, decoding: Decoding, reads_better: Option<TextEncoding>) -> Option<String> {
    let encoding = decoding.encoding;
    let better = reads_better.filter(|&better| better != encoding);
    let read_as = match (decoding.decided_by, encoding, decoding.invalid) {
        (_, TextEncoding::Utf8, 0) if better.is_none() => return None,
        (DecidedBy::Decoding, TextEncoding::Utf8, _) => "read as UTF-8".to_string(),
        (DecidedBy::Decoding, _, _) => format!("not UTF-8, read as {encoding}"),
        (DecidedBy::ByteOrderMark, _, _) => format!("read as {encoding}, as its byte-order mark says"),
        (DecidedBy::Caller, _, _) => format!("read as {encoding}, as --encoding says"),
    };
    let invalid = match decoding.invalid {
        0 => String::new(),
        1 => format!(", though 1 byte sequence in it is not {encoding} and reads as \u{FFFD}"),
        many => format!(", though {many} byte sequences in it are not {encoding} and read as \u{FFFD}"),
    };
    let better = better.map(|better| format!("; it reads better as {better}")).unwrap_or_default();
    Some(format!("{name}: {read_as}{invalid}{better}"))
}

/// The encoding the bytes read best in, where `--encoding` named one (to
/// say so when it is another).
fn reads_better(bytes: &[u8], settings: &ReadSettings) -> Option<TextEncoding> {
    settings.encoding.and_then(|_| record::decode(bytes).ok()).map(|best| best.encoding)
}

/// Reads a PGN-style text: each game as the text gives it, with its
/// warnings, replayed on the board.
fn read_text(name: &str, bytes: &[u8], settings: &ReadSettings) -> FileRead {
    let decoded = match settings.encoding {
        None => record::decode(bytes),
        Some(encoding) => record::decode_as(bytes, encoding),
    };
    let decoded = match decoded {
        Ok(decoded) => decoded,
        Err(not_text) => {
            let what = not_text.to_string();
            return FileRead {
                format: Some(Format::Pgn),
                failure: Some(FileFailure {
                    cause: Cause::Unreadable,
                    at: Some(Location::Byte(not_text.offset())),
                    message: format!("{name}: {what}"),
                    what,
                }),
                ..FileRead::default()
            };
        }
    };
    let decoding = decoded.decoding();
    let mut file = FileRead {
        format: Some(Format::Pgn),
        decoding: Some(decoding),
        note: encoding_note(name, decoding, reads_better(bytes, settings)),
        ..FileRead::default()
    };
    let mut reader = record::pgn_games(&decoded.text);
    while let Some(game) = reader.next() {
        let number = file.games.len() + 1;
        // Text skipped before the game is told before it; the game's own warnings, in it.
        let begins = match &game {
            Ok(game) => Location::Text { line: game.line, column: game.column },
            Err(error) => Location::Text { line: error.line, column: error.column },
        };
        let (line, column) = match begins {
            Location::Text { line, column } => (line, column),
            Location::Byte(_) | Location::Unpacked(_) => (0, 0),
        };
        let (warnings_before, warnings): (Vec<Warning>, Vec<Warning>) = reader
            .take_warnings()
            .into_iter()
            .partition(|warning| (warning.line, warning.column) < (line, column));
        let mut read = match game {
            Ok(game) => {
                let (read, cuts) = text_game(game, settings);
                file.cut_variations
                    .extend(cuts.into_iter().map(|error| CutVariation { game: number - 1, error }));
                read
            }
            Err(error) => GameRead {
                number,
                format: Format::Pgn,
                begins,
                warnings_before: Vec::new(),
                warnings: Vec::new(),
                tags: Vec::new(),
                recorded_result: None,
                body: Body::Unreadable(Problem {
                    cause: Cause::Unreadable,
                    at: begins,
                    mover: None,
                    message: error.kind.to_string(),
                }),
            },
        };
        read.number = number;
        read.warnings_before = warnings_before;
        read.warnings = warnings;
        file.games.push(read);
    }
    file.trailing_warnings = reader.take_warnings();
    if file.games.is_empty() {
        file.failure = Some(no_game(name));
    }
    file
}

/// One game of a PGN-style text, replayed, and where its variations were
/// cut at a bad move.
fn text_game(game: PgnGame, settings: &ReadSettings) -> (GameRead, Vec<record::ReadError>) {
    let begins = Location::Text { line: game.line, column: game.column };
    let recorded_result = game.recorded_result();
    // Rulings are written in the record's own notation, as `play` writes them in its input's.
    let notation = game.written_notation().unwrap_or(Notation::Iccs);
    let texts =
        || settings.keep_texts.then(|| game.moves.iter().map(|recorded| recorded.text.clone()).collect());
    let mut cuts = Vec::new();
    let body = match game.replay() {
        Ok(line) => {
            // Variations are played only where they are kept or may need a warning.
            let record = (settings.keep_records || !game.variations.is_empty()).then(|| {
                let (record, cut) = Record::from_pgn_with_cuts(&game, &line);
                cuts = cut;
                record
            });
            let moves = GameMoves { start: line.start(), moves: line.moves(), end: line.position() };
            let verdict = verdict(&moves, recorded_result, notation, settings);
            Body::Played(Box::new(Played {
                start: *line.start(),
                end: *line.position(),
                texts: texts(),
                stop: None,
                verdict: Some(verdict),
                pgn_tags: settings.keep_pgn_tags.then(|| game.tags_with_result()),
                record: record.filter(|_| settings.keep_records),
                moves: line.moves().to_vec(),
            }))
        }
        Err(ReplayError::BadMove(bad)) => {
            let BadMove { line, column, error, played, .. } = *bad;
            let position = played.position();
            let mover = format!("{}'s move {}", position.turn(), position.setup().fullmove_number);
            Body::Played(Box::new(Played {
                start: *played.start(),
                end: *played.position(),
                moves: played.moves().to_vec(),
                texts: texts(),
                stop: Some(Problem {
                    cause: Cause::BadMove,
                    at: Location::Text { line, column },
                    mover: Some(mover),
                    message: error.to_string(),
                }),
                verdict: None,
                pgn_tags: None,
                record: None,
            }))
        }
        Err(unusable) => Body::CannotReplay(Problem {
            cause: Cause::Unreadable,
            at: begins,
            mover: None,
            message: unusable.to_string(),
        }),
    };
    let read = GameRead {
        number: 0,
        format: Format::Pgn,
        begins,
        warnings_before: Vec::new(),
        warnings: Vec::new(),
        tags: game.tags,
        recorded_result,
        body,
    };
    (read, cuts)
}

/// Reads a file of a format other than PGN-style text.
fn read_other(name: &str, bytes: &[u8], format: Format, settings: &ReadSettings) -> FileRead {
    let mut options = ReadOptions::new().with_format(format);
    if let Some(encoding) = settings.encoding {
        options = options.with_encoding(encoding);
    }
    let file = match record::read_with(bytes, &options) {
        Ok(file) => file,
        Err(error) => {
            let (what, message) = match &error.kind {
                ReadErrorKind::NotText(not_text) => (not_text.to_string(), format!("{name}: {not_text}")),
                kind => {
                    let what = format!("cannot be read as {}: {kind}", format_name(format));
                    (what.clone(), format!("{}: {what}", place(name, error.at)))
                }
            };
            return FileRead {
                format: Some(format),
                failure: Some(FileFailure { cause: Cause::Unreadable, at: Some(error.at), message, what }),
                ..FileRead::default()
            };
        }
    };
    let note =
        file.decoding.and_then(|decoding| encoding_note(name, decoding, reads_better(bytes, settings)));
    let games: Vec<GameRead> = file
        .games
        .into_iter()
        .zip(file.starts)
        .enumerate()
        .map(|(index, (game, begins))| record_game(index + 1, format, begins, game, settings))
        .collect();
    let failure = games.is_empty().then(|| no_game(name));
    FileRead {
        format: Some(format),
        decoding: file.decoding,
        note,
        games,
        trailing_warnings: file.warnings,
        cut_variations: file.cut_variations,
        failure,
    }
}

/// One game of a record read into the common model.
fn record_game(
    number: usize,
    format: Format,
    begins: Location,
    game: Result<Record, Box<BrokenRecord>>,
    settings: &ReadSettings,
) -> GameRead {
    let (record, stop) = match game {
        Ok(record) => (record, None),
        Err(broken) => {
            let cause = match broken.error.kind {
                ReadErrorKind::IllegalMove { .. } | ReadErrorKind::BadMoveText(_) => Cause::BadMove,
                _ => Cause::Unreadable,
            };
            let problem =
                Problem { cause, at: broken.error.at, mover: None, message: broken.error.kind.to_string() };
            match broken.partial {
                Some(record) => (record, Some(problem)),
                None => {
                    return GameRead {
                        number,
                        format,
                        begins,
                        warnings_before: Vec::new(),
                        warnings: Vec::new(),
                        tags: Vec::new(),
                        recorded_result: None,
                        body: Body::Unreadable(problem),
                    };
                }
            }
        }
    };
    // A binary record always has a result field: unknown there is no result recorded.
    let recorded_result = Some(record.result).filter(|&result| result != GameResult::Unknown);
    let moves = record.main_line();
    let end = played_out(&record.start, &moves);
    let notation = Notation::Iccs;
    let whole = stop.is_none();
    let verdict = whole.then(|| {
        let game = GameMoves { start: &record.start, moves: &moves, end: &end };
        verdict(&game, recorded_result, notation, settings)
    });
    let texts = settings.keep_texts.then(|| moves.iter().map(ToString::to_string).collect());
    let pgn_tags = (whole && settings.keep_pgn_tags).then(|| record.pgn_tags());
    let start = record.start;
    // The tags are moved out of a record that is not kept, not copied.
    let (tags, record) = if whole && settings.keep_records {
        (record.tags.clone(), Some(record))
    } else {
        (record.tags, None)
    };
    GameRead {
        number,
        format,
        begins,
        warnings_before: Vec::new(),
        warnings: Vec::new(),
        tags,
        recorded_result,
        body: Body::Played(Box::new(Played { start, moves, end, texts, stop, verdict, pgn_tags, record })),
    }
}

/// A whole game's moves, and the position they reach.
struct GameMoves<'a> {
    start: &'a Position,
    moves: &'a [Move],
    end: &'a Position,
}

/// How a whole game ends, and its result on the board against the recorded one.
fn verdict(
    game: &GameMoves<'_>,
    recorded: Option<GameResult>,
    notation: Notation,
    settings: &ReadSettings,
) -> Verdict {
    let check = ResultCheck::new(game.end, recorded);
    // Only the games that may end by a rule that needs their history are
    // played again with it (the library says which, cheaply).
    let may_end = !matches!(check, ResultCheck::Unchecked(_))
        || (settings.rules != Rules::MateOnly && History::line_may_end_by_rule(game.start, game.moves));
    let ending = if may_end { ending(game.start, game.moves, settings, notation) } else { None };
    Verdict { check, ending }
}

/// The position `moves` (legal, as a replay found them) reach from `start`.
fn played_out(start: &Position, moves: &[Move]) -> Position {
    let mut position = *start;
    for &mv in moves {
        position.play_unchecked(mv);
    }
    position
}

/// The ending of a game played with its whole history under `rules`.
fn ending(start: &Position, moves: &[Move], settings: &ReadSettings, notation: Notation) -> Option<Ending> {
    let mut game = History::with_rules(*start, settings.rules);
    // The moves are legal (the replay found them so): an error cannot come.
    let _ = game.play_line(moves);
    let xiangqi_rules::Ending { outcome, ply, .. } = game.ending()?;
    let explanation = game.explain(notation).unwrap_or_else(|| outcome.to_string());
    // A Chinese ruling writes its moves in Chinese, as Chinese rule books do.
    let explanation_zh =
        settings.chinese.then(|| game.explain_in(Notation::Chinese, Language::Chinese)).flatten();
    Some(Ending { outcome, ply, explanation, explanation_zh, after: moves.len() - ply })
}

/// The move number before each move, and the position after it: what
/// `--fen-each` prints.
pub(super) fn steps(played: &Played) -> Vec<(String, Position)> {
    let mut position = played.start;
    played
        .moves
        .iter()
        .map(|&mv| {
            let number = move_number(&position);
            position.play_unchecked(mv);
            (number, position)
        })
        .collect()
}
