//! Tournament solving: prize equity (ICM) and push/fold equilibria, heads-up and at a full table.
//!
//! * [`icm`]: Malmuth-Harville prize equity of 2 to 10 stacks, exact by recursion over subsets.
//! * [`matchups`]: exact heads-up all-in totals between the 169 hand classes with card removal, from the
//!   preflop table.
//! * [`heads_up`]: heads-up push/fold Nash in chip EV or ICM, exact to `f64` rounding (regret matching to find
//!   the margin, then an exact indifference polish, in the private `duel` module).
//! * [`thresholds`]: the heads-up threshold chart, 1 to 20 bb in 0.1 bb steps, gaps included.
//! * [`pots`]: blinds, antes, side pots and returned chips of an all-in hand.
//!
//! Every per-class array is in grid order ([`crate::CLASSES`] cells, `row * 13 + col`, ace first: `AA`, `AKs`,
//! ..., `AKo`, `KK`, ...; [`crate::class_label`] names them).

mod duel;
pub mod heads_up;
pub mod icm;
pub mod matchups;
pub mod pots;
pub mod thresholds;

pub use heads_up::{solve_heads_up, HeadsUpSolution, HeadsUpSpot};
pub use icm::{icm_equity, MAX_ICM_PLAYERS};
pub use matchups::{class_matchups, ClassMatchups};
pub use pots::{AnteKind, Blinds};
pub use thresholds::{threshold_chart, Threshold, ThresholdChart, ThresholdSolver};
