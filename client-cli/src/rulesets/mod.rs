//! The registry: every ruleset the CLI knows, in one table: its `--ruleset` value, its
//! wire and core enums, the names it goes by (in `--ruleset`, replay file names and
//! replays), and its view ([`Ui`]), chosen by the state's ruleset. The zone game
//! (e:game and Dimensional Rift), KeyForge, Castle Rampage and Dog Fight each live in
//! their folder below; nothing else in the CLI names one.

pub mod castle_rampage;
pub mod dog_fight;
pub mod keyforge;
pub mod zone;

use fray_core::Ruleset as CoreRuleset;
use fray_proto::fray::v1::Ruleset;

use crate::error::CliError;
use crate::ui::Ui;

/// How `fray resolve` is told which strike to resolve.
pub const STRIKE_OPTIONS: &str = "--attacker ID --target PLAYER:INDEX (a KeyForge fight: --attacker ID --defender ID)";
/// `fray resolve --defender`.
pub const DEFENDER_HELP: &str =
    "The creature a KeyForge fight attacks, by id (sets or overrides the strike's defender)";
/// `fray play --scenario`: the defaults named from the catalogue, so the text stays true.
pub fn play_scenario_help() -> String {
    format!(
        "The built-in scenario (default: the ruleset's fairest: {}. An unbalanced one is dealt only when named, and \
         the game says so when it starts. Listed below with how much each favours the first player; the server's \
         error lists the names)",
        default_scenarios_text()
    )
}

/// `fray bench --scenario`.
pub fn bench_scenario_help() -> String {
    format!("The scenario (default: the ruleset's fairest: {})", default_scenarios_text())
}

/// Each ruleset's default scenario in words: `egame duel; ...; dog-fight duel, trio or
/// melee (by --players)`.
fn default_scenarios_text() -> String {
    let each: Vec<String> = RulesetArg::ALL
        .iter()
        .map(|r| {
            let mut counts: Vec<usize> = r.scenarios().iter().map(|s| s.players).collect();
            counts.sort_unstable();
            counts.dedup();
            if counts.len() > 1 {
                let names: Vec<&str> = counts.iter().filter_map(|&n| r.scenario_for_players(n).ok()).collect();
                format!("{} {} (by --players)", r.name(), or_list(&names))
            } else {
                format!("{} {}", r.name(), r.default_scenario())
            }
        })
        .collect();
    each.join("; ")
}

/// `a, b or c`.
fn or_list(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        Some((last, _)) => (*last).to_owned(),
        None => String::new(),
    }
}
/// `fray play --players`.
pub const PLAYERS_HELP: &str =
    "Players at the table, you included: dog-fight 2, 3 or 4 (duel, trio, melee; default 2); the other rulesets only 2";
/// `fray play`, in a line.
pub const PLAY_ABOUT: &str = "Play the skirmish against the bot (Dog Fight: one to three bots) in the terminal";
/// `fray play --help`.
pub const PLAY_LONG_ABOUT: &str = "Play the skirmish against the bot (Dog Fight: one to three bots) in the terminal.

Dog Fight seats 2 to 4 players (--players): you and one to three bots, all at --difficulty; every other ruleset is \
you against one bot.

Each turn shows the board from your seat and the numbered legal actions; type a number, a short form (s HAND ZONE \
FACING, a ZONE TARGET, e, b ZONE, f, n; in Castle Rampage a HAND, g HAND, c HAND, e; in KeyForge f MINE THEIRS, r \
MINE, t THEIRS, e; in Dog Fight a MINE TARGET, p HAND, n, e) or a command (hint, why, board, all, undo, log, save, \
resign, help, quit: all lists every action by number, help explains the board's marks). Quit, Ctrl-C or the end \
of input save the game; --resume FILE goes on with it. With stdin and stdout not terminals the output is \
plain text and a script can play by writing lines. Every game is saved as a replay (rewritten after each action) \
that `fray replay` checks.

Exit codes: 0 the game ended or you quit, 2 invalid options (e.g. an unknown scenario), 1 anything else.";
/// `fray tournament --help`.
pub const TOURNAMENT_LONG_ABOUT: &str = "Bot-vs-bot tournaments: round robin or gauntlet, refereed over gRPC.

Every pairing plays --games games: each opening (NewGame seed) twice, sides swapped. With --players N (Dog Fight: \
2 to 4), every table of N bots plays each opening in all N! seat orders. The log (one JSON line per game), \
report.md, report.json and ratings.png go to --out; a killed tournament continues with --resume LOG. Bot specs: \
random, greedy, exact, exact:nodes=N, easy, normal, hard, mcts:playouts=N, mcts:time=50ms, \
mcts:playouts=N,depth=D,c=C,worlds=W,... (docs/tournaments.md), oracle, oracle:playouts=N (MCTS that sees every \
hidden card), peek, peek:playouts=N (MCTS that sees every card some player knows: the opponents' hands, not the \
face-down cards nobody has seen), both measuring instruments, not fair opponents, and crash:after=N, a test bot \
that panics on its Nth move.

Exit codes: 0 finished (or the SPRT decided), 2 invalid options or log, 130 interrupted (the log is kept for \
--resume), 1 anything else.";

/// One ruleset's row: its wire and core enums, its names (the first is the one the
/// CLI writes; the core's catalogue says `dimensional-rift`), its view.
struct Entry {
    wire: Ruleset,
    core: CoreRuleset,
    names: &'static [&'static str],
    ui: &'static dyn Ui,
}

/// A row of the table.
const fn row(wire: Ruleset, core: CoreRuleset, names: &'static [&'static str], ui: &'static dyn Ui) -> Entry {
    Entry { wire, core, names, ui }
}

/// The registry's table: the `--ruleset` values, each with its row, make the enum
/// ([`RulesetArg`], each value's doc its help), [`RulesetArg::ALL`] and the table of
/// rows (`TABLE`), all three in the one order written here, the wire's; nothing is
/// counted by hand.
macro_rules! rulesets {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($(#[doc = $doc:literal])* $arg:ident => $row:expr,)+ }
    ) => {
        $(#[$meta])*
        pub enum $name { $($(#[doc = $doc])* $arg,)+ }

        impl $name {
            /// Every ruleset, in wire order.
            pub const ALL: &'static [$name] = &[$($name::$arg),+];
        }

        /// Every ruleset's row, in the order of [`RulesetArg::ALL`].
        static TABLE: &[Entry] = &[$($row),+];
    };
}

rulesets! {
    /// The rulesets with a skirmish game, as `--ruleset` names them (`fray play`,
    /// `fray tournament`, `fray bench`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
    pub enum RulesetArg {
        /// e:game (seed 000): Might, 1 HP per direct hit, Evasive, Fading; 6 HP.
        Egame => row(Ruleset::Egame, CoreRuleset::Egame, &["egame"], &zone::Zone),
        /// Dimensional Rift (seed 002): Attack Stat damage to the player, Armor; 20 HP.
        Rift => row(
            Ruleset::DimensionalRift,
            CoreRuleset::DimensionalRift,
            &["rift", "dimensional-rift"],
            &zone::Zone
        ),
        /// KeyForge (seed 001): fights with the damage and destruction charts, reaping, keys.
        Keyforge => row(Ruleset::Keyforge, CoreRuleset::Keyforge, &["keyforge"], &keyforge::Keyforge),
        /// Castle Rampage (seed 003): attack cards against face-down Gate and Castle stacks.
        CastleRampage => row(
            Ruleset::CastleRampage,
            CoreRuleset::CastleRampage,
            &["castle-rampage", "castle"],
            &castle_rampage::Castle
        ),
        /// Dog Fight (seed 004): vessels on a grid, attacks and responses, 2 to 4 players.
        DogFight => row(Ruleset::DogFight, CoreRuleset::DogFight, &["dog-fight"], &dog_fight::DogFight),
    }
}

/// The view of the wire ruleset `ruleset` (the zone game's for one this CLI does not
/// know).
pub fn ui(ruleset: i32) -> &'static dyn Ui {
    TABLE.iter().find(|e| e.wire as i32 == ruleset).map_or(&zone::Zone, |e| e.ui)
}

/// The ruleset named `name`: `egame`, `rift`, `castle-rampage`, `keyforge`,
/// `dog-fight` (and the other names in the table), or a proto enum name.
pub fn ruleset_named(name: &str) -> Option<Ruleset> {
    TABLE.iter().find(|e| e.names.contains(&name)).map(|e| e.wire).or_else(|| Ruleset::from_str_name(name))
}

/// Every ruleset's proto name: `RULESET_EGAME, ... or RULESET_DOG_FIGHT`.
pub fn proto_names() -> String {
    let names: Vec<&str> = TABLE.iter().map(|e| e.wire.as_str_name()).collect();
    format!("{} or {}", names[..names.len() - 1].join(", "), names[names.len() - 1])
}

/// The short name of a ruleset (`egame`, `rift`, `castle-rampage`, `keyforge`,
/// `dog-fight`), its proto name for the others.
pub fn short_name(ruleset: Ruleset) -> &'static str {
    TABLE.iter().find(|e| e.wire == ruleset).map_or(ruleset.as_str_name(), |e| e.names[0])
}

impl RulesetArg {
    /// The ruleset every command deals unless told (`--ruleset`'s default, `fray bench
    /// ladder`'s, `fray bench load --sealed`'s): e:game.
    pub const DEFAULT: RulesetArg = RulesetArg::Egame;

    /// Its row: the table holds one per value, in the enum's order.
    fn entry(self) -> &'static Entry {
        &TABLE[self as usize]
    }

    /// The wire ruleset.
    pub fn ruleset(self) -> Ruleset {
        self.entry().wire
    }

    /// The core's ruleset.
    pub fn core(self) -> CoreRuleset {
        self.entry().core
    }

    /// The name `--ruleset` takes: `egame`, `rift`, `keyforge`, `castle-rampage`, `dog-fight`.
    pub fn name(self) -> &'static str {
        self.entry().names[0]
    }

    /// The built-in scenarios, as the core's catalogue lists them (ListRulesets serves
    /// the same list), with their measured balance.
    pub fn scenarios(self) -> Vec<fray_core::rulesets::ScenarioInfo> {
        fray_core::rulesets::catalogue()
            .into_iter()
            .find(|info| info.ruleset == self.core())
            .map(|info| info.scenarios)
            .unwrap_or_default()
    }

    /// The scenario every command (`fray play`, `fray tournament`, `fray bench`) deals
    /// unless told: the ruleset's fairest two-player scenario, of the balanced ones the
    /// nearest even ([`fray_core::rulesets::fairest_scenario`]). An unbalanced scenario
    /// is dealt only by name.
    pub fn default_scenario(self) -> &'static str {
        fray_core::rulesets::fairest_scenario(self.core())
    }

    /// The built-in scenario for `players` players: the fairest that seats that many.
    /// Errors name the numbers there are.
    pub fn scenario_for_players(self, players: usize) -> Result<&'static str, CliError> {
        let fairest = fray_core::rulesets::fairest_scenario_for(self.core(), Some(players));
        (!fairest.is_empty()).then_some(fairest).ok_or_else(|| {
            let mut counts: Vec<usize> = self.scenarios().iter().map(|s| s.players).collect();
            counts.dedup();
            let counts: Vec<String> = counts.iter().map(usize::to_string).collect();
            CliError::Usage(format!(
                "--players {players}: {} has no scenario for {players} players (it has {})",
                self.name(),
                counts.join(", ")
            ))
        })
    }

    /// The number of players of scenario `name` (2 when it is not built in).
    pub fn players_of(self, name: &str) -> usize {
        self.scenarios().iter().find(|s| s.name == name).map_or(2, |s| s.players)
    }
}

/// The scenario `fray play` deals: `--scenario` when given, else the one for
/// `--players` ([`RulesetArg::scenario_for_players`]), else the ruleset's default.
/// `--players` that does not match a built-in `--scenario` is a usage error naming
/// both; a scenario that is not built in goes to the server, which lists the names.
pub fn play_scenario(ruleset: RulesetArg, scenario: Option<&str>, players: Option<usize>) -> Result<String, CliError> {
    match (scenario, players) {
        (Some(name), Some(n)) => {
            let built_in = ruleset.scenarios().iter().find(|s| s.name == name).map(|s| s.players);
            match built_in {
                Some(seats) if seats != n => Err(CliError::Usage(format!(
                    "--players {n} contradicts --scenario {name}, which is for {seats} players \
                     (leave one of them out)"
                ))),
                _ => Ok(name.to_owned()),
            }
        }
        (Some(name), None) => Ok(name.to_owned()),
        (None, Some(n)) => ruleset.scenario_for_players(n).map(str::to_owned).map_err(|_| {
            let scenarios = ruleset.scenarios();
            let mut counts: Vec<String> = scenarios.iter().map(|s| s.players.to_string()).collect();
            counts.dedup();
            let names: Vec<&str> = scenarios.iter().map(|s| s.name).collect();
            CliError::Usage(match counts.as_slice() {
                [] => format!("--players {n}: {} has no built-in scenario", ruleset.name()),
                [only] => format!("--players {n}: {} is for {only} players only (--players {only})", ruleset.name()),
                [init @ .., last] => format!(
                    "--players {n}: {} seats {} or {last} players ({})",
                    ruleset.name(),
                    init.join(", "),
                    names.join(", ")
                ),
            })
        }),
        (None, None) => Ok(ruleset.default_scenario().to_owned()),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;

    #[test]
    fn the_table_maps_to_the_wire() {
        assert_eq!(RulesetArg::Rift.ruleset(), Ruleset::DimensionalRift);
        assert_eq!(RulesetArg::CastleRampage.ruleset(), Ruleset::CastleRampage);
    }

    #[test]
    fn each_ruleset_has_its_own_scenarios_and_default() {
        use clap::ValueEnum as _;
        for &r in RulesetArg::ALL {
            assert_eq!(r.to_possible_value().map(|v| v.get_name().to_owned()).as_deref(), Some(r.name()));
            assert!(r.scenarios().iter().any(|s| s.name == r.default_scenario()), "{r:?}");
        }
        assert_eq!(RulesetArg::value_variants(), RulesetArg::ALL);
    }

    #[test]
    fn every_default_is_the_fairest_balanced_scenario_and_the_help_names_it() {
        let help = play_scenario_help();
        for &r in RulesetArg::ALL {
            let default = r.default_scenario();
            let info = r.scenarios().into_iter().find(|s| s.name == default).unwrap();
            assert!(info.balance.is_balanced(), "{r:?}: {default}");
            assert_eq!(info.players, 2, "{r:?}");
            assert_eq!(default, fray_core::rulesets::fairest_scenario(r.core()), "{r:?}");
            // No balanced scenario is nearer even.
            for s in r.scenarios().iter().filter(|s| s.players == 2 && s.balance.is_balanced()) {
                assert!(s.balance.worst_offset() >= info.balance.worst_offset(), "{r:?}: {} is fairer", s.name);
            }
            assert!(help.contains(&format!("{} {default}", r.name())), "{help}");
            // The men-vs-fey deal that `fray play` once started with is never a default.
            assert_ne!(default, "men-vs-fey");
        }
        assert!(help.contains("egame duel; rift mirror; keyforge clash; castle-rampage raid;"), "{help}");
        assert!(help.contains("dog-fight duel, trio or melee (by --players)"), "{help}");
        assert!(bench_scenario_help().contains("egame duel"));
    }

    #[test]
    fn players_pick_the_scenario_and_must_agree_with_it() {
        let pick = |r: RulesetArg, scenario: Option<&str>, players| play_scenario(r, scenario, players);
        let df = RulesetArg::DogFight;
        assert_eq!(pick(df, None, None).ok().as_deref(), Some("duel"));
        assert_eq!(pick(df, None, Some(3)).ok().as_deref(), Some("trio"));
        assert_eq!(pick(df, None, Some(4)).ok().as_deref(), Some("melee"));
        assert_eq!(pick(df, Some("melee"), Some(4)).ok().as_deref(), Some("melee"));
        assert_eq!(pick(RulesetArg::Egame, None, Some(2)).ok().as_deref(), Some("duel"));
        assert_eq!(pick(RulesetArg::Egame, None, None).ok().as_deref(), Some("duel"));
        assert_eq!(pick(RulesetArg::CastleRampage, None, None).ok().as_deref(), Some("raid"));
        assert_eq!(pick(RulesetArg::Egame, Some("men-vs-fey"), None).ok().as_deref(), Some("men-vs-fey"));
        assert_eq!(pick(RulesetArg::Keyforge, Some("clash"), None).ok().as_deref(), Some("clash"));
        // A name that is not built in goes to the server, which lists the names.
        assert_eq!(pick(df, Some("chess"), Some(3)).ok().as_deref(), Some("chess"));
        let refused =
            |r, scenario, players| pick(r, scenario, players).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            refused(df, None, Some(5)).contains("--players 5: dog-fight seats 2, 3 or 4 players (duel, trio, melee)")
        );
        assert!(refused(df, Some("trio"), Some(2)).contains("--players 2 contradicts --scenario trio"));
        assert!(refused(RulesetArg::CastleRampage, None, Some(3)).contains("castle-rampage is for 2 players only"));
        assert_eq!(pick(df, None, Some(5)).err().map(|e| e.exit_code()), Some(2));
    }

    /// The marks a board draws that its legend must explain: every character but
    /// ASCII letters, digits, spaces and plain punctuation, and box lines; and `*`.
    fn marks(board: &str) -> std::collections::BTreeSet<char> {
        board.chars().filter(|&c| (!c.is_ascii() && !('\u{2500}'..='\u{257F}').contains(&c)) || c == '*').collect()
    }

    #[test]
    fn every_mark_of_every_board_in_real_games_is_in_its_legend() {
        use crate::ui::{Seats, Style};
        for &r in RulesetArg::ALL {
            for scenario in r.scenarios() {
                for seed in 1..=2u64 {
                    let (mut core, _) = fray_core::GameState::new_game(r.ruleset() as i32, seed, scenario.name)
                        .unwrap_or_else(|e| panic!("{r:?} {}: {e}", scenario.name));
                    let players = core.num_players() as u32;
                    for step in 0..80u64 {
                        let state = fray_service::convert::state_from_setup(core.to_setup());
                        let view = ui(state.ruleset);
                        let legend = view.legend(&state);
                        for human in 0..players {
                            let board = view.board(&state, Seats { human, players }, "easy", Style::default());
                            for mark in marks(&board) {
                                assert!(
                                    legend.contains(mark),
                                    "{r:?} {} seed {seed} step {step}: `{mark}` is not in the legend\n{board}\n{legend}",
                                    scenario.name
                                );
                            }
                        }
                        let legal = core.legal_actions();
                        if legal.is_empty() {
                            break;
                        }
                        let pick = crate::play::mix(seed ^ step) as usize % legal.len();
                        core.apply_action(&legal[pick], "action").unwrap_or_else(|e| panic!("{e:?}"));
                    }
                }
            }
        }
    }

    #[test]
    fn one_table_names_every_ruleset() {
        assert_eq!(ruleset_named("rift"), Some(Ruleset::DimensionalRift));
        assert_eq!(ruleset_named("dimensional-rift"), Some(Ruleset::DimensionalRift));
        assert_eq!(ruleset_named("castle"), Some(Ruleset::CastleRampage));
        assert_eq!(ruleset_named("RULESET_DOG_FIGHT"), Some(Ruleset::DogFight));
        assert_eq!(ruleset_named("chess"), None);
        for &r in RulesetArg::ALL {
            assert_eq!(ruleset_named(r.name()), Some(r.ruleset()));
            assert_eq!(short_name(r.ruleset()), r.name());
        }
        assert_eq!(short_name(Ruleset::Unspecified), "RULESET_UNSPECIFIED");
        assert_eq!(
            proto_names(),
            "RULESET_EGAME, RULESET_DIMENSIONAL_RIFT, RULESET_KEYFORGE, RULESET_CASTLE_RAMPAGE or RULESET_DOG_FIGHT"
        );
    }
}
