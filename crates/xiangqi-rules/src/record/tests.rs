//! Records end to end: read, replay, compare the result, write and read back.

use super::*;
use crate::notation::{Direction, NoSuchMove, Notation, NotationErrorKind};
use crate::{Color, Move, Piece, PieceKind, Position, Square};

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

fn only_game(text: &str) -> PgnGame {
    let mut all = pgn_games(text);
    let game = all.next().expect("a game").expect("a well-formed game");
    assert!(all.next().is_none(), "one game only");
    game
}

/// The result on the board at the end of `game`'s main line compared with the record's.
fn result_check(game: &PgnGame) -> ResultCheck {
    ResultCheck::new(game.replay().unwrap().position(), game.recorded_result())
}

/// The line of `moves` played from `start`.
fn line_of(start: &Position, moves: &[Move]) -> Line {
    let mut line = Line::new(*start);
    for &mv in moves {
        line.play(mv).unwrap();
    }
    line
}

fn iccs(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

#[test]
fn the_example_game_of_the_spec() {
    let game = only_game("炮二平五 马８进７ 马二进三 车９平８");
    assert_eq!(iccs(game.replay().unwrap().moves()), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(game.notation(), Ok(None));
    let tagged = "[Game \"Chinese Chess\"]\n[Red \"...\"]\n[Black \"...\"]\n[Result \"1-0\"]\n\
                  [FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\
                  [Format \"ICCS\"]\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n";
    let game = only_game(tagged);
    assert_eq!(game.result, Some(GameResult::RedWins));
    assert_eq!(iccs(game.replay().unwrap().moves()), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(game.notation(), Ok(Some(Notation::Iccs)));
    assert_eq!(result_check(&game), ResultCheck::Unchecked(Some(GameResult::RedWins)));
}

#[test]
fn comments_and_nested_variations_are_kept_apart_from_the_moves() {
    let text = "{Before the moves,\nover two lines}\n1. h2e2 {central cannon} (1. h0g2 (1. c3c4 g6g5) h9g7 {a comment inside})\n\
                1... h9g7 (1... b7e7 2. h0g2 (2. b0c2)) 2. h0g2 $2 ; to the end of the line\n*";
    let game = only_game(text);
    let moves: Vec<&str> = game.moves.iter().map(|mv| mv.text.as_str()).collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
    let comments: Vec<(&str, usize, usize, usize)> =
        game.comments.iter().map(|c| (c.text.as_str(), c.line, c.column, c.after_moves)).collect();
    assert_eq!(
        comments,
        [
            ("Before the moves,\nover two lines", 1, 1, 0),
            ("central cannon", 3, 9, 1),
            ("to the end of the line", 4, 52, 3)
        ]
    );
    assert_eq!(iccs(game.replay().unwrap().moves()), ["h2e2", "h9g7", "h0g2"]);
    // The variations, each after the move it replaces, nested as written.
    let texts = |moves: &[PgnMove]| moves.iter().map(|mv| mv.text.clone()).collect::<Vec<_>>();
    let outer: Vec<(usize, Vec<String>, usize)> =
        game.variations.iter().map(|v| (v.replaces, texts(&v.moves), v.variations.len())).collect();
    assert_eq!(
        outer,
        [(0, vec!["h0g2".into(), "h9g7".into()], 1), (1, vec!["b7e7".into(), "h0g2".into()], 1)]
    );
    let inner = &game.variations[0].variations[0];
    assert_eq!(
        (inner.replaces, texts(&inner.moves), inner.line, inner.column),
        (0, vec!["c3c4".into(), "g6g5".into()], 3, 35)
    );
    assert_eq!(game.variations[0].comments[0].text, "a comment inside");
    assert_eq!(game.variations[0].comments[0].after_moves, 2);
    assert_eq!(game.variations[1].variations[0].replaces, 1);
}

#[test]
fn variations_and_comments_are_written_and_read_back() {
    let start = Position::start();
    let mut record = Record::new(start);
    record.set_tag("Event", "a test");
    record.comment = Some("before the first move".into());
    let line =
        |moves: &[&str]| -> Vec<Node> { moves.iter().map(|mv| Node::new(mv.parse().unwrap())).collect() };
    record.moves = line(&["h2e2", "h9g7", "h0g2"]);
    record.moves[0].comment = Some("a } in a comment".into());
    // Nested: a variation inside a variation, two at one move.
    let mut pawn = line(&["c3c4", "c6c5", "b0c2"]);
    pawn[1].variations.push(line(&["b9c7"]));
    pawn[1].variations[0][0].comment = Some("the horse\nover two lines".into());
    record.moves[0].variations.push(pawn);
    record.moves[0].variations.push(line(&["b2e2"]));
    // At the last ply.
    record.moves[2].variations.push(line(&["b0c2", "b9c7"]));
    record.result = GameResult::Draw;
    let text = record.to_pgn(Notation::Iccs).unwrap();
    assert_eq!(
        text,
        "[Event \"a test\"]\n[Result \"1/2-1/2\"]\n[Format \"ICCS\"]\n\n\
         {before the first move}\n\
         1. h2e2 ; a } in a comment\n\
         (1. c3c4 c6c5 (1... b9c7 {the horse\nover two lines}) 2. b0c2) (1. b2e2) 1... h9g7\n\
         2. h0g2 (2. b0c2 b9c7) 1/2-1/2\n"
    );
    for notation in Notation::ALL {
        let text = record.to_pgn(notation).unwrap();
        let file = read(text.as_bytes()).unwrap();
        assert_eq!(file.games[0].as_ref().unwrap(), &record, "{notation}:\n{text}");
        assert!(file.cut_variations.is_empty());
    }
    // A comment with both a brace and a line break keeps its lines; the brace turns full width.
    record.moves[0].comment = Some("a }\nb".into());
    let text = record.to_pgn(Notation::Iccs).unwrap();
    assert!(text.contains("1. h2e2 {a ｝\nb} (1. c3c4"), "{text}");
}

#[test]
fn a_bad_move_in_a_pgn_variation_cuts_that_variation_only() {
    let text = "[Event \"x\"]\n1. h2e2 (1. c3c4 c6c5 2. a0a5 (2. b0c2 b9c7) 2... b9c7) (1. h0g2) h9g7\n\
                (1... 马８进６ {no} (1... b9c7)) 2. h0g2 *\n";
    let file = read(text.as_bytes()).unwrap();
    let record = file.games[0].as_ref().unwrap();
    assert_eq!(iccs(&record.main_line()), ["h2e2", "h9g7", "h0g2"]);
    // Kept up to the bad move; the variation branching after it is left out.
    let first: Vec<Vec<String>> = record.moves[0]
        .variations
        .iter()
        .map(|line| line.iter().map(|node| node.mv.to_string()).collect())
        .collect();
    assert_eq!(first, [vec!["c3c4", "c6c5"], vec!["h0g2"]]);
    // A variation whose first move is bad is left out, with those inside it.
    assert!(record.moves[1].variations.is_empty());
    let cuts: Vec<String> =
        file.cut_variations.iter().map(|cut| format!("{} {}", cut.game, cut.error)).collect();
    assert_eq!(cuts.len(), 2, "{cuts:?}");
    assert!(cuts[0].starts_with("0 pgn, line 2, column 26: 'a0a5'"), "{cuts:?}");
    assert!(cuts[1].starts_with("0 pgn, line 3, column 7: '马８进６'"), "{cuts:?}");
}

#[test]
fn several_games_in_several_notations() {
    let text = "[Format \"WXF\"]\n1. C2.5 H8+7 *\n\n\
                [Format \"ICCS\"]\n1. H2-E2 H9-G7 1/2-1/2\n\n\
                [FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b\"]\n1... 马８进７ 2. h0g2 0-1\n\n\
                1. h3e3 h10g8\n";
    let read: Vec<PgnGame> = pgn_games(text).collect::<Result<_, _>>().unwrap();
    assert_eq!(read.len(), 4);
    let lines: Vec<Line> = read[..3].iter().map(|game| game.replay().unwrap()).collect();
    assert_eq!(iccs(lines[0].moves()), ["h2e2", "h9g7"]);
    assert_eq!(iccs(lines[1].moves()), ["h2e2", "h9g7"]);
    assert_eq!(read[1].recorded_result(), Some(GameResult::Draw));
    assert_eq!(iccs(lines[2].moves()), ["h9g7", "h0g2"]);
    assert_eq!(read[2].recorded_result(), Some(GameResult::BlackWins));
    // Without a Format tag `h10g8` can only be engine coordinates, and `h3e3`,
    // which reads in both systems, is read as engine coordinates because only
    // that reading starts on a piece (the cannon on h2).
    assert_eq!(iccs(read[3].replay().unwrap().moves()), ["h2e2", "h9g7"]);
    // Where neither reading starts on a piece, the move is ICCS, and bad.
    let Err(ReplayError::BadMove(bad)) = only_game("1. h2e2 h9g7\n2. h5h6").replay() else {
        panic!("h5h6 is not a move here")
    };
    assert_eq!((bad.index, bad.line, bad.column), (2, 2, 4));
    assert_eq!(bad.to_string(), "line 2, column 4: 'h5h6' names no legal move: no piece stands on h5");
    let engine = only_game("[Format \"Engine\"]\n1. h3e3 h10g8\n").replay().unwrap();
    assert_eq!(iccs(engine.moves()), ["h2e2", "h9g7"]);
}

#[test]
fn the_board_result_is_compared_with_the_record() {
    let mate = |result: &str| {
        let text = format!("[FEN \"4k4/8R/9/9/9/9/9/9/9/R2K5 w\"]{result}\n1. a0a9");
        result_check(&only_game(&text))
    };
    assert_eq!(mate("[Result \"1-0\"]"), ResultCheck::Agrees(GameResult::RedWins));
    assert_eq!(
        mate("[Result \"0-1\"]"),
        ResultCheck::Disagrees { board: GameResult::RedWins, recorded: GameResult::BlackWins }
    );
    assert_eq!(mate("[Result \"*\"]"), ResultCheck::Unrecorded(GameResult::RedWins));
    assert_eq!(mate(""), ResultCheck::Unrecorded(GameResult::RedWins));
    // Without a Result tag, the result after the moves counts.
    let text = "[FEN \"4k4/8R/9/9/9/9/9/9/9/R2K5 w\"]\n1. a0a9 1-0";
    assert_eq!(result_check(&only_game(text)), ResultCheck::Agrees(GameResult::RedWins));
    // Stalemate loses too: the black general may go neither to e9 (facing red's) nor to d8.
    let text = "[FEN \"3k5/R8/9/9/9/9/9/9/9/4K4 b\"]\n[Result \"1/2-1/2\"]\n1/2-1/2";
    let game = only_game(text);
    assert!(game.replay().unwrap().position().is_stalemate());
    assert_eq!(
        result_check(&game),
        ResultCheck::Disagrees { board: GameResult::RedWins, recorded: GameResult::Draw }
    );
    // A game still going cannot be checked.
    let game = only_game("[Result \"0-1\"]\n1. h2e2 0-1");
    assert_eq!(game.replay().unwrap().position().outcome(), None);
    assert_eq!(result_check(&game), ResultCheck::Unchecked(Some(GameResult::BlackWins)));
}

#[test]
fn a_record_of_any_format_checks_its_result_on_the_board() {
    let mut record = Record::new(Position::from_fen("4k4/8R/9/9/9/9/9/9/9/R2K5 w").unwrap());
    record.moves.push(Node::new("a0a9".parse().unwrap()));
    // Unknown is no result: the mate is unrecorded.
    assert_eq!(record.result_check(), ResultCheck::Unrecorded(GameResult::RedWins));
    record.result = GameResult::BlackWins;
    let mut xqf = Vec::new();
    write_xqf(&record, &mut xqf).unwrap();
    let from_xqf = read(&xqf).unwrap().games.remove(0).unwrap();
    assert_eq!(
        from_xqf.result_check(),
        ResultCheck::Disagrees { board: GameResult::RedWins, recorded: GameResult::BlackWins }
    );
    // Not over on the board: the record's result stands unchecked, an unknown one as none.
    record.moves.clear();
    assert_eq!(record.result_check(), ResultCheck::Unchecked(Some(GameResult::BlackWins)));
    record.result = GameResult::Unknown;
    assert_eq!(record.result_check(), ResultCheck::Unchecked(None));
}

#[cfg(feature = "gbk")]
#[test]
fn a_gbk_record_reads_like_its_utf8_text() {
    let text = "[Red \"许银川\"]\n[Black \"聂卫平\"]\n[Format \"Chinese\"]\n{评注：红方先行。}\n\
                1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n";
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(!unmappable);
    assert!(std::str::from_utf8(&bytes).is_err(), "GBK bytes are not UTF-8");
    let decoded = decode(&bytes).unwrap();
    assert_eq!(decoded.encoding, TextEncoding::Gbk);
    let game = only_game(&decoded.text);
    assert_eq!(game.tag("Red"), Some("许银川"));
    assert_eq!(game.comments[0].text, "评注：红方先行。");
    assert_eq!(iccs(game.replay().unwrap().moves()), ["h2e2", "h9g7", "h0g2", "i9h9"]);
}

#[test]
fn a_bad_move_deep_inside_is_found_where_it_stands() {
    let text = "[Format \"WXF\"]\n\n1. C2.5 H8+7\n2. H2+3 R9.8\n3. R1.2 H2+3\n{a comment}\n4. P7+1 C8.9\n5. H8+7 R8.5\n";
    let error = only_game(text).replay().unwrap_err();
    let played = error.played().expect("the moves before the bad one").clone();
    assert_eq!(played.moves().len(), 9);
    let ReplayError::BadMove(bad) = error else { panic!("a bad move") };
    assert_eq!((bad.index, bad.text.as_str(), bad.line, bad.column), (9, "R8.5", 8, 9));
    let chariot = Piece::new(Color::Black, PieceKind::Chariot);
    let reason = NoSuchMove::CannotMove {
        piece: chariot,
        from: vec![square("h9")],
        direction: Direction::Sideways,
        number: 5,
    };
    assert_eq!(bad.error.text, "R8.5");
    assert_eq!(bad.error.kind, NotationErrorKind::NoSuchMove { reason });
    assert_eq!(
        bad.to_string(),
        "line 8, column 9: 'R8.5' names no legal move: the black chariot on h9 cannot move sideways to file 5"
    );
    let cause = std::error::Error::source(&*bad).map(ToString::to_string);
    assert_eq!(cause, Some(bad.error.to_string()), "the move's error is the cause");
    let replay_error = ReplayError::BadMove(bad.clone());
    assert_eq!(replay_error.to_string(), bad.to_string());
    assert_eq!(std::error::Error::source(&replay_error).map(ToString::to_string), Some(bad.to_string()));
    assert_eq!(
        played.position().to_string(),
        played
            .moves()
            .iter()
            .fold(Position::start(), |mut p, &mv| {
                p.play(mv).unwrap();
                p
            })
            .to_string()
    );
}

#[test]
fn an_unusable_fen_or_format_stops_the_replay() {
    let game = only_game("[FEN \"9/9/9 w\"]\n1. h2e2");
    let error = game.replay().unwrap_err();
    assert!(matches!(error, ReplayError::BadFen { .. }));
    assert!(error.to_string().starts_with("the FEN tag '9/9/9 w' cannot be played from: "), "{error}");
    let ReplayError::BadFen { error: fen_error, .. } = &error else { unreachable!() };
    let cause = std::error::Error::source(&error).map(ToString::to_string);
    assert_eq!(cause, Some(fen_error.to_string()), "the FEN's error is the cause");
    let error = only_game("[Format \"XQF\"]\n1. h2e2").replay().unwrap_err();
    assert!(std::error::Error::source(&error).is_none());
    assert_eq!(
        error.to_string(),
        "the Format tag 'XQF' names no notation known here (ICCS, WXF, Chinese or Engine)"
    );
}

#[test]
fn written_records_read_back_to_the_same_moves_in_every_notation() {
    let mut position = Position::start();
    let mut moves = Vec::new();
    // A deterministic walk: always the middle legal move in ICCS order.
    for _ in 0..60 {
        let mut legal = position.legal_moves();
        legal.sort_unstable();
        let Some(&mv) = legal.get(legal.len() / 2) else { break };
        moves.push(mv);
        position.play(mv).unwrap();
    }
    let tags = vec![
        ("Event".to_string(), "A \"quoted\" \\ name".to_string()),
        ("Format".to_string(), "ignored".to_string()),
    ];
    for notation in Notation::ALL {
        let text = line_of(&Position::start(), &moves).to_pgn_with_tags(&tags, notation).unwrap();
        let game = only_game(&text);
        assert_eq!(game.tag("Event"), Some("A \"quoted\" \\ name"));
        let line = game.replay().unwrap();
        assert_eq!(game.notation(), Ok(Some(notation)));
        assert_eq!(line.moves(), moves, "{notation}:\n{text}");
        assert_eq!(*line.position(), position);
    }
}

#[test]
fn random_trees_convert_through_every_written_format_and_back() {
    use board_geometry::random::Random;

    use crate::record::test_support::{as_read_from_xqf, random_round, with_tags};

    let mut random = Random::new(77);
    for round in 0..40 {
        let record = with_tags(
            random_round(&mut random, round, 60),
            &[("Event", "第一届"), ("Site", "北京"), ("Red", "许银川"), ("Black", "Lü Qin")],
        );
        // XQF, then DhtmlXQ, then XQF again: the whole tree each time.
        let mut xqf = Vec::new();
        write_xqf(&record, &mut xqf).unwrap();
        let from_xqf = read(&xqf).unwrap().games.remove(0).unwrap();
        let record = as_read_from_xqf(record);
        assert_eq!(from_xqf, record, "round {round}: XQF");
        let mut dhtmlxq = Vec::new();
        write_dhtmlxq(&from_xqf, &mut dhtmlxq).unwrap();
        let from_dhtmlxq = read(&dhtmlxq).unwrap().games.remove(0).unwrap();
        assert_eq!(from_dhtmlxq, record, "round {round}: XQF, then DhtmlXQ");
        // PGN-style text in every notation: the whole tree, its comments, tags and result.
        for notation in Notation::ALL {
            let pgn = from_dhtmlxq.to_pgn(notation).unwrap();
            let from_pgn = read(pgn.as_bytes()).unwrap().games.remove(0).unwrap();
            assert_eq!(from_pgn, record, "round {round}: {notation}\n{pgn}");
            assert_eq!(from_pgn.start.to_string(), record.start.to_string());
            let mut xqf_again = Vec::new();
            write_xqf(&from_pgn, &mut xqf_again).unwrap();
            let again = read(&xqf_again).unwrap().games.remove(0).unwrap();
            assert_eq!(
                (again.main_line(), again.tags, again.result),
                (record.main_line(), record.tags.clone(), record.result)
            );
        }
    }
}

#[test]
fn the_writer_sets_fen_format_and_result() {
    let start =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1").unwrap();
    let moves: Vec<Move> = ["h9g7", "h0g2", "i9h9"].iter().map(|mv| mv.parse().unwrap()).collect();
    let text = line_of(&start, &moves).to_pgn_with_tags(&[], Notation::Chinese).unwrap();
    assert_eq!(
        text,
        "[Result \"*\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1\"]\n\
         [Format \"Chinese\"]\n\n1... 马８进７\n2. 马二进三 车９平８\n*\n"
    );
    assert_eq!(only_game(&text).replay().unwrap().moves(), moves);
    // Tag names lose what would end them early; values keep everything but line breaks.
    let tags = [("Red Player]", "Wang \"the\" \\ Elder"), ("Event", "line one\nline two")]
        .map(|(name, value)| (name.to_string(), value.to_string()));
    let text = line_of(&Position::start(), &moves[1..2]).to_pgn_with_tags(&tags, Notation::Iccs).unwrap();
    assert!(
        text.starts_with("[RedPlayer \"Wang \\\"the\\\" \\\\ Elder\"]\n[Event \"line one line two\"]\n"),
        "{text}"
    );
    let game = only_game(&text);
    assert_eq!(game.tag("RedPlayer"), Some("Wang \"the\" \\ Elder"));
    assert_eq!(game.tag("Event"), Some("line one line two"));
    // A mate on the board gives the result where the tags give none.
    let mate = Position::from_fen("4k4/8R/9/9/9/9/9/9/9/R2K5 w").unwrap();
    let text = line_of(&mate, &["a0a9".parse().unwrap()]).to_pgn_with_tags(&[], Notation::Wxf).unwrap();
    assert!(text.starts_with("[Result \"1-0\"]\n"), "{text}");
    assert!(text.ends_with("1. R9+9 1-0\n"), "{text}");
    assert_eq!(result_check(&only_game(&text)), ResultCheck::Agrees(GameResult::RedWins));
    // An illegal move is refused with its place.
    let mut record = Record::new(Position::start());
    record.moves = vec![Node::new("h2e2".parse().unwrap()), Node::new("h2e2".parse().unwrap())];
    let error = record.to_pgn_with_tags(&[], Notation::Iccs).unwrap_err();
    assert_eq!(error.index, 1);
    assert_eq!(error.to_string(), "move 2: 'h2e2' names no legal move: no piece stands on h2");
    let cause = std::error::Error::source(&error).map(ToString::to_string);
    assert_eq!(cause.as_deref(), Some("'h2e2' names no legal move: no piece stands on h2"));
}

#[test]
fn garbage_never_panics_the_reader() {
    // Every text of up to three characters over the characters records are made of, and some longer ones.
    let alphabet: Vec<char> = "[]\"{}();1.-*h2e炮平五Ｃ＝＋\n\\$=".chars().collect();
    let mut texts = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..3 {
        last = last.iter().flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}"))).collect();
        texts.extend(last.iter().cloned());
    }
    texts.extend(
        [
            "[Event \"a\"b\"c\"\"]",
            "[Event \"\"\"]\n1. h2e2",
            "[A \"x\"] \"]",
            "１．\u{1a}",
            "=====\n[Event \"x\"\n=====",
            "1-0 ===== 1-0 =====",
        ]
        .map(String::from),
    );
    for text in &texts {
        let mut read = pgn_games(text);
        while let Some(item) = read.next() {
            if let Ok(game) = item {
                let _ = game.replay();
                let _ = game.tags_with_result();
            }
            for warning in read.take_warnings() {
                assert!(warning.line >= 1 && warning.column >= 1, "{text:?}: {warning}");
            }
        }
    }
}

#[cfg(feature = "gbk")]
#[test]
fn garbage_never_panics_the_decoder() {
    // Every pair of bytes, and pseudo-random runs of bytes from a fixed seed.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut inputs: Vec<Vec<u8>> = (0..=u16::MAX).map(|pair| pair.to_be_bytes().to_vec()).collect();
    for length in 0..2_000 {
        inputs.push((0..length % 64).map(|_| (next() % 256) as u8).collect());
    }
    for bytes in &inputs {
        if let Ok(decoded) = decode(bytes) {
            let _ = pgn_games(&decoded.text).count();
        }
        for encoding in TextEncoding::DETECTED {
            let _ = decode_as(bytes, encoding);
        }
    }
}

#[test]
fn check_capture_and_annotators_marks_are_read_in_every_notation() {
    let cases = [
        ("炮二平五+ 马８进７！ 马二进三？ 车９平８#", ["h2e2", "h9g7", "h0g2", "i9h9"]),
        ("1. H2xE2 h9:g7 2. Ｈ０ｘＧ２＋ I9-H9+", ["h2e2", "h9g7", "h0g2", "i9h9"]),
        ("1. C2.5+ H8+7! 2. H2+3 ＋ R9.8?!", ["h2e2", "h9g7", "h0g2", "i9h9"]),
        ("1. 炮二平五+马８进７ 2. 马二进三 ! 车９平８ ?", ["h2e2", "h9g7", "h0g2", "i9h9"]),
    ];
    for (text, expected) in cases {
        let replay = only_game(text).replay().unwrap_or_else(|error| panic!("{text}: {error}"));
        assert_eq!(iccs(replay.moves()), expected, "{text}");
    }
    // A mark alone is no move.
    assert_eq!(only_game("炮二平五 + 马８进７").moves.len(), 2);
}

#[test]
fn a_tag_on_the_line_of_a_move_is_an_engine_annotation() {
    let text = "[Event \"engine games\"]\n\
                1.炮二平五 [Score \"8=-2\"] 马２进３ [Score \"7=1\"]\n\
                2.马二进三 [Score \"9=0\"] 车１平２\n\
                [Event \"the next game\"]\n1. h2e2 *\n";
    let games = read_pgn(text.as_bytes()).unwrap().games;
    assert_eq!(games.len(), 2, "the annotations begin no game");
    let first = games[0].as_ref().unwrap();
    assert_eq!(first.main_line().len(), 4);
    assert_eq!(first.moves[0].comment.as_deref(), Some("[Score \"8=-2\"]"));
    assert_eq!(first.moves[1].comment.as_deref(), Some("[Score \"7=1\"]"));
    assert_eq!(first.moves[3].comment, None);
    assert_eq!(first.tags, [("Event".to_string(), "engine games".to_string())]);
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("the next game"));
}

#[test]
fn tags_in_chinese_are_read() {
    for (value, result) in [
        ("红胜", GameResult::RedWins),
        ("红先胜", GameResult::RedWins),
        ("黑胜", GameResult::BlackWins),
        ("红负", GameResult::BlackWins),
        ("和棋", GameResult::Draw),
        ("1-0", GameResult::RedWins),
    ] {
        let game = only_game(&format!("[Result \"{value}\"]\n[Format \"zh\"]\n1. 炮二平五 马８进７\n"));
        assert_eq!(game.recorded_result(), Some(result), "{value}");
        assert_eq!(game.notation(), Ok(Some(Notation::Chinese)));
        assert_eq!(
            read_pgn(format!("[Result \"{value}\"]\n1. h2e2\n").as_bytes()).unwrap().games[0]
                .as_ref()
                .unwrap()
                .result,
            result
        );
    }
    for name in ["中文", "ZH", "cn"] {
        assert_eq!(
            only_game(&format!("[Format \"{name}\"]\n炮二平五")).notation(),
            Ok(Some(Notation::Chinese))
        );
    }
    assert!(only_game("[Format \"klingon\"]\n炮二平五").notation().is_err());
}

#[test]
fn fens_as_other_tools_write_them_are_read_with_a_warning() {
    let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    for (fen, turn, fullmove) in [
        (format!("{board} w - - 0 0"), Color::Red, 1),
        (format!("{board} r"), Color::Red, 1),
        (board.to_string(), Color::Red, 1),
        (format!("{board} b - - 0 7"), Color::Black, 7),
        (format!("{board} red 0 3"), Color::Red, 3),
    ] {
        let text = format!("[FEN \"{fen}\"]\n1. h2e2 *\n");
        let mut reader = pgn_games(&text);
        let game = reader.next().unwrap().unwrap();
        let start = game.start_position().unwrap_or_else(|error| panic!("{fen}: {error}"));
        assert_eq!((start.turn(), start.setup().fullmove_number), (turn, fullmove), "{fen}");
        let warnings = reader.take_warnings();
        if Position::from_fen(&fen).is_ok() {
            assert_eq!(warnings, [], "a FEN the position reader takes is read without a warning: {fen}");
            continue;
        }
        let [warning] = warnings.as_slice() else { panic!("{fen}: {warnings:?}") };
        assert_eq!((warning.line, warning.column), (1, 1));
        assert!(
            warning.to_string().starts_with(&format!(
                "line 1, column 1: the FEN '{fen}' is not written as FENs are: read as '{board} "
            )),
            "{warning}"
        );
    }
    assert!(Position::from_fen(&format!("{board} w - - 0 0")).is_err(), "the case the warning is for");
    // What no reading makes a FEN stays refused.
    assert!(only_game(&format!("[FEN \"{board} x\"]\n1. h2e2")).start_position().is_err());
    assert!(only_game(&format!("[FEN \"{board} w - - 0 1 9\"]\n1. h2e2")).start_position().is_err());
}

#[test]
fn malformed_records_say_what_is_wrong_in_typed_errors() {
    let first_error = |bytes: &[u8]| -> ReadErrorKind {
        match read(bytes) {
            Ok(file) => file.games.into_iter().next().expect("a game").expect_err("a broken game").error.kind,
            Err(error) => error.kind,
        }
    };
    let page = |fields: &str| format!("[DhtmlXQ]{fields}[/DhtmlXQ]");
    let binit = |digits: &str| page(&format!("[DhtmlXQ_binit]{digits}[/DhtmlXQ_binit]"));
    assert_eq!(first_error(binit(&"0".repeat(62)).as_bytes()), ReadErrorKind::BinitLength { digits: 62 });
    let kind = first_error(binit(&format!("x{}", "0".repeat(63))).as_bytes());
    assert_eq!(kind, ReadErrorKind::NotDigits { what: "binit's piece points" });
    assert_eq!(kind.to_string(), "binit's piece points are written in digits");
    // Two pieces on the point 00.
    let taken = first_error(binit(&format!("0000{}", "99".repeat(30))).as_bytes());
    assert_eq!(taken, ReadErrorKind::PointTaken { place: 1 });
    assert_eq!(taken.to_string(), "piece 2 of 32 stands on a point already taken");
    let moves = |digits: &str| page(&format!("[DhtmlXQ_movelist]{digits}[/DhtmlXQ_movelist]"));
    assert_eq!(first_error(moves("774").as_bytes()), ReadErrorKind::PartMove { digits: 3 });
    assert_eq!(first_error(moves("77x7").as_bytes()), ReadErrorKind::NotDigits { what: "moves" });
    let kind = first_error(page("[DhtmlXQ_movelist]7747").as_bytes());
    assert_eq!(kind, ReadErrorKind::UnclosedField { field: "movelist".into() });
    let fen = first_error(page("[DhtmlXQ_fen]9/9 w[/DhtmlXQ_fen]").as_bytes());
    assert!(matches!(&fen, ReadErrorKind::BadFen { fen, .. } if fen == "9/9 w"), "{fen:?}");
    // CBF, read as CBF whatever its root.
    let cbf = |xml: &str| match read_as(Format::Cbf, xml.as_bytes()) {
        Ok(file) => file.games.into_iter().next().expect("a game").expect_err("broken").error.kind,
        Err(error) => error.kind,
    };
    assert_eq!(cbf("<Other></Other>"), ReadErrorKind::NotCbfRoot { root: Some("Other".into()) });
    assert_eq!(cbf(""), ReadErrorKind::NotCbfRoot { root: None });
    assert_eq!(cbf("<ChineseChessRecord></Other>"), ReadErrorKind::UnopenedElement { name: "Other".into() });
    assert!(matches!(cbf("<ChineseChessRecord x=1>"), ReadErrorKind::Xml(_)));
}
