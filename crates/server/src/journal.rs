//! Group commit: table tasks hand their accepted actions to one writer thread, which
//! stores everything waiting in one transaction (one disk flush) and then answers each
//! table. A table sends nothing about an action until its answer comes. Each table's
//! actions are written under its lease ([`crate::node`]): a table whose lease this node
//! lost is answered [`StoreError::Fenced`], and the others are stored without it.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

use catalogue::AnyAction;
use tokio::sync::oneshot;

use crate::node::Held;
use crate::protocol::TableId;
use crate::store::{Store, StoreError};

/// Actions of one table to store together.
type Batch = Vec<(TableId, u64, AnyAction)>;

/// A batch, whether it ends its table's game, and who waits for it.
type Entry = (
    Batch,
    Option<TableId>,
    oneshot::Sender<Result<(), StoreError>>,
);

/// The writer thread's queue.
#[derive(Clone)]
pub struct Journal {
    queue: Sender<Entry>,
}

/// The most actions one transaction takes.
const MOST: usize = 4096;

impl Journal {
    /// Starts the writer thread over `store`, writing under the leases `held`.
    pub fn start(store: Arc<dyn Store>, held: Held) -> Journal {
        let (queue, waiting) = channel();
        std::thread::Builder::new()
            .name("journal".into())
            .spawn(move || write(&*store, &held, &waiting))
            .expect("a thread starts");
        Journal { queue }
    }

    /// Stores `batch`, with the `finished` mark of the table whose game it ends in the
    /// same transaction; returns once it is durable.
    pub async fn append(&self, batch: Batch, finished: Option<TableId>) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        let handed = std::time::Instant::now();
        self.queue
            .send((batch, finished, done))
            .map_err(|_| StoreError::JournalStopped)?;
        let stored = answer.await.map_err(|_| StoreError::JournalStopped)?;
        crate::metrics::metrics().journaled(handed.elapsed());
        stored
    }
}

fn write(store: &dyn Store, held: &Held, waiting: &Receiver<Entry>) {
    while let Ok(first) = waiting.recv() {
        let mut batches = vec![first];
        let mut count = batches[0].0.len();
        while count < MOST {
            match waiting.try_recv() {
                Ok(more) => {
                    count += more.0.len();
                    batches.push(more);
                }
                Err(_) => break,
            }
        }
        commit(store, held, batches);
    }
}

/// Stores `batches` in one transaction under their tables' leases; a table whose lease
/// is lost is answered `Fenced` and left out, and the rest tried again.
fn commit(store: &dyn Store, held: &Held, mut batches: Vec<Entry>) {
    loop {
        let leases: Vec<_> = {
            let held = held.lock().unwrap_or_else(|p| p.into_inner());
            let mut tables: Vec<&TableId> = batches
                .iter()
                .flat_map(|(b, _, _)| b.iter().map(|(table, _, _)| table))
                .collect();
            tables.sort();
            tables.dedup();
            tables
                .iter()
                .map(|t| held.get(*t).cloned().ok_or((*t).clone()))
                .collect()
        };
        if let Some(Err(lost)) = leases.iter().find(|l| l.is_err()) {
            let lost = lost.clone();
            batches = answer_fenced(batches, &lost);
            continue;
        }
        let leases: Vec<_> = leases.into_iter().flatten().collect();
        let all: Vec<_> = batches
            .iter()
            .flat_map(|(b, _, _)| b.iter().cloned())
            .collect();
        let finished: Vec<_> = batches.iter().filter_map(|(_, f, _)| f.clone()).collect();
        let started = std::time::Instant::now();
        let result = store.append_fenced(&all, &finished, &leases);
        if let Err(StoreError::Fenced(lost)) = &result {
            held.lock().unwrap_or_else(|p| p.into_inner()).remove(lost);
            batches = answer_fenced(batches, lost);
            continue;
        }
        if result.is_ok() {
            crate::metrics::metrics().stored(all.len(), started.elapsed());
        }
        for (_, _, done) in batches {
            let _ = done.send(result.clone());
        }
        return;
    }
}

/// Answers `lost`'s batches `Fenced`; the others, to try again.
fn answer_fenced(batches: Vec<Entry>, lost: &TableId) -> Vec<Entry> {
    let (fenced, rest): (Vec<_>, Vec<_>) = batches
        .into_iter()
        .partition(|(b, _, _)| b.iter().any(|(table, _, _)| table == lost));
    for (_, _, done) in fenced {
        let _ = done.send(Err(StoreError::Fenced(lost.clone())));
    }
    rest
}
