//! `fray bench agreement`: how often a bot's choice is optimal on small positions of
//! the zone game (e:game and Dimensional Rift), solved exactly. The one measurement
//! over one ruleset's boards: the generator shrinks a zone state and the solver's
//! checks (a lethal strike, a forced block) are the zone game's, so it names that
//! ruleset where the others take any.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::arena::new_game;
use fray_ai::BotSpec;
use fray_ai::Local;
use fray_ai::exact::Solver;
use fray_ai::rollout::playout;
use fray_core::event::Discard;
use fray_core::game::MAX_TURNS;
use fray_core::rulesets::zone::{Action, ZoneState};
use fray_core::state::PlayerId;
use fray_core::{Game, Outcome, Ruleset, SetupError};

/// A new skirmish state of a zone ruleset (e:game or Dimensional Rift).
pub fn new_state(ruleset: Ruleset, seed: u64, scenario: &str) -> Result<ZoneState, SetupError> {
    new_game(ruleset, seed, scenario)
}

/// A position for the agreement test and what the solver says of it.
#[derive(Debug, Clone)]
pub struct SolvedPosition {
    /// The position (perfect information: nothing hidden from the player to move).
    pub state: ZoneState,
    /// Actions with the best exact value for the player to move.
    pub optimal: Vec<Action>,
    /// Legal actions at the root.
    pub legal: usize,
    /// A strike wins at once, or declining a block loses at once.
    pub forced: bool,
}

/// Makes `s` small and open: few turns left, low HP, no decks, no cards in the
/// opponent's hand, no face-down creatures.
fn shrink(mut s: ZoneState, rng: &mut ChaCha8Rng) -> ZoneState {
    s.header.turn = s.header.turn.max(MAX_TURNS - rng.random_range(0..6));
    for p in s.players.iter_mut() {
        p.hp = p.hp.min(rng.random_range(1..4));
    }
    let me = s.to_move().unwrap_or(PlayerId(0));
    for (i, p) in s.players.iter_mut().enumerate() {
        p.deck.clear();
        if i != me.index() {
            p.hand.clear();
        }
        p.hand.truncate(1);
    }
    let zones: Vec<_> = s.creatures().filter(|(_, c)| c.face_down).map(|(z, _)| z).collect();
    for z in zones {
        if let Some(c) = s.at_mut(z) {
            c.face_down = false;
        }
    }
    s
}

fn wins_at_once(s: &ZoneState, a: Action, me: PlayerId) -> bool {
    let mut next = s.clone();
    next.apply(a, &mut Discard).is_ok() && Game::outcome(&next) == Some(Outcome::Win(me))
}

/// Generates `count` small positions from random games and solves them exactly.
/// Positions that need more than `node_limit` nodes, or where every action is equally
/// good, are skipped.
pub fn small_positions(count: usize, seed: u64, node_limit: u64) -> Vec<SolvedPosition> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut attempts = 0u64;
    while out.len() < count && attempts < 100 * count as u64 {
        attempts += 1;
        let ruleset = if rng.random_bool(0.5) { Ruleset::Egame } else { Ruleset::DimensionalRift };
        let Ok(mut s) = new_state(ruleset, rng.random(), "duel") else { continue };
        let steps = rng.random_range(4..40);
        let mut scratch = Vec::new();
        playout(&Local, &mut s, steps, &mut rng, &mut scratch);
        let s = shrink(s, &mut rng);
        let Some(me) = s.to_move() else { continue };
        let legal = s.legal_actions();
        if legal.len() < 2 {
            continue;
        }
        let Ok(solution) = Solver::new(node_limit).solve(&s) else { continue };
        let optimal = solution.optimal_for(me);
        if optimal.len() == solution.actions.len() {
            continue; // every action is as good: nothing to test
        }
        let lethal = legal.iter().any(|&a| wins_at_once(&s, a, me));
        let forced_block = s.pending.is_some_and(|p| p.kind == fray_core::state::DecisionKind::Block)
            && solution.actions.iter().any(|(a, v)| *a == Action::Decline && i32::from(*v) * sign(me) == -1)
            && solution.value * sign(me) as i8 >= 0;
        out.push(SolvedPosition { optimal, legal: legal.len(), forced: lethal || forced_block, state: s });
    }
    out
}

fn sign(p: PlayerId) -> i32 {
    if p.0 == 0 { 1 } else { -1 }
}

/// How often a bot picks an optimal action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Agreement {
    /// Positions tried.
    pub positions: usize,
    /// Positions where the bot's action was optimal.
    pub agreed: usize,
    /// Positions with a lethal strike or a forced block.
    pub forced: usize,
    /// Of those, how many it got right.
    pub forced_agreed: usize,
}

/// Asks `bot`, built for each position's ruleset (a difficulty errs as on it), about
/// every position.
pub fn agreement(bot: &BotSpec, positions: &[SolvedPosition], seed: u64) -> Agreement {
    let mut a = Agreement::default();
    for (i, p) in positions.iter().enumerate() {
        let Ok(decision) = bot.build::<ZoneState>(p.state.ruleset).choose(&p.state, seed ^ i as u64) else { continue };
        let ok = p.optimal.contains(&decision.action);
        a.positions += 1;
        a.agreed += usize::from(ok);
        if p.forced {
            a.forced += 1;
            a.forced_agreed += usize::from(ok);
        }
    }
    a
}
