//! Tallies (mergeable partial sums) and finished equity reports.
//!
//! An [`EquityTally`] holds raw weighted sums: for the hero, the villain weight won against, tied with and faced
//! (each pair counted with weight `w_hero * w_villain`, once per runout); the same per hero combo (multiplied by
//! the hero weight) and per next-street card, each when the request asks for that part ([`ReportParts`]). Sums
//! from different shards of one request simply add, so a client can split a job across workers and merge in any
//! order. [`EquityTally::finish`] turns the sums into fractions. All arithmetic is `f64`; weights are `f32`
//! inputs, so results are exact to about 1e-12.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::combo::{CLASSES, COMBOS, COMBO_CLASS};
use crate::error::EquityError;
use crate::next_card::{EquityChange, NextCard};

/// Win / tie / lose fractions and equity of one player.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub struct SideTotals {
    /// Share of the pot won on average, ties split: a fraction in `[0, 1]`.
    pub equity: f64,
    /// Fraction of deals won outright.
    pub win: f64,
    /// Fraction of deals tied (pot split between two or more players).
    pub tie: f64,
    /// Fraction of deals lost.
    pub lose: f64,
    /// Weighted combos of the range that are live (avoid board and dead cards).
    pub combos: f64,
}

/// A finished heads-up equity result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub struct EquityReport {
    /// Hero totals.
    pub hero: SideTotals,
    /// Villain totals.
    pub villain: SideTotals,
    /// Hero equity of each of the 1326 combos; NaN where the combo is dead or not in the range. Empty when the
    /// request left out [`ReportParts::combos`].
    pub combo_equity: Vec<f64>,
    /// Hero equity of each of the 169 grid classes, weighted by live combos; NaN where empty. Empty when the
    /// request left out [`ReportParts::combos`].
    pub matrix: Vec<f64>,
    /// Hero equity after each possible next card (turn on a flop, river on a turn); empty otherwise, and when the
    /// request left out [`ReportParts::next_cards`].
    pub next_cards: Vec<NextCard>,
}

/// The parts of a heads-up report beyond both sides' totals. A part left out is not computed: a view that shows one
/// figure (a hand's equity) does not pay for the heat map and the next-card lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportParts {
    /// Per-combo sums: every hero combo's equity and the 13x13 class matrix (the heat map).
    pub combos: bool,
    /// The next-card lists: the hero's equity after each turn (on a flop) or river (on a turn).
    pub next_cards: bool,
}

impl ReportParts {
    /// Every part.
    pub const ALL: ReportParts = ReportParts {
        combos: true,
        next_cards: true,
    };
    /// The totals alone.
    pub const TOTALS: ReportParts = ReportParts {
        combos: false,
        next_cards: false,
    };

    /// The parts as two bits (combos 1, next cards 2), for the flat tally layout and fingerprints.
    pub(crate) fn bits(self) -> u8 {
        u8::from(self.combos) | u8::from(self.next_cards) << 1
    }

    fn from_bits(bits: u8) -> ReportParts {
        ReportParts {
            combos: bits & 1 != 0,
            next_cards: bits & 2 != 0,
        }
    }
}

/// Raw, mergeable sums of one heads-up request (or one shard of it).
#[derive(Debug, Clone, PartialEq)]
pub struct EquityTally {
    /// Request fingerprint, so that only shards of the same request merge.
    pub(crate) fingerprint: u64,
    /// Board size (0, 3, 4, 5).
    pub(crate) board_len: usize,
    /// Shard count of the request.
    pub(crate) shard_count: u32,
    /// Live weighted combos of hero and villain.
    pub(crate) live: [f64; 2],
    /// The parts of the report the sums cover.
    pub(crate) parts: ReportParts,
    /// Hero win, tie, total pair weights.
    pub(crate) sums: [f64; 3],
    /// Per hero combo: win, tie, total (times the hero weight), interleaved; empty without `parts.combos`.
    pub(crate) combos: Vec<f64>,
    /// Per next card: hero win, tie, total, interleaved; empty without `parts.next_cards`.
    pub(crate) cards: Vec<f64>,
}

/// Layout version of [`EquityTally::to_f64s`].
const F64S_VERSION: f64 = 2.0;
/// Header fields before the arrays: version, board size, fingerprint (two halves), shard count, parts, live (2),
/// sums (3).
const HEADER: usize = 11;

/// Serialised length of a tally of `parts`: the header, then the per-combo and per-card sums it holds.
fn f64s_len(parts: ReportParts) -> usize {
    HEADER + if parts.combos { 3 * COMBOS } else { 0 } + if parts.next_cards { 3 * 52 } else { 0 }
}

impl EquityTally {
    pub(crate) fn new(
        fingerprint: u64,
        board_len: usize,
        shard_count: u32,
        live: [f64; 2],
        parts: ReportParts,
    ) -> EquityTally {
        let sized = |wanted: bool, len: usize| if wanted { vec![0.0; len] } else { Vec::new() };
        EquityTally {
            fingerprint,
            board_len,
            shard_count,
            live,
            parts,
            sums: [0.0; 3],
            combos: sized(parts.combos, 3 * COMBOS),
            cards: sized(parts.next_cards, 3 * 52),
        }
    }

    /// The parts of the report these sums cover.
    pub fn parts(&self) -> ReportParts {
        self.parts
    }

    /// Adds another shard's sums. Both must come from the same request (same ranges, board, dead cards and
    /// shard count).
    pub fn merge(&mut self, other: &EquityTally) -> Result<(), EquityError> {
        if self.fingerprint != other.fingerprint || self.board_len != other.board_len {
            return Err(EquityError::MergeMismatch {
                reason: "ranges, board or dead cards differ",
            });
        }
        if self.shard_count != other.shard_count {
            return Err(EquityError::MergeMismatch {
                reason: "shard counts differ",
            });
        }
        if self.parts != other.parts {
            return Err(EquityError::MergeMismatch {
                reason: "report parts differ",
            });
        }
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            *a += b;
        }
        for (a, b) in self.combos.iter_mut().zip(&other.combos) {
            *a += b;
        }
        for (a, b) in self.cards.iter_mut().zip(&other.cards) {
            *a += b;
        }
        Ok(())
    }

    /// Flattens the tally to numbers (for transfer between workers as a `Float64Array`).
    pub fn to_f64s(&self) -> Vec<f64> {
        let mut out = Vec::with_capacity(f64s_len(self.parts));
        out.push(F64S_VERSION);
        out.push(self.board_len as f64);
        out.push((self.fingerprint >> 32) as f64);
        out.push((self.fingerprint & 0xFFFF_FFFF) as f64);
        out.push(f64::from(self.shard_count));
        out.push(f64::from(self.parts.bits()));
        out.extend_from_slice(&self.live);
        out.extend_from_slice(&self.sums);
        out.extend_from_slice(&self.combos);
        out.extend_from_slice(&self.cards);
        out
    }

    /// Reads a tally written by [`EquityTally::to_f64s`].
    pub fn from_f64s(data: &[f64]) -> Result<EquityTally, EquityError> {
        let bad = |reason| EquityError::InvalidTallyData { reason };
        if data.len() < HEADER {
            return Err(bad("wrong length"));
        }
        if data[0] != F64S_VERSION {
            return Err(bad("unknown layout version"));
        }
        if data.iter().any(|v| !v.is_finite()) {
            return Err(bad("values must be finite"));
        }
        let as_u32 = |v: f64| (v >= 0.0 && v <= f64::from(u32::MAX) && v.fract() == 0.0).then_some(v as u32);
        let board_len = as_u32(data[1])
            .filter(|b| matches!(b, 0 | 3 | 4 | 5))
            .ok_or_else(|| bad("board size"))?;
        let hi = as_u32(data[2]).ok_or_else(|| bad("fingerprint"))?;
        let lo = as_u32(data[3]).ok_or_else(|| bad("fingerprint"))?;
        let shard_count = as_u32(data[4])
            .filter(|&c| c > 0)
            .ok_or_else(|| bad("shard count"))?;
        let parts = as_u32(data[5])
            .filter(|&bits| bits < 4)
            .map(|bits| ReportParts::from_bits(bits as u8))
            .ok_or_else(|| bad("report parts"))?;
        if data.len() != f64s_len(parts) {
            return Err(bad("wrong length"));
        }
        let mut tally = EquityTally::new(
            u64::from(hi) << 32 | u64::from(lo),
            board_len as usize,
            shard_count,
            [data[6], data[7]],
            parts,
        );
        tally.sums.copy_from_slice(&data[8..HEADER]);
        let (combos, cards) = data[HEADER..].split_at(tally.combos.len());
        tally.combos.copy_from_slice(combos);
        tally.cards.copy_from_slice(cards);
        Ok(tally)
    }

    /// Turns the sums into a report. `keep_threshold` is the equity change (a fraction, e.g. `0.02` for two
    /// percentage points) within which a next card counts as [`EquityChange::Keep`]. The parts the tally left out
    /// are empty: no per-combo equities and no matrix without `combos`, no next cards without `next_cards`.
    pub fn finish(&self, keep_threshold: f64) -> Result<EquityReport, EquityError> {
        if !keep_threshold.is_finite() || keep_threshold < 0.0 {
            return Err(EquityError::InvalidOption {
                name: "keep threshold",
                value: keep_threshold,
            });
        }
        let [win, tie, total] = self.sums;
        if total <= 0.0 {
            return Err(EquityError::NoValidDeal);
        }
        let equity = (win + tie / 2.0) / total;
        let lose = (total - win - tie).max(0.0);
        let hero = SideTotals {
            equity,
            win: win / total,
            tie: tie / total,
            lose: lose / total,
            combos: self.live[0],
        };
        let villain = SideTotals {
            equity: 1.0 - equity,
            win: lose / total,
            tie: tie / total,
            lose: win / total,
            combos: self.live[1],
        };
        let ratio = |w: f64, t: f64, n: f64| if n > 0.0 { (w + t / 2.0) / n } else { f64::NAN };
        // Both are empty without per-combo sums.
        let combo_equity = self
            .combos
            .chunks_exact(3)
            .map(|c| ratio(c[0], c[1], c[2]))
            .collect();
        let mut matrix = Vec::new();
        if self.parts.combos {
            let mut classes = vec![0.0f64; 3 * CLASSES];
            for (i, c) in self.combos.chunks_exact(3).enumerate() {
                let class = COMBO_CLASS[i] as usize;
                for (total, value) in classes[3 * class..3 * class + 3].iter_mut().zip(c) {
                    *total += value;
                }
            }
            matrix = classes.chunks_exact(3).map(|c| ratio(c[0], c[1], c[2])).collect();
        }
        let mut next_cards = Vec::new();
        if matches!(self.board_len, 3 | 4) {
            for (i, c) in self.cards.chunks_exact(3).enumerate() {
                if c[2] <= 0.0 {
                    continue;
                }
                let card_equity = ratio(c[0], c[1], c[2]);
                let change = EquityChange::classify(card_equity - equity, keep_threshold);
                next_cards.push(NextCard {
                    card: Card::from_index_unchecked(i as u8),
                    equity: card_equity,
                    change,
                });
            }
        }
        Ok(EquityReport {
            hero,
            villain,
            combo_equity,
            matrix,
            next_cards,
        })
    }

    /// Hero `(win, tie, total)` pair-weight sums so far.
    pub fn sums(&self) -> [f64; 3] {
        self.sums
    }
}
