//! Why a case gets its verdict: the board and the rule that decided.

use core::fmt;

use board_geometry::prose::listed;
use board_geometry::render::{Labels, picture};
use board_geometry::{EightByEight, Offset, RowColumn, RowsFrom, SquareSet};

use super::{Case, Verdict};
use crate::Place;

/// The task's rows and columns: place `p` is row `p / 8`, column `p % 8`.
const ROWS: RowColumn = RowColumn::new(RowsFrom::Bottom, 0);

/// The rule that decided a case, in the order the rules are tried.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// King and queen stand on one place: `Illegal state`.
    SamePlace,
    /// The queen is asked to stay where it is: `Illegal move`.
    NoMove,
    /// The new place is on neither the queen's row nor its column: `Illegal move`.
    NotInLine,
    /// The king stands on the queen's way or on the new place: `Illegal move`.
    KingInTheWay,
    /// The new place is next to the king, which could take the queen: `Move not allowed`.
    NextToKing,
    /// The king still has places to step to: `Continue`.
    KingCanMove,
    /// Every place next to the king is on the queen's row or column: `Stop`.
    KingCannotMove,
}

impl Rule {
    /// The verdict this rule gives.
    #[must_use]
    pub const fn verdict(self) -> Verdict {
        match self {
            Rule::SamePlace => Verdict::IllegalState,
            Rule::NoMove | Rule::NotInLine | Rule::KingInTheWay => Verdict::IllegalMove,
            Rule::NextToKing => Verdict::MoveNotAllowed,
            Rule::KingCanMove => Verdict::Continue,
            Rule::KingCannotMove => Verdict::Stop,
        }
    }

    /// A short name for programs: `same_place`, `no_move`, `not_in_line`,
    /// `king_in_the_way`, `next_to_king`, `king_can_move`, `king_cannot_move`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::SamePlace => "same_place",
            Rule::NoMove => "no_move",
            Rule::NotInLine => "not_in_line",
            Rule::KingInTheWay => "king_in_the_way",
            Rule::NextToKing => "next_to_king",
            Rule::KingCanMove => "king_can_move",
            Rule::KingCannotMove => "king_cannot_move",
        }
    }
}

/// Why a case gets its verdict: the rule that decided, and where the king can
/// still step. `Display` writes the board (`K` king, `Q` queen, `q` where the
/// queen is to go, `*` a place the king can step to) and the rule in words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Explanation {
    case: Case,
    rule: Rule,
}

/// The places the king can step to: one place up, down, left or right.
fn king_steps(king: Place) -> impl Iterator<Item = Place> + Clone {
    Offset::ORTHOGONAL.into_iter().filter_map(move |step| king.offset(step))
}

impl Case {
    /// The rule that decides this case: it gives the same verdict as [`Case::verdict`].
    #[must_use]
    pub fn rule(self) -> Rule {
        let Case { king, queen, new_queen } = self;
        if king == queen {
            return Rule::SamePlace;
        }
        if new_queen == queen {
            return Rule::NoMove;
        }
        if queen.file() != new_queen.file() && queen.rank() != new_queen.rank() {
            return Rule::NotInLine;
        }
        if SquareSet::between(queen, new_queen).with(new_queen).contains(king) {
            return Rule::KingInTheWay;
        }
        if king_steps(king).any(|step| step == new_queen) {
            return Rule::NextToKing;
        }
        // Once the king has stepped to a place nothing stands between it and
        // the queen, so the queen covers every place of its row and column.
        if self.king_escapes().any() { Rule::KingCanMove } else { Rule::KingCannotMove }
    }

    /// The places next to the king that are on neither the new place's row nor its column.
    fn king_escapes(self) -> SquareSet<EightByEight> {
        king_steps(self.king)
            .filter(|step| step.file() != self.new_queen.file() && step.rank() != self.new_queen.rank())
            .collect()
    }

    /// Why the verdict is what it is.
    ///
    /// ```
    /// use kq_rules::tasks::correct_move::{Case, Rule};
    ///
    /// let case: Case = "56 48 49".parse()?;
    /// let explanation = case.explain();
    /// assert_eq!(explanation.rule(), Rule::KingCannotMove);
    /// assert!(explanation.to_string().ends_with("Verdict: Stop.\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explain(self) -> Explanation {
        Explanation { case: self, rule: self.rule() }
    }
}

impl Explanation {
    /// The case explained.
    #[must_use]
    pub const fn case(&self) -> Case {
        self.case
    }

    /// The rule that decided.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// The places the king can step to after the move, in place order: empty
    /// unless the move is allowed (the rule is [`Rule::KingCanMove`]).
    #[must_use]
    pub fn escapes(&self) -> Vec<Place> {
        match self.rule {
            Rule::KingCanMove => self.case.king_escapes().into_iter().collect(),
            _ => Vec::new(),
        }
    }
}

/// A place in words: `17 (row 2, column 1)`.
struct Named(Place);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (row {}, column {})", self.0.index(), ROWS.row(self.0), ROWS.column(self.0))
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Case { king, queen, new_queen } = self.case;
        writeln!(
            f,
            "King at {}, queen at {}, the queen to {}.",
            Named(king),
            Named(queen),
            Named(new_queen)
        )?;
        let escapes: SquareSet<EightByEight> = self.escapes().into_iter().collect();
        let cell = |place: Place| match place {
            _ if place == king => 'K',
            _ if place == queen => 'Q',
            _ if place == new_queen => 'q',
            _ if escapes.contains(place) => '*',
            _ => '.',
        };
        f.write_str(&picture::<EightByEight>(cell, Labels::RowColumn(ROWS)))?;
        let numbers = |places: Vec<Place>| listed(places.into_iter().map(Place::index), "and", "none");
        match self.rule {
            Rule::SamePlace => writeln!(f, "The king and the queen stand on the same place."),
            Rule::NoMove => {
                writeln!(f, "The queen is asked to move to the place it stands on: that is no move.")
            }
            Rule::NotInLine => writeln!(
                f,
                "{} is on neither the queen's row nor its column, and the queen moves only along them.",
                new_queen.index()
            ),
            Rule::KingInTheWay => {
                writeln!(
                    f,
                    "The king stands on the queen's way to {}: the queen may not pass or take it.",
                    new_queen.index()
                )
            }
            Rule::NextToKing => {
                writeln!(f, "{} is next to the king, which could take the queen there.", new_queen.index())
            }
            Rule::KingCanMove => writeln!(
                f,
                "The move is allowed, and the king can still step to {}, off the queen's row and column.",
                numbers(self.escapes())
            ),
            Rule::KingCannotMove => writeln!(
                f,
                "The move is allowed, and every place next to the king ({}) is on the queen's row or column: the king cannot move.",
                numbers(king_steps(king).collect())
            ),
        }?;
        writeln!(f, "Verdict: {}.", self.rule.verdict())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_gives_the_verdict_on_every_case() {
        for king in 0..64 {
            for queen in 0..64 {
                for new_queen in 0..64 {
                    let case = Case::from_numbers(king, queen, new_queen).unwrap();
                    assert_eq!(case.rule().verdict(), case.verdict(), "{case:?}");
                }
            }
        }
    }

    #[test]
    fn rules_have_the_names_json_output_shows() {
        let names: Vec<&str> = [
            Rule::SamePlace,
            Rule::NoMove,
            Rule::NotInLine,
            Rule::KingInTheWay,
            Rule::NextToKing,
            Rule::KingCanMove,
            Rule::KingCannotMove,
        ]
        .map(Rule::name)
        .to_vec();
        assert_eq!(
            names,
            [
                "same_place",
                "no_move",
                "not_in_line",
                "king_in_the_way",
                "next_to_king",
                "king_can_move",
                "king_cannot_move"
            ]
        );
    }

    #[test]
    fn the_official_sample_explained() {
        let rule = |line: &str| line.parse::<Case>().unwrap().rule();
        assert_eq!(rule("17 17 49"), Rule::SamePlace);
        assert_eq!(rule("17 49 56"), Rule::NotInLine);
        assert_eq!(rule("17 49 9"), Rule::KingInTheWay);
        assert_eq!(rule("17 49 17"), Rule::KingInTheWay);
        assert_eq!(rule("17 49 25"), Rule::NextToKing);
        assert_eq!(rule("17 49 49"), Rule::NoMove);
        assert_eq!(rule("56 48 49"), Rule::KingCannotMove);
        let explanation = "17 49 33".parse::<Case>().unwrap().explain();
        assert_eq!(explanation.rule(), Rule::KingCanMove);
        let escapes: Vec<u8> = explanation.escapes().iter().map(|place| place.index()).collect();
        assert_eq!(escapes, [16, 18]);
        let text = explanation.to_string();
        assert!(text.starts_with("King at 17 (row 2, column 1), queen at 49 (row 6, column 1), the queen to 33 (row 4, column 1).\n"));
        assert!(text.contains("\n2 * K * . . . . .\n"), "{text}");
        assert!(text.contains("\n6 . Q . . . . . .\n"), "{text}");
        assert!(text.contains("\n4 . q . . . . . .\n"), "{text}");
        assert!(
            text.ends_with(
                "can still step to 16 and 18, off the queen's row and column.\nVerdict: Continue.\n"
            ),
            "{text}"
        );
    }
}
