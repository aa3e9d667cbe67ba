//! `xiangqi serve`: a local board page and its HTTP JSON API
//! (docs/serve-api.md), served by a small threaded HTTP/1.1 server.
//!
//! Each request is answered on a thread of its own (at most
//! [`MAX_CONCURRENT`] at once), so that a slow or stalled client holds only
//! its own thread; connections are read by `tiny_http`'s own threads.

mod api;
mod assets;
mod solve;

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, anyhow};
use clap::Args;
use tiny_http::{HTTPVersion, Header, Method, Request, Response, Server};

use self::api::{Library, Reply};
use crate::Streams;
use crate::xiangqi::game::{RECORD_FILE_LIMIT, named_files};

/// The most requests answered at the same time; more wait their turn in a 503.
const MAX_CONCURRENT: usize = 64;

/// Arguments of `xiangqi serve`.
#[derive(Debug, Args)]
#[command(after_help = "\
The page: the board (click or drag a piece to play, its legal targets lit;
an illegal move is refused with the reason), the moves in Chinese, WXF or
ICCS (click one to go there; arrow keys, Home and End step), whose move,
check, and how the game ended with its explanation; open a record by the
file picker or by dropping it on the page (every format `xiangqi game`
reads); the games of the FILEs and DIRs named, filtered by player, event
or result, with their variations and comments; a FEN box with every
problem of the position named; Solve, a search for a forced mate of the
position shown, its line to click; save as FEN, PGN, XQF, DhtmlXQ or SVG
(XQF and DhtmlXQ with the variations and comments), and a link to the
position.

Everything is inside the binary: the page needs no network. The server
listens on 127.0.0.1 unless --bind says otherwise, and stops on Ctrl-C.
Its HTTP JSON API (GET /api/position, POST /api/read, ...) is documented
in the repository's docs/serve-api.md.

Examples:
  xiangqi serve                       the page on http://127.0.0.1:8080/
  xiangqi serve games/ --open         the games of a folder, in the browser
  xiangqi serve --port 0              any free port (the URL printed says which)")]
pub(crate) struct ServeArgs {
    /// Record files, and folders of them, whose games the page lists.
    #[arg(value_name = "FILE|DIR")]
    files: Vec<PathBuf>,
    /// The port to listen on (0: any free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; other machines reach the page only if it is not a loopback address.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    open: bool,
}

impl ServeArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let (library, problems) = Library::read(named_files(&self.files));
        for problem in problems {
            writeln!(streams.stderr, "xiangqi serve: {problem} (left out)")?;
        }
        let server = Server::http(SocketAddr::new(self.bind, self.port))
            .map_err(|error| anyhow!("cannot listen on {}:{}: {error}", self.bind, self.port))?;
        let address = server.server_addr().to_ip().context("the server has no IP address")?;
        let host = match address.ip() {
            IpAddr::V6(ip) => format!("[{ip}]"),
            IpAddr::V4(ip) => ip.to_string(),
        };
        let url = format!("http://{host}:{}/", address.port());
        if !self.files.is_empty() {
            let plural = if library.games == 1 { "" } else { "s" };
            writeln!(streams.stdout, "{} game{plural} listed", library.games)?;
        }
        writeln!(streams.stdout, "serving on {url} (Ctrl-C stops)")?;
        streams.stdout.flush()?;
        if self.open {
            open_browser(&url);
        }
        let state = Arc::new(State {
            library,
            loopback: self.bind.is_loopback(),
            busy: AtomicUsize::new(0),
            solves: solve::Solves::default(),
        });
        // The binaries' Ctrl-C handler (crate::perft::install) asks the loop to stop.
        while !crate::perft::stop_requested() {
            let request = match server.recv_timeout(Duration::from_millis(100)) {
                Ok(Some(request)) => request,
                Ok(None) => continue,
                Err(error) => return Err(error).context("the server stopped"),
            };
            if state.busy.fetch_add(1, Ordering::SeqCst) >= MAX_CONCURRENT {
                state.busy.fetch_sub(1, Ordering::SeqCst);
                respond(request, Reply::error(503, "busy: too many requests at once, try again"));
                continue;
            }
            let shared = Arc::clone(&state);
            let spawned = std::thread::Builder::new().name("request".into()).spawn(move || {
                handle(request, &shared);
                shared.busy.fetch_sub(1, Ordering::SeqCst);
            });
            if spawned.is_err() {
                state.busy.fetch_sub(1, Ordering::SeqCst);
            }
        }
        drop(server);
        writeln!(streams.stdout, "stopped")?;
        Ok(())
    }
}

/// What every request's thread shares.
#[derive(Debug)]
struct State {
    library: Library,
    /// Whether the server listens on a loopback address only (then it
    /// answers only requests addressed to a local host name, so that no web
    /// page elsewhere can reach it through a name that resolves here).
    loopback: bool,
    busy: AtomicUsize,
    /// The mate searches running (`/api/solve`).
    solves: solve::Solves,
}

/// Answers one request.
fn handle(mut request: Request, state: &State) {
    let target = request.url().to_string();
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    if *request.method() == Method::Get && path == "/api/solve" && refusal(&request, state).is_none() {
        match solve::request(query) {
            Ok(search) => stream_solve(request, &search, state),
            Err(reply) => respond(request, reply),
        }
        return;
    }
    let reply = answer(&mut request, state);
    respond(request, reply);
}

/// Why a request is not answered whatever it asks, if it is not.
fn refusal(request: &Request, state: &State) -> Option<Reply> {
    let length = request.url().len();
    if length > api::MAX_TARGET {
        return Some(Reply::error(
            414,
            format!("the URL is {length} bytes long, at most {} are read", api::MAX_TARGET),
        ));
    }
    if state.loopback && !local_host(request) {
        return Some(Reply::error(421, "this server answers requests to localhost or 127.0.0.1 only"));
    }
    None
}

/// Answers `GET /api/solve`: the head at once, then the search's JSON lines
/// as they come, each sent as it is written (chunked for HTTP/1.1).
fn stream_solve(request: Request, search: &solve::Request, state: &State) {
    let chunked = *request.http_version() >= HTTPVersion(1, 1);
    let framing = if chunked { "Transfer-Encoding: chunked" } else { "Connection: close" };
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n{framing}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n"
    );
    let mut writer = request.into_writer();
    if writer.write_all(head.as_bytes()).and_then(|()| writer.flush()).is_err() {
        return;
    }
    // A client gone before the end stops the search; nothing is left to tell it.
    if chunked {
        let mut body = solve::Chunked(writer);
        if solve::stream(search, &state.solves, &mut body).is_ok() {
            let _ = body.finish();
        }
    } else {
        let _ = solve::stream(search, &state.solves, &mut writer);
    }
}

fn answer(request: &mut Request, state: &State) -> Reply {
    if let Some(reply) = refusal(request, state) {
        return reply;
    }
    let target = request.url().to_string();
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    match (request.method(), path) {
        (Method::Post, "/api/read") => match read_body(request) {
            Ok(bytes) => api::read(query, &bytes),
            Err(reply) => reply,
        },
        (Method::Post, "/api/export") => match read_body(request) {
            Ok(bytes) => api::export_tree(query, &bytes),
            Err(reply) => reply,
        },
        (Method::Get | Method::Head, _) => api::get(path, query, &state.library),
        (method, _) => {
            Reply::error(405, format!("{method} is not answered: GET, or POST to /api/read or /api/export"))
        }
    }
}

/// The body of an upload, at most [`RECORD_FILE_LIMIT`] bytes: a larger one is
/// refused before it is read (by its length) or as soon as it is (chunked).
fn read_body(request: &mut Request) -> Result<Vec<u8>, Reply> {
    let too_large = || {
        Reply::error(
            413,
            format!(
                "the upload is larger than {} MiB, the most a record file may be",
                RECORD_FILE_LIMIT >> 20
            ),
        )
    };
    if request.body_length().is_some_and(|length| length > RECORD_FILE_LIMIT) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    let limit = u64::try_from(RECORD_FILE_LIMIT).unwrap_or(u64::MAX) + 1;
    request
        .as_reader()
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(|error| Reply::error(400, format!("cannot read the upload: {error}")))?;
    if bytes.len() > RECORD_FILE_LIMIT {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Whether the request's `Host` names this machine (`localhost`,
/// `127.0.0.1`, `[::1]`, with any port).
fn local_host(request: &Request) -> bool {
    let Some(host) = request.headers().iter().find(|header| header.field.equiv("Host")) else {
        return true;
    };
    let host = host.value.as_str();
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn respond(request: Request, reply: Reply) {
    let header = |name: &str, value: &str| Header::from_bytes(name.as_bytes(), value.as_bytes()).ok();
    let mut response = Response::from_data(reply.body).with_status_code(reply.status);
    let headers = [
        header("Content-Type", reply.content_type),
        header("Cache-Control", "no-store"),
        header("X-Content-Type-Options", "nosniff"),
        header(
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:",
        ),
        reply
            .file_name
            .and_then(|name| header("Content-Disposition", &format!("attachment; filename=\"{name}\""))),
    ];
    for header in headers.into_iter().flatten() {
        response.add_header(header);
    }
    // A client gone before its answer is no concern of the others.
    let _ = request.respond(response);
}

/// Opens `url` in the desktop's browser, if there is one to ask.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
