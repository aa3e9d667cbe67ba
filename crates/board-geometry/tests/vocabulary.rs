//! The small vocabulary types as a user meets them: offsets and their
//! arithmetic, directions, files and ranks, leaps and row-and-column
//! numbering. (The seeded random numbers, behind the `random` feature, are
//! pinned by the unit tests of `src/random/mod.rs`.)

use board_geometry::{
    Direction, EightByEight, File, Leap, NineByTen, Offset, Rank, RowColumn, RowsFrom, Square,
};

#[test]
fn the_step_sets_hold_exactly_their_steps() {
    let diagonal = [(-1, 1), (1, 1), (-1, -1), (1, -1)].map(|(file, rank)| Offset::new(file, rank));
    assert_eq!(Offset::DIAGONAL, diagonal);
    assert_eq!(Offset::ORTHOGONAL, [Offset::UP, Offset::DOWN, Offset::LEFT, Offset::RIGHT]);
    assert_eq!(Offset::NEIGHBOURS[..4], Offset::ORTHOGONAL);
    assert_eq!(Offset::NEIGHBOURS[4..], diagonal);
    assert_eq!((Offset::UP.rank, Offset::DOWN.rank, Offset::LEFT.file, Offset::RIGHT.file), (1, -1, -1, 1));
    for step in Offset::NEIGHBOURS {
        assert!(step.file.abs() <= 1 && step.rank.abs() <= 1 && step != Offset::default());
    }
}

#[test]
fn offsets_add_subtract_negate_and_scale_componentwise() {
    let knight = Offset::new(1, 2);
    let other = Offset::new(-3, 5);
    assert_eq!(knight + other, Offset::new(-2, 7));
    assert_eq!(knight.plus(other), Offset::new(-2, 7));
    assert_eq!(knight - other, Offset::new(4, -3));
    assert_eq!(-knight, Offset::new(-1, -2));
    assert_eq!(knight * 3, Offset::new(3, 6));
    assert_eq!(knight.times(-2), Offset::new(-2, -4));
    assert_eq!(knight.reflected(-1, 1), Offset::new(-1, 2));
    assert_eq!(knight.reflected(1, -1), Offset::new(1, -2));
    assert_eq!(Offset::new(3, 4).reflected(-1, -1), Offset::new(-3, -4));
    assert_eq!(knight.transposed(), Offset::new(2, 1));
    assert_eq!(knight.reversed(), -knight);
}

#[test]
fn only_up_and_down_run_along_a_file() {
    let vertical: Vec<Direction> =
        Direction::ALL.into_iter().filter(|direction| direction.is_vertical()).collect();
    assert_eq!(vertical, [Direction::Up, Direction::Down]);
    for direction in Direction::ALL {
        assert_eq!(direction.is_vertical(), direction.offset().file == 0, "{direction:?}");
    }
}

#[test]
fn debug_output_names_the_square_in_the_grid_notation() {
    assert_eq!(format!("{:?}", File::<NineByTen>::new(0).unwrap()), "File(a)");
    assert_eq!(format!("{:?}", File::<EightByEight>::new(7).unwrap()), "File(h)");
    assert_eq!(format!("{:?}", Rank::<NineByTen>::new(0).unwrap()), "Rank(0)");
    assert_eq!(format!("{:?}", Rank::<EightByEight>::new(0).unwrap()), "Rank(1)");
    assert_eq!(format!("{:?}", Offset::new(2, -1)), "Offset(+2, -1)");
    let horse = Leap::new(Offset::new(1, 2), &[Offset::UP]);
    assert_eq!(format!("{horse:?}"), "Leap { target: Offset(+1, +2), blocking: [Offset(+0, +1)] }");
}

#[test]
fn rank_numbers_outside_the_board_name_no_rank() {
    assert_eq!(Rank::<NineByTen>::from_number(9).map(Rank::index), Some(9));
    assert_eq!(Rank::<NineByTen>::from_number(10), None);
    assert_eq!(Rank::<EightByEight>::from_number(8).map(Rank::index), Some(7));
    assert_eq!(Rank::<EightByEight>::from_number(9), None);
    assert_eq!(Rank::<EightByEight>::from_number(0), None);
    // 256 ranks up would wrap onto the board if the number were narrowed first.
    assert_eq!(Rank::<EightByEight>::from_number(257), None);
    assert_eq!(Rank::<NineByTen>::from_number(256), None);
}

#[test]
fn row_column_numbering_keeps_its_first_number() {
    let one_based = RowColumn::new(RowsFrom::Top, 1);
    assert_eq!(one_based.first(), 1);
    assert_eq!(RowColumn::new(RowsFrom::Bottom, 0).first(), 0);
    let a1: Square<EightByEight> = "a1".parse().unwrap();
    assert_eq!(one_based.square::<EightByEight>(8, 1), Some(a1));
    assert_eq!(one_based.square::<EightByEight>(0, 1), None);
}
