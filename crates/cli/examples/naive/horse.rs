//! A naive solution of the "where can the black horse go" task, written
//! from the task statement alone, sharing no code with the rules crates;
//! [`Bug`] switches on one deliberate mistake. It reads boards until the
//! end of its input and separates their answers by an empty line.

// Each example program switches on at most one of the mistakes.
#![allow(dead_code)]

use std::io::{self, Read, Write};

/// The one mistake a wrong solution makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bug {
    /// The pin counts every piece on the horse's column but the two
    /// generals, not only those between them.
    PinCountsOutside,
}

/// The answer for one board, one line per target or `NONE`.
fn answer(board: &[[i32; 9]; 10], bug: Option<Bug>) -> String {
    let mut horse = (0, 0);
    let (mut black, mut red) = (None, None);
    for (r, row) in board.iter().enumerate() {
        for (c, &code) in row.iter().enumerate() {
            match code {
                12 => horse = (r as i32, c as i32),
                15 => black = Some((r as i32, c as i32)),
                5 => red = Some((r as i32, c as i32)),
                _ => {}
            }
        }
    }
    if let (Some(b), Some(g)) = (black, red) {
        let column = horse.1;
        let (top, bottom) = (b.0.min(g.0), b.0.max(g.0));
        if b.1 == column && g.1 == column && top < horse.0 && horse.0 < bottom {
            let rows: Vec<i32> = match bug {
                Some(Bug::PinCountsOutside) => (0..10).filter(|&r| r != b.0 && r != g.0).collect(),
                None => (top + 1..bottom).collect(),
            };
            let pieces = rows.iter().filter(|&&r| board[r as usize][column as usize] != 0).count();
            if pieces == 1 {
                return "NONE\n".to_string();
            }
        }
    }
    let mut targets = Vec::new();
    for (dr, dc) in [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)] {
        let (r, c) = (horse.0 + dr, horse.1 + dc);
        if !(0..10).contains(&r) || !(0..9).contains(&c) {
            continue;
        }
        let leg = if dr.abs() == 2 { (horse.0 + dr / 2, horse.1) } else { (horse.0, horse.1 + dc / 2) };
        if board[leg.0 as usize][leg.1 as usize] != 0 {
            continue;
        }
        if (11..=17).contains(&board[r as usize][c as usize]) {
            continue;
        }
        targets.push((r, c));
    }
    targets.sort_unstable();
    if targets.is_empty() {
        return "NONE\n".to_string();
    }
    targets.iter().map(|(r, c)| format!("({r},{c})\n")).collect()
}

/// Reads boards on standard input, writes each one's answer.
pub(crate) fn run(bug: Option<Bug>) -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let numbers: Vec<i32> = input.split_whitespace().map(|t| t.parse().unwrap_or(0)).collect();
    let answers: Vec<String> = numbers
        .chunks_exact(90)
        .map(|cells| {
            let mut board = [[0; 9]; 10];
            for (index, &code) in cells.iter().enumerate() {
                board[index / 9][index % 9] = code;
            }
            answer(&board, bug)
        })
        .collect();
    io::stdout().write_all(answers.join("\n").as_bytes())
}
