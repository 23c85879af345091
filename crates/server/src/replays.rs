//! Finished games' steps (`/api/games/{id}/steps`), computed once each and kept while
//! they fit: a finished game never changes, and replaying a long one costs a quarter of
//! a CPU-second. One is computed at a time, off the async threads.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use axum::body::Bytes;
use tokio::sync::Semaphore;

use crate::ids::TableId;

/// How many bytes of steps are kept, over all games.
const KEPT_BYTES: usize = 64 * 1024 * 1024;

/// The steps kept, oldest first out.
#[derive(Default)]
struct Kept {
    bodies: HashMap<TableId, Bytes>,
    order: VecDeque<TableId>,
    bytes: usize,
}

/// The cache, and the one permit to compute.
pub struct Replays {
    kept: Mutex<Kept>,
    computing: Semaphore,
}

impl Default for Replays {
    fn default() -> Replays {
        Replays {
            kept: Mutex::default(),
            computing: Semaphore::new(1),
        }
    }
}

impl Replays {
    /// `table`'s steps, kept or computed by `compute` (run on a blocking thread, one at a
    /// time); a refusal is not kept.
    pub async fn get<E: Send + 'static>(
        &self,
        table: &str,
        compute: impl FnOnce() -> Result<Bytes, E> + Send + 'static,
    ) -> Result<Bytes, E> {
        if let Some(body) = self.kept(table) {
            return Ok(body);
        }
        let _permit = self.computing.acquire().await.expect("never closed");
        if let Some(body) = self.kept(table) {
            return Ok(body);
        }
        let body = tokio::task::spawn_blocking(compute)
            .await
            .expect("computing steps does not panic")?;
        self.keep(table, body.clone());
        Ok(body)
    }

    fn kept(&self, table: &str) -> Option<Bytes> {
        let kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.bodies.get(table).cloned()
    }

    fn keep(&self, table: &str, body: Bytes) {
        if body.len() > KEPT_BYTES / 4 {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.bytes += body.len();
        kept.order.push_back(table.to_string());
        kept.bodies.insert(table.to_string(), body);
        while kept.bytes > KEPT_BYTES {
            let Some(oldest) = kept.order.pop_front() else {
                break;
            };
            if let Some(gone) = kept.bodies.remove(&oldest) {
                kept.bytes -= gone.len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// A long game's steps cost 0.26 CPU-s a request, 20 requests a second allowed
    /// (issue 40, item 4): each game's are computed once.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn each_games_steps_are_computed_once() {
        let replays = Replays::default();
        let computed = Arc::new(AtomicUsize::new(0));
        for _ in 0..5 {
            let count = computed.clone();
            let body = replays
                .get("t1", move || {
                    count.fetch_add(1, Ordering::SeqCst);
                    Ok::<_, ()>(Bytes::from_static(b"[1,2,3]"))
                })
                .await
                .unwrap();
            assert_eq!(&body[..], b"[1,2,3]");
        }
        assert_eq!(computed.load(Ordering::SeqCst), 1);
        // A refusal is not kept: asked again, it is computed again.
        assert!(replays.get("t2", || Err::<Bytes, _>("no")).await.is_err());
        assert!(replays
            .get("t2", || Ok::<_, &str>(Bytes::from_static(b"{}")))
            .await
            .is_ok());
    }
}
