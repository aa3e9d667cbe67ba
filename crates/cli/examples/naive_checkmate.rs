//! A naive, independent solution of the checkmate task (UVa 1589): cases on
//! standard input, `YES`/`NO` on standard output. It is correct, and is
//! what the deliberately wrong solutions (`wrong_checkmate_*`) are this code
//! with one mistake switched on.
//!
//! ```text
//! cargo build --example naive_checkmate
//! xiangqi stress checkmate --cases 100000 -- target/debug/examples/naive_checkmate
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(None)
}
