//! `teendopanch`: EECS 280 Teen Do Panch (the handout's `teendopanch.exe`). The handout's
//! rules by default; `TEENDOPANCH_RULES=reference` reproduces its author's reference solution.

fn main() -> std::process::ExitCode {
    eecs280_teendopanch::program::main(std::env::args_os().collect())
}
