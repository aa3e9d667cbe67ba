//! What the tests of the record readers and writers share: random trees
//! for round trips through every format, tags set in one call, and the cut
//! and damaged input that no reader may panic on.

use board_geometry::random::Random;

use crate::record::{GameResult, Node, ReadError, ReadGame, Record, RecordFile};
use crate::{Move, Position};

/// The one game of a file of a format that holds one (XQF, CBR, CBF), or
/// the error of the whole file.
pub(crate) fn single_game(file: Result<RecordFile, ReadError>) -> Result<ReadGame, ReadError> {
    file.map(|file| {
        let [game] = <[ReadGame; 1]>::try_from(file.games).expect("one game");
        game
    })
}

/// The move `text` names in ICCS.
pub(crate) fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// `record` with each `(name, value)` of `tags` set.
pub(crate) fn with_tags(mut record: Record, tags: &[(&str, &str)]) -> Record {
    for &(name, value) in tags {
        record.set_tag(name, value);
    }
    record
}

/// A random tree from `start`: a random main line, random variations
/// (some nested) and comments, for round trips through every format.
pub(crate) fn random_record(random: &mut Random, start: Position, plies: usize) -> Record {
    let mut record = Record::new(start);
    record.moves = random_line(random, start, plies, 0);
    if random.chance(0.5) {
        record.comment = Some(random_comment(random));
    }
    record.result = GameResult::ALL[random.index(4)];
    record
}

/// The tree of round `round` of a round trip: [`random_record`] from the
/// start position in even rounds and from [`random_start`] in odd ones.
pub(crate) fn random_round(random: &mut Random, round: usize, plies: usize) -> Record {
    let start = if round % 2 == 0 { Position::start() } else { random_start(random) };
    random_record(random, start, plies)
}

fn random_line(random: &mut Random, mut position: Position, plies: usize, depth: usize) -> Vec<Node> {
    let mut line = Vec::new();
    for _ in 0..plies {
        let legal: Vec<Move> = position.legal_moves().iter().copied().collect();
        let Some(&mv) = random.pick(&legal) else { break };
        let mut node = Node::new(mv);
        if random.chance(0.2) {
            node.comment = Some(random_comment(random));
        }
        if depth < 3 && random.chance(0.15) {
            for _ in 0..random.between(1, 2) {
                let others: Vec<Move> = legal.iter().copied().filter(|&other| other != mv).collect();
                let Some(&other) = random.pick(&others) else { break };
                let mut after = position;
                after.play(other).unwrap();
                let mut variation = vec![Node::new(other)];
                let length = random.index(6);
                variation.extend(random_line(random, after, length, depth + 1));
                node.variations.push(variation);
            }
        }
        position.play(mv).unwrap();
        line.push(node);
    }
    line
}

/// A start position from a random game (red or black to move, pieces
/// gone), its clocks reset: record formats but PGN do not keep them.
pub(crate) fn random_start(random: &mut Random) -> Position {
    let plies = random.index(30);
    let end = *board_geometry::RandomGame::play(Position::start(), random, plies).end();
    let setup = crate::Setup { halfmove_clock: 0, fullmove_number: 1, ..*end.setup() };
    Position::from_setup(setup).unwrap()
}

fn random_comment(random: &mut Random) -> String {
    const WORDS: [&str; 8] =
        ["好棋", "红方优势", "a plain note", "黑方 反击", "1. h2e2?", "车九平八", "和", "!"];
    (0..random.between(1, 4)).map(|_| WORDS[random.index(WORDS.len())]).collect::<Vec<_>>().join(" ")
}

/// Every byte, 0 to 255: what damage to a binary file may write.
pub(crate) const EVERY_BYTE: [u8; 256] = {
    let mut bytes = [0_u8; 256];
    let mut byte = 0;
    while byte < 256 {
        bytes[byte] = byte as u8;
        byte += 1;
    }
    bytes
};

/// How [`feed_cut_and_damaged`] damages its input.
pub(crate) struct Damage<'a, T> {
    /// Cuts at every `cut_every`th length (1: at every length).
    pub(crate) cut_every: usize,
    /// How many damaged copies.
    pub(crate) copies: usize,
    /// At most how many elements a copy has changed (at least one).
    pub(crate) most: usize,
    /// Where the changes may begin: the part of the input worth damaging.
    pub(crate) from: usize,
    /// What a changed element becomes: one of these.
    pub(crate) with: &'a [T],
}

/// Hands `read` what a reader must survive without panicking: `input` cut
/// short at each length [`Damage::cut_every`] gives, then copies of it with
/// a few elements changed as `damage` says, drawn from `random`.
pub(crate) fn feed_cut_and_damaged<T: Copy>(
    input: &[T],
    random: &mut Random,
    damage: &Damage<'_, T>,
    mut read: impl FnMut(&[T]),
) {
    for length in (0..input.len()).step_by(damage.cut_every) {
        read(&input[..length]);
    }
    for _ in 0..damage.copies {
        let mut damaged = input.to_vec();
        for _ in 0..1 + random.index(damage.most) {
            let at = damage.from + random.index(damaged.len() - damage.from);
            damaged[at] = damage.with[random.index(damage.with.len())];
        }
        read(&damaged);
    }
}

/// The record as it reads back from XQF: without the gbk feature only ASCII
/// survives, each other character read back as `?`.
pub(crate) fn as_read_from_xqf(mut record: Record) -> Record {
    fn lossy(text: &str) -> String {
        crate::record::text::from_gbk(&crate::record::text::to_gbk(text))
    }
    fn fix(line: &mut [Node]) {
        for node in line {
            node.comment = node.comment.as_deref().map(lossy);
            for variation in &mut node.variations {
                fix(variation);
            }
        }
    }
    if cfg!(not(feature = "gbk")) {
        for (_, value) in &mut record.tags {
            *value = lossy(value);
        }
        record.comment = record.comment.as_deref().map(lossy);
        fix(&mut record.moves);
    }
    record
}
