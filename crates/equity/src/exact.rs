//! Exact heads-up equity: range vs range (or hand vs range) with weights and card removal.
//!
//! Postflop (and preflop with dead cards), every runout completing the board is enumerated. For one runout,
//! every live combo of either range is ranked once ([`HandKey::rank7`] on the runout's board key plus the
//! combo's key) and the combos are sorted by rank. A sweep over equal-rank groups, weakest first, keeps the total
//! villain weight below the current rank and the same per card (`below[c]` = weight of weaker villain combos
//! holding card `c`). For a hero combo `{a, b}`, by inclusion-exclusion:
//!
//! * win = `below_total - below[a] - below[b]` (a villain combo holding both cards would be the hero combo
//!   itself, which is not weaker, so nothing is counted twice);
//! * tie = `group_total - group[a] - group[b] + w_v(hero combo)`;
//! * faced = `all_total - all[a] - all[b] + w_v(hero combo)`.
//!
//! Each runout therefore costs O(n log n) for n combos instead of O(n^2), and less: runouts that give every combo
//! the same rank share one ranking, sort and sweep, each runout's dead combos entering as corrections (modules
//! `runouts` and `sweep`), and a runout that can complete a flush re-ranks only the combos that can make it. The same pass gives each hero combo's sums (the heat map) and the runout's totals, which
//! are added to every card the runout deals: on a flop the equity after a turn card is the aggregate of the
//! runouts containing it, on a turn each runout is a river.
//!
//! Preflop without dead cards uses the embedded table ([`crate::preflop`]), one lookup per combo pair.
//!
//! Sharding: postflop, the groups of runouts are dealt in enumeration order, each to the shard with the least
//! estimated cost so far (`GroupDealer`, `group_cost`): groups differ in cost (a flush-free group on a rainbow flop holds up to
//! a dozen runouts, a flush group one), so dealing by count left one half of a split up to 10 % longer than the
//! other. Preflop, live hero combos are dealt round-robin in index order. Every shard computes the same dealing, so
//! the shards partition the work; merged shard tallies equal the whole tally up to float rounding.

use crate::card::{validate_board_dead, Card, CardSet};
use crate::combo::{combo_cards, combo_mask};
use crate::error::EquityError;
use crate::evaluator::HandKey;
use crate::preflop;
use crate::range::Range;
use crate::report::EquityTally;
use crate::runouts::for_each_group;
use crate::sweep::{Entry, Sweeper};
use crate::symmetry::Symmetry;

/// Which part of a request a call computes: the request's work units are dealt over `count` shards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: u32,
    /// Number of shards the request is split into.
    pub count: u32,
}

impl Shard {
    /// The whole request in one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Checks `count > 0` and `index < count`.
    pub fn validate(self) -> Result<(), EquityError> {
        if self.count == 0 || self.index >= self.count {
            return Err(EquityError::InvalidShard {
                index: self.index,
                count: self.count,
            });
        }
        Ok(())
    }

    fn owns(self, unit: u64) -> bool {
        unit % u64::from(self.count) == u64::from(self.index)
    }
}

/// Estimated cost of one runout group, in quarters of a one-runout sweep (integers, so that every shard computes
/// the same dealing). A group of one runout costs its ranking (about 2 sweeps, measured in wasm on random vs random
/// with the symmetry broken: rainbow flop against monotone flop) plus its sweep. A flush-free group of several
/// runouts is swept once with twice the accumulators ([`crate::sweep`]) and then corrected per runout over the
/// few combos each runout kills (about a quarter of a sweep). Measured natively with shard halves timed
/// alternately (random vs random on Qs7h2d and Ks9s4d, 124 vs 246 on Qs7h2d): the halves differ by 1-3 %, where
/// the earlier "ranking + one sweep per runout" left one half 5 % longer.
fn group_cost(runouts: usize) -> u64 {
    const RANK: u64 = 8;
    const SWEEP: u64 = 4;
    if runouts > 1 {
        RANK + 2 * SWEEP + runouts as u64
    } else {
        RANK + SWEEP
    }
}
/// Beyond this many shards the groups are dealt round-robin (the least-loaded search is linear in the count).
const COST_DEALING_MAX_SHARDS: u32 = 1024;

/// Deals runout groups to shards by estimated cost: each group to the shard with the least cost so far (the
/// lowest index on a tie). Integer costs keep the dealing identical in every shard.
struct GroupDealer {
    shard: Shard,
    loads: Vec<u64>,
    next: u64,
}

impl GroupDealer {
    fn new(shard: Shard) -> GroupDealer {
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
    fn owns_next(&mut self, runouts: usize) -> bool {
        if self.loads.is_empty() {
            self.next += 1;
            return self.shard.owns(self.next - 1);
        }
        let (target, _) = self
            .loads
            .iter()
            .enumerate()
            .min_by_key(|&(index, &load)| (load, index))
            .expect("at least two shards");
        self.loads[target] += group_cost(runouts);
        target == self.shard.index as usize
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::WHOLE
    }
}

/// A heads-up equity request.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityRequest {
    /// Hero range.
    pub hero: Range,
    /// Villain range.
    pub villain: Range,
    /// Board: 0, 3, 4 or 5 cards.
    pub board: Vec<Card>,
    /// Dead cards (known to be out of play).
    pub dead: Vec<Card>,
    /// Which shard to compute.
    pub shard: Shard,
}

/// FNV-1a 64 of the request inputs, so that only tallies of the same request merge.
fn fingerprint(request: &EquityRequest) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
        }
    };
    for range in [&request.hero, &request.villain] {
        for w in range.weights() {
            eat(&w.to_bits().to_le_bytes());
        }
    }
    for cards in [&request.board, &request.dead] {
        eat(&[cards.len() as u8]);
        eat(&cards.iter().map(|c| c.index()).collect::<Vec<_>>());
    }
    h
}

/// Computes the sums of one shard of a heads-up request. See the module docs for the algorithm.
pub fn tally(request: &EquityRequest) -> Result<EquityTally, EquityError> {
    request.shard.validate()?;
    let blocked = validate_board_dead(&request.board, &request.dead)?;
    let mut entries = Vec::new();
    for combo in 0..crate::combo::COMBOS {
        let mask = combo_mask(combo);
        let (hero, villain) = (request.hero.weight(combo), request.villain.weight(combo));
        if mask & blocked.0 != 0 || (hero <= 0.0 && villain <= 0.0) {
            continue;
        }
        let (ca, cb) = combo_cards(combo);
        entries.push(Entry {
            combo,
            a: ca.index() as usize,
            b: cb.index() as usize,
            mask,
            key: HandKey::pair(ca, cb),
            hero: f64::from(hero),
            villain: f64::from(villain),
        });
    }
    let live = [
        entries.iter().map(|e| e.hero).sum::<f64>(),
        entries.iter().map(|e| e.villain).sum::<f64>(),
    ];
    for (player, &weight) in live.iter().enumerate() {
        if weight <= 0.0 {
            return Err(EquityError::EmptyRange { player });
        }
    }
    check_dealable(&entries)?;
    let mut tally = EquityTally::new(
        fingerprint(request),
        request.board.len(),
        request.shard.count,
        live,
    );
    if request.board.is_empty() && request.dead.is_empty() {
        preflop_tally(&entries, request.shard, &mut tally)?;
    } else {
        enumerate_runouts(&entries, request, blocked, &mut tally);
    }
    Ok(tally)
}

/// Errors when no hero combo can face any villain combo.
fn check_dealable(entries: &[Entry]) -> Result<(), EquityError> {
    let mut per_card = [0.0f64; 52];
    let mut total = 0.0;
    for e in entries {
        total += e.villain;
        per_card[e.a] += e.villain;
        per_card[e.b] += e.villain;
    }
    let dealable = entries
        .iter()
        .any(|e| e.hero > 0.0 && total - per_card[e.a] - per_card[e.b] + e.villain > 1e-12);
    if dealable {
        Ok(())
    } else {
        Err(EquityError::NoValidDeal)
    }
}

/// Preflop range vs range from the table: one lookup per non-conflicting pair.
fn preflop_tally(entries: &[Entry], shard: Shard, tally: &mut EquityTally) -> Result<(), EquityError> {
    let table = preflop::table()?;
    let boards = f64::from(preflop::BOARDS_PER_MATCHUP);
    let villains: Vec<&Entry> = entries.iter().filter(|e| e.villain > 0.0).collect();
    for (unit, hero) in entries.iter().filter(|e| e.hero > 0.0).enumerate() {
        if !shard.owns(unit as u64) {
            continue;
        }
        let mut sums = [0.0f64; 3];
        for villain in villains.iter().filter(|v| v.mask & hero.mask == 0) {
            let (wins, ties) = table.matchup(hero.combo, villain.combo)?;
            sums[0] += villain.villain * f64::from(wins) / boards;
            sums[1] += villain.villain * f64::from(ties) / boards;
            sums[2] += villain.villain;
        }
        add_scaled(
            &mut tally.combos[3 * hero.combo..3 * hero.combo + 3],
            &sums,
            hero.hero,
        );
        add_scaled(&mut tally.sums, &sums, hero.hero);
    }
    Ok(())
}

/// `target += scale * values`, element-wise.
fn add_scaled(target: &mut [f64], values: &[f64; 3], scale: f64) {
    for (t, v) in target.iter_mut().zip(values) {
        *t += scale * v;
    }
}

/// Enumerates the runout groups of this shard and sweeps each runout (one per suit orbit where the request is
/// suit-symmetric, see [`crate::symmetry`]).
fn enumerate_runouts(entries: &[Entry], request: &EquityRequest, blocked: CardSet, tally: &mut EquityTally) {
    let (board, shard) = (&request.board[..], request.shard);
    let deck: Vec<Card> = Card::all().filter(|&c| !blocked.contains(c)).collect();
    let mut sweeper = Sweeper::new(entries, board);
    let next_street = matches!(board.len(), 3 | 4);
    let mut dealer = GroupDealer::new(shard);
    let symmetry = Symmetry::of(&request.hero, &request.villain, board, &request.dead);
    for_each_group(&deck, board, &symmetry, |group| {
        if dealer.owns_next(group.runouts.len()) {
            let cards = &mut tally.cards;
            let per_runout = |runout: u64, runout_sums: [f64; 3]| {
                let mut rest = if next_street { runout } else { 0 };
                while rest != 0 {
                    let card = rest.trailing_zeros() as usize;
                    add_scaled(&mut cards[3 * card..3 * card + 3], &runout_sums, 1.0);
                    rest &= rest - 1;
                }
            };
            sweeper.run_group(group, &mut tally.combos, &mut tally.sums, per_runout);
        }
    });
    symmetry.spread(&mut tally.combos, &mut tally.cards);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Group sizes as a rainbow flop has them: flush-free groups of several runouts among single-runout ones.
    fn sizes() -> Vec<usize> {
        (0..289)
            .map(|i| if i % 3 == 0 { 1 + (i * 7) % 12 } else { 1 })
            .collect()
    }

    #[test]
    fn every_group_goes_to_exactly_one_shard() {
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

    #[test]
    fn shards_get_equal_estimated_cost() {
        for count in [2u32, 3, 4, 8] {
            let mut cost = vec![0u64; count as usize];
            let mut dealers: Vec<GroupDealer> = (0..count)
                .map(|index| GroupDealer::new(Shard { index, count }))
                .collect();
            for size in sizes() {
                for (index, dealer) in dealers.iter_mut().enumerate() {
                    if dealer.owns_next(size) {
                        cost[index] += group_cost(size);
                    }
                }
            }
            let (min, max) = (cost.iter().min().copied(), cost.iter().max().copied());
            let largest = group_cost(12);
            assert!(
                max.zip(min).is_some_and(|(max, min)| max - min <= largest),
                "{count}: {cost:?}"
            );
        }
    }
}
