//! A naive, independent solution of the "where can the black horse go" task: boards on standard input (any number, 90 numbers each), one answer block per board on standard output.
//! It is correct, and the deliberately wrong solution `wrong_horse_*` is this
//! code with one mistake switched on.
//!
//! ```text
//! cargo build --example naive_horse
//! xiangqi stress horse --batch 100 -- target/debug/examples/naive_horse
//! ```

#[path = "naive/horse.rs"]
mod horse;

fn main() -> std::io::Result<()> {
    horse::run(None)
}
