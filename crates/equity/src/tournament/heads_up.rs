//! Heads-up push/fold Nash equilibrium, in chip EV or in prize equity (ICM).
//!
//! # The game
//!
//! The small blind (first to act) pushes all in or folds; facing a push, the big blind calls or folds. Stacks
//! are counted before posting; blinds and antes are posted as [`Blinds`] says. Strategies are per hand class
//! (the 169 cells of the grid, in [`crate::CLASSES`] order): a frequency of pushing and of calling.
//!
//! Payoffs are a player's stack after the hand minus before it, in big blinds (chip EV), or the player's prize
//! equity after the hand ([`crate::icm_equity`] over both players and the `others` at the table, busted players
//! last). Each pair of classes all in is valued with the exact heads-up totals of [`super::matchups`]: the
//! compatible combo pairs (card removal between the two hands), and the ones each side wins or ties. Ties
//! split the pot, so the stacks come back unchanged.
//!
//! # Solving
//!
//! The gains of pushing and of calling each class are linear in the other side's frequencies, which is the form
//! the crate's private `duel` module solves: regret matching finds which classes are near the margin, then an exact polish makes
//! the mixed classes indifferent. The answer mixes only at indifference, and its exploitability (what both
//! players together gain by their best responses) is reported in the payoff unit; it is below `1e-6` bb in chip
//! EV, far inside the 0.001 bb the charts need.
//!
//! # Precision of the published charts
//!
//! The equities are exact (integer board counts), so thresholds computed from these solutions match the
//! published heads-up Nash charts (HoldemResources.net, "HeadsUp Push/Fold Nash Equilibrium", 2014) to their
//! printed 0.1 bb; the crate's tests check a dozen of their values.

use serde::{Deserialize, Serialize};

use super::duel::{Duel, DuelSolution};
use super::icm::{icm_after_hand, validate_payouts, validate_players, Icm, MAX_ICM_PLAYERS};
use super::matchups::{class_matchups, class_size, CLASS_COUNT, OPPONENT_COMBOS};
use super::pots::{put_in, settle, Blinds};
use crate::error::EquityError;

/// Regret-matching iterations at most; the polish normally ends a solve within a hundred.
const MAX_ITERATIONS: usize = 20_000;
/// Exploitability a chip-EV solve stops at, in big blinds.
const CHIP_TOLERANCE: f64 = 1e-6;
/// Exploitability an ICM solve stops at, as a share of the prize pool.
const ICM_TOLERANCE: f64 = 1e-8;

/// A heads-up push/fold spot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeadsUpSpot {
    /// Stacks before posting: `[small blind, big blind]`, in the unit of the blinds.
    pub stacks: [f64; 2],
    /// Blinds and antes.
    pub blinds: Blinds,
    /// Payouts, first place first; empty for chip EV.
    pub payouts: Vec<f64>,
    /// Stacks of the players not in the hand (prize equity only), in the unit of the blinds.
    pub others: Vec<f64>,
}

impl HeadsUpSpot {
    /// A chip-EV spot with both players holding `stack` big blinds and blinds of 0.5 and 1 plus `ante` each.
    pub fn chip_ev(stack: f64, ante: f64) -> HeadsUpSpot {
        HeadsUpSpot {
            stacks: [stack, stack],
            blinds: Blinds {
                small: 0.5,
                big: 1.0,
                ante,
                ante_kind: super::pots::AnteKind::PerPlayer,
            },
            payouts: Vec::new(),
            others: Vec::new(),
        }
    }

    /// Whether payoffs are prize equity rather than chips.
    pub fn is_icm(&self) -> bool {
        !self.payouts.is_empty()
    }

    fn validate(&self) -> Result<(), EquityError> {
        validate_players(&self.stacks, 2, 2)?;
        self.blinds.validate()?;
        if self.is_icm() {
            let mut all = self.stacks.to_vec();
            all.extend_from_slice(&self.others);
            validate_players(&all, 2, MAX_ICM_PLAYERS)?;
            validate_payouts(&self.payouts, all.len())?;
        } else if !self.others.is_empty() {
            return Err(EquityError::PayoutCount {
                payouts: 0,
                players: 2 + self.others.len(),
            });
        }
        Ok(())
    }
}

/// The equilibrium of a heads-up spot, per class in grid order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeadsUpSolution {
    /// Small blind's push frequency per class.
    pub push: Vec<f64>,
    /// Big blind's call frequency per class, facing a push.
    pub call: Vec<f64>,
    /// Small blind's EV of pushing each class.
    pub push_ev: Vec<f64>,
    /// Small blind's EV of folding (the same for every class).
    pub fold_ev: Vec<f64>,
    /// Big blind's EV of calling each class, given a push (against the push range; against any hand when the
    /// small blind never pushes).
    pub call_ev: Vec<f64>,
    /// Big blind's EV of folding to a push.
    pub call_fold_ev: Vec<f64>,
    /// What both players together would gain by best responses, in the EV unit.
    pub exploitability: f64,
    /// Regret-matching iterations used (0 when a warm start was already exact).
    pub iterations: usize,
    /// The EV unit: `"bb"` (chip EV, stack change in big blinds) or `"prize"` (prize equity).
    pub unit: String,
}

/// Each player's payoff in the five ways a hand can end.
#[derive(Debug, Clone, Copy)]
struct Outcomes {
    fold: [f64; 2],
    steal: [f64; 2],
    sb_wins: [f64; 2],
    tie: [f64; 2],
    bb_wins: [f64; 2],
}

fn outcomes(spot: &HeadsUpSpot) -> Outcomes {
    let stacks = &spot.stacks;
    let posted = spot.blinds.posts(stacks);
    let mut start = stacks.to_vec();
    start.extend_from_slice(&spot.others);
    let mut icm = Icm::new(start.len());
    let pool: f64 = spot.payouts.iter().sum();
    let value = |entered: u32, ranking: &[&[usize]], icm: &mut Icm| -> [f64; 2] {
        let put = put_in(stacks, &posted, entered);
        let mut end = [0.0; 2];
        settle(stacks, &put, ranking, &mut end);
        if spot.is_icm() {
            let mut after = end.to_vec();
            after.extend_from_slice(&spot.others);
            let mut equity = vec![0.0; after.len()];
            icm_after_hand(icm, &start, &after, &spot.payouts, &mut equity);
            // Guard against rounding: a prize pool split never exceeds the pool.
            [equity[0].min(pool), equity[1].min(pool)]
        } else {
            [0, 1].map(|p| (end[p] - stacks[p]) / spot.blinds.big)
        }
    };
    Outcomes {
        fold: value(0b10, &[&[1]], &mut icm),
        steal: value(0b01, &[&[0]], &mut icm),
        sb_wins: value(0b11, &[&[0], &[1]], &mut icm),
        tie: value(0b11, &[&[0, 1]], &mut icm),
        bb_wins: value(0b11, &[&[1], &[0]], &mut icm),
    }
}

/// Solves a heads-up push/fold spot.
///
/// ```
/// use equity::{solve_heads_up, HeadsUpSpot};
///
/// let solution = solve_heads_up(&HeadsUpSpot::chip_ev(10.0, 0.0))?;
/// assert_eq!(solution.push[0], 1.0); // AA always pushes
/// assert!(solution.exploitability < 0.001);
/// # Ok::<(), equity::EquityError>(())
/// ```
pub fn solve_heads_up(spot: &HeadsUpSpot) -> Result<HeadsUpSolution, EquityError> {
    solve_heads_up_from(spot, None)
}

/// Solves a spot starting from the solution of a nearby one (a threshold chart's previous stack).
pub(crate) fn solve_heads_up_from(
    spot: &HeadsUpSpot,
    warm: Option<&HeadsUpSolution>,
) -> Result<HeadsUpSolution, EquityError> {
    spot.validate()?;
    let matchups = class_matchups()?;
    let o = outcomes(spot);
    let n = CLASS_COUNT;
    let mut g = vec![0.0; n * n];
    let mut h = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            let (pairs, wins, ties) = (matchups.pairs(i, j), matchups.wins(i, j), matchups.ties(i, j));
            let losses = pairs - wins - ties;
            let showdown = |p: usize| wins * o.sb_wins[p] + ties * o.tie[p] + losses * o.bb_wins[p];
            g[i * n + j] = (showdown(0) - pairs * o.steal[0]) / (class_size(i) * OPPONENT_COMBOS);
            h[j * n + i] = (showdown(1) - pairs * o.steal[1]) / (class_size(j) * OPPONENT_COMBOS);
        }
    }
    let deal: Vec<f64> = (0..n).map(|c| class_size(c) / 1326.0).collect();
    let duel = Duel {
        a: vec![o.steal[0] - o.fold[0]; n],
        g,
        c: vec![0.0; n],
        h,
        p: deal.clone(),
        q: deal,
    };
    let tolerance = if spot.is_icm() {
        ICM_TOLERANCE * spot.payouts.iter().sum::<f64>()
    } else {
        CHIP_TOLERANCE
    };
    let solved = duel.solve(
        warm.map(|w| (w.push.as_slice(), w.call.as_slice())),
        tolerance,
        MAX_ITERATIONS,
    );
    Ok(report(spot, &o, &solved))
}

fn report(spot: &HeadsUpSpot, o: &Outcomes, s: &DuelSolution) -> HeadsUpSolution {
    let matchups = class_matchups().ok();
    let n = CLASS_COUNT;
    let pushes_any = s.x.iter().any(|&f| f > 0.0);
    let call_ev = (0..n)
        .map(|j| {
            let (mut value, mut weight) = (0.0, 0.0);
            for i in 0..n {
                let Some(m) = matchups else { break };
                let x = if pushes_any { s.x[i] } else { 1.0 };
                let (pairs, wins, ties) = (m.pairs(j, i), m.wins(i, j), m.ties(i, j));
                let losses = pairs - wins - ties;
                value += x * (wins * o.sb_wins[1] + ties * o.tie[1] + losses * o.bb_wins[1]);
                weight += x * pairs;
            }
            if weight > 0.0 {
                value / weight
            } else {
                o.steal[1]
            }
        })
        .collect();
    HeadsUpSolution {
        push: s.x.clone(),
        call: s.y.clone(),
        push_ev: s.v.iter().map(|v| o.fold[0] + v).collect(),
        fold_ev: vec![o.fold[0]; n],
        call_ev,
        call_fold_ev: vec![o.steal[1]; n],
        exploitability: s.exploitability,
        iterations: s.iterations,
        unit: if spot.is_icm() { "prize" } else { "bb" }.to_owned(),
    }
}
