//! One case of the property: plain numbers, so that proptest and the fuzzer build
//! them alike.

use super::mutation::Mutation;
use super::origin::Origin;

/// One case: a state, its mutations, and what each RPC is sent along with it.
#[derive(Debug, Clone)]
pub struct Case {
    /// The game the state is taken from.
    pub origin: Origin,
    /// Applied in order to the state.
    pub mutations: Vec<Mutation>,
    /// ApplyAction: which of the unmutated state's legal actions (modulo their count).
    pub action: usize,
    /// ResolveStrike: unless it is 3 modulo 4, one of the unmutated state's legal
    /// strikes if it has any (`attacker / 4`, modulo their count); else, on a zone
    /// board, which of its creatures strikes (modulo) the target zone; on a Castle
    /// board (`attacker / 4` modulo 4) a card of the active player's hand, of the other
    /// player's hand, of any pile, or a nonsense id (`attacker / 16` modulo each's
    /// count); on a KeyForge board another fight (`attacker / 4`, `keyforge_strike` in
    /// [`requests`](super::requests)): its sides' creatures either way round, any two,
    /// or a nonsense id.
    pub attacker: usize,
    /// ResolveStrike: the target zone (player, index), not necessarily valid.
    pub target: (u32, u32),
    /// ResolveStrike: how the strike is dressed, modulo 4: 0 and 1 as it is; 2 its
    /// target toggled (a zone strike's dropped, a Castle or KeyForge strike's set to
    /// `target`, which KeyForge refuses); 3 a defender named (one of the state's ids,
    /// by `attacker`, or "ghost"; a KeyForge fight's defender replaced).
    pub dress: u8,
    /// ResolveStrike: choices as (how, which), how modulo 5: 0 an option (modulo) of
    /// the decision pending once the strike and the choices before are played
    /// in-process on the unmutated state (an id of the state when none is), 1 an id of
    /// the state (modulo), 2 decline, 3 `decline: false`, 4 neither set.
    pub choices: Vec<(u8, usize)>,
    /// ChooseAction's player: 0..=5 the player to move, 6 the other one, 7 `u32::MAX`.
    pub player: u8,
    /// ChooseAction's seed.
    pub seed: u64,
    /// NewGame: ruleset ([`new_game_rulesets`](super::new_game_rulesets), modulo), seed,
    /// scenario ([`new_game_scenarios`](super::new_game_scenarios), modulo).
    pub new_game: (usize, u64, usize),
}
