//! SVG pictures of a board of lines and points, with pieces in Chinese
//! characters: what a printed diagram of xiangqi or duck chess looks like.

use core::fmt::{self, Write as _};

use super::Labels;
use super::style::Ink;
use crate::{File, Grid, Piece, Rank, Square, SquareSet};

/// The distance between two neighbouring points, in SVG units (pixels at scale 1).
pub const SVG_CELL: i32 = 50;
/// The space left of the leftmost file and right of the rightmost one.
pub const SVG_MARGIN_X: i32 = 45;
/// The space above the top rank, for two rows of file labels.
pub const SVG_MARGIN_TOP: i32 = 70;

/// The colours of the SVG pictures.
impl Ink {
    /// The colour as an SVG colour: the pieces' red, black and blue, the
    /// marks' green, and the board's brown lines.
    #[must_use]
    pub const fn svg(self) -> &'static str {
        match self {
            Ink::Red => "#b01818",
            Ink::Black => "#202020",
            Ink::Blue => "#1a4fa0",
            Ink::Green => "#2a8a2a",
            Ink::Board => "#5a3a1a",
        }
    }
}

/// The colour of the board under the lines.
pub const SVG_BOARD_FILL: &str = "#f0d9a0";
/// The colour of a piece's disc.
pub const SVG_PIECE_FILL: &str = "#fbeccb";
/// The colour of a marked move: its arrow and rings.
pub const SVG_MOVE: &str = "#2060d0";
/// The colour of a point marked as covered.
pub const SVG_COVERED: &str = "#c02020";

/// A piece on an [`SvgBoard`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SvgPiece<G: Grid> {
    /// Where it stands.
    pub square: Square<G>,
    /// The character on it.
    pub glyph: char,
    /// The colour of its character and rim.
    pub ink: Ink,
    /// What a reader's tooltip says about it, such as `red general on e0`.
    pub title: String,
}

impl<G: Grid> SvgPiece<G> {
    /// `piece` on `square`, drawn as `glyph` in `ink` and titled as it is
    /// written and where it stands: `red cannon on h2`.
    #[must_use]
    pub fn titled<S: fmt::Display, K: fmt::Display>(
        square: Square<G>,
        piece: Piece<S, K>,
        glyph: char,
        ink: Ink,
    ) -> SvgPiece<G> {
        SvgPiece { square, glyph, ink, title: format!("{piece} on {square}") }
    }
}

/// How a point of an [`SvgBoard`] is marked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A green ring: a point to look at.
    Ring,
    /// A green ring with a dot: a point that is safe to go to.
    Safe,
    /// A dashed red ring with a cross: a point that is covered.
    Covered,
}

/// An SVG diagram of grid `G`: its lines (with a river and palaces where
/// asked), the little corner marks of chosen points, labels on all four
/// edges, pieces as Chinese characters on discs, marked points, and a move
/// drawn as an arrow. `Default` gives an empty board with nothing else.
///
/// ```
/// use board_geometry::render::{Ink, SvgBoard, SvgPiece};
/// use board_geometry::NineByTen;
///
/// let mut board = SvgBoard::<NineByTen>::default();
/// board.river = Some(["楚 河".into(), "漢 界".into()]);
/// board.pieces.push(SvgPiece { square: "e0".parse()?, glyph: '帥', ink: Ink::Red, title: "red general on e0".into() });
/// let svg = board.render();
/// assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
/// assert!(svg.contains(">帥</text>") && svg.contains("楚 河"));
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SvgBoard<G: Grid> {
    /// The words written in the river between the two middle ranks, left and
    /// right of the middle; the inner files stop at its banks. `None`: no river.
    pub river: Option<[String; 2]>,
    /// Whether to draw the diagonals of the palaces: the middle three files of
    /// the three ranks at each end.
    pub palaces: bool,
    /// Points drawn with small corner marks around them, as printed boards
    /// mark the soldiers' and cannons' points.
    pub position_marks: SquareSet<G>,
    /// Whether the board is seen from the top side: the top rank at the bottom
    /// and the files right to left.
    pub flip: bool,
    /// How files and ranks are labelled, on both sides of the board.
    pub labels: Labels,
    /// Labels outside the file labels on the bottom side's edge (the edge of
    /// the first rank, wherever `flip` puts it), one per file.
    pub bottom_side_numbers: Vec<String>,
    /// Labels outside the file labels on the top side's edge, one per file.
    pub top_side_numbers: Vec<String>,
    /// The pieces.
    pub pieces: Vec<SvgPiece<G>>,
    /// Marked points.
    pub marks: Vec<(Square<G>, Mark)>,
    /// A move to draw: a dashed ring on its first point, a ring on its last,
    /// and an arrow between them.
    pub arrow: Option<(Square<G>, Square<G>)>,
    /// A line of text under the board.
    pub caption: Option<String>,
    /// The picture's title, for readers and tooltips.
    pub title: Option<String>,
}

impl<G: Grid> Default for SvgBoard<G> {
    fn default() -> Self {
        SvgBoard {
            river: None,
            palaces: false,
            position_marks: SquareSet::EMPTY,
            flip: false,
            labels: Labels::Notation,
            bottom_side_numbers: Vec::new(),
            top_side_numbers: Vec::new(),
            pieces: Vec::new(),
            marks: Vec::new(),
            arrow: None,
            caption: None,
            title: None,
        }
    }
}

/// Writes `text` with `<`, `>`, `&` and `"` escaped for XML.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '&' => escaped.push_str("&amp;"),
            '"' => escaped.push_str("&quot;"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// The fonts the pieces' characters are written in: Noto CJK first (Debian's
/// `fonts-noto-cjk`), then what other systems have.
const CJK_FONTS: &str =
    "'Noto Serif CJK SC', 'Noto Sans CJK SC', 'Source Han Serif SC', 'Songti SC', SimSun, serif";

impl<G: Grid> SvgBoard<G> {
    /// The width of the picture.
    #[must_use]
    pub const fn width(&self) -> i32 {
        2 * SVG_MARGIN_X + (G::FILES as i32 - 1) * SVG_CELL
    }

    /// The height of the picture.
    #[must_use]
    pub const fn height(&self) -> i32 {
        let caption = if self.caption.is_some() { 30 } else { 0 };
        2 * SVG_MARGIN_TOP + (G::RANKS as i32 - 1) * SVG_CELL + caption
    }

    /// The centre of `square` in the picture.
    #[must_use]
    pub const fn point(&self, square: Square<G>) -> (i32, i32) {
        let (file, rank) = (square.file().index() as i32, square.rank().index() as i32);
        let (column, row) =
            if self.flip { (G::FILES as i32 - 1 - file, rank) } else { (file, G::RANKS as i32 - 1 - rank) };
        (SVG_MARGIN_X + column * SVG_CELL, SVG_MARGIN_TOP + row * SVG_CELL)
    }

    /// The x of `file`'s line.
    const fn x(&self, file: u8) -> i32 {
        let column = if self.flip { G::FILES - 1 - file } else { file };
        SVG_MARGIN_X + column as i32 * SVG_CELL
    }

    /// The y of `rank`'s line.
    const fn y(&self, rank: u8) -> i32 {
        let row = if self.flip { rank } else { G::RANKS - 1 - rank };
        SVG_MARGIN_TOP + row as i32 * SVG_CELL
    }

    /// The picture as SVG text.
    #[must_use]
    pub fn render(&self) -> String {
        let (width, height) = (self.width(), self.height());
        let (files, ranks) = (G::FILES, G::RANKS);
        let (top, bottom) = (self.y(ranks - 1).min(self.y(0)), self.y(ranks - 1).max(self.y(0)));
        let (left, right) = (self.x(0).min(self.x(files - 1)), self.x(0).max(self.x(files - 1)));
        let line_color = Ink::Board.svg();
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif">"#
        );
        if let Some(title) = &self.title {
            let _ = writeln!(svg, "<title>{}</title>", escape(title));
        }
        let _ = writeln!(svg, r#"<rect width="{width}" height="{height}" fill="{SVG_BOARD_FILL}"/>"#);
        let _ = writeln!(
            svg,
            r#"<g stroke="{line_color}" stroke-width="1.5" stroke-linecap="square" fill="none">"#
        );
        let _ = writeln!(
            svg,
            r#"<rect x="{}" y="{}" width="{}" height="{}" stroke-width="3"/>"#,
            left - 4,
            top - 4,
            right - left + 8,
            bottom - top + 8
        );
        for rank in 0..ranks {
            let y = self.y(rank);
            let _ = writeln!(svg, r#"<line x1="{left}" y1="{y}" x2="{right}" y2="{y}"/>"#);
        }
        let river = self.river.as_ref().map(|_| ranks / 2);
        for file in 0..files {
            let x = self.x(file);
            match river {
                Some(upper) if file != 0 && file != files - 1 => {
                    for (low, high) in [(0, upper - 1), (upper, ranks - 1)] {
                        let (y1, y2) = (self.y(low), self.y(high));
                        let _ = writeln!(svg, r#"<line x1="{x}" y1="{y1}" x2="{x}" y2="{y2}"/>"#);
                    }
                }
                _ => {
                    let _ = writeln!(svg, r#"<line x1="{x}" y1="{top}" x2="{x}" y2="{bottom}"/>"#);
                }
            }
        }
        if self.palaces {
            let middle = files / 2;
            for (low, high) in [(0, 2), (ranks - 3, ranks - 1)] {
                for (from, to) in [(middle - 1, middle + 1), (middle + 1, middle - 1)] {
                    let _ = writeln!(
                        svg,
                        r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                        self.x(from),
                        self.y(low),
                        self.x(to),
                        self.y(high)
                    );
                }
            }
        }
        self.position_marks_svg(&mut svg);
        let _ = writeln!(svg, "</g>");
        if let (Some([left_words, right_words]), Some(upper)) = (&self.river, river) {
            let y = (self.y(upper) + self.y(upper - 1)) / 2;
            for (words, file) in [(left_words, 2), (right_words, files - 3)] {
                let x = SVG_MARGIN_X + i32::from(file) * SVG_CELL;
                let _ = writeln!(
                    svg,
                    r#"<text x="{x}" y="{y}" font-size="24" font-family="{CJK_FONTS}" text-anchor="middle" dominant-baseline="central" fill="{line_color}">{}</text>"#,
                    escape(words)
                );
            }
        }
        self.labels_svg(&mut svg, top, bottom, left, right);
        self.move_svg(&mut svg);
        for piece in &self.pieces {
            let (cx, cy) = self.point(piece.square);
            let ink = piece.ink.svg();
            let _ = writeln!(
                svg,
                r#"<g><title>{}</title><circle cx="{cx}" cy="{cy}" r="21" fill="{SVG_PIECE_FILL}" stroke="{ink}" stroke-width="2"/><circle cx="{cx}" cy="{cy}" r="17.5" fill="none" stroke="{ink}" stroke-width="0.8"/><text x="{cx}" y="{cy}" font-size="24" font-family="{CJK_FONTS}" text-anchor="middle" dominant-baseline="central" fill="{ink}">{}</text></g>"#,
                escape(&piece.title),
                piece.glyph
            );
        }
        self.marks_svg(&mut svg);
        if let Some(caption) = &self.caption {
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{}" font-size="16" text-anchor="middle" fill="{line_color}">{}</text>"#,
                width / 2,
                height - 16,
                escape(caption)
            );
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// The small corner marks around the points of `position_marks`.
    fn position_marks_svg(&self, svg: &mut String) {
        const GAP: i32 = 4;
        const ARM: i32 = 9;
        for square in self.position_marks {
            let (cx, cy) = self.point(square);
            let mut path = String::new();
            for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                let x = cx + dx * GAP;
                let outside =
                    (x - SVG_MARGIN_X) < 0 || x > SVG_MARGIN_X + (i32::from(G::FILES) - 1) * SVG_CELL;
                if outside {
                    continue;
                }
                let y = cy + dy * GAP;
                let _ = write!(path, "M{} {y}H{x}V{}", x + dx * ARM, y + dy * ARM);
            }
            let _ = writeln!(svg, r#"<path d="{path}" stroke-width="1.2"/>"#);
        }
    }

    /// File labels above and below the board, the side numbers outside them,
    /// and rank labels left and right.
    fn labels_svg(&self, svg: &mut String, top: i32, bottom: i32, left: i32, right: i32) {
        let color = Ink::Board.svg();
        let mut label = |x: i32, y: i32, size: u8, text: &str| {
            let _ = writeln!(
                svg,
                r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" dominant-baseline="central" fill="{color}">{}</text>"#,
                escape(text)
            );
        };
        for file in File::<G>::all() {
            let x = self.x(file.index());
            let name = self.labels.file(file);
            label(x, top - 32, 15, &name);
            label(x, bottom + 32, 15, &name);
        }
        // The first rank's side sits at the bottom unless the board is flipped.
        let (near, far) = if self.flip { (top - 55, bottom + 55) } else { (bottom + 55, top - 55) };
        for (numbers, y) in [(&self.bottom_side_numbers, near), (&self.top_side_numbers, far)] {
            for (file, number) in File::<G>::all().zip(numbers.iter()) {
                label(self.x(file.index()), y, 17, number);
            }
        }
        for rank in Rank::<G>::all() {
            let y = self.y(rank.index());
            let name = self.labels.rank(rank);
            label(left - 32, y, 15, &name);
            label(right + 32, y, 15, &name);
        }
    }

    /// The move: a dashed ring where it starts, a ring where it ends, and an arrow between.
    fn move_svg(&self, svg: &mut String) {
        let Some((from, to)) = self.arrow else { return };
        let ((x1, y1), (x2, y2)) = (self.point(from), self.point(to));
        let _ = writeln!(
            svg,
            r#"<g fill="none" stroke="{SVG_MOVE}" stroke-width="3"><circle cx="{x1}" cy="{y1}" r="21" stroke-dasharray="5 4"/><circle cx="{x2}" cy="{y2}" r="24"/></g>"#
        );
        let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
        let length = dx.hypot(dy);
        if length > 0.0 {
            // From the rim of the first ring to just short of the last.
            let (ux, uy) = (dx / length, dy / length);
            let (sx, sy) = (f64::from(x1) + ux * 21.0, f64::from(y1) + uy * 21.0);
            let (ex, ey) = (f64::from(x2) - ux * 26.0, f64::from(y2) - uy * 26.0);
            let (hx, hy) = (ex - ux * 12.0, ey - uy * 12.0);
            let (px, py) = (-uy * 7.0, ux * 7.0);
            let _ = writeln!(
                svg,
                r#"<g stroke="{SVG_MOVE}" fill="{SVG_MOVE}" opacity="0.85"><line x1="{sx:.1}" y1="{sy:.1}" x2="{hx:.1}" y2="{hy:.1}" stroke-width="5"/><path d="M{ex:.1} {ey:.1}L{:.1} {:.1}L{:.1} {:.1}Z" stroke-width="1"/></g>"#,
                hx + px,
                hy + py,
                hx - px,
                hy - py
            );
        }
    }

    /// The marked points.
    fn marks_svg(&self, svg: &mut String) {
        let occupied: SquareSet<G> = self.pieces.iter().map(|piece| piece.square).collect();
        for &(square, mark) in &self.marks {
            let (cx, cy) = self.point(square);
            let green = Ink::Green.svg();
            match mark {
                Mark::Ring => {
                    let _ = writeln!(
                        svg,
                        r#"<circle cx="{cx}" cy="{cy}" r="23" fill="none" stroke="{green}" stroke-width="4"/>"#
                    );
                }
                Mark::Safe => {
                    let _ = writeln!(
                        svg,
                        r#"<g><title>safe</title><circle cx="{cx}" cy="{cy}" r="24" fill="none" stroke="{green}" stroke-width="4"/>{}</g>"#,
                        if occupied.contains(square) {
                            String::new()
                        } else {
                            format!(r#"<circle cx="{cx}" cy="{cy}" r="7" fill="{green}"/>"#)
                        }
                    );
                }
                Mark::Covered => {
                    let cross = if occupied.contains(square) {
                        String::new()
                    } else {
                        format!(
                            r#"<path d="M{} {}l16 16M{} {}l-16 16" stroke-width="4"/>"#,
                            cx - 8,
                            cy - 8,
                            cx + 8,
                            cy - 8
                        )
                    };
                    let _ = writeln!(
                        svg,
                        r#"<g fill="none" stroke="{SVG_COVERED}"><title>covered</title><circle cx="{cx}" cy="{cy}" r="24" stroke-width="3" stroke-dasharray="6 4"/>{cross}</g>"#
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NineByTen;
    use crate::testing::square;

    #[test]
    fn points_flip_with_the_board() {
        let mut board = SvgBoard::<NineByTen>::default();
        assert_eq!(board.point(square("a9")), (SVG_MARGIN_X, SVG_MARGIN_TOP));
        assert_eq!(board.point(square("i0")), (SVG_MARGIN_X + 8 * SVG_CELL, SVG_MARGIN_TOP + 9 * SVG_CELL));
        board.flip = true;
        assert_eq!(board.point(square("i0")), (SVG_MARGIN_X, SVG_MARGIN_TOP));
        assert_eq!(board.point(square("a9")), (SVG_MARGIN_X + 8 * SVG_CELL, SVG_MARGIN_TOP + 9 * SVG_CELL));
        assert_eq!((board.width(), board.height()), (490, 590));
        board.caption = Some("x".into());
        assert_eq!(board.height(), 620);
    }

    #[test]
    fn the_river_cuts_the_inner_files_only() {
        let mut board = SvgBoard::<NineByTen>::default();
        let plain = board.render();
        assert_eq!(plain.matches("<line ").count(), 10 + 9);
        board.river = Some(["a".into(), "b".into()]);
        board.palaces = true;
        let svg = board.render();
        assert_eq!(svg.matches("<line ").count(), 10 + 2 + 7 * 2 + 4);
    }

    #[test]
    fn marks_labels_and_moves_are_drawn_and_text_is_escaped() {
        let board = SvgBoard::<NineByTen> {
            position_marks: [square("a3"), square("b2")].into_iter().collect(),
            marks: vec![
                (square("e1"), Mark::Safe),
                (square("e2"), Mark::Covered),
                (square("e3"), Mark::Ring),
            ],
            arrow: Some((square("h2"), square("e2"))),
            caption: Some("<YES> & more".into()),
            bottom_side_numbers: (1..=9).map(|n| n.to_string()).collect(),
            ..SvgBoard::default()
        };
        let svg = board.render();
        assert!(svg.contains("&lt;YES&gt; &amp; more"));
        assert_eq!(svg.matches("<path d=\"M").count(), 2 + 1 + 1, "two corner marks, a cross, an arrowhead");
        assert!(svg.contains("<title>safe</title>") && svg.contains("<title>covered</title>"));
        assert!(svg.contains(r#"stroke-dasharray="5 4""#), "the move's first point");
        // a3 is on the edge: only its two inner corners are drawn.
        let a3 = svg.lines().find(|line| line.starts_with("<path d=\"M") && line.matches('M').count() == 2);
        assert!(a3.is_some(), "{svg}");
    }
}
