//! The server's edge to the internet: who may connect (origin, address limits), how
//! fast (token buckets per address), and the headers every answer carries. Each limit
//! is a [`Limits`] field, set on the command line; docs/SECURITY.md lists them.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

mod count;

use count::{Count, Full, Place};

/// Every limit of the edge. The defaults suit a public server; a load test on loopback
/// raises them.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// WebSocket connections open at once, over all addresses.
    pub connections: usize,
    /// WebSocket connections open at once from one address.
    pub connections_per_address: usize,
    /// Messages (and HTTP API requests) per second from one address, sustained.
    pub messages_per_second: u32,
    /// Messages one address may send in a burst above that rate.
    pub message_burst: u32,
    /// Tables one address may create per minute.
    pub tables_per_minute: u32,
    /// Replays (`/api/games/{id}/steps`, megabytes for a long game) one address may
    /// download per minute.
    pub replays_per_minute: u32,
    /// Questions to the coach (each a strong player's search, unless already answered for
    /// that decision) one address may ask per minute.
    pub coaches_per_minute: u32,
    /// Refused `join`, `rejoin` and `watch` messages (no such table, seat or token) one
    /// address may send per minute: what guessing a table's id or a token costs.
    pub failed_joins_per_minute: u32,
    /// Seconds after the upgrade within which `hello` must come.
    pub hello_seconds: u64,
    /// Seconds a connection may go without sending anything (the server pings every
    /// third of it; browsers and WebSocket libraries answer by themselves): a client gone
    /// quiet, or stalled in the middle of a frame, is closed after it.
    pub idle_seconds: u64,
    /// Messages waiting to go out to one connection; a client that reads nothing while
    /// this fills is dropped (the table goes on).
    pub queue: usize,
    /// Bytes waiting to go out to one connection; past them, as past `queue`, a client
    /// that reads nothing is dropped (a message of any size may wait alone).
    pub queue_bytes: usize,
    /// TCP connections open at once from one address, counted from the accept (before
    /// any HTTP is read, upgraded or not); past it a connection is closed unread.
    pub tcp_per_address: usize,
    /// Seconds a connection may take to send a request's headers, and may sit between
    /// requests: a socket that sends nothing, or half a request line, is closed after it.
    pub header_seconds: u64,
    /// The prefix length of an IPv6 network counted as one address by every per-address
    /// limit (a home or a host is usually given a /64 and may use any address in it).
    pub ipv6_prefix: u8,
    /// The most deals a network table's strong player may sample a decision (`strong:N`
    /// above it is refused); the operator's own tables are not bound.
    pub max_samples: u32,
    /// Tables with no seat for a person that one address may have in play at once; 0
    /// refuses them all.
    pub computer_tables_per_address: usize,
    /// Seconds a finished hand's result waits for the people seated at its table (each
    /// connected and not on autopilot) to `continue` before the next deal; where nobody
    /// is seated and connected but somebody watches, the least of this and
    /// [`WATCHED_PAUSE_SECONDS`]. 0 deals at once. Nobody can hold a table longer.
    pub hand_pause_seconds: u64,
    /// Seconds a person who left a rated game in progress (`leave`) has to come back
    /// (`rejoin`) before the game counts as their loss, whoever finishes it (lichess's
    /// rule). Every node of a store should be given the same.
    pub leave_grace_seconds: u64,
    /// The speed of a table whose `create` names none ([`scene::Speed`]): how long what
    /// each action leaves stays in view before a computer acts, while anyone is there.
    pub table_speed: scene::Speed,
    /// Threads the server gives searching computer players at once, over all tables,
    /// taken in turn; the rest of the machine answers people.
    pub computer_threads: usize,
    /// Sign-ups (a passkey's registration begun) one address may start per hour.
    pub sign_ups_per_hour: u32,
    /// Sign-ups all addresses together may start per minute.
    pub sign_ups_per_minute_total: u32,
    /// Sign-in attempts (a passkey's sign-in begun, a recovery code tried) one address
    /// may make per minute.
    pub sign_ins_per_minute: u32,
    /// Sign-in attempts all addresses together may make per minute.
    pub sign_ins_per_minute_total: u32,
    /// Passkey ceremonies (begun, not yet finished, at most five minutes old) one address
    /// may have under way at once.
    pub ceremonies_per_address: usize,
    /// Passkey ceremonies under way at once over all addresses.
    pub ceremonies: usize,
    /// Sessions one account may hold at once; a new one ends the oldest past it.
    pub sessions_per_account: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 10_000,
            connections_per_address: 16,
            messages_per_second: 20,
            message_burst: 40,
            tables_per_minute: 20,
            replays_per_minute: 6,
            coaches_per_minute: 30,
            failed_joins_per_minute: 20,
            hello_seconds: 5,
            idle_seconds: 30,
            queue: 256,
            queue_bytes: 1024 * 1024,
            tcp_per_address: 32,
            header_seconds: 10,
            ipv6_prefix: 64,
            max_samples: 1000,
            computer_tables_per_address: 2,
            hand_pause_seconds: 30,
            leave_grace_seconds: 60,
            table_speed: scene::Speed::Normal,
            computer_threads: std::thread::available_parallelism()
                .map_or(1, |n| (n.get() / 2).max(1)),
            sign_ups_per_hour: 10,
            sign_ups_per_minute_total: 60,
            sign_ins_per_minute: 10,
            sign_ins_per_minute_total: 600,
            ceremonies_per_address: 8,
            ceremonies: 10_000,
            sessions_per_account: 20,
        }
    }
}

/// Seconds a hand's result stays between hands at a table only watched (see
/// [`Limits::hand_pause_seconds`]): a few, enough to read it.
pub const WATCHED_PAUSE_SECONDS: u64 = 4;

/// Who may connect, and from where.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// The limits.
    pub limits: Limits,
    /// Origins besides the server's own whose pages may open a WebSocket
    /// (`https://other.example`).
    pub allow_origins: Vec<String>,
    /// The origins this server is reached at (`https://cards.example`): their hosts, any
    /// IP address and `localhost` are the `Host`s it answers; another is refused, so a
    /// name rebound to this server's address (DNS rebinding) reads nothing.
    pub public_origins: Vec<String>,
    /// Reverse proxies whose `X-Forwarded-For` is believed: from a peer in one of these
    /// networks the client is the last entry not itself a trusted proxy; from any other
    /// peer the header is ignored.
    pub trust_proxy: Vec<ipnet::IpNet>,
    /// Who may read `/metrics` besides loopback (a Prometheus server's network).
    pub metrics_from: Vec<ipnet::IpNet>,
}

/// A refusal at the edge: an HTTP status and a documented code.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl Refusal {
    /// A refusal with this status, code and reason.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            code,
            message: message.into(),
        }
    }

    /// The protocol's error code.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// Why, in words.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        crate::metrics::metrics().refused(self.code);
        let body = crate::protocol::ErrorBody {
            code: self.code,
            message: &self.message,
        };
        (self.status, axum::Json(body)).into_response()
    }
}

fn quota(per: Duration, count: u32, burst: u32) -> Quota {
    let count = NonZeroU32::new(count.max(1)).expect("at least one");
    let burst = NonZeroU32::new(burst.max(1)).expect("at least one");
    Quota::with_period(per / count.get())
        .expect("a period above zero")
        .allow_burst(burst)
}

/// `count` a minute, all of them at once if need be.
fn per_minute(count: u32) -> Quota {
    quota(Duration::from_secs(60), count, count)
}

/// The edge's state, shared by every handler.
#[derive(Debug)]
pub struct Edge {
    config: Config,
    /// Open WebSocket connections.
    websockets: Arc<Count>,
    messages: DefaultKeyedRateLimiter<IpAddr>,
    tables: DefaultKeyedRateLimiter<IpAddr>,
    replays: DefaultKeyedRateLimiter<IpAddr>,
    coaching: DefaultKeyedRateLimiter<IpAddr>,
    failures: DefaultKeyedRateLimiter<IpAddr>,
    /// Addresses that spent their failed joins, until when.
    barred: Mutex<HashMap<IpAddr, Instant>>,
    /// Addresses that tried a connection past their cap, until when: their next TCP
    /// connections are closed as soon as they are accepted, before any HTTP is read.
    shunned: Mutex<HashMap<IpAddr, Instant>>,
    /// Open TCP connections.
    tcp: Arc<Count>,
    /// The most TCP connections open at once: what the descriptor limit leaves after the
    /// server's reserve ([`crate::listen::RESERVE`]).
    tcp_total: AtomicUsize,
    /// Computer-only tables in play.
    computer: Arc<Count>,
}

/// A computer-only table's place in its creator's share; given back when dropped.
#[derive(Debug)]
pub struct ComputerShare(#[expect(dead_code, reason = "held to be dropped")] Place);

/// A TCP connection counted against its address and the server; uncounted when dropped.
#[derive(Debug)]
pub struct TcpSlot(#[expect(dead_code, reason = "held to be dropped")] Place);

/// A WebSocket connection counted against its address; uncounted when dropped.
#[derive(Debug)]
pub struct Admitted(#[expect(dead_code, reason = "held to be dropped")] Place);

/// How long an address that tried a connection past its cap is shunned.
const SHUNNED: Duration = Duration::from_secs(1);

impl Edge {
    /// The edge for `config`.
    pub fn new(config: Config) -> Edge {
        let limits = &config.limits;
        let minute = Duration::from_secs(60);
        Edge {
            messages: RateLimiter::keyed(quota(
                Duration::from_secs(1),
                limits.messages_per_second,
                limits.message_burst,
            )),
            tables: RateLimiter::keyed(per_minute(limits.tables_per_minute)),
            replays: RateLimiter::keyed(per_minute(limits.replays_per_minute)),
            coaching: RateLimiter::keyed(per_minute(limits.coaches_per_minute)),
            // The failure that empties the bucket bars the address: a burst of one less
            // lets exactly `failed_joins_per_minute` fail before the next is refused.
            failures: RateLimiter::keyed(quota(
                minute,
                limits.failed_joins_per_minute,
                limits.failed_joins_per_minute.saturating_sub(1),
            )),
            websockets: Arc::default(),
            barred: Mutex::default(),
            shunned: Mutex::default(),
            tcp: Arc::default(),
            tcp_total: AtomicUsize::new(usize::MAX),
            computer: Arc::default(),
            config,
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.config.limits
    }

    /// Whether `peer` (the TCP peer, never a forwarded address) may read `/metrics`.
    pub fn may_scrape(&self, peer: IpAddr) -> bool {
        peer.to_canonical().is_loopback()
            || self
                .config
                .metrics_from
                .iter()
                .any(|net| net.contains(&peer))
    }

    /// WebSocket connections open now.
    pub fn connections(&self) -> usize {
        self.websockets.total()
    }

    /// Whether `peer` is a trusted proxy.
    fn trusts(&self, peer: IpAddr) -> bool {
        self.config
            .trust_proxy
            .iter()
            .any(|net| net.contains(&peer))
    }

    /// The address every per-address limit counts `address` under: itself, or for IPv6
    /// its network of [`Limits::ipv6_prefix`] bits.
    pub fn bucket(&self, address: IpAddr) -> IpAddr {
        match address {
            IpAddr::V4(_) => address,
            IpAddr::V6(v6) => {
                let prefix = self.config.limits.ipv6_prefix.min(128);
                ipnet::Ipv6Net::new(v6, prefix).map_or(address, |net| IpAddr::V6(net.network()))
            }
        }
    }

    /// The client's address as the limits count it ([`Edge::bucket`]): the peer's, or
    /// from a trusted proxy the last `X-Forwarded-For` entry that is not itself a
    /// trusted proxy (entries before it are the client's to forge).
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer.ip();
        if self.trusts(client) {
            let forwarded = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(|entry| entry.trim().parse::<IpAddr>())
                .collect::<Vec<_>>();
            for entry in forwarded.iter().rev() {
                match entry {
                    Ok(address) if self.trusts(*address) => client = *address,
                    Ok(address) => {
                        client = *address;
                        break;
                    }
                    Err(_) => break,
                }
            }
        }
        self.bucket(client)
    }

    /// Whether the request's `Host` is one this server is reached at: an IP address,
    /// `localhost`, or a public origin's host (none at all, from an HTTP/1.0 program, is
    /// no browser's). Another is a name rebound to this address, or a mistake.
    pub fn check_host(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        let Some(host) = headers.get(header::HOST) else {
            return Ok(());
        };
        let host = host.to_str().unwrap_or_default().to_ascii_lowercase();
        let name = host_name(&host);
        let literal = name.trim_start_matches('[').trim_end_matches(']');
        let public = self
            .config
            .public_origins
            .iter()
            .filter_map(|o| {
                o.split_once("://")
                    .map(|(_, rest)| rest.trim_end_matches('/'))
            })
            .any(|h| h.eq_ignore_ascii_case(&host) || h.eq_ignore_ascii_case(name));
        if public || name == "localhost" || literal.parse::<IpAddr>().is_ok() {
            return Ok(());
        }
        Err(Refusal::new(
            StatusCode::MISDIRECTED_REQUEST,
            "host",
            format!(
                "this server is not reached as {host}: its operator names it with --public-origin"
            ),
        ))
    }

    /// Whether a page from the request's `Origin` may open a WebSocket: none (a program),
    /// the server's own (the `Host` it was asked by, once [`Edge::check_host`] passed
    /// it), a public origin, or one allowed on the command line.
    pub fn check_origin(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        self.check_host(headers)?;
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let origin = origin.to_str().unwrap_or_default();
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or_default();
        let own = ["http://", "https://"].iter().any(|scheme| {
            origin
                .strip_prefix(scheme)
                .is_some_and(|rest| rest.eq_ignore_ascii_case(host))
        });
        let allowed = (self.config.allow_origins.iter())
            .chain(&self.config.public_origins)
            .any(|o| o.trim_end_matches('/').eq_ignore_ascii_case(origin));
        if own || allowed {
            Ok(())
        } else {
            Err(Refusal::new(
                StatusCode::FORBIDDEN,
                "origin",
                format!("pages from {origin} may not connect here"),
            ))
        }
    }

    /// Counts a new WebSocket connection from `address`, unless the address or the server
    /// is at its limit.
    pub fn admit(self: &Arc<Edge>, address: IpAddr) -> Result<Admitted, Refusal> {
        let limits = &self.config.limits;
        let per_address = limits.connections_per_address;
        match self
            .websockets
            .take(address, Some(per_address), limits.connections)
        {
            Ok(place) => Ok(Admitted(place)),
            Err(Full::Address) => {
                self.shun(address);
                Err(Refusal::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "rate_limited",
                    format!("at most {per_address} connections from one address"),
                ))
            }
            Err(Full::Total) => Err(Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "full",
                format!("the server holds {} connections", limits.connections),
            )),
        }
    }

    /// Takes one message (or API request) from `address`'s bucket.
    pub fn message(&self, address: IpAddr) -> Result<(), Refusal> {
        self.messages.check_key(&address).map_err(|_| {
            Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "at most {} messages a second from one address",
                    self.config.limits.messages_per_second
                ),
            )
        })
    }

    /// Takes one table from `address`'s bucket.
    pub fn create(&self, address: IpAddr) -> Result<(), Refusal> {
        self.tables.check_key(&address).map_err(|_| {
            Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "at most {} tables a minute from one address",
                    self.config.limits.tables_per_minute
                ),
            )
        })
    }

    /// Takes one replay download from `address`'s bucket.
    pub fn replay(&self, address: IpAddr) -> Result<(), Refusal> {
        self.replays.check_key(&address).map_err(|_| {
            Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "at most {} replays a minute from one address",
                    self.config.limits.replays_per_minute
                ),
            )
        })
    }

    /// Takes one question to the coach from `address`'s bucket.
    pub fn coach(&self, address: IpAddr) -> Result<(), Refusal> {
        self.coaching.check_key(&address).map_err(|_| {
            Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "at most {} questions to the coach a minute from one address",
                    self.config.limits.coaches_per_minute
                ),
            )
        })
    }

    /// Whether `address` may try to join, rejoin or watch now.
    pub fn may_join(&self, address: IpAddr) -> Result<(), Refusal> {
        let mut barred = self.barred.lock().unwrap_or_else(|p| p.into_inner());
        match barred.get(&address) {
            Some(&until) if Instant::now() < until => Err(Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "at most {} refused joins a minute from one address",
                    self.config.limits.failed_joins_per_minute
                ),
            )),
            Some(_) => {
                barred.remove(&address);
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Counts a refused join, rejoin or watch; an address that spent its bucket is
    /// barred from trying until a token comes back.
    pub fn failed_join(&self, address: IpAddr) {
        if self.failures.check_key(&address).is_err() {
            let per = 60.0 / f64::from(self.config.limits.failed_joins_per_minute.max(1));
            let until = Instant::now() + Duration::from_secs_f64(per);
            let mut barred = self.barred.lock().unwrap_or_else(|p| p.into_inner());
            barred.insert(address, until);
        }
    }

    /// Closes `address`'s next TCP connections unread for a second: it tried a connection
    /// past its cap, or flooded one with messages. Never behind a proxy, where every
    /// client shares the peer's address.
    pub fn shun(&self, address: IpAddr) {
        if !self.trusts(address) {
            let mut shunned = self.shunned.lock().unwrap_or_else(|p| p.into_inner());
            shunned.insert(address, Instant::now() + SHUNNED);
        }
    }

    /// Whether a TCP connection from `peer` is to be closed unread.
    fn shuns(&self, peer: IpAddr) -> bool {
        let shunned = self.shunned.lock().unwrap_or_else(|p| p.into_inner());
        shunned
            .get(&peer)
            .is_some_and(|until| Instant::now() < *until)
    }

    /// A place for one more computer-only table from `address`, if its share allows.
    pub fn computer_table(self: &Arc<Edge>, address: IpAddr) -> Result<ComputerShare, Refusal> {
        let most = self.config.limits.computer_tables_per_address;
        let place = self.computer.take(address, Some(most), usize::MAX);
        place.map(ComputerShare).map_err(|_| {
            let message = match most {
                0 => "this server plays no tables without a person".to_string(),
                _ => format!("at most {most} tables without a person in play from one address"),
            };
            Refusal::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message)
        })
    }

    /// Sets the most TCP connections open at once (the descriptor budget).
    pub fn set_tcp_total(&self, total: usize) {
        self.tcp_total.store(total, Ordering::Relaxed);
    }

    /// Counts a TCP connection just accepted from `peer`, or `None` (close it unread)
    /// when the peer is shunned, at its cap, or the server at its descriptor budget. A
    /// trusted proxy's connections carry many clients: only the server's total binds them.
    pub fn open_tcp(self: &Arc<Edge>, peer: IpAddr) -> Option<TcpSlot> {
        let peer = if self.trusts(peer) {
            peer
        } else {
            self.bucket(peer)
        };
        if self.shuns(peer) {
            return None;
        }
        let cap = (!self.trusts(peer)).then_some(self.config.limits.tcp_per_address);
        let total = self.tcp_total.load(Ordering::Relaxed);
        self.tcp.take(peer, cap, total).ok().map(TcpSlot)
    }

    /// Forgets idle addresses' buckets (called now and then, so a flood of addresses
    /// does not grow memory without bound).
    pub fn forget_idle(&self) {
        self.messages.retain_recent();
        self.tables.retain_recent();
        self.replays.retain_recent();
        self.coaching.retain_recent();
        self.failures.retain_recent();
        let now = Instant::now();
        let mut barred = self.barred.lock().unwrap_or_else(|p| p.into_inner());
        barred.retain(|_, until| *until > now);
        drop(barred);
        let mut shunned = self.shunned.lock().unwrap_or_else(|p| p.into_inner());
        shunned.retain(|_, until| *until > now);
    }
}

/// A `Host` header's name, without its port (`[::1]:80` → `[::1]`).
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return host.split_inclusive(']').next().unwrap_or(host);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Whether an upgrade's `Sec-WebSocket-Key` is base64 of 16 bytes (RFC 6455 §4.2.1);
/// another is answered 400.
pub fn valid_key(headers: &HeaderMap) -> bool {
    use base64::Engine;
    headers
        .get("sec-websocket-key")
        .and_then(|key| {
            base64::engine::general_purpose::STANDARD
                .decode(key.as_bytes())
                .ok()
        })
        .is_some_and(|bytes| bytes.len() == 16)
}

/// The Content-Security-Policy of every answer: the server's own scripts, styles, images
/// and WebSocket, nothing inline, no framing.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// Adds the security headers to an answer.
pub async fn headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let set = [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            header::HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ];
    for (name, value) in set {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(*name, HeaderValue::from_static(value));
        }
        headers
    }

    #[test]
    fn metrics_are_read_from_loopback_and_the_named_networks_only() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let edge = Edge::new(Config::default());
        assert!(edge.may_scrape(ip("127.0.0.1")) && edge.may_scrape(ip("127.9.8.7")));
        assert!(edge.may_scrape(ip("::1")) && edge.may_scrape(ip("::ffff:127.0.0.1")));
        assert!(!edge.may_scrape(ip("10.1.2.3")) && !edge.may_scrape(ip("2001:db8::1")));
        let edge = Edge::new(Config {
            metrics_from: vec!["10.0.0.0/8".parse().unwrap()],
            ..Config::default()
        });
        assert!(edge.may_scrape(ip("10.1.2.3")));
        assert!(!edge.may_scrape(ip("192.168.1.1")));
    }

    #[test]
    fn origins_are_the_servers_own_the_allowed_or_none() {
        let edge = Edge::new(Config {
            allow_origins: vec!["https://cards.example/".into()],
            ..Config::default()
        });
        let host = ("host", "127.0.0.1:8080");
        assert!(edge.check_origin(&with(&[host])).is_ok());
        assert!(edge
            .check_origin(&with(&[host, ("origin", "http://127.0.0.1:8080")]))
            .is_ok());
        assert!(edge
            .check_origin(&with(&[host, ("origin", "https://cards.example")]))
            .is_ok());
        let refused = edge
            .check_origin(&with(&[host, ("origin", "http://evil.example")]))
            .unwrap_err();
        assert_eq!(refused.code(), "origin");
        // A look-alike host is not the server's own.
        assert!(edge
            .check_origin(&with(&[
                host,
                ("origin", "http://127.0.0.1:8080.evil.example")
            ]))
            .is_err());
    }

    #[test]
    fn keys_are_base64_of_sixteen_bytes() {
        // RFC 6455 §1.3's example key.
        assert!(valid_key(&with(&[(
            "sec-websocket-key",
            "dGhlIHNhbXBsZSBub25jZQ=="
        )])));
        assert!(!valid_key(&with(&[("sec-websocket-key", "not base64!")])));
        // Base64 of 15 bytes.
        assert!(!valid_key(&with(&[(
            "sec-websocket-key",
            "dGhlIHNhbXBsZSBub25j"
        )])));
        assert!(!valid_key(&with(&[])));
    }

    /// Issue 40, item 5: `--trust-proxy` believed `X-Forwarded-For` from any peer (40
    /// WebSockets where the cap is 16). Only a trusted proxy's header is read, and in it
    /// the last entry that is not itself a trusted proxy.
    #[test]
    fn the_proxys_entry_is_the_client_only_from_a_trusted_proxy() {
        let peer: SocketAddr = "10.0.0.1:5000".parse().unwrap();
        let headers = with(&[("x-forwarded-for", "1.2.3.4, 5.6.7.8")]);
        assert_eq!(
            Edge::new(Config::default()).client(peer, &headers),
            peer.ip()
        );
        let trusting = Edge::new(Config {
            trust_proxy: vec!["10.0.0.0/8".parse().unwrap()],
            ..Config::default()
        });
        let client: IpAddr = "5.6.7.8".parse().unwrap();
        assert_eq!(trusting.client(peer, &headers), client);
        assert_eq!(trusting.client(peer, &with(&[])), peer.ip());
        // A stranger's forged header is ignored.
        let stranger: SocketAddr = "192.0.2.9:5000".parse().unwrap();
        assert_eq!(trusting.client(stranger, &headers), stranger.ip());
        // A chain of proxies: the last entry outside them is the client.
        let chained = with(&[("x-forwarded-for", "1.2.3.4, 5.6.7.8, 10.1.1.1")]);
        assert_eq!(trusting.client(peer, &chained), client);
    }

    /// Issue 40, item 5: IPv6 buckets were per address, so one /64 was unlimited.
    #[test]
    fn ipv6_addresses_share_their_networks_bucket() {
        let edge = Arc::new(Edge::new(Config {
            limits: Limits {
                connections_per_address: 2,
                ..Limits::default()
            },
            ..Config::default()
        }));
        let peer = |text: &str| SocketAddr::new(text.parse().unwrap(), 5000);
        let a = edge.client(peer("2001:db8:1:2::1"), &HeaderMap::new());
        let b = edge.client(peer("2001:db8:1:2:ffff::9"), &HeaderMap::new());
        let c = edge.client(peer("2001:db8:1:3::1"), &HeaderMap::new());
        assert_eq!(a, b, "one /64");
        assert_ne!(a, c, "another /64");
        let _held = (edge.admit(a).unwrap(), edge.admit(b).unwrap());
        assert_eq!(edge.admit(b).unwrap_err().code(), "rate_limited");
        assert!(edge.admit(c).is_ok());
        // IPv4 addresses stay their own.
        let v4 = edge.client(peer("192.0.2.1"), &HeaderMap::new());
        assert_eq!(v4, "192.0.2.1".parse::<IpAddr>().unwrap());
    }

    /// Issue 40, item 8: `Host: evil.example` with `Origin: http://evil.example` was
    /// accepted (DNS rebinding). Only IP addresses, `localhost` and the public origins'
    /// hosts are answered.
    #[test]
    fn a_host_the_server_is_not_reached_at_is_refused() {
        let edge = Edge::new(Config {
            public_origins: vec!["https://cards.example".into()],
            ..Config::default()
        });
        for host in [
            "127.0.0.1:8080",
            "[::1]:8080",
            "localhost:8080",
            "cards.example",
            "CARDS.example:443",
        ] {
            assert!(edge.check_host(&with(&[("host", host)])).is_ok(), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
        ] {
            let refused = edge.check_host(&with(&[("host", host)])).unwrap_err();
            assert_eq!(refused.code(), "host", "{host}");
        }
        let rebound = with(&[("host", "evil.example"), ("origin", "http://evil.example")]);
        assert_eq!(edge.check_origin(&rebound).unwrap_err().code(), "host");
        let public = with(&[
            ("host", "cards.example"),
            ("origin", "https://cards.example"),
        ]);
        assert!(edge.check_origin(&public).is_ok());
    }

    #[test]
    fn each_bucket_refuses_past_its_size_and_per_address() {
        let edge = Arc::new(Edge::new(Config {
            limits: Limits {
                connections: 3,
                connections_per_address: 2,
                message_burst: 5,
                tables_per_minute: 2,
                failed_joins_per_minute: 3,
                ..Limits::default()
            },
            ..Config::default()
        }));
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.2".parse().unwrap(), "127.0.0.3".parse().unwrap());
        let first = edge.admit(a).unwrap();
        let _second = edge.admit(a).unwrap();
        assert_eq!(edge.admit(a).unwrap_err().code(), "rate_limited");
        let _third = edge.admit(b).unwrap();
        assert_eq!(edge.admit(b).unwrap_err().code(), "full");
        drop(first);
        assert!(edge.admit(a).is_ok());
        assert_eq!((0..5).filter(|_| edge.message(a).is_ok()).count(), 5);
        assert!(edge.message(a).is_err());
        assert!(
            edge.message(b).is_ok(),
            "another address has its own bucket"
        );
        assert!(edge.create(a).is_ok() && edge.create(a).is_ok());
        assert!(edge.create(a).is_err());
        for _ in 0..3 {
            assert!(edge.may_join(a).is_ok(), "three tries may fail");
            edge.failed_join(a);
        }
        assert_eq!(edge.may_join(a).unwrap_err().code(), "rate_limited");
        assert!(edge.may_join(b).is_ok());
    }
}
