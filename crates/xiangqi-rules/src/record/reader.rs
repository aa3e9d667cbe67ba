//! Reading the games of a record one after another.

use core::fmt;

use crate::record::lexer::{Lexer, Token, TokenKind};
use crate::record::{Comment, Game, RecordedMove};

/// Text that is not a well-formed record, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counting characters.
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong with a record's text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// A `{` whose comment is never closed with `}`.
    UnterminatedComment,
    /// A `(` whose variation is never closed with `)`.
    UnterminatedVariation,
    /// A `)` that closes no variation.
    UnopenedVariation,
    /// A tag that is not `[Name "value"]`: what is wrong with it.
    BadTag(String),
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::UnterminatedComment => {
                f.write_str("this { opens a comment that is never closed with }")
            }
            RecordErrorKind::UnterminatedVariation => {
                f.write_str("this ( opens a variation that is never closed with )")
            }
            RecordErrorKind::UnopenedVariation => f.write_str("this ) closes no variation"),
            RecordErrorKind::BadTag(reason) => write!(f, "bad tag: {reason}"),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for RecordError {}

/// The games of a record's text, one after another (see [`games`]).
pub struct Games<'a> {
    lexer: Lexer<'a>,
    /// A tag, or a bad tag, that ended the game before it and begins the next one.
    pending: Option<Result<Token, RecordError>>,
    /// After an error, the rest of that game is skipped: up to its result, or
    /// to the first tag after some of its moves.
    skipping: bool,
    skipped_moves: bool,
}

/// Reads the games of `text`: each is tags, then moves, then a result.
///
/// A game ends at its result (`1-0`, `0-1`, `1/2-1/2`, `*`), at a tag that
/// follows its moves, or at the end of the text. Comments are kept; variations
/// are skipped; move numbers (`1.`, `1...`) and annotations (`$1`, `!?`) are
/// ignored; Chinese moves written without spaces between them are split.
///
/// The iterator yields an error where the text is not well formed (an
/// unclosed comment, a bad tag), skips the rest of that game, and goes on with
/// the next one.
///
/// ```
/// use xiangqi_rules::record;
///
/// let text = "[Red \"A\"]\n1. h2e2 h9g7 1-0\n\n[Red \"B\"]\n1. C2.5 H8+7 2. H2+3 *\n";
/// let games: Vec<_> = record::games(text).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].tag("Red"), Some("B"));
/// assert_eq!(games[1].moves[2].text, "H2+3");
/// assert_eq!((games[1].moves[2].line, games[1].moves[2].column), (5, 17));
/// # Ok::<(), record::RecordError>(())
/// ```
#[must_use]
pub fn games(text: &str) -> Games<'_> {
    Games { lexer: Lexer::new(text), pending: None, skipping: false, skipped_moves: false }
}

impl Games<'_> {
    /// Whether `token` belongs to the rest of a game that held an error.
    fn skips(&mut self, token: &Token) -> bool {
        if !self.skipping {
            return false;
        }
        match token.kind {
            TokenKind::Result(_) => {
                self.skipping = false;
                true
            }
            TokenKind::Tag { .. } if self.skipped_moves => {
                self.skipping = false;
                false
            }
            TokenKind::Tag { .. } | TokenKind::Comment(_) => true,
            _ => {
                self.skipped_moves = true;
                true
            }
        }
    }
}

impl Iterator for Games<'_> {
    type Item = Result<Game, RecordError>;

    fn next(&mut self) -> Option<Result<Game, RecordError>> {
        let mut game: Option<Game> = None;
        let mut in_moves = false;
        loop {
            let token = match self.pending.take().or_else(|| self.lexer.next_token()) {
                None => return game.filter(|game| !game.tags.is_empty() || !game.moves.is_empty()).map(Ok),
                Some(Err(error)) if in_moves && matches!(error.kind, RecordErrorKind::BadTag(_)) => {
                    self.pending = Some(Err(error));
                    return game.map(Ok);
                }
                Some(Err(error)) => {
                    (self.skipping, self.skipped_moves) = (true, false);
                    return Some(Err(error));
                }
                Some(Ok(token)) => token,
            };
            if self.skips(&token) {
                continue;
            }
            if in_moves && matches!(token.kind, TokenKind::Tag { .. }) {
                self.pending = Some(Ok(token));
                return game.map(Ok);
            }
            let (line, column) = (token.line, token.column);
            let current = game.get_or_insert_with(|| Game { line, column, ..Game::default() });
            match token.kind {
                TokenKind::Tag { name, value } => current.tags.push((name, value)),
                TokenKind::Comment(text) => {
                    current.comments.push(Comment { text, line, column, after_moves: current.moves.len() });
                }
                TokenKind::Move(text) => {
                    in_moves = true;
                    current.moves.push(RecordedMove { text, line, column });
                }
                TokenKind::MoveNumber | TokenKind::Annotation | TokenKind::Variation => in_moves = true,
                TokenKind::Result(result) => {
                    current.result = Some(result);
                    return game.map(Ok);
                }
            }
        }
    }
}

impl core::iter::FusedIterator for Games<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameResult;

    fn move_texts(game: &Game) -> Vec<&str> {
        game.moves.iter().map(|mv| mv.text.as_str()).collect()
    }

    #[test]
    fn games_end_at_results_at_tags_after_moves_and_at_the_end() {
        let text =
            "[Game \"1\"]\n1. h2e2 h9g7 *\n{between games}\n[Game \"2\"]\n1. h0g2\n[Game \"3\"]\n1. c3c4";
        let read: Vec<Game> = games(text).collect::<Result<_, _>>().unwrap();
        assert_eq!(read.len(), 3);
        assert_eq!(move_texts(&read[0]), ["h2e2", "h9g7"]);
        assert_eq!(read[0].result, Some(GameResult::Unknown));
        assert_eq!(read[1].comments[0].text, "between games");
        assert_eq!((read[1].line, read[1].column), (3, 1));
        assert_eq!(read[1].tag("Game"), Some("2"));
        assert_eq!(read[1].result, None);
        assert_eq!(move_texts(&read[2]), ["c3c4"]);
        assert_eq!(games("").count(), 0);
        assert_eq!(games("  \n{only a comment}\n").count(), 0);
    }

    #[test]
    fn an_error_skips_the_rest_of_its_game_only() {
        let text = "[Game \"1\"]\n1. h2e2 ) h9g7 1-0\n\
                    [Game \"2\"\n1. h0g2 0-1\n\
                    [Game \"3\"]\n1. c3c4 *\n";
        let items: Vec<Result<Game, RecordError>> = games(text).collect();
        assert_eq!(items.len(), 3);
        let error = items[0].as_ref().unwrap_err();
        assert_eq!((error.line, error.column, &error.kind), (2, 9, &RecordErrorKind::UnopenedVariation));
        assert_eq!(error.to_string(), "line 2, column 9: this ) closes no variation");
        let error = items[1].as_ref().unwrap_err();
        assert_eq!(error.to_string(), "line 3, column 10: bad tag: tag Game must end with ] after its value");
        let third = items[2].as_ref().unwrap();
        assert_eq!(third.tag("Game"), Some("3"));
        assert_eq!(move_texts(third), ["c3c4"]);
    }

    #[test]
    fn after_an_error_reading_resumes_at_a_result_or_at_a_tag_after_moves() {
        let read = |text| -> Vec<Result<Vec<String>, String>> {
            games(text)
                .map(|item| {
                    item.map(|game| move_texts(&game).into_iter().map(String::from).collect())
                        .map_err(|error| error.to_string())
                })
                .collect()
        };
        let unopened = || Err("line 1, column 9: this ) closes no variation".to_string());
        // The result ends the broken game; the next begins without a tag.
        assert_eq!(read("1. h2e2 ) h9g7 1-0\n1. c3c4 *"), [unopened(), Ok(vec!["c3c4".to_string()])]);
        // No result: a tag after the skipped moves begins the next game.
        assert_eq!(
            read("1. h2e2 ) h9g7\n[Game \"2\"]\n1. c3c4 *"),
            [unopened(), Ok(vec!["c3c4".to_string()])]
        );
        // A broken header: the tags and comments after it, before any move, are still its own.
        let header = "[Game \"1\"\n{a note}\n[Event \"x\"]\n1. h2e2 *\n[Game \"2\"]\n1. c3c4 *";
        assert_eq!(
            read(header),
            [
                Err("line 1, column 10: bad tag: tag Game must end with ] after its value".to_string()),
                Ok(vec!["c3c4".to_string()])
            ]
        );
        let no_comment = "[Game \"1\"\n[Event \"x\"]\n1. h2e2 *\n[Game \"2\"]\n1. c3c4 *";
        assert_eq!(read(no_comment).len(), 2, "{:?}", read(no_comment));
    }

    #[test]
    fn a_bad_tag_after_a_game_without_result_keeps_that_game() {
        let items: Vec<Result<Game, RecordError>> =
            games("1. h2e2 h9g7\n[Bad tag\n1. c3c4 *\n[Game \"3\"]\n1. b2e2").collect();
        assert_eq!(items.len(), 3);
        assert_eq!(move_texts(items[0].as_ref().unwrap()), ["h2e2", "h9g7"]);
        assert_eq!(
            items[1].as_ref().unwrap_err().to_string(),
            "line 2, column 6: bad tag: the value of tag Bad must be in double quotes"
        );
        assert_eq!(move_texts(items[2].as_ref().unwrap()), ["b2e2"]);
    }

    #[test]
    fn an_unclosed_comment_ends_the_text() {
        let items: Vec<Result<Game, RecordError>> = games("1. h2e2 h9g7 *\n1. h0g2 {oops\n\n").collect();
        assert_eq!(items.len(), 2);
        assert!(items[0].is_ok());
        assert_eq!(
            items[1].as_ref().unwrap_err().to_string(),
            "line 2, column 9: this { opens a comment that is never closed with }"
        );
    }
}
