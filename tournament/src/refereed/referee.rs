//! The referee: the Rules service over gRPC, on one or more servers ([`pool`]: a
//! `--server` URL whose host is a name is one server per address it resolves to, kept
//! up to date while the tournament runs). Every call goes to the reachable server with
//! the fewest calls in flight (ties in turn), and a call that fails for transport
//! reasons is retried on another server after a short backoff ([`calls`]). Retrying is
//! safe because the service is stateless: a call carries the whole game.
//!
//! [`pool`]: super::pool
//! [`calls`]: super::calls

use std::sync::Arc;
use std::time::Duration;

use fray_proto::fray::v1::{
    Action, ApplyActionRequest, ApplyActionResponse, GameState, ListRulesetsRequest, NewGameRequest, NewGameResponse,
    Ruleset, ScenarioInfo,
};
use tokio::task::AbortHandle;

use super::batches::Batches;
pub use super::calls::CallError;
use super::calls::Servers;
use super::connect::Connector;
use super::error::TournamentError;
use super::pool::{Pool, Resolver, SystemResolver};
use crate::grpc;

/// How often the server names are resolved again.
pub const RESOLVE_EVERY: Duration = Duration::from_secs(5);

/// The Rules servers a tournament plays on.
pub struct Referee {
    servers: Arc<Servers>,
    /// The actions of the games in flight, sent together ([`Batches`]).
    batches: Batches,
    /// The task resolving the names again, stopped with the referee.
    refresher: Option<AbortHandle>,
    /// The ruleset's scenarios as the first server that answered lists them.
    scenarios: Vec<ScenarioInfo>,
}

impl Drop for Referee {
    fn drop(&mut self) {
        if let Some(refresher) = &self.refresher {
            refresher.abort();
        }
    }
}

impl Referee {
    /// Channels to every server of the URLs (made by `connector`, connected lazily;
    /// names resolved by the system and again every [`RESOLVE_EVERY`]); checks each
    /// server answers and has a skirmish game for `ruleset`. Servers that do not answer
    /// now are kept and tried again later; none answering, one without the skirmish,
    /// or a name without an address is an error.
    pub async fn connect(
        urls: &[String],
        connector: Arc<dyn Connector>,
        ruleset: Ruleset,
    ) -> Result<(Self, Vec<String>), TournamentError> {
        Self::connect_with(urls, connector, ruleset, Arc::new(SystemResolver), RESOLVE_EVERY).await
    }

    /// [`Referee::connect`] with names resolved by `resolver`, again every `every`.
    pub async fn connect_with(
        urls: &[String],
        connector: Arc<dyn Connector>,
        ruleset: Ruleset,
        resolver: Arc<dyn Resolver>,
        every: Duration,
    ) -> Result<(Self, Vec<String>), TournamentError> {
        let pool = Arc::new(Pool::new(urls, connector, resolver).await?);
        let mut scenarios = None;
        let mut warnings = Vec::new();
        for server in pool.active() {
            let answer = grpc::rules(server.channel.clone()).list_rulesets(ListRulesetsRequest {}).await;
            match answer {
                Ok(list) => {
                    let info = list.into_inner().rulesets.into_iter().find(|r| r.ruleset == ruleset as i32);
                    let Some(info) = info.filter(|r| r.skirmish) else {
                        return Err(TournamentError::Usage(format!(
                            "{} has no skirmish game for {}: a tournament needs one",
                            server.name,
                            crate::titles::ruleset_title(ruleset as i32)
                        )));
                    };
                    scenarios.get_or_insert(info.scenario_details);
                }
                Err(status) => {
                    server.mark(true);
                    warnings.push(format!(
                        "{} does not answer ({}); it will be tried again",
                        server.name,
                        pool.describe(&status)
                    ));
                }
            }
        }
        let Some(scenarios) = scenarios else {
            let url = pool.load().into_iter().map(|(name, _)| name).collect::<Vec<_>>().join(", ");
            return Err(TournamentError::Connect { url, detail: warnings.join("; ") });
        };
        let refresher = pool.has_names().then(|| tokio::spawn(Arc::clone(&pool).keep_fresh(every)).abort_handle());
        let servers = Arc::new(Servers::new(pool));
        let batches = Batches::start(Arc::clone(&servers));
        Ok((Self { servers, batches, refresher, scenarios }, warnings))
    }

    /// The named scenario's details and balance, as the servers list them.
    pub fn scenario(&self, name: &str) -> Option<&ScenarioInfo> {
        self.scenarios.iter().find(|s| s.name == name)
    }

    /// Calls per server so far, `(name, calls)`, every server that took part (a batch
    /// of actions is one call).
    pub fn load(&self) -> Vec<(String, u64)> {
        self.servers.pool().load()
    }

    /// Calls retried so far.
    pub fn retries(&self) -> u64 {
        self.servers.retries()
    }

    /// Servers that joined or left and lookups that failed since the last call.
    pub fn take_notes(&self) -> Vec<String> {
        self.servers.pool().take_notes()
    }

    /// NewGame.
    pub async fn new_game(&self, ruleset: Ruleset, seed: u64, scenario: &str) -> Result<NewGameResponse, CallError> {
        self.servers
            .call("NewGame", |channel| {
                let request = NewGameRequest {
                    ruleset: ruleset as i32,
                    seed,
                    scenario: scenario.to_owned(),
                    ..Default::default()
                };
                async move { grpc::rules(channel).new_game(request).await.map(tonic::Response::into_inner) }
            })
            .await
    }

    /// ApplyAction: `action` applied to `state`, answered as ApplyAction answers. The
    /// state is copied into the request once; the request goes out in a batch with the
    /// other games' actions that are waiting ([`Batches`]).
    pub async fn apply(&self, state: &GameState, action: &Action) -> Result<ApplyActionResponse, CallError> {
        let request =
            ApplyActionRequest { state: Some(state.clone()), action: Some(action.clone()), ..Default::default() };
        self.batches.apply(request).await
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use std::net::SocketAddr;
    use std::time::Instant;

    use super::super::pool::scripted::Scripted;
    use super::super::testing::{Plain, TestServer};
    use super::*;

    const URL: &str = "http://fray.test:50051";

    fn name(addr: SocketAddr) -> String {
        format!("{URL} (127.0.0.1:{})", addr.port())
    }

    /// Calls so far by the server called `name`.
    fn calls(referee: &Referee, name: &str) -> u64 {
        referee.load().into_iter().find(|(n, _)| n == name).map_or_else(|| panic!("no server {name}"), |(_, c)| c)
    }

    /// `n` NewGame calls, one after the other (so ties go in turn).
    async fn deal(referee: &Referee, n: u64) {
        for seed in 0..n {
            referee.new_game(Ruleset::Egame, seed, "fables").await.unwrap();
        }
    }

    /// Waits (at most 5 s) for a note containing `text`.
    async fn note(referee: &Referee, text: &str) -> String {
        let started = Instant::now();
        loop {
            if let Some(note) = referee.take_notes().into_iter().find(|n| n.contains(text)) {
                return note;
            }
            assert!(started.elapsed() < Duration::from_secs(5), "no note with {text:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    #[tokio::test]
    async fn a_name_is_a_server_per_address_and_pods_join_and_leave_as_it_resolves() {
        let mut pods = Vec::new();
        for _ in 0..3 {
            pods.push(TestServer::start().await);
        }
        let [a, b, c] = [pods[0].addr(), pods[1].addr(), pods[2].addr()];
        let dns = Scripted::new(vec![a, b]);
        let urls = [URL.to_owned()];
        let every = Duration::from_millis(50);
        let (referee, warnings) =
            Referee::connect_with(&urls, Arc::new(Plain), Ruleset::Egame, dns.clone(), every).await.unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        let mut names: Vec<String> = referee.load().into_iter().map(|(n, _)| n).collect();
        names.sort();
        let mut expected = vec![name(a), name(b)];
        expected.sort();
        assert_eq!(names, expected);
        deal(&referee, 20).await;
        assert!(calls(&referee, &name(a)) >= 5 && calls(&referee, &name(b)) >= 5, "{:?}", referee.load());

        // A pod is added: it joins and takes calls.
        dns.answer(vec![a, b, c]);
        let joined = note(&referee, "joins").await;
        assert_eq!(joined, format!("{} joins; {URL} resolves to 3 addresses", name(c)));
        deal(&referee, 30).await;
        assert!(calls(&referee, &name(c)) >= 5, "{:?}", referee.load());

        // One is removed: it takes no more calls, the others do.
        dns.answer(vec![a, c]);
        note(&referee, &format!("{} leaves", name(b))).await;
        let before: Vec<u64> = [a, b, c].iter().map(|&x| calls(&referee, &name(x))).collect();
        deal(&referee, 20).await;
        let after: Vec<u64> = [a, b, c].iter().map(|&x| calls(&referee, &name(x))).collect();
        assert_eq!(after[1], before[1], "{:?}", referee.load());
        assert!(after[0] > before[0] && after[2] > before[2], "{:?}", referee.load());
        assert_eq!(referee.retries(), 0);
    }

    #[tokio::test]
    async fn when_every_server_of_a_name_is_down_it_is_resolved_again_at_once() {
        let (old, new) = (TestServer::start().await, TestServer::start().await);
        let (old_addr, new_addr) = (old.addr(), new.addr());
        let dns = Scripted::new(vec![old_addr]);
        // Not again by the clock within the test.
        let every = Duration::from_secs(3600);
        let (referee, _) =
            Referee::connect_with(&[URL.to_owned()], Arc::new(Plain), Ruleset::Egame, dns.clone(), every)
                .await
                .unwrap();
        deal(&referee, 2).await;
        assert_eq!(dns.lookups(), 1);
        // The pod is replaced: the old one stops, the name now resolves to the new one.
        old.stop().await;
        dns.answer(vec![new_addr]);
        let started = Instant::now();
        referee.new_game(Ruleset::Egame, 7, "fables").await.unwrap();
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
        assert_eq!(dns.lookups(), 2, "looked up again once the only server failed");
        assert!(calls(&referee, &name(new_addr)) >= 1, "{:?}", referee.load());
        assert!(referee.retries() >= 1);
        let notes = referee.take_notes().join("\n");
        assert!(notes.contains(&format!("{} joins", name(new_addr))), "{notes}");
        assert!(notes.contains(&format!("{} leaves", name(old_addr))), "{notes}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn calls_that_race_a_connections_goaway_are_retried_and_none_is_lost() {
        // A server that ends every connection after 50 ms, and eight callers at once.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let config =
            fray_service::ServerConfig { max_connection_age: Some(Duration::from_millis(50)), ..Default::default() };
        tokio::spawn(fray_service::serve(listener, config, std::future::pending()));
        let (referee, _) = Referee::connect(&[url], Arc::new(Plain), Ruleset::Egame).await.unwrap();
        let referee = Arc::new(referee);
        let mut callers = tokio::task::JoinSet::new();
        for caller in 0..8 {
            let referee = Arc::clone(&referee);
            callers.spawn(async move {
                for seed in 0..150 {
                    referee.new_game(Ruleset::Egame, caller * 1000 + seed, "fables").await?;
                }
                Ok::<_, CallError>(())
            });
        }
        while let Some(caller) = callers.join_next().await {
            if let Err(e) = caller.unwrap() {
                panic!("a call was lost: {e:?}");
            }
        }
        // Every call answered once; those that met a GOAWAY were sent again.
        assert_eq!(referee.load()[0].1, 8 * 150 + referee.retries());
    }

    #[tokio::test]
    async fn an_ip_address_url_is_one_server_never_looked_up() {
        let server = TestServer::start().await;
        let dns = Scripted::new(Vec::new());
        let every = Duration::from_millis(10);
        let (referee, _) =
            Referee::connect_with(&[server.url()], Arc::new(Plain), Ruleset::Egame, dns.clone(), every).await.unwrap();
        deal(&referee, 3).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(dns.lookups(), 0);
        assert_eq!(referee.load(), [(server.url(), 3)]);
    }
}
