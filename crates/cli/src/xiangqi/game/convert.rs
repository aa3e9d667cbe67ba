//! `xiangqi game --to FORMAT`: every whole game written again, in
//! PGN-style text in any notation, as XQF or as DhtmlXQ.

use clap::ValueEnum;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{self, Line, Record};

use super::read::{Body, Cause, FileRead, Played, game_place};

/// A format `--to` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Target {
    /// PGN-style text, moves in Chinese (炮二平五), as the xqbase convertor writes it: the same as chinese
    Pgn,
    /// XQF (XQStudio's binary record, version 10): one game a file, so --out DIR, or one game to a file or pipe
    Xqf,
    /// DhtmlXQ, the text web pages and UBB forum posts hold, with the whole move tree and comments
    Dhtmlxq,
    /// PGN-style text, moves in ICCS coordinates, ranks 0-9: h2e2
    Iccs,
    /// PGN-style text, moves in engine coordinates, ranks 1-10: h3e3
    Engine,
    /// PGN-style text, moves in WXF: C2.5
    Wxf,
    /// PGN-style text, moves in Chinese: 炮二平五 (black: 马８进７)
    Chinese,
}

impl Target {
    /// The notation of a PGN-style text target; `None` for XQF and DhtmlXQ.
    pub(super) const fn notation(self) -> Option<Notation> {
        match self {
            Target::Pgn | Target::Chinese => Some(Notation::Chinese),
            Target::Iccs => Some(Notation::Iccs),
            Target::Engine => Some(Notation::Engine),
            Target::Wxf => Some(Notation::Wxf),
            Target::Xqf | Target::Dhtmlxq => None,
        }
    }

    /// The extension of the files `--out` writes: `pgn`, `xqf` or `txt`.
    pub(super) const fn extension(self) -> &'static str {
        match self {
            Target::Xqf => "xqf",
            Target::Dhtmlxq => "txt",
            Target::Pgn | Target::Iccs | Target::Engine | Target::Wxf | Target::Chinese => "pgn",
        }
    }
}

/// One game written in the target format.
#[derive(Debug)]
pub(super) struct Written {
    /// The name of its file under `--out`: `STEM-N.EXT`.
    pub(super) file_name: String,
    pub(super) bytes: Vec<u8>,
}

/// Every whole game of `file` written as `target`; games that could not be
/// read or played to their end are left out (they are failures already).
/// The games that cannot be written in the format, as problems.
pub(super) fn convert_file(
    name: &str,
    stem: &str,
    file: &FileRead,
    target: Target,
) -> (Vec<Written>, Vec<(Cause, String)>) {
    let mut written = Vec::new();
    let mut problems = Vec::new();
    for game in &file.games {
        let Body::Played(played) = &game.body else { continue };
        if played.stop.is_some() {
            continue;
        }
        let bytes = match target.notation() {
            Some(notation) => {
                let tags = played.pgn_tags.as_deref().unwrap_or_default();
                let text = match &played.record {
                    Some(record) => {
                        record.to_pgn_with_tags(tags, notation).map_err(|error| error.to_string())
                    }
                    None => line_text(played, tags, notation),
                };
                text.map(String::into_bytes)
            }
            None => {
                let mut bytes = Vec::new();
                let record: &Record = match &played.record {
                    Some(record) => record,
                    None => continue,
                };
                let wrote = match target {
                    Target::Xqf => record::write_xqf(record, &mut bytes),
                    _ => record::write_dhtmlxq(record, &mut bytes),
                };
                wrote.map(|()| bytes).map_err(|error| error.to_string())
            }
        };
        match bytes {
            Ok(bytes) => {
                let file_name = format!("{stem}-{}.{}", game.number, target.extension());
                written.push(Written { file_name, bytes });
            }
            Err(error) => {
                let at = game_place(name, game);
                problems.push((
                    Cause::CannotWrite,
                    format!("{at}: game {} cannot be written: {error}", game.number),
                ));
            }
        }
    }
    (written, problems)
}

/// The PGN-style text of the moves `played` (legal, as the replay found
/// them) with `tags`, the moves in `notation`.
fn line_text(played: &Played, tags: &[(String, String)], notation: Notation) -> Result<String, String> {
    let mut line = Line::new(played.start);
    for &mv in &played.moves {
        line.play(mv).map_err(|error| error.to_string())?;
    }
    line.to_pgn_with_tags(tags, notation).map_err(|error| error.to_string())
}
