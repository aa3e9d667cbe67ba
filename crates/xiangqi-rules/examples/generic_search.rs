//! A search written once over the `Game` trait (`generic/search.rs`: negamax
//! with a transposition table, captures and checks first, finished games
//! scored by their winner), run on xiangqi and duck chess with no code for
//! either: it finds the mate in one of each, and searches the start
//! positions. `cargo run --release --example generic_search -- [DEPTH]`.

mod generic;

use std::fmt::Display;

use board_geometry::{Game, GameOutcome};
use generic::search::{Search, WIN};

/// Searches `position` `depth` plies deep and prints what it found.
fn show<G: Game + Display>(game: &str, position: &G, depth: u32) -> Option<(G::Move, i32)> {
    let mut search = Search::default();
    let found = search.best_move(position, depth);
    match found {
        Some((mv, score)) => {
            println!("{game}: {position}: {mv}, score {score}, depth {depth}, {} nodes", search.nodes);
        }
        None => println!("{game}: {position}: the game is over"),
    }
    found
}

/// Checks that the search finds the win in one ply in `position` and that
/// the move found wins.
fn finds_the_win<G: Game + Display>(game: &str, position: &G) -> Result<(), String> {
    let Some((mv, score)) = show(game, position, 3) else { return Err(format!("{game}: no move found")) };
    let mut after = *position;
    after.play(mv).map_err(|why| format!("{game}: {mv}: {why}"))?;
    let winner = after.outcome().and_then(GameOutcome::winner);
    if winner != Some(position.turn()) || score != WIN - 1 {
        return Err(format!("{game}: {mv} (score {score}) does not win at once: {winner:?}"));
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let depth: u32 = std::env::args().nth(1).as_deref().unwrap_or("3").parse()?;
    // Red's chariot to d1 mates: the general may not step to e9 (the generals
    // would face each other) nor to d8 (the chariot covers the file).
    finds_the_win("xiangqi", &"3k5/9/9/9/9/9/9/9/R8/4K4 w".parse::<xiangqi_rules::Position>()?)?;
    // The chariot on a9 takes the captain on e9 along the open rank.
    finds_the_win("duck", &"R3k4/9/9/9/9/9/9/9/9/4K4 r".parse::<duck_rules::Position>()?)?;
    show("xiangqi", &xiangqi_rules::Position::start(), depth);
    show("duck", &duck_rules::Position::start(), depth);
    Ok(())
}
