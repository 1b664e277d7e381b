//! RangeForge poker equity engine: a pure-Rust library with no platform dependencies, compiled natively for
//! tests and to `wasm32-unknown-unknown` for the web client (through the separate `equity-wasm` facade).
//!
//! # What it computes
//!
//! * [`evaluate`]: 5-, 6- and 7-card hand ranks from a lookup-table evaluator with incremental keys
//!   ([`evaluator`]): a board key is summed once, then each hole pair costs one addition and one lookup.
//! * [`tally`] / [`EquityTally::finish`]: exact heads-up equity, hand vs range or range vs range with weights
//!   and card removal, on flop, turn and river by enumerating runouts with an O(n log n) sweep per runout
//!   ([`exact`]); preflop from a table of all 47,008 suit-isomorphic matchups ([`preflop`]; embedded with the
//!   default `embedded-table` feature, else loaded from bytes with [`preflop::load_table`]). The same
//!   pass yields per-combo equity (heat map), the 13x13 class matrix and next-card equities ([`next_card`]);
//!   [`tally_parts`] computes only the [`ReportParts`] a view shows, and a job of few pairs of combos (a hand
//!   against any range) is enumerated pair by pair without the sweep's set-up.
//! * [`multiway_exact`]: 2 to 6 ranges by full enumeration when the work fits a budget ([`multiway`]);
//!   [`MonteCarlo`]: seeded sampling with a standard error otherwise ([`monte_carlo`]).
//! * [`hand_categories`]: made hands and draws of a range on a board ([`categories`]).
//! * [`flop_row`] / [`flop_report::plan`]: the flop report, exact equity, equity buckets and categories over
//!   the 1,755 suit-distinct flops weighted by how often each is dealt ([`flop_report`]).
//! * [`icm_equity`], [`solve_heads_up`], [`tournament::threshold_chart`], [`tournament::solve_table`]:
//!   tournament solving, ICM and push/fold equilibria heads-up and at a full table ([`tournament`]).
//!
//! # Precision
//!
//! Exact results are sums of `f64` products of `f32` weights; equities match a naive O(n^2) enumeration to
//! 1e-9 and published PokerStove figures to their printed decimals (see `tests/fixtures/equity-golden.json`).
//! Preflop table entries are exact integer board counts. Monte Carlo reports its standard error. Heads-up
//! push/fold equilibria are exact to `f64` rounding; table push/fold reports its exploitability, and the
//! three-way all-in table its measured error ([`tournament::three_way`]).
//!
//! # Platform rules
//!
//! Nothing reachable from the library uses clocks, threads, files or OS randomness, so it runs unchanged on
//! wasm. Long work is split by the caller: heads-up requests take a [`Shard`] (work units dealt round-robin)
//! and tallies merge; Monte Carlo runs in chunks of iterations and merges across seeds. Every function that
//! takes user input returns `Result<_, EquityError>` and never panics on bad input.
//!
//! ```
//! use equity::{parse_cards, tally, EquityRequest, Range, Shard};
//!
//! let request = EquityRequest {
//!     hero: Range::parse("AhKh")?,
//!     villain: Range::parse("QsQd")?,
//!     board: parse_cards("Jh8h2c")?,
//!     dead: vec![],
//!     shard: Shard::WHOLE,
//! };
//! let report = tally(&request)?.finish(0.02)?;
//! assert!((report.hero.equity - 0.544444).abs() < 1e-6);
//! # Ok::<(), equity::EquityError>(())
//! ```

pub mod card;
pub mod categories;
pub mod combo;
mod direct;
pub mod error;
mod eval_rules;
mod eval_tables;
pub mod evaluator;
pub mod exact;
pub mod flop_report;
pub mod monte_carlo;
pub mod multiway;
pub mod next_card;
pub mod notation;
pub mod preflop;
pub mod range;
mod rank_sort;
pub mod ranking;
pub mod report;
mod runouts;
mod shard_plan;
mod sweep;
mod symmetry;
pub mod throughput;
pub mod tournament;

pub use card::{parse_cards, Card, CardSet};
pub use categories::{hand_categories, CategoryGroup, CategoryName, CategoryStat};
pub use combo::{class_combos, class_label, class_of_combo, combo_cards, combo_index, CLASSES, COMBOS};
pub use error::{EquityError, RangeTokenProblem};
pub use evaluator::{evaluate, HandCategory, HandKey, HandRank};
pub use exact::{tally, tally_parts, EquityRequest, Shard};
pub use flop_report::{flop_row, FlopClass, FlopPlan, FlopRow, SuitGroup};
pub use monte_carlo::MonteCarlo;
pub use multiway::{multiway_exact, MAX_PLAYERS};
pub use next_card::{EquityChange, NextCard};
pub use range::Range;
pub use report::{EquityReport, EquityTally, ReportParts, SideTotals};
pub use tournament::{icm_equity, solve_heads_up, AnteKind, Blinds, HeadsUpSolution, HeadsUpSpot};

/// The crate version, for cache keys and the UI's "engine version" line.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
