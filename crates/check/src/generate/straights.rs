//! CS 246 Straights's cases (to come: its command line, people's answers, saved games).

use super::Rng;
use crate::case::{Case, Category, Size};
use crate::handout::Handout;

/// The categories.
pub const CATEGORIES: &[Category] = &[];

/// One case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// What it exercises.
    pub category: Category,
}

impl Setup {
    /// Draws a case of `category`.
    pub fn draw(category: Category, _rng: &mut Rng) -> Setup {
        Setup { category }
    }

    /// The case.
    pub fn case(&self) -> Case {
        Case {
            handout: Handout::Cs246Straights,
            category: self.category,
            args: Vec::new(),
            files: Vec::new(),
            stdin: Vec::new(),
            size: Size::default(),
        }
    }

    /// Setups one step smaller.
    pub fn smaller(&self) -> Vec<Setup> {
        Vec::new()
    }
}
