//! What each address holds open (connections, computer-only tables), and all of them
//! together. Each place taken is a guard that gives it back when dropped, so no path out
//! of a handler can leak one; an address holding nothing is forgotten, so the map holds
//! only addresses with something open now.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

/// Places open, by address and in all.
#[derive(Debug, Default)]
pub struct Count {
    open: Mutex<Open>,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Why a place was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The address holds its cap.
    Address,
    /// Everyone together holds the total.
    Total,
}

impl Count {
    /// A place for `address`, unless it holds `per_address` already (`None`: no cap of
    /// its own) or all addresses together hold `total`.
    pub fn take(
        self: &Arc<Count>,
        address: IpAddr,
        per_address: Option<usize>,
        total: usize,
    ) -> Result<Place, Full> {
        let mut open = self.lock();
        let held = open.by_address.get(&address).copied().unwrap_or(0);
        if per_address.is_some_and(|cap| held >= cap) {
            return Err(Full::Address);
        }
        if open.total >= total {
            return Err(Full::Total);
        }
        open.total += 1;
        *open.by_address.entry(address).or_insert(0) += 1;
        Ok(Place {
            count: self.clone(),
            address,
        })
    }

    /// Places open now, in all.
    pub fn total(&self) -> usize {
        self.lock().total
    }

    /// Addresses holding a place now.
    #[cfg(test)]
    pub fn addresses(&self) -> usize {
        self.lock().by_address.len()
    }

    fn lock(&self) -> MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// One place taken in a [`Count`]; given back when dropped.
#[derive(Debug)]
pub struct Place {
    count: Arc<Count>,
    address: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut open = self.count.lock();
        open.total -= 1;
        if let Some(held) = open.by_address.get_mut(&self.address) {
            *held -= 1;
            if *held == 0 {
                open.by_address.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_capped_per_address_and_in_all_and_given_back() {
        let count = Arc::new(Count::default());
        let (a, b) = ("127.0.0.1".parse().unwrap(), "127.0.0.2".parse().unwrap());
        let first = count.take(a, Some(2), 3).unwrap();
        let _second = count.take(a, Some(2), 3).unwrap();
        assert_eq!(count.take(a, Some(2), 3).unwrap_err(), Full::Address);
        let _third = count.take(b, Some(2), 3).unwrap();
        assert_eq!(count.take(b, Some(2), 3).unwrap_err(), Full::Total);
        assert_eq!((count.total(), count.addresses()), (3, 2));
        drop(first);
        assert!(
            count.take(b, None, 3).is_ok(),
            "a place given back is free again"
        );
    }

    #[test]
    fn a_refused_address_is_not_remembered() {
        let count = Arc::new(Count::default());
        for n in 0..100u8 {
            let address = IpAddr::from([10, 0, 0, n]);
            assert_eq!(count.take(address, Some(1), 0).unwrap_err(), Full::Total);
        }
        assert_eq!(count.addresses(), 0);
    }
}
