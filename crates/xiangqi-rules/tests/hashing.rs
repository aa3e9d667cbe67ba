//! Position hashing: the Zobrist key of the pieces and the side to move,
//! kept move by move, the same for the same position whatever the moves and
//! the clocks, and pinned for good.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use board_geometry::RandomGame;
use board_geometry::random::Random;
use xiangqi_rules::{Color, Game, HashKey, Position, RepetitionKey};

/// The key of `position` counted from its pieces, not the one it keeps.
fn from_scratch(position: &Position) -> HashKey {
    HashKey::of(position.board().pieces(), position.turn())
}

fn after(moves: &str) -> Position {
    let mut position = Position::start();
    for mv in moves.split_whitespace() {
        position.play(mv.parse().unwrap()).unwrap_or_else(|why| panic!("{mv}: {why}"));
    }
    position
}

#[test]
fn keys_are_pinned_for_good() {
    // Worked out apart from this code, from the definition: splitmix64 from
    // the seed 0x7A6F627269737421, output (code - 1) * 128 + point for each
    // piece (code = 1 + 8 * side + kind), output 2048 when black is to move.
    // A stored key stays true only while these do: they never change.
    assert_eq!(Position::start().zobrist_hash().get(), 0x0f96_85cc_2e4e_10da);
    assert_eq!(after("h2e2").zobrist_hash().get(), 0x1905_0a43_a517_1c9a);
    let black_to_move: Position =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b".parse().unwrap();
    assert_eq!(black_to_move.zobrist_hash().get(), 0xc3cb_3e86_62bd_a834);
    assert_eq!(black_to_move.zobrist_hash(), Position::start().zobrist_hash() ^ HashKey::side(Color::Black));
    assert_eq!(Position::start().zobrist_hash().to_string(), "0f9685cc2e4e10da");
}

#[test]
fn two_move_orders_to_one_position_hash_alike() {
    let orders = [
        ("h2e2 h9g7 b0c2", "b0c2 h9g7 h2e2"),
        // Both cannons take a horse, both chariots take a cannon back: captures too.
        ("b2b9 a9b9 h2h9 i9h9", "h2h9 i9h9 b2b9 a9b9"),
    ];
    for (one, other) in orders {
        let (one, other) = (after(one), after(other));
        assert_eq!(one, other, "the same position, clocks and all");
        assert_eq!(one.zobrist_hash(), other.zobrist_hash());
        assert_eq!(one.repetition_key(), other.repetition_key());
    }
    assert_ne!(after("h2e2 h9g7 b0c2").zobrist_hash(), after("h2e2 h9g7").zobrist_hash());
}

#[test]
fn the_clocks_are_not_in_the_key() {
    // The horses go out and back: the start again, four plies later.
    let again = after("b0c2 b9c7 c2b0 c7b9");
    assert_ne!(again, Position::start(), "Eq compares the clocks");
    assert_eq!(again.to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 4 3");
    assert_eq!(again.zobrist_hash(), Position::start().zobrist_hash());
    assert_eq!(again.repetition_key(), Position::start().repetition_key());
    let moved_on = after("b0c2 b9c7 c2b0");
    assert_ne!(moved_on.repetition_key(), Position::start().repetition_key());
    let other_side: Position =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 4 3".parse().unwrap();
    assert_ne!(other_side.repetition_key(), again.repetition_key(), "the same pieces, black to move");
}

#[test]
fn every_ply_of_random_games_keeps_its_key_and_gets_it_back_when_taken_back() {
    for seed in 0..12 {
        let mut game = RandomGame::play(Position::start(), &mut Random::new(seed), 300);
        let positions: Vec<Position> = game.positions().collect();
        for (position, &kept) in positions.iter().zip(game.hashes()) {
            assert_eq!(kept, position.zobrist_hash(), "seed {seed}: {position}");
            assert_eq!(kept, from_scratch(position), "seed {seed}: {position}");
            let read_again: Position = position.to_string().parse().unwrap();
            assert_eq!(kept, read_again.zobrist_hash(), "seed {seed}: {position}");
        }
        while game.unplay().is_some() {
            let ply = game.moves().len();
            assert_eq!(*game.end(), positions[ply], "seed {seed}, ply {ply}: the position and its key");
            assert_eq!(game.end().zobrist_hash(), game.hashes()[ply], "seed {seed}, ply {ply}");
        }
    }
}

#[test]
fn positions_share_a_key_exactly_when_they_are_the_same_position() {
    // Random play often comes back to where it was (generals stepping to and
    // fro), so keys are met again, not only stored.
    let mut by_key: HashMap<HashKey, RepetitionKey> = HashMap::new();
    let mut met_again = 0;
    for seed in 0..40 {
        for position in RandomGame::play(Position::start(), &mut Random::new(seed), 1000).positions() {
            match by_key.entry(position.zobrist_hash()) {
                Entry::Occupied(seen) => {
                    assert_eq!(*seen.get(), position.repetition_key(), "a collision at {position}");
                    met_again += 1;
                }
                Entry::Vacant(new) => {
                    new.insert(position.repetition_key());
                }
            }
        }
    }
    assert!(met_again > 1000, "only {met_again} positions were met again");
    let distinct: std::collections::HashSet<RepetitionKey> = by_key.values().copied().collect();
    assert_eq!(distinct.len(), by_key.len(), "one key per position");
}

#[test]
fn the_random_game_of_the_example_is_played_through_the_trait_to_its_end() {
    // What examples/random_game.rs prints, for its default seed.
    let game = RandomGame::play(Position::start(), &mut Random::new(5), 1000);
    let outcome = game.outcome().expect("seed 5 ends in a mate or stalemate");
    assert_eq!(game.end().legal_moves().len(), 0);
    let mut replayed = Position::start();
    for &mv in game.moves() {
        Game::play(&mut replayed, mv).unwrap_or_else(|why| panic!("{mv}: {why}"));
    }
    assert_eq!(replayed, *game.end(), "every move was legal");
    let over = *game.end();
    let refused = Game::play(&mut replayed, "e0e1".parse().unwrap());
    assert!(matches!(refused, Err(xiangqi_rules::IllegalMove::GameOver { .. })), "{refused:?}");
    assert_eq!(replayed, over, "a refused move changes nothing");
    let text = game.to_string();
    assert!(text.starts_with("1. "), "{text}");
    assert!(text.ends_with(&format!("after {} plies: {outcome}\n", game.moves().len())), "{text}");
    assert_eq!(text, RandomGame::play(Position::start(), &mut Random::new(5), 1000).to_string());
}

#[test]
fn a_duck_position_never_shares_the_key_of_a_xiangqi_one() -> Result<(), Box<dyn std::error::Error>> {
    // The same pieces on the same points, the first side to move: the boards'
    // keys are one table's, so only the game's key tells the games apart.
    let board = "4k4/9/9/9/9/9/9/9/9/3K5";
    let xiangqi: Position = format!("{board} w").parse()?;
    let duck: duck_rules::Position = format!("{board} r").parse()?;
    assert_eq!(
        xiangqi.board().hash_key(Color::Red).get(),
        duck.board().hash_key(duck_rules::Color::Red).get()
    );
    assert_ne!(xiangqi.zobrist_hash(), duck.zobrist_hash());
    assert_eq!(duck.zobrist_hash(), xiangqi.zobrist_hash() ^ HashKey::game("duck chess"));
    Ok(())
}
