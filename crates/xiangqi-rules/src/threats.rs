//! What a move threatens: whether it gives check, and which of the
//! opponent's pieces it attacks anew or leaves newly exposed, and whether
//! each attack is a chase, as the repetition rules count them (the crate's
//! rules document).

use core::fmt;

use crate::{Board, Color, IllegalMove, Move, Piece, PieceKind, Position, Square, SquareSet};

/// What a move threatens: whether it gives check, and every attack on an
/// opponent piece (other than the general) that the move creates or turns
/// into a chase, with whether it counts as a chase ([`Position::threats`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threats {
    mv: Move,
    mover: Color,
    check: bool,
    attacks: Vec<Attack>,
}

/// An attack that a move creates or undermines: after the move, the piece on
/// `attacker` could legally capture the opponent piece on `victim`, and
/// before it the same piece (on its square before the move) could not, or
/// could but the attack was no chase then and is one now (the move cut off
/// the victim's protection: it blocked a protector's line, a horse's leg or
/// an elephant's eye, pinned the protector, or blocked the capture back).
/// The moving piece's own attacks count, and so do those it uncovers for
/// another piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Attack {
    /// Where the attacking piece stands after the move.
    pub attacker: Square,
    /// The attacking piece.
    pub attacker_piece: Piece,
    /// Where the attacked piece stands.
    pub victim: Square,
    /// The attacked piece.
    pub victim_piece: Piece,
    /// Whether the attack is a chase, and why or why not.
    pub verdict: ChaseVerdict,
    /// The same attacker's attack on the victim before the move, if it had
    /// one: an attack that was no chase then and is one now undermined the
    /// victim's protection.
    pub before: Option<ChaseVerdict>,
}

/// Whether an attack counts as a chase, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChaseVerdict {
    /// A chase: the victim is not protected (no opponent piece could
    /// legally capture back on its point).
    Unprotected,
    /// A chase though the victim is protected: the attacker is worth less
    /// (a horse or a cannon attacking a chariot; an advisor or an elephant
    /// attacking a chariot, a horse or a cannon).
    WorthMore,
    /// No chase: the piece on this point could legally capture back.
    Protected {
        /// A protector.
        by: Square,
    },
    /// No chase by this move: the victim was already chased before it, by
    /// the piece on this point (attackers taking turns on one victim, or a
    /// victim that stepped into an attack, make no new threat).
    ChasedBefore {
        /// Where the piece that chased it before the move stood.
        by: Square,
    },
    /// No chase: two pieces of one kind, and the attacked one could capture
    /// the attacker.
    CapturesBack,
    /// No chase: generals and soldiers may attack anything.
    AttackerExempt,
    /// No chase: a soldier that has not crossed the river is not chased.
    UncrossedSoldier,
}

impl ChaseVerdict {
    /// Whether the attack counts as a chase.
    #[must_use]
    pub const fn is_chase(self) -> bool {
        matches!(self, ChaseVerdict::Unprotected | ChaseVerdict::WorthMore)
    }
}

impl fmt::Display for ChaseVerdict {
    /// `a chase: unprotected`, `no chase: protected by the piece on c8`, ...
    ///
    /// ```
    /// use xiangqi_rules::ChaseVerdict;
    ///
    /// let verdict = ChaseVerdict::Protected { by: "c8".parse()? };
    /// assert_eq!(verdict.to_string(), "no chase: protected by the piece on c8");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChaseVerdict::Unprotected => f.write_str("a chase: unprotected"),
            ChaseVerdict::WorthMore => f.write_str("a chase: protected, but worth more than its attacker"),
            ChaseVerdict::Protected { by } => write!(f, "no chase: protected by the piece on {by}"),
            ChaseVerdict::ChasedBefore { by } => {
                write!(f, "no chase: already chased before the move, by the piece on {by}")
            }
            ChaseVerdict::CapturesBack => f.write_str("no chase: the same kind, and it can capture back"),
            ChaseVerdict::AttackerExempt => f.write_str("no chase: a general or a soldier may attack"),
            ChaseVerdict::UncrossedSoldier => {
                f.write_str("no chase: a soldier that has not crossed the river")
            }
        }
    }
}

impl Threats {
    /// The move.
    #[must_use]
    pub const fn mv(&self) -> Move {
        self.mv
    }

    /// The side that made it.
    #[must_use]
    pub const fn mover(&self) -> Color {
        self.mover
    }

    /// Whether the move gives check.
    #[must_use]
    pub const fn gives_check(&self) -> bool {
        self.check
    }

    /// Every attack the move creates on an opponent piece other than the
    /// general, chase or not, and every attack it turns into a chase, in
    /// board order of the victims.
    #[must_use]
    pub fn attacks(&self) -> &[Attack] {
        &self.attacks
    }

    /// The attacks that count as chases.
    pub fn chases(&self) -> impl Iterator<Item = &Attack> {
        self.attacks.iter().filter(|attack| attack.verdict.is_chase())
    }
}

impl Position {
    /// What `mv` threatens: whether it gives check, and every attack it
    /// creates (or turns into a chase) on an opponent piece other than the
    /// general, each with whether the repetition rules count it as a chase.
    ///
    /// An attack is a capture the attacker could legally make (a pinned
    /// piece attacks nothing it could not take; a capture that would leave
    /// its own general attacked or facing the other is no attack). It is new
    /// when the same piece could not make it before the move. A move chases
    /// a victim when, after it, the victim is chased (attacked and not truly
    /// protected, with the exemptions [`ChaseVerdict`] lists) and before it the
    /// victim was not: protection is tested before and after the move.
    ///
    /// ```
    /// use xiangqi_rules::{Position, ChaseVerdict};
    ///
    /// // The chariot steps to b0 and attacks the unprotected horse on b7.
    /// let position: Position = "4k4/9/1n7/9/9/9/9/9/9/2RK5 w".parse()?;
    /// let threats = position.threats("c0b0".parse()?)?;
    /// assert!(!threats.gives_check());
    /// let attack = threats.attacks()[0];
    /// assert_eq!((attack.attacker.to_string(), attack.victim.to_string()), ("b0".into(), "b7".into()));
    /// assert_eq!(attack.verdict, ChaseVerdict::Unprotected);
    ///
    /// // With a black chariot on c7 beside it, the horse is protected: no chase.
    /// let position: Position = "4k4/9/1nr6/9/9/9/9/9/9/2RK5 w".parse()?;
    /// let threats = position.threats("c0b0".parse()?)?;
    /// assert_eq!(threats.attacks()[0].verdict, ChaseVerdict::Protected { by: "c7".parse()? });
    /// assert_eq!(threats.chases().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// `mv` is not legal here.
    pub fn threats(&self, mv: Move) -> Result<Threats, IllegalMove> {
        self.check_move(mv)?;
        let mut after = *self;
        after.play_unchecked(mv);
        Ok(threats_of(self.board(), mv, &after))
    }
}

/// What `mv`, played on `before` to give `after`, threatens.
pub(crate) fn threats_of(before: &Board, mv: Move, after: &Position) -> Threats {
    let board = after.board();
    let mover = after.turn().opponent();
    let victims = board.by_color(mover.opponent()) - board.by_kind(PieceKind::General);
    let mut attacks = Vec::new();
    for attacker in board.by_color(mover) {
        let Some(attacker_piece) = board.piece_at(attacker) else { continue };
        let earlier = if attacker == mv.to { mv.from } else { attacker };
        let old = legal_captures(before, earlier);
        for victim in legal_captures(board, attacker) & victims {
            let Some(victim_piece) = board.piece_at(victim) else { continue };
            let now = verdict(board, attacker, attacker_piece, victim, victim_piece);
            let then =
                old.contains(victim).then(|| verdict(before, earlier, attacker_piece, victim, victim_piece));
            let undermined = now.is_chase() && then.is_some_and(|then| !then.is_chase());
            if then.is_some() && !undermined {
                continue;
            }
            let verdict = match chaser_before(before, mover, victim) {
                Some(by) if now.is_chase() => ChaseVerdict::ChasedBefore { by },
                _ => now,
            };
            attacks.push(Attack { attacker, attacker_piece, victim, victim_piece, verdict, before: then });
        }
    }
    attacks.sort_by_key(|attack| (attack.victim, attack.attacker));
    Threats { mv, mover, check: after.is_check(), attacks }
}

/// A piece of `side` that chases the piece on `victim` on `board`: one that
/// could legally capture it, with an attack that counts as a chase.
fn chaser_before(board: &Board, side: Color, victim: Square) -> Option<Square> {
    let victim_piece = board.piece_at(victim)?;
    board.attackers(victim, side).into_iter().find(|&attacker| {
        board.piece_at(attacker).is_some_and(|attacker_piece| {
            legal_captures(board, attacker).contains(victim)
                && verdict(board, attacker, attacker_piece, victim, victim_piece).is_chase()
        })
    })
}

/// Whether the attack of `attacker` on `victim` counts as a chase, and why.
fn verdict(
    board: &Board,
    attacker: Square,
    attacker_piece: Piece,
    victim: Square,
    victim_piece: Piece,
) -> ChaseVerdict {
    use PieceKind::{Advisor, Cannon, Chariot, Elephant, General, Horse, Soldier};
    if matches!(attacker_piece.kind, General | Soldier) {
        return ChaseVerdict::AttackerExempt;
    }
    if victim_piece.kind == Soldier && victim_piece.color.home_half().squares().contains(victim) {
        return ChaseVerdict::UncrossedSoldier;
    }
    if attacker_piece.kind == victim_piece.kind && legal_captures(board, victim).contains(attacker) {
        return ChaseVerdict::CapturesBack;
    }
    let mut taken = *board;
    if let Some(piece) = taken.remove(attacker) {
        taken.put(victim, piece);
    }
    let Some(by) = protectors(&taken, victim).into_iter().next() else { return ChaseVerdict::Unprotected };
    let worth_more = match attacker_piece.kind {
        Horse | Cannon => victim_piece.kind == Chariot,
        Advisor | Elephant => matches!(victim_piece.kind, Chariot | Horse | Cannon),
        _ => false,
    };
    if worth_more { ChaseVerdict::WorthMore } else { ChaseVerdict::Protected { by } }
}

/// The pieces that could legally capture the piece on `target`: its
/// opponent's pieces whose moves reach it (not the other general flying,
/// which is never a legal move) and whose capture leaves their own general
/// safe.
fn protectors(board: &Board, target: Square) -> SquareSet {
    let Some(piece) = board.piece_at(target) else { return SquareSet::EMPTY };
    let them = piece.color.opponent();
    let mut found = SquareSet::EMPTY;
    for from in board.attackers(target, them) {
        if legal_captures(board, from).contains(target) {
            found.insert(from);
        }
    }
    found
}

/// The points of opponent pieces the piece on `from` could legally capture:
/// its moves onto them that leave its own general safe.
pub(crate) fn legal_captures(board: &Board, from: Square) -> SquareSet {
    let Some(piece) = board.piece_at(from) else { return SquareSet::EMPTY };
    let occupied = board.occupied();
    let targets = board.piece_moves(from, piece, occupied) & board.by_color(piece.color.opponent());
    let mut legal = SquareSet::EMPTY;
    for to in targets {
        let general = if piece.kind == PieceKind::General { Some(to) } else { board.general(piece.color) };
        let Some(general) = general else { continue };
        let after = occupied.without(from).with(to);
        if !board.general_would_be_attacked(
            general,
            piece.color.opponent(),
            after,
            SquareSet::from_square(to),
        ) {
            legal.insert(to);
        }
    }
    legal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made_by(fen: &str, mv: &str) -> Threats {
        let position: Position = fen.parse().expect("a legal position");
        position.threats(mv.parse().expect("a move")).expect("a legal move")
    }

    fn verdicts(threats: &Threats) -> Vec<(String, String, ChaseVerdict)> {
        threats
            .attacks()
            .iter()
            .map(|attack| (attack.attacker.to_string(), attack.victim.to_string(), attack.verdict))
            .collect()
    }

    /// Checks the new attacks that `mv` makes in `fen`: each `(attacker,
    /// victim, verdict)`, in the order `attacks` lists them.
    #[track_caller]
    fn assert_attacks(fen: &str, mv: &str, expected: &[(&str, &str, ChaseVerdict)]) {
        let expected: Vec<_> = expected
            .iter()
            .map(|&(attacker, victim, verdict)| (attacker.to_string(), victim.to_string(), verdict))
            .collect();
        assert_eq!(verdicts(&made_by(fen, mv)), expected, "{fen}, {mv}");
    }

    #[test]
    fn a_check_is_a_check_and_not_a_chase() {
        let threats = made_by("4k4/R8/9/9/9/9/9/9/9/3K5 w", "a8a9");
        assert!(threats.gives_check());
        assert!(threats.attacks().is_empty(), "the general is checked, not chased");
    }

    #[test]
    fn an_attack_kept_from_before_the_move_is_not_new() {
        // The chariot on b0 already attacks the horse on b7; moving the
        // general keeps that attack, which is no new attack.
        assert_attacks("4k4/9/1n7/9/9/9/9/9/9/1R1K5 w", "d0d1", &[]);
        // Moving along the file keeps attacking it: still not new.
        assert_attacks("4k4/9/1n7/9/9/9/9/9/9/1R1K5 w", "b0b1", &[]);
    }

    #[test]
    fn a_discovered_attack_counts_as_the_movers() {
        // The red horse on b3 steps away and opens the file for the chariot on b0.
        let threats = made_by("4k4/9/1n7/9/9/9/1N7/9/9/1R1K5 w", "b3c5");
        assert_eq!(verdicts(&threats)[0], ("b0".to_string(), "b7".to_string(), ChaseVerdict::Unprotected));
    }

    #[test]
    fn a_horse_or_cannon_chases_a_chariot_even_when_protected() {
        // The red horse jumps to e6 and attacks the black chariot on c7,
        // which the chariot on c9 protects.
        assert_attacks("2r1k4/9/2r6/9/9/3N5/9/9/9/3K5 w", "d4e6", &[("e6", "c7", ChaseVerdict::WorthMore)]);
    }

    #[test]
    fn a_horse_attacking_an_unprotected_chariot_says_unprotected() {
        // Protection is tested before the values: a chase either way, but
        // "worth more" only where the chariot is protected.
        assert_attacks("4k4/9/2r6/9/9/3N5/9/9/9/3K5 w", "d4e6", &[("e6", "c7", ChaseVerdict::Unprotected)]);
    }

    #[test]
    fn cutting_off_a_protection_turns_a_kept_attack_into_a_chase() {
        // The chariot on b0 attacks the horse on b7 before and after; the red
        // cannon steps between the horse and the black chariot on d7 that
        // protected it: the attack, no chase before, is one now.
        let threats = made_by("4k4/9/1n1r5/9/9/9/9/9/2C6/1R3K3 w", "c1c7");
        let on_b7: Vec<_> =
            threats.attacks().iter().filter(|attack| attack.victim.to_string() == "b7").collect();
        assert_eq!(on_b7.len(), 1, "{:?}", threats.attacks());
        assert_eq!(on_b7[0].verdict, ChaseVerdict::Unprotected);
        assert_eq!(on_b7[0].before, Some(ChaseVerdict::Protected { by: "d7".parse().expect("a square") }));
    }

    #[test]
    fn a_pinned_protector_protects_nothing() {
        // Black's chariot on e7 could take back on d7 only by leaving the
        // e-file, where red's chariot on e1 pins it to the black general.
        assert_attacks("4k4/9/3nr4/9/9/9/9/9/R3R4/3K5 w", "a1d1", &[("d1", "d7", ChaseVerdict::Unprotected)]);
        // Without the pin it protects the horse.
        let by = "e7".parse().expect("a square");
        assert_attacks(
            "4k4/9/3nr4/9/9/9/9/9/R8/3K5 w",
            "a1d1",
            &[("d1", "d7", ChaseVerdict::Protected { by })],
        );
    }

    #[test]
    fn a_piece_of_the_same_kind_that_can_capture_back_is_not_chased() {
        // The red horse on e6 attacks the black horse on c7, which can jump back.
        assert_attacks("4k4/9/2n6/9/9/3N5/9/9/9/3K5 w", "d4e6", &[("e6", "c7", ChaseVerdict::CapturesBack)]);
    }

    #[test]
    fn soldiers_and_generals_chase_nothing_and_uncrossed_soldiers_are_not_chased() {
        // A red soldier crosses the river and may now take the black horse beside it.
        assert_attacks(
            "4k4/9/9/9/1n7/2P6/9/9/9/3K5 w",
            "c4c5",
            &[("c5", "b5", ChaseVerdict::AttackerExempt)],
        );
        // A red chariot attacks a black soldier still on its own side of the river.
        assert_attacks(
            "4k4/9/9/p8/9/9/9/9/9/2RK5 w",
            "c0a0",
            &[("a0", "a6", ChaseVerdict::UncrossedSoldier)],
        );
    }

    // Published cases: Fairy-Stockfish issue #938 ("Some problems about
    // xiangqi chasing rules"), its engine coordinates (ranks 1-10) turned
    // into ICCS.

    #[test]
    fn published_a_pinned_horse_chases_nothing() {
        // 4k4/9/9/9/9/9/9/4c1N2/9/3K4r w, g3f1: the horse blocks the
        // chariot's check and stands pinned on f0, so its jump onto the
        // cannon on e2 is no legal capture and no attack.
        assert_attacks("4k4/9/9/9/9/9/9/4c1N2/9/3K4r w", "g2f0", &[]);
    }

    #[test]
    fn published_a_chariot_that_could_not_take_before_the_move_chases() {
        // n4k3/9/9/9/9/9/9/9/p8/R3K4 w, a1a2: the chariot takes the soldier
        // that blocked its file and now attacks the unprotected horse on a9.
        assert_attacks("n4k3/9/9/9/9/9/9/9/p8/R3K4 w", "a0a1", &[("a1", "a9", ChaseVerdict::Unprotected)]);
    }

    #[test]
    fn published_a_cannon_whose_capture_was_illegal_before_the_move_chases() {
        // 3kncC2/5R3/9/9/9/9/9/9/9/5K3 w, f9f10: red is in check (the black
        // cannon on f9 jumps the chariot on f8 onto the general on f0), so
        // before the move red's cannon on g9 could not legally take the
        // horse on e9. The chariot takes the checking cannon, and the red
        // cannon now jumps it onto the horse, which the black general cannot
        // take back (the chariot would see it): a chase, as the issue's
        // reporter rules it. The chariot's own attack on the horse is no
        // chase: the general can take it back.
        let d9 = "d9".parse().expect("a square");
        assert_attacks(
            "3kncC2/5R3/9/9/9/9/9/9/9/5K3 w",
            "f8f9",
            &[("f9", "e9", ChaseVerdict::Protected { by: d9 }), ("g9", "e9", ChaseVerdict::Unprotected)],
        );
    }
}
