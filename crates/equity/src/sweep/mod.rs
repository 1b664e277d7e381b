//! The sweeps of the exact heads-up engine over compact, rank-sorted records.
//!
//! Per request ([`Sweeper::new`]): the sums of the weights of every entry per card and in total, the entries
//! holding each card and each suit (modules `totals` and `reuse`); the combo index of every card pair is a
//! compile-time table. Per group of runouts ([`crate::runouts`]): each combo not holding a card that every
//! runout of the group deals is ranked once, the combos are radix-sorted by rank and copied into 32-byte records
//! in that order; the records' sums per card are the request's less the few entries the group leaves out. A
//! flush-free group ranks the combos' classes instead, one evaluation per class (module `classes`).
//!
//! A group of one runout that can complete a flush builds its records from the suitless order of its ranks,
//! re-ranking only the combos that can make the flush (module `reuse`).
//!
//! A group of one runout is swept once ([`Sweeper::sweep_single`], the formulas of [`crate::exact`]). A group of
//! several runouts (flush-free runouts sharing one rank multiset) is also swept once, for all of its runouts
//! together; each runout's dead combos enter as corrections (module `group`), and each runout's own sums for the
//! next-street card lists come from the combos it kills only (module `corrections`). So a flop costs one sweep
//! per group (289 on a rainbow flop) instead of one per runout (1,176).
//!
//! Per-combo sums go to the tally once per group.

mod classes;
mod corrections;
mod group;
mod reuse;
mod totals;

use crate::evaluator::HandKey;
use crate::runouts::RunoutGroup;

/// One combo live in either range, as the request sees it.
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) combo: usize,
    pub(crate) a: usize,
    pub(crate) b: usize,
    pub(crate) mask: u64,
    pub(crate) key: HandKey,
    pub(crate) hero: f64,
    pub(crate) villain: f64,
}

/// One combo of a group in rank order: everything the sweep reads, in 32 bytes.
#[derive(Clone, Copy, Default)]
struct Record {
    mask: u64,
    /// Weights as given (`f32` values), held as `f64`: the sweeps read them as such, and in wasm each widening
    /// is an instruction of its own (eight bytes more per record cost less).
    hero: f64,
    villain: f64,
    rank: u16,
    combo: u16,
    /// Index of the entry (module `reuse` sorts the combos that make a flush by rank, then entry).
    entry: u16,
    a: u8,
    b: u8,
}

impl Record {
    fn of(entries: &[Entry], packed: u32) -> Record {
        let index = packed & 0xFFFF;
        let e = &entries[index as usize];
        Record {
            mask: e.mask,
            hero: e.hero,
            villain: e.villain,
            rank: (packed >> 16) as u16,
            combo: e.combo as u16,
            entry: index as u16,
            a: e.a as u8,
            b: e.b as u8,
        }
    }

    /// `rank << 16 | entry`, the order of the records of a group.
    fn packed(&self) -> u32 {
        u32::from(self.rank) << 16 | u32::from(self.entry)
    }
}

/// Weights of combos per card and in total, as a sweep accumulates them.
#[derive(Clone, Copy)]
struct CardSums {
    total: f64,
    card: [f64; 52],
}

impl CardSums {
    const ZERO: CardSums = CardSums {
        total: 0.0,
        card: [0.0; 52],
    };

    fn add(&mut self, a: usize, b: usize, weight: f64) {
        self.total += weight;
        self.card[a] += weight;
        self.card[b] += weight;
    }

    /// Weight of the combos counted here that share no card with `{a, b}`, less the weight of `{a, b}` itself
    /// if it was counted (it is subtracted twice: callers add it back where it is in the sum).
    fn apart(&self, a: usize, b: usize) -> f64 {
        self.total - self.card[a] - self.card[b]
    }
}

/// Combo index of each pair of distinct cards, `COMBO_OF[52 * x + y]` (built at compile time: 2,704 entries a
/// request would otherwise compute).
static COMBO_OF: [u16; 52 * 52] = {
    let mut table = [0u16; 52 * 52];
    let mut x = 0;
    while x < 52 {
        let mut y = 0;
        while y < 52 {
            if x != y {
                let (lo, hi) = if x < y { (x, y) } else { (y, x) };
                table[52 * x + y] = (hi * (hi - 1) / 2 + lo) as u16;
            }
            y += 1;
        }
        x += 1;
    }
    table
};

/// Rank and villain weight of one of the current group's records, filed under its combo.
#[derive(Clone, Copy, Default)]
struct PairSlot {
    rank: u16,
    /// The weight as given (`f32`): exact.
    villain: f32,
}

/// Request-level data and scratch space for the sweeps of one request.
pub(crate) struct Sweeper<'e> {
    entries: &'e [Entry],
    /// Sums over the request's entries, for each group's sums (module `totals`).
    totals: totals::Totals,
    board: HandKey,
    order: Vec<u32>,
    scratch: Vec<u32>,
    /// The current group's live combos in rank order.
    records: Vec<Record>,
    /// Per record of a one-runout sweep: its win sum, read before its run of equal ranks enters `below`.
    wins: Vec<f64>,
    /// Villain weight of the current group's records, per card and in total.
    all: CardSums,
    /// Per combo: the rank and villain weight of the current group's record of it, `(0, 0.0)` when it is not one
    /// of them (the group sweep looks combos up by their cards, and reads nothing else of them). (A combo holding
    /// a runout card has an unspecified rank, possibly 0, which the group sweep still compares consistently: its
    /// sums cancel out.)
    pairs: Vec<PairSlot>,
    multi: group::Scratch,
    /// Cards of each suit on the board.
    board_suits: [u32; 4],
    /// Per rank multiset of a runout (module `reuse`): the records of every entry by suitless rank, once known.
    suitless: Vec<Vec<Record>>,
    /// Per suit: the entries holding at least one card of it, and those holding two (module `reuse`).
    suited: [[Vec<u16>; 2]; 4],
    /// The entries' records by hole-card class, to rank flush-free groups (module `classes`).
    classes: classes::Classes,
    /// Whether `run_group` reports each runout's own sums (for the next-card lists); without them a group sweep skips
    /// the bookkeeping they need (module `corrections`).
    runout_sums: bool,
}

impl<'e> Sweeper<'e> {
    pub(crate) fn new(entries: &'e [Entry], board: &[crate::card::Card]) -> Sweeper<'e> {
        let mut board_suits = [0; 4];
        for card in board {
            board_suits[card.suit() as usize] += 1;
        }
        Sweeper {
            entries,
            totals: totals::Totals::of(entries),
            board: HandKey::of(board),
            order: Vec::with_capacity(entries.len()),
            scratch: Vec::with_capacity(entries.len()),
            records: Vec::with_capacity(entries.len()),
            wins: vec![0.0; entries.len()],
            all: CardSums::ZERO,
            pairs: vec![PairSlot::default(); crate::combo::COMBOS],
            multi: group::Scratch::new(),
            board_suits,
            suitless: vec![Vec::new(); 13 * 13],
            suited: reuse::suited_entries(entries),
            classes: classes::Classes::of(entries),
            runout_sums: true,
        }
    }

    /// The sweeper for a request that wants no next-card lists: `run_group` reports no runout's own sums.
    pub(crate) fn without_runout_sums(mut self) -> Sweeper<'e> {
        self.runout_sums = false;
        self
    }

    /// Ranks and sorts the group's combos once, sweeps them once for all of the group's runouts, adds per-combo
    /// sums to `combos` (the tally's interleaved win, tie, faced per combo) and the group's hero (win, tie,
    /// total) to `sums`, and calls `runout_sums` with each runout's mask and its weighted hero (win, tie, total),
    /// unless built [`Sweeper::without_runout_sums`].
    pub(crate) fn run_group(
        &mut self,
        group: &RunoutGroup,
        combos: &mut [f64],
        sums: &mut [f64; 3],
        mut runout_sums: impl FnMut(u64, [f64; 3]),
    ) {
        let several = group.runouts.len() > 1;
        self.rank_records(group, several);
        if let [(runout, weight)] = group.runouts[..] {
            let runout_total = self.sweep_single(weight, combos);
            for (s, v) in sums.iter_mut().zip(runout_total) {
                *s += v;
            }
            if self.runout_sums {
                runout_sums(runout, runout_total);
            }
        } else {
            self.sweep_group(group, combos, sums, runout_sums);
        }
        if several {
            for r in &self.records {
                self.pairs[r.combo as usize] = PairSlot::default();
            }
        }
    }

    /// Ranks the combos that hold no card every runout of the group deals (the others are dead throughout),
    /// sorts them into `records`, fills `all`, and `slot_of` if `slots` (the group sweep reads it). A group of
    /// several runouts is flush-free (module `runouts`), so it ranks by class (module `classes`).
    fn rank_records(&mut self, group: &RunoutGroup, slots: bool) {
        let common = group.runouts.iter().fold(u64::MAX, |m, &(r, _)| m & r);
        self.all = self.totals.without(totals::Weight::Villain, self.entries, common);
        let key = self.board.plus(group.key);
        if slots {
            self.classes.rank_into(key, common, &mut self.records);
            if common == 0 {
                self.keep_suitless_order(group.runouts[0].0);
            }
            for r in &self.records {
                self.pairs[r.combo as usize] = PairSlot {
                    rank: r.rank,
                    villain: r.villain as f32,
                };
            }
            return;
        }
        if self.records_from_suitless(common) {
            return;
        }
        let entries = self.entries;
        fill(&mut self.order, entries.len(), 0, |live| {
            for (i, e) in entries.iter().enumerate() {
                if e.mask & common == 0 {
                    live.push(u32::from(key.plus(e.key).rank7().0) << 16 | i as u32);
                }
            }
        });
        crate::rank_sort::sort_by_rank(&mut self.order, &mut self.scratch);
        self.records.clear();
        self.records
            .extend(self.order.iter().map(|&packed| Record::of(entries, packed)));
    }

    /// The sweep of a group of one runout with orbit weight `weight`, weakest first: every record is live.
    /// Adds per-combo sums to `combos` and returns the runout's hero (win, tie, total), all multiplied by
    /// `weight`.
    ///
    /// The tie sums come from `below` before and after the run of equal ranks (their difference is the run's
    /// sums, exactly: see module `group` on why these sums are exact), so one pass finds the run and reads the
    /// win sums, one adds the run to `below`, and one writes the combos' sums.
    fn sweep_single(&mut self, weight: f64, combos: &mut [f64]) -> [f64; 3] {
        let records = &self.records[..];
        let all = &self.all;
        let wins = &mut self.wins[..records.len()];
        let mut below = CardSums::ZERO;
        let mut sums = [0.0f64; 3];
        let mut start = 0;
        while start < records.len() {
            let rank = records[start].rank;
            let mut end = start;
            while end < records.len() && records[end].rank == rank {
                let r = &records[end];
                wins[end] = below.apart(r.a as usize, r.b as usize);
                end += 1;
            }
            for r in &records[start..end] {
                below.add(r.a as usize, r.b as usize, r.villain);
            }
            for (r, &win) in records[start..end].iter().zip(&wins[start..end]) {
                if r.hero <= 0.0 {
                    continue;
                }
                let (a, b) = (r.a as usize, r.b as usize);
                let (hero, villain) = (r.hero, r.villain);
                let pair = [win, below.apart(a, b) - win + villain, all.apart(a, b) + villain];
                let slot = &mut combos[3 * r.combo as usize..3 * r.combo as usize + 3];
                for k in 0..3 {
                    let value = weight * (hero * pair[k]);
                    slot[k] += value;
                    sums[k] += value;
                }
            }
            start = end;
        }
        sums
    }
}

/// Writes up to `capacity` values into `vec` (replacing its contents) by index rather than with `Vec::push`: in
/// wasm a push reloads and stores the vector's length and capacity in linear memory for every value (the
/// compiler cannot keep them in registers across the element store), which made the ranking loops 1.75x their
/// native instruction count. `pad` fills the slots past the vector's current length (usually the few the previous
/// fill left out).
fn fill<T: Copy>(vec: &mut Vec<T>, capacity: usize, pad: T, write: impl FnOnce(&mut Slots<'_, T>)) {
    vec.resize(capacity, pad);
    let mut slots = Slots { buf: vec, len: 0 };
    write(&mut slots);
    let len = slots.len;
    vec.truncate(len);
}

/// The writer [`fill`] lends.
struct Slots<'v, T> {
    buf: &'v mut [T],
    len: usize,
}

impl<T> Slots<'_, T> {
    #[inline(always)]
    fn push(&mut self, value: T) {
        self.buf[self.len] = value;
        self.len += 1;
    }
}

/// Card indices of a mask, lowest first.
fn cards_of(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let card = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            card
        })
    })
}

/// Rank and villain weight of the record of the combo `{y, c}` (distinct cards); `(0, 0.0)` when it is not one
/// of the group's records (a zero weight that counts for nothing wherever it is compared).
fn pair_record(pairs: &[PairSlot], y: usize, c: usize) -> (u16, f64) {
    let slot = pairs[COMBO_OF[52 * y + c] as usize];
    (slot.rank, f64::from(slot.villain))
}

#[cfg(test)]
pub(crate) mod tests;
