//! A line to replay: a start position and the moves played from it.

use crate::notation::{Notation, NotationError};
use crate::record::WriteGameError;
use crate::{Color, IllegalMove, Move, Position};

/// A line to replay: a game from a position on, where it started, the moves
/// played so far, and the position they reach. Moves come in as [`Move`]s or
/// as text in any notation, and go out as text in any notation, each written
/// against the position it is played in. A line knows only which moves are
/// legal; a [`History`](crate::History) made from it
/// ([`History::from_line`](crate::History::from_line)) also rules on
/// repetition and the move limit.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::notation::Notation;
/// use xiangqi_rules::record::Line;
///
/// let mut line = Line::new(Position::start());
/// line.play_text("炮二平五", None)?; // the notation of each text is detected,
/// line.play_text("h9g7", None)?;
/// line.play_text("H2+3", Some(Notation::Wxf))?; // or fixed
/// assert_eq!(line.movetext(Notation::Chinese)?, "1. 炮二平五 马８进７ 2. 马二进三");
/// assert_eq!(line.position().to_string(), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2");
///
/// // A text that is no legal move says why, and changes nothing.
/// let error = line.play_text("车５进１", None).unwrap_err();
/// assert_eq!(error.to_string(), "'车５进１' names no legal move: black has no chariot on file 5");
/// assert_eq!(line.moves().len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    start: Position,
    moves: Vec<Move>,
    position: Position,
}

impl Line {
    /// A game starting at `start`, no move played yet.
    #[must_use]
    pub const fn new(start: Position) -> Line {
        Line { start, moves: Vec::new(), position: start }
    }

    /// A game starting at `start` with room for `moves` moves.
    pub(crate) fn with_capacity(start: Position, moves: usize) -> Line {
        Line { start, moves: Vec::with_capacity(moves), position: start }
    }

    /// The position the game starts from.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position the moves reach.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// Plays `mv` in the current position.
    ///
    /// # Errors
    /// Why the move is illegal; the line is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.position.play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    /// Plays `mv`, known to be legal in the current position (a reader or
    /// writer of notation has checked it), without checking it again.
    pub(crate) fn play_legal(&mut self, mv: Move) {
        debug_assert!(self.position.is_legal(mv), "{mv} is not legal in {}", self.position);
        self.position.play_unchecked(mv);
        self.moves.push(mv);
    }

    /// Reads `text` as a move of the current position, in `notation` or, if
    /// that is `None`, in the notation it is detected to be written in (see
    /// [`Notation::parse_any`]), and plays it.
    ///
    /// # Errors
    /// Why the text is not a legal move here (see [`Notation::parse`]); the
    /// line is then unchanged.
    pub fn play_text(&mut self, text: &str, notation: Option<Notation>) -> Result<Move, NotationError> {
        let mv = match notation {
            Some(notation) => notation.parse(&self.position, text)?,
            None => Notation::parse_any(&self.position, text)?,
        };
        // Reading answers only a legal move (it checked it), so it is not checked twice.
        self.play_legal(mv);
        Ok(mv)
    }

    /// Each move with the position it is played in, in order.
    pub fn steps(&self) -> impl Iterator<Item = (Position, Move)> + '_ {
        self.moves.iter().scan(self.start, |position, &mv| {
            let before = *position;
            position.play_unchecked(mv);
            Some((before, mv))
        })
    }

    /// The position after each move, in order.
    pub fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        self.steps().map(|(mut position, mv)| {
            position.play_unchecked(mv);
            position
        })
    }

    /// Each move written in `notation`, against the position it is played in.
    ///
    /// # Errors
    /// The first move the notation has no name for (only possible in
    /// positions with more pieces of a kind than a side starts with).
    pub fn texts(&self, notation: Notation) -> Result<Vec<String>, WriteGameError> {
        self.steps()
            .enumerate()
            .map(|(index, (position, mv))| {
                notation.write(&position, mv).map_err(|error| WriteGameError { index, error })
            })
            .collect()
    }

    /// The moves in `notation` as numbered movetext on one line:
    /// `1. C2.5 H8+7 2. H2+3`; `1... H8+7` first when black moves first.
    /// The numbers count on from the start position's move number.
    ///
    /// # Errors
    /// As [`Line::texts`].
    pub fn movetext(&self, notation: Notation) -> Result<String, WriteGameError> {
        Ok(numbered(&self.start, &self.texts(notation)?).join(" "))
    }
}

/// A move's number as a record writes it before the move: `12.` before red's
/// twelfth move, `12...` before black's.
#[must_use]
pub fn move_number(position: &Position) -> String {
    let number = position.setup().fullmove_number.max(1);
    match position.turn() {
        Color::Red => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

/// The texts of a game from `start`, numbered and grouped as records write
/// them: `1. red black` for each move pair, `1... black` first when black
/// moves first, and `N. red` for a red move left over at the end.
pub(crate) fn numbered(start: &Position, texts: &[String]) -> Vec<String> {
    let mut number = start.setup().fullmove_number.max(1);
    let mut texts = texts.iter();
    let mut groups = Vec::new();
    if start.turn() == Color::Black {
        if let Some(black) = texts.next() {
            groups.push(format!("{number}... {black}"));
            number += 1;
        }
    }
    loop {
        match (texts.next(), texts.next()) {
            (Some(red), Some(black)) => groups.push(format!("{number}. {red} {black}")),
            (Some(red), None) => groups.push(format!("{number}. {red}")),
            _ => return groups,
        }
        number += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_of(fen: &str, moves: &[&str]) -> Line {
        let mut line = Line::new(fen.parse().unwrap());
        for text in moves {
            line.play_text(text, None).unwrap();
        }
        line
    }

    #[test]
    fn steps_and_positions_follow_the_moves() {
        let line =
            line_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", &["h2e2", "h9g7"]);
        let befores: Vec<String> = line.steps().map(|(position, _)| position.to_string()).collect();
        let afters: Vec<String> = line.positions().map(|position| position.to_string()).collect();
        assert_eq!(befores[0], Position::start().to_string());
        assert_eq!(befores[1], afters[0]);
        assert_eq!(afters[1], line.position().to_string());
        assert_eq!(line.texts(Notation::Wxf).unwrap(), ["C2.5", "H8+7"]);
        assert_eq!(line.texts(Notation::Engine).unwrap(), ["h3e3", "h10g8"]);
    }

    #[test]
    fn numbers_count_on_from_the_start_and_black_may_begin() {
        let black_first = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 7";
        let line = line_of(black_first, &["h9g7", "h0g2", "i9h9"]);
        assert_eq!(line.movetext(Notation::Iccs).unwrap(), "7... h9g7 8. h0g2 i9h9");
        assert_eq!(move_number(line.start()), "7...");
        assert_eq!(move_number(line.position()), "9.");
        let empty = Line::new(Position::start());
        assert_eq!(empty.movetext(Notation::Chinese).unwrap(), "");
        assert_eq!(empty.positions().count(), 0);
    }

    #[test]
    fn a_refused_move_leaves_the_line_as_it_was() {
        let mut line = line_of("3k5/9/9/9/9/9/9/9/R8/4K4 w", &["a1a2"]);
        let before = line.clone();
        assert!(line.play_text("a2a9", Some(Notation::Wxf)).is_err(), "ICCS text is not WXF");
        assert!(line.play("d9d9".parse().unwrap()).is_err());
        assert_eq!(line, before);
    }
}
