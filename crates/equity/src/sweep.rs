//! The per-runout sweep of the exact heads-up engine over compact, rank-sorted records.
//!
//! Per request ([`Sweeper::new`]): the villain weight of the live combos per card and in total, and for each card
//! the combos holding it. Per group of runouts ([`crate::runouts`]): each combo is ranked once, the combos are
//! radix-sorted by rank and copied into 24-byte records in that order. Per runout: the villain weights per card
//! are the request's minus those of the combos the runout kills (about 100 of them on a flop, instead of a pass
//! over every combo), and one sweep walks the records, skipping the dead ones. Per-combo sums accumulate by
//! sorted position (sequential stores) and go to the tally once per group.
//!
//! See [`crate::exact`] for the sweep's inclusion-exclusion formulas.

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

/// One combo of a group in rank order: everything the sweep reads, in 24 bytes.
#[derive(Clone, Copy, Default)]
struct Record {
    mask: u64,
    /// Weights as given (`f32`); widened to `f64` exactly where used.
    hero: f32,
    villain: f32,
    rank: u16,
    combo: u16,
    a: u8,
    b: u8,
}

/// Request-level data and scratch space for the sweeps of one request.
pub(crate) struct Sweeper<'e> {
    entries: &'e [Entry],
    board: HandKey,
    /// Villain weight of the request's live combos, per card and in total.
    all_board: [f64; 52],
    total_board: f64,
    /// Entries holding each card (villain weight only: hero-only combos add nothing to the totals).
    by_card: Vec<Vec<u16>>,
    order: Vec<u32>,
    scratch: Vec<u32>,
    records: Vec<Record>,
    /// Per sorted position of the current group: hero win, tie, faced sums.
    acc: Vec<[f64; 3]>,
    below: [f64; 52],
    group: [f64; 52],
}

impl<'e> Sweeper<'e> {
    pub(crate) fn new(entries: &'e [Entry], board: HandKey) -> Sweeper<'e> {
        let mut all_board = [0.0; 52];
        let mut total_board = 0.0;
        let mut by_card = vec![Vec::new(); 52];
        for (i, e) in entries.iter().enumerate() {
            if e.villain > 0.0 {
                total_board += e.villain;
                all_board[e.a] += e.villain;
                all_board[e.b] += e.villain;
                by_card[e.a].push(i as u16);
                by_card[e.b].push(i as u16);
            }
        }
        Sweeper {
            entries,
            board,
            all_board,
            total_board,
            by_card,
            order: Vec::with_capacity(entries.len()),
            scratch: Vec::with_capacity(entries.len()),
            records: Vec::with_capacity(entries.len()),
            acc: Vec::with_capacity(entries.len()),
            below: [0.0; 52],
            group: [0.0; 52],
        }
    }

    /// Ranks and sorts the group's combos once, sweeps each runout, adds per-combo sums to `combos` (the
    /// tally's interleaved win, tie, faced per combo) and calls
    /// `runout_sums` with each runout's mask and weighted hero (win, tie, total).
    pub(crate) fn run_group(
        &mut self,
        group: &RunoutGroup,
        combos: &mut [f64],
        mut runout_sums: impl FnMut(u64, [f64; 3]),
    ) {
        // Combos holding a card every runout of the group deals are dead throughout.
        let common = group.runouts.iter().fold(u64::MAX, |m, &(r, _)| m & r);
        let key = self.board.plus(group.key);
        self.order.clear();
        for (i, e) in self.entries.iter().enumerate() {
            if e.mask & common == 0 {
                self.order
                    .push(u32::from(key.plus(e.key).rank7().0) << 16 | i as u32);
            }
        }
        crate::rank_sort::sort_by_rank(&mut self.order, &mut self.scratch);
        self.records.clear();
        self.records.extend(self.order.iter().map(|&packed| {
            let e = &self.entries[(packed & 0xFFFF) as usize];
            Record {
                mask: e.mask,
                hero: e.hero as f32,
                villain: e.villain as f32,
                rank: (packed >> 16) as u16,
                combo: e.combo as u16,
                a: e.a as u8,
                b: e.b as u8,
            }
        }));
        self.acc.clear();
        self.acc.resize(self.records.len(), [0.0; 3]);
        for &(runout, weight) in &group.runouts {
            let sums = self.sweep(runout, weight);
            runout_sums(runout, sums);
        }
        for (record, acc) in self.records.iter().zip(&self.acc) {
            let slot = &mut combos[3 * record.combo as usize..3 * record.combo as usize + 3];
            for (t, v) in slot.iter_mut().zip(acc) {
                *t += v;
            }
        }
    }

    /// Villain weight per card and in total of the combos live in one runout: the request's minus the combos
    /// holding a runout card (each once, also when it holds two).
    fn runout_totals(&self, runout: u64) -> ([f64; 52], f64) {
        let mut all = self.all_board;
        let mut total = self.total_board;
        let mut seen = 0u64;
        let mut rest = runout;
        while rest != 0 {
            let card = rest.trailing_zeros() as usize;
            for &i in &self.by_card[card] {
                let e = &self.entries[i as usize];
                if e.mask & seen == 0 {
                    total -= e.villain;
                    all[e.a] -= e.villain;
                    all[e.b] -= e.villain;
                }
            }
            seen |= 1u64 << card;
            rest &= rest - 1;
        }
        (all, total)
    }

    /// One runout's sweep over the group's records, weakest first; returns the runout's hero (win, tie, total),
    /// all multiplied by `weight` (a small integer, so the products of `f32` weights stay exact).
    fn sweep(&mut self, runout: u64, weight: f64) -> [f64; 3] {
        let (all, all_total) = self.runout_totals(runout);
        let records = &self.records;
        let (below, group, acc) = (&mut self.below, &mut self.group, &mut self.acc);
        *below = [0.0; 52];
        let mut below_total = 0.0;
        let mut sums = [0.0f64; 3];
        let mut start = 0;
        while start < records.len() {
            let rank = records[start].rank;
            let mut end = start + 1;
            while end < records.len() && records[end].rank == rank {
                end += 1;
            }
            let mut group_total = 0.0;
            for r in &records[start..end] {
                if r.mask & runout == 0 {
                    let v = f64::from(r.villain);
                    group_total += v;
                    group[r.a as usize] += v;
                    group[r.b as usize] += v;
                }
            }
            for (r, acc) in records[start..end].iter().zip(&mut acc[start..end]) {
                if r.mask & runout != 0 || r.hero <= 0.0 {
                    continue;
                }
                let (a, b) = (r.a as usize, r.b as usize);
                let (hero, villain) = (f64::from(r.hero) * weight, f64::from(r.villain));
                let win = below_total - below[a] - below[b];
                let tie = group_total - group[a] - group[b] + villain;
                let faced = all_total - all[a] - all[b] + villain;
                acc[0] += hero * win;
                acc[1] += hero * tie;
                acc[2] += hero * faced;
                sums[0] += hero * win;
                sums[1] += hero * tie;
                sums[2] += hero * faced;
            }
            for r in &records[start..end] {
                if r.mask & runout == 0 {
                    let v = f64::from(r.villain);
                    below[r.a as usize] += v;
                    below[r.b as usize] += v;
                    group[r.a as usize] = 0.0;
                    group[r.b as usize] = 0.0;
                }
            }
            below_total += group_total;
            start = end;
        }
        sums
    }
}
