//! Engine benchmarks: evaluator throughput and the heads-up workloads the UI runs most.
//!
//! Targets (native should be well under): preflop 124 vs 246 combos <= 15 ms, the same on a flop <= 30 ms,
//! random vs random on a flop <= 100 ms; tournament solving as in `npm run bench:engine`.

// criterion_group! expands to an undocumented public function.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use equity::throughput::{
    evaluate_keys, evaluate_sequential, random_hand_keys, sequential_hand_count, BENCH_SEED,
};
use equity::tournament::{solve_table, threshold_chart, TableSpot};
use equity::{
    hand_categories, parse_cards, solve_heads_up, tally, AnteKind, Blinds, EquityRequest, HeadsUpSpot, Range,
    Shard,
};

const HERO: &str = "77+,ATs+,KJs+,QJs,AJo+,KQo";
const VILLAIN: &str = "22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+,QJo";

fn request(hero: &str, villain: &str, board: &str) -> EquityRequest {
    EquityRequest {
        hero: Range::parse(hero).expect("hero range"),
        villain: Range::parse(villain).expect("villain range"),
        board: parse_cards(board).expect("board"),
        dead: vec![],
        shard: Shard::WHOLE,
    }
}

fn evaluator(c: &mut Criterion) {
    let mut group = c.benchmark_group("evaluator");
    // Every 7-card hand from the first 24 cards (346,104 hands), keys added incrementally.
    group.throughput(Throughput::Elements(sequential_hand_count(24)));
    group.bench_function("sequential_7_of_24", |b| {
        b.iter(|| evaluate_sequential(black_box(24)))
    });
    // Random hands: precomputed keys, so only the lookup is measured.
    let hands = random_hand_keys(100_000, BENCH_SEED);
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("random_7", |b| b.iter(|| evaluate_keys(black_box(&hands), 1)));
    group.finish();
}

fn heads_up(c: &mut Criterion) {
    let mut group = c.benchmark_group("heads_up");
    group.sample_size(10);
    for (name, hero, villain, board) in [
        ("preflop_124_vs_246", HERO, VILLAIN, ""),
        ("flop_124_vs_246", HERO, VILLAIN, "Qs7h2d"),
        ("turn_124_vs_246", HERO, VILLAIN, "Qs7h2d5c"),
        // Suit-symmetric ranges: one runout per suit orbit (2 permutations two-tone, 6 monotone).
        ("flop_two_tone_124_vs_246", HERO, VILLAIN, "Ks9s4d"),
        ("flop_monotone_124_vs_246", HERO, VILLAIN, "Qs7s2s"),
        ("flop_random_vs_random", "random", "random", "Qs7h2d"),
    ] {
        let req = request(hero, villain, board);
        group.bench_function(name, |b| {
            b.iter(|| tally(black_box(&req)).expect("valid request"))
        });
    }
    // Next-card lists come out of the flop tally; this measures tally plus finishing the report.
    let req = request(HERO, VILLAIN, "Qs7h2d");
    group.bench_function("flop_report_with_next_cards", |b| {
        b.iter(|| {
            tally(&req)
                .and_then(|t| t.finish(0.02))
                .expect("valid request")
                .next_cards
                .len()
        })
    });
    let range = Range::parse(VILLAIN).expect("range");
    let board = parse_cards("Qs7h2d").expect("board");
    group.bench_function("hand_categories_246_flop", |b| {
        b.iter(|| hand_categories(black_box(&range), &board, &[]).expect("valid"))
    });
    group.finish();
}

/// Tournament solving, the same spots as `npm run bench:engine` (targets there: heads-up at one stack <= 20 ms, the
/// threshold chart <= 1 s, a 6-handed table <= 1 s, in wasm).
fn tournament(c: &mut Criterion) {
    let mut group = c.benchmark_group("tournament");
    group.sample_size(10);
    let spot = HeadsUpSpot::chip_ev(10.0, 0.0);
    group.bench_function("heads_up_10bb", |b| {
        b.iter(|| solve_heads_up(black_box(&spot)).expect("valid spot"))
    });
    group.bench_function("threshold_chart_1_to_20bb", |b| {
        b.iter(|| threshold_chart(0.0).expect("chart"))
    });
    let six = TableSpot {
        stacks: vec![20.0, 15.0, 12.0, 25.0, 10.0, 18.0],
        blinds: Blinds {
            small: 0.5,
            big: 1.0,
            ante: 0.125,
            ante_kind: AnteKind::PerPlayer,
        },
        payouts: vec![50.0, 30.0, 20.0],
    };
    group.bench_function("table_6_handed_icm", |b| {
        b.iter(|| solve_table(black_box(&six)).expect("valid spot"))
    });
    group.finish();
}

criterion_group!(benches, evaluator, heads_up, tournament);
criterion_main!(benches);
