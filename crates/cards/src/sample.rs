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
    let mut holder: Vec<Option<usize>> = vec![None; cards.len()];
    for slot in 0..slots.len() {
        let mut visited = vec![false; cards.len()];
        if !augment(slot, &slots, &cards, &accepts, &mut holder, &mut visited) {
            if let Some(free) = holder.iter().position(Option::is_none) {
                holder[free] = Some(slot);
            }
        }
    }
    let mut places = vec![CardSet::EMPTY; need.len()];
    for (card, slot) in cards.iter().zip(&holder) {
        if let Some(slot) = slot {
            places[slots[*slot]].insert(*card);
        }
    }
    places
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
    fn leaves_the_rest_undealt() {
        let pool = crate::deck::eecs280_euchre();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
        let places = deal_constrained(&pool, &[5, 5, 5], |_, _| true, &mut rng);
        let dealt = places.iter().fold(CardSet::EMPTY, |all, &p| all.union(p));
        assert_eq!(dealt.len(), 15);
    }
}
