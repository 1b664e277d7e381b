//! The table game's values against a direct walk of the three-player tree, class by class.

use super::*;
use crate::monte_carlo::Rng;
use crate::tournament::matchups::class_size;
use crate::tournament::pots::{AnteKind, Blinds};

/// Random frequencies: about half the classes never played, the rest pure or mixed.
fn random_strategy(game: &Game, seed: u64) -> Vec<Vec<f64>> {
    let mut rng = Rng::new(seed);
    let mut unit = move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    game.nodes
        .iter()
        .map(|_| {
            (0..N)
                .map(|_| match unit() {
                    u if u < 0.5 => 0.0,
                    u if u < 0.8 => 1.0,
                    _ => unit(),
                })
                .collect()
        })
        .collect()
}

/// The same model written as a plain walk over every class of every seat (seats 0, 1 = small blind, 2 = big
/// blind): for each decision and class, (play value, fold value) as joint probability times prize equity.
struct Walk<'a> {
    g: &'a Game,
    s: &'a [Vec<f64>],
}

impl Walk<'_> {
    fn given(&self, i: usize, j: usize) -> f64 {
        self.g.pairs[i * N + j] / (class_size(i) * OPPONENT_COMBOS)
    }

    fn showdown(&self, k: usize, c: usize, i: usize, j: usize) -> Vec<f64> {
        let cell = i * N + j;
        let (w, t) = (self.g.wins[cell], self.g.ties[cell]);
        let l = self.g.pairs[cell] - w - t;
        let base = (k * self.g.n + c) * 3;
        (0..self.g.n)
            .map(|q| {
                (w * self.g.duel[base][q] + t * self.g.duel[base + 1][q] + l * self.g.duel[base + 2][q])
                    / self.g.pairs[cell]
            })
            .collect()
    }

    fn three_way(&self, i: usize, j: usize, l: usize) -> Vec<f64> {
        let shares = self.g.three.shares(i, j, l);
        let p = self.g.orders_of(shares, i, j, l);
        // Pusher 0, caller 1, overcaller 2: ((0 * n + 1) * n + 2) * 6.
        let base = (self.g.n + 2) * 6;
        (0..self.g.n)
            .map(|q| (0..6).map(|r| p[r] * self.g.trio[base + r][q]).sum())
            .collect()
    }

    fn freq(&self, k: usize, c: usize, o: usize, class: usize) -> f64 {
        self.s[self.g.node(k, c, o)][class]
    }
}

#[test]
fn three_handed_values_match_a_walk_of_the_tree() {
    let spot_stacks = [7.0, 12.0, 5.0];
    let blinds = Blinds {
        small: 0.5,
        big: 1.0,
        ante: 0.1,
        ante_kind: AnteKind::PerPlayer,
    };
    let game = Game::new(&spot_stacks, &blinds, &[65.0, 35.0]).expect("game");
    let mut strategy = random_strategy(&game, 17);
    if std::env::var("NO_OVER").is_ok() {
        let n012 = game.node(0, 1, 2);
        strategy[n012].iter_mut().for_each(|f| *f = 0.0);
    }
    let eval = game.evaluate(&strategy, true);
    let w = Walk {
        g: &game,
        s: &strategy,
    };
    let deal = |c: usize| class_size(c) / ALL_COMBOS;
    let mix = |a: &[f64], b: &[f64], f: f64| -> Vec<f64> {
        a.iter().zip(b).map(|(x, y)| f * x + (1.0 - f) * y).collect()
    };
    let add = |acc: &mut Vec<f64>, v: &[f64], f: f64| acc.iter_mut().zip(v).for_each(|(a, x)| *a += f * x);
    let close =
        |a: f64, b: f64, what: &str| assert!((a - b).abs() <= 1e-12 * (1.0 + b.abs()), "{what}: {a} vs {b}");

    // Seat 1 opens after seat 0 folds: pushes into seat 2 only.
    let m0: f64 = (0..N).map(|i| deal(i) * w.freq(0, 0, 0, i)).sum();
    let push1 = |i1: usize| {
        let mut v = vec![0.0; 3];
        for l in 0..N {
            let called = w.freq(1, 2, 2, l);
            add(
                &mut v,
                &mix(&w.showdown(1, 2, i1, l), &game.steal[1], called),
                w.given(i1, l),
            );
        }
        v
    };
    let mut fold0 = vec![0.0; 3];
    let mut call12 = vec![[0.0; 2]; N];
    for i1 in 0..N {
        let o1 = w.freq(1, 1, 1, i1);
        for (l, slot) in call12.iter_mut().enumerate() {
            let joint = (1.0 - m0) * o1 * game.pairs[i1 * N + l] / (ALL_COMBOS * OPPONENT_COMBOS);
            slot[0] += joint * w.showdown(1, 2, i1, l)[2];
            slot[1] += joint * game.steal[1][2];
        }
        add(&mut fold0, &mix(&push1(i1), &game.walk, o1), deal(i1));
        let node = game.node(1, 1, 1);
        close(
            eval.play[node][i1],
            (1.0 - m0) * deal(i1) * push1(i1)[1],
            "open 1 push",
        );
        close(
            eval.fold[node][i1],
            (1.0 - m0) * deal(i1) * game.walk[1],
            "open 1 fold",
        );
    }
    // Seat 0 pushes: seat 1 calls (then seat 2 may overcall) or folds (then seat 2 may call).
    let fold_to_2 = |i0: usize| {
        let mut v = vec![0.0; 3];
        for l in 0..N {
            add(
                &mut v,
                &mix(&w.showdown(0, 2, i0, l), &game.steal[0], w.freq(0, 2, 2, l)),
                w.given(i0, l),
            );
        }
        v
    };
    let called = |i0: usize, j: usize| {
        let mut v = vec![0.0; 3];
        for l in 0..N {
            add(
                &mut v,
                &mix(
                    &w.three_way(i0, j, l),
                    &w.showdown(0, 1, i0, j),
                    w.freq(0, 1, 2, l),
                ),
                deal(l),
            );
        }
        v
    };
    let mut total = vec![0.0; 3];
    let (mut call01, mut over) = (vec![[0.0; 2]; N], vec![[0.0; 2]; N]);
    let mut call02 = vec![[0.0; 2]; N];
    for i0 in 0..N {
        let o0 = w.freq(0, 0, 0, i0);
        let mut push0 = vec![0.0; 3];
        let after_fold = fold_to_2(i0);
        let q01: f64 = (0..N).map(|j| w.given(i0, j) * w.freq(0, 1, 1, j)).sum();
        for (j, slot) in call01.iter_mut().enumerate() {
            let c01 = w.freq(0, 1, 1, j);
            let value = called(i0, j);
            add(&mut push0, &mix(&value, &after_fold, c01), w.given(i0, j));
            let joint = o0 * game.pairs[i0 * N + j] / (ALL_COMBOS * OPPONENT_COMBOS);
            slot[0] += joint * value[1];
            slot[1] += joint * after_fold[1];
            for (l, slot) in over.iter_mut().enumerate() {
                let wl = joint * c01 * deal(l);
                slot[0] += wl * w.three_way(i0, j, l)[2];
                slot[1] += wl * w.showdown(0, 1, i0, j)[2];
            }
        }
        for (l, slot) in call02.iter_mut().enumerate() {
            let joint = o0 * (1.0 - q01) * game.pairs[i0 * N + l] / (ALL_COMBOS * OPPONENT_COMBOS);
            slot[0] += joint * w.showdown(0, 2, i0, l)[2];
            slot[1] += joint * game.steal[0][2];
        }
        let node = game.node(0, 0, 0);
        close(eval.play[node][i0], deal(i0) * push0[0], "open 0 push");
        close(eval.fold[node][i0], deal(i0) * fold0[0], "open 0 fold");
        add(&mut total, &mix(&push0, &fold0, o0), deal(i0));
    }
    for class in 0..N {
        let (n01, n012, n02) = (game.node(0, 1, 1), game.node(0, 1, 2), game.node(0, 2, 2));
        let n12 = game.node(1, 2, 2);
        close(eval.play[n12][class], call12[class][0], "call 1-2");
        close(eval.fold[n12][class], call12[class][1], "call 1-2 fold");
        close(eval.play[n01][class], call01[class][0], "call 0-1");
        close(eval.fold[n01][class], call01[class][1], "call 0-1 fold");
        close(eval.play[n012][class], over[class][0], "overcall");
        close(eval.fold[n012][class], over[class][1], "overcall fold");
        close(eval.play[n02][class], call02[class][0], "call 0-2");
        close(eval.fold[n02][class], call02[class][1], "call 0-2 fold");
    }
    for (value, expected) in eval.seat_values.iter().zip(&total) {
        close(*value, *expected, "seat value");
    }
    // Prize equity is conserved: the seats' expected equities add up to the pool.
    close(total.iter().sum(), 100.0, "pool");
}
