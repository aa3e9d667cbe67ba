//! `xiangqi rules`: move by move, which pieces each move checks and
//! chases, as the repetition rules count them, and how the game ends.

use std::fmt::Write as _;

use board_geometry::render::display_width;
use clap::Args;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::{Attack, Color, History};

use super::args::GameMovesArgs;
use crate::Streams;

/// Arguments of `xiangqi rules`.
#[derive(Debug, Args)]
#[command(after_help = "\
For every move: whether it gives check, and each attack it makes anew on an
opponent piece (the moving piece's own, or one it uncovers), or turns into a
chase by cutting off the victim's protection (a blocked line, horse leg or
elephant eye, a pinned protector, a blocked capture back), with whether the
repetition rules count it as a chase and why:
  a chase         unprotected, or protected but worth more than its attacker
                  (a chariot attacked by a horse or a cannon; a chariot, horse
                  or cannon by an advisor or an elephant)
  no chase        protected (a piece could legally capture back), the same
                  kind able to capture back, a general's or a soldier's
                  attack, a soldier that has not crossed the river, a
                  victim already chased before the move
An attack is a capture the attacker could legally make: a pinned piece, or a
capture that would leave its general attacked, attacks nothing. When a
position occurs for the third time, a side that checked with every move since
the first time loses; with no check by the other side in that span, so does a
side that chased one piece with every move that gave no check (one check one
chase included; a draw under --rules engine, as computer xiangqi's referees
rule it); both or neither: a draw.

Examples:
  xiangqi rules --fen '4k4/9/1n7/9/9/9/9/9/9/2RK5 w' c0b0 b7c5 b0c0 c5b7
  xiangqi rules --notation chinese 炮二平五 马８进７")]
pub(crate) struct RulesArgs {
    #[command(flatten)]
    moves: GameMovesArgs,
}

impl RulesArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let mut played = self.moves.start(streams)?;
        let mut rows = format!("{:>4}  {:<14} {:<6} attacks made anew\n", "ply", "move", "check");
        let stopped = played.play(&self.moves, |game, before, mv, written| {
            let Some(threats) = game.threats(game.len()) else { return };
            let number = format!(
                "{}{} {}",
                before.setup().fullmove_number,
                if before.turn() == Color::Red { "." } else { "..." },
                written.write(before, mv).unwrap_or_else(|_| mv.to_string())
            );
            let check = if threats.gives_check() { "check" } else { "-" };
            let attacks: Vec<String> = threats.attacks().iter().map(in_words).collect();
            // Chinese moves are two columns a character wide.
            let padding = " ".repeat(14usize.saturating_sub(display_width(&number)));
            let first = attacks.first().map_or("-", String::as_str);
            let _ = writeln!(rows, "{:>4}  {number}{padding} {check:<6} {first}", game.len());
            for attack in attacks.iter().skip(1) {
                let _ = writeln!(rows, "{:>4}  {:<14} {:<6} {attack}", "", "", "");
            }
        });
        // The rows of the moves played, whatever stopped the moves; nothing
        // of the table when the first move is bad.
        if stopped.is_ok() || !played.game.is_empty() {
            streams.stdout.write_all(rows.as_bytes())?;
        }
        stopped?;
        let out = &mut *streams.stdout;
        match played.game.outcome() {
            Some(outcome) => writeln!(
                out,
                "game over: {}, {}: {}",
                outcome.result(),
                outcome.reason(),
                explained(&played.game, played.written)
            )?,
            None => writeln!(out, "the game goes on: {}", played.game.position().summary())?,
        }
        played.finish()
    }
}

/// The explanation of how `game` ended.
fn explained(game: &History, notation: Notation) -> String {
    game.explain(notation).unwrap_or_default()
}

/// `chariot b0 attacks horse b7: a chase: unprotected`, and for an attack
/// kept from before the move, what it was then.
fn in_words(attack: &Attack) -> String {
    let mut words = format!(
        "{} {} attacks {} {}: {}",
        attack.attacker_piece.kind, attack.attacker, attack.victim_piece.kind, attack.victim, attack.verdict
    );
    if let Some(before) = attack.before {
        let _ = write!(words, " (before the move: {before})");
    }
    words
}
