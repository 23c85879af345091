//! The regression bench: every rules variant's random play, the expert's decisions (a
//! hand's first and its later ones apart), an observation, a snapshot and a review, each
//! beside a reference measured in the same run (`rows` says which and why), printed as a
//! table of ratios `ours / reference` in units a second. Each row is taken turn about
//! (`turnabout`): a batch of ours, then one of the reference, round after round, and the
//! median of the rounds' ratios is what a change moves, on any machine.
//!
//! `cargo bench -p cardtable-arena --bench floor_ratio [-- [--quick] [ROUNDS] [FILTER]]`:
//! 101 rounds a row at most (ROUNDS), each row stopping after 20 s once 5 are done;
//! `--quick` (what scripts/test.sh runs) takes 21 rounds at most and 1 s a row, over
//! fewer positions: under a minute on 2 cores. FILTER keeps the rows whose name holds it
//! (`play/`, `teendopanch`). `scripts/compare_bench.sh OLD_COMMIT` runs it at two commits
//! turn about.

mod cores;
mod floors;
mod rows;
mod turnabout;

use catalogue::Variant;
use rand::SeedableRng;
use table::Rng;

use rows::Sizes;
use turnabout::Settings;

fn main() {
    // `cargo bench` passes `--bench`; a number is the round count, a word a filter.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let (mut settings, sizes) = if quick {
        let settings = Settings {
            rounds: 21,
            least: 3,
            batch: 0.002,
            budget: 1.0,
        };
        (
            settings,
            Sizes {
                games: 4,
                reviews: 1,
            },
        )
    } else {
        let settings = Settings {
            rounds: 101,
            least: 5,
            batch: 0.005,
            budget: 20.0,
        };
        (
            settings,
            Sizes {
                games: 12,
                reviews: 3,
            },
        )
    };
    if let Some(rounds) = args.iter().find_map(|a| a.parse::<usize>().ok()) {
        settings.rounds = rounds.max(1);
        settings.least = settings.least.min(settings.rounds);
    }
    let filter = args
        .iter()
        .find(|a| !a.starts_with('-') && a.parse::<usize>().is_err());
    let mut all: Vec<(usize, turnabout::Row)> = Variant::ALL
        .into_iter()
        .flat_map(|variant| rows::rows(variant, sizes).into_iter().enumerate())
        .filter(|(_, row)| filter.is_none_or(|f| row.name.contains(f.as_str())))
        .collect();
    // Rows of a kind together, the variants in the catalogue's order.
    all.sort_by_key(|(kind, _)| *kind);
    println!(
        "{} rounds a row at most ({} at least, {} s a row after that), {} ms batches, taken turn about",
        settings.rounds, settings.least, settings.budget, settings.batch * 1e3
    );
    println!("ratio: ours / reference in units a second (1/N: N reference units a unit of ours);");
    println!("median and middle half of the rounds' ratios; fastest: of each side's fastest round");
    println!("{}", turnabout::header());
    for (_, mut row) in all {
        let mut rng = Rng::seed_from_u64(1);
        let figures = turnabout::measure(&mut row, settings, &mut rng);
        println!("{}", turnabout::line(&row.name, row.reference, &figures));
    }
}
