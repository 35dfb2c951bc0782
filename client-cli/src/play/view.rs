//! The game seen from the person's seat: who is "you" and who is the bot, zones and
//! creatures named for people, actions described in words, arrows as glyphs in the
//! viewer's frame. Shared by `fray play` and `fray replay`.

use std::collections::{HashMap, HashSet};

use fray_proto::fray::v1::{
    Ability, Action, Arrows, CastleCard, Creature, DecisionKind, DogFightCard, Event, GameState, Orientation, Phase,
    Reach, ZoneRef, action, choice, event,
};

use super::{castle, dog_fight, keyforge};
use crate::trace::{Namer, castle_defense, structure_label};

/// Which seat the person holds at a table of `players` (2 to 4); every other seat is
/// a bot. With two players the other seat is "the bot"; with more each bot is named
/// by its seat ("bot 2").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats {
    /// The person's seat, `0..players`.
    pub human: u32,
    /// The number of seats at the table.
    pub players: u32,
}

impl Seats {
    /// The person at seat `human` of a two-player game.
    pub fn two(human: u32) -> Self {
        Self { human, players: 2 }
    }

    /// The bot's seat in a two-player game (the first seat that is not the person's).
    pub fn bot(self) -> u32 {
        1 - self.human.min(1)
    }

    /// Every bot's seat, in seat order.
    pub fn bots(self) -> impl Iterator<Item = u32> {
        (0..self.players).filter(move |&p| p != self.human)
    }

    /// True when `player` is the person.
    pub fn is_human(self, player: u32) -> bool {
        player == self.human
    }

    /// `player 0 (you)` or `player 1 (bot)`; with more than two players `you (player
    /// 0)` or `bot 2`.
    pub fn player(self, player: u32) -> String {
        match (self.players > 2, self.is_human(player)) {
            (false, _) => format!("player {player} ({})", self.who(player)),
            (true, true) => format!("you (player {player})"),
            (true, false) => format!("bot {player}"),
        }
    }

    /// `you` or `bot`.
    pub fn who(self, player: u32) -> &'static str {
        if self.is_human(player) { "you" } else { "bot" }
    }

    /// `you`, or the bot at `player`: `bot` with two players, `bot 2` with more.
    pub fn name(self, player: u32) -> String {
        match (self.is_human(player), self.players > 2) {
            (true, _) => "you".to_owned(),
            (false, false) => "bot".to_owned(),
            (false, true) => format!("bot {player}"),
        }
    }

    /// `your`, or the bot's at `player`: `the bot's`, `bot 2's`.
    pub fn owner(self, player: u32) -> String {
        match (self.is_human(player), self.players > 2) {
            (true, _) => "your".to_owned(),
            (false, false) => "the bot's".to_owned(),
            (false, true) => format!("bot {player}'s"),
        }
    }

    /// `your zone 3` or `bot zone 3`.
    pub fn zone(self, z: &ZoneRef) -> String {
        format!("{} zone {}", if self.is_human(z.player) { "your" } else { "bot" }, z.index)
    }

    /// `your ` or `bot's `, for a creature of `player`.
    pub fn possessive(self, player: u32) -> &'static str {
        if self.is_human(player) { "your " } else { "bot's " }
    }

    /// `your` or `the bot's`, for a pile of `player`'s.
    pub fn whose(self, player: u32) -> &'static str {
        if self.is_human(player) { "your" } else { "the bot's" }
    }

    /// Eighths of a turn that take a direction of `controller`'s frame into the
    /// person's frame (the rows face each other: half a turn for the bot's side).
    pub fn frame_turn(self, controller: u32) -> usize {
        if controller == self.human { 0 } else { 4 }
    }
}

/// Eighths of a turn clockwise for an orientation.
pub fn orientation_turn(orientation: i32) -> usize {
    match Orientation::try_from(orientation).unwrap_or(Orientation::Forward) {
        Orientation::Forward => 0,
        Orientation::Right => 2,
        Orientation::Back => 4,
        Orientation::Left => 6,
    }
}

/// The 8 arrow reaches in clockwise order from `up` (relative to the creature).
pub fn reaches(arrows: Option<&Arrows>) -> [Reach; 8] {
    let a = arrows.copied().unwrap_or_default();
    [a.up, a.up_right, a.right, a.down_right, a.down, a.down_left, a.left, a.up_left]
        .map(|r| Reach::try_from(r).unwrap_or(Reach::None))
}

/// The glyph of an arrow pointing `dir` (eighths clockwise from up, in the viewer's
/// frame): `↑↗→↘↓↙←↖`, doubled orthogonals `⇑⇒⇓⇐`.
pub fn arrow_glyph(dir: usize, reach: Reach) -> char {
    const SINGLE: [char; 8] = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];
    const DOUBLE: [char; 8] = ['⇑', '↗', '⇒', '↘', '⇓', '↙', '⇐', '↖'];
    match reach {
        Reach::Double => DOUBLE[dir % 8],
        _ => SINGLE[dir % 8],
    }
}

/// Arrows as glyphs rotated by `turn` eighths, clockwise from up, space separated.
pub fn arrow_list(arrows: Option<&Arrows>, turn: usize) -> String {
    let mut glyphs: Vec<(usize, char)> = reaches(arrows)
        .iter()
        .enumerate()
        .filter(|(_, r)| **r != Reach::None)
        .map(|(d, r)| ((d + turn) % 8, arrow_glyph(d + turn, *r)))
        .collect();
    glyphs.sort_by_key(|(d, _)| *d);
    let glyphs: Vec<String> = glyphs.into_iter().map(|(_, g)| g.to_string()).collect();
    if glyphs.is_empty() { "no arrows".to_owned() } else { glyphs.join(" ") }
}

/// The single arrow glyph of a facing: where `up` points after `turn` eighths.
pub fn facing_glyph(turn: usize) -> char {
    arrow_glyph(turn, Reach::Single)
}

/// A phase for people.
pub fn phase_label(phase: i32) -> &'static str {
    match Phase::try_from(phase).unwrap_or(Phase::Unspecified) {
        Phase::Unspecified => "no phase",
        Phase::Begin => "begin",
        Phase::Event => "battle (Event)",
        Phase::Deployment => "deployment",
        Phase::Draw => "draw",
        Phase::GameOver => "game over",
    }
}

/// The player who chooses next: the decider of a pending decision, else the active
/// player; `None` once the game is over.
pub fn to_move(state: &GameState) -> Option<u32> {
    if state.phase == Phase::GameOver as i32 {
        return None;
    }
    Some(state.pending.as_ref().map_or(state.active_player, |p| p.player))
}

/// The creature standing in `zone`, if any.
pub fn creature_at<'a>(state: &'a GameState, zone: &ZoneRef) -> Option<&'a Creature> {
    state.creatures.iter().find(|c| c.zone.as_ref().is_some_and(|z| z.player == zone.player && z.index == zone.index))
}

/// What the namer knows of one creature.
#[derive(Debug, Clone)]
struct Known {
    name: String,
    controller: u32,
    face_down: bool,
}

/// A KeyForge ability the namer knows: its creature's id and controller, and itself.
#[derive(Debug, Clone)]
struct KnownAbility {
    creature: String,
    controller: u32,
    ability: Ability,
}

/// Names creatures, players and zones from the person's seat, hiding the bot's
/// face-down creatures unless `reveal_all` (a replay shows everything). In Castle
/// Rampage it names the cards the person has seen face up (their own hand, the
/// discard, cards revealed or played) and calls every other card a face-down card.
/// In KeyForge (nothing hidden) it names creatures and abilities. In Dog Fight it
/// names vessels by id (`your p0-fighter`) and the cards the person has seen (their
/// own hand and every discard); the other hands stay hidden.
#[derive(Debug, Clone)]
pub struct Names {
    seats: Seats,
    reveal_all: bool,
    known: HashMap<String, Known>,
    flipped: HashSet<String>,
    cards: HashMap<String, CastleCard>,
    seen: HashSet<String>,
    abilities: HashMap<String, KnownAbility>,
    vessels: HashMap<String, u32>,
    df_cards: HashMap<String, DogFightCard>,
    dog_fight: bool,
}

impl Names {
    /// Knows nothing yet.
    pub fn new(seats: Seats, reveal_all: bool) -> Self {
        Self {
            seats,
            reveal_all,
            known: HashMap::new(),
            flipped: HashSet::new(),
            cards: HashMap::new(),
            seen: HashSet::new(),
            abilities: HashMap::new(),
            vessels: HashMap::new(),
            df_cards: HashMap::new(),
            dog_fight: false,
        }
    }

    /// Names for a step: the creatures of the state before and after it, and the
    /// flips among its events.
    pub fn for_step(seats: Seats, reveal_all: bool, before: &GameState, after: &GameState, events: &[Event]) -> Self {
        let mut names = Self::new(seats, reveal_all);
        names.learn(before);
        names.learn(after);
        names.learn_flips(events);
        names
    }

    /// Learns the creatures of `state` (KeyForge: with their abilities), or its Castle
    /// Rampage cards and which of them the person sees there: their own hand and the
    /// discard (later calls win).
    pub fn learn(&mut self, state: &GameState) {
        for c in &state.creatures {
            self.known
                .insert(c.id.clone(), Known { name: c.name.clone(), controller: c.controller, face_down: c.face_down });
        }
        if let Some(board) = &state.keyforge {
            for (p, side) in board.sides.iter().enumerate() {
                let controller = p as u32;
                for c in &side.battleline {
                    self.known.insert(c.id.clone(), Known { name: c.name.clone(), controller, face_down: false });
                    for a in &c.abilities {
                        let known = KnownAbility { creature: c.id.clone(), controller, ability: a.clone() };
                        self.abilities.insert(a.id.clone(), known);
                    }
                }
            }
        }
        if let Some(board) = &state.castle_rampage {
            for c in castle::all_cards(board) {
                self.cards.insert(c.id.clone(), c.clone());
            }
            let mine = board.sides.get(self.seats.human as usize).map_or(&[][..], |s| &s.hand);
            self.seen.extend(mine.iter().chain(&board.discard).map(|c| c.id.clone()));
        }
        if let Some(board) = &state.dog_fight {
            self.dog_fight = true;
            for v in &board.vessels {
                self.vessels.insert(v.id.clone(), v.controller);
            }
            for (p, side) in board.sides.iter().enumerate() {
                let shown = self.reveal_all || self.seats.is_human(p as u32);
                let hand = side.hand.iter().filter(|_| shown);
                for c in hand.chain(&side.discard) {
                    self.df_cards.insert(c.id.clone(), c.clone());
                }
            }
        }
    }

    /// Learns which creatures these events turned face-up, and which Castle Rampage
    /// cards they showed (revealed, destroyed to the discard, or an attacking card
    /// that returns to a hand).
    pub fn learn_flips(&mut self, events: &[Event]) {
        for e in events {
            match &e.kind {
                Some(event::Kind::CreatureFlipped(f)) => {
                    self.flipped.insert(f.creature.clone());
                }
                Some(event::Kind::CardRevealed(r)) => {
                    self.seen.insert(r.card.clone());
                }
                Some(event::Kind::CardDestroyed(d)) => {
                    self.seen.insert(d.card.clone());
                }
                Some(event::Kind::CardReturned(r)) if r.to == "hand" => {
                    self.seen.insert(r.card.clone());
                }
                _ => {}
            }
        }
    }

    /// The Castle Rampage card `id`, when the person may see it (or everything shows).
    pub fn visible_card(&self, id: &str) -> Option<&CastleCard> {
        self.cards.get(id).filter(|_| self.reveal_all || self.seen.contains(id))
    }
}

impl Namer for Names {
    fn creature(&self, id: &str) -> String {
        if let Some(&controller) = self.vessels.get(id) {
            return dog_fight::vessel_label(id, controller, self.seats);
        }
        match self.known.get(id) {
            Some(k) => {
                let hidden =
                    k.face_down && !self.reveal_all && !self.seats.is_human(k.controller) && !self.flipped.contains(id);
                if hidden {
                    "bot's face-down creature".to_owned()
                } else {
                    format!("{}{}", self.seats.possessive(k.controller), k.name)
                }
            }
            None => id.to_owned(),
        }
    }

    fn player(&self, player: u32) -> String {
        self.seats.player(player)
    }

    fn zone(&self, z: Option<&ZoneRef>) -> String {
        z.map_or_else(|| "zone ?".to_owned(), |z| self.seats.zone(z))
    }

    fn card(&self, id: &str) -> String {
        if let Some(c) = self.df_cards.get(id) {
            return format!("{} ({id})", c.name);
        }
        if self.dog_fight {
            return "a hidden card".to_owned();
        }
        match (self.visible_card(id), self.cards.contains_key(id)) {
            (Some(c), _) => format!("{} ({id})", c.name),
            (None, true) => "a face-down card".to_owned(),
            (None, false) => id.to_owned(),
        }
    }

    fn pile(&self, card: &str, structure: &str) -> String {
        match self.cards.get(card) {
            Some(c) => format!("{} {}", self.seats.whose(c.owner), structure_label(structure)),
            None => format!("the {}", structure_label(structure)),
        }
    }

    fn defense(&self, card: &str, structure: &str) -> Option<i32> {
        self.visible_card(card).and_then(|c| castle_defense(c, structure))
    }

    fn effect(&self, effect: i32, amount: i32) -> String {
        dog_fight::effect_text(effect, amount)
    }

    fn hides_hand(&self, player: u32) -> bool {
        !self.reveal_all && !self.seats.is_human(player)
    }

    fn ability(&self, id: &str, creature: &str) -> String {
        match self.abilities.get(id) {
            Some(k) => {
                let seats = self.seats;
                let name = move |p: u32| if seats.is_human(p) { "you".to_owned() } else { "the bot".to_owned() };
                format!(
                    "{}'s {} ability ({})",
                    self.creature(&k.creature),
                    crate::keyforge::trigger_label(k.ability.trigger),
                    crate::keyforge::effect_text(&k.ability, k.controller, &name)
                )
            }
            None => format!("{}'s ability {id}", self.creature(creature)),
        }
    }

    fn item(&self, item: &str) -> String {
        match crate::keyforge::Item::parse(item) {
            crate::keyforge::Item::Assault(c) => format!("{}'s assault", self.creature(c)),
            crate::keyforge::Item::Hazardous(c) => format!("{}'s hazardous", self.creature(c)),
            crate::keyforge::Item::Ability(a) => {
                let creature = self.abilities.get(a).map_or("", |k| k.creature.as_str());
                self.ability(a, creature)
            }
        }
    }
}

/// The legal actions in the order a person reads them: strikes into one's own zones
/// (legal, but they hit one's own creature or oneself) come after the others, then
/// ending the phase; otherwise the server's order.
pub fn person_order(mut legal: Vec<Action>, seats: Seats) -> Vec<Action> {
    legal.sort_by_key(|a| match &a.action {
        Some(action::Action::Strike(s)) if s.target.as_ref().is_some_and(|t| seats.is_human(t.player)) => 1,
        Some(action::Action::EndPhase(_)) => 2,
        _ => 0,
    });
    legal
}

/// What stands in a struck `zone`, in parentheses: `(bot's Elf Archer)`, or for an
/// empty zone who is hit unless somebody blocks.
fn occupant(state: &GameState, zone: &ZoneRef, names: &Names) -> String {
    match creature_at(state, zone) {
        Some(c) => format!("({})", names.creature(&c.id)),
        None => format!(
            "(empty: hits {} unless blocked)",
            if names.seats.is_human(zone.player) { "YOU" } else { "the bot" }
        ),
    }
}

/// One action in words, from the person's seat, in `state` (the state it applies to).
///
/// `reveal_all` names the bot's face-down creatures and hand cards (for replays).
pub fn action_text(state: &GameState, act: &Action, seats: Seats, reveal_all: bool) -> String {
    if castle::is_castle(state) {
        return castle::action_text(state, act, seats, reveal_all);
    }
    if crate::keyforge::is_keyforge(state) {
        return keyforge::action_text(state, act, seats);
    }
    if dog_fight::is_dog_fight(state) {
        return dog_fight::action_text(state, act, seats, reveal_all);
    }
    let mut names = Names::new(seats, reveal_all);
    names.learn(state);
    let Some(kind) = &act.action else {
        return "(an empty action)".to_owned();
    };
    match kind {
        action::Action::Strike(s) => {
            let attacker = state.creatures.iter().find(|c| c.id == s.attacker);
            let from = attacker.and_then(|c| c.zone).map_or_else(String::new, |z| format!(" ({})", seats.zone(&z)));
            match &s.target {
                Some(t) => format!(
                    "{}{from} strikes {} {}",
                    names.creature(&s.attacker),
                    seats.zone(t),
                    occupant(state, t, &names)
                ),
                None => format!("{}{from} strikes", names.creature(&s.attacker)),
            }
        }
        action::Action::Choice(c) => {
            let kind = state
                .pending
                .as_ref()
                .and_then(|p| DecisionKind::try_from(p.kind).ok())
                .unwrap_or(DecisionKind::Unspecified);
            match (&c.choice, kind) {
                (Some(choice::Choice::Option(id)), DecisionKind::Block) => {
                    let at = state
                        .creatures
                        .iter()
                        .find(|x| &x.id == id)
                        .and_then(|x| x.zone)
                        .map_or_else(String::new, |z| format!(" ({})", seats.zone(&z)));
                    format!("block with {}{at}", names.creature(id))
                }
                (Some(choice::Choice::Option(id)), DecisionKind::Fade) => {
                    format!("fade {}: the strike goes through as a direct attack", names.creature(id))
                }
                (Some(choice::Choice::Option(id)), _) => format!("choose {}", names.creature(id)),
                (Some(choice::Choice::Decline(_)), DecisionKind::Block) => "do not block".to_owned(),
                (Some(choice::Choice::Decline(_)), DecisionKind::Fade) => "do not fade: it blocks".to_owned(),
                (Some(choice::Choice::Decline(_)), _) => "decline".to_owned(),
                (None, _) => "(an empty choice)".to_owned(),
            }
        }
        action::Action::Summon(s) => {
            let player = state.active_player;
            let card = state.players.get(player as usize).and_then(|p| p.hand.get(s.hand_index as usize));
            let zone = s.zone.map_or_else(|| "zone ?".to_owned(), |z| seats.zone(&z));
            let show_card = seats.is_human(player) || reveal_all || !s.face_down;
            let name = match card {
                Some(c) if show_card => c.name.clone(),
                _ => "a card".to_owned(),
            };
            let hand =
                if seats.is_human(player) || reveal_all { format!(" (hand {})", s.hand_index) } else { String::new() };
            if s.face_down {
                format!("set {name}{hand} face-down into {zone}")
            } else {
                let turn = orientation_turn(s.orientation) + seats.frame_turn(player);
                format!("summon {name}{hand} into {zone} facing {}", facing_glyph(turn))
            }
        }
        action::Action::Reinforce(r) => format!("put card {} at the bottom of the {}", r.card, r.structure),
        action::Action::Reap(r) => format!("{} reaps", names.creature(&r.creature)),
        action::Action::EndPhase(_) => match Phase::try_from(state.phase).unwrap_or(Phase::Unspecified) {
            Phase::Event => "end the battle (go to deployment)".to_owned(),
            Phase::Deployment => "end deployment without summoning".to_owned(),
            Phase::Begin => "begin the turn".to_owned(),
            Phase::Draw => "draw and pass the turn".to_owned(),
            _ => "end the phase".to_owned(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_proto::fray::v1::{Card, EndPhase, Player, Strike, Summon};

    fn creature(id: &str, name: &str, player: u32, index: u32, face_down: bool) -> Creature {
        Creature {
            id: id.into(),
            name: name.into(),
            owner: player,
            controller: player,
            zone: Some(ZoneRef { player, index }),
            might: 1,
            life: 2,
            face_down,
            ..Default::default()
        }
    }

    #[test]
    fn arrows_rotate_into_the_viewers_frame() {
        let arrows = Arrows { up: Reach::Double as i32, up_right: Reach::Single as i32, ..Default::default() };
        assert_eq!(arrow_list(Some(&arrows), 0), "⇑ ↗");
        // The bot's creature faces the person: its up points down the screen.
        assert_eq!(arrow_list(Some(&arrows), 4), "⇓ ↙");
        // Facing right (a quarter turn clockwise).
        assert_eq!(arrow_list(Some(&arrows), 2), "⇒ ↘");
        assert_eq!(arrow_list(None, 0), "no arrows");
        let seats = Seats::two(1);
        assert_eq!(seats.frame_turn(1), 0);
        assert_eq!(seats.frame_turn(0), 4);
        assert_eq!(facing_glyph(orientation_turn(Orientation::Left as i32) + seats.frame_turn(0)), '→');
    }

    #[test]
    fn the_bots_face_down_creatures_stay_nameless_until_flipped() {
        let seats = Seats::two(0);
        let state = GameState {
            creatures: vec![creature("a", "Archer", 0, 1, true), creature("m", "Mole", 1, 2, true)],
            ..Default::default()
        };
        let mut names = Names::new(seats, false);
        names.learn(&state);
        assert_eq!(names.creature("a"), "your Archer");
        assert_eq!(names.creature("m"), "bot's face-down creature");
        assert_eq!(Names::new(seats, true).tap(&state).creature("m"), "bot's Mole");
        names.learn_flips(&[Event {
            rule: "egame.flip.targeted".into(),
            kind: Some(event::Kind::CreatureFlipped(fray_proto::fray::v1::CreatureFlipped { creature: "m".into() })),
        }]);
        assert_eq!(names.creature("m"), "bot's Mole");
        assert_eq!(names.zone(Some(&ZoneRef { player: 1, index: 4 })), "bot zone 4");
        assert_eq!(names.player(0), "player 0 (you)");
    }

    impl Names {
        fn tap(mut self, state: &GameState) -> Self {
            self.learn(state);
            self
        }
    }

    #[test]
    fn actions_read_from_the_persons_seat() {
        let seats = Seats::two(0);
        let state = GameState {
            players: vec![
                Player {
                    id: 0,
                    hand: vec![Card { name: "Peasant".into(), ..Default::default() }],
                    ..Default::default()
                },
                Player { id: 1, ..Default::default() },
            ],
            creatures: vec![creature("a", "Archer", 0, 1, false), creature("m", "Mole", 1, 2, true)],
            phase: Phase::Event as i32,
            ..Default::default()
        };
        let strike = Action {
            action: Some(action::Action::Strike(Strike {
                attacker: "a".into(),
                target: Some(ZoneRef { player: 1, index: 2 }),
                ..Default::default()
            })),
        };
        assert_eq!(
            action_text(&state, &strike, seats, false),
            "your Archer (your zone 1) strikes bot zone 2 (bot's face-down creature)"
        );
        let summon = Action {
            action: Some(action::Action::Summon(Summon {
                hand_index: 0,
                zone: Some(ZoneRef { player: 0, index: 3 }),
                face_down: false,
                orientation: Orientation::Right as i32,
            })),
        };
        assert_eq!(action_text(&state, &summon, seats, false), "summon Peasant (hand 0) into your zone 3 facing →");
        let end = Action { action: Some(action::Action::EndPhase(EndPhase {})) };
        assert_eq!(action_text(&state, &end, seats, false), "end the battle (go to deployment)");
    }

    #[test]
    fn strikes_into_ones_own_zones_are_listed_after_the_others() {
        let strike = |player| Action {
            action: Some(action::Action::Strike(Strike {
                attacker: "a".into(),
                target: Some(ZoneRef { player, index: 2 }),
                ..Default::default()
            })),
        };
        let end = Action { action: Some(action::Action::EndPhase(EndPhase {})) };
        let legal = vec![strike(0), strike(1), end.clone()];
        assert_eq!(person_order(legal.clone(), Seats::two(0)), vec![strike(1), strike(0), end.clone()]);
        assert_eq!(person_order(legal, Seats::two(1)), vec![strike(0), strike(1), end]);
    }
}
