//! Bot specs as written on a command line: `random`, `greedy`, `exact`,
//! `exact:nodes=100000`, `mcts`, `mcts:playouts=2000`, `mcts:time=50ms`,
//! `mcts:playouts=5000,depth=30,c=0.5,worlds=2`, or a difficulty `easy`, `normal`,
//! `hard` (an MCTS budget and a share of deliberate mistakes: [`Difficulty`]).
//!
//! `mcts` keys (unset ones keep `normal`'s search, 1500 playouts, without its mistakes):
//! `playouts` (total, over all
//! sampled worlds), `time` (`50ms`, `2s`; alone it means time only), `worlds`
//! (determinizations), `depth` (rollout actions before the evaluation), `turns`
//! (rollouts also stop after this many turn boundaries; 0 never), `rollout`
//! (`greedy` or `random`), `c` (PUCT exploration), `t` (prior temperature), `pos`
//! (weight of the positional summon score in the priors; 0 turns it off), `threads`
//! (the sampled worlds searched side by side: faster, the same answer), `search`
//! (`det`, the determinized search, or `is`, information-set MCTS: one tree, a fresh
//! world per playout; `worlds` and `threads` then do not apply), `mistakes` (the share
//! of decisions, 0 to 1, in which the bot plays another root action near the search's
//! best instead of the best: [`MctsConfig::mistake_share`]), `margin` (how much worse in
//! mean reward such a move may be: [`MctsConfig::mistake_margin`]).
//!
//! `oracle`, `oracle:playouts=N,...`: the `normal` search (without its mistakes) on the true state, hidden
//! cards included. It sees everything: a measuring instrument (the ceiling of what
//! knowing the hidden cards is worth), never a difficulty and never behind the Agent.
//! It takes the `mcts` keys but `time` (a measure replays), `worlds` and `search`.
//!
//! `peek`, `peek:playouts=N,...`: the `normal` search (without its mistakes) over sampled worlds that keep
//! every card some player knows (the opponents' hands, the cards they placed or saw)
//! and deal again only those nobody knows (`Game::determinize_known`). It cheats less
//! than the oracle: between the two lies what nobody knows (the face-down cards no one
//! has seen, the order of a draw pile), between peek and `normal` what the other
//! players know, which inference could at best recover. A measuring instrument too;
//! it takes the `mcts` keys but `time` and `search`.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use fray_core::{Game, Ruleset};

use crate::backend::Local;
use crate::bot::Bot;
use crate::exact::ExactBot;
use crate::greedy::GreedyBot;
use crate::mcts_bot::MctsBot;
use crate::mcts_config::{MctsConfig, Search, Sight};
use crate::random::RandomBot;

/// Play strength presets for people: an MCTS budget and, on the rulesets where more
/// search alone does not play better, a share of deliberate mistakes
/// ([`MctsConfig::mistake_share`]), as chess servers mix a search budget with a share
/// of weaker moves. The shares are the ruleset's ([`fray_core::catalogue::LevelMistakes`]
/// in its catalogue entry: Castle Rampage's 8000 playouts scored 50.0% against 1500,
/// while a ruleset whose turn is many decisions, KeyForge, pays any share over and
/// over); a mistake is any other root move the search visited
/// ([`crate::mcts_bot::MISTAKE_MARGIN`]).
/// The same settings play in the tournament's in-process bots and, through
/// `SearchBudget.mistake_share`, behind the Agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Difficulty {
    /// 150 playouts (one sampled world) and the ruleset's easy share of mistakes.
    Easy,
    /// 1500 playouts (two worlds) and the ruleset's normal share of mistakes.
    Normal,
    /// 8000 playouts (four worlds), no mistakes.
    Hard,
}

impl Difficulty {
    /// The MCTS settings of this difficulty on `ruleset`: its budget, and its share of
    /// mistakes there.
    pub fn config(self, ruleset: Ruleset) -> MctsConfig {
        MctsConfig { mistake_share: self.mistake_share(ruleset), ..self.search() }
    }

    /// Its search without mistakes: the budget alone, the same on every ruleset.
    pub fn search(self) -> MctsConfig {
        MctsConfig::for_playouts(self.playouts())
    }

    /// Its search budget, in playouts a decision (over 1, 2 and 4 sampled worlds).
    pub fn playouts(self) -> u32 {
        match self {
            Difficulty::Easy => 150,
            Difficulty::Normal => 1500,
            Difficulty::Hard => 8000,
        }
    }

    /// The share of its decisions in which this difficulty errs on purpose on
    /// `ruleset` (0 for `hard`, and for every level where search alone separates them).
    pub fn mistake_share(self, ruleset: Ruleset) -> f64 {
        let shares = fray_core::rulesets::level_mistakes(ruleset);
        match self {
            Difficulty::Easy => shares.easy,
            Difficulty::Normal => shares.normal,
            Difficulty::Hard => 0.0,
        }
    }

    /// Where the lower levels err, in words: each such ruleset's title with easy's and
    /// normal's shares, `e:game 40% / 15%, Castle Rampage 70% / 25%` (`none` if none).
    pub fn mistakes_text() -> String {
        let percent = |share: f64| format!("{:.0}%", share * 100.0);
        let erring: Vec<String> = fray_core::rulesets::catalogue()
            .iter()
            .filter(|info| Difficulty::Easy.mistake_share(info.ruleset) > 0.0)
            .map(|info| {
                let [easy, normal] =
                    [Difficulty::Easy, Difficulty::Normal].map(|d| percent(d.mistake_share(info.ruleset)));
                format!("{} {easy} / {normal}", info.title)
            })
            .collect();
        if erring.is_empty() { "none".to_owned() } else { erring.join(", ") }
    }

    /// Every difficulty, weakest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// Its name: `easy`, `normal` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

/// A parsed bot spec.
#[derive(Debug, Clone, PartialEq)]
pub enum BotSpec {
    /// Uniformly random.
    Random,
    /// A difficulty ([`Difficulty::config`]): its settings are the ruleset's, known when
    /// the bot is built for a game.
    Level(Difficulty),
    /// One ply.
    Greedy,
    /// The exact solver (greedy when the position is too large).
    Exact(ExactBot),
    /// MCTS over the core in-process.
    Mcts(MctsConfig),
    /// The oracle: the same MCTS on the true state, hidden cards included
    /// ([`MctsBot::oracle`]). It sees everything: a measuring instrument, never a
    /// difficulty.
    Oracle(MctsConfig),
    /// Peek: the same MCTS over worlds that keep every card some player knows
    /// ([`MctsBot::peek`]). A measuring instrument, never a difficulty.
    Peek(MctsConfig),
}

impl PartialEq for ExactBot {
    fn eq(&self, other: &Self) -> bool {
        self.node_limit == other.node_limit
    }
}

/// A spec that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad bot spec {spec:?}: {reason}")]
pub struct SpecError {
    /// The spec as written.
    pub spec: String,
    /// What is wrong.
    pub reason: String,
}

fn duration(v: &str) -> Option<Duration> {
    if let Some(ms) = v.strip_suffix("ms") {
        ms.parse().ok().map(Duration::from_millis)
    } else if let Some(s) = v.strip_suffix('s') {
        s.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0).map(Duration::from_secs_f64)
    } else {
        None
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<Self, SpecError> {
        let err = |reason: String| SpecError { spec: spec.to_owned(), reason };
        let (kind, params) = spec.split_once(':').unwrap_or((spec, ""));
        let params: Vec<(&str, &str)> = if params.is_empty() {
            Vec::new()
        } else {
            params
                .split(',')
                .map(|p| p.split_once('=').ok_or_else(|| err(format!("{p:?} is not key=value"))))
                .collect::<Result<_, _>>()?
        };
        let no_params = |name: &str| -> Result<(), SpecError> {
            if params.is_empty() { Ok(()) } else { Err(err(format!("{name} takes no parameters"))) }
        };
        match kind {
            "random" => no_params("random").map(|()| BotSpec::Random),
            "greedy" => no_params("greedy").map(|()| BotSpec::Greedy),
            "easy" => no_params(kind).map(|()| BotSpec::Level(Difficulty::Easy)),
            "normal" => no_params(kind).map(|()| BotSpec::Level(Difficulty::Normal)),
            "hard" => no_params(kind).map(|()| BotSpec::Level(Difficulty::Hard)),
            "exact" => {
                let mut bot = ExactBot::default();
                for (k, v) in params {
                    match k {
                        "nodes" => bot.node_limit = v.parse().map_err(|_| err(format!("nodes={v} is not a count")))?,
                        _ => return Err(err(format!("exact takes nodes=N, not {k}"))),
                    }
                }
                Ok(BotSpec::Exact(bot))
            }
            "mcts" => mcts_params(&params, &err, Sight::Own).map(BotSpec::Mcts),
            "oracle" => mcts_params(&params, &err, Sight::All).map(BotSpec::Oracle),
            "peek" => mcts_params(&params, &err, Sight::Known).map(BotSpec::Peek),
            _ => Err(err("choose random, greedy, exact, mcts, easy, normal, hard, oracle or peek".into())),
        }
    }
}

impl BotSpec {
    /// Specs written one after the other with commas between them, as a command line's
    /// list takes them: `random,greedy`, `hard,mcts:mistakes=0.25,margin=0.3`. A piece
    /// `key=value` without a kind continues the spec before it (its keys are also
    /// separated by commas), so a list may hold specs with several keys.
    pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, SpecError> {
        let mut specs: Vec<String> = Vec::new();
        for piece in text.split(',') {
            match specs.last_mut() {
                Some(spec) if piece.contains('=') && !piece.contains(':') => {
                    spec.push(',');
                    spec.push_str(piece);
                }
                _ => specs.push(piece.to_owned()),
            }
        }
        specs.iter().map(|s| s.parse()).collect()
    }
}

/// The settings of an `mcts` spec ([`Sight::Own`]), or a `peek` or `oracle` one (no
/// `time`: a measure must replay; no `search`; the oracle no `worlds` either: it
/// searches the one true world), from `normal`'s search (1500 playouts, two worlds)
/// without its mistakes.
fn mcts_params(
    params: &[(&str, &str)],
    err: &dyn Fn(String) -> SpecError,
    sight: Sight,
) -> Result<MctsConfig, SpecError> {
    let honest = sight == Sight::Own;
    let mut c = MctsConfig::for_playouts(1500);
    let mut playouts_set = false;
    for &(k, v) in params {
        let count = |v: &str| v.parse::<u32>().map_err(|_| err(format!("{k}={v} is not a count")));
        match k {
            "playouts" => {
                c.budget.playouts = count(v)?;
                playouts_set = true;
            }
            "time" if honest => {
                c.budget.time = Some(duration(v).ok_or_else(|| err(format!("time={v}: write e.g. 50ms or 2s")))?);
            }
            "depth" => c.rollout_depth = count(v)? as usize,
            "threads" => c.threads = count(v)?.max(1),
            "turns" => c.rollout_turns = count(v)?,
            "worlds" if sight != Sight::All => c.determinizations = count(v)?.max(1),
            "search" if honest => {
                c.search = match v {
                    "det" => Search::Determinized,
                    "is" => Search::InformationSet,
                    _ => return Err(err(format!("search={v}: choose det (determinized) or is (information set)"))),
                };
            }
            "rollout" => {
                c.rollout_policy = match v {
                    "random" => crate::rollout::RolloutPolicy::Random,
                    "greedy" => crate::rollout::RolloutPolicy::Greedy { epsilon: 0.15 },
                    _ => return Err(err(format!("rollout={v}: choose random or greedy"))),
                };
            }
            "t" => {
                c.prior_temperature = v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x > 0.0)
                    .ok_or_else(|| err(format!("t={v} must be a positive number")))?;
            }
            "pos" => {
                c.position_weight = v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| err(format!("pos={v} must be a number >= 0")))?;
            }
            "mistakes" => {
                c.mistake_share = v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| (0.0..=1.0).contains(x))
                    .ok_or_else(|| err(format!("mistakes={v} must be a share from 0 to 1")))?;
            }
            "margin" => {
                c.mistake_margin = v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| err(format!("margin={v} must be a number >= 0")))?;
            }
            "c" => {
                c.exploration = v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x > 0.0)
                    .ok_or_else(|| err(format!("c={v} must be a positive number")))?;
            }
            _ if honest => {
                return Err(err(format!(
                    "mcts takes playouts, time, depth, turns, worlds, search, c, t, pos, rollout, threads, mistakes, margin; not {k}"
                )));
            }
            _ if sight == Sight::Known => {
                return Err(err(format!(
                    "peek takes playouts, depth, turns, worlds, c, t, pos, rollout, threads, mistakes, margin; not {k} (a measure \
                     replays, on a playout budget, and searches its worlds as normal does)"
                )));
            }
            _ => {
                return Err(err(format!(
                    "oracle takes playouts, depth, turns, c, t, pos, rollout, threads, mistakes, margin; not {k} (it searches the \
                     one true world, on a playout budget so that it replays)"
                )));
            }
        }
    }
    if c.budget.time.is_some() && !playouts_set {
        c.budget.playouts = 0; // time only
    }
    if c.budget.playouts == 0 && c.budget.time.is_none() {
        return Err(err("mcts needs playouts > 0 or a time".into()));
    }
    Ok(c)
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl BotSpec {
    /// A bot of game `G`, a game of `ruleset`, for this spec, searching over the core
    /// in-process.
    pub fn build<G: Game>(&self, ruleset: Ruleset) -> Box<dyn Bot<G>> {
        match self {
            BotSpec::Random => Box::new(RandomBot),
            BotSpec::Level(d) => Box::new(MctsBot::new(Arc::new(Local), d.config(ruleset))),
            BotSpec::Greedy => Box::new(GreedyBot),
            BotSpec::Exact(b) => Box::new(*b),
            BotSpec::Mcts(c) => Box::new(MctsBot::new(Arc::new(Local), *c)),
            BotSpec::Oracle(c) => Box::new(MctsBot::oracle(Arc::new(Local), *c)),
            BotSpec::Peek(c) => Box::new(MctsBot::peek(Arc::new(Local), *c)),
        }
    }
}

impl BotSpec {
    /// The bot's name (as [`Bot::name`] says it).
    pub fn name(&self) -> String {
        match self {
            BotSpec::Random => "random".into(),
            BotSpec::Level(d) => d.name().into(),
            BotSpec::Greedy => "greedy".into(),
            BotSpec::Exact(b) => b.name(),
            BotSpec::Mcts(c) => c.name(),
            BotSpec::Oracle(c) => c.name_with(Sight::All),
            BotSpec::Peek(c) => c.name_with(Sight::Known),
        }
    }

    /// Whether the bot sees cards hidden from its player (the oracle, peek): reports
    /// that show it say so, in [`BotSpec::sight_note`]'s words.
    pub fn sees_hidden(&self) -> bool {
        self.sight_note().is_some()
    }

    /// What a bot that sees hidden cards sees, for a report's note (`None` for the
    /// honest bots).
    pub fn sight_note(&self) -> Option<&'static str> {
        match self {
            BotSpec::Oracle(_) => Some("sees every hidden card"),
            BotSpec::Peek(_) => Some(
                "sees every card some player knows (the opponents' hands, the cards they placed or saw), not those \
                 nobody has seen",
            ),
            _ => None,
        }
    }

    /// Whether a move is at most one ply over the legal actions (random and greedy): no
    /// search and no budget, microseconds a move. A caller may think such a move where
    /// it is rather than hand it to a thread of its own, whose wake-ups cost more than
    /// the move.
    pub fn is_one_ply(&self) -> bool {
        matches!(self, BotSpec::Random | BotSpec::Greedy)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn only_random_and_greedy_are_one_ply() {
        let one_ply = |spec: &str| spec.parse::<BotSpec>().unwrap().is_one_ply();
        assert!(one_ply("random") && one_ply("greedy"));
        assert!(!one_ply("easy") && !one_ply("mcts:playouts=10") && !one_ply("oracle") && !one_ply("exact"));
    }

    /// A report names a bot by its spec: the name parses back to the same bot, so two
    /// bots that play differently never share a name.
    #[test]
    fn a_bots_name_is_its_spec() {
        for (spec, name) in [
            ("normal", "normal"),
            ("easy", "easy"),
            ("hard", "hard"),
            ("mcts:mistakes=0.25", "mcts:playouts=1500,mistakes=0.25"),
            ("mcts:margin=0.5,mistakes=0.2", "mcts:playouts=1500,mistakes=0.2,margin=0.5"),
            ("mcts:margin=0.3,mistakes=0.2", "mcts:playouts=1500,mistakes=0.2,margin=0.3"),
            ("mcts:margin=2,mistakes=0.2", "mcts:playouts=1500,mistakes=0.2"),
            ("mcts:mistakes=0", "mcts:playouts=1500"),
            ("mcts:search=is,mistakes=1", "mcts:playouts=1500,search=is,mistakes=1"),
            ("oracle:mistakes=0.5", "oracle:playouts=1500,mistakes=0.5"),
            ("peek:mistakes=0.05,worlds=3", "peek:playouts=1500,worlds=3,mistakes=0.05"),
            ("mcts:playouts=8000", "mcts:playouts=8000"),
            ("mcts:worlds=8,depth=40", "mcts:playouts=1500,worlds=8,depth=40"),
            ("mcts:time=50ms", "mcts:playouts=0,time=50ms"),
            ("mcts:time=1.5s,playouts=900", "mcts:playouts=900,time=1500ms"),
            ("mcts:time=0.0005s", "mcts:playouts=0,time=0.0005s"),
            ("mcts:search=is,c=3,t=100,pos=0", "mcts:playouts=1500,c=3,t=100,pos=0,search=is"),
            ("mcts:rollout=random,turns=2,threads=2", "mcts:playouts=1500,turns=2,rollout=random,threads=2"),
            ("mcts:threads=1,worlds=2", "mcts:playouts=1500"),
            ("oracle", "oracle:playouts=1500"),
            ("oracle:playouts=300,depth=5,c=0.5", "oracle:playouts=300,depth=5,c=0.5"),
            ("peek", "peek:playouts=1500"),
            ("peek:worlds=4,playouts=800", "peek:playouts=800,worlds=4"),
            ("exact", "exact"),
            ("exact:nodes=10", "exact:nodes=10"),
            ("greedy", "greedy"),
            ("random", "random"),
        ] {
            let parsed = spec.parse::<BotSpec>().unwrap();
            assert_eq!(parsed.name(), name, "{spec}");
            assert_eq!(name.parse::<BotSpec>().unwrap(), parsed, "{spec}: the name parses to the same bot");
        }
        let hard = Difficulty::Hard.config(Ruleset::Egame);
        assert_ne!(BotSpec::Mcts(hard).name(), "mcts:playouts=8000".parse::<BotSpec>().unwrap().name());
    }

    /// A difficulty is its search budget and, on a ruleset where search alone does not
    /// separate the levels, its share of mistakes, the weaker level erring more; hard
    /// never errs, and normal's search without mistakes is where every spec starts.
    #[test]
    fn the_levels_are_a_budget_and_the_rulesets_share_of_mistakes() {
        assert_eq!(Difficulty::ALL.map(Difficulty::playouts), [150, 1500, 8000], "fray play's help says so");
        for &ruleset in Ruleset::ALL {
            for d in Difficulty::ALL {
                let config = d.config(ruleset);
                assert_eq!((config.mistake_share, config.budget.playouts), (d.mistake_share(ruleset), d.playouts()));
            }
            let [easy, normal, hard] = Difficulty::ALL.map(|d| d.config(ruleset));
            assert!(easy.budget.playouts < normal.budget.playouts && normal.budget.playouts < hard.budget.playouts);
            assert!(easy.mistake_share >= normal.mistake_share && normal.mistake_share >= 0.0, "{ruleset:?}");
            assert!(easy.mistake_share < 1.0, "{ruleset:?}: easy still plays its best most of the time");
            assert_eq!(hard.mistake_share, 0.0, "hard plays its search's best");
            assert!(easy.mistake_margin >= 2.0, "{ruleset:?}: a level's mistake is any move its search visited");
            assert_eq!(normal, MctsConfig { mistake_share: normal.mistake_share, ..MctsConfig::for_playouts(1500) });
        }
        let errs = |r: Ruleset| Difficulty::Normal.mistake_share(r) > 0.0;
        assert!(errs(Ruleset::CastleRampage), "8000 playouts play no better than 1500 there: normal errs");
        assert!(!errs(Ruleset::Keyforge), "a KeyForge turn is many decisions: its levels are their budgets");
        assert_eq!("mcts".parse::<BotSpec>().unwrap(), BotSpec::Mcts(MctsConfig::for_playouts(1500)));
    }

    #[test]
    fn a_list_of_specs_keeps_each_specs_keys() {
        let list = BotSpec::parse_list("hard,mcts:mistakes=0.25,margin=1,random,oracle:playouts=300,depth=5").unwrap();
        let names: Vec<String> = list.iter().map(BotSpec::name).collect();
        assert_eq!(
            names,
            ["hard", "mcts:playouts=1500,mistakes=0.25,margin=1", "random", "oracle:playouts=300,depth=5"]
        );
        assert_eq!(BotSpec::parse_list("random,greedy").unwrap(), [BotSpec::Random, BotSpec::Greedy]);
        let err = BotSpec::parse_list("random,playouts=3").unwrap_err();
        assert_eq!(err.spec, "random,playouts=3", "a key after a spec is that spec's, and the error names it whole");
        assert!(BotSpec::parse_list("greedy,,random").is_err(), "an empty spec is refused");
    }

    #[test]
    fn specs_parse_and_bad_ones_say_why() {
        assert_eq!("random".parse::<BotSpec>().unwrap(), BotSpec::Random);
        let BotSpec::Mcts(c) = "mcts:playouts=2000".parse().unwrap() else { panic!() };
        assert_eq!(c.budget.playouts, 2000);
        let BotSpec::Mcts(c) = "mcts:time=50ms".parse().unwrap() else { panic!() };
        assert_eq!((c.budget.playouts, c.budget.time), (0, Some(Duration::from_millis(50))));
        let BotSpec::Mcts(c) = "mcts:turns=2,depth=40".parse().unwrap() else { panic!() };
        assert_eq!((c.rollout_turns, c.rollout_depth), (2, 40));
        let BotSpec::Mcts(c) = "mcts:pos=0".parse().unwrap() else { panic!() };
        assert_eq!(c.position_weight, 0.0);
        let BotSpec::Mcts(c) = "mcts:threads=2".parse().unwrap() else { panic!() };
        assert_eq!((c.threads, c.budget.playouts), (2, 1500));
        let BotSpec::Exact(e) = "exact:nodes=10".parse().unwrap() else { panic!() };
        assert_eq!(e.node_limit, 10);
        let BotSpec::Mcts(c) = "mcts:search=is,playouts=300".parse().unwrap() else { panic!() };
        assert_eq!((c.search, c.budget.playouts), (Search::InformationSet, 300));
        assert_eq!(c.name(), "mcts:playouts=300,search=is");
        assert_eq!(BotSpec::Mcts(c).name().parse::<BotSpec>().unwrap(), BotSpec::Mcts(c), "the name is the spec");
        let BotSpec::Oracle(c) = "oracle".parse().unwrap() else { panic!() };
        assert_eq!(c, MctsConfig::for_playouts(1500), "normal's search without its mistakes");
        let oracle = "oracle:playouts=300,depth=5".parse::<BotSpec>().unwrap();
        assert!(oracle.sees_hidden() && !"normal".parse::<BotSpec>().unwrap().sees_hidden());
        let BotSpec::Peek(c) = "peek".parse().unwrap() else { panic!() };
        assert_eq!(c, MctsConfig::for_playouts(1500), "normal's search, on other worlds, without its mistakes");
        let BotSpec::Mcts(c) = "mcts:mistakes=0.3,playouts=150".parse().unwrap() else { panic!() };
        assert_eq!((c.mistake_share, c.budget.playouts, c.determinizations), (0.3, 150, 2), "normal's worlds");
        let easy = "mcts:playouts=150,worlds=1".parse::<BotSpec>().unwrap();
        assert_eq!(BotSpec::Mcts(Difficulty::Easy.config(Ruleset::Keyforge)), easy, "KeyForge's easy errs in none");
        assert_eq!(oracle.name(), "oracle:playouts=300,depth=5");
        for bad in [
            "mcts:playouts=x",
            "mcts:speed=3",
            "random:x=1",
            "chess",
            "mcts:time=5",
            "mcts:playouts=0",
            "mcts:pos=-1",
            "oracle:time=50ms",
            "oracle:worlds=2",
            "oracle:playouts=0",
            "oracle:search=is",
            "peek:time=50ms",
            "peek:search=is",
            "peek:playouts=0",
            "mcts:search=both",
            "mcts:mistakes=1.5",
            "mcts:mistakes=-0.1",
            "mcts:mistakes=NaN",
            "mcts:mistakes=x",
            "mcts:margin=-1",
            "easy:mistakes=0",
        ] {
            let e = bad.parse::<BotSpec>().unwrap_err();
            assert_eq!(e.spec, bad);
        }
    }
}
