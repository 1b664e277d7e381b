//! Exact equity of small jobs (a hand against a hand or any range, a few combos against a few) by direct
//! enumeration.
//!
//! The sweep of module `sweep` is built for ranges: per request it sums the weights of every entry per card, files
//! the entries by class and by suit and clears a slot for each of the 1326 combos; per group of runouts it ranks,
//! sorts and copies every live combo. With a handful of combos that set-up is most of the work: one hand against
//! one hand on a flop ranks two combos on each of 990 runouts. Here every runout (one per suit orbit, weighted by
//! the orbit's size, module `symmetry`) ranks each live combo once with incremental keys (the board, each runout
//! card, then the combo) and compares every hero combo with every villain combo apart from it:
//! O(runouts × (h + v + h·v)) for `h` hero and `v` villain combos, and nothing per request but the lists.
//!
//! The sums are those of the sweep, term for term: for a hero combo of weight `w_h` on a runout of orbit weight
//! `ω`, the villain weight it beats, ties and faces (each villain combo apart from it and from the runout), times
//! `ω · w_h`, added to the combo's sums, to the totals and to the cards the runout deals. Every such sum is a sum of
//! products of `f32` weights and is exact in `f64` for the app's weights (see module `group`), so the two paths
//! agree to the last bit there and to rounding (about 1e-16 relative) elsewhere.
//!
//! Runouts are dealt to shards round-robin in enumeration order (counting orbit representatives only), so the
//! shards of a request partition its runouts as the sweep's shards do its groups.

use crate::card::Card;
use crate::evaluator::HandKey;
use crate::exact::Shard;
use crate::report::EquityTally;
use crate::sweep::Entry;
use crate::symmetry::Symmetry;

/// Whether direct enumeration is the cheaper path for `entries`, `h` hero and `v` villain combos. Measured natively
/// on flops (one hand against 1 to 1,300 combos, 4 to 18 combos against 6 to 15): direct enumeration takes about
/// 20 µs + 1.7 µs per combo + 0.5 µs per pair, the sweep about 50 µs + 4 µs per combo, so direct enumeration wins
/// while `h·v < 60 + 4.6 (h + v)`: a hand against any range (random included: 2.2 ms against 4.8), two hands
/// against 120 combos, 16 combos against 9, and not 18 against 15 (the limit below rounds 4.6 down). A turn or a
/// river scales both alike.
pub(crate) fn is_small(entries: &[Entry]) -> bool {
    let heroes = entries.iter().filter(|e| e.hero > 0.0).count();
    let villains = entries.iter().filter(|e| e.villain > 0.0).count();
    heroes * villains <= 60 + 4 * (heroes + villains)
}

/// Adds the sums of this shard's runouts of `board` from `deck` to `tally` (its combo and card sums only when the
/// tally holds them), enumerating every pair of live combos.
pub(crate) fn enumerate(
    entries: &[Entry],
    board: &[Card],
    deck: &[Card],
    symmetry: &Symmetry,
    shard: Shard,
    tally: &mut EquityTally,
) {
    let missing = 5usize.saturating_sub(board.len());
    if deck.len() < missing {
        return;
    }
    let mut deal = Deal {
        entries,
        heroes: (0..entries.len()).filter(|&i| entries[i].hero > 0.0).collect(),
        villains: (0..entries.len()).filter(|&i| entries[i].villain > 0.0).collect(),
        deck: deck
            .iter()
            .map(|&card| (card.mask(), HandKey::card(card)))
            .collect(),
        ranks: vec![0; entries.len()],
        symmetry,
        shard,
        unit: 0,
        next_street: matches!(board.len(), 3 | 4),
        tally,
    };
    deal.runouts(0, missing, HandKey::of(board), 0);
    symmetry.spread(&mut deal.tally.combos, &mut deal.tally.cards);
}

/// The enumeration's state: the request's lists and the tally being filled.
struct Deal<'a> {
    entries: &'a [Entry],
    /// Indices of the entries with a hero weight, and with a villain weight.
    heroes: Vec<usize>,
    villains: Vec<usize>,
    /// Mask and key of each card that can be dealt.
    deck: Vec<(u64, HandKey)>,
    /// Per entry, its rank on the current runout; 0 (no hand ranks 0) when the runout holds one of its cards.
    ranks: Vec<u16>,
    symmetry: &'a Symmetry,
    shard: Shard,
    /// Orbit representatives met so far: the work units dealt to the shards.
    unit: u64,
    /// Whether the runout's sums go to the cards it deals (a flop or a turn).
    next_street: bool,
    tally: &'a mut EquityTally,
}

impl Deal<'_> {
    /// Deals `left` more cards from `deck[from..]` onto the partial runout (`key`, `mask`).
    fn runouts(&mut self, from: usize, left: usize, key: HandKey, mask: u64) {
        if left == 0 {
            self.runout(key, mask);
            return;
        }
        for i in from..=self.deck.len() - left {
            let (card_mask, card_key) = self.deck[i];
            self.runouts(i + 1, left - 1, key.plus(card_key), mask | card_mask);
        }
    }

    /// Adds one complete runout (`key` holds the board and the runout, `runout` the runout's cards).
    fn runout(&mut self, key: HandKey, runout: u64) {
        let Some(weight) = self.symmetry.representative(runout) else {
            return;
        };
        let unit = self.unit;
        self.unit += 1;
        if !self.shard.owns(unit) {
            return;
        }
        for (rank, e) in self.ranks.iter_mut().zip(self.entries) {
            *rank = if e.mask & runout == 0 {
                key.plus(e.key).rank7().0
            } else {
                0
            };
        }
        let entries = self.entries;
        let mut runout_sums = [0.0f64; 3];
        for &h in &self.heroes {
            let (hero, hero_rank) = (&entries[h], self.ranks[h]);
            if hero_rank == 0 {
                continue;
            }
            // Villain weight beaten, tied and faced by this hero combo.
            let mut pair = [0.0f64; 3];
            for &v in &self.villains {
                let (villain, villain_rank) = (&entries[v], self.ranks[v]);
                if villain_rank == 0 || villain.mask & hero.mask != 0 {
                    continue;
                }
                if villain_rank < hero_rank {
                    pair[0] += villain.villain;
                } else if villain_rank == hero_rank {
                    pair[1] += villain.villain;
                }
                pair[2] += villain.villain;
            }
            let sums = pair.map(|sum| weight * (hero.hero * sum));
            for k in 0..3 {
                runout_sums[k] += sums[k];
                self.tally.sums[k] += sums[k];
            }
            if let Some(slot) = self.tally.combos.get_mut(3 * hero.combo..3 * hero.combo + 3) {
                for (total, value) in slot.iter_mut().zip(sums) {
                    *total += value;
                }
            }
        }
        if self.next_street && !self.tally.cards.is_empty() {
            let mut rest = runout;
            while rest != 0 {
                let card = rest.trailing_zeros() as usize;
                for (total, value) in self.tally.cards[3 * card..3 * card + 3]
                    .iter_mut()
                    .zip(runout_sums)
                {
                    *total += value;
                }
                rest &= rest - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::parse_cards;
    use crate::exact::{tally_by, EquityRequest, Method, Shard};
    use crate::range::Range;
    use crate::report::{EquityTally, ReportParts};

    fn request(hero: &Range, villain: &Range, board: &str, dead: &str) -> EquityRequest {
        EquityRequest {
            hero: hero.clone(),
            villain: villain.clone(),
            board: parse_cards(board).expect("board"),
            dead: parse_cards(dead).expect("dead"),
            shard: Shard::WHOLE,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
    }

    fn assert_close(label: &str, what: &str, ours: &[f64], theirs: &[f64]) {
        assert_eq!(ours.len(), theirs.len(), "{label}: {what} lengths");
        for (i, (&a, &b)) in ours.iter().zip(theirs).enumerate() {
            assert!(close(a, b), "{label}: {what}[{i}] {a} vs {b}");
        }
    }

    /// Both methods on one request: the same totals, per-combo and per-card sums (the sweep is checked against the
    /// naive enumeration in tests/exact_reference.rs, and so is the direct path through the public `tally`).
    fn same_by_both(label: &str, request: &EquityRequest) -> EquityTally {
        let sweep = tally_by(request, ReportParts::ALL, Some(Method::Sweep)).expect("sweep");
        let direct = tally_by(request, ReportParts::ALL, Some(Method::Direct)).expect("direct");
        assert_close(label, "sums", &direct.sums, &sweep.sums);
        assert_close(label, "combos", &direct.combos, &sweep.combos);
        assert_close(label, "cards", &direct.cards, &sweep.cards);
        direct
    }

    /// The ranges of the sweep's group-correction test (combos of the runouts' ranks, weights, hero = villain) and
    /// small ranges of every shape, on flops, turns and rivers with and without dead cards.
    #[test]
    fn direct_enumeration_equals_the_sweep() {
        let hero = Range::parse("AcAd,AsKd:0.5,Kc5c:0.25,5d5h,9s8s:0.75,KhQd,4c4d,Ah3h:0.4").expect("range");
        let villain = Range::parse("AhAs:0.3,Ad5s,KsKd,5c4c:0.6,9d9c,Ac2h,KcKh:0.9,As4s").expect("range");
        let small = [
            ("AhKh", "QsQd"),
            ("AhKh", "QQ+,AK"),
            ("AA", "KK:0.5,QQ"),
            ("76s", "random"),
            ("JJ:0.3,AsKs", "TT,AQs:0.7"),
        ];
        for (board, dead) in [
            ("Qs7h2d", ""),
            ("Jc8d3h", "Tc"),
            ("Jh8h2c", ""),
            ("7c7d2h", ""),
            ("Qs7s2s", ""),
            ("Qs7h2d5c", ""),
            ("Tc6d6h2s", "Ks"),
            ("Ks9s4d", "5h"),
            ("Qs7h2d5c9c", ""),
        ] {
            let label = format!("{board} / {dead}");
            same_by_both(&label, &request(&hero, &villain, board, dead));
            same_by_both(
                &format!("{label} hero = villain"),
                &request(&hero, &hero, board, dead),
            );
            for (h, v) in small {
                let (h, v) = (Range::parse(h).expect("range"), Range::parse(v).expect("range"));
                let case = request(&h, &v, board, dead);
                if crate::exact::tally(&case).is_ok() {
                    same_by_both(&format!("{label} {h:?}"), &case);
                }
            }
        }
    }

    /// Preflop with a dead card, the five-card runouts the sweep streams one by one.
    #[test]
    fn direct_enumeration_equals_the_sweep_preflop_with_dead_cards() {
        let (hero, villain) = (
            Range::parse("AhKh").expect("range"),
            Range::parse("QsQd,7c6c").expect("range"),
        );
        same_by_both("preflop", &request(&hero, &villain, "", "2c"));
    }

    /// Shards of a direct job partition its runouts: merged, they are the whole job.
    #[test]
    fn shards_of_a_direct_job_merge_to_the_whole() {
        let (hero, villain) = (
            Range::parse("AhKh,QQ").expect("range"),
            Range::parse("JJ+:0.5,AK").expect("range"),
        );
        for board in ["Qs7h2d", "Ks9s4d", "Qs7h2d5c"] {
            let whole = request(&hero, &villain, board, "");
            let all = tally_by(&whole, ReportParts::ALL, Some(Method::Direct)).expect("whole");
            let mut merged: Option<EquityTally> = None;
            for index in 0..3 {
                let shard = EquityRequest {
                    shard: Shard { index, count: 3 },
                    ..whole.clone()
                };
                let part = tally_by(&shard, ReportParts::ALL, Some(Method::Direct)).expect("shard");
                match merged.as_mut() {
                    Some(m) => m.merge(&part).expect("same request"),
                    None => merged = Some(part),
                }
            }
            let merged = merged.expect("shards");
            assert_close(board, "sums", &merged.sums, &all.sums);
            assert_close(board, "combos", &merged.combos, &all.combos);
            assert_close(board, "cards", &merged.cards, &all.cards);
        }
    }

    /// The app's small jobs take the direct path; ranges take the sweep.
    #[test]
    fn small_jobs_are_enumerated_directly() {
        let entries = |hero: &str, villain: &str| {
            let (h, v) = (
                Range::parse(hero).expect("range"),
                Range::parse(villain).expect("range"),
            );
            crate::sweep::tests::entries(
                &h,
                &v,
                parse_cards("Jh8h2c")
                    .expect("board")
                    .iter()
                    .fold(0, |m, c| m | c.mask()),
            )
        };
        assert!(super::is_small(&entries("AhKh", "QsQd")));
        assert!(super::is_small(&entries("AhKh", "random")));
        assert!(super::is_small(&entries("AK", "QQ,JJ")));
        assert!(!super::is_small(&entries("AA,KK,QQ", "JJ,TT,99")));
        assert!(!super::is_small(&entries(
            "77+,ATs+,KJs+,QJs,AJo+,KQo",
            "22+,A2s+,K9s+"
        )));
    }
}
