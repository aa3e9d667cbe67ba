//! The command-line tools `xiangqi`, `duck` and `kq`, as a library.
//!
//! Each tool is a [`Tool`]: a clap parser plus a `run` method that talks only
//! to the [`Streams`] it is given. The binaries hand it the process's standard
//! streams; `cargo xtask test-fixtures` hands it in-memory buffers, so fixture
//! snapshots go through exactly the code the binaries run.
//!
//! ```
//! use cli::{run_tool, Streams};
//!
//! let mut stdin = "17 17 49\n56 48 49\n".as_bytes();
//! let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
//! let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
//! let code = run_tool("kq", ["kq", "judge"], &mut streams);
//! assert_eq!(code, Some(0));
//! assert_eq!(String::from_utf8(stdout)?, "Illegal state\nStop\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Exit codes: 0 success; 1 bad input or a failed run, with one line on
//! standard error (`input.txt:12:5: unknown piece 'X'`); 2 a usage error.

#![forbid(unsafe_code)]

#[doc(hidden)]
pub mod chromium;
mod completions;
pub mod duck;
mod generate;
mod input;
pub mod json;
mod judge;
pub mod kq;
mod layout;
pub mod perft;
mod show;
mod solving;
mod stress;
mod style;
mod task;
mod tool;
pub mod xiangqi;

pub use input::{Input, run_judge};
pub use tool::{Streams, Tool, main, run, run_tool};
