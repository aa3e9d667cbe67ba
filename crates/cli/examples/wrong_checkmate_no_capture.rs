//! A deliberately wrong checkmate solver: it forgets that the black general may capture a red piece next to it, the checking piece included.
//!
//! The naive solution of `naive_checkmate` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_checkmate_no_capture
//! xiangqi stress checkmate -- target/debug/examples/wrong_checkmate_no_capture
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(Some(checkmate::Bug::ForgetCapture))
}
