//! The pieces of a record's text: tags, comments, variations, move numbers,
//! moves and results, each with its line and column.

use std::collections::VecDeque;

use board_geometry::Named;

use crate::notation::{Notation, ascii_form, ascii_forms, split_run_together};
use crate::record::GameResult;
use crate::record::reader::{BadTag, RecordError, RecordErrorKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// `[Name "value"]`, and where a quote inside the value was not escaped, if one was.
    Tag { name: String, value: String, unescaped_quote: Option<(usize, usize)> },
    /// `{text}` or `; text`.
    Comment(String),
    /// `(`, the start of a variation: the moves up to its `)` are played
    /// instead of the move before it.
    VariationStart,
    /// `)`, the end of the variation begun last.
    VariationEnd,
    /// `12.` or `12...`.
    MoveNumber,
    /// `$12`, a numeric annotation.
    Annotation,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(GameResult),
    /// Anything else: a move, read later in its notation.
    Move(String),
    /// The end of a web page's block of text (`</pre>`, `</textarea>`): a
    /// game held in it ends there, as at the end of the text.
    EndOfBlock,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: TokenKind,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// Characters that end a move's text besides white space.
const DELIMITERS: [char; 6] = ['{', '(', ')', '[', ';', '<'];

pub(crate) struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    offset: usize,
    /// Line and column of the next character, from 1; columns count characters.
    line: usize,
    column: usize,
    /// Tokens found in one word (`1.h2e2`, `炮二平五马８进７`) and not yet handed out.
    queued: VecDeque<Token>,
    /// How many variations are open at the reading point.
    variation_depth: usize,
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, offset: 0, line: 1, column: 1, queued: VecDeque::new(), variation_depth: 0 }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.offset..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.offset += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn bump_while(&mut self, keep: impl Fn(char) -> bool) {
        // One pass over the rest of the text, not a peek and a bump a
        // character; ASCII (most of a record) is taken without decoding.
        let bytes = self.text.as_bytes();
        let mut at = self.offset;
        while let Some(&byte) = bytes.get(at) {
            let c = if byte.is_ascii() {
                char::from(byte)
            } else {
                self.text[at..].chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
            };
            if !keep(c) {
                break;
            }
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
            at += c.len_utf8();
        }
        self.offset = at;
    }

    /// Moves past the rest of a word: up to white space, a delimiter or the
    /// end. What `bump_while` with that test does, faster: a word's
    /// characters are counted, not decoded, where their first byte says they
    /// are no white space (every non-ASCII white space begins with 0xC2 or
    /// 0xE1..=0xE3; Chinese characters and full-width forms do not), and a
    /// word never holds a line break.
    fn bump_word(&mut self) {
        let bytes = self.text.as_bytes();
        let mut at = self.offset;
        let mut characters = 0;
        while let Some(&byte) = bytes.get(at) {
            let width = match byte {
                _ if byte.is_ascii() => {
                    let c = char::from(byte);
                    if c.is_whitespace() || DELIMITERS.contains(&c) {
                        break;
                    }
                    1
                }
                0xC2 | 0xE1..=0xE3 => {
                    let c = self.text[at..].chars().next().unwrap_or_default();
                    if c.is_whitespace() {
                        break;
                    }
                    c.len_utf8()
                }
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                _ => 4,
            };
            at += width;
            characters += 1;
        }
        self.offset = at;
        self.column += characters;
    }

    /// The next token, or the first problem; `None` at the end of the text.
    pub(crate) fn next_token(&mut self) -> Option<Result<Token, RecordError>> {
        if let Some(token) = self.queued.pop_front() {
            return Some(Ok(token));
        }
        // A byte-order mark left in the text is not part of any token, nor is
        // the Ctrl-Z that ended text files under DOS.
        self.bump_while(|c| c.is_whitespace() || c == '\u{feff}' || c == '\u{1a}');
        let (line, column) = (self.line, self.column);
        let token = |kind| Some(Ok(Token { kind, line, column }));
        let error = |kind| Some(Err(RecordError { line, column, kind }));
        match self.peek()? {
            '[' => match self.tag() {
                Ok(tag) => token(tag),
                Err(error) => Some(Err(error)),
            },
            '{' => match self.comment() {
                Some(text) => token(TokenKind::Comment(text)),
                None => error(RecordErrorKind::UnterminatedComment),
            },
            ';' => {
                self.bump();
                let start = self.offset;
                self.bump_while(|c| c != '\n');
                token(TokenKind::Comment(self.text[start..self.offset].trim().to_string()))
            }
            '(' => {
                // An outermost variation is checked to close once, before its
                // moves are read; those inside it close within it.
                if self.variation_depth == 0 && !self.variation_closes() {
                    self.bump_while(|_| true);
                    return error(RecordErrorKind::UnterminatedVariation);
                }
                self.bump();
                self.variation_depth += 1;
                token(TokenKind::VariationStart)
            }
            ')' => {
                self.bump();
                match self.variation_depth.checked_sub(1) {
                    Some(depth) => {
                        self.variation_depth = depth;
                        token(TokenKind::VariationEnd)
                    }
                    None => error(RecordErrorKind::UnopenedVariation),
                }
            }
            '<' => match self.markup() {
                // Web pages hold records in `<pre>` blocks; their markup is no move.
                Some(true) => token(TokenKind::EndOfBlock),
                Some(false) => self.next_token(),
                None => {
                    let (text, start) = (self.text, self.offset);
                    self.bump();
                    self.bump_word();
                    self.word(&text[start..self.offset], line, column);
                    self.queued.pop_front().map(Ok)
                }
            },
            _ => {
                let (text, start) = (self.text, self.offset);
                self.bump_word();
                self.word(&text[start..self.offset], line, column);
                self.queued.pop_front().map(Ok)
            }
        }
    }

    /// Skips an HTML tag (`<pre>`, `</p>`, `<br/>`, `<!DOCTYPE html>`) that
    /// ends on its line: whether it ends a block of text (`</pre>`,
    /// `</textarea>`). `None`, reading nothing, where the `<` begins none.
    fn markup(&mut self) -> Option<bool> {
        let rest = &self.text[self.offset..];
        let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
        let inside = line.strip_prefix('<')?;
        if !inside.starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!') {
            return None;
        }
        let length = inside.find('>')?;
        let name = inside[..length].split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
        let ends_block = name == "/pre" || name == "/textarea";
        let end = self.offset + 1 + length + 1;
        while self.offset < end {
            self.bump();
        }
        Some(ends_block)
    }

    /// Reads `[Name "value"]` as a [`TokenKind::Tag`]; on a problem, skips the rest of the line.
    /// Inside a variation only the `[` is skipped, so that its `)` on the line is still read.
    fn tag(&mut self) -> Result<TokenKind, RecordError> {
        let at = (self.offset, self.line, self.column);
        let read = self.tag_parts();
        if read.is_err() {
            if self.variation_depth > 0 {
                (self.offset, self.line, self.column) = at;
                self.bump();
            } else {
                self.bump_while(|c| c != '\n');
            }
        }
        read
    }

    fn tag_parts(&mut self) -> Result<TokenKind, RecordError> {
        let inline_space = |c: char| c.is_whitespace() && c != '\n';
        self.bump();
        self.bump_while(inline_space);
        let start = self.offset;
        self.bump_while(|c| !c.is_whitespace() && !matches!(c, '"' | ']' | '['));
        let name = self.text[start..self.offset].to_string();
        let bad = |lexer: &Lexer<'_>, reason: BadTag| RecordError {
            line: lexer.line,
            column: lexer.column,
            kind: RecordErrorKind::BadTag(reason),
        };
        if name.is_empty() {
            return Err(bad(self, BadTag::NoName));
        }
        self.bump_while(inline_space);
        if self.peek() != Some('"') {
            return Err(bad(self, BadTag::ValueNotQuoted { name }));
        }
        let (quote_line, quote_column) = (self.line, self.column);
        self.bump();
        let mut value = String::new();
        // The first quote read as part of the value, and the column after it
        // and the spaces after it, where the `]` was looked for.
        let mut unescaped: Option<(usize, usize, usize)> = None;
        loop {
            match self.peek() {
                None | Some('\n') => {
                    let (line, column, kind) = match unescaped {
                        // The quote that would have closed the value is not followed by `]`.
                        Some((line, _, after)) => (line, after, BadTag::NoClosingBracket { name }),
                        None => (quote_line, quote_column, BadTag::NoClosingQuote { name }),
                    };
                    return Err(RecordError { line, column, kind: RecordErrorKind::BadTag(kind) });
                }
                Some('"') if self.quote_closes_value() => {
                    self.bump();
                    break;
                }
                Some('"') => {
                    // Many tools write a quote inside a value as it is (`"the "Spring" cup"`):
                    // only a quote followed by `]` closes the value.
                    let (line, column) = (self.line, self.column);
                    self.bump();
                    let after = self.column
                        + self.text[self.offset..].chars().take_while(|&c| inline_space(c)).count();
                    unescaped.get_or_insert((line, column, after));
                    value.push('"');
                }
                Some('\\') => {
                    self.bump();
                    // PGN escapes only a quote and a backslash; other backslashes are kept.
                    match self.peek() {
                        Some(escaped @ ('"' | '\\')) => {
                            self.bump();
                            value.push(escaped);
                        }
                        _ => value.push('\\'),
                    }
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
        self.bump_while(inline_space);
        if self.peek() != Some(']') {
            return Err(bad(self, BadTag::NoClosingBracket { name }));
        }
        self.bump();
        Ok(TokenKind::Tag { name, value, unescaped_quote: unescaped.map(|(line, column, _)| (line, column)) })
    }

    /// Whether the quote at the reading point closes a tag's value: it is
    /// followed, after spaces on its line, by `]`.
    fn quote_closes_value(&self) -> bool {
        let after = &self.text[self.offset + '"'.len_utf8()..];
        after.trim_start_matches(|c: char| c.is_whitespace() && c != '\n').starts_with(']')
    }

    /// Reads `{...}`, which may span lines; `None` if it never closes.
    fn comment(&mut self) -> Option<String> {
        self.bump();
        let start = self.offset;
        self.bump_while(|c| c != '}');
        let text = self.text[start..self.offset].trim().to_string();
        self.bump().map(|_| text)
    }

    /// Whether the `(` at the reading point is closed by its `)`, with the
    /// variations inside it; parentheses in comments are text.
    fn variation_closes(&self) -> bool {
        let mut depth = 0usize;
        let mut characters = self.text[self.offset..].chars();
        while let Some(c) = characters.next() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return true;
                    }
                }
                '{' => {
                    characters.find(|&c| c == '}');
                }
                ';' => {
                    characters.find(|&c| c == '\n');
                }
                _ => {}
            }
        }
        false
    }

    /// Queues the tokens of one word: a result, an annotation, a move number
    /// possibly with a move after it, or moves, possibly run together.
    fn word(&mut self, word: &str, line: usize, column: usize) {
        // Results, annotations and move numbers begin with a digit, `*` or
        // `$`, or its full-width form: a word that begins with a letter or
        // any other character (a Chinese move) is moves, and is not
        // converted to find that out.
        if word.starts_with(|c: char| c.is_ascii_alphabetic() || (!c.is_ascii() && ascii_form(c) == c)) {
            self.moves(word, line, column);
            return;
        }
        // Results, annotations and move numbers may be written in full-width
        // forms (`１－０`, `１．`); each character stays one, so columns hold.
        let ascii = ascii_forms(word);
        let mut queue = |kind| self.queued.push_back(Token { kind, line, column });
        // A word holds no white space: the result's name is the word itself.
        if let Some(result) = GameResult::find_name(&ascii) {
            queue(TokenKind::Result(result));
        } else if ascii.len() > 1 && ascii.starts_with('$') && ascii[1..].bytes().all(|b| b.is_ascii_digit())
        {
            queue(TokenKind::Annotation);
        } else if !ascii.starts_with(|c: char| c.is_ascii_digit()) {
            // Only a word that begins with a digit may be a move number, or a
            // WXF move that looks like one (`33.4`); any other is moves.
            self.moves(word, line, column);
        } else if is_move_number_alone(&ascii) {
            // `12.`, `12...`: no notation reads these as a move.
            queue(TokenKind::MoveNumber);
        } else if Notation::detect(word).is_some() {
            queue(TokenKind::Move(word.to_string()));
        } else if let Some(rest) = after_move_number(&ascii) {
            queue(TokenKind::MoveNumber);
            if !rest.is_empty() {
                let offset = ascii.chars().count() - rest.chars().count();
                let rest_start = word.char_indices().nth(offset).map_or(word.len(), |(at, _)| at);
                self.moves(&word[rest_start..], line, column + offset);
            }
        } else {
            self.moves(word, line, column);
        }
    }

    /// Queues one move, or several written together without spaces (Chinese
    /// records do that), without the marks players add (see [`is_mark`]): a
    /// word of marks alone is an annotation.
    fn moves(&mut self, word: &str, line: usize, column: usize) {
        let bare = word.trim_end_matches(is_mark);
        if bare.is_empty() {
            self.queued.push_back(Token { kind: TokenKind::Annotation, line, column });
            return;
        }
        if let Some(coordinates) = without_capture_mark(bare) {
            self.queued.push_back(Token { kind: TokenKind::Move(coordinates), line, column });
            return;
        }
        // Moves run together only in Chinese: an ASCII word is one move.
        if bare.is_ascii() {
            self.queued.push_back(Token { kind: TokenKind::Move(bare.to_string()), line, column });
            return;
        }
        // A single move of any notation comes back whole.
        for (offset, part) in split_run_together(bare) {
            // The mark after one move of a run comes before the next. (A
            // word's own first sign stays: WXF writes `+R+3` for the front chariot.)
            let after_mark = if offset == 0 { part } else { part.trim_start_matches(is_mark) };
            let marks = part[..part.len() - after_mark.len()].chars().count();
            let part = after_mark.trim_end_matches(is_mark);
            if part.is_empty() {
                continue;
            }
            self.queued.push_back(Token {
                kind: TokenKind::Move(part.to_string()),
                line,
                column: column + offset + marks,
            });
        }
    }
}

/// What players write after a move in any notation: check (`+`, `#`, as
/// in `炮二平五+`, `E2xE6+`) and the annotator's `!` and `?`, in ASCII and
/// full width. No notation ends a move with one (a WXF move ends with its
/// digit), so they are never part of the move.
const fn is_mark(c: char) -> bool {
    matches!(c, '+' | '#' | '!' | '?' | '＋' | '＃' | '！' | '？')
}

/// A coordinate move written with a capture mark between its points
/// (`H6xH9`, `h6:h9`, full-width `Ｈ６ｘＨ９` too), as the dashed ICCS form
/// (`H6-H9`); `None` for any other word.
fn without_capture_mark(word: &str) -> Option<String> {
    // Five characters of one byte (ASCII) to three (full width), the first
    // a file's letter or a full-width form (from the byte 0xEF): most words
    // are no such move.
    let first = word.as_bytes().first().copied().unwrap_or_default();
    if !(5..=15).contains(&word.len()) || !(first.is_ascii_alphabetic() || first == 0xEF) {
        return None;
    }
    let ascii = ascii_forms(word);
    let mut characters = ascii.chars();
    let mut next = || characters.next();
    let (file_from, rank_from, mark, file_to, rank_to) = (next()?, next()?, next()?, next()?, next()?);
    if next().is_some() {
        return None;
    }
    let file = |c: char| matches!(c.to_ascii_lowercase(), 'a'..='i');
    let point = |f: char, r: char| file(f) && r.is_ascii_digit();
    (point(file_from, rank_from) && matches!(mark, 'x' | 'X' | ':' | '×' | '：') && point(file_to, rank_to))
        .then(|| format!("{file_from}{rank_from}-{file_to}{rank_to}"))
}

/// Whether `word` is a move number and nothing else: `12.`, `12...`, `12…`.
fn is_move_number_alone(word: &str) -> bool {
    after_move_number(word).is_some_and(str::is_empty)
}

/// What follows the move number `12.`, `12...` or `12…` that starts `word`.
fn after_move_number(word: &str) -> Option<&str> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    let after = rest.trim_start_matches(['.', '…', '。', '、']);
    (digits > 0 && after.len() < rest.len()).then_some(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Result<(TokenKind, usize, usize), RecordError>> {
        let mut lexer = Lexer::new(text);
        std::iter::from_fn(|| lexer.next_token())
            .map(|token| token.map(|token| (token.kind, token.line, token.column)))
            .collect()
    }

    fn moved(text: &str, line: usize, column: usize) -> Result<(TokenKind, usize, usize), RecordError> {
        Ok((TokenKind::Move(text.to_string()), line, column))
    }

    fn move_number(line: usize, column: usize) -> Result<(TokenKind, usize, usize), RecordError> {
        Ok((TokenKind::MoveNumber, line, column))
    }

    #[test]
    fn every_kind_of_token_with_its_place() {
        let text = "[Event \"A \\\"quoted\\\" name\"]\n\
                    1. h2e2 {a comment\nover two lines} h9g7 (1... b7e7 (2. h0g2)) $1\n\
                    2.h0g2 ; to the end of the line\n\
                    2... i9h9! 1-0";
        assert_eq!(
            tokens(text),
            vec![
                Ok((
                    TokenKind::Tag {
                        name: "Event".into(),
                        value: "A \"quoted\" name".into(),
                        unescaped_quote: None
                    },
                    1,
                    1
                )),
                move_number(2, 1),
                moved("h2e2", 2, 4),
                Ok((TokenKind::Comment("a comment\nover two lines".into()), 2, 9)),
                moved("h9g7", 3, 17),
                Ok((TokenKind::VariationStart, 3, 22)),
                move_number(3, 23),
                moved("b7e7", 3, 28),
                Ok((TokenKind::VariationStart, 3, 33)),
                move_number(3, 34),
                moved("h0g2", 3, 37),
                Ok((TokenKind::VariationEnd, 3, 41)),
                Ok((TokenKind::VariationEnd, 3, 42)),
                Ok((TokenKind::Annotation, 3, 44)),
                move_number(4, 1),
                moved("h0g2", 4, 3),
                Ok((TokenKind::Comment("to the end of the line".into()), 4, 8)),
                move_number(5, 1),
                moved("i9h9", 5, 6),
                Ok((TokenKind::Result(GameResult::RedWins), 5, 12)),
            ]
        );
    }

    #[test]
    fn every_result_begins_with_a_digit_or_a_star() {
        // What lets a word that begins with a letter go to the moves at once.
        for result in GameResult::ALL {
            assert!(result.as_str().starts_with(|c: char| c.is_ascii_digit() || c == '*'), "{result}");
        }
    }

    #[test]
    fn a_word_ends_at_every_white_space_and_delimiter() {
        let ends = (0..=0x10_FFFF).filter_map(char::from_u32).filter(|c| c.is_whitespace()).chain(DELIMITERS);
        for end in ends {
            for word in ["h2e2", "炮二平五", "Ｃ２＝５", "é¢", "\u{1F600}x"] {
                let text = format!("{word}{end}x");
                let mut lexer = Lexer::new(&text);
                lexer.bump_word();
                assert_eq!((lexer.offset, lexer.column), (word.len(), word.chars().count() + 1), "{end:?}");
            }
        }
    }

    #[test]
    fn moves_run_together_and_wxf_moves_that_look_like_numbers() {
        assert_eq!(
            tokens("1. 炮二平五马８进７ 2.马二进三"),
            vec![
                move_number(1, 1),
                moved("炮二平五", 1, 4),
                moved("马８进７", 1, 8),
                move_number(1, 13),
                moved("马二进三", 1, 15),
            ]
        );
        assert_eq!(tokens("33.4 12.3+.4"), vec![moved("33.4", 1, 1), move_number(1, 6), moved("3+.4", 1, 9)]);
    }

    #[test]
    fn a_move_number_alone_is_no_move_in_any_notation() {
        // What lets the lexer take such a word for a move number without
        // asking the notations.
        for number in 0..400 {
            for dots in [".", "..", "...", "…", "。", "、"] {
                let word = format!("{number}{dots}");
                assert!(is_move_number_alone(&word), "{word}");
                assert_eq!(Notation::detect(&word), None, "{word}");
            }
        }
        assert!(!is_move_number_alone("33.4") && !is_move_number_alone("12") && !is_move_number_alone(".5"));
    }

    #[test]
    fn a_lone_dollar_a_bare_number_and_dots_are_words_not_annotations_or_move_numbers() {
        assert_eq!(tokens("$"), vec![moved("$", 1, 1)]);
        assert_eq!(tokens("$7"), vec![Ok((TokenKind::Annotation, 1, 1))]);
        assert_eq!(tokens("12"), vec![moved("12", 1, 1)]);
        assert_eq!(tokens("..."), vec![moved("...", 1, 1)]);
        assert_eq!(tokens("12..."), vec![move_number(1, 1)]);
    }

    #[test]
    fn parentheses_in_comments_inside_a_variation_are_text() {
        let text = "1. h2e2 (1... h7e7 {a smile :)} ; a ( too\n h0g2) h9g7";
        assert_eq!(
            tokens(text),
            vec![
                move_number(1, 1),
                moved("h2e2", 1, 4),
                Ok((TokenKind::VariationStart, 1, 9)),
                move_number(1, 10),
                moved("h7e7", 1, 15),
                Ok((TokenKind::Comment("a smile :)".into()), 1, 20)),
                Ok((TokenKind::Comment("a ( too".into()), 1, 33)),
                moved("h0g2", 2, 2),
                Ok((TokenKind::VariationEnd, 2, 6)),
                moved("h9g7", 2, 8),
            ]
        );
    }

    #[test]
    fn a_quote_inside_a_value_is_part_of_it_unless_a_bracket_follows() {
        let tag = |value: &str, unescaped_quote| {
            Ok((TokenKind::Tag { name: "Event".into(), value: value.into(), unescaped_quote }, 1, 1))
        };
        assert_eq!(tokens("[Event \"the \"Spring\" cup\"]"), vec![tag("the \"Spring\" cup", Some((1, 13)))]);
        assert_eq!(tokens("[Event \"a\"b\" ]"), vec![tag("a\"b", Some((1, 10)))]);
        assert_eq!(tokens("[Event \"x\"] [Event \"y\"]").len(), 2, "two tags on a line");
        assert_eq!(tokens("[Event \"\"]"), vec![tag("", None)]);
        // Escaped quotes are no warning.
        assert_eq!(tokens("[Event \"a \\\"b\\\"\"]"), vec![tag("a \"b\"", None)]);
    }

    #[test]
    fn full_width_move_numbers_and_results() {
        assert_eq!(
            tokens("１．Ｃ２＝５ Ｈ８＋７ ２．炮二平五 １－０"),
            vec![
                move_number(1, 1),
                moved("Ｃ２＝５", 1, 3),
                moved("Ｈ８＋７", 1, 8),
                move_number(1, 13),
                moved("炮二平五", 1, 15),
                Ok((TokenKind::Result(GameResult::RedWins), 1, 20)),
            ]
        );
        // Black's place in tandem as a full-width digit is a move, not a move number.
        assert_eq!(tokens("２卒平５"), vec![moved("２卒平５", 1, 1)]);
        assert_eq!(tokens("＄３"), vec![Ok((TokenKind::Annotation, 1, 1))]);
    }

    #[test]
    fn a_dos_end_of_file_mark_is_not_a_word() {
        assert_eq!(
            tokens("h2e2 *\r\n\u{1a}"),
            vec![moved("h2e2", 1, 1), Ok((TokenKind::Result(GameResult::Unknown), 1, 6))]
        );
    }

    #[test]
    fn problems_have_their_place() {
        let error = |line, column, kind| Err(RecordError { line, column, kind });
        assert_eq!(
            tokens("h2e2 {never closed\n"),
            vec![moved("h2e2", 1, 1), error(1, 6, RecordErrorKind::UnterminatedComment)]
        );
        assert_eq!(tokens("\n  (h2e2 (h9g7)"), vec![error(2, 3, RecordErrorKind::UnterminatedVariation)]);
        assert_eq!(
            tokens("h2e2 )"),
            vec![moved("h2e2", 1, 1), error(1, 6, RecordErrorKind::UnopenedVariation)]
        );
        let bad_tag = |reason: &str| {
            let kind = RecordErrorKind::BadTag(match reason {
                "a tag starts with its name: [Name \"value\"]" => BadTag::NoName,
                _ => {
                    let name = reason.split_whitespace().find(|word| word.starts_with(char::is_uppercase));
                    let name = name.unwrap_or_default().to_string();
                    if reason.contains("double quotes") {
                        BadTag::ValueNotQuoted { name }
                    } else if reason.contains("closing quote") {
                        BadTag::NoClosingQuote { name }
                    } else {
                        BadTag::NoClosingBracket { name }
                    }
                }
            });
            // The message is the one each kind says.
            assert_eq!(kind.to_string(), format!("bad tag: {reason}"));
            kind
        };
        assert_eq!(
            tokens("[Event Example]\nh2e2"),
            vec![
                error(1, 8, bad_tag("the value of tag Event must be in double quotes")),
                moved("h2e2", 2, 1)
            ]
        );
        assert_eq!(
            tokens("[ \"x\"]"),
            vec![error(1, 3, bad_tag("a tag starts with its name: [Name \"value\"]"))]
        );
        assert_eq!(
            tokens("[Red \"x\n\"]"),
            vec![error(1, 6, bad_tag("the value of tag Red has no closing quote")), moved("\"]", 2, 1)]
        );
        assert_eq!(
            tokens("[Red \"x\" y]"),
            vec![error(1, 10, bad_tag("tag Red must end with ] after its value"))]
        );
        // Quotes inside the value, and none followed by `]`: the first one was meant to close it.
        assert_eq!(
            tokens("[Red \"x\" \"y\" z]"),
            vec![error(1, 10, bad_tag("tag Red must end with ] after its value"))]
        );
        assert_eq!(
            tokens("[Red \"x\"\n1. h2e2"),
            vec![
                error(1, 9, bad_tag("tag Red must end with ] after its value")),
                move_number(2, 1),
                moved("h2e2", 2, 4)
            ]
        );
    }
}
