//! A deliberately wrong checkmate solver: it reads a piece's letter as the
//! character right after the previous line's `\n` (`getchar(); scanf("%c %d
//! %d", ...)`), so it is right on plainly written input and wrong on a file
//! with CRLF line ends, the way real submissions fail on a judge whose data
//! was made on Windows.
//!
//! The naive solution of `naive_checkmate` with that reader switched on,
//! kept to show that `stress --layout varied` catches it and that default
//! `stress` does not:
//!
//! ```text
//! cargo build --example wrong_checkmate_letter_after_line_end
//! xiangqi stress checkmate --layout varied -- target/debug/examples/wrong_checkmate_letter_after_line_end
//! ```

#[path = "naive/checkmate.rs"]
mod checkmate;

fn main() -> std::io::Result<()> {
    checkmate::run(Some(checkmate::Bug::LetterAfterLineEnd))
}
