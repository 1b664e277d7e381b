//! Which runout groups a shard of a postflop request computes.
//!
//! Every shard enumerates the same groups in the same order and computes the same plan, so the shards partition
//! the work without talking to each other. Groups differ in cost (a flush-free group on a rainbow flop holds up to
//! a dozen runouts, a flush group one), so they are dealt by estimated cost, not by count.
//!
//! Flop and turn: the groups sharing a rank multiset of runout cards form a bundle that goes whole to one shard.
//! The one-runout groups of a multiset reuse the suitless order of its ranks ([`crate::sweep`], module `reuse`),
//! which the flush-free group of the same ranks computes or the first of them computes on its own: split over two
//! shards, a bundle pays that ranking twice. Dealing groups one by one did that for most of the 91 multisets of a
//! rainbow flop: 4.5 % more instructions in two halves than in the whole request (random vs random on Qs7h2d,
//! callgrind). The bundles are planned once the groups are listed: largest estimated cost first, each to the
//! shard with the least cost so far (lowest index on a tie).
//!
//! Preflop with dead cards streams 1.7 million one-runout groups: those are dealt one by one as they come.

use crate::exact::Shard;
use crate::runouts::RunoutGroup;

/// Cost units of one group, in quarters of a one-runout sweep: integers, so every shard computes the same plan.
/// Ranking every combo and sorting costs about two sweeps (measured in wasm on random vs random with the symmetry
/// broken: rainbow flop against monotone flop).
const RANK: u64 = 8;
const SWEEP: u64 = 4;
/// A one-runout group that reuses its multiset's suitless order ranks only the few combos that can make the flush.
const REUSED_RANK: u64 = 1;
/// Beyond this many shards the bundles are dealt round-robin (the least-loaded search is linear in the count).
const COST_DEALING_MAX_SHARDS: u32 = 1024;

/// Estimated cost of one group when dealt on its own. A flush-free group of several runouts is swept once with
/// twice the accumulators and then corrected per runout over the few combos each runout kills (about a quarter of
/// a sweep each).
pub(crate) fn group_cost(runouts: usize) -> u64 {
    if runouts > 1 {
        RANK + 2 * SWEEP + runouts as u64
    } else {
        RANK + SWEEP
    }
}

/// Deals streamed groups to shards by estimated cost: each group to the shard with the least cost so far (the
/// lowest index on a tie).
pub(crate) struct GroupDealer {
    shard: Shard,
    loads: Vec<u64>,
    next: u64,
}

impl GroupDealer {
    pub(crate) fn new(shard: Shard) -> GroupDealer {
        let by_cost = shard.count > 1 && shard.count <= COST_DEALING_MAX_SHARDS;
        GroupDealer {
            shard,
            loads: if by_cost {
                vec![0; shard.count as usize]
            } else {
                Vec::new()
            },
            next: 0,
        }
    }

    /// Whether this shard computes the next group, of `runouts` runouts.
    pub(crate) fn owns_next(&mut self, runouts: usize) -> bool {
        if self.loads.is_empty() {
            self.next += 1;
            return (self.next - 1) % u64::from(self.shard.count) == u64::from(self.shard.index);
        }
        let target = least_loaded(&self.loads);
        self.loads[target] += group_cost(runouts);
        target == self.shard.index as usize
    }
}

fn least_loaded(loads: &[u64]) -> usize {
    loads
        .iter()
        .enumerate()
        .min_by_key(|&(index, &load)| (load, index))
        .map_or(0, |(index, _)| index)
}

/// Index of the rank multiset of a runout of one or two cards (card index `rank * 4 + suit`).
fn multiset(runout: u64) -> usize {
    let low = runout.trailing_zeros() as usize / 4;
    let rest = runout & (runout - 1);
    if rest == 0 {
        low
    } else {
        13 + low * 13 + rest.trailing_zeros() as usize / 4
    }
}

/// Cards of each suit in `cards` (card index `rank * 4 + suit`).
fn suit_counts(cards: u64) -> [u32; 4] {
    const CLUBS: u64 = 0x1_1111_1111_1111;
    std::array::from_fn(|suit| (cards & (CLUBS << suit)).count_ones())
}

/// The groups of a flop or turn request that `shard` computes, in enumeration order, given every group in that
/// order and the board's card mask.
pub(crate) fn owned_groups(groups: &[RunoutGroup], board: u64, shard: Shard) -> Vec<usize> {
    if shard.count <= 1 {
        return (0..groups.len()).collect();
    }
    let (owners, _) = plan(groups, board, shard.count);
    (0..groups.len())
        .filter(|&group| owners[group] == shard.index)
        .collect()
}

/// The shard of each group and its estimated cost (see the module docs).
fn plan(groups: &[RunoutGroup], board: u64, count: u32) -> (Vec<u32>, Vec<u64>) {
    // Bundles in order of first appearance, with their estimated cost.
    let mut bundle_of_multiset = vec![usize::MAX; 13 + 13 * 13];
    let mut bundles: Vec<(u64, Vec<usize>)> = Vec::new();
    let mut suitless_known = Vec::new();
    let mut costs = Vec::with_capacity(groups.len());
    for (index, group) in groups.iter().enumerate() {
        let runout = group.runouts.first().map_or(0, |&(mask, _)| mask);
        let slot = &mut bundle_of_multiset[multiset(runout)];
        if *slot == usize::MAX {
            *slot = bundles.len();
            bundles.push((0, Vec::new()));
            suitless_known.push(false);
        }
        let bundle = *slot;
        let several = group.runouts.len() > 1;
        let reuses = !several && suit_counts(board | runout).iter().all(|&count| count < 5);
        let cost = if several {
            group_cost(group.runouts.len())
        } else if reuses {
            // The first user of the multiset's suitless order ranks every combo for it.
            SWEEP + if suitless_known[bundle] { REUSED_RANK } else { RANK }
        } else {
            group_cost(1)
        };
        suitless_known[bundle] |= several || reuses;
        costs.push(cost);
        bundles[bundle].0 += cost;
        bundles[bundle].1.push(index);
    }
    let mut order: Vec<usize> = (0..bundles.len()).collect();
    order.sort_by_key(|&bundle| (std::cmp::Reverse(bundles[bundle].0), bundle));
    let mut loads = vec![0u64; count.min(COST_DEALING_MAX_SHARDS) as usize];
    let mut owners = vec![0u32; groups.len()];
    for (rank, &bundle) in order.iter().enumerate() {
        let target = if count > COST_DEALING_MAX_SHARDS {
            rank % count as usize
        } else {
            let target = least_loaded(&loads);
            loads[target] += bundles[bundle].0;
            target
        };
        for &group in &bundles[bundle].1 {
            owners[group] = target as u32;
        }
    }
    (owners, costs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Card};
    use crate::range::Range;
    use crate::runouts::for_each_group;
    use crate::symmetry::Symmetry;

    /// Group sizes as a rainbow flop has them: flush-free groups of several runouts among single-runout ones.
    fn sizes() -> Vec<usize> {
        (0..289)
            .map(|i| if i % 3 == 0 { 1 + (i * 7) % 12 } else { 1 })
            .collect()
    }

    #[test]
    fn every_streamed_group_goes_to_exactly_one_shard() {
        for count in [1, 2, 3, 5, 8, COST_DEALING_MAX_SHARDS + 1] {
            let mut dealers: Vec<GroupDealer> = (0..count)
                .map(|index| GroupDealer::new(Shard { index, count }))
                .collect();
            for size in sizes() {
                let owners = dealers
                    .iter_mut()
                    .filter_map(|d| d.owns_next(size).then_some(()))
                    .count();
                assert_eq!(owners, 1, "{count} shards");
            }
        }
    }

    /// Every group of `board` with the suit symmetry of random vs random (the groups a request enumerates).
    fn groups_of(board: &str) -> (Vec<RunoutGroup>, u64) {
        let board = parse_cards(board).expect("board");
        let mask = board.iter().fold(0u64, |m, c| m | c.mask());
        let deck: Vec<Card> = Card::all().filter(|c| mask & c.mask() == 0).collect();
        let random = Range::parse("random").expect("range");
        let symmetry = Symmetry::of(&random, &random, &board, &[]);
        let mut groups = Vec::new();
        for_each_group(&deck, &board, &symmetry, |g| {
            groups.push(RunoutGroup {
                key: g.key,
                runouts: g.runouts.clone(),
            });
        });
        (groups, mask)
    }

    #[test]
    fn bundles_partition_the_groups_and_keep_each_rank_multiset_on_one_shard() {
        for board in ["Qs7h2d", "Ks9s4d", "Qs7s2s", "Qs7h2d5c", "Qs7s2d5s"] {
            let (groups, mask) = groups_of(board);
            for count in [1u32, 2, 3, 4, 8, COST_DEALING_MAX_SHARDS + 1] {
                let mut owner = vec![None; groups.len()];
                for index in 0..count {
                    for group in owned_groups(&groups, mask, Shard { index, count }) {
                        assert_eq!(owner[group], None, "{board}: group {group} dealt twice");
                        owner[group] = Some(index);
                    }
                }
                assert!(owner.iter().all(Option::is_some), "{board}, {count} shards");
                let mut shard_of_multiset = vec![None; 13 + 169];
                for (group, shard) in groups.iter().zip(&owner) {
                    let slot = &mut shard_of_multiset[multiset(group.runouts[0].0)];
                    assert!(slot.is_none() || *slot == *shard, "{board}: a multiset split");
                    *slot = *shard;
                }
            }
        }
    }

    #[test]
    fn two_shards_get_about_equal_estimated_cost() {
        for board in ["Qs7h2d", "Ks9s4d", "Qs7s2s", "Qs7h2d5c"] {
            let (groups, mask) = groups_of(board);
            let (owners, costs) = plan(&groups, mask, 2);
            let cost = |index| {
                owners
                    .iter()
                    .zip(&costs)
                    .filter(|&(&owner, _)| owner == index)
                    .map(|(_, &cost)| cost)
                    .sum::<u64>()
            };
            let (a, b) = (cost(0), cost(1));
            // Largest first, each to the lighter shard: the halves differ by at most the largest bundle.
            let mut bundles = vec![0u64; 13 + 169];
            for (group, &cost) in groups.iter().zip(&costs) {
                bundles[multiset(group.runouts[0].0)] += cost;
            }
            let largest = bundles.iter().copied().max().unwrap_or(0);
            assert!(
                a.abs_diff(b) <= largest,
                "{board}: {a} vs {b}, largest bundle {largest}"
            );
            if groups.len() > 100 {
                assert!(a.abs_diff(b) <= a.max(b) / 50, "{board}: {a} vs {b}");
            }
        }
    }
}
