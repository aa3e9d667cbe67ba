//! Helpers shared by the unit tests of the tasks.

use crate::{Board, Piece};

/// A board from pieces given as ICCS points and FEN letters (upper case red).
pub(crate) fn board_of(pieces: &[(&str, char)]) -> Board {
    let mut board = Board::empty();
    for &(point, letter) in pieces {
        board.put(point.parse().unwrap(), Piece::from_letter(letter).unwrap());
    }
    board
}

/// FNV-1a, 64 bits, of what `write` writes: a fingerprint of a long
/// generated text, to pin what a generator's seed gives from one version to
/// the next.
pub(crate) fn fingerprint_of(write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> u64 {
    let mut text = Vec::new();
    write(&mut text).unwrap();
    text.iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}
