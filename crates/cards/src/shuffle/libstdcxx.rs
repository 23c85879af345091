//! libstdc++'s `std::shuffle` driven by `std::default_random_engine`, as g++ ≥ 7 builds it.

/// `std::minstd_rand0` (libstdc++'s `default_random_engine`): `x = x * 16807 mod (2^31 - 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinStdRand0 {
    state: u32,
}

const MODULUS: u64 = 2_147_483_647;
const MIN: u32 = 1;
const MAX: u32 = 2_147_483_646;

impl MinStdRand0 {
    /// The C++ constructor: the seed is reduced modulo 2^31 - 1, and a zero state becomes 1.
    pub fn new(seed: u32) -> MinStdRand0 {
        let state = (u64::from(seed) % MODULUS) as u32;
        MinStdRand0 {
            state: if state == 0 { 1 } else { state },
        }
    }

    /// The next value, as `minstd_rand0::operator()` returns it.
    pub fn next_u32(&mut self) -> u32 {
        self.state = (u64::from(self.state) * 16807 % MODULUS) as u32;
        self.state
    }

    /// `uniform_int_distribution<unsigned long>(0, range - 1)` for this engine: the
    /// "two divisions" method with rejection (the engine's range is not 2^32 - 1).
    fn below(&mut self, range: u64) -> u64 {
        let engine_range = u64::from(MAX - MIN);
        if range - 1 == engine_range {
            return u64::from(self.next_u32() - MIN);
        }
        let scaling = engine_range / range;
        let past = range * scaling;
        loop {
            let draw = u64::from(self.next_u32() - MIN);
            if draw < past {
                return draw / scaling;
            }
        }
    }
}

/// `std::shuffle(first, last, rng)` exactly as libstdc++ (g++ 7 and later) runs it.
///
/// When the engine's range covers `len²`, libstdc++ draws one number per two swaps;
/// otherwise one per swap. Both paths are here.
pub fn std_shuffle<T>(cards: &mut [T], rng: &mut MinStdRand0) {
    let len = cards.len() as u64;
    if len == 0 {
        return;
    }
    let engine_range = u64::from(MAX - MIN);
    if engine_range / len >= len {
        let mut i = 1usize;
        if len.is_multiple_of(2) {
            let j = rng.below(2) as usize;
            cards.swap(i, j);
            i += 1;
        }
        while i < cards.len() {
            let swap_range = i as u64 + 1;
            let x = rng.below(swap_range * (swap_range + 1));
            cards.swap(i, (x / (swap_range + 1)) as usize);
            cards.swap(i + 1, (x % (swap_range + 1)) as usize);
            i += 2;
        }
    } else {
        for i in 1..cards.len() {
            let j = rng.below(i as u64 + 1) as usize;
            cards.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minstd_rand0_matches_the_cpp_standard_check_value() {
        // [rand.predef]: the 10000th consecutive invocation of a default-constructed
        // minstd_rand0 (seed 1) produces 1043618065.
        let mut rng = MinStdRand0::new(1);
        let mut last = 0;
        for _ in 0..10_000 {
            last = rng.next_u32();
        }
        assert_eq!(last, 1_043_618_065);
    }

    #[test]
    fn zero_and_modulus_seeds_become_one() {
        assert_eq!(MinStdRand0::new(0), MinStdRand0::new(1));
        assert_eq!(MinStdRand0::new(2_147_483_647), MinStdRand0::new(1));
        assert_eq!(MinStdRand0::new(u32::MAX), MinStdRand0::new(1));
    }
}
