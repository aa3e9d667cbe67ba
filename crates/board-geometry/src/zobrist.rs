//! Zobrist hashing of positions: one fixed random key per piece on each
//! square and one for the second side to move, xored together.
//!
//! The keys are compile-time constants drawn from splitmix64 started at a
//! fixed seed, so a position's [`HashKey`] is the same on every machine, in
//! every build and in every release: a key written to a file, or pinned in a
//! test, stays true. A [`Placement`](crate::Placement) keeps the xor of its
//! pieces' keys up to date as pieces are put, removed and moved (two or three
//! table entries a move); a position adds the side to move
//! ([`Placement::hash_key`](crate::Placement::hash_key)).

use core::fmt;

use crate::{Grid, Kind, Piece, Side, Square};

/// The seed of the keys: the ASCII bytes of `zobrist!`. Changing it changes
/// every [`HashKey`] ever written, so it never changes.
const SEED: u64 = 0x7A6F_6272_6973_7421;

/// The most piece codes there are ([`Piece::code`] runs from 1 to 16).
const CODES: usize = 16;

/// The most squares a grid has (see [`Grid`]).
const SQUARES: usize = 128;

/// The `index`-th output (from 0) of the splitmix64 generator started at
/// `seed`: its state after `index + 1` steps of the golden-ratio increment,
/// through its finalizer (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", 2014).
pub(crate) const fn splitmix64(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of the piece with code `code` on the square of index `square` is
/// output number `(code - 1) * 128 + square` of splitmix64 from [`SEED`],
/// whatever the grid (a grid uses the first `G::SQUARES` of each code's
/// 128). It is kept at `PIECE_KEYS[(code % 16) * 128 + square]`, code 16 in
/// the first row, so that a move finds its row from the code with one mask.
static PIECE_KEYS: [u64; CODES * SQUARES] = {
    let mut keys = [0; CODES * SQUARES];
    let mut index = 0;
    while index < keys.len() {
        let (code, square) = (index / SQUARES + 1, index % SQUARES);
        keys[(code % CODES) * SQUARES + square] = splitmix64(SEED, index as u64);
        index += 1;
    }
    keys
};

/// The key xored in when the second side (index 1 of [`Side::BOTH`]) is to
/// move: the output after every piece key.
const SECOND_SIDE_KEY: u64 = splitmix64(SEED, (CODES * SQUARES) as u64);

/// The key of the piece with [`Piece::code`] `code` (1 to 16) on the square
/// of index `square` (below 128). The masks keep any other value inside the
/// table, so that the lookup needs no bounds check: a code or square out of
/// range is a caller's bug, not a reason to panic in a move.
#[inline(always)]
pub(crate) fn piece_key(code: u8, square: u8) -> u64 {
    PIECE_KEYS[(usize::from(code) % CODES) * SQUARES + usize::from(square) % SQUARES]
}

/// The key of `to_move` being the side to move: 0 for the first side.
#[inline]
pub(crate) fn side_key<S: Side>(to_move: S) -> u64 {
    if to_move.index() == 0 { 0 } else { SECOND_SIDE_KEY }
}

/// A Zobrist hash of a position: the pieces on their squares and the side to
/// move, nothing else (no clock, no move number, no history).
///
/// Equal positions (the same pieces on the same squares, the same side to
/// move) have equal keys, whatever moves led to them; different positions
/// have different keys but for a chance of about one in 2^64 per pair. It is
/// what a transposition table or a repetition count keys on: cheap to keep
/// (game crates update it with every move they play and take back) and to
/// compare. Where a collision must be ruled out, compare the positions'
/// `repetition_key()`s, which compare the pieces themselves.
///
/// The value is fixed for good: the same position has the same key on every
/// machine and in every release, so keys may be stored and compared later.
/// `Display` writes it as 16 hexadecimal digits.
///
/// A newtype rather than a bare `u64`, so that a key is not mistaken for a
/// count or mixed with another game's number; [`HashKey::get`] gives the
/// bits.
///
/// ```
/// use std::collections::HashMap;
/// use board_geometry::{Game, HashKey};
///
/// /// How often each position along a game occurs: `moves` played from
/// /// `start`, counted by key.
/// fn occurrences<G: Game>(start: G, moves: &[G::Move]) -> HashMap<HashKey, usize> {
///     let mut position = start;
///     let mut seen = HashMap::from([(position.zobrist_hash(), 1)]);
///     for &mv in moves {
///         position.play_unchecked(mv);
///         *seen.entry(position.zobrist_hash()).or_default() += 1;
///     }
///     seen
/// }
///
/// // A stored key reads back as the same key, and names the same position.
/// let key = HashKey::from_u64(0x0123_4567_89ab_cdef);
/// assert_eq!(key.to_string(), "0123456789abcdef");
/// assert_eq!(HashKey::from_u64(key.get()), key);
/// // Keys combine by xor, so a change xored in twice is undone.
/// assert_eq!(key ^ key, HashKey::EMPTY);
/// ```
///
/// [`Placement`](crate::Placement) keeps the key of its pieces, and the
/// game crates' positions give theirs with `Game::zobrist_hash`:
/// `occurrences(xiangqi_rules::Position::start(), &moves)`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HashKey(u64);

impl HashKey {
    /// The key of an empty board with the first side to move.
    pub const EMPTY: HashKey = HashKey(0);

    /// The key of a placement and side to move, from scratch: the xor of the
    /// key of every piece on its square, and of the side key if the second
    /// side is to move. What positions keep up to date move by move; this is
    /// the slow way, for checking them, or for a set of pieces that is no
    /// position.
    #[must_use]
    pub fn of<G: Grid, S: Side, K: Kind>(
        pieces: impl IntoIterator<Item = (Square<G>, Piece<S, K>)>,
        to_move: S,
    ) -> HashKey {
        let placement =
            pieces.into_iter().fold(0, |key, (square, piece)| key ^ piece_key(piece.code(), square.index()));
        HashKey(placement ^ side_key(to_move))
    }

    /// The key of `piece` standing on `square`, which xors into a
    /// placement's key when the piece is put there and out of it when it is
    /// taken off.
    #[must_use]
    pub fn piece<G: Grid, S: Side, K: Kind>(piece: Piece<S, K>, square: Square<G>) -> HashKey {
        HashKey(piece_key(piece.code(), square.index()))
    }

    /// The key of `to_move` being the side to move: [`HashKey::EMPTY`] for the
    /// first side of [`Side::BOTH`], a fixed key for the second.
    #[must_use]
    pub fn side<S: Side>(to_move: S) -> HashKey {
        HashKey(side_key(to_move))
    }

    /// The placement key `placement` with `to_move` to move.
    #[inline]
    pub(crate) fn new<S: Side>(placement: u64, to_move: S) -> HashKey {
        HashKey(placement ^ side_key(to_move))
    }

    /// The key a game xors into every key of its positions, so that two
    /// games' positions with the same pieces on the same squares have
    /// different keys and one table can hold both: splitmix64 from the seed
    /// xored with the FNV-1a hash of `name`, its first output. A game crate
    /// gives its key to `impl_position!`; xiangqi, the first game, keeps
    /// the plain keys ([`HashKey::EMPTY`]), so that its stored keys stay
    /// true.
    ///
    /// ```
    /// use board_geometry::HashKey;
    ///
    /// assert_ne!(HashKey::game("duck chess"), HashKey::game("chess"));
    /// assert_eq!(HashKey::game("duck chess"), HashKey::game("duck chess"));
    /// ```
    #[must_use]
    pub const fn game(name: &str) -> HashKey {
        let bytes = name.as_bytes();
        let mut fnv: u64 = 0xCBF2_9CE4_8422_2325;
        let mut index = 0;
        while index < bytes.len() {
            fnv = (fnv ^ bytes[index] as u64).wrapping_mul(0x0000_0100_0000_01B3);
            index += 1;
        }
        HashKey(splitmix64(SEED ^ fnv, 0))
    }

    /// The key whose bits are `bits`, such as one stored from
    /// [`HashKey::get`] earlier: keys are the same in every release, so a
    /// stored one still names its position.
    #[must_use]
    pub const fn from_u64(bits: u64) -> HashKey {
        HashKey(bits)
    }

    /// The 64 bits of the key.
    #[must_use]
    pub const fn get(self) -> u64 {
        self.0
    }
}

impl core::ops::BitXor for HashKey {
    type Output = HashKey;

    /// The key of both changes: keys combine by xor, in any order, and a key
    /// xored twice cancels.
    fn bitxor(self, other: HashKey) -> HashKey {
        HashKey(self.0 ^ other.0)
    }
}

impl From<HashKey> for u64 {
    fn from(key: HashKey) -> u64 {
        key.0
    }
}

impl fmt::Display for HashKey {
    /// Writes the key as 16 lower-case hexadecimal digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl fmt::Debug for HashKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HashKey({:#018x})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_is_the_published_generator() {
        // The first outputs of splitmix64 seeded with 1234567, from the
        // reference implementation (Vigna, prng.di.unimi.it/splitmix64.c).
        let outputs: Vec<u64> = (0..5).map(|index| splitmix64(1_234_567, index)).collect();
        assert_eq!(
            outputs,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
    }

    #[test]
    fn game_keys_are_pinned() {
        // Worked out apart from this code, from the definition: FNV-1a of
        // "duck chess" is 0xc2b459a8baffcee8, and splitmix64 from the seed
        // xored with it gives, first, this.
        assert_eq!(HashKey::game("duck chess").get(), 0xae22_84b2_b16c_4599);
        assert_ne!(HashKey::game("duck chess"), HashKey::EMPTY);
    }

    #[test]
    fn keys_are_pinned() {
        // Changing these changes every key ever stored: they never change.
        assert_eq!(piece_key(1, 0), 0xc632_c9d2_0f54_1807);
        assert_eq!(piece_key(1, 89), 0x9358_798c_cbbb_0cc2);
        assert_eq!(piece_key(16, 127), 0xb8d4_b7c4_293a_7245);
        assert_eq!(SECOND_SIDE_KEY, 0xcc5d_bb4a_4cf3_b8ee);
    }

    #[test]
    fn every_key_is_its_own_and_none_is_zero() {
        let mut keys: Vec<u64> = PIECE_KEYS.to_vec();
        keys.push(SECOND_SIDE_KEY);
        assert!(keys.iter().all(|&key| key != 0));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), CODES * SQUARES + 1);
    }

    #[test]
    fn keys_print_as_sixteen_hex_digits() {
        let key = HashKey(0xab);
        assert_eq!(key.to_string(), "00000000000000ab");
        assert_eq!(format!("{key:?}"), "HashKey(0x00000000000000ab)");
        assert_eq!(u64::from(key), 0xab);
        assert_eq!(key.get(), 0xab);
        assert_eq!(HashKey::from_u64(key.get()), key);
        assert_eq!(key ^ HashKey(0xa0), HashKey(0x0b));
        assert_eq!(HashKey::EMPTY.get(), 0);
    }
}
