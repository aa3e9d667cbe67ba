//! The transposition table: what is proved about each position searched.

/// Bounds on the mate distance of positions, keyed by their Zobrist key.
///
/// Depth-limited mate search has no path dependence (see the module docs on
/// repetition), so a bound proved on one path holds on every path to the
/// same position.
///
/// Each entry is one `u64`: the key's upper 48 bits, the smallest bound
/// within which the position is proved mated (8 bits, 0: not proved) and
/// the largest within which it is proved not (8 bits). The slot is chosen by
/// the key's low bits, and the table has 2^16 entries (512 KiB) or more, so
/// the entry and its slot together hold the whole 64-bit key.
///
/// The table starts at 512 KiB and doubles when half full, up to the memory
/// it is given: a small search touches little memory (a page of a large
/// table is cleared by the system the first time it is touched, which
/// costs more than a small search), and a large one gets the whole table.
/// When the table can grow no more, a new entry takes the place of an old
/// one, which costs time and never changes an answer.
pub(super) struct Table {
    entries: Vec<u64>,
    mask: usize,
    /// Entries in use.
    used: usize,
    /// The most entries the memory allows.
    most: usize,
}

/// The first size of a table: 2^16 entries, the fewest that keep whole keys.
const FIRST_LENGTH: usize = 1 << 16;

/// The bytes one entry takes.
const ENTRY_BYTES: usize = core::mem::size_of::<u64>();

/// The bits of an entry that hold the key.
const KEY_BITS: u64 = !0xffff;

impl Table {
    /// The largest table of a power-of-two length that fits in `bytes`
    /// (at least one entry).
    pub(super) fn with_memory(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).max(1);
        let most = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        let length = most.min(FIRST_LENGTH);
        Table { entries: vec![0; length], mask: length - 1, used: 0, most }
    }

    /// Doubles the table, every entry moved to its slot in the larger one.
    fn grow(&mut self) {
        let length = self.entries.len() * 2;
        let mut entries = vec![0; length];
        let mask = length - 1;
        for (slot, &entry) in self.entries.iter().enumerate() {
            if entry != 0 {
                // The slot gives the key's low 16 bits (and more), the entry the rest.
                let key = (entry & KEY_BITS) | (slot as u64 & !KEY_BITS);
                entries[(key as usize) & mask] = entry;
            }
        }
        self.entries = entries;
        self.mask = mask;
    }

    fn slot(&self, key: u64) -> usize {
        // The low bits of a Zobrist key are as random as the high ones.
        (key as usize) & self.mask
    }

    /// `Some(true)` if the position is proved mated within `depth` moves,
    /// `Some(false)` if proved not, `None` if the table does not know.
    #[inline]
    pub(super) fn probe(&self, key: u64, depth: u8) -> Option<bool> {
        let entry = self.entries[self.slot(key)];
        if entry & KEY_BITS != key & KEY_BITS {
            return None;
        }
        let (mate_within, no_mate_within) = ((entry >> 8) as u8, entry as u8);
        if mate_within != 0 && mate_within <= depth {
            Some(true)
        } else if no_mate_within >= depth {
            Some(false)
        } else {
            None
        }
    }

    /// Records that the position is (`mated`) or is not mated within `depth` (>= 1).
    #[inline]
    pub(super) fn store(&mut self, key: u64, depth: u8, mated: bool) {
        if self.used * 2 > self.entries.len() && self.entries.len() < self.most {
            self.grow();
        }
        let slot = self.slot(key);
        let entry = self.entries[slot];
        self.used += usize::from(entry == 0);
        let (mut mate_within, mut no_mate_within) =
            if entry & KEY_BITS == key & KEY_BITS { ((entry >> 8) as u8, entry as u8) } else { (0, 0) };
        if mated {
            if mate_within == 0 || depth < mate_within {
                mate_within = depth;
            }
        } else {
            no_mate_within = no_mate_within.max(depth);
        }
        self.entries[slot] = (key & KEY_BITS) | (u64::from(mate_within) << 8) | u64::from(no_mate_within);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_keeps_every_entry_and_stops_at_the_memory_given() {
        let mut table = Table::with_memory(1 << 22);
        let mut random = board_geometry::random::Random::new(5);
        let keys: Vec<u64> = (0..400_000).map(|_| random.next_u64().max(1)).collect();
        for (index, &key) in keys.iter().enumerate() {
            table.store(key, 1 + (index % 7) as u8, index % 2 == 0);
        }
        assert_eq!(
            table.entries.len() * ENTRY_BYTES,
            1 << 22,
            "grown to the memory given, no further: {} used, {} most",
            table.used,
            table.most
        );
        let found = keys
            .iter()
            .enumerate()
            .filter(|&(index, &key)| table.probe(key, 1 + (index % 7) as u8) == Some(index % 2 == 0))
            .count();
        // 400,000 keys in 524,288 slots: most keep their slot.
        assert!(found > 240_000, "{found} of the entries kept");
        let absent = (0..10_000).filter(|_| table.probe(random.next_u64(), 3).is_some()).count();
        assert_eq!(absent, 0, "keys never stored are not found");
    }
}
