//! Castle Rampage (RULESET_CASTLE_RAMPAGE): attacks on face-down Gate and Castle
//! stacks, after the rules text "Castle Rampage (seed 003)", with the purple cards'
//! effects as docs/rules.md settles them. docs/rules.md lists every rule id with its source.
//!
//! Each player has a Gate and a Castle (face-down stacks, top first) and a hand; the
//! draw pile and the discard pile are shared. A card has an attack value, a Gate
//! defense and a Castle defense, and may be purple (an effect).
//!
//! An attack ([`attack`]), in the order the seed gives it:
//! 1. `castle.attack.play`: the active player plays a card with attack > 0 from their
//!    hand against the opponent (refusals only; with a phase set only in PHASE_EVENT,
//!    `castle.turn.event_phase`, and only the active player, `castle.turn.active_player`).
//! 2. `castle.attack.target`: the Gate while it has cards, else the Castle; its top card
//!    is revealed (`CardRevealed`). `castle.effect.digger`: a Digger attacks the Castle
//!    even while the Gate has cards.
//! 3. Compare the strength A with the revealed card's defense D (its Gate defense in the
//!    Gate, its Castle defense in the Castle):
//!    - `castle.attack.weaker` (A < D): the attacking card is destroyed (to the discard)
//!      and the defender returns face down on top of its structure, in that order; the
//!      attack ends with A left. `castle.effect.veteran`: a Veteran returns to its
//!      owner's hand instead of being destroyed, and (with a phase set) that ends the
//!      turn: otherwise it could lose the same attack again and again, a cycle of
//!      identical states no bot could leave.
//!    - `castle.attack.tie` (A = D): the attacking card, then the defender, are
//!      destroyed; no other card is revealed; the attack ends with 0 left.
//!    - `castle.attack.stronger` (A > D): the defender is destroyed, A becomes A - D and
//!      the next card of the structure is revealed; `castle.attack.into_castle`: once
//!      the Gate is empty the attack goes on into the Castle.
//! 4. A purple defender destroyed with A > D acts on the attack:
//!    `castle.effect.bomber` (the attacking card is destroyed too and the attack ends),
//!    `castle.effect.saboteur` (the strength drops by its amount, 0 meaning 2; at 0 or
//!    less the attacking card is destroyed and the attack ends), `castle.effect.spy`
//!    (in the Gate: the rest of the Gate is skipped, the attack goes on into the Castle).
//! 5. `castle.attack.win`: destroying the opponent's last Castle card wins at once
//!    (PHASE_GAME_OVER, the attack card to the discard, `AttackEnded` then `GameOver`).
//!
//! The turn ([`turn`]; docs/rules.md "draw 2, may add one card from hand to the bottom of
//! your Gate or Castle, then play attack cards"): PHASE_DRAW (`castle.turn.draw`),
//! PHASE_DEPLOYMENT (`castle.turn.reinforce`), PHASE_EVENT (attacks), then the other
//! player's turn (`castle.turn.phase`). A draw after turn 60 (`castle.turn.limit`),
//! when no card that can attack is left in a hand or the draw pile
//! (`castle.turn.stalemate`), when neither player can ever win because no card left to
//! attack with is as strong as the top of the other Castle (`castle.turn.dead_position`),
//! or once 5 rounds pass without progress (`castle.turn.no_progress`: no card destroyed,
//! added to a Gate or Castle, or drawn). A bare board (phase unset) allows only attacks
//! (`castle.turn.bare`); PHASE_GAME_OVER refuses everything (`castle.game_over`).
//! Castle Rampage asks no decisions. [`skirmish`] deals games from a seed; [`view`]
//! says what each seat may see of the events.

pub mod attack;
pub mod event;
pub mod game;
pub mod setup;
pub mod skirmish;
pub mod turn;
pub mod view;
pub mod words;

pub use setup::{
    CastleActionSetup, CastleBoardSetup, CastleCardSetup, CastleSetup, CastleSideSetup, CastleStrikeSetup,
    ReinforceSetup,
};
use std::sync::Arc;

use crate::state::{CreatureId, PlayerId, wire_enum};
use crate::turn::TurnHeader;

/// Rule ids, as cited in docs/rules.md and carried by events.
pub mod rule {
    /// Playing an attack card: from the active player's hand, attack > 0.
    pub const PLAY: &str = "castle.attack.play";
    /// The first card revealed: the Gate's top while it has cards, else the Castle's.
    pub const TARGET: &str = "castle.attack.target";
    /// The defense is higher: the attacking card is destroyed, the defender returns.
    pub const WEAKER: &str = "castle.attack.weaker";
    /// Equal: both are destroyed and the attack ends.
    pub const TIE: &str = "castle.attack.tie";
    /// The strength is higher: the defender is destroyed and the attack goes on.
    pub const STRONGER: &str = "castle.attack.stronger";
    /// The Gate is empty: the attack goes on into the Castle.
    pub const INTO_CASTLE: &str = "castle.attack.into_castle";
    /// The opponent's last Castle card is destroyed: the attacker wins at once.
    pub const WIN: &str = "castle.attack.win";
    /// Bomber: destroyed as a defender, it destroys the attacking card too.
    pub const BOMBER: &str = "castle.effect.bomber";
    /// Saboteur: destroyed as a defender, the strength drops by its amount.
    pub const SABOTEUR: &str = "castle.effect.saboteur";
    /// Spy: destroyed in the Gate, the attack skips the rest of the Gate.
    pub const SPY: &str = "castle.effect.spy";
    /// Veteran: attacking and losing, it returns to its owner's hand (and the turn ends).
    pub const VETERAN: &str = "castle.effect.veteran";
    /// Digger: attacks the Castle even while the Gate has cards.
    pub const DIGGER: &str = "castle.effect.digger";
    /// Moving between phases.
    pub const PHASE: &str = "castle.turn.phase";
    /// Drawing 2 in PHASE_DRAW.
    pub const DRAW: &str = "castle.turn.draw";
    /// Adding a hand card to the bottom of one's Gate or Castle in PHASE_DEPLOYMENT.
    pub const REINFORCE: &str = "castle.turn.reinforce";
    /// With a phase set, attacks only in PHASE_EVENT.
    pub const EVENT_PHASE: &str = "castle.turn.event_phase";
    /// Only the active player plays cards.
    pub const ACTIVE_PLAYER: &str = "castle.turn.active_player";
    /// A bare board (phase unset) has no turn structure: only attacks.
    pub const BARE: &str = "castle.turn.bare";
    /// The game is a draw once turn 60 ends.
    pub const TURN_LIMIT: &str = "castle.turn.limit";
    /// The game is a draw when no card that can attack is left to play.
    pub const STALEMATE: &str = "castle.turn.stalemate";
    /// The game is a draw when neither player can ever destroy the other's Castle top.
    pub const DEAD_POSITION: &str = "castle.turn.dead_position";
    /// The game is a draw once 5 rounds pass without progress.
    pub const NO_PROGRESS: &str = "castle.turn.no_progress";
    /// No action once the game is over.
    pub const GAME_OVER: &str = "castle.game_over";
    /// Starting a skirmish game.
    pub const SETUP: &str = "castle.setup";
    /// Who knows a hidden card (a card's `seen_by`): what a player's sampled worlds keep.
    pub const SEEN: &str = "castle.hidden.seen";
}

wire_enum! {
    /// A purple card's effect (docs/rules.md defaults; the printed texts are not public).
    CastleEffect {
        /// No effect.
        None = 0 => "CASTLE_EFFECT_NONE",
        /// Destroyed as a defender: the attacking card is destroyed too; the attack ends.
        Bomber = 1 => "CASTLE_EFFECT_BOMBER",
        /// Destroyed as a defender: the strength drops by its amount (0 means 2).
        Saboteur = 2 => "CASTLE_EFFECT_SABOTEUR",
        /// Destroyed in the Gate: the attack skips the rest of the Gate.
        Spy = 3 => "CASTLE_EFFECT_SPY",
        /// Attacking and losing: it returns to its owner's hand.
        Veteran = 4 => "CASTLE_EFFECT_VETERAN",
        /// Attacking: it targets the Castle even while the Gate has cards.
        Digger = 5 => "CASTLE_EFFECT_DIGGER",
    }
}

/// The Saboteur's reduction when its `effect_amount` is 0.
pub const DEFAULT_SABOTEUR_AMOUNT: i32 = 2;

/// One of a player's two stacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Structure {
    /// The Gate: attacked first.
    Gate,
    /// The Castle: losing its last card loses the game.
    Castle,
}

impl Structure {
    /// Both, Gate first.
    pub const ALL: [Structure; 2] = [Structure::Gate, Structure::Castle];

    /// The name events and actions use: `gate` or `castle`.
    pub fn name(self) -> &'static str {
        match self {
            Structure::Gate => "gate",
            Structure::Castle => "castle",
        }
    }

    /// The structure named `name` (`gate` or `castle`).
    pub fn from_name(name: &str) -> Option<Structure> {
        Structure::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl std::fmt::Display for Structure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A Castle Rampage card.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CastleCard {
    /// Unique id.
    pub id: CreatureId,
    /// The card's name.
    pub name: Arc<str>,
    /// The player holding it: a card in a side's stacks or hand is that player's; a
    /// card in the draw pile or the discard keeps its last holder.
    pub owner: PlayerId,
    /// Attack value; 0 cannot attack.
    pub attack: i32,
    /// Defense in the Gate.
    pub gate_defense: i32,
    /// Defense in the Castle.
    pub castle_defense: i32,
    /// The purple effect, if any.
    pub effect: CastleEffect,
    /// The Saboteur's reduction (0 means [`DEFAULT_SABOTEUR_AMOUNT`]); 0 otherwise.
    pub effect_amount: i32,
    /// The players who know this card while it is hidden from others
    /// (`castle.hidden.seen`): its holder once they reinforced with it, both players
    /// once an attack revealed it and it went back face down or to a hand.
    pub seen_by: SeenBy,
}

/// A set of players (bit `p` for player `p`): who has seen a hidden card.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeenBy(u8);

impl SeenBy {
    /// Nobody.
    pub const NOBODY: SeenBy = SeenBy(0);
    /// Both players.
    pub const BOTH: SeenBy = SeenBy(0b11);

    /// Whether `player` is in the set.
    pub fn contains(self, player: PlayerId) -> bool {
        player.index() < 8 && self.0 & (1 << player.index()) != 0
    }

    /// The set with `player` added (players past the eighth are not tracked).
    pub fn with(self, player: PlayerId) -> SeenBy {
        if player.index() < 8 { SeenBy(self.0 | (1 << player.index())) } else { self }
    }

    /// The players in the set, in seat order.
    pub fn players(self) -> impl Iterator<Item = PlayerId> {
        (0..8u8).filter(move |p| self.0 & (1 << p) != 0).map(PlayerId)
    }
}

impl CastleCard {
    /// Its defense in `structure`.
    pub fn defense(&self, structure: Structure) -> i32 {
        match structure {
            Structure::Gate => self.gate_defense,
            Structure::Castle => self.castle_defense,
        }
    }

    /// Whether it can be played as an attack card.
    pub fn can_attack(&self) -> bool {
        self.attack > 0
    }

    /// How much a Saboteur lowers the strength (0 for any other card).
    pub fn saboteur_amount(&self) -> i32 {
        match self.effect {
            CastleEffect::Saboteur if self.effect_amount == 0 => DEFAULT_SABOTEUR_AMOUNT,
            CastleEffect::Saboteur => self.effect_amount,
            _ => 0,
        }
    }
}

/// One player's structures and hand.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Side {
    /// The Gate, face down, [0] = top.
    pub gate: Vec<CastleCard>,
    /// The Castle, face down, [0] = top.
    pub castle: Vec<CastleCard>,
    /// The hand.
    pub hand: Vec<CastleCard>,
}

impl Side {
    /// The stack `structure`.
    pub fn stack(&self, structure: Structure) -> &Vec<CastleCard> {
        match structure {
            Structure::Gate => &self.gate,
            Structure::Castle => &self.castle,
        }
    }

    /// The stack `structure`, mutably.
    pub fn stack_mut(&mut self, structure: Structure) -> &mut Vec<CastleCard> {
        match structure {
            Structure::Gate => &mut self.gate,
            Structure::Castle => &mut self.castle,
        }
    }

    /// The hand holds a card that can attack.
    pub fn can_attack(&self) -> bool {
        self.hand.iter().any(CastleCard::can_attack)
    }
}

/// A validated Castle Rampage state: a skirmish game or a bare board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CastleState {
    /// `sides[i]` is player i's.
    pub sides: [Side; 2],
    /// The shared draw pile, [0] = top.
    pub draw_pile: Vec<CastleCard>,
    /// The shared discard pile, last = newest.
    pub discard: Vec<CastleCard>,
    /// Whose turn, which turn and phase (PHASE_DRAW, PHASE_DEPLOYMENT, PHASE_EVENT,
    /// PHASE_GAME_OVER, or unset: a bare board), the winner, and the turns begun since
    /// the last progress (`castle.turn.no_progress`).
    pub header: TurnHeader,
}

/// A Castle Rampage action, typed: hand indices, not ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastleAction {
    /// `player` plays their hand card `hand_index` as an attack on the opponent.
    Strike {
        /// The player playing it (must be the active player).
        player: PlayerId,
        /// Index into their hand.
        hand_index: u32,
    },
    /// `player` adds their hand card `hand_index` to the bottom of their `structure`.
    Reinforce {
        /// The player (must be the active player).
        player: PlayerId,
        /// Index into their hand.
        hand_index: u32,
        /// Where it goes.
        structure: Structure,
    },
    /// End the current phase.
    EndPhase,
}

impl CastleState {
    /// The side of `player`.
    pub fn side(&self, player: PlayerId) -> &Side {
        &self.sides[player.index()]
    }

    /// Every card in the state, pile by pile (sides in seat order: Gate, Castle, hand;
    /// then the draw pile and the discard).
    pub fn cards(&self) -> impl Iterator<Item = &CastleCard> {
        self.sides
            .iter()
            .flat_map(|s| s.gate.iter().chain(&s.castle).chain(&s.hand))
            .chain(&self.draw_pile)
            .chain(&self.discard)
    }
}

/// What this ruleset offers, for the catalogue.
pub(crate) fn info() -> crate::catalogue::RulesetInfo {
    crate::catalogue::RulesetInfo {
        ruleset: crate::catalogue::Ruleset::CastleRampage,
        name: "castle-rampage",
        description: "Castle Rampage attacks on Gate and Castle (seed 003)",
        title: "Castle Rampage",
        how_to_win: "Destroy the last card of the other player's Castle: attack with cards from your hand, through their Gate first. The game is a draw after turn 60, or after 5 rounds without progress.",
        phases: &words::PHASES,
        glossary: words::GLOSSARY,
        scenarios: skirmish::scenario_infos(),
        // More search alone does not separate the levels here (docs/benchmarks.md, "The ladder").
        level_mistakes: crate::catalogue::LevelMistakes { easy: 0.7, normal: 0.25 },
    }
}
