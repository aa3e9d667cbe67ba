//! What WXF and Chinese notation share: a move told by its piece, where that
//! piece stands among its kind, a direction seen from the mover's side, and a
//! number. Each notation names the standing piece its own way (a
//! [`Designation`]); finding the move a text means, and saying why none fits,
//! is common to both.

use crate::notation::legality::{Refusal, refusal};
use crate::notation::{Crowding, NoSuchMove, NotationError, PieceName};
use crate::{Board, Color, File, Move, Piece, PieceKind, Position, Rank, Square, SquareSet};

/// Which way a piece moves in WXF and Chinese notation, seen from its own
/// side of the board (not board-geometry's compass
/// [`Direction`](crate::Direction)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Toward the opponent: `+`, 进.
    Forward,
    /// Toward its own side: `-`, 退.
    Backward,
    /// Along the rank: `.`, 平.
    Sideways,
}

/// Which of several pieces of a kind on one file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// The one nearest the opponent.
    Front,
    /// The middle one of three (or of five).
    Middle,
    /// The one nearest its own side.
    Rear,
}

impl Mark {
    /// Whether the piece `index` places from the front, of `on_file` on its file, is this one.
    pub(crate) fn fits(self, standing: Standing) -> bool {
        let Standing { index, on_file, .. } = standing;
        on_file >= 2
            && match self {
                Mark::Front => index == 0,
                Mark::Rear => index + 1 == on_file,
                Mark::Middle => on_file % 2 == 1 && index == on_file / 2,
            }
    }

    /// The mark of the piece `index` places from the front of `on_file`.
    pub(crate) const fn of(standing: Standing) -> Mark {
        if standing.index == 0 {
            Mark::Front
        } else if standing.index + 1 == standing.on_file {
            Mark::Rear
        } else {
            Mark::Middle
        }
    }
}

/// Where a piece stands among the pieces of its side and kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Standing {
    /// Its file, numbered 1..9 from its own side's right.
    pub(crate) file: u8,
    /// How many pieces of its kind stand in front of it on its file (0: the foremost).
    pub(crate) index: u8,
    /// How many pieces of its kind stand on its file, itself included.
    pub(crate) on_file: u8,
    /// How many files hold two or more pieces of its kind.
    pub(crate) doubled_files: u8,
    /// Its place, from 1, among the pieces of its kind on doubled files, counting
    /// files from its side's right, then front to back on each; 0 if its file is not doubled.
    pub(crate) across_doubled_files: u8,
}

/// How a notation names the piece that moves.
pub(crate) trait Designation: Copy + Eq {
    /// The name the notation gives a piece of `kind` standing so, or why it has none.
    fn canonical(kind: PieceKind, standing: Standing) -> Result<Self, Crowding>;

    /// Whether a text that does not follow the notation's convention for
    /// pieces in tandem most plausibly names this piece.
    fn loosely_names(self, kind: PieceKind, standing: Standing) -> bool;

    /// The name as far as telling pieces apart goes, for saying that no
    /// piece answers to it: "red has no chariot on file 2".
    fn piece_name(self) -> PieceName;

    /// The file the name gives, numbered from the mover's right, where it
    /// gives one: only a piece on that file answers to it, by the
    /// convention or loosely, so no other need be looked at.
    fn file(self) -> Option<u8>;
}

/// What a WXF or Chinese text says: the piece, how it is named, where it goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reading<D> {
    pub(crate) kind: PieceKind,
    pub(crate) designation: D,
    pub(crate) direction: Direction,
    /// Ranks travelled, or the file landed on, 1..9.
    pub(crate) number: u8,
}

/// The number of `file` for `color`: 1 on that side's right, 9 on its left.
pub(crate) const fn file_number(color: Color, file: File) -> u8 {
    match color {
        Color::Red => 9 - file.index(),
        Color::Black => file.index() + 1,
    }
}

/// The file `color` calls `number` (1..9).
pub(crate) const fn file_of_number(color: Color, number: u8) -> Option<File> {
    if number < 1 || number > 9 {
        return None;
    }
    File::new(match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    })
}

/// How far `rank` lies from `color`'s back rank, 0..9.
const fn advance(color: Color, rank: Rank) -> u8 {
    match color {
        Color::Red => rank.index(),
        Color::Black => 9 - rank.index(),
    }
}

/// Kinds that move along lines; their forward and backward numbers count ranks.
pub(crate) const fn moves_along_lines(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::General | PieceKind::Chariot | PieceKind::Cannon | PieceKind::Soldier)
}

/// Where `piece` on `square` stands among its side's pieces of its kind.
pub(crate) fn standing(board: &Board, square: Square, piece: Piece) -> Standing {
    let color = piece.color;
    let same = board.by_piece(piece);
    // A side has a handful of pieces of a kind: one pass over them finds the
    // doubled files (a bit a file), a second counts against them.
    let (mut seen, mut doubled) = (0u16, 0u16);
    for other in same {
        let bit = 1 << other.file().index();
        doubled |= seen & bit;
        seen |= bit;
    }
    // Tandem pieces are counted across the doubled files from the mover's
    // right: before this piece come those of the doubled files numbered lower.
    let file = file_number(color, square.file());
    let (mut index, mut on_file, mut on_files_before) = (0, 0, 0);
    for other in same {
        if other.file() == square.file() {
            on_file += 1;
            if advance(color, other.rank()) > advance(color, square.rank()) {
                index += 1;
            }
        } else if doubled & (1 << other.file().index()) != 0 && file_number(color, other.file()) < file {
            on_files_before += 1;
        }
    }
    let across_doubled_files = if on_file > 1 { on_files_before + index + 1 } else { 0 };
    Standing { file, index, on_file, doubled_files: doubled.count_ones() as u8, across_doubled_files }
}

/// Whether some piece on `standing`'s file is named by the plain file digit,
/// which then cannot also be read loosely as one of the others.
pub(crate) fn file_digit_is_taken<D: Designation>(kind: PieceKind, standing: Standing, plain: D) -> bool {
    (0..standing.on_file).any(|index| D::canonical(kind, Standing { index, ..standing }) == Ok(plain))
}

/// The direction and number of `mv`, a move of `piece`.
fn direction_and_number(piece: Piece, mv: Move) -> (Direction, u8) {
    let color = piece.color;
    let (from, to) = (advance(color, mv.from.rank()), advance(color, mv.to.rank()));
    let direction = match to.cmp(&from) {
        core::cmp::Ordering::Greater => Direction::Forward,
        core::cmp::Ordering::Less => Direction::Backward,
        core::cmp::Ordering::Equal => Direction::Sideways,
    };
    let number = if direction != Direction::Sideways && moves_along_lines(piece.kind) {
        from.abs_diff(to)
    } else {
        file_number(color, mv.to.file())
    };
    (direction, number)
}

/// Where a piece of `kind` and `color` on `from` lands when moved `direction` by `number`.
pub(crate) fn target(
    kind: PieceKind,
    color: Color,
    from: Square,
    direction: Direction,
    number: u8,
) -> Option<Square> {
    let forward = match (color, direction) {
        (Color::Red, Direction::Forward) | (Color::Black, Direction::Backward) => 1,
        _ => -1,
    };
    let (file, rank) = (i64::from(from.file().index()), i64::from(from.rank().index()));
    let named_file = || file_of_number(color, number).map(|file| i64::from(file.index()));
    if direction == Direction::Sideways {
        let to_file = named_file()?;
        return if moves_along_lines(kind) && to_file != file {
            Square::from_coords(to_file, rank)
        } else {
            None
        };
    }
    if moves_along_lines(kind) {
        return Square::from_coords(file, rank + forward * i64::from(number));
    }
    let to_file = named_file()?;
    let ranks = match (kind, (to_file - file).abs()) {
        (PieceKind::Advisor, 1) => 1,
        (PieceKind::Elephant, 2) | (PieceKind::Horse, 1) => 2,
        (PieceKind::Horse, 2) => 1,
        _ => return None,
    };
    Square::from_coords(to_file, rank + forward * ranks)
}

/// How the notation with designation `D` tells the legal move `mv` of `piece`.
///
/// # Errors
/// Why the move has no name in that notation (only with more pieces of a
/// kind than a side starts with).
pub(crate) fn describe<D: Designation>(
    position: &Position,
    piece: Piece,
    mv: Move,
) -> Result<Reading<D>, Crowding> {
    let designation = D::canonical(piece.kind, standing(position.board(), mv.from, piece))?;
    let (direction, number) = direction_and_number(piece, mv);
    Ok(Reading { kind: piece.kind, designation, direction, number })
}

/// The move of the side to move that `reading` names: the only legal one
/// among the pieces it names, by its notation's convention or by a looser
/// reading. The two never name different pieces in one position (a looser
/// reading leaves out every name the convention gives), so the convention's
/// piece, when there is one, is the only one named.
///
/// # Errors
/// No piece answers to the name, the piece cannot go there, the move would
/// expose the general, or several moves fit.
pub(crate) fn resolve<D: Designation>(
    position: &Position,
    reading: Reading<D>,
    text: &str,
) -> Result<Move, NotationError> {
    let piece = Piece::new(position.turn(), reading.kind);
    // Most texts name one legal move: it is found without allocating, and
    // the lists an error needs are made only for the error.
    let (mut named, mut legal, mut more_legal, mut blocked) = (SquareSet::EMPTY, None, false, None);
    for (square, candidate) in candidates(position, &reading, piece) {
        named.insert(square);
        match candidate {
            Some((mv, None)) if legal.is_none() => legal = Some(mv),
            Some((_, None)) => more_legal = true,
            Some((mv, Some(Refusal::Illegal(reason)))) if blocked.is_none() => blocked = Some((mv, reason)),
            _ => {}
        }
    }
    match (legal, blocked) {
        (Some(_), _) if more_legal => {
            let mut legal: Vec<Move> = candidates(position, &reading, piece)
                .filter_map(|(_, candidate)| match candidate {
                    Some((mv, None)) => Some(mv),
                    _ => None,
                })
                .collect();
            legal.sort_unstable();
            Err(NotationError::ambiguous(text, legal))
        }
        (Some(mv), _) => Ok(mv),
        (None, Some((mv, reason))) => Err(NotationError::illegal(text, mv, reason)),
        (None, None) if named.is_empty() => {
            let named = reading.designation.piece_name();
            Err(NotationError::no_such_move(text, NoSuchMove::NoPiece { piece, named }))
        }
        (None, None) => {
            let (from, direction, number) = (named.into_iter().collect(), reading.direction, reading.number);
            Err(NotationError::no_such_move(text, NoSuchMove::CannotMove { piece, from, direction, number }))
        }
    }
}

/// Each piece of `piece`'s kind and side that `reading` names, in square
/// order, with the move the reading gives it, if the board has room for
/// one, and what refuses that move, if anything does.
fn candidates<'a, D: Designation>(
    position: &'a Position,
    reading: &'a Reading<D>,
    piece: Piece,
) -> impl Iterator<Item = (Square, Option<(Move, Option<Refusal>)>)> + 'a {
    let board = position.board();
    let named_file = reading.designation.file();
    board.by_piece(piece).into_iter().filter_map(move |square| {
        if named_file.is_some_and(|file| file != file_number(piece.color, square.file())) {
            return None;
        }
        let standing = standing(board, square, piece);
        if D::canonical(piece.kind, standing) != Ok(reading.designation)
            && !reading.designation.loosely_names(piece.kind, standing)
        {
            return None;
        }
        let mv = target(piece.kind, piece.color, square, reading.direction, reading.number)
            .map(|to| Move::new(square, to))
            .map(|mv| (mv, refusal(position, mv)));
        Some((square, mv))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_numbered_from_each_sides_right() {
        let file = |letter| File::from_letter(letter).unwrap();
        assert_eq!(file_number(Color::Red, file('i')), 1);
        assert_eq!(file_number(Color::Red, file('a')), 9);
        assert_eq!(file_number(Color::Black, file('a')), 1);
        assert_eq!(file_number(Color::Black, file('i')), 9);
        for color in Color::ALL {
            for f in File::all() {
                assert_eq!(file_of_number(color, file_number(color, f)), Some(f));
            }
            assert_eq!(file_of_number(color, 0), None);
            assert_eq!(file_of_number(color, 10), None);
        }
    }

    #[test]
    fn targets_follow_each_kind_of_movement() {
        let square = |name: &str| name.parse::<Square>().unwrap();
        let at = |kind, color, from, direction, number| target(kind, color, square(from), direction, number);
        use Direction::{Backward, Forward, Sideways};
        use PieceKind::{Advisor, Cannon, Chariot, Elephant, Horse};
        assert_eq!(at(Cannon, Color::Red, "h2", Sideways, 5), Some(square("e2")));
        assert_eq!(at(Cannon, Color::Red, "h2", Sideways, 2), None, "sideways to its own file");
        assert_eq!(at(Chariot, Color::Black, "a9", Forward, 2), Some(square("a7")));
        assert_eq!(at(Chariot, Color::Black, "a9", Backward, 1), None, "off the board");
        assert_eq!(at(Horse, Color::Red, "h0", Forward, 3), Some(square("g2")));
        assert_eq!(at(Horse, Color::Red, "h0", Forward, 1), Some(square("i2")));
        assert_eq!(at(Horse, Color::Black, "h9", Forward, 7), Some(square("g7")));
        assert_eq!(at(Horse, Color::Red, "h0", Forward, 4), Some(square("f1")));
        assert_eq!(at(Horse, Color::Red, "h0", Forward, 5), None);
        assert_eq!(at(Advisor, Color::Red, "f0", Forward, 5), Some(square("e1")));
        assert_eq!(at(Elephant, Color::Black, "g9", Forward, 5), Some(square("e7")));
        assert_eq!(at(Elephant, Color::Black, "g9", Sideways, 5), None);
    }

    /// Every standing a piece may have, as far as the names look at it.
    fn standings() -> impl Iterator<Item = Standing> {
        (1..=9).flat_map(|file| {
            (1..=5).flat_map(move |on_file| {
                (0..on_file).flat_map(move |index| {
                    (0..=3).flat_map(move |doubled_files| {
                        (0..=10).map(move |across_doubled_files| Standing {
                            file,
                            index,
                            on_file,
                            doubled_files,
                            across_doubled_files,
                        })
                    })
                })
            })
        })
    }

    /// What lets `candidates` pass over the pieces on other files: a name
    /// that gives a file names, by the convention or loosely, only pieces on it.
    fn only_pieces_on_its_file_answer_to_a_name<D: Designation + core::fmt::Debug>() {
        let kinds = [PieceKind::Advisor, PieceKind::Elephant, PieceKind::Horse, PieceKind::Soldier];
        let names: Vec<D> = kinds
            .iter()
            .flat_map(|&kind| standings().filter_map(move |standing| D::canonical(kind, standing).ok()))
            .collect();
        for kind in kinds {
            for standing in standings() {
                for &name in &names {
                    let answers =
                        D::canonical(kind, standing) == Ok(name) || name.loosely_names(kind, standing);
                    if let (true, Some(file)) = (answers, name.file()) {
                        assert_eq!(file, standing.file, "{name:?} names {kind:?} standing {standing:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_name_with_a_file_names_only_pieces_on_it() {
        only_pieces_on_its_file_answer_to_a_name::<crate::notation::chinese::ChineseName>();
        only_pieces_on_its_file_answer_to_a_name::<crate::notation::wxf::WxfName>();
    }

    #[test]
    fn standing_counts_from_the_front_for_each_side() {
        let position = Position::from_fen("4k4/9/9/P1P6/P1P6/9/p8/p8/p8/3K5 w").unwrap();
        let board = position.board();
        let red = Piece::new(Color::Red, PieceKind::Soldier);
        let black = Piece::new(Color::Black, PieceKind::Soldier);
        let at = |name: &str, piece| standing(board, name.parse().unwrap(), piece);
        // Red's doubled files are c (7) and a (9): c counts first, being nearer red's right.
        assert_eq!(
            at("c6", red),
            Standing { file: 7, index: 0, on_file: 2, doubled_files: 2, across_doubled_files: 1 }
        );
        assert_eq!(at("a5", red).across_doubled_files, 4);
        // Black's front is toward rank 0.
        assert_eq!(
            at("a1", black),
            Standing { file: 1, index: 0, on_file: 3, doubled_files: 1, across_doubled_files: 1 }
        );
        assert_eq!(at("a3", black).index, 2);
    }
}
