//! Hand-category statistics of a range on a board: what the range holds (made hands) and what it draws to.
//!
//! Made hands partition the live range (they add up to 100%): the evaluator's category, refined by whether the
//! hole cards take part. Three of a kind is a *set* with a pocket pair and *trips* otherwise; a pair is an
//! *overpair* (pocket pair above the board), *top pair* / *middle pair* (a hole card pairs the highest /
//! second-highest board rank; a pocket pair between them also counts as middle pair) or *weak pair*. Pairs made
//! by the board alone do not count: such hands are *ace high* or *high card*. Two pair needs both pairs to use a
//! hole card; otherwise the hand is classified by its one pair that does.
//!
//! Draws (flop and turn only) are counted separately and may overlap with made hands: *flush draw* (four to a
//! flush with at least one hole card), *open-ended straight draw* (two or more ranks complete a straight that
//! uses a hole card, which includes double gutshots), *gutshot* (one such rank), *combo draw* (a flush draw and
//! a straight draw; such hands are not counted again as flush or straight draws) and, on the flop, *backdoor
//! flush draw* (three to a flush with at least one hole card). Counts are weighted combos; percentages are of
//! the range's live weighted combos.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{validate_board_dead, Card};
use crate::combo::combo_cards;
use crate::error::EquityError;
use crate::evaluator::{evaluate_small, HandCategory, HandKey};
use crate::range::Range;

/// Whether a category describes the current hand or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CategoryGroup {
    /// A made hand (the made categories partition the range).
    Made,
    /// A draw (may overlap with made hands).
    Draw,
}

/// A hand category for range statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CategoryName {
    /// Straight flush.
    StraightFlush,
    /// Four of a kind.
    Quads,
    /// Full house.
    FullHouse,
    /// Flush.
    Flush,
    /// Straight.
    Straight,
    /// Three of a kind with a pocket pair.
    Set,
    /// Three of a kind with one hole card.
    Trips,
    /// Two pair, both pairs using a hole card.
    TwoPair,
    /// Pocket pair above every board card.
    Overpair,
    /// A hole card pairs the highest board rank.
    TopPair,
    /// A hole card pairs the second board rank, or a pocket pair between the top two board ranks.
    MiddlePair,
    /// Any lower pair.
    WeakPair,
    /// No pair, holding an ace.
    AceHigh,
    /// No pair, no ace.
    HighCard,
    /// Flush draw plus a straight draw.
    ComboDraw,
    /// Four to a flush.
    FlushDraw,
    /// Open-ended straight draw (or double gutshot).
    OpenEndedStraightDraw,
    /// Inside straight draw.
    Gutshot,
    /// Three to a flush on the flop.
    BackdoorFlushDraw,
}

impl CategoryName {
    /// Every category in display order: made hands strongest first, then draws.
    pub const ALL: [CategoryName; 19] = [
        CategoryName::StraightFlush,
        CategoryName::Quads,
        CategoryName::FullHouse,
        CategoryName::Flush,
        CategoryName::Straight,
        CategoryName::Set,
        CategoryName::Trips,
        CategoryName::TwoPair,
        CategoryName::Overpair,
        CategoryName::TopPair,
        CategoryName::MiddlePair,
        CategoryName::WeakPair,
        CategoryName::AceHigh,
        CategoryName::HighCard,
        CategoryName::ComboDraw,
        CategoryName::FlushDraw,
        CategoryName::OpenEndedStraightDraw,
        CategoryName::Gutshot,
        CategoryName::BackdoorFlushDraw,
    ];

    /// Made hand or draw.
    pub fn group(self) -> CategoryGroup {
        if (self as usize) < CategoryName::ComboDraw as usize {
            CategoryGroup::Made
        } else {
            CategoryGroup::Draw
        }
    }

    /// English label.
    pub fn label(self) -> &'static str {
        match self {
            CategoryName::StraightFlush => "Straight Flush",
            CategoryName::Quads => "Quads",
            CategoryName::FullHouse => "Full House",
            CategoryName::Flush => "Flush",
            CategoryName::Straight => "Straight",
            CategoryName::Set => "Set",
            CategoryName::Trips => "Trips",
            CategoryName::TwoPair => "Two Pair",
            CategoryName::Overpair => "Overpair",
            CategoryName::TopPair => "Top Pair",
            CategoryName::MiddlePair => "Middle Pair",
            CategoryName::WeakPair => "Weak Pair",
            CategoryName::AceHigh => "Ace High",
            CategoryName::HighCard => "High Card",
            CategoryName::ComboDraw => "Combo Draw",
            CategoryName::FlushDraw => "Flush Draw",
            CategoryName::OpenEndedStraightDraw => "Open-Ended Straight Draw",
            CategoryName::Gutshot => "Gutshot",
            CategoryName::BackdoorFlushDraw => "Backdoor Flush Draw",
        }
    }
}

impl fmt::Display for CategoryName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Weighted combos of a range in one category.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub struct CategoryStat {
    /// The category.
    pub name: CategoryName,
    /// Made hand or draw.
    pub group: CategoryGroup,
    /// Weighted combos in the category.
    pub combos: f64,
    /// Share of the live range, in percent.
    pub percent: f64,
}

/// Category statistics of a range on a flop, turn or river, one entry per [`CategoryName::ALL`] in that
/// order (zero counts included).
pub fn hand_categories(
    range: &Range,
    board: &[Card],
    dead: &[Card],
) -> Result<Vec<CategoryStat>, EquityError> {
    if !(3..=5).contains(&board.len()) {
        return Err(EquityError::CategoriesNeedBoard { count: board.len() });
    }
    let blocked = validate_board_dead(board, dead)?;
    let mut combos = [0.0f64; CategoryName::ALL.len()];
    let mut total = 0.0;
    for (combo, weight) in range.live_combos(blocked) {
        let (a, b) = combo_cards(combo);
        total += weight;
        combos[made_hand(a, b, board) as usize] += weight;
        if let Some(draw) = draw(a, b, board) {
            combos[draw as usize] += weight;
        }
        if board.len() == 3 && backdoor_flush(a, b, board) {
            combos[CategoryName::BackdoorFlushDraw as usize] += weight;
        }
    }
    if total <= 0.0 {
        return Err(EquityError::EmptyRange { player: 0 });
    }
    Ok(CategoryName::ALL
        .iter()
        .map(|&name| CategoryStat {
            name,
            group: name.group(),
            combos: combos[name as usize],
            percent: 100.0 * combos[name as usize] / total,
        })
        .collect())
}

/// The made-hand category of hole cards `a`, `b` on the board.
fn made_hand(a: Card, b: Card, board: &[Card]) -> CategoryName {
    let mut cards = board.to_vec();
    cards.extend([a, b]);
    let rank = if cards.len() == 7 {
        HandKey::of(&cards).rank7()
    } else {
        evaluate_small(&cards)
    };
    let mut counts = [0u8; 13];
    for c in &cards {
        counts[c.rank() as usize] += 1;
    }
    let hole = [a.rank(), b.rank()];
    let pocket = hole[0] == hole[1];
    match rank.category() {
        HandCategory::StraightFlush => return CategoryName::StraightFlush,
        HandCategory::FourOfAKind => return CategoryName::Quads,
        HandCategory::FullHouse => return CategoryName::FullHouse,
        HandCategory::Flush => return CategoryName::Flush,
        HandCategory::Straight => return CategoryName::Straight,
        HandCategory::ThreeOfAKind => {
            let trips = (0..13u8).rev().find(|&r| counts[r as usize] >= 3).unwrap_or(0);
            if pocket && hole[0] == trips {
                return CategoryName::Set;
            }
            if hole.contains(&trips) {
                return CategoryName::Trips;
            }
        }
        _ => {}
    }
    // Pairs that use a hole card, highest first.
    let mut pairs: Vec<u8> = (0..13u8)
        .rev()
        .filter(|&r| counts[r as usize] == 2 && hole.contains(&r))
        .collect();
    pairs.dedup();
    match pairs.as_slice() {
        [] => {
            if hole.contains(&12) {
                CategoryName::AceHigh
            } else {
                CategoryName::HighCard
            }
        }
        [pair] => pair_kind(*pair, pocket, board),
        _ => CategoryName::TwoPair,
    }
}

/// Overpair / top / middle / weak pair for a pair of rank `pair` that uses a hole card.
fn pair_kind(pair: u8, pocket: bool, board: &[Card]) -> CategoryName {
    let mut ranks: Vec<u8> = board.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|x, y| y.cmp(x));
    ranks.dedup();
    let top = ranks.first().copied().unwrap_or(0);
    let second = ranks.get(1).copied().unwrap_or(0);
    if pocket {
        if pair > top {
            CategoryName::Overpair
        } else if pair > second {
            CategoryName::MiddlePair
        } else {
            CategoryName::WeakPair
        }
    } else if pair == top {
        CategoryName::TopPair
    } else if pair == second {
        CategoryName::MiddlePair
    } else {
        CategoryName::WeakPair
    }
}

/// Whether a 13-bit rank mask holds a straight (the ace also plays low).
fn has_straight(mask: u16) -> bool {
    let extended = (u32::from(mask) << 1) | u32::from(mask >> 12 & 1);
    (0..10).any(|low| extended >> low & 0x1f == 0x1f)
}

/// The strongest draw of the hand, if any (turn and flop only).
fn draw(a: Card, b: Card, board: &[Card]) -> Option<CategoryName> {
    if board.len() >= 5 {
        return None;
    }
    let made = made_hand(a, b, board);
    let mut suits = [0u8; 4];
    for c in board.iter().chain([&a, &b]) {
        suits[c.suit() as usize] += 1;
    }
    let flush_draw = !matches!(made, CategoryName::Flush | CategoryName::StraightFlush)
        && (0..4).any(|s| suits[s] == 4 && (a.suit() as usize == s || b.suit() as usize == s));
    let board_mask = board.iter().fold(0u16, |m, c| m | 1 << c.rank());
    let all_mask = board_mask | 1 << a.rank() | 1 << b.rank();
    let straight_outs =
        if matches!(made, CategoryName::Straight | CategoryName::StraightFlush) || has_straight(all_mask) {
            0
        } else {
            (0..13u8)
                .filter(|&r| all_mask & 1 << r == 0)
                .filter(|&r| has_straight(all_mask | 1 << r) && !has_straight(board_mask | 1 << r))
                .count()
        };
    match (flush_draw, straight_outs) {
        (true, n) if n > 0 => Some(CategoryName::ComboDraw),
        (true, _) => Some(CategoryName::FlushDraw),
        (false, n) if n >= 2 => Some(CategoryName::OpenEndedStraightDraw),
        (false, 1) => Some(CategoryName::Gutshot),
        _ => None,
    }
}

/// Three to a flush on the flop, using at least one hole card (and not already a flush draw).
fn backdoor_flush(a: Card, b: Card, board: &[Card]) -> bool {
    (0..4u8).any(|s| {
        let holes = u8::from(a.suit() == s) + u8::from(b.suit() == s);
        let total = holes + board.iter().filter(|c| c.suit() == s).count() as u8;
        holes > 0 && total == 3
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_cards;

    fn stats(range: &str, board: &str) -> Vec<CategoryStat> {
        let range = Range::parse(range).expect("range");
        hand_categories(&range, &parse_cards(board).expect("board"), &[]).expect("stats")
    }

    fn combos(stats: &[CategoryStat], name: CategoryName) -> f64 {
        stats.iter().find(|s| s.name == name).map_or(0.0, |s| s.combos)
    }

    #[test]
    fn classifies_made_hands() {
        let s = stats("AA,KK,QQ,JJ,77,22,AK,KQs,T9s,76s", "Qh7d2c");
        assert_eq!(combos(&s, CategoryName::Overpair), 12.0); // AA, KK
        assert_eq!(combos(&s, CategoryName::Set), 9.0); // QQ, 77, 22 minus the board cards
        assert_eq!(combos(&s, CategoryName::MiddlePair), 6.0 + 3.0); // JJ between Q and 7; 76s pairs the 7
        assert_eq!(combos(&s, CategoryName::TopPair), 3.0); // KQs (KhQh blocked... Qh on board)
        assert_eq!(combos(&s, CategoryName::AceHigh), 16.0);
        assert_eq!(combos(&s, CategoryName::HighCard), 4.0); // T9s
        let made: f64 = s
            .iter()
            .filter(|x| x.group == CategoryGroup::Made)
            .map(|x| x.percent)
            .sum();
        assert!((made - 100.0).abs() < 1e-9);
    }

    #[test]
    fn classifies_draws() {
        let s = stats("AhKh,KhQh,9s8s,Jc9c,8c6c,6s5s,9h8h", "Th7h2c");
        assert_eq!(combos(&s, CategoryName::FlushDraw), 2.0); // AhKh, KhQh
        assert_eq!(combos(&s, CategoryName::OpenEndedStraightDraw), 1.0); // 9s8s
        assert_eq!(combos(&s, CategoryName::Gutshot), 2.0); // Jc9c and 8c6c need an eight / a nine
        assert_eq!(combos(&s, CategoryName::ComboDraw), 1.0); // 9h8h
        assert_eq!(combos(&s, CategoryName::BackdoorFlushDraw), 2.0); // Jc9c, 8c6c with the 2c
        let river = stats("AhKh", "Th7h2c3d4s");
        assert_eq!(combos(&river, CategoryName::FlushDraw), 0.0);
        assert!(matches!(
            hand_categories(&Range::full(), &[], &[]),
            Err(EquityError::CategoriesNeedBoard { count: 0 })
        ));
        assert_eq!(CategoryName::TopPair.to_string(), "Top Pair");
    }
}
