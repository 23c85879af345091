//! The random player's path (`table::Game::random_legal_action`, which draws from the
//! hand kept as bit masks) against a plain model of the rules written from the CS 246
//! handout (3.1 Legal Plays, 3.2 Discards, 4 Scoring) and the house rules' sources
//! (pagat's Sevens, Shichi Narabe's three passes): the same legal actions in the same
//! order, the same draw from the same generator, the same discards and points, from the
//! deal and from determinizations.

use cards::shuffle::random_index;
use cards::{Card, Rank, Suit};
use rand::{Rng as _, SeedableRng};
use straights::{Action, Game, Outcome, Rules, Seat, Stuck, VOLUNTARY_PASSES};
use table::{Game as _, Rng};

/// A card's rank as the handout counts it: Ace 1, Jack 11, Queen 12, King 13.
fn pips(card: Card) -> u32 {
    match card.rank() {
        Rank::Ace => 1,
        rank => rank.index() as u32 + 2,
    }
}

/// A round on plain lists: each hand in the order dealt, each discard pile in the order
/// discarded, the cards played.
#[derive(Clone, Debug)]
struct Plain {
    rules: Rules,
    hands: Vec<Vec<Card>>,
    discards: Vec<Vec<Card>>,
    played: Vec<Card>,
    passes: Vec<u32>,
    /// Passes made holding a legal play.
    voluntary: Vec<u8>,
    turn: usize,
    over: bool,
}

impl Plain {
    /// The deal: 52 cards in runs as even as they go, the first players one more (with
    /// four, 13 each in deck order); the holder of the opening card moves first.
    fn dealt(rules: Rules, deck: &[Card]) -> Plain {
        let players = rules.players();
        let mut hands = Vec::new();
        let mut rest = deck;
        for seat in 0..players {
            let size = 52 / players + usize::from(seat < 52 % players);
            let (hand, after) = rest.split_at(size);
            hands.push(hand.to_vec());
            rest = after;
        }
        let turn = (0..players)
            .find(|&s| hands[s].contains(&rules.opener))
            .unwrap();
        Plain {
            rules,
            hands,
            discards: vec![Vec::new(); players],
            played: Vec::new(),
            passes: vec![0; players],
            voluntary: vec![0; players],
            turn,
            over: false,
        }
    }

    /// 3.1: the opening card first; then a seven, or a card of a suit's adjacent rank to
    /// one already played (King and Ace not adjacent).
    fn legal_play(&self, card: Card) -> bool {
        if self.played.is_empty() {
            return card == self.rules.opener;
        }
        pips(card) == 7
            || self.played.iter().any(|&on| {
                on.suit() == card.suit()
                    && (pips(on) + 1 == pips(card) || pips(card) + 1 == pips(on))
            })
    }

    /// The legal actions in hand order: the plays, or with none (3.2) every discard;
    /// passing instead of discarding, and a voluntary pass after the opening card.
    fn legal_actions(&self) -> Vec<Action> {
        if self.over {
            return Vec::new();
        }
        let hand = &self.hands[self.turn];
        let mut actions: Vec<Action> = hand
            .iter()
            .filter(|&&c| self.legal_play(c))
            .map(|&c| Action::Play(c))
            .collect();
        // Never instead of the opening card: the round must start.
        let by_choice = self.rules.free_discard && !self.played.is_empty() && !actions.is_empty();
        match self.rules.stuck {
            Stuck::Pass if actions.is_empty() => actions.push(Action::Pass),
            Stuck::Pass if by_choice && self.voluntary[self.turn] < VOLUNTARY_PASSES => {
                actions.push(Action::Pass)
            }
            Stuck::Discard if actions.is_empty() || by_choice => {
                actions.extend(hand.iter().map(|&c| Action::Discard(c)))
            }
            _ => {}
        }
        actions
    }

    fn take(&mut self, action: Action) {
        let seat = self.turn;
        let players = self.hands.len();
        let card = match action {
            Action::Pass => {
                let could_play = self.hands[seat].iter().any(|&c| self.legal_play(c));
                self.voluntary[seat] += u8::from(could_play);
                self.passes[seat] += 1;
                self.turn = (seat + 1) % players;
                return;
            }
            Action::Play(card) => {
                self.played.push(card);
                card
            }
            Action::Discard(card) => {
                self.discards[seat].push(card);
                card
            }
        };
        self.hands[seat].retain(|&c| c != card);
        let gone = self.played.len() + self.discards.iter().map(Vec::len).sum::<usize>();
        let out = self.hands[seat].is_empty();
        self.over = gone == 52 || (self.rules.stuck == Stuck::Pass && out);
        self.turn = (seat + 1) % players;
        while !self.over && self.hands[self.turn].is_empty() {
            self.turn = (self.turn + 1) % players;
        }
    }

    /// 4: the ranks discarded; passing, a chip a pass and a card left, none for the
    /// player out.
    fn points(&self) -> Vec<u32> {
        (0..self.hands.len())
            .map(|s| match self.rules.stuck {
                Stuck::Discard => self.discards[s].iter().map(|&c| pips(c)).sum(),
                Stuck::Pass if self.hands[s].is_empty() => 0,
                Stuck::Pass => self.hands[s].len() as u32 + self.passes[s],
            })
            .collect()
    }

    /// The model of a round as the core holds it (after a determinization): hands and
    /// piles as it lists them, the layout's cards, the passes and whose turn.
    fn of(game: &Game) -> Plain {
        let round = game.round().unwrap();
        let seats = || round.seats();
        let mut played = Vec::new();
        for suit in Suit::ALL {
            played.extend(
                round
                    .layout()
                    .run(suit)
                    .into_iter()
                    .map(|r| Card::new(r, suit)),
            );
        }
        Plain {
            rules: *game.rules(),
            hands: seats().map(|s| round.hand(s).collect()).collect(),
            discards: seats().map(|s| round.discards(s).collect()).collect(),
            played,
            passes: seats().map(|s| round.passes(s)).collect(),
            // Not shown but for the player to move: the caller's model knows them.
            voluntary: vec![0; round.players()],
            turn: round.turn().index(),
            over: round.is_over(),
        }
    }
}

/// Plays `game`'s round in play to its end by the random player's draws from `rng`,
/// the model drawing from its own copy: every list and draw the same, then the discards
/// and points. Every `every`-th move a determinization for the player to move is played
/// out the same way. Returns the moves taken.
fn play_round(game: &mut Game, plain: &mut Plain, rng: &mut Rng, every: usize) -> usize {
    let mut model_rng = rng.clone();
    let (mut listed, mut scratch) = (Vec::new(), Vec::new());
    let mut moves = 0;
    loop {
        let seat = Seat::new(plain.turn);
        assert_eq!(game.turn(), Some(seat), "{plain:?}");
        let round = game.round().unwrap();
        assert_eq!(
            round.hand(seat).collect::<Vec<_>>(),
            plain.hands[plain.turn]
        );
        let expected = plain.legal_actions();
        game.legal_actions(&mut listed);
        assert_eq!(listed, expected, "{plain:?}");
        assert_eq!(round.legal_action_count(), expected.len());
        if every > 0 && moves % every == every - 1 {
            let mut world = game.determinize(seat.index(), &mut rng.clone());
            let mut model = Plain::of(&world);
            model.voluntary = plain.voluntary.clone();
            play_round(&mut world, &mut model, &mut rng.clone(), 0);
        }
        let action = game.random_legal_action(rng, &mut scratch);
        assert_eq!(
            action,
            expected[random_index(&mut model_rng, expected.len())]
        );
        plain.take(action);
        moves += 1;
        if let Outcome::RoundOver(points) = game.apply(action).unwrap() {
            assert!(plain.over, "{plain:?}");
            let round = game.round().unwrap();
            for seat in round.seats() {
                let discards: Vec<Card> = round.discards(seat).collect();
                assert_eq!(discards, plain.discards[seat.index()]);
            }
            assert_eq!(points.to_vec(), plain.points());
            assert_eq!(rng.random::<u64>(), model_rng.random::<u64>(), "same draws");
            return moves;
        }
        assert!(!plain.over, "{plain:?}");
    }
}

/// Whole games under `rules` (at most `rounds` rounds each), dealt from `deck_rng`.
fn play_games(rules: Rules, games: u64, rounds: u32, seed: u64) -> usize {
    let mut moves = 0;
    for game_seed in 0..games {
        let mut rng = Rng::seed_from_u64(seed ^ game_seed);
        let mut game = Game::with_rules(rules);
        while !game.is_over() && game.rounds() < rounds {
            let mut deck = cards::deck::cs246_straights();
            cards::shuffle::shuffle(&mut deck, &mut rng);
            game.deal(&deck);
            let mut plain = Plain::dealt(rules, &deck);
            moves += play_round(&mut game, &mut plain, &mut rng, 7);
        }
    }
    moves
}

#[test]
fn the_handouts_random_play_draws_what_its_rules_list() {
    let moves = play_games(Rules::HANDOUT, 60, u32::MAX, 59);
    assert!(moves > 60 * 52 * 3, "{moves} moves");
}

#[test]
fn every_house_rule_draws_what_its_rules_list() {
    table::house::each_combination(&[Rules::HANDOUT], 48, |_, _, rules, seed| {
        let rules = rules.expect("no Straights option contradicts another");
        play_games(rules, 2, 3, seed);
        Ok(())
    });
}
