//! Group commit: table tasks hand their accepted actions to one writer thread, which
//! stores everything waiting in one transaction and passes the tables waiting for it to
//! a flusher thread; the flusher makes every commit handed to it durable at once (one
//! disk flush) and only then answers each table. The writer commits the next batch while
//! the disk takes the last, so neither waits for the other. A table sends nothing about
//! an action until its answer comes. Each table's actions are written under its lease
//! ([`crate::node`]): a table whose lease this node lost is answered
//! [`StoreError::Fenced`], and the others are stored without it.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

use tokio::sync::oneshot;

use crate::ids::TableId;
use crate::node::Held;
use crate::store::{Appended, Commit, Finished, StoreError, Writes};

/// Actions of one table to store together.
type Batch = Vec<Appended>;

/// Who waits for a batch: its table's task.
type Waiter = oneshot::Sender<Result<(), StoreError>>;

/// A batch, whether it ends its table's game (and its rating), and who waits for it.
type Entry = (Batch, Option<Finished>, Waiter);

/// The writer thread's queue.
#[derive(Clone)]
pub struct Journal {
    queue: Sender<Entry>,
}

/// The most actions one transaction takes.
const MOST: usize = 4096;

impl Journal {
    /// Starts the writer thread over `store`, writing under the leases `held`.
    pub fn start<W: Writes + ?Sized + 'static>(store: Arc<W>, held: Held) -> Journal {
        let (queue, waiting) = channel();
        let (committed, flushing) = channel();
        let flushed = store.clone();
        std::thread::Builder::new()
            .name("journal".into())
            .spawn(move || write(&*store, &held, &waiting, &committed))
            .expect("a thread starts");
        std::thread::Builder::new()
            .name("flusher".into())
            .spawn(move || flush(&*flushed, &flushing))
            .expect("a thread starts");
        Journal { queue }
    }

    /// Stores `batch`, with the `finished` mark of the table whose game it ends (and the
    /// game's rating, when rated) in the same transaction; returns once it is durable.
    pub async fn append(&self, batch: Batch, finished: Option<Finished>) -> Result<(), StoreError> {
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

fn write<W: Writes + ?Sized>(
    store: &W,
    held: &Held,
    waiting: &Receiver<Entry>,
    committed: &Sender<Vec<Waiter>>,
) {
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
        commit(store, held, batches, committed);
    }
}

/// Makes durable what the writer committed, all that waits at once, then answers.
fn flush<W: Writes + ?Sized>(store: &W, flushing: &Receiver<Vec<Waiter>>) {
    while let Ok(mut waiters) = flushing.recv() {
        while let Ok(more) = flushing.try_recv() {
            waiters.extend(more);
        }
        let started = std::time::Instant::now();
        let flushed = store.flush();
        crate::metrics::metrics().flushed(started.elapsed());
        if let Err(e) = &flushed {
            tracing::error!("the store's flush failed: {e}");
        }
        for done in waiters {
            let _ = done.send(flushed.clone());
        }
    }
}

/// Stores `batches` in one transaction under their tables' leases and hands their waiters
/// to the flusher; a table whose lease is lost is answered `Fenced` and left out, and the
/// rest tried again.
fn commit<W: Writes + ?Sized>(
    store: &W,
    held: &Held,
    mut batches: Vec<Entry>,
    committed: &Sender<Vec<Waiter>>,
) {
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
        let ended = || batches.iter().filter_map(|(_, f, _)| f.as_ref());
        let commit = Commit {
            actions: batches.iter().flat_map(|(b, _, _)| b.clone()).collect(),
            finished: ended().map(|f| f.table.clone()).collect(),
            rated: ended().filter_map(|f| f.rated.clone()).collect(),
            ..Commit::default()
        }
        .fenced(leases.into_iter().flatten())
        .unflushed();
        let count = commit.actions.len();
        let started = std::time::Instant::now();
        let result = store.commit(commit);
        if let Err(StoreError::Fenced(lost)) = &result {
            held.lock().unwrap_or_else(|p| p.into_inner()).remove(lost);
            batches = answer_fenced(batches, lost);
            continue;
        }
        let waiters = batches.into_iter().map(|(_, _, done)| done);
        match result {
            Ok(()) => {
                crate::metrics::metrics().stored(count, started.elapsed());
                // Gone only with the flusher, which outlives every commit.
                let _ = committed.send(waiters.collect());
            }
            Err(e) => waiters.for_each(|done| {
                let _ = done.send(Err(e.clone()));
            }),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Leases, Reads, Sqlite, TableRow};
    use std::sync::mpsc::SyncSender;
    use std::sync::Mutex;
    use std::time::Duration;

    /// SQLite whose flushes wait for the test: each says it began, then waits for the
    /// answer the test gives it.
    struct Gated {
        inner: Sqlite,
        began: Mutex<SyncSender<()>>,
        answers: Mutex<Receiver<Result<(), StoreError>>>,
    }

    impl Writes for Gated {
        fn commit(&self, commit: Commit) -> Result<(), StoreError> {
            self.inner.commit(commit)
        }
        fn flush(&self) -> Result<(), StoreError> {
            self.began.lock().unwrap().send(()).unwrap();
            self.answers.lock().unwrap().recv().unwrap()
        }
    }

    fn row(id: &str) -> TableRow {
        TableRow {
            id: id.into(),
            game: catalogue::GameKind::Euchre,
            rules: "cs246".into(),
            points: 10,
            house: Vec::new(),
            seed: crate::store::Seed::new(1),
            deals: crate::store::Deals::default(),
            public: true,
            bots: vec![None; 4],
            autopilot_seconds: 20,
            coach: false,
            rated: false,
            speed: scene::Speed::Instant,
        }
    }

    /// A journal over gated SQLite, and the test's ends of the gate.
    struct Rig {
        journal: Journal,
        store: Arc<Gated>,
        /// A flush has begun.
        begun: Receiver<()>,
        /// What the flush waiting answers.
        answer: SyncSender<Result<(), StoreError>>,
        _dir: tempfile::TempDir,
    }

    /// A journal over gated SQLite with tables `t1` and `t2` leased to it.
    fn gated() -> Rig {
        let dir = tempfile::tempdir().unwrap();
        let (began, begun) = std::sync::mpsc::sync_channel(8);
        let (answer, answers) = std::sync::mpsc::sync_channel(8);
        let store = Arc::new(Gated {
            inner: Sqlite::open(&dir.path().join("t.db")).unwrap(),
            began: Mutex::new(began),
            answers: Mutex::new(answers),
        });
        let held = Held::default();
        for t in ["t1", "t2"] {
            store
                .inner
                .commit(Commit::default().create(row(t)))
                .unwrap();
            let lease = store
                .inner
                .claim(t, "n", Duration::from_secs(60))
                .unwrap()
                .unwrap();
            held.lock().unwrap().insert(t.into(), lease);
        }
        Rig {
            journal: Journal::start(store.clone(), held),
            store,
            begun,
            answer,
            _dir: dir,
        }
    }

    fn pass(table: &str, seq: u64) -> Batch {
        vec![(
            table.into(),
            seq,
            catalogue::AnyAction::Euchre(euchre::Action::Pass),
        )]
    }

    const LONG: Duration = Duration::from_secs(10);

    /// A table hears that its actions are stored only once the disk has them, and the
    /// writer commits the next table's actions while the disk takes the first's.
    #[test]
    fn an_answer_waits_for_the_flush_and_the_next_commit_does_not() {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let Rig {
            journal,
            store,
            begun,
            answer,
            ..
        } = &gated();
        let append = |table: &'static str| {
            let journal = journal.clone();
            runtime.spawn(async move { journal.append(pass(table, 1), None).await })
        };
        let first = append("t1");
        begun.recv_timeout(LONG).expect("a flush begins");
        assert_eq!(store.inner.table("t1").unwrap().unwrap().actions.len(), 1);
        std::thread::sleep(Duration::from_millis(50));
        assert!(!first.is_finished(), "answered before the disk had it");
        let second = append("t2");
        let committed = std::time::Instant::now();
        while store.inner.table("t2").unwrap().unwrap().actions.is_empty() {
            assert!(
                committed.elapsed() < LONG,
                "the writer waited for the flush"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(!first.is_finished() && !second.is_finished());
        answer.send(Ok(())).unwrap();
        assert!(runtime.block_on(first).unwrap().is_ok());
        assert!(!second.is_finished(), "answered before its own flush");
        begun.recv_timeout(LONG).expect("a second flush begins");
        answer.send(Ok(())).unwrap();
        assert!(runtime.block_on(second).unwrap().is_ok());
    }

    /// A flush the disk refuses is the answer of every table whose actions it held.
    #[test]
    fn a_failed_flush_is_the_tables_answer() {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let rig = gated();
        let journal = rig.journal.clone();
        let first = runtime.spawn(async move { journal.append(pass("t1", 1), None).await });
        let (begun, answer) = (&rig.begun, &rig.answer);
        begun.recv_timeout(LONG).expect("a flush begins");
        let refused = std::io::Error::other("the disk is gone");
        answer
            .send(Err(StoreError::Flush(Arc::new(refused))))
            .unwrap();
        let answered = runtime.block_on(first).unwrap();
        assert!(
            matches!(&answered, Err(StoreError::Flush(e)) if e.to_string() == "the disk is gone"),
            "{answered:?}"
        );
    }
}
