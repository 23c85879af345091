//! The ratio table as `floor_ratio` prints it: one line a row, the same columns in every
//! run, so that two runs (`scripts/compare_bench.sh`) read side by side.

use super::Figures;

/// The table's heading.
pub fn header() -> String {
    format!(
        "{:<34} {:>10} {:>10}  {:<11} {:>9} {:>19} {:>9} {:>6}",
        "row", "ours", "reference", "(reference)", "ratio", "middle half", "fastest", "rounds"
    )
}

/// One row's line: each side's median time a unit, and `ours / reference` in units a
/// second (1 = as fast as the reference; below 0.01 written `1/N`, N reference units a
/// unit of ours): the rounds' median, their middle half, and the fastest rounds' ratio.
pub fn line(name: &str, reference: &str, f: &Figures) -> String {
    format!(
        "{:<34} {:>10} {:>10}  {:<11} {:>9} {:>9}–{:<9} {:>9} {:>6}",
        name,
        time(f.ours),
        time(f.reference),
        reference,
        ratio(f.ratio),
        ratio(f.low),
        ratio(f.high),
        ratio(f.best),
        f.rounds
    )
}

/// `412 ns`, `3.1 µs`, `12.0 ms`.
fn time(seconds: f64) -> String {
    match seconds {
        s if s < 1e-6 => format!("{:.0} ns", s * 1e9),
        s if s < 1e-3 => format!("{:.2} µs", s * 1e6),
        s if s < 1.0 => format!("{:.2} ms", s * 1e3),
        s => format!("{s:.2} s"),
    }
}

/// `0.523`, or `1/3200` for a small one.
fn ratio(r: f64) -> String {
    if r >= 0.01 {
        format!("{r:.3}")
    } else {
        format!("1/{:.0}", 1.0 / r)
    }
}
