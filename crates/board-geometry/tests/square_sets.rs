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

#[test]
fn assigning_operators_do_what_their_operators_do() {
    let a = Set::from_square(square("a1")).with(square("b2")).with(square("c3"));
    let b = Set::from_square(square("b2")).with(square("h8"));
    let mut and = a;
    and &= b;
    assert_eq!(and, Set::from_square(square("b2")));
    let mut or = a;
    or |= b;
    assert_eq!(or.len(), 4);
    assert_eq!(or, a | b);
    let mut xor = a;
    xor ^= b;
    assert_eq!(xor, Set::from_square(square("a1")).with(square("c3")).with(square("h8")));
    let mut minus = a;
    minus -= b;
    assert_eq!(minus, Set::from_square(square("a1")).with(square("c3")));
    // `|=` on overlapping sets keeps the shared square.
    let mut again = a;
    again |= a;
    assert_eq!(again, a);
}

#[test]
fn a_square_converts_into_the_set_of_it_alone() {
    let set: Set = square("e4").into();
    assert_eq!(set, Set::from_square(square("e4")));
    assert_eq!(set.single(), Some(square("e4")));
}

#[test]
fn iterating_a_set_knows_how_many_squares_are_left() {
    // Squares in both halves of the 128 bits, as on a 9 x 10 grid.
    let set: SquareSet<board_geometry::NineByTen> =
        ["a0", "i6", "a7", "i9"].into_iter().map(|name| name.parse::<Square<_>>().unwrap()).collect();
    let mut squares = set.into_iter();
    for left in (0..=4).rev() {
        assert_eq!(squares.size_hint(), (left, Some(left)));
        assert_eq!(squares.len(), left);
        squares.next();
    }
    assert_eq!(squares.next(), None);
    assert_eq!(Set::EMPTY.into_iter().len(), 0);
}
