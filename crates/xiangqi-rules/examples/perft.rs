//! Prints perft counts and speed: `cargo run --release --example perft -- DEPTH [FEN]`.

use std::time::Instant;

use xiangqi_rules::{Position, perft};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().as_deref().unwrap_or("4").parse()?;
    let position = match args.next() {
        Some(fen) => Position::from_fen(&fen)?,
        None => Position::start(),
    };
    let start = Instant::now();
    let nodes = perft(&position, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!("perft {depth}: {nodes} in {seconds:.3} s, {:.1} M leaves/s", nodes as f64 / seconds / 1e6);
    Ok(())
}
