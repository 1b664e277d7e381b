//! Generates `crates/equity/data/preflop.bin`: wins and ties of every suit-isomorphic heads-up preflop matchup
//! over all 1,712,304 boards, by direct enumeration with the incremental evaluator.
//!
//! Usage: `cargo run --release -p equity --bin gen-preflop-table [output path] [threads]`. The work is split
//! over scoped threads (default: available parallelism); it costs a few CPU-minutes and runs once, the output
//! is checked in.

use std::time::Instant;

use equity::preflop::{canonical_matchups, encode_table, key_cards};
use equity::{Card, HandKey};

/// Hero wins and ties over every board avoiding the four hole cards.
fn enumerate(cards: [Card; 4]) -> (u32, u32) {
    let dead = cards.iter().fold(0u64, |m, c| m | c.mask());
    let deck: Vec<HandKey> = Card::all()
        .filter(|c| dead & c.mask() == 0)
        .map(HandKey::card)
        .collect();
    let hero = HandKey::pair(cards[0], cards[1]);
    let villain = HandKey::pair(cards[2], cards[3]);
    let (mut wins, mut ties) = (0u32, 0u32);
    let n = deck.len();
    for a in 0..n {
        let ka = HandKey::EMPTY.plus(deck[a]);
        for b in a + 1..n {
            let kb = ka.plus(deck[b]);
            for c in b + 1..n {
                let kc = kb.plus(deck[c]);
                for d in c + 1..n {
                    let kd = kc.plus(deck[d]);
                    for &ke in &deck[d + 1..] {
                        let board = kd.plus(ke);
                        let (h, v) = (board.plus(hero).rank7(), board.plus(villain).rank7());
                        wins += u32::from(h > v);
                        ties += u32::from(h == v);
                    }
                }
            }
        }
    }
    (wins, ties)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| format!("{}/data/preflop.bin", env!("CARGO_MANIFEST_DIR")));
    let threads: usize = args
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let start = Instant::now();
    let keys = canonical_matchups();
    eprintln!("{} canonical matchups, {threads} threads", keys.len());
    let chunks: Vec<Vec<(u32, u32, u32)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let keys = &keys;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for (i, &key) in keys.iter().enumerate().skip(t).step_by(threads) {
                        let (wins, ties) = enumerate(key_cards(key));
                        out.push((key, wins, ties));
                        if t == 0 && i % (threads * 1000) == 0 {
                            eprintln!("{i} / {} after {:.0?}", keys.len(), start.elapsed());
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
    let mut entries: Vec<(u32, u32, u32)> = chunks.into_iter().flatten().collect();
    entries.sort_unstable();
    let bytes = encode_table(&entries);
    if let Err(err) = std::fs::write(&path, &bytes) {
        eprintln!("cannot write {path}: {err}");
        std::process::exit(1);
    }
    eprintln!(
        "wrote {} entries, {} bytes to {path} in {:.0?}",
        entries.len(),
        bytes.len(),
        start.elapsed()
    );
}
