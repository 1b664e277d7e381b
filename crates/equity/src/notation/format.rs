//! Range weights printed as text in three styles, each read back by [`super::parse`] to exactly the same weights:
//!
//! * [`NotationStyle::PokerStove`]: short notation with `:w` weights (`QQ+, AKs, KJo:0.5`), as PokerStove,
//!   Equilab and Flopzilla read it;
//! * [`NotationStyle::Bracketed`]: full-weight tokens as they are, the others in bracket groups of their share in
//!   percent (`QQ+, [50]AKs, KJo[/50]`), as Flopzilla Pro and GTO+ write weights;
//! * [`NotationStyle::WeightedList`]: every class with its weight, no spans (`AA:1,AKs:0.75`), as PioSolver and
//!   GTO+ weighted lists are written.
//!
//! Short notation groups combos by weight: a class whose combos share one weight is written as a class, runs of
//! classes become `+` / `-` spans and `AKs` + `AKo` at the same weight become `AK`. Classes with mixed weights are
//! written combo by combo. Weights use the shortest text that reads back to the same `f32` (percentages too), so
//! printing then parsing gives back exactly the same weights.

use super::scan::percent_weight;
use crate::card::RANK_CHARS;
use crate::combo::{combo_cards, COMBOS, COMBO_CLASS};

/// How range text is written (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotationStyle {
    /// `QQ+, AKs, KJo:0.5`.
    PokerStove,
    /// `QQ+, [50]AKs, KJo[/50]`.
    Bracketed,
    /// `AA:1,AKs:0.75`.
    WeightedList,
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

/// The weight every combo of each class has, or `None` for a class whose combos differ.
fn class_weights(weights: &[f32]) -> [Option<f32>; 169] {
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
    class_weight
}

/// The short tokens (no weight) of the classes at exactly `level`.
fn level_tokens(class_weight: &[Option<f32>; 169], level: f32) -> Vec<String> {
    let mut tokens = Vec::new();
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
                let name = |lo: u8| format!("{}{}{suffix}", RANK_CHARS[hi as usize], RANK_CHARS[lo as usize]);
                tokens.push(match (top == hi - 1 && run.len() > 1, run.len()) {
                    (true, _) => format!("{}+", name(bottom)),
                    (false, 1) => name(top),
                    _ => format!("{}-{}", name(top), name(bottom)),
                });
            }
        }
    }
    tokens
}

/// Combos of classes with mixed weights, as `AhKh` with their weight, in combo order.
fn mixed_combos(weights: &[f32], class_weight: &[Option<f32>; 169]) -> Vec<(String, f32)> {
    (0..COMBOS)
        .filter(|&i| weights[i] > 0.0 && class_weight[COMBO_CLASS[i] as usize].is_none())
        .map(|i| {
            let (a, b) = combo_cards(i);
            (format!("{b}{a}"), weights[i])
        })
        .collect()
}

/// The weights of uniform classes above zero, highest first.
fn levels(class_weight: &[Option<f32>; 169]) -> Vec<f32> {
    let mut levels: Vec<f32> = class_weight
        .iter()
        .flatten()
        .copied()
        .filter(|&w| w > 0.0)
        .collect();
    levels.sort_by(|a, b| b.total_cmp(a));
    levels.dedup();
    levels
}

/// Prints weights in a style (see the module docs).
pub(crate) fn format(weights: &[f32], style: NotationStyle) -> String {
    match style {
        NotationStyle::PokerStove => pokerstove(weights),
        NotationStyle::Bracketed => bracketed(weights),
        NotationStyle::WeightedList => weighted_list(weights),
    }
}

fn pokerstove(weights: &[f32]) -> String {
    if let Some(&first) = weights.first() {
        if first > 0.0 && weights.iter().all(|&w| w == first) {
            return with_weight("random".to_string(), first);
        }
    }
    let class_weight = class_weights(weights);
    let mut tokens = Vec::new();
    for level in levels(&class_weight) {
        tokens.extend(
            level_tokens(&class_weight, level)
                .into_iter()
                .map(|token| with_weight(token, level)),
        );
    }
    tokens.extend(
        mixed_combos(weights, &class_weight)
            .into_iter()
            .map(|(combo, w)| with_weight(combo, w)),
    );
    tokens.join(", ")
}

fn bracketed(weights: &[f32]) -> String {
    let class_weight = class_weights(weights);
    let mut groups: Vec<(f32, Vec<String>)> = levels(&class_weight)
        .into_iter()
        .map(|level| (level, level_tokens(&class_weight, level)))
        .collect();
    for (combo, w) in mixed_combos(weights, &class_weight) {
        match groups.iter_mut().find(|(level, _)| *level == w) {
            Some((_, tokens)) => tokens.push(combo),
            None => groups.push((w, vec![combo])),
        }
    }
    groups.sort_by(|a, b| b.0.total_cmp(&a.0));
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(level, tokens)| {
            let joined = tokens.join(", ");
            if level == 1.0 {
                joined
            } else {
                let share = percent_text(level);
                format!("[{share}]{joined}[/{share}]")
            }
        })
        .collect();
    parts.join(", ")
}

fn weighted_list(weights: &[f32]) -> String {
    let class_weight = class_weights(weights);
    let mut tokens = Vec::new();
    for (class, weight) in class_weight.iter().enumerate() {
        if let Some(w) = weight.filter(|&w| w > 0.0) {
            let label = crate::combo::class_label(class).unwrap_or_default();
            tokens.push(format!("{label}:{w}"));
        }
    }
    tokens.extend(
        mixed_combos(weights, &class_weight)
            .into_iter()
            .map(|(combo, w)| format!("{combo}:{w}")),
    );
    tokens.join(",")
}

/// Appends `:w` unless the weight is 1.
fn with_weight(token: String, weight: f32) -> String {
    if weight == 1.0 {
        token
    } else {
        format!("{token}:{weight}")
    }
}

/// The shortest percentage that reads back to exactly `weight` (through [`percent_weight`]).
fn percent_text(weight: f32) -> String {
    let percent = f64::from(weight) * 100.0;
    for decimals in 0..=12 {
        let text = format!("{percent:.decimals$}");
        let text = if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            text
        };
        if text.parse::<f64>().map(percent_weight) == Ok(weight) {
            return text;
        }
    }
    format!("{percent}")
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
