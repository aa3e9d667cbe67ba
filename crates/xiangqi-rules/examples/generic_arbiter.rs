//! An arbiter written once over the `Game` trait: it plays a game between two
//! players (the search of `generic/search.rs` at two depths), refuses a move
//! the rules do not allow, and says how the game ended and who won; run on
//! xiangqi and duck chess with no code for either.
//! `cargo run --release --example generic_arbiter -- [PLIES]`.

mod generic;

use std::fmt::Display;

use board_geometry::{Game, GameOutcome};
use generic::search::Search;

/// How a refereed game ended.
enum Ending<G: Game> {
    /// The rules ended it.
    Over(G::Outcome),
    /// The ply limit was reached first.
    Adjourned,
}

/// Plays up to `plies` moves from `start`, the first side searching
/// `depths[0]` plies deep and the second `depths[1]`, each move checked by
/// `play`; returns the moves and the ending.
fn referee<G: Game>(start: G, depths: [u32; 2], plies: usize) -> Result<(Vec<G::Move>, Ending<G>), String> {
    let mut position = start;
    let mut moves = Vec::new();
    let mut searches = [Search::<G>::default(), Search::<G>::default()];
    while moves.len() < plies {
        if let Some(outcome) = position.outcome() {
            return Ok((moves, Ending::Over(outcome)));
        }
        let side = board_geometry::Side::index(position.turn());
        let Some((mv, _)) = searches[side].best_move(&position, depths[side]) else {
            return Err(format!("the player to move found no move, yet the game goes on after {moves:?}"));
        };
        position.play(mv).map_err(|why| format!("{mv} refused: {why}"))?;
        moves.push(mv);
    }
    Ok((moves, position.outcome().map_or(Ending::Adjourned, Ending::Over)))
}

/// Referees one game and prints it.
fn show<G: Game + Display>(game: &str, start: G, plies: usize) -> Result<(), String> {
    let (moves, ending) = referee(start, [3, 1], plies)?;
    let listed: Vec<String> = moves.iter().map(ToString::to_string).collect();
    println!("{game} from {start}: {}", listed.join(" "));
    match ending {
        Ending::Over(outcome) => match outcome.winner() {
            Some(winner) => println!("  {outcome}: {winner} won after {} plies", moves.len()),
            None => println!("  {outcome}: a draw after {} plies", moves.len()),
        },
        Ending::Adjourned => println!("  adjourned after {} plies", moves.len()),
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let plies: usize = std::env::args().nth(1).as_deref().unwrap_or("40").parse()?;
    show("xiangqi", "3k5/9/9/9/9/9/9/9/R8/4K4 w".parse::<xiangqi_rules::Position>()?, plies)?;
    show("xiangqi", xiangqi_rules::Position::start(), plies)?;
    show("duck", duck_rules::Position::start(), plies)?;
    Ok(())
}
