//! Valid inputs of every judge format, built case by case, with the place in
//! the text up to which each case must have been read before it is answered.

use std::fmt::Write as _;

use board_geometry::random::Random;

/// A valid input and, for each case, the byte offset up to which the judge
/// reads before answering it: a change at or after that offset must not
/// change the case's answer.
pub(crate) struct Input {
    pub(crate) text: String,
    pub(crate) answered_by: Vec<usize>,
}

/// Checkmate cases (UVa 1589): a black general in its palace, a red general
/// in its, and up to six chariots, horses and cannons anywhere else.
pub(crate) fn checkmate(random: &mut Random) -> Input {
    let mut text = String::new();
    let mut first_tokens = Vec::new();
    for _ in 0..1 + random.index(5) {
        let black = (1 + random.below(3), 4 + random.below(3));
        let general = (8 + random.below(3), 4 + random.below(3));
        let mut taken = vec![black, general];
        let mut pieces = vec![('G', general)];
        for _ in 0..random.index(7) {
            let point = (1 + random.below(10), 1 + random.below(9));
            if !taken.contains(&point) {
                taken.push(point);
                pieces.push((['R', 'H', 'C'][random.index(3)], point));
            }
        }
        random.shuffle(&mut pieces);
        first_tokens.push(text.len());
        let _ = writeln!(text, "{} {} {}", pieces.len(), black.0, black.1);
        for (letter, (row, col)) in pieces {
            let _ = writeln!(text, "{letter} {row} {col}");
        }
        text.push('\n');
    }
    first_tokens.push(text.len());
    text.push_str("0 0 0\n");
    // A case is answered once the first number of the next header is read.
    let answered_by = first_tokens[1..].iter().map(|&start| start + 1).collect();
    Input { text, answered_by }
}

/// Horse boards: ninety codes, one black horse, at most one general a side,
/// a row a line.
pub(crate) fn horse(random: &mut Random) -> Input {
    let mut text = String::new();
    let mut answered_by = Vec::new();
    for _ in 0..1 + random.index(3) {
        let mut codes = [0u8; 90];
        let crowd = random.below(60);
        for code in &mut codes {
            if random.below(100) < crowd {
                *code = [1, 2, 3, 4, 6, 7, 11, 13, 14, 16, 17][random.index(11)];
            }
        }
        for (code, count) in [(12, 1), (5, random.below(2)), (15, random.below(2))] {
            for _ in 0..count {
                codes[random.index(90)] = code;
            }
        }
        // One black horse: the last one written wins, the rest become empty.
        let horses: Vec<usize> = (0..90).filter(|&i| codes[i] == 12).collect();
        if horses.is_empty() {
            codes[random.index(90)] = 12;
        }
        for &i in horses.iter().skip(1) {
            codes[i] = 0;
        }
        for row in codes.chunks(9) {
            let line: Vec<String> = row.iter().map(u8::to_string).collect();
            let _ = writeln!(text, "{}", line.join(" "));
        }
        answered_by.push(text.len() - 1);
        if random.chance(0.3) {
            text.push('\n');
        }
    }
    Input { text, answered_by }
}

/// A duck-chess game log: `Q`, then `Q` commands on the board.
pub(crate) fn duck_log(random: &mut Random) -> Input {
    let commands = random.index(12);
    let mut text = format!("{commands}\n");
    let mut answered_by = Vec::new();
    for _ in 0..commands {
        let _ =
            write!(text, "{} {} {} {}", random.below(10), random.below(9), random.below(10), random.below(9));
        answered_by.push(text.len());
        text.push('\n');
    }
    Input { text, answered_by }
}

/// King-and-queen lines: three places from 0 to 63.
pub(crate) fn kq(random: &mut Random) -> Input {
    let mut text = String::new();
    let mut answered_by = Vec::new();
    // At least one line: an input with none is refused, as by every judge.
    for _ in 0..=random.index(9) {
        let _ = write!(text, "{} {} {}", random.below(64), random.below(64), random.below(64));
        answered_by.push(text.len());
        text.push('\n');
    }
    Input { text, answered_by }
}
