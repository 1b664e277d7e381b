//! Range text into tokens: commas, semicolons and whitespace separate them (whitespace not around `:`, `-` or `%`,
//! nor after `top`), and bracket markers (`[50]` … `[/50]`) give the tokens between them a weight. Each token keeps
//! its place in the text, so an error can point at it.

use crate::error::{EquityError, RangeTokenProblem};

/// One token of the text: as read (the spaces inside taken out), where it lies in bytes, and the weight the
/// brackets around it give it, if any.
pub(super) struct Token {
    pub(super) text: String,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) bracket: Option<f32>,
}

impl Token {
    pub(super) fn bad(&self, problem: RangeTokenProblem) -> EquityError {
        EquityError::InvalidRangeToken {
            token: self.text.clone(),
            start: self.start,
            end: self.end,
            problem,
        }
    }
}

/// A bracket marker: `[50]` opens a group at 50 %, `[/50]` closes it.
struct Marker {
    start: usize,
    end: usize,
    closes: bool,
    percent: f64,
}

/// A share in percent, as brackets and top shares write it, to the weight it stands for. The formatter prints
/// percentages that give back its weight through exactly this conversion.
pub(super) fn percent_weight(percent: f64) -> f32 {
    (percent / 100.0) as f32
}

/// Reads a share in percent (`50`, `12.5`): a number from 0 to 100.
pub(super) fn read_percent(text: &str) -> Result<f64, RangeTokenProblem> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| RangeTokenProblem::PercentNotNumber)?;
    if !(0.0..=100.0).contains(&value) {
        return Err(RangeTokenProblem::PercentOutOfRange);
    }
    Ok(value)
}

fn marker_error(text: &str, start: usize, end: usize, problem: RangeTokenProblem) -> EquityError {
    EquityError::InvalidRangeToken {
        token: text[start..end].to_string(),
        start,
        end,
        problem,
    }
}

/// The bracket markers of the text, in order.
fn markers(text: &str) -> Result<Vec<Marker>, EquityError> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find('[').map(|at| from + at) {
        let Some(close) = text[open..].find(']').map(|at| open + at) else {
            // An unfinished marker: the token shown runs to the end of its word.
            let end = text[open..]
                .find(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .map_or(text.len(), |at| open + at);
            return Err(marker_error(text, open, end, RangeTokenProblem::BracketNotClosed));
        };
        let inner = &text[open + 1..close];
        let (closes, number) = match inner.trim_start().strip_prefix('/') {
            Some(rest) => (true, rest),
            None => (false, inner),
        };
        let percent = read_percent(number).map_err(|problem| marker_error(text, open, close + 1, problem))?;
        out.push(Marker {
            start: open,
            end: close + 1,
            closes,
            percent,
        });
        from = close + 1;
    }
    Ok(out)
}

/// Splits text into tokens (see the module docs) and gives each the weight of the brackets around it. Brackets
/// must pair up, one group at a time, each closed by the same share it was opened with.
pub(super) fn tokens(text: &str) -> Result<Vec<Token>, EquityError> {
    let markers = markers(text)?;
    // Markers become separators of the same length, so every other byte keeps its offset.
    let mut masked = text.as_bytes().to_vec();
    for marker in &markers {
        masked[marker.start..marker.end].fill(b',');
    }
    let masked = String::from_utf8(masked).unwrap_or_default();
    let mut out = split(&masked);
    let mut open: Option<&Marker> = None;
    let mut next = 0;
    let bad = |marker: &Marker, problem| marker_error(text, marker.start, marker.end, problem);
    for marker in &markers {
        while next < out.len() && out[next].start < marker.start {
            out[next].bracket = open.map(|m| percent_weight(m.percent));
            next += 1;
        }
        open = match (open, marker.closes) {
            (None, false) => Some(marker),
            (Some(_), false) => return Err(bad(marker, RangeTokenProblem::NestedBracket)),
            (None, true) => return Err(bad(marker, RangeTokenProblem::BracketNotOpened)),
            (Some(group), true) if group.percent != marker.percent => {
                return Err(bad(marker, RangeTokenProblem::BracketMismatch))
            }
            (Some(_), true) => None,
        };
    }
    if let Some(group) = open {
        return Err(bad(group, RangeTokenProblem::BracketNotClosed));
    }
    Ok(out)
}

/// Splits text on commas and semicolons, and on whitespace except around `:`, `-` and `%` and after `top`, so
/// `KJo : 0.5`, `TT - 88` and `top 15 %` are single tokens.
fn split(text: &str) -> Vec<Token> {
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
            let joins = out.len() > first && (glue || word.starts_with([':', '-', '%']));
            match out.last_mut() {
                Some(last) if joins => {
                    last.text.push_str(word);
                    last.end = end;
                }
                _ => out.push(Token {
                    text: word.to_string(),
                    start,
                    end,
                    bracket: None,
                }),
            }
            glue = word.ends_with([':', '-']) || word.eq_ignore_ascii_case("top");
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
