//! A naive, independent solution of the duck chess replay task (THUPC 2019): a game log on standard input, one answer per command on standard output.
//! It is correct, and the deliberately wrong solution `wrong_duck_*` is this
//! code with one mistake switched on.
//!
//! ```text
//! cargo build --example naive_duck
//! duck stress -- target/debug/examples/naive_duck
//! ```

#[path = "naive/duck.rs"]
mod duck;

fn main() -> std::io::Result<()> {
    duck::run(None)
}
