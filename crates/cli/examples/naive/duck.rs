//! A naive solution of the duck chess replay task (THUPC 2019), written from
//! the task statement alone, sharing no code with the rules crates; [`Bug`]
//! switches on one deliberate mistake.

// Each example program switches on at most one of the mistakes.
#![allow(dead_code)]

use std::io::{self, Read, Write};

/// The one mistake a wrong solution makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bug {
    /// The duck's leap checks only its first blocking point, not the second.
    DuckSecondPoint,
}

const NAMES: [&str; 7] = ["captain", "guard", "elephant", "horse", "car", "duck", "soldier"];
const CAPTAIN: u8 = 0;
const GUARD: u8 = 1;
const ELEPHANT: u8 = 2;
const HORSE: u8 = 3;
const CAR: u8 = 4;
const DUCK: u8 = 5;
const SOLDIER: u8 = 6;

/// A piece: its side (0 red, 1 blue) and its kind.
type Cell = Option<(u8, u8)>;
type Board = [[Cell; 9]; 10];

fn start() -> Board {
    let mut board: Board = [[None; 9]; 10];
    let back = [CAR, HORSE, ELEPHANT, GUARD, CAPTAIN, GUARD, ELEPHANT, HORSE, CAR];
    for (side, (home, ducks, soldiers)) in [(0u8, (0, 2, 3)), (1, (9, 7, 6))] {
        for (y, &kind) in back.iter().enumerate() {
            board[home][y] = Some((side, kind));
        }
        board[ducks][0] = Some((side, DUCK));
        board[ducks][8] = Some((side, DUCK));
        for y in [0, 2, 4, 6, 8] {
            board[soldiers][y] = Some((side, SOLDIER));
        }
    }
    board
}

fn empty(board: &Board, x: i32, y: i32) -> bool {
    (0..10).contains(&x) && (0..9).contains(&y) && board[x as usize][y as usize].is_none()
}

/// Whether the piece of `kind` on (x, y) reaches (tx, ty) by its movement,
/// with nothing in its way (whatever stands on the target).
fn reaches(board: &Board, kind: u8, (x, y): (i32, i32), (tx, ty): (i32, i32), bug: Option<Bug>) -> bool {
    let (dx, dy) = (tx - x, ty - y);
    let (sx, sy) = (dx.signum(), dy.signum());
    match (kind, dx.abs(), dy.abs()) {
        (CAPTAIN, 1, 0) | (CAPTAIN, 0, 1) | (GUARD, 1, 1) => true,
        (SOLDIER, ax, ay) => ax <= 1 && ay <= 1 && ax + ay > 0,
        (ELEPHANT, 2, 2) => empty(board, x + sx, y + sy),
        (HORSE, 2, 1) => empty(board, x + sx, y),
        (HORSE, 1, 2) => empty(board, x, y + sy),
        (DUCK, 3, 2) => empty(board, x + sx, y) && (bug.is_some() || empty(board, x + 2 * sx, y + sy)),
        (DUCK, 2, 3) => empty(board, x, y + sy) && (bug.is_some() || empty(board, x + sx, y + 2 * sy)),
        (CAR, ax, ay) if (ax == 0) != (ay == 0) => {
            (1..ax.max(ay)).all(|step| empty(board, x + sx * step, y + sy * step))
        }
        _ => false,
    }
}

/// Whether some piece of either side could move onto the other side's captain.
fn check(board: &Board, bug: Option<Bug>) -> bool {
    let mut captains = [None; 2];
    let cells = || (0..10).flat_map(|x| (0..9).map(move |y| (x, y)));
    for (x, y) in cells() {
        if let Some((side, CAPTAIN)) = board[x][y] {
            captains[side as usize] = Some((x as i32, y as i32));
        }
    }
    for (x, y) in cells() {
        if let Some((side, kind)) = board[x][y] {
            if let Some(target) = captains[1 - side as usize] {
                if reaches(board, kind, (x as i32, y as i32), target, bug) {
                    return true;
                }
            }
        }
    }
    false
}

fn name(side: u8, kind: u8) -> String {
    format!("{} {}", if side == 0 { "red" } else { "blue" }, NAMES[kind as usize])
}

/// Reads the log on standard input, writes one answer per command.
pub(crate) fn run(bug: Option<Bug>) -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let numbers: Vec<i32> = input.split_whitespace().map(|t| t.parse().unwrap_or(-1)).collect();
    let count = numbers.first().copied().unwrap_or(0).max(0) as usize;
    let mut board = start();
    let (mut turn, mut over) = (0u8, false);
    let mut out = String::new();
    for command in numbers[1..].chunks_exact(4).take(count) {
        let (from, to) = ((command[0], command[1]), (command[2], command[3]));
        let (fx, fy, tx, ty) = (from.0 as usize, from.1 as usize, to.0 as usize, to.1 as usize);
        let valid = !over
            && from != to
            && matches!(board[fx][fy], Some((side, _)) if side == turn)
            && !matches!(board[tx][ty], Some((side, _)) if side == turn)
            && board[fx][fy].is_some_and(|(_, kind)| reaches(&board, kind, from, to, bug));
        let Some((side, kind)) = board[fx][fy].filter(|_| valid) else {
            out.push_str("Invalid command\n");
            continue;
        };
        let removed = board[tx][ty];
        board[tx][ty] = board[fx][fy].take();
        over = matches!(removed, Some((_, CAPTAIN)));
        let removed_name = removed.map_or("NA".to_string(), |(s, k)| name(s, k));
        let yes = |flag: bool| if flag { "yes" } else { "no" };
        let checked = !over && check(&board, bug);
        out.push_str(&format!("{};{removed_name};{};{}\n", name(side, kind), yes(checked), yes(over)));
        turn = 1 - turn;
    }
    io::stdout().write_all(out.as_bytes())
}
