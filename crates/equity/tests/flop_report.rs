//! Flop report: the canonical flops and their weights, symmetry detection and the fallback when the suit editor
//! breaks it, rows against brute force over each orbit and against the exact equity of the flop, and the whole
//! report against the preflop equity.

use std::collections::HashSet;

use equity::flop_report::{flop_classes, plan, ALL_FLOPS, CANONICAL_FLOPS, EQUITY_BUCKETS};
use equity::{flop_row, parse_cards, tally, Card, EquityRequest, FlopClass, Range, Shard, SuitGroup};

fn flop(text: &str) -> [Card; 3] {
    let cards = parse_cards(text).expect("cards");
    [cards[0], cards[1], cards[2]]
}

fn exact_equity(hero: &Range, villain: &Range, board: &[Card]) -> f64 {
    let request = EquityRequest {
        hero: hero.clone(),
        villain: villain.clone(),
        board: board.to_vec(),
        dead: vec![],
        shard: Shard::WHOLE,
    };
    tally(&request)
        .expect("tally")
        .finish(0.02)
        .expect("report")
        .hero
        .equity
}

fn sorted(mut cards: [Card; 3]) -> [Card; 3] {
    cards.sort_unstable();
    cards
}

/// Checks that the orbits of `group` partition all 22,100 flops and that each weight is its orbit's size.
fn assert_partition(group: &SuitGroup, classes: &[FlopClass]) {
    let mut seen = HashSet::new();
    for class in classes {
        let orbit = group.orbit(sorted(class.cards));
        assert_eq!(orbit.len() as u32, class.weight, "{:?}", class.cards);
        for member in orbit {
            assert!(seen.insert(member), "flop {member:?} in two orbits");
        }
    }
    assert_eq!(seen.len() as u32, ALL_FLOPS);
}

#[test]
fn there_are_1755_canonical_flops_weighing_22100() {
    let full = SuitGroup::full();
    assert_eq!(full.len(), 24);
    let classes = flop_classes(&full);
    assert_eq!(classes.len(), CANONICAL_FLOPS);
    assert_eq!(classes.iter().map(|c| c.weight).sum::<u32>(), ALL_FLOPS);
    assert_partition(&full, &classes);
    // 13 trips (weight 4), 156 paired boards in two suit patterns, 286 unpaired rank sets in five patterns.
    assert_eq!(classes.iter().filter(|c| c.weight == 4).count(), 13 + 286);
    let trivial = flop_classes(&SuitGroup::trivial());
    assert_eq!(trivial.len() as u32, ALL_FLOPS);
    assert!(trivial.iter().all(|c| c.weight == 1));
}

#[test]
fn the_symmetry_follows_the_ranges() {
    let classes = Range::parse("QQ+, AKs, AQo, KJo:0.5").expect("range");
    let villain = Range::parse("22+, A2s+, KTo+").expect("range");
    let symmetric = plan(&classes, &villain);
    assert_eq!(symmetric.symmetry, 24);
    assert_eq!(symmetric.flops.len(), CANONICAL_FLOPS);
    // A suited combo fixes hearts; the other three suits may still be renamed.
    let hearts = Range::parse("AhKh").expect("range");
    assert_eq!(SuitGroup::of_ranges(&[&hearts]).len(), 6);
    // The suit editor leaving one combo out of AKo keeps only the renamings that fix both of its suits.
    let mut edited = Range::parse("AKo").expect("range");
    let combo = equity::combo_index(flop("AhKdQc")[0], flop("AhKdQc")[1]);
    edited.set_weight(combo, 0.0).expect("weight");
    let group = SuitGroup::of_ranges(&[&edited, &villain]);
    assert_eq!(group.len(), 2);
    let broken = plan(&edited, &villain);
    assert_eq!(broken.symmetry, 2);
    assert!(broken.flops.len() > CANONICAL_FLOPS && (broken.flops.len() as u32) < ALL_FLOPS);
    assert_eq!(broken.flops.iter().map(|c| c.weight).sum::<u32>(), ALL_FLOPS);
    assert_partition(&group, &broken.flops);
    // No symmetry left at all: every flop is a row.
    let lopsided = Range::parse("AhKd, QsJc, 9h8h").expect("range");
    let none = plan(&lopsided, &Range::parse("AcAs, 7d6d, 5h5c").expect("range"));
    assert_eq!(none.symmetry, 1);
    assert_eq!(none.flops.len() as u32, ALL_FLOPS);
}

#[test]
fn a_canonical_row_is_the_average_over_its_orbit() {
    let hero = Range::parse("77+, ATs+, KJs+, QJs, AJo+, KQo").expect("range");
    let villain = Range::parse("22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo").expect("range");
    let group = SuitGroup::full();
    let classes = flop_classes(&group);
    for shown in ["AsKs2s", "Ts9s8h", "QsQh7s", "7s6h2d", "KsKhKd", "As5h5d"] {
        let class = *classes.iter().find(|c| c.cards == flop(shown)).expect("class");
        let row = flop_row(&hero, &villain, class).expect("row");
        let canonical = row.outcome.expect("outcome");
        let members = group.orbit(sorted(class.cards));
        assert_eq!(members.len() as u32, class.weight);
        let mut equity = 0.0;
        let mut distribution = [0.0; EQUITY_BUCKETS];
        let mut categories = vec![0.0; canonical.hero_categories.len()];
        for member in &members {
            let single = flop_row(
                &hero,
                &villain,
                FlopClass {
                    cards: *member,
                    weight: 1,
                },
            )
            .expect("row")
            .outcome
            .expect("outcome");
            equity += single.equity / members.len() as f64;
            for (sum, value) in distribution.iter_mut().zip(&single.distribution) {
                *sum += value / members.len() as f64;
            }
            for (sum, value) in categories.iter_mut().zip(&single.hero_categories) {
                *sum += value / members.len() as f64;
            }
        }
        assert!(
            (equity - canonical.equity).abs() < 1e-12,
            "{shown}: {equity} vs {}",
            canonical.equity
        );
        for (a, b) in distribution.iter().zip(&canonical.distribution) {
            assert!((a - b).abs() < 1e-9, "{shown} distribution");
        }
        for (a, b) in categories.iter().zip(&canonical.hero_categories) {
            assert!((a - b).abs() < 1e-9, "{shown} categories");
        }
        let hero_live: f64 = canonical.distribution.iter().sum();
        assert!(hero_live > 0.0 && hero_live <= canonical.combos[0] + 1e-9);
    }
}

#[test]
fn a_row_is_the_exact_equity_of_each_flop_it_stands_for() {
    // The suit editor has taken AhKd out: rows come from the smaller symmetry group and must still be exact for
    // every flop of their orbit.
    let mut hero = Range::parse("TT+, AKs, AKo, KQs").expect("range");
    let cards = flop("AhKdQc");
    hero.set_weight(equity::combo_index(cards[0], cards[1]), 0.0)
        .expect("weight");
    let villain = Range::parse("55+, AJs+, KJs+, AQo+").expect("range");
    let group = SuitGroup::of_ranges(&[&hero, &villain]);
    let report = plan(&hero, &villain);
    for class in report.flops.iter().step_by(97).take(12) {
        let row = flop_row(&hero, &villain, *class).expect("row");
        let outcome = row.outcome.expect("outcome");
        for member in group.orbit(sorted(class.cards)) {
            let exact = exact_equity(&hero, &villain, &member);
            assert!((exact - outcome.equity).abs() < 1e-12, "{member:?}");
        }
    }
}

#[test]
fn the_whole_report_adds_up_to_the_preflop_equity() {
    let hero = Range::parse("AA, KK, AKs, 76s").expect("range");
    let villain = Range::parse("QQ, JJ, AQs, T9s, A5s").expect("range");
    let report = plan(&hero, &villain);
    assert_eq!(report.flops.len(), CANONICAL_FLOPS);
    let mut sums = [0.0f64; 3];
    let mut hero_combos = 0.0;
    for class in &report.flops {
        let row = flop_row(&hero, &villain, *class).expect("row");
        let outcome = row.outcome.expect("every flop deals these ranges");
        for (sum, value) in sums.iter_mut().zip(outcome.sums) {
            *sum += f64::from(class.weight) * value;
        }
        let made: f64 = outcome.hero_categories[..14].iter().sum();
        assert!(
            (made - outcome.combos[0]).abs() < 1e-9,
            "made hands partition the range"
        );
        hero_combos += f64::from(class.weight) * outcome.combos[0];
    }
    let equity = (sums[0] + sums[1] / 2.0) / sums[2];
    let preflop = exact_equity(&hero, &villain, &[]);
    assert!((equity - preflop).abs() < 1e-9, "{equity} vs preflop {preflop}");
    // Each hero combo is live on C(50, 3) of the flops.
    assert!((hero_combos - 20.0 * 19_600.0).abs() < 1e-6);
}

#[test]
fn a_blocked_one_combo_range_has_no_outcome_on_its_flops() {
    let hero = Range::parse("AhAs").expect("range");
    let villain = Range::parse("KK").expect("range");
    let class = FlopClass {
        cards: flop("AhKd2c"),
        weight: 1,
    };
    assert!(flop_row(&hero, &villain, class).expect("row").outcome.is_none());
    let bad = FlopClass {
        cards: [flop("AhKd2c")[0]; 3],
        weight: 1,
    };
    assert!(flop_row(&hero, &villain, bad).is_err());
}
