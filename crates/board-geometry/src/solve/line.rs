//! The main line of a mate.

use super::search::Search;
use crate::Game;

/// One move of a line, and how many legal moves its side had to choose from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step<M> {
    /// The move.
    pub mv: M,
    /// The legal moves of the side that played it, in the position before it
    /// (for the defender: its defences).
    pub legal: usize,
}

/// A line of play from a position: the moves, with what each side could
/// have played instead, and the position it reaches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line<G: Game> {
    start: G,
    steps: Vec<Step<G::Move>>,
    end: G,
}

impl<G: Game> Line<G> {
    /// The line of `steps` from `start`; the moves must be legal one after
    /// the other (as the solver's are).
    #[must_use]
    pub fn new(start: G, steps: Vec<Step<G::Move>>) -> Line<G> {
        let mut end = start;
        for step in &steps {
            end.play_unchecked(step.mv);
        }
        Line { start, steps, end }
    }

    /// The position the line starts from.
    #[must_use]
    pub const fn start(&self) -> &G {
        &self.start
    }

    /// The steps, in order.
    #[must_use]
    pub fn steps(&self) -> &[Step<G::Move>] {
        &self.steps
    }

    /// The moves, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = G::Move> + '_ {
        self.steps.iter().map(|step| step.mv)
    }

    /// Whether the line has no moves.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The position at the end of the line.
    #[must_use]
    pub const fn final_position(&self) -> &G {
        &self.end
    }

    /// Each step with the position before it.
    pub fn walk(&self) -> impl Iterator<Item = (G, Step<G::Move>)> + '_ {
        self.steps.iter().scan(self.start, |position, &step| {
            let before = *position;
            position.play_unchecked(step.mv);
            Some((before, step))
        })
    }
}

/// The main line of a mate in `moves` from `start`, worked out from the
/// proof: at each step an attacking move that mates soonest (the first in
/// the moves' order among those the proof settled, else the first in the
/// moves' order), and the first defence (in the moves' order) that resists
/// longest.
pub(super) fn main_line<G: Game>(search: &mut Search<'_, '_, G>, start: &G, moves: u32) -> Line<G> {
    search.lift_limits();
    let mut position = *start;
    let mut steps = Vec::new();
    let mut left = u8::try_from(moves).unwrap_or(u8::MAX);
    while left > 0 {
        let tries = search.allowed_moves(&mut position);
        let legal = position.count_legal_moves();
        // A move the proof has shown to mate soonest is taken as it stands:
        // finding the first in the moves' order would mean refuting every
        // move before it, a search as long as the proof itself.
        let mut mates_soonest = |mv: G::Move, search_if_unknown: bool| {
            let undo = position.play_unchecked(mv);
            let mates = match search.known_mated(&position, left - 1) {
                Some(known) => known,
                None => search_if_unknown && matches!(search.defend(&mut position, left - 1), Ok(true)),
            };
            position.unplay(undo);
            mates
        };
        let chosen = tries
            .iter()
            .copied()
            .find(|&mv| mates_soonest(mv, false))
            .or_else(|| tries.iter().copied().find(|&mv| mates_soonest(mv, true)));
        let Some(mv) = chosen else { break };
        position.play_unchecked(mv);
        steps.push(Step { mv, legal });
        left -= 1;
        let mut defences = position.legal_moves();
        if defences.is_empty() || left == 0 {
            break;
        }
        defences.sort_unstable();
        let legal = defences.len();
        // The mate is in exactly `left` after the attacker's move, so the
        // longest defence lasts `left` moves: the first that is not mated
        // within `left - 1`.
        let mut longest = None;
        for mv in defences {
            let undo = position.play_unchecked(mv);
            let sooner = left > 1 && matches!(search.attack(&mut position, left - 1), Ok(true));
            position.unplay(undo);
            if !sooner {
                longest = Some(mv);
                break;
            }
        }
        let Some(mv) = longest else { break };
        position.play_unchecked(mv);
        steps.push(Step { mv, legal });
    }
    Line::new(*start, steps)
}
