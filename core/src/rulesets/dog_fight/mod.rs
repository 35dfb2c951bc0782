//! Dog Fight (RULESET_DOG_FIGHT): vessel attacks for two to four players, after the
//! rules text "Dog Fight: Starship Edition" (seed 004) with the readings docs/rules.md and
//! docs/api.md settle. docs/rules.md lists every rule id with its source.
//!
//! Each player has vessels on a square grid (attack, range, shields, armor, other
//! absorbers, hull) and a hand of modifier and response cards. An attack ([`attack`]):
//! 1. `dogfight.attack.declare`: a vessel of the active player that has not attacked
//!    this turn declares an attack on another player's vessel within its range (the
//!    Chebyshev distance, `dogfight.attack.range`); the target and the base damage (the
//!    attacker's attack value) are fixed now.
//! 2. The windows, each a DECISION_KIND_RESPONSE decision (a card id, again and again,
//!    then decline to pass); a player with no card they may play is never asked:
//!    `dogfight.window.attacker` (the attacker's controller finalizes the move: Direct
//!    Hit), `dogfight.window.target` (the target's controller: Evasive Maneuvers, Armor
//!    Boost, Return Fire, Negate), `dogfight.window.others` (every other player in seat
//!    order from the target: Negate). Played cards go to their player's discard.
//! 3. `dogfight.resolve`: the declared cards resolve in declared order (Return Fire
//!    deals its damage to the attacking vessel then, so it can destroy the attacker;
//!    the attack still resolves, `dogfight.attack.resolves`); a miss
//!    (`dogfight.resolve.miss`) or a negation (`dogfight.resolve.negate`) skips the
//!    damage; otherwise the damage is the strength plus Direct Hits, mitigated by
//!    shields, armor (plus Armor Boosts) and other absorbers in that order, none used up
//!    (`dogfight.mitigate`), and the rest comes off the hull (`dogfight.damage.hull`).
//! 4. `dogfight.destroy`: a vessel whose hull falls below 0 leaves the board; a player
//!    with no vessel left is out (`dogfight.player_out`); the last player with vessels
//!    wins (`dogfight.win`).
//!
//! The turn ([`turn`]): in PHASE_EVENT each vessel of the active player may attack once;
//! `end_phase` passes the turn to the next player in seat order who is still in. The
//! game is a draw once turn 60 ends (`dogfight.turn.limit`), when no vessel reaches an
//! enemy (`dogfight.turn.stalemate`), when no damage can ever reach a hull again
//! (`dogfight.turn.dead_position`), or once 5 rounds pass without progress
//! (`dogfight.turn.no_progress`: no hull damaged, no card played).
//!
//! Hidden (`dogfight.hidden`): the other players' hands and the options of a decision
//! one is not asked; [`view`] says what each seat may see of the events.

pub mod attack;
pub mod event;
pub mod game;
pub mod setup;
pub mod skirmish;
mod state_clone;
pub mod turn;
pub mod view;
pub mod words;

pub use setup::{
    DogFightActionSetup, DogFightAttackSetup, DogFightBoardSetup, DogFightCardSetup, DogFightSetup, DogFightSideSetup,
    DogFightStrikeSetup, VesselSetup,
};
use std::sync::Arc;

use crate::state::{CreatureId, PlayerId, wire_enum};
use crate::turn::TurnHeader;

/// Rule ids, as cited in docs/rules.md and carried by events.
pub mod rule {
    /// Declaring an attack: the target is fixed at declaration.
    pub const DECLARE: &str = "dogfight.attack.declare";
    /// The target is within the attacker's range (Chebyshev distance).
    pub const RANGE: &str = "dogfight.attack.range";
    /// The target is another player's vessel; the attacker is the active player's and
    /// has not attacked this turn.
    pub const TARGET: &str = "dogfight.attack.target";
    /// The attacker's controller finalizes the move (modifiers: Direct Hit).
    pub const WINDOW_ATTACKER: &str = "dogfight.window.attacker";
    /// The targeted player responds.
    pub const WINDOW_TARGET: &str = "dogfight.window.target";
    /// The other players respond, in seat order from the target.
    pub const WINDOW_OTHERS: &str = "dogfight.window.others";
    /// Declared cards resolve in declared order.
    pub const RESOLVE: &str = "dogfight.resolve";
    /// An attack resolves even if its attacker was destroyed first.
    pub const RESOLVES_ANYWAY: &str = "dogfight.attack.resolves";
    /// Evasive Maneuvers: the attack misses.
    pub const MISS: &str = "dogfight.resolve.miss";
    /// Negate: the attack is negated.
    pub const NEGATE: &str = "dogfight.resolve.negate";
    /// Shields, armor, other absorbers reduce the damage, in that order.
    pub const MITIGATE: &str = "dogfight.mitigate";
    /// What is left comes off the hull.
    pub const HULL: &str = "dogfight.damage.hull";
    /// A vessel whose hull falls below 0 is destroyed.
    pub const DESTROY: &str = "dogfight.destroy";
    /// A player with no vessel left is out.
    pub const PLAYER_OUT: &str = "dogfight.player_out";
    /// The last player with vessels wins.
    pub const WIN: &str = "dogfight.win";
    /// While a decision is pending only its answer is applied.
    pub const DECISION_PENDING: &str = "dogfight.decision.pending";
    /// The turn passes to the next player still in.
    pub const TURN: &str = "dogfight.turn.next";
    /// With a phase set, attacks only in PHASE_EVENT by the active player's vessels.
    pub const EVENT_PHASE: &str = "dogfight.turn.event_phase";
    /// A bare board has no turn structure: only attacks.
    pub const BARE: &str = "dogfight.turn.bare";
    /// A draw once turn 60 ends.
    pub const TURN_LIMIT: &str = "dogfight.turn.limit";
    /// A draw when no vessel can reach an enemy vessel (vessels do not move).
    pub const STALEMATE: &str = "dogfight.turn.stalemate";
    /// A draw when no attack and no Return Fire can ever damage a hull again.
    pub const DEAD_POSITION: &str = "dogfight.turn.dead_position";
    /// A draw once 5 rounds pass without progress.
    pub const NO_PROGRESS: &str = "dogfight.turn.no_progress";
    /// No action once the game is over.
    pub const GAME_OVER: &str = "dogfight.game_over";
    /// Starting a skirmish game.
    pub const SETUP: &str = "dogfight.setup";
    /// What a player may not see: the other players' hands, and the options of a
    /// decision they are not asked (the chooser's playable cards).
    pub const HIDDEN: &str = "dogfight.hidden";
}

/// The fewest and the most players.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;

wire_enum! {
    /// What a card does.
    DfEffect {
        /// The attacker's controller: +amount damage.
        DirectHit = 1 => "DOG_FIGHT_EFFECT_DIRECT_HIT",
        /// The target's controller: the attack misses.
        EvasiveManeuvers = 2 => "DOG_FIGHT_EFFECT_EVASIVE_MANEUVERS",
        /// The target's controller: +amount armor for this attack.
        ArmorBoost = 3 => "DOG_FIGHT_EFFECT_ARMOR_BOOST",
        /// The target's controller: amount damage to the attacking vessel.
        ReturnFire = 4 => "DOG_FIGHT_EFFECT_RETURN_FIRE",
        /// Anyone but the attacker's controller: the attack is negated.
        Negate = 5 => "DOG_FIGHT_EFFECT_NEGATE",
    }
}

/// Who is playing into an attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// The attacker's controller.
    Attacker,
    /// The targeted vessel's controller.
    Target,
    /// Anyone else.
    Other,
}

impl DfEffect {
    /// Whether a player in `role` may play it.
    pub fn playable_by(self, role: Role) -> bool {
        match self {
            DfEffect::DirectHit => role == Role::Attacker,
            DfEffect::EvasiveManeuvers | DfEffect::ArmorBoost | DfEffect::ReturnFire => role == Role::Target,
            DfEffect::Negate => role != Role::Attacker,
        }
    }
}

/// A modifier or response card.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct DfCard {
    /// Unique id.
    pub id: CreatureId,
    /// Name.
    pub name: Arc<str>,
    /// Effect.
    pub effect: DfEffect,
    /// Its N.
    pub amount: i32,
}

/// A vessel on the grid.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Vessel {
    /// Unique id.
    pub id: CreatureId,
    /// Name.
    pub name: Arc<str>,
    /// Its player.
    pub controller: PlayerId,
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Attack damage.
    pub attack: i32,
    /// Range (Chebyshev distance).
    pub range: i32,
    /// Shields.
    pub shields: i32,
    /// Armor.
    pub armor: i32,
    /// Other absorbers.
    pub absorb: i32,
    /// Hull; destroyed below 0.
    pub hull: i32,
    /// Attacked this turn.
    pub attacked: bool,
}

impl Vessel {
    /// Whether `other` is within this vessel's range.
    pub fn reaches(&self, other: &Vessel) -> bool {
        (self.x - other.x).abs().max((self.y - other.y).abs()) <= self.range
    }
}

/// One player's cards.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct DfSide {
    /// The hand.
    pub hand: Vec<DfCard>,
    /// Played cards, oldest first.
    pub discard: Vec<DfCard>,
}

/// An attack in its response windows.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct DfAttack {
    /// The attacking vessel.
    pub attacker: CreatureId,
    /// The attacker's controller.
    pub attacker_player: PlayerId,
    /// The targeted vessel.
    pub defender: CreatureId,
    /// The targeted vessel's controller.
    pub target_player: PlayerId,
    /// Cards declared, in order.
    pub declared: Vec<(PlayerId, CreatureId)>,
    /// Players whose window is over, in order.
    pub passed: Vec<PlayerId>,
    /// The base damage.
    pub strength: i32,
}

/// A decision waiting in an attack's windows: the player's playable cards.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct DfDecision {
    /// Who chooses.
    pub player: PlayerId,
    /// Card ids they may play, in hand order; they may always decline.
    pub options: Vec<CreatureId>,
}

/// A validated Dog Fight state.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct DogFightState {
    /// Grid width.
    pub width: u32,
    /// Grid height.
    pub height: u32,
    /// Vessels in play.
    pub vessels: Vec<Vessel>,
    /// `sides[i]` is player i's; 2 to 4.
    pub sides: Vec<DfSide>,
    /// Whose turn, which turn and phase (PHASE_EVENT, PHASE_GAME_OVER or unset: a bare
    /// board), the winner (`None` once over: a draw), and the turns begun since the
    /// last progress (`dogfight.turn.no_progress`).
    pub header: TurnHeader,
    /// The attack in its windows.
    pub attack: Option<DfAttack>,
    /// The decision it waits for.
    pub pending: Option<DfDecision>,
}

/// A Dog Fight action, typed: vessel and option indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DfAction {
    /// Vessel `attacker` attacks vessel `defender` (indices into `vessels`).
    Attack {
        /// The attacking vessel.
        attacker: u8,
        /// The targeted vessel.
        defender: u8,
    },
    /// Play the pending decision's option at this index.
    Play(u8),
    /// Pass: the window closes.
    Pass,
    /// End the turn.
    EndPhase,
}

impl DogFightState {
    /// The number of players.
    pub fn players(&self) -> usize {
        self.sides.len()
    }

    /// The vessel `id` and its index, if it is on the board.
    pub fn vessel(&self, id: &CreatureId) -> Option<(usize, &Vessel)> {
        self.vessels.iter().enumerate().find(|(_, v)| v.id == *id)
    }

    /// Whether `player` still has a vessel.
    pub fn is_in(&self, player: PlayerId) -> bool {
        self.vessels.iter().any(|v| v.controller == player)
    }

    /// The players still in, in seat order.
    pub fn players_in(&self) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.players()).map(|p| PlayerId(p as u8)).filter(|&p| self.is_in(p))
    }
}

/// What this ruleset offers, for the catalogue.
pub(crate) fn info() -> crate::catalogue::RulesetInfo {
    crate::catalogue::RulesetInfo {
        ruleset: crate::catalogue::Ruleset::DogFight,
        name: "dog-fight",
        description: "Dog Fight vessel attacks and responses (seed 004)",
        title: "Dog Fight",
        how_to_win: "Be the last player with a vessel: attack the others' vessels until their hulls give out. The game is a draw after turn 60, or after 5 rounds without progress.",
        phases: &words::PHASES,
        glossary: words::GLOSSARY,
        scenarios: skirmish::scenario_infos(),
        level_mistakes: crate::catalogue::LevelMistakes::NONE,
    }
}
