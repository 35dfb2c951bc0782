//! Monte Carlo tree search on the `mcts` crate (0.3.0).
//!
//! Generic over the core's [`Game`]. Each action is its own ply (the legal actions,
//! less the ruleset's duplicates: [`Game::dedupe`]). Selection is PUCT (the crate's
//! `AlphaGoPolicy`): each new node's moves get priors from a one-ply look-ahead (the
//! softmax, at temperature `prior_temperature`, of the mover's heuristic value after
//! each move and the decisions it raises: [`crate::eval::settled`]; a move's logit
//! adds `position_weight` times the ruleset's [`Game::action_hint`], e.g. e:game's
//! positional summon score). The node's value comes from a rollout in the evaluator,
//! to the end of the game or cut at `rollout_depth` actions and scored by the
//! heuristic.
//!
//! Rewards are a vector, one value per player, scaled to i64 by [`SCALE`]; each node
//! backs up the value of the player who decides there, so search works for any
//! number of players (with two, the vector is zero-sum and this is plain negamax).
//! The exploration constant is scaled the same way. Hidden information (what
//! [`Game::has_hidden`] says the chooser cannot see) is handled by determinization:
//! the budget is split over `determinizations` sampled worlds ([`Game::determinize`])
//! searched separately, and root visit counts are summed. Each world's rollout RNG is
//! seeded from the bot's seed and the world's number. With [`Search::InformationSet`]
//! the same rollouts and priors drive information-set MCTS instead ([`crate::ismcts`]:
//! one tree, a fresh world per playout). Two measuring instruments search other
//! worlds ([`Sight`]): [`MctsBot::peek`] samples worlds that keep every card some
//! player knows ([`Game::determinize_known`]), [`MctsBot::oracle`] searches the true
//! state.
//!
//! Threads: with `threads` > 1 the sampled worlds are searched side by side, each
//! taken in turn by whichever thread is free (each world's tree grows on one thread). The
//! worlds are independent searches with their own seeds, so the answer does not
//! depend on the number of threads: a search whose budget is in playouts is
//! reproducible however many threads it uses. A search of one world (nothing hidden,
//! or a budget under 1400 playouts) uses one thread.
//!
//! Deliberate mistakes: with `mistake_share` P > 0, in a share P of its decisions (drawn
//! from the decision's seed, so a seeded game plays again move for move) the bot plays
//! one of the other root actions the search visited (at most its `mistake_margin` worse
//! than its best; by default [`MISTAKE_MARGIN`], any), uniformly, instead of the best;
//! the statistics are the search's all the same. The lower difficulties are built so
//! on the rulesets where more search alone does not separate them.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use mcts::tree_policy::AlphaGoPolicy;
use mcts::{CycleBehaviour, Evaluator, MCTS, MCTSManager, MoveInfo, SearchHandle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::backend::Backend;
use crate::bot::{ActionStat, Bot, BotError, Decision, sampled_worlds};
use crate::eval::{Lookahead, priors};
pub use crate::mcts_config::{Budget, MISTAKE_MARGIN, MctsConfig, Search, Sight};
use crate::rollout::{RolloutPolicy, RolloutScratch, rollout_value};
use crate::search_node::Node;
use fray_core::game::MAX_PLAYERS;
use fray_core::state::PlayerId;
use fray_core::{Game, Returns};

/// Rewards are values in [-1, 1] times this.
pub const SCALE: f64 = 1000.0;

/// The MCTS player of a game `G`, searching through the backend `B`.
#[derive(Debug)]
pub struct MctsBot<G, B> {
    backend: Arc<B>,
    config: MctsConfig,
    /// What it sees of the hidden cards: its player's view, or (measuring
    /// instruments) what some player knows, or everything.
    sight: Sight,
    _game: PhantomData<fn() -> G>,
}

impl<G, B> Clone for MctsBot<G, B> {
    fn clone(&self) -> Self {
        Self { backend: Arc::clone(&self.backend), config: self.config, sight: self.sight, _game: PhantomData }
    }
}

impl<G: Game, B: Backend<G> + 'static> MctsBot<G, B> {
    /// An MCTS bot over `backend`: it decides on what its player may see.
    pub fn new(backend: Arc<B>, config: MctsConfig) -> Self {
        Self { backend, config, sight: Sight::Own, _game: PhantomData }
    }

    /// The oracle: the same search on the true state, hidden cards included (one world,
    /// the whole budget; `determinizations` is not used). It cheats: a measuring
    /// instrument, the ceiling of what an honest search could gain from knowing more,
    /// never an opponent for people. Only a bot spec builds it (`oracle`): the
    /// difficulties and the Agent, which take an [`MctsConfig`], cannot.
    pub fn oracle(backend: Arc<B>, config: MctsConfig) -> Self {
        Self { backend, config, sight: Sight::All, _game: PhantomData }
    }

    /// Peek: the same determinized search over worlds that keep every card some
    /// player knows (the opponents' hands, the cards they placed or saw) and deal
    /// again only those nobody knows ([`Game::determinize_known`]). It cheats less than
    /// the oracle: a measuring instrument that splits the oracle's edge into what the
    /// other players know (what inference could recover at best) and what nobody does.
    pub fn peek(backend: Arc<B>, config: MctsConfig) -> Self {
        Self { backend, config, sight: Sight::Known, _game: PhantomData }
    }

    /// What it sees of the hidden cards.
    pub fn sight(&self) -> Sight {
        self.sight
    }

    /// Its settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }
}

/// Per-thread scratch: a seeded RNG, the rollouts' reused buffers and the priors'
/// look-ahead.
struct Scratch<G: Game> {
    rng: Option<ChaCha8Rng>,
    rollout: RolloutScratch<G>,
    look: Lookahead<G>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Self { rng: None, rollout: RolloutScratch::default(), look: Lookahead::default() }
    }
}

/// A node's evaluation: one scaled value per seat.
type Values = [i64; MAX_PLAYERS];

fn scaled(r: Returns) -> Values {
    let mut out = [0; MAX_PLAYERS];
    for (o, v) in out.iter_mut().zip(r.as_slice()) {
        *o = (v * SCALE).round() as i64;
    }
    out
}

struct Rollouts<G, B> {
    seed: u64,
    threads: AtomicU64,
    depth: usize,
    turns: u32,
    policy: RolloutPolicy,
    temperature: f64,
    position_weight: f64,
    backend: Arc<B>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game, B: Backend<G>> Rollouts<G, B> {
    /// Priors for `moves`: softmax of the mover's one-ply evaluation.
    fn priors(&self, state: &G, moves: &[G::Action], look: &mut Lookahead<G>) -> Vec<f64> {
        priors(&*self.backend, state, moves, look, self.temperature, self.position_weight)
    }

    fn value(&self, state: &G, scratch: &mut Scratch<G>) -> Values {
        let seed = self.seed;
        let threads = &self.threads;
        let rng = scratch.rng.get_or_insert_with(|| {
            ChaCha8Rng::seed_from_u64(
                seed ^ threads.fetch_add(1, Ordering::Relaxed).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            )
        });
        let v = rollout_value(&*self.backend, state, self.depth, self.turns, self.policy, rng, &mut scratch.rollout);
        scaled(v)
    }
}

struct Spec<G, B> {
    node_limit: usize,
    _types: PhantomData<fn() -> (G, B)>,
}

impl<G: Game, B: Backend<G>> MCTS for Spec<G, B> {
    type State = Node<G, B>;
    type Eval = Rollouts<G, B>;
    type NodeData = ();
    type ExtraThreadData = Scratch<G>;
    type TreePolicy = AlphaGoPolicy;
    type TranspositionTable = ();

    fn node_limit(&self) -> usize {
        self.node_limit
    }

    fn cycle_behaviour(&self) -> CycleBehaviour<Self> {
        // No transposition table (a tree cannot cycle): a node shared between paths
        // would mix the statistics of different movers.
        CycleBehaviour::Ignore
    }
}

impl<G: Game, B: Backend<G>> Evaluator<Spec<G, B>> for Rollouts<G, B> {
    type StateEvaluation = Values;

    fn evaluate_new_state(
        &self,
        state: &Node<G, B>,
        moves: &Vec<G::Action>,
        handle: Option<SearchHandle<Spec<G, B>>>,
    ) -> (Vec<f64>, Values) {
        let mut fresh = None;
        let mut handle = handle;
        let scratch = match &mut handle {
            Some(h) => &mut h.thread_data().extra_data,
            None => fresh.insert(Scratch::default()),
        };
        let Some(state) = state.state() else {
            return (vec![1.0 / moves.len().max(1) as f64; moves.len()], [0; MAX_PLAYERS]);
        };
        let value = self.value(state, scratch);
        (self.priors(state, moves, &mut scratch.look), value)
    }

    fn evaluate_existing_state(&self, _: &Node<G, B>, evaln: &Values, _: SearchHandle<Spec<G, B>>) -> Values {
        *evaln
    }

    fn interpret_evaluation_for_player(&self, evaln: &Values, player: &PlayerId) -> i64 {
        evaln.get(player.index()).copied().unwrap_or(0)
    }
}

/// Root statistics of a search: per root action, visits and the sum of rewards.
type RootTotals = Vec<(u64, i64)>;

impl<G: Game, B: Backend<G> + 'static> MctsBot<G, B> {
    /// The determinized search (peek's on known worlds, the oracle's on the true
    /// state): per root action, visits and mean reward in [-1, 1].
    fn search_determinized(
        &self,
        state: &G,
        me: PlayerId,
        seed: u64,
        started: Instant,
        root_actions: &[G::Action],
    ) -> Vec<(u64, f64)> {
        let mut world_rng = ChaCha8Rng::seed_from_u64(seed);
        let sampled = match self.sight {
            Sight::All => vec![state.clone()], // the oracle: the truth, not samples
            Sight::Known => {
                (0..self.config.determinizations.max(1)).map(|_| state.determinize_known(&mut world_rng)).collect()
            }
            Sight::Own => sampled_worlds(state, me, self.config.determinizations as usize, &mut world_rng),
        };
        let totals = self.search_worlds(sampled, seed, started, root_actions);
        totals
            .into_iter()
            .map(|(visits, sum)| (visits, if visits == 0 { 0.0 } else { sum as f64 / visits as f64 / SCALE }))
            .collect()
    }

    /// Searches every sampled world (on up to `threads` threads) and sums their root
    /// statistics per action of `root_actions`.
    fn search_worlds(&self, sampled: Vec<G>, seed: u64, started: Instant, root_actions: &[G::Action]) -> RootTotals {
        let worlds = sampled.len().max(1);
        let threads = (self.config.threads.max(1) as usize).min(worlds);
        let per_world = match self.config.budget.playouts {
            0 => u32::MAX, // time only
            n => (n / u32::try_from(worlds).unwrap_or(u32::MAX)).max(1),
        };
        // The worlds run `threads` at a time, so world w is in round w / threads: its
        // share of the time ends after that many rounds' shares.
        let shares = u32::try_from(worlds.div_ceil(threads)).unwrap_or(u32::MAX);
        let job = |w: usize, world: G| {
            let slot = u32::try_from(w / threads).unwrap_or(u32::MAX);
            let deadline = self.config.budget.time.map(|t| started + t * (slot + 1) / shares);
            let world_seed = seed.wrapping_add((w as u64).wrapping_mul(0xA24B_AED4_963E_E407));
            self.search_world(world, world_seed, per_world, deadline, root_actions)
        };
        let searched: Vec<RootTotals> = if threads == 1 {
            sampled.into_iter().enumerate().map(|(w, world)| job(w, world)).collect()
        } else {
            // The worlds wait in a queue, taken in order by whichever thread is free;
            // each answer is kept with its world's number. A thread that cannot be
            // started leaves its share to the others.
            let queue = Mutex::new(sampled.into_iter().enumerate());
            let next = || queue.lock().ok().and_then(|mut q| q.next());
            let work = || {
                let mut done = Vec::new();
                while let Some((w, world)) = next() {
                    done.push((w, job(w, world)));
                }
                done
            };
            let mut all = std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..threads)
                    .filter_map(|_| {
                        std::thread::Builder::new().name("fray-search".into()).spawn_scoped(scope, work).ok()
                    })
                    .collect();
                let mut all = work();
                for helper in helpers {
                    // A panic in a search thread is the same bug as one on this thread.
                    all.extend(helper.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
                }
                all
            });
            all.sort_by_key(|&(w, _)| w);
            all.into_iter().map(|(_, totals)| totals).collect()
        };
        let mut totals: RootTotals = vec![(0, 0); root_actions.len()];
        for world in searched {
            for (t, (visits, sum)) in totals.iter_mut().zip(world) {
                t.0 += visits;
                t.1 += sum;
            }
        }
        totals
    }

    /// One world's search: its root statistics per action of `root_actions`.
    fn search_world(
        &self,
        world: G,
        seed: u64,
        playouts: u32,
        deadline: Option<Instant>,
        root_actions: &[G::Action],
    ) -> RootTotals {
        let mut manager = MCTSManager::new(
            Node::new(world, Arc::clone(&self.backend)),
            Spec { node_limit: self.config.node_limit, _types: PhantomData },
            Rollouts {
                seed,
                threads: AtomicU64::new(0),
                depth: self.config.rollout_depth,
                turns: self.config.rollout_turns,
                policy: self.config.rollout_policy,
                temperature: self.config.prior_temperature.max(1e-3),
                position_weight: self.config.position_weight,
                backend: Arc::clone(&self.backend),
                _game: PhantomData,
            },
            AlphaGoPolicy::new(self.config.exploration.max(1e-6) * SCALE),
            (),
        );
        manager.print_on_playout_error(false);
        let mut done = 0u32;
        while done < playouts && deadline.is_none_or(|d| Instant::now() < d) {
            if manager.tree().num_nodes() >= self.config.node_limit {
                break;
            }
            manager.playout();
            done += 1;
            if self.backend.failure().is_some() {
                break;
            }
        }
        let mut totals: RootTotals = vec![(0, 0); root_actions.len()];
        for info in manager.tree().root_node().moves() {
            let stat = info as &MoveInfo<Spec<G, B>>;
            if let Some(i) = root_actions.iter().position(|a| a == stat.get_move()) {
                totals[i].0 += stat.visits();
                totals[i].1 += stat.sum_rewards();
            }
        }
        totals
    }
}

impl<G: Game, B: Backend<G> + 'static> Bot<G> for MctsBot<G, B> {
    fn name(&self) -> String {
        self.config.name_with(self.sight)
    }

    fn choose(&mut self, state: &G, seed: u64) -> Result<Decision<G::Action>, BotError> {
        let me = state.to_move().ok_or(BotError::GameOver)?;
        let mut root_actions = Vec::new();
        self.backend.legal_actions(state, &mut root_actions);
        state.dedupe(&mut root_actions);
        if let Some(f) = self.backend.failure() {
            return Err(BotError::Backend(f));
        }
        // The backend has the last word: a state with no legal action has nothing to
        // search, whoever `to_move` names.
        match root_actions.as_slice() {
            [] => return Err(BotError::GameOver),
            [only] => return Ok(Decision { action: *only, stats: Vec::new() }),
            _ => {}
        }
        let started = Instant::now();
        let totals = if self.config.search == Search::InformationSet && self.sight == Sight::Own {
            crate::ismcts::search(&*self.backend, &self.config, state, me, &root_actions, seed, started)
        } else {
            self.search_determinized(state, me, seed, started, &root_actions)
        };
        if let Some(f) = self.backend.failure() {
            return Err(BotError::Backend(f));
        }
        let stats: Vec<ActionStat<G::Action>> = root_actions
            .iter()
            .zip(&totals)
            .map(|(a, &(visits, mean_reward))| ActionStat { action: *a, visits, mean_reward })
            .collect();
        // Most visits wins; ties go to the better mean, then the earlier action.
        let best = stats
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| {
                a.visits.cmp(&b.visits).then(a.mean_reward.total_cmp(&b.mean_reward)).then(j.cmp(i))
            })
            .map(|(i, _)| i)
            .unwrap_or(0);
        let c = &self.config;
        let played = played_index(c.mistake_share, c.mistake_margin, best, &stats, seed);
        let action = root_actions.get(played).copied().ok_or(BotError::GameOver)?;
        Ok(Decision { action, stats })
    }
}

/// Mixed into a decision's seed for its mistake draw, so that the draw is not the
/// first number of a stream the search also reads.
const MISTAKE_SALT: u64 = 0x6D69_7374_616B_6573; // "mistakes"

/// The index of the action played among the root actions of `stats`, whose best is
/// `best`: with probability `share` (drawn from `seed`) a deliberate mistake, one of the
/// other actions the search visited and found at most `margin` worse than the best
/// (by default [`MISTAKE_MARGIN`], any), uniformly; else (or when there is no such
/// action) `best`. A share of 0 (or NaN) never errs and draws nothing.
///
/// Uniform rather than weighted by visits: a visit-weighted mistake mostly plays the
/// runner-up, which costs least exactly where the moves are close and more search does
/// not help (Castle Rampage), the rulesets where the mistakes must separate the levels.
/// Over every visited move rather than those near the best, for the same reason: at a
/// margin of 0.3, Castle Rampage's normal erring in 20% of its decisions scored 51.7%
/// against easy erring in 40%. What a uniform mistake costs a ruleset whose turn is
/// many decisions (KeyForge's normal erring in 20% fell from 79.2% to 51.0% against
/// greedy) is why the shares are the ruleset's (`Difficulty::config`; the pilots:
/// docs/benchmarks.md, "The ladder").
fn played_index<A>(share: f64, margin: f64, best: usize, stats: &[ActionStat<A>], seed: u64) -> usize {
    if share.is_nan() || share <= 0.0 || stats.len() < 2 {
        return best;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ MISTAKE_SALT);
    if rng.random::<f64>() >= share {
        return best;
    }
    let Some(floor) = stats.get(best).map(|b| b.mean_reward - margin) else { return best };
    let near: Vec<usize> = stats
        .iter()
        .enumerate()
        .filter(|&(i, s)| i != best && s.visits > 0 && s.mean_reward >= floor)
        .map(|(i, _)| i)
        .collect();
    if near.is_empty() {
        return best;
    }
    near.get(rng.random_range(0..near.len())).copied().unwrap_or(best)
}
