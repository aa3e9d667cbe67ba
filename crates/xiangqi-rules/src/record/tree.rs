//! A game as any record format holds it, its moves checked on the board:
//! tags, start position, the move tree with comments, the result.

use crate::notation::Notation;
use crate::record::error::broken;
use crate::record::{
    Format, GameResult, IllegalRecordMove, Line, Location, PgnComment, PgnGame, PgnVariation, ReadError,
    ReadErrorKind, ReadGame, ResultCheck, WriteGameError,
};
use crate::{Board, Color, IllegalMove, Move, Position, Square};

/// How deep variations may nest (a variation inside a variation inside ...)
/// in a record read from a file. Deeper trees are refused with
/// [`ReadErrorKind::TooDeep`](crate::record::ReadErrorKind::TooDeep): it
/// keeps a crafted file from exhausting the stack of the code that walks the
/// tree. Real records stay far below it.
pub const MAX_VARIATION_DEPTH: usize = 200;

/// One move of a line: the move, its comment, and the lines that could
/// have been played instead of it.
///
/// With `serde`, `{"move": "h2e2", "comment": "...", "variations": [[...]]}`,
/// the comment and the variations left out where there are none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
pub struct Node {
    /// The move, legal in the position the line reaches before it.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: Move,
    /// The comment written after the move.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub comment: Option<String>,
    /// Alternatives to this move: each is a line that begins with a move
    /// played in its place (from the same position).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub variations: Vec<Vec<Node>>,
}

impl Node {
    /// A move without comment or variations.
    #[must_use]
    pub const fn new(mv: Move) -> Node {
        Node { mv, comment: None, variations: Vec::new() }
    }
}

/// A game as a record of any format holds it, after its moves were checked
/// on the board: tags, start position, the tree of moves with comments, and
/// the recorded result. PGN, XQF, CBR, CBL, CBF and DhtmlXQ all read into
/// it and (XQF, DhtmlXQ and PGN) write from it, so any format converts to
/// any other.
///
/// Tags use the names PGN uses (`Event`, `Site`, `Date`, `Round`, `Red`,
/// `Black`, `Title`, `Annotator`, ...); the result, the start position and
/// the notation are fields here, never tags.
///
/// Its main line is a [`Line`] ([`Record::line`]); how the game ends by the
/// rules, and at which ply, is its [`History`](crate::History)'s to say
/// ([`History::from_record`](crate::History::from_record)).
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::notation::Notation;
/// use xiangqi_rules::record::{GameResult, Node, Record};
///
/// let mut record = Record::new(Position::start());
/// record.set_tag("Red", "Liu Dahua");
/// record.moves = ["h2e2", "h9g7"].iter().map(|mv| Node::new(mv.parse().unwrap())).collect();
/// record.moves[0].comment = Some("the central cannon".into());
/// // Black could have answered with the other horse.
/// record.moves[1].variations.push(vec![Node::new("b9c7".parse()?)]);
/// record.result = GameResult::RedWins;
///
/// assert_eq!(record.main_line().len(), 2);
/// assert_eq!(record.node_count(), 3);
/// let pgn = record.to_pgn(Notation::Iccs)?;
/// assert!(pgn.starts_with("[Red \"Liu Dahua\"]\n[Result \"1-0\"]\n"), "{pgn}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Fields may be added: build a record with [`Record::new`] and set its
/// fields, as above.
///
/// With `serde`, a record is written as it is held: `{"tags": [["Red",
/// "Liu Dahua"]], "start": FEN, "comment": null, "moves": [Node...],
/// "result": "1-0"}`, and read back the same (the moves are not checked,
/// as for a record built by hand; `tags`, `comment` and `moves` may be left
/// out, and `result`, which is then `*`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct Record {
    /// Tag pairs in PGN's names, in order.
    #[cfg_attr(feature = "serde", serde(default))]
    pub tags: Vec<(String, String)>,
    /// The position the game starts from.
    pub start: Position,
    /// The comment before the first move.
    #[cfg_attr(feature = "serde", serde(default))]
    pub comment: Option<String>,
    /// The main line; each of its moves holds its own variations.
    #[cfg_attr(feature = "serde", serde(default))]
    pub moves: Vec<Node>,
    /// The result the record gives ([`GameResult::Unknown`] where it gives none).
    #[cfg_attr(feature = "serde", serde(default = "unknown_result"))]
    pub result: GameResult,
}

/// The result of a record read through serde without one.
#[cfg(feature = "serde")]
const fn unknown_result() -> GameResult {
    GameResult::Unknown
}

impl Record {
    /// A record of no moves from `start`, without tags, result unknown.
    #[must_use]
    pub const fn new(start: Position) -> Record {
        Record { tags: Vec::new(), start, comment: None, moves: Vec::new(), result: GameResult::Unknown }
    }

    /// The value of the first tag called `name`, in any case.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// Sets the tag `name` (found in any case) to `value`, or adds it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(tag, _)| tag.eq_ignore_ascii_case(name)) {
            Some((_, old)) => value.clone_into(old),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The moves of the main line, in order.
    #[must_use]
    pub fn main_line(&self) -> Vec<Move> {
        self.moves.iter().map(|node| node.mv).collect()
    }

    /// The main line as a [`Line`]: start, moves and the position they
    /// reach; all of it for a record read from a file, whose moves are
    /// legal, and up to the first illegal move of one built by hand
    /// ([`History::from_record`](crate::History::from_record) says which
    /// move that is, and after how many plies).
    #[must_use]
    pub fn line(&self) -> Line {
        self.checked_line().unwrap_or_else(|illegal| illegal.played)
    }

    /// The whole main line as a [`Line`], or its first move that cannot be
    /// played, with the line up to it.
    pub(crate) fn checked_line(&self) -> Result<Line, Box<IllegalRecordMove>> {
        let mut line = Line::new(self.start);
        for (ply, node) in self.moves.iter().enumerate() {
            if let Err(error) = line.play(node.mv) {
                return Err(Box::new(IllegalRecordMove { ply, mv: node.mv, error, played: line }));
            }
        }
        Ok(line)
    }

    /// The position at the end of the main line (see [`Record::line`]).
    #[must_use]
    pub fn end(&self) -> Position {
        *self.line().position()
    }

    /// The result on the board at the end of the main line compared with
    /// the record's ([`ResultCheck::new`]; a result [`GameResult::Unknown`]
    /// is no result). How the game ends by the rules that need its history
    /// (repetition, the move limit) is [`History::from_record`](crate::History::from_record)'s to say.
    ///
    /// ```
    /// use xiangqi_rules::record::{self, GameResult, ResultCheck};
    ///
    /// let file = record::read(b"[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w\"]\n1. a0d0 0-1")?;
    /// let record = file.games[0].as_ref().expect("a whole game");
    /// assert_eq!(
    ///     record.result_check(),
    ///     ResultCheck::Disagrees { board: GameResult::RedWins, recorded: GameResult::BlackWins }
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn result_check(&self) -> ResultCheck {
        ResultCheck::new(&self.end(), Some(self.result).filter(|&result| result != GameResult::Unknown))
    }

    /// How many moves the record holds, variations included.
    #[must_use]
    pub fn node_count(&self) -> usize {
        let mut count = 0;
        let mut lines: Vec<&[Node]> = vec![&self.moves];
        while let Some(line) = lines.pop() {
            count += line.len();
            lines.extend(line.iter().flat_map(|node| node.variations.iter().map(Vec::as_slice)));
        }
        count
    }

    /// The tags [`Record::to_pgn`] writes: these tags and `Result`.
    #[must_use]
    pub fn pgn_tags(&self) -> Vec<(String, String)> {
        let mut tags: Vec<(String, String)> =
            self.tags.iter().filter(|(name, _)| !name.eq_ignore_ascii_case("Result")).cloned().collect();
        tags.push(("Result".to_string(), self.result.to_string()));
        tags
    }

    /// The record written as PGN-style text in `notation`, with its
    /// comments and variations (see [`Record::to_pgn_with_tags`]), which
    /// [`read_pgn`](crate::record::read_pgn) reads back into the same record.
    ///
    /// # Errors
    /// A move that is not legal where it stands.
    pub fn to_pgn(&self, notation: Notation) -> Result<String, WriteGameError> {
        self.to_pgn_with_tags(&self.pgn_tags(), notation)
    }

    /// The record of a PGN-style game whose main line was played out as
    /// `main_line` (see [`PgnGame::replay`]): the tags (but `FEN`,
    /// `Format` and `Result`, which the record holds otherwise), the start
    /// position, the main line, each comment on the move it follows (those
    /// before the first move on the record; several at one place joined by a
    /// line break), the variations, and the recorded result.
    ///
    /// A variation is kept up to its first move that cannot be played, and
    /// the variations branching from the rest of it are left out (see
    /// [`Record::from_pgn_with_cuts`], which says where). A comment
    /// before a variation's first move joins that move's comment.
    ///
    /// ```
    /// use xiangqi_rules::record::{self, Record};
    ///
    /// let game = record::pgn_games("1. h2e2 (1. c3c4 {the pawn} h9g7?? (1... c6c5)) h9g7 *").next().expect("a game")?;
    /// let record = Record::from_pgn(&game, &game.replay()?);
    /// let variation = &record.moves[0].variations[0];
    /// assert_eq!(variation[0].comment.as_deref(), Some("the pawn"));
    /// assert_eq!(variation[1].variations[0][0].mv.to_string(), "c6c5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_pgn(game: &PgnGame, main_line: &Line) -> Record {
        Record::from_pgn_with_cuts(game, main_line).0
    }

    /// [`Record::from_pgn`], and where each variation was cut: its first
    /// move that cannot be played, in the order of the text, as a
    /// [`ReadError`] of [`Format::Pgn`] at that move's line and column.
    #[must_use]
    pub fn from_pgn_with_cuts(game: &PgnGame, main_line: &Line) -> (Record, Vec<ReadError>) {
        Record::from_game_moves(game, *main_line.start(), main_line.moves())
    }

    /// The record of `game` with `moves` played from `start` (the moves of
    /// the game as far as they could be played), comments and variations on
    /// those moves; and the problems at which variations were cut.
    pub(crate) fn from_game_moves(
        game: &PgnGame,
        start: Position,
        moves: &[Move],
    ) -> (Record, Vec<ReadError>) {
        const OWN_TAGS: [&str; 3] = ["FEN", "Format", "Result"];
        let mut record = Record::new(start);
        record.tags = game
            .tags
            .iter()
            .filter(|(name, _)| !OWN_TAGS.iter().any(|own| own.eq_ignore_ascii_case(name)))
            .cloned()
            .collect();
        record.moves = moves.iter().map(|&mv| Node::new(mv)).collect();
        attach_comments(&mut record.comment, &mut record.moves, &game.comments);
        let mut cuts = Vec::new();
        let notation = game.notation().ok().flatten();
        graft_variations(&mut record.moves, &start, &game.variations, notation, &mut cuts);
        // A variation inside another may be cut before the other is.
        cuts.sort_by_key(|cut| match cut.at {
            Location::Text { line, column } => (line, column),
            Location::Byte(offset) | Location::Unpacked(offset) => (offset, 0),
        });
        record.result = game.recorded_result().unwrap_or(GameResult::Unknown);
        (record, cuts)
    }
}

/// Puts each comment on the move it follows among `nodes`, or in `before`
/// where it comes before the first; several at one place are joined by a
/// line break. Comments after moves that are not there are left out.
fn attach_comments(before: &mut Option<String>, nodes: &mut [Node], comments: &[PgnComment]) {
    for comment in comments {
        let slot = match comment.after_moves.checked_sub(1) {
            None => &mut *before,
            Some(index) => match nodes.get_mut(index) {
                Some(node) => &mut node.comment,
                None => continue,
            },
        };
        match slot {
            Some(text) => {
                text.push('\n');
                text.push_str(&comment.text);
            }
            None => *slot = Some(comment.text.clone()),
        }
    }
}

/// Plays each of `variations` (written in the line `nodes`, played from
/// `start`) in place of the move it replaces, up to its first move that
/// cannot be played (noted in `cuts`), and adds it to that move's
/// variations, with its comments and the variations inside it.
fn graft_variations(
    nodes: &mut [Node],
    start: &Position,
    variations: &[PgnVariation],
    notation: Option<Notation>,
    cuts: &mut Vec<ReadError>,
) {
    if variations.is_empty() {
        return;
    }
    let mut before = Vec::with_capacity(nodes.len());
    let mut position = *start;
    for node in nodes.iter() {
        before.push(position);
        // The line's moves are legal: they were played to make it.
        position.play_unchecked(node.mv);
    }
    for variation in variations {
        let (Some(node), Some(position)) =
            (nodes.get_mut(variation.replaces), before.get(variation.replaces))
        else {
            continue;
        };
        let mut played = Line::new(*position);
        for recorded in &variation.moves {
            if let Err(error) = played.play_text(&recorded.text, notation) {
                let at = Location::Text { line: recorded.line, column: recorded.column };
                cuts.push(ReadError::new(Format::Pgn, at, ReadErrorKind::BadMoveText(Box::new(error))));
                break;
            }
        }
        if played.moves().is_empty() {
            continue;
        }
        let mut branch: Vec<Node> = played.moves().iter().map(|&mv| Node::new(mv)).collect();
        let mut leading = None;
        attach_comments(&mut leading, &mut branch, &variation.comments);
        if let Some(mut leading) = leading {
            if let Some(own) = branch[0].comment.take() {
                leading.push('\n');
                leading.push_str(&own);
            }
            branch[0].comment = Some(leading);
        }
        graft_variations(&mut branch, position, &variation.variations, notation, cuts);
        node.variations.push(branch);
    }
}

/// Why a move could not join the tree being read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum AddError {
    Illegal(IllegalMove),
    TooDeep,
}

impl AddError {
    /// The error kind of `mv`, refused.
    pub(crate) const fn into_kind(self, mv: Move) -> crate::record::ReadErrorKind {
        match self {
            AddError::Illegal(reason) => crate::record::ReadErrorKind::IllegalMove { mv, reason },
            AddError::TooDeep => crate::record::ReadErrorKind::TooDeep,
        }
    }
}

/// The moves played from one point, in the order they were added: the
/// first and the last (each links to the next through `next_sibling`), so
/// that a line of a thousand moves takes no allocation a move.
#[derive(Copy, Clone, Default)]
struct Children {
    first: Option<usize>,
    last: Option<usize>,
}

struct BuiltNode {
    mv: Move,
    comment: Option<String>,
    children: Children,
    /// The next move played from the same point as this one.
    next_sibling: Option<usize>,
    depth: usize,
}

/// A move tree built move by move, each move checked where it is played:
/// what every reader fills, then turns into a [`Record`]. Nodes are numbered
/// in the order they are added; `None` stands for the start position.
pub(crate) struct TreeBuilder {
    start: Position,
    comment: Option<String>,
    nodes: Vec<BuiltNode>,
    /// The position after each node, by the node's number: apart from the
    /// nodes, so that a new node's position is one copy of its parent's.
    positions: Vec<Position>,
    root_children: Children,
    /// The problems at which variations were cut, in file order.
    cuts: Vec<ReadError>,
}

/// A game read, and the problems at which its variations were cut (each
/// variation kept up to its bad move, the main line whole).
pub(crate) type CutGame = (ReadGame, Vec<ReadError>);

impl TreeBuilder {
    pub(crate) const fn new(start: Position) -> TreeBuilder {
        TreeBuilder {
            start,
            comment: None,
            nodes: Vec::new(),
            positions: Vec::new(),
            root_children: Children { first: None, last: None },
            cuts: Vec::new(),
        }
    }

    /// Whether a move played after `parent` would continue the main line
    /// (rather than begin or continue a variation).
    pub(crate) fn continues_main_line(&self, parent: Option<usize>) -> bool {
        let (children, depth) = match parent.and_then(|index| self.nodes.get(index)) {
            Some(node) => (node.children, node.depth),
            None => (self.root_children, 0),
        };
        depth == 0 && children.first.is_none()
    }

    /// Takes note that a variation was cut at `problem`: the moves of it
    /// before the problem stay, the rest of it is left out.
    pub(crate) fn cut(&mut self, problem: ReadError) {
        self.cuts.push(problem);
    }

    /// Makes room for `moves` more moves: a reader that knows how many its
    /// file holds saves growing the tree move by move. A count read from a
    /// file may be anything, so no more than a long game's moves are reserved.
    pub(crate) fn reserve(&mut self, moves: usize) {
        const LONG_GAME: usize = 1024;
        self.nodes.reserve(moves.min(LONG_GAME));
        self.positions.reserve(moves.min(LONG_GAME));
    }

    /// Plays `mv` after `parent`: it becomes the next move after it if it
    /// is the first, an alternative to that move otherwise.
    pub(crate) fn add(&mut self, parent: Option<usize>, mv: Move) -> Result<usize, AddError> {
        let (children, parent_depth) = match parent.and_then(|index| self.nodes.get(index)) {
            Some(node) => (node.children, node.depth),
            None => (self.root_children, 0),
        };
        let depth = parent_depth + usize::from(children.first.is_some());
        if depth > MAX_VARIATION_DEPTH {
            return Err(AddError::TooDeep);
        }
        // The move is played on the new node's own copy of the position, in place.
        let index = self.nodes.len();
        match parent.filter(|&parent| parent < self.positions.len()) {
            Some(parent) => self.positions.extend_from_within(parent..=parent),
            None => self.positions.push(self.start),
        }
        // Positions and nodes go by the same numbers: the new position is at `index`.
        if let Err(illegal) = self.positions[index].play(mv) {
            self.positions.pop();
            return Err(AddError::Illegal(illegal));
        }
        self.nodes.push(BuiltNode {
            mv,
            comment: None,
            children: Children::default(),
            next_sibling: None,
            depth,
        });
        if let Some(last) = children.last {
            self.nodes[last].next_sibling = Some(index);
        }
        let children = match parent.and_then(|parent| self.nodes.get_mut(parent)) {
            Some(node) => &mut node.children,
            None => &mut self.root_children,
        };
        children.first = children.first.or(Some(index));
        children.last = Some(index);
        Ok(index)
    }

    /// Sets the comment after `node`, or before the first move: line breaks
    /// made `\n` (files written on Windows end their lines with `\r\n`), the
    /// white space around it trimmed, an empty one none.
    pub(crate) fn set_comment(&mut self, node: Option<usize>, text: Option<String>) {
        let text =
            text.map(|text| text.replace("\r\n", "\n").trim().to_string()).filter(|text| !text.is_empty());
        match node.and_then(|index| self.nodes.get_mut(index)) {
            Some(node) => node.comment = text,
            None => self.comment = text,
        }
    }

    /// The record of the tree built so far.
    #[cfg(test)]
    pub(crate) fn into_record(self, tags: Vec<(String, String)>, result: GameResult) -> Record {
        self.into_record_and_cuts(tags, result).0
    }

    fn into_record_and_cuts(
        mut self,
        tags: Vec<(String, String)>,
        result: GameResult,
    ) -> (Record, Vec<ReadError>) {
        let moves = self.line(self.root_children.first);
        let cuts = core::mem::take(&mut self.cuts);
        (Record { tags, start: self.start, comment: self.comment.take(), moves, result }, cuts)
    }

    /// The game read: the record of the tree built, whole, or cut short by
    /// `problem` (the moves before it kept); and where variations were cut.
    pub(crate) fn into_game(
        self,
        tags: Vec<(String, String)>,
        result: GameResult,
        problem: Option<ReadError>,
    ) -> CutGame {
        let (record, cuts) = self.into_record_and_cuts(tags, result);
        let game = match problem {
            Some(problem) => broken(Some(record), problem),
            None => Ok(record),
        };
        (game, cuts)
    }

    /// The line that begins with `first` (the first of the moves played from
    /// one position), the moves after it in that position its variations.
    /// Recursion only enters variations, whose nesting `add` bounds.
    fn line(&mut self, first: Option<usize>) -> Vec<Node> {
        // Counted first, so that the line is made in one allocation.
        let length = core::iter::successors(first, |&node| self.nodes[node].children.first).count();
        let mut line = Vec::with_capacity(length);
        let mut next = first;
        while let Some(main) = next {
            let mut variations = Vec::new();
            let mut alternative = self.nodes[main].next_sibling;
            while let Some(index) = alternative {
                let mut variation = vec![self.take_node(index)];
                variation.extend(self.line(self.nodes[index].children.first));
                variations.push(variation);
                alternative = self.nodes[index].next_sibling;
            }
            let mut node = self.take_node(main);
            node.variations = variations;
            line.push(node);
            next = self.nodes[main].children.first;
        }
        line
    }

    fn take_node(&mut self, index: usize) -> Node {
        let built = &mut self.nodes[index];
        Node { mv: built.mv, comment: built.comment.take(), variations: Vec::new() }
    }
}

/// The reading of a tree written in file order (pre-order), each move
/// flagged with whether the line goes on after it and whether an
/// alternative to it comes later: how XQF and CBR store their trees. After a
/// line ends, the next move is the alternative most recently promised.
pub(crate) struct PreorderReader {
    parent: Option<usize>,
    promised: Vec<Option<usize>>,
    done: bool,
}

impl PreorderReader {
    /// A reader whose first move comes next if `has_moves`.
    pub(crate) const fn new(has_moves: bool) -> PreorderReader {
        PreorderReader { parent: None, promised: Vec::new(), done: !has_moves }
    }

    /// Whether a move is still expected.
    pub(crate) const fn expects_move(&self) -> bool {
        !self.done
    }

    /// The node the next move follows.
    pub(crate) const fn parent(&self) -> Option<usize> {
        self.parent
    }

    /// Takes note of the move just added as `node`, and of its flags.
    pub(crate) fn added(&mut self, node: usize, has_next: bool, has_alternative: bool) {
        if has_alternative {
            self.promised.push(self.parent);
        }
        if has_next {
            self.parent = Some(node);
        } else if let Some(parent) = self.promised.pop() {
            self.parent = parent;
        } else {
            self.done = true;
        }
    }
}

/// One move record as XQF and CBR store it, in pre-order: where it begins,
/// its two point bytes (each format's own numbering), its flags, and its
/// comment. The first record stands for the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StoredMove {
    /// Where the record begins.
    pub(crate) offset: usize,
    /// The source and target point bytes.
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) has_next: bool,
    pub(crate) has_alternative: bool,
    pub(crate) comment: Option<String>,
}

/// Reads move records in pre-order until the tree they describe is
/// complete: `next` gives each record (told whether it is the first, the
/// start position's), or `None` where the moves end early, or the problem
/// that stops the reading. The records read, and that problem. `room`:
/// how many records the bytes left could hold at most, made room for up to
/// a long game's (a count from a file may be anything).
pub(crate) fn read_preorder<E>(
    room: usize,
    mut next: impl FnMut(bool) -> Result<Option<StoredMove>, E>,
) -> (Vec<StoredMove>, Option<E>) {
    const LONG_GAME: usize = 1024;
    let mut stored: Vec<StoredMove> = Vec::with_capacity(room.min(LONG_GAME));
    let mut shape = PreorderReader::new(true);
    while shape.expects_move() {
        let step = match next(stored.is_empty()) {
            Ok(Some(step)) => step,
            Ok(None) => break,
            Err(problem) => return (stored, Some(problem)),
        };
        // The start record only says whether a first move follows.
        if stored.is_empty() {
            shape = PreorderReader::new(step.has_next);
        } else {
            shape.added(stored.len(), step.has_next, step.has_alternative);
        }
        stored.push(step);
    }
    (stored, None)
}

/// The side whose piece the first move of `stored` moves (after the start
/// position's record) on `board`, each point byte read by `point`: what
/// XQF and CBR readers take as the side that moves first. `None` where
/// there is no such move or piece.
pub(crate) fn first_mover(
    stored: &[StoredMove],
    board: &Board,
    point: impl Fn(u8) -> Option<Square>,
) -> Option<Color> {
    let first = stored.get(1)?;
    board.piece_at(point(first.from)?).map(|piece| piece.color)
}

/// The tree of `stored`, played from `start` (see [`PreorderReader`]),
/// each point byte read by `point`: the record as far as it could be
/// built, with the problem of the first record of the main line that could
/// not be played. A record of a variation that cannot be played cuts that
/// variation there (the builder takes note of it): the records that
/// continue it are passed over, its alternatives kept.
pub(crate) fn build_preorder(
    start: Position,
    stored: &[StoredMove],
    point: impl Fn(u8) -> Option<Square>,
    error: impl Fn(usize, ReadErrorKind) -> ReadError,
) -> (TreeBuilder, Option<ReadError>) {
    /// The node that moves of a cut variation follow, which is none.
    const CUT: usize = usize::MAX;
    let mut builder = TreeBuilder::new(start);
    builder.reserve(stored.len());
    let Some((first, moves)) = stored.split_first() else { return (builder, None) };
    builder.set_comment(None, first.comment.clone());
    let mut shape = PreorderReader::new(first.has_next);
    for step in moves {
        let parent = shape.parent();
        if parent == Some(CUT) {
            shape.added(CUT, step.has_next, step.has_alternative);
            continue;
        }
        let played = match (point(step.from), point(step.to)) {
            (Some(from), Some(to)) => {
                let mv = Move::new(from, to);
                builder.add(parent, mv).map_err(|refused| refused.into_kind(mv))
            }
            _ => {
                let value = if point(step.from).is_none() { step.from } else { step.to };
                Err(ReadErrorKind::BadSquare { value: u32::from(value) })
            }
        };
        match played {
            Ok(node) => {
                builder.set_comment(Some(node), step.comment.clone());
                shape.added(node, step.has_next, step.has_alternative);
            }
            Err(kind) if builder.continues_main_line(parent) => {
                return (builder, Some(error(step.offset, kind)));
            }
            Err(kind) => {
                builder.cut(error(step.offset, kind));
                shape.added(CUT, step.has_next, step.has_alternative);
            }
        }
    }
    (builder, None)
}

/// One move of a tree in pre-order, with the flags XQF and CBR store.
pub(crate) struct PreorderStep<'a> {
    pub(crate) node: &'a Node,
    pub(crate) has_next: bool,
    pub(crate) has_alternative: bool,
}

/// The lines that may be played from the point where `line` stands: `line`
/// itself, then each variation of its first move (and theirs, flattened).
pub(crate) fn choices(line: &[Node]) -> Vec<&[Node]> {
    let mut choices = vec![line];
    let mut pending: Vec<&[Node]> = line
        .first()
        .map(|node| node.variations.iter().rev().map(Vec::as_slice).collect())
        .unwrap_or_default();
    while let Some(variation) = pending.pop() {
        if let Some(first) = variation.first() {
            choices.push(variation);
            pending.extend(first.variations.iter().rev().map(Vec::as_slice));
        }
    }
    choices
}

/// The moves of `record` in pre-order: each move, then the rest of its
/// line (with all of its variations), then the alternatives to it.
pub(crate) fn preorder(record: &Record) -> Vec<PreorderStep<'_>> {
    let mut steps = Vec::new();
    // Groups of lines from one point, and how many of each were written.
    let mut groups: Vec<(Vec<&[Node]>, usize)> = Vec::new();
    if !record.moves.is_empty() {
        groups.push((choices(&record.moves), 0));
    }
    while let Some((group, written)) = groups.last_mut() {
        let Some(&line) = group.get(*written) else {
            groups.pop();
            continue;
        };
        *written += 1;
        let first_has_alternative = *written < group.len();
        for (index, node) in line.iter().enumerate() {
            let has_alternative = if index == 0 {
                first_has_alternative
            } else {
                let here = choices(&line[index..]);
                let has = here.len() > 1;
                if has {
                    groups.push((here, 1));
                }
                has
            };
            steps.push(PreorderStep { node, has_next: index + 1 < line.len(), has_alternative });
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;

    use super::*;
    use crate::record::test_support::{mv, random_record};

    /// Builds `record` back through the builder from its pre-order steps.
    fn rebuilt(record: &Record) -> Record {
        let mut builder = TreeBuilder::new(record.start);
        builder.set_comment(None, record.comment.clone());
        let mut reader = PreorderReader::new(!record.moves.is_empty());
        for step in preorder(record) {
            assert!(reader.expects_move());
            let node = builder.add(reader.parent(), step.node.mv).unwrap();
            builder.set_comment(Some(node), step.node.comment.clone());
            reader.added(node, step.has_next, step.has_alternative);
        }
        assert!(!reader.expects_move());
        builder.into_record(record.tags.clone(), record.result)
    }

    #[test]
    fn preorder_writes_a_move_then_its_line_then_its_alternatives() {
        let mut record = Record::new(Position::start());
        record.moves = ["h2e2", "h9g7", "h0g2"].map(|text| Node::new(mv(text))).into();
        record.moves[1].variations = vec![vec![Node::new(mv("b9c7")), Node::new(mv("b0c2"))]];
        record.moves[0].variations = vec![vec![Node::new(mv("b2e2"))], vec![Node::new(mv("c3c4"))]];
        let order: Vec<(String, bool, bool)> = preorder(&record)
            .iter()
            .map(|step| (step.node.mv.to_string(), step.has_next, step.has_alternative))
            .collect();
        let expected = [
            ("h2e2", true, true),
            ("h9g7", true, true),
            ("h0g2", false, false),
            ("b9c7", true, false),
            ("b0c2", false, false),
            ("b2e2", false, true),
            ("c3c4", false, false),
        ];
        let expected: Vec<(String, bool, bool)> =
            expected.iter().map(|&(mv, next, alternative)| (mv.to_string(), next, alternative)).collect();
        assert_eq!(order, expected);
        assert_eq!(rebuilt(&record), record);
        assert_eq!(record.node_count(), 7);
        assert_eq!(record.main_line(), [mv("h2e2"), mv("h9g7"), mv("h0g2")]);
        assert_eq!(
            record.end().to_string(),
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2"
        );
    }

    #[test]
    fn random_trees_survive_preorder_and_back() {
        let mut random = Random::new(11);
        for _ in 0..50 {
            let record = random_record(&mut random, Position::start(), 40);
            assert_eq!(rebuilt(&record), record);
        }
    }

    #[test]
    fn the_builder_refuses_illegal_moves_and_deep_nesting() {
        let mut builder = TreeBuilder::new(Position::start());
        let first = builder.add(None, mv("h2e2")).unwrap();
        assert!(matches!(
            builder.add(Some(first), mv("h2e2")),
            Err(AddError::Illegal(IllegalMove::NoPiece { .. }))
        ));
        // Alternatives nested inside alternatives: each alternative is one level deeper.
        let mut builder = TreeBuilder::new(Position::start());
        let mut parent = None;
        let mut result = Ok(0);
        for _ in 0..=MAX_VARIATION_DEPTH + 1 {
            let main = builder.add(parent, mv("b0c2"));
            let other = builder.add(parent, mv("b0a2"));
            assert!(main.is_ok());
            result = other;
            let Ok(other) = other else { break };
            parent = Some(builder.add(Some(other), mv("b9c7")).unwrap());
            parent = Some(builder.add(parent, mv("a2b0")).unwrap());
            parent = Some(builder.add(parent, mv("c7b9")).unwrap());
        }
        assert_eq!(result, Err(AddError::TooDeep));
        let record = builder.into_record(Vec::new(), GameResult::Unknown);
        assert!(record.node_count() > MAX_VARIATION_DEPTH);
    }

    #[test]
    fn tags_are_set_and_found_in_any_case() {
        let mut record = Record::new(Position::start());
        record.set_tag("Red", "A");
        record.set_tag("red", "B");
        assert_eq!(record.tags, [("Red".to_string(), "B".to_string())]);
        assert_eq!(record.tag("RED"), Some("B"));
        record.result = GameResult::Draw;
        record.tags.push(("Result".into(), "1-0".into()));
        assert_eq!(record.pgn_tags().last(), Some(&("Result".to_string(), "1/2-1/2".to_string())));
        assert_eq!(record.pgn_tags().len(), 2);
    }
}
