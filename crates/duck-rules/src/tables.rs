//! Precomputed move tables, built once from [`PieceKind::movement`]: for every
//! kind and point, the unblockable steps as a square set, the blockable leaps
//! with their blocking points, the rays, and the same seen backwards (where a
//! piece of the kind could come from), for attack tests.

use std::sync::LazyLock;

use board_geometry::{Grid, MAX_BLOCKING_POINTS, NineByTen, Offset, Square, SquareSet};

use crate::{Movement, PieceKind, Point};

pub(crate) type Set = SquareSet<NineByTen>;
type Sq = Square<NineByTen>;

const POINTS: usize = Point::COUNT;
const KINDS: usize = PieceKind::ALL.len();
/// The most blockable leaps of any kind (the horse's and the duck's eight).
const MAX_JUMPS: usize = 8;
/// The most slide directions of any kind (all eight neighbours).
const MAX_SLIDES: usize = 8;

/// A leap made from a particular point that some point can block: where it
/// lands (or, in a backwards table, where it starts) and the points that must
/// be empty. A leap with one blocking point repeats it.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Jump {
    pub(crate) point: Sq,
    blocking: [Sq; MAX_BLOCKING_POINTS],
}

impl Jump {
    /// Whether a blocking point is occupied.
    #[inline]
    pub(crate) fn is_blocked(self, occupied: Set) -> bool {
        occupied.contains(self.blocking[0]) | occupied.contains(self.blocking[1])
    }

    /// The blocking points (each once).
    pub(crate) fn blocking(self) -> impl Iterator<Item = Sq> {
        let [a, b] = self.blocking;
        core::iter::once(a).chain((b != a).then_some(b))
    }
}

/// One kind's moves from (and, backwards, to) every point.
struct KindTable {
    steps: [Set; POINTS],
    jumps: [[Jump; MAX_JUMPS]; POINTS],
    jump_count: [u8; POINTS],
    step_sources: [Set; POINTS],
    jump_sources: [[Jump; MAX_JUMPS]; POINTS],
    jump_source_count: [u8; POINTS],
    jump_source_any: [Set; POINTS],
    /// Indices into [`Offset::NEIGHBOURS`] of the slide directions.
    slides: [u8; MAX_SLIDES],
    slide_count: u8,
    /// The same, reversed: the directions a slider comes from.
    slides_back: [u8; MAX_SLIDES],
}

pub(crate) struct Tables {
    kinds: [KindTable; KINDS],
    /// `rays[point][d]`: the points from `point` (exclusive) to the edge in direction `NEIGHBOURS[d]`.
    rays: [[Set; 8]; POINTS],
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The tables, built on first use.
#[inline]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

fn square(index: usize) -> Sq {
    match Square::from_index(index as u8) {
        Some(square) => square,
        None => unreachable!("table indices are below 90"),
    }
}

fn direction_index(direction: Offset) -> u8 {
    let index = Offset::NEIGHBOURS.iter().position(|&d| d == direction);
    // Slides run along unit steps; a kind with any other slide is a bug in `movement`.
    index.expect("slide directions are unit steps") as u8
}

/// Whether walking in direction `NEIGHBOURS[d]` raises the square index, so
/// that the nearest piece on a ray is its lowest square rather than its highest.
fn ascending(d: usize) -> bool {
    let step = Offset::NEIGHBOURS[d];
    i32::from(step.rank) * i32::from(NineByTen::FILES) + i32::from(step.file) > 0
}

impl Tables {
    fn build() -> Tables {
        let mut rays = [[Set::EMPTY; 8]; POINTS];
        for (index, rays) in rays.iter_mut().enumerate() {
            for (ray, &direction) in rays.iter_mut().zip(&Offset::NEIGHBOURS) {
                *ray = square(index).ray(direction).collect();
            }
        }
        let kinds = PieceKind::ALL.map(KindTable::build);
        Tables { kinds, rays }
    }

    /// The points a piece of `kind` on `from` can reach when `occupied` holds
    /// the pieces of both sides, including occupied points it could land on
    /// (whether the piece there is an enemy is for the caller to check).
    #[inline]
    pub(crate) fn reach(&self, kind: PieceKind, from: Sq, occupied: Set) -> Set {
        let table = &self.kinds[kind.index()];
        let at = usize::from(from.index());
        let mut reach = table.steps[at];
        for &jump in &table.jumps[at][..usize::from(table.jump_count[at])] {
            if !jump.is_blocked(occupied) {
                reach.insert(jump.point);
            }
        }
        for &d in &table.slides[..usize::from(table.slide_count)] {
            reach |= self.slide(from, usize::from(d), occupied);
        }
        reach
    }

    /// The points from `from` in direction `NEIGHBOURS[d]` up to and including the first occupied one.
    #[inline]
    fn slide(&self, from: Sq, d: usize, occupied: Set) -> Set {
        let ray = self.rays[usize::from(from.index())][d];
        let blockers = ray & occupied;
        let nearest = if ascending(d) { blockers.first() } else { blockers.last() };
        match nearest {
            Some(stop) => ray - self.rays[usize::from(stop.index())][d],
            None => ray,
        }
    }

    /// Whether one of `attackers` (pieces of `kind`) can reach `target` when
    /// `occupied` holds the pieces of both sides.
    #[inline]
    pub(crate) fn reaches(&self, kind: PieceKind, attackers: Set, target: Sq, occupied: Set) -> bool {
        let table = &self.kinds[kind.index()];
        let at = usize::from(target.index());
        if table.step_sources[at].intersects(attackers) {
            return true;
        }
        if table.jump_source_any[at].intersects(attackers) {
            let sources = &table.jump_sources[at][..usize::from(table.jump_source_count[at])];
            if sources.iter().any(|jump| attackers.contains(jump.point) && !jump.is_blocked(occupied)) {
                return true;
            }
        }
        table.slides_back[..usize::from(table.slide_count)]
            .iter()
            .any(|&d| self.slide(target, usize::from(d), occupied).intersects(attackers))
    }

    /// The blockable leap of `kind` from `from` to `to`, if it has one.
    pub(crate) fn jump(&self, kind: PieceKind, from: Sq, to: Sq) -> Option<Jump> {
        let table = &self.kinds[kind.index()];
        let at = usize::from(from.index());
        table.jumps[at][..usize::from(table.jump_count[at])].iter().copied().find(|jump| jump.point == to)
    }

    /// Whether `kind` slides, and so can be blocked anywhere between its start and its target.
    pub(crate) fn slides(&self, kind: PieceKind) -> bool {
        self.kinds[kind.index()].slide_count > 0
    }
}

impl KindTable {
    fn build(kind: PieceKind) -> KindTable {
        let placeholder = Jump { point: square(0), blocking: [square(0); MAX_BLOCKING_POINTS] };
        let mut table = KindTable {
            steps: [Set::EMPTY; POINTS],
            jumps: [[placeholder; MAX_JUMPS]; POINTS],
            jump_count: [0; POINTS],
            step_sources: [Set::EMPTY; POINTS],
            jump_sources: [[placeholder; MAX_JUMPS]; POINTS],
            jump_source_count: [0; POINTS],
            jump_source_any: [Set::EMPTY; POINTS],
            slides: [0; MAX_SLIDES],
            slide_count: 0,
            slides_back: [0; MAX_SLIDES],
        };
        match kind.movement() {
            Movement::Leaps(leaps) => {
                for from in Square::<NineByTen>::all() {
                    for landing in leaps.iter().filter_map(|leap| leap.from(from)) {
                        let to = landing.target();
                        let (f, t) = (usize::from(from.index()), usize::from(to.index()));
                        let mut blocking = landing.blocking();
                        let Some(first) = blocking.next() else {
                            table.steps[f].insert(to);
                            table.step_sources[t].insert(from);
                            continue;
                        };
                        let second = blocking.next().unwrap_or(first);
                        let forward = Jump { point: to, blocking: [first, second] };
                        let backward = Jump { point: from, ..forward };
                        push(&mut table.jumps[f], &mut table.jump_count[f], forward);
                        push(&mut table.jump_sources[t], &mut table.jump_source_count[t], backward);
                        table.jump_source_any[t].insert(from);
                    }
                }
            }
            Movement::Slides(directions) => {
                for (i, &direction) in directions.iter().enumerate().take(MAX_SLIDES) {
                    table.slides[i] = direction_index(direction);
                    table.slides_back[i] = direction_index(direction.reversed());
                    table.slide_count += 1;
                }
            }
        }
        table
    }
}

fn push(list: &mut [Jump; MAX_JUMPS], len: &mut u8, jump: Jump) {
    // Every kind has at most MAX_JUMPS leaps, and each leap adds at most one
    // entry per point (a test checks the counts).
    if let Some(slot) = list.get_mut(usize::from(*len)) {
        *slot = jump;
        *len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(row: u8, column: u8) -> Sq {
        Point::new(row, column).unwrap().square()
    }

    fn set(points: &[(u8, u8)]) -> Set {
        points.iter().map(|&(r, c)| sq(r, c)).collect()
    }

    /// The reach of `kind` on `from`, by walking board-geometry's leaps and rays directly.
    fn walked_reach(kind: PieceKind, from: Sq, occupied: Set) -> Set {
        match kind.movement() {
            Movement::Leaps(leaps) => {
                leaps.iter().filter_map(|&leap| from.leap(leap, |s| occupied.contains(s))).collect()
            }
            Movement::Slides(directions) => {
                let mut reach = Set::EMPTY;
                for &direction in directions {
                    for s in from.ray(direction) {
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
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let tables = tables();
        for round in 0..40 {
            // Boards from empty to crowded.
            let density = round % 8;
            let occupied: Set = Square::<NineByTen>::all().filter(|_| next() % 8 < density).collect::<Set>();
            for kind in PieceKind::ALL {
                for from in Square::<NineByTen>::all() {
                    let reach = tables.reach(kind, from, occupied);
                    assert_eq!(
                        reach,
                        walked_reach(kind, from, occupied),
                        "{kind} on {from} over {occupied:?}"
                    );
                    let one = Set::from_square(from);
                    let walked = walked_reach(kind, from, occupied | one);
                    for target in Square::<NineByTen>::all() {
                        assert_eq!(
                            tables.reaches(kind, one, target, occupied | one),
                            walked.contains(target),
                            "{kind} on {from} reaching {target} over {occupied:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_leap_fits_the_tables() {
        for kind in PieceKind::ALL {
            if let Movement::Leaps(leaps) = kind.movement() {
                let blockable = leaps.iter().filter(|l| !l.blocking().is_empty()).count();
                assert!(blockable <= MAX_JUMPS, "{kind}");
            }
        }
    }

    #[test]
    fn the_most_moves_a_side_can_have_fit_a_move_list() {
        let tables = tables();
        let most: usize = PieceKind::ALL
            .iter()
            .map(|&kind| {
                let best = Square::<NineByTen>::all()
                    .map(|from| tables.reach(kind, from, Set::from_square(from)).len())
                    .max()
                    .unwrap_or(0);
                best as usize * usize::from(kind.initial_count())
            })
            .sum();
        assert_eq!(most, 126);
        assert!(most <= crate::MAX_MOVES);
    }

    #[test]
    fn cars_stop_at_the_first_piece_and_the_board_edge() {
        let tables = tables();
        let occupied = set(&[(0, 4), (2, 4), (0, 7)]);
        let reach = tables.reach(PieceKind::Car, sq(0, 4), occupied);
        assert_eq!(reach, set(&[(1, 4), (2, 4), (0, 3), (0, 2), (0, 1), (0, 0), (0, 5), (0, 6), (0, 7)]));
        // No wrap from the end of a row onto the next one.
        let reach = tables.reach(PieceKind::Car, sq(0, 8), Set::EMPTY);
        assert!(!reach.contains(sq(1, 0)));
        assert_eq!(reach.len(), 17);
    }

    #[test]
    fn jumps_name_their_blocking_points() {
        let tables = tables();
        let jump = tables.jump(PieceKind::Duck, sq(7, 0), sq(4, 2)).unwrap();
        assert_eq!(jump.blocking().collect::<Vec<_>>(), [sq(6, 0), sq(5, 1)]);
        let jump = tables.jump(PieceKind::Horse, sq(0, 1), sq(2, 2)).unwrap();
        assert_eq!(jump.blocking().collect::<Vec<_>>(), [sq(1, 1)]);
        assert!(tables.jump(PieceKind::Horse, sq(0, 1), sq(3, 3)).is_none());
        assert!(tables.slides(PieceKind::Car));
        assert!(!tables.slides(PieceKind::Soldier));
    }
}
