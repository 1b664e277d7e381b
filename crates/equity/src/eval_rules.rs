//! Poker hand rules shared by the build script (table generation) and the library (5- and 6-card path).
//!
//! [`sparse_value`] computes the best five-card hand of up to seven cards from rank counts and the rank mask of
//! a flush suit. The result packs the category (4 bits) and up to five tie-break ranks (4 bits each), so a
//! plain integer comparison orders hands. The build script maps the 7,462 distinct values to dense ranks
//! `1..=7462`.
//!
//! This file is included by `build.rs` with `#[path]`, so it must not refer to anything else in the crate.

/// Additive rank keys: the sums of seven keys with at most four of each rank are all distinct (49,205 rank
/// multisets; checked by the build script), with a maximum of 7,825,759. These are the keys published with
/// Kenneth Shackleton's SKPokerEval.
pub const RANK_KEYS: [u32; 13] = [
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
];

/// The high card of the best straight in a 13-bit rank mask (3 for the wheel), if any.
fn top_straight(mask: u16) -> Option<u32> {
    for hi in (4..=12u32).rev() {
        let need = 0x1f << (hi - 4);
        if mask & need == need {
            return Some(hi);
        }
    }
    // The wheel: A-2-3-4-5 plays as a five-high straight.
    (mask & 0x100f == 0x100f).then_some(3)
}

/// Packs a category and tie-break ranks into one comparable integer.
fn pack(category: u32, ranks: &[u32]) -> u32 {
    let mut value = category;
    for slot in 0..5 {
        value = (value << 4) | ranks.get(slot).copied().unwrap_or(0);
    }
    value
}

/// The `n` highest ranks with a positive count, skipping the excluded ranks.
fn top_ranks(counts: &[u8; 13], n: usize, exclude: &[u32]) -> Vec<u32> {
    (0..13u32)
        .rev()
        .filter(|&r| counts[r as usize] > 0 && !exclude.contains(&r))
        .take(n)
        .collect()
}

/// The value of the best five-card hand among the cards described by `counts` (cards per rank, at most seven
/// cards in all) and `flush` (rank mask of a suit holding five or more of the cards, or 0).
pub fn sparse_value(counts: &[u8; 13], flush: u16) -> u32 {
    if flush != 0 {
        if let Some(hi) = top_straight(flush) {
            return pack(8, &[hi]);
        }
    }
    let highest = |min: u8, exclude: Option<u32>| {
        (0..13u32)
            .rev()
            .find(|&r| counts[r as usize] >= min && Some(r) != exclude)
    };
    if let Some(quad) = highest(4, None) {
        return pack(
            7,
            &[quad, top_ranks(counts, 1, &[quad]).first().copied().unwrap_or(0)],
        );
    }
    let trips = highest(3, None);
    if let Some(t) = trips {
        if let Some(pair) = highest(2, Some(t)) {
            return pack(6, &[t, pair]);
        }
    }
    if flush != 0 {
        let ranks: Vec<u32> = (0..13u32)
            .rev()
            .filter(|&r| flush & (1 << r) != 0)
            .take(5)
            .collect();
        return pack(5, &ranks);
    }
    let mask = (0..13).fold(0u16, |m, r| if counts[r] > 0 { m | (1 << r) } else { m });
    if let Some(hi) = top_straight(mask) {
        return pack(4, &[hi]);
    }
    if let Some(t) = trips {
        let mut ranks = vec![t];
        ranks.extend(top_ranks(counts, 2, &[t]));
        return pack(3, &ranks);
    }
    let pairs: Vec<u32> = (0..13u32)
        .rev()
        .filter(|&r| counts[r as usize] >= 2)
        .take(2)
        .collect();
    match pairs.as_slice() {
        [p1, p2] => {
            let mut ranks = vec![*p1, *p2];
            ranks.extend(top_ranks(counts, 1, &[*p1, *p2]));
            pack(2, &ranks)
        }
        [p] => {
            let mut ranks = vec![*p];
            ranks.extend(top_ranks(counts, 3, &[*p]));
            pack(1, &ranks)
        }
        _ => pack(0, &top_ranks(counts, 5, &[])),
    }
}
