//! The game records of `fixtures/xiangqi/game/` that are not PGN-style text
//! are what the workspace's own writers make of the games built in
//! `xtask::record_fixtures` (`cargo xtask record-fixtures` writes them).

#[test]
fn the_record_fixtures_are_what_the_writers_make_now() {
    let stale = xtask::record_fixtures::stale().unwrap();
    assert!(
        stale.is_empty(),
        "{stale:?} differ from what the writers make: run `cargo xtask record-fixtures`"
    );
}
