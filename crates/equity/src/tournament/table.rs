//! Push/fold at a full table under ICM: 3 to 9 players, every seat's push chart and call charts.
//!
//! # The model
//!
//! Seats are given in order of action, the last two being the small and the big blind. The first seat to act
//! pushes or folds; once a seat has pushed, each later seat calls or folds; once one has called, each later seat
//! overcalls or folds; when three players are all in the others fold. Everyone who enters is all in (side pots
//! settle unequal stacks), payoffs are prize equity (Malmuth-Harville ICM) of the stacks the hand leaves, busted
//! players placing last by the stacks they started the hand with. A pot of four or more all-in players is left
//! out of the model: a fourth player would have to call into three ranges that are all tight, which equilibria
//! hardly ever do, and it keeps the game's all-in equities to pairs and triples.
//!
//! # Deals and equities
//!
//! The pusher's and the first caller's classes are dealt jointly with exact card removal (the compatible combo
//! pairs of [`super::matchups`]), and their all-in is valued with the exact heads-up totals. Seats folding to
//! the push are dealt with removal against the pusher's hand. An overcaller's class, and the hands of seats that
//! folded before the push, are dealt from the full deck: their removal effects are second order, and ignoring
//! them keeps every probability a product over class pairs. A three-way all-in gives each class its main-pot
//! share from [`super::three_way`] (seeded Monte Carlo per class triple), and the finishing orders that settle
//! side pots follow from those shares and the heads-up equities ([`super::three_way::orders`]); both errors are
//! measured against exact enumeration there.
//!
//! # Solving
//!
//! Fictitious play: every iteration values every decision against the current strategies (the counterfactual
//! value of each action: prize equity times the probability of the class and of the others' actions reaching the
//! decision), takes each seat's best response (push, call or overcall exactly the classes worth more than
//! folding), and moves the strategies a step `2 / (t + 3)` towards it (about the weighted average of all best
//! responses so far). The same values give the current strategies' exploitability: the sum over seats of what a
//! best response would gain, which a solve drives to at most [`DEFAULT_TOLERANCE`] of the prize pool (0.1%).
//! Every seat acts at most once per hand, so that sum is exact: a seat's best response is decision by decision.
//!
//! Three-way values cost far more than the rest, and overcalls are rare, so a solve runs in two phases. First
//! the game without overcalls (each seat facing a push and a call folds), cheap iterations that bring pushes and
//! calls to half the tolerance of that game. Then overcalls come in: every overcall decision starts at its exact
//! best response to the pushes and calls found, the step size restarts, and iterations of the whole game
//! continue until its exploitability is within the tolerance, measured in the whole game. In most spots that is
//! the case at once, and a solve costs one or two evaluations of the whole game.
//!
//! The strategies evaluated and reported are the averages with frequencies within 2% of 0 or 1 rounded there, so
//! a class that a few early best responses touched does not stay in every loop; the exploitability is that of the
//! strategies reported.
//!
//! Iterations are steps the host runs ([`TableSolver::step`]), so it can report progress and stop between
//! them. Frequencies of a solved spot may be mixed where fictitious play averaged a class that sat near a
//! threshold; within the tolerance that costs no seat anything.
//!
//! # Cost
//!
//! An iteration is dominated by the three-way values: for each pusher and caller, every pair of their played
//! classes against every overcaller class, and for each overcaller the same against the others' played classes,
//! read a row of the three-way table at a time. Wide ranges (short stacks, late positions) cost the most.

use serde::{Deserialize, Serialize};

use super::icm::{validate_payouts, validate_players};
use super::matchups::{class_matchups, class_size, CLASS_COUNT};
use super::pots::Blinds;
use super::table_game::{Evaluation, Game, Node};
use crate::error::EquityError;

/// Fewest players at a table spot (two players is [`super::heads_up`]).
pub const MIN_TABLE_PLAYERS: usize = 3;
/// Most players at a table spot.
pub const MAX_TABLE_PLAYERS: usize = 9;
/// Exploitability a solve stops at, as a share of the prize pool.
pub const DEFAULT_TOLERANCE: f64 = 0.001;
/// Iterations after which a solve stops whatever its exploitability (it reports it).
pub const MAX_TABLE_ITERATIONS: usize = 2_000;
/// Most iterations of the two-way phase (in practice it ends on its tolerance well before).
const TWO_WAY_ITERATIONS: usize = 60;
/// The played strategies round the averages' frequencies within this of 0 or 1: a class that a few early best
/// responses touched would otherwise stay in every loop over played classes, which the three-way values make
/// cubic in their number.
const ROUNDING: f64 = 0.02;

/// A table spot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableSpot {
    /// Stacks before posting, in order of action (first to act first, the blinds last), in the blinds' unit.
    pub stacks: Vec<f64>,
    /// Blinds and antes.
    pub blinds: Blinds,
    /// Payouts, first place first (at most one per player).
    pub payouts: Vec<f64>,
}

/// One decision of the solution, per class in grid order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The acting seat.
    pub seat: usize,
    /// The seat that pushed, for calls and overcalls.
    pub pusher: Option<usize>,
    /// The seat that called, for overcalls.
    pub caller: Option<usize>,
    /// Frequency of pushing, calling or overcalling.
    pub frequency: Vec<f64>,
    /// Prize equity of pushing, calling or overcalling (none where the class never gets here).
    pub play_ev: Vec<Option<f64>>,
    /// Prize equity of folding.
    pub fold_ev: Vec<Option<f64>>,
    /// Probability that the hand reaches this decision (any class).
    pub reach: f64,
    /// For calls: the heads-up all-in equity the seat needs to call under ICM, if nobody else enters.
    pub icm_breakeven: Option<f64>,
    /// For calls: the same in chips; `icm_breakeven - chip_breakeven` is the seat's risk premium.
    pub chip_breakeven: Option<f64>,
}

/// The solution of a table spot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableSolution {
    /// Every decision: opens (seat order), then per pusher its calls and their overcalls.
    pub decisions: Vec<Decision>,
    /// Each seat's prize equity of its stack before the hand.
    pub equity_before: Vec<f64>,
    /// Each seat's expected prize equity after the hand under the solution.
    pub equity_after: Vec<f64>,
    /// Exploitability as a share of the prize pool (0.001 = 0.1%).
    pub exploitability: f64,
    /// Fictitious-play iterations run.
    pub iterations: usize,
}

/// How far a solve has got.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TableProgress {
    /// Iterations run.
    pub iterations: usize,
    /// Exploitability of the current strategies, as a share of the prize pool: in the first phase, of the game
    /// without overcalls; once `overcalls` is true, of the whole game.
    pub exploitability: f64,
    /// Whether the solve is in its second phase, the whole game with overcalls.
    pub overcalls: bool,
    /// Whether the solve has reached its tolerance or its iteration limit.
    pub done: bool,
}

/// A table solve advanced in steps.
pub struct TableSolver {
    spot: TableSpot,
    game: Game,
    /// Fictitious play's running averages.
    average: Vec<Vec<f64>>,
    /// The averages rounded near 0 and 1: the strategies evaluated, measured and reported.
    strategy: Vec<Vec<f64>>,
    evaluation: Evaluation,
    pool: f64,
    tolerance: f64,
    iterations: usize,
    exploitability: f64,
    /// While true, overcalls are left out (frequency 0, not valued): a cheap first phase that brings the pushes
    /// and calls near their equilibrium before the three-way values are paid for.
    two_way: bool,
    /// Iteration at which the current phase started (the step size restarts with it).
    phase_start: usize,
}

impl TableSolver {
    /// Checks the spot and values every ending of the hand; solves to `tolerance` (a share of the prize pool,
    /// [`DEFAULT_TOLERANCE`] when `None`).
    pub fn new(spot: &TableSpot, tolerance: Option<f64>) -> Result<TableSolver, EquityError> {
        validate_players(&spot.stacks, MIN_TABLE_PLAYERS, MAX_TABLE_PLAYERS)?;
        validate_payouts(&spot.payouts, spot.stacks.len())?;
        spot.blinds.validate()?;
        let tolerance = tolerance.unwrap_or(DEFAULT_TOLERANCE);
        if !(tolerance.is_finite() && tolerance > 0.0) {
            return Err(EquityError::InvalidOption {
                name: "tolerance",
                value: tolerance,
            });
        }
        let game = Game::new(&spot.stacks, &spot.blinds, &spot.payouts)?;
        let mut average = initial_strategy(&game)?;
        for (node, freqs) in game.nodes.iter().zip(average.iter_mut()) {
            if matches!(node, Node::Overcall { .. }) {
                freqs.iter_mut().for_each(|f| *f = 0.0);
            }
        }
        let strategy = average.clone();
        let evaluation = game.evaluate(&strategy, false);
        let pool = spot.payouts.iter().sum();
        let mut solver = TableSolver {
            spot: spot.clone(),
            game,
            average,
            strategy,
            evaluation,
            pool,
            tolerance,
            iterations: 0,
            exploitability: 0.0,
            two_way: true,
            phase_start: 0,
        };
        solver.exploitability = solver.measure();
        Ok(solver)
    }

    fn measure(&self) -> f64 {
        let e = &self.evaluation;
        let gain: f64 = (0..self.strategy.len())
            .filter(|&node| !(self.two_way && matches!(self.game.nodes[node], Node::Overcall { .. })))
            .map(|node| {
                (0..CLASS_COUNT)
                    .map(|h| {
                        let (play, fold, f) = (e.play[node][h], e.fold[node][h], self.strategy[node][h]);
                        play.max(fold) - (f * play + (1.0 - f) * fold)
                    })
                    .sum::<f64>()
            })
            .sum();
        gain.max(0.0) / self.pool
    }

    /// Whether the solve has reached its tolerance or its iteration limit.
    pub fn is_done(&self) -> bool {
        !self.two_way && (self.exploitability <= self.tolerance || self.iterations >= MAX_TABLE_ITERATIONS)
    }

    /// Runs up to `iterations` more iterations (fewer when the solve finishes).
    pub fn step(&mut self, iterations: u32) -> TableProgress {
        for _ in 0..iterations {
            if self.is_done() {
                break;
            }
            if self.two_way
                && (self.exploitability <= self.tolerance / 2.0 || self.iterations >= TWO_WAY_ITERATIONS)
            {
                self.start_overcalls();
                if self.is_done() {
                    break;
                }
            }
            let t = (self.iterations - self.phase_start) as f64;
            let step = 2.0 / (t + 3.0);
            let two_way = self.two_way;
            for (node, freqs) in self.average.iter_mut().enumerate() {
                if two_way && matches!(self.game.nodes[node], Node::Overcall { .. }) {
                    continue;
                }
                for (h, f) in freqs.iter_mut().enumerate() {
                    let (play, fold) = (self.evaluation.play[node][h], self.evaluation.fold[node][h]);
                    let best = if play > fold {
                        1.0
                    } else if play < fold {
                        0.0
                    } else {
                        self.strategy[node][h]
                    };
                    *f += step * (best - *f);
                    self.strategy[node][h] = if *f < ROUNDING {
                        0.0
                    } else if *f > 1.0 - ROUNDING {
                        1.0
                    } else {
                        *f
                    };
                }
            }
            self.iterations += 1;
            self.evaluation = self.game.evaluate(&self.strategy, !self.two_way);
            self.exploitability = self.measure();
        }
        self.progress()
    }

    /// Ends the two-way phase: values the overcalls against the pushes and calls found so far, starts every
    /// overcall decision at its best response (so a solve that is already within tolerance still reports real
    /// overcall charts), and restarts the step size for the full game.
    fn start_overcalls(&mut self) {
        self.two_way = false;
        self.phase_start = self.iterations;
        let evaluation = self.game.evaluate(&self.strategy, true);
        for (node, kind) in self.game.nodes.iter().enumerate() {
            if matches!(kind, Node::Overcall { .. }) {
                for h in 0..CLASS_COUNT {
                    let best = f64::from(u8::from(evaluation.play[node][h] > evaluation.fold[node][h]));
                    self.average[node][h] = best;
                    self.strategy[node][h] = best;
                }
            }
        }
        self.evaluation = self.game.evaluate(&self.strategy, true);
        self.exploitability = self.measure();
    }

    /// The current iteration count and exploitability.
    pub fn progress(&self) -> TableProgress {
        TableProgress {
            iterations: self.iterations,
            exploitability: self.exploitability,
            overcalls: !self.two_way,
            done: self.is_done(),
        }
    }
}

// What a solve reports: the decisions with their values, and the call breakevens.
#[path = "table_report.rs"]
mod report;

/// Starting strategies: push, call and overcall the classes with the best equity against a random hand (top
/// 30%, 12% and 6% of hands). Any start converges; a tight one keeps the first iterations' loops short.
fn initial_strategy(game: &Game) -> Result<Vec<Vec<f64>>, EquityError> {
    let matchups = class_matchups()?;
    let strength: Vec<f64> = (0..CLASS_COUNT)
        .map(|i| {
            let won: f64 = (0..CLASS_COUNT)
                .map(|j| matchups.wins(i, j) + matchups.ties(i, j) / 2.0)
                .sum();
            let pairs: f64 = (0..CLASS_COUNT).map(|j| matchups.pairs(i, j)).sum();
            won / pairs
        })
        .collect();
    let mut order: Vec<usize> = (0..CLASS_COUNT).collect();
    super::sort_by_key(&mut order, |class| -strength[class]);
    let top = |share: f64| {
        let mut freqs = vec![0.0; CLASS_COUNT];
        let mut dealt = 0.0;
        for &class in &order {
            if dealt >= share {
                break;
            }
            freqs[class] = 1.0;
            dealt += class_size(class) / 1326.0;
        }
        freqs
    };
    Ok(game
        .nodes
        .iter()
        .map(|node| match node {
            Node::Open { .. } => top(0.30),
            Node::Call { .. } => top(0.12),
            Node::Overcall { .. } => top(0.06),
        })
        .collect())
}

/// Solves a table spot to [`DEFAULT_TOLERANCE`] in one call ([`TableSolver`] for steps and progress).
pub fn solve_table(spot: &TableSpot) -> Result<TableSolution, EquityError> {
    let mut solver = TableSolver::new(spot, None)?;
    while !solver.step(16).done {}
    Ok(solver.solution())
}
