//! Seeded Monte Carlo equity for 2 to 6 ranges.
//!
//! Each sample deals one combo per range with probability proportional to its weight (inverse-CDF lookup in
//! cumulative weights), rejects the whole deal if two combos share a card (so deals are drawn exactly in
//! proportion to the product of weights over disjoint tuples), then completes the board uniformly from the
//! remaining deck and splits the pot between the best hands. The generator is xoshiro256** seeded through
//! SplitMix64, so a seed gives the same results on every platform. The hero's standard error is
//! `sqrt(var(share) / samples)`; it shrinks as `1 / sqrt(samples)` (about 0.0015 after 100,000 samples).
//! Runs are chunked by the caller (`run(iterations)`), and states built with different seeds merge.

use crate::card::Card;
use crate::error::EquityError;
use crate::evaluator::HandKey;
use crate::multiway::{live_ranges, totals, Live};
use crate::range::Range;
use crate::report::SideTotals;

/// Deals rejected in a row before giving up: ranges that almost never fit together.
const MAX_REJECTIONS: u32 = 100_000;

/// xoshiro256**: small, fast, and identical on native and wasm.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Rng([u64; 4]);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng([next(), next(), next(), next()])
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `0..n` (n > 0; the tiny modulo bias is far below Monte Carlo noise).
    fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// A resumable, mergeable Monte Carlo simulation.
#[derive(Debug, Clone)]
pub struct MonteCarlo {
    lives: Vec<Vec<Live>>,
    cumulative: Vec<Vec<f64>>,
    live_weight: Vec<f64>,
    board_key: HandKey,
    missing: usize,
    deck: Vec<Card>,
    rng: Rng,
    samples: u64,
    /// Per player: equity share, outright wins, ties.
    sums: Vec<[f64; 3]>,
    hero_square: f64,
    board: Vec<Card>,
}

impl MonteCarlo {
    /// Prepares a simulation of 2 to 6 ranges on a board (0, 3, 4 or 5 cards) with dead cards.
    pub fn new(
        ranges: &[Range],
        board: &[Card],
        dead: &[Card],
        seed: u64,
    ) -> Result<MonteCarlo, EquityError> {
        let (lives, blocked) = live_ranges(ranges, board, dead)?;
        let cumulative = lives
            .iter()
            .map(|l| {
                let mut acc = 0.0;
                l.iter()
                    .map(|c| {
                        acc += c.weight;
                        acc
                    })
                    .collect()
            })
            .collect();
        let live_weight = lives.iter().map(|l| l.iter().map(|c| c.weight).sum()).collect();
        let deck: Vec<Card> = Card::all().filter(|c| blocked & c.mask() == 0).collect();
        // Every deal must leave enough cards to complete the board, or sampling could never finish.
        if deck.len() < 5 - board.len() + 2 * lives.len() {
            return Err(EquityError::NoValidDeal);
        }
        Ok(MonteCarlo {
            sums: vec![[0.0; 3]; lives.len()],
            lives,
            cumulative,
            live_weight,
            board_key: HandKey::of(board),
            missing: 5 - board.len(),
            deck,
            rng: Rng::new(seed),
            samples: 0,
            hero_square: 0.0,
            board: board.to_vec(),
        })
    }

    /// Draws `iterations` more samples. Fails only if the ranges almost never fit together.
    pub fn run(&mut self, iterations: u32) -> Result<(), EquityError> {
        let players = self.lives.len();
        let mut ranks = vec![0u16; players];
        let mut keys = vec![HandKey::EMPTY; players];
        for _ in 0..iterations {
            let mut used;
            let mut rejections = 0;
            'deal: loop {
                used = 0;
                for (p, key) in keys.iter_mut().enumerate() {
                    let cumulative = &self.cumulative[p];
                    let target = self.rng.unit() * cumulative.last().copied().unwrap_or(0.0);
                    let j = cumulative
                        .partition_point(|&c| c <= target)
                        .min(cumulative.len() - 1);
                    let combo = self.lives[p][j];
                    if combo.mask & used != 0 {
                        rejections += 1;
                        if rejections > MAX_REJECTIONS {
                            return Err(EquityError::NoValidDeal);
                        }
                        continue 'deal;
                    }
                    used |= combo.mask;
                    *key = combo.key;
                }
                break;
            }
            let mut board = self.board_key;
            let mut dealt = 0;
            while dealt < self.missing {
                let card = self.deck[self.rng.below(self.deck.len())];
                if used & card.mask() == 0 {
                    used |= card.mask();
                    board = board.plus(HandKey::card(card));
                    dealt += 1;
                }
            }
            for (rank, key) in ranks.iter_mut().zip(&keys) {
                *rank = board.plus(*key).rank7().0;
            }
            let top = ranks.iter().copied().max().unwrap_or(0);
            let winners = ranks.iter().filter(|&&r| r == top).count();
            for (sums, &rank) in self.sums.iter_mut().zip(&ranks) {
                if rank == top {
                    sums[0] += 1.0 / winners as f64;
                    sums[if winners == 1 { 1 } else { 2 }] += 1.0;
                }
            }
            if ranks[0] == top {
                self.hero_square += 1.0 / (winners * winners) as f64;
            }
            self.samples += 1;
        }
        Ok(())
    }

    /// Totals per range so far (NaN fractions before the first sample).
    pub fn results(&self) -> Vec<SideTotals> {
        totals(&self.sums, self.samples as f64, &self.live_weight)
    }

    /// Standard error of the hero's equity estimate (a fraction); infinite before two samples.
    pub fn std_error(&self) -> f64 {
        if self.samples < 2 {
            return f64::INFINITY;
        }
        let n = self.samples as f64;
        let mean = self.sums[0][0] / n;
        let variance = ((self.hero_square / n - mean * mean) * n / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }

    /// Number of samples drawn so far.
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// Adds another simulation of the same ranges, board and dead cards (normally run with another seed).
    pub fn merge(&mut self, other: &MonteCarlo) -> Result<(), EquityError> {
        let same = self.board == other.board
            && self.deck == other.deck
            && self.cumulative == other.cumulative
            && self
                .lives
                .iter()
                .zip(&other.lives)
                .all(|(a, b)| a.iter().map(|c| c.mask).eq(b.iter().map(|c| c.mask)));
        if !same {
            return Err(EquityError::MergeMismatch {
                reason: "ranges, board or dead cards differ",
            });
        }
        for (a, b) in self.sums.iter_mut().flatten().zip(other.sums.iter().flatten()) {
            *a += b;
        }
        self.hero_square += other.hero_square;
        self.samples += other.samples;
        Ok(())
    }
}
