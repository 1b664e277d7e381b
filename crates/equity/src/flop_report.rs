//! The flop report: how a hero range fares against a villain range on every flop, one row per strategically
//! distinct flop.
//!
//! # Which flops
//!
//! There are 22,100 flops. Renaming the suits (one of the 24 permutations of clubs, diamonds, hearts, spades)
//! changes nothing about a flop's equity *when both ranges are unchanged by the same renaming*. The permutations
//! that leave both ranges unchanged form a group, [`SuitGroup::of_ranges`]; flops that one of its permutations maps
//! onto each other form an orbit, and one row per orbit is enough. Its weight is the orbit size, so weighted rows
//! stand for all 22,100 flops exactly.
//!
//! * Ranges written as classes (`AKs`, `QQ`, the 13x13 grid) are unchanged by every permutation: the group has 24
//!   elements and there are **1,755** orbits ([`CANONICAL_FLOPS`]).
//! * When the suit editor leaves single combos out (or a range names suited combos like `AhKh`), the symmetry is
//!   broken. The report does not refuse and does not pretend: it uses the smaller group that still holds, so
//!   with no symmetry at all it falls back to all **22,100** flops, each of weight 1, and every row is still
//!   exact. [`FlopPlan::symmetry`] says how many permutations were used.
//!
//! Each orbit is shown by one member, chosen to read naturally: cards from high to low and suits given in the
//! order spades, hearts, diamonds, clubs (`AsKs2h`, `Ts9h8d`), the smallest such spelling in the orbit.
//!
//! # One row
//!
//! [`flop_row`] computes the exact equity of one flop with the engine's exact API ([`crate::tally`] over every
//! turn and river), the distribution of the hero combos' equities in ten buckets, and the made-hand and draw
//! categories of both ranges ([`crate::hand_categories`]). Every figure is kept as an additive sum (weighted
//! combos, pair weights), so rows of a group add up with their weights: the group's equity is
//! `sum(weight * (win + tie / 2)) / sum(weight * faced)`, which weighs each flop by how often it is dealt *to
//! these two ranges* (card removal included). Summed over all flops this is exactly the preflop equity of the
//! two ranges, since every five-card board is counted once per three-card subset. A flop on which no hero combo
//! can meet a villain combo (a one-combo range that the flop blocks) has no outcome and is left out of sums.
//!
//! # Texture
//!
//! [`Texture`] groups flops by suits (monotone, two-tone, rainbow), pairing (unpaired, paired, trips), highest
//! rank and connectedness (whether a straight is possible with two hole cards, whether two ranks can share one
//! straight, or neither).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::categories::{hand_categories, CategoryName};
use crate::combo::{combo_cards, combo_index, COMBOS};
use crate::error::EquityError;
use crate::exact::{tally, EquityRequest, Shard};
use crate::range::Range;

/// Number of flops (`C(52, 3)`).
pub const ALL_FLOPS: u32 = 22_100;
/// Number of flops distinct up to suit renaming (orbits under all 24 suit permutations).
pub const CANONICAL_FLOPS: usize = 1_755;
/// Buckets of the hero equity distribution: `[0, 10%)`, `[10%, 20%)`, ..., `[90%, 100%]`.
pub const EQUITY_BUCKETS: usize = 10;

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
    /// One entry per orbit, strongest-looking flop first; weights sum to [`ALL_FLOPS`].
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

/// Suits of a flop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Suitedness {
    /// One suit.
    Monotone,
    /// Two suits.
    TwoTone,
    /// Three suits.
    Rainbow,
}

/// Paired ranks of a flop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pairing {
    /// Three ranks.
    Unpaired,
    /// Two ranks.
    Paired,
    /// One rank.
    Trips,
}

/// How well a flop's ranks fit into straights (the ace also counts low).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Connectedness {
    /// Three ranks within five in a row: two hole cards can make a straight (`9-8-7`, `J-9-7`, `A-4-2`).
    Connected,
    /// Two ranks within five in a row, but not three (`K-Q-4`, `T-6-2`, paired `8-8-6`).
    SemiConnected,
    /// No two ranks within five in a row (`K-7-2`, trips).
    Disconnected,
}

/// The texture of a flop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Texture {
    /// Monotone, two-tone or rainbow.
    pub suits: Suitedness,
    /// Unpaired, paired or trips.
    pub pairing: Pairing,
    /// Highest rank, `0` = deuce .. `12` = ace.
    pub high: u8,
    /// Straight potential.
    pub connectedness: Connectedness,
}

/// The texture of three cards.
pub fn texture(flop: [Card; 3]) -> Texture {
    let mut suits = flop.map(Card::suit);
    suits.sort_unstable();
    let mut ranks = flop.map(Card::rank).to_vec();
    ranks.sort_unstable();
    ranks.dedup();
    let distinct_suits = 1 + usize::from(suits[0] != suits[1]) + usize::from(suits[1] != suits[2]);
    // Rank masks with the ace also at the bottom (bit 0), the other ranks one bit up.
    let mask = ranks.iter().fold(0u16, |m, &r| m | 1 << (r + 1)) | u16::from(ranks.contains(&12));
    let most_in_window = (0..10)
        .map(|low| (mask >> low & 0x1f).count_ones())
        .max()
        .unwrap_or(0);
    Texture {
        suits: match distinct_suits {
            1 => Suitedness::Monotone,
            2 => Suitedness::TwoTone,
            _ => Suitedness::Rainbow,
        },
        pairing: match ranks.len() {
            3 => Pairing::Unpaired,
            2 => Pairing::Paired,
            _ => Pairing::Trips,
        },
        high: ranks.last().copied().unwrap_or(0),
        connectedness: match most_in_window {
            3.. => Connectedness::Connected,
            2 => Connectedness::SemiConnected,
            _ => Connectedness::Disconnected,
        },
    }
}

/// The figures of one flop, as additive sums (see the module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlopOutcome {
    /// Hero equity on this flop, ties split.
    pub equity: f64,
    /// Hero `(win, tie, faced)` pair weights summed over every turn and river.
    pub sums: [f64; 3],
    /// Live weighted combos of hero and villain on this flop.
    pub combos: [f64; 2],
    /// Hero weighted combos by equity bucket ([`EQUITY_BUCKETS`], 10% each, the last one including 100%).
    pub distribution: Vec<f64>,
    /// Hero weighted combos per category, in [`CategoryName::ALL`] order.
    pub hero_categories: Vec<f64>,
    /// Villain weighted combos per category, in [`CategoryName::ALL`] order.
    pub villain_categories: Vec<f64>,
}

/// One row of the report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlopRow {
    /// The flop shown.
    pub cards: [Card; 3],
    /// Flops it stands for.
    pub weight: u32,
    /// Its texture.
    pub texture: Texture,
    /// `None` when no hero combo can meet a villain combo on this flop.
    pub outcome: Option<FlopOutcome>,
}

/// The report row of one flop: exact equity over every turn and river, the hero equity distribution and both
/// ranges' categories. Errors only on invalid input (a flop with a repeated card).
pub fn flop_row(hero: &Range, villain: &Range, flop: FlopClass) -> Result<FlopRow, EquityError> {
    let board = flop.cards.to_vec();
    let request = EquityRequest {
        hero: hero.clone(),
        villain: villain.clone(),
        board: board.clone(),
        dead: Vec::new(),
        shard: Shard::WHOLE,
    };
    let row = |outcome| FlopRow {
        cards: flop.cards,
        weight: flop.weight,
        texture: texture(flop.cards),
        outcome,
    };
    let result = match tally(&request) {
        Ok(result) => result,
        Err(EquityError::EmptyRange { .. } | EquityError::NoValidDeal) => return Ok(row(None)),
        Err(error) => return Err(error),
    };
    let report = result.finish(0.0)?;
    let mut distribution = vec![0.0; EQUITY_BUCKETS];
    for (combo, &equity) in report.combo_equity.iter().enumerate() {
        if equity.is_finite() {
            let bucket = ((equity * EQUITY_BUCKETS as f64) as usize).min(EQUITY_BUCKETS - 1);
            distribution[bucket] += f64::from(hero.weight(combo));
        }
    }
    let counts = |range: &Range| -> Result<Vec<f64>, EquityError> {
        Ok(hand_categories(range, &board, &[])?
            .iter()
            .map(|stat| stat.combos)
            .collect())
    };
    Ok(row(Some(FlopOutcome {
        equity: report.hero.equity,
        sums: result.sums(),
        combos: [report.hero.combos, report.villain.combos],
        distribution,
        hero_categories: counts(hero)?,
        villain_categories: counts(villain)?,
    })))
}

/// Number of categories per side in [`FlopOutcome`].
pub const CATEGORY_COUNT: usize = CategoryName::ALL.len();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_cards;

    fn flop(text: &str) -> [Card; 3] {
        let cards = parse_cards(text).expect("cards");
        [cards[0], cards[1], cards[2]]
    }

    #[test]
    fn textures() {
        let t = texture(flop("Ts9h8d"));
        assert_eq!(
            (t.suits, t.pairing, t.high, t.connectedness),
            (
                Suitedness::Rainbow,
                Pairing::Unpaired,
                8,
                Connectedness::Connected
            )
        );
        assert_eq!(texture(flop("As4s2s")).connectedness, Connectedness::Connected);
        assert_eq!(texture(flop("As4s2s")).suits, Suitedness::Monotone);
        assert_eq!(
            texture(flop("KsQh4h")).connectedness,
            Connectedness::SemiConnected
        );
        assert_eq!(texture(flop("KsQh4h")).suits, Suitedness::TwoTone);
        assert_eq!(texture(flop("Ks7h2d")).connectedness, Connectedness::Disconnected);
        assert_eq!(texture(flop("8s8h6d")).pairing, Pairing::Paired);
        assert_eq!(
            texture(flop("8s8h6d")).connectedness,
            Connectedness::SemiConnected
        );
        assert_eq!(texture(flop("8s8h8d")).pairing, Pairing::Trips);
        assert_eq!(texture(flop("8s8h8d")).connectedness, Connectedness::Disconnected);
        // A-K-5: the ace plays high with the king and low with the five, but no window holds all three.
        assert_eq!(
            texture(flop("AsKh5d")).connectedness,
            Connectedness::SemiConnected
        );
    }

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
