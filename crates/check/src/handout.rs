//! The four handouts `check` knows, by the names their packages use, and which of their
//! references a check compares with.

use std::ffi::OsString;
use std::process::ExitCode;

use cs246_euchre::readings::Reading;
use serde::Serialize;

/// A handout whose program `check` can check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Handout {
    /// EECS 280 Euchre: `euchre.exe PACK shuffle|noshuffle POINTS NAME TYPE ×4`.
    Eecs280Euchre,
    /// CS 246 Euchre: `euchre [-d] [-s seed] [-f file]`, player 0 a person.
    Cs246Euchre,
    /// CS 246 Straights: `straights [seed]`, each player a person or a computer.
    Cs246Straights,
    /// EECS 280 Teen Do Panch: `teendopanch.exe PACK shuffle|noshuffle POINTS NAME TYPE ×3`.
    Eecs280Teendopanch,
}

/// Which reference a check compares with, where a handout has two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reference {
    /// The handout's text, as cardtable reads it.
    Handout,
    /// The course's reference program, quirks and all (Teen Do Panch:
    /// `TEENDOPANCH_RULES=reference`, byte-exact with the course's `correct_output.out`).
    Program,
}

/// A `--reading` refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadingRefused {
    /// The handout has no readings to choose.
    #[error("{0} has no readings to choose: only cs246-euchre does (docs/CHECK.md)")]
    None(Handout),
    /// Not one of the handout's.
    #[error("--reading {0}")]
    Bad(String),
}

/// A handout name `check` does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no handout '{0}': the handouts are eecs280-euchre, cs246-euchre, cs246-straights and eecs280-teendopanch")]
pub struct UnknownHandout(pub String);

impl Handout {
    /// Every handout, in the README's order.
    pub const ALL: [Handout; 4] = [
        Handout::Cs246Euchre,
        Handout::Eecs280Euchre,
        Handout::Cs246Straights,
        Handout::Eecs280Teendopanch,
    ];

    /// The name its package uses: `eecs280-euchre`.
    pub fn name(self) -> &'static str {
        match self {
            Handout::Eecs280Euchre => "eecs280-euchre",
            Handout::Cs246Euchre => "cs246-euchre",
            Handout::Cs246Straights => "cs246-straights",
            Handout::Eecs280Teendopanch => "eecs280-teendopanch",
        }
    }

    /// The handout named `name`.
    pub fn named(name: &str) -> Result<Handout, UnknownHandout> {
        Handout::ALL
            .into_iter()
            .find(|h| h.name() == name)
            .ok_or_else(|| UnknownHandout(name.to_string()))
    }

    /// The program's name as the handout runs it from its folder: the EECS 280 programs
    /// echo it on their first line.
    pub fn program(self) -> &'static str {
        match self {
            Handout::Eecs280Euchre => "./euchre.exe",
            Handout::Cs246Euchre => "./euchre",
            Handout::Cs246Straights => "./straights",
            Handout::Eecs280Teendopanch => "./teendopanch.exe",
        }
    }

    /// The references it has: Teen Do Panch's handout text and its author's program
    /// differ; the others have one.
    pub fn references(self) -> &'static [Reference] {
        match self {
            Handout::Eecs280Teendopanch => &[Reference::Program, Reference::Handout],
            _ => &[Reference::Handout],
        }
    }

    /// The reference a course grades with when none is asked for: the course's program
    /// where it differs from the text.
    pub fn default_reference(self) -> Reference {
        self.references()[0]
    }

    /// What the reports call `reference`: what the reference is, and where it comes from
    /// (the course's files where they exist, else cardtable's reading of the handout, its
    /// readings named).
    pub fn reference_words(self, reference: Reference, readings: Option<&str>) -> String {
        match (self, reference) {
            (Handout::Eecs280Teendopanch, Reference::Program) => {
                "the author's reference program (TEENDOPANCH_RULES=reference)".into()
            }
            (Handout::Eecs280Teendopanch, Reference::Handout) => {
                "cardtable's reading of the handout's text (TEENDOPANCH_RULES=handout)".into()
            }
            (Handout::Eecs280Euchre, _) => {
                "cardtable's program for the handout, byte-exact with the course's reference files"
                    .into()
            }
            (Handout::Cs246Euchre, _) => format!(
                "cardtable's reading of the handout, no course output surviving (readings: {}; docs/CHECK.md)",
                readings.unwrap_or("the defaults").replace(',', ", ")
            ),
            (Handout::Cs246Straights, _) => {
                "cardtable's reading of the handout, no course output surviving (docs/straights.md)"
                    .into()
            }
        }
    }

    /// Where the handout can be read two ways: each named reading, its values (the
    /// default first), chosen with `--reading NAME=VALUE`.
    pub fn readings(self) -> &'static [Reading] {
        match self {
            Handout::Cs246Euchre => &cs246_euchre::readings::ALL,
            _ => &[],
        }
    }

    /// Every reading of the handout with the value `asked` gives it (`NAME=VALUE` each),
    /// the default for the rest, as the reference's environment takes them
    /// (`trick-score=every-trick,…`); `None` for a handout with none.
    pub fn readings_chosen(self, asked: &[String]) -> Result<Option<String>, ReadingRefused> {
        if self.readings().is_empty() {
            return match asked.first() {
                None => Ok(None),
                Some(_) => Err(ReadingRefused::None(self)),
            };
        }
        cs246_euchre::readings::Readings::parse(&asked.join(","))
            .map_err(|e| ReadingRefused::Bad(e.to_string()))?;
        let chosen: Vec<String> = (self.readings().iter())
            .map(|reading| {
                let asked = (asked.iter().rev())
                    .filter_map(|a| a.split_once('='))
                    .find(|(name, _)| *name == reading.name)
                    .map(|(_, value)| value);
                format!(
                    "{}={}",
                    reading.name,
                    asked.unwrap_or(reading.default_value())
                )
            })
            .collect();
        Ok(Some(chosen.join(",")))
    }

    /// The environment the reference runs with for `reference` and the `readings`
    /// chosen ([`Handout::readings_chosen`]).
    pub fn reference_env(
        self,
        reference: Reference,
        readings: Option<&str>,
    ) -> Vec<(&'static str, String)> {
        let mut env = match (self, reference) {
            (Handout::Eecs280Teendopanch, Reference::Program) => {
                vec![("TEENDOPANCH_RULES", "reference".to_string())]
            }
            (Handout::Eecs280Teendopanch, Reference::Handout) => {
                vec![("TEENDOPANCH_RULES", "handout".to_string())]
            }
            _ => vec![],
        };
        if let (Handout::Cs246Euchre, Some(readings)) = (self, readings) {
            env.push((cs246_euchre::readings::ENV, readings.to_string()));
        }
        env
    }

    /// cardtable's own program for the handout, run in this process with `argv` (its name
    /// first): what `cardtable reference HANDOUT` runs.
    pub fn run_reference(self, argv: Vec<OsString>) -> ExitCode {
        match self {
            Handout::Eecs280Euchre => eecs280_euchre::program::main(argv),
            Handout::Cs246Euchre => cs246_euchre::program::main(argv),
            Handout::Cs246Straights => cs246_straights::program::main(argv),
            Handout::Eecs280Teendopanch => eecs280_teendopanch::program::main(argv),
        }
    }
}

impl std::fmt::Display for Handout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
