//! Plays a seeded random game of duck chess through the `Game` trait, to its end
//! or to a number of plies, and prints its moves and how it ended:
//!
//! ```text
//! cargo run -p duck-rules --example duck_random_game -- [SEED] [MAX_PLIES]
//! ```
//!
//! The game is board-geometry's `RandomGame`, written once for any game:
//! `xiangqi-rules`'s `examples/random_game.rs` is the same lines with its own
//! `Position`. The seed defaults to 5, whose games end in both (a random
//! game of xiangqi may go on for ever: its positions know only mate and
//! stalemate), and the plies to 1,000.

use board_geometry::RandomGame;
use board_geometry::random::Random;
use duck_rules::Position;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().as_deref().unwrap_or("5").parse()?;
    let max_plies: usize = args.next().as_deref().unwrap_or("1000").parse()?;
    print!("{}", RandomGame::play(Position::start(), &mut Random::new(seed), max_plies));
    Ok(())
}
