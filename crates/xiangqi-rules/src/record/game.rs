//! A game as a record holds it: tags, moves as written, comments, result.

use crate::notation::Notation;
use crate::record::replay::ReplayError;
use crate::{GameResult, ParsePositionError, Position};

/// A move as the record writes it, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move's text, such as `炮二平五` or `h2e2`.
    pub text: String,
    /// The line it stands on, from 1.
    pub line: usize,
    /// The column it starts at, from 1, counting characters.
    pub column: usize,
}

/// A `{comment}` (or `; comment` to the end of a line), and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnComment {
    /// The text between the braces, without the spaces around it.
    pub text: String,
    /// The line of its opening brace, from 1.
    pub line: usize,
    /// The column of its opening brace, from 1, counting characters.
    pub column: usize,
    /// How many of the game's moves come before it.
    pub after_moves: usize,
}

/// A variation as a record writes it, `( ... )` after a move: the moves
/// that could have been played instead of that move and after it, with its
/// comments and the variations inside it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnVariation {
    /// The move it is played instead of: that move's place among the moves
    /// of the line the variation is written in, from 0.
    pub replaces: usize,
    /// Its moves, in order.
    pub moves: Vec<PgnMove>,
    /// Its comments, in order; each [`PgnComment::after_moves`] counts the
    /// variation's own moves.
    pub comments: Vec<PgnComment>,
    /// The variations written inside it, in order; each one's
    /// [`replaces`](PgnVariation::replaces) is a place among this variation's moves.
    pub variations: Vec<PgnVariation>,
    /// The line of its `(`, from 1.
    pub line: usize,
    /// The column of its `(`, from 1, counting characters.
    pub column: usize,
}

/// One game of a record: its tags, its moves as written, its comments, its
/// variations and the result written after the moves.
///
/// The text of a game, its moves not yet played: what a tool that shows or
/// checks the text itself needs (each move as written, and where). To play
/// it, [`PgnGame::replay`] gives its main line as a [`Line`](crate::record::Line),
/// and [`read_pgn`](crate::record::read_pgn) gives the whole [`Record`](crate::record::Record).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, `[Name "value"]`, in the order written.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line, in order.
    pub moves: Vec<PgnMove>,
    /// The comments of the main line, in order.
    pub comments: Vec<PgnComment>,
    /// The variations of the main line, in order (see [`PgnVariation`]).
    pub variations: Vec<PgnVariation>,
    /// The result written after the moves, if any.
    pub result: Option<GameResult>,
    /// The line where the game begins (its first tag, comment or move), from 1.
    pub line: usize,
    /// The column where the game begins, from 1.
    pub column: usize,
}

impl PgnGame {
    /// The value of the first tag called `name`, in any case.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// The result the record gives: its `Result` tag, or if that is missing or
    /// not a result, the result written after the moves.
    #[must_use]
    pub fn recorded_result(&self) -> Option<GameResult> {
        self.tag("Result").and_then(result_named).or(self.result)
    }

    /// The tags to write the game back with: its own, with the result the
    /// record gives ([`PgnGame::recorded_result`]) as the `Result` tag, also
    /// where it is written only after the moves. What
    /// [`Line::to_pgn_with_tags`](crate::record::Line::to_pgn_with_tags) takes, so that a record
    /// written again keeps its result.
    ///
    /// ```
    /// use xiangqi_rules::record;
    ///
    /// let game = record::pgn_games("[Red \"A\"]\n1. 炮二平五 马８进７ 1-0").next().expect("one game")?;
    /// assert_eq!(game.tag("Result"), None);
    /// let tags = game.tags_with_result();
    /// assert_eq!(tags, [("Red".to_string(), "A".to_string()), ("Result".to_string(), "1-0".to_string())]);
    /// # Ok::<(), record::RecordError>(())
    /// ```
    #[must_use]
    pub fn tags_with_result(&self) -> Vec<(String, String)> {
        let mut tags = self.tags.clone();
        let Some(result) = self.recorded_result() else { return tags };
        let value = result.as_str().to_string();
        match tags.iter_mut().find(|(name, _)| name.eq_ignore_ascii_case("Result")) {
            Some((_, recorded)) => *recorded = value,
            None => tags.push(("Result".to_string(), value)),
        }
        tags
    }

    /// The position the game starts from: its `FEN` tag, or the start position.
    ///
    /// # Errors
    /// The `FEN` tag does not describe a legal position.
    ///
    /// A FEN as other tools write it is read too: `r` or `red` for red, no
    /// side to move (red), no counters, move number 0. The reader
    /// ([`pgn_games`](crate::record::pgn_games)) warns of such a FEN.
    pub fn start_position(&self) -> Result<Position, ReplayError> {
        let Some(fen) = self.tag("FEN") else { return Ok(Position::start()) };
        Position::from_fen(fen).or_else(|error: ParsePositionError| {
            usual_fen(fen)
                .and_then(|usual| Position::from_fen(&usual).ok())
                .ok_or_else(|| ReplayError::BadFen { fen: fen.to_string(), error })
        })
    }

    /// The notation the `Format` tag gives (`ICCS`, `WXF`, `Chinese`, or
    /// `Engine` for engine coordinates); `None` where the tag is missing and
    /// each move's notation is to be detected.
    ///
    /// # Errors
    /// The `Format` tag names none of these.
    pub fn notation(&self) -> Result<Option<Notation>, ReplayError> {
        self.tag("Format")
            .map(|value| {
                // Chinese tools name their own notation in their own words.
                let chinese = ["zh", "zh-cn", "zh_cn", "cn", "中文", "中国象棋"];
                if chinese.iter().any(|name| name.eq_ignore_ascii_case(value.trim())) {
                    return Ok(Notation::Chinese);
                }
                value.parse().map_err(|_| ReplayError::UnknownFormat { value: value.to_string() })
            })
            .transpose()
    }

    /// The notation the game is written in, in which to write its moves
    /// back (a ruling's, a report's): the one the `Format` tag gives, or
    /// else the one its first move is written in, as read in the start
    /// position ([`Notation::detect_in`]), as `xiangqi play` does. `None`
    /// for a game without moves in a notation, or whose `Format` tag or
    /// `FEN` cannot be used.
    ///
    /// ```
    /// use xiangqi_rules::notation::Notation;
    /// use xiangqi_rules::record::pgn_games;
    ///
    /// let text = "1. 炮二平五 马８进７ 2. h0g2 *\n\n[Format \"WXF\"]\n1. C2.5 *\n\n1. h3e3 *\n";
    /// let read: Vec<_> = pgn_games(text).collect::<Result<_, _>>()?;
    /// assert_eq!(read[0].written_notation(), Some(Notation::Chinese), "the first move's");
    /// assert_eq!(read[1].written_notation(), Some(Notation::Wxf), "the tag's");
    /// assert_eq!(read[2].written_notation(), Some(Notation::Engine), "the cannon on h2");
    /// # Ok::<(), xiangqi_rules::record::RecordError>(())
    /// ```
    #[must_use]
    pub fn written_notation(&self) -> Option<Notation> {
        if let Some(tagged) = self.notation().ok()? {
            return Some(tagged);
        }
        let start = self.start_position().ok()?;
        self.moves.first().and_then(|first| Notation::detect_in(&start, &first.text))
    }
}

/// The FEN `fen` written as this crate writes FENs, where it is written as
/// other tools write them: the side to move `r` or `red` for red (`w`),
/// `black` for `b`, or missing (red); the castling and en passant fields
/// (`- -`) missing; the counters missing (`0 1`), or the move number 0
/// (1). `None` where it needs none of that, or is no FEN of this shape.
pub(crate) fn usual_fen(fen: &str) -> Option<String> {
    let mut fields = fen.split_whitespace();
    let board = fields.next()?;
    let side = match fields.next() {
        None => "w",
        Some("w" | "W" | "r" | "R" | "red" | "Red") => "w",
        Some("b" | "B" | "black" | "Black") => "b",
        Some(_) => return None,
    };
    let mut counters = fields.filter(|&field| field != "-");
    let halfmove: u32 = counters.next().map_or(Some(0), |field| field.parse().ok())?;
    let fullmove: u32 = counters.next().map_or(Some(1), |field| field.parse().ok())?;
    if counters.next().is_some() {
        return None;
    }
    let usual = format!("{board} {side} - - {halfmove} {}", fullmove.max(1));
    (usual != fen.trim()).then_some(usual)
}

/// The result a record names: `1-0`, `0-1`, `1/2-1/2` or `*` (see
/// [`GameResult::from_record`]), or in the words Chinese records and sites
/// write (`红胜` red wins, `黑胜`, `和棋`, `红负` red loses, `红先胜` red, who
/// moved first, wins, ...).
pub(crate) fn result_named(text: &str) -> Option<GameResult> {
    GameResult::from_record(text).or_else(|| match text.trim() {
        "红胜" | "红先胜" | "黑负" | "红先黑负" | "紅勝" | "紅先勝" | "黑負" => {
            Some(GameResult::RedWins)
        }
        "黑胜" | "红负" | "红先负" | "黑先胜" | "黑勝" | "紅負" | "紅先負" => {
            Some(GameResult::BlackWins)
        }
        "和棋" | "和" | "红和" | "红先和" | "黑和" | "和局" | "紅和" | "紅先和" => {
            Some(GameResult::Draw)
        }
        "未知" => Some(GameResult::Unknown),
        _ => None,
    })
}

/// The `Format` tag's value for a notation.
pub(crate) const fn format_tag(notation: Notation) -> &'static str {
    match notation {
        Notation::Iccs => "ICCS",
        Notation::Engine => "Engine",
        Notation::Wxf => "WXF",
        Notation::Chinese => "Chinese",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_and_write_as_records_write_them() {
        board_geometry::testing::assert_named::<GameResult>(&["1-0", "0-1", "1/2-1/2", "*"]);
        for result in GameResult::ALL {
            assert_eq!(GameResult::from_record(&format!(" {result} ")), Some(result));
        }
        assert_eq!(GameResult::from_record("1-1"), None);
        assert_eq!(GameResult::from_record("½-½"), None);
    }

    #[test]
    fn tags_are_found_in_any_case_and_format_names_every_notation() {
        let mut game = PgnGame { tags: vec![("format".into(), "wxf".into())], ..PgnGame::default() };
        assert_eq!(game.tag("Format"), Some("wxf"));
        assert_eq!(game.notation(), Ok(Some(Notation::Wxf)));
        for notation in Notation::ALL {
            game.tags = vec![("Format".into(), format_tag(notation).into())];
            assert_eq!(game.notation(), Ok(Some(notation)));
        }
        game.tags = vec![("Format".into(), "DhtmlXQ".into())];
        assert_eq!(game.notation(), Err(ReplayError::UnknownFormat { value: "DhtmlXQ".into() }));
        assert_eq!(game.start_position(), Ok(Position::start()));
        game.tags = vec![("Result".into(), "draw".into())];
        game.result = Some(GameResult::Draw);
        assert_eq!(game.recorded_result(), Some(GameResult::Draw));
    }

    #[test]
    fn the_tags_to_write_carry_the_result_the_record_gives() {
        let tag = |name: &str, value: &str| (name.to_string(), value.to_string());
        let with = |tags: Vec<(String, String)>, result| {
            PgnGame { tags, result, ..PgnGame::default() }.tags_with_result()
        };
        // Only after the moves: added as a tag.
        assert_eq!(
            with(vec![tag("Red", "A")], Some(GameResult::RedWins)),
            [tag("Red", "A"), tag("Result", "1-0")]
        );
        // A tag that is no result gives way to the one after the moves, in its place.
        assert_eq!(
            with(vec![tag("result", "draw"), tag("Red", "A")], Some(GameResult::Draw)),
            [tag("result", "1/2-1/2"), tag("Red", "A")]
        );
        // The tag wins over the moves' result, as in PgnGame::recorded_result.
        assert_eq!(with(vec![tag("Result", "0-1")], Some(GameResult::RedWins)), [tag("Result", "0-1")]);
        // No result anywhere: the tags as they are.
        assert_eq!(with(vec![tag("Result", "draw")], None), [tag("Result", "draw")]);
        assert_eq!(with(vec![], None), []);
    }
}
