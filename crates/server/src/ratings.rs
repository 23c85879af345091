//! Ratings of people by game (issue 58, item 2): a published team and many-player
//! system, Weng and Lin's Bayesian approximation (the Bradley-Terry model, every pair of
//! sides compared: "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011,
//! Algorithm 1), computed by the `skillratings` crate. Euchre's partnerships are rated as
//! teams of two; Straights and Teen Do Panch as free-for-alls of sides of one, ranked by
//! the game's own standings. Nothing here reads the store or the wire: the caller writes
//! the new ratings in the transaction that marks the game finished.

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// Games a person plays before their rating is shown as settled: until then it is
/// provisional (a new rating moves fast, and one game says little).
pub const PROVISIONAL_GAMES: u32 = 10;

/// The key a game's ratings are kept under: the game and its rules variant
/// (`euchre/eecs280`), whose rules differ enough to rate apart; points to win and house
/// rules do not split a rating.
pub fn key(game: catalogue::GameKind, rules: &str) -> String {
    format!("{}/{rules}", game.name())
}

/// A person's rating in one game: the estimate of their skill (`mu`, 25 to begin) and how
/// unsure it is (`sigma`, 25/3 to begin, shrinking with every game).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The estimated skill.
    pub mu: f64,
    /// The uncertainty of `mu` (one standard deviation).
    pub sigma: f64,
}

impl Default for Rating {
    /// A newcomer's: the system's prior, 25 ± 25/3.
    fn default() -> Rating {
        Rating::from(WengLinRating::new())
    }
}

impl Rating {
    /// The stored `(mu, sigma)`, or a newcomer's where there is none (a first game).
    pub fn or_prior(stored: (Option<f64>, Option<f64>)) -> Rating {
        match stored {
            (Some(mu), Some(sigma)) => Rating { mu, sigma },
            _ => Rating::default(),
        }
    }

    /// The figure a leaderboard ranks by: the skill the person has with near certainty
    /// (`mu - 3 sigma`), so one lucky game does not top the board.
    pub fn shown(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

impl From<WengLinRating> for Rating {
    fn from(rating: WengLinRating) -> Rating {
        Rating {
            mu: rating.rating,
            sigma: rating.uncertainty,
        }
    }
}

impl From<Rating> for WengLinRating {
    fn from(rating: Rating) -> WengLinRating {
        WengLinRating {
            rating: rating.mu,
            uncertainty: rating.sigma,
        }
    }
}

/// One side of a finished game: its people's ratings before it and its place (0 the
/// winners; sides that tied share a place).
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    /// Each person's rating before the game, in seat order.
    pub ratings: Vec<Rating>,
    /// Where the side finished: 0 first, equal places a tie.
    pub place: usize,
}

/// Every side's people's ratings after a finished game, side by side in the order given.
pub fn rated(sides: &[Side]) -> Vec<Vec<Rating>> {
    let teams: Vec<Vec<WengLinRating>> = (sides.iter())
        .map(|side| side.ratings.iter().map(|&r| r.into()).collect())
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = (teams.iter().zip(sides))
        .map(|(team, side)| (team.as_slice(), MultiTeamOutcome::new(side.place + 1)))
        .collect();
    let after = weng_lin_multi_team(&ranked, &WengLinConfig::new());
    (after.into_iter())
        .map(|team| team.into_iter().map(Rating::from).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked from the paper's Algorithm 1 (Bradley-Terry, full pairs) by hand, with its
    /// defaults β = 25/6 and γ = σᵢ/cᵢq, in a few lines of Python written from the paper
    /// alone: for each side i its μᵢ and σᵢ² are its people's sums; against each other
    /// side q, cᵢq = √(σᵢ² + σq² + 2β²), p̂ᵢq = e^(μᵢ/cᵢq) / (e^(μᵢ/cᵢq) + e^(μq/cᵢq)),
    /// s = 1, ½ or 0 as i finished above, level with or below q; Ωᵢ = Σ σᵢ²/cᵢq (s − p̂ᵢq),
    /// Δᵢ = Σ γ σᵢ²/cᵢq² p̂ᵢq p̂qᵢ; a person's μ += σ²/σᵢ² Ωᵢ and σ² ×= 1 − σ²/σᵢ² Δᵢ.
    fn close(got: &[Vec<Rating>], expected: &[&[(f64, f64)]]) {
        assert_eq!(got.len(), expected.len());
        for (side, want) in got.iter().zip(expected) {
            assert_eq!(side.len(), want.len());
            for (r, &(mu, sigma)) in side.iter().zip(want.iter()) {
                assert!((r.mu - mu).abs() < 1e-9, "{r:?} against μ {mu}");
                assert!((r.sigma - sigma).abs() < 1e-9, "{r:?} against σ {sigma}");
            }
        }
    }

    fn side(ratings: &[(f64, f64)], place: usize) -> Side {
        Side {
            ratings: (ratings.iter())
                .map(|&(mu, sigma)| Rating { mu, sigma })
                .collect(),
            place,
        }
    }

    const NEW: (f64, f64) = (25.0, 25.0 / 3.0);

    #[test]
    fn a_euchre_partnership_of_newcomers_beats_another() {
        let after = rated(&[side(&[NEW, NEW], 0), side(&[NEW, NEW], 1)]);
        let (up, down, sigma) = (26.964185503295965, 23.035814496704035, 8.17755635771097);
        close(
            &after,
            &[&[(up, sigma), (up, sigma)], &[(down, sigma), (down, sigma)]],
        );
    }

    #[test]
    fn partners_of_unequal_ratings_move_by_their_own_uncertainty() {
        let after = rated(&[
            side(&[(30.0, 6.0), (27.0, 5.0)], 1),
            side(&[NEW, (20.0, 7.0)], 0),
        ]);
        close(
            &after,
            &[
                &[
                    (28.292220630066144, 5.942596379902088),
                    (25.8140421042126, 4.966829193060392),
                ],
                &[
                    (28.294327488298336, 8.117251054945466),
                    (22.324477475743308, 6.872425100050129),
                ],
            ],
        );
    }

    #[test]
    fn a_free_for_all_ranks_every_pair_and_a_tie_is_half_a_win() {
        let sigma = 7.788474807872566;
        let three = rated(&[side(&[NEW], 0), side(&[NEW], 1), side(&[NEW], 2)]);
        close(
            &three,
            &[
                &[(30.2704627669473, sigma)],
                &[(25.0, sigma)],
                &[(19.7295372330527, sigma)],
            ],
        );
        // Straights of four, two tied in second place.
        let sigma = 7.5012190693964005;
        let four = rated(&[
            side(&[NEW], 0),
            side(&[NEW], 1),
            side(&[NEW], 1),
            side(&[NEW], 3),
        ]);
        close(
            &four,
            &[
                &[(32.90569415042095, sigma)],
                &[(25.0, sigma)],
                &[(25.0, sigma)],
                &[(17.09430584957905, sigma)],
            ],
        );
    }

    #[test]
    fn a_newcomer_starts_at_the_prior_and_is_shown_at_zero() {
        let new = Rating::default();
        assert_eq!((new.mu, new.sigma), NEW);
        assert!(new.shown().abs() < 1e-12, "25 − 3 × 25/3");
    }
}
