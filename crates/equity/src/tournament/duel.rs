//! Equilibria of a two-player game where each player, per hand class, picks one of two actions.
//!
//! Heads-up push/fold is such a game: the first player (the pusher) pushes or folds each class, the second (the
//! caller) calls or folds each class facing the push. Whatever the payoffs (chips or prize equity), what the
//! pusher gains by pushing class `i` instead of folding it is linear in the caller's call frequencies `y`, and
//! what the caller gains by calling class `j` is linear in the push frequencies `x`:
//!
//! ```text
//! v = a + G y        (pusher's gain per class, given the caller's frequencies)
//! w = c + H x        (caller's gain per class, given the pusher's frequencies)
//! ```
//!
//! A best response plays every class with a positive gain and folds every class with a negative one; a class may
//! be mixed only when its gain is zero. The game's *exploitability* at `(x, y)` is what both players together
//! would win by switching to their best responses: `Σ_i p_i (max(0, v_i) - x_i v_i) + Σ_j q_j (max(0, w_j) - y_j
//! w_j)`, with `p`, `q` the probabilities of being dealt each class. It is zero exactly at an equilibrium.
//!
//! # Method
//!
//! 1. **Regret matching+ (CFR+)** with alternating updates and linearly weighted averages: each iteration costs
//!    two 169 x 169 products, and its averages approach an equilibrium at a rate close to `1/t` on these games.
//!    It finds which classes are played, folded and near the margin; it is not used for the final answer.
//! 2. **Indifference polish.** Every few dozen iterations the averages are turned into an exact candidate: the
//!    classes whose gains are clearly positive or negative are played or folded outright, up to three classes
//!    per side nearest to indifference are tried as the mixed ones, and the mixed frequencies are solved
//!    exactly so that the *other* side's mixed classes are indifferent (`m` linear equations in `m` unknowns
//!    for `m` mixed classes per side; equilibria of generic games mix as many classes on each side). Each
//!    candidate is scored by its exact exploitability, and the best one seeds the next round, which re-derives
//!    the pure classes from its gains. A polish that reaches the tolerance ends the solve; its answer mixes only
//!    indifferent classes and is exact up to `f64` rounding (exploitability around `1e-12` bb).
//!
//! A solve may start from a previous answer (the next stack of a threshold chart): the polish is tried on it
//! first, and usually needs no iteration at all.

/// Iterations of regret matching between polish attempts.
const POLISH_EVERY: usize = 24;
/// Mixed classes tried per side by the polish.
const MIXED_CANDIDATES: usize = 3;
/// Rounds of re-deriving pure classes from a candidate's gains.
const POLISH_ROUNDS: usize = 4;

/// A two-player, two-action-per-class game in the linear form above (row-major `G` and `H`).
#[derive(Debug, Clone)]
pub(crate) struct Duel {
    /// Pusher's gain of pushing each class when never called.
    pub(crate) a: Vec<f64>,
    /// `G[i * n + j]`: change of the pusher's gain for class `i` per unit of call frequency of class `j`.
    pub(crate) g: Vec<f64>,
    /// Caller's gain of calling each class when the pusher pushes nothing (zero in push/fold).
    pub(crate) c: Vec<f64>,
    /// `H[j * m + i]`: change of the caller's gain for class `j` per unit of push frequency of class `i`.
    pub(crate) h: Vec<f64>,
    /// Probability of the pusher being dealt each class.
    pub(crate) p: Vec<f64>,
    /// Probability of the caller being dealt each class.
    pub(crate) q: Vec<f64>,
}

/// A solved (or best found) strategy pair with its gains.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct DuelSolution {
    pub(crate) x: Vec<f64>,
    pub(crate) y: Vec<f64>,
    pub(crate) v: Vec<f64>,
    pub(crate) w: Vec<f64>,
    pub(crate) exploitability: f64,
    pub(crate) iterations: usize,
}

impl Duel {
    fn pusher_gains(&self, y: &[f64]) -> Vec<f64> {
        let n = y.len();
        self.a
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                a + self.g[i * n..(i + 1) * n]
                    .iter()
                    .zip(y)
                    .map(|(g, y)| g * y)
                    .sum::<f64>()
            })
            .collect()
    }

    fn caller_gains(&self, x: &[f64]) -> Vec<f64> {
        let m = x.len();
        self.c
            .iter()
            .enumerate()
            .map(|(j, &c)| {
                c + self.h[j * m..(j + 1) * m]
                    .iter()
                    .zip(x)
                    .map(|(h, x)| h * x)
                    .sum::<f64>()
            })
            .collect()
    }

    /// Scores a strategy pair exactly.
    pub(crate) fn evaluate(&self, x: Vec<f64>, y: Vec<f64>, iterations: usize) -> DuelSolution {
        let v = self.pusher_gains(&y);
        let w = self.caller_gains(&x);
        let exploitability = self.exploitability(&x, &y, &v, &w);
        DuelSolution {
            x,
            y,
            v,
            w,
            exploitability,
            iterations,
        }
    }

    /// What both sides gain by best responses, given the frequencies and the gains they face.
    fn exploitability(&self, x: &[f64], y: &[f64], v: &[f64], w: &[f64]) -> f64 {
        let regret = |probs: &[f64], gains: &[f64], freqs: &[f64]| -> f64 {
            probs
                .iter()
                .zip(gains)
                .zip(freqs)
                .map(|((p, g), f)| p * (g.max(0.0) - f * g))
                .sum()
        };
        regret(&self.p, v, x) + regret(&self.q, w, y)
    }

    /// Solves to `tolerance` (in the payoffs' units), starting from `warm` when given, within `max_iterations` of
    /// regret matching. Returns the best pair found; its `exploitability` says how close it is.
    pub(crate) fn solve(
        &self,
        warm: Option<(&[f64], &[f64])>,
        tolerance: f64,
        max_iterations: usize,
    ) -> DuelSolution {
        let (m, n) = (self.a.len(), self.c.len());
        let mut best = match warm {
            Some((x, y)) => self.polish(self.evaluate(x.to_vec(), y.to_vec(), 0)),
            None => self.evaluate(vec![0.0; m], vec![0.0; n], 0),
        };
        if best.exploitability <= tolerance {
            return best;
        }
        let (mut rx, mut ry) = (vec![[0.0f64; 2]; m], vec![[0.0f64; 2]; n]);
        let (mut sx, mut sy) = (vec![0.0; m], vec![0.0; n]);
        let (mut x, mut y) = (vec![0.5; m], vec![0.5; n]);
        let mut weight = 0.0;
        for t in 1..=max_iterations {
            let v = self.pusher_gains(&y);
            update(&mut rx, &mut x, &v);
            let w = self.caller_gains(&x);
            update(&mut ry, &mut y, &w);
            let step = t as f64;
            weight += step;
            sx.iter_mut().zip(&x).for_each(|(s, f)| *s += step * f);
            sy.iter_mut().zip(&y).for_each(|(s, f)| *s += step * f);
            if t % POLISH_EVERY == 0 || t == max_iterations {
                let avg_x: Vec<f64> = sx.iter().map(|s| s / weight).collect();
                let avg_y: Vec<f64> = sy.iter().map(|s| s / weight).collect();
                let mut found = self.polish(self.evaluate(avg_x, avg_y, t));
                found.iterations = t;
                if found.exploitability < best.exploitability {
                    best = found;
                }
                if best.exploitability <= tolerance {
                    break;
                }
            }
        }
        best
    }

    /// The exact candidates around `start` (see the module docs); returns the best of them and `start`.
    fn polish(&self, start: DuelSolution) -> DuelSolution {
        let (m, n) = (self.a.len(), self.c.len());
        let mut best = start;
        for _ in 0..POLISH_ROUNDS {
            let base = best.clone();
            let pure_x: Vec<f64> = base.v.iter().map(|&g| f64::from(u8::from(g > 0.0))).collect();
            let pure_y: Vec<f64> = base.w.iter().map(|&g| f64::from(u8::from(g > 0.0))).collect();
            // Gains against the pure parts; a candidate changes a few frequencies, so its gains are these plus
            // a few columns, and scoring it costs O(classes) instead of two full products.
            let v_pure = self.pusher_gains(&pure_y);
            let w_pure = self.caller_gains(&pure_x);
            let near_x = nearest(&base.v, &base.x);
            let near_y = nearest(&base.w, &base.y);
            let mut improved = false;
            for size in 0..=near_x.len().min(near_y.len()) {
                for mixed_x in subsets(&near_x, size) {
                    for mixed_y in subsets(&near_y, size) {
                        let Some((freq_x, freq_y)) =
                            self.indifferent(&v_pure, &w_pure, &pure_x, &pure_y, &mixed_x, &mixed_y)
                        else {
                            continue;
                        };
                        let mut x = pure_x.clone();
                        let mut y = pure_y.clone();
                        let mut v = v_pure.clone();
                        let mut w = w_pure.clone();
                        for (&j, &f) in mixed_y.iter().zip(&freq_y) {
                            let delta = f - y[j];
                            y[j] = f;
                            v.iter_mut()
                                .enumerate()
                                .for_each(|(i, g)| *g += self.g[i * n + j] * delta);
                        }
                        for (&i, &f) in mixed_x.iter().zip(&freq_x) {
                            let delta = f - x[i];
                            x[i] = f;
                            w.iter_mut()
                                .enumerate()
                                .for_each(|(j, g)| *g += self.h[j * m + i] * delta);
                        }
                        let exploitability = self.exploitability(&x, &y, &v, &w);
                        if exploitability < best.exploitability {
                            best = DuelSolution {
                                x,
                                y,
                                v,
                                w,
                                exploitability,
                                iterations: base.iterations,
                            };
                            improved = true;
                        }
                    }
                }
            }
            if !improved || best.exploitability == 0.0 {
                break;
            }
        }
        // Scored from incremental gains; the answer's own figures come from full products.
        let DuelSolution { x, y, iterations, .. } = best;
        self.evaluate(x, y, iterations)
    }

    /// Mixed frequencies that keep every class outside `mixed` at its pure value and make the other side's mixed
    /// classes indifferent (`v_pure`, `w_pure`: gains against the pure parts); `None` when the system is singular
    /// or a frequency falls outside `[0, 1]`.
    fn indifferent(
        &self,
        v_pure: &[f64],
        w_pure: &[f64],
        pure_x: &[f64],
        pure_y: &[f64],
        mixed_x: &[usize],
        mixed_y: &[usize],
    ) -> Option<(Vec<f64>, Vec<f64>)> {
        let (m, n) = (pure_x.len(), pure_y.len());
        // Caller's mixed frequencies: the pusher's mixed classes must gain nothing, v_i(y) = 0.
        let rows_y: Vec<Vec<f64>> = mixed_x
            .iter()
            .map(|&i| {
                let row = &self.g[i * n..(i + 1) * n];
                let known = v_pure[i] - mixed_y.iter().map(|&j| row[j] * pure_y[j]).sum::<f64>();
                let mut eq: Vec<f64> = mixed_y.iter().map(|&j| row[j]).collect();
                eq.push(-known);
                eq
            })
            .collect();
        let rows_x: Vec<Vec<f64>> = mixed_y
            .iter()
            .map(|&j| {
                let row = &self.h[j * m..(j + 1) * m];
                let known = w_pure[j] - mixed_x.iter().map(|&i| row[i] * pure_x[i]).sum::<f64>();
                let mut eq: Vec<f64> = mixed_x.iter().map(|&i| row[i]).collect();
                eq.push(-known);
                eq
            })
            .collect();
        let freq_y = solve_linear(rows_y)?
            .into_iter()
            .map(in_unit)
            .collect::<Option<Vec<f64>>>()?;
        let freq_x = solve_linear(rows_x)?
            .into_iter()
            .map(in_unit)
            .collect::<Option<Vec<f64>>>()?;
        Some((freq_x, freq_y))
    }
}

/// One regret-matching+ step for one side: accumulate each action's regret against the current mix, clamp at
/// zero, and play in proportion to the positive regrets.
fn update(regrets: &mut [[f64; 2]], freqs: &mut [f64], gains: &[f64]) {
    for ((r, f), &g) in regrets.iter_mut().zip(freqs.iter_mut()).zip(gains) {
        let current = *f * g;
        r[0] = (r[0] + g - current).max(0.0);
        r[1] = (r[1] - current).max(0.0);
        let total = r[0] + r[1];
        *f = if total > 0.0 { r[0] / total } else { 0.5 };
    }
}

/// The classes nearest to indifference: mixed ones first, then the smallest gains.
fn nearest(gains: &[f64], freqs: &[f64]) -> Vec<usize> {
    // Mixed classes rank before every pure one: their key is below any absolute gain.
    let key = |i: usize| {
        let mixed = freqs[i] > 1e-9 && freqs[i] < 1.0 - 1e-9;
        if mixed {
            -1.0 / (1.0 + gains[i].abs())
        } else {
            gains[i].abs()
        }
    };
    let mut best: Vec<usize> = Vec::with_capacity(MIXED_CANDIDATES + 1);
    for i in 0..gains.len() {
        if best.len() < MIXED_CANDIDATES || key(i) < key(best[best.len() - 1]) {
            best.push(i);
            super::sort_by_key(&mut best, key);
            best.truncate(MIXED_CANDIDATES);
        }
    }
    best
}

/// All subsets of `items` with `size` elements.
fn subsets(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (k, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[k + 1..], size - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// A frequency in `[0, 1]`, allowing rounding dust at the ends.
fn in_unit(f: f64) -> Option<f64> {
    (f.is_finite() && (-1e-9..=1.0 + 1e-9).contains(&f)).then(|| f.clamp(0.0, 1.0))
}

/// Solves the square system whose rows are `[coefficients..., right-hand side]` by Gaussian elimination with
/// partial pivoting; `None` when singular.
fn solve_linear(mut rows: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let k = rows.len();
    for col in 0..k {
        let pivot = (col..k).max_by(|&a, &b| rows[a][col].abs().total_cmp(&rows[b][col].abs()))?;
        if rows[pivot][col].abs() < 1e-14 {
            return None;
        }
        rows.swap(col, pivot);
        let pivot_row = rows[col].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            if r != col {
                let factor = row[col] / pivot_row[col];
                for (value, &p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *value -= factor * p;
                }
            }
        }
    }
    Some((0..k).map(|r| rows[r][k] / rows[r][r]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Matching pennies in this form: the pusher gains +1 pushing a "heads" class the caller does not call and
    /// loses 1 when called; the caller gains by calling only if pushes are frequent. Equilibrium: mixed on both.
    #[test]
    fn solves_a_one_class_game_exactly() {
        // v = 1 - 2y (push gains 1 uncalled, -1 called); w = -0.5 + x (calling pays when x > 1/2).
        let duel = Duel {
            a: vec![1.0],
            g: vec![-2.0],
            c: vec![-0.5],
            h: vec![1.0],
            p: vec![1.0],
            q: vec![1.0],
        };
        let s = duel.solve(None, 1e-12, 1000);
        assert!(
            (s.x[0] - 0.5).abs() < 1e-12 && (s.y[0] - 0.5).abs() < 1e-12,
            "{s:?}"
        );
        assert!(s.exploitability < 1e-12);
    }

    #[test]
    fn linear_solver_and_subsets() {
        let x = solve_linear(vec![vec![2.0, 1.0, 5.0], vec![1.0, 3.0, 10.0]]).expect("regular");
        assert!((x[0] - 1.0).abs() < 1e-12 && (x[1] - 3.0).abs() < 1e-12);
        assert!(solve_linear(vec![vec![1.0, 2.0, 1.0], vec![2.0, 4.0, 2.0]]).is_none());
        assert_eq!(subsets(&[4, 5, 6], 2), vec![vec![4, 5], vec![4, 6], vec![5, 6]]);
    }
}
