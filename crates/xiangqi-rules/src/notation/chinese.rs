//! Chinese notation: `炮二平五`, `马８进７`, `前车进一`, `一兵平五`, `前兵三平四`.

use crate::notation::descriptive::{Designation, Direction, Mark, Reading, Standing, file_digit_is_taken};
use crate::notation::{Crowding, Notation, PieceName, SyntaxError};
use crate::{Color, Piece, PieceKind};

/// How Chinese notation names the piece that moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ChineseName {
    /// `炮二`: the piece and its file.
    File(u8),
    /// `前车`, `中兵`, `后炮`: one of two or three on one file.
    Mark(Mark),
    /// `一兵`..`五兵`: one of four or five soldiers on one file, counted from the front.
    Ordinal(u8),
    /// `前兵三`: a soldier on file 3 while two or more files hold two or more soldiers.
    FileMark(u8, Mark),
}

impl Designation for ChineseName {
    fn canonical(kind: PieceKind, standing: Standing) -> Result<ChineseName, Crowding> {
        let Standing { file, index, on_file, doubled_files, .. } = standing;
        if on_file <= 1 || matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
            return Ok(ChineseName::File(file));
        }
        match on_file {
            2 | 3 if doubled_files >= 2 && kind == PieceKind::Soldier => {
                Ok(ChineseName::FileMark(file, Mark::of(standing)))
            }
            2 | 3 if doubled_files < 2 => Ok(ChineseName::Mark(Mark::of(standing))),
            4 | 5 if doubled_files < 2 && kind == PieceKind::Soldier => Ok(ChineseName::Ordinal(index + 1)),
            _ if on_file <= 3 => {
                Err(Crowding::DoubledFiles { notation: Notation::Chinese, kind, files: doubled_files })
            }
            _ => Err(Crowding::CrowdedFile { notation: Notation::Chinese, kind, count: on_file }),
        }
    }

    fn loosely_names(self, kind: PieceKind, standing: Standing) -> bool {
        match self {
            ChineseName::File(file) => standing.file == file && !file_digit_is_taken(kind, standing, self),
            ChineseName::Mark(mark) => mark.fits(standing),
            ChineseName::FileMark(file, mark) => standing.file == file && mark.fits(standing),
            ChineseName::Ordinal(place) => {
                standing.on_file >= 2
                    && (standing.index + 1 == place || standing.across_doubled_files == place)
            }
        }
    }

    fn piece_name(self) -> PieceName {
        match self {
            ChineseName::File(file) => PieceName::File(file),
            ChineseName::Mark(Mark::Middle) => PieceName::Middle,
            ChineseName::Mark(_) => PieceName::Tandem,
            ChineseName::Ordinal(place) => PieceName::Place(place),
            ChineseName::FileMark(file, Mark::Middle) => PieceName::MiddleOnFile(file),
            ChineseName::FileMark(file, _) => PieceName::TandemOnFile(file),
        }
    }

    fn file(self) -> Option<u8> {
        match self {
            ChineseName::File(file) | ChineseName::FileMark(file, _) => Some(file),
            ChineseName::Mark(_) | ChineseName::Ordinal(_) => None,
        }
    }
}

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The simplified character of `piece`, as Chinese moves write it.
pub(crate) const fn piece_char(piece: Piece) -> char {
    match (piece.color, piece.kind) {
        (Color::Red, PieceKind::General) => '帅',
        (Color::Black, PieceKind::General) => '将',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Black, PieceKind::Elephant) => '象',
        (_, PieceKind::Horse) => '马',
        (_, PieceKind::Chariot) => '车',
        (_, PieceKind::Cannon) => '炮',
        (Color::Red, PieceKind::Soldier) => '兵',
        (Color::Black, PieceKind::Soldier) => '卒',
    }
}

/// Red's numbers are Chinese numerals, black's full-width digits.
const fn number_char(color: Color, number: u8) -> char {
    let index = (number as usize).saturating_sub(1) % 9;
    match color {
        Color::Red => NUMERALS[index],
        Color::Black => FULL_WIDTH_DIGITS[index],
    }
}

const fn mark_char(mark: Mark) -> char {
    match mark {
        Mark::Front => '前',
        Mark::Middle => '中',
        Mark::Rear => '后',
    }
}

/// What one character of a Chinese move means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Glyph {
    Piece(PieceKind),
    Mark(Mark),
    Number(u8),
    Direction(Direction),
}

/// Reads simplified and traditional characters, and numbers as Chinese
/// numerals, full-width or ASCII digits, for either side.
fn glyph(c: char) -> Option<Glyph> {
    let piece = |kind| Some(Glyph::Piece(kind));
    match c {
        '帅' | '帥' | '将' | '將' => piece(PieceKind::General),
        '仕' | '士' => piece(PieceKind::Advisor),
        '相' | '象' => piece(PieceKind::Elephant),
        '马' | '馬' | '傌' | '㐷' => piece(PieceKind::Horse),
        '车' | '車' | '俥' | '伡' => piece(PieceKind::Chariot),
        '炮' | '砲' | '包' => piece(PieceKind::Cannon),
        '兵' | '卒' => piece(PieceKind::Soldier),
        '前' => Some(Glyph::Mark(Mark::Front)),
        '中' => Some(Glyph::Mark(Mark::Middle)),
        '后' | '後' => Some(Glyph::Mark(Mark::Rear)),
        '进' | '進' => Some(Glyph::Direction(Direction::Forward)),
        '退' => Some(Glyph::Direction(Direction::Backward)),
        '平' => Some(Glyph::Direction(Direction::Sideways)),
        '1'..='9' => Some(Glyph::Number(c as u8 - b'0')),
        // Full-width digits follow each other in Unicode, as ASCII digits do.
        '１'..='９' => Some(Glyph::Number((u32::from(c) - u32::from('０')) as u8)),
        '一' => Some(Glyph::Number(1)),
        '二' => Some(Glyph::Number(2)),
        '三' => Some(Glyph::Number(3)),
        '四' => Some(Glyph::Number(4)),
        '五' => Some(Glyph::Number(5)),
        '六' => Some(Glyph::Number(6)),
        '七' => Some(Glyph::Number(7)),
        '八' => Some(Glyph::Number(8)),
        '九' => Some(Glyph::Number(9)),
        _ => None,
    }
}

/// Writes a reading of a move of `color` in simplified characters.
pub(crate) fn write(reading: Reading<ChineseName>, color: Color) -> String {
    let piece = piece_char(Piece::new(color, reading.kind));
    let number = |n| number_char(color, n);
    let mut text = String::with_capacity(20);
    match reading.designation {
        ChineseName::File(file) => text.extend([piece, number(file)]),
        ChineseName::Mark(mark) => text.extend([mark_char(mark), piece]),
        // The ordinal stands in for 前/中/后, so it is a Chinese numeral for both sides.
        ChineseName::Ordinal(place) => text.extend([number_char(Color::Red, place), piece]),
        ChineseName::FileMark(file, mark) => text.extend([mark_char(mark), piece, number(file)]),
    }
    text.push(match reading.direction {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    });
    text.push(number(reading.number));
    text
}

/// The most characters a Chinese move has (`前兵三平四`).
const LONGEST: usize = 5;

/// Reads a Chinese move.
///
/// # Errors
/// What is wrong, naming the character or part.
pub(crate) fn read(text: &str) -> Result<Reading<ChineseName>, SyntaxError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(SyntaxError::Empty);
    }
    // At most five characters: read into arrays, not allocated (every move of a record comes here).
    let (mut chars, mut count) = (['\0'; LONGEST], 0);
    for found in text.chars() {
        if count == LONGEST {
            return Err(SyntaxError::ChineseLength { count: text.chars().count() });
        }
        chars[count] = found;
        count += 1;
    }
    let chars = &chars[..count];
    let mut glyphs = [Glyph::Number(0); LONGEST];
    for (slot, &found) in glyphs.iter_mut().zip(chars) {
        *slot = glyph(found).ok_or(SyntaxError::NotAChineseCharacter { found })?;
    }
    let glyphs = &glyphs[..count];
    let mut directions = glyphs.iter().enumerate().filter_map(|(at, glyph)| match glyph {
        Glyph::Direction(direction) => Some((at, *direction)),
        _ => None,
    });
    let (at, direction) = match (directions.next(), directions.count()) {
        (Some(found), 0) => found,
        (None, _) => return Err(SyntaxError::NoDirection),
        (Some(_), more) => return Err(SyntaxError::Directions { count: more + 1 }),
    };
    let number = match (&glyphs[at + 1..], &chars[at + 1..]) {
        ([Glyph::Number(number)], _) => *number,
        ([], _) => return Err(SyntaxError::NoNumber { after: chars[at] }),
        ([_], &[found]) => return Err(SyntaxError::NumberExpected { found }),
        _ => return Err(SyntaxError::AfterTheNumber { text: rest(&chars[at + 1..]) }),
    };
    let (kind, designation) = match glyphs[..at] {
        [Glyph::Piece(kind), Glyph::Number(file)] => (kind, ChineseName::File(file)),
        [Glyph::Mark(mark), Glyph::Piece(kind)] | [Glyph::Piece(kind), Glyph::Mark(mark)] => {
            (kind, ChineseName::Mark(mark))
        }
        [Glyph::Number(place), Glyph::Piece(kind)] if place <= 5 => (kind, ChineseName::Ordinal(place)),
        [Glyph::Mark(mark), Glyph::Piece(kind), Glyph::Number(file)] => {
            (kind, ChineseName::FileMark(file, mark))
        }
        [Glyph::Mark(mark), Glyph::Number(file)] => (PieceKind::Soldier, ChineseName::FileMark(file, mark)),
        [Glyph::Piece(_)] => return Err(SyntaxError::NeedsFileOrMark { piece: chars[0] }),
        [] => return Err(SyntaxError::NoPiece),
        _ => return Err(SyntaxError::NotAPieceName { text: rest(&chars[..at]) }),
    };
    Ok(Reading { kind, designation, direction, number })
}

fn rest(chars: &[char]) -> String {
    chars.iter().collect()
}

/// Splits text where Chinese moves are written without spaces between them
/// (`炮二平五马８进７`): a move ends with the number after its direction.
/// Gives each part with the offset, in characters, where it starts. Only
/// the record reader splits words so.
#[cfg(any(test, feature = "records"))]
pub(crate) fn split_run_together(word: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut characters = word.char_indices().enumerate();
    let (mut start_byte, mut start_char) = (0, 0);
    core::iter::from_fn(move || {
        let mut after_direction = false;
        for (char_index, (byte, c)) in characters.by_ref() {
            match glyph(c) {
                Some(Glyph::Direction(_)) => after_direction = true,
                Some(Glyph::Number(_)) if after_direction => {
                    let end = byte + c.len_utf8();
                    let part = (start_char, &word[start_byte..end]);
                    (start_byte, start_char) = (end, char_index + 1);
                    return Some(part);
                }
                _ => after_direction = false,
            }
        }
        // The rest, once: after it `start_byte` is the word's end.
        let rest = (start_byte < word.len()).then(|| (start_char, &word[start_byte..]));
        start_byte = word.len();
        rest
    })
}

#[cfg(test)]
mod tests {
    use board_geometry::testing::assert_gives;

    use super::*;

    fn reading(
        kind: PieceKind,
        designation: ChineseName,
        direction: Direction,
        number: u8,
    ) -> Reading<ChineseName> {
        Reading { kind, designation, direction, number }
    }

    #[test]
    fn every_form_reads_and_writes_back() {
        use Direction::{Backward, Forward, Sideways};
        use PieceKind::{Cannon, Chariot, Horse, Soldier};
        let cases = [
            ("炮二平五", Color::Red, reading(Cannon, ChineseName::File(2), Sideways, 5)),
            ("马８进７", Color::Black, reading(Horse, ChineseName::File(8), Forward, 7)),
            ("前车进一", Color::Red, reading(Chariot, ChineseName::Mark(Mark::Front), Forward, 1)),
            ("后炮退２", Color::Black, reading(Cannon, ChineseName::Mark(Mark::Rear), Backward, 2)),
            ("中兵平四", Color::Red, reading(Soldier, ChineseName::Mark(Mark::Middle), Sideways, 4)),
            ("三卒平４", Color::Black, reading(Soldier, ChineseName::Ordinal(3), Sideways, 4)),
            ("前兵三平四", Color::Red, reading(Soldier, ChineseName::FileMark(3, Mark::Front), Sideways, 4)),
            (
                "中卒３平４",
                Color::Black,
                reading(Soldier, ChineseName::FileMark(3, Mark::Middle), Sideways, 4),
            ),
        ];
        for (text, color, expected) in cases {
            assert_eq!(read(text), Ok(expected), "{text}");
            assert_eq!(write(expected, color), text);
        }
    }

    #[test]
    fn traditional_characters_and_every_digit_width_read_the_same() {
        for (lenient, color, canonical) in [
            ("砲２平５", Color::Black, "炮２平５"),
            ("包2平5", Color::Black, "炮２平５"),
            ("炮二平５", Color::Black, "炮２平５"),
            ("傌二進三", Color::Red, "马二进三"),
            ("馬８進７", Color::Black, "马８进７"),
            ("俥一平二", Color::Red, "车一平二"),
            ("車９平８", Color::Black, "车９平８"),
            ("帥五平四", Color::Red, "帅五平四"),
            ("將５平４", Color::Black, "将５平４"),
            ("後車進一", Color::Red, "后车进一"),
            ("車前平三", Color::Red, "前车平三"),
            ("２卒平５", Color::Black, "二卒平５"),
            ("前三平四", Color::Red, "前兵三平四"),
            ("　炮二平五　", Color::Red, "炮二平五"),
        ] {
            assert_eq!(read(lenient).map(|r| write(r, color)), Ok(canonical.to_string()), "{lenient}");
        }
    }

    #[test]
    fn errors_name_the_bad_part() {
        let error = |text| read(text).unwrap_err().to_string();
        assert_gives(
            error,
            &[
                ("", "the text is empty"),
                (
                    "炮二平十",
                    "'十' is not a piece, a tandem mark (前 中 后), a direction (进 退 平) or a number",
                ),
                ("炮二五五", "there is no direction (进, 退 or 平)"),
                ("炮平平五", "there are 2 directions; a move has one (进, 退 or 平)"),
                ("炮二平", "no number follows '平'"),
                ("炮二平车", "'车' after the direction is not a number"),
                ("炮平五", "'炮' needs its file (炮二) or a tandem mark (前炮) before the direction"),
                ("平五", "no piece comes before the direction"),
                (
                    "二炮二平五",
                    "'二炮二' is not a piece and its file (炮二), a tandem mark and a piece (前炮), \
                     or a place in tandem and a piece (一兵)",
                ),
                // No file holds six soldiers: places in tandem go to five.
                (
                    "六兵平五",
                    "'六兵' is not a piece and its file (炮二), a tandem mark and a piece (前炮), \
                     or a place in tandem and a piece (一兵)",
                ),
                (
                    "炮二平五马８进７",
                    "a Chinese move has four or five characters, such as 炮二平五; this text has 8",
                ),
                ("C2.5", "'C' is not a piece, a tandem mark (前 中 后), a direction (进 退 平) or a number"),
            ],
        );
    }

    #[test]
    fn every_number_form_reads_as_its_number_and_no_other_character_does() {
        for number in 1..=9_u8 {
            let i = usize::from(number - 1);
            for c in [NUMERALS[i], FULL_WIDTH_DIGITS[i], char::from(b'0' + number)] {
                assert_eq!(glyph(c), Some(Glyph::Number(number)), "{c}");
            }
        }
        for c in ['0', '０', '十', '零', 'a', '　'] {
            assert_eq!(glyph(c), None, "{c}");
        }
    }

    #[test]
    fn moves_written_together_are_split() {
        let split = |word| split_run_together(word).collect::<Vec<_>>();
        assert_eq!(split("炮二平五马８进７"), [(0, "炮二平五"), (4, "马８进７")]);
        assert_eq!(split("前兵三平四卒７进１"), [(0, "前兵三平四"), (5, "卒７进１")]);
        assert_eq!(split("炮二平五"), [(0, "炮二平五")]);
        assert_eq!(split("炮二平五马"), [(0, "炮二平五"), (4, "马")]);
    }
}
