//! A case: one run of a program as its handout runs it (the command line after the
//! program's name, the files in its folder, its standard input), built from a small typed
//! [`Setup`] that shrinks.

use std::fmt;

use serde::Serialize;

use crate::generate::{cs246_euchre, eecs280, straights};
use crate::handout::Handout;

/// What a case exercises: `--category` runs one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// The handout's error cases: wrong argument counts, bad points, a bad shuffle word,
    /// an unknown player type, a pack file that cannot be opened.
    Errors,
    /// Computer players only: the command line's every part, packs in any order.
    Computers,
    /// People at the table, answering with legal choices.
    HumanInput,
    /// People who first answer wrongly where the handout says what the program does then
    /// (its error messages and reprompts).
    WrongAnswers,
    /// Games started from a saved-game file the case writes (`-f`).
    SavedGames,
}

impl Category {
    /// Every category, in the reports' order.
    pub const ALL: [Category; 5] = [
        Category::Errors,
        Category::Computers,
        Category::HumanInput,
        Category::WrongAnswers,
        Category::SavedGames,
    ];

    /// Its name on the command line and in reports: `human-input`.
    pub fn name(self) -> &'static str {
        match self {
            Category::Errors => "errors",
            Category::Computers => "computers",
            Category::HumanInput => "human-input",
            Category::WrongAnswers => "wrong-answers",
            Category::SavedGames => "saved-games",
        }
    }

    /// The category named `name`.
    pub fn named(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A case's typed description, one per handout's kind of command line: what generation
/// draws, what shrinking makes smaller, what builds the [`Case`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// An EECS 280 program's (Euchre or Teen Do Panch).
    Eecs280(eecs280::Setup),
    /// CS 246 Euchre's.
    Cs246Euchre(cs246_euchre::Setup),
    /// CS 246 Straights'.
    Straights(straights::Setup),
}

impl Setup {
    /// The case it describes.
    pub fn case(&self) -> Case {
        match self {
            Setup::Eecs280(setup) => setup.case(),
            Setup::Cs246Euchre(setup) => setup.case(),
            Setup::Straights(setup) => setup.case(),
        }
    }

    /// Setups one step smaller, the likeliest to keep a failure first.
    pub fn smaller(&self) -> Vec<Setup> {
        match self {
            Setup::Eecs280(setup) => setup.smaller().into_iter().map(Setup::Eecs280).collect(),
            Setup::Cs246Euchre(setup) => (setup.smaller().into_iter())
                .map(Setup::Cs246Euchre)
                .collect(),
            Setup::Straights(setup) => (setup.smaller().into_iter())
                .map(Setup::Straights)
                .collect(),
        }
    }
}

/// How big a case is, measure by measure (points to win, people's answers, cards out of
/// the handout's order, letters in names, …): what shrinking brings down and reports.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Size(pub Vec<(&'static str, u64)>);

impl Size {
    /// All the measures summed: a smaller case has a smaller total.
    pub fn total(&self) -> u64 {
        self.0.iter().map(|(_, n)| n).sum()
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(name, n)| format!("{name} {n}"))
            .collect();
        f.write_str(&parts.join(", "))
    }
}

/// One run of a program, everything needed to repeat it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Whose program.
    pub handout: Handout,
    /// What it exercises.
    pub category: Category,
    /// The command line after the program's name.
    pub args: Vec<String>,
    /// Files written in the run's folder before it starts (name, contents).
    pub files: Vec<(String, Vec<u8>)>,
    /// The program's standard input.
    pub stdin: Vec<u8>,
    /// The case's size.
    pub size: Size,
}

impl Case {
    /// The command as a person types it in the case's folder: `./euchre.exe pack.in
    /// noshuffle 1 A Human … < input.txt`.
    pub fn command(&self) -> String {
        let mut words = vec![self.handout.program().to_string()];
        words.extend(self.args.iter().map(|a| shell_word(a)));
        let mut command = words.join(" ");
        if !self.stdin.is_empty() {
            command.push_str(" < input.txt");
        }
        command
    }

    /// Every file of the case's folder, the standard input as `input.txt` among them.
    pub fn all_files(&self) -> Vec<(String, Vec<u8>)> {
        let mut files = self.files.clone();
        if !self.stdin.is_empty() {
            files.push(("input.txt".to_string(), self.stdin.clone()));
        }
        files
    }
}

/// `word` as a POSIX shell reads it back: bare when it is plain, single-quoted otherwise.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=+,:@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_only_where_a_shell_needs_it() {
        assert_eq!(shell_word("pack.in"), "pack.in");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("Ann Lee"), "'Ann Lee'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
