//! Exact heads-up engine: property tests against a naive O(n^2) enumeration with an independent evaluator,
//! sharding, serialisation and input errors.

mod common;

use common::{assert_same_tally, close, merged_shards, naive_equity, random_range, Rng};
use equity::{
    parse_cards, tally, tally_parts, Card, EquityError, EquityRequest, EquityTally, Range, ReportParts, Shard,
};

fn request(hero: Range, villain: Range, board: Vec<Card>, dead: Vec<Card>) -> EquityRequest {
    EquityRequest {
        hero,
        villain,
        board,
        dead,
        shard: Shard::WHOLE,
    }
}

#[test]
fn matches_naive_enumeration_on_random_boards() {
    let mut rng = Rng(2024);
    for case in 0..12 {
        let board_len = [3, 4, 5][case % 3];
        let board = rng.cards(board_len, 0);
        let board_mask = board.iter().fold(0u64, |m, c| m | c.mask());
        let dead = if case % 4 == 0 {
            rng.cards(2, board_mask)
        } else {
            vec![]
        };
        // Flops cost the naive reference ~1000 runouts, so keep their ranges small.
        let size = if board_len == 3 { 14 } else { 60 };
        let (hero, villain) = (random_range(&mut rng, size), random_range(&mut rng, size));
        let req = request(hero.clone(), villain.clone(), board.clone(), dead.clone());
        let ours = match tally(&req) {
            Ok(t) => t.sums(),
            Err(EquityError::EmptyRange { .. } | EquityError::NoValidDeal) => continue,
            Err(err) => panic!("{err}"),
        };
        let (win, tie, total) = naive_equity(hero.weights(), villain.weights(), &board, &dead);
        assert!(
            close(ours[0], win) && close(ours[1], tie) && close(ours[2], total),
            "case {case}: {ours:?} vs {:?}",
            (win, tie, total)
        );
    }
}

#[test]
fn per_combo_sums_add_up_to_totals() {
    let req = request(
        Range::parse("AA,KK,AKs,QJo:0.5").expect("range"),
        Range::parse("random").expect("range"),
        parse_cards("Ah7d2c").expect("board"),
        vec![],
    );
    let report = tally(&req).expect("tally").finish(0.01).expect("report");
    let hero = req.hero.weights();
    let mut weighted = 0.0;
    let mut weight = 0.0;
    for (i, eq) in report.combo_equity.iter().enumerate() {
        if hero[i] > 0.0 && !eq.is_nan() {
            assert!((0.0..=1.0).contains(eq));
            weighted += eq * f64::from(hero[i]);
            weight += f64::from(hero[i]);
        } else {
            assert!(eq.is_nan() || hero[i] == 0.0);
        }
    }
    // Against a full random range every hero combo faces the same villain weight per runout.
    assert!((weighted / weight - report.hero.equity).abs() < 1e-9);
    assert!(report.matrix[0].is_finite() && report.matrix[168].is_nan());
    assert!((report.hero.win + report.hero.tie + report.hero.lose - 1.0).abs() < 1e-12);
    assert!((report.hero.equity + report.villain.equity - 1.0).abs() < 1e-12);
}

#[test]
fn merged_shards_equal_the_whole() {
    let cases = [
        ("QQ+,AKs", "22+,AJo+", ""),
        ("AhKh", "random", "Jh8h2c"),
        ("TT+,AQs+", "random", "Qs7h2d5c"),
    ];
    for (hero, villain, board) in cases {
        let req = request(
            Range::parse(hero).expect("range"),
            Range::parse(villain).expect("range"),
            parse_cards(board).expect("board"),
            vec![],
        );
        let whole = tally(&req).expect("whole");
        let merged = merged_shards(&req, 5, (0..5).rev());
        assert_same_tally(&format!("{hero} vs {villain}"), &whole, &merged);
        let other = tally(&request(
            Range::parse("AA").expect("r"),
            Range::parse("KK").expect("r"),
            vec![],
            vec![],
        ));
        let mut copy = whole.clone();
        assert!(matches!(
            copy.merge(&other.expect("tally")),
            Err(EquityError::MergeMismatch { .. })
        ));
    }
}

#[test]
fn tally_round_trips_through_f64s() {
    let req = request(
        Range::parse("AK,QQ").expect("range"),
        Range::parse("random").expect("range"),
        parse_cards("Ks9d4c").expect("board"),
        parse_cards("2h").expect("dead"),
    );
    let original = tally(&req).expect("tally");
    let data = original.to_f64s();
    assert_eq!(EquityTally::from_f64s(&data).expect("valid"), original);
    assert!(matches!(
        EquityTally::from_f64s(&data[1..]),
        Err(EquityError::InvalidTallyData { .. })
    ));
    let mut bad = data.clone();
    bad[1] = 2.0;
    assert!(EquityTally::from_f64s(&bad).is_err());
    bad = data;
    bad[20] = f64::NAN;
    assert!(EquityTally::from_f64s(&bad).is_err());
}

/// A request for fewer parts gets the same totals to the last bit, and the parts it asked for equal those of a
/// request for all of them; the others are empty, in the tally, its flat form and the report. Tallies of different
/// parts do not merge.
#[test]
fn report_parts_compute_only_what_is_asked() {
    let parts = [
        ReportParts::ALL,
        ReportParts::TOTALS,
        ReportParts {
            combos: true,
            next_cards: false,
        },
        ReportParts {
            combos: false,
            next_cards: true,
        },
    ];
    // A range job (the sweep), hand against hand (direct enumeration), a turn, preflop (the table) and preflop
    // with a dead card.
    for (hero, villain, board, dead) in [
        (
            "77+,ATs+,KJs+,QJs,AJo+,KQo",
            "22+,A2s+,K9s+,QTs+,JTs",
            "Qs7h2d",
            "",
        ),
        ("AhKh", "QsQd", "Jh8h2c", ""),
        ("QQ+,AK", "random", "Ks9s4d5c", "2h"),
        ("AA,KK", "QQ+,AK", "", ""),
        ("AhKh", "QsQd", "", "2c"),
    ] {
        let req = request(
            Range::parse(hero).expect("range"),
            Range::parse(villain).expect("range"),
            parse_cards(board).expect("board"),
            parse_cards(dead).expect("dead"),
        );
        let all = tally(&req).expect("tally");
        let full = all.finish(0.02).expect("report");
        for wanted in parts {
            let label = format!("{hero} vs {villain} on {board} / {dead}, {wanted:?}");
            let some = tally_parts(&req, wanted).expect("tally");
            assert_eq!(some.parts(), wanted, "{label}");
            assert_eq!(some.sums(), all.sums(), "{label}");
            let report = some.finish(0.02).expect("report");
            assert_eq!(
                (report.hero, report.villain),
                (full.hero, full.villain),
                "{label}"
            );
            if wanted.combos {
                assert_eq!(report.matrix.len(), 169, "{label}");
                for (ours, theirs) in report.combo_equity.iter().zip(&full.combo_equity) {
                    assert!(ours.to_bits() == theirs.to_bits(), "{label}: {ours} vs {theirs}");
                }
            } else {
                assert!(
                    report.combo_equity.is_empty() && report.matrix.is_empty(),
                    "{label}"
                );
            }
            if wanted.next_cards {
                assert_eq!(report.next_cards, full.next_cards, "{label}");
            } else {
                assert!(report.next_cards.is_empty(), "{label}");
            }
            assert_eq!(
                EquityTally::from_f64s(&some.to_f64s()).expect("valid"),
                some,
                "{label}"
            );
            if wanted != ReportParts::ALL {
                assert!(
                    matches!(all.clone().merge(&some), Err(EquityError::MergeMismatch { .. })),
                    "{label}"
                );
            }
        }
    }
}

#[test]
fn next_cards_aggregate_runouts() {
    let mut req = request(
        Range::parse("AhKh").expect("range"),
        Range::parse("QsQd").expect("range"),
        parse_cards("Jh8h2c").expect("board"),
        vec![],
    );
    let flop = tally(&req).expect("tally").finish(0.05).expect("report");
    assert_eq!(flop.next_cards.len(), 45);
    for next in &flop.next_cards {
        req.board = parse_cards(&format!("Jh8h2c{}", next.card)).expect("turn board");
        let turn = tally(&req).expect("turn").finish(0.0).expect("report");
        assert!((turn.hero.equity - next.equity).abs() < 1e-12, "{}", next.card);
        assert_eq!(turn.next_cards.len(), 44);
    }
    let three = flop
        .next_cards
        .iter()
        .find(|n| n.card.to_string() == "3d")
        .expect("3d");
    assert!((three.equity - 0.340909).abs() < 1e-6);
    assert_eq!(three.change, equity::EquityChange::Reduce);
    let heart = flop
        .next_cards
        .iter()
        .find(|n| n.card.to_string() == "5h")
        .expect("5h");
    assert_eq!(
        (heart.equity, heart.change),
        (1.0, equity::EquityChange::Increase)
    );
    req.board = parse_cards("Jh8h2c3d4s").expect("river");
    assert!(tally(&req)
        .expect("river")
        .finish(0.0)
        .expect("report")
        .next_cards
        .is_empty());
}

#[test]
fn rejects_bad_input() {
    let aa = Range::parse("AA").expect("range");
    let kk = Range::parse("KK").expect("range");
    let board = |text: &str| parse_cards(text).expect("cards");
    let run = |board: Vec<Card>, dead: Vec<Card>| tally(&request(aa.clone(), kk.clone(), board, dead));
    assert!(matches!(
        run(board("AsKs2c3c4c5c"), vec![]),
        Err(EquityError::BoardSize { count: 6 })
    ));
    assert!(matches!(
        run(board("2c3c"), vec![]),
        Err(EquityError::BoardSize { count: 2 })
    ));
    assert!(matches!(
        run(board("2c3c4c"), board("2c")),
        Err(EquityError::CardConflict { .. })
    ));
    assert!(matches!(
        run(vec![], board("AsAhAd")),
        Err(EquityError::EmptyRange { player: 0 })
    ));
    let empty = tally(&request(Range::empty(), kk.clone(), vec![], vec![]));
    assert!(matches!(empty, Err(EquityError::EmptyRange { player: 0 })));
    let same = tally(&request(
        Range::parse("AsAh").expect("r"),
        Range::parse("AsAh").expect("r"),
        vec![],
        vec![],
    ));
    assert!(matches!(same, Err(EquityError::NoValidDeal)));
    let mut req = request(aa, kk, vec![], vec![]);
    req.shard = Shard { index: 3, count: 3 };
    assert!(matches!(tally(&req), Err(EquityError::InvalidShard { .. })));
    let report = tally(&request(
        Range::parse("AA").expect("r"),
        Range::parse("KK").expect("r"),
        vec![],
        vec![],
    ));
    assert!(report.expect("tally").finish(-1.0).is_err());
}

#[test]
fn preflop_with_dead_cards_uses_enumeration() {
    // AsKs vs QhQd with two dead cards: every board from the other 44 cards, checked with a direct loop.
    let (hero, villain, dead) = (
        parse_cards("AsKs").expect("h"),
        parse_cards("QhQd").expect("v"),
        parse_cards("2c7d").expect("d"),
    );
    let used = hero
        .iter()
        .chain(&villain)
        .chain(&dead)
        .fold(0u64, |m, c| m | c.mask());
    let deck: Vec<Card> = Card::all().filter(|c| used & c.mask() == 0).collect();
    let (mut win, mut tie, mut total) = (0.0, 0.0, 0.0);
    let n = deck.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let board = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                        let rank = |hole: &[Card]| {
                            let mut cards = board.to_vec();
                            cards.extend_from_slice(hole);
                            equity::evaluate(&cards).expect("seven cards")
                        };
                        let (h, v) = (rank(&hero), rank(&villain));
                        total += 1.0;
                        win += f64::from(u8::from(h > v));
                        tie += f64::from(u8::from(h == v));
                    }
                }
            }
        }
    }
    let req = request(
        Range::parse("AsKs").expect("r"),
        Range::parse("QhQd").expect("r"),
        vec![],
        dead,
    );
    let ours = tally(&req).expect("tally").sums();
    assert!(
        close(ours[0], win) && close(ours[1], tie) && close(ours[2], total),
        "{ours:?}"
    );
}

#[test]
fn report_serialises_with_snake_case_fields() {
    let req = request(
        Range::parse("AhKh").expect("range"),
        Range::parse("QsQd").expect("range"),
        parse_cards("Jh8h2c").expect("board"),
        vec![],
    );
    let report = tally(&req).expect("tally").finish(0.02).expect("report");
    let json = serde_json::to_value(&report).expect("serialisable");
    for field in ["hero", "villain", "combo_equity", "matrix", "next_cards"] {
        assert!(json.get(field).is_some(), "{field}");
    }
    assert_eq!(json["next_cards"][0]["card"], "2d");
    assert!(["increase", "keep", "reduce"].contains(&json["next_cards"][0]["change"].as_str().unwrap_or("")));
    assert!(json["hero"]["equity"]
        .as_f64()
        .is_some_and(|e| (e - 0.544444).abs() < 1e-6));
}
