//! The files `xiangqi game` reads: those named, standard input, and every
//! file inside the folders named, in a sorted, deterministic order.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest record file read: larger ones are refused rather than read whole.
pub(super) const RECORD_FILE_LIMIT: usize = 64 << 20;

/// A file to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Source {
    /// Its name in messages: the path as named or found, or `<stdin>`.
    pub(super) name: String,
    pub(super) origin: Origin,
    /// For a file found inside a folder named: the folder it is in, below
    /// the one named (empty for the named folder itself). `None` for a
    /// file named on the command line.
    pub(super) found_in: Option<PathBuf>,
}

/// Where a source's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
    /// A folder that could not be listed: the message.
    Unlisted(String),
}

impl Source {
    /// The file's name without its extension, for the files `--out` writes
    /// from it: `game` for `games/game.pgn`, `stdin` for standard input.
    pub(super) fn stem(&self) -> String {
        match &self.origin {
            Origin::File(path) => path
                .file_stem()
                .map_or_else(|| "game".to_string(), |stem| stem.to_string_lossy().into_owned()),
            Origin::Stdin | Origin::Unlisted(_) => "stdin".to_string(),
        }
    }
}

/// The files `paths` name, folders walked: `-` is standard input, and no
/// path at all too.
pub(super) fn collect(paths: &[PathBuf]) -> Vec<Source> {
    if paths.is_empty() {
        return vec![stdin()];
    }
    let mut sources = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            sources.push(stdin());
        } else if path.is_dir() {
            walk(path, Path::new(""), &mut sources);
        } else {
            sources.push(Source {
                name: path.display().to_string(),
                origin: Origin::File(path.clone()),
                found_in: None,
            });
        }
    }
    sources
}

fn stdin() -> Source {
    Source { name: "<stdin>".to_string(), origin: Origin::Stdin, found_in: None }
}

/// Adds the files inside `folder` (at `below` under the folder named),
/// sorted by name, each subfolder's files in its place. Hidden files and
/// folders (names beginning with `.`) are left out, and links to folders
/// are not followed, so that a walk ends.
fn walk(folder: &Path, below: &Path, sources: &mut Vec<Source>) {
    let entries = match fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(error) => {
            let name = folder.display().to_string();
            let message = format!("{name}: cannot read the folder: {error}");
            sources.push(Source {
                name,
                origin: Origin::Unlisted(message),
                found_in: Some(below.to_path_buf()),
            });
            return;
        }
    };
    let mut entries: Vec<fs::DirEntry> = entries.filter_map(Result::ok).collect();
    // Each name taken once, not at every comparison.
    entries.sort_by_cached_key(fs::DirEntry::file_name);
    for entry in entries {
        let file_name = entry.file_name();
        if file_name.to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            walk(&path, &below.join(&file_name), sources);
        } else if kind.is_file() || (kind.is_symlink() && path.is_file()) {
            let name = path.display().to_string();
            sources.push(Source { name, origin: Origin::File(path), found_in: Some(below.to_path_buf()) });
        }
    }
}

/// Reads a whole record file, refusing one larger than [`RECORD_FILE_LIMIT`]:
/// at once where its size is known, otherwise once that much has been read.
///
/// # Errors
/// The message naming the file: it cannot be opened or read, or is too large.
pub(super) fn read_bytes(
    name: &str,
    reader: Result<impl Read, std::io::Error>,
    size: Option<u64>,
) -> Result<Vec<u8>, String> {
    let too_large =
        || format!("{name}: larger than {} MiB: split it into smaller files", RECORD_FILE_LIMIT >> 20);
    let reader = reader.map_err(|error| format!("{name}: cannot open: {error}"))?;
    if size.is_some_and(|size| size > RECORD_FILE_LIMIT as u64) {
        return Err(too_large());
    }
    // Where the size is known, the bytes are read into room made for them
    // (and one byte more, to see the end): two reads, not one for each
    // doubling of the buffer.
    let room = size.map_or(0, |size| usize::try_from(size).unwrap_or(RECORD_FILE_LIMIT) + 1);
    let mut bytes = Vec::with_capacity(room);
    reader
        .take(RECORD_FILE_LIMIT as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("{name}: cannot read: {error}"))?;
    if bytes.len() > RECORD_FILE_LIMIT { Err(too_large()) } else { Ok(bytes) }
}

/// Reads the file at `path`, named `name`.
///
/// # Errors
/// As [`read_bytes`].
pub(super) fn read_file(name: &str, path: &Path) -> Result<Vec<u8>, String> {
    let file = fs::File::open(path);
    let size = file.as_ref().ok().and_then(|file| file.metadata().ok()).map(|metadata| metadata.len());
    read_bytes(name, file, size)
}
