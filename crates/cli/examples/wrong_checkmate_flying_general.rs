//! A deliberately wrong checkmate solver: it forgets the flying general (the red general never attacks along its column).
//!
//! The naive solution of `naive_checkmate` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_checkmate_flying_general
//! xiangqi stress checkmate -- target/debug/examples/wrong_checkmate_flying_general
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(Some(checkmate::Bug::ForgetFlyingGeneral))
}
