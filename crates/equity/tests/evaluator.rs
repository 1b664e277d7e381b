//! Exhaustive and randomised checks of the evaluator against published counts and a naive evaluator.

mod common;

use common::{naive_best, Rng};
use equity::{evaluate, Card, HandCategory, HandKey};

#[test]
fn every_five_card_hand_by_category() {
    let cards: Vec<Card> = Card::all().collect();
    let mut counts = [0u64; 9];
    let mut seen = vec![false; 7463];
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let rank =
                            evaluate(&[cards[a], cards[b], cards[c], cards[d], cards[e]]).expect("5 cards");
                        counts[rank.category() as usize] += 1;
                        seen[rank.0 as usize] = true;
                    }
                }
            }
        }
    }
    assert_eq!(
        counts,
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
    assert_eq!(seen.iter().filter(|&&s| s).count(), 7462);
    assert!(!seen[0]);
}

#[test]
fn every_seven_card_hand_by_category() {
    let keys: Vec<HandKey> = Card::all().map(HandKey::card).collect();
    let mut counts = [0u64; 9];
    for a in 0..52 {
        let ka = HandKey::EMPTY.plus(keys[a]);
        for b in a + 1..52 {
            let kb = ka.plus(keys[b]);
            for c in b + 1..52 {
                let kc = kb.plus(keys[c]);
                for d in c + 1..52 {
                    let kd = kc.plus(keys[d]);
                    for e in d + 1..52 {
                        let ke = kd.plus(keys[e]);
                        for f in e + 1..52 {
                            let kf = ke.plus(keys[f]);
                            for &kg in &keys[f + 1..] {
                                counts[kf.plus(kg).rank7().category() as usize] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(
        counts,
        [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584]
    );
}

#[test]
fn fast_order_matches_naive_order() {
    let mut rng = Rng(7);
    for size in [5usize, 6, 7] {
        let mut hands: Vec<((u8, Vec<u8>), u16)> = (0..if size == 7 { 60_000 } else { 20_000 })
            .map(|_| {
                let cards = rng.cards(size, 0);
                (naive_best(&cards), evaluate(&cards).expect("valid hand").0)
            })
            .collect();
        hands.sort();
        for pair in hands.windows(2) {
            let (naive_a, fast_a) = (&pair[0].0, pair[0].1);
            let (naive_b, fast_b) = (&pair[1].0, pair[1].1);
            if naive_a == naive_b {
                assert_eq!(fast_a, fast_b, "{naive_a:?}");
            } else {
                assert!(fast_a < fast_b, "{naive_a:?} {naive_b:?}");
            }
        }
    }
}

#[test]
fn categories_of_naive_and_fast_agree() {
    let mut rng = Rng(11);
    for _ in 0..20_000 {
        let cards = rng.cards(7, 0);
        let naive = naive_best(&cards).0;
        assert_eq!(
            evaluate(&cards).expect("valid").category(),
            HandCategory::ALL[naive as usize]
        );
    }
}
