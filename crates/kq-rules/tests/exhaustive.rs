//! Every one of the 64^3 possible lines, judged by the crate and by a
//! deliberately naive model written from the task statement with plain
//! row/column arithmetic (no board-geometry, no square sets).

use std::fmt::Write as _;

use kq_rules::tasks::correct_move;

fn naive_verdict(king: i32, queen: i32, new_queen: i32) -> &'static str {
    let (kr, kc) = (king / 8, king % 8);
    let (qr, qc) = (queen / 8, queen % 8);
    let (nr, nc) = (new_queen / 8, new_queen % 8);
    if king == queen {
        return "Illegal state";
    }
    let between = |v: i32, a: i32, b: i32| a.min(b) <= v && v <= a.max(b);
    let queen_move_ok = if new_queen == queen {
        false
    } else if qr == nr {
        !(kr == qr && between(kc, qc, nc))
    } else if qc == nc {
        !(kc == qc && between(kr, qr, nr))
    } else {
        false
    };
    if !queen_move_ok {
        return "Illegal move";
    }
    if (kr - nr).abs() + (kc - nc).abs() == 1 {
        return "Move not allowed";
    }
    for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let (r, c) = (kr + dr, kc + dc);
        let on_board = (0..8).contains(&r) && (0..8).contains(&c);
        if on_board && r != nr && c != nc {
            return "Continue";
        }
    }
    "Stop"
}

#[test]
fn every_possible_line_agrees_with_the_naive_model() {
    let mut input = String::new();
    let mut expected = String::new();
    for king in 0..64 {
        for queen in 0..64 {
            for new_queen in 0..64 {
                writeln!(input, "{king} {queen} {new_queen}").unwrap();
                expected.push_str(naive_verdict(king, queen, new_queen));
                expected.push('\n');
            }
        }
    }
    let mut output = Vec::new();
    correct_move::judge(input.as_bytes(), &mut output, &correct_move::Options::default()).unwrap();
    let output = String::from_utf8(output).unwrap();
    assert_eq!(output.lines().count(), 262_144);
    for ((line, got), want) in input.lines().zip(output.lines()).zip(expected.lines()) {
        assert_eq!(got, want, "verdict for '{line}'");
    }
    assert_eq!(output.lines().filter(|&v| v == "Stop").count(), 56);
}
