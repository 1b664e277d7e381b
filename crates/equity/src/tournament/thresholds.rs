//! Heads-up push/fold threshold charts: for each class, the effective stacks at which it is pushed and called.
//!
//! The chart solves the chip-EV heads-up game ([`super::heads_up`], blinds 0.5 and 1, an optional ante each) at
//! every effective stack from 1 to 20 big blinds in steps of 0.1 bb, 191 solves, each started from the previous
//! stack's answer (which is usually exact already, or a few polish steps away). A class counts as *played* at a
//! stack when its equilibrium frequency is at least one half: equilibria mix at most a class or two per stack,
//! and a class that is mixed at one stack is pure on both sides of it.
//!
//! Per class the chart gives the highest stack at which it is played (20 meaning every stack up to 20 bb, 0
//! never) and the *gaps*: the ranges of stacks below that where it is not played, as the published charts show
//! them (63s pushes between 5.1 and 7.1 bb and below 2.3 bb: highest 7.1, gap 2.4 to 5.0).
//!
//! The work is split into steps ([`ThresholdSolver::step`]) so a host can report progress and stop between
//! stacks.

use serde::{Deserialize, Serialize};

use super::heads_up::{solve_heads_up_from, HeadsUpSolution, HeadsUpSpot};
use super::matchups::CLASS_COUNT;
use crate::error::EquityError;

/// Smallest stack of the chart, in tenths of a big blind.
const FIRST_TENTHS: u32 = 10;
/// Largest stack of the chart, in tenths of a big blind.
const LAST_TENTHS: u32 = 200;
/// Number of stacks in the chart (1.0, 1.1, ..., 20.0).
pub const THRESHOLD_STACKS: usize = (LAST_TENTHS - FIRST_TENTHS + 1) as usize;

/// One class's thresholds for one action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Threshold {
    /// Highest stack (bb) at which the class is played; 0 when never.
    pub max: f64,
    /// Ranges `[from, to]` (bb, inclusive) below `max` where the class is not played.
    pub gaps: Vec<[f64; 2]>,
}

/// The chart of every class, in grid order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThresholdChart {
    /// Ante each player posted, in big blinds.
    pub ante: f64,
    /// The small blind's pushing thresholds.
    pub push: Vec<Threshold>,
    /// The big blind's calling thresholds.
    pub call: Vec<Threshold>,
    /// The largest exploitability of the 191 solves, in big blinds.
    pub max_exploitability: f64,
}

/// Builds a threshold chart stack by stack.
#[derive(Debug, Clone)]
pub struct ThresholdSolver {
    ante: f64,
    next: u32,
    previous: Option<HeadsUpSolution>,
    /// Per class, per stack index: played or not.
    pushed: Vec<Vec<bool>>,
    called: Vec<Vec<bool>>,
    max_exploitability: f64,
}

impl ThresholdSolver {
    /// A chart with `ante` big blinds posted by each player (0 for the classic charts).
    pub fn new(ante: f64) -> Result<ThresholdSolver, EquityError> {
        if !(ante.is_finite() && ante >= 0.0) {
            return Err(EquityError::InvalidOption {
                name: "ante",
                value: ante,
            });
        }
        Ok(ThresholdSolver {
            ante,
            next: FIRST_TENTHS,
            previous: None,
            pushed: (0..CLASS_COUNT)
                .map(|_| Vec::with_capacity(THRESHOLD_STACKS))
                .collect(),
            called: (0..CLASS_COUNT)
                .map(|_| Vec::with_capacity(THRESHOLD_STACKS))
                .collect(),
            max_exploitability: 0.0,
        })
    }

    /// Solves up to `stacks` more stacks; returns the fraction of the chart done (1 when complete).
    pub fn step(&mut self, stacks: u32) -> Result<f64, EquityError> {
        for _ in 0..stacks {
            if self.next > LAST_TENTHS {
                break;
            }
            let spot = HeadsUpSpot::chip_ev(f64::from(self.next) / 10.0, self.ante);
            let solution = solve_heads_up_from(&spot, self.previous.as_ref())?;
            for class in 0..CLASS_COUNT {
                self.pushed[class].push(solution.push[class] >= 0.5);
                self.called[class].push(solution.call[class] >= 0.5);
            }
            self.max_exploitability = self.max_exploitability.max(solution.exploitability);
            self.previous = Some(solution);
            self.next += 1;
        }
        Ok(self.progress())
    }

    /// Fraction of the chart solved so far.
    pub fn progress(&self) -> f64 {
        f64::from(self.next - FIRST_TENTHS) / THRESHOLD_STACKS as f64
    }

    /// The chart, once every stack is solved (solves the rest first).
    pub fn finish(mut self) -> Result<ThresholdChart, EquityError> {
        self.step(u32::MAX)?;
        Ok(ThresholdChart {
            ante: self.ante,
            push: self.pushed.iter().map(|played| threshold(played)).collect(),
            call: self.called.iter().map(|played| threshold(played)).collect(),
            max_exploitability: self.max_exploitability,
        })
    }
}

/// The heads-up threshold chart with `ante` big blinds each (one call; [`ThresholdSolver`] for steps).
pub fn threshold_chart(ante: f64) -> Result<ThresholdChart, EquityError> {
    ThresholdSolver::new(ante)?.finish()
}

fn stack_at(index: usize) -> f64 {
    f64::from(FIRST_TENTHS + index as u32) / 10.0
}

fn threshold(played: &[bool]) -> Threshold {
    let Some(top) = played.iter().rposition(|&p| p) else {
        return Threshold {
            max: 0.0,
            gaps: Vec::new(),
        };
    };
    let mut gaps = Vec::new();
    let mut start = None;
    for (index, &p) in played[..top].iter().enumerate() {
        match (p, start) {
            (false, None) => start = Some(index),
            (true, Some(from)) => {
                gaps.push([stack_at(from), stack_at(index - 1)]);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        gaps.push([stack_at(from), stack_at(top - 1)]);
    }
    Threshold {
        max: stack_at(top),
        gaps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_and_gaps_from_played_stacks() {
        let mut played = vec![false; THRESHOLD_STACKS];
        // Played at 1.0-2.3 and 5.1-7.1 (the published 63s), not above.
        played[..=13].iter_mut().for_each(|p| *p = true);
        played[41..=61].iter_mut().for_each(|p| *p = true);
        let t = threshold(&played);
        assert_eq!(t.max, 7.1);
        assert_eq!(t.gaps, vec![[2.4, 5.0]]);
        assert_eq!(threshold(&[true; THRESHOLD_STACKS]).max, 20.0);
        assert_eq!(threshold(&[false; THRESHOLD_STACKS]).max, 0.0);
        // A class not played at the smallest stacks has a gap from 1.0.
        let mut late = vec![true; THRESHOLD_STACKS];
        late[..3].iter_mut().for_each(|p| *p = false);
        assert_eq!(threshold(&late).gaps, vec![[1.0, 1.2]]);
        assert!(ThresholdSolver::new(-0.1).is_err());
    }
}
