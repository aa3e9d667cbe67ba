//! `xiangqi play`: apply moves written in any notation to a position.

use clap::Args;
use serde::Serialize;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::Line;
use xiangqi_rules::{Color, History, Language, Outcome};

use super::args::GameMovesArgs;
use crate::Streams;
use crate::json::{Format, write_json};
use crate::style::StyleArgs;

/// Arguments of `xiangqi play`.
#[derive(Debug, Args)]
#[command(after_help = "\
Moves may be written in any of the four notations, mixed freely; each is
read in the notation it is detected to be written in, or in --notation's:
  iccs     h2e2, also H2-E2
  engine   h3e3 (ranks 1-10, as Fairy-Stockfish writes them)
  wxf      C2.5, also C2=5; tandem pieces R+.3 (also +R.3), C--1, ++.4
  chinese  炮二平五 马８进７ (traditional characters, half-width digits too)
Letters, digits and signs may be full-width (Ｃ２＝５, ｈ２ｅ２). Text such as
h3e3, which reads in both coordinate systems, is ICCS unless no piece stands
on its ICCS square (h3) and one of the side to move stands on its square in
engine coordinates (h2): then it is engine coordinates.
The moves are written back in --notation's notation, or else in the first
move's. WXF moves that begin with '-' (such as --.4) need a '--' before the moves.

When the moves end the game, the ending is reported with its reason: mate or
stalemate, and under the Asian rules (--rules asian, the default) a position
occurring for the third time (perpetual check or chase loses, else a draw),
120 plies without a capture, or material that cannot mate. Under --rules
engine (the Asian rules as computer xiangqi's referees and Pikafish read
them) one check one chase is a draw; under --rules none only mate and
stalemate end the game. A move after the
end is refused (exit code 1), once the ending has been printed. With
--style chinese the ruling is written in Chinese (moves in Chinese notation), as the rule books word it
(第4回合 … 后局面第三次出现（第1–4回合）：红方每步将军（长将），黑方未长将：黑胜),
and --format json adds it as \"text_zh\".

Examples:
  xiangqi play 炮二平五 马８进７ 马二进三
  xiangqi play --notation wxf C2.5 H8+7 H2+3
  xiangqi play --fen '3k5/9/9/9/9/9/9/9/R8/4K4 w' a1a2 d9d8 a2d2
  xiangqi play --fen '4k4/R8/9/9/9/9/9/9/9/3K5 w' a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9
  xiangqi play --style chinese --fen '4k4/9/1n7/9/9/9/9/9/9/2RK5 w' c0b0 b7c5 b0c0 c5b7 c0b0 b7c5 b0c0 c5b7
  xiangqi play --format json h2e2 h9g7")]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    moves: GameMovesArgs,
    /// `text`: the picture, the moves, the FEN and how the game stands;
    /// `json`: one object with the FEN, the moves (ICCS) and the outcome.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    style: StyleArgs,
}

impl PlayArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let mut played = self.moves.start(streams)?;
        played.play(&self.moves, |_, _, _, _| {})?;
        self.report(&played.line, &played.game, played.written, streams)?;
        played.finish()
    }

    /// Writes how the game stands after the moves played.
    fn report(
        &self,
        line: &Line,
        game: &History,
        written: Notation,
        streams: &mut Streams<'_>,
    ) -> anyhow::Result<()> {
        let position = line.position();
        let out = &mut *streams.stdout;
        let chinese = self.style.chinese_words();
        if self.format == Format::Json {
            return Ok(write_json(out, &PlayJson::new(game, written, chinese))?);
        }
        let movetext = line.movetext(written)?;
        out.write_all(position.picture_in(self.style.text_style()).as_bytes())?;
        writeln!(out, "\nmoves: {}", if movetext.is_empty() { "none" } else { &movetext })?;
        writeln!(out, "FEN: {position}")?;
        writeln!(out, "{}", position.summary())?;
        // A Chinese ruling writes its moves in Chinese, as Chinese rule books do.
        let explanation = if chinese {
            game.explain_in(Notation::Chinese, Language::Chinese)
        } else {
            game.explain(written)
        };
        if let (Some(outcome), Some(explanation)) = (game.outcome(), explanation) {
            writeln!(out, "game over: {}, {}: {explanation}", outcome.result(), outcome.reason())?;
        }
        Ok(())
    }
}

/// `xiangqi play --format json`.
#[derive(Debug, Serialize)]
struct PlayJson {
    fen: String,
    moves: Vec<String>,
    outcome: Option<OutcomeJson>,
}

/// How the game ended, for `--format json`.
#[derive(Debug, Serialize)]
pub(crate) struct OutcomeJson {
    result: &'static str,
    reason: &'static str,
    against: Option<&'static str>,
    ply: usize,
    cycle: Option<[u32; 2]>,
    text: String,
    /// The ruling in Chinese, under `--style chinese`.
    #[serde(skip_serializing_if = "Option::is_none")]
    text_zh: Option<String>,
}

impl OutcomeJson {
    /// The outcome of `game`, if it has ended, its text written in
    /// `notation`, and in Chinese too (moves in Chinese notation) if `chinese`.
    pub(crate) fn of_in(game: &History, notation: Notation, chinese: bool) -> Option<OutcomeJson> {
        let outcome: Outcome = game.outcome()?;
        let text = game.explain(notation).unwrap_or_else(|| outcome.to_string());
        let text_zh = chinese.then(|| game.explain_in(Notation::Chinese, Language::Chinese)).flatten();
        Some(OutcomeJson::new(outcome, game.len(), text, text_zh))
    }

    /// `outcome`, reached at `ply`, explained by `text` (and in Chinese by `text_zh`).
    pub(crate) fn new(outcome: Outcome, ply: usize, text: String, text_zh: Option<String>) -> OutcomeJson {
        OutcomeJson {
            result: outcome.result().as_str(),
            reason: outcome.reason().name(),
            against: outcome.against().map(Color::name),
            ply,
            cycle: outcome.cycle().map(|cycle| [cycle.first_ply, cycle.last_ply]),
            text,
            text_zh,
        }
    }
}

impl PlayJson {
    fn new(game: &History, notation: Notation, chinese: bool) -> PlayJson {
        PlayJson {
            fen: game.position().to_string(),
            moves: game.moves().map(|mv| mv.to_string()).collect(),
            outcome: OutcomeJson::of_in(game, notation, chinese),
        }
    }
}
