//! `rand`'s slice shuffle, draw for draw, without its divisions.
//!
//! Every deal of the rules cores (and every sampled world of the strong players) shuffles
//! with `rand::seq::SliceRandom::shuffle`, so game records and stored server tables replay
//! from their seeds only if the same permutation comes out. That shuffle takes one random
//! number per run of positions and splits it into mixed-radix digits with a division by
//! each position's size: two dozen hardware divisions for a Euchre deck, a tenth of a
//! random hand's time. Here the divisions are multiplications by precomputed reciprocals
//! (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019: exact for
//! every 32-bit numerator), and the digit runs are a table. The tests compare the two
//! shuffles on every length it handles.

use rand::seq::SliceRandom;
use rand::Rng;

/// Longest slice handled here; longer ones go to `rand` itself.
const MAX: usize = 64;

/// `ceil(2^64 / d)` for each divisor `d` in `2..=MAX` (index `d`).
const RECIPROCALS: [u64; MAX + 1] = {
    let mut table = [0; MAX + 1];
    let mut d = 2;
    while d <= MAX {
        table[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    table
};

/// For each size `n` in `1..=MAX`, the random number `rand` draws when a run of digits
/// starts there (`n · (n+1) · …` while it fits in 32 bits) and how many digits it holds.
const RUNS: [(u32, u8); MAX + 1] = {
    let mut table = [(0, 0); MAX + 1];
    let mut n = 1;
    while n <= MAX {
        let mut product = n as u32;
        let mut next = n as u32 + 1;
        while let Some(p) = product.checked_mul(next) {
            product = p;
            next += 1;
        }
        table[n] = (product, (next - n as u32) as u8);
        n += 1;
    }
    table
};

/// `(x / d, x % d)` for `2 <= d <= MAX`.
#[inline]
fn div_rem(x: u32, d: u32) -> (u32, u32) {
    let m = RECIPROCALS[d as usize];
    let quotient = ((u128::from(m) * u128::from(x)) >> 64) as u32;
    let remainder = ((u128::from(m.wrapping_mul(u64::from(x))) * u128::from(d)) >> 64) as u32;
    (quotient, remainder)
}

/// `rng.random_range(0..n)`, draw for draw, for `n` up to `u32::MAX`: rand's single-sample
/// method for such ranges (one 32-bit draw times `n`, a second draw in the rare case the first
/// falls near the edge), without the layers around it that cost more than the draw itself.
/// The random players draw one for every action, so arena results stay those of `rand`.
///
/// # Panics
/// If `n` is 0 (an empty range), as `random_range` does.
#[inline]
pub fn random_index<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    match u32::try_from(n) {
        Ok(range) if range > 0 => below(rng, range) as usize,
        _ => rng.random_range(0..n),
    }
}

/// A number in `0..range` as rand's `UniformInt<u32>::sample_single` draws it.
#[inline]
fn below<R: Rng + ?Sized>(rng: &mut R, range: u32) -> u32 {
    below_from(rng.next_u32(), rng, range)
}

/// [`below`] once its first draw, `first`, is taken: a second comes from `rng` in the
/// rare case (`range` in 2^32) that rand takes one.
#[inline]
pub(crate) fn below_from<R: Rng + ?Sized>(first: u32, rng: &mut R, range: u32) -> u32 {
    let wide = u64::from(first) * u64::from(range);
    let (mut result, low) = ((wide >> 32) as u32, wide as u32);
    if low > range.wrapping_neg() {
        let next = ((u64::from(rng.next_u32()) * u64::from(range)) >> 32) as u32;
        result += u32::from(low.checked_add(next).is_none());
    }
    result
}

/// Shuffles `items` exactly as `items.shuffle(rng)` does (same permutation, same draws
/// from `rng`), faster.
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    shuffle_inline(items, rng);
}

/// [`shuffle`] for a deck whose size is known when compiling (a game's whole pack):
/// always inlined, so that the runs of digits and the divisors are constants and the
/// loops unroll (half the instructions of a Euchre deck's shuffle).
#[inline(always)]
pub fn shuffle_deck<T, R: Rng + ?Sized, const N: usize>(deck: &mut [T; N], rng: &mut R) {
    shuffle_inline(deck, rng);
}

#[inline(always)]
fn shuffle_inline<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    if items.len() > MAX {
        items.shuffle(rng);
        return;
    }
    // Position 0 swaps with itself and draws nothing. From position `i` on, `rand` draws
    // a number for a run of sizes `i + 1, i + 2, …` and reads one digit per position,
    // the last digit being what is left of the number. A run's length depends on where
    // it starts, not on the slice, so a run may end past the last position.
    let len = items.len();
    let mut start = 1;
    while start < len {
        let (bound, digits) = RUNS[start + 1];
        let mut chunk = below(rng, bound);
        let last = start + usize::from(digits) - 1;
        for i in start..last.min(len) {
            let (rest, digit) = div_rem(chunk, i as u32 + 1);
            chunk = rest;
            items.swap(i, digit as usize);
        }
        if last < len {
            items.swap(last, chunk as usize);
        }
        start = last + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{RngCore, SeedableRng};

    /// Whether `ours` shuffles `len` items for 300 seeds exactly as `rand` does, drawing
    /// as much.
    fn same_as_rand(len: usize, ours: impl Fn(&mut [usize], &mut SmallRng)) {
        for seed in 0..300 {
            let mut mine: Vec<usize> = (0..len).collect();
            let mut theirs = mine.clone();
            let mut a = SmallRng::seed_from_u64(seed);
            let mut b = SmallRng::seed_from_u64(seed);
            ours(&mut mine, &mut a);
            theirs.shuffle(&mut b);
            assert_eq!(mine, theirs, "{len} items, seed {seed}");
            assert_eq!(a.next_u64(), b.next_u64(), "{len} items: same draws");
        }
    }

    #[test]
    fn every_length_comes_out_as_rand_shuffles_it_and_draws_as_much() {
        for len in 0..=MAX + 3 {
            same_as_rand(len, shuffle);
        }
    }

    #[test]
    fn the_games_decks_come_out_as_rand_shuffles_them() {
        fn check<const N: usize>() {
            same_as_rand(N, |items, rng| {
                let deck: &mut [usize; N] = items.try_into().expect("N items");
                shuffle_deck(deck, rng);
            });
        }
        // Euchre, Teen Do Panch (30), Straights, and one past what is done here.
        check::<24>();
        check::<30>();
        check::<52>();
        check::<{ MAX + 1 }>();
    }

    #[test]
    fn random_index_draws_as_random_range_does() {
        let sizes = (1..=64).chain([
            1000,
            1 << 31,
            (1 << 31) + 1,
            3_000_000_000,
            u32::MAX as usize,
        ]);
        for n in sizes {
            for seed in 0..1000 {
                let mut a = SmallRng::seed_from_u64(seed);
                let mut b = SmallRng::seed_from_u64(seed);
                for _ in 0..4 {
                    assert_eq!(
                        random_index(&mut a, n),
                        b.random_range(0..n),
                        "n {n}, seed {seed}"
                    );
                }
                assert_eq!(a.next_u64(), b.next_u64(), "n {n}: same draws");
            }
        }
    }

    #[test]
    fn division_by_reciprocal_is_exact_at_the_edges() {
        for d in 2..=MAX as u32 {
            for x in [0, 1, d - 1, d, d + 1, u32::MAX - 1, u32::MAX, 479_001_599] {
                assert_eq!(div_rem(x, d), (x / d, x % d), "{x} / {d}");
            }
        }
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..1_000_000 {
            let (x, d) = (rng.next_u32(), rng.random_range(2..=MAX as u32));
            assert_eq!(div_rem(x, d), (x / d, x % d), "{x} / {d}");
        }
    }
}
