//! The start position's SVG rendered in headless Chromium, checked pixel by
//! pixel (see `xtask::render::check_start_position`). Without Chromium the
//! test says so on standard error and checks nothing.

use std::io::Write;

use xtask::fixtures::workspace_root;
use xtask::render::{INSTALL_HINT, check_start_position, chromium};

#[test]
fn the_start_position_renders_in_chromium_with_the_expected_pixels() {
    let Some(chromium) = chromium() else {
        // Written to the process's standard error, past the test harness's capture.
        let _ = writeln!(
            std::io::stderr(),
            "note: SKIPPED the Chromium rendering check: no chromium on PATH ({INSTALL_HINT})"
        );
        return;
    };
    let dir = workspace_root().join("target").join("render-test");
    let report = check_start_position(&chromium, &dir).unwrap_or_else(|error| panic!("{error:#}"));
    let _ = writeln!(
        std::io::stderr(),
        "note: Chromium rendered {}: {} red pixels on e0, {} black on e9, {} in the river's words",
        report.png.display(),
        report.red_on_e0,
        report.black_on_e9,
        report.river_words
    );
}
