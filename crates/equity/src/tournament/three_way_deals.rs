//! The deals of three hand classes all in together: generating the three-way table and measuring it.
//!
//! [`combo_triples`] lists every compatible combo triple of three classes (exact card removal between the three
//! hands). [`sample_shares`] is the generator's seeded Monte Carlo for one class triple, [`exact_shares`] and
//! [`exact_outcomes`] the exact enumeration it is measured against (see [`super::three_way`] for the figures), and
//! [`quantise`] the byte rounding of the stored shares.

use super::matchups::{class_members, CLASS_COUNT};
use super::three_way::ORDERS;
use crate::card::Card;
use crate::combo::{combo_cards, combo_mask};
use crate::evaluator::HandKey;
use crate::monte_carlo::Rng;

/// Every compatible combo triple of three classes (combo indices), in combo order.
pub fn combo_triples(a: usize, b: usize, c: usize) -> Vec<[usize; 3]> {
    let members = class_members();
    let mut out = Vec::new();
    if a >= CLASS_COUNT || b >= CLASS_COUNT || c >= CLASS_COUNT {
        return out;
    }
    for &x in &members[a] {
        for &y in members[b].iter().filter(|&&y| combo_mask(y) & combo_mask(x) == 0) {
            let used = combo_mask(x) | combo_mask(y);
            out.extend(
                members[c]
                    .iter()
                    .filter(|&&z| combo_mask(z) & used == 0)
                    .map(|&z| [x, y, z]),
            );
        }
    }
    out
}

fn pot_shares(ranks: [u16; 3]) -> [f64; 3] {
    let top = ranks.iter().copied().max().unwrap_or(0);
    let winners = ranks.iter().filter(|&&r| r == top).count() as f64;
    ranks.map(|r| if r == top { 1.0 / winners } else { 0.0 })
}

/// Monte Carlo shares of one class triple: `samples` boards, the compatible combo triples visited in turn.
/// `None` when no deal of the three classes exists.
pub fn sample_shares(a: usize, b: usize, c: usize, samples: u32, seed: u64) -> Option<[f64; 3]> {
    let deals: Vec<(u64, [HandKey; 3])> = combo_triples(a, b, c)
        .into_iter()
        .map(|deal| {
            let used = deal.iter().fold(0u64, |m, &combo| m | combo_mask(combo));
            (
                used,
                deal.map(|combo| {
                    let (x, y) = combo_cards(combo);
                    HandKey::pair(x, y)
                }),
            )
        })
        .collect();
    if deals.is_empty() {
        return None;
    }
    let card_keys: Vec<HandKey> = Card::all().map(HandKey::card).collect();
    let mut rng = Rng::new(seed);
    let mut sums = [0.0; 3];
    for k in 0..samples as usize {
        let (used, hands) = deals[k % deals.len()];
        let mut taken = used;
        let mut key = HandKey::EMPTY;
        let mut dealt = 0;
        while dealt < 5 {
            // Multiply-shift maps 32 random bits onto 0..52 without a division.
            let card = (((rng.next_u64() >> 32) * 52) >> 32) as usize;
            if taken & (1u64 << card) == 0 {
                taken |= 1u64 << card;
                key = key.plus(card_keys[card]);
                dealt += 1;
            }
        }
        let shares = pot_shares(hands.map(|h| key.plus(h).rank7().0));
        sums.iter_mut().zip(shares).for_each(|(s, v)| *s += v);
    }
    Some(sums.map(|s| s / f64::from(samples)))
}

/// Exact shares of one class triple: every board for every compatible combo triple with the first class fixed
/// to one combo (suit renaming maps the others onto it). Slow (seconds): for measuring the table.
pub fn exact_shares(a: usize, b: usize, c: usize) -> Option<[f64; 3]> {
    exact_outcomes(a, b, c).map(|(shares, _)| shares)
}

/// Exact shares and finishing-order probabilities of one class triple (as [`exact_shares`]); tied hands split
/// the orders they could be in equally.
pub fn exact_outcomes(a: usize, b: usize, c: usize) -> Option<([f64; 3], [f64; 6])> {
    let first = *class_members().get(a)?.first()?;
    let deals: Vec<[usize; 3]> = combo_triples(a, b, c)
        .into_iter()
        .filter(|d| d[0] == first)
        .collect();
    if deals.is_empty() {
        return None;
    }
    let mut sums = [0.0; 3];
    let mut orders = [0.0; 6];
    let mut boards = 0.0;
    for deal in &deals {
        let used = deal.iter().fold(0u64, |m, &combo| m | combo_mask(combo));
        let deck: Vec<Card> = Card::all().filter(|card| used & card.mask() == 0).collect();
        let keys = deal.map(|combo| {
            let (x, y) = combo_cards(combo);
            HandKey::pair(x, y)
        });
        let mut idx: Vec<usize> = (0..5).collect();
        loop {
            let board = idx
                .iter()
                .fold(HandKey::EMPTY, |k, &i| k.plus(HandKey::card(deck[i])));
            let ranks = keys.map(|h| board.plus(h).rank7().0);
            let shares = pot_shares(ranks);
            sums.iter_mut().zip(shares).for_each(|(s, v)| *s += v);
            // Orders consistent with the ranks (ties allow several), each an equal part.
            let fits = |o: &[usize; 3]| ranks[o[0]] >= ranks[o[1]] && ranks[o[1]] >= ranks[o[2]];
            let count = ORDERS.iter().filter(|o| fits(o)).count() as f64;
            for (slot, order) in orders.iter_mut().zip(&ORDERS) {
                if fits(order) {
                    *slot += 1.0 / count;
                }
            }
            boards += 1.0;
            if !crate::multiway::next_combination(&mut idx, deck.len()) {
                break;
            }
        }
    }
    Some((sums.map(|s| s / boards), orders.map(|o| o / boards)))
}

/// Rounds the shares of the sorted triple `classes` to the stored bytes of its first two classes (the third takes
/// the remainder). Copies of one class get exactly equal shares, as they must: sampling gives them slightly
/// different ones, and the solver would otherwise read a different value depending on which copy is whose. An odd
/// byte left over goes to the other class.
pub fn quantise(classes: [usize; 3], shares: [f64; 3]) -> (u8, u8) {
    let p = (shares[0] * 255.0).round().clamp(0.0, 255.0) as u8;
    let q = ((shares[1] * 255.0).round() as u16).min(255 - u16::from(p)) as u8;
    symmetric(classes, (p, q))
}

/// Equal bytes for equal classes of the sorted triple `classes` (see [`quantise`]).
pub fn symmetric(classes: [usize; 3], (p, q): (u8, u8)) -> (u8, u8) {
    let [a, b, c] = classes;
    if a == b && b == c {
        (85, 85)
    } else if a == b {
        let pair = (u16::from(p) + u16::from(q)) / 2;
        (pair as u8, pair as u8)
    } else if b == c {
        let rest = 255 - u16::from(p);
        let pair = rest / 2;
        ((255 - 2 * pair) as u8, pair as u8)
    } else {
        (p, q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::three_way::three_way_table;

    #[test]
    fn copies_of_a_class_share_equally() {
        assert_eq!(symmetric([4, 4, 4], (90, 80)), (85, 85));
        assert_eq!(symmetric([4, 4, 9], (101, 100)), (100, 100));
        assert_eq!(symmetric([4, 9, 9], (60, 100)), (61, 97));
        assert_eq!(symmetric([4, 8, 9], (60, 100)), (60, 100));
        // The shipped table holds to it: any order of a triple with a repeated class reads the same.
        let table = three_way_table().expect("embedded table");
        for (x, y) in [(0, 14), (14, 0), (30, 100), (168, 1)] {
            let a = table.shares(x, x, y);
            assert_eq!(a[0], a[1]);
            assert_eq!(table.shares(x, y, x), [a[0], a[2], a[1]]);
        }
    }

    #[test]
    fn impossible_triples_have_no_deal() {
        // AA three times needs six aces; AA, AA, AKs needs five.
        assert!(combo_triples(0, 0, 0).is_empty());
        assert!(combo_triples(0, 0, 1).is_empty());
        assert_eq!(combo_triples(0, 0, 14).len(), 6 * 6);
        assert!(sample_shares(0, 0, 0, 10, 1).is_none());
    }
}
