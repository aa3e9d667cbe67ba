//! `--format json`: answers as JSON, one object per line, built from the
//! libraries' accessors (the library crates do not depend on serde).

use std::io::{self, Write};

use clap::ValueEnum;
use serde::Serialize;

/// `--format`: how a command writes its answers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text, as the judges and people read it
    #[default]
    Text,
    /// One JSON object per line (per case, command or board for the judges)
    Json,
}

/// Writes `value` as one line of JSON.
pub fn write_json<W: Write + ?Sized>(out: &mut W, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// A point in a judge task's own coordinates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct RowCol {
    pub(crate) row: i32,
    pub(crate) col: i32,
}

/// The result of perft: the count, and the count under each first move with `--divide`.
#[derive(Debug, Serialize)]
pub(crate) struct PerftJson {
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) divide: Option<Vec<DivideJson>>,
}

/// One first move of `perft --divide` and the leaves below it.
#[derive(Debug, Serialize)]
pub(crate) struct DivideJson {
    #[serde(rename = "move")]
    pub(crate) mv: String,
    pub(crate) nodes: u64,
}
