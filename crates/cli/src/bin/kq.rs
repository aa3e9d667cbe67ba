//! `kq`: the king-and-queen "Correct Move" task (UVa 255). See `kq --help`.

fn main() -> std::process::ExitCode {
    cli::main::<cli::kq::Kq>()
}
