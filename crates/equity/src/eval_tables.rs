//! The evaluator's lookup tables, built once at start-up rather than shipped as 190 KB of static data (110 KB of
//! the gzipped wasm module). Only the perfect hash's row displacements, which take a slow search to find, come from
//! the build script (`HASH_OFFSETS`, 32 KB); the rest is `eval_rules::dense_rank` of 57,000 rank multisets and
//! flush masks, a few milliseconds:
//!
//! * `FLUSH_RANKS`: dense rank of the best flush / straight flush for each 13-bit rank mask of one suit.
//! * `HASH_RANKS`: the dense rank of the best non-flush hand of each of the 49,205 seven-card rank multisets,
//!   at slot `HASH_OFFSETS[row] + column` of its rank-key sum (see `build.rs`). The table reaches every slot a
//!   row offset (any `u16`) plus a column can name, so a lookup needs no bounds check; the slots past the last
//!   used one are zero and never read for a real hand.
//!
//! The tables are statics of atomics, zero until built: a relaxed atomic load is a plain load on wasm and x86,
//! so the hot path reads them like ordinary arrays, with no per-evaluation check and no `unsafe`. The gate is
//! [`ensure_built`], called by every constructor of a key that holds cards (`HandKey::card`,
//! `HandKey::suitless`), so no hand can be ranked before the tables exist; `Once` orders the builder's stores
//! before everything a thread does after passing the gate.

use std::sync::atomic::{AtomicU16, Ordering::Relaxed};
use std::sync::Once;

use crate::eval_rules::{dense_rank, multisets, RANK_KEYS};

mod hash {
    include!(concat!(env!("OUT_DIR"), "/hash.rs"));
}
use hash::HASH_SLOTS;
pub(crate) use hash::{HASH_COL_MASK, HASH_MULT, HASH_OFFSETS, HASH_ROW_SHIFT};

/// Seven-card rank multisets with at most four cards per rank.
const SEVEN_CARD_MULTISETS: usize = 49_205;

/// Slots of `HASH_RANKS`: one past the largest `u16` row offset plus the largest column. About 26,000 more than
/// the hash uses (51 KB of zeroed memory, never downloaded); in exchange the compiler can prove every index in bounds
/// and drops the check from each evaluation.
pub(crate) const HASH_TABLE_LEN: usize = u16::MAX as usize + HASH_COL_MASK as usize + 1;

/// Dense rank of each seven-card rank multiset, at its perfect-hash slot (0 in unused slots).
pub(crate) static HASH_RANKS: [AtomicU16; HASH_TABLE_LEN] = [const { AtomicU16::new(0) }; HASH_TABLE_LEN];
/// Dense rank of the best flush per suit rank mask (0 for fewer than five ranks).
pub(crate) static FLUSH_RANKS: [AtomicU16; 8192] = [const { AtomicU16::new(0) }; 8192];

static BUILT: Once = Once::new();

/// Builds the tables on the first call; later calls cost one load and a predicted branch.
#[inline(always)]
pub(crate) fn ensure_built() {
    BUILT.call_once(|| {
        let tables = Tables::compute();
        store(&FLUSH_RANKS, &tables.flush_ranks);
        store(&HASH_RANKS, &tables.hash_ranks);
    });
}

/// Sizes of the tables in bytes.
pub(crate) fn table_bytes() -> usize {
    HASH_OFFSETS.len() * 2 + HASH_RANKS.len() * 2 + FLUSH_RANKS.len() * 2
}

fn store(table: &[AtomicU16], values: &[u16]) {
    for (slot, &value) in table.iter().zip(values) {
        slot.store(value, Relaxed);
    }
}

/// The computed tables, before they are stored in the statics.
struct Tables {
    flush_ranks: Vec<u16>,
    hash_ranks: Vec<u16>,
}

/// One card of each rank in the mask.
fn mask_counts(mask: u16) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for (r, c) in counts.iter_mut().enumerate() {
        *c = u8::from(mask & (1 << r) != 0);
    }
    counts
}

impl Tables {
    /// Computes every table. The checks below cannot fail for the keys in `eval_rules` and the build script's
    /// displacements (the tests pin each table's checksum); they guard against an edit that breaks the hash.
    #[cold]
    fn compute() -> Tables {
        let flush_ranks: Vec<u16> = (0u16..8192)
            .map(|mask| {
                if mask.count_ones() >= 5 {
                    dense_rank(&mask_counts(mask), mask)
                } else {
                    0
                }
            })
            .collect();

        let mut hash_ranks = vec![0u16; HASH_SLOTS];
        let mut placed = 0usize;
        multisets(7, &mut |counts| {
            let key: u32 = counts.iter().zip(RANK_KEYS).map(|(&c, k)| u32::from(c) * k).sum();
            let h = key.wrapping_mul(HASH_MULT);
            let row = HASH_OFFSETS[(h >> HASH_ROW_SHIFT) as usize] as usize;
            let slot = &mut hash_ranks[row + (h & HASH_COL_MASK) as usize];
            assert_eq!(*slot, 0, "perfect hash: two rank multisets share a slot");
            *slot = dense_rank(counts, 0);
            placed += 1;
        });
        assert_eq!(placed, SEVEN_CARD_MULTISETS, "seven-card rank multisets");
        Tables {
            flush_ranks,
            hash_ranks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval_rules::sparse_value;

    /// FNV-1a 64 over the little-endian bytes of a table.
    fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
        bytes.fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    fn loaded(table: &[AtomicU16]) -> Vec<u16> {
        table.iter().map(|v| v.load(Relaxed)).collect()
    }

    fn checksum16(table: &[u16]) -> u64 {
        fnv1a(table.iter().flat_map(|v| v.to_le_bytes()))
    }

    /// The checksums (and largest entries) of the tables the build script generated into the binary before the
    /// tables were built at start-up (commit 58721c0): they must be the same tables, slot for slot.
    #[test]
    fn tables_equal_the_generated_ones() {
        ensure_built();
        assert_eq!(checksum16(&HASH_OFFSETS), 0x384c_5212_e129_87b2);
        assert_eq!(HASH_SLOTS, 72_715);
        let ranks = loaded(&HASH_RANKS[..HASH_SLOTS]);
        assert_eq!(checksum16(&ranks), 0xef3a_5d4a_aa43_d31c);
        assert!(HASH_RANKS[HASH_SLOTS..]
            .iter()
            .all(|slot| slot.load(Relaxed) == 0));
        let flush = loaded(&FLUSH_RANKS);
        assert_eq!(checksum16(&flush), 0x4305_b3af_b466_c5bf);
        assert_eq!(HASH_OFFSETS.iter().max(), Some(&43_146));
        assert_eq!(ranks.iter().max(), Some(&7452));
        assert_eq!(flush.iter().max(), Some(&7462));
    }

    /// `dense_rank` is the position of the old rules' value among the sorted distinct five-card values (the
    /// former `SPARSE_VALUES` table, whose checksum is pinned too), for every rank multiset of five to seven cards
    /// and every flush mask, alone and with the other cards of a six- or seven-card hand.
    #[test]
    fn dense_ranks_follow_the_old_rules() {
        let mut values = Vec::new();
        multisets(5, &mut |counts| values.push(sparse_value(counts, 0)));
        for mask in (0u16..8192).filter(|m| m.count_ones() == 5) {
            values.push(sparse_value(&mask_counts(mask), mask));
        }
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), 7462);
        assert_eq!(
            fnv1a(values.iter().flat_map(|v| v.to_le_bytes())),
            0x8b4e_64c8_e835_361d
        );
        for (i, &value) in values.iter().enumerate() {
            // The old value holds the category above five 4-bit tie-break ranks.
            let category = crate::HandRank(i as u16 + 1).category();
            assert_eq!(category as u32, value >> 20, "dense rank {}", i + 1);
        }
        let old = |counts: &[u8; 13], flush: u16| {
            values
                .binary_search(&sparse_value(counts, flush))
                .map(|i| i as u16 + 1)
        };
        for cards in 5..=7 {
            multisets(cards, &mut |counts| {
                assert_eq!(Ok(dense_rank(counts, 0)), old(counts, 0), "{counts:?}")
            });
        }
        for flush in (0u16..8192).filter(|m| (5..=7).contains(&m.count_ones())) {
            let base = mask_counts(flush);
            // The other cards of the hand, of other suits: any ranks, at most four cards of a rank in all.
            for extra in 0..=(7 - flush.count_ones() as u8) {
                multisets(extra, &mut |more| {
                    let mut counts = base;
                    for (c, m) in counts.iter_mut().zip(more) {
                        *c += m;
                    }
                    if counts.iter().all(|&c| c <= 4) {
                        assert_eq!(
                            Ok(dense_rank(&counts, flush)),
                            old(&counts, flush),
                            "{counts:?} {flush}"
                        );
                    }
                });
            }
        }
    }

    #[test]
    fn computing_again_gives_the_stored_tables() {
        ensure_built();
        let tables = Tables::compute();
        assert_eq!(tables.hash_ranks, loaded(&HASH_RANKS[..HASH_SLOTS]));
        assert_eq!(tables.flush_ranks, loaded(&FLUSH_RANKS));
    }
}
