//! The runouts of a board, grouped so that hand ranks and their order are computed once per group.
//!
//! Two runouts with the same multiset of card ranks give every combo the same seven-card rank when no suit can
//! reach five cards: with at most two cards of each suit on the completed board, a combo adds at most two more,
//! so no flush exists and the rank depends on the ranks alone. Such runouts ("flush-free") form one group per
//! rank multiset, ranked with suitless runout keys ([`HandKey::suitless`]). Every other runout is a group of its
//! own, ranked with its real key. A combo holding a card of one runout of a group is dead in that runout only;
//! the sweep skips it there ([`crate::sweep`]).
//!
//! On a rainbow flop 978 of the 1,176 runouts are flush-free and fall into 91 groups, so ranks are computed and
//! sorted 289 times instead of 1,176; on a rainbow turn all 48 rivers fall into 13 groups.

use crate::card::Card;
use crate::evaluator::HandKey;
use crate::multiway::next_combination;
use crate::symmetry::Symmetry;

/// Runouts (card masks) that share one ranking key.
pub(crate) struct RunoutGroup {
    /// Key of the runout cards to add to the board key: suitless for a flush-free group.
    pub(crate) key: HandKey,
    /// Card masks of the runouts, in enumeration order, each with its weight: the size of its suit-isomorphism
    /// orbit ([`crate::symmetry`]), 1 without symmetry.
    pub(crate) runouts: Vec<(u64, f64)>,
}

/// Groups are built in memory only up to two missing cards (flop and turn: at most 1,176 runouts). Preflop with
/// dead cards (five missing, 1.7 million runouts) streams one runout per group instead.
const GROUPED_UP_TO: usize = 2;

/// Calls `visit` for every group of runouts completing `board` from `deck`, in the order of each group's first
/// runout in combination order (deterministic, so that sharded work units are stable). Only one runout per
/// orbit of `symmetry` is listed, weighted by the orbit's size.
pub(crate) fn for_each_group(
    deck: &[Card],
    board: &[Card],
    symmetry: &Symmetry,
    mut visit: impl FnMut(&RunoutGroup),
) {
    let missing = 5usize.saturating_sub(board.len());
    if deck.len() < missing {
        return;
    }
    let mut idx: Vec<usize> = (0..missing).collect();
    if missing > GROUPED_UP_TO {
        let mut single = RunoutGroup {
            key: HandKey::NONE,
            runouts: vec![(0, 1.0)],
        };
        loop {
            let (key, mask) = runout_key(deck, &idx);
            if let Some(weight) = symmetry.representative(mask) {
                single.key = key;
                single.runouts[0] = (mask, weight);
                visit(&single);
            }
            if !next_combination(&mut idx, deck.len()) {
                return;
            }
        }
    }
    let mut board_suits = [0u8; 4];
    for card in board {
        board_suits[card.suit() as usize] += 1;
    }
    let mut groups: Vec<RunoutGroup> = Vec::new();
    // Group index of each flush-free rank multiset: runout ranks sorted, as a base-13 number.
    let mut by_ranks = [usize::MAX; 13 * 13];
    loop {
        let (key, mask) = runout_key(deck, &idx);
        let Some(weight) = symmetry.representative(mask) else {
            if !next_combination(&mut idx, deck.len()) {
                break;
            }
            continue;
        };
        let mut suits = board_suits;
        let mut ranks = [0usize; GROUPED_UP_TO];
        for (slot, &i) in idx.iter().enumerate() {
            suits[deck[i].suit() as usize] += 1;
            ranks[slot] = deck[i].rank() as usize;
        }
        if suits.iter().all(|&count| count <= 2) && missing > 0 {
            ranks[..missing].sort_unstable();
            let slot = ranks.iter().fold(0, |acc, &r| acc * 13 + r);
            match by_ranks[slot] {
                usize::MAX => {
                    by_ranks[slot] = groups.len();
                    let suitless = idx
                        .iter()
                        .fold(HandKey::NONE, |k, &i| k.plus(HandKey::suitless(deck[i])));
                    groups.push(RunoutGroup {
                        key: suitless,
                        runouts: vec![(mask, weight)],
                    });
                }
                group => groups[group].runouts.push((mask, weight)),
            }
        } else {
            groups.push(RunoutGroup {
                key,
                runouts: vec![(mask, weight)],
            });
        }
        if !next_combination(&mut idx, deck.len()) {
            break;
        }
    }
    for group in &groups {
        visit(group);
    }
}

/// The real key and card mask of the runout `deck[idx]`.
fn runout_key(deck: &[Card], idx: &[usize]) -> (HandKey, u64) {
    idx.iter().fold((HandKey::NONE, 0u64), |(key, mask), &i| {
        (key.plus(HandKey::card(deck[i])), mask | deck[i].mask())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::range::Range;

    fn groups_of(board: &str) -> Vec<(HandKey, Vec<u64>)> {
        let board = parse_cards(board).expect("board");
        let used = board.iter().fold(0u64, |m, c| m | c.mask());
        let deck: Vec<Card> = Card::all().filter(|c| used & c.mask() == 0).collect();
        let mut out = Vec::new();
        // AhKh against AdKc tells every suit apart: no symmetry, so every runout is listed.
        let (hero, villain) = (Range::parse("AhKh"), Range::parse("AdKc"));
        let symmetry = Symmetry::of(&hero.expect("range"), &villain.expect("range"), &board, &[]);
        for_each_group(&deck, &board, &symmetry, |g| {
            assert!(g.runouts.iter().all(|&(_, weight)| weight == 1.0));
            out.push((g.key, g.runouts.iter().map(|&(mask, _)| mask).collect()));
        });
        out
    }

    #[test]
    fn every_runout_appears_once() {
        for board in ["Qs7h2d", "Qs7s2s", "Ks9s4d", "Qs7h2d5c", "Qs7s2d5s", "Qs7h2d5c9c"] {
            let groups = groups_of(board);
            let mut all: Vec<u64> = groups.iter().flat_map(|g| g.1.clone()).collect();
            let count = all.len();
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), count, "{board}");
            let expected = match parse_cards(board).expect("board").len() {
                3 => 49 * 48 / 2,
                4 => 48,
                _ => 1,
            };
            assert_eq!(count, expected, "{board}");
        }
    }

    #[test]
    fn groups_rainbow_boards_by_rank() {
        let flop = groups_of("Qs7h2d");
        assert_eq!(flop.len(), 91 + 3 * 66);
        assert_eq!(flop.iter().map(|g| g.1.len()).sum::<usize>(), 1176);
        assert_eq!(groups_of("Qs7h2d5c").len(), 13);
        // Monotone flop: every runout could complete a flush for some combo, or the board already holds three.
        assert_eq!(groups_of("Qs7s2s").len(), 1176);
    }
}
