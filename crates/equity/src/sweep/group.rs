//! One sweep for all the runouts of a flush-free group, with each runout's dead combos as corrections.
//!
//! The runouts `R_j` of a group (weights `ω_j`, the suit-orbit sizes; `Ω = Σ_j ω_j`) give every combo the same
//! rank, so the records are swept once. A combo is dead in `R_j` when it holds one of its cards; `K_j` is the
//! set of those combos and `A(c) = Σ_j ω_j [c ∈ K_j]` counts, with weights, the runouts in which `c` is dead.
//! For a hero combo `h` and the villain combos `v` weaker than it and sharing no card with it (weights `w_v`):
//!
//! ```text
//! Σ_j ω_j [h ∉ K_j] Σ_{v ∉ K_j} w_v = Σ_v w_v Σ_j ω_j [h ∉ K_j][v ∉ K_j]
//!                                   = Σ_v w_v (Ω − A(h) − A(v) + B(h, v))
//!                                   = (Ω − A(h)) W(h) − E(h) + F(h)
//! ```
//!
//! with `B(h, v) = Σ_j ω_j [h ∈ K_j][v ∈ K_j]`, `W(h) = Σ_v w_v` (the sweep of [`crate::exact`] without runout
//! kills), `E(h) = Σ_v w_v A(v)` (the same sweep over the weights `w_v A(v)`: one more set of accumulators) and
//! `F(h) = Σ_v w_v B(h, v)`. In `F`, a runout `R_j` holding both cards of `h` (then `R_j = h`) leaves no villain
//! combo apart from `h` in `K_j`. A runout holding one card of `h` leaves those holding its other card `y_j`:
//!
//! ```text
//! F(h) = Σ_{j : |h ∩ R_j| = 1} ω_j (below[y_j] − Σ_{c ∈ h} w({y_j, c}) [{y_j, c} < h])
//! ```
//!
//! where `below` is the sweep's per-card weight of weaker combos (a villain combo holding `y_j` and sharing a
//! card with `h` is `{y_j, c}` for a card `c` of `h`). One-card runouts (the rivers of a turn) give `F = 0`.
//! Ties and the villain weight faced are the same with the sweep's equal-rank and all-combo sums; their
//! self-term (`+ w_v(h)`, for `h` itself subtracted twice) is `w_v(h) A(h)` in `E`.
//!
//! Every quantity above is a sum of `f32` weights times small integers (`Ω` is at most 16 runouts), below 2^15
//! and on a grid of 2^-38 when every positive weight is at least 2^-15 (about 3e-5; the app's weights are
//! multiples of 0.01 or more), so in `f64` it is exact and equals the per-runout sweeps' sums exactly before
//! the hero weight multiplies it. A hero combo dead in every
//! runout (`A(h) = Ω`) is skipped rather than left to the formula.
//!
//! The same pass stores, for the combos holding a card of the group's runouts, what the per-runout sums need
//! (module `corrections`).

use super::corrections::Killed;
use super::totals::Weight;
use super::{cards_of, pair_record, CardSums, Sweeper};
use crate::runouts::RunoutGroup;

/// Scratch space of the group sweeps of one request.
pub(super) struct Scratch {
    /// Per record position: `A(v)`, the weighted count of the group's runouts in which it is dead.
    pub(super) dead_in: Vec<f64>,
    /// Per record position: its win sums of `below` and `below_dead` and its `hero_below` sum before its run of
    /// equal ranks entered them (each written where it is read).
    before: Vec<[f64; 3]>,
    /// Per card: positions of the records holding it, ascending (filled for the cards the runouts deal).
    pub(super) holding: Vec<Vec<u16>>,
    /// Per card the runouts deal: the villain weight and the villain combos of the records holding it.
    pub(super) held: [[f64; 2]; 52],
    /// Per card: the other card and weight of each two-card runout holding it (for the cards the runouts deal).
    partners: Vec<Vec<(u8, f64)>>,
    /// Per card the runouts deal: what the deaths of the records holding it remove, summed.
    pub(super) by_card: [Killed; 52],
    /// The same for each record holding two cards the runouts deal, by card mask (it is in two cards' sums).
    pub(super) both_dealt: Vec<(u64, Killed)>,
}

impl Scratch {
    pub(super) fn new() -> Scratch {
        Scratch {
            dead_in: Vec::new(),
            before: Vec::new(),
            holding: vec![Vec::new(); 52],
            held: [[0.0; 2]; 52],
            partners: vec![Vec::new(); 52],
            by_card: [Killed::default(); 52],
            both_dealt: Vec::new(),
        }
    }
}

impl Sweeper<'_> {
    /// Sweeps a group of several runouts once: per-combo sums to `combos`, the group's hero (win, tie, total) to
    /// `sums`, and each runout's weighted sums to `runout_sums` (module `corrections`).
    pub(super) fn sweep_group(
        &mut self,
        group: &RunoutGroup,
        combos: &mut [f64],
        sums: &mut [f64; 3],
        runout_sums: impl FnMut(u64, [f64; 3]),
    ) {
        let dealt = group.runouts.iter().fold(0u64, |m, &(r, _)| m | r);
        let omega: f64 = group.runouts.iter().map(|&(_, w)| w).sum();
        let mut card_weight = [0.0f64; 52];
        for card in cards_of(dealt) {
            self.multi.holding[card].clear();
            self.multi.held[card] = [0.0; 2];
            self.multi.partners[card].clear();
        }
        for &(runout, weight) in &group.runouts {
            debug_assert!(runout.count_ones() <= 2, "groups hold one- or two-card runouts");
            for card in cards_of(runout) {
                card_weight[card] += weight;
            }
            if runout.count_ones() == 2 {
                let (x, y) = (
                    runout.trailing_zeros() as usize,
                    63 - runout.leading_zeros() as usize,
                );
                self.multi.partners[x].push((y as u8, weight));
                self.multi.partners[y].push((x as u8, weight));
            }
        }
        // Everything below that only the runouts' own sums read (module `corrections`) is skipped without them.
        let per_runout = self.runout_sums;
        let records = &self.records;
        let scratch = &mut self.multi;
        scratch.both_dealt.clear();
        for card in cards_of(dealt) {
            scratch.by_card[card] = Killed::default();
        }
        // Villain weight times A over the records: zero for a record no runout kills, so only the killed ones
        // are added.
        let mut all_dead = CardSums::ZERO;
        // Zero for the records no runout kills; the others are written below.
        scratch.dead_in.clear();
        scratch.dead_in.resize(records.len(), 0.0);
        for (position, r) in records.iter().enumerate() {
            let (a, b) = (r.a as usize, r.b as usize);
            if r.mask & dealt == 0 {
                continue;
            }
            let mut dead_in = card_weight[a] + card_weight[b];
            if r.mask & dealt == r.mask {
                // A combo equal to a runout is dead in it once, not twice.
                dead_in -= group
                    .runouts
                    .iter()
                    .find(|&&(runout, _)| runout == r.mask)
                    .map_or(0.0, |&(_, w)| w);
            }
            for card in [a, b] {
                if per_runout && dealt >> card & 1 != 0 {
                    scratch.holding[card].push(position as u16);
                    scratch.held[card][0] += r.villain;
                    scratch.held[card][1] += f64::from(u8::from(r.villain > 0.0));
                }
            }
            scratch.dead_in[position] = dead_in;
            all_dead.add(a, b, r.villain * dead_in);
        }
        // Hero weight and the combos of either range, counted one each, over the records (module `totals`).
        let common = group.runouts.iter().fold(u64::MAX, |m, &(r, _)| m & r);
        let without = |weight| {
            if per_runout {
                self.totals.without(weight, self.entries, common)
            } else {
                CardSums::ZERO
            }
        };
        let hero_all = without(Weight::Hero);
        let counts = [without(Weight::HeroCombo), without(Weight::VillainCombo)];
        let all = &self.all;
        let pairs = &self.pairs;
        let pair_of = |y: usize, c: usize| pair_record(pairs, y, c);
        let mut below = CardSums::ZERO;
        let mut below_dead = CardSums::ZERO;
        let mut hero_below = CardSums::ZERO;
        // Villain weight of the current run's records per dealt card (the runouts' cards `y` of the `F` terms).
        let mut equal_dealt = [0.0f64; 52];
        // Villain combos apart from a hero combo, counted one each: their total over the hero combos (`G`'s pair
        // count) does not depend on the ranks, so it is the request's when every entry is a record.
        let faced_count =
            |a: usize, b: usize, villain: f64| counts[1].apart(a, b) + f64::from(u8::from(villain > 0.0));
        let mut totals = Killed {
            hero_count: if !per_runout {
                0.0
            } else if records.len() == self.entries.len() {
                self.totals.pair_count()
            } else {
                records
                    .iter()
                    .filter(|r| r.hero > 0.0)
                    .map(|r| faced_count(r.a as usize, r.b as usize, r.villain))
                    .sum()
            },
            ..Killed::default()
        };
        // The sums of a run of equal ranks are those of `below` (and `below_dead`, `hero_below`) after the run
        // less before it (exact, see the module docs), so one pass finds the run and keeps what each record
        // reads before it, one adds the run, and one computes.
        scratch.before.resize(records.len(), [0.0; 3]);
        let mut start = 0;
        while start < records.len() {
            let rank = records[start].rank;
            let mut end = start;
            while end < records.len() && records[end].rank == rank {
                let r = &records[end];
                let (a, b) = (r.a as usize, r.b as usize);
                let before = &mut scratch.before[end];
                if r.hero > 0.0 {
                    before[0] = below.apart(a, b);
                    before[1] = below_dead.apart(a, b);
                }
                if per_runout && r.mask & dealt != 0 && r.villain > 0.0 {
                    before[2] = hero_below.apart(a, b);
                }
                end += 1;
            }
            for (r, &dead_in) in records[start..end].iter().zip(&scratch.dead_in[start..end]) {
                let (a, b) = (r.a as usize, r.b as usize);
                below.add(a, b, r.villain);
                if per_runout {
                    hero_below.add(a, b, r.hero);
                }
                if r.mask & dealt != 0 {
                    below_dead.add(a, b, r.villain * dead_in);
                    equal_dealt[a] += r.villain;
                    equal_dealt[b] += r.villain;
                }
            }
            let run = records[start..end]
                .iter()
                .zip(&scratch.dead_in[start..end])
                .zip(&scratch.before[start..end]);
            for ((r, &dead_in), &[win, dead_win, hero_win]) in run {
                let (a, b) = (r.a as usize, r.b as usize);
                let (hero, villain) = (r.hero, r.villain);
                // Win, tie and faced villain weight with no runout kills (`W`, and the same for tie and faced).
                let pair = [win, below.apart(a, b) - win + villain, all.apart(a, b) + villain];
                if per_runout && hero > 0.0 {
                    totals.hero_pairs = add3(totals.hero_pairs, scale3(hero, pair));
                }
                if hero > 0.0 && dead_in < omega {
                    let dead = [
                        dead_win,
                        below_dead.apart(a, b) - dead_win + villain * dead_in,
                        all_dead.apart(a, b) + villain * dead_in,
                    ];
                    let mut live = [0.0f64; 3];
                    for k in 0..3 {
                        live[k] = (omega - dead_in) * pair[k] - dead[k];
                    }
                    if r.mask & dealt != 0 {
                        for (c, other) in [(a, b), (b, a)] {
                            if dealt >> c & 1 == 0 {
                                continue;
                            }
                            for &(y, weight) in &scratch.partners[c] {
                                let y = y as usize;
                                if y == other {
                                    continue;
                                }
                                // The villain combos holding `y` and a card of `h`: one is the runout itself.
                                let [(rank_a, weight_a), (rank_b, weight_b)] = [pair_of(y, a), pair_of(y, b)];
                                let lower = |q: u16, w: f64| if q < r.rank { w } else { 0.0 };
                                let same = |q: u16, w: f64| if q == r.rank { w } else { 0.0 };
                                let (equal_y, below_y) = (equal_dealt[y], below.card[y] - equal_dealt[y]);
                                live[0] +=
                                    weight * (below_y - lower(rank_a, weight_a) - lower(rank_b, weight_b));
                                live[1] +=
                                    weight * (equal_y - same(rank_a, weight_a) - same(rank_b, weight_b));
                                live[2] += weight * (all.card[y] - weight_a - weight_b);
                            }
                        }
                    }
                    let slot = &mut combos[3 * r.combo as usize..3 * r.combo as usize + 3];
                    for k in 0..3 {
                        let value = hero * live[k];
                        slot[k] += value;
                        sums[k] += value;
                    }
                }
                if per_runout && r.mask & dealt != 0 {
                    let mut killed = Killed::default();
                    if hero > 0.0 {
                        killed.hero_pairs = scale3(hero, pair);
                        killed.hero_count = faced_count(a, b, villain);
                    }
                    if villain > 0.0 {
                        // Hero weight apart from this villain combo: all, tying, and (by difference) above it.
                        let faced_by = hero_all.apart(a, b) + hero;
                        let tied_by = hero_below.apart(a, b) - hero_win + hero;
                        let beaten_by = faced_by - tied_by - hero_win;
                        killed.villain_pairs = scale3(villain, [beaten_by, tied_by, faced_by]);
                        killed.villain_count = counts[0].apart(a, b) + f64::from(u8::from(hero > 0.0));
                    }
                    for card in [a, b] {
                        if dealt >> card & 1 != 0 {
                            scratch.by_card[card].add(&killed, 1.0);
                        }
                    }
                    if r.mask & dealt == r.mask {
                        scratch.both_dealt.push((r.mask, killed));
                    }
                }
            }
            for r in &records[start..end] {
                if r.mask & dealt != 0 {
                    equal_dealt[r.a as usize] = 0.0;
                    equal_dealt[r.b as usize] = 0.0;
                }
            }
            start = end;
        }
        if per_runout {
            self.runout_corrections(group, &totals, runout_sums);
        }
    }
}

pub(super) fn scale3(scale: f64, values: [f64; 3]) -> [f64; 3] {
    values.map(|v| scale * v)
}

pub(super) fn add3(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
