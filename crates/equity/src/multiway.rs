//! Exact multiway equity (2 to 6 ranges) by full enumeration, for small problems.
//!
//! For every runout completing the board, each live combo of each range is ranked once; then every tuple of
//! mutually disjoint combos (one per range) is visited with weight = product of the combo weights. The pot is
//! split equally between the best hands, so a player's equity is the weighted mean of `1 / winners` when
//! among the winners. Work is runouts x product of the live range sizes; when that exceeds the caller's
//! `budget`, the function returns `Ok(None)` and the caller uses [`crate::MonteCarlo`] instead.

use crate::card::{validate_board_dead, Card};
use crate::combo::{combo_cards, combo_mask};
use crate::error::EquityError;
use crate::evaluator::HandKey;
use crate::range::Range;
use crate::report::SideTotals;

/// Most ranges a multiway computation accepts.
pub const MAX_PLAYERS: usize = 6;

/// A live combo of one range.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Live {
    pub(crate) mask: u64,
    pub(crate) key: HandKey,
    pub(crate) weight: f64,
}

/// Validates ranges, board and dead cards; returns the live combos of each range and the blocked mask.
pub(crate) fn live_ranges(
    ranges: &[Range],
    board: &[Card],
    dead: &[Card],
) -> Result<(Vec<Vec<Live>>, u64), EquityError> {
    if !(2..=MAX_PLAYERS).contains(&ranges.len()) {
        return Err(EquityError::RangeCount {
            min: 2,
            max: MAX_PLAYERS,
            found: ranges.len(),
        });
    }
    let blocked = validate_board_dead(board, dead)?;
    let mut lives = Vec::with_capacity(ranges.len());
    for (player, range) in ranges.iter().enumerate() {
        let live: Vec<Live> = range
            .live_combos(blocked)
            .map(|(combo, weight)| {
                let (a, b) = combo_cards(combo);
                Live {
                    mask: combo_mask(combo),
                    key: HandKey::pair(a, b),
                    weight,
                }
            })
            .collect();
        if live.is_empty() {
            return Err(EquityError::EmptyRange { player });
        }
        lives.push(live);
    }
    Ok((lives, blocked.0))
}

/// Turns per-player (equity, win, tie) sums and the total weight into totals.
pub(crate) fn totals(sums: &[[f64; 3]], total: f64, live: &[f64]) -> Vec<SideTotals> {
    sums.iter()
        .zip(live)
        .map(|(s, &combos)| {
            let (equity, win, tie) = (s[0] / total, s[1] / total, s[2] / total);
            SideTotals {
                equity,
                win,
                tie,
                lose: (1.0 - win - tie).max(0.0),
                combos,
            }
        })
        .collect()
}

/// Exact equity of 2 to 6 ranges, or `Ok(None)` when the enumeration would exceed `budget` (runouts times
/// the product of live range sizes).
pub fn multiway_exact(
    ranges: &[Range],
    board: &[Card],
    dead: &[Card],
    budget: u64,
) -> Result<Option<Vec<SideTotals>>, EquityError> {
    let (lives, blocked) = live_ranges(ranges, board, dead)?;
    let deck: Vec<Card> = Card::all().filter(|c| blocked & c.mask() == 0).collect();
    let missing = 5 - board.len();
    if deck.len() < missing + 2 * lives.len() {
        return Err(EquityError::NoValidDeal);
    }
    let runouts = binomial(deck.len() as u64, missing as u64);
    let work = lives
        .iter()
        .try_fold(runouts, |acc, l| acc.checked_mul(l.len() as u64));
    if work.is_none_or(|w| w > budget) {
        return Ok(None);
    }
    let mut state = State {
        ranks: lives.iter().map(|l| vec![0u16; l.len()]).collect(),
        sums: vec![[0.0; 3]; lives.len()],
        total: 0.0,
        best: vec![0u16; lives.len()],
    };
    let board_key = HandKey::of(board);
    let mut idx: Vec<usize> = (0..missing).collect();
    loop {
        let (mut key, mut mask) = (board_key, 0u64);
        for &i in &idx {
            key = key.plus(HandKey::card(deck[i]));
            mask |= deck[i].mask();
        }
        for (player, live) in lives.iter().enumerate() {
            for (j, combo) in live.iter().enumerate() {
                // Rank 0 marks a combo the runout blocks (real ranks start at 1).
                state.ranks[player][j] = if combo.mask & mask != 0 {
                    0
                } else {
                    key.plus(combo.key).rank7().0
                };
            }
        }
        state.visit(&lives, 0, mask, 1.0);
        if !next_combination(&mut idx, deck.len()) {
            break;
        }
    }
    if state.total <= 0.0 {
        return Err(EquityError::NoValidDeal);
    }
    let live: Vec<f64> = lives.iter().map(|l| l.iter().map(|c| c.weight).sum()).collect();
    Ok(Some(totals(&state.sums, state.total, &live)))
}

struct State {
    ranks: Vec<Vec<u16>>,
    sums: Vec<[f64; 3]>,
    total: f64,
    best: Vec<u16>,
}

impl State {
    fn visit(&mut self, lives: &[Vec<Live>], player: usize, used: u64, weight: f64) {
        if player == lives.len() {
            let top = self.best.iter().copied().max().unwrap_or(0);
            let winners = self.best.iter().filter(|&&r| r == top).count();
            let share = weight / winners as f64;
            for (p, &rank) in self.best.iter().enumerate() {
                if rank == top {
                    self.sums[p][0] += share;
                    self.sums[p][if winners == 1 { 1 } else { 2 }] += weight;
                }
            }
            self.total += weight;
            return;
        }
        for (j, combo) in lives[player].iter().enumerate() {
            let rank = self.ranks[player][j];
            if rank == 0 || combo.mask & used != 0 {
                continue;
            }
            self.best[player] = rank;
            self.visit(lives, player + 1, used | combo.mask, weight * combo.weight);
        }
    }
}

/// Advances `idx` (a sorted k-subset of `0..n`) to the next subset in lexicographic order.
pub(crate) fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let k = idx.len();
    let mut pos = k;
    while pos > 0 && idx[pos - 1] == n - k + pos - 1 {
        pos -= 1;
    }
    if pos == 0 {
        return false;
    }
    idx[pos - 1] += 1;
    for j in pos..k {
        idx[j] = idx[j - 1] + 1;
    }
    true
}

/// `n choose k`, saturating.
pub(crate) fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}
