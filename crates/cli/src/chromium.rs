//! How the project's checks run headless Chromium: the SVG render check of
//! `cargo xtask render` and the board page's browser test share one list,
//! so that a flag one of them needs to stay offline is never missing from
//! the other.

/// The flags every headless Chromium run of the project's checks starts
/// with: no window, no sandbox (it cannot start one as root or in a
/// container, where CI runs), no GPU, no network of its
/// own (no QUIC, background fetches, component updates or sync), no
/// first-run pages, and one device pixel per CSS pixel, so that screenshots
/// are the same size on every machine. Each caller adds its own window size
/// and profile folder.
pub const HEADLESS_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--force-device-scale-factor=1",
];
