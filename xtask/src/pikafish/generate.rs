//! Seeded games that end by a rule: repetition cycles of every kind (idle
//! moves, perpetual checks, chases direct, discovered and by undermining,
//! attackers taking turns, one check one chase), the move limit reached
//! through checks, and material that can never mate.

use board_geometry::random::Random;
use xiangqi_rules::{
    ChaseVerdict, Color, History, Move, Outcome, Piece, PieceKind, Position, Reason, Rules, Setup, Square,
    Threats,
};

/// One generated game: a start position and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The start position.
    pub start: Position,
    /// The moves, every one legal, the last one ending the game by our
    /// rules (material games: a quiet move or none).
    pub moves: Vec<Move>,
    /// What the game was built to show.
    pub kind: Kind,
}

/// What a game was built to show.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A position repeated by two pieces going back and forth.
    Cycle,
    /// 120 plies without a capture, many of them checks.
    MoveLimit,
    /// Material that can never mate, or nearly so.
    Material,
}

/// The class of a ruled game, as the closing note counts them: what the
/// moves of the cycle were by our reading.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// No side checked or chased with every move.
    Idle,
    /// One side checked with every move.
    PerpetualCheck,
    /// Both sides checked with every move.
    MutualCheck,
    /// A side chased one piece with every move, each attack new.
    DirectChase,
    /// A side chased, and at least one of its chasing moves cut off a
    /// protection (undermining).
    UnderminingChase,
    /// A piece stayed chased while the chasing side changed attackers, or
    /// a victim stepped into an attack: moves that make no new threat.
    NoNewThreat,
    /// A side alternated checks and chases (一将一捉).
    OneCheckOneChase,
    /// A side chased with every move, but the other side checked in the cycle.
    ChaseRuledOutByCheck,
    /// Both sides chased with every move.
    MutualChase,
    /// The move limit.
    MoveLimit,
    /// Material that can never mate.
    Material,
    /// Material we play on with (it may mate), where Pikafish looks one
    /// move ahead for a mate and draws if there is none.
    MaterialPlayedOn,
    /// Mate or stalemate on the last move.
    Mate,
}

impl Class {
    /// Every class, in the order the report prints them.
    pub const ALL: [Class; 13] = [
        Class::Idle,
        Class::PerpetualCheck,
        Class::MutualCheck,
        Class::DirectChase,
        Class::UnderminingChase,
        Class::NoNewThreat,
        Class::OneCheckOneChase,
        Class::ChaseRuledOutByCheck,
        Class::MutualChase,
        Class::MoveLimit,
        Class::Material,
        Class::MaterialPlayedOn,
        Class::Mate,
    ];

    /// The class in a few words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Class::Idle => "idle cycle",
            Class::PerpetualCheck => "perpetual check",
            Class::MutualCheck => "mutual perpetual check",
            Class::DirectChase => "chase, new attack",
            Class::UnderminingChase => "chase by undermining",
            Class::NoNewThreat => "attack, no new threat",
            Class::OneCheckOneChase => "one check one chase",
            Class::ChaseRuledOutByCheck => "chase, other side checks",
            Class::MutualChase => "mutual chase",
            Class::MoveLimit => "move limit",
            Class::Material => "material",
            Class::MaterialPlayedOn => "material, played on",
            Class::Mate => "mate or stalemate",
        }
    }
}

/// How a game is ruled: the ply it ended at and the result (`1-0`, `0-1`,
/// `1/2-1/2`), or `None` if the moves did not end it.
pub type Ruling = Option<(usize, &'static str)>;

/// Our ruling of `game`, with the workspace's `History` under the Asian
/// rules.
#[must_use]
pub fn rule(game: &Game) -> Ruling {
    rule_under(game, Rules::Asian)
}

/// Our ruling of `game` under `rules`.
#[must_use]
pub fn rule_under(game: &Game, rules: Rules) -> Ruling {
    let mut history = History::with_rules(game.start, rules);
    if history.outcome().is_none() {
        let _ = history.play_line(&game.moves);
    }
    history.outcome().map(|outcome| (history.len(), outcome.result().as_str()))
}

/// The class of `game` by our reading; a game our rules do not end is
/// of the class of its kind (a material game that Pikafish draws and we
/// play on, for one).
#[must_use]
pub fn classify(game: &Game) -> Class {
    let mut history = History::new(game.start);
    if history.outcome().is_none() {
        let _ = history.play_line(&game.moves);
    }
    let Some(outcome) = history.outcome() else {
        return match game.kind {
            Kind::Cycle => Class::Idle,
            Kind::MoveLimit => Class::MoveLimit,
            Kind::Material => Class::MaterialPlayedOn,
        };
    };
    let Some(cycle) = outcome.cycle() else {
        return match outcome.reason() {
            Reason::MoveLimit => Class::MoveLimit,
            Reason::InsufficientMaterial => Class::Material,
            _ => Class::Mate,
        };
    };
    let span = (cycle.first_ply as usize + 1)..=(cycle.last_ply as usize);
    let threats: Vec<_> = span.filter_map(|ply| history.threats(ply)).collect();
    let by = |side: Color| threats.iter().filter(move |threats| threats.mover() == side);
    let checks_always = |side: Color| by(side).all(Threats::gives_check);
    let checks_ever = |side: Color| by(side).any(Threats::gives_check);
    let chases_always = |side: Color| {
        by(side).filter(|threats| !threats.gives_check()).count() > 0
            && by(side).filter(|threats| !threats.gives_check()).all(|threats| threats.chases().count() > 0)
    };
    let [red, black] = Color::ALL;
    match outcome {
        Outcome::PerpetualCheck { .. } => Class::PerpetualCheck,
        Outcome::MutualPerpetual { .. } if checks_always(red) && checks_always(black) => Class::MutualCheck,
        Outcome::MutualPerpetual { .. } => Class::MutualChase,
        Outcome::PerpetualChase { winner, .. } => {
            let loser = winner.opponent();
            let undermined = by(loser).flat_map(Threats::chases).any(|attack| attack.before.is_some());
            if checks_ever(loser) {
                Class::OneCheckOneChase
            } else if undermined {
                Class::UnderminingChase
            } else {
                Class::DirectChase
            }
        }
        _ if Color::ALL.iter().any(|&side| chases_always(side) && checks_ever(side.opponent())) => {
            Class::ChaseRuledOutByCheck
        }
        _ if threats
            .iter()
            .flat_map(Threats::attacks)
            .any(|attack| matches!(attack.verdict, ChaseVerdict::ChasedBefore { .. })) =>
        {
            Class::NoNewThreat
        }
        _ => Class::Idle,
    }
}

/// `count` seeded games: the worked examples of undermining, then
/// repetition cycles chosen to hold many checks and
/// chases, about one in six a move-limit game, one in twenty material
/// endings. Idle cycles, which come most easily, are kept to one in six,
/// so that the rarer classes of chase fill the rest.
#[must_use]
pub fn games(count: usize, seed: u64) -> Vec<Game> {
    let mut random = Random::new(seed);
    let mut games: Vec<Game> =
        UNDERMINING.iter().flat_map(|&(fen, moves)| worked_example(fen, moves)).collect();
    games.truncate(count);
    let (mut idle, mut limit, mut material) = (0, 0, 0);
    while games.len() < count {
        let roll = random.below(20);
        let game = if roll < 3 && limit * 6 < count {
            move_limit_game(&mut random)
        } else if roll < 4 && material * 20 < count {
            material_game(&mut random)
        } else if roll < 8 {
            undermining_game(&mut random)
        } else {
            cycle_game(&mut random)
        };
        // Games our rules end, and material games whatever we rule: the
        // positions Pikafish draws after looking one move ahead, and we
        // play on, count too.
        let Some(game) = game.filter(|game| game.kind == Kind::Material || rule(game).is_some()) else {
            continue;
        };
        match (game.kind, classify(&game)) {
            (Kind::MoveLimit, _) => limit += 1,
            (Kind::Material, _) => material += 1,
            (_, Class::Idle) if idle * 6 >= count => continue,
            (_, Class::Idle) => idle += 1,
            _ => {}
        }
        games.push(game);
    }
    games
}

/// Chases by undermining, which random cycles seldom hold: the worked
/// examples of the rules document (a blocked elephant eye, a pinned
/// protector, a blocked capture back), each played twice to the third
/// occurrence, and mirrored.
const UNDERMINING: [(&str, &str); 3] = [
    ("4kab2/4a4/9/3R5/2b1c4/8P/P8/4B4/4Ar3/3Kc1B2 w - - 0 52", "e2c4 f1f4 c4e2 f4f1"),
    ("3a1k3/2N1a4/4br3/7rp/pR7/2Bn4P/P8/4B4/4A4/3AK1R2 w - - 13 47", "g0f0 e7g9 f0g0 g9e7"),
    ("4kab2/3na4/4b4/C1p1p4/7np/2P1P3c/P5c1N/2N1B3C/4A4/2BAK4 w - - 7 24", "i3g2 i4g4 g2i3 g4i4"),
];

/// The game from `fen` with `moves` played twice, and its mirror image
/// (files a and i swapped).
fn worked_example(fen: &str, moves: &str) -> Vec<Game> {
    let mirror_square = |square: &str| -> String {
        let mut chars = square.chars();
        let file = chars.next().map_or('a', |file| char::from(b'a' + (b'i' - file as u8)));
        std::iter::once(file).chain(chars).collect()
    };
    let mirror_move = |mv: &str| format!("{}{}", mirror_square(&mv[..2]), mirror_square(&mv[2..]));
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mirrored_board: Vec<String> = board.split('/').map(|rank| rank.chars().rev().collect()).collect();
    let mirrored_fen = format!("{} {rest}", mirrored_board.join("/"));
    let mirrored_moves: Vec<String> = moves.split_whitespace().map(mirror_move).collect();
    [(fen.to_string(), moves.to_string()), (mirrored_fen, mirrored_moves.join(" "))]
        .iter()
        .filter_map(|(fen, moves)| {
            let start: Position = fen.parse().ok()?;
            let round: Vec<Move> = moves.split_whitespace().map(str::parse).collect::<Result<_, _>>().ok()?;
            let moves = round.iter().chain(round.iter()).copied().collect();
            Some(Game { start, moves, kind: Kind::Cycle })
        })
        .collect()
}

/// A position from the start after 10 to 80 random plies, captures and
/// all, its clock set to `clock`: `None` if the game ended on the way.
fn random_position(random: &mut Random, clock: u32) -> Option<Position> {
    let mut position = Position::start();
    for _ in 0..random.between(10, 80) {
        let legal = position.legal_moves();
        // Captures half the time they are there, for open positions.
        let captures: Vec<Move> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|mv| position.board().piece_at(mv.to).is_some())
            .collect();
        let pool = if !captures.is_empty() && random.chance(0.5) { &captures[..] } else { legal.as_slice() };
        position.play_unchecked(*random.pick(pool)?);
        if position.is_game_over() {
            return None;
        }
    }
    let mut setup: Setup = *position.setup();
    setup.halfmove_clock = clock;
    setup.fullmove_number = 1;
    Position::from_setup(setup).ok()
}

/// What a move threatens, from most to least wanted in a cycle: it
/// undermines a protection, makes no new threat on a chased piece, chases,
/// checks, attacks, or nothing.
fn tier(position: &Position, mv: Move) -> usize {
    let Ok(threats) = position.threats(mv) else { return 5 };
    let chases = || threats.chases();
    if chases().any(|attack| attack.before.is_some()) {
        0
    } else if threats
        .attacks()
        .iter()
        .any(|attack| matches!(attack.verdict, ChaseVerdict::ChasedBefore { .. }))
    {
        1
    } else if chases().count() > 0 {
        2
    } else if threats.gives_check() {
        3
    } else if !threats.attacks().is_empty() {
        4
    } else {
        5
    }
}

/// A move of `position` that is no capture, most often one that threatens
/// something, undermining and attacks that make no new threat first.
fn cycle_move(random: &mut Random, position: &Position) -> Option<Move> {
    let mut tiers: [Vec<Move>; 6] = Default::default();
    for &mv in position.legal_moves().as_slice() {
        if position.board().piece_at(mv.to).is_none() {
            tiers[tier(position, mv)].push(mv);
        }
    }
    // Tiers by weight, among those that have a move.
    const WEIGHTS: [u64; 6] = [4, 3, 3, 2, 1, 1];
    let total: u64 = (0..6).filter(|&tier| !tiers[tier].is_empty()).map(|tier| WEIGHTS[tier]).sum();
    let mut roll = random.below(total.max(1));
    for tier in 0..6 {
        if tiers[tier].is_empty() {
            continue;
        }
        if roll < WEIGHTS[tier] {
            return random.pick(&tiers[tier]).copied();
        }
        roll -= WEIGHTS[tier];
    }
    None
}

/// A cycle: each side plays a move and takes it back, twice, so that the
/// start position occurs the third time at ply 8 (or the game ends
/// sooner). Most cycles are built for one side to chase (or check) with
/// both its moves: a few tries from one start position.
fn cycle_game(random: &mut Random) -> Option<Game> {
    let start = random_position(random, 0)?;
    let wanted = random.below(6);
    let back = |mv: Move| Move::new(mv.to, mv.from);
    for _ in 0..if wanted == 3 { 80 } else { 30 } {
        let mut position = start;
        let first = cycle_move(random, &position)?;
        let chased: Vec<Square> = if wanted == 0 || wanted == 3 {
            position
                .threats(first)
                .map(|threats| threats.chases().map(|attack| attack.victim).collect())
                .ok()?
        } else {
            Vec::new()
        };
        position.play(first).ok()?;
        // A chased piece steps away, most often, for the chaser to follow.
        let fleeing: Vec<Move> = position
            .legal_moves()
            .as_slice()
            .iter()
            .copied()
            .filter(|mv| chased.contains(&mv.from) && position.board().piece_at(mv.to).is_none())
            .collect();
        let second = match random.pick(&fleeing) {
            Some(&flee) if random.chance(0.8) => flee,
            _ => cycle_move(random, &position)?,
        };
        let round = [first, second, back(first), back(second)];
        // The tier of each move of the round, every move legal in turn.
        let mut tiers = [5; 4];
        let mut check = start;
        let mut checks = [false; 4];
        let legal = round.iter().enumerate().all(|(index, &mv)| {
            tiers[index] = tier(&check, mv);
            let played = check.play(mv).is_ok();
            checks[index] = played && check.is_check();
            played
        });
        // The round again: the moves are legal the second time too (the
        // positions are the same), unless the game ended.
        let wanted_here = match wanted {
            0 => tiers[0] <= 2 && tiers[2] <= 2,
            1 => (tiers[0] <= 2 && tiers[2] <= 2) || (tiers[1] <= 2 && tiers[3] <= 2),
            2 => (checks[0] && checks[2]) || (checks[1] && checks[3]),
            // A side's moves both chase, one of them by undermining.
            3 => {
                (tiers[0].max(tiers[2]) <= 2 && tiers[0].min(tiers[2]) == 0)
                    || (tiers[1].max(tiers[3]) <= 2 && tiers[1].min(tiers[3]) == 0)
            }
            _ => true,
        };
        if legal && check.board() == start.board() && check.turn() == start.turn() && wanted_here {
            let moves: Vec<Move> = round.iter().chain(round.iter()).copied().collect();
            return Some(Game { start, moves, kind: Kind::Cycle });
        }
    }
    None
}

/// A cycle in which the side to move chases with both its moves, one of
/// them by undermining a protection, found by trying every pair of quiet
/// moves from a random position: `None` if it has none.
fn undermining_game(random: &mut Random) -> Option<Game> {
    let start = random_position(random, 0)?;
    let back = |mv: Move| Move::new(mv.to, mv.from);
    let quiet = |position: &Position| -> Vec<Move> {
        position
            .legal_moves()
            .as_slice()
            .iter()
            .copied()
            .filter(|mv| position.board().piece_at(mv.to).is_none())
            .collect()
    };
    let mut found = Vec::new();
    for first in quiet(&start) {
        let first_tier = tier(&start, first);
        if first_tier > 2 {
            continue;
        }
        let mut after_first = start;
        after_first.play_unchecked(first);
        for second in quiet(&after_first) {
            let mut after_second = after_first;
            after_second.play_unchecked(second);
            if !after_second.is_legal(back(first)) {
                continue;
            }
            let return_tier = tier(&after_second, back(first));
            if return_tier > 2 || first_tier.min(return_tier) != 0 {
                continue;
            }
            let mut after_return = after_second;
            after_return.play_unchecked(back(first));
            if after_return.is_legal(back(second)) {
                found.push([first, second, back(first), back(second)]);
            }
        }
    }
    let round = *random.pick(&found)?;
    let moves: Vec<Move> = round.iter().chain(round.iter()).copied().collect();
    Some(Game { start, moves, kind: Kind::Cycle })
}

/// A game from a clock of 60 to 119 plies on, with no capture and no
/// third occurrence, checking whenever it can with one chance in two, up
/// to the move limit: so the checks beyond a side's tenth, and the replies
/// to them, are not counted.
fn move_limit_game(random: &mut Random) -> Option<Game> {
    let clock = u32::try_from(random.between(60, 119)).ok()?;
    let start = random_position(random, clock)?;
    let mut history = History::new(start);
    let check_chance = [0.0, 0.5, 0.9][random.index(3)];
    let mut steps_back = 200;
    while history.outcome().is_none() {
        let position = *history.position();
        let going_on: Vec<Move> = position
            .legal_moves()
            .as_slice()
            .iter()
            .copied()
            .filter(|&mv| {
                let mut trial = history.clone();
                position.board().piece_at(mv.to).is_none()
                    && trial.play(mv).is_ok()
                    && trial.outcome().is_none_or(|outcome| outcome.reason() == Reason::MoveLimit)
            })
            .collect();
        let checks: Vec<Move> = going_on
            .iter()
            .copied()
            .filter(|&mv| {
                let mut after = position;
                after.play_unchecked(mv);
                after.is_check()
            })
            .collect();
        let pool = if !checks.is_empty() && random.chance(check_chance) { &checks } else { &going_on };
        match random.pick(pool) {
            Some(&mv) => history.play(mv).ok()?,
            None => {
                steps_back -= 1;
                if steps_back == 0 || history.len() < 2 {
                    return None;
                }
                history.unplay();
                history.unplay();
            }
        }
    }
    Some(Game { start, moves: history.moves().collect(), kind: Kind::MoveLimit })
}

/// A position of generals, advisors, elephants and at most one cannon a
/// side, and a quiet move or none: the classes of material that can never
/// mate, and their neighbours.
fn material_game(random: &mut Random) -> Option<Game> {
    let mut setup = Setup::empty(if random.chance(0.5) { Color::Red } else { Color::Black });
    let square = |file: usize, rank: usize| -> Option<Square> {
        format!("{}{rank}", char::from(b"abcdefghi"[file])).parse().ok()
    };
    let mut taken = Vec::new();
    let mut place = |random: &mut Random, setup: &mut Setup, piece: Piece, points: &[(usize, usize)]| {
        let free: Vec<(usize, usize)> =
            points.iter().copied().filter(|point| !taken.contains(point)).collect();
        if let Some(&(file, rank)) = random.pick(&free) {
            taken.push((file, rank));
            if let Some(square) = square(file, rank) {
                setup.board.put(square, piece);
            }
        }
    };
    for side in Color::ALL {
        let flip = |rank: usize| if side == Color::Red { rank } else { 9 - rank };
        let palace: Vec<(usize, usize)> =
            (3..=5).flat_map(|file| (0..=2).map(move |rank| (file, flip(rank)))).collect();
        let advisor_points: Vec<(usize, usize)> =
            [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)].iter().map(|&(file, rank)| (file, flip(rank))).collect();
        let elephant_points: Vec<(usize, usize)> = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
            .iter()
            .map(|&(file, rank)| (file, flip(rank)))
            .collect();
        place(random, &mut setup, Piece::new(side, PieceKind::General), &palace);
        for _ in 0..random.below(3) {
            place(random, &mut setup, Piece::new(side, PieceKind::Advisor), &advisor_points);
        }
        for _ in 0..random.below(3) {
            place(random, &mut setup, Piece::new(side, PieceKind::Elephant), &elephant_points);
        }
    }
    let anywhere: Vec<(usize, usize)> =
        (0..9).flat_map(|file| (0..10).map(move |rank| (file, rank))).collect();
    let cannons = match random.below(4) {
        0 => vec![Color::Red],
        1 => vec![Color::Black],
        2 => vec![Color::Red, Color::Black],
        _ => vec![],
    };
    for side in cannons {
        place(random, &mut setup, Piece::new(side, PieceKind::Cannon), &anywhere);
    }
    let start = Position::from_setup(setup).ok()?;
    if start.is_game_over() {
        return None;
    }
    // A quiet move, so that the ruling comes at ply 0 or at ply 1.
    let moves: Vec<Move> = if random.chance(0.5) {
        let quiet: Vec<Move> = start
            .legal_moves()
            .as_slice()
            .iter()
            .copied()
            .filter(|mv| start.board().piece_at(mv.to).is_none())
            .collect();
        random.pick(&quiet).copied().into_iter().collect()
    } else {
        Vec::new()
    };
    Some(Game { start, moves, kind: Kind::Material })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_end_by_our_rules_and_cover_every_class_of_chase() {
        let games = games(100, 1);
        assert_eq!(
            games[..6].iter().map(classify).collect::<Vec<_>>(),
            [Class::UnderminingChase; 6],
            "the worked examples of undermining, and their mirror images"
        );
        assert_eq!(games.len(), 100);
        assert!(games.iter().all(|game| game.kind == Kind::Material || rule(game).is_some()));
        assert_eq!(super::games(20, 7), super::games(20, 7), "the same seed, the same games");
        let classes: Vec<Class> = games.iter().map(classify).collect();
        for class in [
            Class::Idle,
            Class::PerpetualCheck,
            Class::DirectChase,
            Class::UnderminingChase,
            Class::NoNewThreat,
            Class::MoveLimit,
            Class::Material,
        ] {
            assert!(classes.contains(&class), "no game of class {}", class.name());
        }
    }
}
