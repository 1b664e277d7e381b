//! Runs one heads-up workload a given number of times, for instruction counts under callgrind
//! (`valgrind --tool=callgrind target/release/examples/profile_tally <job> <calls>`): the difference between two
//! call counts divided by the difference of calls is the cost of one call, without the start-up.
//!
//! Jobs are `bench:engine`'s (tests/bench/engine-scenarios.ts): `flop`, `turn`, `two-tone`, `monotone`, `random`.
//! With `report` as third argument each call also finishes the report, as the wasm facade does.

use std::error::Error;

use equity::{parse_cards, tally, EquityRequest, Range, Shard};

const HERO: &str = "77+,ATs+,KJs+,QJs,AJo+,KQo";
const VILLAIN: &str = "22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+,QJo";

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let job = args.get(1).map_or("flop", String::as_str);
    let calls: usize = args.get(2).map_or(Ok(1), |n| n.parse())?;
    let report = args.get(3).is_some_and(|a| a == "report");
    let (hero, villain, board) = match job {
        "flop" => (HERO, VILLAIN, "Qs7h2d"),
        "turn" => (HERO, VILLAIN, "Qs7h2d5c"),
        "two-tone" => (HERO, VILLAIN, "Ks9s4d"),
        "monotone" => (HERO, VILLAIN, "Qs7s2s"),
        "random" => ("random", "random", "Qs7h2d"),
        other => return Err(format!("unknown job {other}").into()),
    };
    let request = EquityRequest {
        hero: Range::parse(hero)?,
        villain: Range::parse(villain)?,
        board: parse_cards(board)?,
        dead: vec![],
        shard: Shard::WHOLE,
    };
    let mut equity = 0.0;
    for _ in 0..calls {
        let sums = std::hint::black_box(tally(std::hint::black_box(&request))?);
        if report {
            equity += sums.finish(0.02)?.hero.equity;
        } else {
            equity += sums.sums()[0];
        }
    }
    println!("{job}: {calls} calls, {equity}");
    Ok(())
}
