//! One test per sentence and note of seed 000 (e:game "Strike"), named after it and
//! citing the rule id it checks.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use fray_core::EventKind;
use fray_core::SharedEvent;
use fray_core::rulesets::zone::event::ZoneEvent;

// "Strike is an Action defined as: Target a creature zone (other than the one the
// attacking creature is in)." (egame.strike.target)
#[test]
fn sentence_01_strike_targets_a_creature_zone_other_than_its_own() {
    let b = Bd::egame().put("knight", (0, 1), 2, 3, "U1 L2 R2");
    let mut g = b.build();
    let err = try_strike(&mut g, "knight", (0, 1)).unwrap_err();
    assert_eq!(illegal_rule(err), "egame.strike.target");
    assert_eq!(g, b.build(), "a refused strike changes nothing");
    let events = strike(&mut g, "knight", (1, 3), &[]);
    assert_eq!(events[0].rule, "egame.strike.target");
    assert!(
        matches!(&events[0].kind, EventKind::Zone(ZoneEvent::StrikeDeclared { attacker, .. }) if attacker.as_str() == "knight")
    );
}

// The target must be a zone the attacker's arrows reach. (egame.strike.target)
#[test]
fn sentence_01_strike_target_must_be_reached_by_an_arrow() {
    let mut g = Bd::egame().put("knight", (0, 1), 2, 3, "U1").build();
    let err = try_strike(&mut g, "knight", (1, 0)).unwrap_err();
    assert_eq!(illegal_rule(err), "egame.strike.target");
}

// "Typically, a player will target their opponent's zones for attacking." — typical,
// not required: an own empty zone is a legal target too. (egame.strike.target)
#[test]
fn sentence_02_a_player_may_target_their_own_zones() {
    let mut g = Bd::egame().put("knight", (0, 1), 2, 3, "R1").put("foe", (1, 0), 1, 1, "").build();
    let events = strike(&mut g, "knight", (0, 2), &[]);
    // No one can block player 0's zone 2: a direct attack on its controller, player 0.
    assert!(rules(&events).contains(&"egame.strike.block.direct"));
    assert_eq!(hp(&g, 0), 5);
}

// "Then, the Blocker (if any) must be determined; following these rules:" — the blocker
// step comes after the declaration and before the chain. (egame.strike.block.*)
#[test]
fn sentence_03_the_blocker_is_determined_after_declaration_and_before_the_chain() {
    let mut g = Bd::egame().put("knight", (0, 1), 2, 3, "U1").put("wolf", (1, 3), 1, 2, "").build();
    let r = rules(&strike(&mut g, "knight", (1, 3), &[]));
    let pos = |rule: &str| r.iter().position(|x| *x == rule).unwrap();
    assert!(pos("egame.strike.target") < pos("egame.strike.block.passive"));
    assert!(pos("egame.strike.block.passive") < pos("egame.chain"));
}

// "If the targeted zone has a creature, that creature must block the attack"
// (egame.strike.block.passive)
#[test]
fn sentence_04_a_creature_in_the_targeted_zone_must_block() {
    // Even though player 1 has another creature that could block, no one is asked.
    let mut g = Bd::egame()
        .put("knight", (0, 1), 2, 3, "U1")
        .put("wolf", (1, 3), 1, 2, "")
        .put("guard", (1, 2), 1, 5, "R1")
        .build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    let blocked = events.iter().find(|e| e.rule == "egame.strike.block.passive").unwrap();
    assert!(
        matches!(&blocked.kind, EventKind::Zone(ZoneEvent::BlockerDetermined { blocker: Some(b), passive: true, .. }) if b.as_str() == "wolf")
    );
    assert!(!rules(&events).iter().any(|r| r.starts_with("egame.strike.block.active")));
}

// "... (except if it has Fading)." — its controller decides: fading makes the strike a
// direct attack that no other creature may block. (egame.keyword.fading)
#[test]
fn sentence_04_a_fading_creature_may_fade_and_the_strike_becomes_direct() {
    let b = Bd::egame()
        .put("knight", (0, 1), 2, 3, "U1")
        .put("ghost", (1, 3), 1, 2, "")
        .with("ghost", |c| c.keywords = vec![2])
        .put("guard", (1, 2), 1, 5, "R1");
    let mut g = b.build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    let asked = events.last().unwrap();
    assert_eq!(asked.rule, "egame.keyword.fading");
    assert!(
        matches!(&asked.kind, EventKind::Shared(SharedEvent::DecisionRequested(d)) if d.player.0 == 1 && d.may_decline && d.options.len() == 1)
    );
    let pending = zone_setup(&g).header.pending.unwrap();
    assert_eq!(pending.kind, 2, "DECISION_KIND_FADE");
    assert_eq!(pending.options, vec!["ghost".to_string()]);

    let events =
        g.apply_action(&fray_core::ActionSetup::Zone(ZoneActionSetup::Choice(pick("ghost"))), "action").unwrap();
    let r = rules(&events);
    assert_eq!(r[0], "egame.keyword.fading");
    assert!(matches!(&events[0].kind, EventKind::Zone(ZoneEvent::BlockerDetermined { blocker: None, .. })));
    // No other creature was offered the block, even though guard reaches the zone.
    assert!(!r.iter().any(|r| r.starts_with("egame.strike.block.active")));
    assert_eq!(hp(&g, 1), 5);
    assert_eq!(creature(&g, "ghost").unwrap().damage, 0);
}

// Declining to fade: the Fading creature blocks like any other. (egame.keyword.fading,
// egame.strike.block.passive)
#[test]
fn sentence_04_a_fading_creature_that_does_not_fade_blocks() {
    let mut g = Bd::egame()
        .put("knight", (0, 1), 2, 3, "U1")
        .put("ghost", (1, 3), 1, 2, "")
        .with("ghost", |c| c.keywords = vec![2])
        .build();
    let events = strike(&mut g, "knight", (1, 3), &[decline()]);
    assert!(rules(&events).contains(&"egame.strike.block.passive"));
    assert!(creature(&g, "ghost").is_none(), "2 damage on life 2 destroys it");
    assert_eq!(hp(&g, 1), 6);
}

// "If not, if the attacking creature has Evasive, it cannot be blocked and this will be
// a direct attack." (egame.strike.block.evasive)
#[test]
fn sentence_05_an_evasive_attacker_on_an_empty_zone_is_unblockable() {
    let mut g = Bd::egame()
        .put("bat", (0, 1), 1, 1, "U1")
        .with("bat", |c| c.keywords = vec![1])
        .put("guard", (1, 2), 1, 5, "R1")
        .build();
    let events = strike(&mut g, "bat", (1, 3), &[]);
    assert!(rules(&events).contains(&"egame.strike.block.evasive"));
    assert!(zone_setup(&g).header.pending.is_none(), "no block decision is asked");
    assert_eq!(hp(&g, 1), 5);
}

// Evasive comes after the passive block: a creature in the zone still blocks.
// (egame.strike.block.passive before egame.strike.block.evasive)
#[test]
fn sentence_05_evasive_does_not_avoid_the_creature_in_the_targeted_zone() {
    let mut g = Bd::egame()
        .put("bat", (0, 1), 1, 1, "U1")
        .with("bat", |c| c.keywords = vec![1])
        .put("wolf", (1, 3), 1, 3, "")
        .build();
    let r = rules(&strike(&mut g, "bat", (1, 3), &[]));
    assert!(r.contains(&"egame.strike.block.passive"));
    assert!(!r.contains(&"egame.strike.block.evasive"));
}

// "If not, if the controller of the zone has a creature that can target the zone, they
// can optionally select one such creature to block the attack."
// (egame.strike.block.active.controller)
#[test]
fn sentence_06_the_zones_controller_may_block_with_a_creature_that_reaches_it() {
    let mut g = Bd::egame()
        .put("archer", (0, 4), 1, 2, "U2")
        .put("guard", (1, 1), 0, 4, "L1")
        .put("idler", (1, 4), 3, 3, "U1")
        .build();
    let events = strike(&mut g, "archer", (1, 0), &[]);
    assert_eq!(events.last().unwrap().rule, "egame.strike.block.active.controller");
    let pending = zone_setup(&g).header.pending.unwrap();
    assert_eq!((pending.player, pending.kind, pending.may_decline), (1, 1, true));
    assert_eq!(pending.options, vec!["guard".to_string()], "only creatures that reach the zone");
    let events =
        g.apply_action(&fray_core::ActionSetup::Zone(ZoneActionSetup::Choice(pick("guard"))), "action").unwrap();
    assert_eq!(events[0].rule, "egame.strike.block.active.controller");
    assert_eq!(creature(&g, "guard").unwrap().damage, 1);
    assert_eq!(hp(&g, 1), 6);
}

// "If they chose not to or can't, the other player has a choice to block as well."
// (egame.strike.block.active.other)
#[test]
fn sentence_07_after_the_controller_declines_the_other_player_may_block() {
    let mut g = Bd::egame()
        .put("archer", (0, 4), 1, 2, "U2")
        .put("ally", (0, 3), 2, 2, "UR1")
        .put("guard", (1, 1), 0, 4, "L1")
        .build();
    let events = strike(&mut g, "archer", (1, 0), &[decline()]);
    let asked = events.last().unwrap();
    assert_eq!(asked.rule, "egame.strike.block.active.other");
    assert!(matches!(&asked.kind, EventKind::Shared(SharedEvent::DecisionRequested(d)) if d.player.0 == 0));
    let events = strike(
        &mut Bd::egame()
            .put("archer", (0, 4), 1, 2, "U2")
            .put("ally", (0, 3), 2, 2, "UR1")
            .put("guard", (1, 1), 0, 4, "L1")
            .build(),
        "archer",
        (1, 0),
        &[decline(), pick("ally")],
    );
    assert!(events.iter().any(|e| e.rule == "egame.strike.block.active.other"
        && matches!(&e.kind, EventKind::Zone(ZoneEvent::BlockerDetermined { blocker: Some(b), .. }) if b.as_str() == "ally")));
}

// "... or can't": a controller with no eligible creature is never asked.
#[test]
fn sentence_07_a_controller_who_cannot_block_is_skipped() {
    let mut g = Bd::egame().put("archer", (0, 4), 1, 2, "U2").put("ally", (0, 3), 2, 2, "UR1").build();
    let events = strike(&mut g, "archer", (1, 0), &[]);
    let asked = events.last().unwrap();
    assert_eq!(asked.rule, "egame.strike.block.active.other");
    assert_eq!(zone_setup(&g).header.pending.unwrap().player, 0);
}

// "If not, creature is attacking the controller of the zone directly."
// (egame.strike.block.direct)
#[test]
fn sentence_08_with_no_blocker_the_strike_is_direct() {
    let mut g = Bd::egame()
        .put("archer", (0, 4), 1, 2, "U2")
        .put("ally", (0, 3), 2, 2, "UR1")
        .put("guard", (1, 1), 0, 4, "L1")
        .build();
    let events = strike(&mut g, "archer", (1, 0), &[decline(), decline()]);
    assert!(rules(&events).contains(&"egame.strike.block.direct"));
    assert_eq!(hp(&g, 1), 5);
}

// "Note: ... the rules allow any interaction": a creature may strike an allied
// creature, and a player may block in the opponent's zones. (egame.strike.block.*)
#[test]
fn note_01_creatures_may_strike_allies_and_block_for_the_opponent() {
    let mut g = Bd::egame().put("knight", (0, 1), 2, 3, "R1").put("squire", (0, 2), 1, 2, "").build();
    let events = strike(&mut g, "knight", (0, 2), &[]);
    assert!(rules(&events).contains(&"egame.strike.block.passive"));
    assert!(creature(&g, "squire").is_none());
}

// "After the blocker (or lack thereof) is established, the Strike Action is added to the
// chain to be resolved." (egame.chain)
#[test]
fn sentence_09_the_strike_joins_the_chain_after_the_blocker_is_established() {
    let mut g = Bd::egame().put("knight", (0, 1), 2, 3, "U1").put("wolf", (1, 3), 1, 2, "").build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    let chained = events.iter().position(|e| e.rule == "egame.chain").unwrap();
    assert!(matches!(events[chained - 1].kind, EventKind::Zone(ZoneEvent::BlockerDetermined { .. })));
    assert!(matches!(events[chained].kind, EventKind::Zone(ZoneEvent::StrikeChained { depth: 1, .. })));
    assert!(zone_setup(&g).chain.is_empty(), "with no fast effects the chain resolves at once");
}

// "For blocked attacks, both creatures deal damage equal to their Might Stat to each
// other simultaneously." (egame.strike.damage)
#[test]
fn sentence_10_blocked_creatures_deal_might_to_each_other_simultaneously() {
    // Both have lethal damage for the other: both are destroyed, neither first.
    let mut g = Bd::egame().put("knight", (0, 1), 2, 2, "U1").put("wolf", (1, 3), 3, 2, "").build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    let dealt: Vec<_> = events.iter().filter(|e| e.rule == "egame.strike.damage").collect();
    assert_eq!(dealt.len(), 2);
    let destroyed = events.iter().filter(|e| e.rule == "egame.sba.destroy").count();
    assert_eq!(destroyed, 2);
    let first_destroy = events.iter().position(|e| e.rule == "egame.sba.destroy").unwrap();
    let last_damage = events.iter().rposition(|e| e.rule == "egame.strike.damage").unwrap();
    assert!(last_damage < first_destroy, "all damage lands before any destruction");
}

// Negative Might deals 0. (egame.strike.damage)
#[test]
fn sentence_10_negative_might_deals_no_damage() {
    let mut g = Bd::egame().put("knight", (0, 1), 2, 3, "U1").put("imp", (1, 3), -2, 5, "").build();
    strike(&mut g, "knight", (1, 3), &[]);
    assert_eq!(creature(&g, "knight").unwrap().damage, 0);
    assert_eq!(creature(&g, "imp").unwrap().damage, 2);
}

// "If at any point (as a state-based action) the damage counters on a creature equal or
// exceed their Life Stat, they are destroyed." — to the owner's graveyard. (egame.sba.destroy)
#[test]
fn sentence_11_damage_equal_to_life_destroys_into_the_owners_graveyard() {
    let mut g = Bd::egame()
        .put("knight", (0, 1), 2, 3, "U1")
        .put("wolf", (1, 3), 1, 2, "")
        .with("wolf", |c| c.owner = 0) // controlled by player 1, owned by player 0
        .build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    assert!(events.iter().any(|e| e.rule == "egame.sba.destroy"
        && matches!(&e.kind, EventKind::Zone(ZoneEvent::CreatureDestroyed { creature }) if creature.as_str() == "wolf")));
    let s = zone_setup(&g);
    assert_eq!(s.players[0].graveyard.len(), 1);
    assert_eq!(s.players[0].graveyard[0].name, "wolf");
    assert!(s.players[1].graveyard.is_empty());
}

// "For direct attacks, regardless of the Might Stat of the creature (as long as it is
// greater than 0), the controller of the zone loses 1 HP." (egame.strike.direct)
#[test]
fn sentence_12_a_direct_attack_costs_exactly_one_hp_whatever_the_might() {
    let mut g = Bd::egame().put("giant", (0, 2), 9, 9, "U1").build();
    let events = strike(&mut g, "giant", (1, 2), &[]);
    assert!(events.iter().any(|e| e.rule == "egame.strike.direct"
        && matches!(e.kind, EventKind::Zone(ZoneEvent::PlayerHpLost { player, amount: 1 }) if player.0 == 1)));
    assert_eq!(hp(&g, 1), 5);
}

// "... (as long as it is greater than 0)". (egame.strike.direct)
#[test]
fn sentence_12_a_direct_attack_with_zero_might_costs_nothing() {
    let mut g = Bd::egame().put("diplomat", (0, 2), 0, 4, "U1").build();
    let events = strike(&mut g, "diplomat", (1, 2), &[]);
    assert!(!rules(&events).contains(&"egame.strike.direct"));
    assert_eq!(hp(&g, 1), 6);
}

// "Note: Damage counters are NOT cleared at any step and stay forever."
#[test]
fn note_02_damage_counters_are_never_cleared() {
    let mut g =
        Bd::egame().put("a", (0, 1), 1, 5, "U1").put("b", (0, 2), 1, 5, "UL1").put("wall", (1, 3), 0, 3, "").build();
    strike(&mut g, "a", (1, 3), &[]);
    assert_eq!(creature(&g, "wall").unwrap().damage, 1);
    strike(&mut g, "b", (1, 3), &[]);
    assert_eq!(creature(&g, "wall").unwrap().damage, 2, "counters from both strikes stay");
}

// "Note: Damage to creatures does NOT "pierce" (i.e. extra damage does not bleed to the
// player)."
#[test]
fn note_03_excess_damage_does_not_pierce_to_the_player() {
    let mut g = Bd::egame().put("giant", (0, 1), 9, 9, "U1").put("wolf", (1, 3), 1, 1, "").build();
    let events = strike(&mut g, "giant", (1, 3), &[]);
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::Zone(ZoneEvent::PlayerHpLost { .. }))));
    assert_eq!(hp(&g, 1), 6);
}

// "Note: a creature cannot attack or be blocked by itself, even if it is moved before the
// attack resolves." (egame.strike.target, egame.strike.block.active.*)
#[test]
fn note_04_a_creature_cannot_block_its_own_strike() {
    // The archer's own arrows reach the zone it strikes, yet it is never a block option.
    let mut g = Bd::egame().put("archer", (1, 1), 1, 2, "L1").build();
    let events = strike(&mut g, "archer", (1, 0), &[]);
    assert!(zone_setup(&g).header.pending.is_none());
    assert!(rules(&events).contains(&"egame.strike.block.direct"));
    assert_eq!(hp(&g, 1), 5, "striking an own empty zone is a direct attack on its controller");
}

// "It can however certainly attack and block allied cards."
#[test]
fn note_04_a_creature_may_block_a_strike_on_an_ally_zone() {
    let mut g = Bd::egame().put("archer", (0, 4), 1, 2, "U2").put("guard", (1, 1), 0, 4, "L1").build();
    let events = strike(&mut g, "archer", (1, 0), &[pick("guard")]);
    assert!(rules(&events).contains(&"egame.strike.block.active.controller"));
}

// "Note: creatures do not tap ... However cards on the field can only perform one action
// per Event." (egame.strike.target)
#[test]
fn note_05_a_creature_strikes_at_most_once_per_event() {
    let mut g = Bd::egame().put("knight", (0, 1), 1, 3, "U1").build();
    strike(&mut g, "knight", (1, 3), &[]);
    assert!(creature(&g, "knight").unwrap().acted);
    let err = try_strike(&mut g, "knight", (1, 3)).unwrap_err();
    assert_eq!(illegal_rule(err), "egame.strike.target");
}

// "Note: ... there is no summoning sickness in e:game. If ... a new creature is summoned
// during an Event, it can perform one action during that event." — a creature that has
// not acted may strike whatever turn it arrived. (egame.strike.target)
#[test]
fn note_06_no_summoning_sickness() {
    let mut b = Bd::egame().put("newcomer", (0, 0), 1, 1, "U1");
    b.0.header.phase = 2; // PHASE_EVENT
    b.0.header.turn = 3;
    let mut g = b.build();
    assert!(strike(&mut g, "newcomer", (1, 4), &[]).iter().any(|e| e.rule == "egame.strike.direct"));
}

// "Note: blocking is not an Action, but rather considered part of the Strike action
// itself." — an acted creature may block, and block more than once per Event.
#[test]
fn note_07_blocking_is_not_an_action() {
    let mut g = Bd::egame()
        .put("a", (0, 4), 1, 9, "U2")
        .put("b", (0, 3), 1, 9, "UR1")
        .put("guard", (1, 1), 0, 9, "L1")
        .with("guard", |c| c.acted = true)
        .build();
    strike(&mut g, "a", (1, 0), &[pick("guard")]);
    strike(&mut g, "b", (1, 0), &[pick("guard")]);
    let guard = creature(&g, "guard").unwrap();
    assert_eq!(guard.damage, 2, "it blocked twice");
    assert!(guard.acted, "blocking did not change its acted flag");
}
