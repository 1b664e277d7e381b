//! The crate-wide error type.
//!
//! Every public function that takes user input returns `Result<_, EquityError>`; nothing panics on bad input
//! (a panic would poison the wasm instance that hosts the engine). Messages name the offending token or card; a
//! bad token of range text also says where it is and, as a [`RangeTokenProblem`] with a stable code, what is wrong
//! with it, so a host can point at it and word the message in its own language.

use serde::Serialize;
use thiserror::Error;

/// Everything that can go wrong when parsing input or computing equity.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum EquityError {
    /// A card token is not a rank (`2`-`9`, `T`/`10`, `J`, `Q`, `K`, `A`) followed by a suit (`c`, `d`, `h`, `s`).
    #[error("invalid card \"{token}\": expected a rank 2-9, T, J, Q, K, A followed by a suit c, d, h, s")]
    InvalidCard {
        /// The text that failed to parse.
        token: String,
    },
    /// `Card::new` got a rank above 12 or a suit above 3.
    #[error("invalid card rank {rank} / suit {suit}: rank must be 0..=12 and suit 0..=3")]
    CardOutOfRange {
        /// The rank given.
        rank: u8,
        /// The suit given.
        suit: u8,
    },
    /// The same card appears twice in one list (board, dead cards, a hand).
    #[error("duplicate card {card}")]
    DuplicateCard {
        /// The repeated card.
        card: String,
    },
    /// A card is used twice across board, dead cards or fixed hands.
    #[error("card {card} is used both in {first} and in {second}")]
    CardConflict {
        /// The conflicting card.
        card: String,
        /// Where the card was first seen.
        first: &'static str,
        /// Where it was seen again.
        second: &'static str,
    },
    /// A token of range text is not valid PokerStove notation (its weight included).
    #[error("invalid range token \"{token}\": {}", problem.reason())]
    InvalidRangeToken {
        /// The offending token, with the spaces around its `:` and `-` taken out (`KJo : x` is `KJo:x`).
        token: String,
        /// Byte offset of the token's first character in the text parsed.
        start: usize,
        /// Byte offset just past the token's last character in the text parsed (spaces inside included).
        end: usize,
        /// What is wrong with it.
        problem: RangeTokenProblem,
    },
    /// A class index is not one of the 169 grid classes.
    #[error("invalid hand class index {index}: classes are 0..=168")]
    InvalidClass {
        /// The index given.
        index: usize,
    },
    /// A weight is not a finite number in `[0, 1]`.
    #[error("invalid weight \"{token}\": weights must be numbers between 0 and 1")]
    InvalidWeight {
        /// The offending weight text (or value).
        token: String,
    },
    /// A weight array has the wrong length.
    #[error("expected {expected} weights, got {found}")]
    WeightCount {
        /// Required length (1326 combos or 169 classes).
        expected: usize,
        /// Length given.
        found: usize,
    },
    /// The board has a number of cards that is not 0, 3, 4 or 5.
    #[error("a board must have 0, 3, 4 or 5 cards, got {count}")]
    BoardSize {
        /// Number of board cards given.
        count: usize,
    },
    /// The evaluator was given a number of cards other than 5, 6 or 7.
    #[error("a hand to evaluate must have 5, 6 or 7 cards, got {count}")]
    HandSize {
        /// Number of cards given.
        count: usize,
    },
    /// A range has no combo with positive weight once board and dead cards are removed.
    #[error("range {player} is empty once board and dead cards are removed")]
    EmptyRange {
        /// Zero-based position of the range in the request (0 = hero).
        player: usize,
    },
    /// No deal is possible: every combination of the ranges' combos conflicts.
    #[error("the ranges cannot be dealt together: every combination of their hands shares a card")]
    NoValidDeal,
    /// Multiway functions take between 2 and 6 ranges.
    #[error("expected between {min} and {max} ranges, got {found}")]
    RangeCount {
        /// Minimum number of ranges.
        min: usize,
        /// Maximum number of ranges.
        max: usize,
        /// Number given.
        found: usize,
    },
    /// A shard index is not below the shard count, or the count is zero.
    #[error("invalid shard {index} of {count}: the count must be positive and the index below it")]
    InvalidShard {
        /// Shard index given.
        index: u32,
        /// Shard count given.
        count: u32,
    },
    /// Two tallies or Monte Carlo states describe different problems and cannot be merged.
    #[error("cannot merge results of different requests: {reason}")]
    MergeMismatch {
        /// Which part differs.
        reason: &'static str,
    },
    /// A serialised tally is malformed.
    #[error("invalid serialised tally: {reason}")]
    InvalidTallyData {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A threshold or other numeric option is negative or not finite.
    #[error("invalid {name} {value}: must be finite and not negative")]
    InvalidOption {
        /// The option name.
        name: &'static str,
        /// The value given.
        value: f64,
    },
    /// Hand categories need a flop, turn or river.
    #[error("hand categories need a board of 3, 4 or 5 cards, got {count}")]
    CategoriesNeedBoard {
        /// Number of board cards given.
        count: usize,
    },
    /// The preflop table failed its integrity check (or a different one is already loaded).
    #[error("the preflop table is unusable: {reason}")]
    PreflopTable {
        /// What failed.
        reason: &'static str,
    },
    /// A tournament stack is not a positive finite number.
    #[error("the stack of player {player} is {value}: stacks must be positive numbers")]
    InvalidStack {
        /// Zero-based player position as given (first to act first).
        player: usize,
        /// The value given.
        value: f64,
    },
    /// A tournament spot has a number of players the function does not take.
    #[error("expected between {min} and {max} players, got {found}")]
    PlayerCount {
        /// Fewest players accepted.
        min: usize,
        /// Most players accepted.
        max: usize,
        /// Number given.
        found: usize,
    },
    /// A payout list is empty or pays more places than there are players.
    #[error(
        "{payouts} payouts for {players} players: give at least one payout and no more than the players"
    )]
    PayoutCount {
        /// Number of payouts given.
        payouts: usize,
        /// Number of players.
        players: usize,
    },
    /// A payout is negative or not finite, or all payouts are zero.
    #[error(
        "invalid payout {value} for place {place}: payouts must be finite, not negative, and not all zero"
    )]
    InvalidPayout {
        /// One-based place.
        place: usize,
        /// The value given.
        value: f64,
    },
    /// A blind is not a positive finite number, or the small blind is above the big blind.
    #[error("invalid blinds: small blind {small} and big blind {big} must be finite, the big blind positive and not below the small blind")]
    InvalidBlinds {
        /// Small blind given.
        small: f64,
        /// Big blind given.
        big: f64,
    },
    /// The three-way all-in table failed its integrity check.
    #[error("the three-way all-in table is unusable: {reason}")]
    ThreeWayTable {
        /// What failed.
        reason: &'static str,
    },
    /// A table push/fold solve needs the three-way all-in table, and none has been loaded.
    #[error("the three-way all-in table is not loaded (table push/fold needs threeway.bin)")]
    ThreeWayTableNotLoaded,
    /// Preflop equity without dead cards needs the preflop table, and none has been loaded.
    #[error("the preflop table is not loaded (preflop equity without dead cards needs preflop.bin)")]
    PreflopTableNotLoaded,
    /// No matchup is in the preflop table (only possible with a corrupt table).
    #[error("preflop matchup {hero} vs {villain} is missing from the table")]
    MissingMatchup {
        /// Hero hand.
        hero: String,
        /// Villain hand.
        villain: String,
    },
}

/// What is wrong with one token of range text ([`EquityError::InvalidRangeToken`]). Each has a stable
/// [`code`](RangeTokenProblem::code), so a host can word the message itself (the web app does, in its languages).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RangeTokenProblem {
    /// A weight with no hand before it (`:0.5`).
    MissingHand,
    /// Four characters with suits in place that are not two cards.
    NotTwoCards,
    /// A specific hand holding one card twice (`AhAh`).
    SameCardTwice,
    /// Four characters with suits in place whose ranks are unknown (`XhKh`).
    ExpectedHand,
    /// The ends of a span are of different kinds or lines (`AKs-QJs`, `TT-A5s`).
    SpanEnds,
    /// Not two or three characters where a class was expected (`Q`, `AKQs`).
    ExpectedClass,
    /// A character that is no rank (`ZZ`).
    UnknownRank,
    /// A pair marked suited or offsuit (`AAs`).
    SuitedPair,
    /// Something other than `s` or `o` after two ranks (`AKx`, `QQ++`).
    ExpectedSuitedness,
    /// The text after `:` is not a number (`KJo:abc`).
    WeightNotNumber,
    /// A weight outside `[0, 1]` (`KJo:1.5`).
    WeightOutOfRange,
    /// A share in brackets or after `top` that is not a number (`[abc]`, `top x%`).
    PercentNotNumber,
    /// A share in brackets or after `top` outside 0 to 100 (`[150]`, `top 120%`).
    PercentOutOfRange,
    /// A bracket group opened and never closed (`[50]AKs`), or a marker without its `]`.
    BracketNotClosed,
    /// A closing marker with no group open (`AKs[/50]`).
    BracketNotOpened,
    /// A group closed with another share than it was opened with (`[50]AKs[/25]`).
    BracketMismatch,
    /// A group opened inside another (`[50]AKs, [25]AQs`).
    NestedBracket,
    /// A token inside a bracket group with a weight of its own (`[50]AKs:0.5[/50]`).
    WeightTwice,
}

impl RangeTokenProblem {
    /// The problem's stable identifier (snake case, as serialised).
    pub fn code(self) -> &'static str {
        match self {
            RangeTokenProblem::MissingHand => "missing_hand",
            RangeTokenProblem::NotTwoCards => "not_two_cards",
            RangeTokenProblem::SameCardTwice => "same_card_twice",
            RangeTokenProblem::ExpectedHand => "expected_hand",
            RangeTokenProblem::SpanEnds => "span_ends",
            RangeTokenProblem::ExpectedClass => "expected_class",
            RangeTokenProblem::UnknownRank => "unknown_rank",
            RangeTokenProblem::SuitedPair => "suited_pair",
            RangeTokenProblem::ExpectedSuitedness => "expected_suitedness",
            RangeTokenProblem::WeightNotNumber => "weight_not_number",
            RangeTokenProblem::WeightOutOfRange => "weight_out_of_range",
            RangeTokenProblem::PercentNotNumber => "percent_not_number",
            RangeTokenProblem::PercentOutOfRange => "percent_out_of_range",
            RangeTokenProblem::BracketNotClosed => "bracket_not_closed",
            RangeTokenProblem::BracketNotOpened => "bracket_not_opened",
            RangeTokenProblem::BracketMismatch => "bracket_mismatch",
            RangeTokenProblem::NestedBracket => "nested_bracket",
            RangeTokenProblem::WeightTwice => "weight_twice",
        }
    }

    /// The problem in English, as the error's message words it.
    pub fn reason(self) -> &'static str {
        match self {
            RangeTokenProblem::MissingHand => "missing hand before the weight",
            RangeTokenProblem::NotTwoCards => "a specific hand needs exactly two cards, like AhKh",
            RangeTokenProblem::SameCardTwice => "a hand cannot hold the same card twice",
            RangeTokenProblem::ExpectedHand => "expected a hand like AhKh",
            RangeTokenProblem::SpanEnds => "a span needs two ends of the same kind, like TT-88 or A5s-A2s",
            RangeTokenProblem::ExpectedClass => "expected a hand class like QQ, AKs, AKo or AK",
            RangeTokenProblem::UnknownRank => "unknown rank",
            RangeTokenProblem::SuitedPair => "a pair cannot be suited or offsuit",
            RangeTokenProblem::ExpectedSuitedness => "expected s (suited) or o (offsuit) after the ranks",
            RangeTokenProblem::WeightNotNumber => "the weight after \":\" is not a number",
            RangeTokenProblem::WeightOutOfRange => "weights must be numbers between 0 and 1",
            RangeTokenProblem::PercentNotNumber => "the share is not a number",
            RangeTokenProblem::PercentOutOfRange => "a share must be between 0 and 100 percent",
            RangeTokenProblem::BracketNotClosed => "the bracket group is never closed, like [50]AKs[/50]",
            RangeTokenProblem::BracketNotOpened => "the bracket group was never opened, like [50]AKs[/50]",
            RangeTokenProblem::BracketMismatch => "the group closes with another share than it opened with",
            RangeTokenProblem::NestedBracket => "a bracket group cannot open inside another",
            RangeTokenProblem::WeightTwice => {
                "a hand inside a bracket group takes the group's weight, not its own"
            }
        }
    }
}
