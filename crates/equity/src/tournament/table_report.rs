//! A table solve's report: its strategies as decisions with their EVs, and the breakeven equities of calls.

use super::{Decision, Node, TableSolution, TableSolver};
use crate::tournament::icm::{icm_after_hand, icm_equity, Icm};
use crate::tournament::pots::{put_in, settle};

impl TableSolver {
    /// The current strategies as a solution (before the solve is done, the exploitability is the current
    /// phase's; see [`TableProgress`](super::TableProgress)).
    pub fn solution(&self) -> TableSolution {
        let e = &self.evaluation;
        let decisions = self
            .game
            .nodes
            .iter()
            .enumerate()
            .map(|(index, &node)| {
                let ev = |values: &[f64]| -> Vec<Option<f64>> {
                    values
                        .iter()
                        .zip(&e.reach[index])
                        .map(|(v, r)| (*r > 0.0).then(|| v / r))
                        .collect()
                };
                let (seat, pusher, caller) = match node {
                    Node::Open { seat } => (seat, None, None),
                    Node::Call { pusher, seat } => (seat, Some(pusher), None),
                    Node::Overcall { pusher, caller, seat } => (seat, Some(pusher), Some(caller)),
                };
                let breakeven = match (pusher, caller) {
                    (Some(pusher), None) => Some(self.breakeven(pusher, seat)),
                    _ => None,
                };
                Decision {
                    seat,
                    pusher,
                    caller,
                    frequency: self.strategy[index].clone(),
                    play_ev: ev(&e.play[index]),
                    fold_ev: ev(&e.fold[index]),
                    reach: e.reach[index].iter().sum(),
                    icm_breakeven: breakeven.map(|b| b.0),
                    chip_breakeven: breakeven.map(|b| b.1),
                }
            })
            .collect();
        TableSolution {
            decisions,
            equity_before: icm_equity(&self.spot.stacks, &self.spot.payouts).unwrap_or_default(),
            equity_after: e.seat_values.clone(),
            exploitability: self.exploitability,
            iterations: self.iterations,
        }
    }

    /// Equity `seat` needs heads-up against `pusher` to call, in prize equity and in chips, when everyone else
    /// folds (ties ignored).
    fn breakeven(&self, pusher: usize, seat: usize) -> (f64, f64) {
        let stacks = &self.spot.stacks;
        let posted = self.spot.blinds.posts(stacks);
        let both = (1 << pusher) | (1 << seat);
        let end = |entered: u32, ranking: &[&[usize]]| {
            let mut out = vec![0.0; stacks.len()];
            settle(stacks, &put_in(stacks, &posted, entered), ranking, &mut out);
            out
        };
        let ends = [
            end(1 << pusher, &[&[pusher]]),
            end(both, &[&[seat], &[pusher]]),
            end(both, &[&[pusher], &[seat]]),
        ];
        let ratio = |fold: f64, win: f64, lose: f64| {
            if win > lose {
                ((fold - lose) / (win - lose)).clamp(0.0, 1.0)
            } else {
                1.0
            }
        };
        let chips = ratio(ends[0][seat], ends[1][seat], ends[2][seat]);
        let icm = |stacks_after: &[f64]| {
            let mut out = vec![0.0; stacks.len()];
            let mut icm = Icm::new(stacks.len());
            icm_after_hand(&mut icm, stacks, stacks_after, &self.spot.payouts, &mut out);
            out[seat]
        };
        (ratio(icm(&ends[0]), icm(&ends[1]), icm(&ends[2])), chips)
    }
}
