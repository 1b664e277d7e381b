//! Tournament solving across the boundary: ICM, heads-up push/fold, threshold charts and table push/fold.
//!
//! Spots come in as plain objects (checked by the engine, errors as `JsError` with its message); solutions go out
//! as plain objects. The two long jobs run in steps the host drives ([`ThresholdJob`], [`TableJob`]), so a worker
//! reports progress between steps and stops when the host stops asking. The three-way all-in table that table
//! solves read is not embedded: the host loads it with [`load_three_way_table`].

use equity::tournament::{self, HeadsUpSpot, TableSolver, TableSpot, ThresholdSolver};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::js_error;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Who pays antes: every player, or the big blind for the whole table. */
export type AnteKind = "per_player" | "big_blind";
/** Stakes of a hand, in the unit of the stacks. */
export interface Blinds { small: number; big: number; ante: number; ante_kind: AnteKind }
/** A heads-up push/fold spot: stacks before posting, `[small blind, big blind]`. Empty `payouts`: chip EV. */
export interface HeadsUpSpot { stacks: [number, number]; blinds: Blinds; payouts: number[]; others: number[] }
/**
 * A heads-up equilibrium, 169 classes in grid order (AA, AKs, AQs, ..., AKo, KK, ...). EVs are stack change in big
 * blinds (`unit` "bb") or prize equity (`unit` "prize"); the big blind's are given a push.
 */
export interface HeadsUpSolution {
  push: number[]; call: number[];
  push_ev: number[]; fold_ev: number[]; call_ev: number[]; call_fold_ev: number[];
  exploitability: number; iterations: number; unit: "bb" | "prize";
}
/** Highest stack (bb) a class is played at (0: never) and the stack ranges below it where it is not. */
export interface Threshold { max: number; gaps: [number, number][] }
export interface ThresholdChart { ante: number; push: Threshold[]; call: Threshold[]; max_exploitability: number }
/** A table spot: stacks in order of action (the blinds last), 3 to 9 players. */
export interface TableSpot { stacks: number[]; blinds: Blinds; payouts: number[] }
/** One decision: an open (no pusher), a call (pusher) or an overcall (pusher and caller); 169 classes each. */
export interface Decision {
  seat: number; pusher: number | null; caller: number | null;
  frequency: number[]; play_ev: (number | null)[]; fold_ev: (number | null)[]; reach: number;
  icm_breakeven: number | null; chip_breakeven: number | null;
}
export interface TableSolution {
  decisions: Decision[]; equity_before: number[]; equity_after: number[];
  /** Share of the prize pool (0.001 = 0.1%). */
  exploitability: number; iterations: number;
}
/** `exploitability`: of the game without overcalls until `overcalls` (the second phase), then of the whole game. */
export interface TableProgress { iterations: number; exploitability: number; overcalls: boolean; done: boolean }
"#;

/// Plain objects as elsewhere, and `null` (not `undefined`) for absent values: a seat that never reaches a
/// decision has no EV there, and arrays keep their length.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_maps_as_objects(true)
        .serialize_missing_as_null(true);
    value
        .serialize(&serializer)
        .map_err(|error| JsError::new(&error.to_string()))
}

fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|error| JsError::new(&format!("invalid {what}: {error}")))
}

/// Malmuth-Harville prize equity of 2 to 10 stacks, in the units of `payouts`.
#[wasm_bindgen(js_name = icmEquity)]
pub fn icm_equity(stacks: &[f64], payouts: &[f64]) -> Result<Vec<f64>, JsError> {
    tournament::icm_equity(stacks, payouts).map_err(js_error)
}

/// Heads-up push/fold equilibrium of a spot.
#[wasm_bindgen(js_name = solveHeadsUp, unchecked_return_type = "HeadsUpSolution")]
pub fn solve_heads_up(
    #[wasm_bindgen(unchecked_param_type = "HeadsUpSpot")] spot: JsValue,
) -> Result<JsValue, JsError> {
    let spot: HeadsUpSpot = from_js(spot, "heads-up spot")?;
    to_js(&tournament::solve_heads_up(&spot).map_err(js_error)?)
}

/// Loads the three-way all-in table (`threeway.bin`, shipped beside this module) that table solves need; returns
/// its samples per triple. Bad bytes reject with the reason; loading the same bytes again is harmless.
#[wasm_bindgen(js_name = loadThreeWayTable)]
pub fn load_three_way_table(bytes: &[u8]) -> Result<u32, JsError> {
    Ok(tournament::load_three_way_table(bytes)
        .map_err(js_error)?
        .samples())
}

/// Whether the three-way all-in table has been loaded.
#[wasm_bindgen(js_name = threeWayTableLoaded)]
pub fn three_way_table_loaded() -> bool {
    tournament::is_three_way_loaded()
}

/// The heads-up threshold chart (1 to 20 bb in 0.1 bb steps), solved stack by stack.
#[wasm_bindgen]
pub struct ThresholdJob {
    inner: Option<ThresholdSolver>,
}

#[wasm_bindgen]
impl ThresholdJob {
    /// A chart with `ante` big blinds posted by each player.
    #[wasm_bindgen(constructor)]
    pub fn new(ante: f64) -> Result<ThresholdJob, JsError> {
        Ok(ThresholdJob {
            inner: Some(ThresholdSolver::new(ante).map_err(js_error)?),
        })
    }

    /// Solves up to `stacks` more stacks; returns the fraction done.
    pub fn step(&mut self, stacks: u32) -> Result<f64, JsError> {
        let solver = self
            .inner
            .as_mut()
            .ok_or_else(|| JsError::new("the chart is already finished"))?;
        solver.step(stacks).map_err(js_error)
    }

    /// The chart (solving any stacks left first); the job is finished afterwards.
    #[wasm_bindgen(unchecked_return_type = "ThresholdChart")]
    pub fn finish(&mut self) -> Result<JsValue, JsError> {
        let solver = self
            .inner
            .take()
            .ok_or_else(|| JsError::new("the chart is already finished"))?;
        to_js(&solver.finish().map_err(js_error)?)
    }
}

/// A table push/fold solve advanced in iterations.
#[wasm_bindgen]
pub struct TableJob {
    inner: TableSolver,
}

#[wasm_bindgen]
impl TableJob {
    /// Checks the spot and sets the solve up; `tolerance` is the exploitability to stop at as a share of the prize
    /// pool (0.001 when omitted). Needs the three-way table.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "TableSpot")] spot: JsValue,
        tolerance: Option<f64>,
    ) -> Result<TableJob, JsError> {
        let spot: TableSpot = from_js(spot, "table spot")?;
        Ok(TableJob {
            inner: TableSolver::new(&spot, tolerance).map_err(js_error)?,
        })
    }

    /// Runs up to `iterations` more iterations.
    #[wasm_bindgen(unchecked_return_type = "TableProgress")]
    pub fn step(&mut self, iterations: u32) -> Result<JsValue, JsError> {
        to_js(&self.inner.step(iterations))
    }

    /// The current strategies, values and exploitability.
    #[wasm_bindgen(unchecked_return_type = "TableSolution")]
    pub fn solution(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.solution())
    }
}
