//! What the server serves: the rulesets whose games the harness deals, the ones it
//! does not serve, and the rulesets and scenarios NewGame is sent.

use std::sync::OnceLock;

use fray_core::Ruleset;
use fray_core::rulesets::catalogue;

/// A ruleset the server serves (strikes resolved), with the built-in scenarios
/// NewGame deals for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Served {
    /// The ruleset's wire value.
    pub ruleset: i32,
    /// Its built-in scenarios, in catalogue order.
    pub scenarios: Vec<&'static str>,
}

/// Every served ruleset with games to deal, in wire order, as
/// `fray_core::rulesets::catalogue()` lists them (a ruleset served tomorrow is covered
/// without editing the harness).
pub fn served() -> &'static [Served] {
    static SERVED: OnceLock<Vec<Served>> = OnceLock::new();
    SERVED.get_or_init(|| {
        let served: Vec<Served> = catalogue()
            .into_iter()
            .filter_map(|info| {
                let scenarios: Vec<&'static str> = info.scenarios.iter().map(|s| s.name).collect();
                (!scenarios.is_empty()).then_some(Served { ruleset: info.ruleset.wire(), scenarios })
            })
            .collect();
        assert!(!served.is_empty(), "the catalogue serves no ruleset with scenarios");
        served
    })
}

/// True for a known ruleset the server does not serve (answered UNIMPLEMENTED).
pub fn unserved(ruleset: i32) -> bool {
    let served = catalogue().into_iter().any(|info| info.ruleset.wire() == ruleset);
    Ruleset::from_wire(ruleset).is_some() && !served
}

/// True for a known ruleset whose skirmish NewGame does not deal (UNIMPLEMENTED).
pub fn undealt(ruleset: i32) -> bool {
    let dealt = catalogue().into_iter().any(|info| !info.scenarios.is_empty() && info.ruleset.wire() == ruleset);
    Ruleset::from_wire(ruleset).is_some() && !dealt
}

/// NewGame rulesets: the served ones ([`served`], first), the unserved ones, and
/// nonsense.
pub fn new_game_rulesets() -> Vec<i32> {
    let served: Vec<i32> = served().iter().map(|s| s.ruleset).collect();
    let unserved = Ruleset::ALL.iter().map(|r| r.wire()).filter(|r| !served.contains(r));
    let nonsense = [0, 6, -1, i32::MIN, i32::MAX];
    served.iter().copied().chain(unserved).chain(nonsense).collect()
}

/// NewGame scenarios: every served ruleset's built-in ones (each named once, in
/// catalogue order), then [`ODD_SCENARIOS`].
pub fn new_game_scenarios() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for name in served().iter().flat_map(|s| s.scenarios.iter().copied()) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.extend(ODD_SCENARIOS);
    names
}

/// NewGame scenarios besides the built-in ones.
pub const ODD_SCENARIOS: [&str; 6] = ["", "chess", "MIRROR", "men-vs-fey ", "STANDARD", "\0"];
