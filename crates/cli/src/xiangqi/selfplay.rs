//! `xiangqi selfplay`: seeded random games played to their end under the
//! rules of a whole game, and how they ended.

use std::time::Instant;

use anyhow::Context;
use board_geometry::random::Random;
use clap::{Args, ValueEnum};
use xiangqi_rules::{History, Position, Reason, Rules};

use crate::Streams;
use crate::xiangqi::args::FenArgs;

/// Arguments of `xiangqi selfplay`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  xiangqi selfplay --games 1000 --seed 1
  xiangqi selfplay --games 100 --rules none --max-plies 1000

Each game starts from the position (the start position by default) and plays
a legal move drawn at random until the game ends: by checkmate or stalemate,
and under the Asian rules (the default) by a repetition ruling, the move limit
(120 plies without a capture) or material that cannot mate. Printed: how many
games ended each way, with the mean length, and the plies played. The same
seed gives the same games on every machine.")]
pub(crate) struct SelfplayArgs {
    /// How many games.
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: u64,
    /// The seed of the random moves.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The rules that end a game besides mate and stalemate: asian
    /// (repetition rulings, the move limit, material that cannot mate),
    /// engine (the same, but one check one chase is a draw) or none.
    #[arg(long, value_enum, default_value_t = RulesArg::Asian)]
    rules: RulesArg,
    /// The most plies a game may last before it is stopped unfinished.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    max_plies: u32,
    /// Print the time taken and the plies a second on standard error.
    #[arg(long)]
    time: bool,
    #[command(flatten)]
    fen: FenArgs,
}

/// The rules of `--rules`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum RulesArg {
    /// The Asian Xiangqi Federation's rules, as the rule books read them:
    /// one check one chase (一将一捉) is at fault.
    Asian,
    /// The Asian rules as computer xiangqi's referees and Pikafish read
    /// them: one check one chase is a draw.
    Engine,
    /// Only checkmate and stalemate end a game.
    None,
}

impl RulesArg {
    pub(crate) const fn rules(self) -> Rules {
        match self {
            RulesArg::Asian => Rules::Asian,
            RulesArg::Engine => Rules::Engine,
            RulesArg::None => Rules::MateOnly,
        }
    }

    /// The rules as a summary tells of them: `under the Asian rules`.
    const fn in_words(self) -> &'static str {
        match self {
            RulesArg::Asian => "under the Asian rules",
            RulesArg::Engine => "under the Asian rules as engines read them (--rules engine)",
            RulesArg::None => "ended by mate and stalemate only (--rules none)",
        }
    }
}

/// How many games ended one way, and their plies.
#[derive(Default)]
struct Tally {
    games: u64,
    plies: u64,
}

impl SelfplayArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let start: Position = self.fen.position(streams)?;
        let mut random = Random::new(self.seed);
        let mut endings: Vec<(Option<Reason>, Tally)> = Vec::new();
        let mut total = 0u64;
        let started = Instant::now();
        for _ in 0..self.games {
            let mut game = History::with_rules(start, self.rules.rules());
            while game.outcome().is_none() && game.len() < self.max_plies as usize {
                let moves = game.position().legal_moves();
                let Some(&mv) = random.pick(moves.as_slice()) else { break };
                game.play(mv).context("a random legal move was refused")?;
            }
            let reason = game.outcome().map(xiangqi_rules::Outcome::reason);
            let plies = game.len() as u64;
            total += plies;
            match endings.iter_mut().find(|(seen, _)| *seen == reason) {
                Some((_, tally)) => {
                    tally.games += 1;
                    tally.plies += plies;
                }
                None => endings.push((reason, Tally { games: 1, plies })),
            }
        }
        let elapsed = started.elapsed();
        endings.sort_by_key(|(reason, _)| reason.map_or(u8::MAX, |reason| reason as u8));
        let out = &mut *streams.stdout;
        writeln!(
            out,
            "{} {}, seed {}: {}",
            crate::stress::counted(self.games, "random game", "random games"),
            self.rules.in_words(),
            self.seed,
            crate::stress::counted(total, "ply", "plies"),
        )?;
        for (reason, tally) in &endings {
            let share = 100.0 * tally.games as f64 / self.games.max(1) as f64;
            writeln!(
                out,
                "  {:<22} {:>7} {:<5} {share:>5.1} %, {:>6.0} {} on average",
                reason
                    .map_or_else(|| format!("unfinished at {}", self.max_plies), |reason| reason.to_string()),
                tally.games,
                if tally.games == 1 { "game" } else { "games" },
                tally.plies as f64 / tally.games as f64,
                if tally.plies == tally.games { "ply" } else { "plies" },
            )?;
        }
        if self.time {
            let seconds = elapsed.as_secs_f64();
            writeln!(
                streams.stderr,
                "{seconds:.3} s, {:.2} M plies a second (moves drawn, played and ruled)",
                total as f64 / seconds.max(1e-9) / 1e6
            )?;
        }
        Ok(())
    }
}
