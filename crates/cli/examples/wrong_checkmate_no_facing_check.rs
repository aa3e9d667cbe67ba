//! A deliberately wrong checkmate solver: it never looks for the generals facing each other at the
//! start (it knows the flying general only as an attack on the black general's steps), so it
//! answers YES where black's general flies across and captures red's.
//!
//! The naive solution of `naive_checkmate` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_checkmate_no_facing_check
//! xiangqi stress checkmate -- target/debug/examples/wrong_checkmate_no_facing_check
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(Some(checkmate::Bug::NoFacingCheck))
}
