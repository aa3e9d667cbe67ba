//! The fast path: the judge's answers at the pace of a hand-written
//! solution, from a compact game of its own ([`referee`]) that answers each
//! command with the number of its line, written a block at a time
//! ([`answers`]), reading plain commands straight from the input's buffer.
//! The tests hold every answer to the engine's.

mod answers;
mod referee;

use std::io::{Read, Write};

use board_geometry::text_input::StreamError;

use super::{CaseError, Reader};
use crate::Position;
use answers::Answers;
use referee::Referee;

/// The judge's lines for the log in `input`, with no reasons: see
/// [`judge`](super::judge).
pub(super) fn judge(input: impl Read, output: impl Write) -> Result<(), StreamError<CaseError>> {
    let mut log = Reader::new(input);
    let mut referee = Referee::new(&Position::start());
    let mut answers = Answers::new(output);
    let outcome = loop {
        // Every command the input read so far holds is answered into the
        // block of answers, which goes out before anything that may wait for
        // more input: at a terminal each answer still shows as its line ends.
        let room = answers.room();
        let mut taken =
            log.take_buffered_commands(room, |command| answers.push_in_room(referee.play(command)));
        if taken < room {
            // The rest laid out otherwise, if so.
            taken += log.take_spaced_commands(room - taken, &mut |command| {
                answers.push_in_room(referee.play(command));
            });
        }
        if taken == room {
            // The run stopped for room in the block, not for want of input:
            // a full block goes out, and the run goes on.
            if answers.is_full() {
                answers.write_out().map_err(StreamError::Write)?;
            }
            continue;
        }
        answers.write_out().map_err(StreamError::Write)?;
        match log.next_case() {
            Ok(Some(command)) => answers.push(referee.play(command)).map_err(StreamError::Write)?,
            Ok(None) => break Ok(()),
            Err(error) => break Err(StreamError::Input(error)),
        }
    };
    // On bad input, the answers before it are out before the error.
    answers.flush().map_err(StreamError::Write)?;
    outcome
}
