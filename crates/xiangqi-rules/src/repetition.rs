//! Ruling a repetition: from the moves between the first and the third
//! occurrence of a position, who checked or chased with every move.

use crate::threats::threats_of;
use crate::{Color, Cycle, Move, Outcome, Piece, Position, Square, Threats};

/// A repetition ruled: the outcome, and what the moves of the span did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ruling {
    pub(crate) outcome: Outcome,
    /// What each move of the span threatened, in order.
    pub(crate) threats: Vec<Threats>,
    /// For each side (red first), whether every one of its moves gave check.
    pub(crate) checked_always: [bool; 2],
    /// For each side, the opponent piece every one of its moves chased (with
    /// no check in the span), and where it stood after each of them.
    pub(crate) chased_always: [Option<Chased>; 2],
    /// The same whether or not a move of the span gave check: the chases a
    /// check ruled out, for the explanation.
    pub(crate) chased_but_for_checks: [Option<Chased>; 2],
}

/// A piece chased by every move of one side in a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Chased {
    pub(crate) piece: Piece,
    /// Where it stood when each of the chasing side's moves attacked it.
    pub(crate) points: Vec<Square>,
}

/// Whose chases a check in the span rules out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ChecksRuleOut {
    /// The opponent's chases only: a side that checks and chases in turn
    /// (one check one chase) is at fault, as the rule books rule.
    OpponentsChase,
    /// Every chase, the checking side's own included: one check one chase
    /// is a draw, as computer xiangqi's referees rule.
    AnyChase,
}

/// Rules on the span that ends with a position occurring for the third
/// time: `positions` from the first occurrence to the third, `moves` the
/// moves between them (one fewer), `cycle` their plies.
///
/// Each side is at fault when every one of its moves gives check
/// (perpetual check), or, with no check in the span by its opponent, when
/// one opponent piece, followed as it moves, is chased by every one of its
/// moves that does not give check (perpetual chase; alternating checks and
/// chases, one check one chase, is at fault the same way). Check outranks
/// chase; a side alone at fault loses; both or neither, a draw. With
/// [`ChecksRuleOut::AnyChase`], a check by either side rules out both
/// sides' chases, so one check one chase is a draw.
pub(crate) fn rule(positions: &[Position], moves: &[Move], cycle: Cycle, checks: ChecksRuleOut) -> Ruling {
    debug_assert_eq!(positions.len(), moves.len() + 1);
    // Each piece gets a number at the start of the span, which follows it as
    // it moves: no capture happens in a span (a capture changes the
    // material, so no position before it can come again).
    let mut numbers: [Option<u8>; 90] = [None; 90];
    for (number, (square, _)) in positions[0].board().pieces().enumerate() {
        numbers[usize::from(square.index())] = u8::try_from(number).ok();
    }
    let mut checked_always = [true; 2];
    let mut checked_ever = [false; 2];
    // For each side, what each of its moves chased: the pieces' numbers and points.
    let mut chased_by_move: [Vec<Vec<(u8, Square)>>; 2] = [Vec::new(), Vec::new()];
    let mut threats = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        let move_threats = threats_of(positions[index].board(), mv, &positions[index + 1]);
        numbers[usize::from(mv.to.index())] = numbers[usize::from(mv.from.index())].take();
        let side = move_threats.mover().index();
        checked_always[side] &= move_threats.gives_check();
        checked_ever[side] |= move_threats.gives_check();
        // A check of the chasing side's own neither chases nor breaks its chase.
        if !move_threats.gives_check() {
            let chased = move_threats
                .chases()
                .filter_map(|attack| numbers[usize::from(attack.victim.index())].map(|n| (n, attack.victim)))
                .collect();
            chased_by_move[side].push(chased);
        }
        threats.push(move_threats);
    }
    let chased_but_for_checks = Color::ALL.map(|side| {
        let moves = &chased_by_move[side.index()];
        let (first, rest) = moves.split_first()?;
        let &(number, _) = first
            .iter()
            .find(|(number, _)| rest.iter().all(|chased| chased.iter().any(|(n, _)| n == number)))?;
        let points: Vec<Square> = moves
            .iter()
            .filter_map(|chased| chased.iter().find(|(n, _)| *n == number).map(|&(_, point)| point))
            .collect();
        let piece = positions[0].board().pieces().nth(usize::from(number)).map(|(_, piece)| piece)?;
        Some(Chased { piece, points })
    });
    // The opponent's check anywhere in the span rules out a side's chase:
    // the chase may be an answer to it.
    let chased_always = Color::ALL.map(|side| {
        let own_check_rules_out = checks == ChecksRuleOut::AnyChase && checked_ever[side.index()];
        if checked_ever[side.opponent().index()] || own_check_rules_out {
            None
        } else {
            chased_but_for_checks[side.index()].clone()
        }
    });
    let chasing = [chased_always[0].is_some(), chased_always[1].is_some()];
    let outcome = verdict(checked_always, chasing, cycle);
    Ruling { outcome, threats, checked_always, chased_always, chased_but_for_checks }
}

/// The ruling from who checked and who chased with every move (red first):
/// a side alone checking perpetually loses; both, a draw; otherwise a side
/// alone chasing perpetually loses; both or neither, a draw.
fn verdict(checked: [bool; 2], chasing: [bool; 2], cycle: Cycle) -> Outcome {
    let alone = |faults: [bool; 2]| match faults {
        [true, false] => Some(Color::Red),
        [false, true] => Some(Color::Black),
        _ => None,
    };
    if let Some(loser) = alone(checked) {
        return Outcome::PerpetualCheck { winner: loser.opponent(), cycle };
    }
    if checked == [true, true] {
        return Outcome::MutualPerpetual { cycle };
    }
    if let Some(loser) = alone(chasing) {
        return Outcome::PerpetualChase { winner: loser.opponent(), cycle };
    }
    if chasing == [true, true] { Outcome::MutualPerpetual { cycle } } else { Outcome::Repetition { cycle } }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_outranks_chase_and_equal_faults_draw() {
        let cycle = Cycle { first_ply: 2, last_ply: 10 };
        let (red, black) = (Color::Red, Color::Black);
        let cases = [
            ([false, false], [false, false], Outcome::Repetition { cycle }),
            ([true, false], [false, false], Outcome::PerpetualCheck { winner: black, cycle }),
            ([false, true], [false, false], Outcome::PerpetualCheck { winner: red, cycle }),
            ([true, true], [false, false], Outcome::MutualPerpetual { cycle }),
            ([false, false], [true, false], Outcome::PerpetualChase { winner: black, cycle }),
            ([false, false], [false, true], Outcome::PerpetualChase { winner: red, cycle }),
            ([false, false], [true, true], Outcome::MutualPerpetual { cycle }),
            // A side checking perpetually loses whatever the other does.
            ([true, false], [false, true], Outcome::PerpetualCheck { winner: black, cycle }),
            ([true, true], [true, false], Outcome::MutualPerpetual { cycle }),
        ];
        for (checked, chasing, expected) in cases {
            assert_eq!(
                verdict(checked, chasing, cycle),
                expected,
                "checked {checked:?}, chasing {chasing:?}"
            );
        }
    }
}
