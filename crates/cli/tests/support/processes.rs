//! Whether a process is left running: for the tests that check that
//! `stress` kills everything the program under test started. Included by
//! `tests/stress.rs` and by the unit tests of `src/stress/program.rs`.

use std::time::{Duration, Instant};

/// Whether process `pid` still runs (a zombie does not): it may take a
/// moment to die after its SIGKILL, and its new parent to reap it. Only
/// Linux has `/proc` to tell.
pub(crate) fn still_running_after_a_while(pid: &str) -> bool {
    let running = || {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            let state = stat.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next());
            !matches!(state, Some('Z' | 'X'))
        })
    };
    let give_up = Instant::now() + Duration::from_secs(5);
    while running() && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(10));
    }
    running()
}
