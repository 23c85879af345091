//! What a hand's points are worth in a game: the chance of winning the game from each
//! score, so that a strong player weighs a point by the score (at 9–8 down, a euchre
//! that ends the game is worth more than a march that does not win it).
//!
//! The chance comes from a plain model of the hands to come: each hand scores 1, 2 or 4
//! points for either team, or nothing, independently, with rates near those of evenly
//! matched strong tables (`cardtable arena euchre --lineup strong,strong,strong,strong`
//! reports them). It is worked out once per points-to-win, backwards from the end.

/// Chances per hand of each score for one team (the other team's are the same).
const RATES: [(u32, f64); 3] = [(1, 0.31), (2, 0.15), (4, 0.02)];

/// Games longer than this are valued by points alone: a point then hardly moves the
/// chance of winning, and the table would be large.
const LONGEST: u32 = 40;

/// The chance of winning the game from every score short of the end.
pub struct Stakes {
    target: u32,
    /// `win[ours * target + theirs]`.
    win: Vec<f64>,
}

impl Stakes {
    /// The table for games to `target` points (`None` past [`LONGEST`]).
    pub fn new(target: u32) -> Option<Stakes> {
        if !(1..=LONGEST).contains(&target) {
            return None;
        }
        let n = target as usize;
        let mut stakes = Stakes {
            target,
            win: vec![0.0; n * n],
        };
        let scoring: f64 = 2.0 * RATES.iter().map(|r| r.1).sum::<f64>();
        // Every scoring hand raises a score, so higher scores are worked out first.
        for ours in (0..target).rev() {
            for theirs in (0..target).rev() {
                let gain: f64 = RATES
                    .iter()
                    .map(|&(points, rate)| {
                        rate * (stakes.chance(ours + points, theirs)
                            + stakes.chance(ours, theirs + points))
                    })
                    .sum();
                stakes.win[ours as usize * n + theirs as usize] = gain / scoring;
            }
        }
        Some(stakes)
    }

    /// The points to win it was worked out for.
    pub fn target(&self) -> u32 {
        self.target
    }

    /// The chance of winning at `ours` to `theirs`.
    pub fn chance(&self, ours: u32, theirs: u32) -> f64 {
        if ours >= self.target {
            1.0
        } else if theirs >= self.target {
            0.0
        } else {
            self.win[ours as usize * self.target as usize + theirs as usize]
        }
    }

    /// The table at one score.
    pub fn at(&self, ours: u32, theirs: u32) -> At<'_> {
        At {
            stakes: self,
            ours,
            theirs,
        }
    }

    /// What `margin` points this hand (positive for us) are worth at `ours` to
    /// `theirs`, in points of an even score: the change in the chance of winning over
    /// the change one point makes on average here. Where the game is already decided
    /// either way, the points themselves.
    pub fn worth(&self, ours: u32, theirs: u32, margin: i32) -> f64 {
        let now = self.chance(ours, theirs);
        let point = (self.chance(ours + 1, theirs) - self.chance(ours, theirs + 1)) / 2.0;
        if point < 1e-6 {
            return f64::from(margin);
        }
        let after = match margin {
            m if m >= 0 => self.chance(ours + m as u32, theirs),
            m => self.chance(ours, theirs + m.unsigned_abs()),
        };
        (after - now) / point
    }
}

/// The stakes at the score of a decision.
#[derive(Clone, Copy)]
pub struct At<'a> {
    stakes: &'a Stakes,
    ours: u32,
    theirs: u32,
}

impl At<'_> {
    /// What `margin` points this hand are worth here (see [`Stakes::worth`]).
    pub fn worth(self, margin: i32) -> f64 {
        self.stakes.worth(self.ours, self.theirs, margin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_of_winning_follows_the_score() {
        let stakes = Stakes::new(10).unwrap();
        // Even at love all, by symmetry.
        assert!((stakes.chance(0, 0) - 0.5).abs() < 1e-9);
        assert!((stakes.chance(7, 7) - 0.5).abs() < 1e-9);
        // Ahead is better; one point from the game is most of the way.
        assert!(stakes.chance(5, 3) > stakes.chance(3, 5));
        assert!(stakes.chance(9, 0) > 0.9 && stakes.chance(0, 9) < 0.1);
    }

    #[test]
    fn points_past_the_game_are_worth_nothing_more() {
        let stakes = Stakes::new(10).unwrap();
        // At 9 to 5 a single point wins: a march adds nothing to it.
        assert_eq!(stakes.worth(9, 5, 1), stakes.worth(9, 5, 2));
        // At 8 to 9 down, a euchre against us loses the game; a point for us does not win.
        assert!(stakes.worth(8, 9, -2) < -stakes.worth(8, 9, 1));
        // Early on, points are worth about their number.
        let two = stakes.worth(0, 0, 2);
        assert!((1.6..2.4).contains(&two), "{two}");
    }
}
