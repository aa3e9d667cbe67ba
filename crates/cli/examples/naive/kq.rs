//! A naive solution of the king-and-queen "Correct Move" task (UVa 255),
//! written from the task statement alone, sharing no code with the rules
//! crates; [`Bug`] switches on one deliberate mistake.

// Each example program switches on at most one of the mistakes.
#![allow(dead_code)]

use std::io::{self, BufRead, Write};

/// The one mistake a wrong solution makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bug {
    /// The queen's sideways moves take "fewer than 8 places apart" for "on
    /// one row", so the queen wraps around a row end (7 to 8, say).
    QueenWraps,
}

fn same_row(a: i32, b: i32) -> bool {
    a / 8 == b / 8
}

fn same_column(a: i32, b: i32) -> bool {
    a % 8 == b % 8
}

/// Whether the queen on `queen` may move to `to` with the king on `king`.
fn queen_can_move(king: i32, queen: i32, to: i32, bug: Option<Bug>) -> bool {
    if to == queen {
        return false;
    }
    let sideways = match bug {
        Some(Bug::QueenWraps) => (to - queen).abs() < 8,
        None => same_row(queen, to),
    };
    let step = if sideways {
        if to > queen { 1 } else { -1 }
    } else if same_column(queen, to) {
        if to > queen { 8 } else { -8 }
    } else {
        return false;
    };
    let mut place = queen;
    while place != to {
        place += step;
        if place == king {
            return false;
        }
    }
    true
}

/// The places one step from `place` up, down, left or right.
fn king_steps(place: i32) -> Vec<i32> {
    let mut steps = Vec::new();
    if place >= 8 {
        steps.push(place - 8);
    }
    if place < 56 {
        steps.push(place + 8);
    }
    if place % 8 > 0 {
        steps.push(place - 1);
    }
    if place % 8 < 7 {
        steps.push(place + 1);
    }
    steps
}

/// The verdict on one line.
pub(crate) fn verdict(king: i32, queen: i32, to: i32, bug: Option<Bug>) -> &'static str {
    if king == queen {
        return "Illegal state";
    }
    if !queen_can_move(king, queen, to, bug) {
        return "Illegal move";
    }
    if king_steps(king).contains(&to) {
        return "Move not allowed";
    }
    let free = king_steps(king).into_iter().any(|step| !same_row(step, to) && !same_column(step, to));
    if free { "Continue" } else { "Stop" }
}

/// Reads lines `king queen newqueen` on standard input, writes a verdict per line.
pub(crate) fn run(bug: Option<Bug>) -> io::Result<()> {
    let mut out = String::new();
    for line in io::stdin().lock().lines() {
        let numbers: Vec<i32> = line?.split_whitespace().map(|t| t.parse().unwrap_or(0)).collect();
        if let [king, queen, to] = numbers[..] {
            out.push_str(verdict(king, queen, to, bug));
            out.push('\n');
        }
    }
    io::stdout().write_all(out.as_bytes())
}
