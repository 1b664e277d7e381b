//! Tournament solving: prize equity (ICM) and push/fold equilibria, heads-up and at a full table.
//!
//! * [`icm`]: Malmuth-Harville prize equity of 2 to 10 stacks, exact by recursion over subsets.
//! * [`matchups`]: exact heads-up all-in totals between the 169 hand classes with card removal, from the
//!   preflop table.
//! * [`heads_up`]: heads-up push/fold Nash in chip EV or ICM, exact to `f64` rounding (regret matching to find
//!   the margin, then an exact indifference polish, in the private `duel` module).
//! * [`thresholds`]: the heads-up threshold chart, 1 to 20 bb in 0.1 bb steps, gaps included.
//! * [`table`]: push/fold for 3 to 9 players under ICM (push, call, overcall), fictitious play to an
//!   exploitability of at most 0.1% of the prize pool.
//! * [`three_way`]: the three-way all-in equities table solves read (seeded Monte Carlo per class triple,
//!   measured against exact enumeration); [`three_way_deals`] makes and measures it.
//! * [`pots`]: blinds, antes, side pots and returned chips of an all-in hand.
//!
//! Every per-class array is in grid order ([`crate::CLASSES`] cells, `row * 13 + col`, ace first: `AA`, `AKs`,
//! ..., `AKo`, `KK`, ...; [`crate::class_label`] names them).
//!
//! ```
//! use equity::tournament::{solve_table, TableSpot};
//! use equity::{AnteKind, Blinds};
//!
//! let spot = TableSpot {
//!     stacks: vec![6.0, 9.0, 4.0],
//!     blinds: Blinds { small: 0.5, big: 1.0, ante: 0.0, ante_kind: AnteKind::PerPlayer },
//!     payouts: vec![70.0, 30.0],
//! };
//! let solution = solve_table(&spot)?;
//! assert!(solution.exploitability <= 0.001);
//! # Ok::<(), equity::EquityError>(())
//! ```

mod duel;
pub mod heads_up;
pub mod icm;
pub mod matchups;
pub mod pots;
pub mod table;
mod table_game;
pub mod three_way;
pub mod three_way_deals;
pub mod thresholds;

/// Sorts a short slice by `key`, ascending (insertion sort: the lists here are a few seats or 169 classes, and
/// one small loop keeps the wasm module free of a full sort for each of them).
pub(crate) fn sort_by_key<T: Copy>(items: &mut [T], key: impl Fn(T) -> f64) {
    for end in 1..items.len() {
        let mut at = end;
        while at > 0 && key(items[at - 1]) > key(items[at]) {
            items.swap(at - 1, at);
            at -= 1;
        }
    }
}

pub use heads_up::{solve_heads_up, HeadsUpSolution, HeadsUpSpot};
pub use icm::{icm_equity, MAX_ICM_PLAYERS};
pub use matchups::{class_matchups, ClassMatchups};
pub use pots::{AnteKind, Blinds};
pub use table::{
    solve_table, Decision, TableProgress, TableSolution, TableSolver, TableSpot, DEFAULT_TOLERANCE,
};
pub use three_way::{is_three_way_loaded, load_three_way_table, three_way_table, ThreeWayTable};
pub use thresholds::{threshold_chart, Threshold, ThresholdChart, ThresholdSolver};
