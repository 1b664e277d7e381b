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

use super::icm::{icm_after_hand, Icm};
use super::matchups::{class_matchups, class_size, CLASS_COUNT, OPPONENT_COMBOS};
use super::pots::{put_in, settle, Blinds};
use super::three_way::{orders, three_way_table, ThreeWayTable, ORDERS};
use crate::error::EquityError;

const N: usize = CLASS_COUNT;
/// Combos of the full deck.
const ALL_COMBOS: f64 = 1326.0;
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
    /// Builds the tree and values every ending of a hand at this table.
    pub(crate) fn new(stacks: &[f64], blinds: &Blinds, payouts: &[f64]) -> Result<Game, EquityError> {
        let n = stacks.len();
        let matchups = class_matchups()?;
        let three = three_way_table()?;
        let mut nodes = Vec::new();
        let mut node_of = vec![usize::MAX; n * n * n];
        for k in 0..n - 1 {
            node_of[k * n * n + k * n + k] = nodes.len();
            nodes.push(Node::Open { seat: k });
        }
        for k in 0..n {
            for c in k + 1..n {
                node_of[k * n * n + c * n + c] = nodes.len();
                nodes.push(Node::Call { pusher: k, seat: c });
                for o in c + 1..n {
                    node_of[k * n * n + c * n + o] = nodes.len();
                    nodes.push(Node::Overcall {
                        pusher: k,
                        caller: c,
                        seat: o,
                    });
                }
            }
        }
        let cell = |i: usize, j: usize| i * N + j;
        let (mut pairs, mut wins, mut ties, mut equity) = (
            vec![0.0; N * N],
            vec![0.0; N * N],
            vec![0.0; N * N],
            vec![0.5; N * N],
        );
        for i in 0..N {
            for j in 0..N {
                pairs[cell(i, j)] = matchups.pairs(i, j);
                wins[cell(i, j)] = matchups.wins(i, j);
                ties[cell(i, j)] = matchups.ties(i, j);
                equity[cell(i, j)] = matchups.equity(i, j).unwrap_or(0.5);
            }
        }
        let posted = blinds.posts(stacks);
        let mut icm = Icm::new(n);
        let mut value = |entered: u32, ranking: &[&[usize]]| -> Vec<f64> {
            let put = put_in(stacks, &posted, entered);
            let mut end = vec![0.0; n];
            settle(stacks, &put, ranking, &mut end);
            let mut equity = vec![0.0; n];
            icm_after_hand(&mut icm, stacks, &end, payouts, &mut equity);
            equity
        };
        let walk = value(1 << (n - 1), &[&[n - 1]]);
        let steal = (0..n).map(|k| value(1 << k, &[&[k]])).collect();
        let mut duel = vec![Vec::new(); n * n * 3];
        let mut trio = vec![Vec::new(); n * n * n * 6];
        for k in 0..n {
            for c in k + 1..n {
                let both = (1 << k) | (1 << c);
                duel[(k * n + c) * 3] = value(both, &[&[k], &[c]]);
                duel[(k * n + c) * 3 + 1] = value(both, &[&[k, c]]);
                duel[(k * n + c) * 3 + 2] = value(both, &[&[c], &[k]]);
                for o in c + 1..n {
                    let seats = [k, c, o];
                    for (index, order) in ORDERS.iter().enumerate() {
                        let ranking = order.map(|role| [seats[role]]);
                        let groups: Vec<&[usize]> = ranking.iter().map(|g| g.as_slice()).collect();
                        trio[((k * n + c) * n + o) * 6 + index] = value(both | (1 << o), &groups);
                    }
                }
            }
        }
        Ok(Game {
            n,
            nodes,
            node_of,
            deal: (0..N).map(|c| class_size(c) / ALL_COMBOS).collect(),
            per_combo: (0..N).map(|c| 1.0 / (class_size(c) * OPPONENT_COMBOS)).collect(),
            pairs,
            wins,
            ties,
            equity,
            three,
            walk,
            steal,
            duel,
            trio,
        })
    }

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

    /// Adds the three-way endings with overcaller `o` to the pusher's per-class values (`called`, weighted by
    /// `before`: nobody between the caller and `o` overcalled) and to the caller's call values (weighted by
    /// `before` times `reach_k`, the probability of reaching `Open(k)`).
    #[allow(clippy::too_many_arguments)]
    fn add_three_way(
        &self,
        [k, c, o]: [usize; 3],
        strategy: &[Vec<f64>],
        push: &[f64],
        through: &[f64],
        [before, reach_k]: [f64; 2],
        calling: &[usize],
        called: &mut [Vec<f64>],
        eval: &mut Evaluation,
    ) {
        let n = self.n;
        let freqs = &strategy[self.node(k, c, o)];
        let calls = &strategy[self.node(k, c, c)];
        let over: Vec<(usize, f64)> = (0..N)
            .filter(|&l| freqs[l] > 0.0)
            .map(|l| (l, freqs[l] * self.deal[l]))
            .collect();
        if over.is_empty() {
            return;
        }
        let trio = |order: usize| &self.trio[((k * n + c) * n + o) * 6 + order];
        let mut row = vec![[0.0; 3]; N];
        // Pusher's side: per class i, the orders over the caller's and overcaller's classes. For each (j, l) one
        // share row covers every i.
        let mut pusher_orders = vec![[0.0; 6]; N];
        for &j in calling {
            for &(l, wl) in &over {
                self.three.share_row(j, l, &mut row);
                let (e_jl, w_jl) = (self.equity[j * N + l], calls[j] * wl);
                for (i, slot) in pusher_orders.iter_mut().enumerate() {
                    let w = w_jl * self.pairs[j * N + i] * self.per_combo[i];
                    if w == 0.0 {
                        continue;
                    }
                    let s = [row[i][2], row[i][0], row[i][1]];
                    let p = orders(
                        s,
                        e_jl,
                        1.0 - self.equity[l * N + i],
                        1.0 - self.equity[j * N + i],
                    );
                    slot.iter_mut().zip(p).for_each(|(s, p)| *s += w * p);
                }
            }
        }
        for (value, orders) in called.iter_mut().zip(&pusher_orders) {
            for (q, slot) in value.iter_mut().enumerate() {
                *slot += before * (0..6).map(|r| orders[r] * trio(r)[q]).sum::<f64>();
            }
        }
        // Caller's side: per class j, the caller's own equity over the pusher's and overcaller's classes; one share
        // row per (i, l) covers every j.
        let node = self.node(k, c, c);
        let t: [f64; 6] = std::array::from_fn(|r| trio(r)[c]);
        let mut caller_values = vec![0.0; N];
        for i in (0..N).filter(|&i| push[i] * through[i] > 0.0) {
            for &(l, wl) in &over {
                self.three.share_row(i, l, &mut row);
                let w_il = push[i] * through[i] * wl * PAIR_DEAL;
                let e_il = self.equity[i * N + l];
                let pairs = &self.pairs[i * N..(i + 1) * N];
                let (e_l, e_i) = (&self.equity[l * N..(l + 1) * N], &self.equity[i * N..(i + 1) * N]);
                for j in 0..N {
                    // Shares of i, l, j in the row; orders as roles (pusher i, caller j, overcaller l).
                    let s = [row[j][0], row[j][2], row[j][1]];
                    let p = orders(s, 1.0 - e_l[j], e_il, e_i[j]);
                    caller_values[j] += w_il * pairs[j] * (0..6).map(|r| p[r] * t[r]).sum::<f64>();
                }
            }
        }
        for (j, value) in caller_values.iter().enumerate() {
            eval.play[node][j] += reach_k * before * value;
        }
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
