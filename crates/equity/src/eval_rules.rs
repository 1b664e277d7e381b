//! Poker hand rules behind the evaluator's tables (built at start-up by `eval_tables`) and its 5- and 6-card path.
//!
//! [`dense_rank`] ranks the best five-card hand of five to seven cards, given as rank counts and the rank mask of
//! a flush suit, directly as `1..=7462` (stronger is higher) with no table. `eval_tables` calls it for every rank
//! multiset when the engine starts, and the evaluator's five- and six-card path calls it per hand. The test-only
//! `sparse_value` applies the same rules the plain way (category and tie-break ranks packed into one integer) and
//! is the reference the dense ranks are checked against.
//!
//! This file is included by `build.rs` with `#[path]` (for [`RANK_KEYS`]), so it must not refer to anything
//! else in the crate.

/// Additive rank keys: the sums of seven keys with at most four of each rank are all distinct (49,205 rank
/// multisets; checked when the tables are built), with a maximum of 7,825,759. These are the keys published with
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

/// Packs a category and the first five of the given tie-break ranks (zeros after them) into one comparable
/// integer.
#[cfg(test)]
fn pack(category: u32, ranks: impl IntoIterator<Item = u32>) -> u32 {
    let (value, slots) = ranks
        .into_iter()
        .take(5)
        .fold((category, 0), |(value, slots), r| ((value << 4) | r, slots + 1));
    value << (4 * (5 - slots))
}

/// The value of the best five-card hand among the cards described by `counts` (cards per rank, at most seven
/// cards in all) and `flush` (rank mask of a suit holding five or more of the cards, or 0).
///
/// The rules as the build script once applied them, kept as the tests' reference for [`dense_rank`]: sorting
/// the 7,462 distinct values gives the dense ranks.
#[cfg(test)]
pub fn sparse_value(counts: &[u8; 13], flush: u16) -> u32 {
    if flush != 0 {
        if let Some(hi) = top_straight(flush) {
            return pack(8, [hi]);
        }
    }
    // Ranks holding at least `min` cards, highest first.
    let at_least = |min: u8| (0..13u32).rev().filter(move |&r| counts[r as usize] >= min);
    // Ranks present, highest first, other than the two given (which may be equal).
    let kickers = |a: u32, b: u32| {
        (0..13u32)
            .rev()
            .filter(move |&r| counts[r as usize] > 0 && r != a && r != b)
    };
    if let Some(quad) = at_least(4).next() {
        return pack(7, std::iter::once(quad).chain(kickers(quad, quad).take(1)));
    }
    let trips = at_least(3).next();
    if let Some(t) = trips {
        if let Some(pair) = at_least(2).find(|&r| r != t) {
            return pack(6, [t, pair]);
        }
    }
    if flush != 0 {
        return pack(5, (0..13u32).rev().filter(|&r| flush & (1 << r) != 0));
    }
    let mask = (0..13).fold(0u16, |m, r| if counts[r] > 0 { m | (1 << r) } else { m });
    if let Some(hi) = top_straight(mask) {
        return pack(4, [hi]);
    }
    if let Some(t) = trips {
        return pack(3, std::iter::once(t).chain(kickers(t, t).take(2)));
    }
    let mut pairs = at_least(2);
    match (pairs.next(), pairs.next()) {
        (Some(p1), Some(p2)) => pack(2, [p1, p2].into_iter().chain(kickers(p1, p2).take(1))),
        (Some(p), None) => pack(1, std::iter::once(p).chain(kickers(p, p).take(3))),
        _ => pack(0, kickers(13, 13)),
    }
}

/// C(n, k) for n < 13 and k <= 5 (Pascal's triangle).
const BINOMIAL: [[u32; 6]; 13] = {
    let mut table = [[0u32; 6]; 13];
    let mut n = 0;
    while n < 13 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 6 && n > 0 {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// Index of a set of ranks among the sets of its size, in the order of their ranks read highest first
/// (the combinatorial number system: sum of C(rank, i) over the set's ranks in rising order, i from 1).
const fn colex(mask: u16) -> u32 {
    let (mut index, mut rest, mut i) = (0, mask, 1);
    while rest != 0 {
        index += BINOMIAL[rest.trailing_zeros() as usize][i];
        rest &= rest - 1;
        i += 1;
    }
    index
}

/// The five ranks of the straight whose high card is `hi` (3 is the wheel, A-2-3-4-5).
const fn straight_mask(hi: u32) -> u16 {
    if hi == 3 {
        0x100f
    } else {
        0x1f << (hi - 4)
    }
}

/// `colex` of the ten straights.
const STRAIGHT_COLEX: [u32; 10] = {
    let mut table = [0u32; 10];
    let mut hi = 3;
    while hi <= 12 {
        table[hi as usize - 3] = colex(straight_mask(hi));
        hi += 1;
    }
    table
};

/// First dense rank (minus one) of each category, weakest first: 1,277 high cards, 2,860 pairs, 858 two pairs,
/// 858 trips, 10 straights, 1,277 flushes, 156 full houses, 156 quads, 10 straight flushes.
const BASE: [u32; 9] = [0, 1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452];

/// The highest rank in a non-empty mask.
fn highest(mask: u16) -> u32 {
    15 - mask.leading_zeros()
}

/// The `k` highest ranks of a mask.
fn top(mask: u16, k: u32) -> u16 {
    let mut rest = mask;
    while rest.count_ones() > k {
        rest &= rest - 1;
    }
    rest
}

/// A mask without rank `r`, the ranks above it moved down one: the ranks numbered among the other twelve.
fn without(mask: u16, r: u32) -> u16 {
    let low = (1u16 << r) - 1;
    (mask & low) | ((mask >> 1) & !low)
}

/// Index of five distinct ranks that are not a straight among the 1,277 such sets.
fn no_straight_index(five: u16) -> u32 {
    let index = colex(five);
    index - STRAIGHT_COLEX.iter().filter(|&&s| s < index).count() as u32
}

/// The dense rank `1..=7462` of the best five-card hand among the cards described by `counts` (cards per rank,
/// five to seven cards in all) and `flush` (rank mask of a suit holding five or more of the cards, or 0).
///
/// Computed directly, with no table: within a category, hands are ordered by their deciding ranks read highest
/// first, which is the combinatorial number system's order of rank sets (`colex`). The evaluator's tables are
/// built from it when the engine starts (about 56,000 calls), and the five- and six-card path calls it.
pub fn dense_rank(counts: &[u8; 13], flush: u16) -> u16 {
    // at_least[n]: ranks holding n or more of the cards.
    let mut at_least = [0u16; 5];
    for (r, &c) in counts.iter().enumerate() {
        for mask in at_least.iter_mut().take(usize::from(c.min(4)) + 1).skip(1) {
            *mask |= 1 << r;
        }
    }
    let [_, present, pairs, trips, quads] = at_least;
    let index = if let Some(hi) = top_straight(flush) {
        BASE[8] + hi - 3
    } else if quads != 0 {
        let q = highest(quads);
        let kicker = highest(without(present, q));
        BASE[7] + q * 12 + kicker
    } else if trips != 0 && without(pairs, highest(trips)) != 0 {
        let t = highest(trips);
        BASE[6] + t * 12 + highest(without(pairs, t))
    } else if flush != 0 {
        BASE[5] + no_straight_index(top(flush, 5))
    } else if let Some(hi) = top_straight(present) {
        BASE[4] + hi - 3
    } else if trips != 0 {
        let t = highest(trips);
        BASE[3] + t * 66 + colex(top(without(present, t), 2))
    } else if pairs.count_ones() >= 2 {
        let p1 = highest(pairs);
        let p2 = highest(pairs & !(1 << p1));
        let kicker = highest(without(without(present, p1), p2));
        BASE[2] + (p2 + p1 * (p1 - 1) / 2) * 11 + kicker
    } else if pairs != 0 {
        let p = highest(pairs);
        BASE[1] + p * 220 + colex(top(without(present, p), 3))
    } else {
        no_straight_index(top(present, 5))
    };
    index as u16 + 1
}

/// Calls `visit(counts)` for every rank multiset of `total` cards with at most four cards per rank.
pub fn multisets(total: u8, visit: &mut dyn FnMut(&[u8; 13])) {
    fn rec(rank: usize, left: u8, counts: &mut [u8; 13], visit: &mut dyn FnMut(&[u8; 13])) {
        if rank == 13 {
            if left == 0 {
                visit(counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            rec(rank + 1, left - c, counts, visit);
        }
        counts[rank] = 0;
    }
    rec(0, total, &mut [0; 13], visit);
}
