//! Range text: parsing every single-range format players paste, and printing it in three of them.
//!
//! Grammar (case-insensitive, tokens separated by commas, semicolons or whitespace; spaces around `:`, `-` and `%`
//! tolerated): a token is a body with an optional weight `:w` (`0 <= w <= 1`). Bodies are
//!
//! * `random` / `any`; a specific combo `AhKh`; a class `QQ`, `AKs`, `AKo`, `AK` (suited and offsuit);
//! * a class followed by `+` (`QQ+` = queens and better, `ATs+` = ATs..AKs), or a span `TT-88`, `A5s-A2s`;
//! * a top share `top 15%` (`top15%`, `top 15`): the best classes by the preflop ranking of [`crate::ranking`],
//!   about that share of all 1326 combos.
//!
//! Bracket groups give every token between them a weight in percent: `[50]AKs, AQs[/50]` is `AKs:0.5, AQs:0.5`
//! (Flopzilla Pro, GTO+). A group closes with the share it opened with; groups do not nest, and a token inside one
//! has no weight of its own. So one parser reads PokerStove and Flopzilla (`AKs, QQ+, KJo:0.5`), bracketed weights
//! (`[50]AKs,AQs[/50]`), PioSolver and GTO+ weighted lists (`AA:1,AKs:0.75`) and top shares. Later tokens
//! overwrite earlier weights. An error names the bad token, where it is and what is wrong with it.
//!
//! Printing is in [`format`]: short PokerStove notation, bracket groups or a weighted list.

mod format;
mod scan;

pub(crate) use format::format;
pub use format::NotationStyle;

use scan::{read_percent, tokens, Token};

use crate::card::{parse_cards, parse_rank, Card};
use crate::combo::{class_combos as grid_class_combos, combo_index, COMBOS};
use crate::error::{EquityError, RangeTokenProblem};
use crate::ranking::top_share;

/// Which combos of a two-rank class a token means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pair,
    Suited,
    Offsuit,
    Both,
}

/// A class as written: high rank, low rank, kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Class {
    hi: u8,
    lo: u8,
    kind: Kind,
}

/// Parses range text into 1326 combo weights.
pub(crate) fn parse(text: &str) -> Result<Vec<f32>, EquityError> {
    let mut weights = vec![0.0f32; COMBOS];
    for token in tokens(text)? {
        let (body, weight) = match (token.text.split_once(':'), token.bracket) {
            (Some(_), Some(_)) => return Err(token.bad(RangeTokenProblem::WeightTwice)),
            (Some((body, w)), None) => {
                let weight: f32 = w
                    .parse()
                    .map_err(|_| token.bad(RangeTokenProblem::WeightNotNumber))?;
                if !(0.0..=1.0).contains(&weight) {
                    return Err(token.bad(RangeTokenProblem::WeightOutOfRange));
                }
                (body, weight)
            }
            (None, bracket) => (token.text.as_str(), bracket.unwrap_or(1.0)),
        };
        for combo in token_combos(body, &token)? {
            weights[combo] = weight;
        }
    }
    Ok(weights)
}

/// The combos of a top share (`top 15%`, `top15`), or `None` when the body is no top share.
fn top_combos(body: &str, token: &Token) -> Option<Result<Vec<usize>, EquityError>> {
    let head = body.get(..3)?;
    if !head.eq_ignore_ascii_case("top") {
        return None;
    }
    let share = body[3..].trim();
    let share = share.strip_suffix('%').unwrap_or(share);
    Some(
        read_percent(share)
            .map(|percent| {
                top_share(percent)
                    .into_iter()
                    .flat_map(grid_class_combos)
                    .collect()
            })
            .map_err(|problem| token.bad(problem)),
    )
}

/// The combos a token body names.
fn token_combos(body: &str, token: &Token) -> Result<Vec<usize>, EquityError> {
    if body.is_empty() {
        return Err(token.bad(RangeTokenProblem::MissingHand));
    }
    if body.eq_ignore_ascii_case("random") || body.eq_ignore_ascii_case("any") {
        return Ok((0..COMBOS).collect());
    }
    if let Some(combos) = top_combos(body, token) {
        return combos;
    }
    let chars: Vec<char> = body.chars().collect();
    let is_suit = |c: char| "cdhs".contains(c.to_ascii_lowercase());
    let has_suit_chars = chars.len() == 4 && is_suit(chars[1]) && is_suit(chars[3]);
    if has_suit_chars {
        return match parse_cards(body) {
            Ok(cards) if cards.len() == 2 => Ok(vec![combo_index(cards[0], cards[1])]),
            Ok(_) => Err(token.bad(RangeTokenProblem::NotTwoCards)),
            Err(EquityError::DuplicateCard { .. }) => Err(token.bad(RangeTokenProblem::SameCardTwice)),
            Err(_) => Err(token.bad(RangeTokenProblem::ExpectedHand)),
        };
    }
    let classes: Vec<Class> = if let Some((from, to)) = body.split_once('-') {
        let (a, b) = (parse_class(from, token)?, parse_class(to, token)?);
        span(a, b).ok_or_else(|| token.bad(RangeTokenProblem::SpanEnds))?
    } else if let Some(stem) = body.strip_suffix('+') {
        let base = parse_class(stem, token)?;
        if base.kind == Kind::Pair {
            (base.hi..13)
                .map(|r| Class {
                    hi: r,
                    lo: r,
                    kind: Kind::Pair,
                })
                .collect()
        } else {
            (base.lo..base.hi).map(|lo| Class { lo, ..base }).collect()
        }
    } else {
        vec![parse_class(body, token)?]
    };
    Ok(classes.into_iter().flat_map(class_combos).collect())
}

/// Parses `QQ`, `AKs`, `AKo`, `AK` (ranks in either order).
fn parse_class(text: &str, token: &Token) -> Result<Class, EquityError> {
    let chars: Vec<char> = text.chars().collect();
    if !(2..=3).contains(&chars.len()) {
        return Err(token.bad(RangeTokenProblem::ExpectedClass));
    }
    let rank = |c: char| parse_rank(c).ok_or_else(|| token.bad(RangeTokenProblem::UnknownRank));
    let (r1, r2) = (rank(chars[0])?, rank(chars[1])?);
    let (hi, lo) = (r1.max(r2), r1.min(r2));
    let kind = match (chars.get(2).map(|c| c.to_ascii_lowercase()), hi == lo) {
        (None, true) => Kind::Pair,
        (None, false) => Kind::Both,
        (Some('s'), false) => Kind::Suited,
        (Some('o'), false) => Kind::Offsuit,
        (Some('s' | 'o'), true) => return Err(token.bad(RangeTokenProblem::SuitedPair)),
        _ => return Err(token.bad(RangeTokenProblem::ExpectedSuitedness)),
    };
    Ok(Class { hi, lo, kind })
}

/// The classes from one end of a span to the other (either order), or `None` if the ends do not match.
fn span(a: Class, b: Class) -> Option<Vec<Class>> {
    if a.kind != b.kind {
        return None;
    }
    if a.kind == Kind::Pair {
        let (lo, hi) = (a.hi.min(b.hi), a.hi.max(b.hi));
        return Some(
            (lo..=hi)
                .map(|r| Class {
                    hi: r,
                    lo: r,
                    kind: Kind::Pair,
                })
                .collect(),
        );
    }
    if a.hi != b.hi {
        return None;
    }
    let (lo, hi) = (a.lo.min(b.lo), a.lo.max(b.lo));
    Some((lo..=hi).map(|k| Class { lo: k, ..a }).collect())
}

/// Combos of one class.
fn class_combos(class: Class) -> Vec<usize> {
    let mut out = Vec::new();
    for s1 in 0..4u8 {
        for s2 in 0..4u8 {
            let (Ok(a), Ok(b)) = (Card::new(class.hi, s1), Card::new(class.lo, s2)) else {
                continue;
            };
            let keep = match class.kind {
                Kind::Pair => s1 < s2,
                Kind::Suited => s1 == s2,
                Kind::Offsuit => s1 != s2,
                Kind::Both => true,
            };
            if keep {
                out.push(combo_index(a, b));
            }
        }
    }
    out
}
