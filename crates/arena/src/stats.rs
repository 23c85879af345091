//! Per-seat and per-team results with Wilson 95% confidence intervals.

use serde::Serialize;

use crate::Config;

#[derive(Clone, Debug, Serialize)]
/// One seat's results.
pub struct SeatReport {
    /// The seat, from 0.
    pub seat: usize,
    /// The player in it, by name.
    pub player: String,
    /// Games it won (ties count for every winner).
    pub wins: u64,
    /// Wins per finished game.
    pub win_rate: f64,
    /// The Wilson 95% interval of the win rate.
    pub win_rate_ci95: [f64; 2],
    /// Points gained per hand played.
    pub points_per_hand: f64,
}

#[derive(Clone, Debug, Serialize)]
/// One partnership's results (Euchre).
pub struct TeamReport {
    /// The team, from 0.
    pub team: usize,
    /// Its seats.
    pub seats: Vec<usize>,
    /// The players in them, by name.
    pub players: Vec<String>,
    /// Games it won.
    pub wins: u64,
    /// Wins per finished game.
    pub win_rate: f64,
    /// The Wilson 95% interval of the win rate.
    pub win_rate_ci95: [f64; 2],
    /// The team's points per hand played.
    pub points_per_hand: f64,
}

/// Everything `--json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// The rules variant's name.
    pub rules: String,
    /// House rules on top of it (`alone=off`), if any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub house: Vec<String>,
    /// The run's seed.
    pub seed: u64,
    /// Games finished (a game cut off by `--hands` does not count).
    pub games: u64,
    /// Hands played (those of unfinished games included).
    pub hands: u64,
    /// Wall time of the run.
    pub seconds: f64,
    /// Whether Ctrl-C stopped the run before all its games were played.
    pub interrupted: bool,
    /// Finished games per second of wall time.
    pub games_per_second: f64,
    /// Hands per second of wall time.
    pub hands_per_second: f64,
    /// Each seat's results.
    pub seats: Vec<SeatReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Each partnership's results, for games with partnerships.
    pub teams: Option<Vec<TeamReport>>,
    #[serde(skip)]
    points: Vec<f64>,
    #[serde(skip)]
    wins: Vec<u64>,
    #[serde(skip)]
    team_wins: Vec<u64>,
}

/// The Wilson score interval for `wins` out of `games` at 95%.
pub fn wilson(wins: u64, games: u64) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    let (n, p, z) = (
        games as f64,
        wins as f64 / games as f64,
        1.959_963_984_540_054,
    );
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    [
        ((centre - margin) / denominator).max(0.0),
        ((centre + margin) / denominator).min(1.0),
    ]
}

impl Report {
    /// An empty report for `config`'s game, whose partnerships are `teams`.
    pub(crate) fn new(config: &Config, teams: &[Vec<usize>]) -> Report {
        let names = config.lineup.names();
        let seats = names.len();
        let partnerships = teams.iter().any(|team| team.len() > 1);
        Report {
            game: config.rules.variant().game().name().to_string(),
            rules: config.rules.variant().rules().to_string(),
            house: config.rules.house().to_vec(),
            seed: config.seed,
            games: 0,
            hands: 0,
            seconds: 0.0,
            interrupted: false,
            games_per_second: 0.0,
            hands_per_second: 0.0,
            seats: names
                .iter()
                .enumerate()
                .map(|(seat, player)| SeatReport {
                    seat,
                    player: player.clone(),
                    wins: 0,
                    win_rate: 0.0,
                    win_rate_ci95: [0.0, 1.0],
                    points_per_hand: 0.0,
                })
                .collect(),
            teams: partnerships.then(|| {
                teams
                    .iter()
                    .enumerate()
                    .map(|(team, seats)| TeamReport {
                        team,
                        seats: seats.clone(),
                        players: seats.iter().map(|&s| names[s].clone()).collect(),
                        wins: 0,
                        win_rate: 0.0,
                        win_rate_ci95: [0.0, 1.0],
                        points_per_hand: 0.0,
                    })
                    .collect()
            }),
            points: vec![0.0; seats],
            wins: vec![0; seats],
            team_wins: vec![0; teams.len()],
        }
    }

    /// Adds one game: its hands' points (a row of every seat's a hand) and, if it
    /// finished, who won. The rates are worked out once, by [`Report::refresh`], when
    /// the games are in.
    pub(crate) fn add_game<'a>(
        &mut self,
        hands: impl Iterator<Item = &'a [f64]>,
        winners: Option<&[bool]>,
    ) {
        for hand in hands {
            for (total, points) in self.points.iter_mut().zip(hand) {
                *total += points;
            }
            self.hands += 1;
        }
        if let Some(winners) = winners {
            self.games += 1;
            for (wins, &won) in self.wins.iter_mut().zip(winners) {
                *wins += u64::from(won);
            }
            if let Some(teams) = &self.teams {
                for (wins, team) in self.team_wins.iter_mut().zip(teams) {
                    // Partners win together: the first seat speaks for the team.
                    *wins += u64::from(winners[team.seats[0]]);
                }
            }
        }
    }

    /// Works out the rates and intervals from the counts.
    pub(crate) fn refresh(&mut self) {
        let hands = self.hands.max(1) as f64;
        let games = self.games.max(1) as f64;
        for (i, seat) in self.seats.iter_mut().enumerate() {
            seat.wins = self.wins[i];
            seat.win_rate = self.wins[i] as f64 / games;
            seat.win_rate_ci95 = wilson(self.wins[i], self.games);
            seat.points_per_hand = self.points[i] / hands;
        }
        if let Some(teams) = &mut self.teams {
            for team in teams.iter_mut() {
                let wins = self.team_wins[team.team];
                team.wins = wins;
                team.win_rate = wins as f64 / games;
                team.win_rate_ci95 = wilson(wins, self.games);
                // Team points are credited to both partners: one seat's total is the team's.
                team.points_per_hand = self.points[team.seats[0]] / hands;
            }
        }
    }

    /// Fills in the rates once the run's time is known.
    pub fn finish(&mut self) {
        let seconds = self.seconds.max(f64::EPSILON);
        self.games_per_second = self.games as f64 / seconds;
        self.hands_per_second = self.hands as f64 / seconds;
    }

    /// A table for people.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{} ({} rules{}): {} games, {} hands in {:.2} s ({:.0} games/s, {:.0} hands/s), seed {}{}\n",
            self.game,
            self.rules,
            match self.house.as_slice() {
                [] => String::new(),
                house => format!(", house {}", house.join(",")),
            },
            self.games,
            self.hands,
            self.seconds,
            self.games_per_second,
            self.hands_per_second,
            self.seed,
            if self.interrupted { " (interrupted: the games finished so far)" } else { "" }
        );
        out.push_str("seat  player    wins      win rate  95% CI            points/hand\n");
        for s in &self.seats {
            out.push_str(&format!(
                "{:<5} {:<9} {:<9} {:<9.4} [{:.4}, {:.4}]  {:.4}\n",
                s.seat,
                s.player,
                s.wins,
                s.win_rate,
                s.win_rate_ci95[0],
                s.win_rate_ci95[1],
                s.points_per_hand
            ));
        }
        if let Some(teams) = &self.teams {
            out.push_str(
                "team  players          wins      win rate  95% CI            points/hand\n",
            );
            for t in teams {
                out.push_str(&format!(
                    "{:<5} {:<16} {:<9} {:<9.4} [{:.4}, {:.4}]  {:.4}\n",
                    t.team,
                    t.players.join("+"),
                    t.wins,
                    t.win_rate,
                    t.win_rate_ci95[0],
                    t.win_rate_ci95[1],
                    t.points_per_hand
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_hand_computation() {
        // 50 of 100: p = 0.5, z = 1.96: centre 0.5, half-width 0.0962 → [0.4038, 0.5962].
        let [low, high] = wilson(50, 100);
        assert!(
            (low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3,
            "{low} {high}"
        );
        // 0 of 10: [0, 0.2775].
        let [low, high] = wilson(0, 10);
        assert!(low == 0.0 && (high - 0.2775).abs() < 1e-3, "{high}");
    }
}
