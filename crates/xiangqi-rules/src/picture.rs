//! Pictures of a board: plain text for terminals and snapshots, SVG for pages.

use std::fmt::Write as _;

use board_geometry::NineByTen;
use board_geometry::render::{
    BoxLayout, Cell, Glyphs, Ink, Labels, Mark, SvgBoard, SvgPiece, TextStyle, box_picture,
};

use crate::{Board, Color, File, Piece, PieceKind, Rank, Square, SquareSet};

impl Board {
    /// A text picture of the board, red at the bottom: every point labelled on all
    /// four edges as `labels` says, each piece drawn as `letter` says, the river
    /// between ranks 4 and 5, and the palace diagonals. Points in `marked` that
    /// hold no piece are drawn as `*`.
    ///
    /// ```
    /// use xiangqi_rules::{Board, RowColumn, RowsFrom, SquareSet};
    /// use xiangqi_rules::render::Labels;
    ///
    /// let picture = Board::start().text_picture(SquareSet::EMPTY, Labels::Notation, |piece| piece.letter());
    /// assert!(picture.starts_with("     a   b   c   d   e   f   g   h   i\n"));
    /// assert!(picture.contains(" 0   R---N---B---A---K---A---B---N---R   0\n"));
    /// // Rows 1..10 from the top, as UVa 1589 numbers them.
    /// let judge = Labels::RowColumn(RowColumn::new(RowsFrom::Top, 1));
    /// let picture = Board::start().text_picture(SquareSet::EMPTY, judge, |piece| piece.letter());
    /// assert!(picture.contains("10   R---N---B---A---K---A---B---N---R   10\n"));
    /// ```
    #[must_use]
    pub fn text_picture(&self, marked: SquareSet, labels: Labels, letter: impl Fn(Piece) -> char) -> String {
        let files: String = File::all().map(|f| format!("{:<4}", labels.file(f))).collect();
        let header = format!("     {}\n", files.trim_end());
        let mut text = header.clone();
        for rank in Rank::all().rev() {
            let points: Vec<String> = File::all()
                .map(|file| {
                    let square = Square::new(file, rank);
                    match self.piece_at(square) {
                        Some(piece) => letter(piece).to_string(),
                        None if marked.contains(square) => "*".to_string(),
                        None => "+".to_string(),
                    }
                })
                .collect();
            let label = labels.rank(rank);
            let _ = writeln!(text, "{label:>2}   {}   {label}", points.join("---"));
            let _ = match rank.index() {
                0 => Ok(()),
                5 => writeln!(text, "     |{:^31}|", "river"),
                9 | 2 => writeln!(text, "     |   |   |   | \\ | / |   |   |   |"),
                8 | 1 => writeln!(text, "     |   |   |   | / | \\ |   |   |   |"),
                _ => writeln!(text, "     |   |   |   |   |   |   |   |   |"),
            };
        }
        text.push_str(&header);
        text
    }
}

/// The words in the river of the Chinese pictures: 楚河 (the Chu river) and 漢界 (the Han border).
const RIVER: &str = "楚河          漢界";

/// Black's file numbers, 1 to 9 from black's right (red's left), as Chinese notation writes them.
const BLACK_FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];

/// Red's file numbers, 九 to 一 from red's left: red counts from its right.
const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];

impl Board {
    /// A text picture of the board in Chinese characters on Unicode box lines, red
    /// at the bottom, for a terminal: the pieces as [`piece_character`] writes
    /// them, the river (楚河 漢界) between ranks 4 and 5 and the palace diagonals;
    /// every point two columns wide so that the characters line up. Ranks and
    /// files are labelled as `labels` says; with [`Labels::Notation`] each
    /// player's file numbers are written on its own side too (black's １..９ at
    /// the top, red's 九..一 at the bottom). Points in `marked` that hold no
    /// piece are drawn as `＊`. With `color`, red pieces are red, black pieces
    /// bold, marks green and lines yellow (ANSI escapes).
    ///
    /// ```
    /// use xiangqi_rules::{Board, SquareSet};
    /// use xiangqi_rules::render::Labels;
    ///
    /// let picture = Board::start().chinese_picture(SquareSet::EMPTY, Labels::Notation, false);
    /// assert!(picture.starts_with("     １  ２  ３  ４  ５  ６  ７  ８  ９\n     a   b   c"));
    /// assert!(picture.contains(" 0   俥──傌──相──仕──帥──仕──相──傌──俥  0\n"));
    /// assert!(picture.ends_with("     九  八  七  六  五  四  三  二  一\n"));
    /// ```
    #[must_use]
    pub fn chinese_picture(&self, marked: SquareSet, labels: Labels, color: bool) -> String {
        let numbers = |names: [&str; 9]| match labels {
            Labels::Notation => names.iter().map(ToString::to_string).collect(),
            Labels::RowColumn(_) => Vec::new(),
        };
        let layout = BoxLayout {
            river: Some(RIVER.to_string()),
            palaces: true,
            top: numbers(BLACK_FILES),
            bottom: numbers(RED_FILES),
        };
        let cell = |square: Square| match self.piece_at(square) {
            Some(piece) => Cell::Piece { glyph: piece_character(piece), ink: ink(piece.color) },
            None if marked.contains(square) => Cell::Marked,
            None => Cell::Empty,
        };
        box_picture(cell, labels, &layout, color)
    }
}

impl Board {
    /// A text picture of the board in `style`: [`Board::text_picture`] with the letters
    /// `letter` gives for [`Glyphs::Ascii`], [`Board::chinese_picture`] for [`Glyphs::Chinese`].
    ///
    /// ```
    /// use xiangqi_rules::render::{Labels, TextStyle};
    /// use xiangqi_rules::{Board, Piece, SquareSet};
    ///
    /// let board = Board::start();
    /// let ascii = board.styled_picture(SquareSet::EMPTY, Labels::Notation, TextStyle::ASCII, Piece::letter);
    /// assert_eq!(ascii, board.text_picture(SquareSet::EMPTY, Labels::Notation, Piece::letter));
    /// let chinese = board.styled_picture(SquareSet::EMPTY, Labels::Notation, TextStyle::chinese(false), Piece::letter);
    /// assert!(chinese.contains('帥'));
    /// ```
    #[must_use]
    pub fn styled_picture(
        &self,
        marked: SquareSet,
        labels: Labels,
        style: TextStyle,
        letter: impl Fn(Piece) -> char,
    ) -> String {
        match style.glyphs {
            Glyphs::Ascii => self.text_picture(marked, labels, letter),
            Glyphs::Chinese => self.chinese_picture(marked, labels, style.color),
        }
    }
}

/// The colour a side's pieces are drawn in.
const fn ink(color: Color) -> Ink {
    match color {
        Color::Red => Ink::Red,
        Color::Black => Ink::Black,
    }
}

/// The character written on `piece`: red 帥仕相傌俥炮兵, black 將士象馬車砲卒.
///
/// ```
/// use xiangqi_rules::{Color, Piece, PieceKind, piece_character};
///
/// assert_eq!(piece_character(Piece::new(Color::Red, PieceKind::Cannon)), '炮');
/// assert_eq!(piece_character(Piece::new(Color::Black, PieceKind::Cannon)), '砲');
/// ```
#[must_use]
pub const fn piece_character(piece: Piece) -> char {
    match (piece.color, piece.kind) {
        (Color::Red, PieceKind::General) => '帥',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Red, PieceKind::Horse) => '傌',
        (Color::Red, PieceKind::Chariot) => '俥',
        (Color::Red, PieceKind::Cannon) => '炮',
        (Color::Red, PieceKind::Soldier) => '兵',
        (Color::Black, PieceKind::General) => '將',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Black, PieceKind::Elephant) => '象',
        (Color::Black, PieceKind::Horse) => '馬',
        (Color::Black, PieceKind::Chariot) => '車',
        (Color::Black, PieceKind::Cannon) => '砲',
        (Color::Black, PieceKind::Soldier) => '卒',
    }
}

impl Board {
    /// An SVG diagram of the board as printed boards show it, red at the bottom:
    /// the lines with the river (楚 河, 漢 界) and the palace diagonals, the
    /// corner marks of the soldiers' and cannons' starting points, the ICCS file
    /// letters on both edges with each player's file numbers outside them (red's
    /// 九..一 below, black's 1..9 above), rank numbers on both sides, and the
    /// pieces in their characters ([`piece_character`]). Set its fields to flip
    /// it, mark points or draw a move, then [`render`](SvgBoard::render) it.
    ///
    /// ```
    /// use xiangqi_rules::Board;
    ///
    /// let mut diagram = Board::start().svg_diagram();
    /// diagram.flip = true;
    /// diagram.arrow = Some(("h2".parse()?, "e2".parse()?));
    /// let svg = diagram.render();
    /// assert!(svg.contains("<title>red cannon on h2</title>"));
    /// # Ok::<(), xiangqi_rules::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn svg_diagram(&self) -> SvgBoard<NineByTen> {
        SvgBoard {
            river: Some(["楚 河".to_string(), "漢 界".to_string()]),
            palaces: true,
            position_marks: position_marks(),
            bottom_side_numbers: RED_FILES.iter().map(ToString::to_string).collect(),
            top_side_numbers: (1..=9).map(|number: u8| number.to_string()).collect(),
            pieces: self
                .pieces()
                .map(|(square, piece)| {
                    SvgPiece::titled(square, piece, piece_character(piece), ink(piece.color))
                })
                .collect(),
            ..SvgBoard::default()
        }
    }
}

/// The points printed boards mark with small corners: where the soldiers and the cannons start.
fn position_marks() -> SquareSet {
    let mut marks = SquareSet::EMPTY;
    for rank in [3, 6] {
        for file in [0, 2, 4, 6, 8] {
            marks.extend(Square::from_coords(file, rank));
        }
    }
    for rank in [2, 7] {
        for file in [1, 7] {
            marks.extend(Square::from_coords(file, rank));
        }
    }
    marks
}

impl Board {
    /// An SVG picture of the board (see [`Board::svg_diagram`]) with a green ring on each point of `marked`.
    #[must_use]
    pub fn svg_picture(&self, marked: SquareSet) -> String {
        let mut diagram = self.svg_diagram();
        diagram.marks = marked.into_iter().map(|square| (square, Mark::Ring)).collect();
        diagram.render()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_picture() {
        let files = "     a   b   c   d   e   f   g   h   i\n";
        let expected = files.to_string()
            + " 9   r---n---b---a---k---a---b---n---r   9
     |   |   |   | \\ | / |   |   |   |
 8   +---+---+---+---+---+---+---+---+   8
     |   |   |   | / | \\ |   |   |   |
 7   +---c---+---+---+---+---+---c---+   7
     |   |   |   |   |   |   |   |   |
 6   p---+---p---+---p---+---p---+---p   6
     |   |   |   |   |   |   |   |   |
 5   +---+---+---+---+---+---+---+---+   5
     |             river             |
 4   +---+---+---+---+---+---+---+---+   4
     |   |   |   |   |   |   |   |   |
 3   P---+---P---+---P---+---P---+---P   3
     |   |   |   |   |   |   |   |   |
 2   +---C---+---+---+---+---+---C---+   2
     |   |   |   | \\ | / |   |   |   |
 1   +---+---+---+---+---+---+---+---+   1
     |   |   |   | / | \\ |   |   |   |
 0   R---N---B---A---K---A---B---N---R   0
" + files;
        assert_eq!(Board::start().to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR");
        assert_eq!(crate::Setup::start().picture(), expected);
    }

    #[test]
    fn marked_points_show_only_where_no_piece_stands() {
        let marked = SquareSet::from_square("e1".parse().unwrap()).with("e0".parse().unwrap());
        let text = Board::start().text_picture(marked, Labels::Notation, Piece::letter);
        assert!(text.contains("\n 1   +---+---+---+---*---+---+---+---+   1\n"), "{text}");
        assert!(text.contains("\n 0   R---N---B---A---K---A---B---N---R   0\n"), "{text}");
        assert_eq!(text.matches('*').count(), 1);
        let chinese = Board::start().chinese_picture(marked, Labels::Notation, false);
        assert_eq!(chinese.matches('＊').count(), 1, "{chinese}");
        assert_eq!(
            Board::start().chinese_picture(SquareSet::EMPTY, Labels::Notation, false).matches('＊').count(),
            0
        );
    }

    #[test]
    fn the_diagram_has_palaces_a_river_and_both_sides_file_numbers() {
        let diagram = Board::start().svg_diagram();
        assert!(diagram.palaces);
        assert_eq!(diagram.labels, Labels::Notation);
        assert_eq!(diagram.top_side_numbers, ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
        assert_eq!(diagram.bottom_side_numbers, ["九", "八", "七", "六", "五", "四", "三", "二", "一"]);
        assert_eq!(diagram.pieces.len(), 32);
    }

    #[test]
    fn svg_has_every_piece_and_mark() {
        let e1: Square = "e1".parse().unwrap();
        let svg = Board::start().svg_picture(SquareSet::from_square(e1));
        assert!(svg.starts_with("<svg "));
        assert_eq!(svg.matches("<title>").count(), 32);
        assert_eq!(svg.matches(r##"stroke="#2a8a2a""##).count(), 1);
        assert!(svg.contains("<title>red general on e0</title>"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<path d=\"M").count(), 14, "the soldiers' and cannons' points");
        for label in ["九", "一", ">a<", ">i<", ">9<", ">0<", "楚 河", "漢 界"] {
            assert!(svg.contains(label), "{label}");
        }
    }
}
