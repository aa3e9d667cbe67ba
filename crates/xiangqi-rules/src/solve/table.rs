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
/// the key's low bits, so with 2^16 entries or more (512 KiB) the entry and
/// its slot together hold the whole 64-bit key. The table is allocated
/// zeroed, which the system gives without touching the pages: a large table
/// costs nothing until it is used.
pub(super) struct Table {
    entries: Vec<u64>,
    mask: usize,
}

/// The bytes one entry takes.
const ENTRY_BYTES: usize = core::mem::size_of::<u64>();

/// The bits of an entry that hold the key.
const KEY_BITS: u64 = !0xffff;

impl Table {
    /// The largest table of a power-of-two length that fits in `bytes`
    /// (at least one entry).
    pub(super) fn with_memory(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).max(1);
        let length = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        Table { entries: vec![0; length], mask: length - 1 }
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
        let slot = self.slot(key);
        let entry = self.entries[slot];
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
