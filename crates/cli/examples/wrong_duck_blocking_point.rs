//! A deliberately wrong duck chess replay: the duck's leap checks only the first of its two blocking points.
//!
//! The naive solution of `naive_duck` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_duck_blocking_point
//! duck stress -- target/debug/examples/wrong_duck_blocking_point
//! ```

#[path = "naive/duck.rs"]
mod duck;

fn main() -> std::io::Result<()> {
    duck::run(Some(duck::Bug::DuckSecondPoint))
}
