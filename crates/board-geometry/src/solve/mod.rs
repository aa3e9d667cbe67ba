//! The mate solver, for any game: can the side to move force a win, in how
//! many moves, and how? Written once over [`Game`]; the game crates give it
//! their positions (`xiangqi_rules::solve`, `duck_rules::solve`), where
//! their own docs say what "mate" means in each game.
//!
//! ```
//! use board_geometry::solve::{Options, Verdict, solve};
//! # use board_geometry::{Game, HashKey, Side};
//! # use std::fmt;
//! # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
//! # enum Player { First, Second }
//! # impl fmt::Display for Player {
//! #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { fmt::Debug::fmt(self, f) }
//! # }
//! # impl Side for Player {
//! #     const BOTH: [Player; 2] = [Player::First, Player::Second];
//! #     fn index(self) -> usize { self as usize }
//! # }
//! # #[derive(Debug)]
//! # struct TooMany;
//! # impl fmt::Display for TooMany {
//! #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("too many") }
//! # }
//! # impl std::error::Error for TooMany {}
//! # impl board_geometry::GameOutcome for Player {
//! #     type Color = Player;
//! #     fn winner(self) -> Option<Player> { Some(self) }
//! # }
//! # impl Game for Pile {
//! #     type Move = u32;
//! #     type Moves = Vec<u32>;
//! #     type Undo = u32;
//! #     type Square = u8;
//! #     type Piece = ();
//! #     type Color = Player;
//! #     type Outcome = Player;
//! #     type IllegalMove = TooMany;
//! #     fn legal_moves(&self) -> Self::Moves { (1..=self.left.min(2)).collect() }
//! #     fn count_legal_moves(&self) -> usize { self.left.min(2) as usize }
//! #     fn play(&mut self, take: u32) -> Result<(), TooMany> {
//! #         if !self.legal_moves().contains(&take) { return Err(TooMany) }
//! #         self.play_unchecked(take);
//! #         Ok(())
//! #     }
//! #     fn play_unchecked(&mut self, take: u32) -> u32 {
//! #         self.left -= take;
//! #         self.turn = Player::BOTH[1 - self.turn.index()];
//! #         take
//! #     }
//! #     fn unplay(&mut self, take: u32) {
//! #         self.left += take;
//! #         self.turn = Player::BOTH[1 - self.turn.index()];
//! #     }
//! #     fn turn(&self) -> Player { self.turn }
//! #     fn outcome(&self) -> Option<Player> {
//! #         (self.left == 0).then(|| Player::BOTH[1 - self.turn.index()])
//! #     }
//! #     fn is_check(&self) -> bool { false }
//! #     fn piece_at(&self, _: u8) -> Option<()> { None }
//! #     fn is_capture(&self, _: u32) -> bool { false }
//! #     fn zobrist_hash(&self) -> HashKey {
//! #         HashKey::side(self.turn) ^ HashKey::from_u64(u64::from(self.left) << 8)
//! #     }
//! # }
//!
//! /// Take 1 or 2 counters from a pile; whoever takes the last one wins.
//! #[derive(Copy, Clone, Debug)]
//! struct Pile {
//!     left: u32,
//!     turn: Player,
//! }
//!
//! // From 7 the first player wins by leaving multiples of 3: 7 -> 6 -> ... -> 0,
//! // in three of its moves.
//! let pile = Pile { left: 7, turn: Player::First };
//! let solution = solve(&pile, &Options { moves: 5, ..Options::default() }, None)?;
//! assert_eq!(solution.verdict, Verdict::Mate(3));
//! assert_eq!(solution.line.moves().collect::<Vec<_>>(), [1, 1, 2, 1, 2]);
//! // From 6, the second player wins: no win for the first within any bound.
//! let lost = solve(&Pile { left: 6, ..pile }, &Options { moves: 5, ..Options::default() }, None)?;
//! assert_eq!(lost.verdict, Verdict::NoMate);
//! # Ok::<(), board_geometry::solve::OptionsError>(())
//! ```
//!
//! # What it answers
//! [`solve`] gives one of three verdicts ([`Verdict`]):
//! - **mate in `n`**: the side to move (the attacker) forces a win within
//!   `n` of its own moves and not within `n - 1`: `n` is the shortest forced
//!   win. A win is what [`Game::outcome`] says: the defender, to move, finds
//!   the game over and the attacker its winner. The [`Line`] is the main
//!   line: the attacker's winning move at each step (one that wins soonest:
//!   the first in the moves' order among those the proof itself settled,
//!   else the first in the moves' order) and the defence that resists
//!   longest (the first in the moves' order among equals);
//! - **no mate** within the bound, proved: every try of the attacker is
//!   refuted within it;
//! - **unknown**: a node, time or stop limit came first; the solution says
//!   what was proved by then ([`Solution::no_mate_within`]).
//!
//! With [`Options::all_first_moves`] it also lists every first move that
//! wins within the bound and the shortest win after each
//! ([`Solution::first_moves`]). With [`Options::checks_only`] every move of
//! the attacker must leave the position in check ([`Game::is_check`]).
//!
//! # Repetition
//! A win never rests on repetition, and the search needs no history to make
//! sure of it: in a shortest forced win no line repeats a position. If one
//! did, the attacker could play on from the second occurrence at the first,
//! with fewer moves left to find: a win within the bound that does not
//! repeat. So the bounded search over positions alone (and its table, keyed
//! by position) gives exactly the answers of a search that rules every
//! repetition against the attacker, and every line it prints is a real
//! forced win, with no position twice.
//!
//! # The algorithm
//! Iterative deepening over the bound: "mate in `n`" is only said after "no
//! mate within `n - 1`" was proved, so the length is exact. Each bound is
//! settled by a depth-first proof-number search (df-pn) over the nodes
//! (position, moves left): a node's proof number is how many leaves must
//! still be proved to prove it (the least of its children's at the
//! attacker's nodes, the sum at the defender's), its disproof number the
//! same for a disproof, and the search always goes down to the most
//! proving node, within thresholds that let it stay deep in the tree (with
//! the 1 + epsilon widening of Pawlewicz and Lew, so that it does not switch
//! back and forth between two close children). A defender's node starts
//! with its number of legal moves as its proof number, so replies that
//! leave few defences are searched first; an attacker's node starts with
//! its number of moves as its disproof number. Moves left strictly fall
//! along every path, so the nodes form a tree with shared subtrees and no
//! cycle, and the search needs no cycle handling.
//!
//! Near the leaves proof numbers cost more than they save (each expansion
//! counts every child's replies, and a subtree is expanded again each time
//! the search comes back to it), so a node of the attacker with 3 moves
//! left or fewer (2 or fewer when the bound is 4 or less) is settled by a
//! plain depth-first search: the attacker's moves that leave the defender
//! the fewest replies first (with 3 moves left; with 2, in the moves'
//! order), the move that last mated at the same depth before them (a
//! killer: the move that mates against one defence mostly mates against
//! its siblings), the first that mates ends it, the first defence that
//! escapes refutes; with one move left, only the moves the game names as
//! possible winners are played ([`Game::winning_move_candidates`]: in
//! xiangqi the checks and the few quiet moves that could leave the
//! defender no move) and the defender's position looked at
//! ([`Game::outcome`], which the game answers as soon as it finds one legal
//! reply).
//!
//! Why: the nodes (moves played, those played to order moves included) on
//! the set of `cargo xtask bench solve` (15 puzzles with any moves, mates
//! in 3 to 7; 19 checks-only, mates in 3 to 9; bound 9; 256 MiB), in
//! thousands:
//!
//! | search of each bound | any moves | checks only |
//! |---|---:|---:|
//! | depth first only, checks first (the solver before) | 3,633 | 90 |
//! | depth first only, fewest replies first | 3,935 | 149 |
//! | df-pn down to the leaves | 6,392 | 186 |
//! | df-pn above 2 moves left, depth first below | 2,928 | 148 |
//! | **df-pn above 3 moves left, depth first below** | **2,342** | **132** |
//! | df-pn above 4 moves left, depth first below | 2,419 | 129 |
//!
//! In time, `farm-bench -n 5` running `xiangqi solve` on the 15 puzzles with
//! any moves, this build against the depth-first solver before it: 0.60 of
//! its wall time (median of the paired runs; 0.93 on the checks-only
//! puzzles, 11 ms in all). df-pn's gain is on the proof of the mate, where
//! a depth-first search refutes each wrong try of the attacker in full
//! before it looks at the next: a mate in 7 took 1,285 thousand nodes
//! before and takes 23 thousand. Where the proofs of "no mate within
//! `n - 1`" dominate, it costs more: the worst puzzle, a mate in 6, went
//! from 503 to 785 thousand nodes.
//!
//! On long problems the trade is sharper. The published compositions of
//! `xiangqi-rules`' tests (`tests/compositions.rs`), `xiangqi solve --moves
//! N --memory 256` in release, on a loaded machine (so the times are
//! rough), before and now:
//!
//! | problem | answer | nodes before | now | time before | now |
//! |---|---|---:|---:|---:|---:|
//! | 车兵类 第6局 | no mate within 12 | 29.3 M | 0.11 M | 4.4 s | 0.02 s |
//! | 单兵和单炮类 第2局 | mate in 17 | 94.5 M | 84.6 M | 10.6 s | 12.2 s |
//! | 炮兵类 第6局, bound 8 | mate in 7 | 3.7 M | 11.1 M | 0.46 s | 1.4 to 2.1 s |
//! | 炮兵类 第8局 | no mate within 9 | 17.7 M | 43.3 M | 1.5 s | 6.5 to 9.6 s |
//!
//! And the problems of `xiangqi-rules`' README that the depth-first search
//! left unknown after 300 to 600 s are all settled now: 适情雅趣 2 马蹀阏氏
//! with any moves is a mate in 20, as published with checks only (10 s, 29
//! million nodes; before, "no mate within 9" after 600 s); 杀着大全 车兵类
//! 定式 3 a mate in 9 (7 s); 车兵类 7 and 8 no mate within 11 and 13 (29 s
//! and 3 minutes). With the cheaper leaves described below, and at a lower
//! load, these took 7 s, 7 s, 25 s and 2.4 minutes (the README's table).
//!
//! Proof numbers find a refutation two hundred times faster where one
//! defence holds everywhere, and cost two to five times more where every
//! try must be refuted at full depth: each expansion counts every child's
//! replies, and a node is expanded again each time the search comes back
//! to it. Neither limiting the proof numbers to the first plies nor moving
//! the depth-first part higher (4 or 5 moves left) did better on these.
//!
//! The leaves, the attacker's last move, are about 60 % of the nodes, and
//! the proofs of "no mate within `n - 1`" are mostly leaves: every move of
//! the attacker is played there, and the defender's position asked whether
//! it has a legal reply. Making that question cheap paid; pruning the
//! leaves' moves or ordering the defences did not. In instructions
//! (`valgrind --tool=callgrind` on `xiangqi solve --moves 9 --memory 256`
//! over the bench's puzzles, `--checks-only` on those that ask it,
//! millions; the five with any moves that Fairy-Stockfish answered faster
//! before these steps, mates in 4, 4, 4, 6 and 6, apart):
//!
//! | step | any moves | checks only | the five |
//! |---|---:|---:|---:|
//! | the solver before | 2,023 | 94.2 | 929 |
//! | xiangqi's `has_legal_move` tries the general's steps, then each move on its own, and stops at the first legal one (no pin map worked out first) | 1,619 | 88.6 | 736 |
//! | with 2 moves left, the attacker's moves ordered checks first instead of by counting replies | 1,378 | 84.7 | 626 |
//! | **with 2 moves left, not ordered at all** | **1,322** | **85.4** | **607** |
//! | and the depth-first part from 4 moves left | 1,301 | 82.5 | 579 |
//! | the defences with one move left: captures first | 1,391 | 82.7 | |
//! | the defences: the one that refuted a sibling first (a killer) | 1,444 | 86.8 | |
//! | the defences: in reverse (the general's steps first) | 1,392 | 92.2 | |
//!
//! (The last three rows were measured on an earlier build, whose counts
//! for the rows above them were within 0.3 % of these.) The depth-first
//! part from 4 moves left saves 2 % more here, but stays at 3: on the long
//! problems above it did worse, and they were not measured again with
//! these leaves.
//!
//! The nodes barely change (2,134 thousand with any moves, 137 checks
//! only, against 2,342 and 133): the instructions per node fall, from 864
//! to 620 with any moves. In `cargo xtask bench solve --runs 3` (load
//! average about 5 on 2 cores) that is 19.0 million nodes a second on the
//! puzzles with any moves, 11.3 before (best of 5, a similar load), and
//! one of the five became faster than Fairy-Stockfish's `go mate` (the
//! mate in 4 at 0.80 of its time, now 1.38). The other four still take
//! 1.6 to 10 times its time: there the proof of "no mate within `n - 1`"
//! alone plays the attacker's every move at each leaf, where a generator
//! of checking moves would play a few (a quiet move can still win by
//! stalemate in xiangqi, and needs a sound filter before it can be left
//! out).
//!
//! The leaves' quiet moves were then left out, soundly, and the main line
//! made cheap (the steps below). A quiet move of the attacker can
//! only win at once by leaving the defender no move at all; take a move
//! the defender could play now, were it to move: a quiet move touching none
//! of the points that move depends on leaves it legal (its from and to
//! points and those it passes, and the defender general's lines through
//! them; for a step of the general, the points deciding whether its new
//! point is attacked). So xiangqi's candidates at the last ply are the
//! checks (found from sets worked out once per position: where each kind
//! gives check, which pieces may uncover one) and the quiet moves that
//! touch every one of a few such spare moves, usually none: two moves of
//! defending pieces away from their general, else the general's steps and
//! one move of each other piece. `xiangqi-rules` tests each part of this
//! against playing the moves (every move that ends the game or gives check
//! is a candidate; every quiet move away from a spare move's points leaves
//! it legal, over a million pairs; the checks worked out once are the
//! moves that give check). The main line had cost more than the proof: it
//! took the first attacking move in the moves' order that mates soonest,
//! so it refuted in full every move before it; it now takes, where there is
//! one, the first whose mate the proof itself settled (in the table).
//! Instructions, as above (the five: the slowest against the engine, mates
//! in 4, 4, 4, 6 and 6), in millions:
//!
//! | step | any moves | checks only | the five |
//! |---|---:|---:|---:|
//! | the solver before | 2,567 | 81.2 | 759 |
//! | the leaves play xiangqi's candidates, with one spare move of another piece besides the general's steps | | | 657 |
//! | and the candidates from a loop over the pieces, legality asked of the candidates alone | | | 550 |
//! | a piece's spare move depends on the general's lines only through its own points; up to 8 spare moves | | | 508 |
//! | checks from sets worked out once; legality without asking away from the general; a killer for the attacker | | | 477 |
//! | **the main line from the proof's table** | | | **172** |
//! | only the pieces that may uncover a check tried one by one; two spare moves away from the general first | 632 | 62.2 | 152 |
//! | **df-pn down to 3 moves left when the bound is 4 or less** | **669** | **62.7** | **116** |
//!
//! The last row costs 6 % on the whole set and is what makes the two
//! mates in 4 that were still slower than the engine faster: proving a
//! mate in 4, the depth-first search refutes each wrong try of the
//! attacker at 3 moves left in full, and proof numbers do not. Its nodes
//! (with it, and without): the three mates in 4, 2,084 (4,946), 16,358
//! (45,627) and 9,118 (10,005); the mates in 5 and more, where the proofs
//! of "no mate within 4" pay for it, 6 % to 42 % more. Going one move
//! deeper at every bound doubles the whole set (1,278 million with any
//! moves).
//!
//! In `cargo xtask bench solve --runs 3 --engine <Fairy-Stockfish>` (load
//! average about 1.3 on 2 cores): 0.73 million nodes in 59 ms, the engine
//! 2,144 ms on the same puzzles; faster on all 34 (the lowest ratio, a
//! mate in 4 with two quiet moves, 1.27 of our time; median 23). The
//! nodes a second fall to 12 million: a node now stands for more work,
//! since the leaves that play no move count none.
//!
//! On long problems the leaves are cheap now and the proof-number search's
//! table probes take most of the time: the table outgrows the caches and
//! each child's probe misses them in turn. So, once the table is past
//! about 1 MiB, a node being expanded first reads every child's slot, reads
//! nothing waits on, which the processor overlaps; the probes then hit.
//! `farm-bench` (median of the paired runs' processor time, this against
//! the build before it): 单兵和单炮类 2, a mate in 17, 0.90 (n = 5); 马蹀阏氏
//! with any moves, a mate in 20, 0.93 (n = 3); the bench's puzzles with any
//! moves, whose tables stay small, 1.00 (n = 11).
//!
//! A transposition table keyed by the position's Zobrist key keeps, for
//! each position, the smallest bound within which it is proved mated, the
//! largest within which it is proved not, and the numbers of the bound
//! being worked on. Every bound reuses what the smaller ones proved. The
//! table's size is [`Options::memory`]; when it is full, new entries take
//! the place of old ones, which costs time and never changes an answer.
//!
//! The main line is worked out after the proof, from the table, and is not
//! subject to the limits: the attacker's move the proof settled is taken
//! as it stands, and only the defences (the first in the moves' order that
//! resists longest) are searched beyond what the proof left in the table.

mod line;
mod search;
mod table;
#[cfg(test)]
mod tests;

use core::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use line::{Line, Step};

use crate::Game;
use search::{Search, Stopped};

/// The largest bound, in moves of the attacker, that the solver takes.
pub const MAX_BOUND: u32 = 120;

/// The table size [`Options::default`] gives: 64 MiB.
pub const DEFAULT_MEMORY: usize = 64 << 20;

/// What to search for, and the limits of the search.
#[derive(Clone, Debug)]
pub struct Options<'a> {
    /// The bound: mates within this many moves of the attacker (1 to [`MAX_BOUND`]).
    pub moves: u32,
    /// Every move of the attacker must give check.
    pub checks_only: bool,
    /// List every first move that mates within the bound, with its shortest mate.
    pub all_first_moves: bool,
    /// Stop after this many nodes (moves played in the search).
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// The bytes the transposition table may take (at least one entry is kept).
    pub memory: usize,
    /// Stop when another thread (or a Ctrl-C handler) sets this flag: a
    /// `static`, or an `Arc<AtomicBool>` shared with the solving thread.
    pub stop: Option<&'a AtomicBool>,
}

impl Default for Options<'_> {
    /// Mates within 10 moves, any moves, no limits, a table of [`DEFAULT_MEMORY`].
    fn default() -> Self {
        Options {
            moves: 10,
            checks_only: false,
            all_first_moves: false,
            nodes: None,
            time: None,
            memory: DEFAULT_MEMORY,
            stop: None,
        }
    }
}

/// Options the solver refuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionsError {
    /// The bound is 0 or beyond [`MAX_BOUND`].
    Bound(u32),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Bound(moves) => {
                write!(f, "the bound must be from 1 to {MAX_BOUND} moves, not {moves}")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

/// Which limit stopped a search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`Options::nodes`].
    Nodes,
    /// [`Options::time`].
    Time,
    /// [`Options::stop`] was set.
    Stopped,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Nodes => "the node limit",
            Limit::Time => "the time limit",
            Limit::Stopped => "a stop",
        })
    }
}

/// The answer: one of three, and only three (a `match` needs no catch-all).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move forces mate in this many of its moves, and not in fewer.
    Mate(u32),
    /// No forced mate within the bound: proved.
    NoMate,
    /// A limit came first; [`Solution::no_mate_within`] says what was proved.
    Unknown(Limit),
}

impl Verdict {
    /// `mate`, `no-mate` or `unknown`, as the JSON output writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Mate(_) => "mate",
            Verdict::NoMate => "no-mate",
            Verdict::Unknown(_) => "unknown",
        }
    }
}

/// A first move that mates within the bound, and its shortest mate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FirstMove<M> {
    /// The attacker's first move.
    pub mv: M,
    /// The shortest forced mate that starts with it, in moves of the attacker.
    pub moves: u32,
}

/// What the solver found about a position.
#[derive(Clone, Debug)]
pub struct Solution<G: Game> {
    /// The answer.
    pub verdict: Verdict,
    /// The bound searched to.
    pub bound: u32,
    /// Proved: no mate within this many moves (0 when nothing was proved).
    /// A mate in `n` has `n - 1` here; a proved no-mate has the bound.
    pub no_mate_within: u32,
    /// The main line for a mate; for any other verdict it has no moves.
    pub line: Line<G>,
    /// With [`Options::all_first_moves`]: the first moves found to mate,
    /// shortest mate first, then in the moves' order (all of them within the
    /// bound unless the verdict is unknown).
    pub first_moves: Option<Vec<FirstMove<G::Move>>>,
    /// The nodes searched: moves played, main line included.
    pub nodes: u64,
    /// The time taken.
    pub elapsed: Duration,
}

/// How a search is going, as [`solve`] reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// The time since the search started.
    pub elapsed: Duration,
    /// The bound being searched.
    pub searching: u32,
    /// Proved so far: no mate within this many moves.
    pub no_mate_within: u32,
}

impl Progress {
    /// Nodes a second so far.
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        u64::try_from(u128::from(self.nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
    }
}

/// Solves `position` for the side to move, calling `progress` (if given) a
/// few times a second and after each bound is settled: for a progress line,
/// or a page's.
///
/// # Errors
/// [`OptionsError`] for a bound of 0 or beyond [`MAX_BOUND`].
pub fn solve<G: Game>(
    position: &G,
    options: &Options<'_>,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<Solution<G>, OptionsError> {
    let bound = match u8::try_from(options.moves) {
        Ok(bound) if (1..=MAX_BOUND).contains(&options.moves) => bound,
        _ => return Err(OptionsError::Bound(options.moves)),
    };
    let mut search = Search::new(position.turn(), options, progress);
    let mut root = *position;
    let (verdict, first_moves) = if options.all_first_moves {
        let (verdict, first_moves) = every_first_move(&mut search, &mut root, bound);
        (verdict, Some(first_moves))
    } else {
        (shortest(&mut search, &mut root, bound), None)
    };
    let line = match verdict {
        Verdict::Mate(moves) => line::main_line(&mut search, position, moves),
        _ => Line::new(*position, Vec::new()),
    };
    search.report();
    Ok(Solution {
        verdict,
        bound: options.moves,
        no_mate_within: search.proved,
        line,
        first_moves,
        nodes: search.nodes,
        elapsed: search.started.elapsed(),
    })
}

/// Iterative deepening from the root: the first bound that mates is the shortest.
fn shortest<G: Game>(search: &mut Search<'_, '_, G>, root: &mut G, bound: u8) -> Verdict {
    for depth in 1..=bound {
        search.searching = u32::from(depth);
        match search.attack(root, depth) {
            Ok(true) => return Verdict::Mate(u32::from(depth)),
            Ok(false) => {
                search.proved = u32::from(depth);
                search.report();
            }
            Err(Stopped(limit)) => return Verdict::Unknown(limit),
        }
    }
    Verdict::NoMate
}

/// Every first move's shortest mate, deepening all of them together so
/// that what is proved at a stop is a whole bound.
fn every_first_move<G: Game>(
    search: &mut Search<'_, '_, G>,
    root: &mut G,
    bound: u8,
) -> (Verdict, Vec<FirstMove<G::Move>>) {
    let mut open = search.allowed_moves(root);
    let mut found: Vec<FirstMove<G::Move>> = Vec::new();
    let mut verdict = Verdict::NoMate;
    for depth in 1..=bound {
        search.searching = u32::from(depth);
        let mut still_open = Vec::with_capacity(open.len());
        for (index, &mv) in open.iter().enumerate() {
            let undo = root.play_unchecked(mv);
            let mated = search.defend(root, depth - 1);
            root.unplay(undo);
            match mated {
                Ok(true) => found.push(FirstMove { mv, moves: u32::from(depth) }),
                Ok(false) => still_open.push(mv),
                Err(Stopped(limit)) => {
                    still_open.extend_from_slice(&open[index..]);
                    verdict = Verdict::Unknown(limit);
                    break;
                }
            }
        }
        open = still_open;
        if matches!(verdict, Verdict::Unknown(_)) {
            break;
        }
        if found.is_empty() {
            search.proved = u32::from(depth);
        }
        search.report();
    }
    found.sort_by_key(|first| (first.moves, first.mv));
    if verdict == Verdict::NoMate {
        if let Some(first) = found.first() {
            verdict = Verdict::Mate(first.moves);
        }
    }
    (verdict, found)
}
