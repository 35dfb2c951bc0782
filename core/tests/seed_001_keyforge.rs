//! KeyForge (seed 001): one test per step of the damage, destruction and fight charts
//! and per keyword, named after what the seed says and citing the rule id it checks;
//! then the combinations real engines most often get wrong (armor with poison, ward
//! with hazardous, elusive used up by a fight cut short, assault and hazardous in the
//! order the active player picks, simultaneous destruction, amber on a destroyed
//! creature, a Destroyed: ability that destroys another creature), the seed's own
//! example (Dino-Fiend and Faust), decisions resumed across calls, refusals and the
//! skirmish turn.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::keyforge::*;
use common::{illegal_rule, rules};
use fray_core::rulesets::keyforge::KeyforgeStepSetup;
use fray_core::rulesets::keyforge::{KeyforgeActionSetup, KeyforgeSetup};
use fray_core::{ActionError, GameState};

/// Two creatures facing each other on a bare board.
fn duel(
    a: fray_core::rulesets::keyforge::KeyforgeCreatureSetup,
    d: fray_core::rulesets::keyforge::KeyforgeCreatureSetup,
) -> GameState {
    Kb::bare().line(0, vec![a]).line(1, vec![d]).build()
}

// ---------------------------------------------------------------------------
// The damage chart

#[test]
fn damage_step_1_pending_damage_is_put_above_each_creature_at_once() {
    let mut g = duel(cr("a", 3), cr("d", 4));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(
        lines(&events),
        [
            "keyforge.fight.declare: a is exhausted",
            "keyforge.fight.declare: a fights d",
            "keyforge.fight.exchange: a sets 3 pending damage on d, d sets 4 on a",
            "keyforge.damage.pending: a sets 3 pending damage on d",
            "keyforge.damage.pending: d sets 4 pending damage on a",
            "keyforge.damage.apply: a deals 3 damage to d",
            "keyforge.damage.apply: d deals 4 damage to a",
            "keyforge.damage.destroy: a is tagged for destruction",
            "keyforge.destroy.leave_play: a is destroyed",
            "keyforge.fight.end: the fight of a and d ends",
        ]
    );
    assert_eq!(creature(&g, "d").unwrap().damage, 3);
    assert_eq!(kf(&g).sides[0].discard, ["a"]);
}

#[test]
fn damage_step_2_prevention_invulnerable_removes_the_pending_damage() {
    let mut g = duel(cr("a", 3), cr("d", 2).with(|c| c.invulnerable = true));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(lines(&events).contains(&"keyforge.damage.prevent: invulnerable prevents 3 damage to d".to_owned()));
    assert_eq!(creature(&g, "d").unwrap().damage, 0);
    assert_eq!(creature(&g, "a").unwrap().damage, 2);
}

#[test]
fn damage_step_2_prevention_comes_before_the_ward_which_stays() {
    // docs/rules.md: prevention (invulnerable) comes before ward, as the chart orders them.
    let mut g = duel(cr("a", 3), cr("d", 2).ward().with(|c| c.invulnerable = true));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(!rules(&events).contains(&"keyforge.damage.ward"));
    assert!(creature(&g, "d").unwrap().ward, "no damage reached the ward step: the ward stays");
}

#[test]
fn damage_step_3_a_ward_removes_all_pending_damage_and_is_discarded() {
    let mut g = duel(cr("a", 9), cr("d", 2).ward().armor(1));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    assert!(l.contains(&"keyforge.damage.ward: d's ward is discarded".to_owned()));
    assert!(l.contains(&"keyforge.damage.ward: ward prevents 9 damage to d".to_owned()));
    let d = creature(&g, "d").unwrap();
    assert_eq!((d.damage, d.ward, d.armor_used), (0, false, 0), "nothing left for armor to reduce");
}

#[test]
fn damage_step_4_armor_reduces_pending_damage_and_is_spent_for_the_turn() {
    let mut g = Kb::bare().line(0, vec![cr("a", 3), cr("b", 3)]).line(1, vec![cr("d", 9).armor(2)]).build();
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(lines(&events).contains(&"keyforge.damage.armor: armor prevents 2 damage to d".to_owned()));
    let d = creature(&g, "d").unwrap();
    assert_eq!((d.damage, d.armor_used), (1, 2));
    // The second fight this turn meets no armor.
    let events = fight(&mut g, "b", "d", &[]).unwrap();
    assert!(!rules(&events).contains(&"keyforge.damage.armor"));
    assert_eq!(creature(&g, "d").unwrap().damage, 4);
}

#[test]
fn damage_step_5_damage_equal_to_power_tags_the_creature_for_destruction() {
    let mut g = duel(cr("a", 3), cr("d", 3));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(lines(&events).contains(&"keyforge.damage.destroy: d is tagged for destruction".to_owned()));
    assert!(creature(&g, "d").is_none());
}

#[test]
fn damage_step_6_after_damaged_abilities_resolve_after_the_destruction() {
    // The defender survives and its After Damaged ability resolves once the attacker's
    // destruction has finished.
    let husk = cr("d", 5).ability(ab("d.hurt", AFTER_DAMAGED, GAIN_AMBER, 1, CONTROLLER));
    let mut g = duel(cr("a", 2), husk);
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let r = rules(&events);
    let left = r.iter().position(|x| *x == "keyforge.destroy.leave_play").unwrap();
    let after = r.iter().position(|x| *x == "keyforge.ability.after_damaged").unwrap();
    assert!(left < after, "{r:?}");
    assert_eq!(kf(&g).sides[1].amber, 1);
}

#[test]
fn a_creature_destroyed_by_the_damage_does_not_resolve_its_after_damaged_ability() {
    let husk = cr("d", 2).ability(ab("d.hurt", AFTER_DAMAGED, GAIN_AMBER, 1, CONTROLLER));
    let mut g = duel(cr("a", 5), husk);
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(!rules(&events).contains(&"keyforge.ability.after_damaged"));
    assert_eq!(kf(&g).sides[1].amber, 0);
}

// ---------------------------------------------------------------------------
// The destruction chart

#[test]
fn destruction_step_1_a_ward_saves_the_creature_and_is_discarded_instead() {
    let killer = cr("a", 2).ability(ab("a.kill", FIGHT, DESTROY, 0, FOUGHT));
    let mut g = duel(killer, cr("d", 1).ward());
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    // The exchange's damage uses the ward up first; the Fight: destroy then tags it.
    let l = lines(&events);
    assert!(l.contains(&"keyforge.damage.ward: d's ward is discarded".to_owned()), "{l:#?}");
    assert!(l.contains(&"keyforge.destroy.tag: d is tagged for destruction".to_owned()), "{l:#?}");

    let killer = cr("a", 2).ability(ab("a.kill", BEFORE_FIGHT, DESTROY, 0, FOUGHT));
    let mut g = duel(killer, cr("d", 9).ward());
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    assert!(l.contains(&"keyforge.destroy.ward: d's ward is discarded".to_owned()), "{l:#?}");
    assert!(creature(&g, "d").is_some(), "saved by its ward");
}

#[test]
fn destruction_step_2_destroyed_abilities_resolve_in_the_active_players_order() {
    let a = cr("a", 4).ability(ab("a.gone", DESTROYED, GAIN_AMBER, 1, CONTROLLER));
    let d = cr("d", 4).ability(ab("d.gone", DESTROYED, GAIN_AMBER, 2, CONTROLLER));
    let mut g = duel(a, d);
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let setup = setup_of(&g);
    let pending = setup.header.pending.unwrap();
    // Tagged in the order the damage was applied (the attacker's to the defender first).
    assert_eq!((pending.player, pending.kind, pending.options.clone()), (0, 3, vec!["d.gone".into(), "a.gone".into()]));
    assert!(!pending.may_decline);
    assert_eq!(rules(&events).last(), Some(&"keyforge.order"));
    // Both are still in play, tagged, while their Destroyed: abilities wait.
    assert!(creature(&g, "a").is_some() && creature(&g, "d").is_some());
    let events = choose(&mut g, "a.gone").unwrap();
    assert_eq!(
        lines(&events),
        [
            "keyforge.ability.destroyed: a.gone of a resolves",
            "keyforge.effect.amber: 1 amber moves from the supply to player 0",
            "keyforge.ability.destroyed: d.gone of d resolves",
            "keyforge.effect.amber: 2 amber moves from the supply to player 1",
            "keyforge.destroy.leave_play: d is destroyed",
            "keyforge.destroy.leave_play: a is destroyed",
            "keyforge.fight.end: the fight of a and d ends",
        ]
    );
}

#[test]
fn destruction_step_3_tagged_creatures_leave_play_together_into_their_owners_discards() {
    let theirs = cr("a", 4).with(|c| c.owner = 1);
    let mut g = duel(theirs, cr("d", 4));
    fight(&mut g, "a", "d", &[]).unwrap();
    let board = kf(&g);
    assert!(board.sides.iter().all(|s| s.battleline.is_empty()));
    assert_eq!(board.sides[0].discard, Vec::<String>::new());
    // In the order they were tagged (the damage to the defender is applied first).
    assert_eq!(board.sides[1].discard, ["d", "a"], "a belongs to player 1, whatever side it stood on");
}

#[test]
fn destruction_step_4_after_destroyed_abilities_resolve_after_leaving_play() {
    let caller = cr("c", 3).ability(ab("c.grave", AFTER_ANY_DESTROYED, GAIN_AMBER, 1, CONTROLLER));
    let mut g = Kb::bare().line(0, vec![cr("a", 5), caller]).line(1, vec![cr("d", 2)]).build();
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    let left = l.iter().position(|x| x.starts_with("keyforge.destroy.leave_play")).unwrap();
    assert_eq!(l[left + 1], "keyforge.ability.after_destroyed: c.grave of c resolves");
    assert_eq!(kf(&g).sides[0].amber, 1);
}

#[test]
fn a_tagged_creature_cannot_be_tagged_again() {
    // Poison and damage >= power in the same exchange tag it once.
    let mut g = duel(cr("a", 5).with(|c| c.poison = true), cr("d", 3));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(rules(&events).iter().filter(|r| r.contains("destroy") || r.contains("poison")).count(), 2);
    assert_eq!(kf(&g).sides[1].discard, ["d"]);
}

// ---------------------------------------------------------------------------
// The fight chart

#[test]
fn fight_step_1_the_attacker_exhausts_and_chooses_an_enemy_creature() {
    let skirmisher = cr("a", 1).with(|c| c.skirmish = true);
    let mut g = Kb::bare().line(0, vec![skirmisher, cr("b", 1)]).line(1, vec![cr("d", 5)]).build();
    assert_eq!(illegal_rule(fight(&mut g, "a", "b", &[]).unwrap_err()), "keyforge.fight.target");
    fight(&mut g, "a", "d", &[]).unwrap();
    assert!(creature(&g, "a").unwrap().exhausted);
    assert_eq!(illegal_rule(fight(&mut g, "a", "d", &[]).unwrap_err()), "keyforge.use.ready");
}

#[test]
fn fight_step_2_assault_deals_its_damage_to_the_attacked_creature_first() {
    let mut g = duel(cr("a", 2).with(|c| c.assault = 3), cr("d", 3));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(
        lines(&events)[2..],
        [
            "keyforge.keyword.assault: a:assault of a resolves",
            "keyforge.damage.pending: a sets 3 pending damage on d",
            "keyforge.damage.apply: a deals 3 damage to d",
            "keyforge.damage.destroy: d is tagged for destruction",
            "keyforge.destroy.leave_play: d is destroyed",
            "keyforge.fight.cut_short: the fight of a and d ends without an exchange",
        ]
    );
    assert_eq!(creature(&g, "a").unwrap().damage, 0, "d died before the exchange: it dealt nothing");
}

#[test]
fn fight_step_2_hazardous_deals_its_damage_to_the_attacker_first() {
    let mut g = duel(cr("a", 6), cr("d", 3).with(|c| c.hazardous = 2));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    assert_eq!(l[2], "keyforge.keyword.hazardous: d:hazardous of d resolves");
    assert_eq!(l[3], "keyforge.damage.pending: d sets 2 pending damage on a");
    assert_eq!(creature(&g, "a").unwrap().damage, 2 + 3);
}

#[test]
fn fight_step_2_before_fight_abilities_resolve_before_the_exchange() {
    let a = cr("a", 2).ability(ab("a.before", BEFORE_FIGHT, DEAL_DAMAGE, 1, FOUGHT_AND_NEIGHBORS));
    let mut g = Kb::bare().line(0, vec![a]).line(1, vec![cr("x", 3), cr("d", 4), cr("y", 3), cr("z", 3)]).build();
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    assert_eq!(l[2], "keyforge.ability.before_fight: a.before of a resolves");
    let board = kf(&g);
    let damage: Vec<i32> = board.sides[1].battleline.iter().map(|c| c.damage).collect();
    assert_eq!(damage, [1, 1 + 2, 1, 0], "the fought creature and its neighbors, not z");
}

#[test]
fn fight_step_2_the_active_player_orders_assault_hazardous_and_before_fight_together() {
    let a = cr("a", 2).with(|c| c.assault = 1).ability(ab("a.before", BEFORE_FIGHT, GAIN_AMBER, 1, CONTROLLER));
    let mut g = duel(a, cr("d", 9).with(|c| c.hazardous = 1));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let pending = setup_of(&g).header.pending.unwrap();
    assert_eq!(pending.options, ["a:assault", "a.before", "d:hazardous"]);
    assert_eq!(pending.player, 0);
    assert_eq!(rules(&events).last(), Some(&"keyforge.order"));
    // Asked again after each item, while two or more remain.
    let events = choose(&mut g, "d:hazardous").unwrap();
    assert_eq!(setup_of(&g).header.pending.unwrap().options, ["a:assault", "a.before"]);
    assert_eq!(rules(&events)[0], "keyforge.keyword.hazardous");
    let events = choose(&mut g, "a.before").unwrap();
    assert!(setup_of(&g).header.pending.is_none());
    let r = rules(&events);
    assert_eq!(&r[..3], ["keyforge.ability.before_fight", "keyforge.effect.amber", "keyforge.keyword.assault"]);
}

#[test]
fn fight_step_2_if_the_attacked_creature_dies_pending_items_no_longer_resolve_and_there_is_no_exchange() {
    // docs/rules.md: skip to the post-fight step; pending Before Fight items no longer
    // resolve. The attacker's Fight: ability does not resolve; its After Fight: does.
    let a = cr("a", 2)
        .with(|c| c.assault = 5)
        .ability(ab("a.before", BEFORE_FIGHT, GAIN_AMBER, 1, CONTROLLER))
        .ability(ab("a.fight", FIGHT, GAIN_AMBER, 10, CONTROLLER))
        .ability(ab("a.after", AFTER_FIGHT, GAIN_AMBER, 100, CONTROLLER));
    let mut g = duel(a, cr("d", 4));
    fight(&mut g, "a", "d", &["a:assault"]).unwrap();
    let board = kf(&g);
    assert_eq!(board.sides[0].amber, 100, "only After Fight: resolved");
    assert!(board.sides[1].battleline.is_empty());
}

#[test]
fn fight_step_3_both_creatures_deal_damage_equal_to_their_power_simultaneously() {
    let mut g = duel(cr("a", 4), cr("d", 4));
    fight(&mut g, "a", "d", &[]).unwrap();
    let board = kf(&g);
    assert!(board.sides.iter().all(|s| s.battleline.is_empty()), "both die: neither strikes first");
}

#[test]
fn fight_step_4_fight_abilities_resolve_after_the_exchange_when_the_attacker_survives() {
    let a = cr("a", 5).ability(ab("a.fight", FIGHT, CAPTURE_AMBER, 2, SELF));
    let mut g = Kb::bare().line(0, vec![a]).line(1, vec![cr("d", 2)]).amber(1, 3).build();
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    assert!(l.contains(&"keyforge.ability.fight: a.fight of a resolves".to_owned()));
    assert!(l.contains(&"keyforge.effect.amber: 2 amber moves from player 1 to player 0 (a)".to_owned()));
    assert_eq!((creature(&g, "a").unwrap().amber, kf(&g).sides[1].amber), (2, 1));

    // An attacker that dies in the exchange resolves no Fight: ability.
    let a = cr("a", 2).ability(ab("a.fight", FIGHT, GAIN_AMBER, 1, CONTROLLER));
    let mut g = duel(a, cr("d", 5));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(!rules(&events).contains(&"keyforge.ability.fight"));
}

#[test]
fn fight_step_4_fight_and_after_fight_abilities_are_ordered_by_the_active_player() {
    let a = cr("a", 5).ability(ab("a.fight", FIGHT, GAIN_AMBER, 1, CONTROLLER)).ability(ab(
        "a.after",
        AFTER_FIGHT,
        GAIN_AMBER,
        2,
        CONTROLLER,
    ));
    let mut g = duel(a, cr("d", 1));
    fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(setup_of(&g).header.pending.unwrap().options, ["a.fight", "a.after"]);
    let events = choose(&mut g, "a.after").unwrap();
    assert_eq!(rules(&events)[0], "keyforge.ability.after_fight");
    assert_eq!(kf(&g).sides[0].amber, 3);
}

// ---------------------------------------------------------------------------
// Keywords

#[test]
fn taunt_neighbors_cannot_be_chosen_unless_they_have_taunt_too() {
    let taunt = |id| cr(id, 3).with(|c| c.taunt = true);
    let mut g = Kb::bare()
        .line(0, vec![cr("a", 1)])
        .line(1, vec![cr("left", 2), taunt("t"), cr("right", 2), cr("far", 2)])
        .build();
    for shielded in ["left", "right"] {
        assert_eq!(illegal_rule(fight(&mut g.clone(), "a", shielded, &[]).unwrap_err()), "keyforge.keyword.taunt");
    }
    fight(&mut g.clone(), "a", "t", &[]).unwrap();
    fight(&mut g, "a", "far", &[]).unwrap();
    let mut g = Kb::bare().line(0, vec![cr("a", 1)]).line(1, vec![taunt("t1"), taunt("t2")]).build();
    fight(&mut g, "a", "t2", &[]).unwrap();
}

#[test]
fn elusive_the_first_fight_each_turn_exchanges_no_damage_and_uses_it_up() {
    let mut g =
        Kb::bare().line(0, vec![cr("a", 5), cr("b", 5)]).line(1, vec![cr("d", 3).with(|c| c.elusive = true)]).build();
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(
        lines(&events).contains(&"keyforge.keyword.elusive: a sets 0 pending damage on d, d sets 0 on a".to_owned())
    );
    let d = creature(&g, "d").unwrap();
    assert_eq!((d.damage, d.elusive_used), (0, true));
    assert_eq!(creature(&g, "a").unwrap().damage, 0);
    fight(&mut g, "b", "d", &[]).unwrap();
    assert!(creature(&g, "d").is_none(), "the second fight this turn exchanges damage");
}

#[test]
fn elusive_fight_abilities_still_resolve_when_the_exchange_dealt_nothing() {
    // docs/rules.md: Fight: abilities resolve whenever the fight reached the exchange and
    // the attacker survives, even when elusive made it deal no damage.
    let a = cr("a", 2).ability(ab("a.fight", FIGHT, GAIN_AMBER, 1, CONTROLLER));
    let mut g = duel(a, cr("d", 3).with(|c| c.elusive = true));
    fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(kf(&g).sides[0].amber, 1);
}

#[test]
fn skirmish_the_attacker_takes_no_damage_in_the_exchange() {
    let mut g = duel(cr("a", 2).with(|c| c.skirmish = true), cr("d", 9));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(
        lines(&events).contains(&"keyforge.keyword.skirmish: a sets 2 pending damage on d, d sets 0 on a".to_owned())
    );
    assert_eq!(creature(&g, "a").unwrap().damage, 0);
    // Skirmish is only for the exchange: hazardous still hits.
    let mut g = duel(cr("a", 2).with(|c| c.skirmish = true), cr("d", 9).with(|c| c.hazardous = 1));
    fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(creature(&g, "a").unwrap().damage, 1);
}

#[test]
fn poison_power_damage_that_lands_destroys() {
    let mut g = duel(cr("a", 1).with(|c| c.poison = true), cr("d", 9));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(lines(&events).contains(&"keyforge.keyword.poison: d is tagged for destruction".to_owned()));
    assert!(creature(&g, "d").is_none());
}

#[test]
fn poison_does_not_apply_to_assault_damage() {
    let mut g = duel(
        cr("a", 1).with(|c| {
            c.poison = true;
            c.assault = 1;
        }),
        cr("d", 9).ward(),
    );
    // The assault uses up the ward; then the poison power damage lands.
    fight(&mut g, "a", "d", &[]).unwrap();
    assert!(creature(&g, "d").is_none());
    let mut g = duel(
        cr("a", 1).with(|c| {
            c.poison = true;
            c.assault = 1;
        }),
        cr("d", 9).with(|c| c.elusive = true),
    );
    fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(creature(&g, "d").unwrap().damage, 1, "assault damage landed; poison did not destroy");
}

#[test]
fn stun_using_a_stunned_creature_exhausts_it_and_only_removes_the_stun() {
    let mut g = duel(cr("a", 5).with(|c| c.stunned = true), cr("d", 2));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(lines(&events), ["keyforge.stun: a is exhausted", "keyforge.stun: a's stun is removed"]);
    let a = creature(&g, "a").unwrap();
    assert_eq!((a.stunned, a.exhausted), (false, true));
    assert_eq!(creature(&g, "d").unwrap().damage, 0, "no fight happens");
}

// ---------------------------------------------------------------------------
// The combinations real engines most often get wrong

#[test]
fn armor_with_poison_poison_needs_damage_past_the_armor() {
    let mut g = duel(cr("a", 2).with(|c| c.poison = true), cr("d", 9).armor(2));
    fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(creature(&g, "d").unwrap().armor_used, 2, "all absorbed: poison has no effect");
    let mut g = duel(cr("a", 3).with(|c| c.poison = true), cr("d", 9).armor(2));
    fight(&mut g, "a", "d", &[]).unwrap();
    assert!(creature(&g, "d").is_none(), "1 damage got past the armor: destroyed");
}

#[test]
fn ward_with_hazardous_the_hazardous_damage_takes_the_ward_then_the_exchange_lands() {
    let mut g = duel(cr("a", 5).ward(), cr("d", 3).with(|c| c.hazardous = 2));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    let ward = l.iter().position(|x| x == "keyforge.damage.ward: a's ward is discarded").unwrap();
    let exchange = l.iter().position(|x| x.starts_with("keyforge.fight.exchange")).unwrap();
    assert!(ward < exchange, "{l:#?}");
    assert_eq!(creature(&g, "a").unwrap().damage, 3, "only the exchange's damage landed");
}

#[test]
fn elusive_is_used_up_by_a_fight_cut_short() {
    // The attacker dies to hazardous before the exchange; the elusive creature was
    // still chosen to be fought, so the next fight this turn exchanges damage.
    let d = cr("d", 4).with(|c| {
        c.elusive = true;
        c.hazardous = 3;
    });
    let mut g = Kb::bare().line(0, vec![cr("a", 2), cr("b", 5)]).line(1, vec![d]).build();
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert_eq!(rules(&events).last(), Some(&"keyforge.fight.cut_short"));
    assert!(creature(&g, "a").is_none());
    assert!(creature(&g, "d").unwrap().elusive_used);
    fight(&mut g, "b", "d", &[]).unwrap();
    assert!(creature(&g, "d").is_none());
}

#[test]
fn assault_and_hazardous_in_the_order_the_active_player_picks_change_the_result() {
    // Assault 3 kills the defender (power 3) before its hazardous 3 can kill the
    // attacker (power 3), or the other way round.
    let board = || duel(cr("a", 3).with(|c| c.assault = 3), cr("d", 3).with(|c| c.hazardous = 3));
    let mut g = board();
    fight(&mut g, "a", "d", &["a:assault"]).unwrap();
    assert!(creature(&g, "a").is_some() && creature(&g, "d").is_none());
    let mut g = board();
    fight(&mut g, "a", "d", &["d:hazardous"]).unwrap();
    assert!(creature(&g, "a").is_none() && creature(&g, "d").is_some());
}

#[test]
fn simultaneous_destruction_both_leave_play_together_after_every_destroyed_ability() {
    let a = cr("a", 3).ability(ab("a.gone", DESTROYED, DEAL_DAMAGE, 1, EACH_CREATURE));
    let mut g = duel(a, cr("d", 3));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    // The Destroyed: ability resolves while both are still in play (tagged).
    let ability = l.iter().position(|x| x.starts_with("keyforge.ability.destroyed")).unwrap();
    let first_left = l.iter().position(|x| x.starts_with("keyforge.destroy.leave_play")).unwrap();
    assert!(ability < first_left, "{l:#?}");
    assert_eq!(
        l[ability + 1..ability + 3],
        [
            "keyforge.damage.pending: a sets 1 pending damage on a",
            "keyforge.damage.pending: a sets 1 pending damage on d"
        ]
    );
    assert_eq!(
        l[first_left..first_left + 2],
        ["keyforge.destroy.leave_play: d is destroyed", "keyforge.destroy.leave_play: a is destroyed"]
    );
}

#[test]
fn amber_on_a_destroyed_creature_goes_to_its_controllers_opponent() {
    let mut g = duel(cr("a", 5), cr("d", 2).with(|c| c.amber = 3));
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    assert!(lines(&events).contains(&"keyforge.destroy.amber: 3 amber moves from player 1 to player 0 (d)".to_owned()));
    assert_eq!(kf(&g).sides[0].amber, 3);
}

#[test]
fn seed_example_dino_fiend_and_faust_the_destroyed_steal_cannot_take_the_amber_still_on_it() {
    // Your opponent has no amber; your Dino-Fiend has 1 amber on it and fights Faust:
    // both are tagged; Dino-Fiend's Destroyed: steal 1 finds an empty pool; then both
    // leave play and the amber on Dino-Fiend goes to your opponent.
    let dino = cr("dino", 4).with(|c| c.amber = 1).ability(ab("dino.steal", DESTROYED, STEAL_AMBER, 1, CONTROLLER));
    let mut g = duel(dino, cr("faust", 4));
    let events = fight(&mut g, "dino", "faust", &[]).unwrap();
    let l = lines(&events);
    let steal = l.iter().position(|x| x == "keyforge.ability.destroyed: dino.steal of dino resolves").unwrap();
    assert!(l[steal + 1].starts_with("keyforge.destroy.leave_play"), "the steal moved nothing: {l:#?}");
    assert!(l.contains(&"keyforge.destroy.amber: 1 amber moves from player 0 to player 1 (dino)".to_owned()));
    let board = kf(&g);
    assert_eq!((board.sides[0].amber, board.sides[1].amber), (0, 1));
}

#[test]
fn a_destroyed_ability_that_destroys_another_creature_joins_the_same_window() {
    let a = cr("a", 3).ability(ab("a.gone", DESTROYED, DESTROY, 0, EACH_ENEMY));
    let bystander = cr("b", 9).ability(ab("b.gone", DESTROYED, GAIN_AMBER, 1, CONTROLLER));
    let mut g = Kb::bare().line(0, vec![a]).line(1, vec![cr("d", 9), bystander]).build();
    let events = fight(&mut g, "a", "d", &[]).unwrap();
    let l = lines(&events);
    assert!(l.contains(&"keyforge.destroy.tag: d is tagged for destruction".to_owned()), "{l:#?}");
    assert!(l.contains(&"keyforge.destroy.tag: b is tagged for destruction".to_owned()), "{l:#?}");
    // b's Destroyed: ability joined the window, then all three left play together.
    let b_gone = l.iter().position(|x| x.starts_with("keyforge.ability.destroyed: b.gone")).unwrap();
    let left: Vec<&String> = l.iter().filter(|x| x.starts_with("keyforge.destroy.leave_play")).collect();
    assert_eq!(
        left,
        [
            "keyforge.destroy.leave_play: a is destroyed",
            "keyforge.destroy.leave_play: d is destroyed",
            "keyforge.destroy.leave_play: b is destroyed"
        ]
    );
    assert!(b_gone < l.iter().position(|x| x.starts_with("keyforge.destroy.leave_play")).unwrap());
    assert_eq!(kf(&g).sides[1].amber, 1);
}

// ---------------------------------------------------------------------------
// Abilities as data, decisions across calls

#[test]
fn a_chosen_target_is_asked_of_the_abilitys_controller() {
    let sprite = cr("s", 2).ability(ab("s.gone", DESTROYED, DEAL_DAMAGE, 2, CHOSEN));
    let mut g = Kb::bare().line(0, vec![cr("a", 5)]).line(1, vec![sprite, cr("x", 2), cr("y", 3)]).build();
    fight(&mut g, "a", "s", &[]).unwrap();
    let pending = setup_of(&g).header.pending.unwrap();
    assert_eq!((pending.player, pending.kind), (1, 4), "player 1 controls the ability: DECISION_KIND_TARGET");
    assert_eq!(pending.options, ["a", "x", "y"], "creatures in play, not the tagged one");
    let events = choose(&mut g, "x").unwrap();
    assert!(lines(&events).contains(&"keyforge.damage.apply: s deals 2 damage to x".to_owned()));
    assert!(creature(&g, "x").is_none());
}

#[test]
fn a_decision_resumed_in_a_later_call_gives_the_same_events_and_state_as_one_call() {
    let board = || {
        let a = cr("a", 3).with(|c| c.assault = 1).ability(ab("a.before", BEFORE_FIGHT, STUN, 0, CHOSEN));
        Kb::bare().line(0, vec![a]).line(1, vec![cr("d", 4).with(|c| c.hazardous = 1), cr("e", 2)]).build()
    };
    let mut once = board();
    let all = fight(&mut once, "a", "d", &["a.before", "e", "d:hazardous"]).unwrap();
    let mut stepwise = board();
    let mut events = fight(&mut stepwise, "a", "d", &[]).unwrap();
    for answer in ["a.before", "e", "d:hazardous"] {
        // Each pending state goes over the wire as plain data and comes back.
        stepwise = GameState::from_setup(&stepwise.to_setup()).unwrap();
        events.extend(choose(&mut stepwise, answer).unwrap());
    }
    assert_eq!(stepwise, once);
    let no_requests = |es: &[fray_core::Event]| {
        lines(es)
            .into_iter()
            .filter(|l| !l.starts_with("keyforge.order") && !l.starts_with("keyforge.ability.target:"))
            .collect::<Vec<_>>()
    };
    assert_eq!(no_requests(&events), no_requests(&all));
    assert!(creature(&once, "e").unwrap().stunned);
}

#[test]
fn effects_move_amber_ward_stun_and_return_to_hand_as_the_readings_say() {
    let reaper = cr("r", 3)
        .ability(ab("r.steal", REAP, STEAL_AMBER, 2, CONTROLLER))
        .ability(ab("r.lose", REAP, LOSE_AMBER, 1, OPPONENT))
        .ability(ab("r.ward", REAP, GAIN_WARD, 0, SELF))
        .ability(ab("r.back", REAP, RETURN_TO_HAND, 0, EACH_ENEMY));
    let mut g = Kb::bare()
        .line(0, vec![reaper])
        .line(1, vec![cr("x", 2).with(|c| c.amber = 1)])
        .amber(1, 4)
        .phase(EVENT, 3)
        .build();
    g.apply_action(&KeyforgeActionSetup::Reap("r".into()).into(), "action").unwrap();
    for item in ["r.steal", "r.lose", "r.ward"] {
        choose(&mut g, item).unwrap();
    }
    let board = kf(&g);
    // Reap 1, steal 2 (4 -> 2), the opponent loses 1 (2 -> 1), x returns to hand with
    // its 1 amber going to player 0.
    assert_eq!((board.sides[0].amber, board.sides[1].amber), (1 + 2 + 1, 1));
    assert!(board.sides[0].battleline[0].ward);
    assert!(board.sides[1].battleline.is_empty());
    assert_eq!(board.sides[1].hand, ["x"]);
}

// ---------------------------------------------------------------------------
// Refusals and validation

#[test]
fn a_pending_decision_refuses_every_other_action_and_a_bad_answer_names_the_options() {
    let a = cr("a", 2).with(|c| c.assault = 1);
    let mut g = duel(a, cr("d", 9).with(|c| c.hazardous = 1));
    fight(&mut g, "a", "d", &[]).unwrap();
    let before = g.clone();
    assert_eq!(illegal_rule(fight(&mut g, "a", "d", &[]).unwrap_err()), "keyforge.decision.pending");
    let Err(ActionError::Invalid(v)) = choose(&mut g, "nope") else { panic!() };
    assert_eq!(v.0[0].field, "action.choice.option");
    assert!(v.0[0].description.contains("a:assault, d:hazardous"), "{v}");
    assert_eq!(g, before);
}

#[test]
fn a_fight_names_creatures_in_play_and_no_zone() {
    let mut g = duel(cr("a", 2), cr("d", 2));
    let Err(ActionError::Invalid(v)) = fight(&mut g, "ghost", "", &[]) else { panic!() };
    let fields: Vec<&str> = v.0.iter().map(|x| x.field.as_str()).collect();
    assert_eq!(fields, ["strike.attacker", "strike.defender"]);
}

#[test]
fn an_invalid_board_reports_every_problem_with_its_path() {
    let mut s: KeyforgeSetup = Kb::bare()
        .line(0, vec![cr("a", 0), cr("a", 3).with(|c| c.damage = 3)])
        .line(1, vec![cr("d", 2).ability(ab("x", 0, 2, 1, 1))])
        .keys(1, 3)
        .0;
    s.board.as_mut().unwrap().resolution = vec![KeyforgeStepSetup::Missing];
    let Err(fray_core::SetupError::Invalid(v)) = GameState::from_setup(&s.clone().into()) else { panic!() };
    let fields: Vec<&str> = v.0.iter().map(|x| x.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "keyforge.sides[0].battleline[0].power",
            "keyforge.sides[0].battleline[1].id",
            "keyforge.sides[1].keys",
            "keyforge.sides[1].battleline[0].abilities[0].trigger",
            "keyforge.sides[1].battleline[0].abilities[0].target",
            "keyforge.resolution[0]",
            "keyforge.sides[0].battleline[1].damage",
        ],
        "{v}"
    );
}

// ---------------------------------------------------------------------------
// The skirmish turn

#[test]
fn the_turn_forges_a_key_at_six_amber_readies_everything_and_three_keys_win() {
    let mut g = Kb::bare()
        .line(
            0,
            vec![cr("a", 3).with(|c| {
                c.exhausted = true;
                c.armor = 1;
                c.armor_used = 1;
            })],
        )
        .line(1, vec![cr("d", 3).with(|c| c.exhausted = true)])
        .amber(1, 7)
        .keys(1, 2)
        .phase(EVENT, 4)
        .build();
    let events = g.apply_action(&KeyforgeActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(
        lines(&events),
        [
            "keyforge.turn.end: turn 5, player 1: PHASE_BEGIN",
            "keyforge.turn.forge: 6 amber moves from player 1 to the supply",
            "keyforge.turn.forge: player 1 forges a key (3 keys)",
            "keyforge.turn.win: game over: player 1 wins",
        ]
    );
    assert_eq!(setup_of(&g).header.winner, Some(1));
    let a = creature(&g, "a").unwrap();
    assert_eq!((a.exhausted, a.armor_used), (false, 0));
}

// (keyforge.turn.no_progress) KeyForge has no dead position besides the stalemate: a
// creature in play can always reap, and amber forges keys (docs/rules.md).
#[test]
fn the_game_is_a_draw_after_five_rounds_without_progress() {
    // Both players have a creature that could reap; for 10 turns (five rounds) no amber
    // came from the supply, no creature was damaged or left play, no key was forged.
    let board = |count: u32| {
        let mut b = Kb::bare().line(0, vec![cr("a", 3)]).line(1, vec![cr("d", 3)]).amber(1, 2).phase(EVENT, 30);
        b.0.header.turns_without_progress = count;
        b.build()
    };
    let mut g = board(10);
    let events = g.apply_action(&KeyforgeActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(lines(&events), ["keyforge.turn.no_progress: game over: draw"]);
    assert!(g.legal_actions().is_empty());
    // A turn short of it, the next turn begins, counted.
    let mut g = board(9);
    g.apply_action(&KeyforgeActionSetup::EndPhase.into(), "action").unwrap();
    let s = setup_of(&g);
    assert_eq!(
        (s.header.turn, s.header.turns_without_progress, s.header.winner, s.header.phase),
        (31, 10, None, EVENT)
    );
    // A reap gains amber from the supply: progress, the count starts again.
    let mut g = board(10);
    g.apply_action(&KeyforgeActionSetup::Reap("a".into()).into(), "action").unwrap();
    assert_eq!(setup_of(&g).header.turns_without_progress, 0);
    let events = g.apply_action(&KeyforgeActionSetup::EndPhase.into(), "action").unwrap();
    assert!(!lines(&events).iter().any(|l| l.contains("no_progress")), "{events:?}");
    assert_eq!((setup_of(&g).header.turn, setup_of(&g).header.turns_without_progress), (31, 1));
}

#[test]
fn the_skirmish_deals_the_first_players_creatures_exhausted_but_two_and_a_reap_gains_one_amber() {
    // docs/rules.md's turn stands: each ready creature may fight or reap once. KeyForge
    // creatures enter play exhausted, so the deal readies only the first player's
    // leftmost two (keyforge.setup); everything readies at the end of turn 1.
    let GameState::Keyforge(s) = GameState::new_game(3, 4, "mirror").unwrap().0 else { panic!() };
    let ready: Vec<bool> = s.sides[0].battleline.iter().map(|c| !c.exhausted).collect();
    assert_eq!(ready, [true, true, false, false, false]);
    assert!(s.sides[1].battleline.iter().all(|c| !c.exhausted));
    assert_eq!((s.sides[0].amber, s.sides[1].amber), (0, 5));
    let tired = s.sides[0].battleline[2].id.to_string();
    let mut g = GameState::Keyforge(s.clone());
    assert_eq!(
        illegal_rule(g.apply_action(&KeyforgeActionSetup::Reap(tired.clone()).into(), "action").unwrap_err()),
        "keyforge.use.ready"
    );
    // Reap with both ready creatures whose reap asks nothing.
    for c in s.sides[0].battleline.iter().take(2) {
        if c.abilities_on(fray_core::rulesets::keyforge::Trigger::Reap).next().is_none() {
            let events = g.apply_action(&KeyforgeActionSetup::Reap(c.id.to_string()).into(), "action").unwrap();
            assert!(lines(&events).contains(&"keyforge.reap: 1 amber moves from the supply to player 0".to_owned()));
        }
    }
    g.apply_action(&KeyforgeActionSetup::EndPhase.into(), "action").unwrap();
    assert!(kf(&g).sides[0].battleline.iter().all(|c| !c.exhausted), "everything readies at the end of the turn");
}

#[test]
fn a_reap_on_a_bare_board_and_a_fight_outside_the_event_are_refused() {
    let mut g = duel(cr("a", 2), cr("d", 2));
    assert_eq!(
        illegal_rule(g.apply_action(&KeyforgeActionSetup::Reap("a".into()).into(), "action").unwrap_err()),
        "keyforge.turn.bare"
    );
    let mut g = Kb(duel_setup()).phase(BEGIN, 2).build();
    assert_eq!(illegal_rule(fight(&mut g, "a", "d", &[]).unwrap_err()), "keyforge.turn.event_phase");
    let mut g = Kb(duel_setup()).phase(EVENT, 2).active(1).build();
    assert_eq!(illegal_rule(fight(&mut g, "a", "d", &[]).unwrap_err()), "keyforge.turn.active_player");
    let mut g = Kb(duel_setup()).phase(GAME_OVER, 2).build();
    assert_eq!(illegal_rule(fight(&mut g, "a", "d", &[]).unwrap_err()), "keyforge.game_over");
}

fn duel_setup() -> KeyforgeSetup {
    Kb::bare().line(0, vec![cr("a", 2)]).line(1, vec![cr("d", 2)]).0
}

#[test]
fn on_a_bare_board_either_side_may_fight_and_its_controller_orders_the_items() {
    let mut g = Kb::bare()
        .line(0, vec![cr("a", 9).with(|c| c.hazardous = 1)])
        .line(1, vec![cr("d", 2).with(|c| c.assault = 1)])
        .build();
    fight(&mut g, "d", "a", &[]).unwrap();
    let s = setup_of(&g);
    assert_eq!((s.header.active_player, s.header.pending.unwrap().player), (1, 1));
}
