//! Ranking by hole-card class where no flush is possible.
//!
//! On a completed board with at most two cards of each suit (a flush-free group, [`crate::runouts`]), a combo's
//! seven-card rank depends on the ranks of its two cards alone, so every combo of one class (`AKs` and `AKo`
//! alike: the 16 combos of two ranks, or the 6 of a pair) ranks the same. A request's entries fall into at most 91
//! classes, so such a group ranks its classes (one evaluation each, instead of one per combo: 91 for random vs
//! random against 1,176), sorts them, and copies each class's records in that order. The records of a class are
//! built once per request; only their rank changes from group to group.
//!
//! The order is by rank, then class, then entry. Within a run of equal ranks the sweeps read only the run's sums,
//! which do not depend on the order of its records (see module `group` on why these sums are exact), and the
//! merge of module `reuse` compares ranks only across its two lists (a combo that makes a flush never ties one that
//! does not).

use super::{fill, Entry, Record};
use crate::card::Card;
use crate::evaluator::HandKey;

/// The entries' records grouped by class, and the scratch space to order the classes.
pub(super) struct Classes {
    /// Suitless key of each class present among the entries: the key of its two ranks.
    keys: Vec<HandKey>,
    /// Start of each class's records in `records`, and the end of the last one.
    starts: Vec<usize>,
    /// Every entry's record (rank 0), class after class, entries in index order within a class.
    records: Vec<Record>,
    /// `rank << 16 | class` of the current group's classes.
    order: Vec<u32>,
}

impl Classes {
    pub(super) fn of(entries: &[Entry]) -> Classes {
        let class_of = |e: &Entry| {
            let (x, y) = (e.a / 4, e.b / 4);
            x.min(y) * 13 + x.max(y)
        };
        let mut counts = [0usize; 13 * 13];
        for e in entries {
            counts[class_of(e)] += 1;
        }
        let mut first = [usize::MAX; 13 * 13];
        let (mut keys, mut starts) = (Vec::new(), Vec::new());
        let mut total = 0;
        for (class, &count) in counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let rank_key = |rank: usize| HandKey::suitless(Card::from_index_unchecked(rank as u8 * 4));
            keys.push(rank_key(class / 13).plus(rank_key(class % 13)));
            first[class] = total;
            starts.push(total);
            total += count;
        }
        starts.push(total);
        let mut records = vec![Record::default(); total];
        for (i, e) in entries.iter().enumerate() {
            let slot = &mut first[class_of(e)];
            records[*slot] = Record::of(entries, i as u32);
            *slot += 1;
        }
        Classes {
            order: Vec::with_capacity(keys.len()),
            keys,
            starts,
            records,
        }
    }

    /// Replaces `out` with the records holding no card of `common`, ranked on `board` (the board's key plus the
    /// suitless key of a flush-free runout) and sorted by rank, then class, then entry.
    pub(super) fn rank_into(&mut self, board: HandKey, common: u64, out: &mut Vec<Record>) {
        let keys = &self.keys;
        fill(&mut self.order, keys.len(), 0, |order| {
            for (class, &key) in keys.iter().enumerate() {
                order.push(u32::from(board.plus(key).rank7().0) << 16 | class as u32);
            }
        });
        self.order.sort_unstable();
        let (records, starts) = (&self.records, &self.starts);
        let order = &self.order;
        fill(out, records.len(), Record::default(), |out| {
            for &packed in order {
                let class = (packed & 0xFFFF) as usize;
                let rank = (packed >> 16) as u16;
                for r in &records[starts[class]..starts[class + 1]] {
                    if r.mask & common == 0 {
                        out.push(Record { rank, ..*r });
                    }
                }
            }
        });
    }
}
