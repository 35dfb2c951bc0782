//! Development check: a few games between two bot specs (sides swapped), e.g.
//! `cargo run --release -p fray-ai --example quick_strength -- mcts:playouts=500 random 10`.
#![allow(missing_docs, clippy::unwrap_used)]

use fray_ai::BotSpec;
use fray_ai::arena::{new_state, play};
use fray_core::state::{PlayerId, Ruleset};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a: BotSpec = args[1].parse().unwrap();
    let b: BotSpec = args[2].parse().unwrap();
    let n: u64 = args[3].parse().unwrap();
    let scenario = args.get(4).map_or("men-vs-fey", String::as_str);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let t = std::time::Instant::now();
    for g in 0..n {
        let state = new_state(Ruleset::Egame, g, scenario).unwrap();
        let (mut x, mut y) = (a.build(), b.build());
        let swap = g % 2 == 1;
        let rec = if swap { play(state, [&mut *y, &mut *x], g) } else { play(state, [&mut *x, &mut *y], g) }.unwrap();
        let a_seat = if swap { PlayerId(1) } else { PlayerId(0) };
        match rec.winner {
            Some(w) if w == a_seat => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    println!("{} vs {}: +{wins} ={draws} -{losses} in {:?}", a, b, t.elapsed());
}
