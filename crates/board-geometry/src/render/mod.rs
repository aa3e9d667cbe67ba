//! Pictures of a grid: plain text for snapshots and any terminal, Unicode box
//! lines with Chinese characters for terminals that show them ([`box_picture`]),
//! the labels on their edges, and how a picture is styled ([`TextStyle`]).

mod boxes;
mod style;
mod svg;

pub use boxes::{BoxLayout, Cell, box_picture};
pub use style::{ANSI_RESET, Glyphs, Ink, TextStyle, char_width, display_width, paint};
pub use svg::{
    Mark, SVG_BOARD_FILL, SVG_CELL, SVG_COVERED, SVG_MARGIN_TOP, SVG_MARGIN_X, SVG_MOVE, SVG_PIECE_FILL,
    SvgBoard, SvgPiece,
};

use crate::{File, Grid, Rank, RowColumn, Square};

/// How the edges of a picture are labelled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Labels {
    /// Files by letter and ranks by their number in the grid's notation (`a`..`i`, `0`..`9`).
    Notation,
    /// Rows and columns numbered as a judge task numbers them.
    RowColumn(RowColumn),
}

impl Labels {
    /// The label of `file`.
    #[must_use]
    pub fn file<G: Grid>(self, file: File<G>) -> String {
        match self {
            Labels::Notation => file.letter().to_string(),
            Labels::RowColumn(convention) => convention.column_of_file(file).to_string(),
        }
    }

    /// The label of `rank`.
    #[must_use]
    pub fn rank<G: Grid>(self, rank: Rank<G>) -> String {
        match self {
            Labels::Notation => rank.number().to_string(),
            Labels::RowColumn(convention) => convention.row_of_rank(rank).to_string(),
        }
    }
}

/// Draws grid `G` as text, top rank first, one character per square as given
/// by `cell`, with rank labels on the left and file labels underneath.
///
/// ```
/// use board_geometry::render::{picture, Labels};
/// use board_geometry::EightByEight;
///
/// let text = picture::<EightByEight>(|square| if square.index() == 0 { 'K' } else { '.' }, Labels::Notation);
/// assert!(text.ends_with("1 K . . . . . . .\n  a b c d e f g h\n"));
/// ```
#[must_use]
pub fn picture<G: Grid>(cell: impl Fn(Square<G>) -> char, labels: Labels) -> String {
    let width = Rank::<G>::all().map(|rank| labels.rank(rank).len()).max().unwrap_or(0);
    let mut text = String::new();
    for rank in Rank::<G>::all().rev() {
        text.push_str(&format!("{:>width$}", labels.rank(rank)));
        for file in File::<G>::all() {
            text.push(' ');
            text.push(cell(Square::new(file, rank)));
        }
        text.push('\n');
    }
    text.push_str(&" ".repeat(width));
    for file in File::<G>::all() {
        text.push(' ');
        text.push_str(&labels.file(file));
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NineByTen, RowsFrom};

    #[test]
    fn pictures_put_the_top_rank_first_and_label_both_edges() {
        let text = picture::<NineByTen>(|s| if s.index() == 4 { 'K' } else { '.' }, Labels::Notation);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "9 . . . . . . . . .");
        assert_eq!(lines[9], "0 . . . . K . . . .");
        assert_eq!(lines[10], "  a b c d e f g h i");
        let from_bottom = Labels::RowColumn(RowColumn::new(RowsFrom::Bottom, 0));
        let text = picture::<NineByTen>(|_| '.', from_bottom);
        assert!(text.ends_with("0 . . . . . . . . .\n  0 1 2 3 4 5 6 7 8\n"));
        let from_top = Labels::RowColumn(RowColumn::new(RowsFrom::Top, 1));
        let text = picture::<NineByTen>(|_| '.', from_top);
        assert!(text.starts_with(" 1 . . . . . . . . .\n"));
        assert!(text.ends_with("10 . . . . . . . . .\n   1 2 3 4 5 6 7 8 9\n"));
    }
}
