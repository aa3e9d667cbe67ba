//! Code of the examples written once over `board_geometry::Game`.

pub(crate) mod search;
