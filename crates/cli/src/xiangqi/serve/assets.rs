//! The page and its script and style, embedded in the binary: the only
//! files the server gives, whatever the URL.

/// An embedded file.
#[derive(Copy, Clone, Debug)]
pub(super) struct Asset {
    pub(super) content_type: &'static str,
    pub(super) bytes: &'static [u8],
}

const PAGE: Asset =
    Asset { content_type: "text/html; charset=utf-8", bytes: include_bytes!("page/index.html") };

/// Every embedded file by its path. The path is compared as a whole, so no
/// URL reaches anything else (no `..`, no file system).
const ASSETS: [(&str, Asset); 4] = [
    ("/", PAGE),
    ("/index.html", PAGE),
    (
        "/page.js",
        Asset { content_type: "text/javascript; charset=utf-8", bytes: include_bytes!("page/page.js") },
    ),
    ("/page.css", Asset { content_type: "text/css; charset=utf-8", bytes: include_bytes!("page/page.css") }),
];

/// The embedded file at `path`, if there is one.
pub(super) fn find(path: &str) -> Option<Asset> {
    ASSETS.iter().find(|(name, _)| *name == path).map(|&(_, asset)| asset)
}
