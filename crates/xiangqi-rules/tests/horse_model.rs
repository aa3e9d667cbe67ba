//! The horse task against an independent model written here from the task
//! statement with plain integer arrays: its own jumps, legs, pin and attack
//! rules, sharing nothing with the engine's move generation. Thousands of
//! random boards (pieces crowded around the horse so that legs get blocked,
//! generals often on the horse's column) are answered by both, in both modes,
//! one board at a time and as one long streamed input.
#![cfg(feature = "tasks")]

use board_geometry::random::Random;

use xiangqi_rules::tasks::horse::{
    self, CaseProblem, InputError, JumpOutcome, Options, Reader, Rule, SetupError,
};

/// The task's matrix: `cells[row][col]`, row 0 at the top (black's side).
type Cells = [[u8; 9]; 10];

const EMPTY: u8 = 0;
const RED_CHARIOT: u8 = 1;
const RED_HORSE: u8 = 2;
const RED_ELEPHANT: u8 = 3;
const RED_ADVISOR: u8 = 4;
const RED_GENERAL: u8 = 5;
const RED_CANNON: u8 = 6;
const RED_SOLDIER: u8 = 7;
const BLACK_HORSE: u8 = 12;
const BLACK_GENERAL: u8 = 15;

/// Every code but the black horse and the generals, for filling boards.
const OTHER_CODES: [u8; 11] = [1, 2, 3, 4, 6, 7, 11, 13, 14, 16, 17];

/// The eight (row, col) jumps of a horse.
const JUMPS: [(i32, i32); 8] = [(-2, -1), (-2, 1), (2, -1), (2, 1), (-1, -2), (1, -2), (-1, 2), (1, 2)];

// ---------------------------------------------------------------- the model

fn on_board(row: i32, col: i32) -> bool {
    (0..10).contains(&row) && (0..9).contains(&col)
}

fn at(cells: &Cells, row: i32, col: i32) -> u8 {
    cells[row as usize][col as usize]
}

fn is_black(code: u8) -> bool {
    (11..=17).contains(&code)
}

fn is_red(code: u8) -> bool {
    (1..=7).contains(&code)
}

fn find(cells: &Cells, code: u8) -> Option<(i32, i32)> {
    (0..10).flat_map(|r| (0..9).map(move |c| (r, c))).find(|&(r, c)| at(cells, r, c) == code)
}

/// The point a horse on (row, col) must find empty to jump by (dr, dc).
fn leg(row: i32, col: i32, dr: i32, dc: i32) -> (i32, i32) {
    if dr.abs() == 2 { (row + dr / 2, col) } else { (row, col + dc / 2) }
}

/// Pieces strictly between two points of one row or one column.
fn pieces_between(cells: &Cells, (r1, c1): (i32, i32), (r2, c2): (i32, i32)) -> usize {
    let mut count = 0;
    if r1 == r2 {
        for c in c1.min(c2) + 1..c1.max(c2) {
            count += usize::from(at(cells, r1, c) != EMPTY);
        }
    } else {
        for r in r1.min(r2) + 1..r1.max(r2) {
            count += usize::from(at(cells, r, c1) != EMPTY);
        }
    }
    count
}

/// Which palace (0 top, 1 bottom) a point is in.
fn palace(row: i32, col: i32) -> Option<u8> {
    if !(3..=5).contains(&col) {
        return None;
    }
    match row {
        0..=2 => Some(0),
        7..=9 => Some(1),
        _ => None,
    }
}

/// Whether the red piece `code` on `from` could capture on `target`, by the
/// rules of xiangqi applied wherever the pieces stand: generals and advisors
/// step inside the palace they are in, elephants stay on red's half (rows
/// 5..9), soldiers move up the board and also sideways once across the river
/// (rows 0..4); the red general also captures along an open column.
fn red_reaches(cells: &Cells, code: u8, from: (i32, i32), target: (i32, i32)) -> bool {
    let (dr, dc) = (target.0 - from.0, target.1 - from.1);
    let straight = (dr == 0) != (dc == 0);
    let same_palace =
        palace(from.0, from.1).is_some() && palace(from.0, from.1) == palace(target.0, target.1);
    match code {
        RED_CHARIOT => straight && pieces_between(cells, from, target) == 0,
        RED_CANNON => straight && pieces_between(cells, from, target) == 1,
        RED_HORSE => {
            let (lr, lc) = leg(from.0, from.1, dr, dc);
            JUMPS.contains(&(dr, dc)) && at(cells, lr, lc) == EMPTY
        }
        RED_ELEPHANT => {
            dr.abs() == 2
                && dc.abs() == 2
                && at(cells, from.0 + dr / 2, from.1 + dc / 2) == EMPTY
                && target.0 >= 5
        }
        RED_ADVISOR => dr.abs() == 1 && dc.abs() == 1 && same_palace,
        RED_GENERAL => {
            let flying = dc == 0 && dr != 0 && pieces_between(cells, from, target) == 0;
            let step = dr.abs() + dc.abs() == 1 && same_palace;
            flying || step
        }
        RED_SOLDIER => {
            let across = from.0 <= 4;
            (dr, dc) == (-1, 0) || (across && dr == 0 && dc.abs() == 1)
        }
        _ => false,
    }
}

fn black_general_attacked(cells: &Cells) -> bool {
    let Some(general) = find(cells, BLACK_GENERAL) else { return false };
    (0..10).any(|r| {
        (0..9).any(|c| {
            let code = at(cells, r, c);
            is_red(code) && red_reaches(cells, code, (r, c), general)
        })
    })
}

/// The task's answer by the model: target points sorted by row then column.
fn model(cells: &Cells, full_legality: bool) -> Vec<(i32, i32)> {
    let (hr, hc) = find(cells, BLACK_HORSE).expect("the generator places one black horse");
    let mut jumps = Vec::new();
    for (dr, dc) in JUMPS {
        let (tr, tc) = (hr + dr, hc + dc);
        let (lr, lc) = leg(hr, hc, dr, dc);
        if on_board(tr, tc) && at(cells, lr, lc) == EMPTY && !is_black(at(cells, tr, tc)) {
            jumps.push((tr, tc));
        }
    }
    if full_legality {
        jumps.retain(|&(tr, tc)| {
            let mut after = *cells;
            after[hr as usize][hc as usize] = EMPTY;
            after[tr as usize][tc as usize] = BLACK_HORSE;
            !black_general_attacked(&after)
        });
    } else if let (Some(black), Some(red)) = (find(cells, BLACK_GENERAL), find(cells, RED_GENERAL)) {
        let pinned = black.1 == hc
            && red.1 == hc
            && black.0.min(red.0) < hr
            && hr < black.0.max(red.0)
            && pieces_between(cells, black, red) == 1;
        if pinned {
            jumps.clear();
        }
    }
    jumps.sort_unstable();
    jumps
}

fn model_text(cells: &Cells, full_legality: bool) -> String {
    let points = model(cells, full_legality);
    if points.is_empty() {
        return "NONE\n".to_string();
    }
    points.iter().map(|(r, c)| format!("({r},{c})\n")).collect()
}

// ------------------------------------------------------------ random boards

/// The seeded generator, with the draws the boards need.
struct Rng(Random);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(Random::new(seed))
    }

    /// A number in `0..n`, for `n` from 1.
    fn below(&mut self, n: i32) -> i32 {
        self.0.between(0, i64::from(n) - 1) as i32
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.0.below(100) < percent
    }
}

fn put_if_empty(cells: &mut Cells, (row, col): (i32, i32), code: u8) -> bool {
    if on_board(row, col) && at(cells, row, col) == EMPTY {
        cells[row as usize][col as usize] = code;
        true
    } else {
        false
    }
}

/// A random board with exactly one black horse and at most one general of each colour.
fn random_board(rng: &mut Rng) -> Cells {
    let mut cells = [[EMPTY; 9]; 10];
    let horse =
        if rng.chance(50) { (1 + rng.below(8), 3 + rng.below(3)) } else { (rng.below(10), rng.below(9)) };
    put_if_empty(&mut cells, horse, BLACK_HORSE);
    match rng.below(4) {
        0 => {
            // Both generals on the horse's column, usually one on each side of it.
            let above = (rng.below(horse.0.max(1)), horse.1);
            let below = (horse.0 + 1 + rng.below((9 - horse.0).max(1)), horse.1);
            let (black, red) = if rng.chance(80) { (above, below) } else { (below, above) };
            put_if_empty(&mut cells, black, BLACK_GENERAL);
            put_if_empty(&mut cells, red, RED_GENERAL);
        }
        1 => {
            // Generals in their own palaces, where the game keeps them.
            put_if_empty(&mut cells, (rng.below(3), 3 + rng.below(3)), BLACK_GENERAL);
            put_if_empty(&mut cells, (7 + rng.below(3), 3 + rng.below(3)), RED_GENERAL);
        }
        2 => {
            // Anywhere at all, each present or not.
            if rng.chance(70) {
                put_if_empty(&mut cells, (rng.below(10), rng.below(9)), BLACK_GENERAL);
            }
            if rng.chance(70) {
                put_if_empty(&mut cells, (rng.below(10), rng.below(9)), RED_GENERAL);
            }
        }
        _ => {}
    }
    let pieces = rng.below(18);
    for _ in 0..pieces {
        let code = OTHER_CODES[rng.below(OTHER_CODES.len() as i32) as usize];
        let place = match rng.below(8) {
            // Around the horse: legs and targets.
            0..=3 => (horse.0 - 2 + rng.below(5), horse.1 - 2 + rng.below(5)),
            // On the horse's column, between or beyond the generals.
            4 | 5 => (rng.below(10), horse.1),
            _ => (rng.below(10), rng.below(9)),
        };
        put_if_empty(&mut cells, place, code);
    }
    cells
}

/// The board as text, with whitespace of every kind the judge must accept.
fn board_text(cells: &Cells, rng: &mut Rng) -> String {
    let mut text = String::new();
    for row in cells {
        for (i, code) in row.iter().enumerate() {
            if i > 0 {
                text.push_str([" ", "  ", "\t", " \t "][rng.below(4) as usize]);
            }
            text.push_str(&code.to_string());
        }
        text.push_str(["\n", "\r\n", " \n", "\n\n"][rng.below(4) as usize]);
    }
    text
}

// -------------------------------------------------------------------- tests

const BOARDS: usize = 20_000;

/// What the random boards covered, so that the comparison cannot pass on
/// boards too dull to tell right from wrong.
#[derive(Default, Debug)]
struct Coverage {
    pinned: usize,
    hobbled: usize,
    captures: usize,
    black_targets: usize,
    modes_differ: usize,
    legal_none_with_jumps: usize,
    no_general: usize,
}

fn cover(coverage: &mut Coverage, cells: &Cells) {
    let (hr, hc) = find(cells, BLACK_HORSE).unwrap_or((0, 0));
    for (dr, dc) in JUMPS {
        let (tr, tc) = (hr + dr, hc + dc);
        if !on_board(tr, tc) {
            continue;
        }
        let (lr, lc) = leg(hr, hc, dr, dc);
        let target = at(cells, tr, tc);
        if at(cells, lr, lc) != EMPTY {
            coverage.hobbled += 1;
        } else if is_red(target) {
            coverage.captures += 1;
        } else if is_black(target) {
            coverage.black_targets += 1;
        }
    }
    let pin = model(cells, false);
    let full = model(cells, true);
    let mut unpinned = *cells;
    if let Some((r, c)) = find(cells, RED_GENERAL) {
        unpinned[r as usize][c as usize] = EMPTY;
    }
    coverage.pinned += usize::from(pin.is_empty() && !model(&unpinned, false).is_empty());
    coverage.modes_differ += usize::from(pin != full);
    coverage.legal_none_with_jumps += usize::from(full.is_empty() && !pin.is_empty());
    coverage.no_general +=
        usize::from(find(cells, BLACK_GENERAL).is_none() || find(cells, RED_GENERAL).is_none());
}

/// The explanation of a board: the same moves as the answer, and each jump's
/// first reason as the model sees it (off the board, leg, own piece).
fn check_explanation(cells: &Cells, board: &horse::Case, rule: Rule, text: &str) {
    let explanation = board.explain(rule);
    assert_eq!(explanation.answer(), board.moves(rule), "{rule:?} on\n{text}");
    let (row, col) = find(cells, BLACK_HORSE).expect("a black horse");
    let seen: Vec<(i32, i32)> = explanation.jumps().iter().map(|jump| jump.point(board.horse())).collect();
    let mut expected: Vec<(i32, i32)> = JUMPS.iter().map(|&(dr, dc)| (row + dr, col + dc)).collect();
    assert_eq!(
        seen,
        {
            expected.sort_unstable();
            expected
        },
        "the jumps in the judge's order"
    );
    for jump in explanation.jumps() {
        let (tr, tc) = jump.point(board.horse());
        let (lr, lc) = leg(row, col, tr - row, tc - col);
        let model = if !on_board(tr, tc) {
            "off"
        } else if at(cells, lr, lc) != EMPTY {
            "leg"
        } else if is_black(at(cells, tr, tc)) {
            "own"
        } else {
            "other"
        };
        let crate_says = match jump.outcome {
            JumpOutcome::OffBoard => "off",
            JumpOutcome::LegBlocked { .. } => "leg",
            JumpOutcome::OwnPiece { .. } => "own",
            _ => "other",
        };
        assert_eq!(crate_says, model, "jump to ({tr},{tc}) under {rule:?} on\n{text}");
    }
}

#[test]
fn the_crate_agrees_with_the_model_board_by_board_in_both_modes() {
    let mut rng = Rng::new(0x5eed_0f4b_1ac4_u64);
    let mut coverage = Coverage::default();
    for _ in 0..BOARDS {
        let cells = random_board(&mut rng);
        let text = board_text(&cells, &mut rng);
        let mut reader = Reader::new(text.as_bytes());
        let board = match reader.next_case() {
            Ok(Some(board)) => board,
            other => panic!("{other:?} for\n{text}"),
        };
        assert!(reader.next_case().expect("no second board").is_none());
        for (rule, full_legality) in [(Rule::FlyingGeneralPin, false), (Rule::FullLegality, true)] {
            let expected = model_text(&cells, full_legality);
            let actual = board.moves(rule).to_string();
            assert_eq!(actual, expected, "{rule:?} on\n{text}");
            check_explanation(&cells, &board, rule, &text);
        }
        cover(&mut coverage, &cells);
    }
    let floor = BOARDS / 100;
    let Coverage {
        pinned,
        hobbled,
        captures,
        black_targets,
        modes_differ,
        legal_none_with_jumps,
        no_general,
    } = coverage;
    for (what, count) in [
        ("pinned", pinned),
        ("hobbled", hobbled),
        ("captures", captures),
        ("black targets", black_targets),
        ("modes differ", modes_differ),
        ("legal none with jumps", legal_none_with_jumps),
        ("no general", no_general),
    ] {
        assert!(count >= floor, "only {count} boards with {what} in {BOARDS}: {coverage:?}");
    }
}

#[test]
fn the_streamed_judge_agrees_with_the_model_on_one_long_input() {
    let mut rng = Rng::new(0x00dd_ba11_u64);
    let boards: Vec<Cells> = (0..BOARDS / 4).map(|_| random_board(&mut rng)).collect();
    let mut input = String::new();
    for cells in &boards {
        input.push_str(&board_text(cells, &mut rng));
    }
    for (rule, full_legality) in [(Rule::FlyingGeneralPin, false), (Rule::FullLegality, true)] {
        let expected: Vec<String> = boards.iter().map(|cells| model_text(cells, full_legality)).collect();
        let mut output = Vec::new();
        horse::judge(input.as_bytes(), &mut output, &Options::new().with_task(rule))
            .expect("every random board is valid");
        assert_eq!(String::from_utf8(output).expect("ASCII"), expected.join("\n"), "{rule:?}");
    }
}

/// The first problem of a board in reading order, by the model: a second
/// black horse or second general, else a missing horse.
fn model_setup_error(cells: &Cells) -> Option<(&'static str, Option<(i32, i32)>)> {
    let mut seen = [false; 3];
    for r in 0..10 {
        for c in 0..9 {
            let slot = match at(cells, r, c) {
                BLACK_HORSE => 0,
                RED_GENERAL => 1,
                BLACK_GENERAL => 2,
                _ => continue,
            };
            if seen[slot] {
                return Some((["horse", "red general", "black general"][slot], Some((r, c))));
            }
            seen[slot] = true;
        }
    }
    (!seen[0]).then_some(("no horse", None))
}

#[test]
fn broken_promises_are_caught_at_the_first_offending_point() {
    let mut rng = Rng::new(0x0bad_b0a4_u64);
    let mut caught = 0;
    for _ in 0..BOARDS / 4 {
        let mut cells = random_board(&mut rng);
        for _ in 0..rng.below(3) {
            let code = [BLACK_HORSE, RED_GENERAL, BLACK_GENERAL, EMPTY][rng.below(4) as usize];
            cells[rng.below(10) as usize][rng.below(9) as usize] = code;
        }
        let text = board_text(&cells, &mut rng);
        let result = Reader::new(text.as_bytes()).next_case();
        match (model_setup_error(&cells), result) {
            (None, Ok(Some(_))) => {}
            (Some((what, point)), Err(InputError::Invalid(error))) => {
                caught += 1;
                let CaseProblem::Setup(setup) = &error.error.problem else { panic!("{error}") };
                let kind = match setup {
                    SetupError::NoBlackHorse => "no horse",
                    SetupError::SecondBlackHorse { .. } => "horse",
                    SetupError::SecondGeneral { color, .. } => {
                        if color.name() == "red" {
                            "red general"
                        } else {
                            "black general"
                        }
                    }
                    other => panic!("an unexpected setup error {other:?}"),
                };
                assert_eq!(kind, what, "{error}\n{text}");
                let at = setup
                    .point()
                    .map(|p| (i32::from(horse::COORDINATES.row(p)), i32::from(horse::COORDINATES.column(p))));
                assert_eq!(at, point, "{error}\n{text}");
            }
            (expected, actual) => panic!("model {expected:?}, crate {actual:?}\n{text}"),
        }
    }
    assert!(caught >= BOARDS / 40, "only {caught} broken boards");
}
