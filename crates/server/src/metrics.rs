//! What an operator watches, as Prometheus text at `/metrics`: tables open, connections,
//! actions stored, how long a person waits from an accepted `act` to its snapshots, how
//! long the store takes to write and a table waits for it, refusals by code, leases held and tables taken over.
//!
//! One set per process, as Prometheus counts a process: the counters are bumped where
//! the work happens (the journal, a table's task, the message encoder) and the gauges
//! read from the server when scraped.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus::{
    Encoder, Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, Opts, Registry,
    TextEncoder,
};

/// The process's metrics.
pub struct Metrics {
    registry: Registry,
    tables_open: IntGauge,
    connections: IntGauge,
    actions: IntCounter,
    act_to_snapshot: Histogram,
    store_write: Histogram,
    store_flush: Histogram,
    journal_wait: Histogram,
    refusals: IntCounterVec,
    leases_held: IntGauge,
    taken_over: IntCounter,
}

/// Buckets from a millisecond to ten seconds, for waits a person feels.
const SECONDS: [f64; 12] = [
    0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    fn new() -> Metrics {
        let registry = Registry::new();
        let histogram = |name: &str, help: &str| {
            Histogram::with_opts(HistogramOpts::new(name, help).buckets(SECONDS.to_vec()))
                .expect("a valid histogram")
        };
        let metrics = Metrics {
            tables_open: IntGauge::new("cardtable_tables_open", "Tables whose task is running")
                .expect("a valid gauge"),
            connections: IntGauge::new("cardtable_connections", "WebSocket connections open")
                .expect("a valid gauge"),
            actions: IntCounter::new("cardtable_actions_total", "Actions stored, every table's")
                .expect("a valid counter"),
            act_to_snapshot: histogram(
                "cardtable_act_to_snapshot_seconds",
                "From a person's act reaching its table to the snapshots that follow it, stored",
            ),
            store_write: histogram(
                "cardtable_store_write_seconds",
                "One group commit of actions to the store",
            ),
            store_flush: histogram(
                "cardtable_store_flush_seconds",
                "One flush of committed actions to disk, for every commit made since the last",
            ),
            journal_wait: histogram(
                "cardtable_journal_wait_seconds",
                "From a table handing its actions to the journal to their being stored, the queue included",
            ),
            refusals: IntCounterVec::new(
                Opts::new(
                    "cardtable_refusals_total",
                    "Refused messages, by error code",
                ),
                &["code"],
            )
            .expect("a valid counter"),
            leases_held: IntGauge::new(
                "cardtable_leases_held",
                "Tables whose lease this node holds",
            )
            .expect("a valid gauge"),
            taken_over: IntCounter::new(
                "cardtable_tables_taken_over_total",
                "Tables this node took over from a node whose lease ran out or was released",
            )
            .expect("a valid counter"),
            registry,
        };
        for metric in [
            Box::new(metrics.tables_open.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(metrics.connections.clone()),
            Box::new(metrics.actions.clone()),
            Box::new(metrics.act_to_snapshot.clone()),
            Box::new(metrics.store_write.clone()),
            Box::new(metrics.store_flush.clone()),
            Box::new(metrics.journal_wait.clone()),
            Box::new(metrics.refusals.clone()),
            Box::new(metrics.leases_held.clone()),
            Box::new(metrics.taken_over.clone()),
        ] {
            metrics.registry.register(metric).expect("each metric once");
        }
        metrics
    }

    /// `count` actions stored in one commit that took `took`.
    pub fn stored(&self, count: usize, took: Duration) {
        self.actions.inc_by(count as u64);
        self.store_write.observe(took.as_secs_f64());
    }

    /// Commits made durable by one flush that took `took`.
    pub fn flushed(&self, took: Duration) {
        self.store_flush.observe(took.as_secs_f64());
    }

    /// A table's actions stored, `took` after it handed them to the journal.
    pub fn journaled(&self, took: Duration) {
        self.journal_wait.observe(took.as_secs_f64());
    }

    /// A person's act answered, `took` after it reached its table.
    pub fn answered(&self, took: Duration) {
        self.act_to_snapshot.observe(took.as_secs_f64());
    }

    /// A message refused with `code`.
    pub fn refused(&self, code: &str) {
        self.refusals.with_label_values(&[code]).inc();
    }

    /// A table taken over from another node.
    pub fn took_over(&self) {
        self.taken_over.inc();
    }

    /// The text `/metrics` answers, with the gauges as they are now: tables running,
    /// connections open, leases held.
    pub fn render(&self, tables_open: usize, connections: usize, leases: usize) -> String {
        let gauge = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        self.tables_open.set(gauge(tables_open));
        self.connections.set(gauge(connections));
        self.leases_held.set(gauge(leases));
        let mut text = Vec::new();
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut text)
            .expect("metrics encode");
        String::from_utf8(text).expect("the text format is UTF-8")
    }
}
