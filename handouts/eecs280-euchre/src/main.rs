//! `euchre280`: EECS 280 Euchre exactly as its handout specifies (the handout's `euchre.exe`).

fn main() -> std::process::ExitCode {
    eecs280_euchre::program::main(std::env::args_os().collect())
}
