//! One test per sentence of Castle Rampage (seed 003), named after it and citing the
//! rule id it checks; then the purple cards' docs/rules.md defaults (`castle.effect.*`), the
//! win the moment the last Castle card falls (`castle.attack.win`), and refusals.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::castle::*;
use common::{illegal_rule, rules};
use fray_core::SharedEvent;
use fray_core::rulesets::castle_rampage::event::CastleEvent;
use fray_core::state::PlayerId;
use fray_core::{ActionError, Event, EventKind, GameState};

fn revealed(rule: &'static str, card: &str, structure: &'static str) -> Event {
    Event { rule, kind: EventKind::Castle(CastleEvent::CardRevealed { card: card.into(), structure }) }
}

fn destroyed(rule: &'static str, card: &str) -> Event {
    Event { rule, kind: EventKind::Castle(CastleEvent::CardDestroyed { card: card.into() }) }
}

fn returned(rule: &'static str, card: &str, to: &'static str) -> Event {
    Event { rule, kind: EventKind::Castle(CastleEvent::CardReturned { card: card.into(), to }) }
}

fn ended(rule: &'static str, remaining: i32) -> Event {
    Event { rule, kind: EventKind::Castle(CastleEvent::AttackEnded { remaining }) }
}

fn won(player: u8) -> Event {
    Event {
        rule: "castle.attack.win",
        kind: EventKind::Shared(SharedEvent::GameOver { winner: Some(PlayerId(player)) }),
    }
}

/// Player 1's structures, player 0's hand (one attack card `a` of strength `strength`),
/// and a Castle for player 0 so the board is valid.
fn siege(
    strength: i32,
    gate: Vec<fray_core::rulesets::castle_rampage::CastleCardSetup>,
    castle: Vec<fray_core::rulesets::castle_rampage::CastleCardSetup>,
) -> Cb {
    Cb::bare()
        .hand(0, vec![card("a", strength, 1, 1)])
        .castle(0, vec![card("home", 0, 1, 1)])
        .gate(1, gate)
        .castle(1, castle)
}

// "When you play a card with an attack value, an attack is initiated." (castle.attack.play)
#[test]
fn sentence_01_playing_a_card_with_an_attack_value_initiates_an_attack() {
    let mut g = siege(3, vec![card("g", 0, 5, 5)], vec![card("c", 0, 5, 5)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[0], revealed("castle.attack.target", "g", "gate"));
    assert!(board_of(&g).sides[0].hand.is_empty(), "the attack card was played from the hand");
}

// "... a card with an attack value": a card with attack 0 cannot attack, and the refusal
// changes nothing. (castle.attack.play)
#[test]
fn sentence_01_a_card_without_an_attack_value_cannot_attack() {
    let b = siege(3, vec![], vec![card("c", 0, 5, 5)]).hand(0, vec![card("wall", 0, 6, 8)]);
    let mut g = b.build();
    assert_eq!(illegal_rule(try_attack(&mut g, "wall").unwrap_err()), "castle.attack.play");
    assert_eq!(g, b.build());
}

// "First the opponent's Gate is attacked by revealing the top card." (castle.attack.target)
#[test]
fn sentence_02_the_opponents_gate_is_attacked_first_by_revealing_its_top_card() {
    let mut g = siege(2, vec![card("top", 0, 4, 1), card("below", 0, 1, 1)], vec![card("c", 0, 1, 1)])
        .gate(0, vec![card("mine", 0, 1, 1)])
        .build();
    let events = attack(&mut g, "a");
    assert_eq!(events[0], revealed("castle.attack.target", "top", "gate"));
    assert_eq!(ids(&board_of(&g).sides[0].gate), ["mine"], "never the attacker's own Gate");
}

// "Compare the attack value A of the attack card with the defense value D of the defense
// card": in the Gate, D is the Gate defense. (castle.attack.stronger)
#[test]
fn sentence_03_in_the_gate_the_gate_defense_is_compared() {
    let mut g = siege(3, vec![card("g", 0, 2, 9)], vec![card("c", 0, 9, 9), card("c2", 0, 9, 9)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[1], destroyed("castle.attack.stronger", "g"), "3 > Gate defense 2 (its Castle defense is 9)");
}

// "A<D: The defense card is put back onto the Gate, the attack card is discarded."
// (castle.attack.weaker)
#[test]
fn sentence_04_a_below_d_the_defender_goes_back_onto_the_gate_and_the_attack_card_is_discarded() {
    let mut g = siege(3, vec![card("g", 0, 4, 1), card("g2", 0, 1, 1)], vec![card("c", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(
        events,
        [
            revealed("castle.attack.target", "g", "gate"),
            destroyed("castle.attack.weaker", "a"),
            returned("castle.attack.weaker", "g", "gate"),
            ended("castle.attack.weaker", 3),
        ]
    );
    let b = board_of(&g);
    assert_eq!(ids(&b.sides[1].gate), ["g", "g2"]);
    assert_eq!(ids(&b.discard), ["a"]);
}

// "A=D: Both cards are discarded." (castle.attack.tie)
#[test]
fn sentence_05_a_equal_to_d_both_cards_are_discarded() {
    let mut g = siege(4, vec![card("g", 0, 4, 1)], vec![card("c", 0, 1, 1)]).build();
    attack(&mut g, "a");
    let b = board_of(&g);
    assert_eq!(ids(&b.discard), ["a", "g"]);
    assert!(b.sides[1].gate.is_empty());
}

// "A>D: The defense card is discarded. Then the new attack value is calculated as A-D.
// With that, the next card of the Gate is attacked." (castle.attack.stronger)
#[test]
fn sentence_06_a_above_d_the_defender_is_discarded_and_a_minus_d_attacks_the_next_gate_card() {
    let mut g =
        siege(5, vec![card("g1", 0, 2, 1), card("g2", 0, 3, 1), card("g3", 0, 1, 1)], vec![card("c", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(
        events,
        [
            revealed("castle.attack.target", "g1", "gate"),
            destroyed("castle.attack.stronger", "g1"),
            revealed("castle.attack.stronger", "g2", "gate"),
            // 5 - 2 = 3 against 3: a tie.
            destroyed("castle.attack.tie", "a"),
            destroyed("castle.attack.tie", "g2"),
            ended("castle.attack.tie", 0),
        ]
    );
    assert_eq!(ids(&board_of(&g).sides[1].gate), ["g3"]);
}

// "If the Gate is empty, the remainder of the attack is directed at the Castle."
// (castle.attack.into_castle)
#[test]
fn sentence_07_when_the_gate_is_empty_the_remainder_goes_to_the_castle() {
    let mut g = siege(5, vec![card("g", 0, 2, 9)], vec![card("c1", 0, 9, 2), card("c2", 0, 9, 4)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[2], revealed("castle.attack.into_castle", "c1", "castle"));
    assert_eq!(events[3], destroyed("castle.attack.stronger", "c1"));
    assert_eq!(events[4], revealed("castle.attack.stronger", "c2", "castle"));
    assert_eq!(events.last(), Some(&ended("castle.attack.weaker", 1)));
}

// "If, during an attack, a purple card is destroyed, its effect influences the attack."
// (castle.effect.bomber)
#[test]
fn sentence_08_a_purple_card_destroyed_during_an_attack_influences_it() {
    let mut g =
        siege(9, vec![purple("bomber", 0, 2, 2, BOMBER), card("g2", 0, 1, 1)], vec![card("c", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events.last(), Some(&ended("castle.effect.bomber", 7)));
    assert_eq!(ids(&board_of(&g).sides[1].gate), ["g2"], "the attack stopped at the Bomber");
}

// "Whenever you play a card with an attack value, it initiates an attack against your
// opponent's structures." Player 1 attacks player 0's; only the active player plays.
// (castle.attack.target, castle.turn.active_player)
#[test]
fn sentence_09_the_attack_is_against_the_opponents_structures() {
    let b = Cb::bare()
        .active(1)
        .hand(1, vec![card("b", 3, 1, 1)])
        .hand(0, vec![card("a", 3, 1, 1)])
        .gate(0, vec![card("g0", 0, 5, 5)])
        .castle(0, vec![card("c0", 0, 5, 5)])
        .gate(1, vec![card("g1", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 1)]);
    let mut g = b.build();
    assert_eq!(illegal_rule(try_attack(&mut g, "a").unwrap_err()), "castle.turn.active_player");
    assert_eq!(g, b.build());
    let events = attack(&mut g, "b");
    assert_eq!(events[0], revealed("castle.attack.target", "g0", "gate"));
}

// "If there are cards in the opposing Gate, the attack targets the Gate." — even when the
// Castle would be easier. (castle.attack.target)
#[test]
fn sentence_10_a_gate_with_cards_is_the_target() {
    let mut g = siege(3, vec![card("g", 0, 8, 8)], vec![card("c", 0, 0, 0), card("c2", 0, 0, 0)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[0], revealed("castle.attack.target", "g", "gate"));
    assert_eq!(board_of(&g).sides[1].castle.len(), 2);
}

// "If there are no cards in the Gate, the attack targets the Castle, directly."
// (castle.attack.target)
#[test]
fn sentence_11_with_an_empty_gate_the_castle_is_the_target() {
    let mut g = siege(3, vec![], vec![card("c", 0, 1, 5), card("c2", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[0], revealed("castle.attack.target", "c", "castle"));
}

// "Note: Several cards, e.g. Digger, may change these rules." (castle.effect.digger)
#[test]
fn sentence_12_a_digger_changes_the_target_to_the_castle() {
    let mut g = siege(3, vec![card("g", 0, 1, 1)], vec![card("c", 0, 1, 9)])
        .hand(0, vec![purple("digger", 4, 1, 1, DIGGER)])
        .build();
    let events = attack(&mut g, "digger");
    assert_eq!(events[0], revealed("castle.effect.digger", "c", "castle"));
    assert_eq!(ids(&board_of(&g).sides[1].gate), ["g"], "the Gate is passed by");
}

// "To resolve an attack, reveal the top card of the attacked structure." (castle.attack.target)
#[test]
fn sentence_13_the_top_card_of_the_attacked_structure_is_revealed() {
    let mut g = siege(3, vec![], vec![card("top", 0, 1, 9), card("bottom", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[0], revealed("castle.attack.target", "top", "castle"));
}

// "Compare the Attack Strength to the corresponding Defense Value": in the Castle, the
// Castle defense. (castle.attack.weaker)
#[test]
fn sentence_14_in_the_castle_the_castle_defense_is_compared() {
    let mut g = siege(3, vec![], vec![card("c", 0, 1, 4)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[1], destroyed("castle.attack.weaker", "a"), "3 < Castle defense 4 (its Gate defense is 1)");
}

// "If the Defense Value is higher than the Attack Strength: Destroy the attacking card.
// Place it into the discard pile (Exception: Veteran)." (castle.attack.weaker,
// castle.effect.veteran)
#[test]
fn sentence_15_a_higher_defense_destroys_the_attacking_card_into_the_discard_except_a_veteran() {
    let b = siege(3, vec![card("g", 0, 6, 6)], vec![card("c", 0, 1, 1)])
        .hand(0, vec![card("a", 3, 1, 1), purple("vet", 5, 1, 1, VETERAN)]);
    let mut g = b.build();
    attack(&mut g, "a");
    assert_eq!(ids(&board_of(&g).discard), ["a"]);
    let events = attack(&mut g, "vet");
    assert_eq!(events[1], returned("castle.effect.veteran", "vet", "hand"));
    assert_eq!(ids(&board_of(&g).sides[0].hand), ["vet"]);
    assert_eq!(ids(&board_of(&g).discard), ["a"]);
}

// "Return the defending card to the top of the structure, face down." (castle.attack.weaker)
#[test]
fn sentence_16_the_defending_card_returns_to_the_top_of_its_structure() {
    let mut g = siege(3, vec![], vec![card("c1", 0, 1, 7), card("c2", 0, 1, 1), card("c3", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[2], returned("castle.attack.weaker", "c1", "castle"));
    assert_eq!(ids(&board_of(&g).sides[1].castle), ["c1", "c2", "c3"]);
}

// "The attack has no further effect." Only the attack card moved. (castle.attack.weaker)
#[test]
fn sentence_17_a_failed_attack_has_no_further_effect() {
    let b = siege(3, vec![card("g1", 0, 7, 1), card("g2", 0, 1, 1)], vec![card("c", 0, 1, 1)]);
    let before = b.build();
    let mut g = b.build();
    let events = attack(&mut g, "a");
    assert_eq!(events.len(), 4);
    let (mut b0, b1) = (board_of(&before), board_of(&g));
    // Only who has seen the returned defender changed: both players now know it
    // (castle.hidden.seen).
    assert_eq!(b1.sides[1].gate[0].seen_by, [0, 1]);
    b0.sides[1].gate[0].seen_by = vec![0, 1];
    assert_eq!(b0.sides[1], b1.sides[1], "the defender's structures are as they were");
    assert_eq!(b0.sides[0].castle, b1.sides[0].castle);
}

// "Damage is not “remembered”." A second attack of the same strength meets the full
// defense again. (castle.attack.weaker)
#[test]
fn sentence_18_damage_is_not_remembered() {
    let mut g = siege(5, vec![card("g", 0, 6, 1)], vec![card("c", 0, 1, 1)])
        .hand(0, vec![card("a", 5, 1, 1), card("b", 5, 1, 1)])
        .build();
    assert_eq!(attack(&mut g, "a").last(), Some(&ended("castle.attack.weaker", 5)));
    let events = attack(&mut g, "b");
    assert_eq!(events[1], destroyed("castle.attack.weaker", "b"), "still 5 against 6");
    assert_eq!(ids(&board_of(&g).sides[1].gate), ["g"]);
}

// "If the Defense Value is equal to the Attack Strength: Destroy both, the attacking and
// the defending card. (Place them into the discard pile in any order.)" Fray's order: the
// attacking card first. (castle.attack.tie)
#[test]
fn sentence_19_an_equal_defense_destroys_both_attacking_card_first() {
    let mut g = siege(4, vec![], vec![card("c", 0, 1, 4), card("c2", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(
        events,
        [
            revealed("castle.attack.target", "c", "castle"),
            destroyed("castle.attack.tie", "a"),
            destroyed("castle.attack.tie", "c"),
            ended("castle.attack.tie", 0),
        ]
    );
    assert_eq!(ids(&board_of(&g).discard), ["a", "c"]);
}

// "Do not reveal another card from the attacked structure." (castle.attack.tie)
#[test]
fn sentence_20_after_a_tie_no_other_card_is_revealed() {
    let mut g = siege(4, vec![card("g1", 0, 4, 1), card("g2", 0, 0, 0)], vec![card("c", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    let reveals =
        events.iter().filter(|e| matches!(e.kind, EventKind::Castle(CastleEvent::CardRevealed { .. }))).count();
    assert_eq!(reveals, 1);
    assert_eq!(ids(&board_of(&g).sides[1].gate), ["g2"], "even a defense-0 card stays unrevealed");
}

// "If the Defense Value is lower than the Attack Strength: Destroy the defending card.
// (Place it into the discard pile.)" (castle.attack.stronger)
#[test]
fn sentence_21_a_lower_defense_destroys_the_defending_card_into_the_discard() {
    let mut g = siege(6, vec![card("g", 0, 2, 1)], vec![card("c", 0, 1, 9)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[1], destroyed("castle.attack.stronger", "g"));
    assert_eq!(board_of(&g).discard[0].id, "g");
}

// "Subtract its Defense Value from the Attack Strength." (castle.attack.stronger)
#[test]
fn sentence_22_the_defense_value_is_subtracted_from_the_strength() {
    let mut g = siege(9, vec![card("g", 0, 3, 1)], vec![card("c", 0, 1, 10)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events.last(), Some(&ended("castle.attack.weaker", 6)), "9 - 3 = 6 meets Castle defense 10");
}

// "Then, reveal the next card from the attacked structure and continue the attack with the
// remaining strength, until the attacking card is destroyed or the game ends (see below)."
// (castle.attack.stronger)
#[test]
fn sentence_23_the_attack_goes_on_until_the_attacking_card_is_destroyed() {
    let gate = vec![card("g1", 0, 1, 1), card("g2", 0, 2, 1), card("g3", 0, 3, 1), card("g4", 0, 9, 1)];
    let mut g = siege(10, gate, vec![card("c", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(
        rules(&events),
        [
            "castle.attack.target",
            "castle.attack.stronger",
            "castle.attack.stronger",
            "castle.attack.stronger",
            "castle.attack.stronger",
            "castle.attack.stronger",
            "castle.attack.stronger",
            "castle.attack.weaker",
            "castle.attack.weaker",
            "castle.attack.weaker",
        ]
    );
    assert_eq!(events.last(), Some(&ended("castle.attack.weaker", 4)));
    assert_eq!(ids(&board_of(&g).sides[1].gate), ["g4"]);
}

// "If the last card of the Gate is destroyed in this way, continue with the attack by
// revealing cards from the Castle." (castle.attack.into_castle)
#[test]
fn sentence_24_after_the_last_gate_card_the_attack_reveals_castle_cards() {
    let mut g =
        siege(8, vec![card("g1", 0, 1, 9), card("g2", 0, 1, 9)], vec![card("c1", 0, 9, 2), card("c2", 0, 9, 9)])
            .build();
    let events = attack(&mut g, "a");
    assert_eq!(events[4], revealed("castle.attack.into_castle", "c1", "castle"));
    assert_eq!(events[6], revealed("castle.attack.stronger", "c2", "castle"));
}

// "Note: Some purple cards (Bomber, Saboteur, Spy) have a specific effect, when they are
// destroyed during an attack." — Bomber (castle.effect.bomber): the attacking card is
// destroyed too and the attack ends.
#[test]
fn sentence_25_a_bomber_destroyed_during_an_attack_destroys_the_attacking_card_too() {
    let mut g =
        siege(9, vec![purple("bomber", 0, 2, 2, BOMBER), card("g2", 0, 1, 1)], vec![card("c", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(
        events,
        [
            revealed("castle.attack.target", "bomber", "gate"),
            destroyed("castle.attack.stronger", "bomber"),
            destroyed("castle.effect.bomber", "a"),
            ended("castle.effect.bomber", 7),
        ]
    );
    assert_eq!(ids(&board_of(&g).discard), ["bomber", "a"]);
}

// Saboteur (castle.effect.saboteur): the remaining strength drops by 2 (effect_amount 0).
#[test]
fn sentence_25_a_saboteur_destroyed_during_an_attack_lowers_the_strength_by_2() {
    let mut g = siege(7, vec![purple("sab", 0, 2, 2, SABOTEUR), card("g2", 0, 3, 1)], vec![card("c", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(
        events,
        [
            revealed("castle.attack.target", "sab", "gate"),
            destroyed("castle.attack.stronger", "sab"),
            revealed("castle.effect.saboteur", "g2", "gate"),
            // 7 - 2 - 2 = 3 against 3: a tie (without the Saboteur, 5 would have won).
            destroyed("castle.attack.tie", "a"),
            destroyed("castle.attack.tie", "g2"),
            ended("castle.attack.tie", 0),
        ]
    );
}

// Saboteur with an effect_amount: that much. (castle.effect.saboteur)
#[test]
fn sentence_25_a_saboteurs_effect_amount_sets_the_drop() {
    let mut sab = purple("sab", 0, 1, 1, SABOTEUR);
    sab.effect_amount = 4;
    let mut g = siege(9, vec![sab], vec![card("c", 0, 1, 5), card("c2", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    // 9 - 1 - 4 = 4 against Castle defense 5.
    assert_eq!(events.last(), Some(&ended("castle.attack.weaker", 4)));
}

// Saboteur bringing the strength to 0 or below: the attack ends and the attacking card is
// destroyed. (castle.effect.saboteur)
#[test]
fn sentence_25_a_saboteur_that_drops_the_strength_to_zero_ends_the_attack() {
    let mut g = siege(3, vec![purple("sab", 0, 2, 2, SABOTEUR), card("g2", 0, 0, 0)], vec![card("c", 0, 1, 1)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(
        events[2..],
        [destroyed("castle.effect.saboteur", "a"), ended("castle.effect.saboteur", 0)],
        "3 - 2 - 2 < 0: no further card"
    );
    assert_eq!(ids(&board_of(&g).sides[1].gate), ["g2"]);
}

// Spy (castle.effect.spy): destroyed in the Gate, the attack skips the rest of the Gate.
#[test]
fn sentence_25_a_spy_destroyed_in_the_gate_sends_the_attack_into_the_castle() {
    let mut g = siege(
        6,
        vec![purple("spy", 0, 1, 1, SPY), card("g2", 0, 1, 1)],
        vec![card("c1", 0, 9, 3), card("c2", 0, 9, 9)],
    )
    .build();
    let events = attack(&mut g, "a");
    assert_eq!(events[2], revealed("castle.effect.spy", "c1", "castle"));
    assert_eq!(events[3], destroyed("castle.attack.stronger", "c1"));
    assert_eq!(ids(&board_of(&g).sides[1].gate), ["g2"], "the rest of the Gate stays");
}

// A Spy destroyed in the Castle has no effect (there is no Gate left to skip).
// (castle.effect.spy: Gate only)
#[test]
fn sentence_25_a_spy_destroyed_in_the_castle_has_no_effect() {
    let mut g = siege(6, vec![], vec![purple("spy", 0, 1, 1, SPY), card("c2", 0, 9, 9)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(events[2], revealed("castle.attack.stronger", "c2", "castle"));
}

// "Their effect is not triggered if the card is revealed in any other way or when it is
// discarded." A purple defender that holds (A < D) is revealed and returned: no effect.
#[test]
fn sentence_26_a_purple_card_that_is_only_revealed_has_no_effect() {
    for effect in [BOMBER, SABOTEUR, SPY] {
        let mut g = siege(3, vec![purple("p", 0, 5, 5, effect), card("g2", 0, 1, 1)], vec![card("c", 0, 1, 1)]).build();
        let events = attack(&mut g, "a");
        assert!(rules(&events).iter().all(|r| !r.starts_with("castle.effect")), "{effect}: {events:?}");
        assert_eq!(ids(&board_of(&g).sides[1].gate), ["p", "g2"]);
    }
}

// "... or when it is discarded": on a tie the attack stops with both cards discarded; a
// purple defender's effect is not told (it would change nothing: the attacking card is
// gone and no card is revealed; a Spy does not send the attack on into the Castle).
#[test]
fn sentence_26_a_purple_card_discarded_on_a_tie_has_no_effect() {
    for effect in [BOMBER, SABOTEUR, SPY] {
        let mut g = siege(4, vec![purple("p", 0, 4, 4, effect), card("g2", 0, 1, 1)], vec![card("c", 0, 1, 1)]).build();
        let events = attack(&mut g, "a");
        assert_eq!(
            events,
            [
                revealed("castle.attack.target", "p", "gate"),
                destroyed("castle.attack.tie", "a"),
                destroyed("castle.attack.tie", "p"),
                ended("castle.attack.tie", 0),
            ],
            "{effect}"
        );
    }
}

// "... or when it is discarded": a purple card destroyed as the attacking card has no
// effect (the attack is over when it falls).
#[test]
fn sentence_26_a_purple_attacking_card_that_is_destroyed_has_no_effect() {
    for effect in [BOMBER, SABOTEUR, SPY] {
        let mut g = siege(1, vec![card("g", 0, 5, 1), card("g2", 0, 1, 1)], vec![card("c", 0, 1, 1)])
            .hand(0, vec![purple("p", 2, 1, 1, effect)])
            .build();
        let events = attack(&mut g, "p");
        assert_eq!(
            rules(&events),
            ["castle.attack.target", "castle.attack.weaker", "castle.attack.weaker", "castle.attack.weaker"]
        );
    }
}

// The example: "It’s Anton’s turn. He plays a card and initiates an Attack with Strength 9
// against Beatrix’ Gate. She reveals a Defense Value of 4 and discards that card. The
// remaining Attack Strength is 5 (9-4). As this was the last card at her Gate, Beatrix now
// reveals a card from the Castle, an Ogre, with a defense value of 6. The remaining Attack
// Strength is lower and thus the attacking card is destroyed. Then, Beatrix places her
// defending Ogre face down back on top of her Castle."
#[test]
fn example_anton_attacks_with_9_through_a_gate_of_4_and_fails_against_the_ogre() {
    let mut g = worked_example();
    let events = attack(&mut g, "anton-9");
    assert_eq!(
        events,
        [
            revealed("castle.attack.target", "gate-4", "gate"),
            destroyed("castle.attack.stronger", "gate-4"),
            revealed("castle.attack.into_castle", "ogre", "castle"),
            destroyed("castle.attack.weaker", "anton-9"),
            returned("castle.attack.weaker", "ogre", "castle"),
            ended("castle.attack.weaker", 5),
        ]
    );
    let b = board_of(&g);
    assert!(b.sides[1].gate.is_empty());
    assert_eq!(ids(&b.sides[1].castle), ["ogre", "tower"], "the Ogre is back on top");
    assert_eq!(ids(&b.discard), ["gate-4", "anton-9"]);
}

// docs/rules.md: Veteran — "when the defense is higher (it loses), it returns to its owner's
// hand instead (on a tie it is discarded like any card)". (castle.effect.veteran)
#[test]
fn rules_a_veteran_that_loses_returns_to_its_owners_hand_and_the_defender_returns_too() {
    let mut g = siege(1, vec![card("g", 0, 2, 1), card("g2", 0, 4, 1)], vec![card("c", 0, 1, 1)])
        .hand(0, vec![purple("vet", 5, 3, 4, VETERAN)])
        .build();
    let events = attack(&mut g, "vet");
    assert_eq!(
        events[2..],
        [
            revealed("castle.attack.stronger", "g2", "gate"),
            returned("castle.effect.veteran", "vet", "hand"),
            returned("castle.attack.weaker", "g2", "gate"),
            ended("castle.attack.weaker", 3),
        ]
    );
    let b = board_of(&g);
    assert_eq!(ids(&b.sides[0].hand), ["vet"]);
    assert_eq!(ids(&b.discard), ["g"]);
}

#[test]
fn rules_a_veteran_on_a_tie_is_discarded_like_any_card() {
    let mut g = siege(1, vec![card("g", 0, 5, 1)], vec![card("c", 0, 1, 1)])
        .hand(0, vec![purple("vet", 5, 3, 4, VETERAN)])
        .build();
    let events = attack(&mut g, "vet");
    assert_eq!(events[1], destroyed("castle.attack.tie", "vet"));
    assert!(board_of(&g).sides[0].hand.is_empty());
}

// Fray reading: a Bomber or a Saboteur destroys a Veteran like any attacking card (it
// returns only when a revealed defense is higher). (castle.effect.bomber)
#[test]
fn rules_a_veteran_destroyed_by_a_bomber_or_a_saboteur_is_discarded() {
    for (effect, rule) in [(BOMBER, "castle.effect.bomber"), (SABOTEUR, "castle.effect.saboteur")] {
        let mut g = siege(1, vec![purple("p", 0, 3, 3, effect), card("g2", 0, 1, 1)], vec![card("c", 0, 1, 1)])
            .hand(0, vec![purple("vet", 5, 3, 4, VETERAN)])
            .build();
        let events = attack(&mut g, "vet");
        assert_eq!(events[2], destroyed(rule, "vet"));
        assert!(board_of(&g).sides[0].hand.is_empty());
    }
}

// docs/rules.md: Digger — "its attack targets the Castle even while the Gate has cards"; with an
// empty Gate it attacks the Castle as any card does. (castle.effect.digger)
#[test]
fn rules_a_digger_attacks_the_castle_past_a_full_gate() {
    let mut g = siege(1, vec![card("g", 0, 0, 0)], vec![card("c1", 0, 9, 1), card("c2", 0, 9, 9)])
        .hand(0, vec![purple("digger", 4, 1, 1, DIGGER)])
        .build();
    let events = attack(&mut g, "digger");
    assert_eq!(
        events,
        [
            revealed("castle.effect.digger", "c1", "castle"),
            destroyed("castle.attack.stronger", "c1"),
            revealed("castle.attack.stronger", "c2", "castle"),
            destroyed("castle.attack.weaker", "digger"),
            returned("castle.attack.weaker", "c2", "castle"),
            ended("castle.attack.weaker", 3),
        ]
    );
    let mut g = siege(1, vec![], vec![card("c1", 0, 9, 9)]).hand(0, vec![purple("digger", 4, 1, 1, DIGGER)]).build();
    assert_eq!(attack(&mut g, "digger")[0], revealed("castle.attack.target", "c1", "castle"));
}

// "... until the attacking card is destroyed or the game ends": destroying the opponent's
// last Castle card wins at once; the attack card goes to the discard. (castle.attack.win)
#[test]
fn rules_destroying_the_last_castle_card_wins_at_once() {
    let b = siege(9, vec![card("g", 0, 2, 1)], vec![card("c", 0, 1, 3)])
        .phase(EVENT, 4)
        .hand(0, vec![card("a", 9, 1, 1), card("b", 2, 1, 1)]);
    let mut g = b.build();
    let events = attack(&mut g, "a");
    assert_eq!(
        events,
        [
            revealed("castle.attack.target", "g", "gate"),
            destroyed("castle.attack.stronger", "g"),
            revealed("castle.attack.into_castle", "c", "castle"),
            destroyed("castle.attack.stronger", "c"),
            ended("castle.attack.win", 4),
            won(0),
        ]
    );
    let s = setup_of(&g);
    assert_eq!((s.header.phase, s.header.winner), (GAME_OVER, Some(0)));
    assert_eq!(ids(&board_of(&g).discard), ["g", "c", "a"]);
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.to_move(), None);
    let before = g.clone();
    assert_eq!(illegal_rule(try_attack(&mut g, "b").unwrap_err()), "castle.game_over");
    assert_eq!(g, before);
}

// A tie on the last Castle card destroys it too: the game is won. (castle.attack.tie,
// castle.attack.win)
#[test]
fn rules_a_tie_on_the_last_castle_card_wins() {
    let mut g = siege(3, vec![], vec![card("c", 0, 1, 3)]).build();
    let events = attack(&mut g, "a");
    assert_eq!(
        events[1..],
        [
            destroyed("castle.attack.tie", "a"),
            destroyed("castle.attack.tie", "c"),
            ended("castle.attack.win", 0),
            won(0)
        ]
    );
    assert_eq!(ids(&board_of(&g).discard), ["a", "c"]);
}

// The game ends at once: a purple last Castle card's own effect does not resolve (a
// Bomber's would only destroy the attack card, which is discarded anyway).
// (castle.attack.win)
#[test]
fn rules_the_win_comes_before_the_last_castle_cards_effect() {
    for effect in [BOMBER, SABOTEUR] {
        let mut g = siege(5, vec![], vec![purple("p", 0, 1, 1, effect)]).build();
        let events = attack(&mut g, "a");
        assert_eq!(events[1..], [destroyed("castle.attack.stronger", "p"), ended("castle.attack.win", 4), won(0)]);
    }
}

// Fray reading: a refused action changes nothing, whatever refused it.
#[test]
fn rules_a_refused_attack_changes_nothing() {
    let b = siege(3, vec![], vec![card("c", 0, 1, 1)]).hand(1, vec![card("theirs", 3, 1, 1)]).phase(DEPLOYMENT, 2);
    let mut g = b.build();
    assert_eq!(illegal_rule(try_attack(&mut g, "a").unwrap_err()), "castle.turn.event_phase");
    assert_eq!(g, b.build());
    let mut g = siege(3, vec![], vec![card("c", 0, 1, 1)]).build();
    let before = g.clone();
    let Err(ActionError::Invalid(v)) = try_attack(&mut g, "c") else { panic!() };
    assert_eq!(v.0[0].field, "strike.attacker");
    assert!(v.0[0].description.contains("not in a hand"), "{v}");
    let Err(ActionError::Invalid(v)) = try_attack(&mut g, "nothing") else { panic!() };
    assert!(v.0[0].description.contains("names no card"), "{v}");
    assert_eq!(g, before);
}

// A GameState round trip through plain data keeps a mid-game board exactly.
#[test]
fn rules_a_board_after_an_attack_round_trips() {
    let mut g = siege(9, vec![card("g", 0, 2, 1)], vec![card("c", 0, 1, 9)]).build();
    attack(&mut g, "a");
    assert_eq!(GameState::from_setup(&g.to_setup()).unwrap(), g);
}
