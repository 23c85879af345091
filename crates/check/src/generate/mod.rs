//! Cases drawn from each handout's command line, reproducibly: case `i` of seed `s` is
//! the same case on every machine, whatever else is asked.

use rand::{Rng as _, SeedableRng};

use crate::case::{Category, Setup};
use crate::handout::{Handout, Reference};
pub use ::cs246_euchre::readings::Readings;

pub mod cs246_euchre;
pub mod eecs280;
pub mod straights;

/// A setup's one-step-smaller variants, in the order a shrink tries them: each kept once,
/// and only where it changes something (a step that changed nothing would never end).
pub(crate) struct Variants<'a, T> {
    of: &'a T,
    found: Vec<T>,
}

impl<'a, T: Clone + PartialEq> Variants<'a, T> {
    /// None yet, of `of`.
    pub(crate) fn of(of: &'a T) -> Variants<'a, T> {
        Variants {
            of,
            found: Vec::new(),
        }
    }

    /// The setup with `change` made to it, kept where it is new.
    pub(crate) fn with(&mut self, change: impl FnOnce(&mut T)) {
        let mut next = self.of.clone();
        change(&mut next);
        if next != *self.of && !self.found.contains(&next) {
            self.found.push(next);
        }
    }

    /// The variants kept, in order.
    pub(crate) fn into_vec(self) -> Vec<T> {
        self.found
    }
}

/// The generator case `number` of `seed` draws with.
pub type Rng = rand::rngs::SmallRng;

/// The categories a handout's cases come in (the errors only where the handout defines
/// the program's messages and status).
pub fn categories(handout: Handout) -> &'static [Category] {
    match handout {
        Handout::Eecs280Euchre | Handout::Eecs280Teendopanch => eecs280::CATEGORIES,
        Handout::Cs246Euchre => cs246_euchre::CATEGORIES,
        Handout::Cs246Straights => straights::CATEGORIES,
    }
}

/// `count` cases of `handout` from `seed`, numbered from 1, taking the categories in turn
/// (only `only`'s when it is given); a human's answers scripted as the reference plays
/// under `readings` (CS 246 Euchre's; the default for the other handouts).
pub fn generate(
    handout: Handout,
    reference: Reference,
    readings: Readings,
    seed: u64,
    count: usize,
    only: Option<Category>,
) -> Vec<(usize, Setup)> {
    let categories: Vec<Category> = (categories(handout).iter().copied())
        .filter(|c| only.is_none_or(|only| only == *c))
        .collect();
    if categories.is_empty() {
        return Vec::new();
    }
    (1..=count)
        .map(|number| {
            let category = categories[(number - 1) % categories.len()];
            let nth = (number - 1) / categories.len();
            (
                number,
                draw(handout, reference, readings, category, seed, number, nth),
            )
        })
        .collect()
}

/// Case `number` of `seed`, the `nth` of its category: its own generator, so it does not
/// depend on the others.
pub fn draw(
    handout: Handout,
    reference: Reference,
    readings: Readings,
    category: Category,
    seed: u64,
    number: usize,
    nth: usize,
) -> Setup {
    let mut rng = Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ number as u64);
    match handout {
        Handout::Eecs280Euchre | Handout::Eecs280Teendopanch => {
            // Cases that take things in turn start from a place the seed picks.
            let turn = nth.wrapping_add((seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 24) as usize);
            let setup = eecs280::Setup::draw(handout, reference, category, &mut rng, turn);
            Setup::Eecs280(setup)
        }
        Handout::Cs246Euchre => {
            Setup::Cs246Euchre(cs246_euchre::Setup::draw(category, &mut rng, readings))
        }
        Handout::Cs246Straights => Setup::Straights(straights::Setup::draw(category, &mut rng)),
    }
}

/// A name a player might have: a common first name, or a few random letters.
pub fn name(rng: &mut Rng) -> String {
    const NAMES: [&str; 12] = [
        "Alice", "Bob", "Cathy", "Dan", "Ivan", "Judea", "Kunle", "Adi", "Mo", "Zoe", "Priya", "Xu",
    ];
    if rng.random_bool(0.7) {
        NAMES[rng.random_range(0..NAMES.len())].to_string()
    } else {
        let letters = rng.random_range(1..=9);
        (0..letters)
            .map(|_| {
                let pool = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";
                pool[rng.random_range(0..pool.len())] as char
            })
            .collect()
    }
}
