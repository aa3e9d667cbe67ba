//! A short fixed-seed pass of every fuzz target (`cargo xtask fuzz` runs
//! them longer, in a release build).

use std::time::Duration;

#[test]
fn every_fuzz_target_holds_its_properties_on_a_fixed_seed() {
    xtask::fuzz::install_panic_hook();
    let reports = xtask::fuzz::run(&[], 2026, Duration::from_secs(3600), 150);
    assert_eq!(reports.len(), xtask::fuzz::targets().len());
    for report in reports {
        assert_eq!(report.executions, 150, "{}", report.name);
    }
}
