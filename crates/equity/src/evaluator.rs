//! Seven-card hand evaluator with incremental keys.
//!
//! Every card maps to a 64-bit key (its additive rank key, see `eval_rules`, in the low 32 bits and
//! a one in its suit's 4-bit counter at bits 32..48) and to a bit in a suit-by-rank mask (16 bits per suit). A
//! hand is the sum of its keys and the union of its masks ([`HandKey`]), so a board is summed once and each
//! hole pair costs one more addition. Suit counters start at 3, so bit 3 of a counter is set exactly when the
//! suit holds five or more cards:
//!
//! * flush: the suit's 13-bit rank mask indexes `FLUSH_RANKS` (8,192 entries);
//! * otherwise the 32-bit rank-key sum (unique per rank multiset, at most 7,825,759) is multiplied by an odd
//!   constant and split into a row (top 14 bits) and a column (low 15 bits); the row's displacement
//!   (`HASH_OFFSETS`, u16) plus the column indexes `HASH_RANKS`. The build script picks the multiplier so that
//!   no two of the 49,205 seven-card rank multisets share a cell, which makes the hash perfect.
//!
//! The tables (about 190 KB) are built once at start-up by `eval_tables` (or by the first key holding cards), so
//! the hot path reads plain statics with no check. Results are dense ranks `1..=7462` ([`HandRank`]), larger is
//! stronger, exact for 5 to 7 cards. Five- and six-card hands are ranked by the rules in `eval_rules` directly
//! (the seven-card hash is keyed by seven-card sums only).

use std::fmt;
use std::sync::atomic::Ordering::Relaxed;

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::error::EquityError;
use crate::eval_rules::{dense_rank, RANK_KEYS};
use crate::eval_tables as tables;

/// The strength of a hand: `1..=7462`, larger is stronger; equal ranks tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HandRank(pub u16);

/// The nine hand categories, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandCategory {
    /// No pair.
    HighCard,
    /// One pair.
    OnePair,
    /// Two pair.
    TwoPair,
    /// Three of a kind.
    ThreeOfAKind,
    /// Five consecutive ranks.
    Straight,
    /// Five cards of one suit.
    Flush,
    /// Three of a kind and a pair.
    FullHouse,
    /// Four of a kind.
    FourOfAKind,
    /// A straight in one suit (including the royal flush).
    StraightFlush,
}

impl HandCategory {
    /// All categories, weakest first.
    pub const ALL: [HandCategory; 9] = [
        HandCategory::HighCard,
        HandCategory::OnePair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];

    /// The English name, as shown in the UI.
    pub fn name(self) -> &'static str {
        match self {
            HandCategory::HighCard => "High Card",
            HandCategory::OnePair => "One Pair",
            HandCategory::TwoPair => "Two Pair",
            HandCategory::ThreeOfAKind => "Three of a Kind",
            HandCategory::Straight => "Straight",
            HandCategory::Flush => "Flush",
            HandCategory::FullHouse => "Full House",
            HandCategory::FourOfAKind => "Four of a Kind",
            HandCategory::StraightFlush => "Straight Flush",
        }
    }
}

impl fmt::Display for HandCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Highest dense rank of each category, weakest first (1,277 high cards, 2,860 pairs, 858 two pairs, 858
/// trips, 10 straights, 1,277 flushes, 156 full houses, 156 quads, 10 straight flushes).
const CATEGORY_TOPS: [u16; 9] = [1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7462];

impl HandRank {
    /// The hand's category.
    pub fn category(self) -> HandCategory {
        let index = CATEGORY_TOPS.iter().position(|&top| self.0 <= top).unwrap_or(8);
        HandCategory::ALL[index]
    }
}

/// The evaluator key of a set of cards: rank-key sum and suit counters, plus the suit-by-rank mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandKey {
    key: u64,
    mask: u64,
}

/// Suit counters start at 3 so that a count of five or more sets bit 3 of its nibble.
const SUIT_BIAS: u64 = 0x3333 << 32;
/// Bit 3 of every suit counter.
const FLUSH_BITS: u64 = 0x8888 << 32;

/// Key of each card, by card index.
const CARD_KEYS: [HandKey; 52] = {
    let mut keys = [HandKey { key: 0, mask: 0 }; 52];
    let mut i = 0;
    while i < 52 {
        let (rank, suit) = (i / 4, i % 4);
        keys[i] = HandKey {
            key: RANK_KEYS[rank] as u64 | (1u64 << (32 + 4 * suit)),
            mask: 1u64 << (16 * suit + rank),
        };
        i += 1;
    }
    keys
};

impl Default for HandKey {
    fn default() -> Self {
        HandKey::EMPTY
    }
}

impl HandKey {
    /// The key of no cards.
    pub const EMPTY: HandKey = HandKey {
        key: SUIT_BIAS,
        mask: 0,
    };

    /// The key of one card (without the suit bias; add it to a key built from [`HandKey::EMPTY`]).
    #[inline]
    pub fn card(card: Card) -> HandKey {
        // Every key that holds cards starts here or in `suitless`, so no hand can be ranked before the tables
        // exist; after the first call this is one load and a predicted branch per card, not per evaluation.
        tables::ensure_built();
        CARD_KEYS[card.index() as usize % 52]
    }

    /// The key of a list of cards.
    pub fn of(cards: &[Card]) -> HandKey {
        cards
            .iter()
            .fold(HandKey::EMPTY, |k, &c| k.plus(HandKey::card(c)))
    }

    /// Adds the cards of another key (one built with [`HandKey::card`] or [`HandKey::pair`]).
    #[inline(always)]
    pub fn plus(self, other: HandKey) -> HandKey {
        HandKey {
            key: self.key.wrapping_add(other.key),
            mask: self.mask | other.mask,
        }
    }

    /// The key of no cards and no suit bias, to start a sum of card keys that is added to a board key.
    pub(crate) const NONE: HandKey = HandKey { key: 0, mask: 0 };

    /// The key of a card's rank alone, without its suit: a seven-card hand with such a card ranks as if the card
    /// belonged to no flush. Only exact when the card's suit cannot make a flush in the hand (see
    /// `crate::runouts`).
    pub(crate) fn suitless(card: Card) -> HandKey {
        tables::ensure_built();
        HandKey {
            key: u64::from(RANK_KEYS[card.rank() as usize % 13]),
            mask: 0,
        }
    }

    /// The key of two cards without the suit bias, to add to a board key.
    pub fn pair(a: Card, b: Card) -> HandKey {
        HandKey::card(a).plus(HandKey::card(b))
    }

    /// The rank of exactly seven cards (the key must hold seven distinct cards; other keys give an unspecified
    /// rank, never a panic).
    #[inline(always)]
    pub fn rank7(self) -> HandRank {
        let flush = self.key & FLUSH_BITS;
        let value = if flush != 0 {
            let suit = (flush.trailing_zeros() - 35) / 4;
            let ranks = (self.mask >> (16 * suit)) & 0x1fff;
            tables::FLUSH_RANKS.get(ranks as usize).map(|r| r.load(Relaxed))
        } else {
            let h = (self.key as u32).wrapping_mul(tables::HASH_MULT);
            let row = tables::HASH_OFFSETS
                .get((h >> tables::HASH_ROW_SHIFT) as usize)
                .copied()
                .unwrap_or(0);
            tables::HASH_RANKS
                .get(row as usize + (h & tables::HASH_COL_MASK) as usize)
                .map(|r| r.load(Relaxed))
        };
        HandRank(value.unwrap_or(0))
    }
}

/// Evaluates 5, 6 or 7 distinct cards.
pub fn evaluate(cards: &[Card]) -> Result<HandRank, EquityError> {
    if !(5..=7).contains(&cards.len()) {
        return Err(EquityError::HandSize { count: cards.len() });
    }
    let mut seen = 0u64;
    for &card in cards {
        if seen & card.mask() != 0 {
            return Err(EquityError::DuplicateCard {
                card: card.to_string(),
            });
        }
        seen |= card.mask();
    }
    if cards.len() == 7 {
        return Ok(HandKey::of(cards).rank7());
    }
    Ok(evaluate_small(cards))
}

/// Rank of 5 or 6 distinct cards, straight from the rules (no table).
pub(crate) fn evaluate_small(cards: &[Card]) -> HandRank {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 4];
    for &card in cards {
        counts[card.rank() as usize] += 1;
        suits[card.suit() as usize] |= 1 << card.rank();
    }
    let flush = suits.iter().copied().find(|m| m.count_ones() >= 5).unwrap_or(0);
    HandRank(dense_rank(&counts, flush))
}

/// Builds the evaluator tables now rather than at the first hand (a few milliseconds): hosts call it while
/// loading so that the first request does not pay for it. Calling it again does nothing.
pub fn init() {
    tables::ensure_built();
}

/// Sizes of the evaluator tables in bytes, for tests and docs.
pub fn table_bytes() -> usize {
    tables::table_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_fit_the_budget() {
        assert!(table_bytes() <= 256 * 1024, "{} bytes", table_bytes());
    }

    #[test]
    fn evaluates_known_hands() {
        let rank = |text: &str| evaluate(&crate::parse_cards(text).expect("cards")).expect("rank");
        assert_eq!(rank("AsKsQsJsTs").category(), HandCategory::StraightFlush);
        assert_eq!(rank("As2s3s4s5s9d9c").category(), HandCategory::StraightFlush);
        assert_eq!(rank("Ah2c3d4s5h").category(), HandCategory::Straight);
        assert!(rank("Ah2c3d4s5h") < rank("2c3d4s5h6h"));
        assert_eq!(rank("AhAcAdKsKh2c").category(), HandCategory::FullHouse);
        assert_eq!(rank("2h2c2d2sKh").0, 7297 + 10);
        assert_eq!(rank("AsKsQsJsTs").0, 7462);
        assert_eq!(rank("7h5c4d3s2h").0, 1);
        assert_eq!(HandCategory::TwoPair.to_string(), "Two Pair");
        assert!(matches!(evaluate(&[]), Err(EquityError::HandSize { count: 0 })));
    }
}
