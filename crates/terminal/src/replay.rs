//! `cardtable replay FILE`: any recorded game (saved here, or written by `cardtable arena
//! --record`, or downloaded from `cardtable serve`) stepped forwards and backwards with
//! every hand face up.

use scene::Shown;

use crate::error::OpenError;
use crate::session::{About, Sitting};

/// A recorded game at one of its steps, drawn like a game in progress.
pub struct Replay {
    about: About,
    steps: Vec<scene::Step>,
    /// The step shown.
    pub at: usize,
    /// One seat's review, when asked for: its decisions marked on their steps.
    review: Option<scene::Review>,
}

impl Replay {
    /// Game `number` (from 1) of a file of record lines, with the review of `seat`'s
    /// play (from 0) when one is asked for: only of a finished game.
    pub fn open_reviewed(
        text: &str,
        number: usize,
        seat: Option<usize>,
    ) -> Result<Replay, OpenError> {
        let mut replay = Replay::open(text, number)?;
        if let Some(seat) = seat {
            let seats = replay.steps[0].scene.seats.len();
            if seat >= seats {
                return Err(OpenError::NoSeatToReview {
                    seat: seat + 1,
                    seats,
                });
            }
            let line = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .nth(number - 1);
            replay.review = Some(scene::review(line.unwrap_or_default(), seat)?);
        }
        Ok(replay)
    }

    /// The review shown beside the steps, if one was asked for.
    pub fn review(&self) -> Option<&scene::Review> {
        self.review.as_ref()
    }

    /// Game `number` (from 1) of a file of record lines.
    pub fn open(text: &str, number: usize) -> Result<Replay, OpenError> {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let line =
            number
                .checked_sub(1)
                .and_then(|i| lines.get(i))
                .ok_or(OpenError::NoSuchGame {
                    number,
                    count: lines.len(),
                })?;
        let steps = scene::steps(line)?;
        if steps.is_empty() {
            return Err(OpenError::NoDeal);
        }
        let header = catalogue::RecordHeader::read(line)?;
        let variant = header.rules.variant();
        Ok(Replay {
            about: About {
                game: variant.game().name(),
                rules: variant.rules(),
                points: header.rules.points(),
                seed: header.seed,
            },
            steps,
            at: 0,
            review: None,
        })
    }

    /// How many steps the game has.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the record holds no step at all.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Shows step `at` (clamped).
    pub fn go(&mut self, at: usize) {
        self.at = at.min(self.steps.len().saturating_sub(1));
    }

    /// The step shown.
    pub fn step_shown(&self) -> Option<&scene::Step> {
        self.steps.get(self.at)
    }

    /// What step `at` was, in words: the deal, or the log's sentence for the action.
    pub fn caption(&self) -> String {
        let Some(step) = self.steps.get(self.at) else {
            return "an empty record".into();
        };
        let what = match step.seat {
            None => "the deal".to_string(),
            Some(_) => (step.scene.log.last())
                .and_then(|e| e.words.last().cloned())
                .unwrap_or_default(),
        };
        let mut caption = format!("Step {} of {}: {what}", self.at + 1, self.steps.len());
        if let Some(review) = &self.review {
            let decisions = review.hands.iter().flat_map(|h| &h.decisions);
            if let Some(marked) = decisions.into_iter().find(|d| d.step == self.at) {
                caption += &format!(" — {}", marked.words);
            }
            if self.at + 1 == self.steps.len() {
                caption += &format!(" — the review: {}", review.summary);
            }
        }
        caption
    }
}

impl Sitting for Replay {
    fn about(&self) -> &About {
        &self.about
    }
    fn shown(&self) -> Shown {
        let scene = self.steps.get(self.at).map(|s| s.scene.clone());
        Shown {
            scene: scene.expect("a replay has at least its first deal"),
            own: None,
        }
    }
    fn version(&self) -> u64 {
        self.at as u64
    }
    fn act(&mut self, _index: usize) {}
    fn step(&mut self) -> bool {
        false
    }
    fn coach(&mut self) -> Option<scene::Coaching> {
        None
    }
    fn hands(&self) -> u32 {
        let deals = self.steps[..=self.at].iter().filter(|s| s.seat.is_none());
        (deals.count() as u32).saturating_sub(1)
    }
    fn record(&self) -> String {
        String::new()
    }
    fn seek(&mut self, at: usize) -> Option<(usize, usize, String)> {
        self.go(at);
        Some((self.at, self.steps.len(), self.caption()))
    }
    fn position(&self) -> Option<usize> {
        Some(self.at)
    }
    fn face_up(&self) -> Option<Vec<Vec<cards::Card>>> {
        self.steps.get(self.at).map(|step| step.hands.clone())
    }
}
