//! Heads-up all-in results between the 169 hand classes, with card removal, from the exact preflop table.
//!
//! Push/fold games deal each player a class (a cell of the 13x13 grid). When two classes meet all in, what
//! matters is the total over every pair of *compatible* combos (no shared card): how many such pairs there are,
//! and how many of them the first class wins and ties (each pair's win and tie fractions over its 1,712,304
//! boards, exact integers from [`crate::preflop`]). These totals weigh each pair equally, exactly as a uniform
//! deal does: AA meets KK in 36 combo pairs, AKs meets AA in 12 (the ace of the suited hand's suit blocks), and
//! their equities follow from the exact counts.
//!
//! Every combo of a class is the image of every other under a suit permutation, and equity does not change when
//! suits are renamed, so the totals of class `i` against class `j` are `|i|` times the totals of one
//! representative combo of `i` against all compatible combos of `j`: 169 x 1,225 table lookups in all, made
//! once per process (tens of milliseconds) and kept.

use std::sync::OnceLock;

use crate::combo::{combo_mask, COMBOS, COMBO_CLASS};
use crate::error::EquityError;
use crate::preflop::{self, BOARDS_PER_MATCHUP};

/// Number of hand classes.
pub const CLASS_COUNT: usize = crate::combo::CLASSES;
/// Combos left for an opponent once one combo is dealt: C(50, 2).
pub const OPPONENT_COMBOS: f64 = 1225.0;

static MATCHUPS: OnceLock<ClassMatchups> = OnceLock::new();
static MEMBERS: OnceLock<Vec<Vec<usize>>> = OnceLock::new();

/// The combos of each class, in combo order.
pub fn class_members() -> &'static [Vec<usize>] {
    MEMBERS.get_or_init(|| {
        let mut members = vec![Vec::new(); CLASS_COUNT];
        for (combo, &class) in COMBO_CLASS.iter().enumerate() {
            members[class as usize].push(combo);
        }
        members
    })
}

/// Number of combos of a class: 6 for a pair, 4 suited, 12 offsuit.
pub fn class_size(class: usize) -> f64 {
    let (row, col) = (class / 13, class % 13);
    match row.cmp(&col) {
        std::cmp::Ordering::Equal => 6.0,
        std::cmp::Ordering::Less => 4.0,
        std::cmp::Ordering::Greater => 12.0,
    }
}

/// Pair totals of every class against every class (row-major `first * 169 + second`).
#[derive(Debug, Clone, PartialEq)]
pub struct ClassMatchups {
    pairs: Vec<f64>,
    wins: Vec<f64>,
    ties: Vec<f64>,
}

impl ClassMatchups {
    /// Builds the totals from a preflop table.
    pub fn from_table(table: &preflop::PreflopTable) -> Result<ClassMatchups, EquityError> {
        let members = class_members();
        let cells = CLASS_COUNT * CLASS_COUNT;
        let (mut pairs, mut wins, mut ties) = (vec![0.0; cells], vec![0.0; cells], vec![0.0; cells]);
        let boards = f64::from(BOARDS_PER_MATCHUP);
        for (first, combos) in members.iter().enumerate() {
            let rep = combos[0];
            let size = combos.len() as f64;
            let blocked = combo_mask(rep);
            for other in (0..COMBOS).filter(|&c| combo_mask(c) & blocked == 0) {
                let (w, t) = table.matchup(rep, other)?;
                let cell = first * CLASS_COUNT + COMBO_CLASS[other] as usize;
                pairs[cell] += size;
                wins[cell] += size * f64::from(w) / boards;
                ties[cell] += size * f64::from(t) / boards;
            }
        }
        Ok(ClassMatchups { pairs, wins, ties })
    }

    /// Compatible combo pairs of `first` and `second` (36 for AA vs KK, 12 for AKs vs AA).
    pub fn pairs(&self, first: usize, second: usize) -> f64 {
        self.pairs[first * CLASS_COUNT + second]
    }

    /// Expected number of those pairs that `first` wins outright.
    pub fn wins(&self, first: usize, second: usize) -> f64 {
        self.wins[first * CLASS_COUNT + second]
    }

    /// Expected number of those pairs that tie.
    pub fn ties(&self, first: usize, second: usize) -> f64 {
        self.ties[first * CLASS_COUNT + second]
    }

    /// All-in equity of `first` against `second` (ties count half), over their compatible pairs; `None` when no
    /// pair is compatible (never for two classes: even AA vs AA has one).
    pub fn equity(&self, first: usize, second: usize) -> Option<f64> {
        let pairs = self.pairs(first, second);
        (pairs > 0.0).then(|| (self.wins(first, second) + self.ties(first, second) / 2.0) / pairs)
    }
}

/// The class totals of the loaded preflop table, computed on first use and kept.
pub fn class_matchups() -> Result<&'static ClassMatchups, EquityError> {
    if let Some(matchups) = MATCHUPS.get() {
        return Ok(matchups);
    }
    let built = ClassMatchups::from_table(preflop::table()?)?;
    Ok(MATCHUPS.get_or_init(|| built))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combo::class_label;

    fn class(label: &str) -> usize {
        (0..CLASS_COUNT)
            .find(|&c| class_label(c).as_deref() == Ok(label))
            .expect("label")
    }

    #[test]
    fn pair_counts_follow_card_removal() {
        let m = class_matchups().expect("embedded table");
        assert_eq!(m.pairs(class("AA"), class("KK")), 36.0);
        assert_eq!(m.pairs(class("AKs"), class("AA")), 12.0);
        assert_eq!(m.pairs(class("AA"), class("AKs")), 12.0);
        // Ordered pairs: each of AA's six combos meets the one made of the other two aces.
        assert_eq!(m.pairs(class("AA"), class("AA")), 6.0);
        assert_eq!(m.pairs(class("AKo"), class("AKs")), 12.0 * 2.0);
        for first in 0..CLASS_COUNT {
            let total: f64 = (0..CLASS_COUNT).map(|second| m.pairs(first, second)).sum();
            assert_eq!(total, class_size(first) * OPPONENT_COMBOS);
            for second in 0..CLASS_COUNT {
                let (a, b) = (m.pairs(first, second), m.pairs(second, first));
                assert_eq!(a, b);
                // Win + tie + loss of one side add up over the same pairs.
                let sum = m.wins(first, second) + m.ties(first, second) + m.wins(second, first);
                assert!((sum - a).abs() < 1e-9 * a.max(1.0));
            }
        }
    }

    #[test]
    fn published_class_equities() {
        // PokerStove figures, as in tests/fixtures/equity-golden.json: AA vs KK 81.946%, AKs vs QQ 46.049%,
        // 72o vs AA 11.8004%, and AKo vs a random hand 65.3201% (every class, weighted by its pairs).
        let m = class_matchups().expect("embedded table");
        let pct = |a: &str, b: &str| 100.0 * m.equity(class(a), class(b)).expect("compatible");
        assert!((pct("AA", "KK") - 81.946).abs() < 0.0005, "{}", pct("AA", "KK"));
        assert!((pct("AKs", "QQ") - 46.049).abs() < 0.0005, "{}", pct("AKs", "QQ"));
        assert!(
            (pct("72o", "AA") - 11.8004).abs() < 0.00005,
            "{}",
            pct("72o", "AA")
        );
        let ako = class("AKo");
        let (mut won, mut pairs) = (0.0, 0.0);
        for other in 0..CLASS_COUNT {
            won += m.wins(ako, other) + m.ties(ako, other) / 2.0;
            pairs += m.pairs(ako, other);
        }
        assert!(
            (100.0 * won / pairs - 65.3201).abs() < 0.00005,
            "{}",
            100.0 * won / pairs
        );
    }
}
