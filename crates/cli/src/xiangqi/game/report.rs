//! The text report of `xiangqi game`: a paragraph for each game, and one
//! for each note or problem of a file.

use std::fmt::Write as _;

use xiangqi_rules::Outcome;
use xiangqi_rules::record::{CutVariation, Format, GameResult, ResultCheck};

use super::read::{
    Body, Cause, FileRead, GameRead, Played, Problem, Warning, format_name, game_place, place, steps,
};

/// The report on one file; `fen_each` adds each move's FEN.
pub(super) fn file_report(name: &str, file: &FileRead, fen_each: bool) -> String {
    let mut out = String::new();
    if let Some(note) = &file.note {
        let _ = writeln!(out, "{note}\n");
    }
    for game in &file.games {
        warning_paragraphs(&mut out, name, &game.warnings_before);
        let cuts: Vec<&CutVariation> =
            file.cut_variations.iter().filter(|cut| cut.game + 1 == game.number).collect();
        game_report(&mut out, name, game, &cuts, fen_each);
    }
    warning_paragraphs(&mut out, name, &file.trailing_warnings);
    if let Some(failure) = &file.failure {
        let _ = writeln!(out, "{}\n", failure.message);
    }
    out
}

/// Warnings each in a paragraph of their own (text skipped as no game; those
/// of a game that cannot be read).
fn warning_paragraphs(out: &mut String, name: &str, warnings: &[Warning]) {
    for warning in warnings {
        let _ = writeln!(out, "{name}:{}:{}: {}\n", warning.line, warning.column, warning.kind);
    }
}

/// What a cut variation's warning says after its place.
pub(super) fn cut_message(cut: &CutVariation) -> String {
    format!("a variation is cut at its bad move, the rest of it left out: {}", cut.error.kind)
}

/// The first line of a game's paragraph: `game 2: FILE:12:1`, or with the
/// format where it is not PGN-style text: `game 1 (XQF): FILE`.
fn heading(name: &str, game: &GameRead) -> String {
    let at = game_place(name, game);
    match game.format {
        Format::Pgn => format!("game {}: {at}", game.number),
        format => format!("game {} ({}): {at}", game.number, format_name(format)),
    }
}

fn game_report(out: &mut String, name: &str, game: &GameRead, cuts: &[&CutVariation], fen_each: bool) {
    let heading = heading(name, game);
    let played = match &game.body {
        Body::Unreadable(problem) => {
            warning_paragraphs(out, name, &game.warnings);
            let _ =
                writeln!(out, "{heading}\n  unreadable: {}: {}\n", place(name, problem.at), problem.message);
            return;
        }
        Body::CannotReplay(_) | Body::Played(_) => {
            let _ = writeln!(out, "{heading}");
            for tag in ["Red", "Black", "Event"] {
                if let Some(value) = game.tag(tag) {
                    let _ = writeln!(out, "  {tag}: {value}");
                }
            }
            for Warning { line, column, kind } in &game.warnings {
                let _ = writeln!(out, "  warning: {name}:{line}:{column}: {kind}");
            }
            for cut in cuts {
                let _ = writeln!(out, "  warning: {}: {}", place(name, cut.error.at), cut_message(cut));
            }
            match &game.body {
                Body::Played(played) => played,
                Body::CannotReplay(problem) | Body::Unreadable(problem) => {
                    let _ = writeln!(
                        out,
                        "  cannot be replayed: {}: {}\n",
                        place(name, problem.at),
                        problem.message
                    );
                    return;
                }
            }
        }
    };
    played_report(out, name, game, played, fen_each);
}

fn played_report(out: &mut String, name: &str, game: &GameRead, played: &Played, fen_each: bool) {
    if fen_each {
        for (index, (number, after)) in steps(played).into_iter().enumerate() {
            let text = played.texts.as_ref().and_then(|texts| texts.get(index));
            let text = text.cloned().unwrap_or_else(|| played.moves[index].to_string());
            let _ = writeln!(out, "  {number} {text}  {after}");
        }
    }
    let count = played.moves.len();
    match &played.stop {
        None => {
            let _ = writeln!(out, "  moves: {count}");
        }
        Some(Problem { cause: Cause::BadMove, .. }) => {
            let _ = writeln!(out, "  moves: {count} played, then a bad move");
        }
        Some(_) => {
            let _ = writeln!(out, "  moves: {count} played, then the record cannot be read");
        }
    }
    let _ = writeln!(out, "  FEN: {}", played.end);
    let _ = writeln!(out, "  board: {}", played.end.summary());
    if let Some(problem) = &played.stop {
        let at = place(name, problem.at);
        let what = if problem.cause == Cause::BadMove { "bad move" } else { "unreadable" };
        match &problem.mover {
            Some(mover) => {
                let _ = writeln!(out, "  {what}: {at}: {mover}: {}", problem.message);
            }
            None => {
                let _ = writeln!(out, "  {what}: {at}: {}", problem.message);
            }
        }
    }
    let ruling = played
        .verdict
        .as_ref()
        .and_then(|verdict| verdict.ending.as_ref())
        .filter(|ending| ending.is_ruling());
    match (ruling, &played.verdict) {
        (Some(ending), _) => {
            let outcome = ending.outcome;
            let words = ending.explanation_zh.as_ref().unwrap_or(&ending.explanation);
            let _ = writeln!(out, "  ruling: {}, {}: {words}", outcome.result(), outcome.reason());
            if ending.after > 0 {
                let plural = if ending.after == 1 { "" } else { "s" };
                let _ =
                    writeln!(out, "  the record plays {} more move{plural} after the ruling", ending.after);
            }
            let _ = writeln!(out, "  result: {}\n", ruled_result_words(game.recorded_result, outcome));
        }
        (None, Some(verdict)) => {
            let _ = writeln!(out, "  result: {}\n", result_words(game.recorded_result, Some(verdict.check)));
        }
        (None, None) => {
            let stop = match &played.stop {
                Some(Problem { cause: Cause::BadMove, .. }) | None => "the game stops at a bad move",
                Some(_) => "the game stops where the record cannot be read",
            };
            let _ = writeln!(out, "  result: unchecked: {}, {stop}\n", recorded_words(game.recorded_result));
        }
    }
}

/// How the record's result compares with a ruling's, in words.
fn ruled_result_words(recorded_result: Option<GameResult>, outcome: Outcome) -> String {
    let ruled = outcome.result();
    match recorded_result {
        Some(recorded) if recorded == ruled => format!("agrees: {recorded} recorded, {ruled} by the ruling"),
        Some(GameResult::Unknown) => format!("unrecorded: * recorded, {ruled} by the ruling"),
        None => format!("unrecorded: none recorded, {ruled} by the ruling"),
        Some(recorded) => format!("disagrees: {recorded} recorded, {ruled} by the ruling"),
    }
}

/// The recorded result in words: `1-0 recorded`, `* recorded`, `none recorded`.
fn recorded_words(recorded_result: Option<GameResult>) -> String {
    match recorded_result {
        None => "none recorded".to_string(),
        Some(GameResult::Unknown) => "* recorded".to_string(),
        Some(result) => format!("{result} recorded"),
    }
}

/// How the result on the board compares with the record's, in words.
fn result_words(recorded_result: Option<GameResult>, check: Option<ResultCheck>) -> String {
    let recorded = recorded_words(recorded_result);
    match check {
        Some(ResultCheck::Agrees(result)) => format!("agrees: {result} recorded, {result} on the board"),
        Some(ResultCheck::Disagrees { board, recorded }) => {
            format!("disagrees: {recorded} recorded, {board} on the board")
        }
        Some(ResultCheck::Unrecorded(board)) => format!("unrecorded: {recorded}, {board} on the board"),
        Some(ResultCheck::Unchecked(_)) | None => {
            format!("unchecked: {recorded}, the game is not over on the board")
        }
    }
}
