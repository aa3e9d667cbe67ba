//! Helpers for testing code built on this crate, outside its normal API:
//! enabled by the `testing` feature (a dev-dependency's feature, as the
//! game crates take it for their tests).
//!
//! What the game crates' tests would otherwise each write again: squares by
//! their names ([`square`]); input cut into pieces ([`InPieces`]); tables of inputs and what is made of them
//! ([`assert_gives`], with [`parse_error`]), texts a parser refuses
//! ([`assert_none_parse`]) and a vocabulary's names ([`assert_named`]);
//! checks for any [`Game`] ([`assert_every_move_is_taken_back`]) and any
//! grid ([`random_occupancies`]); the generators' seeds ([`generator`]);
//! and, with the `serde` feature, JSON round trips (`json`).

use core::fmt::{Debug, Display};
use core::str::FromStr;
use std::io::{self, Read};

use crate::random::Random;
use crate::{Game, Grid, Named, Square, SquareSet};

/// The square named `name` (`e0`), for tests that name their squares.
///
/// ```
/// use board_geometry::{NineByTen, Square};
///
/// let e0: Square<NineByTen> = board_geometry::testing::square("e0");
/// assert_eq!(e0.index(), 4);
/// ```
///
/// # Panics
/// If `name` names no square of the grid.
#[track_caller]
pub fn square<G: Grid>(name: &str) -> Square<G> {
    name.parse().unwrap_or_else(|error| panic!("{error}"))
}

/// A reader that hands out `text` at most `most` bytes a read, as pipes and
/// terminals do: for testing that a reader built on [`Scanner`](crate::text_input::Scanner) gives the
/// same answers however its input is cut (one byte a read cuts every line
/// at every place).
///
/// ```
/// use board_geometry::testing::InPieces;
/// use board_geometry::text_input::Scanner;
///
/// let mut scanner = Scanner::new(InPieces::new(b"12 345\n", 1));
/// assert_eq!(scanner.next_token()?.map(|field| field.text().into_owned()).as_deref(), Some("12"));
/// assert_eq!(scanner.next_token()?.map(|field| field.text().into_owned()).as_deref(), Some("345"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct InPieces<'a> {
    text: &'a [u8],
    most: usize,
}

impl<'a> InPieces<'a> {
    /// `text` in pieces of at most `most` bytes (at least one).
    #[must_use]
    pub fn new(text: &'a [u8], most: usize) -> InPieces<'a> {
        InPieces { text, most: most.max(1) }
    }
}

impl Read for InPieces<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let len = self.text.len().min(self.most).min(out.len());
        out[..len].copy_from_slice(&self.text[..len]);
        self.text = &self.text[len..];
        Ok(len)
    }
}

/// `count` random sets of squares drawn from `seed`, for the tests of
/// blocking, which should see every crowding: set `i` holds each square
/// with the chance `(i % 9) / 8`, from the empty board to the full one.
pub fn random_occupancies<G: Grid>(seed: u64, count: u64) -> impl Iterator<Item = SquareSet<G>> {
    let mut random = Random::new(seed);
    (0..count).map(move |round| {
        let density = round % 9;
        Square::all().filter(|_| random.below(8) < density).collect()
    })
}

/// Checks that every move two plies deep from `root` is taken back
/// exactly: played in place it gives what it gives played on a copy,
/// `undone` accepts what playing it returns (the position it was played
/// in, the move and its undo), and taken back it leaves the position as it
/// was, to its text (which writes what equality may leave out, such as
/// clocks).
#[track_caller]
pub fn assert_every_move_is_taken_back<G>(root: G, undone: impl Fn(&G, G::Move, &G::Undo))
where
    G: Game + PartialEq + Debug + Display,
{
    let mut position = root;
    for first in root.legal_moves() {
        let undo_first = position.play_unchecked(first);
        let after_first = position;
        for second in after_first.legal_moves() {
            let mut copied = after_first;
            copied.play_unchecked(second);
            let undo = position.play_unchecked(second);
            assert_eq!(position, copied, "{root}: {first} {second} played in place and on a copy");
            undone(&after_first, second, &undo);
            position.unplay(undo);
            assert_eq!(position, after_first, "{root}: {first} {second} taken back");
            assert_eq!(position.to_string(), after_first.to_string(), "{root}: {first} {second} taken back");
        }
        position.unplay(undo_first);
        assert_eq!(position, root, "{root}: {first} taken back");
    }
}

/// Checks a vocabulary ([`Named`]): its values, in the order of `ALL`, are
/// written as `names`, and each name reads back as its value.
#[track_caller]
pub fn assert_named<T>(names: &[&str])
where
    T: Named + FromStr + PartialEq + Debug + Display,
{
    let written: Vec<String> = T::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(written, names, "the names of {}", T::WHAT);
    for &value in T::ALL {
        assert_eq!(value.name(), value.to_string(), "{value:?}");
        assert_eq!(value.name().parse::<T>().ok(), Some(value), "{value:?} read back");
    }
}

/// Checks that `f` gives, for each `(input, output)` of `cases`, that
/// output: a table of inputs and what is made of them, one row a case (a
/// parser's messages, the columns its errors are placed at).
///
/// ```
/// board_geometry::testing::assert_gives(str::len, &[("ab", 2), ("", 0)]);
/// board_geometry::testing::assert_gives(|text: &str| text.to_uppercase(), &[("ab", "AB")]);
/// ```
#[track_caller]
pub fn assert_gives<I, O, T>(f: impl Fn(I) -> O, cases: &[(I, T)])
where
    I: Copy + Debug,
    O: PartialEq<T> + Debug,
    T: Debug,
{
    for (input, output) in cases {
        assert_eq!(f(*input), *output, "given {input:?}");
    }
}

/// Checks that none of `texts` parses as a `T`.
#[track_caller]
pub fn assert_none_parse<T: FromStr + Debug>(texts: &[&str]) {
    for text in texts {
        assert!(text.parse::<T>().is_err(), "{text:?} parses as {:?}", text.parse::<T>().ok());
    }
}

/// The message of the error that parsing `text` as a `T` gives, for
/// [`assert_gives`]: `assert_gives(parse_error::<Square<NineByTen>>, …)`.
///
/// # Panics
/// If `text` parses.
#[track_caller]
pub fn parse_error<T: FromStr>(text: &str) -> String
where
    T::Err: Display,
{
    match text.parse::<T>() {
        Ok(_) => panic!("{text:?} parses"),
        Err(error) => error.to_string(),
    }
}

/// Helpers for the tests of a judge task's generator of random input,
/// written once for every task.
pub mod generator {
    use core::fmt::Debug;
    use std::io;

    /// The default value with `change` made to it: options that differ from
    /// the defaults in what a test is about, `default_with(|o| o.share = 0.5)`.
    #[must_use]
    pub fn default_with<T: Default>(change: impl FnOnce(&mut T)) -> T {
        let mut value = T::default();
        change(&mut value);
        value
    }

    /// Checks that `generate`, given a seed, gives the same items for the
    /// same seed and others for another seed.
    #[track_caller]
    pub fn assert_the_seed_decides<T: PartialEq + Debug>(generate: impl Fn(u64) -> Vec<T>) {
        assert_eq!(generate(3), generate(3), "one seed, two runs");
        assert_ne!(generate(3), generate(4), "two seeds");
    }

    /// FNV-1a, 64 bits, of what `write` writes: a fingerprint of a long
    /// generated text, to pin what a generator's seed gives from one version
    /// to the next.
    ///
    /// # Panics
    /// If `write` fails (writing to memory does not).
    pub fn fingerprint_of(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> u64 {
        let mut text = Vec::new();
        write(&mut text).unwrap();
        text.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}

/// Checks of what goes through serde, written once for every game crate: a
/// value is written as JSON and read back as itself (with the `serde`
/// feature; `serde_json` comes with the `testing` feature).
#[cfg(feature = "serde")]
pub mod json {
    use core::fmt::{Debug, Display};

    use serde::Serialize;
    use serde::de::DeserializeOwned;

    use crate::{Game, HashKey, Kind, Piece, Side};

    /// `value` written as JSON.
    ///
    /// # Panics
    /// If serde_json cannot write it (a map with keys that are not strings).
    #[must_use]
    pub fn to_json<T: Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap()
    }

    /// The value the JSON `text` holds, or serde_json's message saying why
    /// there is none.
    ///
    /// # Errors
    /// `text` is not JSON, or not a `T`: the message names the line and column.
    pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, String> {
        serde_json::from_str(text).map_err(|error| error.to_string())
    }

    /// Checks that `value` is written as the JSON `written` and is read back
    /// from it as itself.
    #[track_caller]
    pub fn assert_round_trip<T>(value: T, written: &str)
    where
        T: Serialize + DeserializeOwned + PartialEq + Debug,
    {
        assert_eq!(to_json(&value), written);
        assert_eq!(from_json::<T>(written), Ok(value), "{written}");
    }

    /// Checks that `value` is written as its text (a JSON string of what
    /// `Display` writes) and is read back from it as itself.
    #[track_caller]
    pub fn assert_round_trip_as_text<T>(value: T)
    where
        T: Serialize + DeserializeOwned + PartialEq + Debug + Display,
    {
        let written = format!("\"{value}\"");
        assert_round_trip(value, &written);
    }

    /// Checks that every side and every kind of piece is written as its name,
    /// and every piece as its side and kind by name.
    pub fn assert_pieces_are_their_names<S, K>()
    where
        S: Side + Serialize + DeserializeOwned,
        K: Kind + Serialize + DeserializeOwned,
        Piece<S, K>: Serialize + DeserializeOwned,
    {
        for color in S::BOTH {
            assert_round_trip_as_text(color);
            for &kind in K::ALL {
                assert_round_trip_as_text(kind);
                assert_round_trip(
                    Piece::new(color, kind),
                    &format!(r#"{{"color":"{color}","kind":"{kind}"}}"#),
                );
            }
        }
    }

    /// Checks that each legal move of `position` is written as its text.
    pub fn assert_moves_are_their_text<G>(position: &G)
    where
        G: Game,
        G::Move: Serialize + DeserializeOwned,
    {
        for mv in position.legal_moves() {
            assert_round_trip_as_text(mv);
        }
    }

    /// Checks that the hash key of `position` is written as its hex digits,
    /// and that the position read back has the key read back.
    pub fn assert_hash_keys_are_the_keys_of_their_positions<G>(position: &G)
    where
        G: Game + Serialize + DeserializeOwned,
    {
        let key = position.zobrist_hash();
        assert_round_trip_as_text(key);
        let again: G = from_json(&to_json(position)).unwrap();
        assert_eq!(
            again.zobrist_hash(),
            from_json::<HashKey>(&to_json(&key)).unwrap(),
            "the position read has the key read"
        );
    }
}

/// Runs a check written for any grid (`fn check<G: Grid>()`) on every grid
/// the crate defines, so that each exhaustive test names the grids in one
/// place, here.
#[cfg(test)]
macro_rules! on_every_grid {
    ($check:ident) => {{
        $check::<$crate::NineByTen>();
        $check::<$crate::EightByEight>();
    }};
}
#[cfg(test)]
pub(crate) use on_every_grid;

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::generator::{assert_the_seed_decides, default_with, fingerprint_of};
    use super::{assert_gives, assert_none_parse, parse_error};
    use crate::{NineByTen, Square};

    #[test]
    #[should_panic(expected = "given \"ab\"")]
    fn a_row_the_function_does_not_give_fails_the_table() {
        assert_gives(str::len, &[("", 0), ("ab", 3)]);
    }

    #[test]
    fn parse_error_is_the_message_of_the_error() {
        assert_eq!(
            parse_error::<Square<NineByTen>>("j0"),
            "'j0' is not a square of the 9-file, 10-rank board"
        );
    }

    #[test]
    #[should_panic(expected = "\"e0\" parses")]
    fn parse_error_of_a_text_that_parses_fails() {
        let _ = parse_error::<Square<NineByTen>>("e0");
    }

    #[test]
    #[should_panic(expected = "\"e0\" parses as Some(")]
    fn a_text_that_parses_fails_assert_none_parse() {
        assert_none_parse::<Square<NineByTen>>(&["j0", "e0"]);
    }

    #[test]
    fn the_fingerprint_is_fnv_1a() {
        // The published FNV-1a 64-bit hashes of "" (the offset basis) and "a".
        assert_eq!(fingerprint_of(|_| Ok(())), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fingerprint_of(|text| text.write_all(b"a")), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn default_with_makes_only_the_change_asked_for() {
        assert_eq!(default_with(|pair: &mut (u8, u8)| pair.1 = 2), (0, 2));
    }

    #[test]
    fn the_seed_decides_what_a_seeded_generator_gives() {
        assert_the_seed_decides(|seed| vec![seed, seed * 7]);
    }

    #[test]
    #[should_panic(expected = "two seeds")]
    fn a_generator_that_ignores_the_seed_fails_the_seed_check() {
        assert_the_seed_decides(|_| vec![1, 2, 3]);
    }
}
