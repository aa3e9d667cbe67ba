use std::time::Instant;

use super::*;

/// Two chariots against a lone general: mate in two.
const TWO_CHARIOTS: &str = "fen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2FR8%2FR4K3+w";

fn lines(bytes: &[u8]) -> Vec<serde_json::Value> {
    bytes
        .split(|&byte| byte == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice(line).expect("a JSON line"))
        .collect()
}

#[test]
fn a_mate_streams_progress_then_the_line() {
    let search = request(&format!("{TWO_CHARIOTS}&depth=3&notation=chinese")).expect("a search");
    let mut out = Vec::new();
    stream(&search, &Solves::default(), &mut out).expect("streamed");
    let lines = lines(&out);
    let (last, progress) = lines.split_last().expect("lines");
    assert!(!progress.is_empty(), "no progress line");
    assert!(progress.iter().all(|line| line["progress"]["nodes"].is_u64()), "{progress:?}");
    let solution = &last["solution"];
    assert_eq!(solution["result"], "mate");
    assert_eq!(solution["moves"], 2);
    assert_eq!(solution["line"], serde_json::json!(["a0d0", "e9e8", "a1e1"]));
    assert_eq!(solution["no_mate_within"], 1);
    assert_eq!(solution["limit"], serde_json::Value::Null);
    assert_eq!(solution["notation"], "chinese");
    assert_eq!(solution["written"].as_array().map(Vec::len), Some(3));
}

#[test]
fn a_node_limit_is_an_unknown_answer_naming_it() {
    let search = request("depth=5&nodes=50").expect("a search");
    let mut out = Vec::new();
    stream(&search, &Solves::default(), &mut out).expect("streamed");
    let last = lines(&out).pop().expect("a line");
    assert_eq!(last["solution"]["result"], "unknown");
    assert_eq!(last["solution"]["limit"], "nodes");
}

#[test]
fn a_new_search_stops_the_oldest_when_the_table_is_full() {
    let solves = Solves::default();
    let first = solves.enter();
    let second = solves.enter();
    assert_eq!(solves.running(), 2);
    let third = solves.enter();
    assert!(first.stop.load(Ordering::Relaxed), "the oldest is stopped");
    assert!(!second.stop.load(Ordering::Relaxed));
    assert_eq!(solves.running(), MAX_SOLVES);
    drop((first, second, third));
    assert_eq!(solves.running(), 0);
}

/// A client that hangs up after the head: every write fails.
struct Gone;

impl Write for Gone {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::from(io::ErrorKind::BrokenPipe))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_client_gone_stops_the_search() {
    // The start position to a depth of 10 runs far beyond its 120 s.
    let search = request("depth=10&time=120").expect("a search");
    let began = Instant::now();
    let solves = Solves::default();
    assert!(stream(&search, &solves, &mut Gone).is_err());
    assert!(began.elapsed() < Duration::from_secs(60), "searched on for {:?}", began.elapsed());
    assert_eq!(solves.running(), 0);
}

#[test]
fn bad_requests_are_400_with_the_reason() {
    let error = |query: &str| {
        let reply = request(query).expect_err("refused");
        assert_eq!(reply.status, 400, "{query}");
        let json: serde_json::Value = serde_json::from_slice(&reply.body).expect("JSON");
        json["error"].as_str().unwrap_or("").to_string()
    };
    assert_eq!(error("depth=0"), "depth: the bound must be from 1 to 120 moves, not 0");
    assert_eq!(error("depth=121"), "depth: the bound must be from 1 to 120 moves, not 121");
    assert_eq!(error("depth=five"), "depth: 'five' is not a number");
    assert_eq!(error("time=0"), "time: '0': give seconds, more than 0 and at most 120");
    assert_eq!(error("time=121"), "time: '121': give seconds, more than 0 and at most 120");
    assert_eq!(error("nodes=-1"), "nodes: '-1' is not a number");
    assert!(error("fen=xyz").starts_with("FEN: "));
    assert!(error("moves=a0a5").starts_with("move 1: "));
    assert!(error("notation=klingon").starts_with("notation: "));
}

#[test]
fn chunks_are_framed_as_http_1_1_says() {
    let mut sent = Vec::new();
    let mut body = Chunked(&mut sent);
    body.write_all(b"{\"a\":1}\n").expect("written");
    body.write_all(b"").expect("written");
    body.write_all(b"x").expect("written");
    body.finish().expect("finished");
    assert_eq!(sent, b"8\r\n{\"a\":1}\n\r\n1\r\nx\r\n0\r\n\r\n");
}
