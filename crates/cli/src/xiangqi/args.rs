//! Arguments several xiangqi subcommands share: where the position comes
//! from (`--fen`, `--fen-file`) and a move notation (`--notation`, `--to`).

use std::path::PathBuf;

use anyhow::anyhow;
use board_geometry::text_input::excerpt_of;
use clap::{Args, ValueEnum};
use xiangqi_rules::notation::{NoSuchMove, Notation, NotationError, NotationErrorKind};
use xiangqi_rules::record::TextEncoding;
use xiangqi_rules::{IllegalMove, Position, Setup, read_position, read_setup};

use crate::Streams;
use crate::input::given_or_read;

const FEN_HELP: &str = "The position as FEN, e.g. 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w' \
                        (the start position, which is the default). Only the board and the side to move are required";

/// Where a subcommand's position comes from: `--fen`, `--fen-file`, or the start position.
#[derive(Debug, Args)]
pub(crate) struct FenArgs {
    #[arg(long, help = FEN_HELP, conflicts_with = "fen_file")]
    fen: Option<String>,
    /// Read the FEN from FILE (`-`: standard input): one FEN alone on a line,
    /// blank lines and spaces around it allowed, at most 4096 bytes in all.
    #[arg(long, value_name = "FILE")]
    fen_file: Option<PathBuf>,
}

impl FenArgs {
    /// The setup given, unchecked.
    pub(crate) fn setup(&self, streams: &mut Streams<'_>) -> anyhow::Result<Setup> {
        let (fen, file) = (self.fen.as_deref(), self.fen_file.as_deref());
        given_or_read(fen, file, streams, parse_fen, |reader| read_setup(reader), Setup::start)
    }

    /// The position given, checked to be a legal one.
    pub(crate) fn position(&self, streams: &mut Streams<'_>) -> anyhow::Result<Position> {
        let parse = |fen: &str| {
            Position::from_setup(parse_fen(fen)?).map_err(|error| {
                anyhow!("--fen '{}': illegal position: {error}", excerpt_of(fen.as_bytes(), 100))
            })
        };
        let (fen, file) = (self.fen.as_deref(), self.fen_file.as_deref());
        given_or_read(fen, file, streams, parse, |reader| read_position(reader), Position::start)
    }
}

/// The setup `--fen` gives.
fn parse_fen(fen: &str) -> anyhow::Result<Setup> {
    Setup::from_fen(fen)
        .map_err(|located| anyhow!("--fen '{}': bad FEN: {}", excerpt_of(fen.as_bytes(), 100), located.error))
}

/// A move notation, as named on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum NotationArg {
    /// ICCS coordinates, ranks 0-9: h2e2
    Iccs,
    /// Engine coordinates (Fairy-Stockfish, UCI tools), ranks 1-10: h3e3
    Engine,
    /// WXF: C2.5
    Wxf,
    /// Chinese: 炮二平五 (black: 马８进７)
    Chinese,
}

impl NotationArg {
    /// The notation's name on the command line.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            NotationArg::Iccs => "iccs",
            NotationArg::Engine => "engine",
            NotationArg::Wxf => "wxf",
            NotationArg::Chinese => "chinese",
        }
    }
}

impl From<NotationArg> for Notation {
    fn from(arg: NotationArg) -> Notation {
        match arg {
            NotationArg::Iccs => Notation::Iccs,
            NotationArg::Engine => Notation::Engine,
            NotationArg::Wxf => Notation::Wxf,
            NotationArg::Chinese => Notation::Chinese,
        }
    }
}

/// How the bytes of a record file are read as text, as named on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum EncodingArg {
    /// Tell UTF-8, GBK and Big5 apart by decoding: the one that reads best
    /// (most moves, fewest invalid characters) wins; a byte-order mark names
    /// UTF-8 or UTF-16
    Auto,
    /// UTF-8
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    /// GBK, as simplified-Chinese tools write it (read as GB18030, its superset)
    #[value(alias = "gb18030")]
    Gbk,
    /// Big5, as traditional-Chinese tools write it (with the Hong Kong additions)
    Big5,
}

impl EncodingArg {
    /// The encoding given, or `None` for `auto`.
    pub(crate) const fn encoding(self) -> Option<TextEncoding> {
        match self {
            EncodingArg::Auto => None,
            EncodingArg::Utf8 => Some(TextEncoding::Utf8),
            EncodingArg::Gbk => Some(TextEncoding::Gbk),
            EncodingArg::Big5 => Some(TextEncoding::Big5),
        }
    }
}

/// The moves of `play` and `rules`, and how they are read: from a position,
/// in any notation (or `--notation`'s), under the rules of a whole game.
#[derive(Debug, Args)]
pub(crate) struct GameMovesArgs {
    #[command(flatten)]
    pub(crate) position: FenArgs,
    /// Read every move in NOTATION instead of detecting each one's; the moves
    /// are then also written back in it.
    #[arg(long, value_enum, value_name = "NOTATION")]
    pub(crate) notation: Option<NotationArg>,
    /// The rules that end a game besides mate and stalemate: asian
    /// (repetition rulings, the move limit, material that cannot mate),
    /// engine (the same, but one check one chase is a draw) or none.
    #[arg(long, value_enum, default_value_t = super::selfplay::RulesArg::Asian)]
    pub(crate) rules: super::selfplay::RulesArg,
    /// The moves, in order from the position (red moves first from the start position).
    #[arg(value_name = "MOVE")]
    pub(crate) moves: Vec<String>,
}

/// The moves played: the game so far, and the move refused because the game
/// had ended before it, if one was.
pub(crate) struct Played {
    pub(crate) line: xiangqi_rules::record::Line,
    pub(crate) game: xiangqi_rules::History,
    /// The notation to write moves back in: `--notation`'s, or else the first move's.
    pub(crate) written: Notation,
    refused: Option<String>,
}

impl Played {
    /// The refusal of a move given after the end, as the run's error, once
    /// the caller has reported the game.
    pub(crate) fn finish(&self) -> anyhow::Result<()> {
        match &self.refused {
            Some(refusal) => Err(anyhow!("{refusal}")),
            None => Ok(()),
        }
    }
}

impl GameMovesArgs {
    /// The game at its start position, before any move: what [`Played::play`] plays the moves on.
    pub(crate) fn start(&self, streams: &mut Streams<'_>) -> anyhow::Result<Played> {
        let start = self.position.position(streams)?;
        let written = self
            .notation
            .map(Notation::from)
            .or_else(|| self.moves.first().and_then(|text| Notation::detect_in(&start, text)))
            .unwrap_or(Notation::Iccs);
        Ok(Played {
            line: xiangqi_rules::record::Line::new(start),
            game: xiangqi_rules::History::with_rules(start, self.rules.rules()),
            written,
            refused: None,
        })
    }
}

impl Played {
    /// Plays the moves of `args`, calling `after_each` with the game and the
    /// position before each move once it is played; stops at a move that
    /// cannot be read or played (an error) or that comes after the end
    /// (kept for [`Played::finish`]).
    pub(crate) fn play(
        &mut self,
        args: &GameMovesArgs,
        mut after_each: impl FnMut(&xiangqi_rules::History, &Position, xiangqi_rules::Move, Notation),
    ) -> anyhow::Result<()> {
        let notation = args.notation.map(Notation::from);
        for (index, text) in args.moves.iter().enumerate() {
            if let Some(outcome) = self.game.outcome() {
                self.refused = Some(format!(
                    "move {}: '{text}' is not played: the game is over ({}, {})",
                    index + 1,
                    outcome.result(),
                    outcome.reason()
                ));
                return Ok(());
            }
            let before = *self.game.position();
            let mv = self.line.play_text(text, notation).map_err(|error| {
                anyhow!("move {}: {error}{}", index + 1, engine_coordinates_hint(text, notation, &error))
            })?;
            self.game.play(mv).map_err(|error| anyhow!("move {}: {error}", index + 1))?;
            after_each(&self.game, &before, mv, self.written);
        }
        Ok(())
    }
}

/// A hint for a text that reads both as ICCS and as engine coordinates, was
/// read as ICCS, and names a point where no piece stands: engine coordinates
/// count ranks from 1, and `--notation engine` reads every move so. (Where
/// only the engine reading starts on a piece, the move is read that way
/// without asking: see `Notation::detect_in`.)
fn engine_coordinates_hint(text: &str, notation: Option<Notation>, error: &NotationError) -> &'static str {
    let no_piece = matches!(
        error.kind,
        NotationErrorKind::NoSuchMove { reason: NoSuchMove::Refused(IllegalMove::NoPiece { .. }) }
    );
    if notation.is_none() && no_piece && Notation::Iccs.reads(text) && Notation::Engine.reads(text) {
        " (read as ICCS, ranks 0-9; for engine coordinates, ranks 1-10, give --notation engine)"
    } else {
        ""
    }
}
