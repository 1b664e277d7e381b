//! Native half of `npm run bench:engine`: reads the workloads as JSON on stdin, times them with the native build
//! and prints one JSON object of median times (5 warm-up calls, then N timed calls; no best-of), so the wasm and
//! native figures come from the same definitions and the same session.
//!
//! Input: `{"sequential_cards":30,"random_hands":200000,"random_repeats":10,
//!          "scenarios":[{"name":"...","hero":"...","villain":"...","board":"...","runs":11}],
//!          "categories":{"range":"...","board":"..."}}`

use std::collections::BTreeMap;
use std::error::Error;
use std::io::Read;
use std::time::Instant;

use equity::throughput::{evaluate_keys, evaluate_sequential, random_hand_keys, sequential_hand_count};
use equity::{hand_categories, parse_cards, tally, EquityRequest, Range, Shard};
use serde::Deserialize;

/// Seed of the random hands; the wasm export uses the same one.
const RANDOM_SEED: u64 = equity::throughput::BENCH_SEED;

#[derive(Deserialize)]
struct Input {
    sequential_cards: usize,
    random_hands: usize,
    random_repeats: u32,
    scenarios: Vec<Scenario>,
    categories: Categories,
}

#[derive(Deserialize)]
struct Scenario {
    name: String,
    hero: String,
    villain: String,
    board: String,
    runs: usize,
}

#[derive(Deserialize)]
struct Categories {
    range: String,
    board: String,
}

/// Calls made before timing, as on the wasm side (JIT tiers there, caches and frequency scaling here).
const WARM_UP_CALLS: usize = 5;

/// Median wall time in milliseconds of `runs` calls after the warm-up calls.
fn median_ms<T>(runs: usize, mut action: impl FnMut() -> T) -> f64 {
    for _ in 0..WARM_UP_CALLS {
        std::hint::black_box(action());
    }
    let mut samples: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(action());
            started.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    let middle = samples.len() / 2;
    if samples.len() % 2 == 1 {
        samples[middle]
    } else {
        (samples[middle - 1] + samples[middle]) / 2.0
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text)?;
    let input: Input = serde_json::from_str(&text)?;

    let sequential_ms = median_ms(5, || evaluate_sequential(input.sequential_cards));
    let sequential_per_s = sequential_hand_count(input.sequential_cards) as f64 / (sequential_ms / 1000.0);
    // Hands are dealt before timing on both sides (the wasm side keeps them in a RandomHandsBench).
    let keys = random_hand_keys(input.random_hands, RANDOM_SEED);
    let random_ms = median_ms(5, || evaluate_keys(&keys, input.random_repeats));
    let random_per_s = (input.random_hands as f64 * f64::from(input.random_repeats)) / (random_ms / 1000.0);

    let mut scenarios_ms = BTreeMap::new();
    let mut last_tally = None;
    for scenario in &input.scenarios {
        let request = EquityRequest {
            hero: Range::parse(&scenario.hero)?,
            villain: Range::parse(&scenario.villain)?,
            board: parse_cards(&scenario.board)?,
            dead: Vec::new(),
            shard: Shard::WHOLE,
        };
        let ms = median_ms(scenario.runs, || {
            tally(&request).and_then(|tally| tally.finish(0.02))
        });
        scenarios_ms.insert(scenario.name.clone(), ms);
        if scenario.board.len() == 6 && last_tally.is_none() {
            last_tally = Some(tally(&request)?);
        }
    }
    let finish_ms = match &last_tally {
        Some(flop) => median_ms(21, || flop.finish(0.02)),
        None => f64::NAN,
    };
    let range = Range::parse(&input.categories.range)?;
    let board = parse_cards(&input.categories.board)?;
    let categories_ms = median_ms(21, || hand_categories(&range, &board, &[]));

    let report = serde_json::json!({
        "evaluator_sequential_per_s": sequential_per_s,
        "evaluator_random_per_s": random_per_s,
        "scenarios_ms": scenarios_ms,
        "finish_ms": finish_ms,
        "categories_ms": categories_ms,
    });
    println!("{report}");
    Ok(())
}
