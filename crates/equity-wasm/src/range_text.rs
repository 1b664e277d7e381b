//! Range text in and out: every format the engine reads (PokerStove, bracket groups, weighted lists, top shares) to
//! combo weights, with what is wrong with text it cannot read in the shape the host needs to point at the token and
//! word the message itself; and combo weights to text in the styles the engine writes.

use equity::notation::NotationStyle;
use equity::{EquityError, Range};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{js_error, to_js};

/// Parses range text ("QQ+, A5s-A2s, KJo:0.5", "[50]AKs,AQs[/50]", "AA:1,AKs:0.75", "top 15%") into 1326 combo
/// weights. Text the engine cannot read
/// throws a `RangeTextIssue` (a plain object, not an Error): what is wrong, as a code, and where, so the host can
/// point at the token and word the message in its own language.
#[wasm_bindgen(js_name = parseRange)]
pub fn parse_range(text: &str) -> Result<Vec<f32>, JsValue> {
    let error = match Range::parse(text) {
        Ok(range) => return Ok(range.weights().to_vec()),
        Err(error) => error,
    };
    let EquityError::InvalidRangeToken {
        token,
        start,
        end,
        problem,
    } = &error
    else {
        return Err(js_error(error).into());
    };
    // JavaScript strings count UTF-16 units: the span in those, so `slice` and selections find the token.
    let units = |bytes: usize| text.get(..bytes).map_or(0, |head| head.encode_utf16().count());
    Err(to_js(&RangeTextIssue {
        code: problem.code(),
        token: token.clone(),
        index: units(*start),
        length: units(*end) - units(*start),
        message: error.to_string(),
    })?)
}

/// Why range text could not be read (see `RangeTextIssue` in the TypeScript types).
#[derive(Serialize)]
struct RangeTextIssue {
    code: &'static str,
    token: String,
    index: usize,
    length: usize,
    message: String,
}

/// Shortest PokerStove notation of 1326 combo weights.
#[wasm_bindgen(js_name = rangeToNotation)]
pub fn range_to_notation(weights: &[f32]) -> Result<String, JsError> {
    Ok(Range::from_weights(weights).map_err(js_error)?.to_notation())
}

/// 1326 combo weights as text in a style (`NotationStyle`); `parseRange` reads each back to the same weights.
#[wasm_bindgen(js_name = rangeToText)]
pub fn range_to_text(
    weights: &[f32],
    #[wasm_bindgen(unchecked_param_type = "NotationStyle")] style: &str,
) -> Result<String, JsError> {
    let style = match style {
        "pokerstove" => NotationStyle::PokerStove,
        "bracketed" => NotationStyle::Bracketed,
        "weighted_list" => NotationStyle::WeightedList,
        other => return Err(JsError::new(&format!("unknown notation style \"{other}\""))),
    };
    Ok(Range::from_weights(weights).map_err(js_error)?.to_text(style))
}
