//! Every legal move of thousands of positions, written in each notation and
//! read back: the same move, and a text no other legal move of the position
//! has. Positions come from random play (a fixed seed) from the start
//! position and from every published perft position, and from random
//! placements that crowd soldiers onto two or three files, where the tandem
//! rules for three, four and five soldiers and for doubled files are met.

use std::collections::HashMap;
use std::path::Path;

use board_geometry::random::Random;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::{Board, Color, Move, Piece, PieceKind, Position, Setup, Square, parse_perft_suite};

const GAMES_PER_START: usize = 8;
const PLIES_PER_GAME: usize = 60;

fn starting_positions() -> Vec<Position> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    let mut positions = Vec::new();
    for name in ["start.perft", "published.perft"] {
        let text = std::fs::read_to_string(folder.join(name)).unwrap();
        for case in parse_perft_suite(&text).unwrap() {
            positions.push(Position::from_fen(&case.fen).unwrap());
        }
    }
    positions
}

/// Plays `mv`, which is legal.
fn play(position: &mut Position, mv: Move) {
    position.play(mv).unwrap();
}

/// What the round trips met, so that the test can tell it saw the tandem cases.
#[derive(Default)]
struct Seen {
    positions: usize,
    moves: usize,
    /// WXF texts by their form: `R+`-style tandems, `P3` middles, `3+`-style doubled files...
    forms: HashMap<&'static str, usize>,
}

fn wxf_form(text: &str) -> &'static str {
    let chars: Vec<char> = text.chars().collect();
    match (chars[0], chars[1]) {
        ('+', '+') | ('-', '-') => "four or five soldiers",
        (first, '+' | '-') if first.is_ascii_digit() => "soldiers on doubled files",
        (first, second) if first.is_ascii_digit() && first == second => "soldiers on doubled files",
        (_, '+' | '-') => "two or three on a file",
        _ => "plain",
    }
}

fn round_trip_every_move(position: &Position, seen: &mut Seen) {
    seen.positions += 1;
    for notation in Notation::ALL {
        let mut texts: HashMap<String, Move> = HashMap::new();
        for &mv in &position.legal_moves() {
            let text = notation
                .write(position, mv)
                .unwrap_or_else(|error| panic!("{notation} {mv} in {position}: {error}"));
            assert_eq!(notation.parse(position, &text), Ok(mv), "{notation} '{text}' in {position}");
            if notation != Notation::Engine {
                // Engine text such as h3e3 is detected as ICCS, as the spec says.
                assert_eq!(Notation::parse_any(position, &text), Ok(mv), "'{text}' in {position}");
            }
            if let Some(other) = texts.insert(text.clone(), mv) {
                panic!("{notation} writes both {other} and {mv} as '{text}' in {position}");
            }
            if notation == Notation::Wxf {
                *seen.forms.entry(wxf_form(&text)).or_default() += 1;
                seen.moves += 1;
            }
        }
    }
}

#[test]
fn every_legal_move_round_trips_in_every_notation_along_random_games() {
    let mut rng = Random::new(0x5eed_2024);
    let mut seen = Seen::default();
    for start in starting_positions() {
        for _ in 0..GAMES_PER_START {
            let mut position = start;
            for _ in 0..PLIES_PER_GAME {
                round_trip_every_move(&position, &mut seen);
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                play(&mut position, legal[below(&mut rng, legal.len())]);
            }
        }
    }
    println!("{} positions, {} moves, WXF forms: {:?}", seen.positions, seen.moves, seen.forms);
    assert!(seen.positions >= 5_000, "only {} positions", seen.positions);
    assert!(seen.forms.get("two or three on a file").copied().unwrap_or(0) >= 1_000, "{:?}", seen.forms);
}

fn below(rng: &mut Random, count: usize) -> usize {
    rng.index(count)
}

/// A legal position with each side's soldiers crowded onto two or three
/// files, a few chariots, cannons and horses anywhere, and the generals in
/// their palaces; `None` where the pieces break a rule (a general in check).
fn crowded_placement(rng: &mut Random) -> Option<Position> {
    let mut board = Board::empty();
    let put = |board: &mut Board, file: usize, rank: usize, piece: Piece| {
        let square = Square::from_coords(file as i64, rank as i64)?;
        board.piece_at(square).is_none().then(|| board.put(square, piece));
        Some(())
    };
    for color in Color::ALL {
        let (palace, home) = if color == Color::Red { (0, 0..5) } else { (7, 5..10) };
        put(&mut board, 3 + below(rng, 3), palace + below(rng, 3), Piece::new(color, PieceKind::General))?;
        let files: Vec<usize> = (0..2 + below(rng, 2)).map(|_| below(rng, 9)).collect();
        for _ in 0..5 {
            let file = files[below(rng, files.len())];
            // Before the river soldiers stand on files a, c, e, g and i, at most one step forward.
            let rank = if color == Color::Red { 3 + below(rng, 7) } else { below(rng, 7) };
            if home.contains(&rank) && file % 2 == 1 {
                continue;
            }
            put(&mut board, file, rank, Piece::new(color, PieceKind::Soldier))?;
        }
        for kind in [PieceKind::Chariot, PieceKind::Cannon, PieceKind::Horse] {
            for _ in 0..below(rng, 3) {
                put(&mut board, below(rng, 9), below(rng, 10), Piece::new(color, kind))?;
            }
        }
    }
    let turn = if below(rng, 2) == 0 { Color::Red } else { Color::Black };
    Position::from_setup(Setup { board, turn, halfmove_clock: 0, fullmove_number: 1 }).ok()
}

#[test]
fn every_legal_move_round_trips_where_soldiers_crowd_onto_files() {
    let mut rng = Random::new(0x7a4d_e1f5);
    let mut seen = Seen::default();
    while seen.positions < 2_000 {
        if let Some(position) = crowded_placement(&mut rng) {
            round_trip_every_move(&position, &mut seen);
        }
    }
    println!("{} positions, {} moves, WXF forms: {:?}", seen.positions, seen.moves, seen.forms);
    for form in ["two or three on a file", "soldiers on doubled files", "four or five soldiers"] {
        assert!(seen.forms.get(form).copied().unwrap_or(0) >= 100, "{:?}", seen.forms);
    }
}
