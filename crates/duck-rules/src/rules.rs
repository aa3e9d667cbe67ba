//! The movement of every kind as precomputed tables: board-geometry's
//! [`LeapTable`]s for the leapers and steppers, its [`RayTable`] for the car,
//! and two tables of this crate for the judge's hot paths (where a piece could
//! come from on an empty board, and how it gets from one point to another),
//! all built at compile time from [`PieceKind::movement`].

use board_geometry::{Direction, Grid, LeapTable, MAX_BLOCKING_POINTS, NineByTen, Offset, RayTable};

use crate::{Board, Color, Movement, PieceKind, Square, SquareSet};

static RAYS: RayTable<NineByTen> = RayTable::new();

/// The leaps of a leaping kind, for building its table.
const fn leaps_of(kind: PieceKind) -> &'static [board_geometry::Leap] {
    match kind.movement() {
        Movement::Leaps(leaps) => leaps,
        Movement::Slides(_) => &[],
    }
}

static CAPTAIN: LeapTable<NineByTen, 1> = LeapTable::new(leaps_of(PieceKind::Captain));
static GUARD: LeapTable<NineByTen, 1> = LeapTable::new(leaps_of(PieceKind::Guard));
static SOLDIER: LeapTable<NineByTen, 1> = LeapTable::new(leaps_of(PieceKind::Soldier));
static ELEPHANT: LeapTable<NineByTen, 4> = LeapTable::new(leaps_of(PieceKind::Elephant));
static HORSE: LeapTable<NineByTen, 4> = LeapTable::new(leaps_of(PieceKind::Horse));
static DUCK: LeapTable<NineByTen, 8> = LeapTable::new(leaps_of(PieceKind::Duck));

/// The car's directions.
const CAR: &[Direction] = match PieceKind::Car.movement() {
    Movement::Slides(directions) => directions,
    Movement::Leaps(_) => &[],
};

/// The number of points of the board.
const POINTS: usize = NineByTen::SQUARES as usize;

/// Per point and kind, the points from which a piece of that kind could reach
/// the point on an otherwise empty board. Every movement is symmetric, so this
/// is also where such a piece standing on the point could go.
static ON_EMPTY_BOARD: [[SquareSet; PieceKind::ALL.len()]; POINTS] = on_empty_board();

const fn on_empty_board() -> [[SquareSet; PieceKind::ALL.len()]; POINTS] {
    let mut table = [[SquareSet::EMPTY; PieceKind::ALL.len()]; POINTS];
    let mut index = 0;
    while index < POINTS {
        let Some(from) = Square::from_index(index as u8) else { unreachable!() };
        let mut k = 0;
        while k < PieceKind::ALL.len() {
            let mut reach = SquareSet::EMPTY;
            match PieceKind::ALL[k].movement() {
                Movement::Leaps(leaps) => {
                    let mut l = 0;
                    while l < leaps.len() {
                        if let Some(to) = from.offset(leaps[l].target()) {
                            reach = reach.with(to);
                        }
                        l += 1;
                    }
                }
                Movement::Slides(directions) => {
                    let mut d = 0;
                    while d < directions.len() {
                        let step = directions[d].offset();
                        let mut next = from.offset(step);
                        while let Some(to) = next {
                            reach = reach.with(to);
                            next = to.offset(step);
                        }
                        d += 1;
                    }
                }
            }
            table[index][k] = reach;
            k += 1;
        }
        index += 1;
    }
    table
}

/// How a piece of some kind gets across one offset between two points:
/// see [`route`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// Its movement never covers this offset.
    Never,
    /// A leap whose first `count` blocking points are `blocking`, each given
    /// as the difference of its square index from the source's.
    Leap { blocking: [i8; MAX_BLOCKING_POINTS], count: u8 },
    /// A slide along this direction.
    Slide(Direction),
}

impl Route {
    /// Whether a leap from `from` whose blocking points are `blocking` (as
    /// in [`Route::Leap`]) finds them all empty, `is_empty` saying which
    /// points are. A leap's blocking points lie in the rectangle its two
    /// ends span, so with both ends on the board they are on it too.
    #[inline(always)]
    pub(crate) fn leap_is_clear(from: Square, blocking: &[i8], is_empty: impl Fn(Square) -> bool) -> bool {
        // A plain loop, which stays inline where `all` may not.
        for &step in blocking {
            if !Square::from_index(from.index().wrapping_add_signed(step)).is_some_and(&is_empty) {
                return false;
            }
        }
        true
    }
}

/// Rank and file differences between two points run from -9 to 9 and from -8 to 8.
const RANK_SPAN: usize = 2 * NineByTen::RANKS as usize - 1;
const FILE_SPAN: usize = 2 * NineByTen::FILES as usize - 1;

/// The place of an offset between two points in a [`ROUTES`] row.
const fn route_index(offset: Offset) -> usize {
    let rank = (offset.rank as isize + NineByTen::RANKS as isize - 1) as usize;
    let file = (offset.file as isize + NineByTen::FILES as isize - 1) as usize;
    rank * FILE_SPAN + file
}

/// Each point's place in a grid as wide as [`FILE_SPAN`]: the difference of
/// two points' keys, plus the key of the offset 0, is the [`route_index`] of
/// the offset between them, found without dividing square indices by 9.
static ROUTE_KEYS: [u16; POINTS] = {
    let mut keys = [0; POINTS];
    let mut index = 0;
    while index < POINTS {
        keys[index] =
            ((index / NineByTen::FILES as usize) * FILE_SPAN + index % NineByTen::FILES as usize) as u16;
        index += 1;
    }
    keys
};

/// Per kind, by the offset from source to target: how a piece of that kind
/// makes the move, if it can. One lookup answers whether a command's piece
/// moves that way and which points must be empty.
static ROUTES: [[Route; RANK_SPAN * FILE_SPAN]; PieceKind::ALL.len()] = routes();

const fn routes() -> [[Route; RANK_SPAN * FILE_SPAN]; PieceKind::ALL.len()] {
    let mut table = [[Route::Never; RANK_SPAN * FILE_SPAN]; PieceKind::ALL.len()];
    let mut k = 0;
    while k < PieceKind::ALL.len() {
        match PieceKind::ALL[k].movement() {
            Movement::Leaps(leaps) => {
                let mut l = 0;
                while l < leaps.len() {
                    let points = leaps[l].blocking();
                    let mut blocking = [0; MAX_BLOCKING_POINTS];
                    let mut p = 0;
                    while p < points.len() {
                        blocking[p] = points[p].rank * NineByTen::FILES as i8 + points[p].file;
                        p += 1;
                    }
                    let count = points.len() as u8;
                    table[k][route_index(leaps[l].target())] = Route::Leap { blocking, count };
                    l += 1;
                }
            }
            Movement::Slides(directions) => {
                let mut d = 0;
                while d < directions.len() {
                    let step = directions[d].offset();
                    let mut distance = 1;
                    while distance < NineByTen::RANKS as i8 {
                        let offset = step.times(distance);
                        if offset.file.abs() < NineByTen::FILES as i8 {
                            table[k][route_index(offset)] = Route::Slide(directions[d]);
                        }
                        distance += 1;
                    }
                    d += 1;
                }
            }
        }
        k += 1;
    }
    table
}

/// The points a piece of `kind` on `from` can reach when `occupied` holds
/// the pieces of both sides, including occupied points it could land on
/// (whether the piece there is an enemy is for the caller to check).
#[inline]
pub(crate) fn reach(kind: PieceKind, from: Square, occupied: SquareSet) -> SquareSet {
    match kind {
        PieceKind::Captain => CAPTAIN.targets(from, occupied),
        PieceKind::Guard => GUARD.targets(from, occupied),
        PieceKind::Soldier => SOLDIER.targets(from, occupied),
        PieceKind::Elephant => ELEPHANT.targets(from, occupied),
        PieceKind::Horse => HORSE.targets(from, occupied),
        PieceKind::Duck => DUCK.targets(from, occupied),
        PieceKind::Car => RAYS.slides(from, CAR, occupied),
    }
}

/// Where a piece of `kind` on `target` would be reached from by a piece of
/// the same kind: every kind's movement is symmetric, so this is its reach
/// seen backwards (for leapers, with the blocking points of the leap *to*
/// `target`).
#[cfg(test)]
fn sources(kind: PieceKind, target: Square, occupied: SquareSet) -> SquareSet {
    match kind {
        PieceKind::Captain => CAPTAIN.sources(target, occupied),
        PieceKind::Guard => GUARD.sources(target, occupied),
        PieceKind::Soldier => SOLDIER.sources(target, occupied),
        PieceKind::Elephant => ELEPHANT.sources(target, occupied),
        PieceKind::Horse => HORSE.sources(target, occupied),
        PieceKind::Duck => DUCK.sources(target, occupied),
        PieceKind::Car => RAYS.slides(target, CAR, occupied),
    }
}

/// Whether one of `attackers` (pieces of `kind`) can reach `target` when
/// `occupied` holds the pieces of both sides.
#[cfg(test)]
fn reaches(kind: PieceKind, attackers: SquareSet, target: Square, occupied: SquareSet) -> bool {
    sources(kind, target, occupied).intersects(attackers)
}

/// How a piece of `kind` goes from `from` to `to`, if its movement takes it
/// there on an empty board: one table lookup by the offset between them.
#[inline(always)]
pub(crate) fn route(kind: PieceKind, from: Square, to: Square) -> Route {
    let key = |square: Square| usize::from(ROUTE_KEYS[usize::from(square.index())]);
    ROUTES[kind.index()][key(to) + route_index(Offset::new(0, 0)) - key(from)]
}

/// The points strictly between `from` and `to`, which lie along `direction`
/// from `from`: what the rays from each end towards the other share.
#[inline(always)]
pub(crate) fn between(from: Square, to: Square, direction: Direction) -> SquareSet {
    RAYS.ray(from, direction) & RAYS.ray(to, direction.reversed())
}

/// The points that must be empty for a piece of `kind` to go from `from` to
/// `to`, if its movement takes it there on an empty board: a leap's blocking
/// points, or the points between a car and its target.
#[inline]
pub(crate) fn path(kind: PieceKind, from: Square, to: Square) -> Option<SquareSet> {
    match route(kind, from, to) {
        Route::Never => None,
        Route::Leap { blocking, count } => Some(
            blocking[..usize::from(count)]
                .iter()
                .filter_map(|&step| Square::from_index(from.index().wrapping_add_signed(step)))
                .collect(),
        ),
        Route::Slide(direction) => Some(between(from, to, direction)),
    }
}

/// Where the pieces of a board stand, as [`attacked`] reads them: the
/// engine's [`Board`], and the judge's own compact board.
pub(crate) trait Pieces {
    /// The points where `color`'s pieces of `kind` stand.
    fn placed(&self, color: Color, kind: PieceKind) -> SquareSet;
    /// The points where any piece stands.
    fn occupied(&self) -> SquareSet;
    /// Whether no piece stands on `square`.
    fn is_empty(&self, square: Square) -> bool;
}

impl Pieces for Board {
    #[inline]
    fn placed(&self, color: Color, kind: PieceKind) -> SquareSet {
        self.by_color(color) & self.by_kind(kind)
    }

    #[inline]
    fn occupied(&self) -> SquareSet {
        Board::occupied(self)
    }

    #[inline]
    fn is_empty(&self, square: Square) -> bool {
        self.piece_at(square).is_none()
    }
}

/// Whether a piece of `by` could move onto `target` (if an enemy piece stood
/// there) on `board`.
///
/// Most kinds are ruled out by one intersection with the points they could
/// come from on an empty board; only the few pieces left after that have
/// their blocking points or their lines looked at.
#[inline(always)]
pub(crate) fn attacked(board: &impl Pieces, target: Square, by: Color) -> bool {
    let near = &ON_EMPTY_BOARD[usize::from(target.index())];
    let candidates = |kind: PieceKind| board.placed(by, kind) & near[kind.index()];
    // Steppers have no blocking points: being near is attacking.
    if (candidates(PieceKind::Captain) | candidates(PieceKind::Guard) | candidates(PieceKind::Soldier)).any()
    {
        return true;
    }
    let horses = candidates(PieceKind::Horse);
    let elephants = candidates(PieceKind::Elephant);
    let ducks = candidates(PieceKind::Duck);
    let cars = candidates(PieceKind::Car);
    if (horses | elephants | ducks | cars).is_empty() {
        return false;
    }
    leaps_onto(board, PieceKind::Horse, horses, target)
        || leaps_onto(board, PieceKind::Elephant, elephants, target)
        || leaps_onto(board, PieceKind::Duck, ducks, target)
        || slides_onto(board, cars, target)
}

/// Whether one of `leapers` (pieces of `kind`) leaps onto `target`: whether
/// the blocking points of its leap there are empty.
#[inline(always)]
fn leaps_onto(board: &impl Pieces, kind: PieceKind, leapers: SquareSet, target: Square) -> bool {
    // A plain loop: the judge asks this after most moves, and `any` on the
    // set's iterator is left to a call of its own.
    for from in leapers {
        if let Route::Leap { blocking, count } = route(kind, from, target) {
            if Route::leap_is_clear(from, &blocking[..usize::from(count)], |point| board.is_empty(point)) {
                return true;
            }
        }
    }
    false
}

/// Whether one of `cars`, all on the line of `target`, slides onto it: whether
/// it is the first piece along its line from `target`.
#[inline(always)]
fn slides_onto(board: &impl Pieces, cars: SquareSet, target: Square) -> bool {
    if cars.is_empty() {
        return false;
    }
    for &direction in CAR {
        if RAYS.ray(target, direction).intersects(cars)
            && RAYS.nearest(target, direction, board.occupied()).is_some_and(|first| cars.contains(first))
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;
    use board_geometry::testing::random_occupancies;

    use super::*;
    use crate::COORDINATES;

    fn sq(row: u8, column: u8) -> Square {
        COORDINATES.square(row.into(), column.into()).unwrap()
    }

    fn set(points: &[(u8, u8)]) -> SquareSet {
        points.iter().map(|&(r, c)| sq(r, c)).collect()
    }

    /// The reach of `kind` on `from`, by walking board-geometry's leaps and rays directly.
    fn walked_reach(kind: PieceKind, from: Square, occupied: SquareSet) -> SquareSet {
        match kind.movement() {
            Movement::Leaps(leaps) => {
                leaps.iter().filter_map(|&leap| from.leap(leap, |s| occupied.contains(s))).collect()
            }
            Movement::Slides(directions) => {
                let mut reach = SquareSet::EMPTY;
                for &direction in directions {
                    for s in from.ray(direction.offset()) {
                        reach.insert(s);
                        if occupied.contains(s) {
                            break;
                        }
                    }
                }
                reach
            }
        }
    }

    #[test]
    fn tables_agree_with_walking_the_geometry_on_many_boards() {
        for occupied in random_occupancies(0x2545_f491, 40) {
            for kind in PieceKind::ALL {
                for from in Square::all() {
                    assert_eq!(
                        reach(kind, from, occupied),
                        walked_reach(kind, from, occupied),
                        "{kind} on {from}"
                    );
                    let one = SquareSet::from_square(from);
                    let walked = walked_reach(kind, from, occupied | one);
                    for target in Square::all() {
                        assert_eq!(
                            reaches(kind, one, target, occupied | one),
                            walked.contains(target),
                            "{kind} on {from} reaching {target} over {occupied:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn routes_agree_with_the_leap_tables_and_rays() {
        let leap_table_blocking = |kind: PieceKind, from, to| match kind {
            PieceKind::Captain => CAPTAIN.blocking(from, to),
            PieceKind::Guard => GUARD.blocking(from, to),
            PieceKind::Soldier => SOLDIER.blocking(from, to),
            PieceKind::Elephant => ELEPHANT.blocking(from, to),
            PieceKind::Horse => HORSE.blocking(from, to),
            PieceKind::Duck => DUCK.blocking(from, to),
            PieceKind::Car => {
                RAYS.slides(from, CAR, SquareSet::EMPTY).contains(to).then(|| SquareSet::between(from, to))
            }
        };
        for kind in PieceKind::ALL {
            for from in Square::all() {
                let mut reached = SquareSet::EMPTY;
                for to in Square::all() {
                    assert_eq!(
                        path(kind, from, to),
                        leap_table_blocking(kind, from, to),
                        "{kind} {from} {to}"
                    );
                    if path(kind, from, to).is_some() {
                        reached.insert(to);
                    }
                }
                assert_eq!(reached, ON_EMPTY_BOARD[usize::from(from.index())][kind.index()], "{kind} {from}");
            }
        }
    }

    #[test]
    fn the_attack_test_agrees_with_the_reach_of_every_kind_on_many_boards() {
        let mut random = Random::new(0x5eed);
        for round in 0..300u64 {
            // Boards from a few pieces to crowded, of any kinds and counts.
            let density = 1 + round % 7;
            let mut board = Board::empty();
            for square in Square::all() {
                if random.below(8) >= density {
                    continue;
                }
                let color = Color::ALL[random.index(2)];
                let kind = PieceKind::ALL[random.index(PieceKind::ALL.len())];
                board.put(square, crate::Piece::new(color, kind));
            }
            for target in Square::all() {
                for by in Color::ALL {
                    let expected = PieceKind::ALL.into_iter().any(|kind| {
                        let attackers = board.by_color(by) & board.by_kind(kind);
                        attackers.any() && reaches(kind, attackers, target, board.occupied() | attackers)
                    });
                    assert_eq!(attacked(&board, target, by), expected, "{target} by {by} on {board}");
                }
            }
        }
    }

    #[test]
    fn the_most_moves_a_side_can_have_fit_a_move_list() {
        let most: usize = PieceKind::ALL
            .iter()
            .map(|&kind| {
                let best =
                    Square::all().map(|from| reach(kind, from, SquareSet::from_square(from)).len()).max();
                best.unwrap_or(0) as usize * usize::from(kind.initial_count())
            })
            .sum();
        assert_eq!(most, 126);
        assert_eq!(crate::MAX_MOVES, most, "the capacity is the bound its documentation works out");
    }

    #[test]
    fn cars_stop_at_the_first_piece_and_the_board_edge() {
        let occupied = set(&[(0, 4), (2, 4), (0, 7)]);
        let car = reach(PieceKind::Car, sq(0, 4), occupied);
        assert_eq!(car, set(&[(1, 4), (2, 4), (0, 3), (0, 2), (0, 1), (0, 0), (0, 5), (0, 6), (0, 7)]));
        // No wrap from the end of a row onto the next one.
        let car = reach(PieceKind::Car, sq(0, 8), SquareSet::EMPTY);
        assert!(!car.contains(sq(1, 0)));
        assert_eq!(car.len(), 17);
    }

    #[test]
    fn paths_name_the_points_that_must_be_empty() {
        assert_eq!(path(PieceKind::Duck, sq(7, 0), sq(4, 2)), Some(set(&[(6, 0), (5, 1)])));
        assert_eq!(path(PieceKind::Horse, sq(0, 1), sq(2, 2)), Some(set(&[(1, 1)])));
        assert_eq!(path(PieceKind::Horse, sq(0, 1), sq(3, 3)), None);
        assert_eq!(path(PieceKind::Soldier, sq(3, 0), sq(4, 1)), Some(SquareSet::EMPTY));
        assert_eq!(path(PieceKind::Car, sq(0, 0), sq(0, 3)), Some(set(&[(0, 1), (0, 2)])));
        assert_eq!(path(PieceKind::Car, sq(0, 0), sq(1, 1)), None);
    }
}
