//! Heads-up reports packed as numbers: a worker moves one array to the main thread instead of a tree of objects
//! that serde would build one property at a time and structured cloning would copy one property at a time again.
//! `unpackReport` (src/engine/packed-report.ts) reads the layout of [`pack_report`] back.

use equity::{EquityRequest, EquityTally, Range, Shard};
use wasm_bindgen::prelude::*;

/// A whole exact heads-up job in one call, its report packed as numbers (see [`pack_report`]): the tally never
/// leaves the module, and the report crosses to JavaScript as one array instead of a tree of objects. `matrix` (the
/// class equities) and `next_cards` say which parts to compute besides the totals; omitted, both are.
#[wasm_bindgen(js_name = equityReportPacked)]
pub fn equity_report_packed(
    hero: &[f32],
    villain: &[f32],
    board: &str,
    dead: &str,
    keep_threshold: f64,
    matrix: Option<bool>,
    next_cards: Option<bool>,
) -> Result<Vec<f64>, JsError> {
    let request = EquityRequest {
        hero: Range::from_weights(hero).map_err(crate::js_error)?,
        villain: Range::from_weights(villain).map_err(crate::js_error)?,
        board: crate::parse_optional_cards(board)?,
        dead: crate::parse_optional_cards(dead)?,
        shard: Shard::WHOLE,
    };
    let report = equity::tally_parts(&request, crate::report_parts(matrix, next_cards))
        .map_err(crate::js_error)?
        .finish(keep_threshold)
        .map_err(crate::js_error)?;
    Ok(pack_report(&report))
}

/// Merges `count` tallies of one job (concatenated, equally long) and finishes the report, packed as numbers (see
/// [`pack_report`]): one call, where merging pair by pair and then finishing copied every tally in and out again.
#[wasm_bindgen(js_name = finishTalliesPacked)]
pub fn finish_tallies_packed(tallies: &[f64], count: u32, keep_threshold: f64) -> Result<Vec<f64>, JsError> {
    let count = count as usize;
    if count == 0 || tallies.is_empty() || tallies.len() % count != 0 {
        return Err(JsError::new("expected one or more tallies of equal length"));
    }
    let mut parts = tallies.chunks_exact(tallies.len() / count);
    let first = parts.next().ok_or_else(|| JsError::new("expected a tally"))?;
    let mut merged = EquityTally::from_f64s(first).map_err(crate::js_error)?;
    for part in parts {
        merged
            .merge(&EquityTally::from_f64s(part).map_err(crate::js_error)?)
            .map_err(crate::js_error)?;
    }
    Ok(pack_report(
        &merged.finish(keep_threshold).map_err(crate::js_error)?,
    ))
}

/// A report without its per-combo equities, as numbers: hero equity, win, tie, lose, combos; the same five for the
/// villain; the number of class equities (169, or 0 when the job left them out) and the class equities; the number of
/// next cards; then card index (`rank * 4 + suit`), equity and change (0 increase, 1 keep, 2 reduce) of each.
/// `unpackReport` (src/engine/packed-report.ts) reads it back.
fn pack_report(report: &equity::EquityReport) -> Vec<f64> {
    let side = |t: &equity::SideTotals| [t.equity, t.win, t.tie, t.lose, t.combos];
    let mut packed = Vec::with_capacity(12 + report.matrix.len() + 3 * report.next_cards.len());
    packed.extend(side(&report.hero));
    packed.extend(side(&report.villain));
    packed.push(report.matrix.len() as f64);
    packed.extend(&report.matrix);
    packed.push(report.next_cards.len() as f64);
    for next in &report.next_cards {
        let change = match next.change {
            equity::EquityChange::Increase => 0.0,
            equity::EquityChange::Keep => 1.0,
            equity::EquityChange::Reduce => 2.0,
        };
        packed.extend([f64::from(next.card.index()), next.equity, change]);
    }
    packed
}
