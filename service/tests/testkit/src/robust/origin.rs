//! Where a case's state comes from: a NewGame of a served ruleset and scenario, then
//! some moves, played in-process.

use fray_core::GameState;
use fray_core::state::Phase;
use fray_proto::fray::v1 as pb;
use fray_service::convert;

use super::served::served;

/// Where a case's state comes from: a NewGame and some moves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// A served ruleset: an index into [`served`], modulo their count (today 0
    /// RULESET_EGAME, 1 RULESET_DIMENSIONAL_RIFT, 2 RULESET_KEYFORGE, 3
    /// RULESET_CASTLE_RAMPAGE, 4 RULESET_DOG_FIGHT).
    pub ruleset: u8,
    /// One of its built-in scenarios, modulo their count.
    pub scenario: usize,
    /// NewGame's seed.
    pub seed: u64,
    /// Moves: indices into the legal actions, modulo their count.
    pub picks: Vec<u16>,
    /// Where to stop early, modulo 3: 0 nowhere; 1 on a zone, KeyForge or Dog Fight
    /// board at the first pending decision (KeyForge: ORDER or TARGET), on a Castle
    /// board in PHASE_DEPLOYMENT with cards in hand; 2 in PHASE_EVENT (a zone board's
    /// strikes, a Castle hand's attack cards, a KeyForge ready creature with a fight or
    /// a Dog Fight vessel with an attack to start).
    /// Castle stops and PHASE_EVENT stops come in the second half of the moves; when
    /// the game meets none there (it ended, or nothing can strike any more), at the
    /// last one passed.
    pub stop: u8,
}

impl Origin {
    /// The served ruleset and the scenario the game is dealt from.
    pub fn dealt(&self) -> (i32, &'static str) {
        let served = &served()[usize::from(self.ruleset) % served().len()];
        (served.ruleset, served.scenarios[self.scenario % served.scenarios.len()])
    }

    /// Plays the game in-process: the state reached and its legal actions, as messages.
    pub fn play(&self) -> (pb::GameState, Vec<pb::Action>) {
        let (ruleset, scenario) = self.dealt();
        let mut game = GameState::new_game(ruleset, self.seed, scenario).expect("a built-in scenario deals").0;
        // The last stop point passed before the second half, kept in case the game ends
        // before it reaches another (random Castle games often end within 20 moves) or
        // never meets one again (a KeyForge side wiped out leaves no fight).
        let mut passed = None;
        let mut stopped = false;
        for (i, &pick) in self.picks.iter().enumerate() {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            game.apply_action(&legal[usize::from(pick) % legal.len()], "action").unwrap();
            let late = 2 * i >= self.picks.len();
            let (stop, any_time) = match (&game, self.stop % 3) {
                (GameState::Zone(z), 1) => (z.pending.is_some(), true),
                (GameState::Zone(z), 2) => (z.header.phase == Phase::Event, false),
                (GameState::Castle(c), 1) => {
                    (c.header.phase == Phase::Deployment && !c.side(c.header.active_player).hand.is_empty(), false)
                }
                (GameState::Castle(c), 2) => {
                    (c.header.phase == Phase::Event && c.side(c.header.active_player).can_attack(), false)
                }
                (GameState::Keyforge(k), 1) => (k.pending.is_some(), true),
                (GameState::Keyforge(k), 2) => (k.header.phase == Phase::Event && can_fight(&game), false),
                (GameState::DogFight(d), 1) => (d.pending.is_some(), true),
                (GameState::DogFight(d), 2) => (d.header.phase == Phase::Event && can_fight(&game), false),
                _ => (false, false),
            };
            if stop && (late || any_time) {
                stopped = true;
                break;
            }
            if stop {
                passed = Some(game.clone());
            }
        }
        if let Some(state) = passed.filter(|_| !stopped) {
            game = state;
        }
        let legal = game.legal_actions().iter().map(convert::action_from_setup).collect();
        (convert::state_from_setup(game.to_setup()), legal)
    }
}

/// True when one of `game`'s legal actions is a strike (on a KeyForge board: a ready
/// creature of the active player may fight).
fn can_fight(game: &GameState) -> bool {
    game.legal_actions()
        .iter()
        .any(|a| matches!(convert::action_from_setup(a).action, Some(pb::action::Action::Strike(_))))
}
