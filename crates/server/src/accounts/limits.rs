//! How often accounts may be made and signed in to: a bucket per address and one for
//! the whole server, each for sign-ups and for sign-in attempts (a passkey's start, a
//! recovery code), as the edge's other buckets count messages and tables.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use axum::http::StatusCode;
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::edge::{Limits, Refusal};

/// `count` per `per`, all at once if need be.
fn quota(per: Duration, count: u32) -> Quota {
    let count = NonZeroU32::new(count.max(1)).expect("at least one");
    Quota::with_period(per / count.get())
        .expect("a period above zero")
        .allow_burst(count)
}

/// One kind of attempt, counted per address and in total.
struct Bucket {
    per_address: DefaultKeyedRateLimiter<IpAddr>,
    total: DefaultDirectRateLimiter,
    /// `at most 10 sign-ups an hour from one address`.
    address_says: String,
    /// `at most 60 sign-ups a minute on this server`.
    total_says: String,
}

impl Bucket {
    fn take(&self, address: IpAddr) -> Result<(), Refusal> {
        if self.per_address.check_key(&address).is_err() {
            return Err(Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                self.address_says.clone(),
            ));
        }
        self.total.check().map_err(|_| {
            Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "full",
                format!("{}: try again soon", self.total_says),
            )
        })?;
        Ok(())
    }
}

/// The accounts' buckets.
pub struct Buckets {
    sign_ups: Bucket,
    sign_ins: Bucket,
}

impl Buckets {
    /// The buckets `limits` sets.
    pub fn new(limits: &Limits) -> Buckets {
        let (hour, minute) = (Duration::from_secs(3600), Duration::from_secs(60));
        Buckets {
            sign_ups: Bucket {
                per_address: RateLimiter::keyed(quota(hour, limits.sign_ups_per_hour)),
                total: RateLimiter::direct(quota(minute, limits.sign_ups_per_minute_total)),
                address_says: format!(
                    "at most {} sign-ups an hour from one address",
                    limits.sign_ups_per_hour
                ),
                total_says: format!(
                    "at most {} sign-ups a minute on this server",
                    limits.sign_ups_per_minute_total
                ),
            },
            sign_ins: Bucket {
                per_address: RateLimiter::keyed(quota(minute, limits.sign_ins_per_minute)),
                total: RateLimiter::direct(quota(minute, limits.sign_ins_per_minute_total)),
                address_says: format!(
                    "at most {} sign-in attempts a minute from one address",
                    limits.sign_ins_per_minute
                ),
                total_says: format!(
                    "at most {} sign-in attempts a minute on this server",
                    limits.sign_ins_per_minute_total
                ),
            },
        }
    }

    /// Takes a sign-up from `address`'s bucket and the server's.
    pub fn sign_up(&self, address: IpAddr) -> Result<(), Refusal> {
        self.sign_ups.take(address)
    }

    /// Takes a sign-in attempt from `address`'s bucket and the server's.
    pub fn sign_in(&self, address: IpAddr) -> Result<(), Refusal> {
        self.sign_ins.take(address)
    }

    /// Forgets addresses whose buckets are full again (memory stays bounded).
    pub fn forget_idle(&self) {
        self.sign_ups.per_address.retain_recent();
        self.sign_ins.per_address.retain_recent();
    }
}
