//! The solver against an exhaustive minimax written here on its own, on
//! random duck chess endgames; its lines replayed with `Position::play`.

use std::collections::HashMap;

use board_geometry::random::Random;

use super::{FirstMove, Options, Verdict, solve};
use crate::{Color, Move, Outcome, Piece, PieceKind, Position, Setup};

use PieceKind::{Car, Duck, Elephant, Guard, Horse, Soldier};

/// Exhaustive minimax over `Position::play` and `Position::outcome`, with
/// none of the solver's code: memoised on the position and the moves left.
struct Minimax {
    attacker: Color,
    memo: HashMap<(Position, u32), bool>,
}

impl Minimax {
    fn new(position: &Position) -> Minimax {
        Minimax { attacker: position.turn(), memo: HashMap::new() }
    }

    fn taken(&self, position: &Position) -> bool {
        position.outcome() == Some(Outcome::CaptainTaken { winner: self.attacker })
    }

    /// Whether the attacker, to move, takes the captain within `moves`.
    fn wins(&mut self, position: &Position, moves: u32) -> bool {
        if moves == 0 {
            return false;
        }
        if let Some(&known) = self.memo.get(&(*position, moves)) {
            return known;
        }
        let wins = position.legal_moves().into_iter().any(|mv| {
            let mut child = *position;
            child.play(mv).expect("a legal move plays");
            self.loses(&child, moves - 1)
        });
        self.memo.insert((*position, moves), wins);
        wins
    }

    /// Whether the defender, to move, loses its captain within `moves` more moves of the attacker.
    fn loses(&mut self, position: &Position, moves: u32) -> bool {
        if self.taken(position) {
            return true;
        }
        let replies = position.legal_moves();
        if moves == 0 || replies.is_empty() {
            return false;
        }
        replies.into_iter().all(|mv| {
            let mut child = *position;
            child.play(mv).expect("a legal move plays");
            self.wins(&child, moves)
        })
    }
}

const ATTACKERS: [&[PieceKind]; 6] =
    [&[Car], &[Horse, Soldier], &[Duck, Car], &[Horse, Horse], &[Elephant, Duck], &[Soldier, Soldier]];
const DEFENDERS: [&[PieceKind]; 4] = [&[], &[Guard], &[Soldier], &[Elephant, Guard]];

/// A random position: both captains and the pieces given, anywhere free.
fn endgame(random: &mut Random) -> Option<Position> {
    let turn = if random.chance(0.5) { Color::Red } else { Color::Blue };
    let mut setup = Setup::empty();
    setup.turn = turn;
    let attackers = ATTACKERS[random.index(ATTACKERS.len())];
    let defenders = DEFENDERS[random.index(DEFENDERS.len())];
    let pieces = [(turn, PieceKind::Captain), (turn.opponent(), PieceKind::Captain)]
        .into_iter()
        .chain(attackers.iter().map(|&kind| (turn, kind)))
        .chain(defenders.iter().map(|&kind| (turn.opponent(), kind)));
    for (color, kind) in pieces {
        let free = crate::SquareSet::FULL - setup.board.occupied();
        let square = free.into_iter().nth(random.index(free.len() as usize))?;
        setup.board.put(square, Piece::new(color, kind));
    }
    Position::from_setup(setup).ok()
}

#[test]
fn agrees_with_minimax_on_random_endgames() {
    let mut random = Random::new(30);
    let (mut positions, mut mates, mut first_moves_checked) = (0, 0, 0);
    while positions < 400 {
        let Some(position) = endgame(&mut random) else { continue };
        let bound = u32::try_from(random.between(1, 3)).unwrap();
        let mut minimax = Minimax::new(&position);
        let expected = (1..=bound).find(|&moves| minimax.wins(&position, moves));
        let options = Options { moves: bound, memory: 1 << 16, ..Options::default() };
        let solution = solve(&position, &options).expect("the options are good");
        let context = format!("{position} bound {bound}");
        match expected {
            Some(moves) => {
                mates += 1;
                assert_eq!(solution.verdict, Verdict::Mate(moves), "{context}");
                let line: Vec<Move> = solution.line.moves().collect();
                assert_eq!(line.len() as u32, 2 * moves - 1, "{context}: {line:?}");
                let mut replayed = position;
                for &mv in &line {
                    replayed.play(mv).unwrap_or_else(|error| panic!("{context}: {mv}: {error}"));
                }
                assert_eq!(
                    replayed.outcome(),
                    Some(Outcome::CaptainTaken { winner: position.turn() }),
                    "{context}: {line:?}"
                );
            }
            None => {
                assert_eq!(solution.verdict, Verdict::NoMate, "{context}");
                assert!(solution.line.is_empty());
            }
        }
        if positions % 5 == 0 {
            let every = solve(&position, &Options { all_first_moves: true, ..options.clone() }).unwrap();
            let mut wanted: Vec<FirstMove> = position
                .legal_moves()
                .into_iter()
                .filter_map(|mv| {
                    let mut child = position;
                    child.play(mv).expect("a legal move plays");
                    (1..=bound)
                        .find(|&moves| minimax.loses(&child, moves - 1))
                        .map(|moves| FirstMove { mv, moves })
                })
                .collect();
            wanted.sort_by_key(|first| (first.moves, first.mv));
            assert_eq!(every.first_moves.as_deref(), Some(&wanted[..]), "{context}");
            first_moves_checked += 1;
        }
        positions += 1;
    }
    assert!(mates > 60 && first_moves_checked >= 80, "{positions} positions, {mates} mates");
}
