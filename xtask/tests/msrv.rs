//! The minimum Rust versions told in `Cargo.toml` and the README are true of
//! the locked dependency graph: each package of the workspace declares the
//! highest `rust-version` among itself (edition 2024 needs 1.85) and
//! everything it builds with, as `cargo metadata` resolves it from
//! `Cargo.lock`, and the README names the versions.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;
use xtask::fixtures::workspace_root;

/// A version `1.85` or `1.85.0` as numbers, for comparing.
fn version(text: &str) -> Vec<u32> {
    let mut parts: Vec<u32> = text.split('.').map(|part| part.parse().expect("a numeric version")).collect();
    parts.resize(3, 0);
    parts
}

fn show(version: &[u32]) -> String {
    format!("{}.{}", version[0], version[1])
}

#[test]
fn declared_rust_versions_are_those_of_the_locked_graph() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(workspace_root())
        .args(["metadata", "--format-version", "1", "--locked"])
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata writes JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let rust_version: BTreeMap<&str, Option<Vec<u32>>> = packages
        .iter()
        .map(|package| {
            (package["id"].as_str().expect("an id"), package["rust_version"].as_str().map(version))
        })
        .collect();
    let names: BTreeMap<&str, &str> = packages
        .iter()
        .map(|package| (package["id"].as_str().unwrap(), package["name"].as_str().unwrap()))
        .collect();
    let deps: BTreeMap<&str, Vec<&str>> = metadata["resolve"]["nodes"]
        .as_array()
        .expect("a resolved graph")
        .iter()
        .map(|node| {
            let id = node["id"].as_str().unwrap();
            (id, node["dependencies"].as_array().unwrap().iter().map(|dep| dep.as_str().unwrap()).collect())
        })
        .collect();
    let edition_2024 = version("1.85");
    let mut declared_versions = BTreeSet::new();
    for member in metadata["workspace_members"].as_array().expect("members") {
        let member = member.as_str().unwrap();
        let mut seen = BTreeSet::new();
        let mut stack = vec![member];
        while let Some(id) = stack.pop() {
            if seen.insert(id) {
                stack.extend(deps.get(id).into_iter().flatten().copied());
            }
        }
        seen.remove(member);
        let (needed, by) = seen
            .iter()
            .filter_map(|id| rust_version[id].clone().map(|v| (v, names[id])))
            .max()
            .unwrap_or((edition_2024.clone(), "edition 2024"));
        let needed = needed.max(edition_2024.clone());
        let declared = rust_version[member]
            .clone()
            .unwrap_or_else(|| panic!("{} declares no rust-version", names[member]));
        assert_eq!(
            show(&declared),
            show(&needed),
            "{} declares rust-version {} but its locked dependencies need {} ({by})",
            names[member],
            show(&declared),
            show(&needed)
        );
        declared_versions.insert(show(&declared));
    }
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).expect("a README");
    for declared in declared_versions {
        assert!(
            readme.contains(&format!("Rust {declared} or newer")),
            "the README does not say \"Rust {declared} or newer\""
        );
    }
}
