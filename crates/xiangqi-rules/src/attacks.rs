//! Move and attack tables and the functions built on them.
//!
//! Sliders use board-geometry's [`RayTable`] (the ray from a square, cut at
//! the nearest occupied point), horses and elephants its [`LeapTable`] (legs
//! and eyes as blocking points), all built at compile time; the palace and
//! river rules are masks over them. Every function takes the occupancy
//! explicitly, so legality tests can ask "what if" questions without making
//! the move.

use board_geometry::{Direction, Half, Leap, LeapGroup, LeapTable, NineByTen, Offset, RayTable};

use crate::{Color, Square, SquareSet};

static RAYS: RayTable<NineByTen> = RayTable::new();
static HORSE: LeapTable<NineByTen, 4> = LeapTable::new(&Leap::HORSE);
static ELEPHANT: LeapTable<NineByTen, 4> = LeapTable::new(&Leap::ELEPHANT);

const SQUARES: usize = 90;

/// A set of points for each point of the board, built at compile time and
/// looked up by the point.
pub(crate) struct PointTable([SquareSet; SQUARES]);

impl PointTable {
    /// The set of `point`.
    #[inline]
    pub(crate) const fn of(&self, point: Square) -> SquareSet {
        self.0[point.index() as usize]
    }
}

/// Steps to the neighbours in `steps` that stay inside the palace `from` is in, for every point.
const fn palace_steps(steps: [Offset; 4]) -> [SquareSet; SQUARES] {
    let mut table = [SquareSet::EMPTY; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        if let Some(from) = Square::from_index(index as u8) {
            let palace = if Half::Lower.palace().contains(from) {
                Half::Lower.palace()
            } else if Half::Upper.palace().contains(from) {
                Half::Upper.palace()
            } else {
                SquareSet::EMPTY
            };
            let mut s = 0;
            while s < 4 {
                if let Some(to) = from.offset(steps[s]) {
                    if palace.contains(to) {
                        table[index] = table[index].with(to);
                    }
                }
                s += 1;
            }
        }
        index += 1;
    }
    table
}

/// One orthogonal step inside the palace a point stands in: a general's moves.
pub(crate) static GENERAL_STEPS: PointTable = PointTable(palace_steps(Offset::ORTHOGONAL));
/// One diagonal step inside the palace a point stands in: an advisor's moves.
pub(crate) static ADVISOR_STEPS: PointTable = PointTable(palace_steps(Offset::DIAGONAL));

/// For every point, the points of its file and rank (itself left out): where
/// a chariot, cannon or general must stand to reach it along a line, whatever
/// stands between.
const fn lines_through() -> [SquareSet; SQUARES] {
    let mut table = [SquareSet::EMPTY; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        if let Some(point) = Square::from_index(index as u8) {
            table[index] = SquareSet::file(point.file()).union(SquareSet::rank(point.rank())).without(point);
        }
        index += 1;
    }
    table
}

/// The points of the file and rank of a point, itself left out.
pub(crate) static LINES_THROUGH: PointTable = PointTable(lines_through());

/// For every point, the points at `offsets` from it (those on the board).
const fn at_offsets<const N: usize>(offsets: [Offset; N]) -> [SquareSet; SQUARES] {
    let mut table = [SquareSet::EMPTY; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        if let Some(point) = Square::from_index(index as u8) {
            let mut offset = 0;
            while offset < N {
                if let Some(at) = point.offset(offsets[offset]) {
                    table[index] = table[index].with(at);
                }
                offset += 1;
            }
        }
        index += 1;
    }
    table
}

/// The offsets a horse attacks a point from: its leaps, reversed.
const fn horse_sources() -> [Offset; 8] {
    let mut offsets = [Offset::UP; 8];
    let mut leap = 0;
    while leap < 8 {
        offsets[leap] = Leap::HORSE[leap].target().reversed();
        leap += 1;
    }
    offsets
}

/// The points a horse could attack a point from on an empty board: a
/// superset of [`horse_attackers`], to rule horses out at a glance.
pub(crate) static HORSE_REACH: PointTable = PointTable(at_offsets(horse_sources()));

/// The diagonal neighbours of a point: the legs of the horses attacking it.
pub(crate) static HORSE_LEGS: PointTable = PointTable(at_offsets(Offset::DIAGONAL));

/// For every point, the points whose occupancy decides whether a general
/// standing there is attacked: itself, its file and rank (chariots, cannons,
/// the facing general, and soldiers next to it), the points a horse attacks
/// it from, and those horses' legs.
const fn general_safety() -> [SquareSet; SQUARES] {
    let legs = at_offsets(Offset::DIAGONAL);
    let mut table = [SquareSet::EMPTY; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        if let Some(point) = Square::from_index(index as u8) {
            table[index] =
                LINES_THROUGH.of(point).union(HORSE_REACH.of(point)).union(legs[index]).with(point);
        }
        index += 1;
    }
    table
}

/// The points whose occupancy decides whether a general on a point is attacked.
pub(crate) static GENERAL_SAFETY: PointTable = PointTable(general_safety());

/// `[color][point]`: a soldier's moves (forward, and sideways once across the
/// river), and, seen backwards, the points a soldier attacks a point from.
const fn soldier_tables() -> [[[SquareSet; SQUARES]; 2]; 2] {
    let mut moves = [[SquareSet::EMPTY; SQUARES]; 2];
    let mut attackers = [[SquareSet::EMPTY; SQUARES]; 2];
    let mut c = 0;
    while c < 2 {
        let color = Color::ALL[c];
        let forward = match color {
            Color::Red => Offset::UP,
            Color::Black => Offset::DOWN,
        };
        let mut index = 0;
        while index < SQUARES {
            if let Some(from) = Square::from_index(index as u8) {
                let crossed = !color.home_half().squares().contains(from);
                let steps: &[Offset] =
                    if crossed { &[forward, Offset::LEFT, Offset::RIGHT] } else { &[forward] };
                let mut s = 0;
                while s < steps.len() {
                    if let Some(to) = from.offset(steps[s]) {
                        moves[c][index] = moves[c][index].with(to);
                        let t = to.index() as usize;
                        attackers[c][t] = attackers[c][t].with(from);
                    }
                    s += 1;
                }
            }
            index += 1;
        }
        c += 1;
    }
    [moves, attackers]
}

static SOLDIER: [[[SquareSet; SQUARES]; 2]; 2] = soldier_tables();

/// The four orthogonal directions sliders move in.
pub(crate) const LINES: [Direction; 4] = Direction::ORTHOGONAL;

/// Chariot moves and attacks along the file, up to and including the first piece each way.
#[inline]
pub(crate) fn file_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    RAYS.slide(from, Direction::Up, occupied) | RAYS.slide(from, Direction::Down, occupied)
}

/// Chariot moves and attacks along the rank, up to and including the first piece each way.
#[inline]
pub(crate) fn rank_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    RAYS.slide(from, Direction::Left, occupied) | RAYS.slide(from, Direction::Right, occupied)
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
    for direction in LINES {
        if let Some(screen) = RAYS.nearest(from, direction, occupied) {
            if let Some(target) = RAYS.nearest(screen, direction, occupied) {
                captures.insert(target);
            }
        }
    }
    captures
}

/// A cannon's moves from `from`: slides onto empty points, and captures of
/// the first piece beyond the first one (the screen) in each direction,
/// whatever the colours. One walk per direction finds both.
#[inline]
pub(crate) fn cannon_moves(from: Square, occupied: SquareSet) -> SquareSet {
    let mut moves = SquareSet::EMPTY;
    for direction in LINES {
        let line = RAYS.ray(from, direction);
        match RAYS.nearest(from, direction, occupied) {
            None => moves |= line,
            Some(screen) => {
                let beyond = RAYS.ray(screen, direction);
                moves |= line - beyond.with(screen);
                if let Some(target) = RAYS.nearest(screen, direction, occupied) {
                    moves.insert(target);
                }
            }
        }
    }
    moves
}

/// The points strictly between `from` and `to` when the two share a file or
/// a rank (and differ); `None` otherwise. A slider's move along a line is
/// decided by these alone, without walking its other lines.
#[inline]
pub(crate) fn between_on_line(from: Square, to: Square) -> Option<SquareSet> {
    let ascending = to > from;
    let direction = if from.file() == to.file() {
        if ascending { Direction::Up } else { Direction::Down }
    } else if from.rank() == to.rank() {
        if ascending { Direction::Right } else { Direction::Left }
    } else {
        return None;
    };
    (from != to).then(|| RAYS.ray(from, direction) - RAYS.ray(to, direction).with(to))
}

/// Horse jumps from `from` whose legs are empty (targets may be occupied).
#[inline]
pub(crate) fn horse_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    HORSE.targets(from, occupied)
}

/// Points from which a horse would attack `target`, given the occupancy.
#[inline]
pub(crate) fn horse_attackers(target: Square, occupied: SquareSet) -> SquareSet {
    HORSE.sources(target, occupied)
}

/// The horse jumps onto `target`, grouped by the point (the horse's leg,
/// always a diagonal neighbour of `target`) that blocks them.
#[inline]
pub(crate) fn horse_attack_groups(target: Square) -> &'static [LeapGroup<NineByTen>; 4] {
    HORSE.source_groups(target)
}

/// The leg of a horse jump from `from` to `to`, if the horse can jump so on an empty board.
pub(crate) fn horse_leg(from: Square, to: Square) -> Option<SquareSet> {
    HORSE.blocking(from, to)
}

/// Elephant moves from `from` with empty eyes that stay on `color`'s side of the river.
#[inline]
pub(crate) fn elephant_attacks(from: Square, color: Color, occupied: SquareSet) -> SquareSet {
    ELEPHANT.targets(from, occupied) & color.home_half().squares()
}

/// The eye of an elephant move from `from` to `to`, if it is two points diagonally.
pub(crate) fn elephant_eye(from: Square, to: Square) -> Option<SquareSet> {
    ELEPHANT.blocking(from, to)
}

/// A soldier's moves: forward, and sideways once it has crossed the river.
#[inline]
pub(crate) fn soldier_attacks(from: Square, color: Color) -> SquareSet {
    SOLDIER[0][color.index()][usize::from(from.index())]
}

/// Points from which a soldier of `color` attacks `target`.
#[inline]
pub(crate) fn soldier_attackers(target: Square, color: Color) -> SquareSet {
    SOLDIER[1][color.index()][usize::from(target.index())]
}

/// The points from `from` (exclusive) to the edge in `direction`.
#[inline]
pub(crate) fn ray(from: Square, direction: Direction) -> SquareSet {
    RAYS.ray(from, direction)
}

/// The point of `set` met first walking from `from` in `direction`.
#[inline]
pub(crate) fn nearest(from: Square, direction: Direction, set: SquareSet) -> Option<Square> {
    RAYS.nearest(from, direction, set)
}

#[cfg(test)]
mod tests {
    //! The tables against direct walks over the board with board-geometry.
    use board_geometry::testing::random_occupancies;

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
    fn sliders_and_horses_match_a_walk_for_many_occupancies() {
        for occupied in random_occupancies(0x9e37_79b9, 300) {
            for from in Square::all() {
                let (reach, captures) = naive_slide(from, occupied);
                assert_eq!(chariot_attacks(from, occupied), reach, "{from} {occupied:?}");
                assert_eq!(cannon_captures(from, occupied), captures, "{from} {occupied:?}");
                assert_eq!(
                    cannon_moves(from, occupied),
                    (reach - occupied) | captures,
                    "{from} {occupied:?}"
                );
                let file = reach & (SquareSet::file(from.file()));
                assert_eq!(file_attacks(from, occupied), file);
                assert_eq!(rank_attacks(from, occupied), reach - file);
                let horse: SquareSet =
                    Leap::HORSE.iter().filter_map(|&l| from.leap(l, |s| occupied.contains(s))).collect();
                assert_eq!(horse_attacks(from, occupied), horse);
                for target in Square::all() {
                    assert_eq!(horse_attackers(target, occupied).contains(from), horse.contains(target));
                    assert!(horse_attackers(target, occupied).is_subset(HORSE_REACH.of(target)));
                    let on_a_line =
                        from != target && (from.file() == target.file() || from.rank() == target.rank());
                    assert_eq!(LINES_THROUGH.of(target).contains(from), on_a_line);
                }
            }
        }
    }

    #[test]
    fn palace_and_river_pieces() {
        assert_eq!(GENERAL_STEPS.of("e0".parse().unwrap()), set(&["d0", "f0", "e1"]));
        assert_eq!(GENERAL_STEPS.of("d2".parse().unwrap()), set(&["d1", "e2"]));
        assert_eq!(GENERAL_STEPS.of("e3".parse().unwrap()), SquareSet::EMPTY);
        assert_eq!(ADVISOR_STEPS.of("e8".parse().unwrap()), set(&["d7", "f7", "d9", "f9"]));
        assert_eq!(ADVISOR_STEPS.of("d9".parse().unwrap()), set(&["e8"]));
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
