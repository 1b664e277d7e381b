//! The preflop hand ranking behind a top share ("top 15%").
//!
//! Each of the 169 classes is scored by its exact preflop equity against one random hand: every opposing combo
//! that shares no card with it is equally likely, every board is dealt, ties count half. All combos of a class
//! score the same (they are one matchup under a renaming of the suits), so one combo stands for its class. The
//! score is summed from the preflop table ([`crate::preflop`]): one lookup per opposing combo, exact integer board
//! counts, no sampling. Classes are ranked by score, best first; equal scores (none occur in the shipped table)
//! would keep grid order.
//!
//! The ranking is compiled in as [`HAND_RANKING`], so range text with a top share reads the same before the table
//! has been loaded (the web client fetches it later) and on every host. A test recomputes it from the shipped
//! table, and another checks the table's scores against a Monte Carlo estimate that uses the evaluator alone.
//!
//! A top share of `p` percent takes whole classes in ranking order while the running total of combos gets closer
//! to `p`% of the 1326: a class that would overshoot is taken when the total with it is at least as close to the
//! target as the total without it, and the count stops at the first class that is not taken.

use crate::combo::{combo_mask, CLASSES, COMBOS, COMBO_CLASS};
use crate::error::EquityError;
use crate::preflop::{PreflopTable, BOARDS_PER_MATCHUP};

/// The 169 grid classes (`row * 13 + col`, see [`crate::combo`]) from the best equity against a random hand to the
/// worst, as [`ranking`] computes it from the shipped preflop table (checked by the tests).
#[rustfmt::skip]
pub const HAND_RANKING: [u8; CLASSES] = [
    0, 14, 28, 42, 56, 70, 84, 1, 98, 2, 3, 13, 4, // AA KK QQ JJ TT 99 88 AKs 77 AQs AJs AKo ATs
    26, 39, 15, 112, 5, 52, 16, 6, 17, 27, 7, 65, 40, // AQo AJo KQs 66 A9s ATo KJs A8s KTs KQo A7s A9o KJo
    126, 29, 18, 9, 8, 78, 53, 30, 10, 91, 19, 11, 41, // 55 QJs K9s A5s A6s A8o KTo QTs A4s A7o K8s A3s QJo
    66, 117, 104, 31, 20, 43, 12, 54, 140, 130, 21, 79, 32, // K9o A5o A6o Q9s K7s JTs A2s QTo 44 A4o K6s K8o Q8s
    143, 22, 44, 67, 55, 92, 156, 23, 33, 105, 24, 57, 45, // A3o K5s J9s Q9o JTo K7o A2o K4s Q7s K6o K3s T9s J8s
    154, 34, 80, 118, 68, 25, 35, 58, 131, 46, 36, 93, 69, // 33 Q6s Q8o K5o J9o K2s Q5s T8s K4o J7s Q4s Q7o T9o
    81, 144, 106, 37, 71, 59, 47, 157, 168, 38, 119, 48, 82, // J8o K3o Q6o Q3s 98s T7s J6s K2o 22 Q2s Q5o J5s T8o
    94, 132, 72, 49, 60, 50, 145, 83, 85, 95, 107, 73, 51, // J7o Q4o 97s J4s T6s J3s Q3o 98o 87s T7o J6o 96s J2s
    158, 61, 120, 62, 96, 86, 133, 108, 74, 63, 99, 146, 97, // Q2o T5s J5o T4s 97o 86s J4o T6o 95s T3s 76s J3o 87o
    64, 87, 109, 159, 121, 75, 100, 134, 76, 110, 113, 88, 122, // T2s 85s 96o J2o T5o 94s 75s T4o 93s 86o 65s 84s 95o
    147, 77, 111, 101, 160, 127, 123, 114, 89, 135, 124, 90, 102, // T3o 92s 76o 74s T2o 54s 85o 64s 83s 94o 75o 82s 73s
    148, 125, 128, 115, 136, 161, 141, 137, 103, 139, 138, 129, 116, // 93o 65o 53s 63s 84o 92o 43s 74o 72s 54o 64o 52s 62s
    149, 142, 162, 150, 152, 151, 155, 153, 163, 165, 164, 166, 167, // 83o 42s 82o 73o 53o 63o 32s 43o 72o 52o 62o 42o 32o
];

/// Exact equity of each grid class against one random hand (ties as half), from the preflop table.
pub fn equity_vs_random(table: &PreflopTable) -> Result<[f64; CLASSES], EquityError> {
    let mut equities = [0.0f64; CLASSES];
    let mut done = [false; CLASSES];
    for (hero, &class) in COMBO_CLASS.iter().enumerate() {
        let class = class as usize;
        if done[class] {
            continue;
        }
        let (mut wins, mut ties, mut faced) = (0u64, 0u64, 0u64);
        for villain in (0..COMBOS).filter(|&v| combo_mask(v) & combo_mask(hero) == 0) {
            let (w, t) = table.matchup(hero, villain)?;
            wins += u64::from(w);
            ties += u64::from(t);
            faced += 1;
        }
        let boards = (faced * u64::from(BOARDS_PER_MATCHUP)) as f64;
        equities[class] = (wins as f64 + ties as f64 / 2.0) / boards;
        done[class] = true;
    }
    Ok(equities)
}

/// The classes by descending score, equal scores in grid order.
pub fn ranking(equities: &[f64; CLASSES]) -> [u8; CLASSES] {
    let mut order: Vec<u8> = (0..CLASSES as u8).collect();
    order.sort_by(|&a, &b| {
        equities[b as usize]
            .total_cmp(&equities[a as usize])
            .then(a.cmp(&b))
    });
    let mut out = [0u8; CLASSES];
    out.copy_from_slice(&order);
    out
}

/// Combos in a class of the grid: pairs 6, suited 4, offsuit 12.
fn class_size(class: usize) -> f64 {
    let (row, col) = (class / 13, class % 13);
    match row.cmp(&col) {
        std::cmp::Ordering::Equal => 6.0,
        std::cmp::Ordering::Less => 4.0,
        std::cmp::Ordering::Greater => 12.0,
    }
}

/// The classes of a top share of `percent` (0 to 100) of all combos, best first (see the module docs).
pub fn top_share(percent: f64) -> Vec<usize> {
    let target = percent / 100.0 * COMBOS as f64;
    let mut taken = Vec::new();
    let mut total = 0.0;
    for &class in &HAND_RANKING {
        let class = class as usize;
        let with = total + class_size(class);
        if with <= target || with - target <= target - total {
            taken.push(class);
            total = with;
        } else {
            break;
        }
    }
    taken
}
