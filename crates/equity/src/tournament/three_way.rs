//! Three-way all-in equities between hand classes, from a precomputed table.
//!
//! A table push/fold solve values every three-way all-in (a push, a call and an overcall) once per pair of
//! ranges per iteration: hundreds of thousands of class triples, far too many to enumerate (one class triple
//! is up to 144 combo pairs times 1,370,754 boards). So the equity of each unordered class triple — each
//! class's share of the main pot, ties split — is computed once, ahead of time, and shipped as data like the
//! preflop table.
//!
//! # How the table is made
//!
//! `cargo run --release -p equity --bin gen-three-way-table` (about 10 CPU-minutes) samples every one of the
//! 818,805 unordered class triples ([`TRIPLES`]) with seeded Monte Carlo: the compatible combo triples of the three classes are listed
//! (card removal between the three hands is exact) and visited in turn, each with a uniformly random board
//! from the 46 remaining cards, [`SAMPLES_PER_TRIPLE`] boards per class triple. Shares are stored as bytes
//! (`round(255 · share)`) for the first two classes of the sorted triple; the third is the remainder; copies of
//! one class get exactly equal shares ([`super::three_way_deals::quantise`]). A triple no deal can produce (three hands of `AA`) is
//! stored as equal shares and never weighs.
//!
//! # Precision
//!
//! Measured against exact enumeration (every board, every compatible combo triple) on 120 class triples drawn
//! uniformly from the table (`cargo run --release -p equity --example three_way_error`), in percentage points of
//! equity ([`MEASURED_ERROR`]):
//!
//! * main-pot shares, the table itself: mean absolute error 0.29, 95th percentile 0.73, largest 1.23. The
//!   sampling error of one share is at most `0.5 / sqrt(16384) = 0.39`; byte rounding adds at most 0.2.
//! * finishing orders, which decide side pots ([`orders`]: the shares plus heads-up equities): mean absolute error
//!   1.55, 95th percentile 4.85, largest 9.96. The identity behind them is exact; what is left is that three hands
//!   beat each other pairwise a little differently than two do heads-up (the third hand holds two cards), which
//!   only storing three more numbers per triple would remove (2.5 MB more data). Orders matter only when the
//!   shortest of three all-in stacks has the best hand, and for which of two busted players places higher.
//!
//! # Format
//!
//! Little endian: magic `RF3W`, format version (u32), samples per triple (u32), triple count (u32), then two
//! byte planes of that many bytes (first and second class's share), then an FNV-1a checksum (u32) of
//! everything before it.

use std::sync::{Mutex, OnceLock};

use super::matchups::CLASS_COUNT;
use crate::error::EquityError;
use crate::preflop::checksum;

/// Unordered class triples with repetition: `C(169 + 2, 3)`.
pub const TRIPLES: usize = 818_805;
/// Boards sampled per class triple when the table is generated.
pub const SAMPLES_PER_TRIPLE: u32 = 16_384;
/// Measured error against exact enumeration over 120 sampled class triples, in percentage points of equity: mean
/// absolute and largest error of the main-pot shares, then of the finishing orders (see the module docs).
pub const MEASURED_ERROR: MeasuredError = MeasuredError {
    triples: 120,
    shares_mean: 0.289,
    shares_max: 1.231,
    orders_mean: 1.547,
    orders_max: 9.964,
};

/// Errors of the three-way model against exact enumeration, in percentage points of equity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeasuredError {
    /// Class triples enumerated.
    pub triples: usize,
    /// Mean absolute error of the main-pot shares.
    pub shares_mean: f64,
    /// Largest error of a main-pot share.
    pub shares_max: f64,
    /// Mean absolute error of the finishing-order probabilities.
    pub orders_mean: f64,
    /// Largest error of a finishing-order probability.
    pub orders_max: f64,
}

const MAGIC: &[u8; 4] = b"RF3W";
const FORMAT_VERSION: u32 = 1;
const HEADER_BYTES: usize = 16;

static TABLE: OnceLock<ThreeWayTable> = OnceLock::new();
static LOAD_FAILURE: Mutex<Option<EquityError>> = Mutex::new(None);

/// The position of the unordered triple `a <= b <= c` in the table.
pub fn triple_index(a: usize, b: usize, c: usize) -> usize {
    c * (c + 1) * (c + 2) / 6 + b * (b + 1) / 2 + a
}

/// The classes of a triple index, smallest first (the inverse of [`triple_index`]).
pub fn triple_classes(index: usize) -> [usize; 3] {
    let mut c = 0;
    while triple_index(0, 0, c + 1) <= index {
        c += 1;
    }
    let rest = index - triple_index(0, 0, c);
    let mut b = 0;
    while (b + 1) * (b + 2) / 2 <= rest {
        b += 1;
    }
    [rest - b * (b + 1) / 2, b, c]
}

/// The parsed table, laid out pair-major: for each unordered class pair `x <= y` and each third class `z`, the
/// shares of `x` and `y` as bytes (`z` has the rest). A solve reads whole rows (one pair, every third class),
/// which this layout makes contiguous; it takes 4.9 MB, built from the file's 1.6 MB in a few milliseconds.
#[derive(Debug, PartialEq, Eq)]
pub struct ThreeWayTable {
    rows: Vec<[u8; 2]>,
    samples: u32,
}

/// Index of the unordered pair `x <= y`.
fn pair_index(x: usize, y: usize) -> usize {
    y * (y + 1) / 2 + x
}

impl ThreeWayTable {
    /// Serialises shares `(first, second)` of every triple, in index order.
    pub fn encode(shares: &[(u8, u8)], samples: u32) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_BYTES + 2 * shares.len() + 4);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&samples.to_le_bytes());
        out.extend_from_slice(&(shares.len() as u32).to_le_bytes());
        out.extend(shares.iter().map(|s| s.0));
        out.extend(shares.iter().map(|s| s.1));
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Parses and checks a table file.
    pub fn decode(bytes: &[u8]) -> Result<ThreeWayTable, EquityError> {
        let corrupt = |reason| EquityError::ThreeWayTable { reason };
        let word = |at: usize| {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        if bytes.len() < HEADER_BYTES + 4 || &bytes[..4] != MAGIC {
            return Err(corrupt("not a three-way table file (no RF3W header)"));
        }
        if word(4) != Some(FORMAT_VERSION) {
            return Err(corrupt("unknown format version"));
        }
        if word(12) != Some(TRIPLES as u32) || bytes.len() != HEADER_BYTES + 2 * TRIPLES + 4 {
            return Err(corrupt("length does not match the triple count"));
        }
        let body = HEADER_BYTES + 2 * TRIPLES;
        if word(body) != Some(checksum(&bytes[..body])) {
            return Err(corrupt("checksum mismatch"));
        }
        let first = &bytes[HEADER_BYTES..HEADER_BYTES + TRIPLES];
        let second = &bytes[HEADER_BYTES + TRIPLES..body];
        if first
            .iter()
            .zip(second)
            .any(|(&a, &b)| u16::from(a) + u16::from(b) > 255)
        {
            return Err(corrupt("shares add up to more than the pot"));
        }
        let mut rows = vec![[0u8; 2]; CLASS_COUNT * (CLASS_COUNT + 1) / 2 * CLASS_COUNT];
        for y in 0..CLASS_COUNT {
            for x in 0..=y {
                let base = pair_index(x, y) * CLASS_COUNT;
                for z in 0..CLASS_COUNT {
                    // Where x, y and z sit in the sorted triple, and its index.
                    let (index, at) = if z < x {
                        (triple_index(z, x, y), [1, 2, 0])
                    } else if z < y {
                        (triple_index(x, z, y), [0, 2, 1])
                    } else {
                        (triple_index(x, y, z), [0, 1, 2])
                    };
                    let (p, q) = (first[index], second[index]);
                    let sorted = [p, q, 255 - p - q];
                    rows[base + z] = [sorted[at[0]], sorted[at[1]]];
                }
            }
        }
        Ok(ThreeWayTable {
            rows,
            samples: word(8).unwrap_or(0),
        })
    }

    /// Boards sampled per triple when this table was made.
    pub fn samples(&self) -> u32 {
        self.samples
    }

    /// Main-pot shares (ties split) of classes `a`, `b`, `c` all in together, in that order.
    #[inline]
    pub fn shares(&self, a: usize, b: usize, c: usize) -> [f64; 3] {
        let (x, y) = (a.min(b), a.max(b));
        let [p, q] = self.rows[(pair_index(x, y) * CLASS_COUNT + c) % self.rows.len()];
        let scale = 1.0 / 255.0;
        let (p, q, r) = (
            f64::from(p) * scale,
            f64::from(q) * scale,
            f64::from(255 - p - q) * scale,
        );
        if a <= b {
            [p, q, r]
        } else {
            [q, p, r]
        }
    }

    /// Shares of classes `i`, `j` and every third class `l`: `out[l] = [share of i, share of j, share of l]`.
    pub fn share_row(&self, i: usize, j: usize, out: &mut [[f64; 3]]) {
        let (x, y) = (i.min(j), i.max(j));
        let base = pair_index(x, y) * CLASS_COUNT;
        let Some(row) = self.rows.get(base..base + CLASS_COUNT) else {
            return;
        };
        let scale = 1.0 / 255.0;
        for (slot, &[p, q]) in out.iter_mut().zip(row) {
            let (p, q, r) = (
                f64::from(p) * scale,
                f64::from(q) * scale,
                f64::from(255 - p - q) * scale,
            );
            *slot = if i <= j { [p, q, r] } else { [q, p, r] };
        }
    }
}

/// Parses and checks `bytes` (a `threeway.bin` file) and makes it the table solves use; returns it. The first
/// table loaded stays; loading it again succeeds, a different one is an error.
pub fn load_three_way_table(bytes: &[u8]) -> Result<&'static ThreeWayTable, EquityError> {
    let decoded = ThreeWayTable::decode(bytes).inspect_err(|error| {
        if TABLE.get().is_none() {
            *LOAD_FAILURE
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(error.clone());
        }
    })?;
    if let Err(rejected) = TABLE.set(decoded) {
        if TABLE.get() != Some(&rejected) {
            return Err(EquityError::ThreeWayTable {
                reason: "a different table is already loaded",
            });
        }
    }
    TABLE.get().ok_or(EquityError::ThreeWayTableNotLoaded)
}

/// Whether a three-way table is loaded.
pub fn is_three_way_loaded() -> bool {
    TABLE.get().is_some()
}

#[cfg(feature = "embedded-table")]
static EMBEDDED: &[u8] = include_bytes!("../../data/threeway.bin");

/// The loaded table (native builds load the embedded one on first use).
pub fn three_way_table() -> Result<&'static ThreeWayTable, EquityError> {
    if let Some(table) = TABLE.get() {
        return Ok(table);
    }
    #[cfg(feature = "embedded-table")]
    {
        load_three_way_table(EMBEDDED)
    }
    #[cfg(not(feature = "embedded-table"))]
    {
        let failure = LOAD_FAILURE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Err(failure.clone().unwrap_or(EquityError::ThreeWayTableNotLoaded))
    }
}

/// Finishing orders of three hands by rank, best first, as roles: `a > b > c`, `a > c > b`, `b > a > c`,
/// `b > c > a`, `c > a > b`, `c > b > a` (the order the table solver values side pots in).
pub const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// Probabilities of the six [`ORDERS`] from the main-pot shares `s` of `a`, `b`, `c` and the pairwise equities
/// `e_bc` (b against c), `e_ac`, `e_ab`.
///
/// Whenever `b` beats `c`, either `b` is best or `a` is best and `b` second, so `P(a > b > c) = P(b > c) - P(b
/// best)`: the orders follow from the shares and the pairwise results without assuming anything about how they
/// go together. The pairwise results of three hands are taken as their heads-up equities (the third hand's two
/// cards are not removed); the few orders that leaves out of range are clamped to the best hand's share.
#[inline(always)]
pub fn orders(s: [f64; 3], e_bc: f64, e_ac: f64, e_ab: f64) -> [f64; 6] {
    let abc = (e_bc - s[1]).clamp(0.0, s[0]);
    let bac = (e_ac - s[0]).clamp(0.0, s[1]);
    let cab = (e_ab - s[0]).clamp(0.0, s[2]);
    [abc, s[0] - abc, bac, s[1] - bac, cab, s[2] - cab]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triple_indices_are_dense_and_invert() {
        let mut next = 0;
        for c in 0..CLASS_COUNT {
            for b in 0..=c {
                for a in 0..=b {
                    assert_eq!(triple_index(a, b, c), next);
                    next += 1;
                }
            }
        }
        assert_eq!(next, TRIPLES);
        for index in [0, 1, 2, 3, 4, 1000, 500_000, TRIPLES - 1] {
            let [a, b, c] = triple_classes(index);
            assert_eq!(triple_index(a, b, c), index);
        }
    }

    #[test]
    fn encode_decode_and_lookup_in_any_order() {
        let mut shares = vec![(85u8, 85u8); TRIPLES];
        shares[triple_index(0, 1, 2)] = (200, 40);
        let bytes = ThreeWayTable::encode(&shares, 7);
        let table = ThreeWayTable::decode(&bytes).expect("valid");
        assert_eq!(table.samples(), 7);
        let s = table.shares(2, 0, 1);
        assert!((s[1] - 200.0 / 255.0).abs() < 1e-12 && (s[2] - 40.0 / 255.0).abs() < 1e-12);
        assert!((s[0] - 15.0 / 255.0).abs() < 1e-12);
        let mut bad = bytes.clone();
        bad[20] ^= 1;
        assert!(ThreeWayTable::decode(&bad)
            .expect_err("checksum")
            .to_string()
            .contains("checksum"));
        assert!(ThreeWayTable::decode(&bytes[..100]).is_err());
        shares[5] = (200, 100);
        let over = ThreeWayTable::encode(&shares, 7);
        assert!(ThreeWayTable::decode(&over)
            .expect_err("sum")
            .to_string()
            .contains("more than the pot"));
    }

    #[test]
    fn lookups_follow_the_sorted_triple_layout() {
        // Triple index t stores (t % 97, t % 89): the smallest class's and the middle class's bytes.
        let shares: Vec<(u8, u8)> = (0..TRIPLES).map(|t| ((t % 97) as u8, (t % 89) as u8)).collect();
        let table = ThreeWayTable::decode(&ThreeWayTable::encode(&shares, 1)).expect("valid");
        let expected = |a: usize, b: usize, c: usize| {
            let mut sorted = [a, b, c];
            sorted.sort_unstable();
            let (p, q) = shares[triple_index(sorted[0], sorted[1], sorted[2])];
            let value = |class: usize| {
                let byte = if class == sorted[0] {
                    f64::from(p)
                } else if class == sorted[1] {
                    f64::from(q)
                } else {
                    255.0 - f64::from(p) - f64::from(q)
                };
                byte / 255.0
            };
            [value(a), value(b), value(c)]
        };
        let mut row = vec![[0.0; 3]; CLASS_COUNT];
        for (i, j) in [(3, 100), (100, 3), (168, 0), (40, 41), (0, 168)] {
            table.share_row(i, j, &mut row);
            // Distinct classes only: with a repeated class the two copies' bytes are interchangeable.
            for l in (0..CLASS_COUNT).filter(|&l| l != i && l != j) {
                let near = |x: [f64; 3], y: [f64; 3]| (0..3).all(|k| (x[k] - y[k]).abs() < 1e-15);
                assert!(near(row[l], expected(i, j, l)), "{i} {j} {l}");
                assert!(near(table.shares(i, j, l), expected(i, j, l)));
                assert_eq!(table.shares(l, i, j), [row[l][2], row[l][0], row[l][1]]);
            }
        }
    }
}
