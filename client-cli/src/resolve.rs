//! `fray resolve`: read a request (or a bare state), complete it from the options, send
//! it to a server (remote or embedded) and render the answer.

use std::io::Read as _;
use std::str::FromStr;

use fray_proto::fray::v1::{Choice, ResolveStrikeRequest, ResolveStrikeResponse, ZoneRef, choice};

use crate::embedded::ServerHandle;
use crate::error::CliError;
use crate::tls::TlsArgs;
use crate::trace::{self, Style};
use fray_client::channel as client;
use fray_tournament::proto_json::{self as json, InputKind, ParsedInput};

/// One answer to a decision, as given on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoiceArg {
    /// Choose this option (a creature id).
    Option(String),
    /// Decline ("no block" / "do not fade").
    Decline,
}

impl FromStr for ChoiceArg {
    type Err = String;

    /// `decline` declines; anything else non-empty is an option id.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "" => Err("a choice is an option id or `decline`".to_owned()),
            "decline" => Ok(ChoiceArg::Decline),
            id => Ok(ChoiceArg::Option(id.to_owned())),
        }
    }
}

impl ChoiceArg {
    /// The wire `Choice`.
    pub fn to_proto(&self) -> Choice {
        let c = match self {
            ChoiceArg::Option(id) => choice::Choice::Option(id.clone()),
            ChoiceArg::Decline => choice::Choice::Decline(true),
        };
        Choice { choice: Some(c) }
    }

    /// The command-line spelling (`--choice` value).
    pub fn as_arg(&self) -> &str {
        match self {
            ChoiceArg::Option(id) => id,
            ChoiceArg::Decline => "decline",
        }
    }
}

/// Parses a zone written `PLAYER:INDEX`, e.g. `1:3`.
pub fn parse_zone(s: &str) -> Result<ZoneRef, String> {
    let (player, index) = s.split_once(':').ok_or_else(|| format!("`{s}` is not PLAYER:INDEX (e.g. 1:3)"))?;
    let player = player.trim().parse().map_err(|_| format!("`{player}` is not a player number"))?;
    let index = index.trim().parse().map_err(|_| format!("`{index}` is not a zone index"))?;
    Ok(ZoneRef { player, index })
}

/// Everything `fray resolve` was asked to do.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResolveArgs {
    /// The input file, `-` for stdin.
    pub file: String,
    /// Overrides the strike's attacker.
    pub attacker: Option<String>,
    /// Overrides the strike's target zone.
    pub target: Option<ZoneRef>,
    /// Overrides the strike's defender (the creature a fight attacks).
    pub defender: Option<String>,
    /// Answers appended, in order, to the request's choices.
    pub choices: Vec<ChoiceArg>,
    /// Print the response as proto3 JSON instead of the trace.
    pub json: bool,
    /// A remote server; `None` starts an embedded one.
    pub server: Option<String>,
    /// TLS for an `https://` server.
    pub tls: TlsArgs,
}

impl ResolveArgs {
    /// The name of the input for messages: the path, or `<stdin>`.
    pub fn source_name(&self) -> String {
        if self.file == "-" { "<stdin>".to_owned() } else { self.file.clone() }
    }

    /// The exact command line that repeats this one with one more `--choice`.
    pub fn answer_command(&self, choice: &str) -> String {
        let mut words: Vec<String> = vec!["fray".into(), "resolve".into(), self.file.clone()];
        if let Some(server) = &self.server {
            words.extend(["--server".into(), server.clone()]);
            words.extend(self.tls.words());
        }
        if let Some(attacker) = &self.attacker {
            words.extend(["--attacker".into(), attacker.clone()]);
        }
        if let Some(target) = &self.target {
            words.extend(["--target".into(), format!("{}:{}", target.player, target.index)]);
        }
        if let Some(defender) = &self.defender {
            words.extend(["--defender".into(), defender.clone()]);
        }
        for c in &self.choices {
            words.extend(["--choice".into(), c.as_arg().to_owned()]);
        }
        words.extend(["--choice".into(), choice.to_owned()]);
        if self.json {
            words.push("--json".into());
        }
        let quoted: Vec<String> = words.iter().map(|w| shell_quote(w)).collect();
        let line = quoted.join(" ");
        if self.file == "-" { format!("{line} < (the same input)") } else { line }
    }
}

/// Reads and parses the input named by `file` (`-` for stdin).
pub fn read_input(args: &ResolveArgs) -> Result<ParsedInput, CliError> {
    let name = args.source_name();
    let text = if args.file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::Input { source_name: name.clone(), problem: format!("cannot read: {e}") })?;
        text
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|e| CliError::Input { source_name: name.clone(), problem: format!("cannot read: {e}") })?
    };
    json::parse_input(&text).map_err(|e| CliError::Input { source_name: name, problem: e.to_string() })
}

/// Completes the parsed input with the command-line options into the request to send.
pub fn build_request(parsed: ParsedInput, args: &ResolveArgs) -> Result<ResolveStrikeRequest, CliError> {
    let mut request = parsed.request;
    if args.attacker.is_some() || args.target.is_some() || args.defender.is_some() {
        let strike = request.strike.get_or_insert_with(Default::default);
        if let Some(attacker) = &args.attacker {
            strike.attacker.clone_from(attacker);
        }
        if let Some(target) = args.target {
            strike.target = Some(target);
        }
        if let Some(defender) = &args.defender {
            strike.defender.clone_from(defender);
        }
    }
    request.choices.extend(args.choices.iter().map(ChoiceArg::to_proto));

    let name = args.source_name();
    if request.state.is_none() {
        return Err(CliError::Usage(format!("{name} holds a request without a `state`: nothing to resolve in")));
    }
    let has_attacker = request.strike.as_ref().is_some_and(|s| !s.attacker.is_empty());
    if !has_attacker {
        let held = match parsed.kind {
            InputKind::State => "a bare GameState",
            InputKind::Request => "a request without a strike attacker",
        };
        return Err(CliError::Usage(format!(
            "{name} holds {held}: say which strike to resolve with {}",
            crate::rulesets::STRIKE_OPTIONS
        )));
    }
    Ok(request)
}

/// Runs `fray resolve`: returns the text to print on stdout.
pub async fn run(args: &ResolveArgs, style: Style) -> Result<String, CliError> {
    let mut request = build_request(read_input(args)?, args)?;
    if !args.json && request.words.is_none() {
        // The trace is told in the rules' own words, as a referee reads them.
        request.words = Some(fray_proto::fray::v1::Words::default());
    }
    let server = ServerHandle::start(args.server.as_deref(), &args.tls).await?;
    let result = call(&server, request).await;
    let response = server.finish(result).await?;
    render(&response, args, style)
}

/// Renders a response as `--json` or as the trace and board.
pub fn render(response: &ResolveStrikeResponse, args: &ResolveArgs, style: Style) -> Result<String, CliError> {
    if args.json {
        let mut text = json::to_json(response, json::RESPONSE_MESSAGE).map_err(|e| CliError::Output(e.to_string()))?;
        text.push('\n');
        Ok(text)
    } else {
        let ui = crate::rulesets::ui(response.state.as_ref().map_or(0, |s| s.ruleset));
        Ok(trace::render_response(response, ui, style, &|c| args.answer_command(c)))
    }
}

async fn call(server: &ServerHandle, request: ResolveStrikeRequest) -> Result<ResolveStrikeResponse, CliError> {
    let mut rules = client::rules(server.channel().await?);
    Ok(rules.resolve_strike(request).await?.into_inner())
}

/// `word` quoted for a POSIX shell when it needs it.
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | ':' | '=' | '@' | '%' | '+' | ',')
        });
    if plain { word.to_owned() } else { format!("'{}'", word.replace('\'', r"'\''")) }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fray_proto::fray::v1::{GameState, Strike};

    fn parsed(kind: InputKind, request: ResolveStrikeRequest) -> ParsedInput {
        ParsedInput { kind, request }
    }

    #[test]
    fn choices_parse_ids_and_decline() {
        assert_eq!("guard".parse::<ChoiceArg>(), Ok(ChoiceArg::Option("guard".into())));
        assert_eq!("decline".parse::<ChoiceArg>(), Ok(ChoiceArg::Decline));
        assert!("".parse::<ChoiceArg>().is_err());
    }

    #[test]
    fn zones_parse_as_player_colon_index() {
        assert_eq!(parse_zone("1:3"), Ok(ZoneRef { player: 1, index: 3 }));
        assert!(parse_zone("13").is_err());
        assert!(parse_zone("a:3").is_err());
        assert!(parse_zone("1:-3").is_err());
    }

    #[test]
    fn options_complete_a_bare_state_and_append_choices_in_order() {
        let input =
            parsed(InputKind::State, ResolveStrikeRequest { state: Some(GameState::default()), ..Default::default() });
        let args = ResolveArgs {
            file: "s.json".into(),
            attacker: Some("archer".into()),
            target: Some(ZoneRef { player: 1, index: 0 }),
            choices: vec![ChoiceArg::Decline, ChoiceArg::Option("guard".into())],
            ..Default::default()
        };
        let request = build_request(input, &args).unwrap();
        let strike = request.strike.unwrap();
        assert_eq!(strike.attacker, "archer");
        assert_eq!(strike.target, Some(ZoneRef { player: 1, index: 0 }));
        assert_eq!(request.choices, vec![ChoiceArg::Decline.to_proto(), ChoiceArg::Option("guard".into()).to_proto()]);
    }

    #[test]
    fn options_override_the_files_strike_and_follow_its_choices() {
        let input = parsed(
            InputKind::Request,
            ResolveStrikeRequest {
                state: Some(GameState::default()),
                strike: Some(Strike {
                    attacker: "knight".into(),
                    target: Some(ZoneRef { player: 1, index: 3 }),
                    ..Default::default()
                }),
                choices: vec![ChoiceArg::Option("a".into()).to_proto()],
                ..Default::default()
            },
        );
        let args = ResolveArgs {
            target: Some(ZoneRef { player: 1, index: 4 }),
            choices: vec![ChoiceArg::Decline],
            ..Default::default()
        };
        let request = build_request(input, &args).unwrap();
        let strike = request.strike.unwrap();
        assert_eq!(strike.attacker, "knight");
        assert_eq!(strike.target, Some(ZoneRef { player: 1, index: 4 }));
        assert_eq!(request.choices.len(), 2);
        assert_eq!(request.choices[1], ChoiceArg::Decline.to_proto());
    }

    #[test]
    fn a_fight_names_its_defender() {
        let input =
            parsed(InputKind::State, ResolveStrikeRequest { state: Some(GameState::default()), ..Default::default() });
        let args = ResolveArgs {
            file: "kf.json".into(),
            attacker: Some("raider".into()),
            defender: Some("thornback".into()),
            ..Default::default()
        };
        let strike = build_request(input, &args).unwrap().strike.unwrap();
        assert_eq!((strike.attacker.as_str(), strike.defender.as_str(), strike.target), ("raider", "thornback", None));
        assert_eq!(
            args.answer_command("raider:assault"),
            "fray resolve kf.json --attacker raider --defender thornback --choice raider:assault"
        );
    }

    #[test]
    fn a_state_without_a_strike_is_a_usage_error() {
        let input =
            parsed(InputKind::State, ResolveStrikeRequest { state: Some(GameState::default()), ..Default::default() });
        let args = ResolveArgs { file: "s.json".into(), ..Default::default() };
        let err = build_request(input, &args).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("--attacker"), "{err}");
    }

    #[test]
    fn the_answer_command_repeats_the_invocation_with_one_more_choice() {
        let args = ResolveArgs {
            file: "my file.json".into(),
            choices: vec![ChoiceArg::Decline],
            server: Some("http://127.0.0.1:50051".into()),
            ..Default::default()
        };
        assert_eq!(
            args.answer_command("guard"),
            "fray resolve 'my file.json' --server http://127.0.0.1:50051 --choice decline --choice guard"
        );
    }

    #[test]
    fn shell_quoting_leaves_plain_words_alone() {
        assert_eq!(shell_quote("examples/a.json"), "examples/a.json");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
