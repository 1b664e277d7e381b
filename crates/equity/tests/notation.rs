//! Range notation: parsing, errors naming the bad token, and print/parse round trips.

mod common;

use common::Rng;
use equity::notation::NotationStyle;
use equity::{EquityError, Range, RangeTokenProblem};

fn count(text: &str) -> f64 {
    Range::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .combo_count()
}

#[test]
fn parses_pokerstove_notation() {
    let cases = [
        ("QQ+", 18.0),
        ("TT-88", 18.0),
        ("88-TT", 18.0),
        ("A5s-A2s", 16.0),
        ("ATs+", 16.0),
        ("KQo", 12.0),
        ("AK", 16.0),
        ("AT+", 64.0),
        ("AhKh", 1.0),
        ("ahkh", 1.0),
        ("random", 1326.0),
        ("KJo:0.5", 6.0),
        ("KJo : 0.5", 6.0),
        ("TT - 88", 18.0),
        ("QQ+, AKs AKo,\n  A5s-A2s", 18.0 + 16.0 + 16.0),
        ("77+,ATs+,KJs+,QJs,AJo+,KQo", 124.0),
        ("22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+,QJo", 246.0),
        ("AA,AsAh:0.5", 5.5),
        ("", 0.0),
        ("22+", 78.0),
        ("32s+", 4.0),
    ];
    for (text, expected) in cases {
        assert_eq!(count(text), expected, "{text}");
    }
}

#[test]
fn errors_name_the_bad_token() {
    let token_error = |text: &str| match Range::parse(text) {
        Err(EquityError::InvalidRangeToken { token, .. }) => token,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(token_error("AA, QQ++"), "QQ++");
    assert_eq!(token_error("KJo:1.5"), "KJo:1.5");
    assert_eq!(token_error("KJo:abc"), "KJo:abc");
    assert_eq!(token_error("AKx"), "AKx");
    assert_eq!(token_error("ZZ"), "ZZ");
    assert_eq!(token_error("AhAh"), "AhAh");
    assert_eq!(token_error("AKs-QJs"), "AKs-QJs");
    assert_eq!(token_error("TT-A5s"), "TT-A5s");
    assert_eq!(token_error("Q"), "Q");
    assert_eq!(token_error(":0.5"), ":0.5");
    assert_eq!(token_error("AAs"), "AAs");
    let message = Range::parse("QQ++").expect_err("invalid").to_string();
    assert!(message.contains("\"QQ++\""), "{message}");
}

#[test]
fn errors_say_where_the_token_is_and_what_is_wrong() {
    use RangeTokenProblem::*;
    let error = |text: &str| match Range::parse(text) {
        Err(EquityError::InvalidRangeToken {
            token,
            start,
            end,
            problem,
        }) => {
            // The span is the token as written: the same characters once the spaces inside are taken out.
            let written: String = text[start..end].chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(written, token, "{text}");
            (token, start, end, problem)
        }
        other => panic!("{text}: {other:?}"),
    };
    let owned = |token: &str, start, end, problem| (token.to_string(), start, end, problem);
    assert_eq!(error("AA, QQ++"), owned("QQ++", 4, 8, ExpectedSuitedness));
    assert_eq!(
        error("QQ+, AKs KJo : abc"),
        owned("KJo:abc", 9, 18, WeightNotNumber)
    );
    assert_eq!(error("KJo:1.5"), owned("KJo:1.5", 0, 7, WeightOutOfRange));
    assert_eq!(error("AA,:0.5"), owned(":0.5", 3, 7, MissingHand));
    assert_eq!(error("AA\n  TT - A5s"), owned("TT-A5s", 5, 13, SpanEnds));
    assert_eq!(error("AhAh"), owned("AhAh", 0, 4, SameCardTwice));
    assert_eq!(error("Xh9d"), owned("Xh9d", 0, 4, ExpectedHand));
    assert_eq!(error("AA; Q"), owned("Q", 4, 5, ExpectedClass));
    assert_eq!(error("ZZ"), owned("ZZ", 0, 2, UnknownRank));
    assert_eq!(error("KK, AAs"), owned("AAs", 4, 7, SuitedPair));
    // Byte offsets: a two-byte letter before the token moves it by two.
    assert_eq!(error("ÄK, QQ"), owned("ÄK", 0, 3, UnknownRank));
    assert_eq!(error("é QQ, AKx"), owned("é", 0, 2, ExpectedClass));
    // A comma ends a token even before ":": the weight is a token of its own.
    assert_eq!(error("AA ,: 0.5"), owned(":0.5", 4, 9, MissingHand));
}

#[test]
fn every_problem_has_its_own_code() {
    use RangeTokenProblem::*;
    let all = [
        MissingHand,
        NotTwoCards,
        SameCardTwice,
        ExpectedHand,
        SpanEnds,
        ExpectedClass,
        UnknownRank,
        SuitedPair,
        ExpectedSuitedness,
        WeightNotNumber,
        WeightOutOfRange,
        PercentNotNumber,
        PercentOutOfRange,
        BracketNotClosed,
        BracketNotOpened,
        BracketMismatch,
        NestedBracket,
        WeightTwice,
    ];
    let codes: std::collections::BTreeSet<_> = all.iter().map(|problem| problem.code()).collect();
    assert_eq!(codes.len(), all.len());
    for problem in all {
        // The code is the serialised name, so hosts reading the JSON see the same one.
        assert_eq!(
            serde_json::to_value(problem).expect("serialises"),
            serde_json::Value::String(problem.code().to_string())
        );
        assert!(problem.code().chars().all(|c| c.is_ascii_lowercase() || c == '_'));
    }
}

#[test]
fn prints_short_notation() {
    let cases = [
        ("QQ+, AKs, AKo", "QQ+, AK"),
        ("22+", "22+"),
        ("TT-88", "TT-88"),
        ("A5s-A2s", "A5s-A2s"),
        ("ATs+, KQo", "ATs+, KQo"),
        ("KJo:0.5", "KJo:0.5"),
        ("random", "random"),
        ("random:0.25", "random:0.25"),
        ("AhKh", "AhKh"),
        ("", ""),
    ];
    for (text, expected) in cases {
        assert_eq!(
            Range::parse(text).expect("valid").to_notation(),
            expected,
            "{text}"
        );
    }
}

#[test]
fn notation_round_trips() {
    let mut rng = Rng(99);
    let levels = [1.0f32, 0.5, 0.25, 0.123_456_79, 0.75];
    for case in 0..300 {
        let mut weights = vec![0.0f32; 1326];
        match case % 3 {
            // Whole classes at a few weights.
            0 => {
                let mut grid = vec![0.0f32; 169];
                for _ in 0..rng.below(60) {
                    grid[rng.below(169) as usize] = levels[rng.below(5) as usize];
                }
                weights = Range::from_class_weights(&grid).expect("grid").weights().to_vec();
            }
            // Scattered combos with arbitrary weights.
            1 => {
                for _ in 0..rng.below(200) {
                    weights[rng.below(1326) as usize] = rng.unit() as f32;
                }
            }
            // Classes plus overrides.
            _ => {
                for w in weights.iter_mut() {
                    *w = if rng.below(4) == 0 {
                        levels[rng.below(5) as usize]
                    } else {
                        0.0
                    };
                }
            }
        }
        let range = Range::from_weights(&weights).expect("weights");
        let text = range.to_notation();
        let back = Range::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back.weights(), range.weights(), "{text}");
    }
}

/// The weights of `text`, which must parse.
fn weights(text: &str) -> Vec<f32> {
    Range::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .weights()
        .to_vec()
}

#[test]
fn reads_every_single_range_format_alike() {
    // PokerStove / Flopzilla, bracket groups (Flopzilla Pro, GTO+) and weighted lists (PioSolver, GTO+).
    let same = [
        ("AKs, QQ+, KJo:0.5", "[100]AKs, QQ+[/100], [50]KJo[/50]"),
        ("AKs:0.5, AQs:0.5", "[50]AKs,AQs[/50]"),
        ("AKs:0.5, AQs:0.5", "[50] AKs, AQs [/50]"),
        ("AKs:0.5, AQs:0.5", "[50.0]AKs AQs[/50.00]"),
        ("AA, AKs:0.75", "AA:1,AKs:0.75"),
        ("AA, AKs:0.75", "AA:1.0, AKs:0.750"),
        ("QQ+, AK:0.125", "QQ+,[12.5]AKs,AKo[/12.5]"),
        ("QQ+, AKs:0.3", "[30]AKs[/30], QQ+"),
        ("", "[50][/50]"),
    ];
    for (plain, other) in same {
        assert_eq!(weights(plain), weights(other), "{other}");
    }
    // A bracket weight is a share in percent: 33.3 % is the weight 0.333.
    let aces = Range::parse("[33.3]AA[/33.3]").expect("valid");
    assert_eq!(aces.class_weights()[0], 0.333f32);
    assert_eq!(aces.combo_count(), f64::from(0.333f32) * 6.0);
}

#[test]
fn bracket_and_top_share_errors_name_the_token_and_where_it_is() {
    use RangeTokenProblem::*;
    let error = |text: &str| match Range::parse(text) {
        Err(EquityError::InvalidRangeToken {
            token,
            start,
            end,
            problem,
        }) => (token, start, end, problem),
        other => panic!("{text}: {other:?}"),
    };
    let owned = |token: &str, start, end, problem| (token.to_string(), start, end, problem);
    assert_eq!(error("QQ, [50]AKs"), owned("[50]", 4, 8, BracketNotClosed));
    assert_eq!(error("QQ, [50 AKs"), owned("[50", 4, 7, BracketNotClosed));
    assert_eq!(error("AKs[/50]"), owned("[/50]", 3, 8, BracketNotOpened));
    assert_eq!(error("[50]AKs[/25]"), owned("[/25]", 7, 12, BracketMismatch));
    assert_eq!(
        error("[50]AKs, [25]AQs[/25]"),
        owned("[25]", 9, 13, NestedBracket)
    );
    assert_eq!(error("[abc]AKs[/abc]"), owned("[abc]", 0, 5, PercentNotNumber));
    assert_eq!(
        error("AA, [150]AKs[/150]"),
        owned("[150]", 4, 9, PercentOutOfRange)
    );
    assert_eq!(
        error("[50]AA, AKs:0.5[/50]"),
        owned("AKs:0.5", 8, 15, WeightTwice)
    );
    assert_eq!(error("[50]AA, ZZ[/50]"), owned("ZZ", 8, 10, UnknownRank));
    assert_eq!(error("AA, top x%"), owned("topx%", 4, 10, PercentNotNumber));
    assert_eq!(error("top 120%"), owned("top120%", 0, 8, PercentOutOfRange));
    assert_eq!(error("top"), owned("top", 0, 3, PercentNotNumber));
}

#[test]
fn a_top_share_takes_a_weight_and_mixes_with_other_tokens() {
    let top = Range::parse("top 10%").expect("top");
    let half = Range::parse("top 10%:0.5").expect("top");
    assert_eq!(half.combo_count(), top.combo_count() / 2.0);
    // Later tokens overwrite: the share, then the aces taken out again.
    let without_aces = Range::parse("top 10%, AA:0").expect("top");
    assert_eq!(without_aces.combo_count(), top.combo_count() - 6.0);
}

#[test]
fn prints_each_style() {
    let range = Range::parse("QQ+, AKs, AQs:0.5, KJo:0.5, AhKd:0.25").expect("valid");
    assert_eq!(
        range.to_text(NotationStyle::Bracketed),
        "QQ+, AKs, [50]AQs, KJo[/50], [25]AhKd[/25]"
    );
    assert_eq!(
        range.to_text(NotationStyle::WeightedList),
        "AA:1,AKs:1,AQs:0.5,KK:1,QQ:1,KJo:0.5,AhKd:0.25"
    );
    assert_eq!(
        Range::parse("[33.3]AA[/33.3]")
            .expect("valid")
            .to_text(NotationStyle::Bracketed),
        "[33.3]AA[/33.3]"
    );
}

#[test]
fn every_style_round_trips() {
    let mut rng = Rng(7);
    let levels = [1.0f32, 0.5, 0.25, 0.123_456_79, 0.75, 0.3333, 0.01];
    for case in 0..300 {
        let mut weights = vec![0.0f32; 1326];
        if case % 2 == 0 {
            let mut grid = vec![0.0f32; 169];
            for _ in 0..rng.below(80) {
                grid[rng.below(169) as usize] = levels[rng.below(7) as usize];
            }
            weights = Range::from_class_weights(&grid).expect("grid").weights().to_vec();
        }
        for _ in 0..rng.below(40) {
            weights[rng.below(1326) as usize] = if rng.below(2) == 0 {
                levels[rng.below(7) as usize]
            } else {
                rng.unit() as f32
            };
        }
        let range = Range::from_weights(&weights).expect("weights");
        for style in [
            NotationStyle::PokerStove,
            NotationStyle::Bracketed,
            NotationStyle::WeightedList,
        ] {
            let text = range.to_text(style);
            let back = Range::parse(&text).unwrap_or_else(|e| panic!("{style:?} {text}: {e}"));
            assert_eq!(back.weights(), range.weights(), "{style:?} {text}");
        }
    }
}
