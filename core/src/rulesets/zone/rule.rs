//! The zone game's rule ids, as cited in docs/rules.md and carried by events, in one
//! place as each ruleset folder keeps its own: the strike's (e:game's Strike and
//! Dimensional Rift's Attack Action, [`super::egame`]) and the skirmish's turn
//! ([`super::skirmish`]), which name them `rule`.

/// Rule ids of the strike.
pub mod strike {
    /// Strike legality: face-up, not acted, arrows reach the target.
    pub const TARGET: &str = "egame.strike.target";
    /// The creature in the target zone blocks.
    pub const BLOCK_PASSIVE: &str = "egame.strike.block.passive";
    /// An Evasive attacker is unblocked.
    pub const BLOCK_EVASIVE: &str = "egame.strike.block.evasive";
    /// The zone's controller may block.
    pub const BLOCK_CONTROLLER: &str = "egame.strike.block.active.controller";
    /// The other player may block.
    pub const BLOCK_OTHER: &str = "egame.strike.block.active.other";
    /// No blocker: a direct attack.
    pub const BLOCK_DIRECT: &str = "egame.strike.block.direct";
    /// A targeted face-down creature flips face-up.
    pub const FLIP_TARGETED: &str = "egame.flip.targeted";
    /// Fading lets the strike through as direct.
    pub const FADING: &str = "egame.keyword.fading";
    /// The chain.
    pub const CHAIN: &str = "egame.chain";
    /// A strike fizzles on resolution.
    pub const FIZZLE: &str = "egame.strike.fizzle";
    /// Blocked strikes exchange damage.
    pub const DAMAGE: &str = "egame.strike.damage";
    /// e:game direct attack: 1 HP.
    pub const DIRECT: &str = "egame.strike.direct";
    /// Dimensional Rift direct attack: the Attack Stat.
    pub const RIFT_DIRECT: &str = "rift.strike.direct";
    /// Dimensional Rift armor.
    pub const RIFT_ARMOR: &str = "rift.armor";
    /// State-based destruction.
    pub const SBA_DESTROY: &str = "egame.sba.destroy";
    /// A player at 0 HP loses.
    pub const SBA_GAME_OVER: &str = "egame.sba.game_over";
    /// No action once the game is over.
    pub const GAME_OVER: &str = "egame.game_over";
    /// A pending decision must be answered first.
    pub const DECISION_PENDING: &str = "egame.decision.pending";
    /// Strikes only in the Event phase.
    pub const TURN_EVENT_PHASE: &str = "egame.turn.event_phase";
    /// Only the active player's creatures strike.
    pub const TURN_ACTIVE_PLAYER: &str = "egame.turn.active_player";
    /// What a player may not see: the opponent's hand and deck, the card under the
    /// opponent's face-down creatures, the order of their own deck (the events name
    /// none of them: `view.rs`).
    pub const HIDDEN: &str = "egame.hidden";
}

/// Rule ids of the skirmish game.
pub mod skirmish {
    /// Starting a game.
    pub const SETUP: &str = "skirmish.setup";
    /// Moving between phases.
    pub const PHASE: &str = "skirmish.phase";
    /// Summoning in the Deployment phase.
    pub const SUMMON: &str = "skirmish.summon";
    /// Drawing in the Draw phase.
    pub const DRAW: &str = "skirmish.draw";
    /// The game is a draw after the turn limit.
    pub const TURN_LIMIT: &str = "skirmish.turn_limit";
    /// The game is a draw when neither player can ever act again.
    pub const STALEMATE: &str = "skirmish.stalemate";
    /// The game is a draw when neither player can ever lose HP again.
    pub const DEAD_POSITION: &str = "skirmish.dead_position";
    /// The game is a draw once 5 rounds pass without progress.
    pub const NO_PROGRESS: &str = "skirmish.no_progress";
}
