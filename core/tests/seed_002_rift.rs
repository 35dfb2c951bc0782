//! One test per sentence and note of seed 002 (Dimensional Rift's "Attack Action"),
//! plus its Armor (docs/rules.md `rift.armor`).
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use fray_core::EventKind;
use fray_core::SharedEvent;
use fray_core::rulesets::zone::event::ZoneEvent;

// "The Attack Action can only be performed by your face-up creatures" (egame.strike.target)
#[test]
fn sentence_01_only_face_up_creatures_attack() {
    let b = Bd::rift().put("spy", (0, 1), 2, 3, "U1").with("spy", |c| c.face_down = true);
    let mut g = b.build();
    assert_eq!(illegal_rule(try_strike(&mut g, "spy", (1, 3)).unwrap_err()), "egame.strike.target");
    assert_eq!(g, b.build());
}

// "... declared by targeting a creature zone (other than the one the attacking creature
// is in)." (egame.strike.target)
#[test]
fn sentence_01_the_target_is_a_zone_other_than_the_attackers() {
    let mut g = Bd::rift().put("knight", (0, 1), 2, 3, "U1 R1").build();
    assert_eq!(illegal_rule(try_strike(&mut g, "knight", (0, 1)).unwrap_err()), "egame.strike.target");
    assert!(try_strike(&mut g, "knight", (0, 2)).is_ok());
}

// "If the targeted zone has a creature, that creature must block the attack" — with no
// Fading exception in Dimensional Rift. (egame.strike.block.passive)
#[test]
fn sentence_02_the_creature_in_the_zone_must_block_and_fading_does_not_exist() {
    let mut g = Bd::rift()
        .put("knight", (0, 1), 2, 3, "U1")
        .put("ghost", (1, 3), 1, 5, "")
        .with("ghost", |c| c.keywords = vec![2])
        .build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    assert!(rules(&events).contains(&"egame.strike.block.passive"));
    assert!(!rules(&events).contains(&"egame.keyword.fading"));
    assert_eq!(creature(&g, "ghost").unwrap().damage, 2);
}

// "If not, if the controller of the zone has a creature that can target the zone, he can
// optionally choose one such creature to block it." — Evasive does not exist in
// Dimensional Rift, so even an Evasive attacker may be blocked.
// (egame.strike.block.active.controller)
#[test]
fn sentence_03_the_zones_controller_may_block_and_evasive_does_not_exist() {
    let mut g = Bd::rift()
        .put("bat", (0, 4), 1, 2, "U2")
        .with("bat", |c| c.keywords = vec![1])
        .put("guard", (1, 1), 0, 4, "L1")
        .build();
    let events = strike(&mut g, "bat", (1, 0), &[pick("guard")]);
    assert!(rules(&events).contains(&"egame.strike.block.active.controller"));
    assert!(!rules(&events).contains(&"egame.strike.block.evasive"));
}

// "If not, same goes for the opponent." (egame.strike.block.active.other)
#[test]
fn sentence_04_then_the_opponent_may_block() {
    let mut g = Bd::rift()
        .put("archer", (0, 4), 1, 2, "U2")
        .put("ally", (0, 3), 2, 2, "UR1")
        .put("guard", (1, 1), 0, 4, "L1")
        .build();
    let events = strike(&mut g, "archer", (1, 0), &[decline(), pick("ally")]);
    assert!(rules(&events).contains(&"egame.strike.block.active.other"));
    assert_eq!(creature(&g, "ally").unwrap().damage, 1);
}

// "If not, creature is attacking the controller of the zone directly."
// (egame.strike.block.direct)
#[test]
fn sentence_05_otherwise_the_attack_is_direct() {
    let mut g = Bd::rift().put("archer", (0, 4), 3, 2, "U2").build();
    let events = strike(&mut g, "archer", (1, 0), &[]);
    assert!(rules(&events).contains(&"egame.strike.block.direct"));
}

// "Note: ... the rules allow for complete flexibility." — a player may attack their
// own creature.
#[test]
fn note_01_a_player_may_attack_their_own_creature() {
    let mut g = Bd::rift().put("a", (1, 2), 2, 3, "R1").put("b", (1, 3), 1, 3, "").build();
    let events = strike(&mut g, "a", (1, 3), &[]);
    assert!(rules(&events).contains(&"egame.strike.block.passive"));
    assert_eq!(creature(&g, "b").unwrap().damage, 2);
}

// "After the blocker (or lack thereof) is established, the Attack Action is resolved."
// (egame.chain)
#[test]
fn sentence_06_the_attack_resolves_once_the_blocker_is_established() {
    let mut g = Bd::rift().put("knight", (0, 1), 2, 3, "U1").put("wolf", (1, 3), 1, 3, "").build();
    let r = rules(&strike(&mut g, "knight", (1, 3), &[]));
    let block = r.iter().position(|x| *x == "egame.strike.block.passive").unwrap();
    let damage = r.iter().position(|x| *x == "egame.strike.damage").unwrap();
    assert!(block < damage);
}

// "For blocked attacks, both creatures deal damage equal to their Attack Stat to each
// other simultaneously." (egame.strike.damage)
#[test]
fn sentence_07_blocked_creatures_deal_their_attack_stat_simultaneously() {
    let mut g = Bd::rift().put("knight", (0, 1), 3, 3, "U1").put("wolf", (1, 3), 3, 3, "").build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    assert_eq!(events.iter().filter(|e| e.rule == "egame.sba.destroy").count(), 2);
}

// "If at any point (as a state-based action) the damage counters on a creature equal or
// exceed their Life Stat, they are destroyed." (egame.sba.destroy)
#[test]
fn sentence_08_damage_at_or_over_life_destroys() {
    let mut g = Bd::rift().put("knight", (0, 1), 5, 9, "U1").put("wolf", (1, 3), 1, 2, "").build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    assert!(events.iter().any(
        |e| matches!(&e.kind, EventKind::Zone(ZoneEvent::CreatureDestroyed { creature }) if creature.as_str() == "wolf")
    ));
    assert_eq!(zone_setup(&g).players[1].graveyard.len(), 1);
}

// "Note: Damage counters are NOT cleared and stay forever."
#[test]
fn note_02_damage_counters_stay() {
    let mut g =
        Bd::rift().put("a", (0, 1), 1, 9, "U1").put("b", (0, 2), 2, 9, "UL1").put("wall", (1, 3), 0, 9, "").build();
    strike(&mut g, "a", (1, 3), &[]);
    strike(&mut g, "b", (1, 3), &[]);
    assert_eq!(creature(&g, "wall").unwrap().damage, 3);
}

// "Note: Damage to creatures does NOT "pierce" (i.e. extra damage does not bleed to the
// player)."
#[test]
fn note_03_no_pierce() {
    let mut g = Bd::rift().put("giant", (0, 1), 9, 9, "U1").put("wolf", (1, 3), 1, 1, "").build();
    strike(&mut g, "giant", (1, 3), &[]);
    assert_eq!(hp(&g, 1), 20);
}

// "For direct attacks, the creature deals damage to the zone's controller equal to their
// Attack Stat." (rift.strike.direct)
#[test]
fn sentence_09_a_direct_attack_deals_the_attack_stat_to_the_player() {
    let mut g = Bd::rift().put("giant", (0, 2), 7, 9, "U1").build();
    let events = strike(&mut g, "giant", (1, 2), &[]);
    assert!(events.iter().any(|e| e.rule == "rift.strike.direct"
        && matches!(e.kind, EventKind::Zone(ZoneEvent::PlayerHpLost { player, amount: 7 }) if player.0 == 1)));
    assert_eq!(hp(&g, 1), 13);
}

// A direct attack with Attack Stat 0 deals nothing. (rift.strike.direct)
#[test]
fn sentence_09_a_zero_attack_stat_deals_nothing_directly() {
    let mut g = Bd::rift().put("diplomat", (0, 2), 0, 4, "U1").build();
    let events = strike(&mut g, "diplomat", (1, 2), &[]);
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::Zone(ZoneEvent::PlayerHpLost { .. }))));
}

// docs/rules.md: "every damage instance to a creature is reduced by its Armor, but non-zero
// damage deals at least 1" (rift.armor)
#[test]
fn armor_reduces_each_damage_instance_but_non_zero_deals_at_least_one() {
    let mut g = Bd::rift()
        .put("knight", (0, 1), 5, 9, "U1")
        .with("knight", |c| c.armor = 9)
        .put("wall", (1, 3), 1, 9, "")
        .with("wall", |c| c.armor = 2)
        .build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    assert_eq!(creature(&g, "wall").unwrap().damage, 3, "5 - 2 armor");
    assert_eq!(creature(&g, "knight").unwrap().damage, 1, "1 - 9 armor still deals 1");
    let prevented: Vec<_> = events.iter().filter(|e| e.rule == "rift.armor").collect();
    assert_eq!(prevented.len(), 2);
    assert!(matches!(&prevented[0].kind, EventKind::Zone(ZoneEvent::DamagePrevented { amount: 2, by: "armor", .. })));
}

// Armor never turns 0 damage into 1. (rift.armor)
#[test]
fn armor_leaves_zero_damage_at_zero() {
    let mut g = Bd::rift()
        .put("knight", (0, 1), 2, 9, "U1")
        .with("knight", |c| c.armor = 1)
        .put("wall", (1, 3), 0, 9, "")
        .build();
    strike(&mut g, "knight", (1, 3), &[]);
    assert_eq!(creature(&g, "knight").unwrap().damage, 0);
}

// Armor does not exist in e:game: it is ignored there.
#[test]
fn armor_has_no_effect_in_egame() {
    let mut g = Bd::egame()
        .put("knight", (0, 1), 2, 9, "U1")
        .put("wall", (1, 3), 0, 9, "")
        .with("wall", |c| c.armor = 5)
        .build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    assert_eq!(creature(&g, "wall").unwrap().damage, 2);
    assert!(!rules(&events).contains(&"rift.armor"));
}

// HP loss to 0 ends the game (egame.sba.game_over).
#[test]
fn a_player_at_zero_hp_loses() {
    let mut g = Bd::rift().put("giant", (0, 2), 7, 9, "U1").hp(1, 7).build();
    let events = strike(&mut g, "giant", (1, 2), &[]);
    let last = events.last().unwrap();
    assert_eq!(last.rule, "egame.sba.game_over");
    assert!(matches!(last.kind, EventKind::Shared(SharedEvent::GameOver { winner: Some(w) }) if w.0 == 0));
    let s = zone_setup(&g);
    assert_eq!((s.header.phase, s.header.winner), (5, Some(0)));
    assert!(g.legal_actions().is_empty(), "no action is legal once the game is over");
    assert_eq!(illegal_rule(try_strike(&mut g, "giant", (1, 2)).unwrap_err()), "egame.game_over");
}
