//! The judge task answered by the engine, with the same shape as the judge
//! tasks of the other game crates: a `judge(input, output, &Options)`
//! function that streams commands from a reader to a writer, a reader with
//! located errors, the types of a command's answer, and random game logs for
//! stress tests with the shrinking of a failing one (`generate`).
//!
//! - [`replay`]: THUPC 2019 duck chess, replay a game log.

pub mod replay;
