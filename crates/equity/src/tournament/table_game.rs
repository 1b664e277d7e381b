//! The table push/fold game tree, its payoffs and the values of every decision under given strategies.
//!
//! Seats act in order (the blinds last). The first seat to act pushes or folds; once a seat has pushed, every
//! later seat calls or folds, and once one has called every later seat overcalls or folds; a third seat in ends
//! the action (see the module docs of [`super::table`] for why). Decisions are therefore `Open(k)`,
//! `Call(k, c)` (facing the push of `k`) and `Overcall(k, c, o)` (facing the push of `k` and the call of `c`),
//! each with a frequency per hand class.
//!
//! # Deals and card removal
//!
//! The pusher's and the first caller's classes are dealt jointly with exact card removal (the compatible combo
//! pairs of [`super::matchups`]); the seats that fold facing the push are dealt with removal against the
//! pusher's hand. An overcaller's class, and the hands of seats that fold before the push, are dealt from the
//! full deck: their removal effects are second order, and ignoring them keeps every product of probabilities
//! per class pair, not per triple.
//!
//! # Payoffs
//!
//! Every way a hand can end is valued once per solve with [`super::icm::icm_after_hand`]: the big blind's walk,
//! each seat's uncalled push, each two-way all-in with the pusher winning, tying or losing, and each three-way
//! all-in by finishing order (side pots decide who gets what). Two-way showdowns use the exact class totals;
//! three-way ones take each class's main-pot share from [`super::three_way`] and the finishing orders from
//! those shares and the heads-up equities ([`super::three_way::orders`]).
//!
//! # Values
//!
//! [`Game::evaluate`] returns, for every decision and class, the *counterfactual* value of each action: the
//! acting seat's expected prize equity times the probability of being dealt the class and of the others'
//! actions reaching the decision. A decision's best response compares the two; the sum over decisions of what
//! best responses gain is the strategies' exploitability (every seat acts at most once per hand, so its
//! decisions never follow one another and its best response is decision by decision).

use super::matchups::{CLASS_COUNT, OPPONENT_COMBOS};
use super::three_way::{orders, ThreeWayTable};

const N: usize = CLASS_COUNT;
/// Combos of the full deck.
pub(super) const ALL_COMBOS: f64 = 1326.0;
/// Probability of one particular pair of compatible combos being dealt to two seats.
const PAIR_DEAL: f64 = 1.0 / (ALL_COMBOS * OPPONENT_COMBOS);

/// One decision of the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Node {
    /// First seat in: push or fold.
    Open { seat: usize },
    /// Facing a push: call or fold.
    Call { pusher: usize, seat: usize },
    /// Facing a push and a call: overcall or fold.
    Overcall {
        pusher: usize,
        caller: usize,
        seat: usize,
    },
}

/// Values of every decision, per class (see the module docs).
#[derive(Debug, Clone)]
pub(crate) struct Evaluation {
    /// Counterfactual value of pushing, calling or overcalling.
    pub(crate) play: Vec<Vec<f64>>,
    /// Counterfactual value of folding.
    pub(crate) fold: Vec<Vec<f64>>,
    /// Probability of the class being dealt and the decision being reached (divides the values into EVs).
    pub(crate) reach: Vec<Vec<f64>>,
    /// Each seat's expected prize equity.
    pub(crate) seat_values: Vec<f64>,
}

/// The game of one table spot: tree, deal totals and payoffs.
pub(crate) struct Game {
    pub(crate) n: usize,
    pub(crate) nodes: Vec<Node>,
    node_of: Vec<usize>,
    deal: Vec<f64>,
    /// `1 / (|class| * 1225)`: turns a count of compatible pairs into a probability given the class.
    per_combo: Vec<f64>,
    pairs: Vec<f64>,
    wins: Vec<f64>,
    ties: Vec<f64>,
    equity: Vec<f64>,
    three: &'static ThreeWayTable,
    walk: Vec<f64>,
    steal: Vec<Vec<f64>>,
    duel: Vec<Vec<f64>>,
    trio: Vec<Vec<f64>>,
}

impl Game {
    /// The index of `Open(k)` (`c == o == k`), `Call(k, c)` (`o == c`) or `Overcall(k, c, o)`.
    pub(crate) fn node(&self, k: usize, c: usize, o: usize) -> usize {
        self.node_of[(k * self.n + c) * self.n + o]
    }

    /// The finishing orders of pusher class `i`, caller `j` and overcaller `l` from their main-pot shares `s` (see
    /// [`orders`]).
    #[inline(always)]
    fn orders_of(&self, s: [f64; 3], i: usize, j: usize, l: usize) -> [f64; 6] {
        orders(
            s,
            self.equity[j * N + l],
            self.equity[i * N + l],
            self.equity[i * N + j],
        )
    }

    /// Values of every decision under `strategy` (one frequency vector of 169 classes per node).
    pub(crate) fn evaluate(&self, strategy: &[Vec<f64>], overcalls: bool) -> Evaluation {
        let n = self.n;
        let nodes = self.nodes.len();
        let mut eval = Evaluation {
            play: vec![vec![0.0; N]; nodes],
            fold: vec![vec![0.0; N]; nodes],
            reach: vec![vec![0.0; N]; nodes],
            seat_values: Vec::new(),
        };
        let marginal =
            |node: usize| -> f64 { strategy[node].iter().zip(&self.deal).map(|(f, d)| f * d).sum() };
        // Reaching Open(k): every earlier seat folded.
        let mut open_reach = vec![1.0; n];
        for k in 1..n {
            open_reach[k] = open_reach[k - 1] * (1.0 - marginal(self.node(k - 1, k - 1, k - 1)));
        }
        let mut node_open = self.walk.clone();
        for k in (0..n - 1).rev() {
            let pushed = self.pusher_subtree(k, strategy, open_reach[k], overcalls, &mut eval);
            let open = self.node(k, k, k);
            let mut after = vec![0.0; n];
            let mut push_share = 0.0;
            for i in 0..N {
                let reach = open_reach[k] * self.deal[i];
                eval.reach[open][i] = reach;
                eval.play[open][i] = reach * pushed[i][k];
                eval.fold[open][i] = reach * node_open[k];
                let weight = strategy[open][i] * self.deal[i];
                push_share += weight;
                after
                    .iter_mut()
                    .zip(&pushed[i])
                    .for_each(|(a, v)| *a += weight * v);
            }
            for (a, v) in after.iter_mut().zip(&node_open) {
                *a += (1.0 - push_share) * v;
            }
            node_open = after;
        }
        eval.seat_values = node_open;
        eval
    }

    /// Fills the decisions after `k` pushes; returns, per pusher class, every seat's expected equity given the
    /// push.
    fn pusher_subtree(
        &self,
        k: usize,
        strategy: &[Vec<f64>],
        reach_k: f64,
        overcalls: bool,
        eval: &mut Evaluation,
    ) -> Vec<Vec<f64>> {
        let n = self.n;
        let push = &strategy[self.node(k, k, k)];
        // call[c][i]: probability that seat c calls the push of a class-i hand.
        let mut call = vec![vec![0.0; N]; n];
        for (c, row) in call.iter_mut().enumerate().skip(k + 1) {
            let freqs = &strategy[self.node(k, c, c)];
            for (i, slot) in row.iter_mut().enumerate() {
                let total: f64 = (0..N).map(|j| freqs[j] * self.pairs[i * N + j]).sum();
                *slot = total * self.per_combo[i];
            }
        }
        // through[c][i]: every seat between k and c folded to the push of a class-i hand.
        let mut through = vec![vec![1.0; N]; n + 1];
        for c in k + 2..=n {
            for i in 0..N {
                through[c][i] = through[c - 1][i] * (1.0 - call[c - 1][i]);
            }
        }
        // Value per pusher class of the action from seat s on, for every seat (s = n: everyone folded).
        let mut from: Vec<Vec<f64>> = (0..N).map(|_| self.steal[k].clone()).collect();
        for c in (k + 1..n).rev() {
            let called = self.caller_subtree(k, c, strategy, push, &through[c], reach_k, overcalls, eval);
            let node = self.node(k, c, c);
            // The caller's fold: the rest of the action without them, weighted by the pusher's classes.
            for j in 0..N {
                let (mut fold, mut reach) = (0.0, 0.0);
                for i in (0..N).filter(|&i| push[i] > 0.0) {
                    let w = reach_k * push[i] * through[c][i] * self.pairs[i * N + j] * PAIR_DEAL;
                    fold += w * from[i][c];
                    reach += w;
                }
                eval.fold[node][j] = fold;
                eval.reach[node][j] = reach;
            }
            for i in 0..N {
                let stay = 1.0 - call[c][i];
                for (q, value) in from[i].iter_mut().enumerate() {
                    *value = stay * *value + called[i][q];
                }
            }
        }
        from
    }

    /// Fills `Call(k, c)`'s play values and the overcall decisions after it; returns, per pusher class, every
    /// seat's equity times the probability that `c` calls (so that the pusher's values add it up directly).
    #[allow(clippy::too_many_arguments)]
    fn caller_subtree(
        &self,
        k: usize,
        c: usize,
        strategy: &[Vec<f64>],
        push: &[f64],
        through: &[f64],
        reach_k: f64,
        overcalls: bool,
        eval: &mut Evaluation,
    ) -> Vec<Vec<f64>> {
        let n = self.n;
        let calls = &strategy[self.node(k, c, c)];
        let overcalled: Vec<f64> = (0..n)
            .map(|o| {
                if o <= c {
                    return 0.0;
                }
                let f = &strategy[self.node(k, c, o)];
                f.iter().zip(&self.deal).map(|(f, d)| f * d).sum()
            })
            .collect();
        // before[o]: nobody between c and o overcalled; before[n]: nobody overcalled at all.
        let mut before = vec![1.0; n + 1];
        for o in c + 2..=n {
            before[o] = before[o - 1] * (1.0 - overcalled[o - 1]);
        }
        let duel = |out: usize| &self.duel[(k * n + c) * 3 + out];
        let trio = |o: usize, order: usize| &self.trio[((k * n + c) * n + o) * 6 + order];
        let pushed: Vec<usize> = (0..N).filter(|&i| push[i] * through[i] > 0.0).collect();
        let calling: Vec<usize> = (0..N).filter(|&j| calls[j] > 0.0).collect();
        // Joint weight of the pusher's class i and the caller's class j with the caller calling, per Open reach.
        let joint = |i: usize, j: usize| push[i] * through[i] * calls[j] * self.pairs[i * N + j] * PAIR_DEAL;

        // Per pusher class: every seat's equity times the probability c calls (two-way part now, three-way below).
        let mut called = vec![vec![0.0; n]; N];
        for (i, row) in called.iter_mut().enumerate() {
            let mut out = [0.0; 3];
            for &j in &calling {
                let w = calls[j] * self.per_combo[i];
                let cell = i * N + j;
                let pairs = self.pairs[cell];
                out[0] += w * self.wins[cell];
                out[1] += w * self.ties[cell];
                out[2] += w * (pairs - self.wins[cell] - self.ties[cell]);
            }
            for (q, slot) in row.iter_mut().enumerate() {
                *slot = before[n] * (0..3).map(|o| out[o] * duel(o)[q]).sum::<f64>();
            }
        }
        // The caller's call value, two-way part, and the marginal two-way totals for the overcallers' folds.
        let node = self.node(k, c, c);
        let mut two_way = [0.0; 3];
        for (j, &call) in calls.iter().enumerate() {
            let mut out = [0.0; 3];
            for &i in &pushed {
                let w = push[i] * through[i] * PAIR_DEAL;
                let cell = i * N + j;
                out[0] += w * self.wins[cell];
                out[1] += w * self.ties[cell];
                out[2] += w * (self.pairs[cell] - self.wins[cell] - self.ties[cell]);
            }
            eval.play[node][j] = reach_k * before[n] * (0..3).map(|o| out[o] * duel(o)[c]).sum::<f64>();
            (0..3).for_each(|o| two_way[o] += call * out[o]);
        }

        // Three-way: per overcaller class, the joint weight of every finishing order over (i, j). Only needed
        // when a seat is left to overcall.
        let mut by_overcaller = vec![[0.0; 6]; N];
        if overcalls && c + 1 < n {
            let mut row = vec![[0.0; 3]; N];
            for &i in &pushed {
                for &j in &calling {
                    let w = joint(i, j);
                    if w == 0.0 {
                        continue;
                    }
                    self.three.share_row(i, j, &mut row);
                    for (l, slot) in by_overcaller.iter_mut().enumerate() {
                        let p = self.orders_of(row[l], i, j, l);
                        slot.iter_mut().zip(p).for_each(|(s, p)| *s += w * p);
                    }
                }
            }
        }
        // After seat s folds (s > c), the rest of the action, marginal over the classes: for overcallers' folds.
        let mut rest = vec![vec![0.0; n]; n + 1];
        rest[n] = (0..n)
            .map(|q| (0..3).map(|o| two_way[o] * duel(o)[q]).sum())
            .collect();
        for o in (c + 1..n).rev() {
            let freqs = &strategy[self.node(k, c, o)];
            let mut orders = [0.0; 6];
            for l in 0..N {
                let w = freqs[l] * self.deal[l];
                orders
                    .iter_mut()
                    .zip(by_overcaller[l])
                    .for_each(|(s, p)| *s += w * p);
            }
            let here = self.node(k, c, o);
            for (l, orders_l) in by_overcaller.iter().enumerate() {
                let reach = reach_k * before[o] * self.deal[l];
                let value: f64 = (0..6).map(|r| orders_l[r] * trio(o, r)[o]).sum();
                eval.play[here][l] = reach * value;
                eval.fold[here][l] = reach * rest[o + 1][o];
                eval.reach[here][l] = reach * orders_l.iter().sum::<f64>();
            }
            rest[o] = (0..n)
                .map(|q| {
                    (1.0 - overcalled[o]) * rest[o + 1][q]
                        + (0..6).map(|r| orders[r] * trio(o, r)[q]).sum::<f64>()
                })
                .collect();
            self.add_three_way(
                [k, c, o],
                strategy,
                push,
                through,
                [before[o], reach_k],
                &calling,
                &mut called,
                eval,
            );
        }
        called
    }
}

// The tree and the payoffs of every ending of a hand, built once per solve.
#[path = "table_payoffs.rs"]
mod payoffs;

// The three-way values of each push, call and overcall: most of an evaluation's work, in a file of their own.
#[path = "table_three_way.rs"]
mod three_way_values;

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
