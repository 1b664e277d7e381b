//! Helpers shared by the integration tests: a seeded RNG and a deliberately simple, independent evaluator and
//! equity enumerator used as references.

#![allow(dead_code)] // Each test binary uses a different subset of the helpers.

use equity::{combo_cards, tally, Card, EquityRequest, EquityTally, Range, Shard};

/// SplitMix64: tiny, seeded, good enough for test data.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `n` distinct random cards avoiding the mask.
    pub fn cards(&mut self, n: usize, avoid: u64) -> Vec<Card> {
        let mut used = avoid;
        let mut out = Vec::new();
        while out.len() < n {
            let i = self.below(52) as u8;
            if used & (1 << i) == 0 {
                used |= 1 << i;
                out.push(Card::from_index(i).expect("index below 52"));
            }
        }
        out
    }
}

/// A random range of about `size` combos with random weights (some exactly 1).
pub fn random_range(rng: &mut Rng, size: usize) -> Range {
    let mut weights = vec![0.0f32; 1326];
    for _ in 0..size {
        let combo = rng.below(1326) as usize;
        weights[combo] = if rng.below(3) == 0 {
            1.0
        } else {
            (rng.unit() as f32).max(0.01)
        };
    }
    Range::from_weights(&weights).expect("weights in range")
}

/// Naive 5-card value: (category 0..8, tie-break ranks), compared lexicographically.
pub fn naive5(cards: &[Card]) -> (u8, Vec<u8>) {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = {
        let mut d = ranks.clone();
        d.dedup();
        d.len() == 5
    };
    let straight_high = if distinct && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    // Group ranks by (count, rank), largest groups first.
    let mut groups: Vec<(u8, u8)> = Vec::new();
    for &r in &ranks {
        match groups.iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => groups.push((1, r)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let by_group: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    match (straight_high, flush, shape.as_slice()) {
        (Some(h), true, _) => (8, vec![h]),
        (_, _, [4, 1]) => (7, by_group),
        (_, _, [3, 2]) => (6, by_group),
        (None, true, _) => (5, ranks),
        (Some(h), false, _) => (4, vec![h]),
        (_, _, [3, 1, 1]) => (3, by_group),
        (_, _, [2, 2, 1]) => (2, by_group),
        (_, _, [2, 1, 1, 1]) => (1, by_group),
        _ => (0, ranks),
    }
}

/// Naive best-of-21 seven-card (or best-of-n) value.
pub fn naive_best(cards: &[Card]) -> (u8, Vec<u8>) {
    let n = cards.len();
    let mut best = (0u8, vec![]);
    for skip_mask in 0u32..(1 << n) {
        if skip_mask.count_ones() as usize != n - 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| skip_mask & (1 << i) == 0)
            .map(|i| cards[i])
            .collect();
        best = best.max(naive5(&five));
    }
    best
}

/// Naive O(n^2) heads-up equity per runout: returns (hero win, tie, total) pair weights summed over runouts.
pub fn naive_equity(hero: &[f32], villain: &[f32], board: &[Card], dead: &[Card]) -> (f64, f64, f64) {
    let t = naive_tally(hero, villain, board, dead);
    (t.sums[0], t.sums[1], t.sums[2])
}

/// What the naive enumeration sums: totals, per hero combo (times its weight) and per runout card.
pub struct NaiveTally {
    pub sums: [f64; 3],
    pub combos: Vec<[f64; 3]>,
    pub cards: Vec<[f64; 3]>,
}

impl NaiveTally {
    /// Hero equity of one combo, `None` where it never faced a villain combo.
    pub fn combo_equity(&self, combo: usize) -> Option<f64> {
        let [w, t, n] = self.combos[combo];
        (n > 0.0).then(|| (w + t / 2.0) / n)
    }

    /// Hero equity over the runouts dealing `card`, `None` where there are none.
    pub fn card_equity(&self, card: usize) -> Option<f64> {
        let [w, t, n] = self.cards[card];
        (n > 0.0).then(|| (w + t / 2.0) / n)
    }
}

/// Naive O(n^2) heads-up enumeration of every runout with the independent evaluator.
pub fn naive_tally(hero: &[f32], villain: &[f32], board: &[Card], dead: &[Card]) -> NaiveTally {
    let mut blocked = 0u64;
    for c in board.iter().chain(dead) {
        blocked |= 1 << c.index();
    }
    let deck: Vec<Card> = Card::all().filter(|c| blocked & (1 << c.index()) == 0).collect();
    let missing = 5 - board.len();
    let mut runouts: Vec<Vec<Card>> = vec![vec![]];
    for _ in 0..missing {
        let mut next = Vec::new();
        for r in &runouts {
            for &c in &deck {
                if r.last().is_none_or(|l| c.index() > l.index()) {
                    let mut v = r.clone();
                    v.push(c);
                    next.push(v);
                }
            }
        }
        runouts = next;
    }
    let mut out = NaiveTally {
        sums: [0.0; 3],
        combos: vec![[0.0; 3]; 1326],
        cards: vec![[0.0; 3]; 52],
    };
    for runout in runouts {
        let mut full = board.to_vec();
        full.extend(&runout);
        let used = full.iter().fold(blocked, |m, c| m | (1 << c.index()));
        let value = |combo: usize| {
            let (a, b) = combo_cards(combo);
            let mut cards = full.clone();
            cards.push(a);
            cards.push(b);
            naive_best(&cards)
        };
        let live = |combo: usize, weights: &[f32]| {
            let (a, b) = combo_cards(combo);
            weights[combo] > 0.0 && used & ((1 << a.index()) | (1 << b.index())) == 0
        };
        let hv: Vec<(usize, (u8, Vec<u8>))> = (0..1326)
            .filter(|&c| live(c, hero))
            .map(|c| (c, value(c)))
            .collect();
        let vv: Vec<(usize, (u8, Vec<u8>))> = (0..1326)
            .filter(|&c| live(c, villain))
            .map(|c| (c, value(c)))
            .collect();
        let mut here = [0.0f64; 3];
        for (h, hval) in &hv {
            let (a, b) = combo_cards(*h);
            let hmask = (1u64 << a.index()) | (1 << b.index());
            for (v, vval) in &vv {
                let (c, d) = combo_cards(*v);
                if hmask & ((1u64 << c.index()) | (1 << d.index())) != 0 {
                    continue;
                }
                let w = f64::from(hero[*h]) * f64::from(villain[*v]);
                let slot = match hval.cmp(vval) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Equal => Some(1),
                    std::cmp::Ordering::Less => None,
                };
                for i in slot.into_iter().chain([2]) {
                    here[i] += w;
                    out.combos[*h][i] += w;
                }
            }
        }
        for (i, &value) in here.iter().enumerate() {
            out.sums[i] += value;
            if matches!(board.len(), 3 | 4) {
                for c in &runout {
                    out.cards[c.index() as usize][i] += value;
                }
            }
        }
    }
    out
}

/// Relative closeness of two pair-weight sums.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The tally of `request` computed shard by shard (shards `indices` of `count`, merged in that order).
pub fn merged_shards(
    request: &EquityRequest,
    count: u32,
    indices: impl IntoIterator<Item = u32>,
) -> EquityTally {
    let mut merged: Option<EquityTally> = None;
    for index in indices {
        let shard = EquityRequest {
            shard: Shard { index, count },
            ..request.clone()
        };
        let part = tally(&shard).expect("shard");
        match merged.as_mut() {
            Some(m) => m.merge(&part).expect("same request"),
            None => merged = Some(part),
        }
    }
    merged.expect("at least one shard")
}

/// Asserts that merged shards give the whole request's tally: its sums, hero equity, every combo's equity (NaN
/// where not live on both) and every next card's equity.
pub fn assert_same_tally(label: &str, whole: &EquityTally, merged: &EquityTally) {
    for (a, b) in whole.sums().iter().zip(merged.sums()) {
        assert!(close(*a, b), "{label}: sums {a} {b}");
    }
    let (w, m) = (
        whole.finish(0.0).expect("report"),
        merged.finish(0.0).expect("report"),
    );
    assert!((w.hero.equity - m.hero.equity).abs() < 1e-12, "{label}: equity");
    assert_eq!(w.combo_equity.len(), m.combo_equity.len(), "{label}");
    for (a, b) in w.combo_equity.iter().zip(&m.combo_equity) {
        assert!(
            (a.is_nan() && b.is_nan()) || (a - b).abs() < 1e-12,
            "{label}: combo {a} {b}"
        );
    }
    assert_eq!(w.next_cards.len(), m.next_cards.len(), "{label}");
    for (a, b) in w.next_cards.iter().zip(&m.next_cards) {
        assert!(
            a.card == b.card && (a.equity - b.equity).abs() < 1e-12,
            "{label}: next card"
        );
    }
}
