//! The one place that maps `fray.v1` protobuf messages to fray-core's plain input
//! and back, and core events to their messages. This file only dispatches on the
//! ruleset (the state's `ruleset` number; an action, strike or state of the core knows
//! its own): each ruleset's module maps its own messages and refuses the top-level
//! wire fields its ruleset does not read, with their paths: [`zone`] (e:game,
//! Dimensional Rift), [`keyforge`] (KeyForge), [`castle`] (Castle Rampage),
//! [`dog_fight`] (Dog Fight). What they share is in [`shared`].
//!
//! The fray.v1 `GameState` is the zone game's shape at the top, with one optional
//! board per other ruleset; a refused field is reported together with the core's
//! violations, after them ([`Submitted`]), so a client sees every problem at once.

pub mod castle;
pub mod dog_fight;
pub mod keyforge;
pub mod shared;
pub mod zone;

pub use shared::{
    RefusedAt, Submitted, apply_action, choice_from_setup, choice_to_setup, decision_from_setup, decision_to_setup,
    load_state, resolve_strike, ruleset_info_to_proto,
};

use fray_core::FieldPath;
use fray_core::rulesets::ruleset_of;
use fray_core::{ActionSetup, Event, EventKind, GameState, Ruleset, SetupError, StateSetup, StrikeSetup, Violations};
use fray_proto::fray::v1 as pb;

/// A whole state as its ruleset's plain input, with the top-level fields that ruleset
/// does not read refused (paths relative to the GameState). It takes the message by
/// value so the strings move rather than being copied. An unknown or missing ruleset
/// is the error.
pub fn state_to_setup(s: pb::GameState) -> Result<Submitted<StateSetup>, SetupError> {
    let ruleset = ruleset_of(s.ruleset)?;
    let mut refused = Violations::default();
    let boards = [
        ("castle_rampage", s.castle_rampage.is_some(), Ruleset::CastleRampage),
        ("keyforge", s.keyforge.is_some(), Ruleset::Keyforge),
        ("dog_fight", s.dog_fight.is_some(), Ruleset::DogFight),
    ];
    // A ruleset with a board of its own reads its phase first, then the top level.
    let at = if matches!(ruleset, Ruleset::Egame | Ruleset::DimensionalRift) {
        RefusedAt::End
    } else {
        RefusedAt::AfterPhase
    };
    let input = match ruleset {
        Ruleset::Egame | Ruleset::DimensionalRift => StateSetup::Zone(zone::state_to_setup(s)),
        Ruleset::Keyforge => StateSetup::Keyforge(keyforge::state_to_setup(s, &mut refused)),
        Ruleset::CastleRampage => StateSetup::Castle(castle::state_to_setup(s, &mut refused)),
        Ruleset::DogFight => StateSetup::DogFight(dog_fight::state_to_setup(s, &mut refused)),
    };
    // A board travels only in its own ruleset's states.
    for (field, set, owner) in boards {
        if set && owner != ruleset {
            refused.push(field, format!("is {owner}'s board and must be unset in a {ruleset} state"));
        }
    }
    Ok(Submitted { input, refused, at })
}

/// A `GameState` message validated into a core state (every violation at once, paths
/// relative to the GameState).
pub fn game_state(s: pb::GameState) -> Result<GameState, SetupError> {
    load_state(&state_to_setup(s)?)
}

/// A whole state as a message. It takes the plain state by value so the strings move
/// into the message rather than being copied (an answer is built from `to_setup()`,
/// which is not needed after).
pub fn state_from_setup(s: StateSetup) -> pb::GameState {
    match s {
        StateSetup::Zone(z) => zone::state_from_setup(z),
        StateSetup::Keyforge(k) => keyforge::state_from_setup(&k),
        StateSetup::Castle(c) => castle::state_from_setup(&c),
        StateSetup::DogFight(d) => dog_fight::state_from_setup(&d),
    }
}

/// A declared strike as `ruleset`'s plain input, with the fields it does not read
/// refused (paths relative to the strike).
pub fn strike_to_setup(ruleset: Ruleset, s: &pb::Strike) -> Submitted<StrikeSetup> {
    match ruleset {
        Ruleset::Egame | Ruleset::DimensionalRift => Submitted::clean(StrikeSetup::Zone(zone::strike_to_setup(s))),
        Ruleset::Keyforge => keyforge::strike_to_setup(s).map(StrikeSetup::Keyforge),
        Ruleset::CastleRampage => castle::strike_to_setup(s).map(StrikeSetup::Castle),
        Ruleset::DogFight => dog_fight::strike_to_setup(s).map(StrikeSetup::DogFight),
    }
}

/// A declared strike as a message.
pub fn strike_from_setup(s: &StrikeSetup) -> pb::Strike {
    match s {
        StrikeSetup::Zone(z) => zone::strike_from_setup(z),
        StrikeSetup::Keyforge(k) => keyforge::strike_from_setup(k),
        StrikeSetup::Castle(c) => castle::strike_from_setup(c),
        StrikeSetup::DogFight(d) => dog_fight::strike_from_setup(d),
    }
}

/// An action as `ruleset`'s plain input (an absent or empty action is the ruleset's
/// `Missing`), with the fields it does not read refused; an action of a kind the
/// ruleset does not have is the error. Paths are relative to the action.
pub fn action_to_setup(ruleset: Ruleset, a: Option<&pb::Action>) -> Result<Submitted<ActionSetup>, Violations> {
    let action = a.and_then(|a| a.action.as_ref());
    let own = match ruleset {
        Ruleset::Egame | Ruleset::DimensionalRift => {
            zone::action_to_setup(ruleset, action).map(|r| r.map(|s| s.map(ActionSetup::Zone)))
        }
        Ruleset::Keyforge => keyforge::action_to_setup(action).map(|r| r.map(|s| s.map(ActionSetup::Keyforge))),
        Ruleset::CastleRampage => castle::action_to_setup(action).map(|r| r.map(|s| s.map(ActionSetup::Castle))),
        Ruleset::DogFight => dog_fight::action_to_setup(action).map(|r| r.map(|s| s.map(ActionSetup::DogFight))),
    };
    own.unwrap_or_else(|| Err(foreign_action(ruleset, action)))
}

/// Another ruleset's kind of action, refused in words that name the ruleset it is from.
fn foreign_action(ruleset: Ruleset, action: Option<&pb::action::Action>) -> Violations {
    use pb::action::Action as A;
    let (field, why) = match (ruleset, action) {
        (Ruleset::Keyforge, Some(A::Reinforce(_))) => {
            ("reinforce", "KeyForge has no Gate or Castle: reinforce is Castle Rampage's".to_owned())
        }
        (Ruleset::CastleRampage, Some(A::Reap(_))) => {
            ("reap", "Castle Rampage has no creatures to reap with (a KeyForge action)".to_owned())
        }
        (_, Some(A::Reinforce(_))) => {
            ("reinforce", format!("{ruleset} has no Gate or Castle to reinforce (a Castle Rampage action)"))
        }
        (_, Some(A::Reap(_))) => ("reap", format!("{ruleset} has no reaping (a KeyForge action)")),
        _ => ("", format!("is not an action of {ruleset}")),
    };
    let mut v = Violations::default();
    v.push(field, why);
    v
}

/// An action as a message; a ruleset's `Missing` leaves the oneof unset.
pub fn action_from_setup(a: &ActionSetup) -> pb::Action {
    match a {
        ActionSetup::Zone(z) => zone::action_from_setup(z),
        ActionSetup::Keyforge(k) => keyforge::action_from_setup(k),
        ActionSetup::Castle(c) => castle::action_from_setup(c),
        ActionSetup::DogFight(d) => dog_fight::action_from_setup(d),
    }
}

/// A core event as a message: its rule id and the matching `kind`, mapped by the
/// module of the ruleset that told it (a shared kind by [`shared`]).
pub fn event_to_proto(e: &Event) -> pb::Event {
    let kind = match &e.kind {
        EventKind::Shared(s) => shared::event_kind(s),
        EventKind::Zone(z) => zone::event_kind(z),
        EventKind::Keyforge(k) => keyforge::event_kind(k),
        EventKind::Castle(c) => castle::event_kind(c),
        EventKind::DogFight(d) => dog_fight::event_kind(d),
    };
    pb::Event { rule: e.rule.to_owned(), kind: Some(kind), ..Default::default() }
}

/// Every event, in order.
pub fn events_to_proto(events: &[Event]) -> Vec<pb::Event> {
    events.iter().map(event_to_proto).collect()
}

/// Tells `bound` the length of every list a search touches on the boards `s` carries,
/// each by its ruleset's module, with paths under `root` (`root.keyforge.sides`, ...).
pub fn board_lists(s: &pb::GameState, root: FieldPath<'_>, bound: &mut dyn FnMut(FieldPath<'_>, usize)) {
    if let Some(board) = &s.castle_rampage {
        castle::board_lists(board, root.field("castle_rampage"), bound);
    }
    if let Some(board) = &s.keyforge {
        keyforge::board_lists(board, root.field("keyforge"), bound);
    }
    if let Some(board) = &s.dog_fight {
        dog_fight::board_lists(board, root.field("dog_fight"), bound);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use fray_core::SharedEvent;
    use fray_core::event::DecisionView;
    use fray_core::rulesets::zone::board::ZoneRef;
    use fray_core::rulesets::zone::event::ZoneEvent;
    use fray_core::rulesets::zone::setup::ZoneActionSetup;
    use fray_core::setup::ChoiceSetup;
    use fray_core::state::{CreatureId, DecisionKind, Phase, PlayerId};

    fn arrows(up: pb::Reach, up_left: pb::Reach, left: pb::Reach) -> Option<pb::Arrows> {
        Some(pb::Arrows { up: up as i32, up_left: up_left as i32, left: left as i32, ..Default::default() })
    }

    fn card(name: &str) -> pb::Card {
        pb::Card {
            id: format!("card-{name}"),
            name: name.into(),
            might: 2,
            life: 3,
            armor: 1,
            keywords: vec![pb::Keyword::Evasive as i32],
            arrows: arrows(pb::Reach::Double, pb::Reach::Single, pb::Reach::None),
        }
    }

    /// A state touching every field the zone-board rulesets read, valid for the core:
    /// a strike on an empty zone waits for player 1's block decision.
    fn rich_state() -> pb::GameState {
        pb::GameState {
            ruleset: pb::Ruleset::Egame as i32,
            players: vec![
                pb::Player {
                    id: 0,
                    hp: 6,
                    hand: vec![card("Imp")],
                    deck: vec![card("Orc"), card("Elf")],
                    graveyard: vec![],
                },
                pb::Player { id: 1, hp: 4, hand: vec![], deck: vec![], graveyard: vec![card("Rat")] },
            ],
            creatures: vec![
                pb::Creature {
                    id: "archer".into(),
                    name: "Archer".into(),
                    owner: 0,
                    controller: 0,
                    zone: Some(pb::ZoneRef { player: 0, index: 4 }),
                    might: 1,
                    life: 2,
                    damage: 1,
                    armor: 0,
                    face_down: false,
                    keywords: vec![pb::Keyword::Fading as i32],
                    arrows: arrows(pb::Reach::Double, pb::Reach::None, pb::Reach::None),
                    orientation: pb::Orientation::Forward as i32,
                    acted: true,
                },
                pb::Creature {
                    id: "guard".into(),
                    name: "Guard".into(),
                    owner: 0,
                    controller: 1,
                    zone: Some(pb::ZoneRef { player: 1, index: 1 }),
                    might: 0,
                    life: 4,
                    armor: 2,
                    arrows: arrows(pb::Reach::None, pb::Reach::None, pb::Reach::Single),
                    ..Default::default()
                },
                pb::Creature {
                    id: "mole".into(),
                    name: "Mole".into(),
                    owner: 1,
                    controller: 1,
                    zone: Some(pb::ZoneRef { player: 1, index: 3 }),
                    might: 3,
                    life: 3,
                    face_down: true,
                    arrows: arrows(pb::Reach::Single, pb::Reach::Single, pb::Reach::None),
                    orientation: pb::Orientation::Back as i32,
                    ..Default::default()
                },
            ],
            active_player: 0,
            turn: 3,
            phase: pb::Phase::Event as i32,
            event: 7,
            pending: Some(pb::PendingDecision {
                player: 1,
                kind: pb::DecisionKind::Block as i32,
                options: vec!["guard".into()],
                may_decline: true,
            }),
            chain: vec![pb::Strike {
                attacker: "archer".into(),
                target: Some(pb::ZoneRef { player: 1, index: 0 }),
                defender: String::new(),
                outcome: None,
            }],
            winner: None,
            keyforge: None,
            castle_rampage: None,
            dog_fight: None,
            turns_without_progress: 2,
        }
    }

    #[test]
    fn round_trip_proto_setup_proto_is_identity() {
        let state = rich_state();
        assert_eq!(state_from_setup(state_to_setup(state.clone()).unwrap().input), state);
    }

    #[test]
    fn round_trip_keeps_fields_the_core_would_reject() {
        // The converter carries every field its ruleset reads; judging it is the core's
        // job. Only the ruleset must be known: it picks the ruleset's mapping.
        let mut unknown = rich_state();
        unknown.ruleset = 42;
        let Err(SetupError::Invalid(v)) = state_to_setup(unknown) else { panic!("an unknown ruleset is refused") };
        assert_eq!(v.0[0].field, "ruleset");
        let mut state = rich_state();
        state.winner = Some(7);
        state.chain[0].defender = "someone".into();
        state.chain[0].outcome = Some(pb::BlockOutcome { blocker: Some("guard".into()), passive: true });
        state.creatures[0].zone = None;
        state.creatures[1].arrows = Some(pb::Arrows::default());
        state.creatures[2].keywords = vec![0, 99];
        let setup = state_to_setup(state.clone()).unwrap();
        assert!(setup.refused.is_empty());
        assert_eq!(state_from_setup(setup.input), state);
    }

    #[test]
    fn round_trip_through_the_core_is_identity() {
        let state = rich_state();
        let game = game_state(state.clone()).unwrap();
        assert_eq!(state_from_setup(game.to_setup()), state);
    }

    #[test]
    fn arrows_map_in_wire_order() {
        let a = pb::Arrows { up: 1, up_right: 2, right: 3, down_right: 4, down: 5, down_left: 6, left: 7, up_left: 8 };
        assert_eq!(zone::arrows_to_setup(&a), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(zone::arrows_from_setup(&[1, 2, 3, 4, 5, 6, 7, 8]), a);
        let c = pb::Creature::default();
        assert_eq!(zone::creature_to_setup(c.clone()).arrows, None);
    }

    #[test]
    fn choices_map_every_oneof_case() {
        let option = pb::Choice { choice: Some(pb::choice::Choice::Option("guard".into())) };
        let decline = pb::Choice { choice: Some(pb::choice::Choice::Decline(false)) };
        assert_eq!(choice_to_setup(&option), ChoiceSetup::Option("guard".into()));
        assert_eq!(choice_to_setup(&decline), ChoiceSetup::Decline(false));
        assert_eq!(choice_to_setup(&pb::Choice::default()), ChoiceSetup::Missing);
        for c in [option, decline, pb::Choice::default()] {
            assert_eq!(choice_from_setup(&choice_to_setup(&c)), c);
        }
    }

    #[test]
    fn actions_map_every_oneof_case() {
        use pb::action::Action as A;
        let cases = [
            A::Strike(pb::Strike {
                attacker: "a".into(),
                target: Some(pb::ZoneRef { player: 1, index: 2 }),
                ..Default::default()
            }),
            A::Choice(pb::Choice { choice: Some(pb::choice::Choice::Decline(true)) }),
            A::Summon(pb::Summon {
                hand_index: 2,
                zone: Some(pb::ZoneRef { player: 0, index: 3 }),
                face_down: true,
                orientation: 2,
            }),
            A::EndPhase(pb::EndPhase {}),
        ];
        for case in cases {
            let action = pb::Action { action: Some(case), ..Default::default() };
            assert_eq!(action_from_setup(&action_to_setup(Ruleset::Egame, Some(&action)).unwrap().input), action);
        }
        let missing = ActionSetup::Zone(ZoneActionSetup::Missing);
        assert_eq!(action_to_setup(Ruleset::Egame, None).unwrap().input, missing);
        assert_eq!(action_to_setup(Ruleset::Egame, Some(&pb::Action::default())).unwrap().input, missing);
        assert_eq!(action_from_setup(&missing), pb::Action::default());
    }

    #[test]
    fn events_keep_rule_and_kind() {
        let id = |s: &str| CreatureId::from(s);
        let zone = ZoneRef { player: PlayerId(1), index: 3 };
        let cases = vec![
            (
                EventKind::Zone(ZoneEvent::StrikeDeclared { attacker: id("a"), target: zone }),
                pb::event::Kind::StrikeDeclared(pb::StrikeDeclared {
                    attacker: "a".into(),
                    target: Some(pb::ZoneRef { player: 1, index: 3 }),
                }),
            ),
            (
                EventKind::Zone(ZoneEvent::CreatureFlipped { creature: id("m") }),
                pb::event::Kind::CreatureFlipped(pb::CreatureFlipped { creature: "m".into() }),
            ),
            (
                EventKind::Shared(SharedEvent::DecisionRequested(DecisionView {
                    player: PlayerId(1),
                    kind: DecisionKind::Fade,
                    options: vec![id("m")],
                    may_decline: true,
                })),
                pb::event::Kind::DecisionRequested(pb::DecisionRequested {
                    decision: Some(pb::PendingDecision {
                        player: 1,
                        kind: pb::DecisionKind::Fade as i32,
                        options: vec!["m".into()],
                        may_decline: true,
                    }),
                }),
            ),
            (
                EventKind::Zone(ZoneEvent::BlockerDetermined { attacker: id("a"), blocker: None, passive: false }),
                pb::event::Kind::BlockerDetermined(pb::BlockerDetermined {
                    attacker: "a".into(),
                    blocker: None,
                    passive: false,
                }),
            ),
            (
                EventKind::Zone(ZoneEvent::StrikeChained { attacker: id("a"), depth: 1 }),
                pb::event::Kind::StrikeChained(pb::StrikeChained { attacker: "a".into(), depth: 1 }),
            ),
            (
                EventKind::Zone(ZoneEvent::StrikeFizzled { attacker: id("a"), reason: "gone" }),
                pb::event::Kind::StrikeFizzled(pb::StrikeFizzled { attacker: "a".into(), reason: "gone".into() }),
            ),
            (
                EventKind::Zone(ZoneEvent::DamagePrevented { target: id("g"), amount: 2, by: "armor" }),
                pb::event::Kind::DamagePrevented(pb::DamagePrevented {
                    target: "g".into(),
                    amount: 2,
                    by: "armor".into(),
                }),
            ),
            (
                EventKind::Zone(ZoneEvent::DamageDealt { source: id("a"), target: id("g"), amount: 3 }),
                pb::event::Kind::DamageDealt(pb::DamageDealt { source: "a".into(), target: "g".into(), amount: 3 }),
            ),
            (
                EventKind::Zone(ZoneEvent::CreatureDestroyed { creature: id("g") }),
                pb::event::Kind::CreatureDestroyed(pb::CreatureDestroyed { creature: "g".into() }),
            ),
            (
                EventKind::Zone(ZoneEvent::PlayerHpLost { player: PlayerId(0), amount: 1 }),
                pb::event::Kind::PlayerHpLost(pb::PlayerHpLost { player: 0, amount: 1 }),
            ),
            (
                EventKind::Shared(SharedEvent::GameOver { winner: Some(PlayerId(1)) }),
                pb::event::Kind::GameOver(pb::GameOver { winner: Some(1) }),
            ),
            (
                EventKind::Shared(SharedEvent::GameOver { winner: None }),
                pb::event::Kind::GameOver(pb::GameOver { winner: None }),
            ),
            (
                EventKind::Shared(SharedEvent::PhaseChanged {
                    phase: Phase::Draw,
                    turn: 4,
                    active_player: PlayerId(1),
                }),
                pb::event::Kind::PhaseChanged(pb::PhaseChanged {
                    phase: pb::Phase::Draw as i32,
                    turn: 4,
                    active_player: 1,
                }),
            ),
        ];
        for (kind, expected) in cases {
            let event = Event { rule: "some.rule", kind };
            assert_eq!(
                event_to_proto(&event),
                pb::Event { rule: "some.rule".into(), kind: Some(expected), ..Default::default() }
            );
        }
    }

    #[test]
    fn catalogue_entries_map() {
        let infos: Vec<_> = fray_core::rulesets::catalogue().iter().map(ruleset_info_to_proto).collect();
        assert_eq!(infos[0].ruleset, pb::Ruleset::Egame as i32);
        assert_eq!(infos[0].name, "egame");
        assert!(infos[0].resolves_strikes);
        let skirmish: Vec<bool> = infos.iter().map(|i| i.skirmish).collect();
        assert_eq!(skirmish, [true; 5]);
        assert!(infos.iter().all(|i| i.skirmish != i.scenarios.is_empty()));
        for info in &infos {
            let names: Vec<&str> = info.scenario_details.iter().map(|d| d.name.as_str()).collect();
            assert_eq!(names, info.scenarios, "details follow the names");
            for d in &info.scenario_details {
                let fair = d.seat_scores.iter().all(|s| (0.40..=0.60).contains(s));
                assert_eq!(d.balanced, d.seat0_games >= 100 && fair, "{d:?}");
                assert_eq!(d.seat_scores.len(), if d.seat0_games == 0 { 0 } else { d.players as usize }, "{d:?}");
            }
        }
    }
}
