//! The judge task, with the same shape as the judge tasks of the other game
//! crates: a `judge(input, output, &Options)` function that streams cases from
//! a reader to a writer, a reader of cases with located errors, and the types
//! of a case and its answer.
//!
//! - [`correct_move`]: UVa 255, judge a queen's move against a king.

pub mod correct_move;
