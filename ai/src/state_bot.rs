//! Bots over the wire-level [`GameState`], for callers that hold states of any ruleset
//! (the tournament's game loop, tools): [`StateBot`] wraps a typed [`Bot`] and speaks
//! plain-data actions. [`BuildBot::state_bot`] builds one for the ruleset a state
//! holds, through the core's one dispatch.

use fray_core::ActionSetup;
use fray_core::{Game, GameState, GameVisitor, Registered, Ruleset};

use crate::bot::{ActionStat, Bot, BotError, Decision};
use crate::spec::BotSpec;

/// A bot that chooses in a [`GameState`] of its ruleset and answers plain data.
pub trait StateBot: Send {
    /// The bot's name.
    fn name(&self) -> String;
    /// Chooses for the player to move in `state`, as [`Bot::choose`] does. The state is
    /// taken, not copied: the caller's copy is the bot's.
    fn choose(&mut self, state: GameState, seed: u64) -> Result<Decision<ActionSetup>, BotError>;
}

/// A typed bot of `G` behind [`StateBot`].
struct Typed<G: Registered>(Box<dyn Bot<G>>);

impl<G: Registered> StateBot for Typed<G> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn choose(&mut self, state: GameState, seed: u64) -> Result<Decision<ActionSetup>, BotError> {
        let ruleset = state.ruleset();
        let game = G::from_game_state(state)
            .ok_or_else(|| BotError::Backend(format!("this bot plays another ruleset than {}", ruleset.wire_name())))?;
        let d = self.0.choose(&game, seed)?;
        Ok(Decision {
            action: G::wrap_action(game.action_setup(d.action)),
            stats: d
                .stats
                .into_iter()
                .map(|s| ActionStat {
                    action: G::wrap_action(game.action_setup(s.action)),
                    visits: s.visits,
                    mean_reward: s.mean_reward,
                })
                .collect(),
        })
    }
}

/// Something that builds a fresh bot of any game.
pub trait BuildBot {
    /// A bot of `G`, a game of `ruleset`.
    fn build_bot<G: Game>(&self, ruleset: Ruleset) -> Box<dyn Bot<G>>;

    /// A [`StateBot`] for the ruleset `state` holds.
    fn state_bot(&self, state: &GameState) -> Box<dyn StateBot>
    where
        Self: Sized,
    {
        state.visit(ForState(self))
    }
}

struct ForState<'a, B>(&'a B);

impl<B: BuildBot> GameVisitor for ForState<'_, B> {
    type Output = Box<dyn StateBot>;

    fn visit<G: Registered>(self, game: &G) -> Box<dyn StateBot> {
        Box::new(Typed(self.0.build_bot::<G>(game.ruleset())))
    }
}

impl BuildBot for BotSpec {
    fn build_bot<G: Game>(&self, ruleset: Ruleset) -> Box<dyn Bot<G>> {
        self.build::<G>(ruleset)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_state_bot_answers_a_legal_action_as_plain_data() {
        let state = GameState::new_game(2, 3, "duel").unwrap().0;
        let mut bot = "greedy".parse::<BotSpec>().unwrap().state_bot(&state);
        let d = bot.choose(state.clone(), 1).unwrap();
        assert!(state.legal_actions().contains(&d.action));
        assert_eq!(bot.name(), "greedy");
    }
}
