//! The servers behind the `--server` URLs. A URL whose host is an IP address is one
//! server. A URL whose host is a name is one server per address the name resolves to
//! (a Kubernetes headless Service answers with every ready pod), named
//! `URL (ADDRESS)`; every call to it still names the host (`:authority`).
//!
//! The names are resolved again every few seconds while the tournament runs, and at
//! once when every server of a name is down: a new address joins, a gone one gets no
//! more calls (those in flight finish), and a lookup that fails or finds nothing
//! keeps the last good set with a warning. At the start, a name that resolves to
//! nothing is a connection error.

use std::collections::BTreeSet;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use tokio::sync::Notify;
use tonic::transport::Channel;

use super::connect::Connector;
use super::error::TournamentError;

/// How long a server that failed is passed over.
const QUARANTINE: Duration = Duration::from_secs(2);
/// The least time between two lookups of the names, however often they are asked for.
const LOOKUP_GAP: Duration = Duration::from_millis(500);

/// What a lookup answers: the addresses, in any order, duplicates allowed.
pub type Lookup = Pin<Box<dyn Future<Output = io::Result<Vec<SocketAddr>>> + Send>>;

/// Finds the addresses of a host name. The tournament asks the system
/// ([`SystemResolver`]); tests answer what they like.
pub trait Resolver: Send + Sync + 'static {
    /// The addresses of `host`, each with `port` unless the resolver knows better.
    fn lookup(&self, host: &str, port: u16) -> Lookup;
}

/// The system's resolver (`getaddrinfo`, through [`tokio::net::lookup_host`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemResolver;

impl Resolver for SystemResolver {
    fn lookup(&self, host: &str, port: u16) -> Lookup {
        let host = host.to_owned();
        Box::pin(async move { Ok(tokio::net::lookup_host((host.as_str(), port)).await?.collect()) })
    }
}

/// One Rules server: an address of a `--server` URL, or the URL itself.
pub struct Server {
    /// How reports name it: the URL, or `URL (ADDRESS)`.
    pub name: String,
    /// The channel (connected lazily, reconnecting as needed).
    pub channel: Channel,
    /// Calls sent to it and not answered yet.
    pub in_flight: AtomicUsize,
    /// Calls sent to it so far.
    pub calls: AtomicU64,
    down_until: Mutex<Option<Instant>>,
    /// Whether it takes new calls: false once its name no longer resolves to it.
    active: AtomicBool,
    /// Its `--server` URL, an index into [`Pool::sources`].
    source: usize,
    /// Its address, for a server of a name.
    addr: Option<SocketAddr>,
}

impl Server {
    fn new(name: String, channel: Channel, source: usize, addr: Option<SocketAddr>) -> Self {
        Self {
            name,
            channel,
            in_flight: AtomicUsize::new(0),
            calls: AtomicU64::new(0),
            down_until: Mutex::new(None),
            active: AtomicBool::new(true),
            source,
            addr,
        }
    }

    /// Whether it failed within the quarantine before `now`.
    pub fn is_down(&self, now: Instant) -> bool {
        self.down_until.lock().map(|d| d.is_some_and(|until| until > now)).unwrap_or(false)
    }

    /// Marks it down for the quarantine, or up.
    pub fn mark(&self, down: bool) {
        if let Ok(mut d) = self.down_until.lock() {
            *d = down.then(|| Instant::now() + QUARANTINE);
        }
    }

    fn is_active(&self) -> bool {
        self.active.load(Ordering::Relaxed)
    }
}

/// A `--server` URL.
struct Source {
    /// Normalized (`http://` added to a bare `HOST:PORT`).
    url: String,
    /// The host name to resolve; `None` for an IP address.
    name: Option<(String, u16)>,
    /// The last lookup warning, so a lasting failure is told once.
    warned: Mutex<Option<String>>,
}

impl Source {
    fn parse(url: &str, connector: &dyn Connector) -> Result<Self, TournamentError> {
        let (url, uri) = connector.locate(url)?;
        let host = uri.host().unwrap_or_default();
        let literal = host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok();
        let port = uri.port_u16().unwrap_or(if uri.scheme_str() == Some("https") { 443 } else { 80 });
        let name = (!literal).then(|| (host.to_owned(), port));
        Ok(Self { url, name, warned: Mutex::new(None) })
    }

    /// A server of this URL at `addr`: the address alone when it has the URL's port.
    fn server_name(&self, addr: SocketAddr) -> String {
        match &self.name {
            Some((_, port)) if addr.port() == *port => format!("{} ({})", self.url, addr.ip()),
            _ => format!("{} ({addr})", self.url),
        }
    }
}

/// Every server the tournament has used, the active ones taking the calls.
pub struct Pool {
    sources: Vec<Source>,
    /// How the channels are made.
    connector: Arc<dyn Connector>,
    /// Active servers and those whose address went away (kept for their counts).
    servers: RwLock<Vec<Arc<Server>>>,
    resolver: Arc<dyn Resolver>,
    /// What happened since the last [`Pool::take_notes`]: servers joining or leaving,
    /// lookups failing.
    notes: Mutex<Vec<String>>,
    /// Asks the refresher for a lookup now.
    wake: Notify,
}

impl Pool {
    /// A server per IP-address URL, and one per address of each named URL. A name that
    /// does not resolve, or resolves to nothing, is a connection error.
    pub async fn new(
        urls: &[String],
        connector: Arc<dyn Connector>,
        resolver: Arc<dyn Resolver>,
    ) -> Result<Self, TournamentError> {
        let sources = urls.iter().map(|url| Source::parse(url, &*connector)).collect::<Result<Vec<_>, _>>()?;
        let pool = Self {
            sources,
            connector,
            servers: RwLock::new(Vec::new()),
            resolver,
            notes: Mutex::new(Vec::new()),
            wake: Notify::new(),
        };
        for (index, source) in pool.sources.iter().enumerate() {
            match &source.name {
                None => {
                    let channel = pool.connector.channel(&source.url)?;
                    pool.write().push(Arc::new(Server::new(source.url.clone(), channel, index, None)));
                }
                Some((host, port)) => {
                    let addrs = match pool.resolver.lookup(host, *port).await {
                        Ok(addrs) if addrs.is_empty() => Err(format!("{host} resolves to no address")),
                        Ok(addrs) => Ok(addrs),
                        Err(e) => Err(format!("cannot resolve {host}: {e}")),
                    };
                    let addrs = addrs.map_err(|detail| TournamentError::Connect { url: source.url.clone(), detail })?;
                    pool.apply(index, addrs)?;
                    // Joining at the start is not news.
                    pool.take_notes();
                }
            }
        }
        Ok(pool)
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vec<Arc<Server>>> {
        self.servers.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Vec<Arc<Server>>> {
        self.servers.write().unwrap_or_else(PoisonError::into_inner)
    }

    fn note(&self, text: String) {
        self.notes.lock().unwrap_or_else(PoisonError::into_inner).push(text);
    }

    /// What happened since the last call, oldest first.
    pub fn take_notes(&self) -> Vec<String> {
        std::mem::take(&mut *self.notes.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// A status a call to one of the servers answered, in words ([`Connector::describe`]).
    pub fn describe(&self, status: &tonic::Status) -> String {
        self.connector.describe(status)
    }

    /// Whether some URL names a host to resolve again.
    pub fn has_names(&self) -> bool {
        self.sources.iter().any(|s| s.name.is_some())
    }

    /// The servers taking calls now.
    pub fn active(&self) -> Vec<Arc<Server>> {
        self.read().iter().filter(|s| s.is_active()).cloned().collect()
    }

    /// Every server so far with its calls, `(name, calls)`, in the order they joined.
    pub fn load(&self) -> Vec<(String, u64)> {
        self.read().iter().map(|s| (s.name.clone(), s.calls.load(Ordering::Relaxed))).collect()
    }

    /// The active server with the fewest calls in flight that is not down, ties going
    /// in turn from `turn`; with every one down, the next in turn anyway (it may be
    /// back). `None` only for a pool without servers.
    pub fn pick(&self, turn: usize) -> Option<Arc<Server>> {
        let active = self.active();
        let n = active.len();
        let order = (0..n).map(|k| &active[(turn + k) % n]);
        let now = Instant::now();
        let up = order.clone().filter(|s| !s.is_down(now)).min_by_key(|s| s.in_flight.load(Ordering::Relaxed));
        up.or_else(|| order.clone().next()).cloned()
    }

    /// After `server` failed: when every active server of its name is down, asks for a
    /// lookup now (the pods may have been replaced).
    pub fn failed(&self, server: &Server) {
        if server.addr.is_none() {
            return;
        }
        let now = Instant::now();
        let all_down =
            self.read().iter().filter(|s| s.source == server.source && s.is_active()).all(|s| s.is_down(now));
        if all_down {
            self.wake.notify_one();
        }
    }

    /// Makes the servers of source `index` the ones at `addrs`: new addresses join
    /// (or rejoin), missing ones stop taking calls. `addrs` is not empty.
    fn apply(&self, index: usize, addrs: Vec<SocketAddr>) -> Result<(), TournamentError> {
        let source = &self.sources[index];
        let wanted: BTreeSet<SocketAddr> = addrs.into_iter().collect();
        let mut servers = self.write();
        let mut changes = Vec::new();
        for server in servers.iter().filter(|s| s.source == index) {
            let Some(addr) = server.addr else { continue };
            let keep = wanted.contains(&addr);
            if server.active.swap(keep, Ordering::Relaxed) != keep {
                changes.push(if keep { format!("{} rejoins", server.name) } else { format!("{} leaves", server.name) });
            }
        }
        let known: BTreeSet<SocketAddr> = servers.iter().filter(|s| s.source == index).filter_map(|s| s.addr).collect();
        for &addr in wanted.difference(&known) {
            let channel = self.connector.channel_at(&source.url, addr)?;
            let server = Server::new(source.server_name(addr), channel, index, Some(addr));
            changes.push(format!("{} joins", server.name));
            servers.push(Arc::new(server));
        }
        drop(servers);
        if !changes.is_empty() {
            let how_many = wanted.len();
            self.note(format!(
                "{}; {} resolves to {how_many} address{}",
                changes.join(", "),
                source.url,
                if how_many == 1 { "" } else { "es" }
            ));
        }
        Ok(())
    }

    /// Resolves every name again and applies what it finds; a failed or empty lookup
    /// keeps the servers as they are, with a warning (once while it lasts).
    pub async fn refresh(&self) {
        for (index, source) in self.sources.iter().enumerate() {
            let Some((host, port)) = &source.name else { continue };
            let outcome = match self.resolver.lookup(host, *port).await {
                Ok(addrs) if addrs.is_empty() => Err(format!("{host} resolves to no address now")),
                Ok(addrs) => self.apply(index, addrs).map_err(|e| format!("{host}: {e}")),
                Err(e) => Err(format!("cannot resolve {host} now ({e})")),
            };
            let mut warned = source.warned.lock().unwrap_or_else(PoisonError::into_inner);
            match outcome {
                Ok(()) => *warned = None,
                Err(why) if warned.as_deref() != Some(why.as_str()) => {
                    let kept = self.read().iter().filter(|s| s.source == index && s.is_active()).count();
                    self.note(format!("warning: {why}; {} keeps its {kept} known server(s)", source.url));
                    *warned = Some(why);
                }
                Err(_) => {}
            }
        }
    }

    /// Resolves the names again every `every`, or sooner when [`Pool::failed`] asks,
    /// but never twice within [`LOOKUP_GAP`]; runs until aborted.
    pub async fn keep_fresh(self: Arc<Self>, every: Duration) {
        loop {
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                () = self.wake.notified() => {}
            }
            self.refresh().await;
            tokio::time::sleep(LOOKUP_GAP.min(every)).await;
        }
    }
}

/// A resolver answering what the test says, counting its lookups.
#[cfg(test)]
pub(crate) mod scripted {
    use super::*;

    /// Answers the addresses (or the failure) last set, whatever the host.
    pub struct Scripted {
        answer: Mutex<Result<Vec<SocketAddr>, String>>,
        lookups: AtomicUsize,
    }

    impl Scripted {
        pub fn new(addrs: Vec<SocketAddr>) -> Arc<Self> {
            Arc::new(Self { answer: Mutex::new(Ok(addrs)), lookups: AtomicUsize::new(0) })
        }

        pub fn answer(&self, addrs: Vec<SocketAddr>) {
            *self.answer.lock().unwrap_or_else(PoisonError::into_inner) = Ok(addrs);
        }

        pub fn fail(&self, why: &str) {
            *self.answer.lock().unwrap_or_else(PoisonError::into_inner) = Err(why.to_owned());
        }

        pub fn lookups(&self) -> usize {
            self.lookups.load(Ordering::SeqCst)
        }
    }

    impl Resolver for Scripted {
        fn lookup(&self, _host: &str, _port: u16) -> Lookup {
            self.lookups.fetch_add(1, Ordering::SeqCst);
            let answer = self.answer.lock().unwrap_or_else(PoisonError::into_inner).clone();
            Box::pin(async move { answer.map_err(io::Error::other) })
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use fray_proto::fray::v1::ListRulesetsRequest;

    use super::super::testing::{Plain, TestServer};
    use super::scripted::Scripted;
    use super::*;
    use crate::grpc;

    const URL: &str = "http://fray.test:50051";

    #[test]
    fn an_ip_address_is_one_server_and_a_name_is_resolved_with_its_port() {
        for literal in ["http://127.0.0.1:50051", "http://[::1]:50051", "10.0.0.7:50051"] {
            assert_eq!(Source::parse(literal, &Plain).unwrap().name, None, "{literal}");
        }
        let named = |url: &str| Source::parse(url, &Plain).unwrap().name;
        assert_eq!(named("localhost:50051"), Some(("localhost".to_owned(), 50051)));
        assert_eq!(named("http://fray-server.default.svc"), Some(("fray-server.default.svc".to_owned(), 80)));
        assert_eq!(named("https://fray.example"), Some(("fray.example".to_owned(), 443)));
        let source = Source::parse(URL, &Plain).unwrap();
        assert_eq!(source.server_name("10.0.0.7:50051".parse().unwrap()), "http://fray.test:50051 (10.0.0.7)");
        assert_eq!(source.server_name("[fd00::7]:50051".parse().unwrap()), "http://fray.test:50051 (fd00::7)");
        // A resolver that knows better ports (the tests' servers) shows them.
        assert_eq!(source.server_name("127.0.0.1:4000".parse().unwrap()), "http://fray.test:50051 (127.0.0.1:4000)");
    }

    /// A proxy to `server` that holds back each piece of its answers for `delay`, so
    /// a call through it is in flight at least that long.
    async fn slow_proxy(server: SocketAddr, delay: Duration) -> SocketAddr {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let upstream = tokio::net::TcpStream::connect(server).await.unwrap();
                let ((mut from_client, mut to_client), (mut from_server, mut to_server)) =
                    (client.into_split(), upstream.into_split());
                tokio::spawn(async move { tokio::io::copy(&mut from_client, &mut to_server).await });
                tokio::spawn(async move {
                    let mut buf = vec![0; 1 << 16];
                    while let Ok(n @ 1..) = from_server.read(&mut buf).await {
                        tokio::time::sleep(delay).await;
                        if to_client.write_all(&buf[..n]).await.is_err() {
                            break;
                        }
                    }
                });
            }
        });
        addr
    }

    #[tokio::test]
    async fn an_address_that_leaves_finishes_its_calls_in_flight() {
        let (one, two) = (TestServer::start().await, TestServer::start().await);
        let slow = slow_proxy(two.addr(), Duration::from_millis(150)).await;
        let dns = Scripted::new(vec![one.addr(), slow]);
        let pool = Pool::new(&[URL.to_owned()], Arc::new(Plain), dns.clone()).await.unwrap();
        assert_eq!(pool.active().len(), 2);
        let leaving = pool.active().into_iter().find(|s| s.addr == Some(slow)).unwrap();
        let mut client = grpc::rules(leaving.channel.clone());
        let in_flight = tokio::spawn(async move { client.list_rulesets(ListRulesetsRequest {}).await });
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(!in_flight.is_finished(), "the call is under way when its address goes");
        dns.answer(vec![one.addr()]);
        pool.refresh().await;
        let active: Vec<String> = pool.active().iter().map(|s| s.name.clone()).collect();
        assert_eq!(active, [format!("{URL} (127.0.0.1:{})", one.addr().port())]);
        assert!(in_flight.await.unwrap().is_ok(), "the call finishes");
        let notes = pool.take_notes();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].ends_with(&format!("{} leaves; {URL} resolves to 1 address", leaving.name)), "{notes:?}");
        // Every server that took part stays in the load, for the report.
        assert_eq!(pool.load().len(), 2);
        // It comes back as the same server, counts and all.
        dns.answer(vec![one.addr(), slow]);
        pool.refresh().await;
        assert_eq!((pool.active().len(), pool.load().len()), (2, 2));
        assert!(pool.take_notes()[0].starts_with(&format!("{} rejoins", leaving.name)));
    }

    #[tokio::test]
    async fn a_failed_or_empty_lookup_keeps_the_servers_and_warns_once() {
        let one = TestServer::start().await;
        let dns = Scripted::new(vec![one.addr()]);
        let pool = Pool::new(&[URL.to_owned()], Arc::new(Plain), dns.clone()).await.unwrap();
        dns.fail("SERVFAIL");
        pool.refresh().await;
        pool.refresh().await;
        let notes = pool.take_notes();
        assert_eq!(
            notes,
            [format!("warning: cannot resolve fray.test now (SERVFAIL); {URL} keeps its 1 known server(s)")]
        );
        dns.answer(Vec::new());
        pool.refresh().await;
        pool.refresh().await;
        let notes = pool.take_notes();
        assert_eq!(
            notes,
            [format!("warning: fray.test resolves to no address now; {URL} keeps its 1 known server(s)")]
        );
        assert_eq!(pool.active().len(), 1);
        // Resolving again is not news; failing again after that is.
        dns.answer(vec![one.addr()]);
        pool.refresh().await;
        assert!(pool.take_notes().is_empty());
        dns.fail("SERVFAIL");
        pool.refresh().await;
        assert_eq!(pool.take_notes().len(), 1);
    }

    #[tokio::test]
    async fn a_name_without_an_address_at_the_start_is_a_connection_error() {
        for dns in [Scripted::new(Vec::new()), {
            let dns = Scripted::new(Vec::new());
            dns.fail("no such host");
            dns
        }] {
            let err = match Pool::new(&[URL.to_owned()], Arc::new(Plain), dns).await {
                Err(err) => err,
                Ok(_) => panic!("a name without an address was accepted"),
            };
            assert!(matches!(err, TournamentError::Connect { .. }), "{err:?}");
            let text = err.to_string();
            assert!(
                text == format!("cannot reach {URL}: fray.test resolves to no address")
                    || text == format!("cannot reach {URL}: cannot resolve fray.test: no such host"),
                "{text}"
            );
        }
    }
}
