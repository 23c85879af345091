//! `straights`: CS 246 Straights exactly as its handout specifies.

fn main() -> std::process::ExitCode {
    cs246_straights::program::main(std::env::args_os().collect())
}
