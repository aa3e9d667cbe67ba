//! A deliberately wrong king-and-queen judge: the queen's sideways move wraps around a row end (from 7 to 8, say).
//!
//! The naive solution of `naive_kq` with one mistake switched on, kept to
//! show that `stress` catches it and shrinks the case:
//!
//! ```text
//! cargo build --example wrong_kq_queen_wraps
//! kq stress -- target/debug/examples/wrong_kq_queen_wraps
//! ```

#[path = "naive/kq.rs"]
mod kq;

fn main() -> std::io::Result<()> {
    kq::run(Some(kq::Bug::QueenWraps))
}
