//! WXF notation: `C2.5`, `H2+3`, `R+.3` (read also `+R.3`), `++.4`, `3+.4`.

use crate::PieceKind;
use crate::notation::descriptive::{Designation, Direction, Mark, Reading, Standing, file_digit_is_taken};
use crate::notation::{Crowding, Notation, PieceName, SyntaxError};

/// An end of a file: the tandem marks `+` (front) and `-` (rear).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    Front,
    Rear,
}

impl End {
    const fn mark(self) -> Mark {
        match self {
            End::Front => Mark::Front,
            End::Rear => Mark::Rear,
        }
    }

    const fn symbol(self) -> char {
        match self {
            End::Front => '+',
            End::Rear => '-',
        }
    }

    const fn from_symbol(symbol: char) -> Option<End> {
        match symbol {
            '+' => Some(End::Front),
            '-' => Some(End::Rear),
            _ => None,
        }
    }
}

/// How WXF names the piece that moves: the first two characters of a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum WxfName {
    /// `C2`: the piece and its file (also the middle one of three or five soldiers).
    File(u8),
    /// `R+`, `R-` (read also `+R`, `-R`): the front or rear of two or three on
    /// one file; with four or five soldiers, the second from the front or from the rear.
    Tandem(End),
    /// `++`, `--`: the foremost or rearmost of four or five soldiers on one file.
    Extreme(End),
    /// `3+`, `33`, `3-`: a soldier on file 3 while two or more files hold two or more soldiers.
    FileMark(u8, Mark),
}

fn too_crowded(kind: PieceKind, standing: Standing) -> Crowding {
    let notation = Notation::Wxf;
    if standing.doubled_files >= 2 && standing.on_file <= 3 {
        Crowding::DoubledFiles { notation, kind, files: standing.doubled_files }
    } else {
        Crowding::CrowdedFile { notation, kind, count: standing.on_file }
    }
}

impl Designation for WxfName {
    fn canonical(kind: PieceKind, standing: Standing) -> Result<WxfName, Crowding> {
        let Standing { file, index, on_file, doubled_files, .. } = standing;
        if on_file <= 1 || matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
            return Ok(WxfName::File(file));
        }
        let last = on_file - 1;
        match on_file {
            2 | 3 if doubled_files >= 2 && kind == PieceKind::Soldier => {
                Ok(WxfName::FileMark(file, Mark::of(standing)))
            }
            2 | 3 if doubled_files < 2 => Ok(match index {
                0 => WxfName::Tandem(End::Front),
                i if i == last => WxfName::Tandem(End::Rear),
                _ => WxfName::File(file),
            }),
            4 | 5 if doubled_files < 2 && kind == PieceKind::Soldier => Ok(match index {
                0 => WxfName::Extreme(End::Front),
                i if i == last => WxfName::Extreme(End::Rear),
                1 => WxfName::Tandem(End::Front),
                i if i + 1 == last => WxfName::Tandem(End::Rear),
                _ => WxfName::File(file),
            }),
            _ => Err(too_crowded(kind, standing)),
        }
    }

    fn loosely_names(self, kind: PieceKind, standing: Standing) -> bool {
        match self {
            WxfName::File(file) => standing.file == file && !file_digit_is_taken(kind, standing, self),
            WxfName::Tandem(end) => standing.on_file <= 3 && end.mark().fits(standing),
            WxfName::Extreme(end) => standing.on_file >= 4 && end.mark().fits(standing),
            WxfName::FileMark(file, mark) => {
                standing.file == file && standing.on_file <= 3 && mark.fits(standing)
            }
        }
    }

    fn piece_name(self) -> PieceName {
        match self {
            WxfName::File(file) => PieceName::File(file),
            WxfName::Tandem(_) => PieceName::Tandem,
            WxfName::Extreme(_) => PieceName::Extreme,
            WxfName::FileMark(file, Mark::Middle) => PieceName::MiddleOnFile(file),
            WxfName::FileMark(file, _) => PieceName::TandemOnFile(file),
        }
    }

    fn file(self) -> Option<u8> {
        match self {
            WxfName::File(file) | WxfName::FileMark(file, _) => Some(file),
            WxfName::Tandem(_) | WxfName::Extreme(_) => None,
        }
    }
}

const fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::General => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Chariot => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Soldier => 'P',
    }
}

const fn kind_of_letter(letter: char) -> Option<PieceKind> {
    Some(match letter.to_ascii_uppercase() {
        'K' | 'G' => PieceKind::General,
        'A' => PieceKind::Advisor,
        'E' | 'B' => PieceKind::Elephant,
        'H' | 'N' => PieceKind::Horse,
        'R' => PieceKind::Chariot,
        'C' => PieceKind::Cannon,
        'P' | 'S' => PieceKind::Soldier,
        _ => return None,
    })
}

fn digit(c: char) -> Option<u8> {
    c.to_digit(10).filter(|d| (1..=9).contains(d)).map(|d| d as u8)
}

const fn digit_char(number: u8) -> char {
    (b'0' + number) as char
}

/// Writes a reading as its four characters.
pub(crate) fn write(reading: Reading<WxfName>) -> String {
    let (first, second) = match reading.designation {
        WxfName::File(file) => (letter(reading.kind), digit_char(file)),
        WxfName::Tandem(end) => (letter(reading.kind), end.symbol()),
        WxfName::Extreme(end) => (end.symbol(), end.symbol()),
        WxfName::FileMark(file, Mark::Front) => (digit_char(file), '+'),
        WxfName::FileMark(file, Mark::Middle) => (digit_char(file), digit_char(file)),
        WxfName::FileMark(file, Mark::Rear) => (digit_char(file), '-'),
    };
    let direction = match reading.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '.',
    };
    [first, second, direction, digit_char(reading.number)].iter().collect()
}

/// Reads a WXF move: four characters, letters in either case, `=` for `.`,
/// a tandem mark before or after the letter (`+R.3`, `R+.3`); three
/// characters (`C25`) are read as a sideways move, as some books write it.
/// Full-width forms are the caller's to turn into ASCII first.
///
/// # Errors
/// What is wrong, naming the character.
pub(crate) fn read(text: &str) -> Result<Reading<WxfName>, SyntaxError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(SyntaxError::Empty);
    }
    let chars: Vec<char> = text.chars().take(5).collect();
    let (c0, c1, c2, c3) = match chars[..] {
        [c0, c1, c2, c3] => (c0, c1, Some(c2), c3),
        [c0, c1, c3] if c1.is_ascii_digit() && c3.is_ascii_digit() => (c0, c1, None, c3),
        _ => return Err(SyntaxError::WxfLength { count: text.chars().count() }),
    };
    let (kind, designation) = read_name(c0, c1)?;
    let direction = match c2 {
        None | Some('.' | '=') => Direction::Sideways,
        Some('+') => Direction::Forward,
        Some('-') => Direction::Backward,
        Some(found) => return Err(SyntaxError::NotADirection { found }),
    };
    let number = digit(c3).ok_or(SyntaxError::NotANumber { found: c3 })?;
    Ok(Reading { kind, designation, direction, number })
}

/// Reads the first two characters: the piece and its file or tandem mark.
fn read_name(c0: char, c1: char) -> Result<(PieceKind, WxfName), SyntaxError> {
    if let Some(kind) = kind_of_letter(c0) {
        return match (digit(c1), End::from_symbol(c1)) {
            (Some(file), _) => Ok((kind, WxfName::File(file))),
            (_, Some(end)) => Ok((kind, WxfName::Tandem(end))),
            _ => Err(SyntaxError::NotAFileOrTandemMark { found: c1 }),
        };
    }
    if let Some(file) = digit(c0) {
        return match (digit(c1), End::from_symbol(c1)) {
            (Some(again), _) if again == file => {
                Ok((PieceKind::Soldier, WxfName::FileMark(file, Mark::Middle)))
            }
            (_, Some(end)) => Ok((PieceKind::Soldier, WxfName::FileMark(file, end.mark()))),
            _ => Err(SyntaxError::NotADoubledFile { text: format!("{c0}{c1}"), file }),
        };
    }
    if let Some(end) = End::from_symbol(c0) {
        return match kind_of_letter(c1) {
            _ if c1 == c0 => Ok((PieceKind::Soldier, WxfName::Extreme(end))),
            // The mark before the letter (`+P+1`, `-C-2`), as the WXF's own game
            // database writes tandem pieces: the same name as `P++1`, `C--2`.
            Some(kind) => Ok((kind, WxfName::Tandem(end))),
            None => Err(SyntaxError::NotATandemMark { text: format!("{c0}{c1}") }),
        };
    }
    Err(SyntaxError::NotAPieceLetter { found: c0 })
}

#[cfg(test)]
mod tests {
    use board_geometry::testing::assert_gives;

    use super::*;

    fn reading(kind: PieceKind, designation: WxfName, direction: Direction, number: u8) -> Reading<WxfName> {
        Reading { kind, designation, direction, number }
    }

    #[test]
    fn every_form_reads_and_writes_back() {
        use Direction::{Backward, Forward, Sideways};
        use PieceKind::{Cannon, Chariot, Horse, Soldier};
        let cases = [
            ("C2.5", reading(Cannon, WxfName::File(2), Sideways, 5)),
            ("H2+3", reading(Horse, WxfName::File(2), Forward, 3)),
            ("R+.3", reading(Chariot, WxfName::Tandem(End::Front), Sideways, 3)),
            ("C--1", reading(Cannon, WxfName::Tandem(End::Rear), Backward, 1)),
            ("++.4", reading(Soldier, WxfName::Extreme(End::Front), Sideways, 4)),
            ("--+1", reading(Soldier, WxfName::Extreme(End::Rear), Forward, 1)),
            ("3+.4", reading(Soldier, WxfName::FileMark(3, Mark::Front), Sideways, 4)),
            ("33.4", reading(Soldier, WxfName::FileMark(3, Mark::Middle), Sideways, 4)),
            ("7-.6", reading(Soldier, WxfName::FileMark(7, Mark::Rear), Sideways, 6)),
        ];
        for (text, expected) in cases {
            assert_eq!(read(text), Ok(expected), "{text}");
            assert_eq!(write(expected), text);
        }
    }

    #[test]
    fn lenient_forms_read_as_the_canonical_ones() {
        for (lenient, canonical) in [
            ("C2=5", "C2.5"),
            ("c2.5", "C2.5"),
            (" C2.5 ", "C2.5"),
            ("C25", "C2.5"),
            ("B3+5", "E3+5"),
            ("N2+3", "H2+3"),
            ("G5+1", "K5+1"),
            ("S7+1", "P7+1"),
            // The mark before the letter, as the WXF's game database writes it.
            ("+P+1", "P++1"),
            ("-C-2", "C--2"),
            ("+R=8", "R+.8"),
            ("+H+3", "H++3"),
            ("-r.4", "R-.4"),
        ] {
            assert_eq!(read(lenient).map(write), Ok(canonical.to_string()), "{lenient}");
        }
    }

    #[test]
    fn errors_name_the_bad_part() {
        let error = |text| read(text).unwrap_err().to_string();
        assert_gives(
            error,
            &[
                ("", "the text is empty"),
                ("Q2.5", "'Q' is not a piece letter (K A E H R C P, also B N G S)"),
                ("C2,5", "',' is not a direction (+ forward, - backward, . or = sideways)"),
                ("C2.0", "'0' is not a number (1-9)"),
                ("Cx.5", "'x' after the piece letter is neither a file (1-9) nor a tandem mark (+ or -)"),
                ("炮二平五", "'炮' is not a piece letter (K A E H R C P, also B N G S)"),
                (
                    "C2.55",
                    "a WXF move has four characters (piece, file, direction, number), such as C2.5, but this text has 5",
                ),
                (
                    "35.4",
                    "'35' is not a soldier on a doubled file: those are written with the file, then +, - or the file again (3+, 33, 3-)",
                ),
            ],
        );
        for (text, mark) in [("+-.4", "+-"), ("-+.4", "-+"), ("+Q+1", "+Q"), ("-9-2", "-9")] {
            assert_eq!(
                error(text),
                format!(
                    "'{mark}' is not a tandem mark: the front or rear piece of two on a file is written \
                     with its letter (R+ or +R, R- or -R), the foremost or rearmost of four or five soldiers ++ or --"
                )
            );
        }
        // Three characters are a sideways move only as piece, file, file.
        for three in ["R+3", "C2x", "C+x"] {
            assert_eq!(
                error(three),
                "a WXF move has four characters (piece, file, direction, number), such as C2.5, but this text has 3",
                "{three}"
            );
        }
    }
}
