//! Flops up to suit renaming: the suit group both ranges are unchanged by, its orbits, and the member shown.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::combo::{combo_cards, combo_index, COMBOS};
use crate::range::Range;

/// The suit permutations (each maps suit `s` to `perm[s]`) under which a report's ranges are unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuitGroup {
    perms: Vec<[u8; 4]>,
}

impl SuitGroup {
    /// All 24 permutations.
    pub fn full() -> SuitGroup {
        let mut perms = Vec::with_capacity(24);
        for a in 0..4u8 {
            for b in (0..4u8).filter(|&b| b != a) {
                for c in (0..4u8).filter(|&c| c != a && c != b) {
                    perms.push([a, b, c, 6 - a - b - c]);
                }
            }
        }
        SuitGroup { perms }
    }

    /// The identity only: every flop is its own orbit.
    pub fn trivial() -> SuitGroup {
        SuitGroup {
            perms: vec![[0, 1, 2, 3]],
        }
    }

    /// The permutations that leave every given range unchanged (weights compared exactly). They form a group,
    /// since the set of symmetries of a range is closed under composition.
    pub fn of_ranges(ranges: &[&Range]) -> SuitGroup {
        let perms = SuitGroup::full()
            .perms
            .into_iter()
            .filter(|&perm| {
                ranges.iter().all(|range| {
                    (0..COMBOS).all(|combo| range.weight(combo) == range.weight(permute_combo(combo, perm)))
                })
            })
            .collect();
        SuitGroup { perms }
    }

    /// Number of permutations (1 to 24).
    pub fn len(&self) -> usize {
        self.perms.len()
    }

    /// Never true: the identity is always in the group.
    pub fn is_empty(&self) -> bool {
        self.perms.is_empty()
    }

    /// Every flop the group's permutations map `flop` to (sorted card triples, each once).
    pub fn orbit(&self, flop: [Card; 3]) -> Vec<[Card; 3]> {
        let mut members: Vec<[Card; 3]> = self.perms.iter().map(|&perm| permute_flop(flop, perm)).collect();
        members.sort_unstable();
        members.dedup();
        members
    }
}

fn permute_card(card: Card, perm: [u8; 4]) -> Card {
    Card::from_index_unchecked(card.rank() * 4 + perm[card.suit() as usize])
}

fn permute_combo(combo: usize, perm: [u8; 4]) -> usize {
    let (a, b) = combo_cards(combo);
    combo_index(permute_card(a, perm), permute_card(b, perm))
}

/// The flop's cards renamed and sorted by card index.
fn permute_flop(flop: [Card; 3], perm: [u8; 4]) -> [Card; 3] {
    let mut cards = flop.map(|card| permute_card(card, perm));
    cards.sort_unstable();
    cards
}

/// Display key: cards high to low, spades before hearts, diamonds, clubs among equal ranks; smaller reads first.
fn display_key(flop: [Card; 3]) -> [u8; 3] {
    let mut key = flop.map(|card| (12 - card.rank()) * 4 + (3 - card.suit()));
    key.sort_unstable();
    key
}

fn from_display_key(key: [u8; 3]) -> [Card; 3] {
    key.map(|k| Card::from_index_unchecked((12 - k / 4) * 4 + (3 - k % 4)))
}

/// One orbit of flops: the member shown and how many flops it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlopClass {
    /// The member shown, high card first.
    pub cards: [Card; 3],
    /// Number of flops in the orbit.
    pub weight: u32,
}

/// The flops a report computes and the symmetry that chose them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlopPlan {
    /// Suit permutations both ranges are unchanged by (24 = full symmetry, 1 = none).
    pub symmetry: u32,
    /// One entry per orbit, strongest-looking flop first; weights sum to [`ALL_FLOPS`](super::ALL_FLOPS).
    pub flops: Vec<FlopClass>,
}

/// The orbits of all 22,100 flops under `group`, in display order (aces first).
pub fn flop_classes(group: &SuitGroup) -> Vec<FlopClass> {
    let mut orbits: BTreeMap<[u8; 3], u32> = BTreeMap::new();
    for c in 2..52u8 {
        for b in 1..c {
            for a in 0..b {
                let flop = [a, b, c].map(Card::from_index_unchecked);
                let key = group
                    .perms
                    .iter()
                    .map(|&perm| display_key(permute_flop(flop, perm)))
                    .min()
                    .unwrap_or_else(|| display_key(flop));
                *orbits.entry(key).or_insert(0) += 1;
            }
        }
    }
    orbits
        .into_iter()
        .map(|(key, weight)| FlopClass {
            cards: from_display_key(key),
            weight,
        })
        .collect()
}

/// The plan of a report for these two ranges: their common suit symmetry and its flop orbits.
pub fn plan(hero: &Range, villain: &Range) -> FlopPlan {
    let group = SuitGroup::of_ranges(&[hero, villain]);
    FlopPlan {
        symmetry: group.len() as u32,
        flops: flop_classes(&group),
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_flop as flop;
    use super::*;

    #[test]
    fn display_members_read_naturally() {
        let classes = flop_classes(&SuitGroup::full());
        let shown: Vec<String> = classes
            .iter()
            .take(3)
            .map(|c| c.cards.iter().map(Card::to_string).collect())
            .collect();
        assert_eq!(shown, ["AsAhAd", "AsAhKs", "AsAhKd"]);
        assert!(classes
            .iter()
            .any(|c| c.cards == flop("Ts9h8d") && c.weight == 24));
        assert!(classes.iter().any(|c| c.cards == flop("AsKs2s") && c.weight == 4));
    }
}
