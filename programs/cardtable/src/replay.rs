//! `cardtable replay FILE`: any recorded game (saved here, or written by `cardtable arena
//! --record`, or downloaded from `cardtable serve`) stepped forwards and backwards with
//! every hand face up.

use serde_json::{json, Value};
use table::search::Advice;

use crate::session::{About, Entry, Table};

/// A recorded game at one of its steps, drawn like a game in progress.
pub struct Replay {
    about: About,
    steps: Vec<catalogue::Step>,
    /// The step shown.
    pub at: usize,
    log: Vec<Entry>,
    last_hand: Vec<Entry>,
    hands: u32,
}

impl Replay {
    /// Game `number` (from 1) of a file of record lines.
    pub fn open(text: &str, number: usize) -> Result<Replay, String> {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let line = number
            .checked_sub(1)
            .and_then(|i| lines.get(i))
            .ok_or_else(|| format!("there is no game {number}: the file holds {}", lines.len()))?;
        let steps = catalogue::steps(line).map_err(|e| e.to_string())?;
        let record: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let game: catalogue::GameKind = record["game"]
            .as_str()
            .unwrap_or_default()
            .parse()
            .map_err(|e: catalogue::Error| e.to_string())?;
        let variant = catalogue::Variant::named(game, record["variant"].as_str())
            .map_err(|e| e.to_string())?;
        let seats = steps.first().map_or(game.seats(), |s| s.views.len());
        let names = (0..seats)
            .map(|seat| {
                let player = record["seats"][seat].as_str().unwrap_or("");
                let place = ["South", "West", "North", "East"][seat.min(3)];
                let place = if seats == 3 {
                    ["Seat 1", "Seat 2", "Seat 3"][seat]
                } else {
                    place
                };
                match player.strip_prefix("person:") {
                    Some(name) => format!("{name} ({place})"),
                    None if player.is_empty() => place.to_string(),
                    None => format!("{place} ({player})"),
                }
            })
            .collect();
        let mut replay = Replay {
            about: About {
                game: game.name(),
                rules: variant.rules(),
                points: record["points"].as_u64().unwrap_or(10) as u32,
                seed: record["seed"].as_u64().unwrap_or(0),
                names,
            },
            steps,
            at: 0,
            log: Vec::new(),
            last_hand: Vec::new(),
            hands: 0,
        };
        replay.go(0);
        Ok(replay)
    }

    /// How many steps the game has.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the record holds no step at all.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Shows step `at` (clamped), rebuilding this hand's log up to it.
    pub fn go(&mut self, at: usize) {
        self.at = at.min(self.steps.len().saturating_sub(1));
        self.log.clear();
        self.last_hand.clear();
        self.hands = 0;
        for step in &self.steps[..=self.at.min(self.steps.len().saturating_sub(1))] {
            match step.seat {
                None => {
                    if !self.log.is_empty() || self.hands > 0 {
                        self.last_hand = std::mem::take(&mut self.log);
                    }
                    self.hands += 1;
                }
                Some(seat) => self.log.push(Entry {
                    seat,
                    action: step.action.clone(),
                }),
            }
        }
        self.hands = self.hands.saturating_sub(1);
    }

    /// What step `at` was, in words.
    pub fn caption(&self) -> String {
        let Some(step) = self.steps.get(self.at) else {
            return "an empty record".into();
        };
        let what = match step.seat {
            None => "the deal".to_string(),
            Some(seat) => format!(
                "{} {}",
                self.about.names[seat],
                crate::words::describe(self.about.game, step.action.as_ref())
            ),
        };
        format!("Step {} of {}: {what}", self.at + 1, self.steps.len())
    }
}

impl Table for Replay {
    fn about(&self) -> &About {
        &self.about
    }
    fn view(&self) -> Value {
        self.steps
            .get(self.at)
            .map_or(json!({}), |s| s.views[0].clone())
    }
    fn version(&self) -> u64 {
        self.at as u64
    }
    fn face_up(&self) -> Vec<Value> {
        self.steps
            .get(self.at)
            .map_or(Vec::new(), |s| s.views.clone())
    }
    fn turn(&self) -> Option<usize> {
        self.view()["turn"].as_u64().map(|t| t as usize)
    }
    fn finished(&self) -> bool {
        false
    }
    fn legal(&self) -> Vec<Value> {
        Vec::new()
    }
    fn act(&mut self, _index: usize) {}
    fn step(&mut self) -> bool {
        false
    }
    fn advise(&mut self) -> Advice<Value> {
        Advice {
            actions: Vec::new(),
            values: Vec::new(),
            choice: 0,
            higher_is_better: true,
            unit: "",
        }
    }
    fn log(&self) -> &[Entry] {
        &self.log
    }
    fn last_hand(&self) -> &[Entry] {
        &self.last_hand
    }
    fn scores(&self) -> Vec<f64> {
        self.steps
            .get(self.at)
            .map_or(Vec::new(), |s| s.points.clone())
    }
    fn hands(&self) -> u32 {
        self.hands
    }
    fn teams(&self) -> Vec<Vec<usize>> {
        if self.about.game == "euchre" {
            vec![vec![0, 2], vec![1, 3]]
        } else {
            (0..self.about.names.len()).map(|s| vec![s]).collect()
        }
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
}
