//! The judge task answered by this crate, laid out as the judge tasks of
//! `xiangqi-rules` are: `judge(input, output, &Options)`, `Options::new()`
//! with `.explained(true)`, `Case`, a `Reader` that is an
//! `Iterator<Item = Result<Case, InputError>>`, `InputError` (what is wrong,
//! with its line and column), `Explanation`, and `generate`
//! (`GenerateOptions`, `Generator`, `write_input`, `check_promises`,
//! `BrokenPromise`, `shrink`), in the files `case.rs`, `reader.rs`,
//! `error.rs`, `explain.rs`, `fast.rs` and `generate/`.
//!
//! - [`replay`]: THUPC 2019 duck chess, replay a game log.

pub mod replay;
