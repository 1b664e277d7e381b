//! Counting sort of a runout's combos by hand rank, for the exact sweep.

/// Sorts packed `rank << 16 | index` values (rank `1..=7462` fits 13 bits, index 16) by rank with a stable LSD
/// radix sort, two counting passes of 7 and 6 bits, instead of a comparison sort. The values are pushed in index
/// order, so the result is exactly `sort_unstable` of the packed values and the sweep's sums do not change.
pub(crate) fn sort_by_rank(order: &mut [u32], scratch: &mut Vec<u32>) {
    const LOW_BITS: u32 = 7;
    let low_of = |packed: u32| ((packed >> 16) & ((1 << LOW_BITS) - 1)) as usize;
    let high_of = |packed: u32| ((packed >> (16 + LOW_BITS)) & 0x3F) as usize;
    let mut low = [0u32; 1 << LOW_BITS];
    let mut high = [0u32; 64];
    for &packed in order.iter() {
        debug_assert!(packed >> 16 < 1 << 13, "hand ranks fit 13 bits");
        low[low_of(packed)] += 1;
        high[high_of(packed)] += 1;
    }
    let exclusive_prefix = |counts: &mut [u32]| {
        let mut total = 0;
        for count in counts.iter_mut() {
            let here = *count;
            *count = total;
            total += here;
        }
    };
    exclusive_prefix(&mut low);
    exclusive_prefix(&mut high);
    // Every slot is written below: only a longer order than the last one pads (with zeros it then overwrites).
    scratch.resize(order.len(), 0);
    for &packed in order.iter() {
        let slot = &mut low[low_of(packed)];
        scratch[*slot as usize] = packed;
        *slot += 1;
    }
    for &packed in scratch.iter() {
        let slot = &mut high[high_of(packed)];
        order[*slot as usize] = packed;
        *slot += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by_rank;

    /// The radix sort must give exactly the comparison sort's order, ties (equal ranks) by index included.
    #[test]
    fn radix_sort_matches_the_comparison_sort() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut scratch = Vec::new();
        for round in 0..200 {
            let len = (next() % 1400) as usize;
            // Few distinct ranks in some rounds, so many ties; the full 1..=7462 span in others.
            let span = if round % 2 == 0 { 40 } else { 7462 };
            let mut order: Vec<u32> = (0..len)
                .map(|i| ((1 + next() % span) as u32) << 16 | i as u32)
                .collect();
            let mut expected = order.clone();
            expected.sort_unstable();
            sort_by_rank(&mut order, &mut scratch);
            assert_eq!(order, expected);
        }
    }
}
