//! MCTS settings, shared by the determinized search ([`crate::mcts_bot`]) and the
//! information-set search ([`crate::ismcts`]): the budget, the rollouts, PUCT's
//! constants, how hidden cards are handled.

use std::time::Duration;

use crate::rollout::RolloutPolicy;

/// How much worse than the best, in mean reward (1 = a win, -1 a loss), a move may look
/// to the search and still be played as a deliberate mistake, by default
/// ([`MctsConfig::mistake_margin`]): 2, the whole range, so any other root move the
/// search visited. Near moves alone cost too little to separate the levels where more
/// search does not: at a margin of 0.3, Castle Rampage's normal erring in 20% of its
/// decisions scored 51.7% against easy erring in 40% (docs/benchmarks.md, "The ladder").
pub const MISTAKE_MARGIN: f64 = 2.0;

/// How much an MCTS search may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Playouts in all (split over determinizations).
    pub playouts: u32,
    /// Wall-clock limit, if any (search stops at whichever comes first).
    pub time: Option<Duration>,
}

/// How a search handles the cards hidden from its player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Search {
    /// Determinized: `determinizations` sampled worlds, each searched in a tree of its
    /// own, root visits summed.
    #[default]
    Determinized,
    /// Information-set MCTS: one tree over the player's information sets, a world
    /// drawn afresh for every playout ([`crate::ismcts`]).
    InformationSet,
}

/// What a search sees of the cards hidden from its player. Only the honest sight is
/// a player: the other two are measuring instruments, which bot specs build (`peek`,
/// `oracle`) and the difficulties and the Agent, which take an [`MctsConfig`], cannot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sight {
    /// What its player may see: worlds sampled by [`fray_core::Game::determinize`].
    #[default]
    Own,
    /// Every card some player knows (the opponents' hands, the cards they placed or
    /// saw), not those nobody knows: worlds by [`fray_core::Game::determinize_known`]
    /// (`peek`).
    Known,
    /// Everything: the search runs on the true state (`oracle`).
    All,
}

/// MCTS settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    /// The search budget.
    pub budget: Budget,
    /// Actions a rollout plays before it is cut and evaluated.
    pub rollout_depth: usize,
    /// How rollouts choose actions.
    pub rollout_policy: RolloutPolicy,
    /// With > 0, rollouts also stop once this many turn boundaries have passed.
    pub rollout_turns: u32,
    /// PUCT exploration constant, in value units (the search scales it with its rewards).
    pub exploration: f64,
    /// Softmax temperature of the one-ply priors, in value units.
    pub prior_temperature: f64,
    /// Weight of the ruleset's [`fray_core::Game::action_hint`] in a move's prior logit.
    pub position_weight: f64,
    /// Sampled worlds for hidden information (1 when nothing is hidden).
    pub determinizations: u32,
    /// Tree nodes at most (about 300 bytes each).
    pub node_limit: usize,
    /// Threads the sampled worlds are searched on (at most one per world; 0 counts as
    /// 1). It changes the speed, never the answer of a search budgeted in playouts.
    /// The information-set search grows one tree, on one thread.
    pub threads: u32,
    /// Determinized or information-set search.
    pub search: Search,
    /// The share of decisions (0 to 1) in which the bot makes a deliberate mistake:
    /// with this probability, drawn from the decision's seed, it plays one of the other
    /// root actions the search visited and found at most [`MctsConfig::mistake_margin`]
    /// worse than its best (by default any), uniformly, instead of the best
    /// (`mistakes=P` in a spec; 0, the default, never). The difficulties are a budget
    /// and, on the rulesets where more search does not play better, a share of
    /// mistakes that still separates the levels ([`crate::Difficulty`]).
    pub mistake_share: f64,
    /// How much worse than the best, in mean reward (1 = a win), a move may look to the
    /// search and still be played as a deliberate mistake (`margin=M` in a spec; by
    /// default [`MISTAKE_MARGIN`], 2: any visited move).
    pub mistake_margin: f64,
}

impl MctsConfig {
    /// The default settings for a budget of `playouts`, with one sampled world per
    /// 700 playouts (1 to 4): fewer worlds searched deeper play better on small
    /// budgets, and past 4 worlds a larger budget buys depth rather than samples
    /// (8000 playouts over 8 worlds played no better than 1500 over 2).
    pub fn for_playouts(playouts: u32) -> Self {
        let determinizations = (playouts / 700).clamp(1, 4);
        Self { budget: Budget { playouts, time: None }, determinizations, ..Self::default() }
    }
}

impl MctsConfig {
    /// The bot's name, which is its spec: `mcts:playouts=N`, then each setting that
    /// differs from a spec's starting point (`normal`'s search, 1500 playouts, without
    /// its mistakes), e.g. `mcts:playouts=1500`, `mcts:playouts=8000,worlds=4` (hard),
    /// `mcts:playouts=1500,search=is` or `mcts:playouts=150,worlds=1,mistakes=0.4`. Two
    /// bots that play differently never share a name.
    pub fn name(&self) -> String {
        self.name_with(Sight::Own)
    }

    /// The name of a search with these settings that sees `sight`: `mcts:...`, and for
    /// the measuring instruments `peek:...` or `oracle:...`.
    pub fn name_with(&self, sight: Sight) -> String {
        let kind = match sight {
            Sight::Own => "mcts",
            Sight::Known => "peek",
            Sight::All => "oracle",
        };
        format!("{kind}:{}", self.spec_keys(sight))
    }

    /// The `key=value` list of [`MctsConfig::name_with`], comma-separated, against the
    /// settings a spec starts from (1500 playouts, [`MctsConfig::for_playouts`], no
    /// mistakes), less
    /// the keys a spec of that sight refuses: `time` and `search` but for [`Sight::Own`]
    /// (a measure replays; one search), and `worlds` for [`Sight::All`] (one world).
    pub(crate) fn spec_keys(&self, sight: Sight) -> String {
        let honest = sight == Sight::Own;
        let base = Self::for_playouts(1500);
        let mut keys = vec![format!("playouts={}", self.budget.playouts)];
        if let Some(t) = self.budget.time.filter(|_| honest) {
            keys.push(if t.subsec_nanos() % 1_000_000 == 0 {
                format!("time={}ms", t.as_millis())
            } else {
                format!("time={}s", t.as_secs_f64())
            });
        }
        if sight != Sight::All && self.determinizations != base.determinizations {
            keys.push(format!("worlds={}", self.determinizations));
        }
        if self.rollout_depth != base.rollout_depth {
            keys.push(format!("depth={}", self.rollout_depth));
        }
        if self.rollout_turns != base.rollout_turns {
            keys.push(format!("turns={}", self.rollout_turns));
        }
        if self.rollout_policy != base.rollout_policy {
            keys.push(match self.rollout_policy {
                RolloutPolicy::Random => "rollout=random".to_owned(),
                RolloutPolicy::Greedy { epsilon } => format!("rollout=greedy(epsilon {epsilon})"),
            });
        }
        for (key, value, normal) in [
            ("c", self.exploration, base.exploration),
            ("t", self.prior_temperature, base.prior_temperature),
            ("pos", self.position_weight, base.position_weight),
        ] {
            if value != normal {
                keys.push(format!("{key}={value}"));
            }
        }
        if self.threads.max(1) != base.threads.max(1) {
            keys.push(format!("threads={}", self.threads));
        }
        if honest && self.search == Search::InformationSet {
            keys.push("search=is".to_owned());
        }
        if self.mistake_share != base.mistake_share {
            keys.push(format!("mistakes={}", self.mistake_share));
        }
        if self.mistake_margin != base.mistake_margin {
            keys.push(format!("margin={}", self.mistake_margin));
        }
        keys.join(",")
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self {
            budget: Budget { playouts: 2000, time: None },
            rollout_depth: 10,
            rollout_policy: RolloutPolicy::Greedy { epsilon: 0.15 },
            rollout_turns: 0,
            exploration: 1.0,
            prior_temperature: 0.1,
            position_weight: 2.0,
            determinizations: 4,
            node_limit: 400_000,
            threads: 1,
            search: Search::Determinized,
            mistake_share: 0.0,
            mistake_margin: MISTAKE_MARGIN,
        }
    }
}
