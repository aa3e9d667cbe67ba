//! `duck`: duck chess (鸭棋): the THUPC 2019 replay task, perft, move lists and pictures. See `duck --help`.

fn main() -> std::process::ExitCode {
    cli::main::<cli::duck::Duck>()
}
