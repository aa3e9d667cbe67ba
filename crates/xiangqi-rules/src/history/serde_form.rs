//! A [`History`] through serde (the `serde` feature), as its docs describe.

use core::fmt;

use serde::de::{self, Deserializer};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::{History, Move, Outcome, Position, Rules};

impl Serialize for History {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The moves, written as a list without collecting them first.
        struct Moves<'a>(&'a History);

        impl Serialize for Moves<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.moves())
            }
        }

        let mut state = serializer.serialize_struct("History", 4)?;
        state.serialize_field("start", self.start())?;
        state.serialize_field("rules", &self.rules())?;
        state.serialize_field("moves", &Moves(self))?;
        state.serialize_field("outcome", &self.outcome())?;
        state.end()
    }
}

/// What a history is read from.
#[derive(Deserialize)]
#[serde(rename = "History", deny_unknown_fields)]
struct Written {
    start: Position,
    #[serde(default)]
    rules: Rules,
    #[serde(default)]
    moves: Vec<Move>,
    /// `None` when the field is left out; `Some(None)` when it is `null`.
    #[serde(default, deserialize_with = "present")]
    outcome: Option<Option<Outcome>>,
}

fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Option<Outcome>>, D::Error> {
    Option::<Outcome>::deserialize(deserializer).map(Some)
}

impl<'de> Deserialize<'de> for History {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<History, D::Error> {
        let written = Written::deserialize(deserializer)?;
        let mut history = History::with_rules(written.start, written.rules);
        for (index, &mv) in written.moves.iter().enumerate() {
            history
                .play(mv)
                .map_err(|error| de::Error::custom(format_args!("move {} ({mv}): {error}", index + 1)))?;
        }
        match written.outcome {
            Some(outcome) if outcome != history.outcome() => Err(de::Error::custom(format_args!(
                "the outcome written ({}) is not the one the moves lead to ({})",
                Ending(outcome),
                Ending(history.outcome())
            ))),
            _ => Ok(history),
        }
    }
}

/// An outcome in a message, or that the game goes on.
struct Ending(Option<Outcome>);

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(outcome) => outcome.fmt(f),
            None => f.write_str("the game goes on"),
        }
    }
}
