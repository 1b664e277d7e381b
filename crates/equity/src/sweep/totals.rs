//! Per-card sums over the combos of a group, from the request's sums less the combos the group excludes.
//!
//! A group's records are the entries that hold no card common to all of its runouts (module `sweep`): every
//! entry for a flush-free group of several runouts, all but the few holding one of the two cards for a runout
//! of its own. Its sums of villain weight, hero weight and of the combos of either range (per card and in
//! total) are therefore the request's sums, computed once, less those few entries: about 30 subtractions for
//! a flop runout instead of 370 additions. The weights' sums are exact in `f64` (see module `group`), so the
//! order and the subtractions do not change them; the sums of the excluded cards are set to zero exactly, as
//! summing the records alone leaves them.

use super::{cards_of, CardSums, Entry};

/// Which weight a sum adds up.
#[derive(Clone, Copy)]
pub(super) enum Weight {
    /// The villain weight.
    Villain = 0,
    /// The hero weight.
    Hero = 1,
    /// One for each hero combo (weight above zero).
    HeroCombo = 2,
    /// One for each villain combo.
    VillainCombo = 3,
}

impl Weight {
    fn of(self, e: &Entry) -> f64 {
        match self {
            Weight::Villain => e.villain,
            Weight::Hero => e.hero,
            Weight::HeroCombo => f64::from(u8::from(e.hero > 0.0)),
            Weight::VillainCombo => f64::from(u8::from(e.villain > 0.0)),
        }
    }
}

/// The request's sums, per [`Weight`], and the entries holding each card.
pub(super) struct Totals {
    sums: [CardSums; 4],
    /// Pairs of a hero combo and a villain combo apart from it, counted one each.
    pairs: f64,
    holding: Vec<Vec<u16>>,
}

impl Totals {
    pub(super) fn of(entries: &[Entry]) -> Totals {
        let mut totals = Totals {
            sums: [CardSums::ZERO; 4],
            pairs: 0.0,
            holding: vec![Vec::new(); 52],
        };
        for (i, e) in entries.iter().enumerate() {
            for weight in [
                Weight::Villain,
                Weight::Hero,
                Weight::HeroCombo,
                Weight::VillainCombo,
            ] {
                totals.sums[weight as usize].add(e.a, e.b, weight.of(e));
            }
            totals.holding[e.a].push(i as u16);
            totals.holding[e.b].push(i as u16);
        }
        let villains = &totals.sums[Weight::VillainCombo as usize];
        totals.pairs = entries
            .iter()
            .filter(|e| e.hero > 0.0)
            .map(|e| villains.apart(e.a, e.b) + Weight::VillainCombo.of(e))
            .sum();
        totals
    }

    /// Pairs of a hero combo and a villain combo that share no card (an integer, exact in `f64`).
    pub(super) fn pair_count(&self) -> f64 {
        self.pairs
    }

    /// The sums of `weight` over the entries holding no card of `excluded`.
    pub(super) fn without(&self, weight: Weight, entries: &[Entry], excluded: u64) -> CardSums {
        let mut sums = self.sums[weight as usize];
        let mut done = 0u64;
        for card in cards_of(excluded) {
            for &i in &self.holding[card] {
                let e = &entries[i as usize];
                // An entry holding two excluded cards is taken out once.
                if e.mask & done == 0 {
                    sums.add(e.a, e.b, -weight.of(e));
                }
            }
            done |= 1 << card;
        }
        for card in cards_of(excluded) {
            sums.card[card] = 0.0;
        }
        sums
    }
}
