//! Square sets as a user builds and queries them.

use board_geometry::{EightByEight, Square, SquareSet};

type Set = SquareSet<EightByEight>;

fn square(name: &str) -> Square<EightByEight> {
    name.parse().unwrap()
}

#[test]
fn a_set_has_any_square_exactly_when_it_is_not_empty() {
    assert!(!Set::EMPTY.any());
    assert!(Set::from_square(square("a1")).any());
    assert!(Set::from_square(square("h8")).any(), "the last square counts too");
    for index in 0..64 {
        let set = Set::from_square(Square::from_index(index).unwrap());
        assert_eq!(set.any(), !set.is_empty());
    }
}

#[test]
fn adding_a_square_already_there_keeps_it() {
    let one = Set::from_square(square("d4"));
    assert_eq!(one.with(square("d4")), one);
    let mut set = one;
    set.insert(square("d4"));
    assert_eq!(set, one);
    assert_eq!(one.with(square("e5")).len(), 2);
}

#[test]
fn toggling_adds_an_absent_square_and_removes_a_present_one() {
    let mut set = Set::from_square(square("a1"));
    set.toggle(square("b2"));
    assert_eq!(set, Set::from_square(square("a1")).with(square("b2")));
    set.toggle(square("a1"));
    assert_eq!(set, Set::from_square(square("b2")));
    assert_eq!(set.toggled(square("b2")), Set::EMPTY);
}

#[test]
fn a_subset_is_one_whose_every_square_is_in_the_other() {
    let small = Set::from_square(square("a1"));
    let big = small.with(square("c3"));
    assert!(small.is_subset(big));
    assert!(Set::EMPTY.is_subset(small));
    assert!(big.is_subset(big));
    assert!(!big.is_subset(small));
    assert!(!Set::from_square(square("h8")).is_subset(big));
}
