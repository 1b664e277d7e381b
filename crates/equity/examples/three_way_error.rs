//! Measures the three-way all-in model against exact enumeration: class triples drawn uniformly (seeded) from
//! the deals that exist, each enumerated over every board and every compatible combo triple. Two figures, in
//! percentage points: the table's main-pot shares, and the finishing-order probabilities the table solver uses
//! for side pots (from the shares and the heads-up equities, `three_way::orders`).
//!
//! Usage: `cargo run --release -p equity --example three_way_error [triples] [threads]` (default 120 triples, a few
//! minutes on two threads). The figures are kept in `equity::tournament::three_way::MEASURED_ERROR`.

use equity::tournament::class_matchups;
use equity::tournament::three_way::{orders, three_way_table, triple_classes, TRIPLES};
use equity::tournament::three_way_deals::{combo_triples, exact_outcomes};

fn summary(errors: &mut [f64]) -> String {
    errors.sort_by(f64::total_cmp);
    let mean = errors.iter().sum::<f64>() / errors.len() as f64;
    let p95 = errors[(errors.len() * 95) / 100];
    let max = errors.last().copied().unwrap_or(0.0);
    format!("mean abs error {mean:.3} pp, 95th percentile {p95:.3} pp, max {max:.3} pp")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(120);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let table = three_way_table().expect("embedded three-way table");
    let matchups = class_matchups().expect("embedded preflop table");
    // A fixed linear congruential walk over the triple indices: uniform enough, reproducible.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut picks = Vec::new();
    while picks.len() < count {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let [a, b, c] = triple_classes((state >> 33) as usize % TRIPLES);
        if !combo_triples(a, b, c).is_empty() {
            picks.push([a, b, c]);
        }
    }
    let results: Vec<(Vec<f64>, Vec<f64>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let picks = &picks;
                scope.spawn(move || {
                    let (mut shares, mut order_errors) = (Vec::new(), Vec::new());
                    for &classes in picks.iter().skip(t).step_by(threads) {
                        let [a, b, c] = classes;
                        let (exact, exact_orders) = exact_outcomes(a, b, c).expect("a deal exists");
                        let stored = table.shares(a, b, c);
                        let equity =
                            |x: usize, y: usize| matchups.equity(classes[x], classes[y]).unwrap_or(0.5);
                        for k in 0..3 {
                            shares.push(100.0 * (stored[k] - exact[k]).abs());
                        }
                        let model = orders(stored, equity(1, 2), equity(0, 2), equity(0, 1));
                        for (model, exact) in model.iter().zip(exact_orders) {
                            order_errors.push(100.0 * (model - exact).abs());
                        }
                    }
                    (shares, order_errors)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).collect()
    });
    let mut shares: Vec<f64> = results.iter().flat_map(|r| r.0.clone()).collect();
    let mut orders: Vec<f64> = results.iter().flat_map(|r| r.1.clone()).collect();
    println!("{count} triples: main-pot shares {}", summary(&mut shares));
    println!("{count} triples: finishing orders {}", summary(&mut orders));
}
