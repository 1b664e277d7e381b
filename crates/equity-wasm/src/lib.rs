//! WebAssembly facade over the [`equity`] engine.
//!
//! This crate only converts types: card and range text in, typed arrays for the 1326 combo weights, plain objects
//! out (serde), engine errors mapped to `JsError` so JavaScript sees a rejected call with the engine's message.
//! No poker logic lives here. The TypeScript shapes of the objects are declared once in the custom section below
//! and referenced by each function, so the generated `.d.ts` is fully typed.
//!
//! Long jobs are split by the caller: [`equity_tally`] computes one shard of the runouts (or preflop hero combos),
//! tallies from several workers are combined with [`merge_tallies`], and [`finish_equity`] turns the merged tally
//! into a report. Monte Carlo runs in batches through [`MonteCarloJob`], so a worker can report progress and stop.
//! The preflop table is not embedded: the host fetches `preflop.bin` and hands it to [`load_preflop_table`].
//! Tournament solving (ICM, heads-up and table push/fold) is in the `tournament` module, with the same rules.

use equity::{Card, EquityError, EquityRequest, EquityTally, MonteCarlo, Range, ReportParts, Shard};
use serde::Serialize;
use wasm_bindgen::prelude::*;

mod packed;
mod range_text;
mod tournament;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Totals of one side: fractions in [0, 1]; equity counts ties as split pots. */
export interface SideTotals { equity: number; win: number; tie: number; lose: number; combos: number }
export type EquityChange = "increase" | "keep" | "reduce";
/** Hero equity after one more board card. */
export interface NextCard { card: string; equity: number; change: EquityChange }
export interface EquityReport {
  hero: SideTotals;
  villain: SideTotals;
  /** 1326 hero per-combo equities, NaN where the combo is not live; left out when asked (`finishEquity`), empty
   * when the job left out the per-combo sums. */
  combo_equity?: number[];
  /** 169 class equities (row-major 13x13, ace first), NaN where the class has no live combo; empty when the job
   * left out the per-combo sums. */
  matrix: number[];
  /** Empty on a river or preflop, and when the job left out the next cards. */
  next_cards: NextCard[];
}
export interface CategoryStat { name: string; group: "made" | "draw"; combos: number; percent: number }
export type HandCategory =
  | "high_card" | "one_pair" | "two_pair" | "three_of_a_kind" | "straight"
  | "flush" | "full_house" | "four_of_a_kind" | "straight_flush";
export interface HandRankInfo { value: number; category: HandCategory }
/** One orbit of flops under the ranges' suit symmetry: the member shown and how many flops it stands for. */
export interface FlopClass { cards: [string, string, string]; weight: number }
/** The flops of a report: `symmetry` suit renamings kept (24 = 1,755 flops, 1 = all 22,100). */
export interface FlopPlan { symmetry: number; flops: FlopClass[] }
export interface FlopTexture {
  suits: "monotone" | "two_tone" | "rainbow";
  pairing: "unpaired" | "paired" | "trips";
  /** Highest rank, 0 = deuce .. 12 = ace. */
  high: number;
  connectedness: "connected" | "semi_connected" | "disconnected";
}
/** Additive figures of one flop: pair-weight sums, weighted combos per equity bucket and per category. */
export interface FlopOutcome {
  equity: number;
  /** Hero win, tie, faced pair weights over every turn and river. */
  sums: [number, number, number];
  /** Live weighted combos of hero and villain. */
  combos: [number, number];
  /** Hero weighted combos per 10% equity bucket. */
  distribution: number[];
  /** Weighted combos per category, in the order of the engine's categories (made hands, then draws). */
  hero_categories: number[];
  villain_categories: number[];
}
export interface FlopRow { cards: [string, string, string]; weight: number; texture: FlopTexture; outcome: FlopOutcome | null }
/** How `rangeToText` writes a range: `QQ+, KJo:0.5`, `QQ+, [50]KJo[/50]` or `QQ:1,KK:1,AA:1,KJo:0.5`. */
export type NotationStyle = "pokerstove" | "bracketed" | "weighted_list";
/** What `parseRange` throws for text it cannot read: the problem, the token and where it is (UTF-16 units). */
export interface RangeTextIssue {
  code:
    | "missing_hand" | "not_two_cards" | "same_card_twice" | "expected_hand" | "span_ends" | "expected_class"
    | "unknown_rank" | "suited_pair" | "expected_suitedness" | "weight_not_number" | "weight_out_of_range"
    | "percent_not_number" | "percent_out_of_range" | "bracket_not_closed" | "bracket_not_opened"
    | "bracket_mismatch" | "nested_bracket" | "weight_twice";
  /** The token as read, with the spaces around its ":" and "-" taken out. */
  token: string;
  /** Where the token starts in the text and how long it is there. */
  index: number;
  length: number;
  /** The engine's own message, in English. */
  message: string;
}
"#;

/// Runs when the module is instantiated (`init` / `initSync`): builds the evaluator's lookup tables (a few
/// milliseconds), which the module no longer carries, so the first request does not pay for them.
#[wasm_bindgen(start)]
pub fn start() {
    equity::evaluator::init();
}

/// Engine version, for diagnostics and cache keys.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    equity::VERSION.to_owned()
}

/// Which of the package's two builds this module is: `"simd128"`, compiled with wasm's 128-bit vector instructions,
/// or `"scalar"`. Both compute the same numbers to the last bit; the host starts the one its runtime validates.
#[wasm_bindgen(js_name = engineBuild, unchecked_return_type = "\"simd128\" | \"scalar\"")]
pub fn engine_build() -> String {
    let build = if cfg!(target_feature = "simd128") {
        "simd128"
    } else {
        "scalar"
    };
    build.to_owned()
}

/// Loads the preflop table (`preflop.bin`, shipped beside this module) that exact preflop equity without dead
/// cards needs; returns its number of entries. The bytes are checked (format, length, checksum, order): bad bytes
/// reject with the reason. The module keeps the first table loaded; loading the same bytes again is harmless.
#[wasm_bindgen(js_name = loadPreflopTable)]
pub fn load_preflop_table(bytes: &[u8]) -> Result<u32, JsError> {
    let table = equity::preflop::load_table(bytes).map_err(js_error)?;
    Ok(table.len() as u32)
}

/// Whether the preflop table has been loaded.
#[wasm_bindgen(js_name = preflopTableLoaded)]
pub fn preflop_table_loaded() -> bool {
    equity::preflop::is_loaded()
}

/// Rank of a 5 to 7 card hand given as text ("AhKhQhJhTh9c2d"); bigger is stronger.
#[wasm_bindgen(js_name = rankHand, unchecked_return_type = "HandRankInfo")]
pub fn rank_hand(cards: &str) -> Result<JsValue, JsError> {
    let cards = equity::parse_cards(cards).map_err(js_error)?;
    let rank = equity::evaluate(&cards).map_err(js_error)?;
    #[derive(Serialize)]
    struct HandRankInfo {
        value: u16,
        category: equity::HandCategory,
    }
    to_js(&HandRankInfo {
        value: rank.0,
        category: rank.category(),
    })
}

/// Expands 169 class weights (13x13 grid, row-major, ace first) into 1326 combo weights.
#[wasm_bindgen(js_name = classWeightsToRange)]
pub fn class_weights_to_range(grid: &[f32]) -> Result<Vec<f32>, JsError> {
    Ok(Range::from_class_weights(grid)
        .map_err(js_error)?
        .weights()
        .to_vec())
}

/// Exact heads-up tally of one shard of the work; the returned array is opaque and goes to
/// [`merge_tallies`] / [`finish_equity`]. `combos` (per-combo sums: per-combo equities and the class matrix) and
/// `next_cards` say which parts of the report to compute besides the totals; omitted, both are.
#[allow(clippy::too_many_arguments)]
#[wasm_bindgen(js_name = equityTally)]
pub fn equity_tally(
    hero: &[f32],
    villain: &[f32],
    board: &str,
    dead: &str,
    shard_index: u32,
    shard_count: u32,
    combos: Option<bool>,
    next_cards: Option<bool>,
) -> Result<Vec<f64>, JsError> {
    let request = EquityRequest {
        hero: Range::from_weights(hero).map_err(js_error)?,
        villain: Range::from_weights(villain).map_err(js_error)?,
        board: parse_optional_cards(board)?,
        dead: parse_optional_cards(dead)?,
        shard: Shard {
            index: shard_index,
            count: shard_count,
        },
    };
    Ok(equity::tally_parts(&request, report_parts(combos, next_cards))
        .map_err(js_error)?
        .to_f64s())
}

/// The report parts a caller asked for: each one unless it said `false`.
fn report_parts(combos: Option<bool>, next_cards: Option<bool>) -> ReportParts {
    ReportParts {
        combos: combos.unwrap_or(true),
        next_cards: next_cards.unwrap_or(true),
    }
}

/// Sums two tallies of the same job computed on different shards.
#[wasm_bindgen(js_name = mergeTallies)]
pub fn merge_tallies(left: &[f64], right: &[f64]) -> Result<Vec<f64>, JsError> {
    let mut merged = EquityTally::from_f64s(left).map_err(js_error)?;
    merged
        .merge(&EquityTally::from_f64s(right).map_err(js_error)?)
        .map_err(js_error)?;
    Ok(merged.to_f64s())
}

/// Turns a complete tally into totals, per-combo equities, the class matrix and the next-card lists.
/// `keep_threshold` is the equity change (a fraction) under which a next card counts as "keep". With
/// `per_combo` false the 1326 per-combo equities are left out (no view reads them, and they are most of the
/// object a worker posts back); omitted, they are included.
#[wasm_bindgen(js_name = finishEquity, unchecked_return_type = "EquityReport")]
pub fn finish_equity(
    tally: &[f64],
    keep_threshold: f64,
    per_combo: Option<bool>,
) -> Result<JsValue, JsError> {
    let report = EquityTally::from_f64s(tally)
        .map_err(js_error)?
        .finish(keep_threshold)
        .map_err(js_error)?;
    if per_combo.unwrap_or(true) {
        return to_js(&report);
    }
    #[derive(Serialize)]
    struct Summary<'a> {
        hero: &'a equity::SideTotals,
        villain: &'a equity::SideTotals,
        matrix: &'a [f64],
        next_cards: &'a [equity::NextCard],
    }
    to_js(&Summary {
        hero: &report.hero,
        villain: &report.villain,
        matrix: &report.matrix,
        next_cards: &report.next_cards,
    })
}

/// Made-hand and draw statistics of a range on a board.
#[wasm_bindgen(js_name = handCategories, unchecked_return_type = "CategoryStat[]")]
pub fn hand_categories(range: &[f32], board: &str, dead: &str) -> Result<JsValue, JsError> {
    let range = Range::from_weights(range).map_err(js_error)?;
    let stats = equity::hand_categories(
        &range,
        &parse_optional_cards(board)?,
        &parse_optional_cards(dead)?,
    )
    .map_err(js_error)?;
    to_js(&stats)
}

/// The flop report's plan: the suit symmetry both ranges keep and one flop per orbit with its weight.
#[wasm_bindgen(js_name = flopReportPlan, unchecked_return_type = "FlopPlan")]
pub fn flop_report_plan(hero: &[f32], villain: &[f32]) -> Result<JsValue, JsError> {
    let hero = Range::from_weights(hero).map_err(js_error)?;
    let villain = Range::from_weights(villain).map_err(js_error)?;
    to_js(&equity::flop_report::plan(&hero, &villain))
}

/// Flop report rows of some flops: `flops` is their text separated by spaces ("AsKs2s Th9h8d"), `weights` the
/// number of flops each stands for (from [`flop_report_plan`]).
#[wasm_bindgen(js_name = flopReportRows, unchecked_return_type = "FlopRow[]")]
pub fn flop_report_rows(
    hero: &[f32],
    villain: &[f32],
    flops: &str,
    weights: &[u32],
) -> Result<JsValue, JsError> {
    let hero = Range::from_weights(hero).map_err(js_error)?;
    let villain = Range::from_weights(villain).map_err(js_error)?;
    let texts: Vec<&str> = flops.split_whitespace().collect();
    if texts.len() != weights.len() {
        return Err(JsError::new("expected one weight per flop"));
    }
    let mut rows = Vec::with_capacity(texts.len());
    for (text, &weight) in texts.iter().zip(weights) {
        let cards = equity::parse_cards(text).map_err(js_error)?;
        let cards: [Card; 3] = cards
            .try_into()
            .map_err(|_| JsError::new(&format!("a flop has three cards: \"{text}\"")))?;
        rows.push(equity::flop_row(&hero, &villain, equity::FlopClass { cards, weight }).map_err(js_error)?);
    }
    to_js(&rows)
}

/// Exact equity of 3 to 6 ranges (concatenated 1326 weights each) when the enumeration fits `budget`
/// hand evaluations; `undefined` when it does not (the caller then runs Monte Carlo).
#[wasm_bindgen(js_name = multiwayExact, unchecked_return_type = "SideTotals[] | undefined")]
pub fn multiway_exact(ranges: &[f32], board: &str, dead: &str, budget: f64) -> Result<JsValue, JsError> {
    let ranges = split_ranges(ranges)?;
    let board = parse_optional_cards(board)?;
    let dead = parse_optional_cards(dead)?;
    match equity::multiway_exact(&ranges, &board, &dead, budget as u64).map_err(js_error)? {
        Some(totals) => to_js(&totals),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// Benchmark loop: number of 7-card hands [`evaluator_sequential`] evaluates for `cards` cards.
#[wasm_bindgen(js_name = evaluatorSequentialHands)]
pub fn evaluator_sequential_hands(cards: usize) -> f64 {
    equity::throughput::sequential_hand_count(cards) as f64
}

/// Benchmark loop: evaluates every 7-card hand of the first `cards` cards; returns a checksum.
#[wasm_bindgen(js_name = evaluatorSequential)]
pub fn evaluator_sequential(cards: usize) -> f64 {
    equity::throughput::evaluate_sequential(cards) as f64
}

/// Benchmark loop: random 7-card hands dealt once (the benchmark seed), evaluated on demand, so a timed call
/// measures the lookups only, as the native benchmark does.
#[wasm_bindgen]
pub struct RandomHandsBench {
    keys: Vec<equity::HandKey>,
}

#[wasm_bindgen]
impl RandomHandsBench {
    /// Deals `hands` random hands.
    #[wasm_bindgen(constructor)]
    pub fn new(hands: usize) -> RandomHandsBench {
        RandomHandsBench {
            keys: equity::throughput::random_hand_keys(hands, equity::throughput::BENCH_SEED),
        }
    }

    /// Evaluates every hand `repeats` times; returns a checksum.
    pub fn evaluate(&self, repeats: u32) -> f64 {
        equity::throughput::evaluate_keys(&self.keys, repeats) as f64
    }
}

/// A seeded Monte Carlo simulation advanced in batches by the caller.
#[wasm_bindgen]
pub struct MonteCarloJob {
    inner: MonteCarlo,
}

#[wasm_bindgen]
impl MonteCarloJob {
    /// Sets up a simulation of 2 to 6 ranges (concatenated 1326 weights each).
    #[wasm_bindgen(constructor)]
    pub fn new(ranges: &[f32], board: &str, dead: &str, seed: u32) -> Result<MonteCarloJob, JsError> {
        let ranges = split_ranges(ranges)?;
        let inner = MonteCarlo::new(
            &ranges,
            &parse_optional_cards(board)?,
            &parse_optional_cards(dead)?,
            u64::from(seed),
        )
        .map_err(js_error)?;
        Ok(MonteCarloJob { inner })
    }

    /// Deals `iterations` more runouts.
    pub fn run(&mut self, iterations: u32) -> Result<(), JsError> {
        self.inner.run(iterations).map_err(js_error)
    }

    /// Current totals per range.
    #[wasm_bindgen(unchecked_return_type = "SideTotals[]")]
    pub fn results(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.results())
    }

    /// Standard error of the first range's equity.
    #[wasm_bindgen(js_name = stdError)]
    pub fn std_error(&self) -> f64 {
        self.inner.std_error()
    }

    /// Runouts dealt so far.
    pub fn samples(&self) -> f64 {
        self.inner.samples() as f64
    }
}

fn split_ranges(concatenated: &[f32]) -> Result<Vec<Range>, JsError> {
    if concatenated.is_empty() || concatenated.len() % equity::COMBOS != 0 {
        return Err(JsError::new("ranges must be whole blocks of 1326 combo weights"));
    }
    concatenated
        .chunks(equity::COMBOS)
        .map(|weights| Range::from_weights(weights).map_err(js_error))
        .collect()
}

fn parse_optional_cards(text: &str) -> Result<Vec<Card>, JsError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    equity::parse_cards(text).map_err(js_error)
}

pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    // Plain objects, not Maps, so the results read like the TypeScript interfaces above.
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value
        .serialize(&serializer)
        .map_err(|error| JsError::new(&error.to_string()))
}

pub(crate) fn js_error(error: EquityError) -> JsError {
    JsError::new(&error.to_string())
}
