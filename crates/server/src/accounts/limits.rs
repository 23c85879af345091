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

/// A period a bucket fills over, and how its refusal says it (`an hour`).
type Period = (Duration, &'static str);

const HOUR: Period = (Duration::from_secs(3600), "an hour");
const MINUTE: Period = (Duration::from_secs(60), "a minute");

impl Bucket {
    /// At most `from_one` `what` (`sign-ups`) a period ([`HOUR`], [`MINUTE`]) from one
    /// address, and `in_total` a minute on the server; the refusals say the same numbers
    /// in the same words, so both kinds read alike.
    fn new(what: &str, from_one: u32, (per, per_says): Period, in_total: u32) -> Bucket {
        let (minute, minute_says) = MINUTE;
        Bucket {
            per_address: RateLimiter::keyed(quota(per, from_one)),
            total: RateLimiter::direct(quota(minute, in_total)),
            address_says: format!("at most {from_one} {what} {per_says} from one address"),
            total_says: format!("at most {in_total} {what} {minute_says} on this server"),
        }
    }

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
        Buckets {
            sign_ups: Bucket::new(
                "sign-ups",
                limits.sign_ups_per_hour,
                HOUR,
                limits.sign_ups_per_minute_total,
            ),
            sign_ins: Bucket::new(
                "sign-in attempts",
                limits.sign_ins_per_minute,
                MINUTE,
                limits.sign_ins_per_minute_total,
            ),
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
