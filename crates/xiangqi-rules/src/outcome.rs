//! How a game ends: the result, the reason and the side ruled against.

use core::fmt;

use crate::{Color, GameResult};

// The derives, `#[non_exhaustive]`, the serde form (tagged by the reason) and
// `against`, as every game's outcome has them.
board_geometry::outcome! {
    side: Color,
    /// How a game has ended.
    ///
    /// A [`Position`](crate::Position) alone knows two endings: the side to move
    /// has no legal move and has lost, in check (checkmate) or not (stalemate,
    /// which loses too in xiangqi). A [`History`](crate::History), which knows
    /// the moves that led there, also rules on repetitions, the move limit and
    /// material that cannot mate (the rules of the crate's rules document,
    /// [`rules`](crate::rules), as the Asian Xiangqi Federation's rules are
    /// read by strong engines).
    ///
    /// ```
    /// use xiangqi_rules::{Color, GameResult, Outcome, Position};
    ///
    /// let position: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse()?;
    /// let outcome = position.outcome().expect("black is mated");
    /// assert_eq!(outcome, Outcome::Checkmate { winner: Color::Red });
    /// assert_eq!((outcome.result(), outcome.against()), (GameResult::RedWins, Some(Color::Black)));
    /// assert_eq!(outcome.to_string(), "black is checkmated: red wins");
    /// # Ok::<(), xiangqi_rules::ParsePositionError>(())
    /// ```
    ///
    /// New endings may be added, so a `match` needs a catch-all arm; the
    /// accessors ([`Outcome::result`], [`Outcome::reason`], [`Outcome::against`],
    /// [`Outcome::cycle`]) answer for every ending.
    pub enum Outcome {
        /// The loser is in check and has no legal move.
        Checkmate {
            /// The side that gave mate.
            winner: Color,
        },
        /// The loser is not in check but has no legal move.
        Stalemate {
            /// The side whose opponent cannot move.
            winner: Color,
        },
        /// A position occurred for the third time, and one side gave check with
        /// every one of its moves since the first time (the other did not): it
        /// loses.
        PerpetualCheck {
            /// The side that did not check perpetually.
            winner: Color,
            /// The plies ruled on.
            cycle: Cycle,
        },
        /// A position occurred for the third time, no move since the first time
        /// gave check, and one side chased the same unprotected piece with every
        /// one of its moves (the other did not chase): it loses.
        PerpetualChase {
            /// The side that did not chase perpetually.
            winner: Color,
            /// The plies ruled on.
            cycle: Cycle,
        },
        /// A position occurred for the third time and both sides were equally at
        /// fault: both checked perpetually, or (with no check) both chased: a draw.
        MutualPerpetual {
            /// The plies ruled on.
            cycle: Cycle,
        },
        /// A position occurred for the third time, and neither side checked or
        /// chased perpetually: a draw.
        Repetition {
            /// The plies ruled on.
            cycle: Cycle,
        },
        /// 120 plies in a row passed without a capture (checks beyond a side's
        /// tenth and the replies to them not counted), and the side to move has
        /// a legal move: a draw.
        MoveLimit {
            /// The plies counted towards the limit: 120, the limit. The plies
            /// passed since the last capture may be more
            /// ([`History::plies_since_capture`](crate::History::plies_since_capture)).
            plies: u32,
        },
        /// No sequence of legal moves can mate with the material on the board
        /// (no soldier, chariot or horse, and no cannon with a screen it
        /// could ever check over; the rules document, [`rules`](crate::rules),
        /// lists the classes): a draw.
        InsufficientMaterial,
    }
}

/// The plies a repetition ruling looked at: from the first of the three
/// occurrences of the position to the third, counted from the start of the
/// game (ply 0 is the start position, ply `n` the position after `n` moves).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cycle {
    /// The ply of the first occurrence.
    pub first_ply: u32,
    /// The ply of the third occurrence: the last move played.
    pub last_ply: u32,
}

/// Why a game ended, one word for each kind of [`Outcome`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Reason {
    /// [`Outcome::Checkmate`].
    Checkmate,
    /// [`Outcome::Stalemate`].
    Stalemate,
    /// [`Outcome::PerpetualCheck`].
    PerpetualCheck,
    /// [`Outcome::PerpetualChase`].
    PerpetualChase,
    /// [`Outcome::MutualPerpetual`].
    MutualPerpetual,
    /// [`Outcome::Repetition`].
    Repetition,
    /// [`Outcome::MoveLimit`].
    MoveLimit,
    /// [`Outcome::InsufficientMaterial`].
    InsufficientMaterial,
}

impl Reason {
    /// Every reason, in the order of the variants.
    pub const ALL: [Reason; 8] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::PerpetualCheck,
        Reason::PerpetualChase,
        Reason::MutualPerpetual,
        Reason::Repetition,
        Reason::MoveLimit,
        Reason::InsufficientMaterial,
    ];

    /// The reason as one lower-case word, as the JSON output names it:
    /// `checkmate`, `stalemate`, `perpetual-check`, `perpetual-chase`,
    /// `mutual-perpetual`, `repetition`, `move-limit` or `insufficient-material`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::PerpetualChase => "perpetual-chase",
            Reason::MutualPerpetual => "mutual-perpetual",
            Reason::Repetition => "repetition",
            Reason::MoveLimit => "move-limit",
            Reason::InsufficientMaterial => "insufficient-material",
        }
    }
}

board_geometry::impl_named!(Reason, "a reason a game ends");

impl Outcome {
    /// The side that won, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner }
            | Outcome::Stalemate { winner }
            | Outcome::PerpetualCheck { winner, .. }
            | Outcome::PerpetualChase { winner, .. } => Some(winner),
            Outcome::MutualPerpetual { .. }
            | Outcome::Repetition { .. }
            | Outcome::MoveLimit { .. }
            | Outcome::InsufficientMaterial => None,
        }
    }

    /// The result: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn result(self) -> GameResult {
        match self.winner() {
            Some(Color::Red) => GameResult::RedWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// Why the game ended.
    #[must_use]
    pub const fn reason(self) -> Reason {
        match self {
            Outcome::Checkmate { .. } => Reason::Checkmate,
            Outcome::Stalemate { .. } => Reason::Stalemate,
            Outcome::PerpetualCheck { .. } => Reason::PerpetualCheck,
            Outcome::PerpetualChase { .. } => Reason::PerpetualChase,
            Outcome::MutualPerpetual { .. } => Reason::MutualPerpetual,
            Outcome::Repetition { .. } => Reason::Repetition,
            Outcome::MoveLimit { .. } => Reason::MoveLimit,
            Outcome::InsufficientMaterial => Reason::InsufficientMaterial,
        }
    }

    /// The plies a repetition ruling looked at, for the endings by repetition.
    #[must_use]
    pub const fn cycle(self) -> Option<Cycle> {
        match self {
            Outcome::PerpetualCheck { cycle, .. }
            | Outcome::PerpetualChase { cycle, .. }
            | Outcome::MutualPerpetual { cycle }
            | Outcome::Repetition { cycle } => Some(cycle),
            Outcome::Checkmate { .. }
            | Outcome::Stalemate { .. }
            | Outcome::MoveLimit { .. }
            | Outcome::InsufficientMaterial => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// The ending in words, with the result: `black is checkmated: red wins`,
    /// `the position of ply 3 has occurred three times (plies 3-11); red gave
    /// check with every move of that cycle (perpetual check) and black did
    /// not: black wins`. [`History::explain`](crate::History::explain) says
    /// it with the moves written out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let thrice = |f: &mut fmt::Formatter<'_>, cycle: Cycle| {
            write!(
                f,
                "the position of ply {} has occurred three times (plies {}-{})",
                cycle.first_ply, cycle.first_ply, cycle.last_ply
            )
        };
        match *self {
            Outcome::Checkmate { winner } => write!(f, "{} is checkmated: {winner} wins", winner.opponent()),
            Outcome::Stalemate { winner } => {
                write!(f, "{} is stalemated, which loses in xiangqi: {winner} wins", winner.opponent())
            }
            Outcome::PerpetualCheck { winner, cycle } => {
                thrice(f, cycle)?;
                write!(
                    f,
                    "; {} gave check with every move of that cycle (perpetual check) and {winner} did not: \
                     {winner} wins",
                    winner.opponent()
                )
            }
            Outcome::PerpetualChase { winner, cycle } => {
                thrice(f, cycle)?;
                write!(
                    f,
                    "; {} chased the same unprotected piece with every move of that cycle (perpetual \
                     chase) and {winner} did not: {winner} wins",
                    winner.opponent()
                )
            }
            Outcome::MutualPerpetual { cycle } => {
                thrice(f, cycle)?;
                f.write_str("; both sides checked or chased with every move of that cycle: a draw")
            }
            Outcome::Repetition { cycle } => {
                thrice(f, cycle)?;
                f.write_str("; neither side checked or chased with every move of that cycle: a draw")
            }
            Outcome::MoveLimit { plies } => {
                write!(f, "{plies} plies ({} moves each) without a capture: a draw", plies / 2)
            }
            Outcome::InsufficientMaterial => {
                f.write_str("neither side has a soldier, chariot, horse or cannon left to mate with: a draw")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_answers_its_result_reason_and_side() {
        let cycle = Cycle { first_ply: 0, last_ply: 8 };
        let cases = [
            (Outcome::Checkmate { winner: Color::Red }, "1-0", "checkmate", Some(Color::Black), None),
            (Outcome::Stalemate { winner: Color::Black }, "0-1", "stalemate", Some(Color::Red), None),
            (
                Outcome::PerpetualCheck { winner: Color::Black, cycle },
                "0-1",
                "perpetual-check",
                Some(Color::Red),
                Some(cycle),
            ),
            (
                Outcome::PerpetualChase { winner: Color::Red, cycle },
                "1-0",
                "perpetual-chase",
                Some(Color::Black),
                Some(cycle),
            ),
            (Outcome::MutualPerpetual { cycle }, "1/2-1/2", "mutual-perpetual", None, Some(cycle)),
            (Outcome::Repetition { cycle }, "1/2-1/2", "repetition", None, Some(cycle)),
            (Outcome::MoveLimit { plies: 120 }, "1/2-1/2", "move-limit", None, None),
            (Outcome::InsufficientMaterial, "1/2-1/2", "insufficient-material", None, None),
        ];
        for (outcome, result, reason, against, in_cycle) in cases {
            assert_eq!(outcome.result().as_str(), result, "{outcome:?}");
            assert_eq!(outcome.reason().name(), reason);
            assert_eq!(outcome.against(), against);
            assert_eq!(outcome.winner(), against.map(Color::opponent));
            assert_eq!(outcome.cycle(), in_cycle);
        }
    }

    #[test]
    fn endings_are_told_in_words() {
        let cycle = Cycle { first_ply: 3, last_ply: 11 };
        assert_eq!(
            Outcome::PerpetualCheck { winner: Color::Black, cycle }.to_string(),
            "the position of ply 3 has occurred three times (plies 3-11); red gave check with every \
             move of that cycle (perpetual check) and black did not: black wins"
        );
        assert_eq!(
            Outcome::Repetition { cycle }.to_string(),
            "the position of ply 3 has occurred three times (plies 3-11); neither side checked or \
             chased with every move of that cycle: a draw"
        );
        assert_eq!(
            Outcome::MoveLimit { plies: 120 }.to_string(),
            "120 plies (60 moves each) without a capture: a draw"
        );
    }
}
