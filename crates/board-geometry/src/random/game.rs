//! Seeded random games, for any [`Game`]: the playouts examples, tests and
//! benchmarks want, written once for every game.

use core::fmt;

use crate::random::Random;
use crate::{Game, HashKey, Side};

/// A game played from a position by picking every move at random among the
/// legal ones, until the game ends or a number of plies have been played:
/// its start, its moves, the [`HashKey`] of every position it went through,
/// and where it stands.
///
/// The same seed plays the same game on every machine. `Display` writes the
/// moves, numbered in pairs, and how the game ended.
///
/// ```
/// use board_geometry::RandomGame;
/// use board_geometry::random::Random;
/// # use board_geometry::{Game, HashKey, Side};
/// # use std::fmt;
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # enum Player { First, Second }
/// # impl fmt::Display for Player {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
/// #         f.write_str(if *self == Player::First { "first" } else { "second" })
/// #     }
/// # }
/// # impl Side for Player {
/// #     const BOTH: [Player; 2] = [Player::First, Player::Second];
/// #     fn index(self) -> usize { self as usize }
/// # }
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq)]
/// # struct Won(Player);
/// # impl fmt::Display for Won {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{} took the last one", self.0) }
/// # }
/// # #[derive(Debug)]
/// # struct TooMany;
/// # impl fmt::Display for TooMany {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("too many") }
/// # }
/// # impl std::error::Error for TooMany {}
/// # /// Take 1 or 2 from a pile; whoever takes the last one wins.
/// # #[derive(Copy, Clone)]
/// # struct Pile { left: u32, turn: Player }
/// # impl board_geometry::GameOutcome for Won {
/// #     type Color = Player;
/// #     fn winner(self) -> Option<Player> { Some(self.0) }
/// # }
/// # impl Game for Pile {
/// #     type Move = u32;
/// #     type Moves = Vec<u32>;
/// #     type Undo = u32;
/// #     type Square = u8;
/// #     type Piece = ();
/// #     type Color = Player;
/// #     type Outcome = Won;
/// #     type IllegalMove = TooMany;
/// #     fn legal_moves(&self) -> Self::Moves { (1..=self.left.min(2)).collect() }
/// #     fn count_legal_moves(&self) -> usize { self.left.min(2) as usize }
/// #     fn play(&mut self, take: u32) -> Result<(), TooMany> {
/// #         if !self.legal_moves().contains(&take) { return Err(TooMany) }
/// #         self.play_unchecked(take);
/// #         Ok(())
/// #     }
/// #     fn play_unchecked(&mut self, take: u32) -> u32 {
/// #         self.left -= take;
/// #         self.turn = Player::BOTH[1 - self.turn.index()];
/// #         take
/// #     }
/// #     fn unplay(&mut self, take: u32) {
/// #         self.left += take;
/// #         self.turn = Player::BOTH[1 - self.turn.index()];
/// #     }
/// #     fn turn(&self) -> Player { self.turn }
/// #     fn outcome(&self) -> Option<Won> {
/// #         (self.left == 0).then(|| Won(Player::BOTH[1 - self.turn.index()]))
/// #     }
/// #     fn is_check(&self) -> bool { false }
/// #     fn piece_at(&self, _: u8) -> Option<()> { None }
/// #     fn is_capture(&self, _: u32) -> bool { false }
/// #     fn zobrist_hash(&self) -> HashKey { HashKey::side(self.turn) }
/// # }
///
/// // A pile of five, one or two taken at a time: a game of three to five plies.
/// let mut game = RandomGame::play(Pile { left: 5, turn: Player::First }, &mut Random::new(7), 100);
/// assert!((3..=5).contains(&game.moves().len()));
/// assert_eq!(game.moves().iter().sum::<u32>(), 5);
/// assert!(game.outcome().is_some());
/// assert_eq!(game.hashes().len(), game.moves().len() + 1, "one per position");
/// assert!(game.to_string().starts_with("1. "));
/// let last = *game.moves().last().unwrap();
/// assert_eq!(game.unplay(), Some(last));
/// assert_eq!(game.end().left, last);
/// ```
#[derive(Clone, Debug)]
pub struct RandomGame<G: Game> {
    start: G,
    end: G,
    moves: Vec<G::Move>,
    undos: Vec<G::Undo>,
    hashes: Vec<HashKey>,
}

impl<G: Game> RandomGame<G> {
    /// Plays from `start`, each move drawn by `random` from the legal moves
    /// in their order, each played with [`Game::play_unchecked`], until the
    /// game is over or `max_plies` moves have been played.
    #[must_use]
    pub fn play(start: G, random: &mut Random, max_plies: usize) -> RandomGame<G> {
        let mut game = RandomGame {
            start,
            end: start,
            moves: Vec::new(),
            undos: Vec::new(),
            hashes: vec![start.zobrist_hash()],
        };
        let mut legal = Vec::new();
        while game.moves.len() < max_plies {
            legal.clear();
            legal.extend(game.end.legal_moves());
            let Some(&mv) = random.pick(&legal) else { break };
            game.undos.push(game.end.play_unchecked(mv));
            game.moves.push(mv);
            game.hashes.push(game.end.zobrist_hash());
        }
        game
    }

    /// Where the game started.
    #[must_use]
    pub const fn start(&self) -> &G {
        &self.start
    }

    /// Where the game stands after its moves.
    #[must_use]
    pub const fn end(&self) -> &G {
        &self.end
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The [`Game::zobrist_hash`] of every position of the game, the start first:
    /// one more than there are moves, each as the position kept it while
    /// the game was played.
    #[must_use]
    pub fn hashes(&self) -> &[HashKey] {
        &self.hashes
    }

    /// How the game ended, or `None` if it was stopped after `max_plies`.
    #[must_use]
    pub fn outcome(&self) -> Option<G::Outcome> {
        self.end.outcome()
    }

    /// Every position of the game, the start first and the end last, each
    /// played afresh from the one before it on a copy.
    pub fn positions(&self) -> impl Iterator<Item = G> + '_ {
        let mut position = self.start;
        core::iter::once(self.start).chain(self.moves.iter().map(move |&mv| {
            position.play_unchecked(mv);
            position
        }))
    }

    /// Takes the last move back ([`Game::unplay`] on the end position) and
    /// returns it, or `None` at the start.
    pub fn unplay(&mut self) -> Option<G::Move> {
        let undo = self.undos.pop()?;
        self.end.unplay(undo);
        self.hashes.pop();
        self.moves.pop()
    }
}

impl<G: Game> fmt::Display for RandomGame<G> {
    /// Writes the moves, a numbered pair a line (`1. h2e2 h9g7`; the first
    /// line `1. ... h9g7` when the second side starts), then how the game
    /// ended or how far it went.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let offset = self.start.turn().index();
        for (ply, mv) in (offset..).zip(&self.moves) {
            match (ply % 2, ply == offset) {
                (0, _) => write!(f, "{}. {mv}", ply / 2 + 1)?,
                (_, true) => write!(f, "{}. ... {mv}", ply / 2 + 1)?,
                _ => write!(f, " {mv}")?,
            }
            if ply % 2 == 1 || ply + 1 == offset + self.moves.len() {
                writeln!(f)?;
            }
        }
        let plies = match self.moves.len() {
            1 => "1 ply".to_string(),
            plies => format!("{plies} plies"),
        };
        match self.outcome() {
            Some(outcome) => writeln!(f, "after {plies}: {outcome}"),
            None => writeln!(f, "after {plies} the game goes on: {} to move", self.end.turn()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::NotAMove;
    use crate::placement::tests::Colour;

    impl Colour {
        fn other(self) -> Colour {
            Colour::BOTH[1 - self.index()]
        }
    }

    /// Count down from a number, by one or two in turn; whoever reaches 0 wins.
    #[derive(Copy, Clone, Debug, PartialEq)]
    struct Countdown {
        left: u32,
        turn: Colour,
    }

    const fn countdown(left: u32) -> Countdown {
        Countdown { left, turn: Colour::Red }
    }

    impl Game for Countdown {
        type Move = u32;
        type Moves = Vec<u32>;
        type Undo = u32;
        type Color = Colour;
        type Outcome = Colour;
        type IllegalMove = NotAMove;
        crate::game::tests::no_board!();

        fn legal_moves(&self) -> Vec<u32> {
            (1..=self.left.min(2)).collect()
        }

        fn count_legal_moves(&self) -> usize {
            self.left.min(2) as usize
        }

        fn play(&mut self, mv: u32) -> Result<(), NotAMove> {
            if !self.legal_moves().contains(&mv) {
                return Err(NotAMove);
            }
            self.play_unchecked(mv);
            Ok(())
        }

        fn play_unchecked(&mut self, mv: u32) -> u32 {
            self.left -= mv;
            self.turn = self.turn.other();
            mv
        }

        fn unplay(&mut self, mv: u32) {
            self.left += mv;
            self.turn = self.turn.other();
        }

        fn turn(&self) -> Colour {
            self.turn
        }

        fn outcome(&self) -> Option<Colour> {
            (self.left == 0).then(|| self.turn.other())
        }

        fn zobrist_hash(&self) -> HashKey {
            HashKey::side(self.turn)
        }
    }

    impl crate::GameOutcome for Colour {
        type Color = Colour;

        fn winner(self) -> Option<Colour> {
            Some(self)
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_game_to_its_end() {
        let game = RandomGame::play(countdown(20), &mut Random::new(3), 1000);
        let again = RandomGame::play(countdown(20), &mut Random::new(3), 1000);
        assert_eq!(game.moves(), again.moves());
        assert_eq!(game.moves().iter().sum::<u32>(), 20, "played to the end");
        assert_eq!(game.outcome(), Some(game.end().turn.other()));
        assert_eq!(game.end().left, 0);
        let positions: Vec<Countdown> = game.positions().collect();
        assert_eq!(positions.len(), game.moves().len() + 1);
        assert_eq!((positions[0], positions[positions.len() - 1]), (countdown(20), *game.end()));
        let hashes: Vec<HashKey> = positions.iter().map(Game::zobrist_hash).collect();
        assert_eq!(game.hashes(), hashes);
        let other = RandomGame::play(countdown(20), &mut Random::new(4), 1000);
        assert_ne!(game.moves(), other.moves(), "another seed, another game");
    }

    #[test]
    fn a_game_stops_after_its_plies_and_is_taken_back_to_its_start() {
        let mut game = RandomGame::play(countdown(20), &mut Random::new(5), 4);
        assert_eq!(game.moves().len(), 4);
        assert_eq!(game.outcome(), None);
        let positions: Vec<Countdown> = game.positions().collect();
        for back in (0..4).rev() {
            assert_eq!(game.unplay(), Some(positions[back].left - positions[back + 1].left));
            assert_eq!(*game.end(), positions[back]);
            assert_eq!(game.hashes().len(), back + 1);
            assert_eq!(game.moves().len(), back);
        }
        assert_eq!(game.unplay(), None);
        assert_eq!(*game.end(), *game.start());
        assert_eq!(game.to_string(), "after 0 plies the game goes on: red to move\n");
    }

    #[test]
    fn moves_are_written_in_numbered_pairs() {
        let game = RandomGame::play(countdown(9), &mut Random::new(1), 3);
        let [first, second, third] = game.moves() else { panic!("three moves: {game}") };
        assert_eq!(
            game.to_string(),
            format!("1. {first} {second}\n2. {third}\nafter 3 plies the game goes on: blue to move\n")
        );
        let second_starts = Countdown { left: 9, turn: Colour::Blue };
        let game = RandomGame::play(second_starts, &mut Random::new(1), 3);
        let [first, second, third] = game.moves() else { panic!("three moves: {game}") };
        assert_eq!(
            game.to_string(),
            format!("1. ... {first}\n2. {second} {third}\nafter 3 plies the game goes on: red to move\n")
        );
        let one = RandomGame::play(countdown(1), &mut Random::new(1), 9);
        assert_eq!(one.to_string(), "1. 1\nafter 1 ply: red\n");
    }
}
