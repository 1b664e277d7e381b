//! Evaluator throughput workloads, shared by the criterion bench, the native `bench_table` example and the
//! wasm benchmark, so every platform times exactly the same work. Nothing here reads a clock: callers time the
//! calls.
//!
//! * Sequential: every 7-card hand from the first `cards` cards of the deck, keys added incrementally as in the
//!   exact engine (a nested loop that adds one card key per level).
//! * Random: precomputed keys of random 7-card hands (xorshift, seeded), so only the lookup is measured.

use crate::card::Card;
use crate::evaluator::HandKey;
use crate::multiway::binomial;

/// Seed of the random workload used by every benchmark (native, criterion and wasm), so they time the same
/// hands.
pub const BENCH_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// Number of hands [`evaluate_sequential`] ranks: C(cards, 7), with `cards` clamped to `7..=52`.
pub fn sequential_hand_count(cards: usize) -> u64 {
    binomial(cards.clamp(7, 52) as u64, 7)
}

/// Ranks every 7-card hand from the first `cards` cards (clamped to `7..=52`); returns the sum of the ranks so
/// the work cannot be optimised away.
pub fn evaluate_sequential(cards: usize) -> u64 {
    let n = cards.clamp(7, 52);
    let keys: Vec<HandKey> = Card::all().take(n).map(HandKey::card).collect();
    let mut sum = 0u64;
    for a in 0..n {
        let ka = HandKey::EMPTY.plus(keys[a]);
        for b in a + 1..n {
            let kb = ka.plus(keys[b]);
            for c in b + 1..n {
                let kc = kb.plus(keys[c]);
                for d in c + 1..n {
                    let kd = kc.plus(keys[d]);
                    for e in d + 1..n {
                        let ke = kd.plus(keys[e]);
                        for f in e + 1..n {
                            let kf = ke.plus(keys[f]);
                            for &kg in &keys[f + 1..] {
                                sum += u64::from(kf.plus(kg).rank7().0);
                            }
                        }
                    }
                }
            }
        }
    }
    sum
}

/// Keys of `count` random 7-card hands (distinct cards within each hand), deterministic for a seed.
pub fn random_hand_keys(count: usize, seed: u64) -> Vec<HandKey> {
    // xorshift64 needs a non-zero state.
    let mut state = seed | 1;
    let keys: Vec<HandKey> = Card::all().map(HandKey::card).collect();
    (0..count)
        .map(|_| {
            let mut used = 0u64;
            let mut key = HandKey::EMPTY;
            while used.count_ones() < 7 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let i = (state % 52) as usize;
                if used & (1 << i) == 0 {
                    used |= 1 << i;
                    key = key.plus(keys[i]);
                }
            }
            key
        })
        .collect()
}

/// Ranks every key `repeats` times; returns the sum of the ranks.
pub fn evaluate_keys(keys: &[HandKey], repeats: u32) -> u64 {
    (0..repeats)
        .map(|_| keys.iter().map(|k| u64::from(k.rank7().0)).sum::<u64>())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workloads_are_consistent() {
        assert_eq!(sequential_hand_count(24), 346_104);
        assert_eq!(sequential_hand_count(3), 1);
        assert!(evaluate_sequential(9) > 0);
        let keys = random_hand_keys(100, 7);
        assert_eq!(keys, random_hand_keys(100, 7));
        assert_eq!(evaluate_keys(&keys, 2), 2 * evaluate_keys(&keys, 1));
    }
}
