//! Many games of one ruleset stepped together: what a learning program's environment
//! steps, with observations, legal-action masks, rewards and ends written into flat
//! arrays the caller owns (NumPy's, from Python) and no per-game copies.

use catalogue::{PlayerSpec, Ruleset};
use rand::SeedableRng;
use table::{Game, Rng};

use crate::session::{Chance, Playable, Session};
use crate::{observe, Error};

/// Where an episode ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Episode {
    /// At the game's end.
    Game,
    /// At the end of each hand (a Straights round): a new game begins.
    Hand,
}

/// Games of one ruleset stepped together (see the module's doc). Game `i`'s `k`th
/// episode is dealt from a seed drawn from `(seed, i, k)` alone, so a batch replays.
pub trait Batch: Send + Sync {
    /// How many games.
    fn len(&self) -> usize;
    /// Whether it holds no games.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Seats at each game.
    fn seats(&self) -> usize;
    /// Numbers in one observation.
    fn observation_len(&self) -> usize;
    /// Action numbers.
    fn action_count(&self) -> usize;
    /// Each game's seat to act (`players`: `len`), its observation (`len` ×
    /// `observation_len`) and its legal actions (`mask`: `len` × `action_count`, 1 legal).
    fn current(
        &self,
        players: &mut [i64],
        obs: Option<&mut [f32]>,
        mask: &mut [u8],
    ) -> Result<(), Error>;
    /// Applies `actions[i]` in game `i`, all checked legal first (a refusal applies
    /// none); `rewards` (`len` × `seats`) gets each seat's points won by the step,
    /// `dones[i]` whether game `i`'s episode ended (it is then dealt afresh).
    fn step(&mut self, actions: &[i64], rewards: &mut [f32], dones: &mut [u8])
        -> Result<(), Error>;
    /// `player`'s choices in every game, into `actions`.
    fn choose(&mut self, player: PlayerSpec, actions: &mut [i64]) -> Result<(), Error>;
    /// Every game's episode started afresh from `seed`.
    fn reset(&mut self, seed: u64);
    /// Episodes ended so far.
    fn episodes(&self) -> u64;
}

/// A batch of `count` games under `rules`, dealt from `seed`.
pub fn new_batch(
    rules: &Ruleset,
    count: usize,
    seed: u64,
    episode: Episode,
) -> Result<Box<dyn Batch>, Error> {
    fn boxed<G: Playable>(
        game: G,
        rules: &Ruleset,
        count: usize,
        seed: u64,
        episode: Episode,
    ) -> Result<Box<dyn Batch>, Error> {
        Ok(Box::new(Games::new(
            game,
            rules.points(),
            count,
            seed,
            episode,
        )?))
    }
    match rules.game() {
        catalogue::AnyGame::Euchre(g) => boxed(g, rules, count, seed, episode),
        catalogue::AnyGame::Straights(g) => boxed(g, rules, count, seed, episode),
        catalogue::AnyGame::TeenDoPanch(g) => boxed(g, rules, count, seed, episode),
    }
}

/// The games of one type.
struct Games<G: Game> {
    fresh: G,
    points_to_win: u32,
    seed: u64,
    episode: Episode,
    games: Vec<Session<G>>,
    /// How many episodes each game has begun.
    begun: Vec<u64>,
    /// Each game's points and hands at its last step.
    before: Vec<(Vec<f64>, u32)>,
    ended: u64,
    rng: Rng,
    scratch: Vec<usize>,
}

/// The seed of game `index`'s `episode`th episode: SplitMix64 of the three.
fn episode_seed(seed: u64, index: usize, episode: u64) -> u64 {
    let mut z = seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ episode.rotate_left(32);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<G: Playable> Games<G> {
    fn new(
        fresh: G,
        points_to_win: u32,
        count: usize,
        seed: u64,
        episode: Episode,
    ) -> Result<Self, Error> {
        if count == 0 {
            return Err(Error::Refused("a batch holds at least one game".into()));
        }
        let mut games = Games {
            fresh,
            points_to_win,
            seed,
            episode,
            games: Vec::with_capacity(count),
            begun: vec![0; count],
            before: Vec::with_capacity(count),
            ended: 0,
            rng: Rng::seed_from_u64(seed),
            scratch: Vec::new(),
        };
        for index in 0..count {
            let session = games.begin(index)?;
            games.before.push((session.game().points(), 0));
            games.games.push(session);
        }
        Ok(games)
    }

    /// Game `index`'s next episode.
    fn begin(&mut self, index: usize) -> Result<Session<G>, Error> {
        let seed = episode_seed(self.seed, index, self.begun[index]);
        self.begun[index] += 1;
        Session::new(
            self.fresh.clone(),
            self.points_to_win,
            seed,
            Vec::new(),
            Chance::Seeded,
        )
    }

    /// Whether game `index`'s episode is over.
    fn over(&self, index: usize) -> bool {
        let game = self.games[index].game();
        game.turn() == table::Turn::Over
            || (self.episode == Episode::Hand && game.hands() > self.before[index].1)
    }
}

impl<G: Playable> Batch for Games<G> {
    fn len(&self) -> usize {
        self.games.len()
    }
    fn seats(&self) -> usize {
        self.fresh.seats()
    }
    fn observation_len(&self) -> usize {
        observe::len::<G>(self.seats())
    }
    fn action_count(&self) -> usize {
        G::ACTIONS
    }

    fn current(
        &self,
        players: &mut [i64],
        obs: Option<&mut [f32]>,
        mask: &mut [u8],
    ) -> Result<(), Error> {
        let (n, width) = (self.len(), self.observation_len());
        shape("players", players.len(), n)?;
        shape("mask", mask.len(), n * G::ACTIONS)?;
        if let Some(obs) = &obs {
            shape("observations", obs.len(), n * width)?;
        }
        let mut ids = Vec::new();
        mask.fill(0);
        for (i, session) in self.games.iter().enumerate() {
            let seat = session.seat()?;
            players[i] = seat as i64;
            session.legal_ids(&mut ids);
            ids.iter().for_each(|&id| mask[i * G::ACTIONS + id] = 1);
        }
        if let Some(obs) = obs {
            for (session, out) in self.games.iter().zip(obs.chunks_exact_mut(width)) {
                session.observe(Some(session.seat()?), out);
            }
        }
        Ok(())
    }

    fn step(
        &mut self,
        actions: &[i64],
        rewards: &mut [f32],
        dones: &mut [u8],
    ) -> Result<(), Error> {
        let (n, seats) = (self.len(), self.seats());
        shape("actions", actions.len(), n)?;
        shape("rewards", rewards.len(), n * seats)?;
        shape("dones", dones.len(), n)?;
        for (i, (session, &id)) in self.games.iter().zip(actions).enumerate() {
            session.legal_ids(&mut self.scratch);
            if !usize::try_from(id).is_ok_and(|id| self.scratch.binary_search(&id).is_ok()) {
                let why = Error::Refused(format!("action {id} is not legal in game {i}"));
                return Err(why);
            }
        }
        for i in 0..n {
            self.games[i].apply(actions[i]).expect("checked legal");
            let points = self.games[i].game().points();
            for (seat, reward) in rewards[i * seats..(i + 1) * seats].iter_mut().enumerate() {
                *reward = (points[seat] - self.before[i].0[seat]) as f32;
            }
            dones[i] = self.over(i) as u8;
            if dones[i] == 1 {
                self.ended += 1;
                self.games[i] = self.begin(i)?;
                self.before[i] = (self.games[i].game().points(), 0);
            } else {
                self.before[i] = (points, self.games[i].game().hands());
            }
        }
        Ok(())
    }

    fn choose(&mut self, player: PlayerSpec, actions: &mut [i64]) -> Result<(), Error> {
        shape("actions", actions.len(), self.len())?;
        let agent_game = self.fresh.clone();
        let mut agent = agent_game.agent(player);
        for (session, out) in self.games.iter().zip(actions.iter_mut()) {
            let game = session.game();
            let seat = session.seat()?;
            let action = agent.act(table::Seated::new(game, seat), &mut self.rng);
            *out = G::action_id(&action) as i64;
        }
        Ok(())
    }

    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = Rng::seed_from_u64(seed);
        self.begun.iter_mut().for_each(|b| *b = 0);
        for i in 0..self.len() {
            self.games[i] = self.begin(i).expect("a fresh game deals");
            self.before[i] = (self.games[i].game().points(), 0);
        }
    }

    fn episodes(&self) -> u64 {
        self.ended
    }
}

/// Refuses an array of the wrong length.
fn shape(what: &str, got: usize, want: usize) -> Result<(), Error> {
    if got == want {
        return Ok(());
    }
    Err(Error::Refused(format!(
        "{what} has {got} numbers where {want} are needed"
    )))
}
