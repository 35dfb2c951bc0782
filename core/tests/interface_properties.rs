//! Properties of the [`Game`] interface, written once, generic over `G: Game`, and run
//! for every ruleset with a skirmish in the catalogue (e:game, Dimensional Rift,
//! KeyForge, Castle Rampage) through random games: determinism, a refused action changes
//! nothing, someone is to move exactly when an action is legal, a finished game has no
//! legal action, returns and heuristics sum as documented, a determinized world keeps
//! what its viewer sees, and each seat's view of the state and of the events tells them
//! what they may see and nothing else. Then per-ruleset bookkeeping: Castle Rampage's
//! stacks change only by the rules; KeyForge's amber and creatures change only as the
//! events say.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::collections::BTreeSet;

use fray_core::event::Discard;
use fray_core::game::Game;
use fray_core::rulesets::castle_rampage::{CastleAction, CastleCard, CastleState};
use fray_core::rulesets::dog_fight::{self, DogFightState};
use fray_core::rulesets::keyforge::KeyforgeState;
use fray_core::rulesets::keyforge::event::KfEvent;
use fray_core::state::PlayerId;
use fray_core::{Event, EventKind, GameState, GameVisitor, Registered, StateSetup, Voice};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A random skirmish of any ruleset the catalogue deals games of: (state, seed).
fn any_game() -> impl Strategy<Value = (GameState, u64)> {
    let dealt: Vec<(i32, Vec<&'static str>)> = fray_core::rulesets::catalogue()
        .into_iter()
        .filter(|r| !r.scenarios.is_empty())
        .map(|r| (r.ruleset.wire(), r.scenarios.iter().map(|s| s.name).collect()))
        .collect();
    assert!(dealt.len() >= 4, "e:game, Dimensional Rift, KeyForge and Castle Rampage deal games");
    (any::<prop::sample::Index>(), any::<u64>(), any::<prop::sample::Index>()).prop_map(move |(r, seed, pick)| {
        let (ruleset, names) = &dealt[r.index(dealt.len())];
        let name = names[pick.index(names.len())];
        (GameState::new_game(*ruleset, seed, name).unwrap().0, seed)
    })
}

fn picks() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..80)
}

/// Plays `picks` (indices into the legal actions, modulo their count).
fn play<G: fray_core::Registered>(mut g: G, picks: &[u16]) -> (G, Vec<Event>) {
    let mut events = Vec::new();
    let mut legal = Vec::new();
    for &p in picks {
        legal.clear();
        g.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        g.apply(legal[usize::from(p) % legal.len()], &mut events).unwrap();
    }
    (g, events)
}

/// Runs one generic property on whichever ruleset the state holds.
struct Check<F>(F, Vec<u16>, Vec<u16>, u64);

/// A property over a game's start, two lists of picks and a seed.
trait Property {
    fn check<G: fray_core::Registered>(&self, start: &G, a: &[u16], b: &[u16], seed: u64) -> Result<(), TestCaseError>;
}

impl<P: Property> GameVisitor for Check<P> {
    type Output = Result<(), TestCaseError>;
    fn visit<G: fray_core::Registered>(self, game: &G) -> Self::Output {
        self.0.check(game, &self.1, &self.2, self.3)
    }
}

fn run<P: Property>(p: P, game: &GameState, a: Vec<u16>, b: Vec<u16>, seed: u64) -> Result<(), TestCaseError> {
    game.visit(Check(p, a, b, seed))
}

/// The same actions give the same states and the same events; recording events or not
/// gives the same state.
struct Deterministic;
impl Property for Deterministic {
    fn check<G: fray_core::Registered>(&self, start: &G, a: &[u16], _: &[u16], _: u64) -> Result<(), TestCaseError> {
        let first = play(start.clone(), a);
        prop_assert_eq!(&first, &play(start.clone(), a));
        let mut quiet = start.clone();
        let mut legal = Vec::new();
        for &p in a {
            legal.clear();
            quiet.legal_actions_into(&mut legal);
            if legal.is_empty() {
                break;
            }
            quiet.apply(legal[usize::from(p) % legal.len()], &mut Discard).unwrap();
        }
        prop_assert_eq!(&quiet, &first.0);
        Ok(())
    }
}

/// Actions taken from another point of the same game: applied here, each one either
/// applies or is refused and changes nothing.
struct RefusedChangesNothing;
impl Property for RefusedChangesNothing {
    fn check<G: fray_core::Registered>(&self, start: &G, a: &[u16], b: &[u16], _: u64) -> Result<(), TestCaseError> {
        let (here, _) = play(start.clone(), a);
        let (there, _) = play(start.clone(), b);
        let mut foreign = there.legal_actions();
        foreign.extend(start.legal_actions());
        for action in foreign {
            let mut g = here.clone();
            let mut events: Vec<Event> = Vec::new();
            if g.apply(action, &mut events).is_err() {
                prop_assert_eq!(&g, &here);
                prop_assert!(events.is_empty());
            }
        }
        Ok(())
    }
}

/// Along a game: `to_move` is Some exactly when an action is legal, a finished game has no
/// legal action, and returns and heuristics are zero-sum (two players) in [-1, 1], the
/// heuristic equal to the returns once over.
struct MoveAndReturns;
impl Property for MoveAndReturns {
    fn check<G: fray_core::Registered>(&self, start: &G, a: &[u16], _: &[u16], _: u64) -> Result<(), TestCaseError> {
        let mut g = start.clone();
        let mut legal = Vec::new();
        for &p in a.iter().chain(std::iter::once(&0)) {
            legal.clear();
            g.legal_actions_into(&mut legal);
            prop_assert_eq!(g.to_move().is_some(), !legal.is_empty());
            if g.outcome().is_some() {
                prop_assert!(legal.is_empty());
            }
            let h = g.heuristic();
            prop_assert_eq!(h.players(), g.num_players());
            prop_assert!(h.as_slice().iter().all(|v| (-1.0..=1.0).contains(v)), "{:?}", h);
            // Two players: zero-sum; more: the values sum to 1 (win 1, loss 0).
            let sum = if g.num_players() == 2 { 0.0 } else { 1.0 };
            prop_assert!((h.as_slice().iter().sum::<f64>() - sum).abs() < 1e-9, "sum {}: {:?}", sum, h);
            match g.returns() {
                Some(r) => {
                    prop_assert!((r.as_slice().iter().sum::<f64>() - sum).abs() < 1e-9);
                    prop_assert_eq!(r, h);
                }
                None => prop_assert!(g.outcome().is_none()),
            }
            if legal.is_empty() {
                break;
            }
            g.apply(legal[usize::from(p) % legal.len()], &mut Discard).unwrap();
        }
        Ok(())
    }
}

/// A determinized world shows its viewer exactly what the real state shows them, and the
/// player to move has the same legal actions in it; a known world
/// ([`Game::determinize_known`]) does so for every player at once.
struct DeterminizeKeepsTheView;
impl Property for DeterminizeKeepsTheView {
    fn check<G: fray_core::Registered>(&self, start: &G, a: &[u16], _: &[u16], seed: u64) -> Result<(), TestCaseError> {
        let (g, _) = play(start.clone(), a);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let setups = |s: &G| s.legal_actions().into_iter().map(|x| s.action_setup(x)).collect::<Vec<_>>();
        for viewer in (0..g.num_players()).map(|p| PlayerId(p as u8)) {
            let world = g.determinize(viewer, &mut rng);
            prop_assert_eq!(world.observation(viewer), g.observation(viewer));
            prop_assert_eq!(world.to_move(), g.to_move());
            prop_assert_eq!(world.outcome(), g.outcome());
            if !g.has_hidden(viewer) {
                prop_assert_eq!(&world, &g);
            }
            if g.to_move() == Some(viewer) {
                prop_assert_eq!(setups(&world), setups(&g));
            }
        }
        let known = g.determinize_known(&mut rng);
        for viewer in (0..g.num_players()).map(|p| PlayerId(p as u8)) {
            prop_assert_eq!(known.observation(viewer), g.observation(viewer));
        }
        prop_assert_eq!(known.to_move(), g.to_move());
        prop_assert_eq!(known.outcome(), g.outcome());
        prop_assert_eq!(setups(&known), setups(&g));
        Ok(())
    }
}

/// What seat `s` sees of the cards of a state, read off its plain data by the rules'
/// hidden-information sections (docs/rules.md: `egame.hidden`, `castle.hidden.seen`,
/// `dogfight.hidden`; KeyForge hides nothing), not by [`Game::observation`]: the test's
/// own account, which the views are held to.
#[derive(Debug, Default)]
struct Sight {
    /// Each card `s` may see, at its place: `place=id name`.
    seen: Vec<String>,
    /// The names of the cards in `seen`.
    seen_names: BTreeSet<String>,
    /// The ids of the cards hidden from `s`: the opponents' hands and decks, the cards
    /// of the stacks and the draw pile `s` has not seen. Not `s`'s own deck in the zone
    /// game: `s` knows its contents, only its order is hidden. Not a face-down
    /// creature's id either: it is on the table, only its card is hidden.
    hidden_ids: BTreeSet<String>,
    /// The names of the cards hidden from `s` (a face-down creature's included).
    hidden_names: BTreeSet<String>,
}

impl Sight {
    fn see(&mut self, place: String, id: &str, name: &str) {
        self.seen.push(format!("{place}={id} {name}"));
        self.seen_names.insert(name.to_owned());
    }

    fn hide(&mut self, id: &str, name: &str) {
        if !id.is_empty() {
            self.hidden_ids.insert(id.to_owned());
        }
        self.hidden_names.insert(name.to_owned());
    }
}

/// [`Sight`] of `game` for seat `s`.
fn sight<G: Registered>(game: &G, s: PlayerId) -> Sight {
    let me = u32::from(s.0);
    let mut out = Sight::default();
    match G::wrap_setup(game.to_setup()) {
        StateSetup::Zone(z) => {
            for (i, p) in z.players.iter().enumerate() {
                let mine = i == s.index();
                for (k, c) in p.hand.iter().enumerate() {
                    if mine { out.see(format!("p{i}.hand[{k}]"), &c.id, &c.name) } else { out.hide(&c.id, &c.name) }
                }
                for c in p.deck.iter().filter(|_| !mine) {
                    out.hide(&c.id, &c.name);
                }
                for (k, c) in p.graveyard.iter().enumerate() {
                    out.see(format!("p{i}.graveyard[{k}]"), &c.id, &c.name);
                }
            }
            for c in &z.creatures {
                let place = format!("zone {:?}", c.zone.as_ref().map(|z| (z.player, z.index)));
                if c.face_down && c.controller != me {
                    out.seen.push(format!("{place}={} face down", c.id));
                    out.hidden_names.insert(c.name.clone());
                } else {
                    out.see(place, &c.id, &c.name);
                }
            }
        }
        StateSetup::Castle(c) => {
            let Some(b) = c.board else { return out };
            let mut pile =
                |place: String, cards: &[fray_core::rulesets::castle_rampage::CastleCardSetup], open: bool| {
                    for (k, c) in cards.iter().enumerate() {
                        if open || c.seen_by.contains(&me) {
                            out.see(format!("{place}[{k}]"), &c.id, &c.name);
                        } else {
                            out.hide(&c.id, &c.name);
                        }
                    }
                };
            for (i, side) in b.sides.iter().enumerate() {
                pile(format!("p{i}.hand"), &side.hand, i == s.index());
                pile(format!("p{i}.gate"), &side.gate, false);
                pile(format!("p{i}.castle"), &side.castle, false);
            }
            pile("draw".into(), &b.draw_pile, false);
            pile("discard".into(), &b.discard, true);
        }
        StateSetup::DogFight(d) => {
            let Some(b) = d.board else { return out };
            for (i, side) in b.sides.iter().enumerate() {
                for (k, c) in side.hand.iter().enumerate() {
                    if i == s.index() {
                        out.see(format!("p{i}.hand[{k}]"), &c.id, &c.name)
                    } else {
                        out.hide(&c.id, &c.name)
                    }
                }
                for (k, c) in side.discard.iter().enumerate() {
                    out.see(format!("p{i}.discard[{k}]"), &c.id, &c.name);
                }
            }
        }
        // Nothing is hidden: the whole state is seen.
        StateSetup::Keyforge(k) => out.seen.push(format!("{k:?}")),
    }
    out
}

/// Each seat's view of the state ([`Game::observation`]) and of the events
/// ([`Game::event_view`]), along a random game, for every seat `s` at every step:
///
/// (a) Worlds `s` cannot tell apart give `s` the same views. `w` = the state
///     determinized for `s` has `s`'s observation; the same action index is applied in
///     both (when `s` is to move the two lists are the same actions; when another seat
///     is, the lists may differ, as that seat knows what `s` does not: the index then
///     stands for "that seat's move", whatever `s` cannot tell apart of it). Where `s`'s
///     observations after the two moves are equal, `s` cannot tell the two moves apart
///     by the state, and the events must not tell them apart either: their views for
///     `s` are equal. (Where the observations differ, the move showed `s` something,
///     and the events may say so.)
/// (b) States that differ in what `s` sees ([`Sight::seen`], the test's own account)
///     give `s` different observations: the state against a world determinized for
///     another seat (which deals `s`'s own hidden cards again), and the state before an
///     action against the state after it.
/// (c) The view of an action's events names no card hidden from `s` both before and
///     after it: no such id in their Debug text (ids are unique), and no such name in
///     their Display text where no card `s` sees has that name (events name cards by id;
///     the names guard against a kind that would print one).
struct SeatViews;
impl Property for SeatViews {
    fn check<G: Registered>(&self, start: &G, a: &[u16], _: &[u16], seed: u64) -> Result<(), TestCaseError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let setups = |s: &G| s.legal_actions().into_iter().map(|x| s.action_setup(x)).collect::<Vec<_>>();
        let seats: Vec<PlayerId> = (0..start.num_players()).map(|p| PlayerId(p as u8)).collect();
        let mut g = start.clone();
        for &p in a {
            let legal = g.legal_actions();
            if legal.is_empty() {
                break;
            }
            let mut after = g.clone();
            let mut events: Vec<fray_core::event::Event<G::Event>> = Vec::new();
            after.apply(legal[usize::from(p) % legal.len()], &mut events).unwrap();
            for &s in &seats {
                // (a)
                let mut world = g.determinize(s, &mut rng);
                let world_before = world.clone();
                prop_assert_eq!(world.observation(s), g.observation(s));
                if g.to_move() == Some(s) {
                    prop_assert_eq!(setups(&world), setups(&g));
                }
                let other = world.legal_actions();
                prop_assert!(!other.is_empty());
                let mut world_events: Vec<fray_core::event::Event<G::Event>> = Vec::new();
                world.apply(other[usize::from(p) % other.len()], &mut world_events).unwrap();
                if world.observation(s) == after.observation(s) {
                    prop_assert_eq!(
                        world.events_view(&world_events, s),
                        after.events_view(&events, s),
                        "player {} tells two moves apart by the events alone",
                        s.0
                    );
                    prop_assert_eq!(
                        seat_words(&world_before, &world, &world_events, s),
                        seat_words(&g, &after, &events, s),
                        "player {} tells two moves apart by the events' words",
                        s.0
                    );
                    let voice = Voice::seat(s);
                    prop_assert_eq!(
                        world_before.action_words(other[usize::from(p) % other.len()], &voice),
                        g.action_words(legal[usize::from(p) % legal.len()], &voice),
                        "player {} tells two moves apart by their words",
                        s.0
                    );
                }
                // (b)
                let (before, now) = (sight(&g, s), sight(&after, s));
                for &t in seats.iter().filter(|&&t| t != s) {
                    let theirs = g.determinize(t, &mut rng);
                    if sight(&theirs, s).seen != before.seen {
                        prop_assert_ne!(theirs.observation(s), g.observation(s), "player {} sees no change", s.0);
                    }
                }
                if now.seen != before.seen {
                    prop_assert_ne!(after.observation(s), g.observation(s), "player {} sees no change", s.0);
                }
                // (c)
                let view = after.events_view(&events, s);
                let debug = format!("{view:?}");
                let display: String = view.iter().map(|e| format!("{e}\n")).collect::<String>()
                    + &seat_words(&g, &after, &events, s).join("\n")
                    + &action_words_read_by(&g, s).join("\n");
                for id in before.hidden_ids.intersection(&now.hidden_ids) {
                    prop_assert!(!debug.contains(&format!("{id:?}")), "{} is named to player {}: {}", id, s.0, display);
                }
                let names = before.hidden_names.intersection(&now.hidden_names);
                for name in
                    names.filter(|n| !n.is_empty() && !before.seen_names.contains(*n) && !now.seen_names.contains(*n))
                {
                    prop_assert!(!display.contains(name.as_str()), "{} is named to player {}: {}", name, s.0, display);
                }
            }
            g = after;
        }
        Ok(())
    }
}

/// The words `s` reads of `events` (the view of them `s` is given), in `after`.
fn seat_words<G: Registered>(
    before: &G,
    after: &G,
    events: &[fray_core::event::Event<G::Event>],
    s: PlayerId,
) -> Vec<String> {
    after.events_view(events, s).iter().map(|e| after.event_words(before, e, &Voice::seat(s))).collect()
}

/// The words of every action legal in `g`, read by `s` (its own, or another seat's
/// as the Agent may tell them): none names a card hidden from `s`.
fn action_words_read_by<G: Registered>(g: &G, s: PlayerId) -> Vec<String> {
    g.legal_actions().into_iter().map(|x| g.action_words(x, &Voice::seat(s))).collect()
}

/// Every action and event of a random game has words, and words a player reads: no
/// wire name (`PHASE_EVENT`, `DECISION_KIND_BLOCK`), no field path, for a referee
/// and for each seat.
struct Worded;
impl Property for Worded {
    fn check<G: Registered>(&self, start: &G, a: &[u16], _: &[u16], _: u64) -> Result<(), TestCaseError> {
        let readable = |text: &str| !text.trim().is_empty() && !text.contains('_') && !text.contains('[');
        let voices: Vec<Voice> = std::iter::once(Voice::referee())
            .chain((0..start.num_players()).map(|p| Voice::seat(PlayerId(p as u8))))
            .collect();
        let mut g = start.clone();
        for &p in a {
            let legal = g.legal_actions();
            let Some(&action) = legal.get(usize::from(p) % legal.len().max(1)) else { break };
            let mut events: Vec<fray_core::event::Event<G::Event>> = Vec::new();
            let before = g.clone();
            g.apply(action, &mut events).unwrap();
            for voice in &voices {
                for x in &legal {
                    let text = before.action_words(*x, voice);
                    prop_assert!(readable(&text), "the words of {:?} are {:?}", x, text);
                }
                for e in &events {
                    let text = g.event_words(&before, e, voice);
                    prop_assert!(readable(&text), "the words of {} are {:?}", e, text);
                }
            }
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_same_actions_give_the_same_states_and_events((game, _) in any_game(), a in picks()) {
        run(Deterministic, &game, a, Vec::new(), 0)?;
    }

    #[test]
    fn a_refused_action_changes_nothing((game, seed) in any_game(), a in picks(), b in picks()) {
        run(RefusedChangesNothing, &game, a, b, seed)?;
    }

    #[test]
    fn someone_is_to_move_exactly_when_an_action_is_legal_and_returns_sum_to_zero((game, _) in any_game(), a in picks()) {
        run(MoveAndReturns, &game, a, Vec::new(), 0)?;
    }

    #[test]
    fn determinize_keeps_what_the_viewer_sees((game, seed) in any_game(), a in picks()) {
        run(DeterminizeKeepsTheView, &game, a, Vec::new(), seed)?;
    }

    #[test]
    fn each_seat_sees_of_the_state_and_the_events_what_it_may_and_nothing_else((game, seed) in any_game(), a in picks()) {
        run(SeatViews, &game, a, Vec::new(), seed)?;
    }

    #[test]
    fn every_action_and_event_has_words_a_player_reads((game, seed) in any_game(), a in picks()) {
        run(Worded, &game, a, Vec::new(), seed)?;
    }

    /// Castle Rampage: a Gate or Castle loses cards only from its top, and only to an
    /// attack on it; it gains only by a Reinforce (at its bottom) or a defender returned
    /// on top; no card is made or lost; the discard only grows.
    #[test]
    fn castle_stacks_change_only_by_the_rules(seed in any::<u64>(), scenario in 0usize..3, picks in prop::collection::vec(any::<u16>(), 0..200)) {
        let name = fray_core::rulesets::castle_rampage::skirmish::SCENARIOS[scenario].name;
        let GameState::Castle(mut s) = GameState::new_game(4, seed, name).unwrap().0 else { unreachable!() };
        let total = s.cards().count();
        for p in picks {
            let legal = s.legal_actions();
            if legal.is_empty() {
                break;
            }
            let action = legal[usize::from(p) % legal.len()];
            let before = s.clone();
            s.apply(action, &mut Discard).unwrap();
            stacks_follow_the_rules(&before, &s, action)?;
            prop_assert_eq!(s.cards().count(), total);
        }
    }
}

/// A Dog Fight skirmish of 2, 3 or 4 players. (Dog Fight is not in the wire-level
/// dispatch yet, so its properties call the generic checks directly.)
fn any_dog_fight() -> impl Strategy<Value = (DogFightState, u64)> {
    (0..dog_fight::skirmish::SCENARIOS.len(), any::<u64>()).prop_map(|(k, seed)| {
        let name = dog_fight::skirmish::SCENARIOS[k].name;
        (DogFightState::new_game(seed, name, &mut Discard).unwrap(), seed)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn dog_fight_keeps_the_interface_properties_with_two_to_four_players((game, seed) in any_dog_fight(), a in picks(), b in picks()) {
        Deterministic.check(&game, &a, &b, seed)?;
        RefusedChangesNothing.check(&game, &a, &b, seed)?;
        MoveAndReturns.check(&game, &a, &b, seed)?;
        DeterminizeKeepsTheView.check(&game, &a, &b, seed)?;
        SeatViews.check(&game, &a, &b, seed)?;
        Worded.check(&game, &a, &b, seed)?;
    }

    /// KeyForge: each pool and each creature's amber changes exactly as the AmberMoved
    /// events say; creatures only ever leave play, each with a CreatureDestroyed or
    /// CardReturned event; damage only grows while a creature is in play.
    #[test]
    fn keyforge_amber_and_creatures_change_only_as_the_events_say(seed in any::<u64>(), scenario in any::<prop::sample::Index>(), picks in prop::collection::vec(any::<u16>(), 0..300)) {
        let names = fray_core::rulesets::keyforge::skirmish::SCENARIOS;
        let name = names[scenario.index(names.len())].name;
        let GameState::Keyforge(mut s) = GameState::new_game(3, seed, name).unwrap().0 else { unreachable!() };
        for p in picks {
            let legal = s.legal_actions();
            if legal.is_empty() {
                break;
            }
            let before = s.clone();
            let mut events = Vec::new();
            s.apply(legal[usize::from(p) % legal.len()], &mut events).unwrap();
            keyforge_follows_its_events(&before, &s, &events)?;
        }
    }
}

fn keyforge_follows_its_events(
    before: &KeyforgeState,
    after: &KeyforgeState,
    events: &[Event],
) -> Result<(), TestCaseError> {
    let mut pools = [before.sides[0].amber, before.sides[1].amber];
    let mut left: Vec<String> = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::Keyforge(KfEvent::AmberMoved { from, to, amount, creature }) => {
                prop_assert!(*amount > 0);
                // Amber onto or off a creature counts as its controller's side: only the
                // pool on the other end moves.
                let onto =
                    creature.is_some() && before.find(creature.as_ref().unwrap()).is_some_and(|s| Some(s.side) == *to);
                let off = creature.is_some() && !onto;
                if let Some(f) = from.filter(|_| !off) {
                    pools[f.index()] -= amount;
                }
                if let Some(t) = to.filter(|_| !onto) {
                    pools[t.index()] += amount;
                }
            }
            EventKind::Keyforge(KfEvent::CreatureDestroyed { creature }) => left.push(creature.to_string()),
            EventKind::Keyforge(KfEvent::CardReturned { card, .. }) => left.push(card.to_string()),
            _ => {}
        }
    }
    prop_assert_eq!(pools, [after.sides[0].amber, after.sides[1].amber], "{:#?}", events);
    for (_, c) in before.creatures() {
        match after.creature(&c.id) {
            Some(now) => {
                prop_assert!(!left.contains(&c.id.to_string()));
                prop_assert!(now.damage >= c.damage || now.damage == 0);
            }
            None => prop_assert!(left.contains(&c.id.to_string()), "{} left play without an event", c.id),
        }
    }
    prop_assert!(after.creatures().all(|(_, c)| before.creature(&c.id).is_some()), "no creature enters play");
    Ok(())
}

fn ids(cards: &[CastleCard]) -> Vec<&str> {
    cards.iter().map(|c| c.id.as_str()).collect()
}

/// Checks one step's changes to the Gates, Castles and the discard.
fn stacks_follow_the_rules(
    before: &CastleState,
    after: &CastleState,
    action: CastleAction,
) -> Result<(), TestCaseError> {
    prop_assert!(after.discard.starts_with(&before.discard), "the discard only grows");
    for p in 0..2 {
        let (b, a) = (&before.sides[p], &after.sides[p]);
        for (was, is) in [(&b.gate, &a.gate), (&b.castle, &a.castle)] {
            let (was, is) = (ids(was), ids(is));
            match action {
                // The opponent's stacks lose cards from the top (a defender that holds
                // goes back on top, where it was); the attacker's own do not change.
                CastleAction::Strike { player, .. } if player.index() != p => {
                    prop_assert!(was.ends_with(&is), "{:?} -> {:?}", was, is)
                }
                // Reinforce: one card more at the bottom of one of the player's stacks.
                CastleAction::Reinforce { player, .. } if player.index() == p && is.len() == was.len() + 1 => {
                    prop_assert!(is.starts_with(&was), "{:?} -> {:?}", was, is)
                }
                _ => prop_assert_eq!(&was, &is),
            }
        }
    }
    Ok(())
}
