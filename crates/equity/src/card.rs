//! Cards, card text and card sets.
//!
//! A card is an index `0..52` with `index = rank * 4 + suit`, rank `0` = deuce .. `12` = ace and suits ordered
//! clubs, diamonds, hearts, spades. A [`CardSet`] is a 64-bit mask with bit `index` set for each card, so
//! conflicts between hands, board and dead cards are single `AND`s.

use std::fmt;
use std::str::FromStr;

use crate::error::EquityError;

/// Rank characters in index order (deuce first).
pub(crate) const RANK_CHARS: [char; 13] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
/// Suit characters in index order.
pub(crate) const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];

/// One playing card, stored as its index `rank * 4 + suit` (`0..52`). Serialises as its text (`"Ah"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Card(u8);

impl From<Card> for String {
    fn from(card: Card) -> String {
        card.to_string()
    }
}

impl TryFrom<String> for Card {
    type Error = EquityError;

    fn try_from(text: String) -> Result<Card, EquityError> {
        text.parse()
    }
}

impl Card {
    /// Builds a card from a rank (`0` = deuce .. `12` = ace) and a suit (`0..4` = c, d, h, s).
    pub fn new(rank: u8, suit: u8) -> Result<Card, EquityError> {
        if rank > 12 || suit > 3 {
            return Err(EquityError::CardOutOfRange { rank, suit });
        }
        Ok(Card(rank * 4 + suit))
    }

    /// Builds a card from its index `0..52`.
    pub fn from_index(index: u8) -> Result<Card, EquityError> {
        Card::new(index / 4, index % 4)
    }

    /// Internal constructor for indices already known to be below 52.
    pub(crate) const fn from_index_unchecked(index: u8) -> Card {
        Card(index)
    }

    /// The card index `rank * 4 + suit`.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The rank, `0` = deuce .. `12` = ace.
    pub fn rank(self) -> u8 {
        self.0 / 4
    }

    /// The suit, `0..4` = clubs, diamonds, hearts, spades.
    pub fn suit(self) -> u8 {
        self.0 % 4
    }

    /// The card's bit in a [`CardSet`].
    pub fn mask(self) -> u64 {
        1u64 << self.0
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52u8).map(Card)
    }
}

/// Parses a rank character (`2`-`9`, `T`, `J`, `Q`, `K`, `A`, case-insensitive).
pub(crate) fn parse_rank(c: char) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    RANK_CHARS.iter().position(|&r| r == upper).map(|r| r as u8)
}

/// Parses a suit character (`c`, `d`, `h`, `s`, case-insensitive).
pub(crate) fn parse_suit(c: char) -> Option<u8> {
    let lower = c.to_ascii_lowercase();
    SUIT_CHARS.iter().position(|&s| s == lower).map(|s| s as u8)
}

impl FromStr for Card {
    type Err = EquityError;

    /// Accepts `"Ah"`, `"td"` and `"10d"` (ten written as `10`); rank case-insensitive, suit one of `c d h s`.
    fn from_str(text: &str) -> Result<Card, EquityError> {
        let bad = || EquityError::InvalidCard {
            token: text.to_string(),
        };
        let trimmed = text.trim();
        let (rank_text, suit_text) = match trimmed.char_indices().last() {
            Some((i, _)) if i > 0 => trimmed.split_at(i),
            _ => return Err(bad()),
        };
        let rank = if rank_text == "10" {
            8
        } else {
            let mut chars = rank_text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => parse_rank(c).ok_or_else(bad)?,
                _ => return Err(bad()),
            }
        };
        let suit = suit_text.chars().next().and_then(parse_suit).ok_or_else(bad)?;
        Card::new(rank, suit)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_CHARS[self.rank() as usize],
            SUIT_CHARS[self.suit() as usize]
        )
    }
}

/// Parses a list of cards written together or separated by spaces or commas: `"AhKd2c"`, `"Ah Kd 2c"`,
/// `"Ah,Kd"`, `"10h9s"`. A repeated card is an error.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, EquityError> {
    let mut cards = Vec::new();
    let mut seen = CardSet::EMPTY;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        // A card is "10" + suit (3 chars) or rank + suit (2 chars).
        let len = if c == '1' && chars.get(i + 1).map(|&(_, d)| d) == Some('0') {
            3
        } else {
            2
        };
        let end = chars.get(i + len).map_or(text.len(), |&(e, _)| e);
        let token = &text[start..end];
        if i + len > chars.len() || token.chars().any(|t| t.is_whitespace() || t == ',') {
            let rest = text[start..].split([' ', ',']).next().unwrap_or(token);
            return Err(EquityError::InvalidCard {
                token: rest.to_string(),
            });
        }
        let card: Card = token.parse()?;
        if seen.contains(card) {
            return Err(EquityError::DuplicateCard {
                card: card.to_string(),
            });
        }
        seen.insert(card);
        cards.push(card);
        i += len;
    }
    Ok(cards)
}

/// A set of cards as a 64-bit mask (bit `index` per card).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The set of the given cards (duplicates collapse).
    pub fn from_cards(cards: &[Card]) -> CardSet {
        CardSet(cards.iter().fold(0, |m, c| m | c.mask()))
    }

    /// Whether the card is in the set.
    pub fn contains(self, card: Card) -> bool {
        self.0 & card.mask() != 0
    }

    /// Adds a card.
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.mask();
    }

    /// Number of cards in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a card.
    pub fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The cards in index order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0 & ((1u64 << 52) - 1);
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Card(index))
        })
    }
}

/// Checks that board and dead cards are valid together and returns their union.
pub(crate) fn validate_board_dead(board: &[Card], dead: &[Card]) -> Result<CardSet, EquityError> {
    if !matches!(board.len(), 0 | 3 | 4 | 5) {
        return Err(EquityError::BoardSize { count: board.len() });
    }
    let mut used = CardSet::EMPTY;
    for &card in board {
        if used.contains(card) {
            return Err(EquityError::DuplicateCard {
                card: card.to_string(),
            });
        }
        used.insert(card);
    }
    let mut dead_set = CardSet::EMPTY;
    for &card in dead {
        if dead_set.contains(card) {
            return Err(EquityError::DuplicateCard {
                card: card.to_string(),
            });
        }
        if used.contains(card) {
            return Err(EquityError::CardConflict {
                card: card.to_string(),
                first: "the board",
                second: "the dead cards",
            });
        }
        dead_set.insert(card);
    }
    Ok(CardSet(used.0 | dead_set.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_cards() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert_eq!("10d".parse::<Card>().map(|c| c.to_string()), Ok("Td".to_string()));
        assert_eq!("aH".parse::<Card>().map(|c| c.to_string()), Ok("Ah".to_string()));
        for bad in ["", "A", "Ax", "1h", "AhK", "11h", "Xh"] {
            assert!(
                matches!(bad.parse::<Card>(), Err(EquityError::InvalidCard { .. })),
                "{bad}"
            );
        }
        assert_eq!(
            Card::new(13, 0),
            Err(EquityError::CardOutOfRange { rank: 13, suit: 0 })
        );
    }

    #[test]
    fn parses_card_lists() {
        let expect: Vec<String> = vec!["Ah".into(), "Kd".into(), "2c".into()];
        for text in ["AhKd2c", "Ah Kd 2c", "Ah,Kd, 2c", " ah kd 2C "] {
            let cards = parse_cards(text).map(|v| v.iter().map(|c| c.to_string()).collect::<Vec<_>>());
            assert_eq!(cards, Ok(expect.clone()), "{text}");
        }
        assert_eq!(parse_cards("10h9s").map(|v| v.len()), Ok(2));
        assert_eq!(parse_cards(""), Ok(vec![]));
        assert!(matches!(
            parse_cards("AhAh"),
            Err(EquityError::DuplicateCard { .. })
        ));
        assert!(matches!(parse_cards("AhK"), Err(EquityError::InvalidCard { .. })));
        assert!(matches!(parse_cards("Ah Zz"), Err(EquityError::InvalidCard { token }) if token == "Zz"));
    }
}
