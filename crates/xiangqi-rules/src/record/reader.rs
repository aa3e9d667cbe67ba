//! Reading the games of a record one after another.

use core::fmt;

use crate::Position;
use crate::notation::Notation;
use crate::record::game::usual_fen;
use crate::record::lexer::{Lexer, Token, TokenKind};
use crate::record::{
    MAX_VARIATION_DEPTH, PgnComment, PgnGame, PgnMove, PgnVariation, RecordWarning, RecordWarningKind,
};

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
    BadTag(BadTag),
}

/// What is wrong with a tag that is not `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BadTag {
    /// `[` is not followed by a name (`[ "x"]`).
    NoName,
    /// The value is not in double quotes (`[Event Example]`).
    ValueNotQuoted {
        /// The tag's name.
        name: String,
    },
    /// The line ends inside the value.
    NoClosingQuote {
        /// The tag's name.
        name: String,
    },
    /// Something other than `]` follows the value (`[Red "x" y]`).
    NoClosingBracket {
        /// The tag's name.
        name: String,
    },
}

impl fmt::Display for BadTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadTag::NoName => f.write_str("a tag starts with its name: [Name \"value\"]"),
            BadTag::ValueNotQuoted { name } => write!(f, "the value of tag {name} must be in double quotes"),
            BadTag::NoClosingQuote { name } => write!(f, "the value of tag {name} has no closing quote"),
            BadTag::NoClosingBracket { name } => write!(f, "tag {name} must end with ] after its value"),
        }
    }
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

/// The games of a record's text, one after another (see [`pgn_games`]).
pub struct PgnGames<'a> {
    lexer: Lexer<'a>,
    /// A tag, or a bad tag, that ended the game before it and begins the next one.
    pending: Option<Result<Token, RecordError>>,
    /// After an error, the rest of that game is skipped: up to its result, or
    /// to the first tag after some of its moves.
    skipping: bool,
    skipped_moves: bool,
    /// Whether what is skipped is text that is no game, whose errors are no problem.
    skipping_no_game: bool,
    /// What was read leniently or skipped, and not yet taken.
    warnings: Vec<RecordWarning>,
}

/// Reads the games of `text`: each is tags, then moves, then a result.
///
/// A game ends at its result (`1-0`, `0-1`, `1/2-1/2`, `*`), at a tag that
/// follows its moves, or at the end of the text. Comments and variations
/// are kept ([`PgnGame::variations`]); move numbers (`1.`, `1...`) and annotations (`$1`, `!?`) are
/// ignored; Chinese moves written without spaces between them are split.
///
/// The iterator yields an error where the text is not well formed (an
/// unclosed comment, a bad tag), skips the rest of that game, and goes on with
/// the next one.
///
/// Some texts are read leniently, each time with a warning
/// ([`PgnGames::take_warnings`]):
/// - a quote inside a tag's value that is not escaped (`[Event "the "Spring"
///   cup"]`) is part of the value: only a quote followed by `]` closes it;
/// - text that holds no tag and no word that is a move in any notation
///   (move numbers, results, brackets and comments alone make no game) is
///   not a game and is skipped, with what it holds that is not well formed:
///   the footer that xqbase-style files end with (a line of `=`, the site's
///   name and address), also between games where such files were joined; a
///   README, a script, a web page that loads a record from elsewhere. Text
///   with a tag or a move is a game, and a bad one if its moves do not read.
///
/// ```
/// use xiangqi_rules::record;
///
/// let text = "[Red \"A\"]\n1. h2e2 h9g7 1-0\n\n[Red \"B\"]\n1. C2.5 H8+7 2. H2+3 *\n";
/// let games: Vec<_> = record::pgn_games(text).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].tag("Red"), Some("B"));
/// assert_eq!(games[1].moves[2].text, "H2+3");
/// assert_eq!((games[1].moves[2].line, games[1].moves[2].column), (5, 17));
/// # Ok::<(), record::RecordError>(())
/// ```
#[must_use]
pub fn pgn_games(text: &str) -> PgnGames<'_> {
    PgnGames {
        lexer: Lexer::new(text),
        pending: None,
        skipping: false,
        skipped_moves: false,
        skipping_no_game: false,
        warnings: Vec::new(),
    }
}

impl PgnGames<'_> {
    /// The warnings of the text read so far that have not been taken yet, in
    /// the order of the text: after each [`next`](Iterator::next), those of
    /// the game it returned, after those of any text skipped before that
    /// game (and after the last game, those of the text skipped after it).
    ///
    /// ```
    /// use xiangqi_rules::record;
    ///
    /// let text = "[Event \"the \"Spring\" cup\"]\n1. h2e2 1-0\n=====\nwww.example.com\n";
    /// let mut games = record::pgn_games(text);
    /// let game = games.next().expect("one game")?;
    /// assert_eq!(game.tag("Event"), Some("the \"Spring\" cup"));
    /// let warnings = games.take_warnings();
    /// assert_eq!(warnings[0].to_string(), "line 1, column 13: the value of tag Event holds a quote (\") \
    ///                                      that is not escaped as \\\": read as part of the value");
    /// assert!(games.next().is_none(), "the footer is not a game");
    /// assert_eq!(
    ///     games.take_warnings()[0].to_string(),
    ///     "line 3, column 1: skipped '=====' and 1 more word (to line 4): not a game, \
    ///      with no tag and no move in any notation"
    /// );
    /// # Ok::<(), record::RecordError>(())
    /// ```
    pub fn take_warnings(&mut self) -> Vec<RecordWarning> {
        std::mem::take(&mut self.warnings)
    }

    /// Whether `token` belongs to the rest of a game that held an error.
    fn skips(&mut self, token: &Token) -> bool {
        if !self.skipping {
            return false;
        }
        match token.kind {
            TokenKind::Result(_) => {
                (self.skipping, self.skipping_no_game) = (false, false);
                true
            }
            TokenKind::Tag { .. } if self.skipped_moves => {
                (self.skipping, self.skipping_no_game) = (false, false);
                false
            }
            TokenKind::EndOfBlock => {
                (self.skipping, self.skipping_no_game) = (false, false);
                true
            }
            TokenKind::Tag { .. } | TokenKind::Comment(_) => true,
            _ => {
                self.skipped_moves = true;
                true
            }
        }
    }
}

/// A game as read, which may be text that is no game.
struct Read {
    game: PgnGame,
}

impl Read {
    /// Whether this is text where a game could begin that is no game: no
    /// tag, and words none of which is a move in any notation (see
    /// [`pgn_games`]). Move numbers, results, brackets and comments alone do not
    /// make a game: READMEs number their steps, scripts open brackets, and
    /// lists are bulleted with `*`.
    fn is_not_a_game(&self) -> bool {
        let game = &self.game;
        game.tags.is_empty()
            && !game.moves.is_empty()
            && game.moves.iter().all(|word| Notation::detect(&word.text).is_none())
    }

    fn skipped(self) -> RecordWarning {
        let (first, last) = (&self.game.moves[0], &self.game.moves[self.game.moves.len() - 1]);
        let first_word = match first.text.char_indices().nth(40) {
            Some((end, _)) => format!("{}…", &first.text[..end]),
            None => first.text.clone(),
        };
        let kind =
            RecordWarningKind::NotAGame { first_word, words: self.game.moves.len(), last_line: last.line };
        RecordWarning { line: first.line, column: first.column, kind }
    }
}

impl PgnGames<'_> {
    /// The next game, or text read as one, or the next problem.
    fn read(&mut self) -> Option<Result<Read, RecordError>> {
        let mut game: Option<PgnGame> = None;
        let mut in_moves = false;
        // The variations open at the reading point, innermost last, and how
        // many more are open inside the innermost, too deep to keep.
        let mut open: Vec<PgnVariation> = Vec::new();
        let mut too_deep = 0usize;
        let read = |game: Option<PgnGame>| game.map(|game| Ok(Read { game }));
        loop {
            let token = match self.pending.take().or_else(|| self.lexer.next_token()) {
                None => {
                    if let Some(current) = game.as_mut() {
                        close_variations(current, &mut open);
                    }
                    let game = game.filter(|game| !game.tags.is_empty() || !game.moves.is_empty());
                    return read(game);
                }
                // Text that is no game (a script, a web page) breaks no record:
                // its brackets and braces are skipped with it. A bad tag inside
                // a variation is no move of it.
                Some(Err(_)) if self.skipping_no_game || !open.is_empty() => continue,
                Some(Err(error)) => {
                    if let Some(so_far) = game.take() {
                        let so_far = Read { game: so_far };
                        if so_far.is_not_a_game() {
                            self.warnings.push(so_far.skipped());
                            (self.skipping, self.skipped_moves, self.skipping_no_game) = (true, false, true);
                            continue;
                        }
                        game = Some(so_far.game);
                    }
                    if in_moves && matches!(error.kind, RecordErrorKind::BadTag(_)) {
                        self.pending = Some(Err(error));
                        return read(game);
                    }
                    (self.skipping, self.skipped_moves) = (true, false);
                    return Some(Err(error));
                }
                Some(Ok(token)) => token,
            };
            if self.skips(&token) {
                continue;
            }
            if !open.is_empty() {
                read_in_variation(token, &mut open, &mut too_deep, &mut game);
                continue;
            }
            let (line, column) = (token.line, token.column);
            if token.kind == TokenKind::EndOfBlock {
                if game.as_ref().is_some_and(|game| !game.tags.is_empty() || !game.moves.is_empty()) {
                    return read(game);
                }
                continue;
            }
            if in_moves && matches!(token.kind, TokenKind::Tag { .. }) {
                // A tag on the line of a move is an engine's annotation of it
                // (`1.炮二平五 [Score "8=-2"] 马２进３`); one that begins a line ends the game.
                if let (Some(current), TokenKind::Tag { name, value, .. }) = (game.as_mut(), &token.kind) {
                    if current.moves.last().is_some_and(|last| last.line == line) {
                        let text = format!("[{name} \"{value}\"]");
                        current.comments.push(PgnComment {
                            text,
                            line,
                            column,
                            after_moves: current.moves.len(),
                        });
                        continue;
                    }
                }
                self.pending = Some(Ok(token));
                return read(game);
            }
            let current = game.get_or_insert_with(|| PgnGame { line, column, ..PgnGame::default() });
            match token.kind {
                TokenKind::Tag { name, value, unescaped_quote } => {
                    if let Some((line, column)) = unescaped_quote {
                        let kind = RecordWarningKind::UnescapedQuote { tag: name.clone() };
                        self.warnings.push(RecordWarning { line, column, kind });
                    }
                    if name.eq_ignore_ascii_case("FEN") && Position::from_fen(&value).is_err() {
                        let usual = usual_fen(&value).filter(|usual| Position::from_fen(usual).is_ok());
                        if let Some(read_as) = usual {
                            let kind = RecordWarningKind::UnusualFen { fen: value.clone(), read_as };
                            self.warnings.push(RecordWarning { line, column, kind });
                        }
                    }
                    current.tags.push((name, value));
                }
                TokenKind::Comment(text) => {
                    current.comments.push(PgnComment {
                        text,
                        line,
                        column,
                        after_moves: current.moves.len(),
                    });
                }
                TokenKind::Move(text) => {
                    in_moves = true;
                    current.moves.push(PgnMove { text, line, column });
                }
                TokenKind::VariationStart => {
                    in_moves = true;
                    open.push(PgnVariation {
                        replaces: current.moves.len().saturating_sub(1),
                        line,
                        column,
                        ..PgnVariation::default()
                    });
                }
                TokenKind::MoveNumber | TokenKind::Annotation | TokenKind::VariationEnd => in_moves = true,
                // Taken before: it begins no game.
                TokenKind::EndOfBlock => {}
                TokenKind::Result(result) => {
                    current.result = Some(result);
                    return read(game);
                }
            }
        }
    }
}

/// Takes `token`, read inside the innermost of the variations `open`: a move or comment of it, the start of a variation inside it
/// (skipped, with `too_deep`, deeper than [`MAX_VARIATION_DEPTH`]), or its
/// end, which joins it to the line it is written in. A tag is an annotation
/// there; move numbers, annotations and results are no moves.
fn read_in_variation(
    token: Token,
    open: &mut Vec<PgnVariation>,
    too_deep: &mut usize,
    game: &mut Option<PgnGame>,
) {
    let (line, column) = (token.line, token.column);
    if *too_deep > 0 {
        match token.kind {
            TokenKind::VariationStart => *too_deep += 1,
            TokenKind::VariationEnd => *too_deep -= 1,
            _ => {}
        }
        return;
    }
    let depth = open.len();
    let Some(innermost) = open.last_mut() else { return };
    let comment = |text, innermost: &PgnVariation| PgnComment {
        text,
        line,
        column,
        after_moves: innermost.moves.len(),
    };
    match token.kind {
        TokenKind::Move(text) => innermost.moves.push(PgnMove { text, line, column }),
        TokenKind::Comment(text) => {
            let comment = comment(text, innermost);
            innermost.comments.push(comment);
        }
        TokenKind::Tag { name, value, .. } => {
            let comment = comment(format!("[{name} \"{value}\"]"), innermost);
            innermost.comments.push(comment);
        }
        TokenKind::VariationStart if depth >= MAX_VARIATION_DEPTH => *too_deep = 1,
        TokenKind::VariationStart => {
            let replaces = innermost.moves.len().saturating_sub(1);
            open.push(PgnVariation { replaces, line, column, ..PgnVariation::default() });
        }
        TokenKind::VariationEnd => {
            let Some(ended) = open.pop() else { return };
            match (open.last_mut(), game.as_mut()) {
                (Some(outer), _) => outer.variations.push(ended),
                (None, Some(current)) => current.variations.push(ended),
                (None, None) => {}
            }
        }
        TokenKind::MoveNumber | TokenKind::Annotation | TokenKind::Result(_) | TokenKind::EndOfBlock => {}
    }
}

/// Closes the variations still open at the end of the text, joining each
/// to the line it is written in.
fn close_variations(game: &mut PgnGame, open: &mut Vec<PgnVariation>) {
    while let Some(ended) = open.pop() {
        match open.last_mut() {
            Some(outer) => outer.variations.push(ended),
            None => game.variations.push(ended),
        }
    }
}

impl Iterator for PgnGames<'_> {
    type Item = Result<PgnGame, RecordError>;

    fn next(&mut self) -> Option<Result<PgnGame, RecordError>> {
        loop {
            match self.read()? {
                Ok(read) if read.is_not_a_game() => {
                    let skipped = read.skipped();
                    self.warnings.push(skipped);
                }
                item => return Some(item.map(|read| read.game)),
            }
        }
    }
}

impl core::iter::FusedIterator for PgnGames<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameResult;

    fn move_texts(game: &PgnGame) -> Vec<&str> {
        game.moves.iter().map(|mv| mv.text.as_str()).collect()
    }

    #[test]
    fn games_end_at_results_at_tags_after_moves_and_at_the_end() {
        let text =
            "[Game \"1\"]\n1. h2e2 h9g7 *\n{between games}\n[Game \"2\"]\n1. h0g2\n[Game \"3\"]\n1. c3c4";
        let read: Vec<PgnGame> = pgn_games(text).collect::<Result<_, _>>().unwrap();
        assert_eq!(read.len(), 3);
        assert_eq!(move_texts(&read[0]), ["h2e2", "h9g7"]);
        assert_eq!(read[0].result, Some(GameResult::Unknown));
        assert_eq!(read[1].comments[0].text, "between games");
        assert_eq!((read[1].line, read[1].column), (3, 1));
        assert_eq!(read[1].tag("Game"), Some("2"));
        assert_eq!(read[1].result, None);
        assert_eq!(move_texts(&read[2]), ["c3c4"]);
        assert_eq!(pgn_games("").count(), 0);
        assert_eq!(pgn_games("  \n{only a comment}\n").count(), 0);
    }

    #[test]
    fn an_error_skips_the_rest_of_its_game_only() {
        let text = "[Game \"1\"]\n1. h2e2 ) h9g7 1-0\n\
                    [Game \"2\"\n1. h0g2 0-1\n\
                    [Game \"3\"]\n1. c3c4 *\n";
        let items: Vec<Result<PgnGame, RecordError>> = pgn_games(text).collect();
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
            pgn_games(text)
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
        let items: Vec<Result<PgnGame, RecordError>> =
            pgn_games("1. h2e2 h9g7\n[Bad tag\n1. c3c4 *\n[Game \"3\"]\n1. b2e2").collect();
        assert_eq!(items.len(), 3);
        assert_eq!(move_texts(items[0].as_ref().unwrap()), ["h2e2", "h9g7"]);
        assert_eq!(
            items[1].as_ref().unwrap_err().to_string(),
            "line 2, column 6: bad tag: the value of tag Bad must be in double quotes"
        );
        assert_eq!(move_texts(items[2].as_ref().unwrap()), ["b2e2"]);
    }

    /// Each item as its moves or its error, each followed by the warnings taken after it.
    fn read_with_warnings(text: &str) -> Vec<String> {
        let mut games = pgn_games(text);
        let mut read = Vec::new();
        while let Some(item) = games.next() {
            read.push(match item {
                Ok(game) => format!("game {}", move_texts(&game).join(" ")),
                Err(error) => format!("error {error}"),
            });
            read.extend(games.take_warnings().iter().map(|warning| format!("warning {warning}")));
        }
        read.extend(games.take_warnings().iter().map(|warning| format!("warning {warning}")));
        read
    }

    const FOOTER: &str = "============================\r\n 欢迎访问《本站棋谱》 \r\n 推荐用《某某软件》观赏棋谱 \r\nhttp://www.example.com/\r\n";

    #[test]
    fn the_footer_after_the_last_game_is_skipped_with_a_warning() {
        let text = format!("[Game \"Chinese Chess\"]\r\n  1. 炮二平五 马８进７\r\n 1-0\r\n{FOOTER}");
        assert_eq!(
            read_with_warnings(&text),
            [
                "game 炮二平五 马８进７",
                "warning line 4, column 1: skipped '============================' and 3 more words (to line 7): \
                 not a game, with no tag and no move in any notation"
            ]
        );
        // Files joined one after another: the footer between games is skipped too.
        let joined = format!("{text}[Game \"Chinese Chess\"]\r\n  1. 马二进三 *\r\n{FOOTER}");
        let read = read_with_warnings(&joined);
        assert_eq!(read.len(), 4, "{read:?}");
        // The warning about the text skipped before a game comes with that game.
        assert_eq!((read[0].as_str(), read[1].as_str()), ("game 炮二平五 马８进７", "game 马二进三"));
        assert!(read[2].starts_with("warning line 4, column 1: skipped '====="), "{read:?}");
        assert!(read[3].starts_with("warning line 10, column 1: skipped '====="), "{read:?}");
        // A text with nothing but such words holds no game, and says what it skipped.
        assert_eq!(read_with_warnings(FOOTER).len(), 1);
        assert_eq!(pgn_games(FOOTER).count(), 0);
    }

    #[test]
    fn text_with_a_move_or_a_tag_is_a_game_and_other_text_is_skipped() {
        // With a word that reads as a move, it is a game and its words are moves.
        assert_eq!(read_with_warnings("1-0\n===== C2.5 欢迎"), ["game ", "game ===== C2.5 欢迎"]);
        // A result, a move number or an annotation alone makes no game: READMEs number
        // their steps and bullet their lists with `*`.
        for text in ["1-0\n===== 欢迎\n1-0", "1-0\n===== 1. 欢迎", "1-0\n===== $1 欢迎", "* one\n* two\n"]
        {
            let read = read_with_warnings(text);
            assert!(
                read.iter().all(|item| item == "game " || item.starts_with("warning ")),
                "{text}: {read:?}"
            );
            assert!(read.iter().any(|item| item.contains("not a game")), "{text}: {read:?}");
        }
        // A game without a result takes the words after its moves as moves (bad ones).
        assert_eq!(read_with_warnings("1. h2e2 h9g7\n=====\n欢迎"), ["game h2e2 h9g7 ===== 欢迎"]);
        // With a tag, it is a game.
        assert_eq!(read_with_warnings("[Event \"x\"]\n=====\n"), ["game ====="]);
        // Comments alone are no game, as before, and no warning.
        assert_eq!(read_with_warnings("1. h2e2 *\n{the end}\n"), ["game h2e2"]);
    }

    #[test]
    fn variations_nested_too_deep_are_skipped_and_break_nothing() {
        let depth = 100_000;
        let text = format!("1. h2e2 {}h0g2{} h9g7 *", "(1. ".repeat(depth), ")".repeat(depth));
        let game = pgn_games(&text).next().expect("a game").expect("well formed");
        assert_eq!(move_texts(&game), ["h2e2", "h9g7"]);
        let mut levels = 0;
        let mut variations = &game.variations;
        while let Some(variation) = variations.first() {
            levels += 1;
            variations = &variation.variations;
        }
        assert_eq!(levels, MAX_VARIATION_DEPTH);
        // Never closed: one error, at the first `(`, and nothing read after it.
        let text = format!("1. h2e2 {}", "(".repeat(depth));
        let read: Vec<_> = pgn_games(&text).collect();
        assert_eq!(read.len(), 1);
        assert_eq!(
            read[0].as_ref().unwrap_err().to_string(),
            "line 1, column 9: this ( opens a variation that is never closed with )"
        );
    }

    #[test]
    fn scripts_and_pages_that_load_a_record_hold_no_game() {
        let page = "<!DOCTYPE html>\n<html><head><script src=\"viewer.js\"></script></head>\n\
                    <body><script>load(\"game.xqf\", {width: 500});</script></body></html>\n";
        let script = "#!/usr/bin/env python3\nimport sys\nfor line in open(sys.argv[1]):\n    print(line)\n\
                      data = {\"a\": [1, 2]}\nprint(data[\"a\"])\n";
        for text in [page, script] {
            let read = read_with_warnings(text);
            assert!(pgn_games(text).next().is_none(), "{text}: {read:?}");
            assert!(read[0].starts_with("warning line ") && read[0].contains(": skipped "), "{read:?}");
        }
        // After such text, a game that begins with a tag is read.
        let text = format!("{script}\n[Event \"A\"]\n1. h2e2 *\n");
        assert_eq!(read_with_warnings(&text)[0], "game h2e2");
        // A page that holds its record as text: the markup is no move, and the
        // game ends with its block.
        let page = "<html><body><p>Our game:</p>\n<pre>\n[Event \"A\"]\n1. 炮二平五 马８进７<br>\n</pre>\n\
                    <p>Comments welcome.</p></body></html>\n";
        let read = read_with_warnings(page);
        assert_eq!(read[0], "game 炮二平五 马８进７", "{read:?}");
        assert!(read[1].starts_with("warning line 1, column 16: skipped 'Our' and 1 more word"), "{read:?}");
        assert!(
            read[2].starts_with("warning line 6, column 4: skipped 'Comments' and 1 more word"),
            "{read:?}"
        );
        // A `<` that opens no markup is part of a word.
        assert_eq!(read_with_warnings("[Event \"A\"]\n1. <3 h2e2 *"), ["game <3 h2e2"]);
        // A bad tag before any word stays an error.
        assert!(pgn_games("[Event A]\n1. h2e2 *").next().unwrap().is_err());
    }

    #[test]
    fn an_unescaped_quote_is_read_with_a_warning_for_its_own_game() {
        let text =
            "[Event \"plain\"]\n1. h2e2 *\n[Event \"the \"Spring\" cup\"]\n[Red \"A \"B\" C\"]\n1. c3c4 *\n";
        let mut all = pgn_games(text);
        let first = all.next().unwrap().unwrap();
        assert_eq!(first.tag("Event"), Some("plain"));
        assert_eq!(all.take_warnings(), [], "the next game's tag was read, but is not this game's");
        let second = all.next().unwrap().unwrap();
        assert_eq!(second.tag("Event"), Some("the \"Spring\" cup"));
        assert_eq!(second.tag("Red"), Some("A \"B\" C"));
        let warnings = all.take_warnings();
        let places: Vec<(usize, usize)> =
            warnings.iter().map(|warning| (warning.line, warning.column)).collect();
        assert_eq!(places, [(3, 13), (4, 9)]);
        assert_eq!(warnings[1].kind, RecordWarningKind::UnescapedQuote { tag: "Red".into() });
        assert!(all.next().is_none());
        // A tag that cannot be read is still an error.
        assert_eq!(
            read_with_warnings("[Event \"the \"Spring\" cup]\n1. h2e2 *"),
            ["error line 1, column 14: bad tag: tag Event must end with ] after its value"]
        );
    }

    #[test]
    fn an_unclosed_comment_ends_the_text() {
        let items: Vec<Result<PgnGame, RecordError>> =
            pgn_games("1. h2e2 h9g7 *\n1. h0g2 {oops\n\n").collect();
        assert_eq!(items.len(), 2);
        assert!(items[0].is_ok());
        assert_eq!(
            items[1].as_ref().unwrap_err().to_string(),
            "line 2, column 9: this { opens a comment that is never closed with }"
        );
    }
}
