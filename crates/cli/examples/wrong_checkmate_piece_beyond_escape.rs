//! A deliberately wrong checkmate solver: a chariot or a cannon counts the pieces on its line
//! from itself past the point it attacks to the board's edge, instead of up to the point. The
//! slip passes every case in which nothing stands beyond the black general's step on the line
//! that covers it; a piece there seems to block a chariot, or to be a cannon's second screen, and
//! the solver sees an escape in a mate. Mates drawn at random show it in about one of nine: `gen`
//! builds such mates on purpose too (its traps), so that `stress` catches it within a hundred
//! cases on every seed.
//!
//! The naive solution of `naive_checkmate` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_checkmate_piece_beyond_escape
//! xiangqi stress checkmate --cases 100 -- target/debug/examples/wrong_checkmate_piece_beyond_escape
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(Some(checkmate::Bug::LineScanToEdge))
}
