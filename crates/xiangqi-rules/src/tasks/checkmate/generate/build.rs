//! Building the board of one case, by construction (see the module docs).

use board_geometry::Half;
use board_geometry::random::Random;

use super::GenerateOptions;
use crate::attacks::{
    GENERAL_STEPS, LINES, cannon_captures, chariot_attacks, file_attacks, horse_attackers, horse_attacks,
    nearest, ray,
};
use crate::tasks::pick;
use crate::{Board, Color, Piece, PieceKind, Square, SquareSet};

/// The red pieces beside the general, at most two of each.
const KINDS: [PieceKind; 3] = [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon];

/// The most pieces of one kind red may have.
const MAX_OF_A_KIND: u8 = 2;

/// Tries at building a case with the answer drawn, before giving any answer.
const ATTEMPTS: u32 = 1000;

/// Tries at building a case with facing generals as planned, before another
/// plan is drawn: a plan that can be built at all takes a try or two on
/// average and hardly ever more than 50.
const FACING_ATTEMPTS: u32 = 50;

/// Tries at building a mate with a trap, before an ordinary mate is built:
/// a trap takes a few tries on average.
const TRAP_ATTEMPTS: u32 = 100;

/// The cases after which a trap not built since is due: the next mate is
/// built with it. With mates a share of the cases (about 0.45 by default),
/// every trap shows within the first hundred cases of every seed.
pub(super) const TRAP_DUE: u32 = 30;

/// The chance that a checking chariot is put right next to the black
/// general (when it can be), so that capturing it is a way out.
const ADJACENT_CHECK: f64 = 0.25;

/// The chance that a checking cannon gets a screen of its own even when one
/// already stands on a line to the general.
const OWN_SCREEN: f64 = 0.5;

/// The chance that a piece added to a mate or a hard `NO` after the cover is
/// tried on a random point, where it may change the answer (and is taken
/// back if it does), rather than on a point [`FAR`] from the black general.
const NEAR_PIECE: f64 = 0.3;

/// The points from which no red chariot, cannon or general changes anything
/// about the black general: off the palace's files (d, e, f) and ranks (7,
/// 8, 9), so on no line through a palace point, and not the leg of a horse
/// jump onto the palace (c6, g6).
const FAR: SquareSet = SquareSet::FULL
    .difference(lines(&[3, 4, 5], true))
    .difference(lines(&[7, 8, 9], false))
    .difference(SquareSet::at_coords(&[(2, 6), (6, 6)]));

/// The chance that a case with facing generals has a red piece between the
/// generals' ranks on another file, which blocks nothing but looks as if it
/// did to a solution that compares ranks only.
const PIECE_BETWEEN_RANKS: f64 = 0.5;

/// The chance that a case with facing generals leaves the black general an
/// escape besides the flight, rather than being mate but for the flight.
const FACING_ESCAPE: f64 = 0.25;

/// [`FAR`] without the points from which a horse jumps onto the palace.
const FAR_FOR_HORSE: SquareSet = FAR.difference(SquareSet::at_coords(&[(1, 6), (2, 5), (6, 5), (7, 6)]));

/// Whole files (`files`) or ranks, by index.
const fn lines(indices: &[i64], files: bool) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    let mut i = 0;
    while i < indices.len() {
        let mut along = 0;
        while along < 10 {
            let (file, rank) = if files { (indices[i], along) } else { (along, indices[i]) };
            if let Some(square) = Square::from_coords(file, rank) {
                set = set.with(square);
            }
            along += 1;
        }
        i += 1;
    }
    set
}

/// What a construction aims at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Goal {
    /// Checkmate: no escape.
    Mate,
    /// Not mate, exactly one escape.
    HardNo,
    /// Not mate, pieces on random points.
    EasyNo,
}

/// A mate drawn on purpose for a mistake that mates drawn at random hardly
/// ever show (see [the module docs](super#traps)).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Trap {
    /// A step of the black general that red's general alone covers, along
    /// its file, with a red piece behind red's general (further from black):
    /// a solution that looks down the file to the board's edge, rather than
    /// up to red's general, takes that piece for a block. Mates drawn at
    /// random show it in under a thousandth of the cases.
    BehindGeneral,
    /// A step that one chariot or cannon alone covers, along a line, with a
    /// red piece beyond the step on that line: a solution that counts the
    /// pieces on the whole line past the step, rather than up to it, takes
    /// that piece for a block (or, for a cannon, for a second screen). Mates
    /// drawn at random show it in about one case of a hundred.
    BeyondEscape,
}

impl Trap {
    /// Every trap, in the order of [`CasesSinceTrap`]'s counts.
    pub(super) const ALL: [Trap; 2] = [Trap::BehindGeneral, Trap::BeyondEscape];

    /// The fewest red pieces a mate with this trap can have: red's general,
    /// the piece behind it and a checking piece; or a checking piece, a
    /// piece beyond the step it covers, and one more for the steps left
    /// (red's general cannot cover them from the black general's file).
    const fn fewest_red_pieces(self) -> u8 {
        match self {
            Trap::BehindGeneral => 3,
            Trap::BeyondEscape => 4,
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// How many cases have been built since the last mate with each [`Trap`]
/// (in the order of [`Trap::ALL`]), counted from the first case.
pub(super) type CasesSinceTrap = [u32; 2];

/// The board of one case: its answer drawn with the options' shares, then
/// constructed. A mate is built with a trap as [`draw_trap`] says, and
/// `since` counts the cases since each trap.
pub(super) fn case_board(
    random: &mut Random,
    options: &GenerateOptions,
    since: &mut CasesSinceTrap,
) -> Board {
    for count in since.iter_mut() {
        *count = count.saturating_add(1);
    }
    // No draw at all without facing cases: a seed then gives the cases it
    // gave before facing cases were made.
    if options.facing_share > 0.0 && random.chance(options.facing_share) {
        return facing_board(random, options);
    }
    let goal = if random.chance(options.yes_share) {
        Goal::Mate
    } else if random.chance(options.hard_no_share) {
        Goal::HardNo
    } else {
        Goal::EasyNo
    };
    if goal == Goal::Mate {
        if let Some(trap) = draw_trap(random, options, since) {
            for _ in 0..TRAP_ATTEMPTS {
                if let Some(board) =
                    Builder::for_trap(random, options, trap).and_then(|b| b.build(goal, Some(trap)))
                {
                    since[trap.index()] = 0;
                    return board;
                }
            }
        }
    }
    for _ in 0..ATTEMPTS {
        if let Some(board) = Builder::new(random, options).build(goal, None) {
            return board;
        }
    }
    // Only tight limits on the red pieces make an answer this hard to build:
    // then any answer will do. Most tries of an easy NO succeed, so this ends.
    loop {
        for goal in [Goal::EasyNo, Goal::HardNo, Goal::Mate] {
            if let Some(board) = Builder::new(random, options).build(goal, None) {
                return board;
            }
        }
    }
}

/// The trap a mate is built with, if any: the one overdue the longest (no
/// mate with it among the last [`TRAP_DUE`] cases), else one at random with
/// the chance [`GenerateOptions::trap_share`]. None with a share of 0 (and
/// no draw: a seed then gives the cases it gave before traps were made), or
/// where the limits on red's pieces leave no room for it.
fn draw_trap(random: &mut Random, options: &GenerateOptions, since: &CasesSinceTrap) -> Option<Trap> {
    if options.trap_share <= 0.0 {
        return None;
    }
    let fits = |trap: &Trap| trap.fewest_red_pieces() <= options.max_red_pieces;
    let overdue = Trap::ALL
        .into_iter()
        .filter(|trap| fits(trap) && since[trap.index()] >= TRAP_DUE)
        .max_by_key(|trap| since[trap.index()]);
    if overdue.is_some() {
        return overdue;
    }
    if !random.chance(options.trap_share) {
        return None;
    }
    Some(Trap::ALL[random.index(Trap::ALL.len())]).filter(fits)
}

/// What a case with facing generals shows, drawn before it is built.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct FacingPlan {
    /// The file the generals share, by index: d, e (the generals' own file) or f.
    file: i64,
    /// The red piece behind red's general on that file (further from black), if any.
    behind: Option<PieceKind>,
    /// Whether a red piece stands between the generals' ranks on another file.
    piece_between_ranks: bool,
    /// The black general's escapes besides the flight: 0 (mate but for the flight) or 1.
    escapes: u32,
}

impl FacingPlan {
    /// A bound below the red pieces the plan needs: the general, the piece
    /// behind it, a checking piece unless a cannon behind red's general
    /// checks, and one more where that is not enough. A step aside is
    /// covered by no piece on the generals' file, and the only checking
    /// piece that can stand between the generals' ranks is a horse, which
    /// covers no step of the general it checks (it stands a jump, three rows
    /// plus columns, from the general's point, so every step is an even
    /// number of rows plus columns away from it). So a new checking piece
    /// cannot both cover every step aside and stand between the ranks, and
    /// a cannon behind red's general can do neither.
    fn fewest_red_pieces(self) -> u8 {
        let new_checker = self.behind != Some(PieceKind::Cannon);
        let covered = self.escapes == 0;
        let one_more = if new_checker {
            covered && self.piece_between_ranks
        } else {
            covered || self.piece_between_ranks
        };
        1 + u8::from(self.behind.is_some()) + u8::from(new_checker) + u8::from(one_more)
    }

    fn draw(random: &mut Random) -> FacingPlan {
        FacingPlan {
            file: random.between(3, 5),
            behind: [None, Some(PieceKind::Chariot), Some(PieceKind::Cannon)][random.index(3)],
            piece_between_ranks: random.chance(PIECE_BETWEEN_RANKS),
            escapes: u32::from(random.chance(FACING_ESCAPE)),
        }
    }
}

/// The board of a case with facing generals, its plan drawn, then constructed.
fn facing_board(random: &mut Random, options: &GenerateOptions) -> Board {
    loop {
        let plan = FacingPlan::draw(random);
        if plan.fewest_red_pieces() > options.max_red_pieces {
            continue;
        }
        for _ in 0..FACING_ATTEMPTS {
            if let Some(board) =
                Builder::facing(random, options, plan).and_then(|builder| builder.build_facing(plan))
            {
                return board;
            }
        }
        // Only tight limits on the red pieces make a plan this hard (on the
        // centre file, two steps aside to cover besides the piece between
        // the ranks): another plan then. Two pieces are enough for some
        // plans, so this ends.
    }
}

/// The points of the ranks strictly between `low` and `high`, on every file.
fn ranks_between(low: Square, high: Square) -> SquareSet {
    let (first_rank, last_rank) = (i64::from(low.rank().index()) + 1, i64::from(high.rank().index()) - 1);
    match (Square::from_coords(0, first_rank), Square::from_coords(8, last_rank)) {
        (Some(first), Some(last)) if first_rank <= last_rank => SquareSet::rectangle(first, last),
        _ => SquareSet::EMPTY,
    }
}

/// A board under construction.
struct Builder<'a> {
    random: &'a mut Random,
    options: &'a GenerateOptions,
    board: Board,
    black: Square,
    red_general: Square,
    red_count: u8,
    /// Chariots, horses and cannons so far (or set aside), in the order of [`KINDS`].
    kind_counts: [u8; 3],
    /// Where red pieces may go: everywhere, but for facing generals nowhere
    /// between them (and, as planned, nowhere between their ranks).
    allowed: SquareSet,
}

impl<'a> Builder<'a> {
    /// The two generals on random points of their palaces.
    fn new(random: &'a mut Random, options: &'a GenerateOptions) -> Builder<'a> {
        let palace_point = |random: &mut Random, half: Half| match pick(random, half.palace()) {
            Some(point) => point,
            None => unreachable!("a palace has nine points"),
        };
        let black = palace_point(random, Half::Upper);
        let mut red_general = palace_point(random, Half::Lower);
        if red_general.file() == black.file() {
            // On one file the generals must end up screened; on different
            // files the red general covers the points of its own file, which
            // most cases should show: draw again, once.
            red_general = palace_point(random, Half::Lower);
        }
        Builder::with_generals(random, options, black, red_general, SquareSet::FULL)
    }

    /// A board with the two generals on `black` and `red_general` alone,
    /// red's other pieces to go on `allowed` points.
    fn with_generals(
        random: &'a mut Random,
        options: &'a GenerateOptions,
        black: Square,
        red_general: Square,
        allowed: SquareSet,
    ) -> Builder<'a> {
        let mut board = Board::empty();
        board.put(black, Piece::new(Color::Black, PieceKind::General));
        board.put(red_general, Piece::new(Color::Red, PieceKind::General));
        Builder { random, options, board, black, red_general, red_count: 1, kind_counts: [0; 3], allowed }
    }

    /// The two generals facing each other on the file of `plan`, each on a
    /// random rank of its palace, and the piece planned behind red's general.
    fn facing(random: &'a mut Random, options: &'a GenerateOptions, plan: FacingPlan) -> Option<Builder<'a>> {
        let black = Square::from_coords(plan.file, random.between(7, 9))?;
        // A piece behind red's general needs a rank behind it.
        let red_rank = random.between(i64::from(plan.behind.is_some()), 2);
        let red_general = Square::from_coords(plan.file, red_rank)?;
        let mut allowed = !SquareSet::between(red_general, black);
        if !plan.piece_between_ranks {
            allowed -= ranks_between(red_general, black);
        }
        let mut builder = Builder::with_generals(random, options, black, red_general, allowed);
        if let Some(kind) = plan.behind {
            let behind = Square::from_coords(plan.file, builder.random.between(0, red_rank - 1))?;
            builder.put(behind, kind);
        }
        Some(builder)
    }

    /// The generals placed for a mate with `trap`: for
    /// [`Trap::BehindGeneral`] red's general on a palace file one file from
    /// the black general's and not on red's back rank, a chariot or a horse
    /// behind it on its file (a cannon there would cover the step through
    /// red's general, so red's general would not cover it alone).
    fn for_trap(random: &'a mut Random, options: &'a GenerateOptions, trap: Trap) -> Option<Builder<'a>> {
        if trap == Trap::BeyondEscape {
            return Some(Builder::new(random, options));
        }
        let file = random.between(3, 5);
        let black_file = if file == 4 { [3, 5][random.index(2)] } else { 4 };
        let black = Square::from_coords(black_file, random.between(7, 9))?;
        let red_rank = random.between(1, 2);
        let red_general = Square::from_coords(file, red_rank)?;
        let mut builder = Builder::with_generals(random, options, black, red_general, SquareSet::FULL);
        let behind = Square::from_coords(file, builder.random.between(0, red_rank - 1))?;
        let kind = [PieceKind::Chariot, PieceKind::Horse][builder.random.index(2)];
        builder.put(behind, kind);
        Some(builder)
    }

    fn build(mut self, goal: Goal, trap: Option<Trap>) -> Option<Board> {
        let (min, max) = (self.options.min_red_pieces, self.options.max_red_pieces);
        let escapes = if goal == Goal::EasyNo {
            // Random pieces first, then a checking piece placed against them.
            let wanted = self.random.between(i64::from(min), i64::from(max));
            let checker = self.available_kind()?;
            let others = u8::try_from(wanted - 1).unwrap_or(max);
            self.setting_aside(checker, |builder| builder.add_far_or_anywhere(others, SquareSet::FULL));
            self.place_checker(checker)?;
            self.escapes()
        } else {
            let checker = KINDS[self.random.index(KINDS.len())];
            self.place_checker(checker)?;
            let leave = if goal == Goal::Mate { 0 } else { 1 };
            let escapes = self.cover(leave)?;
            if trap == Some(Trap::BeyondEscape) {
                self.add_beyond_escape()?;
            }
            let wanted = self.random.between(i64::from(self.red_count.max(min)), i64::from(max));
            self.add_pieces(leave, u8::try_from(wanted).unwrap_or(max));
            // The pieces added after the cover keep the escapes as they are.
            escapes
        };
        let reached = match goal {
            Goal::Mate => escapes.is_empty(),
            Goal::HardNo => escapes.len() == 1,
            Goal::EasyNo => escapes.any(),
        };
        if !reached || self.red_count < min || self.red_count > max || self.board.generals_face_each_other() {
            return None;
        }
        if trap.is_some_and(|trap| !self.holds(trap)) {
            return None;
        }
        debug_assert!(self.gives_check(), "{:?}", self.board);
        debug_assert_eq!(
            goal == Goal::Mate,
            crate::tasks::checkmate::Case::new(0, self.board)
                .is_ok_and(|case| case.verdict() == crate::tasks::checkmate::Verdict::Mate),
            "{:?}",
            self.board
        );
        Some(self.board)
    }

    /// Completes a case with facing generals as `plan` says: a check by a
    /// piece other than the general (a cannon behind red's general gives it
    /// already), the escapes covered until `plan.escapes` are left besides
    /// the flight, a piece between the generals' ranks if planned, decoys.
    fn build_facing(mut self, plan: FacingPlan) -> Option<Board> {
        let (min, max) = (self.options.min_red_pieces, self.options.max_red_pieces);
        if !self.check_and_escapes().0 {
            let checker = self.available_kind()?;
            self.place_checker(checker)?;
        }
        self.cover(plan.escapes)?;
        let between_ranks = ranks_between(self.red_general, self.black);
        let reds = |builder: &Self| builder.board.by_color(Color::Red);
        if plan.piece_between_ranks && !reds(&self).intersects(between_ranks) {
            // Off the palace's files and ranks, it changes nothing.
            self.add_far_or_anywhere(self.red_count + 1, FAR & between_ranks);
        }
        let wanted = self.random.between(i64::from(self.red_count.max(min)), i64::from(max));
        self.add_pieces(plan.escapes, u8::try_from(wanted).unwrap_or(max));
        let (check, escapes) = self.check_and_escapes();
        let reached = check
            && escapes.len() == plan.escapes
            && reds(&self).intersects(between_ranks) == plan.piece_between_ranks
            && self.board.generals_face_each_other();
        if !reached || self.red_count < min || self.red_count > max {
            return None;
        }
        debug_assert!(
            crate::tasks::checkmate::Case::new(0, self.board)
                .is_ok_and(|case| case.verdict() == crate::tasks::checkmate::Verdict::NotMate),
            "{:?}",
            self.board
        );
        Some(self.board)
    }

    /// A kind red may still add, at random, if any.
    fn available_kind(&mut self) -> Option<PieceKind> {
        let mut open = KINDS;
        let mut count = 0;
        for (kind, &placed) in KINDS.iter().zip(&self.kind_counts) {
            if placed < MAX_OF_A_KIND {
                open[count] = *kind;
                count += 1;
            }
        }
        self.random.pick(&open[..count]).copied()
    }

    /// Runs `then` with a place of `kind` set aside, as if one more piece of
    /// it stood on the board: the place of a piece yet to be put.
    fn setting_aside<T>(&mut self, kind: PieceKind, then: impl FnOnce(&mut Self) -> T) -> T {
        self.kind_counts[kind_slot(kind)] += 1;
        let result = then(self);
        self.kind_counts[kind_slot(kind)] -= 1;
        result
    }

    fn put(&mut self, square: Square, kind: PieceKind) {
        self.board.put(square, Piece::new(Color::Red, kind));
        self.red_count += 1;
        self.kind_counts[kind_slot(kind)] += 1;
    }

    fn take_back(&mut self, square: Square) {
        if let Some(piece) = self.board.remove(square) {
            self.red_count -= 1;
            self.kind_counts[kind_slot(piece.kind)] -= 1;
        }
    }

    /// The points red attacks once the black general has left its point:
    /// those of the pieces other than the general, and those of the general
    /// along its file (the flying-general rule). A point counts as attacked
    /// if a piece standing there could be captured, empty or not.
    ///
    /// That one occupancy answers both questions about the black general: a
    /// line to its own point or to a point next to it never passes over
    /// either point, so whether it is in check and whether the point it
    /// steps to (capturing what stands there) is attacked are read off the
    /// same sets, made from the engine's attack tables.
    fn threats(&self) -> (SquareSet, SquareSet) {
        let board = &self.board;
        let occupied = board.occupied().without(self.black);
        let reds = board.by_color(Color::Red);
        let mut pieces = SquareSet::EMPTY;
        for chariot in board.by_kind(PieceKind::Chariot) & reds {
            pieces |= chariot_attacks(chariot, occupied);
        }
        for horse in board.by_kind(PieceKind::Horse) & reds {
            pieces |= horse_attacks(horse, occupied);
        }
        for cannon in board.by_kind(PieceKind::Cannon) & reds {
            pieces |= cannon_threats(cannon, occupied);
        }
        (pieces, file_attacks(self.red_general, occupied))
    }

    /// Whether a red piece other than the general attacks the black general.
    fn gives_check(&self) -> bool {
        self.threats().0.contains(self.black)
    }

    /// The points the black general can safely step to (capturing what stands there).
    fn escapes(&self) -> SquareSet {
        let (pieces, general) = self.threats();
        GENERAL_STEPS.of(self.black) - pieces - general
    }

    /// Whether red gives check, and the black general's escapes.
    fn check_and_escapes(&self) -> (bool, SquareSet) {
        let (pieces, general) = self.threats();
        (pieces.contains(self.black), GENERAL_STEPS.of(self.black) - pieces - general)
    }

    /// The red pieces that attack `step` once the black general has stepped
    /// there (capturing what stood there).
    fn attackers_after_step(&self, step: Square) -> SquareSet {
        let mut after = self.board;
        after.remove(self.black);
        after.put(step, Piece::new(Color::Black, PieceKind::General));
        after.attackers(step, Color::Red)
    }

    /// The points beyond `step` on the line along which one chariot or
    /// cannon covers it, if that piece alone covers it.
    fn beyond_lone_line_attacker(&self, step: Square) -> Option<SquareSet> {
        let attackers = self.attackers_after_step(step);
        let attacker = attackers.into_iter().next().filter(|_| attackers.len() == 1)?;
        let kind = self.board.piece_at(attacker)?.kind;
        matches!(kind, PieceKind::Chariot | PieceKind::Cannon).then(|| beyond(attacker, step))
    }

    /// Whether the board holds `trap`: a step of the black general covered
    /// as the trap says, with a red piece behind red's general or beyond
    /// the step.
    fn holds(&self, trap: Trap) -> bool {
        let reds = self.board.by_color(Color::Red);
        GENERAL_STEPS.of(self.black).into_iter().any(|step| match trap {
            Trap::BehindGeneral => {
                self.attackers_after_step(step) == SquareSet::from_square(self.red_general)
                    && beyond(step, self.red_general).intersects(reds)
            }
            Trap::BeyondEscape => {
                self.beyond_lone_line_attacker(step).is_some_and(|points| points.intersects(reds))
            }
        })
    }

    /// Puts a red piece beyond a step of the black general that one chariot
    /// or cannon alone covers, on its line, keeping the check and the mate.
    fn add_beyond_escape(&mut self) -> Option<()> {
        if self.red_count >= self.options.max_red_pieces {
            return None;
        }
        let mut points = SquareSet::EMPTY;
        for step in GENERAL_STEPS.of(self.black) {
            points |= self.beyond_lone_line_attacker(step).unwrap_or(SquareSet::EMPTY);
        }
        let point = pick(self.random, (points - self.board.occupied()) & self.allowed)?;
        let kind = self.available_kind()?;
        self.put(point, kind);
        let (check, escapes) = self.check_and_escapes();
        (check && escapes.is_empty()).then_some(())
    }

    /// Puts a red piece of `kind` where it attacks the black general (a
    /// cannon may first get a screen).
    fn place_checker(&mut self, kind: PieceKind) -> Option<()> {
        let occupied = self.board.occupied();
        let points = match kind {
            PieceKind::Chariot => {
                let seen = (chariot_attacks(self.black, occupied) - occupied) & self.allowed;
                let adjacent = seen & GENERAL_STEPS.of(self.black);
                if adjacent.any() && self.random.chance(ADJACENT_CHECK) { adjacent } else { seen }
            }
            PieceKind::Horse => (horse_attackers(self.black, occupied) - occupied) & self.allowed,
            _ => {
                let screened = (cannon_captures(self.black, occupied) - occupied) & self.allowed;
                let room_for_screen = self.red_count + 2 <= self.options.max_red_pieces;
                if room_for_screen && (screened.is_empty() || self.random.chance(OWN_SCREEN)) {
                    // The cannon two or more points away on an open line, its
                    // screen on a point between.
                    let open = (chariot_attacks(self.black, occupied) - occupied) & self.allowed;
                    let cannon = pick(self.random, open - chariot_attacks(self.black, SquareSet::FULL))?;
                    // The points between the general and the cannon: seen from both.
                    let between = chariot_attacks(self.black, SquareSet::from_square(cannon))
                        & chariot_attacks(cannon, SquareSet::from_square(self.black))
                        & self.allowed;
                    let screen = pick(self.random, between)?;
                    let screen_kind = self.setting_aside(kind, Builder::available_kind);
                    self.put(screen, screen_kind?);
                    SquareSet::from_square(cannon)
                } else {
                    screened
                }
            }
        };
        let point = pick(self.random, points)?;
        self.put(point, kind);
        Some(())
    }

    /// Adds pieces that cover the black general's escapes until `leave` of
    /// them are left, keeping the check; returns the escapes left.
    fn cover(&mut self, leave: u32) -> Option<SquareSet> {
        let mut misses = 0;
        let (check, mut escapes) = self.check_and_escapes();
        if !check {
            return None;
        }
        loop {
            if escapes.len() <= leave {
                return (escapes.len() == leave).then_some(escapes);
            }
            if self.red_count >= self.options.max_red_pieces || misses > 3 {
                return None;
            }
            let kind = self.available_kind()?;
            let target = pick(self.random, escapes)?;
            let occupied = self.board.occupied();
            let after = occupied.without(self.black).with(target);
            let attackers = match kind {
                PieceKind::Chariot => chariot_attacks(target, after),
                PieceKind::Horse => horse_attackers(target, after),
                _ => cannon_captures(target, after),
            };
            let coverers = (attackers - occupied) & self.allowed;
            match pick(self.random, coverers) {
                Some(point) => {
                    self.put(point, kind);
                    let (check, left) = self.check_and_escapes();
                    if check {
                        escapes = left;
                    } else {
                        self.take_back(point);
                        misses += 1;
                    }
                }
                None => misses += 1,
            }
        }
    }

    /// Adds pieces of random kinds on random points of `region` (or, in
    /// [`FAR`], far from the black general, for pieces that must change
    /// nothing) until red has `wanted` pieces or no kind is left.
    fn add_far_or_anywhere(&mut self, wanted: u8, region: SquareSet) {
        while self.red_count < wanted {
            let Some(kind) = self.available_kind() else { return };
            let mut allowed = region & self.allowed;
            if region.is_subset(FAR) && kind == PieceKind::Horse {
                allowed &= FAR_FOR_HORSE;
            }
            let Some(point) = pick(self.random, allowed - self.board.occupied()) else { return };
            self.put(point, kind);
        }
    }

    /// Adds pieces to a case with `leave` escapes (a mate, a hard `NO`,
    /// facing generals) until red has `wanted` pieces, keeping the check and
    /// the escapes: some on random points, each kept if nothing of the answer
    /// changes, the others on points [`FAR`] from the black general, which
    /// cannot change anything.
    fn add_pieces(&mut self, leave: u32, wanted: u8) {
        let mut tries = 0;
        let most_tries = 2 * wanted.saturating_sub(self.red_count);
        while self.red_count < wanted && tries < most_tries {
            tries += 1;
            if !self.random.chance(NEAR_PIECE) {
                self.add_far_or_anywhere(self.red_count + 1, FAR);
                continue;
            }
            let Some(kind) = self.available_kind() else { return };
            let Some(point) = pick(self.random, !self.board.occupied() & self.allowed) else { return };
            self.put(point, kind);
            let (check, escapes) = self.check_and_escapes();
            let keeps = check && escapes.len() == leave;
            if !keeps {
                self.take_back(point);
            }
        }
    }
}

/// The points a cannon on `from` would capture on if a piece stood there:
/// beyond its screen, up to and including the next piece, in each direction.
fn cannon_threats(from: Square, occupied: SquareSet) -> SquareSet {
    let mut threats = SquareSet::EMPTY;
    for direction in LINES {
        if let Some(screen) = nearest(from, direction, occupied) {
            let beyond = ray(screen, direction);
            threats |= match nearest(screen, direction, occupied) {
                Some(next) => beyond - ray(next, direction),
                None => beyond,
            };
        }
    }
    threats
}

/// The points beyond `through` on the line from `from`, up to the edge;
/// none if the two points are on no common line.
fn beyond(from: Square, through: Square) -> SquareSet {
    LINES
        .into_iter()
        .find(|&direction| ray(from, direction).contains(through))
        .map_or(SquareSet::EMPTY, |direction| ray(through, direction))
}

/// The index of `kind` in [`KINDS`] (chariot, horse or cannon).
fn kind_slot(kind: PieceKind) -> usize {
    match kind {
        PieceKind::Horse => 1,
        PieceKind::Cannon => 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_plan_of_facing_generals_is_built_with_fewer_red_pieces_than_its_bound() {
        let mut random = Random::new(1589);
        let mut built = 0;
        for file in 3..=5 {
            for behind in [None, Some(PieceKind::Chariot), Some(PieceKind::Cannon)] {
                for piece_between_ranks in [false, true] {
                    for escapes in [0, 1] {
                        let plan = FacingPlan { file, behind, piece_between_ranks, escapes };
                        let mut fewest = u32::MAX;
                        for max in super::super::MIN_RED_PIECES..=super::super::MAX_RED_PIECES {
                            let options =
                                GenerateOptions { max_red_pieces: max, ..GenerateOptions::default() };
                            for _ in 0..50 {
                                let board = Builder::facing(&mut random, &options, plan)
                                    .and_then(|builder| builder.build_facing(plan));
                                if let Some(board) = board {
                                    fewest = fewest.min(board.by_color(Color::Red).len());
                                    built += 1;
                                }
                            }
                        }
                        // A bound, and a near one: a plan under it is never
                        // tried, so no plan the limits allow is lost.
                        assert!(fewest >= u32::from(plan.fewest_red_pieces()), "{plan:?}: {fewest}");
                        assert!(fewest <= u32::from(plan.fewest_red_pieces()) + 1, "{plan:?}: {fewest}");
                    }
                }
            }
        }
        assert!(built > 5000, "{built}");
    }
}
