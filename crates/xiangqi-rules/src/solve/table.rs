//! The transposition table: what is proved about each position searched.

/// What is proved about one position: it is mated within `mate_within`
/// moves of the attacker (0: not proved), and not within `no_mate_within`.
#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    mate_within: u8,
    no_mate_within: u8,
}

/// Bounds on the mate distance of positions, keyed by their Zobrist key.
///
/// Depth-limited mate search has no path dependence (see the module docs on
/// repetition), so a bound proved on one path holds on every path to the
/// same position. Keys are stored whole: two positions share an entry only
/// when their 64-bit keys are equal.
pub(super) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// The bytes one entry takes.
pub(super) const ENTRY_BYTES: usize = core::mem::size_of::<Entry>();

impl Table {
    /// The largest table of a power-of-two length that fits in `bytes`
    /// (at least one entry).
    pub(super) fn with_memory(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).max(1);
        let length = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        Table { entries: vec![Entry::default(); length], mask: length - 1 }
    }

    fn slot(&self, key: u64) -> usize {
        // The low bits of a Zobrist key are as random as the high ones; the
        // mask keeps the index in range.
        (key as usize) & self.mask
    }

    /// `Some(true)` if the position is proved mated within `depth` moves,
    /// `Some(false)` if proved not, `None` if the table does not know.
    #[inline]
    pub(super) fn probe(&self, key: u64, depth: u8) -> Option<bool> {
        let entry = self.entries[self.slot(key)];
        if entry.key != key {
            return None;
        }
        if entry.mate_within != 0 && entry.mate_within <= depth {
            Some(true)
        } else if entry.no_mate_within >= depth {
            Some(false)
        } else {
            None
        }
    }

    /// Records that the position is (`mated`) or is not mated within `depth`.
    #[inline]
    pub(super) fn store(&mut self, key: u64, depth: u8, mated: bool) {
        let slot = self.slot(key);
        let entry = &mut self.entries[slot];
        if entry.key != key {
            *entry = Entry { key, mate_within: 0, no_mate_within: 0 };
        }
        if mated {
            if entry.mate_within == 0 || depth < entry.mate_within {
                entry.mate_within = depth;
            }
        } else {
            entry.no_mate_within = entry.no_mate_within.max(depth);
        }
    }
}
