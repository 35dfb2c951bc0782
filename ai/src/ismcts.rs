//! Information-set MCTS: single-observer SO-ISMCTS (Cowling, Powley & Whitehouse,
//! "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), the search behind
//! `mcts:search=is`.
//!
//! The determinized search ([`crate::mcts_bot`]) splits its budget over a few sampled
//! worlds and grows a tree in each as if that world were the truth: each tree plans
//! with cards its player cannot see (strategy fusion), and each gets a fraction of the
//! budget. This search grows **one** tree over the searcher's information sets and
//! draws a **fresh world on every playout** ([`Game::determinize`] for the searcher,
//! who moves at the root):
//!
//! - a node is the searcher's view of the history: the path of actions from the root
//!   (each ply one action, as in the determinized search; an arm is keyed by the typed
//!   action, which names places — a hand slot, a zone — and not hidden contents), and
//!   after each action what the searcher saw ([`Game::seen_digest`]): an arm has one
//!   child per thing seen, so the move after an attack may depend on the card the
//!   attack revealed. Its statistics mix every world that reached it, so a move is
//!   judged by how it does over the worlds the searcher cannot tell apart, not in one
//!   of them;
//! - a node's arms are the actions legal in the worlds that reached it: an arm is added
//!   the first time a world offers it, with its prior from that world (the same
//!   one-ply priors as the determinized search: [`crate::eval`]'s `priors`);
//! - actions legal in some worlds only are handled as a subset-armed bandit: each arm
//!   counts how often it was *available* (legal when the node was passed through), and
//!   its exploration term uses that count where PUCT uses the parent's visits. An arm
//!   that is rarely legal is then not favoured for having been rarely tried.
//!
//! Selection is the determinized search's rule (the `mcts` crate's `AlphaGoPolicy`:
//! `(W + c * sqrt(N) * P) / n`, with `n` = 1/2 for an unvisited arm), with `N` the
//! arm's availability; a new leaf is valued by the same rollout ([`rollout_value`]);
//! each arm backs up the value of the player who moved there in that playout's world,
//! so any number of players works. A node's priors are computed when a playout first
//! leaves it, so a leaf never left costs one rollout, as in the crate.
//!
//! Why a small tree of its own and not the `mcts` crate (0.3.0): the crate searches
//! one root state, fixes a node's moves when the node is made, and counts a parent's
//! visits as the sum of its children's. IS-MCTS needs every playout to descend the
//! same tree with a different world, a node's arms to grow as worlds offer new
//! actions, and a per-arm availability count in the bandit. None of that fits its
//! `GameState`/`TreePolicy` interfaces, so the tree is here (an arena of nodes, each a
//! vector of arms), and everything around it (rollouts, priors, budgets, the choice
//! at the root) is shared with the determinized search.
//!
//! Limits of SO-ISMCTS kept as they are: the other players' moves are treated as the
//! searcher sees them (the action, not the hidden card behind it), so an opponent's
//! node mixes the worlds too and the opponent is modelled as choosing without its own
//! hidden cards (MO-ISMCTS, a tree per player, would lift that). Chance is what the
//! searcher sees of it: a card they draw splits the node by [`Game::seen_digest`], a
//! card the opponent draws does not; in a ruleset that keeps the default digest
//! (every state alike) nodes are the actions alone.
//!
//! Determinism: one thread, one RNG (ChaCha8, from the seed) for the worlds, the
//! rollouts and the bandit's ties, so a search budgeted in playouts answers the same
//! for the same state and seed. `threads` is not used.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::backend::Backend;
use crate::eval::Lookahead;
use crate::eval::priors;
use crate::mcts_config::MctsConfig;
use crate::rollout::{RolloutScratch, rollout_value};
use fray_core::Game;
use fray_core::state::PlayerId;

/// One action of a node, with its statistics over every world that offered it.
#[derive(Debug, Clone, PartialEq)]
struct Arm<A> {
    action: A,
    /// Its prior, from the world that first offered it (NaN until set).
    prior: f64,
    /// Playouts that took it.
    visits: u32,
    /// Playouts that passed through its node while it was legal.
    available: u32,
    /// The sum of the values backed up, for the player who moved.
    reward: f64,
    /// The nodes it leads to, one per thing the searcher saw after it (keyed by
    /// [`Game::seen_digest`]; one key for a game that tells nothing apart).
    children: Vec<(u64, u32)>,
}

/// The tree: node 0 is the root; a node is its arms.
#[derive(Debug, Clone)]
struct Tree<A> {
    nodes: Vec<Vec<Arm<A>>>,
}

impl<A: Copy + PartialEq> Tree<A> {
    fn new() -> Self {
        Self { nodes: vec![Vec::new()] }
    }

    /// Fills `out` with the index of the arm of each action of `legal` (in order),
    /// adding arms for actions this node has not been offered before; whether any was
    /// added (it then needs its prior: [`Tree::set_priors`]).
    fn arms(&mut self, node: u32, legal: &[A], out: &mut Vec<usize>) -> bool {
        out.clear();
        let arms = &mut self.nodes[node as usize];
        let mut added = false;
        for (k, &action) in legal.iter().enumerate() {
            // Most worlds offer the same actions in the same order: try the same place
            // first, then look (a node's arms are few, and a linear look is cheap).
            let same_place = arms.get(k).is_some_and(|a| a.action == action);
            let found = if same_place { Some(k) } else { arms.iter().position(|a| a.action == action) };
            let i = match found {
                Some(i) => i,
                None => {
                    let arm =
                        Arm { action, prior: f64::NAN, visits: 0, available: 0, reward: 0.0, children: Vec::new() };
                    arms.push(arm);
                    added = true;
                    arms.len() - 1
                }
            };
            out.push(i);
        }
        added
    }

    /// Gives the arms `indices` that have none the prior at the same place in `priors`.
    fn set_priors(&mut self, node: u32, indices: &[usize], priors: &[f64]) {
        let arms = &mut self.nodes[node as usize];
        for (&i, &p) in indices.iter().zip(priors) {
            if arms[i].prior.is_nan() {
                arms[i].prior = p;
            }
        }
    }

    /// Counts the arms `available` (those legal in this playout's world) as available
    /// once more and picks one by PUCT with availability counts; ties are broken
    /// at random.
    fn select<R: Rng>(&mut self, node: u32, available: &[usize], c: f64, rng: &mut R) -> usize {
        let arms = &mut self.nodes[node as usize];
        let mut best = (f64::NEG_INFINITY, available.first().copied().unwrap_or(0));
        let mut ties = 0u32;
        for &i in available {
            let arm = &mut arms[i];
            arm.available += 1;
            let s = score(arm, c);
            if s > best.0 {
                best = (s, i);
                ties = 1;
            } else if s == best.0 {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best.1 = i;
                }
            }
        }
        best.1
    }

    /// The child of arm `arm` of `node` for what the searcher saw after it (`seen`),
    /// made if it has none and the tree has fewer than `limit` nodes: `None` when the
    /// playout leaves the tree here.
    fn descend(&mut self, node: u32, arm: usize, seen: u64, limit: usize) -> Option<u32> {
        let children = &self.nodes[node as usize][arm].children;
        if let Some(&(_, child)) = children.iter().find(|(key, _)| *key == seen) {
            return Some(child);
        }
        if self.nodes.len() < limit
            && let Ok(id) = u32::try_from(self.nodes.len())
        {
            self.nodes.push(Vec::new());
            self.nodes[node as usize][arm].children.push((seen, id));
        }
        None
    }

    fn back_up(&mut self, node: u32, arm: usize, value: f64) {
        let arm = &mut self.nodes[node as usize][arm];
        arm.visits += 1;
        arm.reward += value;
    }
}

/// An arm's PUCT score, the `mcts` crate's `AlphaGoPolicy` with the arm's
/// availability in place of the parent's visits (subset-armed bandit).
fn score<A>(arm: &Arm<A>, c: f64) -> f64 {
    let prior = if arm.prior.is_nan() { 0.0 } else { arm.prior };
    let explore = c * f64::from(arm.available).sqrt() * prior;
    let reciprocal = if arm.visits == 0 { 2.0 } else { 1.0 / f64::from(arm.visits) };
    (arm.reward + explore) * reciprocal
}

/// Searches `state` for `me` (the player to move) with `config`'s budget, rollouts and
/// priors: per action of `root_actions`, the root arm's visits and mean reward in
/// [-1, 1] (0 visits for an action the search never met).
pub(crate) fn search<G: Game, B: Backend<G> + ?Sized>(
    backend: &B,
    config: &MctsConfig,
    state: &G,
    me: PlayerId,
    root_actions: &[G::Action],
    seed: u64,
    started: Instant,
) -> Vec<(u64, f64)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let hidden = state.has_hidden(me);
    let deadline = config.budget.time.map(|t| started + t);
    let playouts = match config.budget.playouts {
        0 => u32::MAX, // time only
        n => n,
    };
    let c = config.exploration.max(1e-6);
    let temperature = config.prior_temperature.max(1e-3);
    let mut tree = Tree::new();
    let (mut look, mut rollout) = (Lookahead::default(), RolloutScratch::default());
    let (mut legal, mut arms, mut path) = (Vec::new(), Vec::new(), Vec::new());
    let mut world = state.clone();
    for _ in 0..playouts {
        if deadline.is_some_and(|d| Instant::now() >= d) || backend.failure().is_some() {
            break;
        }
        // A fresh world per playout: the point of the method.
        if hidden {
            world = state.determinize(me, &mut rng);
        } else {
            world.clone_from(state);
        }
        path.clear();
        let mut node = 0u32;
        let value = loop {
            let Some(mover) = world.to_move() else { break world.heuristic() };
            legal.clear();
            backend.legal_actions(&world, &mut legal);
            world.dedupe(&mut legal);
            if legal.is_empty() {
                break world.heuristic();
            }
            if tree.arms(node, &legal, &mut arms) {
                let p = priors(backend, &world, &legal, &mut look, temperature, config.position_weight);
                tree.set_priors(node, &arms, &p);
            }
            let arm = tree.select(node, &arms, c, &mut rng);
            path.push((node, arm, mover));
            backend.apply(&mut world, tree.nodes[node as usize][arm].action);
            match tree.descend(node, arm, world.seen_digest(me), config.node_limit) {
                Some(child) => node = child,
                None => {
                    break rollout_value(
                        backend,
                        &world,
                        config.rollout_depth,
                        config.rollout_turns,
                        config.rollout_policy,
                        &mut rng,
                        &mut rollout,
                    );
                }
            }
        };
        for &(node, arm, mover) in &path {
            tree.back_up(node, arm, value.get(mover));
        }
    }
    let root = &tree.nodes[0];
    root_actions
        .iter()
        .map(|a| match root.iter().find(|arm| arm.action == *a) {
            Some(arm) if arm.visits > 0 => (u64::from(arm.visits), arm.reward / f64::from(arm.visits)),
            _ => (0, 0.0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn arm(action: u8, prior: f64, visits: u32, available: u32, reward: f64) -> Arm<u8> {
        Arm { action, prior, visits, available, reward, children: Vec::new() }
    }

    #[test]
    fn an_arm_is_counted_available_only_when_its_world_offers_it() {
        let mut tree = Tree::<u8>::new();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut idx = Vec::new();
        for round in 0..10u32 {
            // Action 2 is legal in every other world only; action 3 from round 6 on.
            let mut legal = vec![1u8];
            if round % 2 == 0 {
                legal.push(2);
            }
            if round >= 6 {
                legal.push(3);
            }
            if tree.arms(0, &legal, &mut idx) {
                tree.set_priors(0, &idx, &vec![1.0 / legal.len() as f64; legal.len()]);
            }
            let pick = tree.select(0, &idx, 1.0, &mut rng);
            assert!(idx.contains(&pick), "round {round}: picked an arm this world does not offer");
            tree.back_up(0, pick, 0.0);
        }
        let available: Vec<(u8, u32)> = tree.nodes[0].iter().map(|a| (a.action, a.available)).collect();
        assert_eq!(available, [(1, 10), (2, 5), (3, 4)]);
        let visits: u32 = tree.nodes[0].iter().map(|a| a.visits).sum();
        assert_eq!(visits, 10, "one visit a playout");
        // The late arm got the prior of the world that first offered it (1/3), the
        // others kept theirs.
        assert_eq!(tree.nodes[0][2].prior, 1.0 / 3.0);
        assert_eq!(tree.nodes[0][0].prior, 0.5);
    }

    #[test]
    fn exploration_grows_with_availability_not_the_parents_visits() {
        // Same prior, visits and mean; the arm available more often has had more
        // chances to be tried, so its exploration term is the larger.
        let often = arm(0, 0.5, 4, 100, 2.0);
        let rarely = arm(1, 0.5, 4, 9, 2.0);
        assert!(score(&often, 1.0) > score(&rarely, 1.0));
        assert_eq!(score(&rarely, 1.0), (2.0 + 3.0 * 0.5) / 4.0);
        // Unvisited arms: the crate's rule (n counts as 1/2), ranked by prior.
        assert!(score(&arm(2, 0.6, 0, 1, 0.0), 1.0) > score(&arm(3, 0.4, 0, 1, 0.0), 1.0));
        let mut tree = Tree { nodes: vec![vec![often, rarely]] };
        let pick = tree.select(0, &[0, 1], 1.0, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(pick, 0);
    }

    #[test]
    fn the_tree_stops_growing_at_its_node_limit() {
        let mut tree = Tree::<u8>::new();
        let mut idx = Vec::new();
        tree.arms(0, &[1, 2], &mut idx);
        assert_eq!(tree.descend(0, 0, 7, 2), None, "a new child is made, the playout leaves the tree");
        assert_eq!(tree.descend(0, 0, 7, 2), Some(1));
        assert_eq!(tree.descend(0, 0, 8, 2), None, "full: what was seen differs, no new child");
        assert_eq!(tree.descend(0, 1, 7, 2), None);
        assert_eq!(tree.descend(0, 1, 7, 2), None, "full: arm 1 stays a leaf");
        assert_eq!(tree.nodes.len(), 2);
    }

    #[test]
    fn an_arm_has_a_child_for_each_thing_seen_after_it() {
        let mut tree = Tree::<u8>::new();
        let mut idx = Vec::new();
        tree.arms(0, &[1], &mut idx);
        assert_eq!(tree.descend(0, 0, 10, 100), None);
        assert_eq!(tree.descend(0, 0, 20, 100), None);
        assert_eq!(tree.descend(0, 0, 10, 100), Some(1));
        assert_eq!(tree.descend(0, 0, 20, 100), Some(2));
        assert_eq!(tree.nodes[0][0].children, [(10, 1), (20, 2)]);
    }
}
