//! The movement of every kind as precomputed tables: board-geometry's
//! [`LeapTable`]s for the leapers and steppers, its [`RayTable`] for the car,
//! all built at compile time from [`PieceKind::movement`].

use board_geometry::{Direction, LeapTable, NineByTen, RayTable};

use crate::{Movement, PieceKind, Square, SquareSet};

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
#[inline]
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
#[inline]
pub(crate) fn reaches(kind: PieceKind, attackers: SquareSet, target: Square, occupied: SquareSet) -> bool {
    sources(kind, target, occupied).intersects(attackers)
}

/// The points that must be empty for a piece of `kind` to go from `from` to
/// `to`, if its movement takes it there on an empty board: a leap's blocking
/// points, or the points between a car and its target.
pub(crate) fn path(kind: PieceKind, from: Square, to: Square) -> Option<SquareSet> {
    match kind {
        PieceKind::Captain => CAPTAIN.blocking(from, to),
        PieceKind::Guard => GUARD.blocking(from, to),
        PieceKind::Soldier => SOLDIER.blocking(from, to),
        PieceKind::Elephant => ELEPHANT.blocking(from, to),
        PieceKind::Horse => HORSE.blocking(from, to),
        PieceKind::Duck => DUCK.blocking(from, to),
        PieceKind::Car => {
            RAYS.slides(from, CAR, SquareSet::EMPTY).contains(to).then(|| SquareSet::between(from, to))
        }
    }
}

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;

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
        let mut random = Random::new(0x2545_f491);
        for round in 0..40u64 {
            // Boards from empty to crowded.
            let density = round % 8;
            let occupied: SquareSet = Square::all().filter(|_| random.below(8) < density).collect();
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
        assert!(most <= crate::MAX_MOVES);
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
