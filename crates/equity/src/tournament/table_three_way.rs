//! The three-way endings' part of the pusher's and the caller's values (see [`super::Game::evaluate`]).

use super::{orders, Evaluation, Game, N, PAIR_DEAL};

impl Game {
    /// Adds the three-way endings with overcaller `o` to the pusher's per-class values (`called`, weighted by
    /// `before`: nobody between the caller and `o` overcalled) and to the caller's call values (weighted by
    /// `before` times `reach_k`, the probability of reaching `Open(k)`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn add_three_way(
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
