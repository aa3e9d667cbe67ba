//! A deliberately wrong checkmate solver: it asks whether the generals face each other at the start
//! of the whole column below the black general: the loop runs to the board's edge instead of
//! stopping at red's general, and red's general must be the only piece it meets. The slip passes
//! every case in which nothing stands behind red's general; a cannon there (which then gives check
//! through red's general, so the case looks like any other check) or a chariot hides the flight.
//!
//! The naive solution of `naive_checkmate` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_checkmate_facing_cannon_behind
//! xiangqi stress checkmate -- target/debug/examples/wrong_checkmate_facing_cannon_behind
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(Some(checkmate::Bug::FacingScanToEdge))
}
