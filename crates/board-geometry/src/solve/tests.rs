//! The solver, with proof numbers down to the leaves, against an exhaustive
//! minimax on a small game written here: counters in three piles, take one
//! or two from a pile, and the side that cannot move has lost (or, in the
//! variant, is stuck and not lost).

use std::collections::HashMap;
use std::fmt;

use super::{FirstMove, Options, Verdict, solve};
use crate::{Game, GameOutcome, HashKey, Side};

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Player {
    First,
    Second,
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl Side for Player {
    const BOTH: [Player; 2] = [Player::First, Player::Second];
    fn index(self) -> usize {
        self as usize
    }
}

impl GameOutcome for Player {
    type Color = Player;
    fn winner(self) -> Option<Player> {
        Some(self)
    }
}

#[derive(Debug)]
struct Illegal;

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a move")
    }
}

impl std::error::Error for Illegal {}

/// Three piles; a move (`4 * pile + count`) takes 1 or 2 counters from a pile.
/// With `stuck_draws`, a side with no move has not lost (the game simply
/// cannot go on), as in a game where having no move is no defeat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Piles {
    piles: [u8; 3],
    turn: Player,
    stuck_draws: bool,
}

impl Game for Piles {
    type Move = u8;
    type Moves = Vec<u8>;
    type Undo = u8;
    type Color = Player;
    type Square = u8;
    type Piece = ();
    type Outcome = Player;
    type IllegalMove = Illegal;

    fn legal_moves(&self) -> Vec<u8> {
        (0..3u8)
            .flat_map(|pile| (1..=2u8).map(move |take| (pile, take)))
            .filter(|&(pile, take)| self.piles[usize::from(pile)] >= take)
            .map(|(pile, take)| 4 * pile + take)
            .collect()
    }
    fn count_legal_moves(&self) -> usize {
        self.legal_moves().len()
    }
    fn play(&mut self, mv: u8) -> Result<(), Illegal> {
        if !self.legal_moves().contains(&mv) {
            return Err(Illegal);
        }
        self.play_unchecked(mv);
        Ok(())
    }
    fn play_unchecked(&mut self, mv: u8) -> u8 {
        self.piles[usize::from(mv / 4)] -= mv % 4;
        self.turn = Player::BOTH[1 - self.turn.index()];
        mv
    }
    fn unplay(&mut self, mv: u8) {
        self.piles[usize::from(mv / 4)] += mv % 4;
        self.turn = Player::BOTH[1 - self.turn.index()];
    }
    fn turn(&self) -> Player {
        self.turn
    }
    fn outcome(&self) -> Option<Player> {
        (self.piles == [0; 3] && !self.stuck_draws).then(|| Player::BOTH[1 - self.turn.index()])
    }
    fn is_check(&self) -> bool {
        // Some positions are checks, for the checks-only option.
        self.piles.iter().map(|&pile| u32::from(pile)).sum::<u32>() % 3 != 1
    }
    fn piece_at(&self, _: u8) -> Option<()> {
        None
    }
    fn is_capture(&self, mv: u8) -> bool {
        mv % 4 == 2
    }
    fn zobrist_hash(&self) -> HashKey {
        let [a, b, c] = self.piles.map(u64::from);
        HashKey::from_u64(1 + (a | b << 8 | c << 16 | (self.turn.index() as u64) << 24))
    }
}

/// Exhaustive minimax, none of the solver's code.
struct Minimax {
    attacker: Player,
    checks_only: bool,
    memo: HashMap<(Piles, u32), bool>,
}

impl Minimax {
    fn wins(&mut self, position: &Piles, moves: u32) -> bool {
        if moves == 0 {
            return false;
        }
        if let Some(&known) = self.memo.get(&(*position, moves)) {
            return known;
        }
        let wins = position.legal_moves().into_iter().any(|mv| {
            let mut child = *position;
            child.play(mv).unwrap();
            (!self.checks_only || child.is_check()) && self.loses(&child, moves - 1)
        });
        self.memo.insert((*position, moves), wins);
        wins
    }

    fn loses(&mut self, position: &Piles, moves: u32) -> bool {
        if position.outcome() == Some(self.attacker) {
            return true;
        }
        let replies = position.legal_moves();
        if moves == 0 || replies.is_empty() {
            return false;
        }
        replies.into_iter().all(|mv| {
            let mut child = *position;
            child.play(mv).unwrap();
            self.wins(&child, moves)
        })
    }
}

#[test]
fn agrees_with_minimax_with_proof_numbers_at_every_depth() {
    let (mut mates, mut no_mates) = (0, 0);
    for a in 0..=5u8 {
        for b in 0..=5u8 {
            for c in [0u8, 1, 3, 6] {
                for (checks_only, stuck_draws) in [(false, false), (true, false), (false, true)] {
                    let position = Piles { piles: [a, b, c], turn: Player::First, stuck_draws };
                    let bound = 1 + u32::from(a + b + c) % 7;
                    let mut minimax = Minimax { attacker: Player::First, checks_only, memo: HashMap::new() };
                    let expected = (1..=bound).find(|&moves| minimax.wins(&position, moves));
                    // A tiny table: entries are replaced all the time.
                    let options = Options { moves: bound, checks_only, memory: 1 << 8, ..Options::default() };
                    let solution = solve(&position, &options, None).unwrap();
                    let context = format!("{position:?} bound {bound} checks only {checks_only}");
                    assert_eq!(
                        solution.verdict,
                        expected.map_or(Verdict::NoMate, Verdict::Mate),
                        "{context}"
                    );
                    if let Some(moves) = expected {
                        mates += 1;
                        assert_eq!(solution.line.steps().len() as u32, 2 * moves - 1, "{context}");
                        assert_eq!(
                            solution.line.final_position().outcome(),
                            Some(Player::First),
                            "{context}"
                        );
                    } else {
                        no_mates += 1;
                    }
                    let every =
                        solve(&position, &Options { all_first_moves: true, ..options }, None).unwrap();
                    let mut wanted: Vec<FirstMove<u8>> = position
                        .legal_moves()
                        .into_iter()
                        .filter_map(|mv| {
                            let mut child = position;
                            child.play(mv).unwrap();
                            if checks_only && !child.is_check() {
                                return None;
                            }
                            (1..=bound)
                                .find(|&moves| minimax.loses(&child, moves - 1))
                                .map(|moves| FirstMove { mv, moves })
                        })
                        .collect();
                    wanted.sort_by_key(|first| (first.moves, first.mv));
                    assert_eq!(every.first_moves.as_deref(), Some(&wanted[..]), "{context}");
                }
            }
        }
    }
    assert!(mates > 100 && no_mates > 100, "{mates} mates, {no_mates} no mates");
}
