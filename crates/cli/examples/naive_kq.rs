//! A naive, independent solution of the king-and-queen "Correct Move" task (UVa 255): lines `king queen newqueen` on standard input, one verdict per line on standard output.
//! It is correct, and the deliberately wrong solution `wrong_kq_*` is this
//! code with one mistake switched on.
//!
//! ```text
//! cargo build --example naive_kq
//! kq stress -- target/debug/examples/naive_kq
//! ```

#[path = "naive/kq.rs"]
mod kq;

fn main() -> std::io::Result<()> {
    kq::run(None)
}
