//! Group commit: table tasks hand their accepted actions to one writer thread, which
//! stores everything waiting in one transaction (one disk flush) and then answers each
//! table. A table sends nothing about an action until its answer comes.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

use catalogue::AnyAction;
use tokio::sync::oneshot;

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
    /// Starts the writer thread over `store`.
    pub fn start(store: Arc<dyn Store>) -> Journal {
        let (queue, waiting) = channel();
        std::thread::Builder::new()
            .name("journal".into())
            .spawn(move || write(&*store, &waiting))
            .expect("a thread starts");
        Journal { queue }
    }

    /// Stores `batch`, with the `finished` mark of the table whose game it ends in the
    /// same transaction; returns once it is durable.
    pub async fn append(&self, batch: Batch, finished: Option<TableId>) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.queue
            .send((batch, finished, done))
            .map_err(|_| StoreError::JournalStopped)?;
        answer.await.map_err(|_| StoreError::JournalStopped)?
    }
}

fn write(store: &dyn Store, waiting: &Receiver<Entry>) {
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
        let all: Vec<_> = batches
            .iter()
            .flat_map(|(b, _, _)| b.iter().cloned())
            .collect();
        let finished: Vec<_> = batches.iter().filter_map(|(_, f, _)| f.clone()).collect();
        let started = std::time::Instant::now();
        let result = store.append_all(&all, &finished);
        if result.is_ok() {
            crate::metrics::metrics().stored(all.len(), started.elapsed());
        }
        for (_, _, done) in batches {
            let _ = done.send(result.clone());
        }
    }
}
