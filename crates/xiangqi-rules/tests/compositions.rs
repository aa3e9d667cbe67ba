//! Published mate problems, built by hand from their books' diagrams, and
//! what the solver proves about them: the published length, a shorter mate
//! the book missed, or no mate within the published length (the book's
//! line is not forced: a defence it does not give holds out).
//!
//! Each problem's position is a FEN written from the diagram, and its main
//! line the moves as the book prints them, in Chinese notation. The line is
//! replayed first, move by move on a [`History`]: every move legal and the
//! last one winning (checkmate, or stalemate, which loses in xiangqi) is the
//! check that the diagram was transcribed right. Then the solver answers
//! with the published length as its bound, and its own line is replayed too.
//!
//! The sources:
//! - 《象棋杀着大全》 (李德林、刘德斌、刘德祯, 人民体育出版社, 1990): the
//!   chapter and the problem's number in it;
//! - 《适情雅趣》 (1570), problem 2 马蹀阏氏, a 连将杀 (every red move
//!   checks) published as a mate in 20.
//!
//! The problems that take seconds in a debug build run with `cargo test`;
//! the others are `#[ignore]`d, and checked in release:
//! `cargo test --release -p xiangqi-rules --test compositions -- --ignored`.
#![cfg(feature = "solve")]

use xiangqi_rules::notation::Notation;
use xiangqi_rules::solve::{Options, Verdict, solve};
use xiangqi_rules::{History, Move, Outcome, Position};

/// A published problem and what the solver proves about it.
struct Composition {
    /// The book, its chapter and the problem's number.
    source: &'static str,
    /// The diagram, red to move.
    fen: &'static str,
    /// The book's main line, in Chinese notation as the book prints it.
    published: &'static str,
    /// Whether the book's line ends in a win on the board (not so for a
    /// problem with another stipulation).
    line_wins: bool,
    /// Every move of the attacker must check (the book's 连将杀 kind).
    checks_only: bool,
    /// The solver's answer within the published length.
    answer: Verdict,
}

impl Composition {
    /// The published line's moves, replayed on a `History`: each legal, the
    /// last one a win for the side that starts (if the book's line wins).
    /// Returns its length in moves of that side.
    fn replay_published(&self) -> u32 {
        let start: Position = self.fen.parse().unwrap_or_else(|error| panic!("{}: {error}", self.source));
        let mut history = History::new(start);
        for (ply, text) in self.published.split_whitespace().enumerate() {
            let mv = Notation::Chinese
                .parse(history.position(), text)
                .unwrap_or_else(|error| panic!("{}: ply {}: {text}: {error}", self.source, ply + 1));
            history.play(mv).unwrap_or_else(|error| panic!("{}: {text}: {error}", self.source));
        }
        if self.line_wins {
            assert_wins(self.source, &history, start);
        } else {
            assert_eq!(history.outcome(), None, "{}", self.source);
        }
        u32::try_from(history.len().div_ceil(2)).unwrap()
    }

    /// Replays the book's line, solves with its length as the bound, and
    /// checks the answer and the solver's own line.
    fn check(&self) {
        let published = self.replay_published();
        let position: Position = self.fen.parse().unwrap();
        let options = Options { moves: published, checks_only: self.checks_only, ..Options::default() };
        let solution = solve(&position, &options).expect("the bound is from 1 to the limit");
        assert_eq!(solution.verdict, self.answer, "{}: published in {published}", self.source);
        match solution.verdict {
            Verdict::Mate(moves) => {
                assert_eq!(solution.no_mate_within, moves - 1, "{}", self.source);
                let line: Vec<Move> = solution.line.moves().collect();
                assert_eq!(line.len(), 2 * moves as usize - 1, "{}", self.source);
                let mut history = History::new(position);
                for mv in line {
                    history.play(mv).unwrap_or_else(|error| panic!("{}: {mv}: {error}", self.source));
                    if self.checks_only && history.len() % 2 == 1 {
                        assert!(history.position().is_check(), "{}: {mv} does not check", self.source);
                    }
                }
                assert_wins(self.source, &history, position);
            }
            Verdict::NoMate => assert_eq!(solution.no_mate_within, published, "{}", self.source),
            Verdict::Unknown(limit) => panic!("{}: {limit} with no limit set", self.source),
        }
    }
}

/// The game on `history` has ended in a win for the side to move at `start`.
fn assert_wins(source: &str, history: &History, start: Position) {
    let outcome = history.outcome();
    assert!(
        matches!(outcome, Some(Outcome::Checkmate { winner } | Outcome::Stalemate { winner })
            if winner == start.turn()),
        "{source}: the line ends in {outcome:?}, at {}",
        history.position()
    );
}

/// 《象棋杀着大全》 chapter 1 (单兵和单炮类), problem 1: cannon and advisor
/// against two advisors and a pawn; the book's mate in 4 is the shortest.
const CANNON_ADVISOR_1: Composition = Composition {
    source: "象棋杀着大全, 单兵和单炮类 第1局",
    fen: "5a3/5k3/5a3/9/9/6C2/9/4KA3/5p3/9 w",
    published: "炮三平四 士6退5 炮四退三 士5进6 炮四退一 士6进5 仕四退五",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(4),
};

/// Chapter 1, problem 2: the cannon and advisor force mate against two
/// advisors in 17, as the book's line does, and not in 16.
const CANNON_ADVISOR_2: Composition = Composition {
    source: "象棋杀着大全, 单兵和单炮类 第2局",
    fen: "3k5/4a4/5a3/9/9/9/9/4K4/4A4/4C4 w",
    published: "炮五平六 将4平5 帅五平六 将5平6 炮六平四 将6平5 仕五进四 将5平6 帅六平五 将6平5 \
                炮四进七 将5平4 炮四平三 将4进1 炮三退七 将4退1 炮三平六 将4进1 仕四退五 将4退1 \
                仕五进六 将4平5 炮六平五 将5平6 炮五进八 将6平5 炮五退五 将5平4 炮五平四 将4进1 \
                炮四退三 将4退1 炮四平六",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(17),
};

/// Chapter 2 (单马类), problem 1: a lone horse stalemates the general in 6.
const HORSE_1: Composition = Composition {
    source: "象棋杀着大全, 单马类 第1局",
    fen: "3k1a3/9/9/9/7N1/9/9/9/9/4K4 w",
    published: "马二进三 士6进5 马三进五 将4平5 帅五进一 将5平4 马五退七 将4进1 马七进八 将4进1 帅五进一",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(6),
};

/// Chapter 3 (炮兵类), problem 2: mate in 4, as published.
const CANNON_PAWN_2: Composition = Composition {
    source: "象棋杀着大全, 炮兵类 第2局",
    fen: "3a5/4a4/5k3/6P2/9/9/2C6/5A3/5p1n1/4K4 w",
    published: "兵三平四 将6退1 炮七平四 士5进6 兵四进一 将6进1 炮四退二",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(4),
};

/// Chapter 3, problem 6: published in 8, but red mates in 7.
const CANNON_PAWN_6: Composition = Composition {
    source: "象棋杀着大全, 炮兵类 第6局",
    fen: "3a1k1P1/C3a4/3n5/9/9/9/9/7p1/9/4K4 w",
    published: "兵二平三 将6平5 炮九进一 马4退3 炮九退六 马3进4 炮九平一 马4进5 炮一平五 卒8平7 \
                帅五平四 卒7平6 炮五进一 卒6平5 兵三平四",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(7),
};

/// Chapter 4 (马兵类), problem 4: mate in 6, as published.
const HORSE_PAWN_4: Composition = Composition {
    source: "象棋杀着大全, 马兵类 第4局",
    fen: "1n2ka3/4a4/9/2P2N3/9/9/9/9/9/2B1K4 w",
    published: "马四进六 将5平4 马六进八 将4平5 兵七进一 马2进4 马八退六 将5平4 兵七进一 士5进4 兵七进一",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(6),
};

/// Chapter 4, problem 6: published in 8 (the horse's figure-of-eight
/// tour), but red mates in 6.
const HORSE_PAWN_6: Composition = Composition {
    source: "象棋杀着大全, 马兵类 第6局",
    fen: "3a5/4ak3/2c3PN1/9/9/8p/9/3A5/9/4K4 w",
    published: "兵三进一 将6退1 兵三进一 将6平5 马二退四 炮3退1 马四进六 炮3平4 马六退八 卒9平8 \
                马八进七 卒8平7 马七退六 卒7平6 马六进四",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(6),
};

/// Chapter 5 (双炮类), problem 0: mate in 3, as published.
const TWO_CANNONS_0: Composition = Composition {
    source: "象棋杀着大全, 双炮类 第0局",
    fen: "2b2k3/5c3/cC7/9/9/9/9/3C5/4A4/4K4 w",
    published: "炮八进二 象3进5 炮六进七 象5退3 炮六退一",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(3),
};

/// Chapter 6 (双马类), problem 2: mate in 7, as published.
const TWO_HORSES_2: Composition = Composition {
    source: "象棋杀着大全, 双马类 第2局",
    fen: "5ab2/3ka4/N3b3n/9/N8/9/9/9/3p1p3/4K4 w",
    published: "后马进七 将4退1 马七进八 将4平5 马九进七 将5平4 马七退五 将4平5 马五进七 将5平4 \
                马七退六 将4平5 马六进四",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(7),
};

/// Chapter 6, problem 4, 双马推磨: not a mate problem. Its stipulation is
/// to drive the general once round the palace and back *without* mating
/// it, in 17; red wins at once, 1. 帅五平四 leaving the general no move
/// (stalemate, which loses: the horse on e8 may not step aside, as it
/// would leave the generals facing).
const TWO_HORSES_MILL: Composition = Composition {
    source: "象棋杀着大全, 双马类 第4局 (双马推磨)",
    fen: "4k4/4N4/2N6/9/9/9/9/9/9/4K4 w",
    published: "帅五进一 将5平6 马五退三 将6进1 马七退五 将6进1 马三进一 将6平5 马一进三 将5平4 \
                马五退七 将4退1 马三退五 将4退1 马七进五 将4平5 后马进三 将5平4 马五退七 将4进1 \
                马三退五 将4进1 马七进九 将4平5 马九进七 将5平6 马五退三 将6退1 马七退五 将6退1 \
                马三进五 将6平5 后马进七",
    line_wins: false,
    checks_only: false,
    answer: Verdict::Mate(1),
};

/// Chapter 9 (车炮类), problem 1: mate in 3, as published.
const CHARIOT_CANNON_1: Composition = Composition {
    source: "象棋杀着大全, 车炮类 第1局",
    fen: "2b1kab2/4a4/4c4/9/9/3R5/9/1C7/4r4/2BK2B2 w",
    published: "炮八进七 士5退4 车六进五 将5进1 车六退一",
    line_wins: true,
    checks_only: false,
    answer: Verdict::Mate(3),
};

/// Chapter 10 (车马类), pattern 1: the book shows the mating pattern, but
/// its first move, 马二进四, is no check, and black's chariot answers with
/// a check of its own (车3平5): there is no mate within the published 2.
const CHARIOT_HORSE_PATTERN_1: Composition = Composition {
    source: "象棋杀着大全, 车马类 定式1",
    fen: "3k5/4a4/1R1a5/7N1/2p6/9/9/9/2r6/4K4 w",
    published: "马二进四 士5进6 车八平六",
    line_wins: true,
    checks_only: false,
    answer: Verdict::NoMate,
};

/// Chapter 8 (车兵类), problem 6: published as a mate in 12, but the
/// book's defences are not the most stubborn (its last one, 将4退1, walks
/// into the mate where 车4平5 holds out), and red has no mate within 12.
const CHARIOT_PAWN_6: Composition = Composition {
    source: "象棋杀着大全, 车兵类 第6局",
    fen: "2r1ka3/4a4/3P5/9/9/7R1/9/9/9/4K4 w",
    published: "兵六进一 车3进9 帅五进一 车3平4 兵六平五 将5平4 兵五进一 将4进1 兵五平四 车4退5 \
                车二平五 车4退1 车五进四 将4进1 兵四平五 车4进1 兵五平六 车4进1 兵六平七 车4退1 \
                车五进一 将4退1 车五平六",
    line_wins: true,
    checks_only: false,
    answer: Verdict::NoMate,
};

/// Chapter 3 (炮兵类), problem 8: the book's line ends in 9 with a
/// stalemate, but it is a line of the natural defences, and the book
/// counts a side line that wins more slowly (8... 象3进5 9. 帅四平五) as won:
/// there is no forced mate within 9.
const CANNON_PAWN_8: Composition = Composition {
    source: "象棋杀着大全, 炮兵类 第8局",
    fen: "3k5/9/b3b4/3P4C/9/9/9/9/9/4K4 w",
    published: "兵六进一 象1退3 炮一平五 象3进1 兵六平五 象1进3 兵五平六 将4平5 帅五平四 将5进1 \
                炮五平六 象3退1 炮六平八 象1退3 炮八进二 将5退1 兵六进一",
    line_wins: true,
    checks_only: false,
    answer: Verdict::NoMate,
};

#[test]
fn published_mates_are_solved_with_their_length() {
    for composition in [
        CANNON_ADVISOR_1,
        HORSE_1,
        CANNON_PAWN_2,
        HORSE_PAWN_4,
        TWO_CANNONS_0,
        TWO_HORSES_2,
        CHARIOT_CANNON_1,
    ] {
        composition.check();
    }
}

#[test]
fn shorter_mates_than_published_are_found() {
    HORSE_PAWN_6.check();
}

#[test]
fn a_line_the_defence_can_escape_is_no_mate_and_another_stipulation_is_not_a_mate_problem() {
    CHARIOT_HORSE_PATTERN_1.check();
    TWO_HORSES_MILL.check();
}

#[test]
#[ignore = "seconds in release, minutes in debug: cargo test --release -p xiangqi-rules --test compositions -- --ignored"]
fn cannon_pawn_6_has_a_mate_in_7_where_8_were_published() {
    CANNON_PAWN_6.check();
}

#[test]
#[ignore = "seconds in release: cargo test --release -p xiangqi-rules --test compositions -- --ignored"]
fn cannon_pawn_8_has_no_mate_within_the_published_9() {
    CANNON_PAWN_8.check();
}

#[test]
#[ignore = "a second in release: cargo test --release -p xiangqi-rules --test compositions -- --ignored"]
fn chariot_and_pawn_6_has_no_mate_within_the_published_12() {
    CHARIOT_PAWN_6.check();
}

#[test]
#[ignore = "about 30 s in release: cargo test --release -p xiangqi-rules --test compositions -- --ignored"]
fn cannon_and_advisor_mate_two_advisors_in_17() {
    CANNON_ADVISOR_2.check();
}

/// 《适情雅趣》 No. 2 马蹀阏氏: a 连将杀, red checking on every move,
/// published as a mate in 20 (39 plies, 1. 前车进四 士5退4 2. 前车退一
/// 士4进5 3. 炮七进八 马1退2 ...). With checks only the solver proves the
/// same length: a mate in 20 and none in 19. With any moves too (the next
/// test): no quiet move on the way mates sooner.
#[test]
#[ignore = "a second in release: cargo test --release -p xiangqi-rules --test compositions -- --ignored"]
fn ma_die_yan_zhi_is_a_checking_mate_in_20_as_published() {
    let source = "适情雅趣 第2局 马蹀阏氏";
    let position: Position = "C3kab2/4a4/n3c1n2/3Np1p2/1R4P2/1R7/4P4/4B4/1pCp1p3/1crAK1N2 w".parse().unwrap();
    let options = Options { moves: 20, checks_only: true, ..Options::default() };
    let solution = solve(&position, &options).unwrap();
    assert_eq!(solution.verdict, Verdict::Mate(20), "{source}");
    assert_eq!(solution.no_mate_within, 19, "{source}");
    let mut history = History::new(position);
    for (ply, mv) in solution.line.moves().enumerate() {
        history.play(mv).unwrap_or_else(|error| panic!("{source}: {mv}: {error}"));
        assert!(ply % 2 == 1 || history.position().is_check(), "{source}: {mv} does not check");
    }
    assert_eq!(history.len(), 39, "{source}");
    assert_wins(source, &history, position);
    // The book's first moves are the solver's too.
    let opening = ["前车进四", "士5退4", "前车退一", "士4进5", "炮七进八", "马1退2"];
    let mut replay = History::new(position);
    for (text, mv) in opening.iter().zip(solution.line.moves()) {
        assert_eq!(Notation::Chinese.parse(replay.position(), text).unwrap(), mv, "{source}: {text}");
        replay.play(mv).unwrap();
    }
}

/// 马蹀阏氏 with any moves allowed: still a mate in 20, none in 19, so no
/// quiet move on the way mates sooner than the book's 20 checks. The proof
/// of "no mate within 19" over every quiet move is what proof numbers make
/// short (28 million nodes, seconds in release).
#[test]
#[ignore = "about 7 s in release: cargo test --release -p xiangqi-rules --test compositions -- --ignored"]
fn ma_die_yan_zhi_is_a_mate_in_20_with_any_moves_too() {
    let source = "适情雅趣 第2局 马蹀阏氏, any moves";
    let position: Position = "C3kab2/4a4/n3c1n2/3Np1p2/1R4P2/1R7/4P4/4B4/1pCp1p3/1crAK1N2 w".parse().unwrap();
    let options = Options { moves: 20, memory: 256 << 20, ..Options::default() };
    let solution = solve(&position, &options).unwrap();
    assert_eq!(solution.verdict, Verdict::Mate(20), "{source}");
    assert_eq!(solution.no_mate_within, 19, "{source}");
    let mut history = History::new(position);
    for mv in solution.line.moves() {
        history.play(mv).unwrap_or_else(|error| panic!("{source}: {mv}: {error}"));
    }
    assert_eq!(history.len(), 39, "{source}");
    assert_wins(source, &history, position);
}

/// Another transcription of 马蹀阏氏 in circulation puts black's cannon on
/// a0 instead of b0, a black pawn on a6 instead of b1, and adds a red pawn
/// on a3. It is a checking mate in 9, far from the published 20: the
/// solver points at the transcription error at once.
#[test]
fn a_transcription_error_in_ma_die_yan_zhi_shows_as_a_much_shorter_mate() {
    let variant: Position = "C3kab2/4a4/n3c1n2/p2Np1p2/1R4P2/1R7/P3P4/4B4/2Cp1p3/c1rAK1N2 w".parse().unwrap();
    let solution = solve(&variant, &Options { moves: 20, checks_only: true, ..Options::default() }).unwrap();
    assert_eq!(solution.verdict, Verdict::Mate(9));
    let mut history = History::new(variant);
    for mv in solution.line.moves() {
        history.play(mv).unwrap();
    }
    assert_wins("适情雅趣 第2局, another transcription", &history, variant);
}
