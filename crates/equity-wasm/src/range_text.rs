//! Range text in: PokerStove notation to combo weights, and what is wrong with text the engine cannot read, in the
//! shape the host needs to point at the token and word the message itself.

use equity::{EquityError, Range};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{js_error, to_js};

/// Parses PokerStove notation ("QQ+, A5s-A2s, KJo:0.5") into 1326 combo weights. Text the engine cannot read
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
