//! The preflop hand ranking of top shares ("top 15%"): the compiled-in order is the one the preflop table gives,
//! and the table's scores agree with an estimate that never reads the table.

mod common;

use common::Rng;
use equity::ranking::{equity_vs_random, ranking, top_share, HAND_RANKING};
use equity::{class_label, evaluate, preflop, Card, CLASSES};

fn labels(classes: &[u8]) -> Vec<String> {
    classes
        .iter()
        .map(|&c| class_label(c as usize).expect("class"))
        .collect()
}

#[test]
fn the_compiled_ranking_is_the_tables() {
    let table = preflop::table().expect("embedded table");
    let computed = ranking(&equity_vs_random(table).expect("every matchup is in the table"));
    assert_eq!(
        HAND_RANKING,
        computed,
        "regenerate HAND_RANKING: {computed:?} ({:?})",
        labels(&computed)
    );
}

/// Equity against one random hand estimated by dealing: a random opposing hand and board per sample, the hands
/// ranked by the evaluator. No preflop table is read.
fn sampled_equity(rng: &mut Rng, class: usize, samples: u32) -> f64 {
    let hero = equity::class_combos(class)[0];
    let (a, b) = equity::combo_cards(hero);
    let mask = (1u64 << a.index()) | (1u64 << b.index());
    let mut points = 0.0;
    for _ in 0..samples {
        let cards: Vec<Card> = rng.cards(7, mask);
        let board = &cards[2..7];
        let mine: Vec<Card> = [a, b].iter().chain(board).copied().collect();
        let theirs: Vec<Card> = cards.clone();
        let (me, them) = (
            evaluate(&mine).expect("seven cards"),
            evaluate(&theirs).expect("seven cards"),
        );
        points += match me.cmp(&them) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
    }
    points / f64::from(samples)
}

#[test]
fn the_tables_scores_match_dealing_hands_out() {
    let table = preflop::table().expect("embedded table");
    let exact = equity_vs_random(table).expect("scores");
    // A published figure: aces win 85.2% against one random hand (PokerStove, ties as half).
    assert_eq!(format!("{:.1}", exact[0] * 100.0), "85.2");
    let mut rng = Rng(2024);
    let samples = 4000;
    let mut chi2 = 0.0;
    for (class, &p) in exact.iter().enumerate() {
        let estimate = sampled_equity(&mut rng, class, samples);
        let error = (p * (1.0 - p) / f64::from(samples)).sqrt();
        let z = (estimate - p) / error;
        assert!(
            z.abs() < 4.5,
            "{}: table {p:.4}, dealt {estimate:.4} (z {z:.1})",
            class_label(class).expect("class")
        );
        chi2 += z * z;
    }
    // 169 independent estimates: their squared z-scores sum to about 169 (standard deviation about 18).
    assert!(
        chi2 < 169.0 + 5.0 * 18.4,
        "chi-squared {chi2:.0} over 169 classes"
    );
}

#[test]
fn a_top_share_takes_the_best_classes_nearest_the_share() {
    let sizes = |class: u8| equity::class_combos(class as usize).len() as f64;
    for tenths in 0..=1000u32 {
        let percent = f64::from(tenths) / 10.0;
        // Written out again here: take classes while the count gets no farther from the target, stop at the first
        // that would.
        let target = percent / 100.0 * 1326.0;
        let mut expected = Vec::new();
        let mut total = 0.0;
        for &class in &HAND_RANKING {
            if (total + sizes(class) - target).abs() <= (total - target).abs() {
                total += sizes(class);
                expected.push(class as usize);
            } else {
                break;
            }
        }
        assert_eq!(top_share(percent), expected, "top {percent}%");
        let parsed = equity::Range::parse(&format!("top {percent}%")).expect("top share");
        assert_eq!(parsed.combo_count(), total, "top {percent}%");
    }
    let top = |text: &str| equity::Range::parse(text).expect(text).combo_count();
    assert_eq!(top("top 0%"), 0.0);
    assert_eq!(top("top 100%"), 1326.0);
    assert_eq!(top("TOP15"), top("top 15 %"));
    // Aces to eights and the best suited aces: the first twelve classes hold 78 combos, 5.9%.
    assert_eq!(
        labels(&HAND_RANKING[..12]),
        ["AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "77", "AQs", "AJs", "AKo"]
    );
    let mut sorted = HAND_RANKING.to_vec();
    sorted.sort_unstable();
    assert!(sorted.iter().enumerate().all(|(i, &c)| usize::from(c) == i) && sorted.len() == CLASSES);
}
