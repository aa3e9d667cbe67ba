//! What each feature set of the library crates brings in, as `cargo tree`
//! resolves it from `Cargo.lock`: the geometry alone and the xiangqi engine
//! alone depend on nothing outside the workspace (no rand_pcg, no
//! encoding_rs, no zlib); the random generators come with `random` (and
//! what turns it on), the zlib with `records`, the encodings with `gbk`. `cargo xtask bench build` times the
//! same sets.

/// The crates outside the workspace that `package` builds with `args`.
fn dependencies(package: &str, args: &[&str]) -> Vec<String> {
    xtask::bench::build::dependencies(package, args).unwrap()
}

const RANDOM: [&str; 2] = ["rand_core", "rand_pcg"];
const RECORDS: [&str; 2] = ["adler2", "miniz_oxide"];
const GBK: [&str; 4] = ["adler2", "cfg-if", "encoding_rs", "miniz_oxide"];

#[test]
fn the_geometry_alone_depends_on_nothing_and_random_brings_rand_pcg() {
    assert_eq!(dependencies("board-geometry", &[]), Vec::<String>::new());
    assert_eq!(dependencies("board-geometry", &["--features", "random"]), RANDOM);
    let testing = dependencies("board-geometry", &["--features", "testing"]);
    assert!(
        RANDOM.iter().all(|name| testing.iter().any(|found| found == name)),
        "testing turns random on: {testing:?}"
    );
}

#[test]
fn the_xiangqi_engine_alone_depends_on_nothing_and_each_feature_on_what_it_needs() {
    let alone =
        |feature: &str| dependencies("xiangqi-rules", &["--no-default-features", "--features", feature]);
    assert_eq!(dependencies("xiangqi-rules", &["--no-default-features"]), Vec::<String>::new());
    assert_eq!(
        alone("records"),
        RECORDS,
        "the formats without gbk need only a zlib, for compressed libraries"
    );
    assert_eq!(alone("solve"), Vec::<String>::new());
    assert_eq!(alone("gbk"), GBK);
    assert_eq!(alone("tasks"), RANDOM, "the generators draw from board-geometry's random");
    assert_eq!(alone("random"), RANDOM);
    assert_eq!(
        dependencies("xiangqi-rules", &[]),
        ["adler2", "cfg-if", "encoding_rs", "miniz_oxide", "rand_core", "rand_pcg"]
    );
}

#[test]
fn duck_chess_and_the_king_and_queen_task_bring_rand_pcg_only_with_their_tasks() {
    assert_eq!(dependencies("duck-rules", &["--no-default-features"]), Vec::<String>::new());
    assert_eq!(dependencies("duck-rules", &[]), RANDOM);
    // The crate is its task, generator included.
    assert_eq!(dependencies("kq-rules", &[]), RANDOM);
}
