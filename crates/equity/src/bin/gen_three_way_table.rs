//! Generates `crates/equity/data/threeway.bin`: the main-pot shares of every unordered triple of hand classes
//! all in preflop, by seeded Monte Carlo (see `equity::tournament::three_way` for the method and its measured
//! error).
//!
//! Usage: `cargo run --release -p equity --bin gen-three-way-table [output path] [threads]`. Each triple's seed
//! is derived from its index, so the output does not depend on the thread count; it costs about ten minutes of
//! CPU and runs once, the output is checked in.

use std::time::Instant;

use equity::tournament::three_way::{triple_classes, ThreeWayTable, SAMPLES_PER_TRIPLE, TRIPLES};
use equity::tournament::three_way_deals::{quantise, sample_shares};

/// Seed of a triple: its index mixed with a fixed constant (SplitMix64 finaliser).
fn seed(index: usize) -> u64 {
    let mut z = (index as u64).wrapping_add(0x5EED_3A11_0000_0000);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| format!("{}/data/threeway.bin", env!("CARGO_MANIFEST_DIR")));
    let threads: usize = args
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let start = Instant::now();
    eprintln!("{TRIPLES} class triples, {SAMPLES_PER_TRIPLE} boards each, {threads} threads");
    let chunks: Vec<Vec<(usize, (u8, u8))>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut out = Vec::with_capacity(TRIPLES / threads + 1);
                    for index in (t..TRIPLES).step_by(threads) {
                        let [a, b, c] = triple_classes(index);
                        // A triple no deal can produce never weighs in a solve; equal shares keep it harmless.
                        let shares =
                            sample_shares(a, b, c, SAMPLES_PER_TRIPLE, seed(index)).unwrap_or([1.0 / 3.0; 3]);
                        out.push((index, quantise([a, b, c], shares)));
                        if t == 0 && index % (threads * 20_000) == 0 {
                            eprintln!("{index} / {TRIPLES} after {:.0?}", start.elapsed());
                        }
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker thread"))
            .collect()
    });
    let mut shares = vec![(0u8, 0u8); TRIPLES];
    for (index, share) in chunks.into_iter().flatten() {
        shares[index] = share;
    }
    let bytes = ThreeWayTable::encode(&shares, SAMPLES_PER_TRIPLE);
    if let Err(err) = std::fs::write(&path, &bytes) {
        eprintln!("cannot write {path}: {err}");
        std::process::exit(1);
    }
    eprintln!("wrote {} bytes to {path} in {:.0?}", bytes.len(), start.elapsed());
}
