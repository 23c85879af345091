//! Every shuffle vector produced by the C++ standard library (see ../shared/compat/cs246/README.md).

use cards::shuffle::{std_shuffle, MinStdRand0, Mt19937Shuffle};
use cards::{deck, Card};

/// One `seed N shuffle K: cards…` line.
struct Vector {
    seed: u32,
    shuffle: usize,
    cards: Vec<Card>,
}

fn vectors(file: &str) -> Option<Vec<Vector>> {
    let dir = testkit::compat_dir("cs246")?;
    let text = testkit::read(&dir.join(file));
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() || line.contains(" raw ") {
            continue;
        }
        let (head, cards) = line.split_once(": ").expect("vector line has ': '");
        // `seed N shuffle K`, possibly after a label such as `cdhs-init`.
        let words: Vec<&str> = head.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "seed").expect("a seed");
        assert_eq!(words[at + 2], "shuffle", "{line}");
        out.push(Vector {
            seed: words[at + 1].parse().unwrap(),
            shuffle: words[at + 3].parse().unwrap(),
            cards: cards
                .split_whitespace()
                .map(|c| c.parse().unwrap())
                .collect(),
        });
    }
    assert!(!out.is_empty(), "{file} holds no vectors");
    Some(out)
}

/// Runs `shuffle` on `initial` with a fresh engine per seed and checks every listed shuffle.
fn check<R>(
    vectors: &[Vector],
    initial: Vec<Card>,
    new_rng: impl Fn(u32) -> R,
    shuffle: impl Fn(&mut [Card], &mut R),
) -> usize {
    let mut checked = 0;
    let mut seeds: Vec<u32> = vectors.iter().map(|v| v.seed).collect();
    seeds.dedup();
    for seed in seeds {
        let mut rng = new_rng(seed);
        let mut deck = initial.clone();
        let wanted: Vec<&Vector> = vectors.iter().filter(|v| v.seed == seed).collect();
        let last = wanted.iter().map(|v| v.shuffle).max().unwrap();
        for round in 1..=last {
            shuffle(&mut deck, &mut rng);
            for v in wanted.iter().filter(|v| v.shuffle == round) {
                assert_eq!(deck, v.cards, "seed {seed} shuffle {round}");
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn euchre_mt19937_vectors() {
    let Some(vectors) = vectors("euchre-mt19937-shuffles.txt") else {
        return;
    };
    let n = check(
        &vectors,
        deck::cs246_euchre(),
        Mt19937Shuffle::new,
        |d, r| r.shuffle(d),
    );
    assert_eq!(n, vectors.len());
}

#[test]
fn euchre_mt19937_vectors_from_the_cdhs_order() {
    let Some(vectors) = vectors("euchre-mt19937-shuffles-cdhs-init.txt") else {
        return;
    };
    let cdhs: Vec<Card> = "9C TC JC QC KC AC 9D TD JD QD KD AD 9H TH JH QH KH AH 9S TS JS QS KS AS"
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    let n = check(&vectors, cdhs, Mt19937Shuffle::new, |d, r| r.shuffle(d));
    assert_eq!(n, vectors.len());
}

#[test]
fn straights_std_shuffle_vectors() {
    for file in ["straights-shuffles.txt", "straights-minstd0-raw-draws.txt"] {
        let Some(vectors) = vectors(file) else {
            return;
        };
        let n = check(
            &vectors,
            deck::cs246_straights(),
            MinStdRand0::new,
            std_shuffle,
        );
        assert_eq!(n, vectors.len(), "{file}");
    }
}

#[test]
fn straights_raw_draws_match_the_engine() {
    let Some(lines) = testkit::seeded_lines("straights-minstd0-raw-draws.txt", " raw ") else {
        return;
    };
    let mut checked = 0;
    // Each seed's rounds are listed in order; the engine runs on across rounds.
    let mut engine: Option<(u32, MinStdRand0)> = None;
    for (head, seed, draws) in lines {
        let seed: u32 = seed.parse().unwrap();
        if engine.map(|(s, _)| s) != Some(seed) {
            engine = Some((seed, MinStdRand0::new(seed)));
        }
        let (_, rng) = engine.as_mut().unwrap();
        for draw in draws.split_whitespace() {
            assert_eq!(rng.next_u32(), draw.parse::<u32>().unwrap(), "{head}");
            checked += 1;
        }
    }
    assert!(checked > 26, "raw draws were found");
}
