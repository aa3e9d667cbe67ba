//! `cargo xtask package-test`: every crate of the workspace that can be
//! published, packaged as `cargo publish` would upload it and tested from
//! that package alone, so that a test reading a file outside its package,
//! or a file left out of it, fails here rather than for the first user.
//! Packaging must give no warning (a manifest without documentation, say),
//! and every package must carry the workspace's changelog.
//!
//! The packages depend on one another by version, as on crates.io, where
//! they are not yet: they are unpacked side by side into a workspace of
//! their own whose `[patch.crates-io]` points each name at its unpacked
//! sibling, with a copy of the workspace's `Cargo.lock`, and tested offline.
//! Afterwards every package of the lock the tests built with must have the
//! version the workspace's lock gives it.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Instant, SystemTime};

use anyhow::{Context, bail};
use serde_json::Value;

use crate::fixtures::workspace_root;

/// A package of the workspace that may be published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Publishable {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
}

impl Publishable {
    /// The folder its `.crate` unpacks into, `NAME-VERSION`.
    #[must_use]
    pub fn folder(&self) -> String {
        format!("{}-{}", self.name, self.version)
    }
}

/// The workspace's `cargo`, run from `dir` and building into the
/// workspace's target folder (so that the dependencies built for the
/// workspace's own tests are not built again).
fn cargo_in(dir: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(dir).env("CARGO_TARGET_DIR", target_dir());
    command
}

/// The workspace's target folder.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

/// Runs `command`, failing with `what` if it fails.
fn run(command: &mut Command, what: &str) -> anyhow::Result<()> {
    let status = command.status().with_context(|| format!("cannot start {what}"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// The workspace's packages that may be published (no `publish = false`),
/// in the order `cargo metadata` lists them.
///
/// # Errors
/// `cargo metadata` fails or writes something else than its JSON.
pub fn publishable() -> anyhow::Result<Vec<Publishable>> {
    let output = cargo_in(&workspace_root())
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .output()
        .context("cannot run cargo metadata")?;
    if !output.status.success() {
        bail!("cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout).context("cargo metadata's output")?;
    let packages = metadata["packages"].as_array().context("cargo metadata lists no packages")?;
    Ok(packages
        .iter()
        // `publish` is null for "anywhere" and a list of registries otherwise; `[]` is `false`.
        .filter(|package| package["publish"].as_array().is_none_or(|registries| !registries.is_empty()))
        .filter_map(|package| {
            Some(Publishable {
                name: package["name"].as_str()?.to_string(),
                version: package["version"].as_str()?.to_string(),
            })
        })
        .collect())
}

/// The manifest of a workspace of the unpacked `packages`, each name
/// patched to its own folder.
#[must_use]
pub fn workspace_manifest(packages: &[Publishable]) -> String {
    let mut manifest = String::from(
        "# Written by `cargo xtask package-test`: the packages as published, depending\n\
         # on one another through crates.io names patched to the unpacked folders.\n\
         [workspace]\nresolver = \"3\"\nmembers = [\n",
    );
    for package in packages {
        let _ = writeln!(manifest, "    \"{}\",", package.folder());
    }
    manifest.push_str("]\n\n[patch.crates-io]\n");
    for package in packages {
        let _ = writeln!(manifest, "{} = {{ path = \"{}\" }}", package.name, package.folder());
    }
    manifest
}

/// The `(name, version)` of every package a `Cargo.lock` holds.
#[must_use]
pub fn locked_versions(lock: &str) -> BTreeSet<(String, String)> {
    let mut versions = BTreeSet::new();
    let mut name = None;
    for line in lock.lines() {
        let quoted =
            |key: &str| line.strip_prefix(key)?.strip_prefix(" = \"")?.strip_suffix('"').map(str::to_string);
        if line == "[[package]]" {
            name = None;
        } else if let Some(found) = quoted("name") {
            name = Some(found);
        } else if let (Some(version), Some(found)) = (quoted("version"), name.take()) {
            versions.insert((found, version));
        }
    }
    versions
}

/// Sets the modification time of every file under `dir` to `time`.
fn set_times(dir: &Path, time: SystemTime) -> anyhow::Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            set_times(&path, time)?;
        } else {
            let file = fs::File::options().append(true).open(&path);
            file.and_then(|file| file.set_modified(time))
                .with_context(|| format!("cannot set the time of {}", path.display()))?;
        }
    }
    Ok(())
}

/// The lines of `cargo package`'s standard error that are warnings, each
/// with the notes that follow it (`  |`, `  = note: ...`); cargo's status
/// lines (`   Packaging ...`) are not warnings.
#[must_use]
pub fn packaging_warnings(stderr: &str) -> Vec<String> {
    let mut warnings: Vec<String> = Vec::new();
    let mut in_warning = false;
    for line in stderr.lines() {
        if line.starts_with("warning:") {
            warnings.push(line.to_string());
            in_warning = true;
        } else if in_warning && line.starts_with(' ') && line.trim_start().starts_with(['|', '=']) {
            if let Some(last) = warnings.last_mut() {
                last.push('\n');
                last.push_str(line);
            }
        } else {
            in_warning = false;
        }
    }
    warnings
}

/// Packages every publishable crate, unpacks them into a workspace of
/// their own under `target/package-test/`, and runs `cargo test` inside
/// each, offline, with the versions of the workspace's `Cargo.lock`.
///
/// # Errors
/// Packaging, unpacking or a crate's tests fail, or the tests built with
/// another version of a dependency than the workspace locks.
pub fn run_all() -> anyhow::Result<()> {
    let started = Instant::now();
    let root = workspace_root();
    let packages = publishable()?;
    if packages.is_empty() {
        bail!("no package of the workspace may be published");
    }
    let names: Vec<&str> = packages.iter().map(|package| package.name.as_str()).collect();
    println!("package-test: {}", names.join(", "));

    let mut package = cargo_in(&root);
    // Plain text, so that warnings are found whatever the caller's colour setting.
    package.args(["package", "--offline", "--allow-dirty", "--no-verify"]).env("CARGO_TERM_COLOR", "never");
    for name in &names {
        package.args(["--package", name]);
    }
    let output = package.output().context("cannot start cargo package")?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        bail!("cargo package failed ({}):\n{stderr}", output.status);
    }
    let warnings = packaging_warnings(&stderr);
    if !warnings.is_empty() {
        bail!("cargo package warns, as crates.io would:\n{}", warnings.join("\n"));
    }

    let work = target_dir().join("package-test");
    if work.exists() {
        fs::remove_dir_all(&work).with_context(|| format!("cannot empty {}", work.display()))?;
    }
    fs::create_dir_all(&work).with_context(|| format!("cannot create {}", work.display()))?;
    for package in &packages {
        let crate_file = target_dir().join("package").join(format!("{}.crate", package.folder()));
        let mut untar = Command::new("tar");
        untar.arg("-xzf").arg(&crate_file).arg("-C").arg(&work);
        run(&mut untar, &format!("tar -xzf {}", crate_file.display()))?;
    }
    // Each package carries the changelog (a link to the workspace's in the
    // repository, packaged as the file it points to).
    let changelog = fs::read_to_string(root.join("CHANGELOG.md")).context("the workspace's CHANGELOG.md")?;
    for package in &packages {
        let carried = work.join(package.folder()).join("CHANGELOG.md");
        if fs::read_to_string(&carried).ok().as_deref() != Some(changelog.as_str()) {
            bail!("the {} package does not carry the workspace's CHANGELOG.md", package.name);
        }
    }
    // Packages hold one fixed file time for every file, older than any build:
    // without fresh times cargo would take what an earlier run built from
    // older sources in the shared target folder for up to date.
    let now = SystemTime::now();
    for package in &packages {
        set_times(&work.join(package.folder()), now)?;
    }
    fs::write(work.join("Cargo.toml"), workspace_manifest(&packages))?;
    let workspace_lock = fs::read_to_string(root.join("Cargo.lock")).context("the workspace's Cargo.lock")?;
    fs::write(work.join("Cargo.lock"), &workspace_lock)?;

    for package in &packages {
        let at = Instant::now();
        println!("package-test: cargo test in {}", package.folder());
        run(
            cargo_in(&work.join(package.folder())).args(["test", "--offline", "--quiet"]),
            &format!("cargo test of the {} package", package.name),
        )?;
        println!("package-test: {} passed in {:.1} s", package.name, at.elapsed().as_secs_f64());
    }

    let tested_lock = fs::read_to_string(work.join("Cargo.lock"))?;
    let locked = locked_versions(&workspace_lock);
    let differ: Vec<String> = locked_versions(&tested_lock)
        .difference(&locked)
        .map(|(name, version)| format!("{name} {version}"))
        .collect();
    if !differ.is_empty() {
        bail!("the packages were tested with versions the workspace does not lock: {}", differ.join(", "));
    }
    println!(
        "package-test: {} packages tested as published, in {:.0} s",
        packages.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workspace_patches_every_name_to_its_folder() {
        let packages = [
            Publishable { name: "board-geometry".into(), version: "0.1.0".into() },
            Publishable { name: "kq-rules".into(), version: "0.2.0".into() },
        ];
        assert_eq!(
            workspace_manifest(&packages).split_once("[workspace]").map(|(_, rest)| rest),
            Some(
                "\nresolver = \"3\"\nmembers = [\n    \"board-geometry-0.1.0\",\n    \"kq-rules-0.2.0\",\n]\n\n\
                 [patch.crates-io]\nboard-geometry = { path = \"board-geometry-0.1.0\" }\n\
                 kq-rules = { path = \"kq-rules-0.2.0\" }\n"
            )
        );
    }

    #[test]
    fn lock_files_give_each_package_its_version() {
        let lock = "version = 4\n\n[[package]]\nname = \"serde\"\nversion = \"1.0.229\"\nsource = \"registry\"\n\
                    dependencies = [\n \"serde_core\",\n]\n\n[[package]]\nname = \"cli\"\nversion = \"0.1.0\"\n";
        let versions: Vec<(String, String)> = locked_versions(lock).into_iter().collect();
        assert_eq!(
            versions,
            [("cli".to_string(), "0.1.0".to_string()), ("serde".to_string(), "1.0.229".to_string())]
        );
    }

    #[test]
    fn warnings_of_cargo_package_are_found_with_their_notes() {
        let stderr = "   Packaging kq-rules v0.1.0 (/w/crates/kq-rules)\n\
                      warning: manifest has no documentation, homepage or repository\n  |\n  = note: see the manual\n\
                      \x20   Updating crates.io index\n\
                      \x20  Packaged 23 files, 91.0KiB (24.0KiB compressed)\n";
        assert_eq!(
            packaging_warnings(stderr),
            ["warning: manifest has no documentation, homepage or repository\n  |\n  = note: see the manual"]
        );
        assert!(packaging_warnings("   Packaging kq-rules v0.1.0\n   Packaged 23 files\n").is_empty());
    }

    #[test]
    fn the_library_crates_are_publishable_and_the_tools_are_not() {
        let names: Vec<String> = publishable().unwrap().into_iter().map(|package| package.name).collect();
        for library in ["board-geometry", "xiangqi-rules", "duck-rules", "kq-rules"] {
            assert!(names.iter().any(|name| name == library), "{library} in {names:?}");
        }
        assert!(!names.iter().any(|name| name == "cli" || name == "xtask"), "{names:?}");
    }
}
