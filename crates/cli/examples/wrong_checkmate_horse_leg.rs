//! A deliberately wrong checkmate solver: it looks for the horse's leg next to the target instead
//! of next to the horse (one step from the target back along the jump's long side), the classic
//! slip.
//!
//! The naive solution of `naive_checkmate` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_checkmate_horse_leg
//! xiangqi stress checkmate -- target/debug/examples/wrong_checkmate_horse_leg
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(Some(checkmate::Bug::HorseLegAtTarget))
}
