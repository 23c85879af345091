//! The coach lists every legal choice, each once in its own words with its value, in
//! every variant: a person reads every card they may play in the coach's table (equal
//! cards are never merged into one row).

use catalogue::{PlayerSpec, Roster, Ruleset, Variant};
use rand::SeedableRng;
use table::{Agent, Progress, Rng, Turn};

struct EveryChoiceListed(u64);

impl catalogue::WithGame for EveryChoiceListed {
    type Output = usize;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> usize {
        let mut progress = Progress::new(new(), self.0, Vec::new()).unwrap();
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..new().seats())
            .map(|_| new().agent(PlayerSpec::Random))
            .collect();
        let mut rng = Rng::seed_from_u64(self.0);
        let names: Vec<_> = (0..new().seats())
            .map(|s| scene::Nameplate::computer(format!("Player {s}")))
            .collect();
        let mut asked = 0;
        while asked < 12 && progress.turn() != Turn::Over {
            match progress.turn() {
                Turn::Chance => progress.deal(),
                Turn::Seat(seat) => {
                    let shown = scene::shown(&progress, Some(seat), &names, 10);
                    let own = shown.own.expect("a seat's own part");
                    if seat == 0 && own.actions.len() > 1 {
                        let coaching = scene::Coaching::at(&progress, seat).unwrap();
                        let listed: Vec<_> = coaching.choices.iter().map(|c| c.action).collect();
                        assert_eq!(
                            listed, own.actions,
                            "the coach's rows are the seat's legal actions"
                        );
                        let mut words: Vec<_> =
                            coaching.choices.iter().map(|c| c.words.clone()).collect();
                        words.sort();
                        words.dedup();
                        assert_eq!(words.len(), own.actions.len(), "each in words of its own");
                        assert!(
                            coaching.choices.iter().all(|c| c.value.is_some()),
                            "each weighed"
                        );
                        asked += 1;
                    }
                    progress.act_for(agents[seat].as_mut(), seat, &mut rng);
                }
                Turn::Over => unreachable!(),
            }
        }
        asked
    }
}

#[test]
fn the_coach_lists_every_legal_choice_in_every_variant() {
    for variant in Variant::ALL {
        let asked = Ruleset::plain(variant, 10).with_game(EveryChoiceListed(3));
        assert!(asked >= 5, "{variant:?}: {asked} decisions coached");
    }
}
