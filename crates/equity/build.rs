//! Generates the evaluator's perfect-hash layout into `OUT_DIR/hash.rs` (32 KB of static data): the one part of
//! its lookup tables that is slow to compute (the first-fit packing below takes a few hundred milliseconds). The
//! library builds the rest at start-up in a few milliseconds (`src/eval_tables.rs`).
//!
//! `HASH_OFFSETS` is a displacement perfect hash from the additive rank-key sum of seven cards to a slot of the
//! rank array: scrambled keys are split into rows and columns; each row gets an offset so that its occupied
//! cells land on free slots of one shared array (first fit, fullest rows first). About 72,000 u16 slots for
//! 49,205 keys.

#[path = "src/eval_rules.rs"]
// Only the rank keys and the multiset walk are needed here; the hand rules are the library's.
#[allow(dead_code)]
mod eval_rules;

use std::fmt::Write as _;

use eval_rules::{multisets, RANK_KEYS};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/eval_rules.rs");

    let mut keys: Vec<u32> = Vec::new();
    multisets(7, &mut |counts| {
        keys.push(counts.iter().zip(RANK_KEYS).map(|(&c, k)| u32::from(c) * k).sum());
    });
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), keys.len(), "rank keys must give distinct sums");

    let (mult, offsets, slots) = build_hash(&keys);

    let mut out = String::new();
    let _ = writeln!(
        out,
        "/// Odd multiplier that scrambles rank-key sums before they are split into row and column."
    );
    let _ = writeln!(out, "pub(crate) const HASH_MULT: u32 = {mult};");
    let _ = writeln!(out, "/// Row = scrambled >> HASH_ROW_SHIFT (2^{ROW_BITS} rows).");
    let _ = writeln!(out, "pub(crate) const HASH_ROW_SHIFT: u32 = {};", 32 - ROW_BITS);
    let _ = writeln!(out, "/// Column = scrambled & HASH_COL_MASK.");
    let _ = writeln!(
        out,
        "pub(crate) const HASH_COL_MASK: u32 = {};",
        (1u32 << COL_BITS) - 1
    );
    let _ = writeln!(
        out,
        "/// Length of the packed rank array: largest displacement plus column, plus one."
    );
    let _ = writeln!(out, "pub(crate) const HASH_SLOTS: usize = {slots};");
    write_array(
        &mut out,
        "HASH_OFFSETS",
        "u16",
        &offsets,
        "Per-row displacement into HASH_RANKS.",
    );
    let path = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("hash.rs");
    std::fs::write(path, out).expect("write hash.rs");
}

fn write_array<T: std::fmt::Display>(out: &mut String, name: &str, ty: &str, data: &[T], doc: &str) {
    let _ = writeln!(out, "/// {doc}");
    let _ = write!(out, "pub(crate) static {name}: [{ty}; {}] = [", data.len());
    for (i, v) in data.iter().enumerate() {
        if i % 32 == 0 {
            out.push('\n');
        }
        let _ = write!(out, "{v},");
    }
    out.push_str("\n];\n");
}

/// Rows of the displacement hash: 2^14 u16 offsets = 32 KB.
const ROW_BITS: u32 = 14;
/// Columns per row: scrambled keys spread over 2^15 columns, so rows rarely collide and the shared array fills
/// to a high load.
const COL_BITS: u32 = 15;

/// Finds a multiplier for which no two keys share (row, column), then packs rows first fit, fullest first (ties
/// in row order); returns the multiplier, the row displacements and the packed length. Only the keys matter
/// here: the library puts each multiset's rank at its row's displacement plus its column when it starts.
fn build_hash(keys: &[u32]) -> (u32, Vec<u16>, usize) {
    let mut mult: u32 = 0x9E37_79B9;
    let split = |key: u32, mult: u32| {
        let h = key.wrapping_mul(mult);
        ((h >> (32 - ROW_BITS)) as usize, h & ((1 << COL_BITS) - 1))
    };
    loop {
        let mut cells: Vec<(usize, u32)> = keys.iter().map(|&k| split(k, mult)).collect();
        cells.sort_unstable();
        if cells.windows(2).all(|w| w[0] != w[1]) {
            break;
        }
        mult = mult.wrapping_mul(747_796_405).wrapping_add(2_891_336_453) | 1;
    }
    let mut rows: Vec<Vec<u32>> = vec![Vec::new(); 1 << ROW_BITS];
    for &key in keys {
        let (row, col) = split(key, mult);
        rows[row].push(col);
    }
    let mut order: Vec<usize> = (0..rows.len()).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(rows[r].len()));
    let mut used: Vec<bool> = Vec::new();
    let mut offsets = vec![0u16; rows.len()];
    let mut first_free = 0usize;
    for r in order {
        let cols = &rows[r];
        let min_col = cols.iter().copied().min().unwrap_or(0) as usize;
        let mut d = first_free.saturating_sub(min_col);
        while !cols
            .iter()
            .all(|&c| !used.get(d + c as usize).copied().unwrap_or(false))
        {
            d += 1;
        }
        for &c in cols {
            let slot = d + c as usize;
            if slot >= used.len() {
                used.resize(slot + 1, false);
            }
            used[slot] = true;
        }
        while first_free < used.len() && used[first_free] {
            first_free += 1;
        }
        offsets[r] = u16::try_from(d).expect("displacements fit in u16");
    }
    (mult, offsets, used.len())
}
