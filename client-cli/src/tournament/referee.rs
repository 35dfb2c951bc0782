//! The referee: the Rules service over gRPC, on one or more servers. Every call goes to
//! the reachable server with the fewest calls in flight (ties in turn), and a call that
//! fails for transport reasons is retried on another server after a short backoff.
//! Retrying is safe because the service is stateless: a call carries the whole game.

use std::future::Future;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use fray_proto::fray::v1::rules_client::RulesClient;
use fray_proto::fray::v1::{
    Action, ApplyActionRequest, ApplyActionResponse, GameState, LegalActionsRequest, ListRulesetsRequest,
    NewGameRequest, NewGameResponse, Ruleset, ScenarioInfo,
};
use tonic::transport::Channel;
use tonic::{Code, Status};

use crate::client;
use crate::error::{CliError, render_status};
use crate::tls::ClientTls;

/// Attempts per call before the referee gives up (over all servers).
const ATTEMPTS: u32 = 6;
/// The first backoff; it doubles per attempt.
const BACKOFF: Duration = Duration::from_millis(100);
/// How long a server that failed is passed over.
const QUARANTINE: Duration = Duration::from_secs(2);

struct Server {
    url: String,
    client: RulesClient<Channel>,
    in_flight: AtomicUsize,
    down_until: Mutex<Option<Instant>>,
    calls: AtomicU64,
}

impl Server {
    fn is_down(&self, now: Instant) -> bool {
        self.down_until.lock().map(|d| d.is_some_and(|until| until > now)).unwrap_or(false)
    }

    fn mark(&self, down: bool) {
        if let Ok(mut d) = self.down_until.lock() {
            *d = down.then(|| Instant::now() + QUARANTINE);
        }
    }
}

/// A call that did not go through.
#[derive(Debug)]
pub enum CallError {
    /// A server answered with an error that retrying cannot fix (e.g. an illegal
    /// action is INVALID_ARGUMENT or FAILED_PRECONDITION).
    Refused(Status),
    /// No server answered after every attempt.
    Unreachable(String),
}

impl From<CallError> for CliError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::Refused(status) => CliError::Status(Box::new(status)),
            CallError::Unreachable(why) => CliError::Server(why),
        }
    }
}

/// Codes that say the call may succeed elsewhere or later.
fn retryable(code: Code) -> bool {
    matches!(
        code,
        Code::Unavailable
            | Code::Unknown
            | Code::Cancelled
            | Code::DeadlineExceeded
            | Code::ResourceExhausted
            | Code::Aborted
    )
}

/// The Rules servers a tournament plays on.
pub struct Referee {
    servers: Vec<Server>,
    turn: AtomicUsize,
    retries: AtomicU64,
    /// The ruleset's scenarios as the first server that answered lists them.
    scenarios: Vec<ScenarioInfo>,
}

impl Referee {
    /// Channels to every URL (connected lazily); checks each server answers and has a
    /// skirmish game for `ruleset`. Servers that do not answer now are kept and tried
    /// again later; none answering, or one without the skirmish, is an error.
    pub async fn connect(urls: &[String], tls: &ClientTls, ruleset: Ruleset) -> Result<(Self, Vec<String>), CliError> {
        let mut servers = Vec::with_capacity(urls.len());
        for url in urls {
            let (endpoint, url) = client::endpoint(url, tls)?;
            let client = client::rules(endpoint.connect_lazy());
            servers.push(Server {
                url,
                client,
                in_flight: AtomicUsize::new(0),
                down_until: Mutex::new(None),
                calls: AtomicU64::new(0),
            });
        }
        let mut referee =
            Self { servers, turn: AtomicUsize::new(0), retries: AtomicU64::new(0), scenarios: Vec::new() };
        let mut warnings = Vec::new();
        let mut reachable = 0;
        for server in &referee.servers {
            let answer = server.client.clone().list_rulesets(ListRulesetsRequest {}).await;
            match answer {
                Ok(list) => {
                    let info = list.into_inner().rulesets.into_iter().find(|r| r.ruleset == ruleset as i32);
                    let Some(info) = info.filter(|r| r.skirmish) else {
                        return Err(CliError::Usage(format!(
                            "{} has no skirmish game for {}: a tournament needs one",
                            server.url,
                            ruleset.as_str_name()
                        )));
                    };
                    if reachable == 0 {
                        referee.scenarios = info.scenario_details;
                    }
                    reachable += 1;
                }
                Err(status) => {
                    server.mark(true);
                    warnings.push(format!(
                        "{} does not answer ({}); it will be tried again",
                        server.url,
                        render_status(&status)
                    ));
                }
            }
        }
        if reachable == 0 {
            let url = referee.servers.iter().map(|s| s.url.as_str()).collect::<Vec<_>>().join(", ");
            return Err(CliError::Connect { url, detail: warnings.join("; ") });
        }
        Ok((referee, warnings))
    }

    /// The named scenario's details and balance, as the servers list them.
    pub fn scenario(&self, name: &str) -> Option<&ScenarioInfo> {
        self.scenarios.iter().find(|s| s.name == name)
    }

    /// Calls per server so far, `(url, calls)`.
    pub fn load(&self) -> Vec<(String, u64)> {
        self.servers.iter().map(|s| (s.url.clone(), s.calls.load(Ordering::Relaxed))).collect()
    }

    /// Calls retried so far.
    pub fn retries(&self) -> u64 {
        self.retries.load(Ordering::Relaxed)
    }

    fn pick(&self) -> &Server {
        let now = Instant::now();
        let n = self.servers.len();
        let start = self.turn.fetch_add(1, Ordering::Relaxed);
        let order = (0..n).map(|k| &self.servers[(start + k) % n]);
        let up = order.clone().filter(|s| !s.is_down(now)).min_by_key(|s| s.in_flight.load(Ordering::Relaxed));
        // With every server down, try the next one anyway: it may be back.
        up.unwrap_or_else(|| &self.servers[start % n])
    }

    async fn call<T, F, Fut>(&self, what: &str, f: F) -> Result<T, CallError>
    where
        F: Fn(RulesClient<Channel>) -> Fut,
        Fut: Future<Output = Result<tonic::Response<T>, Status>>,
    {
        let mut last = String::new();
        for attempt in 0..ATTEMPTS {
            if attempt > 0 {
                self.retries.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(BACKOFF * 2u32.pow(attempt - 1)).await;
            }
            let server = self.pick();
            server.in_flight.fetch_add(1, Ordering::Relaxed);
            server.calls.fetch_add(1, Ordering::Relaxed);
            let answer = f(server.client.clone()).await;
            server.in_flight.fetch_sub(1, Ordering::Relaxed);
            match answer {
                Ok(response) => {
                    server.mark(false);
                    return Ok(response.into_inner());
                }
                Err(status) if retryable(status.code()) => {
                    server.mark(true);
                    last = format!("{}: {}", server.url, render_status(&status));
                }
                Err(status) => return Err(CallError::Refused(status)),
            }
        }
        Err(CallError::Unreachable(format!("{what} failed {ATTEMPTS} times; last: {last}")))
    }

    /// NewGame.
    pub async fn new_game(&self, ruleset: Ruleset, seed: u64, scenario: &str) -> Result<NewGameResponse, CallError> {
        let request = NewGameRequest { ruleset: ruleset as i32, seed, scenario: scenario.to_owned() };
        self.call("NewGame", |mut c| {
            let r = request.clone();
            async move { c.new_game(r).await }
        })
        .await
    }

    /// LegalActions.
    pub async fn legal_actions(&self, state: &GameState) -> Result<Vec<Action>, CallError> {
        let request = LegalActionsRequest { state: Some(state.clone()) };
        let answer = self
            .call("LegalActions", |mut c| {
                let r = request.clone();
                async move { c.legal_actions(r).await }
            })
            .await?;
        Ok(answer.actions)
    }

    /// ApplyAction.
    pub async fn apply(&self, state: &GameState, action: &Action) -> Result<ApplyActionResponse, CallError> {
        let request = ApplyActionRequest { state: Some(state.clone()), action: Some(action.clone()) };
        self.call("ApplyAction", |mut c| {
            let r = request.clone();
            async move { c.apply_action(r).await }
        })
        .await
    }
}
