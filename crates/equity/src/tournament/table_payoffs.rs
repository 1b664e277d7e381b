//! Building a table's game: its decisions, the class totals it reads, and the prize equity of every way a hand can
//! end (see [`super::Game`]).

use super::{Game, Node, ALL_COMBOS, N};
use crate::error::EquityError;
use crate::tournament::icm::{icm_after_hand, Icm};
use crate::tournament::matchups::{class_matchups, class_size, OPPONENT_COMBOS};
use crate::tournament::pots::{put_in, settle, Blinds};
use crate::tournament::three_way::{three_way_table, ORDERS};

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
}
