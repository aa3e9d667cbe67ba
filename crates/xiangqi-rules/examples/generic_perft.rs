//! Perft written once over the `Game` trait, every leaf played and taken
//! back with `play_unchecked` and `unplay`, checked against the crates' own
//! counts on xiangqi and duck chess.
//! `cargo run --release --example generic_perft -- [DEPTH]`.

use std::fmt::Display;
use std::time::Instant;

use board_geometry::Game;

/// The leaves `depth` plies below `position`, each played and taken back.
fn perft<G: Game>(position: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    let mut leaves = 0;
    for &mv in moves.iter() {
        let undo = position.play_unchecked(mv);
        leaves += perft(position, depth - 1);
        position.unplay(undo);
    }
    leaves
}

/// Counts and times `depth` plies from `start`, and checks the count
/// against `expected` (the crate's own perft).
fn run<G: Game + Display>(game: &str, start: G, depth: u32, expected: u64) -> Result<(), String> {
    let mut position = start;
    let began = Instant::now();
    let leaves = perft(&mut position, depth);
    let seconds = began.elapsed().as_secs_f64();
    println!("{game} perft {depth}: {leaves} leaves in {seconds:.3} s from {start}");
    if leaves != expected {
        return Err(format!("{game}: {leaves} leaves, but the crate counts {expected}"));
    }
    if position.zobrist_hash() != start.zobrist_hash() {
        return Err(format!("{game}: the position is not back where it started"));
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let depth: u32 = std::env::args().nth(1).as_deref().unwrap_or("3").parse()?;
    let xiangqi = xiangqi_rules::Position::start();
    run("xiangqi", xiangqi, depth, xiangqi_rules::perft(&xiangqi, depth))?;
    let duck = duck_rules::Position::start();
    run("duck", duck, depth, duck_rules::perft(&duck, depth))?;
    Ok(())
}
