//! The fast ways against the slow ones, on the same text: plain cases read a
//! whole case at a time and token by token give the same cases, the same
//! answers and the same errors; the verdicts worked out on the task's small
//! board are the engine's.

use std::io::{self, Read};
use std::path::Path;

use board_geometry::random::Random;
use board_geometry::text_input::TextPosition;

use super::endgame::tests::random_case;
use super::generate::{GenerateOptions, Generator, write_input};
use super::{Options, Reader, Verdict, judge};

/// What a reading gives: each case's number, the place of its header (when
/// read as a [`Case`](super::Case)) and its verdict, then the error, if any.
#[derive(Debug, PartialEq)]
struct Reading {
    cases: Vec<(u64, Option<TextPosition>, Verdict)>,
    error: Option<String>,
}

/// Reads every case as a [`Case`](super::Case), answered by the engine.
fn by_cases(mut reader: Reader<impl Read>) -> Reading {
    let mut cases = Vec::new();
    loop {
        match reader.next_case() {
            Ok(Some(case)) => cases.push((case.number(), Some(case.header()), case.verdict())),
            Ok(None) => return Reading { cases, error: None },
            Err(error) => return Reading { cases, error: Some(error.to_string()) },
        }
    }
}

/// Reads every case for its verdict alone, worked out on the small board.
fn by_verdicts(mut reader: Reader<impl Read>) -> Reading {
    let mut cases = Vec::new();
    loop {
        match reader.next_verdict() {
            Ok(Some(verdict)) => cases.push((cases.len() as u64 + 1, None, verdict)),
            Ok(None) => return Reading { cases, error: None },
            Err(error) => return Reading { cases, error: Some(error.to_string()) },
        }
    }
}

/// Input handed out in pieces of random sizes, as pipes and terminals do.
struct Trickle<'a> {
    text: &'a [u8],
    random: Random,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let most = [1, 7, 64, 4096, usize::MAX][self.random.index(5)];
        let len = self.text.len().min(out.len()).min(most);
        out[..len].copy_from_slice(&self.text[..len]);
        self.text = &self.text[len..];
        Ok(len)
    }
}

/// Holds every way of reading `text` to the token by token reading of cases
/// answered by the engine; returns that reading.
fn same_every_way(text: &[u8], seed: u64) -> Reading {
    let context = || String::from_utf8_lossy(&text[..text.len().min(2000)]).into_owned();
    let tokens = by_cases(Reader::token_by_token(text));
    assert_eq!(by_cases(Reader::new(text)), tokens, "{:?}", context());
    let trickle = Trickle { text, random: Random::new(seed) };
    assert_eq!(by_cases(Reader::new(trickle)), tokens, "{:?} read in pieces", context());
    let verdicts = Reading {
        cases: tokens.cases.iter().map(|&(number, _, verdict)| (number, None, verdict)).collect(),
        error: tokens.error.clone(),
    };
    assert_eq!(by_verdicts(Reader::new(text)), verdicts, "{:?}", context());
    let trickle = Trickle { text, random: Random::new(seed + 1) };
    assert_eq!(by_verdicts(Reader::new(trickle)), verdicts, "{:?} read in pieces", context());
    // And the judge's own output: the answers before the error, then the error.
    let mut output = Vec::new();
    let error = judge(text, &mut output, &Options::default()).err().map(|error| error.to_string());
    let answers: String = tokens.cases.iter().map(|&(_, _, verdict)| verdict.line()).collect();
    assert_eq!((String::from_utf8(output).unwrap(), error), (answers, tokens.error.clone()));
    tokens
}

/// Cases in the judge's format: generated ones (keeping every promise) and
/// random ones (generals facing, no check, up to 16 red pieces).
fn cases_text(random: &mut Random, count: u64) -> String {
    let options =
        GenerateOptions { yes_share: random.between(0, 10) as f64 / 10.0, ..GenerateOptions::default() };
    let mut generated = Generator::new(random.next_u64(), &options).unwrap();
    let cases: Vec<_> = (1..=count)
        .map(
            |number| if random.chance(0.7) { generated.next_case() } else { random_case(random, number, 15) },
        )
        .collect();
    let mut text = Vec::new();
    write_input(&cases, &mut text).unwrap();
    String::from_utf8(text).unwrap()
}

/// `text` laid out anew here and there: a line's tokens split by other
/// whitespace or run together with the next line's, other line ends, blank
/// lines, spaces before and after.
fn relaid(random: &mut Random, text: &str) -> String {
    const BLANKS: [&str; 9] = [" ", "  ", "\t", "\n", "\r\n", "\r", "\n\n", " \r\n \n", "\x0c"];
    let mut out = String::new();
    for line in text.lines() {
        if random.chance(0.15) {
            for token in line.split_ascii_whitespace() {
                out.push_str(token);
                out.push_str(random.pick(&BLANKS).unwrap());
            }
        } else {
            out.push_str(line);
            if random.chance(0.1) {
                out.push_str(random.pick(&BLANKS).unwrap());
            }
            out.push_str(if random.chance(0.9) { "\n" } else { random.pick(&BLANKS).unwrap() });
        }
    }
    out
}

/// `text` with something wrong, now and then, somewhere: a token changed,
/// dropped or doubled, a line doubled or dropped, the text cut short, or
/// something after its end.
fn spoiled(random: &mut Random, text: &str) -> String {
    const TOKENS: [&str; 16] = [
        "x",
        "-1",
        "17",
        "0",
        "11",
        "10",
        "9",
        "G",
        "R",
        "H",
        "P",
        "007",
        "+3",
        "99999999999999999999",
        "1",
        "5",
    ];
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let at = random.index(lines.len());
    let mut tokens: Vec<String> = lines[at].split_ascii_whitespace().map(str::to_string).collect();
    match random.below(8) {
        0 | 1 if !tokens.is_empty() => {
            let token = random.index(tokens.len());
            tokens[token] = random.pick(&TOKENS).unwrap().to_string();
        }
        2 if !tokens.is_empty() => {
            tokens.remove(random.index(tokens.len()));
        }
        3 if !tokens.is_empty() => {
            let token = random.index(tokens.len());
            tokens.insert(token, tokens[token].clone());
        }
        4 => lines.insert(at, lines[at].clone()),
        5 => tokens.clear(),
        6 => {
            let mut cut = random.index(text.len() + 1);
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            return text[..cut].to_string();
        }
        _ => {
            return format!("{text}{}", random.pick(&["0", " x", "\n2 1 4\n", "\n\n\t", "0 0 0\n"]).unwrap());
        }
    }
    lines[at] = tokens.join(" ");
    lines.join("\n") + "\n"
}

#[test]
fn plain_and_token_by_token_reading_agree_on_inputs_good_and_bad() {
    let mut random = Random::new(1589);
    let mut errors = 0;
    for round in 0..600 {
        let count = random.between(1, 12) as u64;
        let text = cases_text(&mut random, count);
        let text = if round % 3 == 0 { text } else { relaid(&mut random, &text) };
        let text = if round % 4 == 0 { text } else { spoiled(&mut random, &text) };
        errors += usize::from(same_every_way(text.as_bytes(), round).error.is_some());
    }
    assert!((200..550).contains(&errors), "{errors} inputs of 600 with an error");
}

#[test]
fn every_byte_changed_dropped_or_added_reads_alike() {
    const BYTES: &[u8] = b"09:/ \n\r\tGRHCA-+";
    let text: &[u8] = b"2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nH 4 5\nG 10 5\nC 7 5\n\n0 0 0\n";
    let mut round = 0;
    for at in 0..=text.len() {
        let mut variants = vec![[&text[..at], &text[(at + 1).min(text.len())..]].concat()];
        for &byte in BYTES {
            variants.push([&text[..at], &[byte], &text[at..]].concat());
            if at < text.len() {
                variants.push([&text[..at], &[byte], &text[at + 1..]].concat());
            }
        }
        for variant in variants {
            same_every_way(&variant, round);
            round += 1;
        }
    }
}

#[test]
fn cases_across_the_buffers_edge_are_read_alike() {
    let mut random = Random::new(4001);
    for round in 0..6 {
        // Well over the scanner's 64 KB, many plain cases pending at its edges.
        let text = cases_text(&mut random, 4000);
        let text = if round % 2 == 0 { text } else { relaid(&mut random, &text) };
        let text = if round < 2 { text } else { spoiled(&mut random, &text) };
        let reading = same_every_way(text.as_bytes(), round);
        assert!(round >= 2 || reading.cases.len() == 4000);
    }
}

#[test]
fn a_case_is_answered_without_waiting_for_more_than_the_next_token() {
    /// A terminal: the lines typed so far, one a read, then it would wait.
    struct Typed(Vec<&'static str>);
    impl Read for Typed {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("waiting for a key"));
            }
            let line = self.0.remove(0);
            out[..line.len()].copy_from_slice(line.as_bytes());
            Ok(line.len())
        }
    }
    for (typed, answers) in [
        (vec!["2 1 4\n", "G 10 5\n", "R 6 4\n", "3 1 5\n"], "YES\n"),
        (vec!["2 1 4\nG 10 5\nR 6 4\n\n3 1 5\n"], "YES\n"),
        (vec!["2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nH 4 5\n", "G 10 5\nC 7 5\n\n0 "], "YES\nNO\n"),
    ] {
        let mut output = Vec::new();
        let error = judge(Typed(typed), &mut output, &Options::default()).unwrap_err();
        assert!(error.to_string().ends_with("waiting for a key"), "{error}");
        assert_eq!(String::from_utf8(output).unwrap(), answers);
    }
}

#[test]
fn every_fixture_reads_alike_every_way() {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/checkmate");
    let mut inputs = 0;
    for entry in std::fs::read_dir(&directory).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "in") {
            same_every_way(&std::fs::read(&path).unwrap(), inputs);
            inputs += 1;
        }
    }
    assert!(inputs > 30, "{inputs} fixtures in {}", directory.display());
}
