//! The engine's legal moves against a deliberately slow reference written
//! from the rules with plain integers: naive pseudo-moves for each piece,
//! kept when afterwards no enemy pseudo-move could capture the mover's general
//! and the generals do not face each other. Positions come from random play
//! from the start and from every published perft position; each one also
//! round-trips through its FEN.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    General,
    Advisor,
    Elephant,
    Horse,
    Chariot,
    Cannon,
    Soldier,
}

/// `Some((is_red, kind))` for an occupied point.
type Cell = Option<(bool, Kind)>;

#[derive(Clone)]
struct Naive {
    /// `cells[rank][file]`, rank 0 at red's side.
    cells: [[Cell; 9]; 10],
    red_to_move: bool,
}

type NaiveMove = (i32, i32, i32, i32);

impl Naive {
    fn from_fen(fen: &str) -> Naive {
        let mut cells = [[None; 9]; 10];
        let mut parts = fen.split_whitespace();
        for (row, text) in parts.next().unwrap().split('/').enumerate() {
            let rank = 9 - row;
            let mut file = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let kind = match c.to_ascii_lowercase() {
                    'k' => Kind::General,
                    'a' => Kind::Advisor,
                    'b' | 'e' => Kind::Elephant,
                    'n' | 'h' => Kind::Horse,
                    'r' => Kind::Chariot,
                    'c' => Kind::Cannon,
                    'p' => Kind::Soldier,
                    _ => panic!("bad letter {c}"),
                };
                cells[rank][file] = Some((c.is_ascii_uppercase(), kind));
                file += 1;
            }
        }
        Naive { cells, red_to_move: parts.next() != Some("b") }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Cell> {
        if (0..9).contains(&file) && (0..10).contains(&rank) {
            Some(self.cells[rank as usize][file as usize])
        } else {
            None
        }
    }

    fn pseudo_moves(&self, red: bool) -> Vec<NaiveMove> {
        let mut moves = Vec::new();
        let in_palace = |f: i32, r: i32| (3..=5).contains(&f) && if red { r <= 2 } else { r >= 7 };
        let own_half = |r: i32| if red { r <= 4 } else { r >= 5 };
        for r in 0..10 {
            for f in 0..9 {
                let Some((piece_red, kind)) = self.cells[r as usize][f as usize] else { continue };
                if piece_red != red {
                    continue;
                }
                let mut targets = Vec::new();
                match kind {
                    Kind::General => {
                        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                            if in_palace(f + df, r + dr) {
                                targets.push((f + df, r + dr));
                            }
                        }
                    }
                    Kind::Advisor => {
                        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            if in_palace(f + df, r + dr) {
                                targets.push((f + df, r + dr));
                            }
                        }
                    }
                    Kind::Elephant => {
                        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            let eye_empty = self.at(f + df, r + dr) == Some(None);
                            if eye_empty && own_half(r + 2 * dr) && self.at(f + 2 * df, r + 2 * dr).is_some()
                            {
                                targets.push((f + 2 * df, r + 2 * dr));
                            }
                        }
                    }
                    Kind::Horse => {
                        for (df, dr) in
                            [(1i32, 2i32), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)]
                        {
                            let leg = if dr.abs() == 2 { (f, r + dr / 2) } else { (f + df / 2, r) };
                            if self.at(leg.0, leg.1) == Some(None) && self.at(f + df, r + dr).is_some() {
                                targets.push((f + df, r + dr));
                            }
                        }
                    }
                    Kind::Chariot | Kind::Cannon => {
                        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                            let (mut x, mut y) = (f + df, r + dr);
                            let mut screened = false;
                            while let Some(cell) = self.at(x, y) {
                                match (kind, screened, cell) {
                                    (_, false, None) => targets.push((x, y)),
                                    (Kind::Chariot, _, Some(_)) => {
                                        targets.push((x, y));
                                        break;
                                    }
                                    (_, false, Some(_)) => screened = true,
                                    (_, true, None) => {}
                                    (_, true, Some(_)) => {
                                        targets.push((x, y));
                                        break;
                                    }
                                }
                                x += df;
                                y += dr;
                            }
                        }
                    }
                    Kind::Soldier => {
                        let forward = if red { 1 } else { -1 };
                        targets.push((f, r + forward));
                        if !own_half(r) {
                            targets.push((f - 1, r));
                            targets.push((f + 1, r));
                        }
                    }
                }
                for (tf, tr) in targets {
                    match self.at(tf, tr) {
                        Some(None) => moves.push((f, r, tf, tr)),
                        Some(Some((target_red, _))) if target_red != red => moves.push((f, r, tf, tr)),
                        _ => {}
                    }
                }
            }
        }
        moves
    }

    fn general(&self, red: bool) -> (i32, i32) {
        for r in 0..10 {
            for f in 0..9 {
                if self.cells[r][f] == Some((red, Kind::General)) {
                    return (f as i32, r as i32);
                }
            }
        }
        panic!("no general")
    }

    fn generals_face(&self) -> bool {
        let (rf, rr) = self.general(true);
        let (bf, br) = self.general(false);
        rf == bf && (rr + 1..br).all(|r| self.cells[r as usize][rf as usize].is_none())
    }

    fn apply(&self, (f, r, tf, tr): NaiveMove) -> Naive {
        let mut next = self.clone();
        next.cells[tr as usize][tf as usize] = next.cells[r as usize][f as usize].take();
        next.red_to_move = !self.red_to_move;
        next
    }

    fn general_attacked(&self, red: bool) -> bool {
        let (gf, gr) = self.general(red);
        self.generals_face() || self.pseudo_moves(!red).iter().any(|&(_, _, tf, tr)| (tf, tr) == (gf, gr))
    }

    fn legal_moves(&self) -> Vec<String> {
        let red = self.red_to_move;
        let mut moves: Vec<String> = self
            .pseudo_moves(red)
            .into_iter()
            .filter(|&mv| !self.apply(mv).general_attacked(red))
            .map(|(f, r, tf, tr)| {
                let file = |f: i32| char::from(b'a' + f as u8);
                format!("{}{r}{}{tr}", file(f), file(tf))
            })
            .collect();
        moves.sort();
        moves
    }
}

use board_geometry::random::Random;

fn starting_fens() -> Vec<String> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    let mut fens = Vec::new();
    for name in ["start.perft", "published.perft"] {
        let text = std::fs::read_to_string(folder.join(name)).unwrap();
        fens.extend(xiangqi_rules::parse_perft_suite(&text).unwrap().into_iter().map(|case| case.fen));
    }
    fens
}

#[test]
fn legal_moves_match_the_reference_along_random_games() {
    let mut rng = Random::new(0x2545_f491_4f6c_dd1d);
    let (mut positions, mut mates) = (0, 0);
    for fen in starting_fens() {
        for _game in 0..12 {
            let mut position = xiangqi_rules::Position::from_fen(&fen).unwrap();
            let mut naive = Naive::from_fen(&fen);
            for _ply in 0..120 {
                let mut engine: Vec<String> =
                    position.legal_moves().iter().map(ToString::to_string).collect();
                engine.sort();
                let reference = naive.legal_moves();
                assert_eq!(engine, reference, "legal moves of {position}");
                assert_eq!(position.count_legal_moves(), reference.len());
                assert_eq!(position.has_legal_move(), !reference.is_empty(), "has a legal move: {position}");
                assert_eq!(
                    position.is_check(),
                    naive.general_attacked(naive.red_to_move),
                    "check in {position}"
                );
                for text in &reference {
                    assert!(position.is_legal(text.parse().unwrap()), "{text} in {position}");
                }
                positions += 1;
                if reference.is_empty() {
                    mates += 1;
                    break;
                }
                let chosen = &reference[rng.index(reference.len())];
                position.play(chosen.parse().unwrap()).unwrap();
                let (f, r, tf, tr) = {
                    let b = chosen.as_bytes();
                    let n = |c: u8| i32::from(c);
                    (n(b[0]) - n(b'a'), n(b[1]) - n(b'0'), n(b[2]) - n(b'a'), n(b[3]) - n(b'0'))
                };
                naive = naive.apply((f, r, tf, tr));
                assert_eq!(
                    position.board().occupied().len() as usize,
                    naive.cells.iter().flatten().flatten().count()
                );
            }
        }
    }
    assert!(positions > 5_000, "only {positions} positions were compared");
    assert!(mates > 0, "no game ended in mate or stalemate; the test should see some");
}

/// A random legal position: generals in their palaces, every other piece on a
/// point it can reach, most pieces crowded onto the generals' files and ranks
/// and next to them, where pins, screens and legs are made.
fn random_placement(rng: &mut Random) -> Option<xiangqi_rules::Position> {
    use xiangqi_rules::{Board, Color, Piece, PieceKind, Position, Setup, Square};
    let mut board = Board::empty();
    let generals = [(3 + rng.index(3), rng.index(3)), (3 + rng.index(3), 7 + rng.index(3))];
    for (color, (file, rank)) in [Color::Red, Color::Black].into_iter().zip(generals) {
        board.put(Square::from_coords(file as i64, rank as i64)?, Piece::new(color, PieceKind::General));
    }
    let kinds = [
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Horse,
        PieceKind::Soldier,
        PieceKind::Advisor,
        PieceKind::Elephant,
    ];
    for _ in 0..4 + rng.index(14) {
        let color = if rng.index(2) == 0 { Color::Red } else { Color::Black };
        let kind = kinds[rng.index(kinds.len())];
        let (gf, gr) = generals[rng.index(2)];
        let (file, rank) = match rng.index(4) {
            0 => (gf, rng.index(10)),
            1 => (rng.index(9), gr),
            2 => ((gf + rng.index(5)).saturating_sub(2).min(8), (gr + rng.index(5)).saturating_sub(2).min(9)),
            _ => (rng.index(9), rng.index(10)),
        };
        let square = Square::from_coords(file as i64, rank as i64)?;
        if board.piece_at(square).is_none() {
            board.put(square, Piece::new(color, kind));
        }
    }
    let turn = if rng.index(2) == 0 { Color::Red } else { Color::Black };
    let setup = Setup { board, turn, halfmove_clock: 0, fullmove_number: 1 };
    Position::from_setup(setup).ok()
}

#[test]
fn legal_moves_match_the_reference_in_random_placements() {
    let mut rng = Random::new(0x9e37_79b9_7f4a_7c15);
    let (mut positions, mut checks, mut mates) = (0, 0, 0);
    while positions < 6_000 {
        let Some(position) = random_placement(&mut rng) else { continue };
        let fen = position.to_string();
        let naive = Naive::from_fen(&fen);
        let mut engine: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
        engine.sort();
        let reference = naive.legal_moves();
        assert_eq!(engine, reference, "legal moves of {fen}");
        assert_eq!(position.has_legal_move(), !reference.is_empty(), "has a legal move: {fen}");
        assert_eq!(position.is_check(), naive.general_attacked(naive.red_to_move), "check in {fen}");
        positions += 1;
        checks += usize::from(position.is_check());
        mates += usize::from(reference.is_empty());
    }
    assert!(checks > 500, "only {checks} positions in check");
    assert!(mates > 10, "only {mates} positions without a legal move");
}

/// Checks that `reason` is true of `mv` in `position`, by asking the board
/// directly rather than the code that found the reason.
fn check_reason(
    position: &xiangqi_rules::Position,
    mv: xiangqi_rules::Move,
    reason: xiangqi_rules::IllegalMove,
) {
    use xiangqi_rules::{Board, Forbidden, IllegalMove, SquareSet};
    let board = position.board();
    let piece = board.piece_at(mv.from);
    let alone = |piece| {
        let mut board = Board::empty();
        board.put(mv.from, piece);
        board.moves_from(mv.from).contains(mv.to)
    };
    let mut after = *board;
    if let Some(piece) = piece {
        after.remove(mv.from);
        after.put(mv.to, piece);
    }
    let context = format!("{mv} in {position}: {reason}");
    match reason {
        IllegalMove::GameOver { .. } => assert!(position.legal_moves().is_empty(), "{context}"),
        IllegalMove::NoPiece { at } => assert!(at == mv.from && piece.is_none(), "{context}"),
        IllegalMove::NotToMove { piece: p, .. } => {
            assert!(piece == Some(p) && p.color != position.turn(), "{context}");
        }
        IllegalMove::NullMove { .. } => assert_eq!(mv.from, mv.to, "{context}"),
        IllegalMove::OwnPiece { target, .. } => {
            assert_eq!(board.piece_at(mv.to), Some(target), "{context}");
            assert_eq!(Some(target.color), piece.map(|p| p.color), "{context}");
        }
        IllegalMove::CannotMoveSo { piece: p, .. } => assert!(!alone(p), "{context}"),
        IllegalMove::Forbidden(Forbidden::LeavesPalace { piece: p, .. }) => {
            assert!(!alone(p) && !p.color.home_half().palace().contains(mv.to), "{context}");
        }
        IllegalMove::Forbidden(Forbidden::CrossesRiver { piece: p, .. }) => {
            assert!(!alone(p) && !p.color.home_half().squares().contains(mv.to), "{context}");
        }
        IllegalMove::Forbidden(Forbidden::SidewaysBeforeRiver { piece: p, .. }) => {
            assert!(!alone(p) && mv.from.rank() == mv.to.rank(), "{context}");
            assert!(p.color.home_half().squares().contains(mv.from), "{context}");
        }
        IllegalMove::Blocked { piece: p, by, .. } => {
            assert!(alone(p) && board.piece_at(by).is_some() && by != mv.to, "{context}");
            // `by` is the first piece in the way: nothing stands before it, and
            // with it and everything between gone the piece's rules allow the move.
            assert!((SquareSet::between(mv.from, by) & board.occupied()).is_empty(), "{context}");
            let mut cleared = *board;
            for square in SquareSet::between(mv.from, mv.to).with(by) {
                cleared.remove(square);
            }
            assert!(cleared.moves_from(mv.from).contains(mv.to), "{context}");
        }
        IllegalMove::Forbidden(Forbidden::CannonScreen { screens, .. }) => {
            let between = SquareSet::between(mv.from, mv.to) & board.occupied();
            assert!(board.piece_at(mv.to).is_some() && between.len() == screens && screens != 1, "{context}");
        }
        IllegalMove::Forbidden(Forbidden::GeneralsFace { .. }) => {
            assert!(
                board.moves_from(mv.from).contains(mv.to) && after.generals_face_each_other(),
                "{context}"
            );
        }
        IllegalMove::Forbidden(Forbidden::LeavesGeneralAttacked { color, general, attackers }) => {
            assert!(board.moves_from(mv.from).contains(mv.to), "{context}");
            assert!(!after.generals_face_each_other() && attackers.any(), "{context}");
            assert_eq!(after.general(color), Some(general), "{context}");
            assert_eq!(after.attackers(general, !color), attackers, "{context}");
        }
        other => panic!("a reason this test does not know: {other:?}"),
    }
}

#[test]
fn illegal_moves_are_refused_with_a_true_reason() {
    use std::collections::{BTreeMap, BTreeSet};
    use xiangqi_rules::{Move, Square};
    let mut rng = Random::new(0x1ee7_c0de);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut positions = 0;
    while positions < 250 {
        let Some(mut position) = random_placement(&mut rng) else { continue };
        for _ in 0..rng.index(4) {
            let moves = position.legal_moves();
            let Some(&mv) = rng.pick(&moves) else { break };
            position.play(mv).unwrap();
        }
        positions += 1;
        let reference: BTreeSet<String> =
            Naive::from_fen(&position.to_string()).legal_moves().into_iter().collect();
        // Every piece (either side's) and every empty point, to every point:
        // what the rules allow must be exactly what the reference allows.
        for from in Square::all() {
            for to in Square::all() {
                let mv = Move::new(from, to);
                let legal = reference.contains(&mv.to_string());
                assert_eq!(position.is_legal(mv), legal, "{mv} in {position}");
                // The reasons are slower to find: ask for a sample of the rest.
                if legal {
                    assert_eq!(position.check_move(mv), Ok(()), "{mv} in {position}");
                } else if position.board().piece_at(from).is_some() || rng.below(50) == 0 {
                    let mut played = position;
                    let reason = played.play(mv).expect_err("an illegal move is refused");
                    assert_eq!(played, position, "a refused move changes nothing");
                    check_reason(&position, mv, reason);
                    // The variant's name, or for a rule of xiangqi's own, that rule's.
                    let name = format!("{reason:?}");
                    let name = name.strip_prefix("Forbidden(").unwrap_or(&name);
                    let variant = name.split([' ', '{']).next().unwrap_or_default().to_string();
                    *reasons.entry(variant).or_default() += 1;
                }
            }
        }
    }
    for expected in [
        "NoPiece",
        "NotToMove",
        "NullMove",
        "OwnPiece",
        "CannotMoveSo",
        "LeavesPalace",
        "CrossesRiver",
        "SidewaysBeforeRiver",
        "Blocked",
        "CannonScreen",
        "GeneralsFace",
        "LeavesGeneralAttacked",
    ] {
        assert!(reasons.get(expected).is_some_and(|&n| n > 0), "no {expected} among {reasons:?}");
    }
}

#[test]
fn a_finished_game_refuses_every_move_as_game_over() {
    use xiangqi_rules::{Color, IllegalMove, Outcome, Position};
    let mated: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse().unwrap();
    let refused = mated.check_move("d9d8".parse().unwrap());
    assert_eq!(refused, Err(IllegalMove::GameOver { outcome: Outcome::Checkmate { winner: Color::Red } }));
    let stalemated: Position = "3k5/R8/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
    let refused = stalemated.check_move("d9e9".parse().unwrap()).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the game is over: black is stalemated, which loses in xiangqi: red wins"
    );
}
