//! `xiangqi serve`'s HTTP JSON API over a real socket: every endpoint and
//! every error, the safety limits, a load test, and Ctrl-C.
#![cfg(feature = "serve")]

#[path = "support/server.rs"]
mod server;

use std::io::Write;
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use server::{Served, encode, read_answer, record_with_variations};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A record by hand: black's horse chased by red's chariot until the
/// position occurs a third time, recorded (wrongly) as a red win.
const CHASE: &str = "[Event \"a perpetual chase\"]\n[Red \"Chaser\"]\n[Black \"Runner\"]\n\
[FEN \"4k4/9/1n7/9/9/9/9/9/9/2RK5 w - - 0 1\"]\n[Result \"1-0\"]\n\
1. c0b0 b7c5 2. b0c0 c5b7 3. c0b0 b7c5 4. b0c0 c5b7 1-0\n";

#[test]
fn the_page_and_its_files_are_served_and_nothing_else() {
    let served = Served::start(&[]);
    let page = served.get("/");
    assert_eq!(page.status, 200);
    assert!(page.head.contains("text/html"), "{}", page.head);
    for id in ["board", "moves", "games", "status", "fen", "prev", "next", "start", "end", "open", "message"]
    {
        assert!(page.text().contains(&format!("id=\"{id}\"")), "no element {id}");
    }
    assert_eq!(served.get("/page.js").status, 200);
    assert_eq!(served.get("/page.css").status, 200);
    for target in [
        "/../Cargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/etc/passwd",
        "//etc/passwd",
        "/page.js/..",
        "/api/../Cargo.toml",
    ] {
        let answer = served.get(target);
        assert_eq!(answer.status, 404, "{target}: {}", answer.text());
        assert!(answer.error().starts_with("no such"), "{target}: {}", answer.text());
    }
    assert_eq!(served.get("/api/nothing").error(), "no such endpoint: /api/nothing");
    let put = served
        .send(b"PUT /api/read HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    assert_eq!(put.status, 405);
    assert_eq!(put.error(), "PUT is not answered: GET, or POST to /api/read or /api/export");
}

#[test]
fn a_request_to_another_host_name_is_refused() {
    let served = Served::start(&[]);
    let answer = served.send(b"GET / HTTP/1.1\r\nHost: attacker.example:80\r\nConnection: close\r\n\r\n");
    assert_eq!(answer.status, 421);
    assert_eq!(answer.error(), "this server answers requests to localhost or 127.0.0.1 only");
    let answer = served.send(b"GET / HTTP/1.1\r\nHost: localhost:1234\r\nConnection: close\r\n\r\n");
    assert_eq!(answer.status, 200);
}

#[test]
fn position_answers_fen_legal_moves_check_and_outcome() {
    let served = Served::start(&[]);
    let start = served.get("/api/position").json();
    assert_eq!(start["fen"], START);
    assert_eq!(start["legal_moves"].as_array().map(Vec::len), Some(44));
    assert_eq!(start["check"], false);
    assert_eq!(start["outcome"], serde_json::Value::Null);
    assert_eq!(start["turn"], "red");

    let fen = encode("4k4/R8/9/9/9/9/9/9/9/3K5 w");
    let moves = "a8a9,e9e8,a9a8,e8e9,a8a9,e9e8,a9a8,e8e9";
    let ended = served.get(&format!("/api/position?fen={fen}&moves={moves}&notation=wxf")).json();
    let outcome = &ended["outcome"];
    assert_eq!(outcome["result"], "0-1");
    assert_eq!(outcome["reason"], "perpetual-check");
    assert_eq!(outcome["against"], "red");
    assert_eq!(outcome["cycle"], serde_json::json!([0, 8]));
    assert!(outcome["text"].as_str().unwrap_or("").contains("perpetual check"), "{outcome}");
    assert_eq!(ended["legal_moves"], serde_json::json!([]));
    assert_eq!(ended["written"][0], "R9+1");

    // The same object as `xiangqi play --format json` gives.
    let play = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["play", "--format", "json", "--fen", "4k4/R8/9/9/9/9/9/9/9/3K5 w"])
        .args(moves.split(','))
        .output()
        .expect("xiangqi play runs");
    let play: serde_json::Value = serde_json::from_slice(&play.stdout).expect("JSON");
    let ended = served.get(&format!("/api/position?fen={fen}&moves={moves}")).json();
    assert_eq!(ended["outcome"], play["outcome"]);
    assert_eq!(ended["fen"], play["fen"]);

    // The moves in Chinese: the ruling in Chinese too, as `xiangqi play --style chinese` gives it.
    let chinese = served.get(&format!("/api/position?fen={fen}&moves={moves}&notation=chinese")).json();
    let play = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["play", "--format", "json", "--style", "chinese"])
        .args(["--fen", "4k4/R8/9/9/9/9/9/9/9/3K5 w"])
        .args(moves.split(','))
        .output()
        .expect("xiangqi play runs");
    let play: serde_json::Value = serde_json::from_slice(&play.stdout).expect("JSON");
    assert_eq!(chinese["outcome"]["text_zh"], play["outcome"]["text_zh"]);
    assert!(chinese["outcome"]["text_zh"].as_str().unwrap_or("").contains("长将"), "{chinese}");
    assert_eq!(ended["outcome"].get("text_zh"), None);

    let check = served
        .get("/api/position?fen=3k5%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2FR8%2F4K4+w&moves=a1a2,d9d8,a2d2")
        .json();
    assert_eq!(check["check"], true);
    assert_eq!(check["checkers"], serde_json::json!(["d2"]));

    let each = served.get("/api/position?moves=h2e2&each=1").json();
    assert_eq!(each["plies"].as_array().map(Vec::len), Some(2));
    assert_eq!(each["plies"][0]["fen"], START);
}

#[test]
fn position_errors_are_400_with_the_library_message() {
    let served = Served::start(&[]);
    let cases = [
        ("/api/position?fen=rnbakabnr", "FEN: "),
        ("/api/position?fen=9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9+w", "FEN: "),
        ("/api/position?moves=h2e2,h2h9", "move 2: no piece stands on h2"),
        ("/api/position?moves=h2e2,zz", "move 2: 'zz': "),
        ("/api/position?moves=a0a5", "move 1: "),
        ("/api/position?notation=klingon", "notation: "),
    ];
    for (target, message) in cases {
        let answer = served.get(target);
        assert_eq!(answer.status, 400, "{target}");
        assert!(answer.error().starts_with(message), "{target}: {}", answer.error());
    }
    let too_many = vec!["h2e2"; 4001].join(",");
    let answer = served.get(&format!("/api/position?moves={too_many}"));
    assert_eq!(answer.status, 400);
    assert_eq!(answer.error(), "4001 moves: at most 4000 are answered");
    let long = "a".repeat(70_000);
    assert_eq!(served.get(&format!("/api/position?moves={long}")).status, 414);
}

#[test]
fn setup_names_every_problem() {
    let served = Served::start(&[]);
    let setup = served.get("/api/setup?fen=9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9+w").json();
    assert_eq!(setup["legal"], false);
    assert_eq!(setup["problems"], serde_json::json!(["red has no general", "black has no general"]));
    let fine = served.get(&format!("/api/setup?fen={}", encode(START))).json();
    assert_eq!(fine["legal"], true);
    let bad = served.get("/api/setup?fen=rnbakabnr%2Fx");
    assert_eq!(bad.status, 400);
    assert!(bad.error().starts_with("FEN: "), "{}", bad.error());
}

#[test]
fn read_answers_what_the_game_command_prints() {
    let dir = std::env::temp_dir().join(format!("serve-read-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("chase.pgn");
    std::fs::write(&path, CHASE).expect("the record is written");
    let served = Served::start(&[]);
    let name = path.display().to_string();
    let answer = served.post(&format!("/api/read?name={}", encode(&name)), CHASE.as_bytes());
    assert_eq!(answer.status, 200, "{}", answer.text());
    let lines = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["game", "--format", "json"])
        .arg(&path)
        .output()
        .expect("xiangqi game runs");
    let expected: Vec<serde_json::Value> = String::from_utf8_lossy(&lines.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(answer.json(), serde_json::Value::Array(expected));
    assert_eq!(answer.json()[0]["result_check"], "disagrees");
    assert_eq!(answer.json()[0]["outcome"]["reason"], "perpetual-chase");

    let garbage = served.post("/api/read?name=x.zip", b"PK\x03\x04 not really a zip");
    assert_eq!(garbage.status, 400);
    assert!(garbage.error().starts_with("x.zip: not a game record: "), "{}", garbage.error());
    let empty = served.post("/api/read", b"");
    assert_eq!(empty.status, 400);
    assert!(empty.error().starts_with("upload: "), "{}", empty.error());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_upload_over_64_mib_is_a_413_and_a_100_mb_one_is_refused_cleanly() {
    let served = Served::start(&[]);
    // Announced as 100 MB: refused on its length, before its bytes are read.
    let mut stream = TcpStream::connect(served.address).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    let head = "POST /api/read HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 100000000\r\n\r\n";
    stream.write_all(head.as_bytes()).expect("the head is sent");
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..100 {
        if stream.write_all(&chunk).is_err() {
            break;
        }
    }
    let answer = read_answer(&mut stream);
    assert_eq!(answer.status, 413);
    assert_eq!(answer.error(), "the upload is larger than 64 MiB, the most a record file may be");
    // Sent chunked, without a length: refused once 64 MiB have come.
    let mut stream = TcpStream::connect(served.address).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
    let head = "POST /api/read HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n";
    stream.write_all(head.as_bytes()).expect("the head is sent");
    let mut chunked = format!("{:x}\r\n", chunk.len()).into_bytes();
    chunked.extend_from_slice(&chunk);
    chunked.extend_from_slice(b"\r\n");
    for _ in 0..65 {
        stream.write_all(&chunked).expect("a chunk is sent");
    }
    let _ = stream.write_all(b"0\r\n\r\n");
    let answer = read_answer(&mut stream);
    assert_eq!(answer.status, 413);
    // And the server goes on answering.
    assert_eq!(served.get("/api/position").status, 200);
}

#[test]
fn export_writes_every_format() {
    let served = Served::start(&[]);
    let pgn = served.get("/api/export?moves=h2e2,h9g7&format=pgn");
    assert_eq!(pgn.status, 200);
    assert!(pgn.text().contains("1. 炮二平五 马８进７"), "{}", pgn.text());
    assert!(pgn.head.contains("attachment; filename=\"game.pgn\""), "{}", pgn.head);
    assert!(served.get("/api/export?moves=h2e2&format=wxf").text().contains("1. C2.5"));
    let xqf = served.get("/api/export?moves=h2e2&format=xqf");
    assert_eq!(&xqf.body[..2], b"XQ");
    let dhtmlxq = served.get("/api/export?moves=h2e2&format=dhtmlxq").text();
    assert!(dhtmlxq.contains("[DhtmlXQ]"), "{dhtmlxq}");
    let svg = served.get("/api/export?moves=h2e2&format=svg").text();
    assert!(svg.starts_with("<svg"), "{svg}");
    let unknown = served.get("/api/export?format=docx");
    assert_eq!(unknown.status, 400);
    assert_eq!(
        unknown.error(),
        "format: unknown format 'docx': pgn, chinese, wxf, iccs, dhtmlxq, xqf or svg"
    );
    assert_eq!(served.get("/api/export?moves=a0a5&format=pgn").status, 400);
}

#[test]
fn games_lists_the_files_named() {
    let dir = std::env::temp_dir().join(format!("serve-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    std::fs::write(dir.join("a.pgn"), CHASE.repeat(3)).expect("written");
    std::fs::write(dir.join("notes.txt"), "no game here").expect("written");
    let served = Served::start(&[dir.to_str().unwrap_or(".")]);
    let games = served.get("/api/games").json();
    assert_eq!(games.as_array().map(Vec::len), Some(3));
    assert_eq!(games[2]["game"], 3);
    assert_eq!(games[0]["tags"]["Red"], "Chaser");
    let none = Served::start(&[]);
    assert_eq!(none.get("/api/games").json(), serde_json::json!([]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_slow_client_does_not_stall_the_others() {
    let served = Served::start(&[]);
    // One client sends half a head and stops; another promises a body and sends little.
    let mut half_head = TcpStream::connect(served.address).expect("a connection");
    half_head.write_all(b"GET /api/posi").expect("sent");
    let mut slow_body = TcpStream::connect(served.address).expect("a connection");
    slow_body
        .write_all(b"POST /api/read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n[Event")
        .expect("sent");
    std::thread::sleep(Duration::from_millis(200));
    let began = Instant::now();
    for _ in 0..20 {
        assert_eq!(served.get("/api/position?moves=h2e2").status, 200);
    }
    assert!(began.elapsed() < Duration::from_secs(10), "stalled: {:?}", began.elapsed());
    drop((half_head, slow_body));
}

/// The resident memory of process `pid` in KiB (Linux), if it can be told.
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_thousand_requests_from_fifty_clients_at_once_all_answered_right_memory_flat() {
    let served = Served::start(&[]);
    let lines = ["h2e2,h9g7", "b0c2,b9c7,h0g2", "c3c4", "h2e2,h7e7,b0c2"];
    let expected: Vec<serde_json::Value> =
        lines.iter().map(|line| served.get(&format!("/api/position?moves={line}")).json()).collect();
    let round = |served: &Served| {
        std::thread::scope(|scope| {
            for client in 0..50 {
                let (expected, lines) = (&expected, &lines);
                scope.spawn(move || {
                    for request in 0..20 {
                        let which = (client + request) % lines.len();
                        let answer = served.get(&format!("/api/position?moves={}", lines[which]));
                        assert_eq!(answer.status, 200);
                        assert_eq!(answer.json(), expected[which], "client {client}, request {request}");
                    }
                });
            }
        });
    };
    round(&served);
    let after_first = resident_kib(served.child.id());
    for _ in 0..3 {
        round(&served);
    }
    if let (Some(first), Some(last)) = (after_first, resident_kib(served.child.id())) {
        // Flat: three more thousands of requests add no more than a few MiB
        // (thread stacks and allocator caches settle after the first).
        assert!(last < first + 8 * 1024, "resident memory grew from {first} KiB to {last} KiB");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_server_within_two_seconds_and_closes_the_port() {
    use rustix::process::{Pid, Signal, kill_process};
    let mut served = Served::start(&[]);
    assert_eq!(served.get("/").status, 200);
    let pid = Pid::from_raw(i32::try_from(served.child.id()).expect("a pid")).expect("a pid");
    kill_process(pid, Signal::INT).expect("SIGINT is sent");
    let began = Instant::now();
    let status = loop {
        if let Some(status) = served.child.try_wait().expect("waited") {
            break status;
        }
        assert!(began.elapsed() < Duration::from_secs(2), "still running 2 s after Ctrl-C");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(matches!(status.code(), Some(0 | 130)), "{status}");
    assert!(TcpStream::connect(served.address).is_err(), "the port is still open");
}

/// The JSON lines of a streamed answer.
fn json_lines(answer: &server::Answer) -> Vec<serde_json::Value> {
    answer.text().lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect()
}

/// Opens `GET target` and reads until the head and the first line of the body have come.
fn open_stream(served: &Served, target: &str) -> (TcpStream, Vec<u8>) {
    let mut stream = TcpStream::connect(served.address).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
    let request = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).expect("sent");
    let mut bytes = Vec::new();
    let mut buffer = [0; 4096];
    loop {
        let split = bytes.windows(4).position(|window| window == b"\r\n\r\n");
        if split.is_some_and(|split| bytes[split + 4..].contains(&b'\n')) {
            return (stream, bytes);
        }
        let count = std::io::Read::read(&mut stream, &mut buffer).expect("read");
        assert!(count > 0, "the stream ended early: {}", String::from_utf8_lossy(&bytes));
        bytes.extend_from_slice(&buffer[..count]);
    }
}

#[test]
fn solve_streams_progress_and_answers_as_the_solve_command_does() {
    let served = Served::start(&[]);
    let fen = "4k4/9/9/9/9/9/9/9/R8/R4K3 w";
    let answer = served.get(&format!("/api/solve?fen={}&depth=3&notation=wxf", encode(fen)));
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(answer.head.contains("application/x-ndjson"), "{}", answer.head);
    assert!(answer.head.to_ascii_lowercase().contains("transfer-encoding: chunked"), "{}", answer.head);
    let lines = json_lines(&answer);
    let (last, progress) = lines.split_last().expect("lines");
    assert!(progress.iter().all(|line| line["progress"]["searching"].is_u64()), "{progress:?}");
    let solution = &last["solution"];
    let command = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["solve", "--format", "json", "--moves", "3", "--fen", fen])
        .output()
        .expect("xiangqi solve runs");
    let expected: serde_json::Value = serde_json::from_slice(&command.stdout).expect("JSON");
    for field in ["fen", "result", "moves", "line", "first_moves", "nodes"] {
        assert_eq!(solution[field], expected[field], "{field}");
    }
    assert_eq!(solution["result"], "mate");
    assert_eq!(solution["written"], serde_json::json!(["R-.6", "K5+1", "R9.5"]));
    assert_eq!(solution["text"], "1. R-.6 K5+1 2. R9.5");

    // A lone general mates nobody: proved, within the bound.
    let none = served.get(&format!("/api/solve?fen={}&depth=2", encode("4k4/9/9/9/9/9/9/9/9/3K5 w")));
    let none = &json_lines(&none).pop().expect("a line")["solution"];
    assert_eq!(none["result"], "no-mate");
    assert_eq!(none["no_mate_within"], 2);
    assert_eq!(none["line"], serde_json::json!([]));

    // The start position to ten moves does not end in half a second.
    let unknown = served.get("/api/solve?depth=10&time=0.5");
    let unknown = &json_lines(&unknown).pop().expect("a line")["solution"];
    assert_eq!(unknown["result"], "unknown");
    assert_eq!(unknown["limit"], "time");
}

#[test]
fn solve_errors_are_400_before_any_search() {
    let served = Served::start(&[]);
    for (target, message) in [
        ("/api/solve?depth=0", "depth: the bound must be from 1 to 120 moves, not 0"),
        ("/api/solve?time=600", "time: '600': give seconds, more than 0 and at most 120"),
        ("/api/solve?moves=a0a5", "move 1: "),
        ("/api/solve?fen=rnbakabnr", "FEN: "),
    ] {
        let answer = served.get(target);
        assert_eq!(answer.status, 400, "{target}");
        assert!(answer.error().starts_with(message), "{target}: {}", answer.error());
    }
    let head = served.send(b"HEAD /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    assert_eq!(head.status, 405);
    let elsewhere =
        served.send(b"GET /api/solve HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    assert_eq!(elsewhere.status, 421);
}

#[test]
fn a_new_solve_stops_the_oldest_of_two_running() {
    let served = Served::start(&[]);
    let long = "/api/solve?depth=12&time=120";
    let (mut first, mut seen) = open_stream(&served, long);
    let (second, _) = open_stream(&served, long);
    let third = served.get(&format!("/api/solve?fen={}&depth=3", encode("4k4/9/9/9/9/9/9/9/R8/R4K3 w")));
    assert_eq!(json_lines(&third).pop().expect("a line")["solution"]["result"], "mate");
    // The first search was stopped to make room: its stream ends with what it proved.
    let _ = std::io::Read::read_to_end(&mut first, &mut seen);
    let text = String::from_utf8_lossy(&seen);
    let last = text.lines().rev().find(|line| line.starts_with('{')).expect("a JSON line");
    let last: serde_json::Value = serde_json::from_str(last).expect("JSON");
    assert_eq!(last["solution"]["result"], "unknown");
    assert_eq!(last["solution"]["limit"], "stopped");
    drop(second);
}

/// The processor time process `pid` has taken, in clock ticks (Linux).
fn processor_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

#[test]
fn a_solve_stops_when_its_client_goes_away() {
    let served = Served::start(&[]);
    let (stream, _) = open_stream(&served, "/api/solve?depth=12&time=120");
    let pid = served.child.id();
    let Some(busy_before) = processor_ticks(pid) else { return };
    // Even on a loaded machine a running search takes a good part of a core.
    std::thread::sleep(Duration::from_millis(1000));
    let busy = processor_ticks(pid).unwrap_or(0) - busy_before;
    assert!(busy >= 5, "the search was not running: {busy} ticks in 1 s");
    drop(stream);
    // The next progress line cannot be written: the search stops.
    std::thread::sleep(Duration::from_millis(1500));
    let idle_before = processor_ticks(pid).unwrap_or(0);
    std::thread::sleep(Duration::from_millis(1000));
    let idle = processor_ticks(pid).unwrap_or(0) - idle_before;
    assert!(idle < 5, "still searching after its client left: {idle} ticks in 1 s");
    assert_eq!(served.get("/api/position").status, 200);
}

#[test]
fn read_with_tree_gives_variations_and_comments_as_the_game_command_does() {
    let dir = std::env::temp_dir().join(format!("serve-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("variations.txt");
    let bytes = record_with_variations();
    std::fs::write(&path, &bytes).expect("written");
    let served = Served::start(&[]);
    let name = path.display().to_string();
    let answer = served.post(&format!("/api/read?tree=1&name={}", encode(&name)), &bytes);
    assert_eq!(answer.status, 200, "{}", answer.text());
    let tree = &answer.json()[0]["tree"];
    let expected_tree = serde_json::json!({
        "comment": "a quiet opening",
        "moves": [
            {"move": "h2e2", "comment": "the central cannon"},
            {"move": "h9g7", "variations": [[
                {"move": "b9c7", "comment": "the other horse"},
                {"move": "h0g2", "variations": [[{"move": "b0c2", "comment": "red's other horse"}]]}
            ]]},
            {"move": "h0g2"}
        ]
    });
    assert_eq!(tree, &expected_tree);
    let lines = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["game", "--format", "json", "--tree"])
        .arg(&path)
        .output()
        .expect("xiangqi game runs");
    let expected: serde_json::Value = serde_json::from_slice(&lines.stdout).expect("JSON");
    assert_eq!(answer.json()[0], expected);
    // Without tree=1 the answer is the plain `xiangqi game --format json`.
    let plain = served.post("/api/read", &bytes).json();
    assert_eq!(plain[0].get("tree"), None);

    // Saved with its tree, in each format that holds one, and read back the same.
    let body = serde_json::json!({"tags": {"Event": "variations"}, "tree": expected_tree}).to_string();
    for format in ["dhtmlxq", "xqf", "pgn"] {
        let saved = served.post(&format!("/api/export?format={format}"), body.as_bytes());
        assert_eq!(saved.status, 200, "{format}: {}", saved.text());
        let again = served.post("/api/read?tree=1", &saved.body).json();
        assert_eq!(again[0]["tree"], expected_tree, "{format}");
        assert_eq!(again[0]["tags"]["Event"], "variations", "{format}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_of_a_tree_refuses_what_cannot_be_played() {
    let served = Served::start(&[]);
    let cases = [
        (r#"{"tree": {"moves": [{"move": "h2e2"}, {"move": "h2e2"}]}}"#, "move 2: no piece stands on h2"),
        (
            r#"{"tree": {"moves": [{"move": "h2e2", "variations": [[{"move": "a0a5"}]]}]}}"#,
            "move 1, variation 1: 1: ",
        ),
        (r#"{"tree": {"moves": [{"move": "zz"}]}}"#, "move 1: 'zz': "),
        (r#"{"fen": "xyz", "tree": {"moves": []}}"#, "FEN: "),
        (r#"{"result": "2-0", "tree": {"moves": []}}"#, "result: '2-0' is not 1-0, 0-1, 1/2-1/2 or *"),
        ("not json", "the record: "),
    ];
    for (body, message) in cases {
        let answer = served.post("/api/export?format=xqf", body.as_bytes());
        assert_eq!(answer.status, 400, "{body}");
        assert!(answer.error().starts_with(message), "{body}: {}", answer.error());
    }
    let unknown = served.post("/api/export?format=docx", br#"{"tree": {"moves": []}}"#);
    assert_eq!(unknown.status, 400);
}
