//! Development check of rollout speed.
#![allow(missing_docs, clippy::unwrap_used)]
use fray_ai::Local;
use fray_ai::arena::new_state;
use fray_ai::rollout::playout;
use fray_core::state::Ruleset;
use rand::SeedableRng;

fn main() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut scratch = Vec::new();
    let starts: Vec<_> = (0..64).map(|s| new_state(Ruleset::Egame, s, "men-vs-fey").unwrap()).collect();
    let t = std::time::Instant::now();
    let mut actions = 0usize;
    let mut games = 0;
    while t.elapsed().as_secs_f64() < 3.0 {
        let mut s = starts[games % starts.len()].clone();
        actions += playout(&Local, &mut s, 10_000, &mut rng, &mut scratch);
        games += 1;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {actions} actions, {:.0} actions/s, {:.1} actions/game",
        actions as f64 / secs,
        actions as f64 / games as f64
    );
}
