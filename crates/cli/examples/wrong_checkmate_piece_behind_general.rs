//! A deliberately wrong checkmate solver: it asks whether red's general covers a point of its
//! column by looking at the whole column below that point, down to the board's edge, instead of
//! stopping at red's general, and red's general must be the only piece it meets. The slip passes
//! every case in which nothing stands behind red's general (further from black), and mates drawn
//! at random hardly ever need red's general to cover a step with a piece behind it: `gen` builds
//! such mates on purpose (its traps), so that `stress` catches the slip within a hundred cases.
//!
//! The naive solution of `naive_checkmate` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_checkmate_piece_behind_general
//! xiangqi stress checkmate --cases 100 -- target/debug/examples/wrong_checkmate_piece_behind_general
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(Some(checkmate::Bug::FlyingScanToEdge))
}
