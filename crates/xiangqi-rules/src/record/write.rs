//! Writing a game as a record that [`games`](crate::record::games) reads back.

use core::fmt;
use std::fmt::Write as _;

use crate::notation::{Notation, NotationError};
use crate::record::GameResult;
use crate::record::game::format_tag;
use crate::record::line::Line;
use crate::record::replay::result_on_board;
use crate::{Color, Move, Position};

/// A move that cannot be written: it is not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteGameError {
    /// Its place among the moves, from 0.
    pub index: usize,
    /// Why it cannot be written.
    pub error: NotationError,
}

impl fmt::Display for WriteGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for WriteGameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Writes a record of the game played from `start` by `moves`, the moves in
/// `notation`, one numbered move pair a line, then the result.
///
/// The tags are written in their order, with three set by the game itself:
/// `FEN` (written only when the game does not start from the start
/// position), `Format` (the notation), and `Result` (kept if `tags` gives
/// one, otherwise the result on the board if the game ends in mate or
/// stalemate, otherwise `*`). Tags missing from `tags` come after the others.
/// To write a [`Game`](crate::record::Game) back, pass its
/// [`tags_with_result`](crate::record::Game::tags_with_result), which keep a
/// result written only after the moves.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::notation::Notation;
/// use xiangqi_rules::record::write_game;
///
/// let moves = ["h2e2", "h9g7", "h0g2"].map(|mv| mv.parse().unwrap());
/// let tags = [("Red".to_string(), "Liu Dahua".to_string())];
/// let record = write_game(&tags, &Position::start(), &moves, Notation::Chinese)?;
/// assert_eq!(
///     record,
///     "[Red \"Liu Dahua\"]\n[Result \"*\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７\n2. 马二进三 *\n"
/// );
/// # Ok::<(), xiangqi_rules::record::WriteGameError>(())
/// ```
///
/// # Errors
/// The first move that is not legal where it is played.
pub fn write_game(
    tags: &[(String, String)],
    start: &Position,
    moves: &[Move],
    notation: Notation,
) -> Result<String, WriteGameError> {
    let mut line = Line::new(*start);
    let mut texts = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        // Writing checks that the move is legal, so playing it does not check again.
        let text = notation.write(line.position(), mv).map_err(|error| WriteGameError { index, error })?;
        texts.push(text);
        line.play_legal(mv);
    }
    let position = *line.position();
    let given_result = tags.iter().find(|(name, _)| name.eq_ignore_ascii_case("Result"));
    let result = given_result
        .and_then(|(_, value)| crate::record::game::result_named(value))
        .or_else(|| result_on_board(&position))
        .unwrap_or(GameResult::Unknown);

    let fen = (start.to_string() != Position::start().to_string()).then(|| start.to_string());
    let mut own: Vec<(&str, Option<String>)> = vec![
        ("Result", Some(result.to_string())),
        ("FEN", fen),
        ("Format", Some(format_tag(notation).to_string())),
    ];
    let mut record = String::new();
    for (name, value) in tags {
        match own.iter_mut().find(|(own_name, _)| own_name.eq_ignore_ascii_case(name)) {
            Some((own_name, own_value)) => {
                if let Some(value) = own_value.take() {
                    write_tag(&mut record, own_name, &value);
                }
            }
            None => write_tag(&mut record, name, value),
        }
    }
    for (name, value) in own {
        if let Some(value) = value {
            write_tag(&mut record, name, &value);
        }
    }
    record.push('\n');
    write_moves(&mut record, start, &texts);
    let _ = writeln!(record, "{result}");
    Ok(record)
}

fn write_tag(record: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
    let name: String = name.chars().filter(|c| !c.is_whitespace() && !matches!(c, '"' | '[' | ']')).collect();
    let _ = writeln!(record, "[{name} \"{value}\"]");
}

/// `1. red black` a line, numbered from the start position's move number;
/// `1... black` first when black moves first; a red move left over at the
/// end shares its line with the result.
fn write_moves(record: &mut String, start: &Position, texts: &[String]) {
    let mut number = start.setup().fullmove_number.max(1);
    let mut texts = texts;
    if start.turn() == Color::Black {
        if let Some((black, rest)) = texts.split_first() {
            let _ = writeln!(record, "{number}... {black}");
            number += 1;
            texts = rest;
        }
    }
    for pair in texts.chunks(2) {
        let _ = write!(record, "{number}. {}", pair[0]);
        match pair.get(1) {
            Some(black) => {
                let _ = writeln!(record, " {black}");
            }
            // Red's last move, alone, shares its line with the result.
            None => record.push(' '),
        }
        number += 1;
    }
}
