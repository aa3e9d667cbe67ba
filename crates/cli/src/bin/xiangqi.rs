//! `xiangqi`: xiangqi rules on the command line. See `xiangqi --help`.

fn main() -> std::process::ExitCode {
    cli::main::<cli::xiangqi::Xiangqi>()
}
