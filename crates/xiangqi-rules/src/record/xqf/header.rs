//! XQF's 1024-byte header: signature, version, keys, the 32 piece points,
//! the result, and the text fields.
//!
//! The layout, as XQStudio's published description of XQF 1.0 (过河象,
//! 2001) gives it, with the fields later versions added (as the public
//! readers name them):
//! ```text
//! 0x000  "XQ"            0x010  32 piece points      0x032  1: black moves first
//! 0x002  version         0x033  result               0x040  kind (0 full game .. 3 endgame)
//! 0x003  keys (13 bytes, version 11 on)
//! 0x050  title (64)      0x090  reserved (64): Game  0x0D0  event (64)
//! 0x110  date (16)
//! 0x120  site (16)       0x130  red (16)             0x140  black (16)
//! 0x150  time rule (64)  0x190  red's time (16)      0x1A0  black's time (16)
//! 0x1D0  annotator (16)  0x1E0  author (16)          0x400  the moves
//! ```
//! Each text field is a length byte, then that many bytes of GBK.
//!
//! XQF has no field for PGN's `Game` tag (`Chinese Chess` in xqbase-style
//! records). It is kept in the 64 bytes at 0x90, as a text field like the
//! others: XQF 1.0's description reserves them ("must be 0x00"), the
//! eleeye/xqbase convertor's header calls them `szReserved1` and ignores
//! them, cchess's reader skips them, and a reader that follows XQStudio's
//! later header (`TitleB`, a second title of 63 characters) shows the value
//! as a second title. So other readers ignore it or show it harmlessly, and
//! this one reads it back as `Game`. The other reserved bytes (0x1B0, 0x1F0
//! on) are not used.
//! A piece point is `file·10 + rank` (files and ranks from red's lower
//! left, as ICCS counts them); 90 and above means the piece is off the
//! board. The 32 points are red's chariot, horse, elephant, advisor,
//! general, advisor, elephant, horse, chariot, two cannons and five
//! soldiers, then black's in the same order.

use crate::record::GameResult;
use crate::record::binary::{self, Header, TextField};
use crate::{Board, Color, Piece, PieceKind, Square};

/// The header's size; the moves begin after it.
pub(super) const HEADER_SIZE: usize = 0x400;
/// The signature `XQ` and the header it opens.
pub(super) const HEADER: Header =
    Header { signature: b"XQ", signature_name: "XQ", size: HEADER_SIZE, part: "the 1024-byte header" };
/// Where the 32 piece points begin.
pub(super) const POINTS_AT: usize = 0x10;
/// 1 where black moves first (read only where the record has no move to tell).
pub(super) const BLACK_FIRST_AT: usize = 0x32;
/// The result: 0 unknown, 1 red wins, 2 black wins, 3 (or 4) a draw.
pub(super) const RESULT_AT: usize = 0x33;
/// What the record is: 0 a full game, 1 an opening, 2 a middle game, 3 an endgame.
pub(super) const KIND_AT: usize = 0x40;

/// The text fields: the tag each is read into, its offset and its size
/// (length byte included).
pub(super) const FIELDS: [TextField; 12] = [
    ("Game", 0x90, 64),
    ("Event", 0xD0, 64),
    ("Site", 0x120, 16),
    ("Date", 0x110, 16),
    ("Red", 0x130, 16),
    ("Black", 0x140, 16),
    ("Title", 0x50, 64),
    ("TimeControl", 0x150, 64),
    ("RedTime", 0x190, 16),
    ("BlackTime", 0x1A0, 16),
    ("Annotator", 0x1D0, 16),
    ("Author", 0x1E0, 16),
];

/// The kind of piece in each of a side's 16 places.
pub(crate) const PLACE_KINDS: [PieceKind; 16] = {
    use PieceKind::{Advisor, Cannon, Chariot, Elephant, General, Horse, Soldier};
    [
        Chariot, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Chariot, Cannon, Cannon,
        Soldier, Soldier, Soldier, Soldier, Soldier,
    ]
};

/// The point a byte names, if it is one: `file·10 + rank`.
pub(super) fn point(byte: u8) -> Option<Square> {
    if byte < 90 { Square::from_coords(i64::from(byte / 10), i64::from(byte % 10)) } else { None }
}

/// The byte that names `square`.
pub(super) fn point_byte(square: Square) -> u8 {
    square.file().index() * 10 + square.rank().index()
}

/// The board the 32 decrypted piece points describe, or the first place
/// whose point another piece already holds.
pub(super) fn board_of(points: &[u8; 32]) -> Result<Board, usize> {
    let mut board = Board::empty();
    for (place, &byte) in points.iter().enumerate() {
        let color = if place < 16 { Color::Red } else { Color::Black };
        if let Some(square) = point(byte) {
            if board.put(square, Piece::new(color, PLACE_KINDS[place % 16])).is_some() {
                return Err(place);
            }
        }
    }
    Ok(board)
}

/// The 32 piece points of `board` (255 where a place is empty), each side's
/// pieces of a kind from its own right to its left, then from its own side
/// forward, as the published example orders them; or the first piece that
/// has no place left.
pub(crate) fn points_of(board: &Board) -> Result<[u8; 32], Piece> {
    let mut points = [0xFF_u8; 32];
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece::new(color, kind);
            let mut squares: Vec<Square> = board.by_piece(piece).into_iter().collect();
            // From the side's own right to its left, then from its own back rank forward.
            squares.sort_by_key(|square| {
                let (file, rank) = (square.file().index(), square.rank().index());
                match color {
                    Color::Red => (8 - file, rank),
                    Color::Black => (file, 9 - rank),
                }
            });
            let offset = if color == Color::Red { 0 } else { 16 };
            let mut places = (0..16).filter(|&place| PLACE_KINDS[place] == kind);
            for square in squares {
                let place = places.next().ok_or(piece)?;
                points[offset + place] = point_byte(square);
            }
        }
    }
    Ok(points)
}

/// The result a header byte gives.
pub(super) const fn result_of(byte: u8) -> GameResult {
    match byte {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 | 4 => GameResult::Draw,
        _ => GameResult::Unknown,
    }
}

/// The header byte of a result.
pub(super) const fn result_byte(result: GameResult) -> u8 {
    match result {
        GameResult::Unknown => 0,
        GameResult::RedWins => 1,
        GameResult::BlackWins => 2,
        GameResult::Draw => 3,
    }
}

/// The text fields of a header, as tags, the empty ones left out.
pub(super) fn tags_of(header: &[u8]) -> Vec<(String, String)> {
    binary::tags_of(header, &FIELDS, |field| {
        // A length byte, then the text: at most the rest of the field.
        let length = usize::from(field[0]).min(field.len() - 1);
        crate::record::text::from_gbk(&field[1..=length])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_the_published_points() {
        // From the description's example, offset 0x10.
        let published = [
            80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59, 69, 79, 89,
            17, 77, 6, 26, 46, 66, 86,
        ];
        assert_eq!(points_of(&Board::start()), Ok(published));
        assert_eq!(board_of(&published), Ok(Board::start()));
    }

    #[test]
    fn off_board_places_and_crowded_points() {
        let mut points = [0xFF_u8; 32];
        points[4] = 40;
        points[20] = 49;
        let board = board_of(&points).unwrap();
        assert_eq!(board.pieces().count(), 2);
        assert_eq!(points_of(&board), Ok(points));
        points[0] = 40;
        assert_eq!(board_of(&points), Err(4), "the general's place finds the chariot on e0");
        let mut crowded = Board::empty();
        for file in 0..3 {
            crowded.put(Square::from_coords(file, 0).unwrap(), Piece::new(Color::Red, PieceKind::Chariot));
        }
        assert_eq!(points_of(&crowded), Err(Piece::new(Color::Red, PieceKind::Chariot)));
        assert_eq!((point(89), point(90), point(0xFF)), (Square::from_coords(8, 9), None, None));
    }
}
