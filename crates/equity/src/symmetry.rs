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
use crate::combo::{combo_cards, combo_index, COMBOS};
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
    pub(crate) fn of(hero: &Range, villain: &Range, board: &[Card], dead: &[Card]) -> Symmetry {
        let set = |cards: &[Card]| cards.iter().fold(0u64, |m, c| m | c.mask());
        let (board_set, dead_set) = (set(board), set(dead));
        let mut cards = Vec::new();
        for perm in all_perms() {
            let map = card_map(perm);
            let image = |mask: u64| map_mask(&map, mask);
            if image(board_set) != board_set || image(dead_set) != dead_set {
                continue;
            }
            let invariant = (0..COMBOS).all(|combo| {
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

    /// Averages interleaved per-combo (`width` 3 per combo) and per-card sums over the permutations.
    pub(crate) fn spread(&self, combos: &mut [f64], cards: &mut [f64]) {
        if self.order() == 1 {
            return;
        }
        let scale = 1.0 / self.order() as f64;
        let combo_image = |map: &[u8; 52], combo: usize| {
            let (a, b) = combo_cards(combo);
            combo_index(
                Card::from_index_unchecked(map[a.index() as usize]),
                Card::from_index_unchecked(map[b.index() as usize]),
            )
        };
        let old = combos.to_vec();
        combos.fill(0.0);
        for map in &self.cards {
            for combo in 0..COMBOS {
                let image = combo_image(map, combo);
                for k in 0..3 {
                    combos[3 * combo + k] += old[3 * image + k] * scale;
                }
            }
        }
        let old = cards.to_vec();
        cards.fill(0.0);
        for map in &self.cards {
            for card in 0..52 {
                let image = map[card] as usize;
                for k in 0..3 {
                    cards[3 * card + k] += old[3 * image + k] * scale;
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
