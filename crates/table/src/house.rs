//! House rules: the options a game's rules core offers beyond its presets, in one
//! notation (`alone=off`, `renege=2`) that commands, records, the server and the browser
//! share. The options themselves are typed fields of each core's `Rules`; this is how
//! they are named, listed, set and checked.

use std::fmt;

/// The values an option takes, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Values {
    /// Words it accepts (`on`, `off`, `3-2`, `7S`).
    pub words: &'static [&'static str],
    /// Numbers it accepts, inclusive, if any.
    pub numbers: Option<(u32, u32)>,
}

impl Values {
    /// One of these words.
    pub const fn words(words: &'static [&'static str]) -> Values {
        Values {
            words,
            numbers: None,
        }
    }

    /// `on` or `off`.
    pub const ON_OFF: Values = Values::words(&["on", "off"]);

    /// A number from `min` to `max`.
    pub const fn numbers(min: u32, max: u32) -> Values {
        Values {
            words: &[],
            numbers: Some((min, max)),
        }
    }

    /// Every value, as written: the words, then the numbers in order.
    pub fn all(&self) -> Vec<String> {
        let numbers = self.numbers.into_iter().flat_map(|(min, max)| min..=max);
        let words = self.words.iter().map(|w| w.to_string());
        words.chain(numbers.map(|n| n.to_string())).collect()
    }

    /// `value` as written, if it is one of these.
    fn accepts(&self, value: &str) -> bool {
        self.words.contains(&value)
            || self.numbers.is_some_and(|(min, max)| {
                value.parse::<u32>().is_ok_and(|n| (min..=max).contains(&n))
            })
    }
}

impl fmt::Display for Values {
    /// `on or off`, `1 to 4`, `off or 1 to 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self.words.iter().map(|w| w.to_string()).collect();
        if let Some((min, max)) = self.numbers {
            parts.push(format!("{min} to {max}"));
        }
        f.write_str(&parts.join(" or "))
    }
}

/// One house rule a game offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HouseRule {
    /// As written in `name=value` (`alone`).
    pub name: &'static str,
    /// What people call it (`Going alone`).
    pub title: &'static str,
    /// What it changes, in a sentence.
    pub summary: &'static str,
    /// What it may be set to.
    pub values: Values,
    /// The published description it follows.
    pub source: &'static str,
}

/// Why house rules were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HouseError {
    /// No option of the game has this name.
    Unknown {
        /// The name given.
        option: String,
        /// The game's options.
        known: Vec<&'static str>,
    },
    /// The value is not one the option takes.
    BadValue {
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        expected: Values,
    },
    /// An option was given twice.
    Twice(&'static str),
    /// The options do not go together.
    Conflict(&'static str),
}

impl fmt::Display for HouseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseError::Unknown { option, known } => write!(
                f,
                "no house rule is called `{option}` (there are: {})",
                known.join(", ")
            ),
            HouseError::BadValue {
                option,
                value,
                expected,
            } => write!(f, "`{option}` takes {expected}, not `{value}`"),
            HouseError::Twice(option) => write!(f, "`{option}` is given twice"),
            HouseError::Conflict(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for HouseError {}

/// A rules core's options: each a typed field, read and written here in the notation.
pub trait House: Clone + PartialEq {
    /// Every option, in the order lists show them.
    const OPTIONS: &'static [HouseRule];

    /// The value of `option` (one of [`House::OPTIONS`]), as written.
    fn value(&self, option: &str) -> String;

    /// Sets `option` to `value`, which its [`Values`] accept.
    fn set(&mut self, option: &str, value: &str) -> Result<(), HouseError>;

    /// Whether the options go together.
    fn check(&self) -> Result<(), HouseError>;

    /// The preset these rules start from, played to the same points: the options set
    /// otherwise are the house rules.
    fn preset(&self) -> Self;

    /// The settings that make the preset into these rules: the house rules in force.
    fn house_rules(&self) -> Vec<String> {
        self.changes_from(&self.preset())
    }

    /// These rules with `settings` (`name=value`, a bare `name` meaning `on`) applied in
    /// order, checked as a whole.
    ///
    /// Each core's tests show it on its own options.
    fn with_house<S: AsRef<str>>(&self, settings: &[S]) -> Result<Self, HouseError> {
        let mut rules = self.clone();
        let mut seen: Vec<&'static str> = Vec::new();
        for setting in settings {
            let (name, value) = split(setting.as_ref());
            let option = Self::OPTIONS
                .iter()
                .find(|o| o.name == name)
                .ok_or_else(|| HouseError::Unknown {
                    option: name.to_string(),
                    known: Self::OPTIONS.iter().map(|o| o.name).collect(),
                })?;
            if seen.contains(&option.name) {
                return Err(HouseError::Twice(option.name));
            }
            seen.push(option.name);
            if !option.values.accepts(value) {
                return Err(HouseError::BadValue {
                    option: option.name,
                    value: value.to_string(),
                    expected: option.values,
                });
            }
            rules.set(option.name, value)?;
        }
        rules.check()?;
        Ok(rules)
    }

    /// The settings that make `preset` into these rules, in the options' order: what
    /// records, tables and titles carry.
    fn changes_from(&self, preset: &Self) -> Vec<String> {
        Self::OPTIONS
            .iter()
            .filter(|o| self.value(o.name) != preset.value(o.name))
            .map(|o| format!("{}={}", o.name, self.value(o.name)))
            .collect()
    }
}

/// `name=value` split; a bare `name` is `on`. Spaces around either are ignored.
fn split(setting: &str) -> (&str, &str) {
    match setting.split_once('=') {
        Some((name, value)) => (name.trim(), value.trim()),
        None => (setting.trim(), "on"),
    }
}

/// Every option of `H` set to the value `pick` chooses among its values (given their
/// count): what property tests draw combinations with.
pub fn assignment<H: House>(pick: impl FnMut(usize) -> usize) -> Vec<String> {
    assignment_for(H::OPTIONS, pick)
}

/// Every option of `H` set to a value the property test draws: [`assignment`] as a
/// strategy.
#[cfg(feature = "proptest")]
pub fn assignments<H: House>() -> impl proptest::strategy::Strategy<Value = Vec<String>> {
    use proptest::prelude::*;
    proptest::collection::vec(any::<usize>(), H::OPTIONS.len()).prop_map(|picks| {
        let mut picks = picks.into_iter();
        assignment::<H>(|_| picks.next().unwrap_or(0))
    })
}

/// A property over every combination of `H`'s options: `cases` times, one of `presets`
/// (given), a drawn [`assignment`] of it (the settings, and what [`House::with_house`]
/// made of them) and a seed. Panics with proptest's shrunk case when the property fails.
#[cfg(feature = "proptest")]
pub fn each_combination<H: House + std::fmt::Debug>(
    presets: &[H],
    cases: u32,
    property: impl Fn(
        &H,
        &[String],
        Result<H, HouseError>,
        u64,
    ) -> Result<(), proptest::test_runner::TestCaseError>,
) {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let drawn = (0..presets.len(), assignments::<H>(), any::<u64>());
    let outcome = TestRunner::new(config).run(&drawn, |(preset, house, seed)| {
        let preset = &presets[preset];
        property(preset, &house, preset.with_house(&house), seed)
    });
    if let Err(failed) = outcome {
        panic!("{failed}");
    }
}

/// [`assignment`] for a list of options known only at run time.
pub fn assignment_for(options: &[HouseRule], mut pick: impl FnMut(usize) -> usize) -> Vec<String> {
    options
        .iter()
        .map(|o| {
            let values = o.values.all();
            format!("{}={}", o.name, values[pick(values.len()) % values.len()])
        })
        .collect()
}

/// A comma-separated list of settings (`alone=off,renege=2`) as a list; empty parts are
/// dropped.
pub fn settings(list: &str) -> Vec<String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// `on`/`off` as a flag; what [`House::set`] implementations read.
pub fn flag(value: &str) -> bool {
    value == "on"
}

/// A flag as written.
pub fn on_off(flag: bool) -> String {
    if flag { "on" } else { "off" }.to_string()
}

/// A number [`Values`] already accepted (0 if it is a word).
pub fn number(value: &str) -> u32 {
    value.parse().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    struct Toy {
        alone: bool,
        penalty: Option<u32>,
    }

    impl House for Toy {
        const OPTIONS: &'static [HouseRule] = &[
            HouseRule {
                name: "alone",
                title: "Going alone",
                summary: "",
                values: Values::ON_OFF,
                source: "",
            },
            HouseRule {
                name: "renege",
                title: "Renege penalty",
                summary: "",
                values: Values {
                    words: &["off"],
                    numbers: Some((1, 4)),
                },
                source: "",
            },
        ];

        fn value(&self, option: &str) -> String {
            match option {
                "alone" => on_off(self.alone),
                _ => self.penalty.map_or("off".into(), |p| p.to_string()),
            }
        }

        fn set(&mut self, option: &str, value: &str) -> Result<(), HouseError> {
            match option {
                "alone" => self.alone = flag(value),
                _ => self.penalty = (value != "off").then(|| number(value)),
            }
            Ok(())
        }

        fn preset(&self) -> Toy {
            Toy {
                alone: true,
                penalty: None,
            }
        }

        fn check(&self) -> Result<(), HouseError> {
            match (self.alone, self.penalty) {
                (false, Some(_)) => Err(HouseError::Conflict("a penalty needs going alone")),
                _ => Ok(()),
            }
        }
    }

    const BASE: Toy = Toy {
        alone: true,
        penalty: None,
    };

    #[test]
    fn settings_apply_in_the_notation_and_changes_name_only_the_differences() {
        let rules = BASE.with_house(&settings(" renege = 3 ")).unwrap();
        assert_eq!(rules.penalty, Some(3));
        assert_eq!(rules.changes_from(&BASE), vec!["renege=3"]);
        let bare = BASE.with_house(&["alone"]).unwrap();
        assert_eq!(bare, BASE);
        assert!(bare.changes_from(&BASE).is_empty());
    }

    #[test]
    fn refusals_say_which_option_and_what_it_takes() {
        let unknown = BASE.with_house(&["joker=on"]).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "no house rule is called `joker` (there are: alone, renege)"
        );
        let bad = BASE.with_house(&["renege=9"]).unwrap_err();
        assert_eq!(bad.to_string(), "`renege` takes off or 1 to 4, not `9`");
        assert_eq!(
            BASE.with_house(&["alone=on", "alone=off"]),
            Err(HouseError::Twice("alone"))
        );
        assert_eq!(
            BASE.with_house(&["alone=off", "renege=2"]),
            Err(HouseError::Conflict("a penalty needs going alone"))
        );
        assert!(settings(",,").is_empty());
    }
}
