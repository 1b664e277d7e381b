//! Published equities (PokerStove / ProPokerTools figures) from the shared fixture
//! `tests/fixtures/equity-golden.json`, which the TypeScript tests read as well.

use equity::{multiway_exact, parse_cards, tally, EquityRequest, Range, Shard};
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    name: String,
    ranges: Vec<String>,
    board: String,
    dead: String,
    equity_percent: Vec<f64>,
    decimals: i32,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/equity-golden.json"
    );
    let text = std::fs::read_to_string(path).expect("golden fixture is readable");
    serde_json::from_str(&text).expect("golden fixture is valid JSON")
}

/// Exact equities in percent: the heads-up engine for two ranges, full multiway enumeration otherwise.
fn equities(case: &Case) -> Vec<f64> {
    let ranges: Vec<Range> = case
        .ranges
        .iter()
        .map(|r| Range::parse(r).expect("range"))
        .collect();
    let board = parse_cards(&case.board).expect("board");
    let dead = parse_cards(&case.dead).expect("dead");
    if ranges.len() == 2 {
        let request = EquityRequest {
            hero: ranges[0].clone(),
            villain: ranges[1].clone(),
            board,
            dead,
            shard: Shard::WHOLE,
        };
        let report = tally(&request).expect("tally").finish(0.0).expect("report");
        vec![report.hero.equity * 100.0, report.villain.equity * 100.0]
    } else {
        let totals = multiway_exact(&ranges, &board, &dead, u64::MAX)
            .expect("valid")
            .expect("within budget");
        totals.iter().map(|t| t.equity * 100.0).collect()
    }
}

#[test]
fn golden_equities_match_published_values() {
    let mut failures = Vec::new();
    for case in cases() {
        let ours = equities(&case);
        let tolerance = 0.5 * 10f64.powi(-case.decimals) + 1e-9;
        for (i, (&got, &want)) in ours.iter().zip(&case.equity_percent).enumerate() {
            if (got - want).abs() > tolerance {
                failures.push(format!(
                    "{} player {i}: got {got:.6}, published {want}",
                    case.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
