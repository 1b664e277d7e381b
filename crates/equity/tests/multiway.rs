//! Multiway exact enumeration and the seeded Monte Carlo.

use equity::{multiway_exact, parse_cards, tally, EquityError, EquityRequest, MonteCarlo, Range, Shard};

fn ranges(texts: &[&str]) -> Vec<Range> {
    texts.iter().map(|t| Range::parse(t).expect("range")).collect()
}

#[test]
fn two_way_exact_matches_the_heads_up_engine() {
    let board = parse_cards("Jh8h2c").expect("board");
    let rs = ranges(&["AhKh,QQ", "QsQd,JTs:0.5"]);
    let totals = multiway_exact(&rs, &board, &[], u64::MAX)
        .expect("valid")
        .expect("in budget");
    let request = EquityRequest {
        hero: rs[0].clone(),
        villain: rs[1].clone(),
        board,
        dead: vec![],
        shard: Shard::WHOLE,
    };
    let report = tally(&request).expect("tally").finish(0.0).expect("report");
    assert!((totals[0].equity - report.hero.equity).abs() < 1e-12);
    assert!((totals[0].win - report.hero.win).abs() < 1e-12);
    assert!((totals[1].tie - report.villain.tie).abs() < 1e-12);
    assert!((totals[0].combos - report.hero.combos).abs() < 1e-12);
}

#[test]
fn budget_and_errors() {
    let rs = ranges(&["random", "random", "random"]);
    assert_eq!(multiway_exact(&rs, &[], &[], 1_000_000), Ok(None));
    assert!(matches!(
        multiway_exact(&rs[..1], &[], &[], 1),
        Err(EquityError::RangeCount { found: 1, .. })
    ));
    let seven = ranges(&["AA"; 7]);
    assert!(matches!(
        multiway_exact(&seven, &[], &[], 1),
        Err(EquityError::RangeCount { found: 7, .. })
    ));
    let blocked = ranges(&["AA", "KK", "AsAh"]);
    let board = parse_cards("As2c3d").expect("board");
    assert!(matches!(
        multiway_exact(&blocked, &board, &[], u64::MAX),
        Err(EquityError::EmptyRange { player: 2 })
    ));
    let clash = ranges(&["AsAh", "AsAh", "KK"]);
    assert!(matches!(
        multiway_exact(&clash, &board[1..], &[], 1),
        Err(EquityError::BoardSize { count: 2 })
    ));
    let crowded = equity::parse_cards(
        "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJdJhJsQcQdQhQsKcKd",
    )
    .expect("dead cards");
    let heads_up = ranges(&["AA", "AA"]);
    assert!(matches!(
        multiway_exact(&heads_up, &[], &crowded, u64::MAX),
        Err(EquityError::NoValidDeal)
    ));
    assert!(matches!(
        MonteCarlo::new(&heads_up, &[], &crowded, 1),
        Err(EquityError::NoValidDeal)
    ));
    let mut mc = MonteCarlo::new(&clash, &[], &[], 1).expect("valid ranges");
    assert_eq!(mc.run(10), Err(EquityError::NoValidDeal));
}

#[test]
fn monte_carlo_converges_to_exact() {
    let rs = ranges(&["QsQh", "8c7c", "random"]);
    let board = parse_cards("Jc9h2d").expect("board");
    let exact = multiway_exact(&rs, &board, &[], u64::MAX)
        .expect("valid")
        .expect("in budget");
    let mut mc = MonteCarlo::new(&rs, &board, &[], 42).expect("valid");
    mc.run(100_000).expect("dealable");
    let se = mc.std_error();
    assert!(se > 0.0 && se < 0.003, "{se}");
    let results = mc.results();
    assert!(
        (results[0].equity - exact[0].equity).abs() < 5.0 * se,
        "{} vs {}",
        results[0].equity,
        exact[0].equity
    );
    assert!((results.iter().map(|r| r.equity).sum::<f64>() - 1.0).abs() < 1e-9);
    assert_eq!(mc.samples(), 100_000);
}

#[test]
fn monte_carlo_is_deterministic_and_merges() {
    let rs = ranges(&["AA,KK", "QQ+,AK"]);
    let run = |seed: u64| {
        let mut mc = MonteCarlo::new(&rs, &[], &[], seed).expect("valid");
        mc.run(5_000).expect("dealable");
        mc
    };
    assert_eq!(run(7).results(), run(7).results());
    assert_ne!(run(7).results(), run(8).results());
    let mut merged = run(7);
    merged.merge(&run(8)).expect("same problem");
    assert_eq!(merged.samples(), 10_000);
    let other = MonteCarlo::new(&ranges(&["AA", "KK"]), &[], &[], 1).expect("valid");
    assert!(matches!(
        merged.merge(&other),
        Err(EquityError::MergeMismatch { .. })
    ));
    // Heads-up Monte Carlo lands near the exact preflop value.
    let mut mc = MonteCarlo::new(&ranges(&["AA", "KK"]), &[], &[], 3).expect("valid");
    mc.run(50_000).expect("dealable");
    assert!((mc.results()[0].equity - 0.819_460_5).abs() < 5.0 * mc.std_error());
}
