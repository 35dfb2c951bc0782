//! The reports: a [`Report`] built from the standings, written as JSON
//! (`report.json`) and Markdown (`report.md`, which shows the ratings' chart,
//! `ratings.png`, that the CLI draws beside it).
//!
//! The ranking's Elo comes from a Bradley–Terry fit over every game (mean 0), with its
//! 95% interval; each pairing has its Elo difference with the trinomial interval (per
//! game) and the pentanomial one (per pair of games on one opening, the tighter and
//! more honest one for paired openings), and the likelihood of superiority.
//!
//! With more than two players a game: the same fit over the pairwise results (who
//! finished ahead of whom), with intervals from a bootstrap over the openings, since
//! one game's pairwise results are not independent (docs/tournaments.md).

use std::fmt::Write as _;
use std::path::Path;

use fray_proto::fray::v1::ScenarioInfo;
use serde::Serialize;

use super::config::Config;
use super::error::TournamentError;
use super::stats::Standings;
use crate::rating::{self, EloInterval, PairResult, SprtVerdict};

/// An Elo estimate with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    /// The estimate.
    pub elo: f64,
    /// Lower bound.
    pub lower: f64,
    /// Upper bound.
    pub upper: f64,
}

impl From<EloInterval> for Interval {
    fn from(e: EloInterval) -> Self {
        Self { elo: e.elo, lower: e.lower, upper: e.upper }
    }
}

/// One bot in the ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RankRow {
    /// 1 for the best.
    pub rank: usize,
    /// Its name.
    pub bot: String,
    /// Games.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Mean score, 0 to 1.
    pub score: f64,
    /// Bradley–Terry Elo (mean 0) with its interval.
    pub elo: Interval,
    /// Likelihood it is stronger than the next bot, from their games together.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub los_next: Option<f64>,
    /// Games lost by forfeit.
    pub forfeits: u64,
    /// Mean thinking time per move, ms.
    pub ms_per_move: f64,
    /// Longest move, ms.
    pub max_move_ms: u64,
}

/// One pairing, from its first bot's side.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PairRow {
    /// The bot.
    pub bot: String,
    /// Its opponent.
    pub opponent: String,
    /// Games.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Mean score.
    pub score: f64,
    /// Elo difference, trinomial interval; absent when every game had the same
    /// result (the normal approximation then has no spread to give an interval).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trinomial: Option<Interval>,
    /// Elo difference, pentanomial interval; absent when every pair scored the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pentanomial: Option<Interval>,
    /// Pairs scoring 0, ½, 1, 1½, 2.
    pub pairs: [u64; 5],
    /// Likelihood of superiority.
    pub los: f64,
}

/// The SPRT's outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SprtRow {
    /// H0's Elo.
    pub elo0: f64,
    /// H1's Elo.
    pub elo1: f64,
    /// α.
    pub alpha: f64,
    /// β.
    pub beta: f64,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Its lower bound.
    pub lower: f64,
    /// Its upper bound.
    pub upper: f64,
    /// `H0 accepted`, `H1 accepted` or `undecided`.
    pub verdict: String,
}

/// A forfeit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ForfeitRow {
    /// The game.
    pub game: u64,
    /// The bot that lost.
    pub bot: String,
    /// Why.
    pub reason: String,
}

/// One seat's mean score in this tournament, with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SeatScore {
    /// The mean score (the share of the other players finished ahead of).
    pub score: f64,
    /// Lower end.
    pub lower: f64,
    /// Upper end.
    pub upper: f64,
}

/// How the seats scored: the first player's edge in this tournament.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeatRow {
    /// Every seat's score, seat 0 first.
    pub every: Vec<SeatScore>,
    /// Games seat 0 (the first player) won.
    pub wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games seat 0 lost.
    pub losses: u64,
    /// Seat 0's mean score.
    pub score: f64,
    /// Its 95% Wilson interval.
    pub lower: f64,
    /// Upper end.
    pub upper: f64,
    /// Complete pairs of games (one opening, sides swapped).
    pub pairs: u64,
    /// Pairs split one-one by the seat: each bot won only in the same seat.
    pub seat_split_pairs: u64,
    /// Set when more pairs were split by the seat than chance allows (a one-sided
    /// binomial test, [`SEAT_SPLIT_ALPHA`]): the results then say more about the
    /// scenario than about the bots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    /// Set when most pairs were split by the seat but too few pairs were played to
    /// tell that from chance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The significance level of the seat-split test: a warning only when this many
/// splits or more would happen by chance less often than this.
pub const SEAT_SPLIT_ALPHA: f64 = 0.05;

/// The chance of `split` or more of `pairs` pairs split one-one by the seat when the
/// seat decides nothing: each pair is then split with probability 1/2 at most (two
/// equal bots that never draw; less for unequal bots or draws), so the binomial tail
/// at 1/2 bounds it.
pub fn seat_split_chance(split: u64, pairs: u64) -> f64 {
    crate::rating::binomial_upper_tail(split, pairs, 0.5)
}

impl SeatRow {
    fn new(standings: &Standings) -> Self {
        let w = standings.seat0;
        let (lower, upper) = w.score_interval();
        let (pairs, seat_split_pairs) = standings.seat_split_pairs();
        // Most pairs split by the seat, over the whole field or within one pairing:
        // each with the chance of as many splits when the seat decides nothing.
        let mut split: Vec<(String, f64)> = standings
            .pairings
            .iter()
            .filter(|p| p.seat_split * 2 > p.pairs.pairs())
            .map(|p| {
                let (a, b) = (&standings.names[p.a], &standings.names[p.b]);
                let chance = seat_split_chance(p.seat_split, p.pairs.pairs());
                (format!("{a} against {b}: {} of {} pairs", p.seat_split, p.pairs.pairs()), chance)
            })
            .collect();
        if seat_split_pairs * 2 > pairs && standings.pairings.len() > 1 {
            let chance = seat_split_chance(seat_split_pairs, pairs);
            split.insert(0, (format!("all pairings: {seat_split_pairs} of {pairs} pairs"), chance));
        }
        let listed = |significant: bool| -> Vec<String> {
            split
                .iter()
                .filter(|(_, chance)| (*chance < SEAT_SPLIT_ALPHA) == significant)
                .map(|(what, chance)| format!("{what} (chance {})", chance_text(*chance)))
                .collect()
        };
        let (beyond, within) = (listed(true), listed(false));
        let warning = (!beyond.is_empty()).then(|| {
            format!(
                "more game pairs were split by the seat (each bot won only in the same seat) than chance allows in \
                 {}, the chance being that of as many splits if the seat decided nothing (a one-sided binomial \
                 test): the scenario decides more than the bots there. Use a balanced scenario (`fray tournament \
                 --help` lists them).",
                beyond.join("; ")
            )
        });
        let note = (!within.is_empty()).then(|| {
            format!(
                "most game pairs were split by the seat in {}, but that is too few pairs to tell from chance \
                 (the chance of as many when the seat decides nothing is {:.0}% or more; a warning needs under {:.0}%).",
                within.join("; "),
                100.0 * split.iter().map(|(_, c)| *c).filter(|c| *c >= SEAT_SPLIT_ALPHA).fold(1.0, f64::min),
                100.0 * SEAT_SPLIT_ALPHA
            )
        });
        let every = standings
            .seats
            .iter()
            .map(|t| {
                let (score, lower, upper) = t.score();
                SeatScore { score, lower, upper }
            })
            .collect();
        Self {
            every,
            wins: w.wins,
            draws: w.draws,
            losses: w.losses,
            score: w.score(),
            lower,
            upper,
            pairs,
            seat_split_pairs,
            warning,
            note,
        }
    }
}

/// A scenario's balance as measured on the server's side (`fray bench seats`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScenarioBalance {
    /// Seat 0's score when the normal bot plays itself.
    pub seat0_score: f64,
    /// Every seat's, seat 0 first.
    pub seat_scores: Vec<f64>,
    /// Games measured.
    pub games: u32,
    /// Within 40–60%.
    pub balanced: bool,
}

/// Everything the reports say.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The tournament.
    pub config: Config,
    /// `finished`, `stopped by the SPRT`, `interrupted`, or why it stopped.
    pub status: String,
    /// Games played.
    pub games: u64,
    /// Games scheduled.
    pub scheduled: u64,
    /// Best first.
    pub ranking: Vec<RankRow>,
    /// Every pairing.
    pub pairings: Vec<PairRow>,
    /// The seats' scores.
    pub seats: SeatRow,
    /// The scenario's measured balance, as the servers list it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario_balance: Option<ScenarioBalance>,
    /// The SPRT, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtRow>,
    /// Every forfeit.
    pub forfeits: Vec<ForfeitRow>,
}

impl Report {
    /// The report of `standings`.
    pub fn new(config: &Config, standings: &Standings, scheduled: u64, status: &str) -> Self {
        let results: Vec<PairResult> =
            standings.pairings.iter().map(|p| PairResult { a: p.a, b: p.b, wdl: p.wdl }).collect();
        let fitted = if standings.players_per_game > 2 {
            let blocks: Vec<Vec<PairResult>> = standings.blocks.values().cloned().collect();
            rating::bradley_terry_blocks(standings.names.len(), &blocks, BOOTSTRAP_RESAMPLES, config.seed)
        } else {
            rating::bradley_terry(standings.names.len(), &results)
        };
        let mut order: Vec<usize> = (0..standings.names.len()).collect();
        order.sort_by(|&x, &y| fitted[y].elo.total_cmp(&fitted[x].elo).then(x.cmp(&y)));
        let head_to_head = |x: usize, y: usize| {
            standings.pairings.iter().find_map(|p| match (p.a, p.b) {
                (a, b) if (a, b) == (x, y) => Some(p.wdl),
                (a, b) if (a, b) == (y, x) => Some(p.wdl.swapped()),
                _ => None,
            })
        };
        let ranking = order
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let b = &standings.bots[i];
                let r = &fitted[i];
                let los_next = order.get(k + 1).and_then(|&j| head_to_head(i, j)).map(|w| rating::los(&w));
                RankRow {
                    rank: k + 1,
                    bot: standings.names[i].clone(),
                    games: b.wdl.games(),
                    wins: b.wdl.wins,
                    draws: b.wdl.draws,
                    losses: b.wdl.losses,
                    score: b.score(),
                    elo: Interval { elo: r.elo, lower: r.lower, upper: r.upper },
                    los_next,
                    forfeits: b.forfeits,
                    ms_per_move: if b.moves == 0 { 0.0 } else { b.think_ms as f64 / b.moves as f64 },
                    max_move_ms: b.max_move_ms,
                }
            })
            .collect();
        let pairings = standings
            .pairings
            .iter()
            .map(|p| PairRow {
                bot: standings.names[p.a].clone(),
                opponent: standings.names[p.b].clone(),
                games: p.wdl.games(),
                wins: p.wdl.wins,
                draws: p.wdl.draws,
                losses: p.wdl.losses,
                score: p.wdl.score(),
                trinomial: rating::trinomial_elo(&p.wdl).and_then(spread),
                pentanomial: rating::pentanomial_elo(&p.pairs).and_then(spread),
                pairs: p.pairs.counts,
                los: rating::los(&p.wdl),
            })
            .collect();
        let sprt = standings.sprt.zip(standings.sprt_state()).map(|(t, s)| SprtRow {
            elo0: t.elo0,
            elo1: t.elo1,
            alpha: t.alpha,
            beta: t.beta,
            llr: s.llr,
            lower: s.lower,
            upper: s.upper,
            verdict: match s.verdict {
                SprtVerdict::AcceptH0 => "H0 accepted",
                SprtVerdict::AcceptH1 => "H1 accepted",
                SprtVerdict::Continue => "undecided",
            }
            .to_owned(),
        });
        let forfeits = standings
            .forfeits
            .iter()
            .map(|(game, bot, reason)| ForfeitRow { game: *game, bot: bot.clone(), reason: reason.clone() })
            .collect();
        Self {
            config: config.clone(),
            status: status.to_owned(),
            games: standings.games,
            scheduled,
            ranking,
            pairings,
            seats: SeatRow::new(standings),
            scenario_balance: None,
            sprt,
            forfeits,
        }
    }

    /// The report with the scenario's measured balance (from ListRulesets).
    pub fn with_scenario(mut self, scenario: Option<&ScenarioInfo>) -> Self {
        self.scenario_balance = scenario.map(|s| ScenarioBalance {
            seat0_score: s.seat0_score,
            seat_scores: s.seat_scores.clone(),
            games: s.seat0_games,
            balanced: s.balanced,
        });
        self
    }

    /// The Markdown report.
    pub fn markdown(&self) -> String {
        let mut md = String::new();
        self.head_markdown(&mut md);
        self.ranking_markdown(&mut md);
        self.pairings_markdown(&mut md);
        self.seats_markdown(&mut md);
        self.sprt_and_forfeits_markdown(&mut md);
        md.push_str("\n![ratings](ratings.png)\n");
        md
    }

    /// The title, what was played, and the bots that see hidden cards.
    fn head_markdown(&self, md: &mut String) {
        let c = &self.config;
        let n = c.players_per_game;
        let per = if n == 2 { "pairing".to_owned() } else { format!("table of {n}") };
        let _ = writeln!(
            md,
            "# Tournament: {}, {} bots, {} games per {per}\n",
            c.format,
            c.bots.len(),
            c.games_per_pairing
        );
        let each = if n == 2 {
            "each opening is played twice with sides swapped".to_owned()
        } else {
            format!(
                "{n} bots a game; each opening is played in all {} seat orders",
                super::config::seat_orders(n as usize)
            )
        };
        let _ = writeln!(
            md,
            "{} of {} games played ({}). Ruleset {}, scenario {}, openings from seed {}; {each}.\n",
            self.games,
            self.scheduled,
            self.status,
            crate::titles::ruleset_title_of(&c.ruleset),
            c.scenario,
            c.seed
        );
        // An oracle or a peek cheats by design: the report says so wherever one played.
        for b in &c.bots {
            let spec = b.split('#').next().and_then(|s| s.parse::<fray_ai::BotSpec>().ok());
            if let Some(note) = spec.as_ref().and_then(fray_ai::BotSpec::sight_note) {
                let _ = writeln!(md, "**{b} {note}**: a measuring instrument, not a fair opponent.\n");
            }
        }
    }

    /// The ranking and how to read it.
    fn ranking_markdown(&self, md: &mut String) {
        let n = self.config.players_per_game;
        if n == 2 {
            md.push_str("## Ranking\n\nElo: Bradley–Terry fit over all games, mean 0, with its 95% interval. LOS: likelihood of superiority over the next bot, from their games together.\n\n");
        } else {
            let _ = writeln!(
                md,
                "## Ranking\n\nEach game counts, for every two bots in it, as a game won by the one who finished ahead (the winner, then by the order players went out; a tie is a draw). Elo: Bradley–Terry fit over those results, mean 0; its 95% interval is the 2.5–97.5th percentile over {BOOTSTRAP_RESAMPLES} refits on the games drawn with replacement. W: won the game; D: shared first place; L: any other place. Score: the mean share of the other players finished ahead of (0.5 is par). LOS: from the two bots' results against each other.\n"
            );
        }
        md.push_str(
            "| rank | bot | games | W | D | L | score | Elo | 95% interval | LOS next | forfeits | ms/move |\n",
        );
        md.push_str("|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|\n");
        for r in &self.ranking {
            let los = r.los_next.map_or("".to_owned(), |l| format!("{:.1}%", 100.0 * l));
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {:.1}% | {} | [{}, {}] | {} | {} | {:.1} |",
                r.rank,
                r.bot,
                r.games,
                r.wins,
                r.draws,
                r.losses,
                100.0 * r.score,
                signed(r.elo.elo),
                signed(r.elo.lower),
                signed(r.elo.upper),
                los,
                r.forfeits,
                r.ms_per_move
            );
        }
    }

    /// Every pairing (two players) or head to head (more).
    fn pairings_markdown(&self, md: &mut String) {
        let n = self.config.players_per_game;
        if n == 2 {
            md.push_str("\n## Pairings\n\nFrom the first bot's side. Pairs: pairs of games on one opening scoring 0, ½, 1, 1½, 2. \"No spread\": every game (or pair) scored the same, so the normal approximation gives no interval.\n\n");
            md.push_str("| bot | opponent | games | W | D | L | score | Elo (trinomial 95%) | Elo (pentanomial 95%) | pairs | LOS |\n");
            md.push_str("|---|---|---:|---:|---:|---:|---:|---|---|---|---:|\n");
        } else {
            md.push_str("\n## Head to head\n\nFrom the first bot's side, over the games both played: W, it finished ahead; L, behind; D, level. The trinomial interval treats these as independent games, which they are not quite (they share games with the others); read it as a lower bound on the uncertainty.\n\n");
            md.push_str("| bot | opponent | games | W | D | L | score | Elo (trinomial 95%) | LOS |\n");
            md.push_str("|---|---|---:|---:|---:|---:|---:|---|---:|\n");
        }
        for p in &self.pairings {
            // Pentanomial pairs exist with two players only.
            let paired = if n == 2 {
                format!(" {} | {} |", interval_text(p.pentanomial), p.pairs.map(|n| n.to_string()).join(" / "))
            } else {
                String::new()
            };
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {:.1}% | {} |{paired} {:.1}% |",
                p.bot,
                p.opponent,
                p.games,
                p.wins,
                p.draws,
                p.losses,
                100.0 * p.score,
                interval_text(p.trinomial),
                100.0 * p.los
            );
        }
    }

    /// The seats' scores, the scenario's measured balance, the seat-split warning or
    /// note.
    fn seats_markdown(&self, md: &mut String) {
        let c = &self.config;
        let n = c.players_per_game;
        let seats = &self.seats;
        if n == 2 {
            let _ = writeln!(
                md,
                "\n## Seats\n\nSeat 0 (the first player) scored {:.1}% [{:.1}%, {:.1}%] (W {} / D {} / L {}); {} of {} complete game pairs were split by the seat.",
                100.0 * seats.score,
                100.0 * seats.lower,
                100.0 * seats.upper,
                seats.wins,
                seats.draws,
                seats.losses,
                seats.seat_split_pairs,
                seats.pairs
            );
        } else {
            md.push_str("\n## Seats\n\nEach seat's mean score (the share of the other players finished ahead of; 50% is par) with its 95% interval. Every bot sat in every seat equally often, so a seat far from 50% is the scenario's, not a bot's.\n\n| seat | score | 95% interval |\n|---:|---:|---|\n");
            for (i, s) in seats.every.iter().enumerate() {
                let _ = writeln!(
                    md,
                    "| {i} | {:.1}% | [{:.1}%, {:.1}%] |",
                    100.0 * s.score,
                    100.0 * s.lower,
                    100.0 * s.upper
                );
            }
        }
        match &self.scenario_balance {
            Some(b) if b.games == 0 => {
                let _ = writeln!(md, "\nScenario {} has not been measured for seat balance yet.", c.scenario);
            }
            Some(b) => {
                let verdict = if b.balanced { "balanced" } else { "**not known to be balanced**" };
                let measured = if b.seat_scores.len() > 2 {
                    let each: Vec<String> = b.seat_scores.iter().map(|s| format!("{:.0}%", 100.0 * s)).collect();
                    format!("the seats score {}", each.join(" / "))
                } else {
                    format!("seat 0 scores {:.0}%", 100.0 * b.seat0_score)
                };
                let _ = writeln!(
                    md,
                    "\nScenario {} is {verdict}: measured, {measured} over {} games of the normal bot against itself (fair: 40–60%).",
                    c.scenario, b.games
                );
            }
            None => {}
        }
        if let Some(w) = &seats.warning {
            let _ = writeln!(md, "\n**Warning:** {w}");
        }
        if let Some(n) = &seats.note {
            let _ = writeln!(md, "\nNote: {n}");
        }
    }

    /// The SPRT's outcome and the forfeits, when there are any.
    fn sprt_and_forfeits_markdown(&self, md: &mut String) {
        if let Some(s) = &self.sprt {
            let _ = writeln!(
                md,
                "\n## SPRT\n\nH0: Elo {} against H1: Elo {}, α {}, β {}. LLR {:.3} in [{:.3}, {:.3}]: **{}**.",
                s.elo0, s.elo1, s.alpha, s.beta, s.llr, s.lower, s.upper, s.verdict
            );
        }
        if !self.forfeits.is_empty() {
            md.push_str("\n## Forfeits\n\n| game | bot | reason |\n|---:|---|---|\n");
            for f in &self.forfeits {
                let _ =
                    writeln!(md, "| {} | {} | {} |", f.game, f.bot, f.reason.replace('|', "\\|").replace('\n', " "));
            }
        }
    }

    /// Writes `report.json` and `report.md` into `dir` (the chart they show,
    /// `ratings.png`, is the caller's to draw).
    pub fn write(&self, dir: &Path) -> Result<(), TournamentError> {
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes)
                .map_err(|e| TournamentError::Output(format!("{}: cannot write: {e}", path.display())))
        };
        let json = serde_json::to_string_pretty(self).map_err(|e| TournamentError::Output(e.to_string()))?;
        write("report.json", format!("{json}\n").as_bytes())?;
        write("report.md", self.markdown().as_bytes())
    }
}

/// A chance as a percentage, `1.6%` under ten, `31%` otherwise.
fn chance_text(chance: f64) -> String {
    if chance < 0.1 { format!("{:.1}%", 100.0 * chance) } else { format!("{:.0}%", 100.0 * chance) }
}

/// Refits behind each multi-player rating interval.
pub const BOOTSTRAP_RESAMPLES: usize = 500;

/// An interval with some width; a point interval (every game or pair scored the
/// same) is no interval at all.
fn spread(e: EloInterval) -> Option<Interval> {
    (e.upper > e.lower).then(|| Interval::from(e))
}

/// `+12`, `-40`, `0`, `+inf`.
fn signed(x: f64) -> String {
    if x.abs() < 0.5 {
        "0".to_owned()
    } else if x.is_finite() {
        format!("{x:+.0}")
    } else if x > 0.0 {
        "+inf".to_owned()
    } else {
        "-inf".to_owned()
    }
}

fn interval_text(i: Option<Interval>) -> String {
    i.map_or("– (no spread)".to_owned(), |i| format!("{} [{}, {}]", signed(i.elo), signed(i.lower), signed(i.upper)))
}

#[cfg(test)]
mod tests {
    use super::super::config::sample;
    use super::super::log::GameRecord;
    use super::*;

    #[test]
    fn the_report_names_an_oracle_as_seeing_every_hidden_card() {
        let config = sample(&["oracle:playouts=100", "greedy"], 2);
        let md = Report::new(&config, &Standings::new(&config), 2, "finished").markdown();
        assert!(md.contains("**oracle:playouts=100 sees every hidden card**"), "{md}");
        let peek = sample(&["peek", "greedy"], 2);
        let md = Report::new(&peek, &Standings::new(&peek), 2, "finished").markdown();
        assert!(md.contains("**peek sees every card some player knows"), "{md}");
        let honest = sample(&["normal", "greedy"], 2);
        assert!(!Report::new(&honest, &Standings::new(&honest), 2, "finished").markdown().contains("hidden card"));
    }

    #[test]
    fn the_ranking_orders_bots_by_rating_and_the_markdown_shows_it() {
        let config = sample(&["weak", "strong", "middle"], 8);
        let mut s = Standings::new(&config);
        let strength = [0, 2, 1];
        let mut n = 0;
        for round in 0..4u32 {
            for (a, b) in config.pairings() {
                for seats in [[a, b], [b, a]] {
                    // The stronger wins, except every fourth game is a draw.
                    let winner = if n % 4 == 3 {
                        None
                    } else {
                        Some(if strength[seats[0]] > strength[seats[1]] { 0 } else { 1 })
                    };
                    let players = seats.iter().map(|&x| config.bots[x].clone()).collect();
                    let g = GameRecord::sample(n, round, &seats.map(|x| x as u32), players, winner);
                    s.add(&g);
                    n += 1;
                }
            }
        }
        let report = Report::new(&config, &s, 24, "finished");
        let names: Vec<&str> = report.ranking.iter().map(|r| r.bot.as_str()).collect();
        assert_eq!(names, ["strong", "middle", "weak"]);
        assert!(report.ranking[0].elo.elo > 0.0 && report.ranking[2].elo.elo < 0.0);
        assert!(report.ranking[0].los_next.unwrap() > 0.9);
        let md = report.markdown();
        assert!(md.contains("| 1 | strong | 16 |"), "{md}");
        assert!(md.contains("24 of 24 games played (finished)"), "{md}");
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["ranking"][0]["bot"], "strong");
        assert_eq!(json["pairings"].as_array().unwrap().len(), 3);
        assert_eq!(signed(-0.2), "0");
        assert_eq!(signed(f64::NEG_INFINITY), "-inf");
        // Every pair split one-one: no pentanomial interval, and the report says so.
        let mut even = Standings::new(&sample(&["a", "b"], 4));
        for (n, seats) in [[0u32, 1], [1, 0], [0, 1], [1, 0]].into_iter().enumerate() {
            let players = seats.iter().map(|x| format!("{x}")).collect();
            let g = GameRecord::sample(n as u64, (n / 2) as u32, &seats, players, Some(0));
            even.add(&g);
        }
        let r = Report::new(&sample(&["a", "b"], 4), &even, 4, "finished");
        assert_eq!(r.pairings[0].pairs, [0, 0, 2, 0, 0]);
        assert!(r.pairings[0].pentanomial.is_none() && r.pairings[0].trinomial.is_some());
        assert!(r.markdown().contains("– (no spread)"), "{}", r.markdown());
        // ...and seat 0 won all four: both pairs split by the seat, which two fair
        // coins do one time in four: too few pairs for a warning, a note says so.
        assert_eq!((r.seats.wins, r.seats.pairs, r.seats.seat_split_pairs), (4, 2, 2));
        assert!(r.seats.warning.is_none(), "{:?}", r.seats.warning);
        assert!(
            r.markdown().contains(
                "Note: most game pairs were split by the seat in a against b: 2 of 2 pairs (chance 25%), but that is \
                 too few pairs to tell from chance"
            ),
            "{}",
            r.markdown()
        );
        // Six pairs of six split: a chance of 1.6%, a warning.
        let mut six = Standings::new(&sample(&["a", "b"], 12));
        for n in 0..12u32 {
            let seats = if n % 2 == 0 { [0u32, 1] } else { [1, 0] };
            let players = seats.iter().map(|x| format!("{x}")).collect();
            six.add(&GameRecord::sample(u64::from(n), n / 2, &seats, players, Some(0)));
        }
        let r6 = Report::new(&sample(&["a", "b"], 12), &six, 12, "finished");
        assert_eq!((r6.seats.pairs, r6.seats.seat_split_pairs), (6, 6));
        assert!(r6.seats.note.is_none());
        assert!(
            r6.markdown().contains(
                "**Warning:** more game pairs were split by the seat (each bot won only in the same seat) than \
                 chance allows in a against b: 6 of 6 pairs (chance 1.6%)"
            ),
            "{}",
            r6.markdown()
        );
        assert!(report.seats.warning.is_none(), "the stronger bot won both games of most pairs");
        assert_eq!(json["seats"]["pairs"], 12);
        let unbalanced = ScenarioInfo { name: "duel".into(), seat0_score: 0.9, seat0_games: 100, ..Default::default() };
        let md = r.with_scenario(Some(&unbalanced)).markdown();
        assert!(
            md.contains("Scenario duel is **not known to be balanced**: measured, seat 0 scores 90% over 100 games"),
            "{md}"
        );
    }
}
