//! The result of a game: who won, a draw, or unknown, as records write it
//! and as an [`Outcome`](crate::Outcome) ends a game.

use board_geometry::Named;

/// How a game ended, as a record writes it and as [`Outcome::result`](crate::Outcome::result)
/// gives it. Also re-exported as `record::GameResult` (the `records` feature).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, or the game goes on.
    Unknown,
}

impl GameResult {
    /// Every result, in the order of the variants.
    pub const ALL: [GameResult; 4] =
        [GameResult::RedWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown];

    /// The result as a record writes it: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result a record's text names, if it is one of `1-0`, `0-1`,
    /// `1/2-1/2` and `*` (spaces around it allowed, as tags and move text
    /// leave them; `FromStr` reads the result alone).
    #[must_use]
    pub fn from_record(text: &str) -> Option<GameResult> {
        GameResult::find_name(text.trim())
    }
}

// `Display` writes `1-0`, `0-1`, `1/2-1/2` or `*`; `FromStr` reads them back.
board_geometry::impl_named!(GameResult, "a game result", as_str);
