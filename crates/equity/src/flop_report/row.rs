//! One row of the report: exact equity of one flop, the hero equity distribution and both ranges' categories.

use serde::{Deserialize, Serialize};

use super::orbits::FlopClass;
use super::texture::{texture, Texture};
use super::EQUITY_BUCKETS;
use crate::card::Card;
use crate::categories::hand_categories;
use crate::error::EquityError;
use crate::exact::{tally_parts, EquityRequest, Shard};
use crate::range::Range;
use crate::report::ReportParts;

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
    /// Hero weighted combos per category, in [`CategoryName::ALL`](crate::categories::CategoryName::ALL) order.
    pub hero_categories: Vec<f64>,
    /// Villain weighted combos per category, in [`CategoryName::ALL`](crate::categories::CategoryName::ALL) order.
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
    // The row reads per-combo equities (the distribution) and totals, never the next-card lists.
    let parts = ReportParts {
        combos: true,
        next_cards: false,
    };
    let result = match tally_parts(&request, parts) {
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
