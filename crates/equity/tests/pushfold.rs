//! Push/fold solutions against published heads-up Nash charts and against definitions written out here.
//!
//! The published values are HoldemResources.net's "HeadsUp Push/Fold Nash Equilibrium" charts (2014; blinds 0.5
//! and 1, no ante, effective stacks before posting, "the highest stack at which a hand is pushed or called"),
//! whose usage page gives the examples T3s 7.7, Q2o 5.6 and 63s "between 7.1 and 5.1 bb and below 2.3 bb". The
//! solver computes every number; none is written into it.

use std::sync::OnceLock;

use equity::tournament::matchups::{class_matchups, class_size};
use equity::tournament::{threshold_chart, ThresholdChart};
use equity::{
    class_label, icm_equity, solve_heads_up, AnteKind, Blinds, HeadsUpSolution, HeadsUpSpot, CLASSES,
};

fn class(label: &str) -> usize {
    (0..CLASSES)
        .find(|&c| class_label(c).as_deref() == Ok(label))
        .expect("class label")
}

fn chart() -> &'static ThresholdChart {
    static CHART: OnceLock<ThresholdChart> = OnceLock::new();
    CHART.get_or_init(|| threshold_chart(0.0).expect("chart"))
}

/// Published values are printed to 0.1 bb and were "re-calculated with a later version" than the charts: a tenth
/// either way is the same chart.
fn assert_threshold(side: &str, label: &str, published: f64) {
    let t = &if side == "push" {
        &chart().push
    } else {
        &chart().call
    }[class(label)];
    assert!(
        (t.max - published).abs() <= 0.1 + 1e-9,
        "{label} {side}s up to {} bb, published {published}",
        t.max
    );
}

#[test]
fn published_push_thresholds() {
    for (label, bb) in [
        ("T3s", 7.7),
        ("K2o", 11.6),
        ("72o", 1.6),
        ("Q2o", 7.0),
        ("J2s", 8.5),
        ("K2s", 19.3),
        ("Q4s", 16.3),
        ("32o", 1.4),
        ("T2s", 6.5),
        ("Q8o", 13.0),
        ("63s", 7.1),
    ] {
        assert_threshold("push", label, bb);
    }
    // Any ace and any pair push at every stack up to 20 bb.
    for label in ["AA", "A2o", "A2s", "22", "A7o"] {
        assert_threshold("push", label, 20.0);
    }
}

#[test]
fn published_call_thresholds() {
    for (label, bb) in [
        ("Q2o", 5.6),
        ("K2s", 10.7),
        ("Q2s", 7.2),
        ("J2s", 5.6),
        ("92s", 3.9),
        ("K9o", 17.1),
        ("JTo", 12.7),
        ("T9o", 8.4),
        ("98o", 6.0),
    ] {
        assert_threshold("call", label, bb);
    }
    for label in ["AA", "KK", "AKo", "A9o", "ATo", "TT"] {
        assert_threshold("call", label, 20.0);
    }
}

#[test]
fn the_63s_gap() {
    // Pushed below 2.3 bb and between 5.1 and 7.1 bb, not in between.
    let t = &chart().push[class("63s")];
    let pushed = |stack: f64| {
        stack <= t.max + 1e-9
            && !t
                .gaps
                .iter()
                .any(|g| stack >= g[0] - 1e-9 && stack <= g[1] + 1e-9)
    };
    for stack in [1.0, 2.3, 5.1, 7.1] {
        assert!(pushed(stack), "63s at {stack}: {t:?}");
    }
    for stack in [2.4, 3.0, 4.0, 5.0, 7.2] {
        assert!(!pushed(stack), "63s at {stack}: {t:?}");
    }
    assert!(chart().max_exploitability < 1e-3);
}

/// The small blind's gain of pushing each class over folding, and the big blind's of calling, from the class
/// totals and the definitions of the payoffs (chip EV, no ante): independent of the solver's own bookkeeping.
fn gains(stack: f64, s: &HeadsUpSolution) -> (Vec<f64>, Vec<f64>) {
    let m = class_matchups().expect("table");
    let (sb, bb) = (0.5, 1.0);
    let push_gain = (0..CLASSES)
        .map(|i| {
            let mut ev = 0.0;
            for j in 0..CLASSES {
                let pairs = m.pairs(i, j);
                let equity = (m.wins(i, j) + m.ties(i, j) / 2.0) / pairs.max(1.0);
                let called = stack * (2.0 * equity - 1.0);
                ev += pairs * (s.call[j] * called + (1.0 - s.call[j]) * bb);
            }
            ev / (class_size(i) * 1225.0) + sb
        })
        .collect();
    let call_gain = (0..CLASSES)
        .map(|j| {
            let mut gain = 0.0;
            for i in 0..CLASSES {
                let pairs = m.pairs(j, i);
                let equity = (m.wins(j, i) + m.ties(j, i) / 2.0) / pairs.max(1.0);
                // Calling instead of folding to a push: win or lose the stack instead of losing the big blind.
                gain += s.push[i] * pairs * (stack * (2.0 * equity - 1.0) + bb);
            }
            gain / (class_size(j) * 1225.0)
        })
        .collect();
    (push_gain, call_gain)
}

#[test]
fn heads_up_equilibria_are_unexploitable() {
    for stack in [1.5, 4.0, 7.3, 10.0, 13.7, 20.0] {
        let s = solve_heads_up(&HeadsUpSpot::chip_ev(stack, 0.0)).expect("solve");
        let (v, w) = gains(stack, &s);
        let regret = |freqs: &[f64], gains: &[f64]| -> f64 {
            (0..CLASSES)
                .map(|c| class_size(c) / 1326.0 * (gains[c].max(0.0) - freqs[c] * gains[c]))
                .sum()
        };
        let exploitability = regret(&s.push, &v) + regret(&s.call, &w);
        assert!(exploitability <= 1e-3, "{stack} bb: {exploitability}");
        assert!(
            (exploitability - s.exploitability).abs() < 1e-9,
            "{stack}: {exploitability} vs {}",
            s.exploitability
        );
        for c in 0..CLASSES {
            // Mixed only at indifference; the reported EVs are the definitions'.
            if s.push[c] > 0.0 && s.push[c] < 1.0 {
                assert!(
                    v[c].abs() < 1e-9,
                    "{stack}: {} mixed at gain {}",
                    class_label(c).unwrap_or_default(),
                    v[c]
                );
            }
            if s.call[c] > 0.0 && s.call[c] < 1.0 {
                assert!(w[c].abs() < 1e-9, "{stack}: call mixed at gain {}", w[c]);
            }
            assert!((s.push_ev[c] - s.fold_ev[c] - v[c]).abs() < 1e-9);
            assert!((s.fold_ev[c] + 0.5).abs() < 1e-12);
        }
    }
}

#[test]
fn antes_widen_the_ranges() {
    let plain = solve_heads_up(&HeadsUpSpot::chip_ev(10.0, 0.0)).expect("solve");
    let ante = solve_heads_up(&HeadsUpSpot::chip_ev(10.0, 0.125)).expect("solve");
    let share = |f: &[f64]| (0..CLASSES).map(|c| f[c] * class_size(c)).sum::<f64>() / 1326.0;
    assert!(share(&ante.push) > share(&plain.push) + 0.03);
    assert!(share(&ante.call) > share(&plain.call));
    assert!(ante.exploitability < 1e-3);
    assert!((ante.fold_ev[0] + 0.625).abs() < 1e-12);
}

#[test]
fn icm_winner_takes_all_heads_up_is_chip_ev() {
    // Two players, winner takes all: prize equity is the chip share, a linear function of chips, so the
    // equilibrium is the chip-EV one.
    let chips = solve_heads_up(&HeadsUpSpot::chip_ev(8.0, 0.0)).expect("chips");
    let icm = solve_heads_up(&HeadsUpSpot {
        payouts: vec![100.0],
        ..HeadsUpSpot::chip_ev(8.0, 0.0)
    })
    .expect("icm");
    assert_eq!(icm.unit, "prize");
    for c in 0..CLASSES {
        assert!(
            (chips.push[c] - icm.push[c]).abs() < 1e-6,
            "{}",
            class_label(c).unwrap_or_default()
        );
        assert!((chips.call[c] - icm.call[c]).abs() < 1e-6);
    }
}

#[test]
fn icm_on_the_bubble_tightens_calls() {
    // Three left, two paid: the big blind risks elimination against a covering small blind, and calls tighter
    // than chip EV would.
    let spot = HeadsUpSpot {
        stacks: [20.0, 10.0],
        blinds: Blinds {
            small: 0.5,
            big: 1.0,
            ante: 0.0,
            ante_kind: AnteKind::PerPlayer,
        },
        payouts: vec![65.0, 35.0],
        others: vec![10.0],
    };
    let icm = solve_heads_up(&spot).expect("icm");
    let chips = solve_heads_up(&HeadsUpSpot {
        payouts: vec![],
        others: vec![],
        ..spot.clone()
    })
    .expect("chips");
    let share = |f: &[f64]| (0..CLASSES).map(|c| f[c] * class_size(c)).sum::<f64>() / 1326.0;
    assert!(
        share(&icm.call) < share(&chips.call) - 0.05,
        "{} vs {}",
        share(&icm.call),
        share(&chips.call)
    );
    assert!(icm.exploitability < 1e-6 * 100.0);
    let before = icm_equity(&[20.0, 10.0, 10.0], &[65.0, 35.0]).expect("icm");
    assert!((icm.fold_ev[0] - icm_equity(&[19.5, 10.5, 10.0], &[65.0, 35.0]).expect("icm")[0]).abs() < 1e-9);
    assert!(before[0] > icm.fold_ev[0]);
}

#[test]
fn bad_spots_are_errors() {
    let err = |spot: HeadsUpSpot| solve_heads_up(&spot).expect_err("rejected").to_string();
    assert!(err(HeadsUpSpot::chip_ev(0.0, 0.0)).contains("positive"));
    assert!(err(HeadsUpSpot::chip_ev(10.0, -1.0)).contains("ante"));
    let mut spot = HeadsUpSpot::chip_ev(10.0, 0.0);
    spot.payouts = vec![50.0, 30.0, 20.0];
    assert!(err(spot.clone()).contains("3 payouts for 2 players"));
    spot.others = vec![5.0; 9];
    assert!(err(spot).contains("between 2 and 10 players"));
    let mut blinds = HeadsUpSpot::chip_ev(10.0, 0.0);
    blinds.blinds.small = 2.0;
    assert!(err(blinds).contains("blinds"));
}
