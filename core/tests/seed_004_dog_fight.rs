//! Dog Fight (seed 004): one test per sentence of the rules text, named after it and
//! citing the rule id it checks; then the response order with three and four players,
//! each mitigation layer alone and together, destruction and the win, and refusals.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::dog_fight::*;
use common::lines_of as lines;
use fray_core::game::Game;
use fray_core::rulesets::dog_fight::{DfAction, DogFightState};
use fray_core::state::PlayerId;

/// Two players: player 0's `a` (attack 4) against player 1's `d` (hull 10).
fn duel() -> Db {
    Db::new(2).vessel(ship("a", 0, (0, 0), 4, 5)).vessel(ship("d", 1, (3, 3), 2, 10))
}

fn rules(g: &[fray_core::Event]) -> Vec<&'static str> {
    g.iter().map(|e| e.rule).collect()
}

#[test]
fn sentence_1_a_declared_attack_resolves_even_if_its_attacker_is_destroyed_first() {
    // Return fire (a target response, declared before the damage) destroys the
    // attacker; the attack still resolves.
    let mut g = duel().card(1, card("rf", RETURN_FIRE, 6)).build();
    attack(&mut g, "a", "d").unwrap();
    // Player 1's last card played, their window closes by itself.
    let events = play(&mut g, "rf");
    assert_eq!(
        lines(&events),
        [
            "dogfight.window.target: player 1 plays rf (DOG_FIGHT_EFFECT_RETURN_FIRE 6)",
            "dogfight.window.target: player 1 passes",
            "dogfight.resolve: d deals 6 damage to a",
            "dogfight.destroy: a is destroyed",
            "dogfight.player_out: player 0 is out",
            "dogfight.attack.resolves: a deals 4 damage to d",
            "dogfight.win: game over: player 1 wins",
        ]
    );
    assert_eq!(hull(&g, "d"), Some(6));
}

#[test]
fn sentence_1_the_exception_a_negated_attack_does_not_resolve() {
    let mut g = duel().card(1, card("no", NEGATE, 0)).build();
    attack(&mut g, "a", "d").unwrap();
    let events = play(&mut g, "no");
    assert!(lines(&events).contains(&"dogfight.resolve.negate: a's attack on d fails: negate".to_owned()));
    assert_eq!(hull(&g, "d"), Some(10));
}

#[test]
fn sentence_2_the_target_is_designated_when_the_attack_is_declared() {
    let mut g = duel().card(1, card("ev", EVASIVE, 0)).build();
    let events = attack(&mut g, "a", "d").unwrap();
    assert_eq!(lines(&events)[0], "dogfight.attack.declare: a attacks d (strength 4)");
    let a = g.attack.as_ref().unwrap();
    assert_eq!((a.defender.as_str(), a.strength), ("d", 4));
}

#[test]
fn sentence_3_finalize_your_move_the_attacker_applies_its_modifiers_first() {
    let mut g = duel().card(0, card("dh1", DIRECT_HIT, 2)).card(0, card("dh2", DIRECT_HIT, 3)).build();
    let events = attack(&mut g, "a", "d").unwrap();
    let p = g.pending.as_ref().unwrap();
    assert_eq!((p.player, p.options.len()), (PlayerId(0), 2));
    assert_eq!(rules(&events).last(), Some(&"dogfight.window.attacker"));
    play(&mut g, "dh1");
    let events = play(&mut g, "dh2");
    assert!(lines(&events).contains(&"dogfight.damage.hull: a deals 9 damage to d".to_owned()));
}

#[test]
fn sentence_4_other_players_respond_after_the_modifiers_and_may_modify_the_damage() {
    let mut g = duel().card(0, card("dh", DIRECT_HIT, 2)).card(1, card("ab", ARMOR_BOOST, 3)).build();
    attack(&mut g, "a", "d").unwrap();
    play(&mut g, "dh");
    assert_eq!(g.pending.as_ref().unwrap().player, PlayerId(1), "the target responds after the modifiers");
    let events = play(&mut g, "ab");
    assert_eq!(
        lines(&events)[2..],
        ["dogfight.mitigate: armor of d absorb 3 damage", "dogfight.damage.hull: a deals 3 damage to d"]
    );
}

#[test]
fn sentence_5_a_miss_means_damage_is_not_calculated_evasive_maneuvers() {
    let mut g = duel().card(1, card("ev", EVASIVE, 0)).card(0, card("dh", DIRECT_HIT, 5)).build();
    attack(&mut g, "a", "d").unwrap();
    play(&mut g, "dh");
    let events = play(&mut g, "ev");
    assert_eq!(lines(&events).last().unwrap(), "dogfight.resolve.miss: a's attack on d fails: evasive_maneuvers");
    assert_eq!(hull(&g, "d"), Some(10));
    assert!(g.attack.is_none() && g.pending.is_none());
}

#[test]
fn sentence_6_the_sequence_is_declare_and_target_then_modifiers() {
    let mut g = duel().card(0, card("dh", DIRECT_HIT, 1)).build();
    let events = attack(&mut g, "a", "d").unwrap();
    assert_eq!(rules(&events), ["dogfight.attack.declare", "dogfight.window.attacker"]);
}

#[test]
fn sentence_7_the_targeted_player_plays_all_their_responses_at_once_then_passes() {
    let mut g = duel().card(1, card("ab", ARMOR_BOOST, 1)).card(1, card("rf", RETURN_FIRE, 1)).build();
    let events = attack(&mut g, "a", "d").unwrap();
    // The attacker has no card: its window closes without asking.
    assert_eq!(lines(&events)[1], "dogfight.window.attacker: player 0 passes");
    play(&mut g, "ab");
    assert_eq!(g.pending.as_ref().unwrap().player, PlayerId(1), "asked again");
    play(&mut g, "rf");
    // Nothing left to play: the window closes and the attack resolves.
    assert!(g.pending.is_none());
    assert_eq!((hull(&g, "a"), hull(&g, "d")), (Some(4), Some(7)));
}

#[test]
fn sentence_8_then_the_other_players_respond_in_seat_order_from_the_target() {
    // Four players: 0 attacks 2's vessel; the windows run 0, 2, 3, 1.
    let mut g = Db::new(4)
        .vessel(ship("a", 0, (0, 0), 2, 5))
        .vessel(ship("b", 1, (1, 1), 2, 5))
        .vessel(ship("c", 2, (2, 2), 2, 5))
        .vessel(ship("e", 3, (3, 3), 2, 5))
        .card(1, card("n1", NEGATE, 0))
        .card(2, card("n2", NEGATE, 0))
        .card(3, card("n3", NEGATE, 0))
        .build();
    attack(&mut g, "a", "c").unwrap();
    let mut asked = Vec::new();
    while let Some(p) = g.pending.as_ref() {
        asked.push(p.player.0);
        pass(&mut g);
    }
    assert_eq!(asked, [2, 3, 1]);
    assert_eq!(hull(&g, "c"), Some(3));
    // Three players: 1 attacks 0's vessel; the windows run 1, 0, 2.
    let mut g = Db::new(3)
        .vessel(ship("a", 0, (0, 0), 2, 5))
        .vessel(ship("b", 1, (1, 1), 2, 5))
        .vessel(ship("c", 2, (2, 2), 2, 5))
        .card(0, card("n0", NEGATE, 0))
        .card(1, card("dh", DIRECT_HIT, 1))
        .card(2, card("n2", NEGATE, 0))
        .build();
    g.header.active_player = PlayerId(1);
    attack(&mut g, "b", "a").unwrap();
    let mut asked = Vec::new();
    while let Some(p) = g.pending.as_ref() {
        asked.push(p.player.0);
        pass(&mut g);
    }
    assert_eq!(asked, [1, 0, 2]);
}

#[test]
fn sentence_9_responses_resolve_in_the_order_they_were_declared() {
    // The target's return fire is declared before the third player's negate: the
    // return fire still resolves (damage to the attacker), then the negation stops the
    // attack's damage.
    let mut g = Db::new(3)
        .vessel(ship("a", 0, (0, 0), 4, 9))
        .vessel(ship("d", 1, (1, 1), 2, 9))
        .vessel(ship("x", 2, (2, 2), 2, 9))
        .card(1, card("rf", RETURN_FIRE, 2))
        .card(2, card("no", NEGATE, 0))
        .build();
    attack(&mut g, "a", "d").unwrap();
    play(&mut g, "rf");
    let events = play(&mut g, "no");
    let l = lines(&events);
    let fire = l.iter().position(|x| x == "dogfight.resolve: d deals 2 damage to a").unwrap();
    let negated = l.iter().position(|x| x.starts_with("dogfight.resolve.negate")).unwrap();
    assert!(fire < negated, "{l:#?}");
    assert_eq!((hull(&g, "a"), hull(&g, "d")), (Some(7), Some(9)));
}

#[test]
fn sentence_10_mitigation_shields_then_armor_then_other_absorbers_then_hull() {
    let layered = |shields, armor, absorb| {
        let mut d = ship("d", 1, (3, 3), 2, 20);
        (d.shields, d.armor, d.absorb) = (shields, armor, absorb);
        let mut g = Db::new(2).vessel(ship("a", 0, (0, 0), 10, 5)).vessel(d).build();
        lines(&attack(&mut g, "a", "d").unwrap())[3..].to_vec()
    };
    assert_eq!(
        layered(3, 0, 0),
        ["dogfight.mitigate: shields of d absorb 3 damage", "dogfight.damage.hull: a deals 7 damage to d"]
    );
    assert_eq!(
        layered(0, 4, 0),
        ["dogfight.mitigate: armor of d absorb 4 damage", "dogfight.damage.hull: a deals 6 damage to d"]
    );
    assert_eq!(
        layered(0, 0, 5),
        ["dogfight.mitigate: absorb of d absorb 5 damage", "dogfight.damage.hull: a deals 5 damage to d"]
    );
    assert_eq!(
        layered(3, 4, 5),
        [
            "dogfight.mitigate: shields of d absorb 3 damage",
            "dogfight.mitigate: armor of d absorb 4 damage",
            "dogfight.mitigate: absorb of d absorb 3 damage",
        ],
        "all absorbed: the hull takes nothing"
    );
}

#[test]
fn defenses_are_not_used_up_by_an_attack() {
    let mut d = ship("d", 1, (3, 3), 2, 20);
    d.shields = 2;
    let mut g = Db::new(2).vessel(ship("a", 0, (0, 0), 3, 5)).vessel(ship("b", 0, (1, 0), 3, 5)).vessel(d).build();
    attack(&mut g, "a", "d").unwrap();
    attack(&mut g, "b", "d").unwrap();
    assert_eq!(hull(&g, "d"), Some(18));
}

#[test]
fn a_vessel_is_destroyed_only_when_its_hull_falls_below_zero_and_the_last_player_wins() {
    let mut g = Db::new(2)
        .vessel(ship("a", 0, (0, 0), 5, 5))
        .vessel(ship("b", 0, (1, 0), 1, 5))
        .vessel(ship("d", 1, (3, 3), 2, 5))
        .build();
    attack(&mut g, "a", "d").unwrap();
    assert_eq!(hull(&g, "d"), Some(0), "hull 0 is still in play");
    let events = attack(&mut g, "b", "d").unwrap();
    assert_eq!(
        lines(&events)[3..],
        [
            "dogfight.damage.hull: b deals 1 damage to d",
            "dogfight.destroy: d is destroyed",
            "dogfight.player_out: player 1 is out",
            "dogfight.win: game over: player 0 wins",
        ]
    );
    assert_eq!(g.outcome(), Some(fray_core::Outcome::Win(PlayerId(0))));
}

/// A vessel that takes 2 damage off every attack (shields 1, absorb 1).
fn guarded(id: &str, controller: u32, at: (i32, i32), attack: i32) -> fray_core::rulesets::dog_fight::VesselSetup {
    fray_core::rulesets::dog_fight::VesselSetup { shields: 1, absorb: 1, ..ship(id, controller, at, attack, 3) }
}

/// Three players, each with a vessel of attack 2 behind shields 1 and absorb 1, turn
/// `turn` of a game, player 0 to end it.
fn three_guarded(turn: u32) -> Db {
    let mut b = Db::new(3)
        .vessel(guarded("a", 0, (0, 0), 2))
        .vessel(guarded("b", 1, (4, 0), 2))
        .vessel(guarded("c", 2, (4, 4), 2))
        .card(0, card("no", NEGATE, 0))
        .card(1, card("ev", EVASIVE, 0))
        .card(2, card("ab", ARMOR_BOOST, 2));
    b.0.header.phase = 2;
    b.0.header.turn = turn;
    b
}

fn end_turn(g: &mut DogFightState) -> Vec<fray_core::Event> {
    let mut events = Vec::new();
    g.apply(DfAction::EndPhase, &mut events).unwrap();
    events
}

// (dogfight.turn.dead_position)
#[test]
fn the_game_is_a_draw_when_no_damage_can_ever_reach_a_hull() {
    // Every attack (2) is taken by shields and absorbers (2), nobody holds a Direct Hit
    // or a Return Fire, and no card is ever drawn: nobody can ever go out.
    let mut g = three_guarded(7).build();
    let events = end_turn(&mut g);
    assert_eq!(rules(&events), ["dogfight.turn.next", "dogfight.turn.dead_position"]);
    assert_eq!(g.outcome(), Some(fray_core::Outcome::Draw));
    assert!(g.legal_actions().is_empty());
    // Each of these can still damage a hull, so the game goes on: a Direct Hit (+1 on
    // an attack of 2 against 2), a Return Fire of 3 against an attacker's 2, an attack
    // of 3.
    let goes_on =
        [three_guarded(7).card(1, card("dh", DIRECT_HIT, 1)), three_guarded(7).card(2, card("rf", RETURN_FIRE, 3)), {
            let mut b = three_guarded(7);
            b.board().vessels[2].attack = 3;
            b
        }];
    for b in goes_on {
        let mut g = b.build();
        let events = end_turn(&mut g);
        assert_eq!(rules(&events), ["dogfight.turn.next"]);
        assert_eq!(g.outcome(), None);
    }
}

// (dogfight.turn.no_progress)
#[test]
fn the_game_is_a_draw_after_five_rounds_without_progress() {
    // The vessels can hurt each other (attack 3 against 2), but for five rounds of
    // three players (15 turns) no hull was damaged and no card played.
    let live = |count: u32, out: bool| {
        let mut b = three_guarded(40);
        for v in &mut b.board().vessels {
            v.attack = 3;
        }
        if out {
            b.board().vessels.remove(1);
        }
        b.0.header.turns_without_progress = count;
        b.build()
    };
    assert_eq!(fray_core::game::no_progress_turns(3), 15);
    let mut g = live(15, false);
    assert_eq!(rules(&end_turn(&mut g)), ["dogfight.turn.no_progress"]);
    assert_eq!(g.outcome(), Some(fray_core::Outcome::Draw));
    let mut g = live(14, false);
    assert_eq!(rules(&end_turn(&mut g)), ["dogfight.turn.next"]);
    assert_eq!((g.header.turn, g.header.turns_without_progress, g.outcome()), (41, 15, None));
    // The rounds are of the players still in: with player 1 out, 10 turns are five.
    let mut g = live(10, true);
    assert_eq!(rules(&end_turn(&mut g)), ["dogfight.turn.no_progress"]);
    // A card played is progress (here Evasive Maneuvers: the attack misses).
    let mut g = live(15, false);
    attack(&mut g, "a", "b").unwrap();
    play(&mut g, "ev");
    pass_all(&mut g);
    assert_eq!(hull(&g, "b"), Some(3), "the attack missed");
    assert_eq!(g.header.turns_without_progress, 0);
    assert_eq!(rules(&end_turn(&mut g)), ["dogfight.turn.next"]);
}

#[test]
fn a_player_out_before_a_draw_finished_below_those_still_in() {
    // Turn 60 of three players: player 1 destroys player 0's last vessel, then the turn
    // limit ends the game drawn between players 1 and 2. Player 0 finished last: the
    // draw is shared by the two still in.
    let mut b = Db::new(3).vessel(ship("a", 0, (0, 0), 1, 0)).vessel(ship("b", 1, (4, 0), 1, 9)).vessel(guarded(
        "c",
        2,
        (4, 4),
        0,
    ));
    b.0.header.phase = 2;
    b.0.header.turn = fray_core::game::MAX_TURNS;
    b.0.header.active_player = 1;
    let mut g = b.build();
    let events = attack(&mut g, "b", "a").unwrap();
    assert!(lines(&events).contains(&"dogfight.player_out: player 0 is out".to_owned()), "{events:?}");
    assert_eq!(rules(&end_turn(&mut g)), ["dogfight.turn.limit"]);
    assert_eq!(g.outcome(), Some(fray_core::Outcome::Draw));
    assert_eq!(g.returns().unwrap().as_slice(), [0.0, 0.5, 0.5]);
    // Nobody out: everyone shares it.
    let mut g = three_guarded(fray_core::game::MAX_TURNS).build();
    for v in &mut g.vessels {
        v.attack = 3;
    }
    end_turn(&mut g);
    let share = g.returns().unwrap();
    assert!(share.as_slice().iter().all(|v| (v - 1.0 / 3.0).abs() < 1e-12), "{share:?}");
}

#[test]
fn range_is_the_chebyshev_distance_and_each_vessel_attacks_once_a_turn() {
    let mut a = ship("a", 0, (0, 0), 2, 5);
    a.range = 3;
    let mut g = Db::new(2).vessel(a).vessel(ship("near", 1, (3, 2), 1, 9)).vessel(ship("far", 1, (4, 1), 1, 9)).build();
    g.header.phase = fray_core::state::Phase::Event;
    g.header.turn = 1;
    assert_eq!(attack(&mut g.clone(), "a", "far").unwrap_err().rule, "dogfight.attack.range");
    attack(&mut g, "a", "near").unwrap();
    assert_eq!(attack(&mut g, "a", "near").unwrap_err().rule, "dogfight.attack.target");
    assert_eq!(g.legal_actions(), [DfAction::EndPhase]);
    g.apply(DfAction::EndPhase, &mut Vec::<fray_core::Event>::new()).unwrap();
    assert_eq!((g.header.active_player, g.header.turn), (PlayerId(1), 2));
    assert!(!g.vessels[0].attacked, "ready again");
}

#[test]
fn a_player_with_no_card_they_may_play_is_never_asked() {
    // Player 0 holds only target cards: as the attacker they cannot play them.
    let mut g = duel().card(0, card("ev", EVASIVE, 0)).card(0, card("no", NEGATE, 0)).build();
    let events = attack(&mut g, "a", "d").unwrap();
    assert!(g.pending.is_none(), "{:#?}", lines(&events));
    assert_eq!(hull(&g, "d"), Some(6));
}

#[test]
fn an_attack_stopped_at_a_decision_loads_again_and_resumes_the_same() {
    let board = || duel().card(0, card("dh", DIRECT_HIT, 1)).card(1, card("rf", RETURN_FIRE, 1)).build();
    let mut once = board();
    attack(&mut once, "a", "d").unwrap();
    let mut again = DogFightState::from_setup(&once.to_setup()).unwrap();
    assert_eq!(again, once);
    play(&mut once, "dh");
    play(&mut again, "dh");
    assert_eq!(once, again);
    assert_eq!(DogFightState::from_setup(&once.to_setup()).unwrap(), once);
}

#[test]
fn an_attack_submitted_without_its_strength_hits_with_the_attackers_attack() {
    // A client that builds the waiting attack from the contract's DogFightAttack alone
    // leaves `strength` out (0): it reads as the attacker's attack value, the base
    // damage the server itself stored when the attack was declared.
    let board = || duel().card(1, card("ab", ARMOR_BOOST, 1)).build();
    let mut stored = board();
    attack(&mut stored, "a", "d").unwrap();
    let mut setup = stored.to_setup();
    let sent = setup.board.as_mut().and_then(|b| b.attack.as_mut()).unwrap();
    assert_eq!(sent.strength, 4);
    sent.strength = 0;
    let mut left_out = DogFightState::from_setup(&setup).unwrap();
    assert_eq!(left_out, stored);
    pass_all(&mut stored);
    pass_all(&mut left_out);
    assert_eq!(hull(&left_out, "d"), Some(6));
    assert_eq!(left_out, stored);
}

#[test]
fn invalid_boards_name_every_problem() {
    let mut s =
        Db::new(5).vessel(ship("a", 7, (20, 0), -1, 5)).vessel(ship("a", 0, (0, 0), 1, 5)).card(0, card("x", 9, 0)).0;
    s.header.pending = Some(fray_core::setup::DecisionSetup { kind: 5, ..Default::default() });
    let fray_core::SetupError::Invalid(v) = DogFightState::from_setup(&s).unwrap_err() else { panic!() };
    let fields: Vec<&str> = v.0.iter().map(|x| x.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "dog_fight.sides",
            "dog_fight.vessels[0].controller",
            "dog_fight.vessels[0].x",
            "dog_fight.vessels[0].attack",
            "dog_fight.vessels[1].id",
            "dog_fight.sides[0].hand[0].effect",
            "pending",
        ],
        "{v}"
    );
}

#[test]
fn a_board_too_big_to_list_its_attacks_is_refused_before_it_is_read() {
    let mut s = Db::new(2).0;
    let board = s.board.as_mut().unwrap();
    board.vessels = (0..65).map(|i| ship(&format!("v{i}"), i % 2, (0, 0), 1, 1)).collect();
    let fray_core::SetupError::Invalid(v) = DogFightState::from_setup(&s).unwrap_err() else { panic!() };
    assert_eq!(v.0.len(), 1, "{v}");
    assert_eq!(
        (v.0[0].field.as_str(), v.0[0].description.as_str()),
        ("dog_fight.vessels", "has 65 vessels: at most 64")
    );
    let mut s = Db::new(2).vessel(ship("a", 0, (0, 0), 1, 1)).vessel(ship("b", 1, (1, 0), 1, 1)).0;
    s.board.as_mut().unwrap().sides[1].discard = (0..65).map(|i| card(&format!("c{i}"), DIRECT_HIT, 1)).collect();
    let fray_core::SetupError::Invalid(v) = DogFightState::from_setup(&s).unwrap_err() else { panic!() };
    assert_eq!(v.0[0].field, "dog_fight.sides[1].discard", "{v}");
}

#[test]
fn a_board_without_sides_is_refused_with_its_attack_not_read() {
    for sides in [0, 1, 5] {
        let mut s = Db::new(sides).vessel(ship("a", 0, (0, 0), 1, 1)).0;
        let board = s.board.as_mut().unwrap();
        board.attack = Some(fray_core::rulesets::dog_fight::DogFightAttackSetup {
            attacker: "a".into(),
            defender: "a".into(),
            ..Default::default()
        });
        s.header.pending = Some(fray_core::setup::DecisionSetup { kind: 5, may_decline: true, ..Default::default() });
        let fray_core::SetupError::Invalid(v) = DogFightState::from_setup(&s).unwrap_err() else { panic!() };
        assert!(v.0.iter().any(|x| x.field == "dog_fight.sides"), "{v}");
    }
}
