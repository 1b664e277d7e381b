//! Suit isomorphism of runouts: where a suit permutation maps the board, the dead cards and both ranges onto
//! themselves, runouts it maps onto each other have the same sums up to relabelling the combos and cards.
//!
//! Let `G` be the group of such permutations (found from the actual 1326 weights of both ranges, so a range the
//! suit editor made asymmetric gets no shortcut). Only one runout per orbit is swept (the one with the smallest
//! card mask), with its sums weighted by the orbit size `|G| / |stabiliser|`. That gives the right totals, but
//! per-combo and per-card sums land on the representative's labels only; averaging them over `G`
//! (`final[x] = 1/|G| * sum over g of partial[g(x)]`) spreads them back: for an orbit `O` with representative
//! `r`, `sum_g X_r[g(x)] = |stabiliser| * sum over runouts q in O of X_q[x]`, and `|O| * |stabiliser| = |G|`.
//!
//! On a two-tone flop `G` swaps the two absent suits (about 2x fewer runouts), on a monotone flop it permutes
//! the three others (about 6x); a rainbow flop or turn has only the identity.

use crate::card::Card;
use crate::combo::{combo_cards, combo_index};
use crate::range::Range;

/// A permutation of the four suits: `perm[suit]` is the image.
type SuitPerm = [u8; 4];

/// The suit permutations under which a request is invariant (always holds the identity first).
pub(crate) struct Symmetry {
    /// Card index image of each card, per permutation.
    cards: Vec<[u8; 52]>,
}

impl Symmetry {
    /// Finds every suit permutation fixing the board and dead card sets and both ranges' weights exactly.
    #[cfg(test)]
    pub(crate) fn of(hero: &Range, villain: &Range, board: &[Card], dead: &[Card]) -> Symmetry {
        Symmetry::of_live(hero, villain, board, dead, 0..crate::combo::COMBOS)
    }

    /// [`Symmetry::of`] checking the weights of the `live` combos only: every combo holding no board or dead card
    /// with a weight in either range (others may be listed too). That is enough: a permutation fixing the board
    /// and dead cards maps the other combos onto each other, so one that maps every live combo onto a combo of the
    /// same two weights maps the combos of no weight onto such combos as well. The weights of combos holding a
    /// board or dead card never count. A request knows its live combos, often a few among 1326.
    pub(crate) fn of_live(
        hero: &Range,
        villain: &Range,
        board: &[Card],
        dead: &[Card],
        live: impl Iterator<Item = usize> + Clone,
    ) -> Symmetry {
        let set = |cards: &[Card]| cards.iter().fold(0u64, |m, c| m | c.mask());
        let (board_set, dead_set) = (set(board), set(dead));
        let mut cards = Vec::new();
        for perm in all_perms() {
            let map = card_map(perm);
            let image = |mask: u64| map_mask(&map, mask);
            if image(board_set) != board_set || image(dead_set) != dead_set {
                continue;
            }
            let invariant = live.clone().all(|combo| {
                let (a, b) = combo_cards(combo);
                let mapped = combo_index(
                    Card::from_index_unchecked(map[a.index() as usize]),
                    Card::from_index_unchecked(map[b.index() as usize]),
                );
                hero.weight(mapped).to_bits() == hero.weight(combo).to_bits()
                    && villain.weight(mapped).to_bits() == villain.weight(combo).to_bits()
            });
            if invariant {
                cards.push(map);
            }
        }
        Symmetry { cards }
    }

    /// The number of permutations (1 when there is no symmetry).
    pub(crate) fn order(&self) -> usize {
        self.cards.len()
    }

    /// `Some(orbit size)` when `runout` is its orbit's representative (smallest mask), `None` otherwise.
    pub(crate) fn representative(&self, runout: u64) -> Option<f64> {
        if self.order() == 1 {
            return Some(1.0);
        }
        let mut fixed = 0usize;
        for map in &self.cards {
            let image = map_mask(map, runout);
            if image < runout {
                return None;
            }
            fixed += usize::from(image == runout);
        }
        Some((self.order() / fixed) as f64)
    }

    /// Averages interleaved per-combo (`width` 3 per combo) and per-card sums over the permutations; an empty
    /// slice (a part the request left out) stays empty.
    pub(crate) fn spread(&self, combos: &mut [f64], cards: &mut [f64]) {
        if self.order() == 1 {
            return;
        }
        let combo_image = |map: &[u8; 52], combo: usize| {
            let (a, b) = combo_cards(combo);
            combo_index(
                Card::from_index_unchecked(map[a.index() as usize]),
                Card::from_index_unchecked(map[b.index() as usize]),
            )
        };
        self.average(combos, combo_image);
        self.average(cards, |map, card| map[card] as usize);
    }

    /// `sums[3x + k] = 1/|G| * Σ_g old[3 g(x) + k]`, with `image(g, x)` the index `g` maps `x` to. Only the
    /// indices `y` holding sums contribute (a job of a few combos has a few), each to `x = g⁻¹(y)`; for every `x` the
    /// terms are added in the order of the permutations, as a loop over every `x` would add them.
    fn average(&self, sums: &mut [f64], image: impl Fn(&[u8; 52], usize) -> usize) {
        let scale = 1.0 / self.order() as f64;
        let old = sums.to_vec();
        let sources: Vec<usize> = (0..old.len() / 3)
            .filter(|&y| old[3 * y..3 * y + 3].iter().any(|&v| v != 0.0))
            .collect();
        sums.fill(0.0);
        for map in &self.cards {
            let mut inverse = [0u8; 52];
            for (card, &to) in map.iter().enumerate() {
                inverse[to as usize] = card as u8;
            }
            for &y in &sources {
                let x = image(&inverse, y);
                for k in 0..3 {
                    sums[3 * x + k] += old[3 * y + k] * scale;
                }
            }
        }
    }
}

/// The 24 permutations of four suits, identity first.
fn all_perms() -> Vec<SuitPerm> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                if a != b && a != c && b != c {
                    // The fourth suit is the one left: 0 + 1 + 2 + 3 = 6.
                    out.push([a, b, c, 6 - a - b - c]);
                }
            }
        }
    }
    out
}

/// Card index image of every card under a suit permutation.
fn card_map(perm: SuitPerm) -> [u8; 52] {
    let mut map = [0u8; 52];
    for (card, image) in map.iter_mut().enumerate() {
        *image = (card / 4 * 4) as u8 + perm[card % 4];
    }
    map
}

fn map_mask(map: &[u8; 52], mask: u64) -> u64 {
    let mut rest = mask;
    let mut image = 0u64;
    while rest != 0 {
        image |= 1u64 << map[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn order(hero: &str, villain: &str, board: &str) -> usize {
        Symmetry::of(
            &Range::parse(hero).expect("range"),
            &Range::parse(villain).expect("range"),
            &parse_cards(board).expect("board"),
            &[],
        )
        .order()
    }

    #[test]
    fn finds_the_board_and_range_symmetry() {
        assert_eq!(all_perms().len(), 24);
        assert_eq!(all_perms()[0], [0, 1, 2, 3]);
        assert_eq!(order("random", "random", ""), 24);
        assert_eq!(order("QQ+,AK", "random", "Qs7h2d"), 1);
        assert_eq!(order("QQ+,AK", "random", "Ks9s4d"), 2);
        assert_eq!(order("QQ+,AK", "22+", "Qs7s2s"), 6);
        // One suited combo breaks the symmetry of the others.
        assert_eq!(order("QQ+,AhKh", "random", "Qs7s2s"), 2);
    }

    #[test]
    fn orbit_sizes_add_up() {
        let sym = Symmetry::of(
            &Range::parse("random").expect("range"),
            &Range::parse("random").expect("range"),
            &parse_cards("Qs7s2s").expect("board"),
            &[],
        );
        let board = parse_cards("Qs7s2s")
            .expect("board")
            .iter()
            .fold(0u64, |m, c| m | c.mask());
        let mut total = 0.0;
        for a in 0..52u64 {
            for b in a + 1..52 {
                let runout = 1u64 << a | 1u64 << b;
                if runout & board == 0 {
                    total += sym.representative(runout).unwrap_or(0.0);
                }
            }
        }
        assert_eq!(total, 1176.0);
    }
}
