//! The exact engine's per-combo equities (heat map) and next-card equities against the naive O(n^2) enumeration,
//! on boards where runouts share ranks (flush-free, grouped by rank) and where they do not (flush draws, monotone
//! and paired boards), with and without dead cards.

mod common;

use common::{assert_same_tally, close, merged_shards, naive_tally, random_range, NaiveTally, Rng};
use equity::{parse_cards, tally, EquityError, EquityReport, EquityRequest, Range, Shard};

/// Asserts that totals, every combo's equity and every next card's equity equal the naive enumeration's.
fn assert_matches(label: &str, report: &EquityReport, sums: [f64; 3], naive: &NaiveTally) {
    for (i, (&ours, &want)) in sums.iter().zip(&naive.sums).enumerate() {
        assert!(close(ours, want), "{label}: sum {i} {ours} vs {want}");
    }
    for (combo, &ours) in report.combo_equity.iter().enumerate() {
        match naive.combo_equity(combo) {
            Some(want) => assert!(close(ours, want), "{label}: combo {combo} {ours} vs {want}"),
            None => assert!(ours.is_nan(), "{label}: combo {combo} {ours} vs none"),
        }
    }
    let expected: Vec<(usize, f64)> = (0..52)
        .filter_map(|card| naive.card_equity(card).map(|e| (card, e)))
        .collect();
    assert_eq!(report.next_cards.len(), expected.len(), "{label}: next cards");
    for (next, (card, want)) in report.next_cards.iter().zip(expected) {
        assert_eq!(usize::from(next.card.index()), card, "{label}");
        assert!(
            close(next.equity, want),
            "{label}: card {card} {} vs {want}",
            next.equity
        );
    }
}

fn check(label: &str, hero: Range, villain: Range, board: &str, dead: &str) {
    let (board, dead) = (
        parse_cards(board).expect("board"),
        parse_cards(dead).expect("dead"),
    );
    let request = EquityRequest {
        hero: hero.clone(),
        villain: villain.clone(),
        board: board.clone(),
        dead: dead.clone(),
        shard: Shard::WHOLE,
    };
    let ours = match tally(&request) {
        Ok(t) => t,
        Err(EquityError::EmptyRange { .. } | EquityError::NoValidDeal) => return,
        Err(err) => panic!("{label}: {err}"),
    };
    let report = ours.finish(0.0).expect("report");
    let naive = naive_tally(hero.weights(), villain.weights(), &board, &dead);
    assert_matches(label, &report, ours.sums(), &naive);
}

#[test]
fn heat_map_and_next_cards_match_naive_on_flops() {
    let mut rng = Rng(7);
    // Rainbow (most runouts flush-free), two-tone, monotone, paired and trips boards.
    for (i, board) in ["Qs7h2d", "Ks9s4d", "Jh8h2h", "7c7d2h", "5s5h5d", "Ac2d3h"]
        .iter()
        .enumerate()
    {
        let dead = if i % 2 == 0 { "" } else { "Tc" };
        let (hero, villain) = (random_range(&mut rng, 12), random_range(&mut rng, 12));
        check(&format!("{board} random"), hero, villain, board, dead);
    }
    // Pairs and suited hands: ties, blockers of the runout ranks and flushes.
    let hero = Range::parse("QQ,77,AhKh,KsQs,T9s,65s").expect("range");
    let villain = Range::parse("AA,22,JTs,Q7s,AcQc,8s7s").expect("range");
    for board in ["Qs7h2d", "Ks9s4d", "Jh8h2h", "Qd7d2c"] {
        check(board, hero.clone(), villain.clone(), board, "");
    }
}

#[test]
fn heat_map_and_next_cards_match_naive_on_turns_and_rivers() {
    let mut rng = Rng(11);
    for (i, board) in [
        "Qs7h2d5c",
        "Qs7s2d5c",
        "Qs7s2s5c",
        "9h9d4c4s",
        "Qs7h2d5c9c",
        "As7s2s5s9c",
    ]
    .iter()
    .enumerate()
    {
        let dead = if i % 3 == 0 { "Kd" } else { "" };
        let (hero, villain) = (random_range(&mut rng, 50), random_range(&mut rng, 50));
        check(&format!("{board} random"), hero, villain, board, dead);
    }
    let (hero, villain) = (
        Range::parse("QQ,55,AsKs,7s6s,Q2s").expect("range"),
        Range::parse("random").expect("range"),
    );
    for board in ["Qs7h2d5c", "Qs7s2d5c", "Qs7s2s5c"] {
        check(board, hero.clone(), villain.clone(), board, "");
    }
}

/// Jobs of a few combos (enumerated pair by pair, without the sweep): a hand against a hand (the app's call) or a
/// few combos, a hand against a range, with weights, dead cards, symmetric and lopsided suits, on every street.
#[test]
fn small_jobs_match_naive() {
    let mut rng = Rng(29);
    for (hero, villain) in [
        ("AhKh", "QsQd"),
        ("AhKh", "QQ+,AK"),
        ("AA", "KK:0.5,QQ"),
        ("JJ:0.3,AsKs", "TT,AQs:0.7"),
        ("76s", "AJ+,88-TT"),
    ] {
        for (board, dead) in [
            ("Jh8h2c", ""),
            ("Qs7s2s", "Tc"),
            ("7c7d2h", ""),
            ("Jh8h2c5d", ""),
            ("Ks9s4d5h", "2c"),
            ("Jh8h2c5d9s", ""),
        ] {
            let (hero, villain) = (
                Range::parse(hero).expect("range"),
                Range::parse(villain).expect("range"),
            );
            check(&format!("{board} / {dead}"), hero, villain, board, dead);
        }
    }
    for board in ["Qs7h2d", "Ah9c4s6d"] {
        let (hero, villain) = (random_range(&mut rng, 3), random_range(&mut rng, 5));
        check(&format!("{board} random small"), hero, villain, board, "");
    }
}

/// Class ranges are suit-symmetric, so on these boards the engine sweeps one runout per suit orbit and spreads
/// the per-combo and per-card sums back; a single changed combo weight (what the suit editor does) or a dead card
/// breaks the symmetry, and the results must still match.
#[test]
fn suit_isomorphic_runouts_match_naive() {
    let hero = Range::parse("QQ,77,AK,T9s,65s").expect("range");
    let villain = Range::parse("AA,22,JTs,Q7,A5s").expect("range");
    let mut lopsided = hero.weights().to_vec();
    lopsided[equity::combo_index(card("Ah"), card("Kh"))] = 0.5;
    let lopsided = Range::from_weights(&lopsided).expect("weights");
    for (board, dead) in [
        ("Ks9s4d", ""),
        ("Ks9s4d", "2c2h"),
        ("Ks9s4d", "2c"),
        ("Jh8h2h", ""),
        ("9h9d4c4s", ""),
        ("Qs7s2s5s", ""),
    ] {
        check(
            &format!("{board} / {dead} symmetric"),
            hero.clone(),
            villain.clone(),
            board,
            dead,
        );
        check(
            &format!("{board} / {dead} lopsided"),
            lopsided.clone(),
            villain.clone(),
            board,
            dead,
        );
    }
}

/// Shards of a request (each spreads its own sums; on a rainbow flop each sweeps whole runout groups with their
/// corrections) merge to the whole tally, next cards included.
#[test]
fn shards_merge_to_the_whole() {
    for (hero, board) in [
        ("TT+,AQs+,KQo", "Qs7s2s"),
        ("TT+,AQs+,KQo,A5s:0.5", "Qs7h2d"),
        ("77+,AK", "Jc8d3h5s"),
    ] {
        shards_merge(hero, board);
    }
}

fn shards_merge(hero: &str, board: &str) {
    let request = EquityRequest {
        hero: Range::parse(hero).expect("range"),
        villain: Range::parse("random").expect("range"),
        board: parse_cards(board).expect("board"),
        dead: vec![],
        shard: Shard::WHOLE,
    };
    let whole = tally(&request).expect("whole");
    let merged = merged_shards(&request, 4, 0..4);
    assert_same_tally(board, &whole, &merged);
}

/// One sweep per flush-free runout group with per-runout corrections: ranges made of the runouts' ranks (combos
/// dead in some runouts of their group, a hero combo equal to a runout, pairs of combos both dead), weights,
/// hero = villain, paired boards, turns and dead cards, heat map and next cards against the naive reference.
#[test]
fn group_corrections_match_naive() {
    let hero = Range::parse("AcAd,AsKd:0.5,Kc5c:0.25,5d5h,9s8s:0.75,KhQd,4c4d,Ah3h:0.4").expect("range");
    let villain = Range::parse("AhAs:0.3,Ad5s,KsKd,5c4c:0.6,9d9c,Ac2h,KcKh:0.9,As4s").expect("range");
    for (board, dead) in [
        ("Qs7h2d", ""),
        ("Jc8d3h", "Tc"),
        ("7c7d2h", ""),
        ("Qs7h2d5c", ""),
        ("Tc6d6h2s", "Ks"),
        ("Ks9s4d", "5h"),
    ] {
        check(
            &format!("{board} / {dead}"),
            hero.clone(),
            villain.clone(),
            board,
            dead,
        );
        check(
            &format!("{board} / {dead} hero = villain"),
            hero.clone(),
            hero.clone(),
            board,
            dead,
        );
        check(
            &format!("{board} / {dead} villain = hero"),
            villain.clone(),
            villain.clone(),
            board,
            dead,
        );
    }
}

fn card(text: &str) -> equity::Card {
    text.parse().expect("card")
}
