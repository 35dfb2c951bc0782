//! Development check: MCTS agreement with the exact solver.
#![allow(missing_docs, clippy::unwrap_used)]
use fray_ai::BotSpec;
use fray_ai::measure::{agreement, small_positions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map_or(100, |s| s.parse().unwrap());
    let spec: BotSpec = args.get(2).map_or("normal", String::as_str).parse().unwrap();
    let t = std::time::Instant::now();
    let positions = small_positions(n, 1, 200_000);
    println!(
        "{} positions in {:?}; forced {}",
        positions.len(),
        t.elapsed(),
        positions.iter().filter(|p| p.forced).count()
    );
    let t = std::time::Instant::now();
    let a = agreement(&mut *spec.build(), &positions, 5);
    println!("{spec}: {a:?} in {:?}", t.elapsed());
    let mut bot = spec.build();
    for (i, p) in positions.iter().enumerate() {
        let d = bot.choose(&p.state, 5 ^ i as u64).unwrap();
        if !p.optimal.contains(&d.action) {
            println!(
                "miss {i}: forced {} chose {:?}; optimal {:?}; pending {:?}; hp {} {}",
                p.forced, d.action, p.optimal, p.state.pending, p.state.players[0].hp, p.state.players[1].hp
            );
            for n in [2u32, 3, 4, 5, 8, 16, 64, 256] {
                let cfg = fray_ai::MctsConfig {
                    budget: fray_ai::Budget { playouts: n, time: None },
                    ..fray_ai::Difficulty::Normal.config()
                };
                let mut b = fray_ai::MctsBot::new(std::sync::Arc::new(fray_ai::Local), cfg);
                let d = fray_ai::Bot::choose(&mut b, &p.state, 5 ^ i as u64).unwrap();
                println!(
                    "  n={n}: {:?}",
                    d.stats.iter().map(|s| (s.visits, (s.mean_reward * 1000.0).round())).collect::<Vec<_>>()
                );
            }
            for s in &d.stats {
                let mut next = p.state.clone();
                next.apply(s.action, &mut fray_core::event::Discard).unwrap();
                println!(
                    "   {:?} {} {:.3} one-ply {:.3} to_move {:?} over {:?}",
                    s.action,
                    s.visits,
                    s.mean_reward,
                    fray_ai::eval::evaluate_for(&next, fray_core::state::PlayerId(0)),
                    next.to_move(),
                    next.outcome()
                );
            }
        }
    }
}

#[allow(dead_code)]
fn unused() {}
