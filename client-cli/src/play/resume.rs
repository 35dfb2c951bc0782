//! `fray play --resume FILE`: a game saved or quit goes on from its replay. The game is
//! dealt again as the file records it (ruleset, scenario, seed, seats, bots'
//! difficulty, the person's seat), every recorded move made again (the person's
//! actions; each bot's move the Agent's again, as `fray replay` makes it) and checked
//! to give the recorded events, with the person's decisions noted for `undo`; then the
//! game goes on, the file rewritten as before.

use std::path::Path;

use clap::ValueEnum as _;
use fray_client::sealed::{Deal, Recorded, RedoError};

use super::{Difficulty, First, PlayArgs, Session};
use crate::error::{CliError, render_status};
use crate::replay::first_difference;
use crate::replay_file::{self, Loaded};
use crate::rulesets::RulesetArg;
use crate::ui::{Seats, ruleset_title};
use fray_client::table::deal_of;

impl PlayArgs {
    /// With `--resume FILE`: the replay in FILE, checked to be a game these options may
    /// go on with (sealed for the person's seat, not over, not resigned, on the kind of
    /// server that dealt it), and its own options with these server, TLS and trace
    /// options.
    pub fn resuming(&self) -> Result<Option<(Loaded, PlayArgs)>, CliError> {
        let Some(path) = &self.resume else {
            return Ok(None);
        };
        let loaded = replay_file::load(path)?;
        let (replay, file) = (&loaded.replay, path.display());
        let refuse = |why: String| Err(CliError::Usage(why));
        if replay.sealed_for.is_none() || replay_file::seats(replay).is_none() {
            return refuse(format!(
                "cannot resume {file}: it records a game on whole states, not one sealed for your seat"
            ));
        }
        let result = &replay.result;
        if result.resigned.is_some() {
            return refuse(format!("the game in {file} was resigned on turn {}: {}", result.turn, result.text));
        }
        if result.over {
            return refuse(format!("the game in {file} is over: {} on turn {}", result.text, result.turn));
        }
        match (replay.remote, &self.server) {
            (true, None) => refuse(format!(
                "the game in {file} was dealt by a remote server: resume it with --server URL of that server (or one \
                 sharing its key file)"
            )),
            (false, Some(_)) => {
                refuse(format!("the game in {file} was dealt by the embedded server: resume it without --server"))
            }
            _ => {
                let args = self.options_of(&loaded)?;
                Ok(Some((loaded, args)))
            }
        }
    }

    /// The options of the game in `loaded`, with these server, TLS and trace options.
    fn options_of(&self, loaded: &Loaded) -> Result<PlayArgs, CliError> {
        let replay = &loaded.replay;
        let ruleset = RulesetArg::value_variants().iter().copied().find(|r| r.ruleset() == loaded.ruleset);
        let ruleset = ruleset
            .ok_or_else(|| CliError::Usage(format!("this fray cannot play {} games", loaded.ruleset.as_str_name())))?;
        let named = replay.seats.iter().find_map(|s| s.difficulty.as_deref()).unwrap_or("normal");
        let difficulty = Difficulty::from_str(named, true)
            .map_err(|_| CliError::Usage(format!("the replay's bots play at an unknown difficulty {named:?}")))?;
        Ok(PlayArgs {
            ruleset,
            scenario: replay.scenario.clone(),
            seed: Some(replay.seed),
            difficulty,
            first: First::You,
            replay_dir: self.resume.as_deref().and_then(Path::parent).map(Path::to_path_buf).unwrap_or_default(),
            ..self.clone()
        })
    }

    /// Who sits where in `loaded`'s game, and what to deal it from (the person's
    /// hints at these options' difficulty).
    pub fn resumed_deal(&self, loaded: &Loaded) -> Result<(Seats, Deal), CliError> {
        let seats = replay_file::seats(&loaded.replay)
            .ok_or_else(|| CliError::Usage("the replay has no person's seat".to_owned()))?;
        let mut deal = deal_of(loaded, seats.human, seats.words(), seats.players);
        if let Some(hint) = deal.playouts.get_mut(seats.human as usize) {
            *hint = self.difficulty.playouts();
        }
        Ok((seats, deal))
    }
}

impl Session<'_> {
    /// Makes every move of `loaded` again, checking its events (NewGame's were `setup`),
    /// and records it as played.
    pub(super) async fn redo(
        &mut self,
        loaded: &Loaded,
        setup: &[fray_proto::fray::v1::Event],
    ) -> Result<(), CliError> {
        let raw = self.ui.names(None, &[], &[]);
        let file = self.path.display().to_string();
        let differs = |at: String, why: String| {
            CliError::ReplayDiffers(format!("cannot resume {file}: the game differs {at}: {why}"))
        };
        if let Some(diff) = first_difference(&loaded.setup, setup, &*raw) {
            return Err(differs("at the deal".to_owned(), diff));
        }
        for (i, (action, recorded)) in loaded.steps.iter().enumerate() {
            let player = loaded.replay.steps.get(i).map_or(self.seats.human, |s| s.player);
            let before = self.state().clone();
            if self.seats.is_human(player) {
                self.history.push(&self.game, self.kept());
            }
            let step = Recorded { player, action: action.as_ref(), events: recorded };
            let events = match self.game.redo(step).await {
                Ok(events) => events,
                Err(e) => {
                    let why = match e {
                        RedoError::NotToMove(now) => format!(
                            "recorded as {}'s move, but {} is to move",
                            self.seats.player(player),
                            now.map_or_else(|| "nobody".to_owned(), |p| self.seats.player(p))
                        ),
                        RedoError::NoAction => "the record has no action for it".to_owned(),
                        RedoError::Status(status) => format!("the server refused it: {}", render_status(&status)),
                        RedoError::Differs(events) => first_difference(recorded, &events, &*raw).unwrap_or_default(),
                    };
                    return Err(differs(format!("at step {}", i + 1), why));
                }
            };
            let what = action
                .as_ref()
                .map_or_else(String::new, |a| format!(" {}", self.ui.action_text(&before, a, self.seats, false)));
            self.moved(player, action.as_ref(), &what, &before, events)?;
        }
        Ok(())
    }

    /// The first lines of a resumed game: which, where it stands, and where it goes on.
    pub(super) fn resumed_intro(&self) -> String {
        let (args, seats) = (self.args, self.seats);
        let moves = self.replay.steps.len();
        format!(
            "Fray skirmish resumed: {} {}, seed {}, you are player {} against {}; {moves} moves made again, on \
             turn {}.\nType help for the commands. The replay goes on in {}\n",
            ruleset_title(args.ruleset.ruleset() as i32),
            args.scenario,
            self.game.dealt().seed,
            seats.human,
            self.against(),
            self.state().turn,
            self.path.display()
        )
    }
}
