//! `xiangqi checkmate` on a million random cases in which red gives check,
//! then on ten million, to show throughput and that memory stays flat.

use std::io::{self, Write};

use board_geometry::random::Random;
use xiangqi_rules::{Board, Color, Piece, PieceKind, Square};

use super::{Settings, Summary, bench_dir, measure, report, write_input};

/// The seeded generator, so that the inputs are the same on every run.
struct Rng(Random);

impl Rng {
    fn below(&mut self, n: u64) -> i64 {
        self.0.below(n) as i64
    }
}

/// Writes `count` cases, each a legal judge case in which red gives check.
fn cases(out: &mut dyn Write, count: u64) -> io::Result<()> {
    let mut rng = Rng(Random::new(0x9e37_79b9_7f4a_7c15));
    let mut written = 0;
    while written < count {
        let mut board = Board::empty();
        let point = |row: i64, col: i64| Square::from_coords(col - 1, 10 - row);
        let mut pieces = Vec::with_capacity(7);
        let Some(black) = point(1 + rng.below(3), 4 + rng.below(3)) else { continue };
        board.put(black, Piece::new(Color::Black, PieceKind::General));
        let Some(red) = point(8 + rng.below(3), 4 + rng.below(3)) else { continue };
        board.put(red, Piece::new(Color::Red, PieceKind::General));
        pieces.push(('G', red));
        for _ in 0..1 + rng.below(6) {
            let Some(square) = point(1 + rng.below(6), 1 + rng.below(9)) else { continue };
            if board.piece_at(square).is_some() {
                continue;
            }
            let (letter, kind) =
                [('R', PieceKind::Chariot), ('H', PieceKind::Horse), ('C', PieceKind::Cannon)]
                    [rng.below(3) as usize];
            board.put(square, Piece::new(Color::Red, kind));
            pieces.push((letter, square));
        }
        if board.attackers(black, Color::Red).is_empty() || board.generals_face_each_other() {
            continue;
        }
        let row = |s: Square| 10 - s.rank().index();
        let col = |s: Square| s.file().index() + 1;
        writeln!(out, "{} {} {}", pieces.len(), row(black), col(black))?;
        for (letter, square) in pieces {
            writeln!(out, "{letter} {} {}", row(square), col(square))?;
        }
        writeln!(out)?;
        written += 1;
    }
    writeln!(out, "0 0 0")
}

/// Runs the benchmark, `settings.runs` timed runs per input.
///
/// # Errors
/// The build, the input generation or a run fails.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let runs = settings.runs;
    let binary = settings.binary("xiangqi")?;
    println!("xiangqi checkmate, release build, output to /dev/null, {runs} runs each");
    for count in [1_000_000, 10_000_000] {
        let path = bench_dir().join(format!("checkmate-{count}.in"));
        write_input(&path, |out| cases(out, count))?;
        let path_text = path.display().to_string();
        let measured = measure(&binary, &["checkmate", &path_text], runs)?;
        report(&format!("{count} random checks"), count, "cases", Summary::of(&measured));
    }
    Ok(())
}
