//! The text formats that have a writer: whatever reads must write back and
//! read again the same, and nothing may panic.

use board_geometry::random::Random;

use super::mutate::{mutate, noise};
use super::{current, fail};

/// Random bytes, or a mutation of one of `valid`.
fn text(random: &mut Random, valid: &[&str]) -> Vec<u8> {
    if random.chance(0.3) {
        noise(random)
    } else {
        let base = valid[random.index(valid.len())].as_bytes();
        let mut bytes = mutate(base, random).bytes;
        if random.chance(0.3) {
            bytes = mutate(&bytes, random).bytes;
        }
        bytes
    }
}

const FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 12 40",
    "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
];

pub(crate) fn fen(random: &mut Random) {
    let bytes = text(random, FENS);
    current("fen", &bytes);
    let Ok(text) = std::str::from_utf8(&bytes) else { return };
    if let Ok(setup) = text.parse::<xiangqi_rules::Setup>() {
        let written = setup.to_string();
        if written.parse::<xiangqi_rules::Setup>().ok() != Some(setup) {
            fail("fen", &bytes, &format!("'{written}' does not read back to the same setup"));
        }
        if let Ok(position) = xiangqi_rules::Position::try_from(setup)
            && position.to_string() != written
        {
            fail("fen", &bytes, "a position writes another FEN than its setup");
        }
    }
}

pub(crate) fn iccs_move(random: &mut Random) {
    let bytes = text(random, &["h2e2", "H2-E2", "a0a9", "i9-i0"]);
    current("iccs-move", &bytes);
    let Ok(text) = std::str::from_utf8(&bytes) else { return };
    if let Ok(mv) = text.parse::<xiangqi_rules::Move>()
        && mv.to_string().parse::<xiangqi_rules::Move>() != Ok(mv)
    {
        fail("iccs-move", &bytes, "a move does not read back to itself");
    }
}

const POSITIONS: &[&str] = &[
    duck_rules::INITIAL_POSITION,
    "4k4/9/9/9/9/9/9/9/9/4K4 r",
    "4R4/9/9/9/9/9/9/9/9/4K4 b",
    "RRRRRRRRR/sssssssss/9/9/9/9/9/9/9/1h5D1 b",
];

pub(crate) fn duck_position(random: &mut Random) {
    let bytes = text(random, POSITIONS);
    current("duck-position", &bytes);
    let Ok(text) = std::str::from_utf8(&bytes) else { return };
    if let Ok(setup) = text.parse::<duck_rules::Setup>() {
        // The format has one spelling for every setup.
        if setup.to_string() != text {
            fail("duck-position", &bytes, &format!("it reads, but writes back as '{setup}'"));
        }
        let _ = duck_rules::Position::try_from(setup);
    }
    let _ = duck_rules::read_position(bytes.as_slice());
}

/// Both writings of a duck move: its squares, and the judge's numbers.
pub(crate) fn duck_move(random: &mut Random) {
    let bytes = text(random, &["d0e1", "I9-A0", "0 3 1 4", "9\t8  0 0", "0,3-1,4", "9,8-0,0"]);
    current("duck-move", &bytes);
    let Ok(text) = std::str::from_utf8(&bytes) else { return };
    if let Ok(mv) = text.parse::<duck_rules::Move>()
        && mv.to_string().parse::<duck_rules::Move>() != Ok(mv)
    {
        fail("duck-move", &bytes, "a move does not read back to itself");
    }
    if let Ok(command) = text.parse::<duck_rules::JudgeMove>() {
        if command.to_string().parse::<duck_rules::JudgeMove>() != Ok(command)
            || command.compact().to_string().parse::<duck_rules::JudgeMove>() != Ok(command)
        {
            fail("duck-move", &bytes, "a judge's command does not read back to itself");
        }
        let [xs, ys, xt, yt] = command.coordinates();
        if duck_rules::Move::from_judge(xs, ys, xt, yt) != Some(command.to_move()) {
            fail("duck-move", &bytes, "a judge's command is another move than its numbers");
        }
    }
}
