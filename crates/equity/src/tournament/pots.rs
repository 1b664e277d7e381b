//! Blinds, antes and pots of a push/fold hand: what each player posts, puts in, and ends the hand with.
//!
//! Seats are in order of action, the last two being the small and the big blind (heads-up: small blind first).
//! Antes are posted before the blinds when every player antes, and after the big blind when the big blind posts
//! the table's ante alone (the big blind comes first when a short stack cannot cover both); a player who cannot
//! cover what they owe is all in for what they have.
//!
//! Everyone who enters a push/fold pot is all in: a player who pushes or calls puts in their whole stack, or as
//! much of it as some other player in the pot can match. Pots are layered by those amounts: each layer goes to
//! the best hand among the players who put in at least its top, tied best hands split it, and chips nobody can
//! match (a folded blind above the only caller's stack, say) go back to their owner.

use serde::{Deserialize, Serialize};

/// Who pays antes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnteKind {
    /// Every player posts the ante.
    PerPlayer,
    /// The big blind posts the ante for the whole table (the "big blind ante").
    BigBlind,
}

/// The stakes of a hand, in the same unit as the stacks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Blinds {
    /// Small blind.
    pub small: f64,
    /// Big blind.
    pub big: f64,
    /// Ante: per player, or the big blind's single ante for the table.
    pub ante: f64,
    /// Who pays the ante.
    pub ante_kind: AnteKind,
}

impl Blinds {
    /// Checks that the blinds are finite, the big blind positive and not below the small blind, and the ante not
    /// negative.
    pub(crate) fn validate(&self) -> Result<(), crate::EquityError> {
        let ok = |v: f64| v.is_finite() && v >= 0.0;
        if !(ok(self.small) && ok(self.big) && self.big > 0.0 && self.small <= self.big) {
            return Err(crate::EquityError::InvalidBlinds {
                small: self.small,
                big: self.big,
            });
        }
        if !ok(self.ante) {
            return Err(crate::EquityError::InvalidOption {
                name: "ante",
                value: self.ante,
            });
        }
        Ok(())
    }

    /// What each seat posts before anyone acts (seats in order of action, the blinds last; at least two seats).
    pub(crate) fn posts(&self, stacks: &[f64]) -> Vec<f64> {
        let n = stacks.len();
        let mut posted = vec![0.0; n];
        let mut pay = |seat: usize, amount: f64| {
            posted[seat] = (posted[seat] + amount).min(stacks[seat]);
        };
        match self.ante_kind {
            AnteKind::PerPlayer => {
                (0..n).for_each(|seat| pay(seat, self.ante));
                pay(n - 2, self.small);
                pay(n - 1, self.big);
            }
            AnteKind::BigBlind => {
                pay(n - 2, self.small);
                pay(n - 1, self.big);
                pay(n - 1, self.ante);
            }
        }
        posted
    }
}

/// What each player has in the pot at showdown: folded players their posts, entered players (`entered`, a seat
/// bitmask) all in for as much as another entered player can match. A lone entered player wins what everyone
/// posted (up to their own stack from each).
pub(crate) fn put_in(stacks: &[f64], posted: &[f64], entered: u32) -> Vec<f64> {
    let lone = entered.count_ones() == 1;
    (0..stacks.len())
        .map(|p| {
            if entered & (1 << p) == 0 {
                return posted[p];
            }
            if lone {
                return stacks[p];
            }
            let cover = (0..stacks.len())
                .filter(|&q| q != p && entered & (1 << q) != 0)
                .map(|q| stacks[q])
                .fold(0.0, f64::max);
            posted[p].max(stacks[p].min(cover))
        })
        .collect()
}

/// Final stacks: `stacks` at the start of the hand, `put` what each put in (see [`put_in`]), `ranking` the
/// entered players from best hand to worst, players in one group tying.
pub(crate) fn settle(stacks: &[f64], put: &[f64], ranking: &[&[usize]], out: &mut [f64]) {
    for p in 0..stacks.len() {
        out[p] = stacks[p] - put[p];
    }
    let mut levels: Vec<f64> = ranking
        .iter()
        .flat_map(|group| group.iter().map(|&p| put[p]))
        .collect();
    super::sort_by_key(&mut levels, |level| level);
    levels.dedup();
    let mut floor = 0.0;
    for &level in &levels {
        let amount: f64 = put.iter().map(|&c| c.min(level) - c.min(floor)).sum();
        let winners = ranking
            .iter()
            .map(|group| {
                group
                    .iter()
                    .copied()
                    .filter(|&p| put[p] >= level)
                    .collect::<Vec<_>>()
            })
            .find(|group| !group.is_empty())
            .unwrap_or_default();
        for &p in &winners {
            out[p] += amount / winners.len() as f64;
        }
        floor = level;
    }
    // Chips above what any entered player put in go back to whoever put them in.
    for p in 0..stacks.len() {
        out[p] += (put[p] - floor).max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_ANTE: Blinds = Blinds {
        small: 0.5,
        big: 1.0,
        ante: 0.0,
        ante_kind: AnteKind::PerPlayer,
    };

    fn final_stacks(stacks: &[f64], posted: &[f64], entered: u32, ranking: &[&[usize]]) -> Vec<f64> {
        let put = put_in(stacks, posted, entered);
        let mut out = vec![0.0; stacks.len()];
        settle(stacks, &put, ranking, &mut out);
        out
    }

    #[test]
    fn posts_blinds_and_antes() {
        assert_eq!(NO_ANTE.posts(&[10.0, 10.0, 10.0]), vec![0.0, 0.5, 1.0]);
        let antes = Blinds {
            ante: 0.125,
            ..NO_ANTE
        };
        assert_eq!(antes.posts(&[10.0, 10.0, 0.5]), vec![0.125, 0.625, 0.5]);
        let bb_ante = Blinds {
            ante: 1.0,
            ante_kind: AnteKind::BigBlind,
            ..NO_ANTE
        };
        assert_eq!(bb_ante.posts(&[10.0, 10.0, 1.5]), vec![0.0, 0.5, 1.5]);
        assert!(Blinds {
            small: 2.0,
            ..NO_ANTE
        }
        .validate()
        .is_err());
        assert!(Blinds {
            ante: -0.1,
            ..NO_ANTE
        }
        .validate()
        .is_err());
        assert!(Blinds {
            big: 0.0,
            small: 0.0,
            ..NO_ANTE
        }
        .validate()
        .is_err());
    }

    #[test]
    fn side_pots_and_returns() {
        let stacks = [10.0, 4.0, 20.0, 30.0];
        let posted = NO_ANTE.posts(&stacks);
        // Seat 1 (4 chips) has the best hand against seats 2 and 3; the side pot between 2 and 3 goes to 3.
        // Main pot: 3 x 4 = 12; side pot: 2 x 16 = 32 (seat 2 puts in 20, seat 3 is capped at 20); seat 3 keeps 10.
        let out = final_stacks(&stacks, &posted, 0b1110, &[&[1], &[3], &[2]]);
        assert_eq!(out, vec![10.0, 12.0, 0.0, 42.0]);
        assert!((out.iter().sum::<f64>() - stacks.iter().sum::<f64>()).abs() < 1e-12);
        // Everyone folds to a push: the pusher takes the blinds.
        let out = final_stacks(&stacks, &posted, 0b0001, &[&[0]]);
        assert_eq!(out, vec![11.5, 4.0, 19.5, 29.0]);
        // A tie splits each pot the tied hands contest.
        let out = final_stacks(&[10.0, 10.0, 10.0], &NO_ANTE.posts(&[10.0; 3]), 0b011, &[&[0, 1]]);
        assert_eq!(out, vec![10.5, 10.5, 9.0]);
        // A pusher with less than the folded big blind's post wins only what they cover; the rest goes back.
        let out = final_stacks(
            &[0.4, 10.0, 10.0],
            &NO_ANTE.posts(&[0.4, 10.0, 10.0]),
            0b001,
            &[&[0]],
        );
        for (got, want) in out.iter().zip([1.2, 9.6, 9.6]) {
            assert!((got - want).abs() < 1e-12, "{out:?}");
        }
    }
}
