//! The turn-about measure every row of `floor_ratio` takes: a batch of our work, then a
//! batch of its reference, round after round, so that both are timed in the same moments
//! of the machine. Criterion times two benchmarks seconds apart, and on a shared machine
//! the speed drifts between them (the same core has read 1.8 M and 2.4 M hands/s a minute
//! apart): the ratio of two such figures carries that drift, the median of per-round
//! ratios far less of it.

mod show;

use std::hint::black_box;
use std::time::{Duration, Instant};

use table::Rng;

pub use show::{header, line};

/// Work of one kind, `n` units of it a call: returns something of it to keep (so the
/// compiler cannot drop it).
pub type Work = Box<dyn FnMut(&mut Rng, u32) -> usize>;

/// One side of a row: its work and how it is counted.
pub struct Side {
    /// Units a call does at least, and a multiple of: one pass over a fixed set of
    /// positions, so that every round weighs the same positions alike.
    pub granule: u32,
    pub work: Work,
}

impl Side {
    /// Work counted one unit at a time (hands drawn afresh every call).
    pub fn each(work: impl FnMut(&mut Rng, u32) -> usize + 'static) -> Side {
        Side::passes(1, work)
    }

    /// Work over `granule` fixed positions, whole passes at a time.
    pub fn passes(granule: usize, work: impl FnMut(&mut Rng, u32) -> usize + 'static) -> Side {
        assert!(granule > 0, "a side with no positions");
        Side {
            granule: granule as u32,
            work: Box::new(work),
        }
    }

    /// Seconds `n` units take (one call).
    fn time(&mut self, rng: &mut Rng, n: u32) -> f64 {
        let started = Instant::now();
        black_box((self.work)(rng, n));
        started.elapsed().as_secs_f64()
    }

    /// The units (whole passes) a call should do to last about `target` seconds; the
    /// calls made to find out also warm the code and its tables.
    fn size(&mut self, rng: &mut Rng, target: f64) -> u32 {
        let mut n = self.granule;
        loop {
            let took = self.time(rng, n).max(1e-9);
            if took >= target / 8.0 || n >= 1 << 26 {
                let passes = (f64::from(n / self.granule) * target / took).round();
                return self.granule * (passes as u32).max(1);
            }
            n *= 2;
        }
    }
}

/// A line of the table: our work beside its reference.
pub struct Row {
    /// `play/euchre-eecs280`.
    pub name: String,
    /// What the reference is, in a word or two (`floor hand`).
    pub reference: &'static str,
    pub ours: Side,
    pub reference_side: Side,
}

/// How long to measure.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Rounds a row takes at most.
    pub rounds: usize,
    /// Rounds a row takes at least, whatever its budget.
    pub least: usize,
    /// Seconds a side's batch should last (a slow side's one pass lasts longer).
    pub batch: f64,
    /// Seconds a row may take before it stops at the round it is in (once `least` are done).
    pub budget: f64,
}

/// A row's figures: the median seconds a unit of each side, and the rounds' ratios
/// `ours / reference` of units a second (the median and the middle half).
pub struct Figures {
    pub ours: f64,
    pub reference: f64,
    pub ratio: f64,
    pub low: f64,
    pub high: f64,
    /// The ratio of each side's fastest round: a check on the median. When another
    /// process shares the core, a batch of a few milliseconds is either spared or cut by
    /// its time slices and the rounds' ratios split in two (the middle half spreads);
    /// where `best` and `ratio` disagree the run was disturbed and neither figure is one
    /// to compare.
    pub best: f64,
    pub rounds: usize,
}

/// Measures `row` turn about, its draws from `rng`.
pub fn measure(row: &mut Row, settings: Settings, rng: &mut Rng) -> Figures {
    let started = Instant::now();
    let n_ours = row.ours.size(rng, settings.batch);
    // The reference's batch lasts as long as ours, so both sides share the same moments.
    let ours_took = row.ours.time(rng, n_ours);
    let n_ref = row.reference_side.size(rng, ours_took.max(settings.batch));
    let (mut ours, mut reference, mut ratios) = (vec![], vec![], vec![]);
    let budget = Duration::from_secs_f64(settings.budget);
    while ratios.len() < settings.rounds
        && (ratios.len() < settings.least || started.elapsed() < budget)
    {
        let o = row.ours.time(rng, n_ours) / f64::from(n_ours);
        let r = row.reference_side.time(rng, n_ref) / f64::from(n_ref);
        ours.push(o);
        reference.push(r);
        // Units a second, ours over the reference's: the reference's time over ours.
        ratios.push(r / o);
    }
    Figures {
        ours: percentile(&mut ours, 0.5),
        reference: percentile(&mut reference, 0.5),
        ratio: percentile(&mut ratios, 0.5),
        low: percentile(&mut ratios, 0.25),
        high: percentile(&mut ratios, 0.75),
        best: percentile(&mut reference, 0.0) / percentile(&mut ours, 0.0),
        rounds: ratios.len(),
    }
}

/// The `q` quantile of `values` (nearest rank; sorts them).
fn percentile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * q).round() as usize]
}
