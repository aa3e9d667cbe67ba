//! Arguments several xiangqi subcommands share: where the position comes
//! from (`--fen`, `--fen-file`) and a move notation (`--notation`, `--to`).

use std::path::PathBuf;

use anyhow::anyhow;
use board_geometry::text_input::excerpt_of;
use clap::{Args, ValueEnum};
use xiangqi_rules::notation::Notation;
use xiangqi_rules::{Position, Setup, read_position, read_setup};

use crate::{Input, Streams, run_judge};

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
        match (&self.fen, &self.fen_file) {
            (Some(fen), _) => Setup::from_fen(fen).map_err(|located| {
                anyhow!("--fen '{}': bad FEN: {}", excerpt_of(fen.as_bytes(), 100), located.error)
            }),
            (None, Some(path)) => {
                let mut setup = None;
                run_judge(&Input::from_arg(Some(path.clone())), streams, |reader, _| {
                    setup = Some(read_setup(reader)?);
                    Ok(())
                })?;
                setup.ok_or_else(|| anyhow!("no FEN was read"))
            }
            (None, None) => Ok(Setup::start()),
        }
    }

    /// The position given, checked to be a legal one.
    pub(crate) fn position(&self, streams: &mut Streams<'_>) -> anyhow::Result<Position> {
        match (&self.fen, &self.fen_file) {
            (Some(fen), _) => {
                let setup = self.setup(streams)?;
                Position::from_setup(setup).map_err(|error| {
                    anyhow!("--fen '{}': illegal position: {error}", excerpt_of(fen.as_bytes(), 100))
                })
            }
            (None, Some(path)) => {
                let mut position = None;
                run_judge(&Input::from_arg(Some(path.clone())), streams, |reader, _| {
                    position = Some(read_position(reader)?);
                    Ok(())
                })?;
                position.ok_or_else(|| anyhow!("no FEN was read"))
            }
            (None, None) => Ok(Position::start()),
        }
    }
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
