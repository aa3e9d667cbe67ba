//! XQF, the binary record of XQStudio (象棋演播室) and most Chinese game
//! collections: read in every version in use (10, XQF 1.0, unencrypted;
//! 11 to 18, encrypted with keys from the header), written as version 10.

pub(crate) mod header;
mod keys;
mod moves;
mod write;

#[cfg(test)]
mod tests;

pub use write::write_xqf;

use crate::record::error::{Location, ReadError, ReadErrorKind};
use crate::record::tree::{CutGame, build_preorder, first_mover};
use crate::record::{Format, RecordFile, read_as};
use crate::{Color, Position, PositionError, Setup};

use header::{BLACK_FIRST_AT, HEADER, POINTS_AT, RESULT_AT, board_of, point, result_of, tags_of};
use keys::Keys;
use moves::read_steps;

/// The versions read: XQF 1.0 is version 10; XQStudio's later versions
/// (1.1 to 1.8) are 11 to 18; earlier ones share 1.0's layout.
const VERSIONS: core::ops::RangeInclusive<u8> = 1..=18;

fn error(offset: usize, kind: ReadErrorKind) -> ReadError {
    ReadError::new(Format::Xqf, Location::Byte(offset), kind)
}

/// Reads an XQF file: its tags (see [`write_xqf`] for the fields), start
/// position, result, and the whole tree of moves with comments, in any
/// version from 1 to 18, encrypted (11 on) or not.
///
/// The side to move first is the side of the first move's piece (as XQF
/// readers take it); a record without moves says it in header byte 0x32.
///
/// The same as `read_as(Format::Xqf, bytes)`: a [`RecordFile`] of one game.
///
/// ```
/// use xiangqi_rules::record::{ReadErrorKind, read_xqf};
///
/// let error = read_xqf(b"XQ\x0a").unwrap_err();
/// assert!(matches!(error.kind, ReadErrorKind::Truncated { .. }));
/// assert_eq!(error.to_string(), "xqf, byte 3 (0x3): the file ends inside the 1024-byte header");
/// ```
///
/// # Errors
/// The file cannot be read at all (no `XQ` signature, a version not read
/// here, a header cut short, a start position that is not legal), with its
/// byte offset. A game read only in part is no error of the file: its
/// place in [`RecordFile::games`] holds a [`BrokenRecord`](crate::record::BrokenRecord)
/// (a move that cannot be played, a point byte that names no point, a
/// comment that runs past the end, or a file that ends while moves are
/// still due; the record holds the moves before it). A variation that
/// holds such a move is cut there and the game read all the same
/// ([`RecordFile::cut_variations`] says where).
pub fn read_xqf(bytes: &[u8]) -> Result<RecordFile, ReadError> {
    read_as(Format::Xqf, bytes)
}

/// [`read_xqf`], and where variations were cut.
pub(crate) fn read_xqf_cut(bytes: &[u8]) -> Result<CutGame, ReadError> {
    // The version comes first: a file of a version not read here is
    // refused as such, however short.
    HEADER.check_signature(bytes, error)?;
    let Some(&version) = bytes.get(2) else { return Err(HEADER.truncated(bytes, error)) };
    if !VERSIONS.contains(&version) {
        let kind = ReadErrorKind::UnsupportedVersion { version: u32::from(version), supported: "1 to 18" };
        return Err(error(2, kind));
    }
    let header = HEADER.of(bytes, error)?;
    let keys = if version > 10 {
        let mut key_bytes = [0_u8; 16];
        key_bytes.copy_from_slice(&header[..16]);
        Keys::derive(&key_bytes)
    } else {
        Keys::PLAIN
    };
    let mut stored = [0_u8; 32];
    stored.copy_from_slice(&header[POINTS_AT..POINTS_AT + 32]);
    let points = keys.decrypt_points(version, &stored);
    let board = board_of(&points).map_err(|place| error(POINTS_AT, ReadErrorKind::PointTaken { place }))?;

    let (steps, stream_error) = read_steps(bytes, version, &keys);
    // The first move's piece says who moves first; without moves, byte 0x32 does.
    let first_in_header = if header[BLACK_FIRST_AT] == 1 { Color::Black } else { Color::Red };
    let turn = first_mover(&steps, &board, point).unwrap_or(first_in_header);
    let setup = Setup { board, turn, ..Setup::start() };
    let start = Position::from_setup(setup)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|problems| error(POINTS_AT, ReadErrorKind::BadStart(problems)))?;

    let (builder, move_error) = build_preorder(start, &steps, point, error);
    Ok(builder.into_game(tags_of(header), result_of(header[RESULT_AT]), move_error.or(stream_error)))
}
