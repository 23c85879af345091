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
    let mut cards = pool.to_vec();
    shuffle(&mut cards, rng);
    let mut slots: Vec<usize> = (0..need.len())
        .flat_map(|p| std::iter::repeat_n(p, need[p]))
        .collect();
    shuffle(&mut slots, rng);
    let holder = if cards.len() <= 64 {
        Masks::new(&cards, need.len(), &accepts).deal(&slots)
    } else {
        holders(&cards, &slots, &accepts)
    };
    places(&cards, &slots, &holder, need.len())
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
fn places(cards: &[Card], slots: &[usize], holder: &[Option<usize>], count: usize) -> Vec<CardSet> {
    let mut places = vec![CardSet::EMPTY; count];
    for (card, slot) in cards.iter().zip(holder) {
        if let Some(slot) = slot {
            places[slots[*slot]].insert(*card);
        }
    }
    places
}

/// The matching of [`deal_constrained`] for a pool of at most 64 cards, with the cards
/// each place accepts and the cards a search has visited as bit masks over the shuffled
/// pool: the same augmenting paths in the same order, hence the same deal from the same
/// random numbers, without asking `accepts` in the search's inner loop or allocating a
/// visited list for every slot (a strong player deals thousands of worlds a decision).
struct Masks {
    /// Bit `c` of `accepted[p]`: place `p` accepts the shuffled pool's card `c`.
    accepted: Vec<u64>,
    /// Which slot holds each card.
    holder: Vec<Option<usize>>,
}

impl Masks {
    fn new(cards: &[Card], count: usize, accepts: &impl Fn(usize, Card) -> bool) -> Masks {
        let accepted = (0..count)
            .map(|p| {
                cards
                    .iter()
                    .enumerate()
                    .filter(|&(_, &card)| accepts(p, card))
                    .fold(0, |mask, (c, _)| mask | 1 << c)
            })
            .collect();
        Masks {
            accepted,
            holder: vec![None; cards.len()],
        }
    }

    /// [`holders`] on masks.
    fn deal(mut self, slots: &[usize]) -> Vec<Option<usize>> {
        for slot in 0..slots.len() {
            let mut visited = 0;
            if !self.augment(slot, slots, &mut visited) {
                if let Some(free) = self.holder.iter().position(Option::is_none) {
                    self.holder[free] = Some(slot);
                }
            }
        }
        self.holder
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
                Some(other) => self.augment(other, slots, visited),
            };
            if free {
                self.holder[c] = Some(slot);
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
            assert_eq!(masks, holders(&cards, &slots, &accepts));
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
