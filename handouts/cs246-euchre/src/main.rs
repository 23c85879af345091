//! `euchre`: CS 246 Euchre exactly as its handout specifies (one human, three computers).

fn main() -> std::process::ExitCode {
    cs246_euchre::program::main(std::env::args_os().collect())
}
