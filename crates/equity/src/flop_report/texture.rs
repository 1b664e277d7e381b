//! Flop textures: suits, pairing, highest rank and straight potential.

use serde::{Deserialize, Serialize};

use crate::card::Card;

/// Suits of a flop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Suitedness {
    /// One suit.
    Monotone,
    /// Two suits.
    TwoTone,
    /// Three suits.
    Rainbow,
}

/// Paired ranks of a flop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pairing {
    /// Three ranks.
    Unpaired,
    /// Two ranks.
    Paired,
    /// One rank.
    Trips,
}

/// How well a flop's ranks fit into straights (the ace also counts low).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Connectedness {
    /// Three ranks within five in a row: two hole cards can make a straight (`9-8-7`, `J-9-7`, `A-4-2`).
    Connected,
    /// Two ranks within five in a row, but not three (`K-Q-4`, `T-6-2`, paired `8-8-6`).
    SemiConnected,
    /// No two ranks within five in a row (`K-7-2`, trips).
    Disconnected,
}

/// The texture of a flop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Texture {
    /// Monotone, two-tone or rainbow.
    pub suits: Suitedness,
    /// Unpaired, paired or trips.
    pub pairing: Pairing,
    /// Highest rank, `0` = deuce .. `12` = ace.
    pub high: u8,
    /// Straight potential.
    pub connectedness: Connectedness,
}

/// The texture of three cards.
pub fn texture(flop: [Card; 3]) -> Texture {
    let mut suits = flop.map(Card::suit);
    suits.sort_unstable();
    let mut ranks = flop.map(Card::rank).to_vec();
    ranks.sort_unstable();
    ranks.dedup();
    let distinct_suits = 1 + usize::from(suits[0] != suits[1]) + usize::from(suits[1] != suits[2]);
    // Rank masks with the ace also at the bottom (bit 0), the other ranks one bit up.
    let mask = ranks.iter().fold(0u16, |m, &r| m | 1 << (r + 1)) | u16::from(ranks.contains(&12));
    let most_in_window = (0..10)
        .map(|low| (mask >> low & 0x1f).count_ones())
        .max()
        .unwrap_or(0);
    Texture {
        suits: match distinct_suits {
            1 => Suitedness::Monotone,
            2 => Suitedness::TwoTone,
            _ => Suitedness::Rainbow,
        },
        pairing: match ranks.len() {
            3 => Pairing::Unpaired,
            2 => Pairing::Paired,
            _ => Pairing::Trips,
        },
        high: ranks.last().copied().unwrap_or(0),
        connectedness: match most_in_window {
            3.. => Connectedness::Connected,
            2 => Connectedness::SemiConnected,
            _ => Connectedness::Disconnected,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_flop as flop;
    use super::*;

    #[test]
    fn textures() {
        let t = texture(flop("Ts9h8d"));
        assert_eq!(
            (t.suits, t.pairing, t.high, t.connectedness),
            (
                Suitedness::Rainbow,
                Pairing::Unpaired,
                8,
                Connectedness::Connected
            )
        );
        assert_eq!(texture(flop("As4s2s")).connectedness, Connectedness::Connected);
        assert_eq!(texture(flop("As4s2s")).suits, Suitedness::Monotone);
        assert_eq!(
            texture(flop("KsQh4h")).connectedness,
            Connectedness::SemiConnected
        );
        assert_eq!(texture(flop("KsQh4h")).suits, Suitedness::TwoTone);
        assert_eq!(texture(flop("Ks7h2d")).connectedness, Connectedness::Disconnected);
        assert_eq!(texture(flop("8s8h6d")).pairing, Pairing::Paired);
        assert_eq!(
            texture(flop("8s8h6d")).connectedness,
            Connectedness::SemiConnected
        );
        assert_eq!(texture(flop("8s8h8d")).pairing, Pairing::Trips);
        assert_eq!(texture(flop("8s8h8d")).connectedness, Connectedness::Disconnected);
        // A-K-5: the ace plays high with the king and low with the five, but no window holds all three.
        assert_eq!(
            texture(flop("AsKh5d")).connectedness,
            Connectedness::SemiConnected
        );
    }
}
