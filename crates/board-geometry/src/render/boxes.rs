//! Pictures of a board of lines and points drawn with Unicode box characters,
//! pieces as Chinese characters two columns wide, laid out to align in a terminal.

use super::Labels;
use super::style::{Ink, display_width, paint};
use crate::{File, Grid, Rank, Square};

/// What a point of a [`box_picture`] shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nothing: the crossing of the lines.
    Empty,
    /// An empty point marked for attention, drawn as a full-width `＊`.
    Marked,
    /// A piece: a character two columns wide, such as `俥`, and its colour.
    Piece {
        /// The character.
        glyph: char,
        /// Its colour, when the picture is coloured.
        ink: Ink,
    },
}

/// What a [`box_picture`] draws beyond the plain grid of lines.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoxLayout {
    /// The words written in the river between the two middle ranks; the inner
    /// files stop at its banks. `None`: no river, every file runs through.
    pub river: Option<String>,
    /// Whether to draw the diagonals of the two palaces: the middle three files
    /// of the three ranks at each end.
    pub palaces: bool,
    /// Labels written above the top file labels, one per file (such as black's
    /// file numbers); empty for none.
    pub top: Vec<String>,
    /// Labels written below the bottom file labels, one per file (such as red's
    /// file numbers); empty for none.
    pub bottom: Vec<String>,
}

/// The columns from the start of a point to the start of the next.
const STEP: usize = 4;

/// The box character where the lines of a point meet, given which ways they go.
const fn junction(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (false, _, _, _) => '┬',
        (_, false, _, _) => '┴',
        (_, _, false, _) => '├',
        (_, _, _, false) => '┤',
        _ => '┼',
    }
}

/// Pads `text` with spaces to `width` terminal columns.
fn pad(out: &mut String, text: &str, width: usize) {
    out.push_str(text);
    out.push_str(&" ".repeat(width.saturating_sub(display_width(text))));
}

/// Draws grid `G` top rank first with Unicode box lines: each point is two
/// columns wide (a piece's character, or the crossing of the lines and a
/// stroke), points four columns apart, so that pieces written in Chinese
/// characters line up in a terminal. Ranks are labelled on both sides and
/// files above and below as `labels` says, with `layout`'s extra labels
/// outside those; `layout` adds the river and the palaces. With `color`,
/// pieces, marks and lines are coloured with ANSI escapes.
///
/// ```
/// use board_geometry::render::{BoxLayout, Cell, Ink, Labels, box_picture};
/// use board_geometry::NineByTen;
///
/// let layout = BoxLayout { river: Some("river".into()), palaces: true, ..BoxLayout::default() };
/// let cell = |square: board_geometry::Square<NineByTen>| match square.to_string().as_str() {
///     "e0" => Cell::Piece { glyph: '帥', ink: Ink::Red },
///     _ => Cell::Empty,
/// };
/// let text = box_picture(cell, Labels::Notation, &layout, false);
/// assert!(text.contains(" 9   ┌───┬───┬───┬───┬───┬───┬───┬───┐   9\n"));
/// assert!(text.contains(" 0   └───┴───┴───┴───帥──┴───┴───┴───┘   0\n"));
/// ```
#[must_use]
pub fn box_picture<G: Grid>(
    cell: impl Fn(Square<G>) -> Cell,
    labels: Labels,
    layout: &BoxLayout,
    color: bool,
) -> String {
    let files = usize::from(G::FILES);
    let ranks = G::RANKS;
    let label_width = Rank::<G>::all().map(|rank| labels.rank(rank).len()).max().unwrap_or(0).max(2);
    let left = label_width + 3;
    let inner = STEP * (files - 1) + 2;
    let river_above = layout.river.as_ref().map(|_| ranks / 2);
    let mut text = String::new();
    let label_row = |text: &mut String, names: &[String]| {
        if names.is_empty() {
            return;
        }
        let mut row = " ".repeat(left);
        for name in names {
            pad(&mut row, name, STEP);
        }
        text.push_str(row.trim_end());
        text.push('\n');
    };
    let file_labels: Vec<String> = File::<G>::all().map(|file| labels.file(file)).collect();
    label_row(&mut text, &layout.top);
    label_row(&mut text, &file_labels);
    for rank in Rank::<G>::all().rev() {
        let r = rank.index();
        let label = labels.rank(rank);
        text.push_str(&format!("{label:>label_width$}   "));
        for file in File::<G>::all() {
            let f = file.index();
            let (first, last) = (f == 0, usize::from(f) + 1 == files);
            let edge = first || last;
            let up = r + 1 < ranks && (edge || river_above != Some(r + 1));
            let down = r > 0 && (edge || river_above != Some(r));
            match cell(Square::new(file, rank)) {
                Cell::Piece { glyph, ink } => paint(&mut text, &glyph.to_string(), ink, color),
                Cell::Marked => paint(&mut text, "＊", Ink::Green, color),
                Cell::Empty => {
                    let cross = junction(up, down, !first, !last);
                    let stroke = if last { String::from(cross) } else { format!("{cross}─") };
                    paint(&mut text, &stroke, Ink::Board, color);
                    if last {
                        text.push(' ');
                    }
                }
            }
            if !last {
                paint(&mut text, "──", Ink::Board, color);
            }
        }
        text.push_str(&format!("  {label}\n"));
        if r == 0 {
            break;
        }
        let mut between = " ".repeat(left);
        if river_above == Some(r) {
            let words = layout.river.as_deref().unwrap_or_default();
            let span = inner - 3;
            let before = span.saturating_sub(display_width(words)) / 2;
            let mut river = " ".repeat(before);
            river.push_str(words);
            paint(&mut between, "│", Ink::Board, color);
            pad(&mut between, &river, span);
            paint(&mut between, "│", Ink::Board, color);
        } else {
            // Between rank r and r - 1: a stroke under every point, and the palace diagonals.
            let top_palace = r + 2 >= ranks;
            let bottom_palace = r <= 2;
            let middle = files / 2;
            for f in 0..files - 1 {
                paint(&mut between, "│", Ink::Board, color);
                let diagonal =
                    if layout.palaces && (top_palace || bottom_palace) && (f + 1 == middle || f == middle) {
                        // The upper row of a palace's connectors runs ╲ ╱, the lower one ╱ ╲.
                        let upper = r == ranks - 1 || r == 2;
                        Some(if upper == (f + 1 == middle) { "╲" } else { "╱" })
                    } else {
                        None
                    };
                match diagonal {
                    Some(stroke) => {
                        between.push(' ');
                        paint(&mut between, stroke, Ink::Board, color);
                        between.push(' ');
                    }
                    None => between.push_str("   "),
                }
            }
            paint(&mut between, "│", Ink::Board, color);
        }
        text.push_str(between.trim_end());
        text.push('\n');
    }
    label_row(&mut text, &file_labels);
    label_row(&mut text, &layout.bottom);
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NineByTen;

    #[test]
    fn a_xiangqi_board_of_box_lines() {
        let layout = BoxLayout {
            river: Some("楚河      漢界".into()),
            palaces: true,
            top: (1..=9).map(|n| n.to_string()).collect(),
            bottom: "九八七六五四三二一".chars().map(String::from).collect(),
        };
        let cell = |square: Square<NineByTen>| match square.to_string().as_str() {
            "e0" => Cell::Piece { glyph: '帥', ink: Ink::Red },
            "a9" => Cell::Piece { glyph: '車', ink: Ink::Black },
            "i0" => Cell::Piece { glyph: '俥', ink: Ink::Red },
            "e5" => Cell::Marked,
            _ => Cell::Empty,
        };
        let expected = "     1   2   3   4   5   6   7   8   9
     a   b   c   d   e   f   g   h   i
 9   車──┬───┬───┬───┬───┬───┬───┬───┐   9
     │   │   │   │ ╲ │ ╱ │   │   │   │
 8   ├───┼───┼───┼───┼───┼───┼───┼───┤   8
     │   │   │   │ ╱ │ ╲ │   │   │   │
 7   ├───┼───┼───┼───┼───┼───┼───┼───┤   7
     │   │   │   │   │   │   │   │   │
 6   ├───┼───┼───┼───┼───┼───┼───┼───┤   6
     │   │   │   │   │   │   │   │   │
 5   ├───┴───┴───┴───＊──┴───┴───┴───┤   5
     │        楚河      漢界         │
 4   ├───┬───┬───┬───┬───┬───┬───┬───┤   4
     │   │   │   │   │   │   │   │   │
 3   ├───┼───┼───┼───┼───┼───┼───┼───┤   3
     │   │   │   │   │   │   │   │   │
 2   ├───┼───┼───┼───┼───┼───┼───┼───┤   2
     │   │   │   │ ╲ │ ╱ │   │   │   │
 1   ├───┼───┼───┼───┼───┼───┼───┼───┤   1
     │   │   │   │ ╱ │ ╲ │   │   │   │
 0   └───┴───┴───┴───帥──┴───┴───┴───俥  0
     a   b   c   d   e   f   g   h   i
     九  八  七  六  五  四  三  二  一
";
        let text = box_picture(cell, Labels::Notation, &layout, false);
        assert_eq!(text, expected, "\n{text}");
        // Every line of points is as wide as every other, in terminal columns.
        let widths: Vec<usize> = text.lines().filter(|line| line.contains('─')).map(display_width).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}");
        let coloured = box_picture(cell, Labels::Notation, &layout, true);
        assert!(coloured.contains("\x1b[1;31m帥\x1b[0m"));
        let plain: String =
            coloured.split('\x1b').map(|part| part.split_once('m').map_or(part, |(_, rest)| rest)).collect();
        assert_eq!(plain, expected, "colour adds escapes and nothing else");
    }

    #[test]
    fn without_a_river_or_palaces_every_line_runs_through() {
        let text = box_picture::<NineByTen>(|_| Cell::Empty, Labels::Notation, &BoxLayout::default(), false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 21);
        assert_eq!(lines[9], " 5   ├───┼───┼───┼───┼───┼───┼───┼───┤   5");
        assert_eq!(lines[10], "     │   │   │   │   │   │   │   │   │");
        assert_eq!(lines[2], "     │   │   │   │   │   │   │   │   │");
    }
}
