//! Generates the evaluator lookup tables into `OUT_DIR/tables.rs` (about 200 KB of static data).
//!
//! * `SPARSE_VALUES`: the 7,462 distinct five-card values of `eval_rules::sparse_value`, sorted; a hand's dense
//!   rank is its position + 1.
//! * `FLUSH_RANKS`: dense rank of the best flush / straight flush for each 13-bit rank mask of one suit.
//! * `HASH_OFFSETS` / `HASH_RANKS`: a displacement perfect hash from the additive rank-key sum of seven cards to
//!   the dense rank of the best non-flush hand. Scrambled keys are split into rows and columns; each row gets
//!   an offset so that its occupied cells land on free slots of one shared array (first fit, fullest rows
//!   first). About 72,000 u16 slots for 49,205 keys.

#[path = "src/eval_rules.rs"]
mod eval_rules;

use std::fmt::Write as _;

use eval_rules::{sparse_value, RANK_KEYS};

/// Calls `visit(counts)` for every rank multiset of `total` cards with at most four cards per rank.
fn multisets(total: u8, visit: &mut dyn FnMut(&[u8; 13])) {
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

fn mask_counts(mask: u16) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for (r, c) in counts.iter_mut().enumerate() {
        *c = u8::from(mask & (1 << r) != 0);
    }
    counts
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/eval_rules.rs");

    let mut values = Vec::new();
    multisets(5, &mut |counts| values.push(sparse_value(counts, 0)));
    for mask in 0u16..8192 {
        if mask.count_ones() == 5 {
            values.push(sparse_value(&mask_counts(mask), mask));
        }
    }
    values.sort_unstable();
    values.dedup();
    assert_eq!(values.len(), 7462, "distinct five-card values");
    let dense = |v: u32| {
        values
            .binary_search(&v)
            .map(|i| i as u16 + 1)
            .expect("every value is a 5-card value")
    };

    let flush: Vec<u16> = (0u16..8192)
        .map(|mask| {
            if mask.count_ones() >= 5 {
                dense(sparse_value(&mask_counts(mask), mask))
            } else {
                0
            }
        })
        .collect();

    let mut entries: Vec<(u32, u16)> = Vec::new();
    multisets(7, &mut |counts| {
        let key: u32 = counts.iter().zip(RANK_KEYS).map(|(&c, k)| u32::from(c) * k).sum();
        entries.push((key, dense(sparse_value(counts, 0))));
    });
    let mut keys: Vec<u32> = entries.iter().map(|e| e.0).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), entries.len(), "rank keys must give distinct sums");

    let (mult, offsets, ranks) = build_hash(&entries);

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
    write_array(
        &mut out,
        "HASH_OFFSETS",
        "u16",
        &offsets,
        "Per-row displacement into HASH_RANKS.",
    );
    write_array(
        &mut out,
        "HASH_RANKS",
        "u16",
        &ranks,
        "Dense rank of each seven-card rank multiset.",
    );
    write_array(
        &mut out,
        "FLUSH_RANKS",
        "u16",
        &flush,
        "Dense rank of the best flush per suit rank mask.",
    );
    write_array(
        &mut out,
        "SPARSE_VALUES",
        "u32",
        &values,
        "Sorted distinct five-card sparse values.",
    );
    let path = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("tables.rs");
    std::fs::write(path, out).expect("write tables.rs");
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

/// Finds a multiplier for which no two keys share (row, column), then packs rows first fit, fullest first.
fn build_hash(entries: &[(u32, u16)]) -> (u32, Vec<u16>, Vec<u16>) {
    let mut mult: u32 = 0x9E37_79B9;
    let split = |key: u32, mult: u32| {
        let h = key.wrapping_mul(mult);
        ((h >> (32 - ROW_BITS)) as usize, h & ((1 << COL_BITS) - 1))
    };
    loop {
        let mut cells: Vec<(usize, u32)> = entries.iter().map(|e| split(e.0, mult)).collect();
        cells.sort_unstable();
        if cells.windows(2).all(|w| w[0] != w[1]) {
            break;
        }
        mult = mult.wrapping_mul(747_796_405).wrapping_add(2_891_336_453) | 1;
    }
    let mut rows: Vec<Vec<(u32, u16)>> = vec![Vec::new(); 1 << ROW_BITS];
    for &(key, value) in entries {
        let (row, col) = split(key, mult);
        rows[row].push((col, value));
    }
    let mut order: Vec<usize> = (0..rows.len()).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(rows[r].len()));
    let mut used: Vec<bool> = Vec::new();
    let mut table: Vec<u16> = Vec::new();
    let mut offsets = vec![0u16; rows.len()];
    let mut first_free = 0usize;
    for r in order {
        let cols = &rows[r];
        let min_col = cols.iter().map(|c| c.0).min().unwrap_or(0) as usize;
        let mut d = first_free.saturating_sub(min_col);
        while !cols
            .iter()
            .all(|&(c, _)| !used.get(d + c as usize).copied().unwrap_or(false))
        {
            d += 1;
        }
        for &(c, v) in cols {
            let slot = d + c as usize;
            if slot >= used.len() {
                used.resize(slot + 1, false);
                table.resize(slot + 1, 0);
            }
            used[slot] = true;
            table[slot] = v;
        }
        while first_free < used.len() && used[first_free] {
            first_free += 1;
        }
        offsets[r] = u16::try_from(d).expect("displacements fit in u16");
    }
    (mult, offsets, table)
}
