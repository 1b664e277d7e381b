//! The flop report: how a hero range fares against a villain range on every flop, one row per strategically
//! distinct flop.
//!
//! # Which flops
//!
//! There are 22,100 flops. Renaming the suits (one of the 24 permutations of clubs, diamonds, hearts, spades)
//! changes nothing about a flop's equity *when both ranges are unchanged by the same renaming*. The permutations
//! that leave both ranges unchanged form a group, [`SuitGroup::of_ranges`]; flops that one of its permutations maps
//! onto each other form an orbit, and one row per orbit is enough. Its weight is the orbit size, so weighted rows
//! stand for all 22,100 flops exactly.
//!
//! * Ranges written as classes (`AKs`, `QQ`, the 13x13 grid) are unchanged by every permutation: the group has 24
//!   elements and there are **1,755** orbits ([`CANONICAL_FLOPS`]).
//! * When the suit editor leaves single combos out (or a range names suited combos like `AhKh`), the symmetry is
//!   broken. The report does not refuse and does not pretend: it uses the smaller group that still holds, so
//!   with no symmetry at all it falls back to all **22,100** flops, each of weight 1, and every row is still
//!   exact. [`FlopPlan::symmetry`] says how many permutations were used.
//!
//! Each orbit is shown by one member, chosen to read naturally: cards from high to low and suits given in the
//! order spades, hearts, diamonds, clubs (`AsKs2h`, `Ts9h8d`), the smallest such spelling in the orbit.
//!
//! # One row
//!
//! [`flop_row`] computes the exact equity of one flop with the engine's exact API ([`crate::tally`] over every
//! turn and river), the distribution of the hero combos' equities in ten buckets, and the made-hand and draw
//! categories of both ranges ([`crate::hand_categories`]). Every figure is kept as an additive sum (weighted
//! combos, pair weights), so rows of a group add up with their weights: the group's equity is
//! `sum(weight * (win + tie / 2)) / sum(weight * faced)`, which weighs each flop by how often it is dealt *to
//! these two ranges* (card removal included). Summed over all flops this is exactly the preflop equity of the
//! two ranges, since every five-card board is counted once per three-card subset. A flop on which no hero combo
//! can meet a villain combo (a one-combo range that the flop blocks) has no outcome and is left out of sums.
//!
//! # Texture
//!
//! [`Texture`] groups flops by suits (monotone, two-tone, rainbow), pairing (unpaired, paired, trips), highest
//! rank and connectedness (whether a straight is possible with two hole cards, whether two ranks can share one
//! straight, or neither).

mod orbits;
mod row;
mod texture;

pub use orbits::{flop_classes, plan, FlopClass, FlopPlan, SuitGroup};
pub use row::{flop_row, FlopOutcome, FlopRow};
pub use texture::{texture, Connectedness, Pairing, Suitedness, Texture};

use crate::categories::CategoryName;

/// Number of flops (`C(52, 3)`).
pub const ALL_FLOPS: u32 = 22_100;
/// Number of flops distinct up to suit renaming (orbits under all 24 suit permutations).
pub const CANONICAL_FLOPS: usize = 1_755;
/// Buckets of the hero equity distribution: `[0, 10%)`, `[10%, 20%)`, ..., `[90%, 100%]`.
pub const EQUITY_BUCKETS: usize = 10;

/// Number of categories per side in [`FlopOutcome`].
pub const CATEGORY_COUNT: usize = CategoryName::ALL.len();

/// Three cards from text such as `Ts9h8d`, for the unit tests of this module's parts.
#[cfg(test)]
fn test_flop(text: &str) -> [crate::card::Card; 3] {
    let cards = crate::parse_cards(text).expect("cards");
    [cards[0], cards[1], cards[2]]
}
