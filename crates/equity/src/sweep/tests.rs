//! The group sweep against one sweep per runout of the same group: per-combo and per-runout sums must agree
//! (to float rounding of the hero-weight products) on every group of a board.

use super::{Entry, Sweeper};
use crate::card::{parse_cards, Card};
use crate::combo::{combo_cards, combo_mask, COMBOS};
use crate::evaluator::HandKey;
use crate::range::Range;
use crate::runouts::{for_each_group, RunoutGroup};
use crate::symmetry::Symmetry;

pub(crate) fn entries(hero: &Range, villain: &Range, blocked: u64) -> Vec<Entry> {
    (0..COMBOS)
        .filter(|&combo| combo_mask(combo) & blocked == 0)
        .filter(|&combo| hero.weight(combo) > 0.0 || villain.weight(combo) > 0.0)
        .map(|combo| {
            let (a, b) = combo_cards(combo);
            Entry {
                combo,
                a: a.index() as usize,
                b: b.index() as usize,
                mask: combo_mask(combo),
                key: HandKey::pair(a, b),
                hero: f64::from(hero.weight(combo)),
                villain: f64::from(villain.weight(combo)),
            }
        })
        .collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
}

/// Sweeps every group of the board both ways and compares; returns how many multi-runout groups it checked.
fn compare(hero: &Range, villain: &Range, board: &str, dead: &str) -> usize {
    let (hero, villain) = (hero.clone(), villain.clone());
    let (board, dead) = (
        parse_cards(board).expect("board"),
        parse_cards(dead).expect("dead"),
    );
    let blocked = board.iter().chain(&dead).fold(0u64, |m, c| m | c.mask());
    let entries = entries(&hero, &villain, blocked);
    let deck: Vec<Card> = Card::all().filter(|c| blocked & c.mask() == 0).collect();
    let symmetry = Symmetry::of(&hero, &villain, &board, &dead);
    let mut sweeper = Sweeper::new(&entries, &board);
    let mut groups = Vec::new();
    for_each_group(&deck, &board, &symmetry, |g| {
        groups.push(RunoutGroup {
            key: g.key,
            runouts: g.runouts.clone(),
        })
    });
    let mut checked = 0;
    for group in groups.iter().filter(|g| g.runouts.len() > 1) {
        checked += 1;
        let (mut together, mut sums) = (vec![0.0; 3 * COMBOS], [0.0; 3]);
        let mut per_runout = Vec::new();
        sweeper.run_group(group, &mut together, &mut sums, |r, s| per_runout.push((r, s)));
        let mut apart = vec![0.0; 3 * COMBOS];
        let mut apart_sums = [0.0; 3];
        let mut runs = Vec::new();
        for &runout in &group.runouts {
            let single = RunoutGroup {
                key: group.key,
                runouts: vec![runout],
            };
            let mut runout_sums = [0.0; 3];
            sweeper.run_group(&single, &mut apart, &mut apart_sums, |_, s| runout_sums = s);
            runs.push(runout_sums);
        }
        for combo in 0..COMBOS {
            for k in 0..3 {
                let (t, a) = (together[3 * combo + k], apart[3 * combo + k]);
                assert!(close(t, a), "combo {combo} sum {k}: {t} vs {a}");
                assert_eq!(t == 0.0, a == 0.0, "combo {combo} sum {k}: {t} vs {a}");
            }
        }
        for k in 0..3 {
            assert!(close(sums[k], apart_sums[k]), "group sum {k}");
        }
        for (i, &runout) in group.runouts.iter().enumerate() {
            assert_eq!(per_runout[i].0, runout.0);
            for (k, &want) in runs[i].iter().enumerate() {
                assert!(
                    close(per_runout[i].1[k], want),
                    "runout {:x} sum {k}: {} vs {}",
                    runout.0,
                    per_runout[i].1[k],
                    runs[i][k]
                );
                assert_eq!(
                    per_runout[i].1[k] == 0.0,
                    runs[i][k] == 0.0,
                    "runout {:x}",
                    runout.0
                );
            }
        }
    }
    checked
}

fn range(text: &str) -> Range {
    Range::parse(text).expect("range")
}

/// A range of about `size` random combos with random weights (a third exactly 1), from an xorshift seed;
/// `bias` adds every combo holding one of those cards, so that ranges hold the group ranks' cards.
fn random_range(seed: &mut u64, size: usize, bias: &str) -> Range {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let mut weights = vec![0.0f32; COMBOS];
    for _ in 0..size {
        let combo = (next() % COMBOS as u64) as usize;
        weights[combo] = if next() % 3 == 0 {
            1.0
        } else {
            (next() % 1000 + 1) as f32 / 1000.0
        };
    }
    let cards = parse_cards(bias)
        .expect("cards")
        .iter()
        .fold(0u64, |m, c| m | c.mask());
    for (combo, weight) in weights.iter_mut().enumerate() {
        if combo_mask(combo) & cards != 0 && next() % 2 == 0 {
            *weight = (next() % 1000 + 1) as f32 / 1000.0;
        }
    }
    Range::from_weights(&weights).expect("weights")
}

#[test]
fn group_sweep_equals_one_sweep_per_runout() {
    let strong = range("AA,KK,AKs,QJo:0.5");
    assert!(compare(&strong, &range("random"), "Ah7d2c", "") > 0);
    // Class ranges with weights; suit-symmetric on two-tone and monotone flops (orbit weights above 1).
    let (hero, villain) = (
        range("77+:0.75,ATs+,KJs+,QJs,AJo+:0.4,KQo"),
        range("22+,A2s+:0.3,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+:0.6,QJo"),
    );
    for board in ["Qs7h2d", "Ks9s4d", "7c7d2h", "5s5h5d", "Qs7h2d5c", "9h9d4c4s"] {
        assert!(compare(&hero, &villain, board, "") > 0, "{board}");
        compare(&hero, &hero, board, "");
    }
    // Three of a suit on the board: every runout is a group of its own.
    assert_eq!(compare(&hero, &villain, "Qs7s2s", ""), 0);
    compare(&hero, &villain, "Qs7h2d", "Tc");
    compare(&hero, &villain, "Qs7h2d", "Ac9c");
    compare(&hero, &villain, "Qs7h2d5c", "Kd");
    // A hero combo equal to a runout, and ranges made only of the group ranks' cards.
    compare(&range("AcAd,KdKh"), &range("AsAc,AdAs,Kc2c"), "Ah7d2c", "");
    compare(&range("random"), &range("random"), "Qs7h2d", "3c4c");
}

#[test]
fn group_sweep_equals_one_sweep_per_runout_on_random_ranges() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for (i, board) in [
        "Qs7h2d", "Jc8d3h", "Ks9s4d", "8h8c3d", "Qs7h2d5c", "Tc6d6h2s", "Ah7d2c", "Kh5s5c",
    ]
    .iter()
    .enumerate()
    {
        let dead = ["", "9s", "", "AcKd"][i % 4];
        let (hero, villain) = (
            random_range(&mut seed, 120, "AsAhAdAc5s5h5d5c"),
            random_range(&mut seed, 300, "KsKhKdKc7s7c"),
        );
        compare(&hero, &villain, board, dead);
        compare(&hero, &hero, board, dead);
    }
}

#[test]
fn compile_time_pair_table_matches_combo_index() {
    for x in Card::all() {
        for y in Card::all().filter(|&y| y != x) {
            let index = 52 * x.index() as usize + y.index() as usize;
            assert_eq!(
                usize::from(super::COMBO_OF[index]),
                crate::combo::combo_index(x, y)
            );
        }
    }
}
