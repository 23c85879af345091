//! Finding a set's `k`-th card: what a random player does at every play, so it sits on
//! the critical path of every simulated hand.
//!
//! Two ways give the same bit. The portable one is branchless (byte counts and a table,
//! about thirty dependent steps). Where the processor has a fast `pdep` (BMI2), found
//! out at run time, one instruction does it: the Euchre rules core's random hands ran
//! about 1.2x faster with it (docs/PERFORMANCE.md). Binaries stay portable: nothing
//! assumes the instruction.

use rand::Rng;

/// The position of the `n`-th lowest set bit of `bits`, if it has more than `n`.
pub(crate) fn nth_bit(bits: u64, n: usize) -> Option<u32> {
    let counts = prefix_counts(bits);
    (n < size(counts)).then(|| select(bits, counts, n as u64))
}

/// A set bit of `bits` drawn as listing them in order and indexing the list with
/// `random_index(rng, count)` would draw it; `None` if there is none. Always inlined
/// (the rare second draw is not): a call here put the generator in memory. Public for
/// sets kept in another order than the cards' (Straights' hands in the order dealt).
#[inline(always)]
pub fn random_bit<R: Rng + ?Sized>(bits: u64, rng: &mut R) -> Option<u32> {
    #[cfg(target_arch = "x86_64")]
    if x86::has_fast_pdep() {
        if bits == 0 {
            return None;
        }
        let first = rng.next_u32();
        // SAFETY: `x86::pick` needs BMI2 and POPCNT, and `has_fast_pdep` is true only
        // when the processor reports both.
        return Some(match unsafe { x86::pick(bits, first) } {
            Some(bit) => bit,
            None => after_second_draw(bits, first, rng),
        });
    }
    portable_random_bit(bits, rng)
}

/// [`random_bit`] of `bits` (not 0) when `first` was its first draw and rand takes a
/// second: about once in a billion picks.
#[cold]
#[inline(never)]
fn after_second_draw<R: Rng + ?Sized>(bits: u64, first: u32, rng: &mut R) -> u32 {
    let k = crate::shuffle::below_from(first, rng, bits.count_ones());
    nth_bit(bits, k as usize).expect("an index below the count")
}

/// [`random_bit`] on any processor.
#[inline]
pub(crate) fn portable_random_bit<R: Rng + ?Sized>(bits: u64, rng: &mut R) -> Option<u32> {
    let counts = prefix_counts(bits);
    let n = size(counts);
    if n == 0 {
        return None;
    }
    let k = crate::shuffle::random_index(rng, n);
    Some(select(bits, counts, k as u64))
}

/// Ones in every byte.
const BYTES: u64 = 0x0101_0101_0101_0101;

/// Byte `i` of the result counts the set bits of `bits` in its bytes `0..=i` (so the top
/// byte counts them all): the first steps of a broadword popcount, then a multiplication
/// that sums the bytes upwards. No branch, no popcnt instruction (baseline x86-64 has none).
#[inline]
const fn prefix_counts(bits: u64) -> u64 {
    let pairs = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    bytes.wrapping_mul(BYTES)
}

/// The number of set bits, from [`prefix_counts`].
#[inline]
const fn size(counts: u64) -> usize {
    (counts >> 56) as usize
}

/// The position of the `k`-th lowest set bit of `bits` (`k` below their number), without
/// a branch: the random players pick a card this way at every play, and a loop whose
/// length is the random index was mispredicted at nearly every pick.
///
/// The byte holding the bit is the number of bytes whose prefix count is at most `k`
/// (compared in all eight bytes at once: counts are below 128, so `k + 128 - count`
/// keeps its top bit exactly when `count <= k`, and no byte borrows from the next);
/// the bit within that byte comes from [`SELECT_IN_BYTE`].
#[inline]
fn select(bits: u64, counts: u64, k: u64) -> u32 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let at_most_k = (((k * BYTES) | HIGH) - counts) & HIGH;
    let byte = ((at_most_k >> 7).wrapping_mul(BYTES) >> 56) as u32;
    let place = byte * 8;
    let below = ((counts << 8) >> place) & 0xFF;
    let in_byte = ((bits >> place) & 0xFF) as usize;
    place + u32::from(SELECT_IN_BYTE[in_byte][(k - below) as usize])
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`-th lowest set bit of the byte `b`.
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{__cpuid, _pdep_u64};
    use std::sync::atomic::{AtomicU8, Ordering};

    const UNKNOWN: u8 = 0;
    const SLOW: u8 = 1;
    const FAST: u8 = 2;

    /// What [`detect`] found, so that each pick pays one load and a predicted branch.
    static PDEP: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// Whether this processor has BMI2 and POPCNT, and runs `pdep` in hardware.
    #[inline]
    pub(super) fn has_fast_pdep() -> bool {
        match PDEP.load(Ordering::Relaxed) {
            FAST => true,
            SLOW => false,
            _ => detect(),
        }
    }

    #[cold]
    fn detect() -> bool {
        let fast = std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && !microcoded_pdep();
        PDEP.store(if fast { FAST } else { SLOW }, Ordering::Relaxed);
        fast
    }

    /// AMD's processors before Zen 3 (family 0x19), and Hygon's, report BMI2 but run
    /// `pdep` in microcode, up to hundreds of cycles: slower than the portable way.
    fn microcoded_pdep() -> bool {
        // SAFETY: every x86-64 processor has `cpuid`, with leaves 0 (vendor) and 1
        // (family). (`__cpuid` is a safe function from Rust 1.87; the workspace builds
        // with 1.80, where it is unsafe.)
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
        let mut name = [0; 12];
        for (bytes, word) in name.chunks_mut(4).zip([vendor.ebx, vendor.edx, vendor.ecx]) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
        let base = (signature.eax >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature.eax >> 20) & 0xFF)
        } else {
            base
        };
        matches!(&name, b"AuthenticAMD" | b"HygonGenuine") && family < 0x19
    }

    /// The set bit of `bits` (not 0) that [`super::random_bit`] picks when `first` is
    /// its first draw; `None` in the rare case rand draws again for it. A small leaf
    /// (`popcnt`, a multiplication, `pdep`): the generator stays in the caller's
    /// registers, where a call with it had to pass it through memory.
    ///
    /// # Safety
    /// The processor must have BMI2 and POPCNT.
    #[target_feature(enable = "bmi2,popcnt")]
    pub(super) unsafe fn pick(bits: u64, first: u32) -> Option<u32> {
        let n = bits.count_ones();
        // `below_from`'s first step: rand draws again when the low half is this high.
        let wide = u64::from(first) * u64::from(n);
        if wide as u32 > n.wrapping_neg() {
            return None;
        }
        let k = (wide >> 32) as u32;
        // `pdep` moves the one bit of `1 << k` to the place of the `k`-th set bit of
        // `bits` (`k < n`, so there is one).
        Some(_pdep_u64(1 << k, bits).trailing_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    proptest! {
        /// Both ways pick what listing the bits and indexing with the same draw picks.
        #[test]
        fn a_random_bit_is_the_listed_pick(bits in any::<u64>(), sparse in any::<u64>(), seed in any::<u64>()) {
            for bits in [bits, bits & sparse & sparse.rotate_left(17), 0] {
                let listed: Vec<u32> = (0..64).filter(|&b| bits & (1 << b) != 0).collect();
                let mut rng = SmallRng::seed_from_u64(seed);
                let expected = (!listed.is_empty())
                    .then(|| listed[crate::shuffle::random_index(&mut rng, listed.len())]);
                let after: u64 = rng.random();
                let mut rng = SmallRng::seed_from_u64(seed);
                prop_assert_eq!(portable_random_bit(bits, &mut rng), expected);
                prop_assert_eq!(rng.random::<u64>(), after, "the same draws");
                let mut rng = SmallRng::seed_from_u64(seed);
                prop_assert_eq!(random_bit(bits, &mut rng), expected);
                prop_assert_eq!(rng.random::<u64>(), after, "the same draws");
            }
        }
    }

    /// Hands out the given draws, then zeros.
    struct Draws(Vec<u32>, usize);

    impl rand::RngCore for Draws {
        fn next_u32(&mut self) -> u32 {
            self.1 += 1;
            self.0.get(self.1 - 1).copied().unwrap_or(0)
        }
        fn next_u64(&mut self) -> u64 {
            u64::from(self.next_u32())
        }
        fn fill_bytes(&mut self, dest: &mut [u8]) {
            dest.fill(0);
        }
    }

    /// The rare first draws after which rand draws a second: both ways must too.
    #[test]
    fn a_second_draw_is_taken_where_rand_takes_one() {
        let mut second_draws = 0;
        for n in 1..=52u32 {
            // `n` cards spread over the deck.
            let bits = (0..n).fold(0u64, |b, i| b | 1 << (i * 52 / n));
            assert_eq!(bits.count_ones(), n);
            let listed: Vec<u32> = (0..64).filter(|&b| bits & (1 << b) != 0).collect();
            // Just past each multiple of 2^32 / n, and the largest draws.
            let edges = (1..n).map(|m| ((u64::from(m) << 32) / u64::from(n)) as u32);
            for first in edges.chain([u32::MAX, u32::MAX - 1]) {
                for second in [0, 1, u32::MAX / 2, u32::MAX] {
                    let draws = || Draws(vec![first, second], 0);
                    let mut theirs = draws();
                    let expected = listed[crate::shuffle::random_index(&mut theirs, listed.len())];
                    second_draws += usize::from(theirs.1 == 2);
                    for (way, got) in [
                        ("chosen", random_bit as fn(u64, &mut Draws) -> Option<u32>),
                        ("portable", portable_random_bit),
                    ] {
                        let mut ours = draws();
                        assert_eq!(
                            got(bits, &mut ours),
                            Some(expected),
                            "{way}: {n} cards, {first}, {second}"
                        );
                        assert_eq!(ours.1, theirs.1, "{way}: as many draws");
                    }
                }
            }
        }
        assert!(
            second_draws > 100,
            "the edges take second draws: {second_draws}"
        );
    }

    /// Says which way [`random_bit`] took here: the property above checked only that one
    /// (and the portable one), so a machine without the fast one tests it nowhere.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_fast_way_is_used_where_the_processor_has_it() {
        let bmi2 = std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("popcnt");
        if !bmi2 {
            eprintln!("no BMI2 here: only the portable way was tested");
        }
        assert!(
            !x86::has_fast_pdep() || bmi2,
            "pdep is used only where it exists"
        );
    }
}
