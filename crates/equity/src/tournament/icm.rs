//! The Independent Chip Model (Malmuth-Harville): what a tournament stack is worth in prize money.
//!
//! # Model
//!
//! First place goes to player `i` with probability `s_i / S` (their share of all chips). Given the players placed
//! so far, the next place goes to a remaining player with probability proportional to their stack among the
//! remaining chips. A player's equity is the sum over places of the probability of finishing there times its
//! payout. Payouts may be fewer than players; the places beyond them pay nothing.
//!
//! # Algorithm
//!
//! Summing over finishing orders would cost `n!`. The probability of an order's first `k` places depends only on
//! *which* players they are (the set `U`) and the player placed last: `P(U ∪ {j}) += P(U) · s_j / (S - s(U))`,
//! with place `|U|` paying `payouts[|U|]` to `j` on that step. Memoised on the bitmask of `U`, in increasing
//! numeric order (every subset comes before its supersets), that is `2^n · n` steps, about 10,000 for ten
//! players, and only sets smaller than the number of paid places are expanded.
//!
//! # Precision
//!
//! Exact up to `f64` rounding: equities sum to the prize pool within `1e-12` of it, and equal stacks get equal
//! equities to the last bits (checked against a brute-force sum over all `n!` orders in the tests).
//!
//! # After an all-in
//!
//! The push/fold solvers value the stacks a hand leaves the same way: players without chips finish below everyone still in, and
//! among players busted in the same hand the one who started it with more chips finishes higher (the usual
//! tournament rule); players who started it with equal stacks share their places' payouts.

use crate::error::EquityError;

/// Most players the model takes (a final table and one more).
pub const MAX_ICM_PLAYERS: usize = 10;

/// A stack at or below this share of all chips counts as busted: pot arithmetic leaves rounding dust.
const BUST_SHARE: f64 = 1e-12;

/// Prize equity of each player (Malmuth-Harville), in the units of `payouts`.
///
/// Takes 2 to 10 positive stacks and 1 to `stacks.len()` payouts (first place first), each finite and not
/// negative, not all zero. The equities sum to the payouts' total.
///
/// ```
/// let equity = equity::icm_equity(&[5000.0, 3000.0, 2000.0], &[50.0, 30.0, 20.0])?;
/// assert!((equity.iter().sum::<f64>() - 100.0).abs() < 1e-9);
/// assert!(equity[0] > equity[1] && equity[1] > equity[2]);
/// # Ok::<(), equity::EquityError>(())
/// ```
pub fn icm_equity(stacks: &[f64], payouts: &[f64]) -> Result<Vec<f64>, EquityError> {
    validate_players(stacks, 2, MAX_ICM_PLAYERS)?;
    validate_payouts(payouts, stacks.len())?;
    let mut out = vec![0.0; stacks.len()];
    Icm::new(stacks.len()).equity(stacks, payouts, &mut out);
    Ok(out)
}

/// Checks a list of stacks: between `min` and `max` of them, each positive and finite.
pub(crate) fn validate_players(stacks: &[f64], min: usize, max: usize) -> Result<(), EquityError> {
    if !(min..=max).contains(&stacks.len()) {
        return Err(EquityError::PlayerCount {
            min,
            max,
            found: stacks.len(),
        });
    }
    match stacks.iter().position(|&s| !(s.is_finite() && s > 0.0)) {
        Some(player) => Err(EquityError::InvalidStack {
            player,
            value: stacks[player],
        }),
        None => Ok(()),
    }
}

/// Checks a payout list for `players` players.
pub(crate) fn validate_payouts(payouts: &[f64], players: usize) -> Result<(), EquityError> {
    if payouts.is_empty() || payouts.len() > players {
        return Err(EquityError::PayoutCount {
            payouts: payouts.len(),
            players,
        });
    }
    if let Some(place) = payouts.iter().position(|&p| !(p.is_finite() && p >= 0.0)) {
        return Err(EquityError::InvalidPayout {
            place: place + 1,
            value: payouts[place],
        });
    }
    if payouts.iter().all(|&p| p == 0.0) {
        return Err(EquityError::InvalidPayout { place: 1, value: 0.0 });
    }
    Ok(())
}

/// Reusable scratch space for ICM evaluations of up to `n` players (the table solver values thousands of
/// outcomes and should not allocate for each).
#[derive(Debug, Clone)]
pub(crate) struct Icm {
    reach: Vec<f64>,
}

impl Icm {
    pub(crate) fn new(players: usize) -> Icm {
        Icm {
            reach: vec![0.0; 1 << players.min(MAX_ICM_PLAYERS)],
        }
    }

    /// Writes each player's equity into `out` (same length as `stacks`, at most 10 players). Every stack must be
    /// positive; `payouts` may be longer or shorter than the players (extra places are ignored, missing ones pay 0).
    pub(crate) fn equity(&mut self, stacks: &[f64], payouts: &[f64], out: &mut [f64]) {
        let n = stacks.len().min(MAX_ICM_PLAYERS);
        out.iter_mut().for_each(|e| *e = 0.0);
        let paid = payouts.len().min(n);
        if n == 0 || paid == 0 {
            return;
        }
        let total: f64 = stacks[..n].iter().sum();
        let reach = &mut self.reach[..1 << n];
        reach.iter_mut().for_each(|r| *r = 0.0);
        reach[0] = 1.0;
        for placed in 0..(1usize << n) {
            let p = reach[placed];
            let place = placed.count_ones() as usize;
            if p == 0.0 || place >= paid {
                continue;
            }
            let placed_chips: f64 = (0..n)
                .filter(|&j| placed & (1 << j) != 0)
                .map(|j| stacks[j])
                .sum();
            let left = total - placed_chips;
            if left <= 0.0 {
                continue;
            }
            for j in (0..n).filter(|&j| placed & (1 << j) == 0) {
                let step = p * stacks[j] / left;
                out[j] += step * payouts[place];
                reach[placed | 1 << j] += step;
            }
        }
    }
}

/// Prize equity of every player after a hand that started with `start` stacks and ended with `end` (same order,
/// at most 10 players, `start` all positive). Players left without chips take the last places, in order of the
/// stacks they started the hand with; players busted from equal stacks share their places' payouts.
pub(crate) fn icm_after_hand(icm: &mut Icm, start: &[f64], end: &[f64], payouts: &[f64], out: &mut [f64]) {
    let total: f64 = end.iter().sum();
    let alive: Vec<usize> = (0..end.len()).filter(|&p| end[p] > total * BUST_SHARE).collect();
    if alive.len() == end.len() {
        icm.equity(end, payouts, out);
        return;
    }
    let stacks: Vec<f64> = alive.iter().map(|&p| end[p]).collect();
    let mut alive_equity = vec![0.0; alive.len()];
    icm.equity(&stacks, payouts, &mut alive_equity);
    out.iter_mut().for_each(|e| *e = 0.0);
    for (&p, &e) in alive.iter().zip(&alive_equity) {
        out[p] = e;
    }
    let mut busted: Vec<usize> = (0..end.len()).filter(|p| !alive.contains(p)).collect();
    super::sort_by_key(&mut busted, |p| -start[p]);
    let pay = |place: usize| payouts.get(place).copied().unwrap_or(0.0);
    let mut place = alive.len();
    let mut i = 0;
    while i < busted.len() {
        // Players who started the hand with equal stacks tie for the places they take together.
        let tied = busted[i..]
            .iter()
            .take_while(|&&p| start[p] == start[busted[i]])
            .count();
        let share = (place..place + tied).map(pay).sum::<f64>() / tied as f64;
        for &p in &busted[i..i + tied] {
            out[p] = share;
        }
        place += tied;
        i += tied;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over every finishing order, the model's definition.
    fn by_orders(stacks: &[f64], payouts: &[f64]) -> Vec<f64> {
        fn walk(
            stacks: &[f64],
            payouts: &[f64],
            left: &mut Vec<usize>,
            p: f64,
            place: usize,
            out: &mut [f64],
        ) {
            if left.is_empty() {
                return;
            }
            let chips: f64 = left.iter().map(|&j| stacks[j]).sum();
            for k in 0..left.len() {
                let j = left[k];
                let q = p * stacks[j] / chips;
                out[j] += q * payouts.get(place).copied().unwrap_or(0.0);
                left.remove(k);
                walk(stacks, payouts, left, q, place + 1, out);
                left.insert(k, j);
            }
        }
        let mut out = vec![0.0; stacks.len()];
        walk(
            stacks,
            payouts,
            &mut (0..stacks.len()).collect(),
            1.0,
            0,
            &mut out,
        );
        out
    }

    #[test]
    fn three_players_by_hand() {
        // 50/30/20 stacks, 50/30/20 payouts. P(A 1st) = .5; P(A 2nd) = .3*.5/.7 + .2*.5/.8 = .33929;
        // A = 25 + 30*.33929 + 20*(1 - .5 - .33929) = 38.3929 (written out by hand from the model's definition).
        let equity = icm_equity(&[50.0, 30.0, 20.0], &[50.0, 30.0, 20.0]).expect("valid");
        let a_second = 0.3 * 0.5 / 0.7 + 0.2 * 0.5 / 0.8;
        let a = 0.5 * 50.0 + a_second * 30.0 + (1.0 - 0.5 - a_second) * 20.0;
        assert!((equity[0] - a).abs() < 1e-12, "{equity:?}");
        assert!((equity.iter().sum::<f64>() - 100.0).abs() < 1e-12);
    }

    #[test]
    fn matches_every_order_and_sums_to_the_pool() {
        let cases: [(&[f64], &[f64]); 4] = [
            (&[1.0, 2.0, 3.0, 4.0, 5.0], &[50.0, 30.0, 20.0]),
            (
                &[7.0, 1.0, 1.0, 3.0, 2.0, 9.0, 4.0],
                &[40.0, 25.0, 15.0, 10.0, 6.0, 4.0],
            ),
            (&[3.0, 3.0], &[1.0]),
            (
                &[2.0, 8.0, 5.0, 5.0, 1.0, 6.0, 3.0, 4.0],
                &[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
            ),
        ];
        for (stacks, payouts) in cases {
            let fast = icm_equity(stacks, payouts).expect("valid");
            let slow = by_orders(stacks, payouts);
            for (f, s) in fast.iter().zip(&slow) {
                assert!((f - s).abs() < 1e-12, "{stacks:?}: {fast:?} vs {slow:?}");
            }
            let pool: f64 = payouts.iter().sum();
            assert!((fast.iter().sum::<f64>() - pool).abs() < 1e-9 * pool);
        }
    }

    #[test]
    fn equal_stacks_get_equal_equity_and_ten_players_work() {
        let stacks = [4.0, 2.0, 4.0, 1.0, 4.0, 3.0, 2.0, 4.0, 5.0, 4.0];
        let payouts = [30.0, 20.0, 15.0, 10.0, 8.0, 6.0, 5.0, 3.0, 2.0, 1.0];
        let equity = icm_equity(&stacks, &payouts).expect("valid");
        for (i, j) in [(0, 2), (2, 4), (4, 7), (7, 9), (1, 6)] {
            assert!((equity[i] - equity[j]).abs() < 1e-12, "{i} {j}: {equity:?}");
        }
        assert!((equity.iter().sum::<f64>() - 100.0).abs() < 1e-9);
        // Winner takes all: equity is the chip share.
        let wta = icm_equity(&stacks, &[100.0]).expect("valid");
        let total: f64 = stacks.iter().sum();
        for (e, s) in wta.iter().zip(&stacks) {
            assert!((e - 100.0 * s / total).abs() < 1e-9);
        }
    }

    #[test]
    fn rejects_bad_input() {
        let err = |s: &[f64], p: &[f64]| icm_equity(s, p).expect_err("rejected").to_string();
        assert!(err(&[1.0, 0.0], &[1.0]).contains("player 1"));
        assert!(err(&[1.0, -2.0], &[1.0]).contains("stacks must be positive"));
        assert!(err(&[1.0, f64::NAN], &[1.0]).contains("positive"));
        assert!(err(&[1.0], &[1.0]).contains("between 2 and 10 players"));
        assert!(err(&[1.0; 11], &[1.0]).contains("got 11"));
        assert!(err(&[1.0, 2.0], &[3.0, 2.0, 1.0]).contains("3 payouts for 2 players"));
        assert!(err(&[1.0, 2.0], &[]).contains("0 payouts"));
        assert!(err(&[1.0, 2.0], &[3.0, -1.0]).contains("place 2"));
        assert!(err(&[1.0, 2.0], &[0.0, 0.0]).contains("not all zero"));
    }

    #[test]
    fn busted_players_finish_last_by_starting_stack() {
        let mut icm = Icm::new(4);
        let payouts = [50.0, 30.0, 20.0];
        let mut out = [0.0; 4];
        // Two players bust in one hand: the one who started with more takes 3rd (20), the other nothing.
        icm_after_hand(
            &mut icm,
            &[10.0, 5.0, 3.0, 2.0],
            &[10.0, 10.0, 0.0, 0.0],
            &payouts,
            &mut out,
        );
        assert_eq!(out[2], 20.0);
        assert_eq!(out[3], 0.0);
        assert!((out[0] - 40.0).abs() < 1e-12 && (out[1] - 40.0).abs() < 1e-12);
        // Equal starting stacks share the places.
        icm_after_hand(
            &mut icm,
            &[10.0, 5.0, 3.0, 3.0],
            &[10.0, 11.0, 0.0, 0.0],
            &payouts,
            &mut out,
        );
        assert_eq!(out[2], 10.0);
        assert_eq!(out[3], 10.0);
    }
}
