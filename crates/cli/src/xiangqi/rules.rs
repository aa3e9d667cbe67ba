//! `xiangqi rules`: move by move, which pieces each move checks and
//! chases, as the repetition rules count them, and how the game ends.

use anyhow::anyhow;
use board_geometry::render::display_width;
use clap::Args;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::Line;
use xiangqi_rules::{Attack, Color, History};

use super::args::{FenArgs, NotationArg};
use super::selfplay::RulesArg;
use crate::Streams;

/// Arguments of `xiangqi rules`.
#[derive(Debug, Args)]
#[command(after_help = "\
For every move: whether it gives check, and each attack it makes anew on an
opponent piece (the moving piece's own, or one it uncovers), with whether the
repetition rules count it as a chase and why:
  a chase         unprotected, or protected but worth more than its attacker
                  (a chariot attacked by a horse or a cannon; a chariot, horse
                  or cannon by an advisor or an elephant)
  no chase        protected (a piece could legally capture back), the same
                  kind able to capture back, a general's or a soldier's
                  attack, a soldier that has not crossed the river
An attack is a capture the attacker could legally make: a pinned piece, or a
capture that would leave its general attacked, attacks nothing. When a
position occurs for the third time, a side that checked with every move since
the first time loses; with no check in that span, so does a side that chased
one piece with every move; both or neither: a draw.

Examples:
  xiangqi rules --fen '4k4/9/1n7/9/9/9/9/9/9/2RK5 w' c0b0 b7c5 b0c0 c5b7
  xiangqi rules --notation chinese 炮二平五 马８进７")]
pub(crate) struct RulesArgs {
    #[command(flatten)]
    position: FenArgs,
    /// Read every move in NOTATION instead of detecting each one's; the
    /// moves are then also written in it.
    #[arg(long, value_enum, value_name = "NOTATION")]
    notation: Option<NotationArg>,
    /// The rules that end a game besides mate and stalemate.
    #[arg(long, value_enum, default_value_t = RulesArg::Asian)]
    rules: RulesArg,
    /// The moves, in order from the position.
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

impl RulesArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let notation = self.notation.map(Notation::from);
        let written = notation
            .or_else(|| self.moves.first().and_then(|text| Notation::detect(text)))
            .unwrap_or(Notation::Iccs);
        let start = self.position.position(streams)?;
        let mut line = Line::new(start);
        let mut game = History::with_rules(start, self.rules.rules());
        let out = &mut *streams.stdout;
        writeln!(out, "{:>4}  {:<14} {:<6} attacks made anew", "ply", "move", "check")?;
        for (index, text) in self.moves.iter().enumerate() {
            if let Some(outcome) = game.outcome() {
                writeln!(
                    out,
                    "game over: {}, {}: {}",
                    outcome.result(),
                    outcome.reason(),
                    explained(&game, written)
                )?;
                anyhow::bail!(
                    "move {}: '{text}' is not played: the game is over ({}, {})",
                    index + 1,
                    outcome.result(),
                    outcome.reason()
                );
            }
            let before = *game.position();
            let mv =
                line.play_text(text, notation).map_err(|error| anyhow!("move {}: {error}", index + 1))?;
            game.play(mv).map_err(|error| anyhow!("move {}: {error}", index + 1))?;
            let Some(threats) = game.threats(game.len()) else { continue };
            let number = format!(
                "{}{} {}",
                before.setup().fullmove_number,
                if before.turn() == Color::Red { "." } else { "..." },
                written.write(&before, mv).unwrap_or_else(|_| mv.to_string())
            );
            let check = if threats.gives_check() { "check" } else { "-" };
            let attacks: Vec<String> = threats.attacks().iter().map(in_words).collect();
            // Chinese moves are two columns a character wide.
            let padding = " ".repeat(14usize.saturating_sub(display_width(&number)));
            writeln!(
                out,
                "{:>4}  {number}{padding} {check:<6} {}",
                game.len(),
                attacks.first().map_or("-", String::as_str)
            )?;
            for attack in attacks.iter().skip(1) {
                writeln!(out, "{:>4}  {:<14} {:<6} {attack}", "", "", "")?;
            }
        }
        match game.outcome() {
            Some(outcome) => writeln!(
                out,
                "game over: {}, {}: {}",
                outcome.result(),
                outcome.reason(),
                explained(&game, written)
            )?,
            None => writeln!(out, "the game goes on: {}", game.position().summary())?,
        }
        Ok(())
    }
}

/// The explanation of how `game` ended.
fn explained(game: &History, notation: Notation) -> String {
    game.explain(notation).unwrap_or_default()
}

/// `chariot b0 attacks horse b7: a chase: unprotected`.
fn in_words(attack: &Attack) -> String {
    format!(
        "{} {} attacks {} {}: {}",
        attack.attacker_piece.kind, attack.attacker, attack.victim_piece.kind, attack.victim, attack.verdict
    )
}
