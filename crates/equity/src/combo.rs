//! Two-card combos and the 13x13 class grid.
//!
//! The 1326 combos are indexed triangularly: for card indices `c1 < c2` the index is `c2 * (c2 - 1) / 2 + c1`,
//! so combos are ordered by their higher card. The grid has row/column `0` = ace .. `12` = deuce; the diagonal
//! holds pairs (6 combos each), cells above it (`row < col`) suited hands (4 combos) and cells below it offsuit
//! hands (12 combos). Class index = `row * 13 + col`.

use crate::card::{Card, RANK_CHARS};
use crate::error::EquityError;

/// Number of two-card combos.
pub const COMBOS: usize = 1326;
/// Number of hand classes in the 13x13 grid.
pub const CLASSES: usize = 169;

/// `(low card, high card)` indices of every combo, built at compile time.
const COMBO_CARDS: [(u8, u8); COMBOS] = {
    let mut table = [(0u8, 0u8); COMBOS];
    let mut hi = 1;
    while hi < 52 {
        let mut lo = 0;
        while lo < hi {
            table[hi * (hi - 1) / 2 + lo] = (lo as u8, hi as u8);
            lo += 1;
        }
        hi += 1;
    }
    table
};

/// The combo index of two distinct cards (order does not matter).
///
/// Two equal cards have no combo; they map to the index of an unrelated combo, so callers check distinctness
/// first (all public entry points do).
pub fn combo_index(a: Card, b: Card) -> usize {
    let (lo, hi) = if a.index() < b.index() {
        (a.index(), b.index())
    } else {
        (b.index(), a.index())
    };
    let (lo, hi) = (lo as usize, hi as usize);
    (hi * hi.saturating_sub(1) / 2 + lo).min(COMBOS - 1)
}

/// The two cards of a combo, lower index first. Indices are taken modulo 1326 so this never panics.
pub fn combo_cards(index: usize) -> (Card, Card) {
    let (lo, hi) = COMBO_CARDS[index % COMBOS];
    (Card::from_index_unchecked(lo), Card::from_index_unchecked(hi))
}

/// The card mask of a combo.
pub(crate) fn combo_mask(index: usize) -> u64 {
    let (lo, hi) = COMBO_CARDS[index % COMBOS];
    (1u64 << lo) | (1u64 << hi)
}

/// The grid class (`row * 13 + col`) of a combo.
pub fn class_of_combo(index: usize) -> usize {
    let (a, b) = combo_cards(index);
    let (hi, lo) = (a.rank().max(b.rank()) as usize, a.rank().min(b.rank()) as usize);
    if hi == lo {
        (12 - hi) * 13 + (12 - hi)
    } else if a.suit() == b.suit() {
        (12 - hi) * 13 + (12 - lo)
    } else {
        (12 - lo) * 13 + (12 - hi)
    }
}

/// The label of a class: `"AKs"`, `"AKo"`, `"QQ"`. Out-of-range classes are an error.
pub fn class_label(class: usize) -> Result<String, EquityError> {
    if class >= CLASSES {
        return Err(EquityError::InvalidClass { index: class });
    }
    let (row, col) = (class / 13, class % 13);
    let rank = |i: usize| RANK_CHARS[12 - i];
    Ok(match row.cmp(&col) {
        std::cmp::Ordering::Equal => format!("{}{}", rank(row), rank(row)),
        std::cmp::Ordering::Less => format!("{}{}s", rank(row), rank(col)),
        std::cmp::Ordering::Greater => format!("{}{}o", rank(col), rank(row)),
    })
}

/// All combo indices of a class (6, 4 or 12 of them).
pub fn class_combos(class: usize) -> Vec<usize> {
    (0..COMBOS).filter(|&i| class_of_combo(i) == class).collect()
}

/// Grid class of every combo, computed once at compile time.
pub(crate) const COMBO_CLASS: [u8; COMBOS] = {
    let mut table = [0u8; COMBOS];
    let mut i = 0;
    while i < COMBOS {
        let (lo, hi) = COMBO_CARDS[i];
        let (r1, r2) = ((hi / 4) as usize, (lo / 4) as usize);
        let (rh, rl) = if r1 > r2 { (r1, r2) } else { (r2, r1) };
        table[i] = if rh == rl {
            ((12 - rh) * 13 + (12 - rh)) as u8
        } else if lo % 4 == hi % 4 {
            ((12 - rh) * 13 + (12 - rl)) as u8
        } else {
            ((12 - rl) * 13 + (12 - rh)) as u8
        };
        i += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combo_indices_round_trip() {
        for (i, &class) in COMBO_CLASS.iter().enumerate() {
            let (a, b) = combo_cards(i);
            assert!(a.index() < b.index());
            assert_eq!(combo_index(a, b), i);
            assert_eq!(combo_index(b, a), i);
            assert_eq!(class as usize, class_of_combo(i));
        }
    }

    #[test]
    fn classes_have_expected_sizes_and_labels() {
        let mut sizes = [0usize; CLASSES];
        for i in 0..COMBOS {
            sizes[class_of_combo(i)] += 1;
        }
        for (class, &size) in sizes.iter().enumerate() {
            let (row, col) = (class / 13, class % 13);
            let expected = if row == col {
                6
            } else if row < col {
                4
            } else {
                12
            };
            assert_eq!(size, expected, "class {class}");
        }
        assert_eq!(class_label(0).as_deref(), Ok("AA"));
        assert_eq!(class_label(1).as_deref(), Ok("AKs"));
        assert_eq!(class_label(13).as_deref(), Ok("AKo"));
        assert_eq!(class_label(2 * 13 + 2).as_deref(), Ok("QQ"));
        assert_eq!(class_label(168).as_deref(), Ok("22"));
        assert!(class_label(169).is_err());
    }
}
