//! The four judge formats, fed random and mutated input.

use std::io::Write;

use board_geometry::random::Random;
use board_geometry::text_input::{StreamError, TextPosition};

use super::inputs::{self, Input};
use super::mutate::{mutate, noise};
use super::{current, fail};

/// Runs a judge on `input`: the output, and the place of an input error.
type Judge = fn(&[u8], &mut Vec<u8>) -> Result<(), Option<TextPosition>>;

fn located<E>(result: Result<(), StreamError<E>>) -> Result<(), Option<TextPosition>> {
    match result {
        Ok(()) => Ok(()),
        Err(StreamError::Input(error)) => Err(error.position()),
        Err(_) => Err(None),
    }
}

fn run_checkmate(input: &[u8], output: &mut Vec<u8>) -> Result<(), Option<TextPosition>> {
    use xiangqi_rules::tasks::checkmate::{Options, judge};
    located(judge(input, output, &Options::default()))
}

fn run_horse(input: &[u8], output: &mut Vec<u8>) -> Result<(), Option<TextPosition>> {
    use xiangqi_rules::tasks::horse::{Options, judge};
    located(judge(input, output, &Options::default()))
}

fn run_duck(input: &[u8], output: &mut Vec<u8>) -> Result<(), Option<TextPosition>> {
    use duck_rules::tasks::replay::{Options, judge};
    located(judge(input, output, &Options::default()))
}

fn run_kq(input: &[u8], output: &mut Vec<u8>) -> Result<(), Option<TextPosition>> {
    use kq_rules::tasks::correct_move::{Options, judge};
    located(judge(input, output, &Options::default()))
}

/// The lines of `text`, as every format counts them (`\n`, `\r\n` or `\r` ends a line).
fn line_lengths(text: &[u8]) -> Vec<u64> {
    let mut lengths = vec![0u64];
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'\r' if text.get(i + 1) == Some(&b'\n') => {
                lengths.push(0);
                i += 1;
            }
            b'\r' | b'\n' => lengths.push(0),
            _ => *lengths.last_mut().unwrap_or(&mut 0) += 1,
        }
        i += 1;
    }
    lengths
}

/// Checks that an error's place is inside the input: on one of its lines,
/// at most one column past the line's end (the byte-order mark aside).
fn check_position(target: &str, input: &[u8], position: TextPosition) {
    let lines = line_lengths(input);
    let Some(&length) = usize::try_from(position.line - 1).ok().and_then(|line| lines.get(line)) else {
        fail(
            target,
            input,
            &format!("the error is on line {}, past the {} lines", position.line, lines.len()),
        )
    };
    if position.column == 0 || position.column > length + 1 {
        fail(
            target,
            input,
            &format!("the error's column {} is off its line of {length} bytes", position.column),
        );
    }
}

/// The answers of `output`, one unit a case.
fn units(output: &[u8], blocks: bool) -> Vec<String> {
    let text = String::from_utf8_lossy(output);
    if blocks {
        text.split("\n\n")
            .map(|unit| unit.trim_end_matches('\n').to_string())
            .filter(|unit| !unit.is_empty())
            .collect()
    } else {
        text.lines().map(str::to_string).collect()
    }
}

/// Random bytes, a valid input, and mutations of it through `judge`, with
/// the contract's properties checked.
fn fuzz(
    target: &'static str,
    random: &mut Random,
    generate: fn(&mut Random) -> Input,
    judge: Judge,
    blocks: bool,
) {
    let noise = noise(random);
    current(target, &noise);
    let mut output = Vec::new();
    if let Err(Some(position)) = judge(&noise, &mut output) {
        check_position(target, &noise, position);
    }

    let Input { text, answered_by } = generate(random);
    current(target, text.as_bytes());
    let mut expected = Vec::new();
    if judge(text.as_bytes(), &mut expected).is_err() {
        fail(target, text.as_bytes(), "a valid input is refused");
    }
    let expected = units(&expected, blocks);
    if expected.len() != answered_by.len() {
        fail(target, text.as_bytes(), "a valid input gets the wrong number of answers");
    }

    let mutated = mutate(text.as_bytes(), random);
    current(target, &mutated.bytes);
    let mut output = Vec::new();
    let result = judge(&mutated.bytes, &mut output);
    if let Err(Some(position)) = result {
        check_position(target, &mutated.bytes, position);
    }
    // The cases read whole before the first change keep their answers.
    let untouched = answered_by.iter().take_while(|&&end| end < mutated.first_change).count();
    let answers = units(&output, blocks);
    if answers.len() < untouched || answers[..untouched] != expected[..untouched] {
        fail(target, &mutated.bytes, &format!("the answers to the first {untouched} cases changed"));
    }
    let _ = std::io::sink().write_all(&output);
}

pub(crate) fn checkmate(random: &mut Random) {
    fuzz("checkmate", random, inputs::checkmate, run_checkmate, false);
}

pub(crate) fn horse(random: &mut Random) {
    fuzz("horse", random, inputs::horse, run_horse, true);
}

pub(crate) fn duck_replay(random: &mut Random) {
    fuzz("duck-replay", random, inputs::duck_log, run_duck, false);
}

pub(crate) fn kq(random: &mut Random) {
    fuzz("kq", random, inputs::kq, run_kq, false);
}
