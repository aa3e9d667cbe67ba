//! Pictures of a board: plain text for terminals and snapshots, SVG for pages.

use std::fmt::Write as _;

use board_geometry::render::Labels;

use crate::{Board, Color, File, Piece, PieceKind, Rank, Square, SquareSet};

/// A text picture of `board`, red at the bottom: every point labelled on all
/// four edges as `labels` says, each piece drawn as `letter` says, the river
/// between ranks 4 and 5, and the palace diagonals. Points in `marked` that
/// hold no piece are drawn as `*`.
///
/// ```
/// use xiangqi_rules::{Board, RowColumn, RowsFrom, SquareSet, text_picture};
/// use xiangqi_rules::render::Labels;
///
/// let picture = text_picture(&Board::start(), SquareSet::EMPTY, Labels::Notation, |piece| piece.letter());
/// assert!(picture.starts_with("     a   b   c   d   e   f   g   h   i\n"));
/// assert!(picture.contains(" 0   R---N---B---A---K---A---B---N---R   0\n"));
/// // Rows 1..10 from the top, as UVa 1589 numbers them.
/// let judge = Labels::RowColumn(RowColumn::new(RowsFrom::Top, 1));
/// let picture = text_picture(&Board::start(), SquareSet::EMPTY, judge, |piece| piece.letter());
/// assert!(picture.contains("10   R---N---B---A---K---A---B---N---R   10\n"));
/// ```
#[must_use]
pub fn text_picture(
    board: &Board,
    marked: SquareSet,
    labels: Labels,
    letter: impl Fn(Piece) -> char,
) -> String {
    let files: String = File::all().map(|f| format!("{:<4}", labels.file(f))).collect();
    let header = format!("     {}\n", files.trim_end());
    let mut text = header.clone();
    for rank in Rank::all().rev() {
        let points: Vec<String> = File::all()
            .map(|file| {
                let square = Square::new(file, rank);
                match board.piece_at(square) {
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

fn chinese_name(piece: Piece) -> char {
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

/// An SVG picture of `board`, red at the bottom, with the usual Chinese
/// characters on the pieces, file letters and rank numbers on the edges, and
/// a green ring on each point of `marked`.
#[must_use]
pub fn svg_picture(board: &Board, marked: SquareSet) -> String {
    const CELL: i32 = 50;
    const MARGIN: i32 = 45;
    let x = |file: u8| MARGIN + i32::from(file) * CELL;
    let y = |rank: u8| MARGIN + (9 - i32::from(rank)) * CELL;
    let (width, height) = (2 * MARGIN + 8 * CELL, 2 * MARGIN + 9 * CELL);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif">"##
    );
    let _ = writeln!(svg, r##"<rect width="{width}" height="{height}" fill="#f0d9a0"/>"##);
    let _ = writeln!(svg, r##"<g stroke="#5a3a1a" stroke-width="1.5">"##);
    for rank in 0..10 {
        let _ = writeln!(svg, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, x(0), y(rank), x(8), y(rank));
    }
    for file in 0..9 {
        if file == 0 || file == 8 {
            let _ = writeln!(svg, r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>"#, x(file), y(0), y(9));
        } else {
            let _ = writeln!(svg, r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>"#, x(file), y(0), y(4));
            let _ = writeln!(svg, r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>"#, x(file), y(5), y(9));
        }
    }
    for (low, high) in [(0, 2), (7, 9)] {
        let _ = writeln!(svg, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, x(3), y(low), x(5), y(high));
        let _ = writeln!(svg, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, x(5), y(low), x(3), y(high));
    }
    let _ = writeln!(svg, "</g>");
    let river = y(4) - CELL / 2 + 8;
    let _ = writeln!(
        svg,
        r##"<text x="{}" y="{river}" font-size="22" text-anchor="middle" fill="#5a3a1a">楚 河　　　　漢 界</text>"##,
        x(4)
    );
    for file in File::all() {
        for (label_y, anchor) in [(MARGIN - 25, "auto"), (height - MARGIN + 35, "auto")] {
            let _ = writeln!(
                svg,
                r##"<text x="{}" y="{label_y}" font-size="16" text-anchor="middle" dominant-baseline="{anchor}" fill="#5a3a1a">{}</text>"##,
                x(file.index()),
                file.letter()
            );
        }
    }
    for rank in Rank::all() {
        for label_x in [MARGIN - 30, width - MARGIN + 30] {
            let _ = writeln!(
                svg,
                r##"<text x="{label_x}" y="{}" font-size="16" text-anchor="middle" fill="#5a3a1a">{}</text>"##,
                y(rank.index()) + 6,
                rank.number()
            );
        }
    }
    for square in marked {
        let (cx, cy) = (x(square.file().index()), y(square.rank().index()));
        let _ = writeln!(
            svg,
            r##"<circle cx="{cx}" cy="{cy}" r="23" fill="none" stroke="#2a8a2a" stroke-width="4"/>"##
        );
    }
    for (square, piece) in board.pieces() {
        let (cx, cy) = (x(square.file().index()), y(square.rank().index()));
        let color = match piece.color {
            Color::Red => "#b01818",
            Color::Black => "#202020",
        };
        let _ = writeln!(
            svg,
            r##"<g><title>{piece} on {square}</title><circle cx="{cx}" cy="{cy}" r="21" fill="#fbeccb" stroke="{color}" stroke-width="2"/><text x="{cx}" y="{}" font-size="24" text-anchor="middle" fill="{color}">{}</text></g>"##,
            cy + 8,
            chinese_name(piece)
        );
    }
    svg.push_str("</svg>\n");
    svg
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
    fn svg_has_every_piece_and_mark() {
        let e1: Square = "e1".parse().unwrap();
        let svg = svg_picture(&Board::start(), SquareSet::from_square(e1));
        assert!(svg.starts_with("<svg "));
        assert_eq!(svg.matches("<title>").count(), 32);
        assert_eq!(svg.matches(r##"stroke="#2a8a2a""##).count(), 1);
        assert!(svg.contains("<title>red general on e0</title>"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}
