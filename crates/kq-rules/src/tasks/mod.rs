//! The judge task, with the same shape as the judge tasks of the other game
//! crates: a `judge(input, output, &Options)` function that streams cases from
//! a reader to a writer, a reader of cases with located errors, the types
//! of a case and its answer, and random cases for stress tests with the
//! shrinking of a failing one (`generate`).
//!
//! - [`correct_move`]: UVa 255, judge a queen's move against a king.

pub mod correct_move;
