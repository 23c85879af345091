//! Many games of one ruleset stepped together: what a learning program's environment
//! steps, with observations, legal-action masks, rewards and ends written into flat
//! arrays the caller owns (NumPy's, from Python) and no per-game copies.

use catalogue::{PlayerSpec, Ruleset, WithGameOf};
use rand::SeedableRng;
use table::{Game, Outcome as _, Rng, Turn};

use crate::game_state::{GameState, Playable};
use crate::{observe, observers, Error};

/// Where an episode ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Episode {
    /// At the game's end.
    Game,
    /// At the end of each hand (a Straights round): a new game begins.
    Hand,
}

/// Where a step writes what it did, into arrays the caller owns: each seat's points won
/// by the step (`rewards`: `len` × `seats`) and whether each game's episode ended
/// (`dones`: `len`; an ended game is dealt afresh).
pub struct Outcomes<'a> {
    /// Each seat's points won, a row of seats a game.
    pub rewards: &'a mut [f32],
    /// Whether each game's episode ended.
    pub dones: &'a mut [bool],
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
        mask: &mut [bool],
    ) -> Result<(), Error>;
    /// Applies `actions[i]` in game `i`, all checked legal first (a refusal applies
    /// none), writing the step's [`Outcomes`].
    fn step(&mut self, actions: &[i64], out: Outcomes<'_>) -> Result<(), Error>;
    /// Steps every game with `player`'s choice, made here (no check needed): the
    /// actions into `actions`, the rest as [`Batch::step`].
    fn play(
        &mut self,
        player: PlayerSpec,
        actions: &mut [i64],
        out: Outcomes<'_>,
    ) -> Result<(), Error>;
    /// `player`'s choices in every game, into `actions`.
    fn choose(&mut self, player: PlayerSpec, actions: &mut [i64]) -> Result<(), Error>;
    /// Every game's episode started afresh from `seed`.
    fn reset(&mut self, seed: u64);
    /// Episodes ended so far.
    fn episodes(&self) -> u64;
    /// A copy of game `index` as it stands, to step alone.
    fn state(&self, index: usize) -> Result<Box<dyn crate::State>, Error>;
}

/// A batch of `count` games under `rules`, dealt from `seed`.
pub fn new_batch(
    rules: &Ruleset,
    count: usize,
    seed: u64,
    episode: Episode,
) -> Result<Box<dyn Batch>, Error> {
    rules.with_game_of(NewBatch {
        points_to_win: rules.points(),
        count,
        seed,
        episode,
    })
}

/// [`new_batch`] for the rules' game type.
struct NewBatch {
    points_to_win: u32,
    count: usize,
    seed: u64,
    episode: Episode,
}

impl<G: Playable> WithGameOf<G> for NewBatch {
    type Output = Result<Box<dyn Batch>, Error>;
    fn run(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let (count, seed) = (self.count, self.seed);
        let games = Games::new(new(), self.points_to_win, count, seed, self.episode);
        Ok(Box::new(games?))
    }
}

/// A player kept between steps, with its name.
type Kept<G> = (PlayerSpec, Box<dyn table::Agent<G>>);

/// The games of one type.
struct Games<G: Game> {
    fresh: G,
    points_to_win: u32,
    seed: u64,
    episode: Episode,
    lanes: Vec<Lane<G>>,
    ended: u64,
    rng: Rng,
    scratch: Vec<G::Action>,
    points: Vec<f64>,
    /// The players asked so far, kept (the strong players learn as they play).
    /// (In a mutex only so that the batch may be shared: it is never contended.)
    agents: std::sync::Mutex<Vec<Kept<G>>>,
}

/// One game of a batch, kept lean: the game, its chance, and what a replay and an
/// observation need (this episode's actions, with who saw each; where this hand's begin).
#[derive(Clone)]
struct Lane<G: Game> {
    game: G,
    chance: Rng,
    seed: u64,
    /// Episodes begun in this lane.
    begun: u64,
    /// This episode's actions: seat, action, and a bit per observer (seats, then
    /// spectators) that saw it. One list for the replay and the observation, so that a
    /// step writes one entry.
    taken: Vec<(usize, G::Action, u16)>,
    /// Where this hand's actions begin in `taken`.
    hand_from: usize,
    /// Points at the last step, and hands completed then.
    points: Vec<f64>,
    hands: u32,
}

/// The seed of game `index`'s `episode`th episode: SplitMix64 of the three.
fn episode_seed(seed: u64, index: usize, episode: u64) -> u64 {
    let mut z = seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ episode.rotate_left(32);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<G: Playable> Lane<G> {
    /// Game `index`'s `begun`th episode, dealt as a [`GameState`] deals it from its seed.
    fn new(fresh: &G, seed: u64, index: usize, begun: u64) -> Lane<G> {
        let seed = episode_seed(seed, index, begun);
        let mut lane = Lane {
            game: fresh.clone(),
            chance: Rng::seed_from_u64(seed),
            seed,
            begun: begun + 1,
            taken: Vec::new(),
            hand_from: 0,
            points: fresh.points(),
            hands: 0,
        };
        lane.deal();
        lane
    }

    /// This lane's next episode, as [`Lane::new`] would deal it, its buffers kept.
    fn restart(&mut self, fresh: &G, seed: u64, index: usize) {
        self.seed = episode_seed(seed, index, self.begun);
        self.begun += 1;
        self.game.clone_from(fresh);
        self.chance = Rng::seed_from_u64(self.seed);
        self.taken.clear();
        self.hand_from = 0;
        fresh.points_into(&mut self.points);
        self.hands = 0;
        self.deal();
    }

    fn deal(&mut self) {
        while self.game.turn() == Turn::Chance {
            self.game.deal(&mut self.chance);
            self.hand_from = self.taken.len();
        }
    }

    fn seat(&self) -> Result<usize, Error> {
        match self.game.turn() {
            Turn::Seat(seat) => Ok(seat),
            Turn::Chance => Err(Error::Dealing),
            Turn::Over => Err(Error::Over),
        }
    }

    /// Applies a legal `action` of the seat to act (the next deal, if one is due, is left
    /// to the caller: an episode that ends here deals none); whether it scored (ended a
    /// hand, or scored a penalty: what the game reports as points changed).
    #[inline(always)]
    fn act(&mut self, seat: usize, action: G::Action) -> bool {
        let game = &self.game;
        let seen = observers::mask(game.seats(), |to| game.reveals(&action, seat, to));
        let happened = self.game.apply_legal(action).happened();
        self.taken.push((seat, action, seen));
        happened.hand_over.is_some() || happened.penalty.is_some()
    }

    /// This hand's actions `to` saw.
    fn seen(&self, to: Option<usize>) -> impl Iterator<Item = (usize, G::Action)> + '_ {
        let seats = self.game.seats();
        let seen = self.taken[self.hand_from..]
            .iter()
            .filter(move |&&(_, _, s)| observers::include(s, seats, to));
        seen.map(|&(seat, action, _)| (seat, action))
    }
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
        let lanes = (0..count).map(|i| Lane::new(&fresh, seed, i, 0)).collect();
        Ok(Games {
            fresh,
            points_to_win,
            seed,
            episode,
            lanes,
            ended: 0,
            rng: Rng::seed_from_u64(seed),
            scratch: Vec::new(),
            points: Vec::new(),
            agents: Default::default(),
        })
    }

    /// The agent for `spec`, made once.
    fn agent(&mut self, spec: PlayerSpec) -> Box<dyn table::Agent<G>> {
        let agents = self.agents.get_mut().unwrap_or_else(|e| e.into_inner());
        match agents.iter().position(|(s, _)| *s == spec) {
            Some(at) => agents.swap_remove(at).1,
            None => self.fresh.agent(spec),
        }
    }

    /// `agent`'s choice in game `index`, with the seat choosing (the game itself draws a
    /// random player's, a call the compiler can inline: `random`, the agent's
    /// [`table::Agent::is_random`], asked once a step of the batch). Inlined into the
    /// batch's loop, as the game's own random choice is inlined into it.
    #[inline(always)]
    fn pick(
        &mut self,
        agent: &mut dyn table::Agent<G>,
        random: bool,
        index: usize,
    ) -> Result<(usize, G::Action), Error> {
        let lane = &self.lanes[index];
        let seat = lane.seat()?;
        let action = match random {
            true => lane
                .game
                .random_legal_action(&mut self.rng, &mut self.scratch),
            false => agent.act(table::Seated::new(&lane.game, seat), &mut self.rng),
        };
        Ok((seat, action))
    }

    /// Checks a step's arrays against the batch: its games and seats.
    fn step_shapes(&self, actions: &[i64], out: &Outcomes<'_>) -> Result<(usize, usize), Error> {
        let (n, seats) = (self.len(), self.seats());
        shape("actions", actions.len(), n)?;
        shape("rewards", out.rewards.len(), n * seats)?;
        shape("dones", out.dones.len(), n)?;
        Ok((n, seats))
    }

    /// Keeps `agent` for the next step.
    fn keep(&mut self, spec: PlayerSpec, agent: Box<dyn table::Agent<G>>) {
        let agents = self.agents.get_mut().unwrap_or_else(|e| e.into_inner());
        agents.push((spec, agent));
    }

    /// Applies `action` in game `index` and writes its rewards; whether its episode
    /// ended (its game is then dealt afresh). Inlined into the batch's loops.
    #[inline(always)]
    fn advance(
        &mut self,
        index: usize,
        seat: usize,
        action: G::Action,
        rewards: &mut [f32],
    ) -> bool {
        let lane = &mut self.lanes[index];
        // Points change only where the game says an action scored; most steps score
        // nothing, and their rewards are zeros without asking for the points.
        if lane.act(seat, action) {
            lane.game.points_into(&mut self.points);
            let points = self.points.iter().zip(lane.points.iter_mut());
            for (reward, (&now, before)) in rewards.iter_mut().zip(points) {
                *reward = (now - *before) as f32;
                *before = now;
            }
        } else {
            rewards.fill(0.0);
            debug_assert!(
                {
                    lane.game.points_into(&mut self.points);
                    self.points == lane.points
                },
                "points changed on an action that scored nothing"
            );
        }
        // A hand ends only on an action after which no seat is to act (the arena's rule).
        let turn = lane.game.turn();
        if let Turn::Seat(_) = turn {
            return false;
        }
        let hands = lane.game.hands();
        let over = turn == Turn::Over || (self.episode == Episode::Hand && hands > lane.hands);
        lane.hands = hands;
        if over {
            self.ended += 1;
            lane.restart(&self.fresh, self.seed, index);
        } else {
            lane.deal();
        }
        over
    }
}

impl<G: Playable> Batch for Games<G> {
    fn len(&self) -> usize {
        self.lanes.len()
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
        mask: &mut [bool],
    ) -> Result<(), Error> {
        let (n, width) = (self.len(), self.observation_len());
        shape("players", players.len(), n)?;
        shape("mask", mask.len(), n * G::ACTIONS)?;
        if let Some(obs) = &obs {
            shape("observations", obs.len(), n * width)?;
        }
        let mut legal = Vec::new();
        mask.fill(false);
        for (i, lane) in self.lanes.iter().enumerate() {
            players[i] = lane.seat()? as i64;
            lane.game.legal_actions(&mut legal);
            legal
                .iter()
                .for_each(|a| mask[i * G::ACTIONS + G::action_id(a)] = true);
        }
        if let Some(obs) = obs {
            for (lane, out) in self.lanes.iter().zip(obs.chunks_exact_mut(width)) {
                let to = Some(lane.seat()?);
                observe::observe(&lane.game, lane.seen(to), to, out);
            }
        }
        Ok(())
    }

    fn step(&mut self, actions: &[i64], out: Outcomes<'_>) -> Result<(), Error> {
        let (n, seats) = self.step_shapes(actions, &out)?;
        let mut chosen = Vec::with_capacity(n);
        for (i, (lane, &id)) in self.lanes.iter().zip(actions).enumerate() {
            lane.game.legal_actions(&mut self.scratch);
            let action = usize::try_from(id).ok().and_then(G::action_of);
            match action.filter(|a| self.scratch.contains(a)) {
                Some(action) => chosen.push((lane.seat()?, action)),
                None => {
                    return Err(Error::Refused(format!(
                        "action {id} is not legal in game {i}"
                    )))
                }
            }
        }
        let rows = out
            .rewards
            .chunks_exact_mut(seats)
            .zip(out.dones.iter_mut());
        for (i, ((seat, action), (rewards, done))) in chosen.into_iter().zip(rows).enumerate() {
            *done = self.advance(i, seat, action, rewards);
        }
        Ok(())
    }

    fn play(
        &mut self,
        player: PlayerSpec,
        actions: &mut [i64],
        out: Outcomes<'_>,
    ) -> Result<(), Error> {
        let (_, seats) = self.step_shapes(actions, &out)?;
        let mut agent = self.agent(player);
        let random = agent.is_random();
        let mut played = Ok(());
        let rows = out
            .rewards
            .chunks_exact_mut(seats)
            .zip(out.dones.iter_mut());
        for (i, (id, (rewards, done))) in actions.iter_mut().zip(rows).enumerate() {
            match self.pick(agent.as_mut(), random, i) {
                Ok((seat, action)) => {
                    *id = G::action_id(&action) as i64;
                    *done = self.advance(i, seat, action, rewards);
                }
                Err(e) => {
                    played = Err(e);
                    break;
                }
            }
        }
        self.keep(player, agent);
        played
    }

    fn choose(&mut self, player: PlayerSpec, actions: &mut [i64]) -> Result<(), Error> {
        shape("actions", actions.len(), self.len())?;
        let mut agent = self.agent(player);
        let random = agent.is_random();
        let mut chosen = Ok(());
        for (i, out) in actions.iter_mut().enumerate() {
            match self.pick(agent.as_mut(), random, i) {
                Ok((_, action)) => *out = G::action_id(&action) as i64,
                Err(e) => {
                    chosen = Err(e);
                    break;
                }
            }
        }
        self.keep(player, agent);
        chosen
    }

    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = Rng::seed_from_u64(seed);
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            *lane = Lane::new(&self.fresh, seed, i, 0);
        }
    }

    fn episodes(&self) -> u64 {
        self.ended
    }

    fn state(&self, index: usize) -> Result<Box<dyn crate::State>, Error> {
        let lane = self.lanes.get(index).ok_or_else(|| {
            Error::Refused(format!("game {index} is not in a batch of {}", self.len()))
        })?;
        let (fresh, points) = (self.fresh.clone(), self.points_to_win);
        let actions: Vec<G::Action> = lane.taken.iter().map(|&(_, action, _)| action).collect();
        let replayed = GameState::replayed(fresh, points, lane.seed, Vec::new(), &actions);
        Ok(Box::new(replayed?))
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
