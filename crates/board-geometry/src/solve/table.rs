//! The transposition table: what is proved about each position searched,
//! and the proof and disproof numbers of the one being worked on.

/// Bounds on the mate distance of positions, keyed by their Zobrist key,
/// and the proof and disproof numbers last worked out for one bound.
///
/// Depth-limited mate search has no path dependence (see the module docs on
/// repetition), so a bound proved on one path holds on every path to the
/// same position: a position mated within `d` is mated within any larger
/// bound, one not mated within `d` is not mated within any smaller one.
///
/// Each entry holds the whole 64-bit key, the smallest bound within which
/// the position is proved mated (0: not proved), the largest within which it
/// is proved not, and the proof and disproof numbers of the last bound the
/// search worked on there: 24 bytes. The slot is chosen by the key's low
/// bits.
///
/// The table starts at 2^14 entries and doubles when half full, up to the
/// memory it is given: a small search touches little memory (a page of a
/// large table is cleared by the system the first time it is touched, which
/// costs more than a small search), and a large one gets the whole table.
/// When the table can grow no more, a new entry takes the place of an old
/// one, which costs time and never changes an answer.
pub(super) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    /// Entries in use.
    used: usize,
    /// The most entries the memory allows.
    most: usize,
}

/// One position's entry.
#[derive(Copy, Clone, Default)]
struct Entry {
    /// The position's Zobrist key; 0 for an empty slot (a position whose key
    /// is 0 is not kept, which costs time and never changes an answer).
    key: u64,
    /// The smallest bound within which the position is proved mated (0: none).
    mate_within: u8,
    /// The largest bound within which it is proved not mated.
    no_mate_within: u8,
    /// The bound `proof` and `disproof` are for (0: none).
    working: u8,
    proof: u32,
    disproof: u32,
}

/// What the table knows of a position and a bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Known {
    /// Proved mated within the bound.
    Mated,
    /// Proved not mated within the bound.
    NotMated,
    /// The proof and disproof numbers last worked out for this bound.
    Numbers(u32, u32),
    /// Nothing.
    Nothing,
}

/// The first size of a table, in entries.
const FIRST_LENGTH: usize = 1 << 14;

/// The bytes one entry takes.
pub(super) const ENTRY_BYTES: usize = core::mem::size_of::<Entry>();

impl Table {
    /// The largest table of a power-of-two length that fits in `bytes`
    /// (at least one entry).
    pub(super) fn with_memory(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).max(1);
        let most = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        let length = most.min(FIRST_LENGTH);
        Table { entries: vec![Entry::default(); length], mask: length - 1, used: 0, most }
    }

    /// Doubles the table, every entry moved to its slot in the larger one.
    fn grow(&mut self) {
        let length = self.entries.len() * 2;
        let mut entries = vec![Entry::default(); length];
        let mask = length - 1;
        for entry in &self.entries {
            if entry.key != 0 {
                entries[(entry.key as usize) & mask] = *entry;
            }
        }
        self.entries = entries;
        self.mask = mask;
    }

    fn slot(&self, key: u64) -> usize {
        // The low bits of a Zobrist key are as random as the high ones.
        (key as usize) & self.mask
    }

    /// Whether the table has grown past what the processor's caches hold,
    /// so that most probes miss them (a guess: past a core's second-level
    /// cache, about 1 MiB).
    #[inline]
    pub(super) fn outgrows_caches(&self) -> bool {
        const CACHED_BYTES: usize = 1 << 20;
        self.entries.len() * ENTRY_BYTES > CACHED_BYTES
    }

    /// Reads the slot of `key` and returns a word of it, to be kept: a read
    /// whose answer nothing waits on, so that the processor overlaps several
    /// (the table is far larger than the caches, and each probe misses them).
    #[inline]
    pub(super) fn touch(&self, key: u64) -> u64 {
        self.entries[self.slot(key)].key
    }

    /// What is known of the position of `key` and the bound `depth`.
    #[inline]
    pub(super) fn probe(&self, key: u64, depth: u8) -> Known {
        let entry = &self.entries[self.slot(key)];
        if entry.key != key || key == 0 {
            Known::Nothing
        } else if entry.mate_within != 0 && entry.mate_within <= depth {
            Known::Mated
        } else if entry.no_mate_within >= depth {
            Known::NotMated
        } else if entry.working == depth {
            Known::Numbers(entry.proof, entry.disproof)
        } else {
            Known::Nothing
        }
    }

    /// Records the proof and disproof numbers of the position of `key` for
    /// the bound `depth` (>= 1): a proof number of 0 is a proof, a
    /// disproof number of 0 a disproof.
    #[inline]
    pub(super) fn store(&mut self, key: u64, depth: u8, proof: u32, disproof: u32) {
        if key == 0 {
            return;
        }
        if self.used * 2 > self.entries.len() && self.entries.len() < self.most {
            self.grow();
        }
        let slot = self.slot(key);
        let entry = &mut self.entries[slot];
        if entry.key != key {
            self.used += usize::from(entry.key == 0);
            *entry = Entry { key, ..Entry::default() };
        }
        if proof == 0 {
            if entry.mate_within == 0 || depth < entry.mate_within {
                entry.mate_within = depth;
            }
        } else if disproof == 0 {
            entry.no_mate_within = entry.no_mate_within.max(depth);
        } else {
            entry.working = depth;
            entry.proof = proof;
            entry.disproof = disproof;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_keeps_every_entry_and_stops_at_the_memory_given() {
        let memory = 1 << 23;
        let mut table = Table::with_memory(memory);
        let mut random = crate::random::Random::new(5);
        let keys: Vec<u64> = (0..300_000).map(|_| random.next_u64().max(1)).collect();
        for (index, &key) in keys.iter().enumerate() {
            let (proof, disproof) = if index % 2 == 0 { (0, u32::MAX) } else { (u32::MAX, 0) };
            table.store(key, 1 + (index % 7) as u8, proof, disproof);
        }
        assert!(
            table.entries.len() * ENTRY_BYTES <= memory && table.entries.len() * ENTRY_BYTES * 2 > memory,
            "grown to the memory given, no further: {} entries, {} used, {} most",
            table.entries.len(),
            table.used,
            table.most
        );
        let expected = |index: usize| if index % 2 == 0 { Known::Mated } else { Known::NotMated };
        let found = keys
            .iter()
            .enumerate()
            .filter(|&(index, &key)| table.probe(key, 1 + (index % 7) as u8) == expected(index))
            .count();
        // 300,000 keys in 262,144 slots: many keep their slot.
        assert!(found > 150_000, "{found} of the entries kept");
        let absent = (0..10_000).filter(|_| table.probe(random.next_u64(), 3) != Known::Nothing).count();
        assert_eq!(absent, 0, "keys never stored are not found");
    }

    #[test]
    fn bounds_hold_upwards_and_downwards_and_numbers_only_for_their_bound() {
        let mut table = Table::with_memory(1 << 20);
        table.store(7, 4, 0, u32::MAX);
        assert_eq!(table.probe(7, 4), Known::Mated);
        assert_eq!(table.probe(7, 9), Known::Mated, "mated within 4 is mated within 9");
        assert_eq!(table.probe(7, 3), Known::Nothing);
        table.store(7, 2, u32::MAX, 0);
        assert_eq!(table.probe(7, 1), Known::NotMated, "not within 2 is not within 1");
        table.store(7, 3, 5, 8);
        assert_eq!(table.probe(7, 3), Known::Numbers(5, 8));
        assert_eq!(table.probe(7, 4), Known::Mated, "the bounds stay");
        assert_eq!(table.probe(8, 3), Known::Nothing);
    }
}
