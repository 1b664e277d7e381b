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
//! Preflop without dead cards uses the embedded table ([`crate::preflop`]), one lookup per combo pair. A job of a
//! few pairs of combos (a hand against any range, a few combos against a few) is enumerated directly instead, pair
//! by pair on every runout, without the sweep's set-up (module `direct`).
//!
//! A request may ask for the totals alone, or leave out the per-combo sums or the next-card lists
//! ([`ReportParts`]): what is left out is not computed.
//!
//! Sharding: on a flop or turn the groups of runouts are dealt in bundles of one rank multiset each, by estimated
//! cost (module `shard_plan`); preflop with dead cards they are dealt one by one as they stream, each to the
//! shard with the least estimated cost so far. Preflop, live hero combos are dealt round-robin in index order.
//! Every shard computes the same dealing, so the shards partition the work; merged shard tallies equal the whole
//! tally up to float rounding (exactly, when every weight is an integer).

use crate::card::{validate_board_dead, Card, CardSet};
use crate::combo::{combo_cards, combo_mask};
use crate::direct;
use crate::error::EquityError;
use crate::evaluator::HandKey;
use crate::preflop;
use crate::range::Range;
use crate::report::{EquityTally, ReportParts};
use crate::runouts::{for_each_group, RunoutGroup};
use crate::shard_plan::{self, GroupDealer};
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

    pub(crate) fn owns(self, unit: u64) -> bool {
        unit % u64::from(self.count) == u64::from(self.index)
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

/// FNV-1a 64 of what the sums depend on (the live combos with their weights, the board, the dead cards and the
/// report parts), so that only tallies of the same request merge. Combos holding a board or dead card weigh
/// nothing, so the live ones say all the ranges can.
fn fingerprint(entries: &[Entry], request: &EquityRequest, parts: ReportParts) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
        }
    };
    for e in entries {
        eat(&(e.combo as u16).to_le_bytes());
        eat(&(e.hero as f32).to_bits().to_le_bytes());
        eat(&(e.villain as f32).to_bits().to_le_bytes());
    }
    for cards in [&request.board, &request.dead] {
        eat(&[cards.len() as u8]);
        eat(&cards.iter().map(|c| c.index()).collect::<Vec<_>>());
    }
    eat(&[parts.bits()]);
    h
}

/// Computes the sums of one shard of a heads-up request, every part of the report. See the module docs for the
/// algorithm.
pub fn tally(request: &EquityRequest) -> Result<EquityTally, EquityError> {
    tally_parts(request, ReportParts::ALL)
}

/// Computes the sums of one shard of a heads-up request for the report `parts` only (the totals always): a part
/// left out costs nothing, and its figures are empty in the finished report.
pub fn tally_parts(request: &EquityRequest, parts: ReportParts) -> Result<EquityTally, EquityError> {
    tally_by(request, parts, None)
}

/// How the runouts of a request are enumerated (preflop without dead cards reads the table either way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Method {
    /// The sweep of module `sweep`.
    Sweep,
    /// Pair by pair, module `direct`.
    Direct,
}

/// [`tally_parts`] by `method`, or by the cheaper one for the request when `None` (tests compare the two).
pub(crate) fn tally_by(
    request: &EquityRequest,
    parts: ReportParts,
    method: Option<Method>,
) -> Result<EquityTally, EquityError> {
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
        fingerprint(&entries, request, parts),
        request.board.len(),
        request.shard.count,
        live,
        parts,
    );
    if request.board.is_empty() && request.dead.is_empty() {
        preflop_tally(&entries, request.shard, &mut tally)?;
    } else {
        let method = method.unwrap_or(if direct::is_small(&entries) {
            Method::Direct
        } else {
            Method::Sweep
        });
        enumerate_runouts(&entries, request, blocked, method, &mut tally);
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
        if let Some(slot) = tally.combos.get_mut(3 * hero.combo..3 * hero.combo + 3) {
            add_scaled(slot, &sums, hero.hero);
        }
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
/// suit-symmetric, see [`crate::symmetry`]), or enumerates their pairs directly (module `direct`).
fn enumerate_runouts(
    entries: &[Entry],
    request: &EquityRequest,
    blocked: CardSet,
    method: Method,
    tally: &mut EquityTally,
) {
    let (board, shard) = (&request.board[..], request.shard);
    let deck: Vec<Card> = Card::all().filter(|&c| !blocked.contains(c)).collect();
    let live = entries.iter().map(|e| e.combo);
    let symmetry = Symmetry::of_live(&request.hero, &request.villain, board, &request.dead, live);
    if method == Method::Direct {
        direct::enumerate(entries, board, &deck, &symmetry, shard, tally);
        return;
    }
    let next_street = matches!(board.len(), 3 | 4) && !tally.cards.is_empty();
    let mut sweeper = Sweeper::new(entries, board);
    if !next_street {
        sweeper = sweeper.without_runout_sums();
    }
    // The sweeps add every hero combo's sums; without that part they go to a scratch array that is dropped.
    let mut scratch = Vec::new();
    let combos = if tally.parts.combos {
        &mut tally.combos
    } else {
        scratch.resize(3 * crate::combo::COMBOS, 0.0);
        &mut scratch
    };
    let (cards, sums) = (&mut tally.cards, &mut tally.sums);
    let mut run = |group: &RunoutGroup| {
        let per_runout = |runout: u64, runout_sums: [f64; 3]| {
            let mut rest = if next_street { runout } else { 0 };
            while rest != 0 {
                let card = rest.trailing_zeros() as usize;
                add_scaled(&mut cards[3 * card..3 * card + 3], &runout_sums, 1.0);
                rest &= rest - 1;
            }
        };
        sweeper.run_group(group, combos, sums, per_runout);
    };
    if matches!(board.len(), 3 | 4) && shard.count > 1 {
        // Flop and turn: listed first, then dealt in bundles of one rank multiset each (see `shard_plan`).
        let mut groups = Vec::new();
        for_each_group(&deck, board, &symmetry, |group| {
            groups.push(RunoutGroup {
                key: group.key,
                runouts: group.runouts.clone(),
            });
        });
        let board_mask = board.iter().fold(0u64, |mask, card| mask | card.mask());
        for index in shard_plan::owned_groups(&groups, board_mask, shard) {
            run(&groups[index]);
        }
    } else {
        let mut dealer = GroupDealer::new(shard);
        for_each_group(&deck, board, &symmetry, |group| {
            if dealer.owns_next(group.runouts.len()) {
                run(group);
            }
        });
    }
    symmetry.spread(&mut tally.combos, &mut tally.cards);
}
