//! `cardtable check HANDOUT -- PROGRAM [ARG…]`: any program — a student's, a course's,
//! cardtable's own — run on cases generated from a handout's command line exactly as the
//! handout runs it, its standard output and exit status compared byte for byte with the
//! reference's on the same case, and each failure shrunk to the smallest case that fails
//! the same way.
//!
//! The reference is cardtable's own program for the handout (byte-exact with the
//! course's reference files), run as `cardtable reference HANDOUT ARGV0 ARG…`.

pub mod case;
pub mod check;
pub mod compare;
pub mod generate;
pub mod handout;
pub mod report;
pub mod run;
pub mod way;

pub use case::{Case, Category, Setup, Size};
pub use check::{Checked, Checker, Shrunk};
pub use handout::{Handout, Reference};
