//! Whole SVG diagrams, pinned: every element a diagram can hold, seen from
//! either side. The snapshots under `tests/snapshots/` were checked by eye,
//! rendered in a browser (`cargo xtask render` does the same for the CLI's).

use board_geometry::render::{Ink, Labels, Mark, SvgBoard, SvgPiece};
use board_geometry::{EightByEight, NineByTen, RowColumn, RowsFrom, Square};

fn square(name: &str) -> Square<NineByTen> {
    name.parse().unwrap()
}

fn everything(flip: bool) -> SvgBoard<NineByTen> {
    let piece = |name: &str, glyph: char, ink: Ink| SvgPiece {
        square: square(name),
        glyph,
        ink,
        title: format!("{glyph} on {name}"),
    };
    SvgBoard {
        river: Some(["楚 河".into(), "漢 界".into()]),
        palaces: true,
        position_marks: ["b2", "h2", "a3", "i3"].into_iter().map(square).collect(),
        flip,
        labels: Labels::Notation,
        bottom_side_numbers: "九八七六五四三二一".chars().map(String::from).collect(),
        top_side_numbers: (1..=9).map(|n| n.to_string()).collect(),
        pieces: vec![piece("e0", '帥', Ink::Red), piece("d9", '將', Ink::Black), piece("h2", '炮', Ink::Red)],
        marks: vec![(square("e1"), Mark::Safe), (square("d9"), Mark::Covered), (square("f1"), Mark::Covered)],
        arrow: Some((square("h2"), square("e2"))),
        caption: Some("red to move & <win>".into()),
        title: Some("a test board".into()),
    }
}

#[test]
fn a_xiangqi_diagram_with_every_element() {
    insta::assert_snapshot!("xiangqi_every_element", everything(false).render());
}

#[test]
fn the_same_diagram_seen_from_the_top() {
    insta::assert_snapshot!("xiangqi_every_element_flipped", everything(true).render());
}

#[test]
fn a_plain_grid_numbered_in_rows_and_columns() {
    let board = SvgBoard::<EightByEight> {
        labels: Labels::RowColumn(RowColumn::new(RowsFrom::Top, 1)),
        marks: vec![("a1".parse().unwrap(), Mark::Ring)],
        // A move that goes nowhere: its two rings and no arrow.
        arrow: Some(("c3".parse().unwrap(), "c3".parse().unwrap())),
        ..SvgBoard::default()
    };
    insta::assert_snapshot!("eight_by_eight_rows_and_columns", board.render());
}

#[test]
fn a_slanting_move_draws_its_arrow_along_the_slant() {
    let board = SvgBoard::<NineByTen> {
        pieces: vec![SvgPiece {
            square: square("c2"),
            glyph: '傌',
            ink: Ink::Red,
            title: "red horse on c2".into(),
        }],
        arrow: Some((square("b0"), square("c2"))),
        ..SvgBoard::default()
    };
    insta::assert_snapshot!("horse_move_arrow", board.render());
    let flipped = SvgBoard { flip: true, arrow: Some((square("h9"), square("e7"))), ..board };
    insta::assert_snapshot!("long_slanting_arrow_flipped", flipped.render());
}
