//! Answers kept for a few seconds: a profile, a page of someone's games, a rating graph, a
//! leaderboard's page. Each is a few store reads, and a popular one is asked for by many
//! people at once; kept briefly, the store answers each at most once per [`Brief::ttl`]
//! however many ask, and a new rating shows within that time. Bounded in entries, so
//! strangers asking for many different pages cannot grow it without bound: when full, the
//! stale go first, then the oldest.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Bytes;

/// Entries kept at most.
const MOST: usize = 4096;

/// Bodies by key, each with when it was made.
pub struct Brief {
    kept: Mutex<HashMap<String, (Instant, Bytes)>>,
    ttl: Duration,
}

impl Brief {
    /// Keeps each answer for `ttl`.
    pub fn new(ttl: Duration) -> Brief {
        Brief {
            kept: Mutex::default(),
            ttl,
        }
    }

    /// How long an answer is kept.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// `key`'s body if made within the ttl, or made now by `make` (on a blocking thread:
    /// it reads the store) and kept; a refusal is not kept.
    pub async fn get<E: Send + 'static>(
        &self,
        key: String,
        make: impl FnOnce() -> Result<Bytes, E> + Send + 'static,
    ) -> Result<Bytes, E> {
        if let Some(body) = self.fresh(&key) {
            return Ok(body);
        }
        let body = tokio::task::spawn_blocking(make)
            .await
            .expect("reading the store does not panic")?;
        self.keep(key, body.clone());
        Ok(body)
    }

    fn fresh(&self, key: &str) -> Option<Bytes> {
        let kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        (kept.get(key))
            .filter(|(made, _)| made.elapsed() < self.ttl)
            .map(|(_, body)| body.clone())
    }

    fn keep(&self, key: String, body: Bytes) {
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        if kept.len() >= MOST && !kept.contains_key(&key) {
            kept.retain(|_, (made, _)| made.elapsed() < self.ttl);
        }
        if kept.len() >= MOST && !kept.contains_key(&key) {
            let oldest = (kept.iter())
                .min_by_key(|(_, (made, _))| *made)
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                kept.remove(&oldest);
            }
        }
        kept.insert(key, (Instant::now(), body));
    }

    /// How many answers are kept now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.kept.lock().unwrap().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asked again within the ttl, the store is not asked; after it, it is.
    #[tokio::test]
    async fn an_answer_is_made_once_within_its_ttl() {
        let brief = Brief::new(Duration::from_millis(200));
        let made = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let ask = || {
            let made = made.clone();
            brief.get("k".into(), move || {
                made.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                Ok::<_, ()>(Bytes::from_static(b"x"))
            })
        };
        ask().await.unwrap();
        ask().await.unwrap();
        assert_eq!(made.load(std::sync::atomic::Ordering::SeqCst), 1);
        tokio::time::sleep(Duration::from_millis(250)).await;
        ask().await.unwrap();
        assert_eq!(made.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    /// Many different keys keep at most [`MOST`] answers.
    #[tokio::test]
    async fn many_keys_are_bounded() {
        let brief = Brief::new(Duration::from_secs(60));
        for n in 0..MOST + 10 {
            brief
                .get(format!("k{n}"), || Ok::<_, ()>(Bytes::from_static(b"x")))
                .await
                .unwrap();
        }
        assert_eq!(brief.len(), MOST);
    }
}
