use rand_mt::Mt;

/// CS 246 Euchre's shuffle: one `std::mt19937` seeded once; each shuffle runs
/// `n = len; while (n > 1) { k = rng() % n; --n; swap(c[n], c[k]); }`.
///
/// The engine keeps its state between shuffles, so successive shuffles compound.
#[derive(Clone)]
pub struct Mt19937Shuffle {
    rng: Box<Mt>,
}

impl Mt19937Shuffle {
    /// Seeds the engine; a C++ `-1` seed is `u32::MAX` here.
    pub fn new(seed: u32) -> Mt19937Shuffle {
        Mt19937Shuffle {
            rng: Box::new(Mt::new(seed)),
        }
    }

    /// Shuffles `cards` in place as the handout's C++ does.
    pub fn shuffle<T>(&mut self, cards: &mut [T]) {
        let mut n = cards.len() as u32;
        while n > 1 {
            let k = self.rng.next_u32() % n;
            n -= 1;
            cards.swap(n as usize, k as usize);
        }
    }
}

impl std::fmt::Debug for Mt19937Shuffle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mt19937Shuffle").finish_non_exhaustive()
    }
}
