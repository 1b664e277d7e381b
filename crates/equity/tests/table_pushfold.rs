//! Table push/fold under ICM: solutions within the exploitability bound, prize equity conserved, the three-way
//! table against published and enumerated equities, and bad spots refused.

use equity::tournament::three_way::three_way_table;
use equity::tournament::three_way_deals::exact_shares;
use equity::tournament::{solve_table, TableSolver, TableSpot, DEFAULT_TOLERANCE};
use equity::{class_label, icm_equity, AnteKind, Blinds, CLASSES};

fn class(label: &str) -> usize {
    (0..CLASSES)
        .find(|&c| class_label(c).as_deref() == Ok(label))
        .expect("class label")
}

fn spot(stacks: &[f64], payouts: &[f64], ante: f64) -> TableSpot {
    TableSpot {
        stacks: stacks.to_vec(),
        blinds: Blinds {
            small: 0.5,
            big: 1.0,
            ante,
            ante_kind: AnteKind::PerPlayer,
        },
        payouts: payouts.to_vec(),
    }
}

#[test]
fn three_way_equities_match_published_and_enumerated_values() {
    let table = three_way_table().expect("embedded table");
    // PokerStove: AA 76.1347%, QQ 18.742%, AKo 5.1233% (tests/fixtures/equity-golden.json). The table's error is
    // within a percentage point (see three_way::MEASURED_ERROR).
    let s = table.shares(class("AA"), class("QQ"), class("AKo"));
    for (got, published) in s.iter().zip([76.1347, 18.742, 5.1233]) {
        assert!((100.0 * got - published).abs() < 1.0, "{s:?}");
    }
    // Any order of the same triple reads the same shares.
    assert_eq!(
        table.shares(class("AKo"), class("AA"), class("QQ")),
        [s[2], s[0], s[1]]
    );
    for (a, b, c) in [("76s", "KQo", "22"), ("A5s", "T9o", "88")] {
        let exact = exact_shares(class(a), class(b), class(c)).expect("a deal exists");
        let stored = table.shares(class(a), class(b), class(c));
        for k in 0..3 {
            assert!(
                (stored[k] - exact[k]).abs() < 0.01,
                "{a} {b} {c}: {stored:?} vs {exact:?}"
            );
        }
    }
}

#[test]
fn a_four_handed_bubble_solves_within_the_bound() {
    let spot = spot(&[10.0, 15.0, 8.0, 20.0], &[50.0, 30.0, 20.0], 0.125);
    let mut solver = TableSolver::new(&spot, None).expect("spot");
    let first = solver.progress();
    assert!(!first.overcalls && !first.done);
    let mut last = first;
    while !last.done {
        let next = solver.step(1);
        assert!(next.iterations >= last.iterations);
        last = next;
    }
    assert!(last.overcalls);
    let solution = solver.solution();
    assert!(
        solution.exploitability <= DEFAULT_TOLERANCE,
        "{}",
        solution.exploitability
    );
    assert!(solution.exploitability < first.exploitability);
    assert_eq!(solution.iterations, last.iterations);
    // Prize equity is conserved: what the seats expect after the hand adds up to the pool, as before it.
    let after: f64 = solution.equity_after.iter().sum();
    assert!((after - 100.0).abs() < 1e-9, "{after}");
    let before = icm_equity(&spot.stacks, &spot.payouts).expect("icm");
    assert_eq!(solution.equity_before, before);
    // Decisions: 3 opens, 6 calls, 4 overcalls; AA is always played, 72o never called.
    assert_eq!(solution.decisions.len(), 13);
    for decision in &solution.decisions {
        assert_eq!(decision.frequency.len(), CLASSES);
        if decision.reach > 1e-3 {
            assert_eq!(decision.frequency[class("AA")], 1.0, "{decision:?}");
        }
        if decision.pusher.is_some() {
            assert_eq!(decision.frequency[class("72o")], 0.0);
        }
    }
    // On the bubble the 8 bb small blind needs more equity to call the 15 bb button than chips alone would ask:
    // a positive risk premium.
    let call = solution
        .decisions
        .iter()
        .find(|d| d.pusher == Some(1) && d.seat == 2 && d.caller.is_none())
        .expect("call of seat 2 against seat 1");
    let (icm, chips) = (
        call.icm_breakeven.expect("call"),
        call.chip_breakeven.expect("call"),
    );
    assert!(icm > chips + 0.05, "{icm} vs {chips}");
}

#[test]
fn solving_in_one_call_matches_the_steps() {
    let spot = spot(&[6.0, 9.0, 4.0], &[70.0, 30.0], 0.0);
    let whole = solve_table(&spot).expect("solve");
    let mut solver = TableSolver::new(&spot, None).expect("spot");
    while !solver.step(3).done {}
    assert_eq!(solver.solution(), whole);
    assert!(whole.exploitability <= DEFAULT_TOLERANCE);
}

#[test]
fn bad_spots_are_errors() {
    let err = |s: TableSpot| TableSolver::new(&s, None).err().expect("rejected").to_string();
    assert!(err(spot(&[10.0, 10.0], &[1.0], 0.0)).contains("between 3 and 9 players"));
    assert!(err(spot(&[10.0; 10], &[1.0], 0.0)).contains("got 10"));
    assert!(err(spot(&[10.0, 0.0, 10.0], &[1.0], 0.0)).contains("player 1"));
    assert!(err(spot(&[10.0; 3], &[1.0, 1.0, 1.0, 1.0], 0.0)).contains("4 payouts for 3 players"));
    assert!(err(spot(&[10.0; 3], &[1.0], -0.5)).contains("ante"));
    assert!(TableSolver::new(&spot(&[10.0; 3], &[1.0], 0.0), Some(0.0)).is_err());
}
