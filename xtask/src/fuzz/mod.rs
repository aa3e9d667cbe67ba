//! Fuzzing on the stable toolchain: random bytes and structured mutations of
//! valid inputs fed to every parser and judge in-process, and random positions
//! fed to both engines, each checked against properties that must hold for
//! any input. `cargo xtask fuzz --seconds N` runs every target for N seconds
//! in a release build; `cargo test` runs a short fixed-seed pass.
//!
//! A failing input is printed (escaped) with the target and the seed before
//! the process ends, so it can be turned into a fixture.

mod engines;
mod inputs;
mod judges;
mod mutate;
mod parsers;

use std::cell::RefCell;
use std::time::{Duration, Instant};

use board_geometry::random::Random;

thread_local! {
    /// The input under test, for the panic hook to print.
    static CURRENT: RefCell<(&'static str, String)> = const { RefCell::new(("", String::new())) };
}

/// Notes the input about to be tested, so that a panic can name it.
pub(crate) fn current(target: &'static str, input: &[u8]) {
    let shown: String = String::from_utf8_lossy(&input[..input.len().min(2000)]).escape_debug().collect();
    CURRENT.with(|current| *current.borrow_mut() = (target, shown));
}

/// A property that failed for an input.
pub(crate) fn fail(target: &str, input: &[u8], why: &str) -> ! {
    let shown: String = String::from_utf8_lossy(&input[..input.len().min(2000)]).escape_debug().collect();
    panic!("fuzz target {target}: {why}\ninput: \"{shown}\"");
}

/// One fuzz target: a name and a function testing one input drawn from the generator.
pub struct Target {
    /// The target's name, as `--target` takes it.
    pub name: &'static str,
    /// Tests one input drawn from `random`.
    pub run: fn(&mut Random),
}

/// Every target.
#[must_use]
pub fn targets() -> Vec<Target> {
    vec![
        Target { name: "fen", run: parsers::fen },
        Target { name: "iccs-move", run: parsers::iccs_move },
        Target { name: "duck-position", run: parsers::duck_position },
        Target { name: "duck-move", run: parsers::duck_move },
        Target { name: "checkmate", run: judges::checkmate },
        Target { name: "horse", run: judges::horse },
        Target { name: "duck-replay", run: judges::duck_replay },
        Target { name: "kq", run: judges::kq },
        Target { name: "xiangqi-engine", run: engines::xiangqi },
        Target { name: "duck-engine", run: engines::duck },
    ]
}

/// What one target did.
#[derive(Clone, Debug)]
pub struct Report {
    /// The target.
    pub name: &'static str,
    /// How many inputs it tested.
    pub executions: u64,
    /// How long it ran.
    pub elapsed: Duration,
}

/// Installs a panic hook that names the input under test.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        CURRENT.with(|current| {
            let (target, input) = &*current.borrow();
            if !target.is_empty() {
                eprintln!("fuzz target {target} failed on input: \"{input}\"");
            }
        });
        default(info);
    }));
}

/// Runs each target in `selected` (all if empty) for `budget` or
/// `iterations` inputs, whichever ends first, from `seed`.
#[must_use]
pub fn run(selected: &[String], seed: u64, budget: Duration, iterations: u64) -> Vec<Report> {
    let targets: Vec<Target> = targets()
        .into_iter()
        .filter(|t| selected.is_empty() || selected.iter().any(|s| s == t.name))
        .collect();
    let share = budget;
    targets
        .iter()
        .enumerate()
        .map(|(index, target)| {
            let mut random = Random::new(seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let start = Instant::now();
            let mut executions = 0;
            while executions < iterations && start.elapsed() < share {
                (target.run)(&mut random);
                executions += 1;
            }
            Report { name: target.name, executions, elapsed: start.elapsed() }
        })
        .collect()
}

/// `cargo xtask fuzz`: starts the worker in a release build (fast, and
/// aborting at the first failure after the panic hook has named the input),
/// or, as the worker, runs the targets and prints what each did.
///
/// # Errors
/// The release build cannot be started, or a target fails.
pub fn command(seconds: u64, seed: u64, selected: &[String], list: bool, worker: bool) -> anyhow::Result<()> {
    if list {
        for target in targets() {
            println!("{}", target.name);
        }
        return Ok(());
    }
    if !worker {
        let mut command = crate::cargo();
        command.args(["run", "--quiet", "--release", "--package", "xtask", "--", "fuzz", "--worker"]);
        command.args(["--seconds", &seconds.to_string(), "--seed", &seed.to_string()]);
        for target in selected {
            command.args(["--target", target]);
        }
        let status = command.status()?;
        anyhow::ensure!(status.success(), "fuzzing found a failure (see above)");
        return Ok(());
    }
    install_panic_hook();
    println!("fuzzing each target for {seconds} s from seed {seed}");
    let reports = run(selected, seed, Duration::from_secs(seconds), u64::MAX);
    anyhow::ensure!(!reports.is_empty(), "no target is called {selected:?}; `--list` names them");
    for report in &reports {
        println!(
            "{:<16} {:>10} inputs in {:>6.1} s  {:>9.0} inputs/s",
            report.name,
            report.executions,
            report.elapsed.as_secs_f64(),
            report.executions as f64 / report.elapsed.as_secs_f64().max(1e-9)
        );
    }
    println!("no target failed");
    Ok(())
}
