//! Writing a game as PGN-style text that [`pgn_games`](crate::record::pgn_games) reads back.

use core::fmt;
use std::fmt::Write as _;

use crate::notation::{Notation, NotationError};
use crate::record::game::format_tag;
use crate::record::replay::result_on_board;
use crate::record::{GameResult, Line, Node, Record};
use crate::{Color, Position};

/// A move that cannot be written: it is not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteGameError {
    /// Its place among the moves of its line, from 0.
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

impl Line {
    /// The line written as a PGN-style record: its moves in `notation`, one
    /// numbered move pair a line, then the result; the tags are the three
    /// the game sets itself (see [`Line::to_pgn_with_tags`]).
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// use xiangqi_rules::notation::Notation;
    /// use xiangqi_rules::record::Line;
    ///
    /// let mut line = Line::new(Position::start());
    /// for mv in ["h2e2", "h9g7", "h0g2"] {
    ///     line.play(mv.parse()?)?;
    /// }
    /// assert_eq!(
    ///     line.to_pgn(Notation::Chinese)?,
    ///     "[Result \"*\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７\n2. 马二进三 *\n"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The first move the notation has no name for (only possible in
    /// positions with more pieces of a kind than a side starts with).
    pub fn to_pgn(&self, notation: Notation) -> Result<String, WriteGameError> {
        self.to_pgn_with_tags(&[], notation)
    }

    /// The line written as a PGN-style record with `tags`, the moves in
    /// `notation`, one numbered move pair a line, then the result.
    ///
    /// The tags are written in their order, with three set by the game itself:
    /// `FEN` (written only when the game does not start from the start
    /// position), `Format` (the notation), and `Result` (kept if `tags` gives
    /// one, otherwise the result on the board if the game ends in mate or
    /// stalemate, otherwise `*`). Tags missing from `tags` come after the others.
    /// To write a [`PgnGame`](crate::record::PgnGame) back, pass its
    /// [`tags_with_result`](crate::record::PgnGame::tags_with_result), which keep a
    /// result written only after the moves.
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// use xiangqi_rules::notation::Notation;
    /// use xiangqi_rules::record::Line;
    ///
    /// let mut line = Line::new(Position::start());
    /// for mv in ["h2e2", "h9g7", "h0g2"] {
    ///     line.play(mv.parse()?)?;
    /// }
    /// let tags = [("Red".to_string(), "Liu Dahua".to_string())];
    /// assert_eq!(
    ///     line.to_pgn_with_tags(&tags, Notation::Chinese)?,
    ///     "[Red \"Liu Dahua\"]\n[Result \"*\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７\n2. 马二进三 *\n"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Line::to_pgn`].
    pub fn to_pgn_with_tags(
        &self,
        tags: &[(String, String)],
        notation: Notation,
    ) -> Result<String, WriteGameError> {
        let nodes: Vec<Node> = self.moves().iter().map(|&mv| Node::new(mv)).collect();
        write_text(tags, self.start(), None, &nodes, notation)
    }
}

impl Record {
    /// The record written as PGN-style text with `tags` rather than its own
    /// ([`Record::to_pgn`] writes its own, [`Record::pgn_tags`]): its start
    /// and main line as [`Line::to_pgn_with_tags`] writes them, with its
    /// comments (`{...}` after the move they follow, the one before the
    /// first move first) and its variations (`( ... )` after the move each
    /// is played instead of, nested as they are), which
    /// [`pgn_games`](crate::record::pgn_games) and [`read`](crate::record::read) read
    /// back into the same tree.
    ///
    /// A comment holding `}` is written after `;`, to the end of its line, where
    /// it is one line; otherwise its `}` are written as the full-width `｝`.
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// use xiangqi_rules::notation::Notation;
    /// use xiangqi_rules::record::{self, Node, Record};
    ///
    /// let mut record = Record::new(Position::start());
    /// record.comment = Some("a quiet game".into());
    /// record.moves = ["h2e2", "h9g7", "h0g2"].map(|mv| Node::new(mv.parse().unwrap())).into();
    /// record.moves[0].comment = Some("the central cannon".into());
    /// record.moves[1].variations.push(vec![Node::new("b9c7".parse()?), Node::new("b0c2".parse()?)]);
    /// let tags = [("Event".to_string(), "Spring cup".to_string())];
    /// let text = record.to_pgn_with_tags(&tags, Notation::Iccs)?;
    /// assert_eq!(
    ///     text,
    ///     "[Event \"Spring cup\"]\n[Result \"*\"]\n[Format \"ICCS\"]\n\n{a quiet game}\n\
    ///      1. h2e2 {the central cannon} 1... h9g7 (1... b9c7 2. b0c2)\n2. h0g2 *\n"
    /// );
    /// record.set_tag("Event", "Spring cup");
    /// assert_eq!(record::read_pgn(text.as_bytes())?.games.remove(0)?, record);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The first move, in the order written, that is not legal where it is
    /// played; its [`index`](WriteGameError::index) is its place in its own line.
    pub fn to_pgn_with_tags(
        &self,
        tags: &[(String, String)],
        notation: Notation,
    ) -> Result<String, WriteGameError> {
        write_text(tags, &self.start, self.comment.as_deref(), &self.moves, notation)
    }
}

/// The text of a record: tags, the comment before the first move, the moves
/// of `nodes` with their comments and variations, the result.
fn write_text(
    tags: &[(String, String)],
    start: &Position,
    comment: Option<&str>,
    nodes: &[Node],
    notation: Notation,
) -> Result<String, WriteGameError> {
    let mut moves = MoveText { text: String::new(), notation, line_start: true };
    if let Some(comment) = comment {
        moves.comment(comment);
        moves.end_line();
    }
    let position = moves.line(start, nodes, true)?;
    // Red's last move, alone, shares its line with the result.
    if !moves.line_start {
        moves.text.push(' ');
    }
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
    record.push_str(&moves.text);
    let _ = writeln!(record, "{result}");
    Ok(record)
}

/// The moves of a record being written: one numbered move pair a line in
/// the main line, a variation on the line of the move it follows.
struct MoveText {
    text: String,
    notation: Notation,
    /// Whether nothing stands on the current line yet.
    line_start: bool,
}

impl MoveText {
    /// Writes `word`, after a space unless it begins a line.
    fn word(&mut self, word: &str) {
        if !self.line_start {
            self.text.push(' ');
        }
        self.text.push_str(word);
        self.line_start = false;
    }

    fn end_line(&mut self) {
        if !self.line_start {
            self.text.push('\n');
            self.line_start = true;
        }
    }

    fn comment(&mut self, comment: &str) {
        if comment.contains('}') && !comment.contains(['\n', '\r']) {
            self.word(&format!("; {comment}"));
            self.end_line();
        } else {
            self.word(&format!("{{{}}}", comment.replace('}', "｝")));
        }
    }

    /// Writes the line `nodes` played from `start` and the comments and
    /// variations of its moves; the main line (`main`) breaks after each of
    /// black's moves. The position at its end.
    fn line(&mut self, start: &Position, nodes: &[Node], main: bool) -> Result<Position, WriteGameError> {
        let mut position = *start;
        // Whether black's next move needs its number, as after a comment.
        let mut numbered = true;
        for (index, node) in nodes.iter().enumerate() {
            let text =
                self.notation.write(&position, node.mv).map_err(|error| WriteGameError { index, error })?;
            let number = position.setup().fullmove_number.max(1);
            match position.turn() {
                Color::Red => self.word(&format!("{number}. {text}")),
                Color::Black if numbered => self.word(&format!("{number}... {text}")),
                Color::Black => self.word(&text),
            }
            numbered = false;
            if let Some(comment) = &node.comment {
                self.comment(comment);
                numbered = true;
            }
            for variation in &node.variations {
                self.word("(");
                self.line_start = true;
                self.line(&position, variation, false)?;
                self.text.push(')');
                self.line_start = false;
                numbered = true;
            }
            let mover = position.turn();
            // Writing checked that the move is legal.
            position.play_unchecked(node.mv);
            if main && mover == Color::Black {
                self.end_line();
            }
        }
        Ok(position)
    }
}

fn write_tag(record: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
    let name: String = name.chars().filter(|c| !c.is_whitespace() && !matches!(c, '"' | '[' | ']')).collect();
    let _ = writeln!(record, "[{name} \"{value}\"]");
}
