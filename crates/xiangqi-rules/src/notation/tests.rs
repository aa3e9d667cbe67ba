//! Every tandem case of the notation spec, with texts written by hand.

use std::collections::HashSet;

use super::*;
use crate::PieceKind;
use Notation::{Chinese, Engine, Iccs, Wxf};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn mv(iccs: &str) -> Move {
    iccs.parse().unwrap()
}

/// Plays the legal move `mv`.
fn play(position: &mut Position, mv: Move) {
    position.play(mv).unwrap();
}

/// Each `(iccs, wxf, chinese)` writes as given and reads back; and in the
/// position every legal move has its own text in every notation.
fn check(fen: &str, cases: &[(&str, &str, &str)]) {
    let position = position(fen);
    for &(iccs, wxf, chinese) in cases {
        for (notation, text) in [(Notation::Iccs, iccs), (Notation::Wxf, wxf), (Notation::Chinese, chinese)] {
            assert_eq!(
                notation.write(&position, mv(iccs)).as_deref(),
                Ok(text),
                "{notation} of {iccs} in {fen}"
            );
            assert_eq!(notation.parse(&position, text), Ok(mv(iccs)), "{notation} '{text}' in {fen}");
            assert_eq!(Notation::parse_any(&position, text), Ok(mv(iccs)), "'{text}' in {fen}");
        }
    }
    every_move_has_its_own_text(&position);
}

fn every_move_has_its_own_text(position: &Position) {
    for notation in Notation::ALL {
        let mut seen = HashSet::new();
        for &legal in &position.legal_moves() {
            let text = notation.write(position, legal).unwrap();
            assert_eq!(notation.parse(position, &text), Ok(legal), "{notation} '{text}' in {position}");
            assert!(seen.insert(text.clone()), "{notation} '{text}' twice in {position}");
        }
    }
}

fn reads(fen: &str, notation: Notation, text: &str) -> Result<Move, String> {
    notation.parse(&position(fen), text).map_err(|error| error.to_string())
}

/// Reads each `(notation, text, expected)` in the position `fen`: `Ok` with
/// the move in ICCS, or `Err` with what the error says after quoting the text
/// as written (`'R2+1' names no legal move: …` is `Err("names no legal move: …")`).
fn assert_reads(fen: &str, cases: &[(Notation, &str, Result<&str, &str>)]) {
    for &(notation, text, expected) in cases {
        let expected = expected.map(mv).map_err(|says| format!("'{text}' {says}"));
        assert_eq!(reads(fen, notation, text), expected, "{notation} '{text}' in {fen}");
    }
}

/// A position with more material than the game allows, as notation tests
/// need to reach every shape a notation cannot name.
fn crowded(fen: &str) -> Position {
    let setup = crate::Setup::from_fen(fen).unwrap();
    Position::from_setup(setup).or_else(crate::PositionError::ignore_too_much_material).unwrap()
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

#[test]
fn the_start_position_in_every_notation() {
    check(
        START,
        &[
            ("h2e2", "C2.5", "炮二平五"),
            ("h0g2", "H2+3", "马二进三"),
            ("i0i1", "R1+1", "车一进一"),
            ("c3c4", "P7+1", "兵七进一"),
            ("g0e2", "E3+5", "相三进五"),
            ("f0e1", "A4+5", "仕四进五"),
            ("e0e1", "K5+1", "帅五进一"),
            ("b2b9", "C8+7", "炮八进七"),
        ],
    );
    let mut after = position(START);
    play(&mut after, mv("h2e2"));
    for (iccs, engine, wxf, chinese) in [
        ("h9g7", "h10g8", "H8+7", "马８进７"),
        ("b7e7", "b8e8", "C2.5", "炮２平５"),
        ("a9a8", "a10a9", "R1+1", "车１进１"),
    ] {
        assert_eq!(Notation::Engine.write(&after, mv(iccs)).unwrap(), engine);
        assert_eq!(Notation::Engine.parse(&after, engine), Ok(mv(iccs)));
        assert_eq!(Notation::Wxf.write(&after, mv(iccs)).unwrap(), wxf);
        assert_eq!(Notation::Chinese.write(&after, mv(iccs)).unwrap(), chinese);
        assert_eq!(Notation::Chinese.parse(&after, chinese), Ok(mv(iccs)));
    }
}

#[test]
fn the_example_opening_of_the_spec() {
    let mut position = Position::start();
    for (chinese, iccs) in
        [("炮二平五", "h2e2"), ("马８进７", "h9g7"), ("马二进三", "h0g2"), ("车９平８", "i9h9")]
    {
        let read = Notation::Chinese.parse(&position, chinese).unwrap();
        assert_eq!(read, mv(iccs));
        play(&mut position, read);
    }
}

#[test]
fn two_chariots_and_two_cannons_on_a_file() {
    // Red chariots h5 (front) and h0 (rear) on red's file 2.
    check(
        "3k5/9/9/9/7R1/9/9/9/9/4K2R1 w",
        &[
            ("h5h6", "R++1", "前车进一"),
            ("h0h1", "R-+1", "后车进一"),
            ("h5g5", "R+.3", "前车平三"),
            ("h0g0", "R-.3", "后车平三"),
            ("h5h3", "R+-2", "前车退二"),
        ],
    );
    // Red cannons h5 and h2: the rear one back one rank.
    check("3k5/9/9/9/7C1/9/9/7C1/9/4K4 w", &[("h2h1", "C--1", "后炮退一"), ("h5h9", "C++4", "前炮进四")]);
    // Black chariots h5 (front, nearer red) and h9 on black's file 8: full-width digits.
    check(
        "4k2r1/9/9/9/7r1/9/9/9/9/3K5 b",
        &[("h5h4", "R++1", "前车进１"), ("h9h8", "R-+1", "后车进１"), ("h5c5", "R+.3", "前车平３")],
    );
    // Two horses on red's file 3.
    check("3k5/9/9/9/9/6N2/9/6N2/9/4K4 w", &[("g4f6", "H++4", "前马进四"), ("g2e3", "H-+5", "后马进五")]);
}

#[test]
fn advisors_and_elephants_keep_their_file() {
    check("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", &[("d0e1", "A6+5", "仕六进五"), ("d2e1", "A6-5", "仕六退五")]);
    check(
        "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
        &[("c0e2", "E7+5", "相七进五"), ("c4e2", "E7-5", "相七退五"), ("c4a2", "E7-9", "相七退九")],
    );
}

#[test]
fn three_four_and_five_soldiers_on_a_file() {
    // The WXF page's examples: soldiers on red's file 3 (g) moving to file 4 (f).
    check(
        "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w",
        &[("g7f7", "P+.4", "前兵平四"), ("g6f6", "P3.4", "中兵平四"), ("g5f5", "P-.4", "后兵平四")],
    );
    check(
        "3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w",
        &[
            ("g8f8", "++.4", "一兵平四"),
            ("g7f7", "P+.4", "二兵平四"),
            ("g6f6", "P-.4", "三兵平四"),
            ("g5f5", "--.4", "四兵平四"),
            ("g8g9", "+++1", "一兵进一"),
        ],
    );
    check(
        "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w",
        &[
            ("g9f9", "++.4", "一兵平四"),
            ("g8f8", "P+.4", "二兵平四"),
            ("g7f7", "P3.4", "三兵平四"),
            ("g6f6", "P-.4", "四兵平四"),
            ("g5f5", "--.4", "五兵平四"),
        ],
    );
    // Black: three soldiers on black's file 1 (a), the front one nearest red.
    check(
        "4k4/9/9/9/9/p8/p8/p8/9/3K5 b",
        &[("a2a1", "P++1", "前卒进１"), ("a3b3", "P1.2", "中卒平２"), ("a4b4", "P-.2", "后卒平２")],
    );
    // Black: four soldiers; the place is a Chinese numeral for black too, and a digit is read.
    let four = "4k4/9/9/9/9/p8/p8/p8/p8/3K5 b";
    check(four, &[("a1b1", "++.2", "一卒平２"), ("a4b4", "--.2", "四卒平２")]);
    assert_reads(four, &[(Chinese, "１卒平２", Ok("a1b1"))]);
}

#[test]
fn soldiers_in_tandem_on_two_files() {
    // The WXF page's example: three soldiers on file 3 (g) and two on file 7 (c).
    let fen = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w";
    check(
        fen,
        &[
            ("g7f7", "3+.4", "前兵三平四"),
            ("g6f6", "33.4", "中兵三平四"),
            ("g5f5", "3-.4", "后兵三平四"),
            ("c6d6", "7+.6", "前兵七平六"),
            ("c5d5", "7-.6", "后兵七平六"),
        ],
    );
    assert_reads(
        fen,
        &[
            // The piece may be left out; the computer standard numbers the soldiers of
            // both files from red's right (file 3 first), then front to back.
            (Chinese, "前三平四", Ok("g7f7")),
            (Chinese, "一兵平四", Ok("g7f7")),
            (Chinese, "三兵平四", Ok("g5f5")),
            (Chinese, "四兵平六", Ok("c6d6")),
            // Without the file, a mark reads when only one soldier fits, and is ambiguous otherwise.
            (Chinese, "前兵平四", Ok("g7f7")),
            (Wxf, "P+.4", Ok("g7f7")),
            (Chinese, "前兵进一", Err("is ambiguous: it names c6c7 and g7g8")),
        ],
    );
    // Two doubled files of two each, and black's digits.
    check(
        "4k4/9/9/9/9/p3p4/p3p4/9/9/3K5 b",
        &[("a3a2", "1++1", "前卒１进１"), ("e4d4", "5-.4", "后卒５平４"), ("a4b4", "1-.2", "后卒１平２")],
    );
}

#[test]
fn lenient_texts_read_as_the_move_they_can_only_mean() {
    assert_reads(
        "3k5/9/9/9/7R1/9/9/9/9/4K2R1 w",
        &[
            // Only the front chariot can go to file 7: the rear one's rank is blocked by the general.
            (Wxf, "R2.7", Ok("h5c5")),
            (Chinese, "车二平七", Ok("h5c5")),
            (Wxf, "R2+1", Err("is ambiguous: it names h0h1 and h5h6")),
            (Chinese, "车二进一", Err("is ambiguous: it names h0h1 and h5h6")),
            // Lower case and `=` in WXF; in Chinese 俥 for 车, and the mark after the piece.
            (Wxf, "r+=3", Ok("h5g5")),
            (Chinese, "俥前平三", Ok("h5g5")),
        ],
    );
    // A black chariot on i0 pins the rear one to the general's rank: forward 1
    // then means the front one, the only legal move the text names.
    assert_reads(
        "3k5/9/9/9/7R1/9/9/9/9/4K2Rr w",
        &[
            (Wxf, "R2+1", Ok("h5h6")),
            (Chinese, "车二进一", Ok("h5h6")),
            (
                Wxf,
                "R-+1",
                Err("names h0h1, which is illegal: it would leave the red general on e0 attacked from i0"),
            ),
        ],
    );
    assert_reads(
        "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w",
        &[
            // With three soldiers the plain file digit is the middle one's name and is read strictly.
            (Wxf, "P3+1", Err("names no legal move: the red soldier on g6 cannot move forward 1 rank")),
            // In Chinese the digit names none of them, so it reads when one soldier fits.
            (Chinese, "兵三进一", Ok("g7g8")),
        ],
    );
    // 前 and 后 name the ends of four or five, 中 the middle of five.
    assert_reads(
        "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w",
        &[
            (Chinese, "前兵平四", Ok("g9f9")),
            (Chinese, "中兵平四", Ok("g7f7")),
            (Chinese, "后兵平四", Ok("g5f5")),
        ],
    );
}

#[test]
fn errors_say_what_the_text_names() {
    assert_reads(
        START,
        &[
            (Wxf, "R2+1", Err("names no legal move: red has no chariot on file 2")),
            (Wxf, "R+.3", Err("names no legal move: red has no two chariots on one file")),
            (Wxf, "++.4", Err("names no legal move: red has no four or five soldiers on one file")),
            (Chinese, "中兵平四", Err("names no legal move: red has no three soldiers on one file")),
            (Chinese, "三兵平四", Err("names no legal move: red has fewer than 3 soldiers in tandem")),
            (
                Chinese,
                "炮二进八",
                Err("names no legal move: the red cannon on h2 cannot move forward 8 ranks"),
            ),
            (
                Chinese,
                "马二进四",
                Err("names no legal move: the red horse on h0 cannot move forward to file 4"),
            ),
            (Wxf, "R1.2", Err("names no legal move: the red chariot on i0 cannot move sideways to file 2")),
            (Iccs, "h7h0", Err("names no legal move: the black cannon on h7 is not red's to move")),
            (
                Iccs,
                "h2-h8",
                Err(
                    "names no legal move: the red cannon on h2 cannot reach h8: the piece on h7 is in the way",
                ),
            ),
            (
                Wxf,
                "C2,5",
                Err(
                    "is not a WXF move such as C2.5: ',' is not a direction (+ forward, - backward, . or = sideways)",
                ),
            ),
            (
                Engine,
                "h0e3",
                Err(
                    "is not a move in engine coordinates such as h3e3: there is no rank 0 in engine coordinates (ranks 1-10)",
                ),
            ),
        ],
    );
    // The chariot on e1 pinned by the black one on e2: ICCS says the move is
    // illegal, and the other notations which move the text names.
    let pinned = "4k4/9/9/9/9/9/9/4r4/4R4/4K4 w";
    let illegal = "e1d1 is illegal: it would leave the red general on e0 attacked from e2";
    assert_eq!(reads(pinned, Iccs, "e1d1"), Err(illegal.to_string()));
    assert_eq!(Notation::Wxf.write(&position(pinned), mv("e1d1")).unwrap_err().to_string(), illegal);
    assert_reads(
        pinned,
        &[
            (
                Wxf,
                "R5.6",
                Err("names e1d1, which is illegal: it would leave the red general on e0 attacked from e2"),
            ),
            (
                Chinese,
                "车五平六",
                Err("names e1d1, which is illegal: it would leave the red general on e0 attacked from e2"),
            ),
        ],
    );
}

#[test]
fn too_many_pieces_for_the_notation_is_an_error_not_a_panic() {
    // Six red soldiers on one file is only possible with too much material.
    let position = crowded("3k5/6P2/6P2/6P2/6P2/6P2/6P2/9/9/4K4 w");
    let error = Notation::Wxf.write(&position, mv("g8f8")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "g8f8 cannot be written in WXF: 6 soldiers of one side stand on one file, more than WXF tells apart"
    );
    let error = Notation::Chinese.write(&position, mv("g8f8")).unwrap_err();
    assert_eq!(
        error.kind,
        NotationErrorKind::Inexpressible {
            mv: mv("g8f8"),
            reason: Crowding::CrowdedFile { notation: Notation::Chinese, kind: PieceKind::Soldier, count: 6 },
        }
    );
    assert_eq!(Notation::Iccs.write(&position, mv("g8f8")).unwrap(), "g8f8");
    // Every shape WXF and Chinese notation have no name for, with its reason.
    for (notation, title) in [(Notation::Wxf, "WXF"), (Notation::Chinese, "Chinese notation")] {
        let error = |fen: &str, iccs: &str| notation.write(&crowded(fen), mv(iccs)).unwrap_err().to_string();
        let too_many = format!("more than {title} tells apart");
        let cases = [
            (
                "3k5/6P2/6P2/6P2/6P2/6P2/6P2/9/9/4K4 w",
                "g8f8",
                format!("6 soldiers of one side stand on one file, {too_many}"),
            ),
            (
                "3k5/9/9/9/R1R6/R1R6/9/9/9/4K4 w",
                "a4a3",
                format!(
                    "2 files hold two or more chariots of one side, and {title} has names for that only for soldiers"
                ),
            ),
            (
                "3k5/R8/R8/R8/R8/9/9/9/9/4K4 w",
                "a5b5",
                format!("4 chariots of one side stand on one file, {too_many}"),
            ),
            // Four soldiers on one file and two on another: still no name.
            (
                "3k5/4P4/2P1P4/2P1P4/4P4/9/9/9/9/4K4 w",
                "e5d5",
                format!("4 soldiers of one side stand on one file, {too_many}"),
            ),
        ];
        for (fen, iccs, reason) in cases {
            assert_eq!(error(fen, iccs), format!("{iccs} cannot be written in {title}: {reason}"));
        }
    }
    // Three chariots on one file read and write like three soldiers.
    let position = crowded("3k5/9/9/9/7R1/9/7R1/9/9/4K2R1 w");
    assert_eq!(Notation::Wxf.write(&position, mv("h3g3")).unwrap(), "R2.3");
    assert_eq!(Notation::Chinese.write(&position, mv("h3g3")).unwrap(), "中车平三");
    every_move_has_its_own_text(&position);
}

#[test]
fn detection_prefers_iccs_and_knows_every_notation() {
    // The texts each notation is detected in; full-width letters, digits
    // and signs are their ASCII selves, not Chinese.
    let detected: [(Option<Notation>, &[&str]); 5] = [
        (Some(Iccs), &["h2e2", "H2-E2", "h7h3", "ｈ２ｅ２", "Ｈ２－Ｅ２"]),
        (Some(Engine), &["b3b10", "ｂ３ｂ１０"]),
        (Some(Wxf), &["C2.5", "c2=5", "3+.4", "Ｃ２＝５", "Ｈ８＋７", "＋Ｐ＋１", "+P+1", "-C-2"]),
        (Some(Chinese), &["炮二平五", " 前兵三平四 ", "马８进７"]),
        (None, &["", "1-0", "xyz", "炮二平"]),
    ];
    for (expected, texts) in detected {
        for text in texts {
            assert_eq!(Notation::detect(text), expected, "{text}");
        }
    }
    let start = Position::start();
    assert_eq!(Notation::parse_any(&start, "H2-E2"), Ok(mv("h2e2")));
    // Neither reading of h5h6 has a piece: it stays ICCS, and says where it looked.
    assert_eq!(
        Notation::parse_any(&start, "h5h6"),
        Err(NotationError::no_such_move(
            "h5h6",
            NoSuchMove::Refused(IllegalMove::NoPiece { at: mv("h5h6").from })
        ))
    );
    assert_eq!(
        Notation::parse_any(&start, "xyz").unwrap_err().to_string(),
        "'xyz' is a move in no notation known here: not an ICCS move such as h2e2, a move in engine coordinates \
         such as h3e3, a WXF move such as C2.5 or a Chinese move such as 炮二平五"
    );
    assert_eq!(
        Notation::parse_any(&start, "炮二平十").unwrap_err().to_string(),
        "'炮二平十' is not a Chinese move such as 炮二平五: '十' is not a piece, a tandem mark (前 中 后), \
         a direction (进 退 平) or a number"
    );
    // Full-width text in no notation is not called Chinese.
    assert_eq!(Notation::parse_any(&start, "Ｑ２．５").unwrap_err().kind, NotationErrorKind::UnknownNotation);
}

#[test]
fn full_width_forms_read_in_every_notation_that_uses_ascii() {
    let start = Position::start();
    for (notation, text) in [
        (Notation::Wxf, "Ｃ２＝５"),
        (Notation::Wxf, "Ｃ２．５"),
        (Notation::Wxf, "ｃ２．５"),
        (Notation::Iccs, "ｈ２ｅ２"),
        (Notation::Iccs, "Ｈ２－Ｅ２"),
        (Notation::Engine, "ｈ３ｅ３"),
    ] {
        assert_eq!(notation.parse(&start, text), Ok(mv("h2e2")), "{notation} {text}");
        assert_eq!(Notation::parse_any(&start, text), Ok(mv("h2e2")), "{text}");
    }
    let mut after = start;
    play(&mut after, mv("h2e2"));
    assert_eq!(Notation::parse_any(&after, "Ｈ８＋７"), Ok(mv("h9g7")));
    // Errors quote the text as written.
    assert_reads(
        START,
        &[
            (Wxf, "Ｒ２＋１", Err("names no legal move: red has no chariot on file 2")),
            (
                Wxf,
                "Ｃ２，５",
                Err(
                    "is not a WXF move such as C2.5: ',' is not a direction (+ forward, - backward, . or = sideways)",
                ),
            ),
        ],
    );
}

#[test]
fn the_mark_before_the_letter_names_the_same_piece_as_after_it() {
    // Two red chariots on file 2 (h5 front, h0 rear), two cannons on file 8 (b7 front, b2 rear).
    let fen = "3k5/9/1C7/9/7R1/9/9/1C7/9/4K2R1 w";
    for (sign_first, canonical, iccs) in [
        ("+R+1", "R++1", "h5h6"),
        ("-R+1", "R-+1", "h0h1"),
        ("+R=3", "R+.3", "h5g5"),
        ("+R.3", "R+.3", "h5g5"),
        ("-R=1", "R-.1", "h0i0"),
        ("+C-2", "C+-2", "b7b5"),
        ("-C-2", "C--2", "b2b0"),
        ("-C.9", "C-.9", "b2a2"),
    ] {
        assert_eq!(reads(fen, Notation::Wxf, sign_first), Ok(mv(iccs)), "{sign_first}");
        assert_eq!(Notation::Wxf.write(&position(fen), mv(iccs)).as_deref(), Ok(canonical), "{iccs}");
        assert_eq!(Notation::parse_any(&position(fen), sign_first), Ok(mv(iccs)), "{sign_first}");
    }
    // Horses: the number is the file landed on; soldiers: three on one file.
    assert_reads("3k5/9/9/9/9/6N2/9/6N2/9/4K4 w", &[(Wxf, "+H+4", Ok("g4f6")), (Wxf, "-H+5", Ok("g2e3"))]);
    assert_reads("3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w", &[(Wxf, "+P+1", Ok("g7g8")), (Wxf, "-P.4", Ok("g5f5"))]);
    // Black: the front chariot is the one nearer red.
    assert_reads("4k2r1/9/9/9/7r1/9/9/9/9/3K5 b", &[(Wxf, "+R+1", Ok("h5h4"))]);
}

#[test]
fn the_mark_before_the_letter_where_it_cannot_be_or_could_be_two() {
    // One chariot on its file: no front one.
    assert_reads(START, &[(Wxf, "+R+1", Err("names no legal move: red has no two chariots on one file"))]);
    // The front cannon cannot go back past the rear one.
    assert_reads(
        "3k5/9/1C7/9/7R1/9/9/1C7/9/4K2R1 w",
        &[(Wxf, "+C-6", Err("names no legal move: the red cannon on b7 cannot move backward 6 ranks"))],
    );
    // Soldiers doubled on two files: the front soldier is one of two.
    assert_reads(
        "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w",
        &[(Wxf, "+P+1", Err("is ambiguous: it names c6c7 and g6g7"))],
    );
    // A black chariot on i0 pins the rear chariot to the general's rank.
    assert_reads(
        "3k5/9/9/9/7R1/9/9/9/9/4K2Rr w",
        &[
            (Wxf, "+R+1", Ok("h5h6")),
            (
                Wxf,
                "-R+1",
                Err("names h0h1, which is illegal: it would leave the red general on e0 attacked from i0"),
            ),
            (Wxf, "+R+5", Err("names no legal move: the red chariot on h5 cannot move forward 5 ranks")),
        ],
    );
    // Advisors keep their file digit; the mark is read loosely, as `A+` is.
    assert_reads("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", &[(Wxf, "+A-5", Ok("d2e1")), (Wxf, "-A+5", Ok("d0e1"))]);
}

#[test]
fn engine_coordinates_are_detected_where_only_their_reading_has_a_piece() {
    let start = Position::start();
    // The example of the help: the cannon stands on h2, which engine coordinates call h3.
    assert_eq!(Notation::detect_in(&start, "h3e3"), Some(Notation::Engine));
    assert_eq!(Notation::parse_any(&start, "h3e3"), Ok(mv("h2e2")));
    assert_eq!(Notation::parse_any(&start, "Ｈ３Ｅ３"), Ok(mv("h2e2")));
    // A piece on the ICCS square keeps ICCS, even if the engine square has one too.
    assert_eq!(Notation::detect_in(&start, "a3a4"), Some(Notation::Iccs));
    assert_eq!(Notation::parse_any(&start, "a3a4"), Ok(mv("a3a4")));
    assert_eq!(Notation::detect_in(&start, "b1b2"), Some(Notation::Engine), "the horse on b0");
    assert_eq!(
        Notation::parse_any(&start, "b1b2").unwrap_err().to_string(),
        "'b1b2' names no legal move: a horse cannot move from b0 to b1"
    );
    // The engine square holding the other side's piece is no reason to read engine coordinates.
    let mut after = start;
    play(&mut after, mv("h2e2"));
    assert_eq!(Notation::detect_in(&after, "h3h4"), Some(Notation::Iccs));
    // Black's horse on h9 is h10 in engine coordinates, which only they can write.
    assert_eq!(Notation::parse_any(&after, "h10g8"), Ok(mv("h9g7")));
    // Texts only one system reads, and other notations, are as detected.
    assert_eq!(Notation::detect_in(&start, "h0g2"), Some(Notation::Iccs));
    assert_eq!(Notation::detect_in(&start, "C2.5"), Some(Notation::Wxf));
    assert_eq!(Notation::detect_in(&start, "xyz"), None);
}

#[test]
fn names_read_and_write() {
    for notation in Notation::ALL {
        assert_eq!(notation.to_string().parse::<Notation>(), Ok(notation));
    }
    assert_eq!("WXF".parse::<Notation>(), Ok(Notation::Wxf));
    assert_eq!("Chinese".parse::<Notation>(), Ok(Notation::Chinese));
    assert_eq!(Notation::Engine.to_string(), "engine");
    assert!("pgn".parse::<Notation>().is_err());
}

#[test]
fn garbage_never_panics() {
    let start = Position::start();
    let huge = "炮".repeat(100_000);
    let mut texts: Vec<String> = [
        "",
        " ",
        "\0",
        "\u{feff}",
        "😀😀😀😀",
        "h2e2h2e2",
        "--",
        "++++",
        "前前前前",
        "一二三四五",
        "\u{3000}",
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    texts.push(huge);
    texts.push("h".repeat(1_000_000));
    // Every string of up to four characters over an alphabet of the characters the notations use.
    let alphabet: Vec<char> = "ha2+-.=P前兵三平进１Ｃ＋".chars().collect();
    let mut short = vec![String::new()];
    for _ in 0..4 {
        short = short.iter().flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}"))).collect();
        texts.extend(short.iter().cloned());
    }
    for text in &texts {
        for notation in Notation::ALL {
            if let Err(error) = notation.parse(&start, text) {
                assert!(!error.to_string().is_empty());
            }
        }
        let _ = Notation::parse_any(&start, text);
        let _ = Notation::detect(text);
    }
}

#[test]
fn a_file_digit_read_loosely_names_only_pieces_on_that_file() {
    // Two chariots on file 2 (h): the convention says 前/后, but 车二 still names
    // them, and only the one on h3 can go sideways to file 5.
    let doubled = position("3k5/9/9/9/9/9/7R1/9/9/4K2R1 w");
    assert_eq!(Notation::Chinese.parse(&doubled, "车二平五"), Ok(mv("h3e3")));
    // No chariot stands on file 3: 车三 names none, not the one on file 2.
    let single = position("3k5/9/9/9/9/9/7R1/9/9/4K4 w");
    assert!(Notation::Chinese.parse(&single, "车三平四").is_err());
    assert_eq!(Notation::Chinese.parse(&single, "车二平四"), Ok(mv("h3f3")));
}

#[test]
fn a_file_and_a_mark_read_loosely_name_only_that_file_s_piece() {
    // Soldiers doubled on file 3 (g) alone: the convention says 前兵, and 前兵三
    // still names the front one; 前兵七 names none, as file 7 holds one soldier.
    let soldiers = position("3k5/9/9/6P2/6P2/9/2P6/9/9/4K4 w");
    assert_eq!(Notation::Chinese.write(&soldiers, mv("g6f6")).unwrap(), "前兵平四");
    assert_eq!(Notation::Chinese.parse(&soldiers, "前兵三平四"), Ok(mv("g6f6")));
    assert!(Notation::Chinese.parse(&soldiers, "前兵七平四").is_err());
}

#[test]
fn wxf_marks_read_loosely_name_only_the_pieces_they_fit() {
    // Soldiers doubled on file 3 (g) alone: the convention says P+, and 3+
    // still names the front one; 7+ names none (not even the soldier that
    // could go to file 4), as file 7 holds one soldier.
    let soldiers = position("3k5/9/9/6P2/6P2/9/2P6/9/9/4K4 w");
    assert_eq!(Notation::Wxf.write(&soldiers, mv("g6f6")).unwrap(), "P+.4");
    assert_eq!(Notation::Wxf.parse(&soldiers, "3+.4"), Ok(mv("g6f6")));
    assert_eq!(Notation::Wxf.parse(&soldiers, "3-.4"), Ok(mv("g5f5")));
    assert!(Notation::Wxf.parse(&soldiers, "7+.4").is_err());
    // ++ and -- are the ends of four or five: two soldiers on a file have none.
    assert!(Notation::Wxf.parse(&soldiers, "++.4").is_err());
    assert!(Notation::Wxf.parse(&soldiers, "--.4").is_err());
    let four = position("3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w");
    assert_eq!(Notation::Wxf.parse(&four, "++.4"), Ok(mv("g8f8")));
    assert_eq!(Notation::Wxf.parse(&four, "--.4"), Ok(mv("g5f5")));
}

#[test]
fn the_display_adapter_writes_what_write_returns() {
    let mut position = Position::start();
    for ply in 0..40 {
        for notation in Notation::ALL {
            for mv in position.legal_moves() {
                let written = notation.write(&position, mv).unwrap();
                assert_eq!(notation.display(&position, mv).to_string(), written, "{notation} {mv}");
            }
        }
        let moves = position.legal_moves();
        play(&mut position, moves[(ply * 7) % moves.len()]);
    }
    let crowded = crowded("3k5/6P2/6P2/6P2/6P2/6P2/6P2/9/9/4K4 w");
    assert_eq!(
        Notation::Wxf.display(&crowded, mv("g8f8")).to_string(),
        "g8f8 (g8f8 cannot be written in WXF: 6 soldiers of one side stand on one file, more than WXF tells apart)"
    );
}

#[test]
fn an_invisible_character_is_named_as_its_escape() {
    let start = Position::start();
    let error = Notation::parse_any(&start, "h2e2\u{200b}").unwrap_err();
    assert_eq!(error.kind, NotationErrorKind::InvisibleCharacter { character: '\u{200b}', at: 5 });
    assert_eq!(
        error.to_string(),
        "'h2e2\\u{200b}' holds an invisible character, '\\u{200b}' (character 5), which no notation has: \
         was it pasted with the move?"
    );
    let error = Notation::parse_any(&start, "\u{feff}炮二平五").unwrap_err();
    assert_eq!(error.kind, NotationErrorKind::InvisibleCharacter { character: '\u{feff}', at: 1 });
    // Spaces around a move are no part of it.
    assert!(Notation::parse_any(&start, " h2e2 ").is_ok());
}
