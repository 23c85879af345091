//! Dealing unseen cards at random under constraints: the heart of determinization.

use crate::shuffle::shuffle;

use crate::{Card, CardSet};

/// Deals `pool` so that place `p` gets `need[p]` cards it `accepts` (a seat that showed
/// it lacks a suit accepts none of it). The order is random; augmenting paths move cards
/// between places where needed, so a deal meeting every constraint is found whenever one
/// exists. If none exists, the remaining places take any free cards.
pub fn deal_constrained<R: rand::Rng + ?Sized>(
    pool: &[Card],
    need: &[usize],
    accepts: impl Fn(usize, Card) -> bool,
    rng: &mut R,
) -> Vec<CardSet> {
    let mut places = vec![CardSet::EMPTY; need.len()];
    deal_into(pool, need, &accepts, rng, &mut places);
    places
}

/// [`deal_constrained`] for `N` places, into an array: the same deal from the same random
/// numbers, with nothing allocated for a pool of at most 64 cards (a strong player deals
/// thousands of worlds a decision).
pub fn deal_constrained_to<const N: usize, R: rand::Rng + ?Sized>(
    pool: &[Card],
    need: &[usize; N],
    accepts: impl Fn(usize, Card) -> bool,
    rng: &mut R,
) -> [CardSet; N] {
    let mut places = [CardSet::EMPTY; N];
    deal_into(pool, need, &accepts, rng, &mut places);
    places
}

/// The most cards (and slots) [`Masks`] deals: one bit of a `u64` each.
const MASK_CARDS: usize = 64;
/// The most places [`Masks`] deals to.
const MASK_PLACES: usize = 8;

/// [`deal_constrained`] into `places` (one per entry of `need`, empty on entry): on the
/// stack where [`Masks`] serves, else with the plain search.
fn deal_into<R: rand::Rng + ?Sized>(
    pool: &[Card],
    need: &[usize],
    accepts: &impl Fn(usize, Card) -> bool,
    rng: &mut R,
    places: &mut [CardSet],
) {
    let slot_count: usize = need.iter().sum();
    if pool.len() > MASK_CARDS || slot_count > MASK_CARDS || need.len() > MASK_PLACES {
        let mut cards = pool.to_vec();
        shuffle(&mut cards, rng);
        let mut slots: Vec<usize> = slots_of(need).collect();
        shuffle(&mut slots, rng);
        let holder = holders(&cards, &slots, accepts);
        return place(&cards, &slots, holder.into_iter(), places);
    }
    let mut card_buffer = [Card::from_set_bit(0); MASK_CARDS];
    let cards = &mut card_buffer[..pool.len()];
    cards.copy_from_slice(pool);
    shuffle(cards, rng);
    let mut slot_buffer = [0; MASK_CARDS];
    let slots = &mut slot_buffer[..slot_count];
    slots
        .iter_mut()
        .zip(slots_of(need))
        .for_each(|(slot, p)| *slot = p);
    shuffle(slots, rng);
    let masks = Masks::new(cards, need.len(), accepts).deal(slots);
    place(cards, slots, masks.holders(), places);
}

/// Each slot's place: `need[p]` slots for place `p`, in order.
fn slots_of(need: &[usize]) -> impl Iterator<Item = usize> + '_ {
    (0..need.len()).flat_map(|p| std::iter::repeat_n(p, need[p]))
}

/// Which slot holds each of `cards`: each slot in turn gets a card by [`augment`]; a slot
/// none can take gets the first free card.
fn holders(
    cards: &[Card],
    slots: &[usize],
    accepts: &impl Fn(usize, Card) -> bool,
) -> Vec<Option<usize>> {
    let mut holder: Vec<Option<usize>> = vec![None; cards.len()];
    for slot in 0..slots.len() {
        let mut visited = vec![false; cards.len()];
        if !augment(slot, slots, cards, accepts, &mut holder, &mut visited) {
            if let Some(free) = holder.iter().position(Option::is_none) {
                holder[free] = Some(slot);
            }
        }
    }
    holder
}

/// Each place's cards, from which slot holds each card.
fn place(
    cards: &[Card],
    slots: &[usize],
    holder: impl Iterator<Item = Option<usize>>,
    places: &mut [CardSet],
) {
    for (card, slot) in cards.iter().zip(holder) {
        if let Some(slot) = slot {
            places[slots[slot]].insert(*card);
        }
    }
}

/// The matching of [`deal_constrained`] for a pool of at most 64 cards, with the cards
/// each place accepts and the cards a search has visited as bit masks over the shuffled
/// pool: the same augmenting paths in the same order, hence the same deal from the same
/// random numbers, without asking `accepts` in the search's inner loop or allocating a
/// visited list for every slot (a strong player deals thousands of worlds a decision).
struct Masks {
    /// Bit `c` of `accepted[p]`: place `p` accepts the shuffled pool's card `c`.
    accepted: [u64; MASK_PLACES],
    /// Which slot holds each card (a slot's number is below [`MASK_CARDS`]).
    holder: [Option<u8>; MASK_CARDS],
    /// How many cards.
    cards: usize,
}

impl Masks {
    /// The masks of `cards` (at most [`MASK_CARDS`]) for `count` places (at most
    /// [`MASK_PLACES`]).
    fn new(cards: &[Card], count: usize, accepts: &impl Fn(usize, Card) -> bool) -> Masks {
        let mut accepted = [0; MASK_PLACES];
        for (p, mask) in accepted.iter_mut().enumerate().take(count) {
            *mask = (cards.iter().enumerate())
                .filter(|&(_, &card)| accepts(p, card))
                .fold(0, |mask, (c, _)| mask | 1 << c);
        }
        Masks {
            accepted,
            holder: [None; MASK_CARDS],
            cards: cards.len(),
        }
    }

    /// Which slot holds each card.
    fn holders(&self) -> impl Iterator<Item = Option<usize>> + '_ {
        self.holder[..self.cards].iter().map(|h| h.map(usize::from))
    }

    /// [`holders`] on masks, for at most [`MASK_CARDS`] slots.
    fn deal(mut self, slots: &[usize]) -> Masks {
        if self.accepts_all(slots) {
            return self.unconstrained(slots.len());
        }
        for slot in 0..slots.len() {
            let mut visited = 0;
            if !self.augment(slot, slots, &mut visited) {
                if let Some(free) = self.holder[..self.cards].iter().position(Option::is_none) {
                    self.holder[free] = Some(slot as u8);
                }
            }
        }
        self
    }

    /// Whether every place with a slot accepts every card, and there are cards enough
    /// for the slots: no seat has shown a void yet (a hand's first decisions).
    fn accepts_all(&self, slots: &[usize]) -> bool {
        let cards = self.cards;
        let every = if cards == 64 {
            u64::MAX
        } else {
            (1 << cards) - 1
        };
        slots.len() <= cards && slots.iter().all(|&p| self.accepted[p] == every)
    }

    /// [`Masks::deal`] where every place accepts every card, without the search: each new
    /// slot `k` finds the first card held by slot `k − 1`, whose path takes the second,
    /// held by slot `k − 2`, and so on down to slot 0, which takes the first free card
    /// (the `k + 1`th). So after `k + 1` slots slot `j` holds card `k − j`, and after all
    /// `n`, card `n − 1 − j`: the same holders as the search, in time linear, not
    /// quadratic, in the slots (tested against the plain search).
    fn unconstrained(mut self, slots: usize) -> Masks {
        for (card, holder) in self.holder.iter_mut().take(slots).enumerate() {
            *holder = Some((slots - 1 - card) as u8);
        }
        self
    }

    /// [`augment`] on masks: the lowest card not yet visited that the slot's place
    /// accepts, looked up afresh after each try (a try visits more cards).
    fn augment(&mut self, slot: usize, slots: &[usize], visited: &mut u64) -> bool {
        let accepted = self.accepted[slots[slot]];
        let mut from = 0;
        while from < 64 {
            let open = accepted & !*visited & (u64::MAX << from);
            if open == 0 {
                return false;
            }
            let c = open.trailing_zeros() as usize;
            *visited |= 1 << c;
            let free = match self.holder[c] {
                None => true,
                Some(other) => self.augment(usize::from(other), slots, visited),
            };
            if free {
                self.holder[c] = Some(slot as u8);
                return true;
            }
            from = c + 1;
        }
        false
    }
}

/// Kuhn's augmenting path: gives `slot` a card it accepts, moving other slots' cards.
fn augment(
    slot: usize,
    slots: &[usize],
    cards: &[Card],
    accepts: &impl Fn(usize, Card) -> bool,
    holder: &mut [Option<usize>],
    visited: &mut [bool],
) -> bool {
    for c in 0..cards.len() {
        if visited[c] || !accepts(slots[slot], cards[c]) {
            continue;
        }
        visited[c] = true;
        let free = match holder[c] {
            None => true,
            Some(other) => augment(other, slots, cards, accepts, holder, visited),
        };
        if free {
            holder[c] = Some(slot);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Suit;
    use rand::SeedableRng;

    /// The masks' holders, as the plain search gives them.
    fn dealt(masks: &Masks) -> Vec<Option<usize>> {
        masks.holders().collect()
    }

    #[test]
    fn finds_the_only_consistent_deal() {
        // Two places, two spades and two hearts; place 0 lacks spades, so it must get
        // both hearts however the random order starts.
        let pool: Vec<Card> = ["9S", "TS", "9H", "TH"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        for seed in 0..50 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let places = deal_constrained(
                &pool,
                &[2, 2],
                |p, c| p != 0 || c.suit() != Suit::Spades,
                &mut rng,
            );
            assert!(
                places[0].iter().all(|c| c.suit() == Suit::Hearts),
                "{places:?}"
            );
            assert_eq!(places[1].len(), 2);
        }
    }

    #[test]
    fn the_masks_match_as_the_search_does() {
        // Random voids over the whole pack: the bit-mask matching must hold every card
        // where the plain search does, or a seed would deal another world.
        let pool = crate::deck::eecs280_euchre();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        for _ in 0..2000 {
            let mut cards = pool.clone();
            shuffle(&mut cards, &mut rng);
            let mut slots: Vec<usize> = (0..3).flat_map(|p| std::iter::repeat_n(p, 5)).collect();
            shuffle(&mut slots, &mut rng);
            let voids: Vec<u8> = (0..3)
                .map(|_| rand::Rng::random::<u8>(&mut rng) & 15)
                .collect();
            let accepts = |p: usize, c: Card| voids[p] & (1 << c.suit().index()) == 0;
            let masks = Masks::new(&cards, 3, &accepts).deal(&slots);
            assert_eq!(dealt(&masks), holders(&cards, &slots, &accepts));
        }
    }

    #[test]
    fn a_deal_without_voids_matches_the_search() {
        // No place refuses a card: the shortcut must hold every card where the plain
        // search does, for any number of places and slots, with cards left over or not.
        let pool = crate::deck::eecs280_euchre();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        for round in 0..2000 {
            let mut cards = pool.clone();
            shuffle(&mut cards, &mut rng);
            cards.truncate(1 + round % pool.len());
            let places = 1 + round % 4;
            let each = cards.len() / places - (round / 4) % 2 * (cards.len() / places / 2);
            let mut slots: Vec<usize> = (0..places)
                .flat_map(|p| std::iter::repeat_n(p, each))
                .collect();
            shuffle(&mut slots, &mut rng);
            let accepts = |_: usize, _: Card| true;
            let masks = Masks::new(&cards, places, &accepts);
            assert!(masks.accepts_all(&slots));
            assert_eq!(
                dealt(&masks.deal(&slots)),
                holders(&cards, &slots, &accepts)
            );
        }
    }

    #[test]
    fn one_void_takes_the_search() {
        // A place that refuses one card is not dealt by the shortcut.
        let pool = crate::deck::eecs280_euchre();
        let refused = pool[3];
        let masks = Masks::new(&pool, 2, &|p: usize, c: Card| p == 0 || c != refused);
        assert!(!masks.accepts_all(&[0, 1, 0, 1]));
        assert!(masks.accepts_all(&[0, 0]));
    }

    /// The deal as the plain search makes it: the pool and the slots shuffled in turn,
    /// each slot given a card by Kuhn's augmenting path.
    fn plain_deal(
        pool: &[Card],
        need: &[usize],
        accepts: &impl Fn(usize, Card) -> bool,
        rng: &mut rand::rngs::SmallRng,
    ) -> Vec<CardSet> {
        let mut cards = pool.to_vec();
        shuffle(&mut cards, rng);
        let mut slots: Vec<usize> = (0..need.len())
            .flat_map(|p| std::iter::repeat_n(p, need[p]))
            .collect();
        shuffle(&mut slots, rng);
        let mut places = vec![CardSet::EMPTY; need.len()];
        for (card, slot) in cards.iter().zip(holders(&cards, &slots, accepts)) {
            if let Some(slot) = slot {
                places[slots[slot]].insert(*card);
            }
        }
        places
    }

    #[test]
    fn the_stack_deal_is_the_plain_deal() {
        // Same seed, same deal, and the same random numbers left: whether the places
        // come as a list or an array, with voids or without, a pool of 24, 52 or (past
        // the masks' 64 bits) two packs of 52.
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        for round in 0..3000 {
            let pool = match round % 4 {
                0 | 1 => crate::deck::eecs280_euchre(),
                2 => crate::deck::cs246_straights(),
                _ => crate::deck::cs246_straights().repeat(2),
            };
            let share = pool.len() / 4;
            let need = [share, share, share - round % 3, round % 5];
            let voids: Vec<u8> = (0..4)
                .map(|_| rand::Rng::random::<u8>(&mut rng) & [0, 1, 15][round % 3])
                .collect();
            let accepts = |p: usize, c: Card| voids[p] & (1 << c.suit().index()) == 0;
            let seed = rand::Rng::random::<u64>(&mut rng);
            let mut plain = rand::rngs::SmallRng::seed_from_u64(seed);
            let expected = plain_deal(&pool, &need, &accepts, &mut plain);
            let mut listed = rand::rngs::SmallRng::seed_from_u64(seed);
            assert_eq!(
                deal_constrained(&pool, &need, accepts, &mut listed),
                expected
            );
            let mut array = rand::rngs::SmallRng::seed_from_u64(seed);
            assert_eq!(
                deal_constrained_to(&pool, &need, accepts, &mut array).to_vec(),
                expected
            );
            let next = rand::Rng::random::<u64>(&mut plain);
            assert_eq!(rand::Rng::random::<u64>(&mut listed), next);
            assert_eq!(rand::Rng::random::<u64>(&mut array), next);
        }
    }

    #[test]
    fn leaves_the_rest_undealt() {
        let pool = crate::deck::eecs280_euchre();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
        let places = deal_constrained(&pool, &[5, 5, 5], |_, _| true, &mut rng);
        let dealt = places.iter().fold(CardSet::EMPTY, |all, &p| all.union(p));
        assert_eq!(dealt.len(), 15);
    }
}
