//! Next-street card lists: the hero's equity after each possible turn (on a flop) or river (on a turn).
//!
//! They cost nothing extra: the exact sweep ([`crate::exact`]) already has each runout's hero sums, and the
//! equity after card `c` is the aggregate over the runouts that deal `c` (every pair of hands that avoids `c`
//! meets every completion containing it equally often, so the aggregate is exactly the conditional equity).
//! Each card is marked [`EquityChange::Increase`], [`EquityChange::Keep`] or [`EquityChange::Reduce`] against
//! the current equity with a caller-chosen threshold.

use serde::{Deserialize, Serialize};

use crate::card::Card;

/// How a next card moves the hero's equity compared to now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EquityChange {
    /// Equity rises by more than the keep threshold.
    Increase,
    /// Equity moves by at most the keep threshold.
    Keep,
    /// Equity falls by more than the keep threshold.
    Reduce,
}

impl EquityChange {
    /// Classifies an equity change `delta` (a fraction): `|delta| <= keep_threshold` is [`EquityChange::Keep`].
    pub fn classify(delta: f64, keep_threshold: f64) -> EquityChange {
        if delta > keep_threshold {
            EquityChange::Increase
        } else if delta < -keep_threshold {
            EquityChange::Reduce
        } else {
            EquityChange::Keep
        }
    }
}

/// The hero's equity if a given card comes next.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub struct NextCard {
    /// The next board card.
    pub card: Card,
    /// Hero equity with that card on the board, a fraction in `[0, 1]`.
    pub equity: f64,
    /// Direction of the change compared to the current equity.
    pub change: EquityChange,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_with_threshold() {
        assert_eq!(EquityChange::classify(0.05, 0.02), EquityChange::Increase);
        assert_eq!(EquityChange::classify(-0.05, 0.02), EquityChange::Reduce);
        assert_eq!(EquityChange::classify(0.02, 0.02), EquityChange::Keep);
        assert_eq!(EquityChange::classify(0.0, 0.0), EquityChange::Keep);
    }
}
