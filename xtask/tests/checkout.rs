//! `cargo xtask` works on the checkout cargo runs it from, not on the one its
//! binary was built in: two clones sharing a target folder (as the clean-clone
//! CI check does) share one xtask binary.

use std::process::Command;

#[test]
fn xtask_works_on_the_checkout_cargo_names_at_run_time() {
    let elsewhere = std::env::temp_dir().join(format!("xtask-checkout-{}", std::process::id()));
    let package = elsewhere.join("xtask");
    std::fs::create_dir_all(&package).expect("a scratch folder");
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("test-fixtures")
        .env("CARGO_MANIFEST_DIR", &package)
        .output()
        .expect("xtask runs");
    std::fs::remove_dir_all(&elsewhere).expect("the scratch folder is removed");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "a folder with no workspace has no fixtures to pass");
    assert!(
        stderr.contains(&format!("could not find `Cargo.toml` in `{}`", elsewhere.display())),
        "cargo is run in the named checkout: {stderr}"
    );
}
