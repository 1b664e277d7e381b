//! The embedded preflop table against direct enumeration, and its coverage.

mod common;

use common::Rng;
use equity::preflop::{canonical_key, table, BOARDS_PER_MATCHUP};
use equity::{combo_cards, evaluate, Card, HandKey};

/// Hero wins and ties over all boards, enumerated directly.
fn enumerate(hero: usize, villain: usize) -> (u32, u32) {
    let (a, b) = combo_cards(hero);
    let (c, d) = combo_cards(villain);
    let used = [a, b, c, d].iter().fold(0u64, |m, x| m | x.mask());
    let deck: Vec<Card> = Card::all().filter(|x| used & x.mask() == 0).collect();
    let (hk, vk) = (HandKey::pair(a, b), HandKey::pair(c, d));
    let (mut wins, mut ties, mut boards) = (0, 0, 0);
    let n = deck.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                for l in k + 1..n {
                    for m in l + 1..n {
                        let board = HandKey::of(&[deck[i], deck[j], deck[k], deck[l], deck[m]]);
                        let (h, v) = (board.plus(hk).rank7(), board.plus(vk).rank7());
                        wins += u32::from(h > v);
                        ties += u32::from(h == v);
                        boards += 1;
                    }
                }
            }
        }
    }
    assert_eq!(boards, BOARDS_PER_MATCHUP);
    (wins, ties)
}

#[test]
fn table_has_every_isomorphic_matchup() {
    let table = table().expect("embedded table parses");
    assert_eq!(table.len(), 47_008);
    for hero in 0..1326 {
        let (a, b) = combo_cards(hero);
        for villain in 0..1326 {
            let (c, d) = combo_cards(villain);
            if [c, d].iter().any(|&x| x == a || x == b) {
                continue;
            }
            let (wins, ties) = table.matchup(hero, villain).expect("present");
            if hero < villain {
                let (vw, vt) = table.matchup(villain, hero).expect("present");
                assert_eq!((vw + wins + ties, vt), (BOARDS_PER_MATCHUP, ties));
            }
        }
    }
}

#[test]
fn sampled_entries_match_direct_enumeration() {
    let table = table().expect("table");
    let mut rng = Rng(5);
    let mut checked = 0;
    while checked < 6 {
        let cards = rng.cards(4, 0);
        let hero = equity::combo_index(cards[0], cards[1]);
        let villain = equity::combo_index(cards[2], cards[3]);
        assert_eq!(
            table.matchup(hero, villain).expect("present"),
            enumerate(hero, villain)
        );
        checked += 1;
    }
    // The matchup whose published figure has only three decimals (see the golden fixture).
    let idx = |text: &str| {
        let c = equity::parse_cards(text).expect("cards");
        equity::combo_index(c[0], c[1])
    };
    assert_eq!(
        table.matchup(idx("AcAd"), idx("KhKs")).expect("present"),
        (1_388_072, 6_538)
    );
    // A sanity check of the seven-card path used above against the public evaluator.
    let seven = equity::parse_cards("AcAdKhKs2c7d9h").expect("cards");
    assert_eq!(HandKey::of(&seven).rank7(), evaluate(&seven).expect("rank"));
    let _ = canonical_key(idx("AcAd"), idx("KhKs"));
}
