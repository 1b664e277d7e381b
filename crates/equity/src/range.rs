//! Weighted ranges of two-card combos.
//!
//! A [`Range`] holds one weight in `[0, 1]` per combo (1326 of them, see [`crate::combo`]). A weight is the
//! fraction of the time the player holds that combo when the range is dealt, so a range of `KJo:0.5` contributes
//! 6 weighted combos. Ranges come from PokerStove text ([`crate::notation`]), from 1326 combo weights, or from
//! the 169 class weights of the 13x13 grid.

use crate::card::CardSet;
use crate::combo::{combo_mask, COMBOS, COMBO_CLASS};
use crate::error::EquityError;
use crate::notation;

/// A weighted range: one weight in `[0, 1]` per combo, indexed as in [`crate::combo_index`].
#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    weights: Vec<f32>,
}

impl Default for Range {
    fn default() -> Self {
        Range::empty()
    }
}

impl Range {
    /// The empty range (every weight 0).
    pub fn empty() -> Range {
        Range {
            weights: vec![0.0; COMBOS],
        }
    }

    /// Every combo with weight 1 (`random`).
    pub fn full() -> Range {
        Range {
            weights: vec![1.0; COMBOS],
        }
    }

    /// Parses range text: PokerStove notation `QQ+`, `TT-88`, `A5s-A2s`, `ATs+`, `KQo`, `AK` (suited and
    /// offsuit), `AhKh`, `random`, weights as `KJo:0.5`, bracket groups `[50]AKs, AQs[/50]` and top shares
    /// `top 15%` ([`crate::notation`]); tokens separated by commas or spaces. Later tokens overwrite the
    /// weight of combos named earlier. Empty text is the empty range. An error names the bad token, where it is
    /// in the text and what is wrong with it ([`EquityError::InvalidRangeToken`]).
    pub fn parse(text: &str) -> Result<Range, EquityError> {
        notation::parse(text).map(|weights| Range { weights })
    }

    /// Builds a range from 1326 combo weights, each finite and in `[0, 1]`.
    pub fn from_weights(weights: &[f32]) -> Result<Range, EquityError> {
        if weights.len() != COMBOS {
            return Err(EquityError::WeightCount {
                expected: COMBOS,
                found: weights.len(),
            });
        }
        if let Some(&bad) = weights.iter().find(|w| !(0.0..=1.0).contains(*w)) {
            return Err(EquityError::InvalidWeight {
                token: bad.to_string(),
            });
        }
        Ok(Range {
            weights: weights.to_vec(),
        })
    }

    /// Builds a range from 169 class weights (grid order, `row * 13 + col`), each finite and in `[0, 1]`.
    pub fn from_class_weights(grid: &[f32]) -> Result<Range, EquityError> {
        if grid.len() != crate::combo::CLASSES {
            return Err(EquityError::WeightCount {
                expected: crate::combo::CLASSES,
                found: grid.len(),
            });
        }
        if let Some(&bad) = grid.iter().find(|w| !(0.0..=1.0).contains(*w)) {
            return Err(EquityError::InvalidWeight {
                token: bad.to_string(),
            });
        }
        let weights = COMBO_CLASS.iter().map(|&class| grid[class as usize]).collect();
        Ok(Range { weights })
    }

    /// The 1326 combo weights.
    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    /// The weight of one combo (0 for an index out of range).
    pub fn weight(&self, combo: usize) -> f32 {
        self.weights.get(combo).copied().unwrap_or(0.0)
    }

    /// Sets the weight of one combo; the weight must be finite and in `[0, 1]` and the index below 1326.
    pub fn set_weight(&mut self, combo: usize, weight: f32) -> Result<(), EquityError> {
        if !(0.0..=1.0).contains(&weight) {
            return Err(EquityError::InvalidWeight {
                token: weight.to_string(),
            });
        }
        match self.weights.get_mut(combo) {
            Some(slot) => {
                *slot = weight;
                Ok(())
            }
            None => Err(EquityError::WeightCount {
                expected: COMBOS,
                found: combo + 1,
            }),
        }
    }

    /// The number of weighted combos (sum of weights).
    pub fn combo_count(&self) -> f64 {
        self.weights.iter().map(|&w| f64::from(w)).sum()
    }

    /// The weighted combos that do not touch any of the given cards.
    pub fn live_combo_count(&self, blocked: CardSet) -> f64 {
        self.live_combos(blocked).map(|(_, w)| w).sum()
    }

    /// `(combo, weight)` of every combo with positive weight that avoids the blocked cards.
    pub(crate) fn live_combos(&self, blocked: CardSet) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.weights
            .iter()
            .enumerate()
            .filter(move |&(i, &w)| w > 0.0 && combo_mask(i) & blocked.0 == 0)
            .map(|(i, &w)| (i, f64::from(w)))
    }

    /// Average weight of each of the 169 grid classes.
    pub fn class_weights(&self) -> Vec<f32> {
        let mut sums = [0f64; crate::combo::CLASSES];
        let mut counts = [0u32; crate::combo::CLASSES];
        for (i, &w) in self.weights.iter().enumerate() {
            sums[COMBO_CLASS[i] as usize] += f64::from(w);
            counts[COMBO_CLASS[i] as usize] += 1;
        }
        sums.iter()
            .zip(counts)
            .map(|(&s, c)| (s / f64::from(c)) as f32)
            .collect()
    }

    /// The range as short PokerStove notation with weights; [`Range::parse`] gives back exactly this range.
    pub fn to_notation(&self) -> String {
        self.to_text(notation::NotationStyle::PokerStove)
    }

    /// The range as text in a style (PokerStove, bracket groups, a weighted list); [`Range::parse`] reads every
    /// one of them back to exactly this range.
    pub fn to_text(&self, style: notation::NotationStyle) -> String {
        notation::format(&self.weights, style)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_from_weights_and_classes() {
        assert_eq!(Range::full().combo_count(), 1326.0);
        assert!(matches!(
            Range::from_weights(&[0.5; 10]),
            Err(EquityError::WeightCount { .. })
        ));
        let mut bad = vec![0.0f32; COMBOS];
        bad[3] = 1.5;
        assert!(matches!(
            Range::from_weights(&bad),
            Err(EquityError::InvalidWeight { .. })
        ));
        bad[3] = f32::NAN;
        assert!(matches!(
            Range::from_weights(&bad),
            Err(EquityError::InvalidWeight { .. })
        ));
        let mut grid = vec![0.0f32; 169];
        grid[0] = 1.0; // AA
        grid[1] = 0.5; // AKs
        let range = Range::from_class_weights(&grid).expect("valid grid");
        assert_eq!(range.combo_count(), 8.0);
        assert_eq!(range.class_weights()[1], 0.5);
        assert!(Range::from_class_weights(&[2.0; 169]).is_err());
    }
}
