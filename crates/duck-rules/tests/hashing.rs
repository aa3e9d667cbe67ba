//! Position hashing: the Zobrist key of the pieces and the side to move,
//! kept move by move, the same for the same position whatever the moves, and
//! pinned for good. A duck-chess position has no clock, so `Eq`, `Hash` and
//! the repetition key all mean the same position.

use std::collections::HashMap;

use board_geometry::RandomGame;
use board_geometry::random::Random;
use duck_rules::{Color, Game, HashKey, Position};

/// The key of `position` counted from its pieces, not the one it keeps.
fn from_scratch(position: &Position) -> HashKey {
    HashKey::of(position.board().pieces(), position.turn()) ^ HashKey::game("duck chess")
}

/// The position after `moves` from the start, or why one of them is refused.
fn after(moves: &str) -> Result<Position, String> {
    let mut position = Position::start();
    for mv in moves.split_whitespace() {
        let parsed = mv.parse().map_err(|why| format!("{mv}: {why}"))?;
        position.play(parsed).map_err(|why| format!("{mv}: {why}"))?;
    }
    Ok(position)
}

#[test]
fn keys_are_pinned_for_good() -> Result<(), String> {
    // Worked out apart from this code, from the definition: splitmix64 from
    // the seed 0x7A6F627269737421, output (code - 1) * 128 + point for each
    // piece (code = 1 + 8 * side + kind), output 2048 when blue is to move,
    // and the game's key (HashKey::game("duck chess"), 0xae2284b2b16c4599).
    // A stored key stays true only while these do: they never change.
    assert_eq!(Position::start().zobrist_hash().get(), 0x86ac_bbb3_1a8a_00af);
    assert_eq!(after("d0e1")?.zobrist_hash().get(), 0x63bf_925d_ea55_ae99);
    let blue: Position =
        "rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR b".parse().map_err(|e| format!("{e}"))?;
    assert_eq!(blue.zobrist_hash(), Position::start().zobrist_hash() ^ HashKey::side(Color::Blue));
    assert_eq!(HashKey::side(Color::Blue).get(), 0xcc5d_bb4a_4cf3_b8ee);
    Ok(())
}

#[test]
fn two_move_orders_to_one_position_hash_alike() -> Result<(), String> {
    let orders = [
        ("b0c2 b9c7 h0g2", "h0g2 b9c7 b0c2"),
        // Soldiers meet on both wings and each side takes one: captures too.
        ("a3a4 a6a5 i3i4 i6i5 a4a5 i5i4", "i3i4 i6i5 a3a4 a6a5 a4a5 i5i4"),
    ];
    for (one, other) in orders {
        let (one, other) = (after(one)?, after(other)?);
        assert_eq!(one, other);
        assert_eq!(
            (one.zobrist_hash(), one.repetition_key()),
            (other.zobrist_hash(), other.repetition_key())
        );
    }
    let back_home = after("b0c2 b9c7 c2b0 c7b9")?;
    assert_eq!((back_home, back_home.zobrist_hash()), (Position::start(), Position::start().zobrist_hash()));
    assert_ne!(after("b0c2 b9c7 c2b0")?.zobrist_hash(), Position::start().zobrist_hash());
    Ok(())
}

#[test]
fn random_games_keep_the_key_of_every_ply_and_give_it_back_move_by_move() {
    for seed in 100..112 {
        let mut game = RandomGame::play(Position::start(), &mut Random::new(seed), 1000);
        let keys: Vec<(HashKey, HashKey)> =
            game.positions().map(|p| (p.zobrist_hash(), from_scratch(&p))).collect();
        let kept: Vec<(HashKey, HashKey)> = game.hashes().iter().map(|&key| (key, key)).collect();
        assert_eq!(keys, kept, "seed {seed}: kept, replayed and counted alike");
        let mut back = Vec::new();
        while game.unplay().is_some() {
            back.push((game.end().zobrist_hash(), from_scratch(game.end())));
        }
        back.reverse();
        assert_eq!(back, kept[..kept.len() - 1], "seed {seed}: taken back");
        assert_eq!(*game.end(), Position::start());
    }
}

#[test]
fn equal_keys_are_equal_positions() {
    // Every position of many random games, each key with the positions that
    // had it: one each, though random play meets many of them again.
    let mut positions: HashMap<HashKey, Vec<Position>> = HashMap::new();
    let mut met = 0;
    for seed in 0..60 {
        for position in RandomGame::play(Position::start(), &mut Random::new(seed), 1000).positions() {
            let alike = positions.entry(position.zobrist_hash()).or_default();
            if !alike.contains(&position) {
                alike.push(position);
            }
            met += 1;
        }
    }
    assert!(positions.values().all(|alike| alike.len() == 1), "a collision");
    assert!(met > positions.len() + 100, "{met} positions met, {} of them different", positions.len());
}

#[test]
fn the_random_game_of_the_example_is_played_through_the_trait_to_its_end() -> Result<(), String> {
    // What examples/random_game.rs prints, for its default seed.
    let game = RandomGame::play(Position::start(), &mut Random::new(5), 1000);
    let outcome = game.outcome().ok_or("seed 5 ends with a captain taken")?;
    assert!(game.end().is_game_over());
    let mut replayed = Position::start();
    for &mv in game.moves() {
        Game::play(&mut replayed, mv).map_err(|why| format!("{mv}: {why}"))?;
    }
    assert_eq!(replayed, *game.end(), "every move was legal");
    let refused = Game::play(&mut replayed, "e0e1".parse().map_err(|e| format!("{e}"))?);
    assert!(matches!(refused, Err(duck_rules::IllegalMove::GameOver { .. })), "{refused:?}");
    assert_eq!(replayed, *game.end(), "a refused move changes nothing");
    let text = game.to_string();
    assert!(text.ends_with(&format!("after {} plies: {outcome}\n", game.moves().len())), "{text}");
    Ok(())
}
