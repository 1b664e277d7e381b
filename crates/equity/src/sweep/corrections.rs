//! Each runout's own sums in a group sweep, for the next-street card lists, from the combos it kills.
//!
//! The group sweep (module `group`) gives per-combo sums over all of the group's runouts at once. The tally also
//! needs each runout's hero (win, tie, faced) sums `S_j`, added to the cards it deals. With `G` the sums of every
//! (hero, villain) pair of the records with no runout kills (`Σ_h w_h X(h)`, `X` being the win, tie or faced
//! villain weight), and `K_j` the records holding a card of `R_j`:
//!
//! ```text
//! S_j = G − Σ_{h ∈ K_j} w_h X(h) − Σ_{v ∈ K_j} w_v Y(v) + P_j
//! ```
//!
//! `Y(v)` is the hero weight apart from `v` that beats it (ties with it, faces it) and `P_j` adds back the pairs
//! with both combos dead, counted twice. Both per-record terms come from the group pass; summed per card, the
//! two middle terms cost O(1) per runout (`K_j` of a two-card runout `{x, y}` is the records holding `x` plus
//! those holding `y`, less `{x, y}` counted in both). A pair inside `K_j` shares no card only when one combo
//! holds `x` and the other `y` (and neither is `{x, y}`), so `P_j` is a merge of the two rank-sorted lists of
//! records holding `x` and `y`: a villain `{y, q}` is apart from a hero `{x, p}` unless `q = p`, which is one
//! combo to take out. One-card runouts (rivers) have `P_j = 0`. Each runout costs O(|K_j|) instead of a sweep.
//!
//! The subtractions cancel where a runout leaves no pair at all, and rounding could leave a residue of the
//! order of 1e-16 there, which would list a next card that has no deal. The same formula over pair counts
//! (integers, exact in `f64`) tells those runouts apart; their sums are exactly zero, as a sweep's would be.

use super::group::{add3, scale3};
use super::{cards_of, pair_record, Sweeper};
use crate::runouts::RunoutGroup;

/// What the death of one record removes from its runouts' sums (see the module docs); also used for `G`.
#[derive(Clone, Copy, Default)]
pub(super) struct Killed {
    /// Hero weight times the win, tie and faced villain weight with no runout kills (`w_h X(h)`).
    pub(super) hero_pairs: [f64; 3],
    /// Villain combos apart from this hero combo (pairs, counted one each).
    pub(super) hero_count: f64,
    /// Villain weight times the hero weight it loses to, ties with and faces (`w_v Y(v)`).
    pub(super) villain_pairs: [f64; 3],
    /// Hero combos apart from this villain combo.
    pub(super) villain_count: f64,
}

impl Killed {
    pub(super) fn add(&mut self, other: &Killed, sign: f64) {
        self.hero_pairs = add3(self.hero_pairs, scale3(sign, other.hero_pairs));
        self.villain_pairs = add3(self.villain_pairs, scale3(sign, other.villain_pairs));
        self.hero_count += sign * other.hero_count;
        self.villain_count += sign * other.villain_count;
    }
}

impl Sweeper<'_> {
    /// Calls `runout_sums` with each runout's mask and its sums times its weight; `totals` holds `G` (in
    /// `hero_pairs` and `hero_count`).
    pub(super) fn runout_corrections(
        &self,
        group: &RunoutGroup,
        totals: &Killed,
        mut runout_sums: impl FnMut(u64, [f64; 3]),
    ) {
        let scratch = &self.multi;
        let by_card = &scratch.by_card;
        for &(runout, weight) in &group.runouts {
            let mut removed = Killed::default();
            for card in cards_of(runout) {
                removed.add(&by_card[card], 1.0);
            }
            let (mut cross, mut cross_count) = ([0.0; 3], 0.0);
            if runout.count_ones() == 2 {
                let (x, y) = (
                    runout.trailing_zeros() as usize,
                    63 - runout.leading_zeros() as usize,
                );
                if let Some((_, both)) = scratch.both_dealt.iter().find(|&&(mask, _)| mask == runout) {
                    // `{x, y}` is in both cards' sums: counted twice above.
                    removed.add(both, -1.0);
                }
                for (holds, other) in [(x, y), (y, x)] {
                    let (pairs, count) = self.cross_pairs(holds, other);
                    cross = add3(cross, pairs);
                    cross_count += count;
                }
            }
            let count = totals.hero_count - removed.hero_count - removed.villain_count + cross_count;
            let sums = if count > 0.0 {
                let pairs = add3(
                    add3(totals.hero_pairs, scale3(-1.0, removed.hero_pairs)),
                    add3(scale3(-1.0, removed.villain_pairs), cross),
                );
                scale3(weight, pairs)
            } else {
                [0.0; 3]
            };
            runout_sums(runout, sums);
        }
    }

    /// Pair sums and count of hero records holding `x` (not `y`) with villain records holding `y` (not `x`)
    /// that share no card: a merge of the two rank-sorted lists.
    fn cross_pairs(&self, x: usize, y: usize) -> ([f64; 3], f64) {
        let records = &self.records;
        let (heroes, villains) = (&self.multi.holding[x], &self.multi.holding[y]);
        let both = 1u64 << x | 1u64 << y;
        // The villain records holding `y`, less `{x, y}` (a record of weight 0 when it is none).
        let (_, both_weight) = pair_record(&self.pairs, x, y);
        let [held_weight, held_count] = self.multi.held[y];
        let villain_total = held_weight - both_weight;
        let villain_count = held_count - f64::from(u8::from(both_weight > 0.0));
        // Villain weight of the list below the hero's rank, and up to it.
        let (mut lower, mut lower_sum, mut upto, mut upto_sum) = (0, 0.0, 0, 0.0);
        let mut pairs = [0.0f64; 3];
        let mut count = 0.0;
        for &position in heroes {
            let h = &records[position as usize];
            if h.hero <= 0.0 || h.mask == both {
                continue;
            }
            while lower < villains.len() && records[villains[lower] as usize].rank < h.rank {
                let v = &records[villains[lower] as usize];
                if v.mask != both {
                    lower_sum += v.villain;
                }
                lower += 1;
            }
            while upto < villains.len() && records[villains[upto] as usize].rank <= h.rank {
                let v = &records[villains[upto] as usize];
                if v.mask != both {
                    upto_sum += v.villain;
                }
                upto += 1;
            }
            // The villain combo `{y, p}` shares the hero's other card `p`.
            let p = if h.a as usize == x { h.b } else { h.a } as usize;
            let (rank, weight) = pair_record(&self.pairs, y, p);
            let shared_below = if rank < h.rank { weight } else { 0.0 };
            let shared_tie = if rank == h.rank { weight } else { 0.0 };
            let hero = h.hero;
            pairs = add3(
                pairs,
                scale3(
                    hero,
                    [
                        lower_sum - shared_below,
                        upto_sum - lower_sum - shared_tie,
                        villain_total - weight,
                    ],
                ),
            );
            count += villain_count - f64::from(u8::from(weight > 0.0));
        }
        (pairs, count)
    }
}
