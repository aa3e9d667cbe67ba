//! The solver's lines and its rules, against searches written here on their
//! own: each step of the main line is the move the issue asks for (an
//! attacking move among those that mate soonest, the defender's first in
//! ICCS order among those that last longest), and no win rests on a
//! repeated position. (The random
//! endgames come with the `random` feature, on by default with `tasks`.)
#![cfg(all(feature = "solve", feature = "random"))]

use std::collections::HashMap;

use board_geometry::random::Random;
use xiangqi_rules::solve::{Options, Verdict, random_endgame, solve};
use xiangqi_rules::{Color, Move, Outcome, PieceKind, Position, RepetitionKey};

use PieceKind::{Advisor, Cannon, Chariot, Elephant, Horse, Soldier};

/// The attacker's sets of pieces and the defender's (besides the generals).
const ATTACKERS: [&[PieceKind]; 6] = [
    &[Chariot],
    &[Chariot, Horse],
    &[Chariot, Cannon],
    &[Horse, Horse],
    &[Horse, Soldier],
    &[Chariot, Soldier],
];
const DEFENDERS: [&[PieceKind]; 4] = [&[], &[Advisor], &[Elephant], &[Soldier]];

/// Random endgames, red or black attacking.
fn endgames(seed: u64, count: usize) -> Vec<Position> {
    let mut random = Random::new(seed);
    (0..count)
        .filter_map(|_| {
            let attackers = ATTACKERS[random.index(ATTACKERS.len())];
            let defenders = DEFENDERS[random.index(DEFENDERS.len())];
            if random.chance(0.3) {
                random_endgame(&mut random, defenders, attackers, Color::Black)
            } else {
                random_endgame(&mut random, attackers, defenders, Color::Red)
            }
        })
        .collect()
}

fn child(position: &Position, mv: Move) -> Position {
    let mut next = *position;
    next.play(mv).expect("a legal move plays");
    next
}

fn sorted_moves(position: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = position.legal_moves().into_iter().collect();
    moves.sort_unstable();
    moves
}

/// Distance to mate by plain minimax: for the attacker to move, the fewest
/// of its moves that force the win within `moves`; for the defender, the
/// most it can make the attacker need. Memoised on the position and the
/// moves left.
struct Distance {
    attacker: Color,
    memo: HashMap<(RepetitionKey, u32), Option<u32>>,
}

impl Distance {
    fn new(attacker: Color) -> Distance {
        Distance { attacker, memo: HashMap::new() }
    }

    /// The attacker, to move, mates in this many moves at most `moves`, and no fewer.
    fn attack(&mut self, position: &Position, moves: u32) -> Option<u32> {
        if moves == 0 {
            return None;
        }
        let key = (position.repetition_key(), moves);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let best = position
            .legal_moves()
            .into_iter()
            .filter_map(|mv| self.after(&child(position, mv), moves - 1))
            .min();
        self.memo.insert(key, best);
        best
    }

    /// After the attacker's move: the attacker mates in this many moves in
    /// all (the one just played counted), the defender resisting longest.
    fn after(&mut self, position: &Position, moves: u32) -> Option<u32> {
        match position.outcome() {
            Some(Outcome::Checkmate { winner } | Outcome::Stalemate { winner })
                if winner == self.attacker =>
            {
                return Some(1);
            }
            _ => {}
        }
        let mut longest = 0;
        for mv in position.legal_moves() {
            longest = longest.max(self.attack(&child(position, mv), moves)?);
        }
        Some(longest + 1)
    }
}

#[test]
fn each_step_of_the_main_line_mates_soonest_and_resists_longest() {
    let (mut mates, mut defences_checked) = (0, 0);
    for (index, position) in endgames(31, 700).into_iter().enumerate() {
        let bound = 1 + u32::try_from(index % 3).unwrap();
        let solution = solve(&position, &Options { moves: bound, ..Options::default() }).unwrap();
        let mut distance = Distance::new(position.turn());
        let expected = distance.attack(&position, bound);
        assert_eq!(solution.verdict, expected.map_or(Verdict::NoMate, Verdict::Mate), "{position}");
        let Some(moves) = expected else { continue };
        mates += 1;
        let mut at = position;
        let mut left = moves;
        for (ply, mv) in solution.line.moves().enumerate() {
            if ply % 2 == 0 {
                // The attacker: a move that mates within `left` (the one
                // the proof settled, not necessarily the first in order).
                let mates = distance.after(&child(&at, mv), left - 1).is_some_and(|n| n <= left);
                assert!(mates, "{position}: ply {ply} from {at}: {mv} does not mate within {left}");
            } else {
                // The defender: the first move that lasts as long as any.
                let lasts =
                    |distance: &mut Distance, mv: Move| distance.attack(&child(&at, mv), left).unwrap();
                let longest = sorted_moves(&at).into_iter().map(|mv| lasts(&mut distance, mv)).max().unwrap();
                let first = sorted_moves(&at).into_iter().find(|&mv| lasts(&mut distance, mv) == longest);
                assert_eq!(Some(mv), first, "{position}: ply {ply} from {at}");
                assert_eq!(longest, left, "{position}: the defence lasts all the moves left");
                defences_checked += 1;
            }
            at = child(&at, mv);
            if ply % 2 == 0 {
                left -= 1;
            }
        }
        assert_eq!(left, 0, "{position}");
    }
    assert!(mates > 60 && defences_checked > 60, "{mates} mates, {defences_checked} defences");
}

/// A search that plays the rule out in full: the line so far is kept, and a
/// move that repeats a position of it is no way to win for the attacker
/// and a way out for the defender.
struct NoRepetition {
    attacker: Color,
    line: Vec<RepetitionKey>,
}

impl NoRepetition {
    fn wins(&mut self, position: &Position, moves: u32) -> bool {
        if moves == 0 {
            return false;
        }
        position.legal_moves().into_iter().any(|mv| {
            let next = child(position, mv);
            !self.line.contains(&next.repetition_key()) && self.within(next, moves - 1, Self::loses)
        })
    }

    fn loses(&mut self, position: &Position, moves: u32) -> bool {
        if let Some(Outcome::Checkmate { winner } | Outcome::Stalemate { winner }) = position.outcome() {
            return winner == self.attacker;
        }
        moves > 0
            && position.legal_moves().into_iter().all(|mv| {
                let next = child(position, mv);
                !self.line.contains(&next.repetition_key()) && self.within(next, moves, Self::wins)
            })
    }

    /// `then` from `next`, with `next` on the line.
    fn within(&mut self, next: Position, moves: u32, then: fn(&mut Self, &Position, u32) -> bool) -> bool {
        self.line.push(next.repetition_key());
        let answer = then(self, &next, moves);
        self.line.pop();
        answer
    }
}

#[test]
fn no_win_rests_on_repetition_the_solver_agrees_with_a_search_that_forbids_it() {
    let (mut positions, mut mates) = (0, 0);
    for (index, position) in endgames(47, 400).into_iter().enumerate() {
        // Small sets only: this search has no memory of its own.
        if position.board().occupied().len() > 4 {
            continue;
        }
        let bound = 1 + u32::try_from(index % 3).unwrap();
        let mut strict = NoRepetition { attacker: position.turn(), line: vec![position.repetition_key()] };
        let shortest = (1..=bound).find(|&moves| strict.wins(&position, moves));
        let solution = solve(&position, &Options { moves: bound, ..Options::default() }).unwrap();
        assert_eq!(
            solution.verdict,
            shortest.map_or(Verdict::NoMate, Verdict::Mate),
            "{position} within {bound}"
        );
        positions += 1;
        mates += usize::from(shortest.is_some());
    }
    assert!(positions > 100 && mates > 15, "{positions} positions, {mates} mates");
}

#[test]
fn the_memory_limit_changes_no_answer_and_no_lines_length() {
    // A table of a single entry (any memory under one entry's size) against one of 4 MiB.
    let mut mates = 0;
    for (index, position) in endgames(53, 240).into_iter().enumerate() {
        let bound = 1 + u32::try_from(index % 3).unwrap();
        let roomy =
            Options { moves: bound, all_first_moves: index % 2 == 0, memory: 4 << 20, ..Options::default() };
        let cramped = Options { memory: 0, ..roomy.clone() };
        let (wide, narrow) = (solve(&position, &roomy).unwrap(), solve(&position, &cramped).unwrap());
        assert_eq!(wide.verdict, narrow.verdict, "{position} within {bound}");
        assert_eq!(wide.no_mate_within, narrow.no_mate_within, "{position} within {bound}");
        // The attacker's moves are those the proof settled, which a table
        // too small to keep them may settle differently: the line may
        // differ, never its length or its end.
        assert_eq!(wide.line.steps().len(), narrow.line.steps().len(), "{position} within {bound}");
        assert_eq!(
            wide.line.final_position().is_game_over(),
            narrow.line.final_position().is_game_over(),
            "{position} within {bound}"
        );
        assert_eq!(wide.first_moves, narrow.first_moves, "{position} within {bound}");
        mates += usize::from(matches!(wide.verdict, Verdict::Mate(_)));
    }
    assert!(mates > 20, "{mates} mates");
}
