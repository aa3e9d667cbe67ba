//! A deliberately wrong horse solver: its flying-general pin counts the pieces on the column outside the two generals too.
//!
//! The naive solution of `naive_horse` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_horse_pin_outside
//! xiangqi stress horse -- target/debug/examples/wrong_horse_pin_outside
//! ```

#[path = "naive/horse.rs"]
mod horse;

fn main() -> std::io::Result<()> {
    horse::run(Some(horse::Bug::PinCountsOutside))
}
