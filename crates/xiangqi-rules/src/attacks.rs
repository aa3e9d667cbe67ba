//! Precomputed move and attack tables, built at compile time from the shared
//! geometry (rays, `Leap::HORSE`, `Leap::ELEPHANT`, palaces and halves), and
//! the attack functions built on them.
//!
//! Sliding pieces use the classical ray method: the ray from a square in one
//! direction, cut at the nearest occupied point. Every function takes the
//! occupancy explicitly, so legality tests can ask "what if" questions
//! without making the move.

use board_geometry::{Half, Leap, Offset};

use crate::{Color, Square, SquareSet};

const SQUARES: usize = 90;

/// Up, down, left, right: the order of [`Offset::ORTHOGONAL`].
const UP: usize = 0;
const DOWN: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

const fn square(index: usize) -> Square {
    match Square::from_index(index as u8) {
        Some(square) => square,
        None => panic!("square index out of range"),
    }
}

const fn same(a: Offset, b: Offset) -> bool {
    a.file == b.file && a.rank == b.rank
}

const fn index_of(offset: Offset, among: &[Offset; 4]) -> usize {
    let mut i = 0;
    while i < 4 {
        if same(offset, among[i]) {
            return i;
        }
        i += 1;
    }
    panic!("not a unit step")
}

/// The square `offset` away, or `fallback` if that is off the board.
const fn offset_or(square: Square, offset: Offset, fallback: Square) -> Square {
    match square.offset(offset) {
        Some(target) => target,
        None => fallback,
    }
}

const fn set_of(square: Option<Square>) -> SquareSet {
    match square {
        Some(square) => SquareSet::from_square(square),
        None => SquareSet::EMPTY,
    }
}

pub(crate) struct Tables {
    /// `ray[direction][square]`: the points from `square` (exclusive) to the edge.
    ray: [[SquareSet; SQUARES]; 4],
    /// `neighbour[square][direction]`: the orthogonal neighbour, or the square itself
    /// off the board (the square is occupied by the piece asking, so it blocks).
    neighbour: [[Square; 4]; SQUARES],
    /// `corner[square][diagonal]`: the diagonal neighbour, or the square itself off the board.
    corner: [[Square; 4]; SQUARES],
    /// Horse targets reached through the leg `neighbour[square][direction]`.
    horse_by_leg: [[SquareSet; 4]; SQUARES],
    /// Squares of horses that attack `square` through the point `corner[square][diagonal]`.
    horse_attackers_by_corner: [[SquareSet; 4]; SQUARES],
    /// Elephant targets reached through the eye `corner[square][diagonal]` (river not applied).
    elephant_by_eye: [[SquareSet; 4]; SQUARES],
    /// One orthogonal step inside the palace the square is in (empty outside the palaces).
    general_steps: [SquareSet; SQUARES],
    /// One diagonal step inside the palace the square is in (empty outside the palaces).
    advisor_steps: [SquareSet; SQUARES],
    /// `soldier_moves[color][square]`: forward, and sideways once across the river.
    soldier_moves: [[SquareSet; SQUARES]; 2],
    /// `soldier_attackers[color][square]`: where a soldier of `color` attacks `square` from.
    soldier_attackers: [[SquareSet; SQUARES]; 2],
}

const fn palace_of(square: Square) -> SquareSet {
    let lower = Half::Lower.palace();
    let upper = Half::Upper.palace();
    if lower.contains(square) {
        lower
    } else if upper.contains(square) {
        upper
    } else {
        SquareSet::EMPTY
    }
}

impl Tables {
    const fn build() -> Tables {
        let mut t = Tables {
            ray: [[SquareSet::EMPTY; SQUARES]; 4],
            neighbour: [[square(0); 4]; SQUARES],
            corner: [[square(0); 4]; SQUARES],
            horse_by_leg: [[SquareSet::EMPTY; 4]; SQUARES],
            horse_attackers_by_corner: [[SquareSet::EMPTY; 4]; SQUARES],
            elephant_by_eye: [[SquareSet::EMPTY; 4]; SQUARES],
            general_steps: [SquareSet::EMPTY; SQUARES],
            advisor_steps: [SquareSet::EMPTY; SQUARES],
            soldier_moves: [[SquareSet::EMPTY; SQUARES]; 2],
            soldier_attackers: [[SquareSet::EMPTY; SQUARES]; 2],
        };
        let mut i = 0;
        while i < SQUARES {
            let from = square(i);
            let palace = palace_of(from);
            let mut d = 0;
            while d < 4 {
                let step = Offset::ORTHOGONAL[d];
                let mut ray = SquareSet::EMPTY;
                let mut next = from.offset(step);
                while let Some(s) = next {
                    ray = ray.with(s);
                    next = s.offset(step);
                }
                t.ray[d][i] = ray;
                t.neighbour[i][d] = offset_or(from, step, from);
                t.corner[i][d] = offset_or(from, Offset::DIAGONAL[d], from);
                t.general_steps[i] = t.general_steps[i].union(set_of(from.offset(step)).intersection(palace));
                t.advisor_steps[i] =
                    t.advisor_steps[i].union(set_of(from.offset(Offset::DIAGONAL[d])).intersection(palace));
                d += 1;
            }

            let mut k = 0;
            while k < 8 {
                let leap = Leap::HORSE[k];
                let leg = leap.blocking()[0];
                if let Some(target) = from.offset(leap.target()) {
                    let leg_index = index_of(leg, &Offset::ORTHOGONAL);
                    t.horse_by_leg[i][leg_index] = t.horse_by_leg[i][leg_index].with(target);
                }
                // A horse on `from - target` attacks `from` through its leg, which is
                // this far from `from`: always one of `from`'s diagonal neighbours.
                if let Some(horse) = from.offset(leap.target().reversed()) {
                    let corner = index_of(leg.plus(leap.target().reversed()), &Offset::DIAGONAL);
                    t.horse_attackers_by_corner[i][corner] =
                        t.horse_attackers_by_corner[i][corner].with(horse);
                }
                k += 1;
            }
            let mut k = 0;
            while k < 4 {
                let leap = Leap::ELEPHANT[k];
                if let Some(target) = from.offset(leap.target()) {
                    let eye = index_of(leap.blocking()[0], &Offset::DIAGONAL);
                    t.elephant_by_eye[i][eye] = t.elephant_by_eye[i][eye].with(target);
                }
                k += 1;
            }

            let mut c = 0;
            while c < 2 {
                let color = if c == 0 { Color::Red } else { Color::Black };
                let forward = if c == 0 { Offset::UP } else { Offset::DOWN };
                let crossed = !color.home_half().squares().contains(from);
                let mut moves = set_of(from.offset(forward));
                if crossed {
                    moves = moves
                        .union(set_of(from.offset(Offset::LEFT)))
                        .union(set_of(from.offset(Offset::RIGHT)));
                }
                t.soldier_moves[c][i] = moves;
                let mut rest = moves;
                while let Some(target) = rest.pop_first() {
                    let j = target.index() as usize;
                    t.soldier_attackers[c][j] = t.soldier_attackers[c][j].with(from);
                }
                c += 1;
            }
            i += 1;
        }
        t
    }
}

static TABLES: Tables = Tables::build();

/// The points a piece moving in `direction` from `from` reaches, up to and
/// including the first occupied point.
#[inline]
fn ray_attacks(from: Square, direction: usize, occupied: SquareSet) -> SquareSet {
    let ray = TABLES.ray[direction][from.index() as usize];
    let blockers = ray & occupied;
    let nearest = if direction == UP || direction == RIGHT { blockers.first() } else { blockers.last() };
    match nearest {
        Some(blocker) => ray ^ TABLES.ray[direction][blocker.index() as usize],
        None => ray,
    }
}

/// Chariot moves and attacks along the file, up to and including the first piece each way.
#[inline]
pub(crate) fn file_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    ray_attacks(from, UP, occupied) | ray_attacks(from, DOWN, occupied)
}

/// Chariot moves and attacks along the rank, up to and including the first piece each way.
#[inline]
pub(crate) fn rank_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    ray_attacks(from, LEFT, occupied) | ray_attacks(from, RIGHT, occupied)
}

/// Chariot moves and attacks, up to and including the first piece in each direction.
#[inline]
pub(crate) fn chariot_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    file_attacks(from, occupied) | rank_attacks(from, occupied)
}

/// The points a cannon on `from` could capture on: the first piece beyond the
/// first piece (the screen) in each direction, whatever their colours.
#[inline]
pub(crate) fn cannon_captures(from: Square, occupied: SquareSet) -> SquareSet {
    let mut captures = SquareSet::EMPTY;
    for direction in DIRECTIONS {
        let ray = TABLES.ray[direction][from.index() as usize];
        let positive = direction == UP || direction == RIGHT;
        let nearest = |set: SquareSet| if positive { set.first() } else { set.last() };
        if let Some(screen) = nearest(ray & occupied) {
            let beyond = TABLES.ray[direction][screen.index() as usize] & occupied;
            if let Some(target) = nearest(beyond) {
                captures.insert(target);
            }
        }
    }
    captures
}

/// Horse jumps from `from` whose legs are empty (targets may be occupied).
#[inline]
pub(crate) fn horse_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    let i = from.index() as usize;
    let mut targets = SquareSet::EMPTY;
    for direction in 0..4 {
        if !occupied.contains(TABLES.neighbour[i][direction]) {
            targets |= TABLES.horse_by_leg[i][direction];
        }
    }
    targets
}

/// Squares from which a horse would attack `target`, given the occupancy.
#[inline]
pub(crate) fn horse_attackers(target: Square, occupied: SquareSet) -> SquareSet {
    let i = target.index() as usize;
    let mut horses = SquareSet::EMPTY;
    for corner in 0..4 {
        if !occupied.contains(TABLES.corner[i][corner]) {
            horses |= TABLES.horse_attackers_by_corner[i][corner];
        }
    }
    horses
}

/// Elephant moves from `from` with empty eyes that stay on `color`'s side of the river.
#[inline]
pub(crate) fn elephant_attacks(from: Square, color: Color, occupied: SquareSet) -> SquareSet {
    let i = from.index() as usize;
    let mut targets = SquareSet::EMPTY;
    for eye in 0..4 {
        if !occupied.contains(TABLES.corner[i][eye]) {
            targets |= TABLES.elephant_by_eye[i][eye];
        }
    }
    targets & color.home_half().squares()
}

/// One orthogonal step inside the palace `from` stands in.
#[inline]
pub(crate) fn general_steps(from: Square) -> SquareSet {
    TABLES.general_steps[from.index() as usize]
}

/// One diagonal step inside the palace `from` stands in.
#[inline]
pub(crate) fn advisor_steps(from: Square) -> SquareSet {
    TABLES.advisor_steps[from.index() as usize]
}

/// A soldier's moves: forward, and sideways once it has crossed the river.
#[inline]
pub(crate) fn soldier_attacks(from: Square, color: Color) -> SquareSet {
    TABLES.soldier_moves[color.index()][from.index() as usize]
}

/// Squares from which a soldier of `color` attacks `target`.
#[inline]
pub(crate) fn soldier_attackers(target: Square, color: Color) -> SquareSet {
    TABLES.soldier_attackers[color.index()][target.index() as usize]
}

/// The four orthogonal directions, as indices into the ray tables.
pub(crate) const DIRECTIONS: [usize; 4] = [UP, DOWN, LEFT, RIGHT];

/// Whether `direction` runs along a file.
pub(crate) const fn is_file_direction(direction: usize) -> bool {
    direction == UP || direction == DOWN
}

/// The points from `from` (exclusive) to the edge in `direction`.
#[inline]
pub(crate) fn ray(from: Square, direction: usize) -> SquareSet {
    TABLES.ray[direction][from.index() as usize]
}

/// The point of `set` met first walking from the start of a ray in `direction`.
#[inline]
pub(crate) fn nearest(set: SquareSet, direction: usize) -> Option<Square> {
    if direction == UP || direction == RIGHT { set.first() } else { set.last() }
}

/// The diagonal neighbour of `target` in diagonal `corner` (0..4), or
/// `target` itself off the board, and the points of the horses that attack
/// `target` through that neighbour.
#[inline]
pub(crate) fn horse_attack_corner(target: Square, corner: usize) -> (Square, SquareSet) {
    let i = target.index() as usize;
    (TABLES.corner[i][corner], TABLES.horse_attackers_by_corner[i][corner])
}

#[cfg(test)]
mod tests {
    //! The tables against direct walks over the board with board-geometry.
    use super::*;

    fn set(names: &[&str]) -> SquareSet {
        names.iter().map(|n| n.parse::<Square>().unwrap()).collect()
    }

    fn naive_slide(from: Square, occupied: SquareSet) -> (SquareSet, SquareSet) {
        let (mut reach, mut captures) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for step in Offset::ORTHOGONAL {
            let mut screened = false;
            for s in from.ray(step) {
                if !screened {
                    reach.insert(s);
                    if occupied.contains(s) {
                        screened = true;
                    }
                } else if occupied.contains(s) {
                    captures.insert(s);
                    break;
                }
            }
        }
        (reach, captures)
    }

    #[test]
    fn sliders_match_a_walk_for_many_occupancies() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let bits =
                (u128::from(seed) << 64 | u128::from(seed.rotate_left(29))) & u128::from(seed.rotate_left(7));
            let occupied = SquareSet::from_bits(bits);
            for from in Square::all() {
                let (reach, captures) = naive_slide(from, occupied);
                assert_eq!(chariot_attacks(from, occupied), reach, "{from} {occupied:?}");
                assert_eq!(cannon_captures(from, occupied), captures, "{from} {occupied:?}");
                let file: SquareSet = [Offset::UP, Offset::DOWN]
                    .into_iter()
                    .flat_map(|step| {
                        let mut blocked = false;
                        from.ray(step)
                            .take_while(move |&s| !std::mem::replace(&mut blocked, occupied.contains(s)))
                    })
                    .collect();
                assert_eq!(file_attacks(from, occupied), file);
                let horse: SquareSet =
                    Leap::HORSE.iter().filter_map(|&l| from.leap(l, |s| occupied.contains(s))).collect();
                assert_eq!(horse_attacks(from, occupied), horse);
                for target in Square::all() {
                    assert_eq!(horse_attackers(target, occupied).contains(from), horse.contains(target));
                }
            }
        }
    }

    #[test]
    fn palace_and_river_pieces() {
        assert_eq!(general_steps("e0".parse().unwrap()), set(&["d0", "f0", "e1"]));
        assert_eq!(general_steps("d2".parse().unwrap()), set(&["d1", "e2"]));
        assert_eq!(general_steps("e3".parse().unwrap()), SquareSet::EMPTY);
        assert_eq!(advisor_steps("e8".parse().unwrap()), set(&["d7", "f7", "d9", "f9"]));
        assert_eq!(advisor_steps("d9".parse().unwrap()), set(&["e8"]));
        let empty = SquareSet::EMPTY;
        assert_eq!(elephant_attacks("c4".parse().unwrap(), Color::Red, empty), set(&["a2", "e2"]));
        assert_eq!(elephant_attacks("c4".parse().unwrap(), Color::Red, set(&["d3"])), set(&["a2"]));
        assert_eq!(elephant_attacks("g5".parse().unwrap(), Color::Black, empty), set(&["e7", "i7"]));
        assert_eq!(soldier_attacks("e3".parse().unwrap(), Color::Red), set(&["e4"]));
        assert_eq!(soldier_attacks("e5".parse().unwrap(), Color::Red), set(&["e6", "d5", "f5"]));
        assert_eq!(soldier_attacks("a9".parse().unwrap(), Color::Red), set(&["b9"]));
        assert_eq!(soldier_attacks("e6".parse().unwrap(), Color::Black), set(&["e5"]));
        assert_eq!(soldier_attacks("e4".parse().unwrap(), Color::Black), set(&["e3", "d4", "f4"]));
        assert_eq!(soldier_attackers("e8".parse().unwrap(), Color::Red), set(&["e7", "d8", "f8"]));
        assert_eq!(soldier_attackers("e1".parse().unwrap(), Color::Black), set(&["e2", "d1", "f1"]));
    }
}
