//! PokerStove range notation: parsing and shortest printing.
//!
//! Grammar (case-insensitive ranks, tokens separated by commas or whitespace, spaces around `:` and `-`
//! tolerated): a token is a body with an optional weight `:w` (`0 <= w <= 1`). Bodies are `random` / `any`,
//! a specific combo `AhKh`, a class `QQ`, `AKs`, `AKo`, `AK` (suited and offsuit), a class followed by `+`
//! (`QQ+` = queens and better, `ATs+` = ATs..AKs), or a span `TT-88`, `A5s-A2s`. Later tokens overwrite
//! earlier weights.
//!
//! Printing groups combos by weight; a class whose combos share one weight is written as a class, runs of
//! classes become `+` / `-` spans and `AKs` + `AKo` at the same weight become `AK`. Classes with mixed weights
//! are written combo by combo. Weights use the shortest text that reads back to the same `f32`, so printing
//! then parsing gives back exactly the same weights.

use crate::card::{parse_cards, parse_rank, Card, RANK_CHARS};
use crate::combo::{combo_cards, combo_index, COMBOS, COMBO_CLASS};
use crate::error::{EquityError, RangeTokenProblem};

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

/// One token of the text: as read (the spaces around its `:` and `-` taken out) and where it lies, in bytes.
struct Token {
    text: String,
    start: usize,
    end: usize,
}

impl Token {
    fn bad(&self, problem: RangeTokenProblem) -> EquityError {
        EquityError::InvalidRangeToken {
            token: self.text.clone(),
            start: self.start,
            end: self.end,
            problem,
        }
    }
}

/// Splits text into tokens: commas and semicolons always separate, whitespace too except around `:` and `-`, so
/// `KJo : 0.5` and `TT - 88` are single tokens. Each keeps its span in the text, so an error can point at it.
fn tokens(text: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut part_start = 0;
    let separators = text
        .char_indices()
        .filter(|&(_, c)| c == ',' || c == ';')
        .map(|(at, c)| (at, at + c.len_utf8()))
        .chain(std::iter::once((text.len(), text.len())));
    for (part_end, next_start) in separators {
        let first = out.len();
        let mut glue = false;
        for (start, end) in words(&text[part_start..part_end]) {
            let (start, end) = (part_start + start, part_start + end);
            let word = &text[start..end];
            let joins = out.len() > first && (glue || word.starts_with([':', '-']));
            match out.last_mut() {
                Some(last) if joins => {
                    last.text.push_str(word);
                    last.end = end;
                }
                _ => out.push(Token {
                    text: word.to_string(),
                    start,
                    end,
                }),
            }
            glue = word.ends_with([':', '-']);
        }
        part_start = next_start;
    }
    out
}

/// Byte spans of the whitespace-separated words of `text`.
fn words(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start: Option<usize> = None;
    for (at, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(at),
            (true, Some(from)) => {
                spans.push((from, at));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        spans.push((from, text.len()));
    }
    spans
}

/// Parses range text into 1326 combo weights.
pub(crate) fn parse(text: &str) -> Result<Vec<f32>, EquityError> {
    let mut weights = vec![0.0f32; COMBOS];
    for token in tokens(text) {
        let (body, weight) = match token.text.split_once(':') {
            Some((body, w)) => {
                let weight: f32 = w
                    .parse()
                    .map_err(|_| token.bad(RangeTokenProblem::WeightNotNumber))?;
                if !(0.0..=1.0).contains(&weight) {
                    return Err(token.bad(RangeTokenProblem::WeightOutOfRange));
                }
                (body, weight)
            }
            None => (token.text.as_str(), 1.0),
        };
        for combo in token_combos(body, &token)? {
            weights[combo] = weight;
        }
    }
    Ok(weights)
}

/// The combos a token body names.
fn token_combos(body: &str, token: &Token) -> Result<Vec<usize>, EquityError> {
    if body.is_empty() {
        return Err(token.bad(RangeTokenProblem::MissingHand));
    }
    if body.eq_ignore_ascii_case("random") || body.eq_ignore_ascii_case("any") {
        return Ok((0..COMBOS).collect());
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

/// Grid class index (`row * 13 + col`) of a class and kind.
fn grid_index(hi: u8, lo: u8, suited: bool) -> usize {
    let (h, l) = (12 - hi as usize, 12 - lo as usize);
    if hi == lo || suited {
        h * 13 + l
    } else {
        l * 13 + h
    }
}

/// Prints weights as short notation (see the module docs).
pub(crate) fn format(weights: &[f32]) -> String {
    // Uniform weight per class, or None when the class mixes weights.
    let mut class_weight = [Some(0.0f32); 169];
    let mut seen = [false; 169];
    for (i, &w) in weights.iter().enumerate().take(COMBOS) {
        let c = COMBO_CLASS[i] as usize;
        if !seen[c] {
            class_weight[c] = Some(w);
            seen[c] = true;
        } else if class_weight[c] != Some(w) {
            class_weight[c] = None;
        }
    }
    if let Some(&first) = weights.first() {
        if first > 0.0 && weights.iter().all(|&w| w == first) {
            return with_weight("random".to_string(), first);
        }
    }
    let mut levels: Vec<f32> = class_weight
        .iter()
        .flatten()
        .copied()
        .filter(|&w| w > 0.0)
        .collect();
    levels.sort_by(|a, b| b.total_cmp(a));
    levels.dedup();
    let mut tokens = Vec::new();
    for &level in &levels {
        let start = tokens.len();
        let at = |hi: u8, lo: u8, suited: bool| class_weight[grid_index(hi, lo, suited)] == Some(level);
        let pairs: Vec<u8> = (0..13u8).rev().filter(|&r| at(r, r, true)).collect();
        for run in runs(&pairs) {
            let (top, bottom) = (run[0], run[run.len() - 1]);
            let name = |r: u8| format!("{0}{0}", RANK_CHARS[r as usize]);
            tokens.push(match (top == 12 && run.len() > 1, run.len()) {
                (true, _) => format!("{}+", name(bottom)),
                (false, 1) => name(top),
                _ => format!("{}-{}", name(top), name(bottom)),
            });
        }
        for hi in (1..13u8).rev() {
            let both: Vec<u8> = (0..hi)
                .rev()
                .filter(|&lo| at(hi, lo, true) && at(hi, lo, false))
                .collect();
            let suited: Vec<u8> = (0..hi)
                .rev()
                .filter(|&lo| at(hi, lo, true) && !both.contains(&lo))
                .collect();
            let offsuit: Vec<u8> = (0..hi)
                .rev()
                .filter(|&lo| at(hi, lo, false) && !both.contains(&lo))
                .collect();
            for (kickers, suffix) in [(both, ""), (suited, "s"), (offsuit, "o")] {
                for run in runs(&kickers) {
                    let (top, bottom) = (run[0], run[run.len() - 1]);
                    let name =
                        |lo: u8| format!("{}{}{suffix}", RANK_CHARS[hi as usize], RANK_CHARS[lo as usize]);
                    tokens.push(match (top == hi - 1 && run.len() > 1, run.len()) {
                        (true, _) => format!("{}+", name(bottom)),
                        (false, 1) => name(top),
                        _ => format!("{}-{}", name(top), name(bottom)),
                    });
                }
            }
        }
        for token in tokens.iter_mut().skip(start) {
            *token = with_weight(std::mem::take(token), level);
        }
    }
    // Classes with mixed weights: one token per combo.
    for (i, &w) in weights.iter().enumerate().take(COMBOS) {
        if w > 0.0 && class_weight[COMBO_CLASS[i] as usize].is_none() {
            let (a, b) = combo_cards(i);
            tokens.push(with_weight(format!("{b}{a}"), w));
        }
    }
    tokens.join(", ")
}

/// Appends `:w` unless the weight is 1.
fn with_weight(token: String, weight: f32) -> String {
    if weight == 1.0 {
        token
    } else {
        format!("{token}:{weight}")
    }
}

/// Splits a descending list of ranks into runs of consecutive ranks.
fn runs(ranks: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    for &r in ranks {
        match out.last_mut() {
            Some(run) if run.last().is_some_and(|&last| last == r + 1) => run.push(r),
            _ => out.push(vec![r]),
        }
    }
    out
}
