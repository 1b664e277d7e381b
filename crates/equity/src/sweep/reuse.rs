//! Rank reuse for the runouts that can complete a flush, which are groups of their own.
//!
//! On a completed board where one suit `f` has three or four cards (and none five), only a combo holding at
//! least `5 − count(f)` cards of `f` can make a flush; every other combo ranks exactly as with the runout's
//! ranks alone (no suit can reach five cards for it). So the order of a one- or two-card runout's combos is the
//! suitless order of its rank multiset, whose records the flush-free group of the same ranks builds anyway (kept
//! per request, computed here on first use otherwise), less the combos holding a runout card, merged with the
//! few combos that can make the flush (listed per suit once per request), ranked with the real key. The merge
//! yields the ranks a full ranking gives, in rank order (a combo making a flush never ties one that does not, so
//! the merge never has to break a tie between the two lists), and it copies the kept records rather than
//! gathering each from its entry. On a rainbow flop this
//! serves the 198 runouts of two cards of a board suit: ranks of about 25 combos instead of 370 each.

use super::{cards_of, fill, Entry, Record, Sweeper};
use crate::card::Card;
use crate::evaluator::HandKey;

/// Cards of each suit (card index `rank * 4 + suit`).
const SUIT_CARDS: [u64; 4] = {
    let mut masks = [0u64; 4];
    let mut card = 0;
    while card < 52 {
        masks[card % 4] |= 1 << card;
        card += 1;
    }
    masks
};

/// Index of a rank multiset of one or two cards in the per-request cache.
fn multiset_slot(cards: u64) -> usize {
    let mut ranks = cards_of(cards).map(|card| card / 4);
    match (ranks.next(), ranks.next()) {
        (Some(low), Some(high)) => low * 13 + high,
        (Some(only), None) => only,
        _ => 0,
    }
}

impl Sweeper<'_> {
    /// Stores the records of a flush-free group of every entry (no card common to all its runouts) for reuse.
    pub(super) fn keep_suitless_order(&mut self, first_runout: u64) {
        let slot = multiset_slot(first_runout);
        if self.suitless[slot].is_empty() {
            self.suitless[slot].extend_from_slice(&self.records);
        }
    }

    /// Fills `records` for a one-runout group from the suitless order of its ranks when the module's condition
    /// holds; returns `false` (and leaves `records` alone) otherwise.
    pub(super) fn records_from_suitless(&mut self, runout: u64) -> bool {
        if !(1..=2).contains(&runout.count_ones()) {
            return false;
        }
        let mut suits = self.board_suits;
        for card in cards_of(runout) {
            suits[card % 4] += 1;
        }
        let (flush_suit, count) = (0..4)
            .map(|s| (s, suits[s]))
            .max_by_key(|&(_, c)| c)
            .unwrap_or((0, 0));
        if count >= 5 {
            return false;
        }
        // Combo cards of the flush suit needed for a flush (3 means none can: no suit has three cards).
        let needed = if count >= 3 { 5 - count } else { 3 };
        let slot = multiset_slot(runout);
        if self.suitless[slot].is_empty() {
            let key = cards_of(runout).fold(self.board, |k, card| {
                k.plus(HandKey::suitless(Card::from_index_unchecked(card as u8)))
            });
            self.classes.rank_into(key, 0, &mut self.suitless[slot]);
        }
        let real = cards_of(runout).fold(self.board, |k, card| {
            k.plus(HandKey::card(Card::from_index_unchecked(card as u8)))
        });
        // The combos that can make the flush, ranked with the real key, in (rank, entry) order.
        let entries = self.entries;
        let flush = &mut self.scratch;
        let suited = &self.suited[flush_suit][needed.clamp(1, 2) as usize - 1];
        fill(flush, suited.len(), 0, |made| {
            if needed <= 2 {
                for &i in suited {
                    let e = &entries[usize::from(i)];
                    if e.mask & runout == 0 {
                        made.push(u32::from(real.plus(e.key).rank7().0) << 16 | u32::from(i));
                    }
                }
            }
        });
        flush.sort_unstable();
        // The others in suitless order, with the flush combos merged in where their ranks fall.
        let suit_cards = SUIT_CARDS[flush_suit];
        let suitless = &self.suitless[slot];
        fill(&mut self.records, entries.len(), Record::default(), |records| {
            let made = |j: usize| flush.get(j).copied().unwrap_or(u32::MAX);
            let (mut j, mut next) = (0, made(0));
            for r in suitless {
                if r.mask & runout != 0 || (r.mask & suit_cards).count_ones() >= needed {
                    continue;
                }
                // Packed ranks stay below `u32::MAX` (13 bits of rank), the end marker.
                let packed = r.packed();
                while next < packed {
                    records.push(Record::of(entries, next));
                    j += 1;
                    next = made(j);
                }
                records.push(*r);
            }
            for &made in &flush[j..] {
                records.push(Record::of(entries, made));
            }
        });
        true
    }
}

/// Per suit, the indices of the entries holding at least one card of it (`[0]`) and two (`[1]`).
pub(super) fn suited_entries(entries: &[Entry]) -> [[Vec<u16>; 2]; 4] {
    let mut suited: [[Vec<u16>; 2]; 4] = Default::default();
    for (i, e) in entries.iter().enumerate() {
        for (suit, lists) in suited.iter_mut().enumerate() {
            let held = (e.mask & SUIT_CARDS[suit]).count_ones() as usize;
            for list in &mut lists[..held] {
                list.push(i as u16);
            }
        }
    }
    suited
}

#[cfg(test)]
mod tests {
    use super::super::Sweeper;
    use crate::card::{parse_cards, Card};
    use crate::range::Range;
    use crate::runouts::for_each_group;
    use crate::symmetry::Symmetry;

    /// On a rainbow flop every one of the 198 two-card runouts of a board suit takes the reuse path.
    #[test]
    fn flush_runouts_of_a_rainbow_flop_reuse_the_suitless_order() {
        let (hero, villain) = (
            Range::parse("QQ+,AK").expect("r"),
            Range::parse("random").expect("r"),
        );
        let board = parse_cards("Qs7h2d").expect("board");
        let entries = super::super::tests::entries(&hero, &villain, 0x0);
        let blocked = board.iter().fold(0u64, |m, c| m | c.mask());
        let entries: Vec<_> = entries.into_iter().filter(|e| e.mask & blocked == 0).collect();
        let deck: Vec<Card> = Card::all().filter(|c| blocked & c.mask() == 0).collect();
        let mut sweeper = Sweeper::new(&entries, &board);
        let mut singles = Vec::new();
        for_each_group(&deck, &board, &Symmetry::of(&hero, &villain, &board, &[]), |g| {
            if g.runouts.len() == 1 {
                singles.push(g.runouts[0].0);
            }
        });
        assert_eq!(singles.len(), 198);
        assert!(singles
            .iter()
            .all(|&runout| sweeper.records_from_suitless(runout)));
    }
}
