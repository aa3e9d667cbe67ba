//! A game with its history: the start position, every move since, and how
//! the game ends by the rules that need the history (repetition, the move
//! limit) as well as by mate.

use core::fmt;
use std::fmt::Write as _;

use crate::notation::Notation;
use crate::repetition::{self, Chased, Ruling};
use crate::{ChaseVerdict, Color, Cycle, HashKey, IllegalMove, Move, Outcome, PieceKind, Position, Threats};

/// The plies without a capture after which the game is drawn.
pub const MOVE_LIMIT: u32 = 120;

/// The checks of one side that count as ordinary moves for the move limit;
/// its later checks, and the replies to them, do not advance the count.
pub const COUNTED_CHECKS: u8 = 10;

/// Which rules end a game besides checkmate and stalemate. With `serde`,
/// written `asian`, `engine` or `mate-only`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Rules {
    /// The Asian Xiangqi Federation's rules as strong engines read them
    /// ([`rules`](crate::rules)): a position occurring for the third
    /// time is ruled on (perpetual check and perpetual chase lose, else a
    /// draw), 120 plies without a capture draw, and so does material that
    /// cannot mate.
    #[default]
    Asian,
    /// The Asian rules as computer xiangqi's referees and the strongest
    /// open engine (Pikafish) read them: the same in everything but one
    /// point, one check one chase (一将一捉). A side that alternates checks
    /// and chases is at fault under [`Rules::Asian`], as the rule books
    /// rule; here any check in the cycle rules out every chase, so unless a
    /// side checks with every move the repetition is a draw. For engine
    /// developers and engine-match referees who must agree with the
    /// engines; the rules document ([`rules`](crate::rules), section 10)
    /// gives both readings and why the rule book's is the default.
    Engine,
    /// Only checkmate and stalemate end a game: for records played under
    /// other rules, or none.
    MateOnly,
}

/// The language [`History::explain_in`] writes a ruling in.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Language {
    /// English sentences, as [`History::explain`] writes them.
    #[default]
    English,
    /// Chinese sentences, in the words of the Chinese rule books: 第N回合
    /// for the move numbers, 长将 (perpetual check), 长捉 (perpetual chase),
    /// 一将一捉 (one check one chase), 闲着 (idle moves), 困毙 (stalemate),
    /// 无根 (unprotected), the pieces by their characters (车, 马, 炮 …) and
    /// the result as 红胜, 黑胜 or 和棋: `第4回合 黑方将５退１
    /// 后局面第三次出现（第1–4回合）：红方每步将军（长将），黑方未长将：黑胜`.
    /// The moves are written in the notation asked for, so in Chinese
    /// notation (车二进一) with [`Notation::Chinese`].
    ///
    /// The finer classes of the Chinese rules, 长杀 (perpetual threat of
    /// mate) and 两打对一打 (two attacks against one), are not ruled
    /// separately (the rules document, [`rules`](crate::rules), section 13),
    /// so no sentence names them: a perpetual threat of mate that is no
    /// check or chase is ruled as idle moves.
    Chinese,
}

/// Why a move cannot be played on a [`History`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is not legal in the position.
    Illegal(IllegalMove),
    /// The game has already ended.
    GameOver(Outcome),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(illegal) => illegal.fmt(f),
            PlayError::GameOver(outcome) => write!(f, "the game is over: {outcome}"),
        }
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::Illegal(illegal) => Some(illegal),
            PlayError::GameOver(_) => None,
        }
    }
}

impl From<IllegalMove> for PlayError {
    fn from(illegal: IllegalMove) -> PlayError {
        PlayError::Illegal(illegal)
    }
}

/// How a [`History`] ended, and when: what [`History::ending`] gives.
///
/// ```
/// use xiangqi_rules::{Ending, History, Move, Reason};
///
/// // A line of moves that goes on after the third occurrence of a perpetual check
/// // (as a record's main line may: `History::from_record` plays it so, with `records`).
/// let moves = "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8";
/// let moves: Vec<Move> = moves.split(' ').map(str::parse).collect::<Result<_, _>>()?;
/// let mut history = History::new("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1".parse()?);
/// let played = history.play_line(&moves)?;
/// let Some(Ending { outcome, ply, .. }) = history.ending() else { panic!("no ruling") };
/// assert_eq!((outcome.reason(), ply, played), (Reason::PerpetualCheck, 8, 8));
/// assert_eq!(moves.len() - ply, 2, "moves the line has after the ruling");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ending {
    /// How the game ended: the ruling, with its result and reason.
    pub outcome: Outcome,
    /// The ply it ended at: the number of moves played before it, so that
    /// the position ruled on is [`History::position_at`] this ply (0 where
    /// the start position itself ends the game, such as a halfmove clock
    /// past the move limit).
    pub ply: usize,
}

/// The count towards the move limit after a ply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct LimitCount {
    /// Plies counted since the last capture, never past the limit.
    plies: u32,
    /// Plies passed since the last capture, counted or not (from the start
    /// position's halfmove clock on).
    passed: u32,
    /// Checks given by each side since the last capture.
    checks: [u8; 2],
    /// The last move was a check beyond its side's tenth: the reply to it
    /// is not counted either.
    reply_free: bool,
}

impl LimitCount {
    /// The count from a halfmove clock: a clock past the limit counts as
    /// the limit reached (the rules document, "The move limit").
    fn starting_at(clock: u32) -> LimitCount {
        LimitCount { plies: clock.min(MOVE_LIMIT), passed: clock, checks: [0; 2], reply_free: false }
    }

    /// The count after a move by `mover`.
    fn after(self, mover: Color, capture: bool, check: bool) -> LimitCount {
        if capture {
            return LimitCount::starting_at(0);
        }
        let mut next = LimitCount { reply_free: false, passed: self.passed.saturating_add(1), ..self };
        if check {
            let checks = &mut next.checks[mover.index()];
            *checks = checks.saturating_add(1);
            if *checks > COUNTED_CHECKS {
                next.reply_free = true;
                return next;
            }
        }
        if !self.reply_free {
            next.plies = next.plies.saturating_add(1);
        }
        next
    }
}

/// One move of a [`History`] and what it led to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Ply {
    mv: Move,
    position: Position,
    count: LimitCount,
    /// The index of the earliest position that may still recur: the one
    /// right after the last capture (0 if none since the start).
    reversible_from: u32,
    outcome: Option<Outcome>,
}

/// A game with its history: the start position and every move played
/// since, and how the game has ended by every rule, the ones that need the
/// history included ([`Rules`]).
#[cfg_attr(
    feature = "records",
    doc = "A record's main line becomes one with [`History::from_record`], a \
           [`Line`](crate::record::Line) with [`History::from_line`];"
)]
/// [`History::ending`] says how the game ended and at which ply.
///
/// ```
/// use xiangqi_rules::{Color, History, Outcome, Position, Reason};
///
/// // Red's chariot checks, the black general steps aside and back, over and over.
/// let mut game = History::new("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1".parse()?);
/// for mv in ["a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8"] {
///     game.play(mv.parse()?)?;
///     assert_eq!(game.outcome(), None);
/// }
/// game.play("e8e9".parse()?)?;
/// let outcome = game.outcome().expect("the start position has come a third time");
/// assert_eq!(outcome.reason(), Reason::PerpetualCheck);
/// assert_eq!((outcome.result().as_str(), outcome.against()), ("0-1", Some(Color::Red)));
/// assert_eq!(outcome.cycle().map(|cycle| (cycle.first_ply, cycle.last_ply)), Some((0, 8)));
///
/// // The game is over: no more moves.
/// assert!(game.play("a8a9".parse()?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With `serde`, a history is written as its start position, its rules and
/// its moves, with the outcome they lead to: `{"start": FEN, "rules":
/// "asian", "moves": ["a8a9", ...], "outcome": null}`. Reading plays the
/// moves again under the rules: a move that is illegal or comes after the
/// end is refused with its number, and an outcome given must be the one the
/// moves lead to (`rules` and `outcome` may be left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    start: Position,
    rules: Rules,
    start_count: LimitCount,
    start_outcome: Option<Outcome>,
    plies: Vec<Ply>,
}

impl History {
    /// A game from `start`, under the Asian rules.
    #[must_use]
    pub fn new(start: Position) -> History {
        History::with_rules(start, Rules::Asian)
    }

    /// A game from `start` under `rules`. The move limit counts on from the
    /// start position's halfmove clock; a clock at or past the limit ends
    /// the game at once ([`History::clock_past_limit`]).
    #[must_use]
    pub fn with_rules(start: Position, rules: Rules) -> History {
        let start_count = LimitCount::starting_at(start.setup().halfmove_clock);
        let mut history = History { start, rules, start_count, start_outcome: None, plies: Vec::new() };
        history.start_outcome = history.rule_now(start_count, false);
        history
    }

    /// The rules the game is played under.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The start position.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |ply| &ply.position)
    }

    /// The number of moves played: the ply of the position now.
    #[must_use]
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether no move has been played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.plies.iter().map(|ply| ply.mv)
    }

    /// The position at `ply`: the start position at 0, the position after
    /// the `ply`-th move after it.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        match ply {
            0 => Some(&self.start),
            ply => self.plies.get(ply - 1).map(|played| &played.position),
        }
    }

    /// The positions of the game, the start position first.
    pub fn positions(&self) -> impl Iterator<Item = &Position> + '_ {
        core::iter::once(&self.start).chain(self.plies.iter().map(|ply| &ply.position))
    }

    /// How the game has ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.plies.last().map_or(self.start_outcome, |ply| ply.outcome)
    }

    /// How the game ended and at which ply, or `None` while it goes on:
    /// [`History::outcome`] with the ply it came at. Moves are refused once
    /// the game has ended, so that ply is [`History::len`]; a history made
    /// from a longer line ([`History::play_line`], and with the `records`
    /// feature `History::from_line` and `History::from_record`) stops there,
    /// and the line's moves after it are not played.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.outcome().map(|outcome| Ending { outcome, ply: self.len() })
    }

    /// The plies counted towards the move limit now: since the last
    /// capture, from the start position's halfmove clock, checks beyond a
    /// side's tenth and the replies to them not counted.
    #[must_use]
    pub fn limit_count(&self) -> u32 {
        self.count_now().plies
    }

    /// The plies passed since the last capture, counted towards the move
    /// limit or not: from the start position's halfmove clock, with the
    /// checks beyond a side's tenth and the replies to them.
    #[must_use]
    pub fn plies_since_capture(&self) -> u32 {
        self.count_now().passed
    }

    /// The start position's halfmove clock when it is past the move limit:
    /// a game played under these rules would have ended at the limit, so
    /// the clock is taken as the limit reached, and is worth a warning.
    ///
    /// ```
    /// use xiangqi_rules::{History, Outcome};
    ///
    /// let game = History::new("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 4294967295 1".parse()?);
    /// assert_eq!(game.clock_past_limit(), Some(4294967295));
    /// assert_eq!(game.outcome(), Some(Outcome::MoveLimit { plies: 120 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn clock_past_limit(&self) -> Option<u32> {
        let clock = self.start.setup().halfmove_clock;
        (clock > MOVE_LIMIT).then_some(clock)
    }

    fn count_now(&self) -> LimitCount {
        self.plies.last().map_or(self.start_count, |ply| ply.count)
    }

    /// Plays `mv`.
    ///
    /// # Errors
    /// The game has ended, or the move is illegal; nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.advance(mv, false, None).map(|_| ())
    }

    /// The game of `line` (a PGN game's main line from
    /// [`PgnGame::replay`](crate::record::PgnGame::replay), or any line
    /// played move by move) under `rules`, its moves played until the game
    /// ends. When it ends by a rule before the line does, the ruling's ply
    /// is [`History::len`] ([`History::ending`]), and the line's moves after
    /// it are not played. A [`Line`](crate::record::Line) holds only moves
    /// it has checked, so no move of it can be illegal; a
    /// [`Record`](crate::record::Record)'s moves can, and
    /// [`History::from_record`] says which.
    ///
    /// ```
    /// use xiangqi_rules::{History, Reason, Rules, record};
    ///
    /// // A perpetual check, and the record plays on after the third occurrence.
    /// let text = "[FEN \"4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\
    ///             1. a8a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9 *";
    /// let game = record::pgn_games(text).next().expect("one game")?;
    /// let line = game.replay()?;
    /// let history = History::from_line(&line, Rules::Asian);
    /// assert_eq!((history.len(), line.moves().len()), (8, 9));
    /// assert_eq!(history.outcome().map(|outcome| outcome.reason()), Some(Reason::PerpetualCheck));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "records")]
    #[must_use]
    pub fn from_line(line: &crate::record::Line, rules: Rules) -> History {
        let mut history = History::with_rules(*line.start(), rules);
        // The line's moves are legal one after another: no error can come.
        let _ = history.play_line(line.moves());
        history
    }

    /// The game of `record`'s main line under `rules`, as
    /// [`History::from_line`] plays it: the bridge from a record of any
    /// format to the rulings. [`History::ending`] then says how the game
    /// ended and at which ply, and [`History::explain`] why.
    ///
    /// ```
    /// use xiangqi_rules::{History, Reason, Rules, record};
    /// use xiangqi_rules::notation::Notation;
    ///
    /// // The DhtmlXQ page of a chase: red's chariot after the horse, round and round.
    /// let page = "[DhtmlXQ][DhtmlXQ_fen]4k4/9/1n7/9/9/9/9/9/9/2RK5 w - - 0 1[/DhtmlXQ_fen]\
    ///             [DhtmlXQ_movelist]2919122419292412291912241929241229191224[/DhtmlXQ_movelist][/DhtmlXQ]";
    /// let file = record::read(page.as_bytes())?;
    /// let record = file.games[0].as_ref().expect("a whole game");
    /// let history = History::from_record(record, Rules::Asian)?;
    /// let ending = history.ending().expect("ruled");
    /// assert_eq!((ending.outcome.reason(), ending.ply, record.moves.len()), (Reason::PerpetualChase, 8, 10));
    /// assert!(history.explain(Notation::Iccs).expect("a ruling").ends_with("black wins"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A move of the main line cannot be played (a record built or changed
    /// by hand; the readers play every move of what they read): which
    /// move, after how many plies, why, and the line up to it. Every move
    /// of the main line is checked, also those after a ruling, which the
    /// history does not play.
    #[cfg(feature = "records")]
    pub fn from_record(
        record: &crate::record::Record,
        rules: Rules,
    ) -> Result<History, Box<crate::record::IllegalRecordMove>> {
        Ok(History::from_line(&record.checked_line()?, rules))
    }

    /// Plays `moves` in order until the game ends, and returns how many were
    /// played: all of them, or fewer when the game ended before the rest
    /// (the ruling's ply is then [`History::len`]). Faster than [`play`]
    /// move by move: a position from which the next move is legal is known
    /// to be no mate, so the search for a legal move is made only where the
    /// line stops.
    ///
    /// ```
    /// use xiangqi_rules::{History, Move, Reason};
    ///
    /// let moves: Vec<Move> = "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8"
    ///     .split(' ')
    ///     .map(str::parse)
    ///     .collect::<Result<_, _>>()?;
    /// let mut game = History::new("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1".parse()?);
    /// assert_eq!(game.play_line(&moves)?, 8, "the third occurrence ends the game at ply 8");
    /// assert_eq!(game.outcome().map(|outcome| outcome.reason()), Some(Reason::PerpetualCheck));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`play`]: History::play
    ///
    /// # Errors
    /// A move is illegal: the moves before it stay played.
    pub fn play_line(&mut self, moves: &[Move]) -> Result<usize, IllegalMove> {
        let mut known_legal = false;
        self.plies.reserve(moves.len());
        for (index, &mv) in moves.iter().enumerate() {
            if self.outcome().is_some() {
                return Ok(index);
            }
            known_legal = match self.advance(mv, known_legal, moves.get(index + 1).copied()) {
                Ok(next_legal) => next_legal,
                Err(PlayError::Illegal(illegal)) => return Err(illegal),
                Err(PlayError::GameOver(_)) => return Ok(index),
            };
        }
        Ok(moves.len())
    }

    /// Whether the legal line `moves` from `start` may end, under the Asian
    /// rules, by a rule that needs the history: a position whose key occurs
    /// a third time since a capture, a halfmove clock reaching the move
    /// limit (which the limit's own count never passes), or material that
    /// can never mate at the end (material only ever decreases). A cheap
    /// walk of the line, without rulings: a reader of many records plays
    /// with a [`History`] only the lines where this is true (and those that
    /// end in mate), and gets the same rulings as from ruling every line.
    /// Moves that are not a legal line give a meaningless answer.
    #[must_use]
    pub fn line_may_end_by_rule(start: &Position, moves: &[Move]) -> bool {
        let mut may_end = start.setup().halfmove_clock >= MOVE_LIMIT;
        // The keys of the positions since the last capture, and a filter of
        // them (a bit a key, chosen by the key's low bits): a key whose bit
        // is not set has not occurred, and the keys need no search.
        let mut keys = Vec::with_capacity(64);
        let mut filter = 0u128;
        let bit = |key: HashKey| 1u128 << (key.get() % 128);
        let mut position = *start;
        keys.push(position.zobrist_hash());
        filter |= bit(position.zobrist_hash());
        for &mv in moves {
            let undo = position.play_unchecked(mv);
            if may_end {
                continue;
            }
            if undo.capture().is_some() {
                keys.clear();
                filter = 0;
            }
            let key = position.zobrist_hash();
            let seen = if filter & bit(key) == 0 {
                0
            } else {
                keys.iter().rev().skip(1).step_by(2).filter(|&&earlier| earlier == key).count()
            };
            may_end = seen >= 2 || position.setup().halfmove_clock >= MOVE_LIMIT;
            keys.push(key);
            filter |= bit(key);
        }
        may_end || cannot_mate(&position)
    }

    /// Plays `mv` (already known legal if `legal`), and returns whether
    /// `next`, the move to come, is legal after it.
    fn advance(&mut self, mv: Move, legal: bool, next: Option<Move>) -> Result<bool, PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        let before = *self.position();
        if !legal {
            before.check_move(mv)?;
        }
        let mut position = before;
        let undo = position.play_unchecked(mv);
        let capture = undo.capture().is_some();
        let count = self.count_now().after(before.turn(), capture, position.is_check());
        let reversible_from = if capture {
            self.plies.len() as u32 + 1
        } else {
            self.plies.last().map_or(0, |ply| ply.reversible_from)
        };
        let next_legal = next.is_some_and(|next| position.check_move(next).is_ok());
        self.plies.push(Ply { mv, position, count, reversible_from, outcome: None });
        let outcome = self.rule_now(count, next_legal);
        if let Some(last) = self.plies.last_mut() {
            last.outcome = outcome;
        }
        Ok(next_legal)
    }

    /// Takes back the last move, and its ruling, and returns it (`None` at
    /// the start): the opposite of [`History::play`], as
    /// [`Position::unplay`] is of [`Position::play_unchecked`].
    pub fn unplay(&mut self) -> Option<Move> {
        self.plies.pop().map(|ply| ply.mv)
    }

    /// What the move that led to the position at `ply` threatened: its
    /// check and the attacks it made, chase or not (`None` for ply 0 and
    /// past the end).
    #[must_use]
    pub fn threats(&self, ply: usize) -> Option<Threats> {
        let before = self.position_at(ply.checked_sub(1)?)?;
        let after = self.position_at(ply)?;
        Some(crate::threats::threats_of(before.board(), self.plies[ply - 1].mv, after))
    }

    /// The ending now, by the rules of the game.
    /// `playable`: a legal move is known to exist (no mate or stalemate).
    fn rule_now(&self, count: LimitCount, playable: bool) -> Option<Outcome> {
        let position = self.position();
        if !playable && let Some(outcome) = position.outcome() {
            return Some(outcome);
        }
        if self.rules == Rules::MateOnly {
            return None;
        }
        if let Some(ruling) = self.repetition() {
            return Some(ruling.outcome);
        }
        if count.plies >= MOVE_LIMIT {
            return Some(Outcome::MoveLimit { plies: count.plies });
        }
        if cannot_mate(position) {
            return Some(Outcome::InsufficientMaterial);
        }
        None
    }

    /// The ruling, if the position now has occurred for the third time
    /// since the last capture.
    fn repetition(&self) -> Option<Ruling> {
        let now = self.plies.len();
        let reversible_from = self.plies.last().map_or(0, |ply| ply.reversible_from) as usize;
        let key = self.position().repetition_key();
        let mut seen = 0;
        let mut ply = now;
        while ply >= reversible_from + 2 {
            ply -= 2;
            let earlier = self.position_at(ply)?;
            if earlier.zobrist_hash() == key.hash_key() && earlier.repetition_key() == key {
                seen += 1;
                if seen == 2 {
                    return Some(self.rule_span(ply, now));
                }
            }
        }
        None
    }

    fn rule_span(&self, first: usize, last: usize) -> Ruling {
        let positions: Vec<Position> =
            (first..=last).filter_map(|ply| self.position_at(ply).copied()).collect();
        let moves: Vec<Move> = self.plies[first..last].iter().map(|ply| ply.mv).collect();
        let cycle = Cycle { first_ply: first as u32, last_ply: last as u32 };
        let chase = if self.rules == Rules::Engine {
            repetition::ChecksRuleOut::AnyChase
        } else {
            repetition::ChecksRuleOut::OpponentsChase
        };
        repetition::rule(&positions, &moves, cycle, chase)
    }

    /// The move that led to the position at `ply` as a record numbers it,
    /// written in `notation`: `31. 车二进一` or `31... 马８进７`.
    fn numbered(&self, ply: usize, notation: Notation) -> String {
        let Some((number, mover, text)) = self.move_written(ply, notation) else {
            return "the start".to_string();
        };
        let dots = if mover == Color::Red { "." } else { "..." };
        format!("{number}{dots} {text}")
    }

    /// The move that led to the position at `ply`: its move number, the
    /// side that made it, and the move written in `notation` (`None` for
    /// ply 0 and past the end).
    fn move_written(&self, ply: usize, notation: Notation) -> Option<(u32, Color, String)> {
        let before = self.position_at(ply.checked_sub(1)?)?;
        let mv = self.plies.get(ply - 1)?.mv;
        let text = notation.write(before, mv).unwrap_or_else(|_| mv.to_string());
        Some((before.setup().fullmove_number, before.turn(), text))
    }

    /// The move numbers from the move after the position at `first` to the
    /// move to the position at `last`: `27-31`.
    fn move_numbers(&self, first: usize, last: usize) -> String {
        let (from, to) = self.move_span(first, last);
        if from == to { from.to_string() } else { format!("{from}-{to}") }
    }

    /// The first and last move numbers of the moves from the position at
    /// `first` to the position at `last`.
    fn move_span(&self, first: usize, last: usize) -> (u32, u32) {
        let number =
            |ply: usize| self.position_at(ply).map_or(0, |position| position.setup().fullmove_number);
        (number(first), number(last.saturating_sub(1)))
    }

    /// How the game ended and why, in words, with the moves written in
    /// `notation`: the position and moves of a repetition, who checked or
    /// chased and what; `None` while the game goes on.
    ///
    /// ```
    /// use xiangqi_rules::{History, Position};
    /// use xiangqi_rules::notation::Notation;
    ///
    /// let mut game = History::new("4k4/9/1n7/9/9/9/9/9/9/2RK5 w - - 0 1".parse()?);
    /// for mv in ["c0b0", "b7c5", "b0c0", "c5b7", "c0b0", "b7c5", "b0c0", "c5b7"] {
    ///     game.play(mv.parse()?)?;
    /// }
    /// assert_eq!(
    ///     game.explain(Notation::Iccs).as_deref(),
    ///     Some(
    ///         "the position after 4... c5b7 has occurred three times (moves 1-4); in that cycle red's \
    ///          chariot chased black's unprotected horse with every move (perpetual chase), and no move \
    ///          gave check: black wins"
    ///     )
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explain(&self, notation: Notation) -> Option<String> {
        self.explain_in(notation, Language::English)
    }

    /// How the game ended and why, as [`History::explain`] says it, in
    /// `language`, with the moves written in `notation`; `None` while the
    /// game goes on.
    ///
    /// ```
    /// use xiangqi_rules::{History, Language};
    /// use xiangqi_rules::notation::Notation;
    ///
    /// let mut game = History::new("4k4/9/1n7/9/9/9/9/9/9/2RK5 w - - 0 1".parse()?);
    /// for mv in ["c0b0", "b7c5", "b0c0", "c5b7", "c0b0", "b7c5", "b0c0", "c5b7"] {
    ///     game.play(mv.parse()?)?;
    /// }
    /// assert_eq!(
    ///     game.explain_in(Notation::Chinese, Language::Chinese).as_deref(),
    ///     Some("第4回合 黑方马３退２ 后局面第三次出现（第1–4回合）：红方车每步捉黑方无根马（长捉），双方均未将军：黑胜")
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explain_in(&self, notation: Notation, language: Language) -> Option<String> {
        if language == Language::Chinese {
            return self.explain_chinese(notation);
        }
        let outcome = self.outcome()?;
        let Some(cycle) = outcome.cycle() else {
            return Some(match outcome {
                Outcome::Checkmate { .. } | Outcome::Stalemate { .. } if !self.is_empty() => {
                    format!("after {}, {outcome}", self.numbered(self.len(), notation))
                }
                Outcome::MoveLimit { plies } => {
                    let mut text = if self.is_empty() {
                        outcome.to_string()
                    } else {
                        format!("after {}, {outcome}", self.numbered(self.len(), notation))
                    };
                    let passed = self.plies_since_capture();
                    if passed > plies {
                        let _ = write!(
                            text,
                            "; {passed} plies have passed since the last capture, {} of them not counted \
                             ({})",
                            passed - plies,
                            if self.clock_past_limit().is_some() {
                                "the start position's clock is past the limit"
                            } else {
                                "checks beyond a side's tenth, and the replies to them"
                            }
                        );
                    }
                    text
                }
                outcome => outcome.to_string(),
            });
        };
        let (first, last) = (cycle.first_ply as usize, cycle.last_ply as usize);
        let ruling = self.rule_span(first, last);
        let mut text = format!(
            "the position after {} has occurred three times (moves {})",
            self.numbered(last, notation),
            self.move_numbers(first, last)
        );
        let sides_checking: Vec<Color> =
            Color::ALL.into_iter().filter(|side| ruling.checked_always[side.index()]).collect();
        let chasing: Vec<(Color, String)> = Color::ALL
            .into_iter()
            .filter_map(|side| {
                let chased = ruling.chased_always[side.index()].as_ref()?;
                Some((side, chase_in_words(side, chased.piece.kind, &ruling.threats)))
            })
            .collect();
        let _ = match outcome {
            Outcome::PerpetualCheck { winner, .. } => write!(
                text,
                "; in that cycle {} gave check with every move (perpetual check) and {winner} did not: {winner} wins",
                winner.opponent()
            ),
            Outcome::PerpetualChase { winner, .. }
                if sides_checking_ever(&ruling).contains(&winner.opponent()) =>
            {
                write!(
                    text,
                    "; in that cycle {} with every move that gave no check, and gave check with the others \
                     (one check one chase), and {winner} gave no check: {winner} wins",
                    chasing.first().map_or(String::new(), |(_, words)| words.clone())
                )
            }
            Outcome::PerpetualChase { winner, .. } => write!(
                text,
                "; in that cycle {} with every move (perpetual chase), and no move gave check: {winner} wins",
                chasing.first().map_or(String::new(), |(_, words)| words.clone())
            ),
            Outcome::MutualPerpetual { .. } if sides_checking.len() == 2 => {
                write!(text, "; in that cycle both sides gave check with every move: a draw")
            }
            Outcome::MutualPerpetual { .. } => write!(
                text,
                "; in that cycle {} with every move: a draw",
                chasing.iter().map(|(_, words)| words.as_str()).collect::<Vec<_>>().join(", and ")
            ),
            _ if let Some((side, chased)) = self.drawn_one_check_one_chase(&ruling) => write!(
                text,
                "; in that cycle {} with every move that gave no check, and gave check with the others \
                 (one check one chase), and {} gave no check: under the engine reading one check one \
                 chase is no fault, and neither side checked with every move: a draw",
                chase_in_words(side, chased.piece.kind, &ruling.threats),
                side.opponent()
            ),
            _ => {
                let ruled_out: Vec<String> = Color::ALL
                    .into_iter()
                    .filter_map(|side| {
                        let chased = ruling.chased_but_for_checks[side.index()].as_ref()?;
                        Some(chase_in_words(side, chased.piece.kind, &ruling.threats))
                    })
                    .collect();
                if ruled_out.is_empty() {
                    write!(text, "; in that cycle neither side checked or chased with every move: a draw")
                } else {
                    write!(
                        text,
                        "; in that cycle {} with every move, but a check in the cycle rules out any chase, \
                         and neither side checked with every move: a draw",
                        ruled_out.join(", and ")
                    )
                }
            }
        };
        Some(text)
    }
}

impl History {
    /// Under [`Rules::Engine`], the side whose chase only its own checks
    /// ruled out (one check one chase, a draw there), and what it chased.
    fn drawn_one_check_one_chase<'r>(&self, ruling: &'r Ruling) -> Option<(Color, &'r Chased)> {
        if self.rules != Rules::Engine {
            return None;
        }
        let checking = sides_checking_ever(ruling);
        Color::ALL.into_iter().find_map(|side| {
            let chased = ruling.chased_but_for_checks[side.index()].as_ref()?;
            (checking.contains(&side) && !checking.contains(&side.opponent())).then_some((side, chased))
        })
    }
}

/// The sides that gave check with some move of the ruled span.
fn sides_checking_ever(ruling: &Ruling) -> Vec<Color> {
    Color::ALL
        .into_iter()
        .filter(|&side| ruling.threats.iter().any(|threats| threats.mover() == side && threats.gives_check()))
        .collect()
}

/// `red's chariot chased black's unprotected horse`: the chasing side's
/// attacking kinds over its moves in the span, and the piece chased.
fn chase_in_words(side: Color, chased: PieceKind, threats: &[Threats]) -> String {
    let (attackers, protected) = chasers(side, chased, threats);
    let attackers: Vec<&str> = attackers.iter().map(|kind| kind.name()).collect();
    let how = if protected { "" } else { "unprotected " };
    format!("{side}'s {} chased {}'s {how}{chased}", attackers.join(" and "), side.opponent())
}

/// The kinds of `side`'s pieces that chased the piece of kind `chased` in
/// the span, in the order they first did, and whether the chased piece was
/// protected (and chased as worth more than an attacker).
fn chasers(side: Color, chased: PieceKind, threats: &[Threats]) -> (Vec<PieceKind>, bool) {
    let mut attackers: Vec<PieceKind> = Vec::new();
    let mut protected = false;
    for attack in threats.iter().filter(|threats| threats.mover() == side).flat_map(Threats::chases) {
        if attack.victim_piece.kind == chased {
            if !attackers.contains(&attack.attacker_piece.kind) {
                attackers.push(attack.attacker_piece.kind);
            }
            protected |= attack.verdict == ChaseVerdict::WorthMore;
        }
    }
    (attackers, protected)
}

/// Whether no sequence of legal moves can mate, by the material on the
/// board (the rules document, "Material that can never mate"): no soldier,
/// and either no chariot, horse or cannon at all, or cannons so short of
/// screens that they can never give a check that cannot be answered. The
/// cannon classes are those Pikafish's rule code draws at once.
fn cannot_mate(position: &Position) -> bool {
    use PieceKind::{Advisor, Cannon, Chariot, Elephant, Horse, Soldier};
    let board = position.board();
    let count = |kind: PieceKind, side: Color| (board.by_kind(kind) & board.by_color(side)).len();
    if !board.by_kind(Soldier).is_empty() || !(board.by_kind(Chariot) | board.by_kind(Horse)).is_empty() {
        return false;
    }
    let cannons = Color::ALL.map(|side| count(Cannon, side));
    match cannons {
        [0, 0] => true,
        // One cannon: the side holding it has no advisor (its general can
        // never be a screen, and its elephants can screen on a file only),
        // and the other side has no advisor, or one and the cannon's side no
        // elephant.
        [1, 0] | [0, 1] => {
            let side = if cannons[0] == 1 { Color::Red } else { Color::Black };
            let other = side.opponent();
            count(Advisor, side) == 0
                && (count(Advisor, other) == 0 || (count(Advisor, other) == 1 && count(Elephant, side) == 0))
        }
        // A cannon each, and no advisor or elephant on the board to screen.
        [1, 1] => board.by_kind(Advisor).is_empty() && board.by_kind(Elephant).is_empty(),
        _ => false,
    }
}

mod chinese;
#[cfg(feature = "serde")]
mod serde_form;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod published;
