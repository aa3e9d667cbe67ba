//! A `xiangqi serve` started for a test, and a plain HTTP/1.1 client to
//! ask it: included by `tests/serve.rs` and `tests/serve_browser.rs`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A server on a free port of 127.0.0.1, killed when dropped.
pub(crate) struct Served {
    pub(crate) child: Child,
    pub(crate) address: SocketAddr,
    /// The page's URL, as the server printed it.
    #[allow(dead_code, reason = "only the browser test opens the page")]
    pub(crate) url: String,
}

impl Served {
    /// Starts `xiangqi serve --port 0 ARGS...` and waits for the URL it prints.
    pub(crate) fn start(args: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .arg("serve")
            .args(["--port", "0"])
            .args(args)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("xiangqi serve starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("its standard output"));
        let url = loop {
            let mut line = String::new();
            assert!(stdout.read_line(&mut line).expect("a line") > 0, "the server printed no URL");
            if let Some(rest) = line.strip_prefix("serving on ") {
                break rest.split_whitespace().next().unwrap_or("").to_string();
            }
        };
        let address = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|_| panic!("an address in {url}"));
        Served { child, address, url }
    }

    /// Sends `request` (whole, with its head) and reads the whole answer.
    pub(crate) fn send(&self, request: &[u8]) -> Answer {
        let mut stream = TcpStream::connect(self.address).expect("a connection");
        stream.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
        stream.write_all(request).expect("the request is sent");
        read_answer(&mut stream)
    }

    /// `GET target`.
    pub(crate) fn get(&self, target: &str) -> Answer {
        self.send(format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").as_bytes())
    }

    /// `POST target` with `body`.
    #[allow(dead_code, reason = "only the API test posts")]
    pub(crate) fn post(&self, target: &str, body: &[u8]) -> Answer {
        let mut request = format!(
            "POST {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        request.extend_from_slice(body);
        self.send(&request)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    #[allow(dead_code, reason = "only the API test reads the head")]
    pub(crate) head: String,
    pub(crate) body: Vec<u8>,
}

impl Answer {
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|error| panic!("{error}: {}", String::from_utf8_lossy(&self.body)))
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The `error` of a JSON error answer.
    pub(crate) fn error(&self) -> String {
        self.json()["error"].as_str().unwrap_or_else(|| panic!("no error in {}", self.text())).to_string()
    }
}

/// Reads an answer: its head, then the body its `Content-Length` gives, or
/// to the end of the stream (the requests say `Connection: close`, which
/// not every server honours at once).
pub(crate) fn read_answer(stream: &mut TcpStream) -> Answer {
    let mut bytes = Vec::new();
    let mut buffer = [0; 64 * 1024];
    let split = loop {
        if let Some(split) = bytes.windows(4).position(|window| window == b"\r\n\r\n") {
            break split;
        }
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => panic!("the answer ends inside its head: {}", String::from_utf8_lossy(&bytes)),
            Ok(count) => bytes.extend_from_slice(&buffer[..count]),
        }
    };
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let status = head.split_whitespace().nth(1).and_then(|code| code.parse().ok()).expect("a status");
    let length = head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("content-length").then(|| value.trim().parse::<usize>().ok()).flatten()
    });
    let mut body = bytes[split + 4..].to_vec();
    match length {
        Some(length) => {
            while body.len() < length {
                match stream.read(&mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(count) => body.extend_from_slice(&buffer[..count]),
                }
            }
        }
        None => {
            let _ = stream.read_to_end(&mut body);
        }
    }
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = unchunk(&body);
    }
    Answer { status, head, body }
}

fn unchunk(mut bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = bytes.windows(2).position(|window| window == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&bytes[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend_from_slice(&bytes[end + 2..end + 2 + size]);
        bytes = &bytes[end + 4 + size..];
    }
    out
}

/// `text` percent-encoded for a query.
pub(crate) fn encode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b',' => {
                char::from(byte).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// A record with a comment before the first move, a comment on a move, and
/// a variation holding a comment and a variation of its own, built by our
/// own writer as DhtmlXQ.
pub(crate) fn record_with_variations() -> Vec<u8> {
    use xiangqi_rules::Position;
    use xiangqi_rules::record::{Node, Record, write_dhtmlxq};
    let node = |text: &str| Node::new(text.parse().expect("a move"));
    let mut record = Record::new(Position::start());
    record.set_tag("Event", "variations");
    record.comment = Some("a quiet opening".to_string());
    let mut cannon = node("h2e2");
    cannon.comment = Some("the central cannon".to_string());
    let mut horse = node("h9g7");
    let mut other = node("b9c7");
    other.comment = Some("the other horse".to_string());
    let mut deeper = node("b0c2");
    deeper.comment = Some("red's other horse".to_string());
    let mut reply = node("h0g2");
    reply.variations.push(vec![deeper]);
    horse.variations.push(vec![other, reply]);
    record.moves = vec![cannon, horse, node("h0g2")];
    let mut bytes = Vec::new();
    write_dhtmlxq(&record, &mut bytes).expect("written");
    bytes
}
