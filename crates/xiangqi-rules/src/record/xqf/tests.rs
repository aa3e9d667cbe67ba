//! XQF end to end: the published example byte for byte, encrypted files of
//! every version, random trees both ways, bad and damaged files.

use board_geometry::random::Random;

use super::header::{FIELDS, HEADER_SIZE, POINTS_AT, points_of};
use super::keys::{Keys, STREAM_START};
use super::write::header;
use super::*;
use crate::Square;
use crate::record::test_support::{
    Damage, EVERY_BYTE, as_read_from_xqf, feed_cut_and_damaged, mv, random_record, random_round, single_game,
    with_tags,
};
use crate::record::tree::preorder;
use crate::record::{GameResult, Node, Record};

fn write(record: &Record) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_xqf(record, &mut bytes).unwrap();
    bytes
}

fn read(bytes: &[u8]) -> Record {
    single_game(read_xqf(bytes)).unwrap().unwrap()
}

/// The example file of XQStudio's description of XQF 1.0 ("附: XQF 1.0
/// 格式文件的例子"), byte for byte as its dump gives it: 0x488 bytes.
fn published_example() -> Vec<u8> {
    let mut bytes = vec![0_u8; 0x488];
    let mut put = |offset: usize, data: &[u8]| bytes[offset..offset + data.len()].copy_from_slice(data);
    put(0x000, b"XQ\x0a"); // 'XQ', version 0x0A
    put(
        0x010,
        &[0x50, 0x46, 0x3C, 0x32, 0x28, 0x1E, 0x14, 0x0A, 0x00, 0x48, 0x0C, 0x53, 0x3F, 0x2B, 0x17, 0x03],
    );
    put(
        0x020,
        &[0x09, 0x13, 0x1D, 0x27, 0x31, 0x3B, 0x45, 0x4F, 0x59, 0x11, 0x4D, 0x06, 0x1A, 0x2E, 0x42, 0x56],
    );
    put(0x033, &[0x02]); // black wins
    // 0x50: title 仙人指路对起马局, 16 bytes.
    put(
        0x050,
        &[
            0x10, 0xCF, 0xC9, 0xC8, 0xCB, 0xD6, 0xB8, 0xC2, 0xB7, 0xB6, 0xD4, 0xC6, 0xF0, 0xC2, 0xED, 0xBE,
            0xD6,
        ],
    );
    // 0xD0: event "中立杯"象棋电视快棋赛, 22 bytes.
    put(
        0x0D0,
        &[0x16, 0x22, 0xD6, 0xD0, 0xC1, 0xA2, 0xB1, 0xAD, 0x22, 0xCF, 0xF3, 0xC6, 0xE5, 0xB5, 0xE7, 0xCA],
    );
    put(0x0E0, &[0xD3, 0xBF, 0xEC, 0xC6, 0xE5, 0xC8, 0xFC]);
    // 0x110: date 1997年11月16日; 0x120: site 北京; 0x130: red 柳大华; 0x140: black 吕  钦.
    put(0x110, &[0x0E, 0x31, 0x39, 0x39, 0x37, 0xC4, 0xEA, 0x31, 0x31, 0xD4, 0xC2, 0x31, 0x36, 0xC8, 0xD5]);
    put(0x120, &[0x04, 0xB1, 0xB1, 0xBE, 0xA9]);
    put(0x130, &[0x06, 0xC1, 0xF8, 0xB4, 0xF3, 0xBB, 0xAA]);
    put(0x140, &[0x06, 0xC2, 0xC0, 0x20, 0x20, 0xC7, 0xD5]);
    // 0x1D0: annotator 刘殿中; 0x1E0: author 过河象.
    put(0x1D0, &[0x06, 0xC1, 0xF5, 0xB5, 0xEE, 0xD6, 0xD0]);
    put(0x1E0, &[0x06, 0xB9, 0xFD, 0xBA, 0xD3, 0xCF, 0xF3]);
    // 0x400: step 0, then sixteen moves of eight bytes, the last flagged 0x00.
    let moves: [[u8; 2]; 16] = [
        [0x2F, 0x38],
        [0x67, 0x63],
        [0x57, 0x60],
        [0x29, 0x3B],
        [0x2C, 0x4A],
        [0x2B, 0x27],
        [0x22, 0x36],
        [0x21, 0x33],
        [0x18, 0x2A],
        [0x2B, 0x2F],
        [0x24, 0x22],
        [0x27, 0x6B],
        [0x60, 0x6D],
        [0x33, 0x6D],
        [0x5E, 0x5E],
        [0x71, 0x6F],
    ];
    put(0x400, &[0x18, 0x20, 0xF0, 0xFF]);
    for (index, [from, to]) in moves.into_iter().enumerate() {
        let flag = if index == 15 { 0x00 } else { 0xF0 };
        put(0x408 + 8 * index, &[from, to, flag]);
    }
    bytes
}

/// 兵七进一 马８进７ 兵三进一 炮２平３ 相七进五 马２进１ 马八进七 车１平２
/// 车九平八 车２进４ 炮八平九 车２平８ 炮二进五 炮３平８ 马二进三 车９平８.
const EXAMPLE_MOVES: [&str; 16] = [
    "c3c4", "h9g7", "g3g4", "b7c7", "c0e2", "b9a7", "b0c2", "a9b9", "a0b0", "b9b5", "b2a2", "b5h5", "h2h7",
    "c7h7", "h0g2", "i9h9",
];

#[test]
fn the_published_example_reads_as_its_description_says() {
    let record = read(&published_example());
    let moves: Vec<String> = record.main_line().iter().map(ToString::to_string).collect();
    assert_eq!(moves, EXAMPLE_MOVES);
    assert_eq!(record.start, Position::start());
    assert_eq!(record.result, GameResult::BlackWins);
    assert_eq!(record.comment, None);
    #[cfg(feature = "gbk")]
    {
        let tags: Vec<(&str, &str)> =
            record.tags.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
        assert_eq!(
            tags,
            [
                ("Event", "\"中立杯\"象棋电视快棋赛"),
                ("Site", "北京"),
                ("Date", "1997年11月16日"),
                ("Red", "柳大华"),
                ("Black", "吕  钦"),
                ("Title", "仙人指路对起马局"),
                ("Annotator", "刘殿中"),
                ("Author", "过河象"),
            ]
        );
        // Written again, it is the same file, byte for byte.
        assert_eq!(write(&record), published_example());
    }
}

/// Test only: `record` as an encrypted XQF file of `version` (11 to 18),
/// with `keys` as header bytes 3..16: the derivation of `keys.rs` applied
/// in reverse.
fn encrypted(record: &Record, version: u8, keys: [u8; 13]) -> Vec<u8> {
    let mut bytes = header(record, version).unwrap();
    bytes[3..16].copy_from_slice(&keys);
    // XQStudio checks that bytes 12..16 add up to 0 modulo 256.
    bytes[12] = 0_u8.wrapping_sub(bytes[13]).wrapping_sub(bytes[14]).wrapping_sub(bytes[15]);
    let mut key_bytes = [0_u8; 16];
    key_bytes.copy_from_slice(&bytes[..16]);
    let derived = Keys::derive(&key_bytes);
    let plain = points_of(&record.start.setup().board).unwrap();
    for (index, stored) in bytes[POINTS_AT..POINTS_AT + 32].iter_mut().enumerate() {
        let place = if version >= 12 { (usize::from(derived.piece) + 1 + index) % 32 } else { index };
        *stored = plain[place].wrapping_add(derived.piece);
    }
    let mut stream = Vec::new();
    let mut push = |from: u8, to: u8, flags: u8, comment: Option<&str>| {
        let comment_flag = if comment.is_some() { 0x20 } else { 0 };
        stream.extend_from_slice(&[
            from.wrapping_add(0x18).wrapping_add(derived.source),
            to.wrapping_add(0x20).wrapping_add(derived.target),
            flags | comment_flag,
            0,
        ]);
        if let Some(comment) = comment {
            let text = crate::record::text::to_gbk(comment);
            stream.extend_from_slice(&(text.len() as u32).wrapping_add(derived.comment).to_le_bytes());
            stream.extend_from_slice(&text);
        }
    };
    push(0, 0, if record.moves.is_empty() { 0 } else { 0x80 }, record.comment.as_deref());
    for step in preorder(record) {
        let flags = if step.has_next { 0x80 } else { 0 } | if step.has_alternative { 0x40 } else { 0 };
        let (from, to) = (header::point_byte(step.node.mv.from), header::point_byte(step.node.mv.to));
        push(from, to, flags, step.node.comment.as_deref());
    }
    for (index, byte) in stream.iter_mut().enumerate() {
        *byte = byte.wrapping_add(derived.stream[index % 32]);
    }
    bytes.extend_from_slice(&stream);
    bytes
}

/// `record` with a tag in each of XQF's fields.
fn tagged(record: Record) -> Record {
    with_tags(
        record,
        &[
            ("Game", "Chinese Chess"),
            ("Event", "全国象棋个人赛"),
            ("Site", "北京"),
            ("Date", "2001-04-16"),
            ("Red", "许银川"),
            ("Black", "吕钦"),
            ("Title", "中炮对屏风马"),
            ("TimeControl", "90+30"),
            ("RedTime", "1:20"),
            ("BlackTime", "1:25"),
            ("Annotator", "刘殿中"),
            ("Author", "xiangqi-rules"),
        ],
    )
}

#[test]
fn random_trees_round_trip_plain_and_in_every_encrypted_version() {
    let mut random = Random::new(0x5EED);
    for round in 0..60 {
        let record = tagged(random_round(&mut random, round, 30));
        let expected = as_read_from_xqf(record.clone());
        let mut start_only = record.clone();
        start_only.moves.clear();
        assert_eq!((read(&write(&record))), expected, "round {round}");
        assert_eq!((read(&write(&start_only))), as_read_from_xqf(start_only.clone()), "round {round}");
        let version = 11 + (round % 8) as u8;
        let keys: [u8; 13] = core::array::from_fn(|_| random.below(256) as u8);
        assert_eq!((read(&encrypted(&record, version, keys))), expected, "version {version}");
        assert_eq!((read(&encrypted(&start_only, version, keys))), as_read_from_xqf(start_only));
    }
}

#[test]
fn bad_files_are_refused_with_their_offset() {
    let good = write(&Record::new(Position::start()));
    let refusal = |bytes: &[u8]| read_xqf(bytes).unwrap_err().to_string();
    assert_eq!(refusal(b"QX"), "xqf, byte 0 (0x0): the file does not begin with XQ");
    assert_eq!(refusal(b""), "xqf, byte 0 (0x0): the file ends inside the 1024-byte header");
    let mut version = good.clone();
    version[2] = 19;
    assert_eq!(refusal(&version), "xqf, byte 2 (0x2): version 19 is not read here (versions 1 to 18 are)");
    assert_eq!(
        refusal(&good[..HEADER_SIZE - 1]),
        "xqf, byte 1023 (0x3FF): the file ends inside the 1024-byte header"
    );
    let mut crowded = good.clone();
    crowded[POINTS_AT + 1] = crowded[POINTS_AT];
    assert_eq!(refusal(&crowded), "xqf, byte 16 (0x10): piece 2 of 32 stands on a point already taken");
    let mut kingless = good.clone();
    kingless[POINTS_AT + 4] = 0xFF;
    assert!(refusal(&kingless).starts_with("xqf, byte 16 (0x10): the start position is not legal: "));
}

#[test]
fn a_bad_move_keeps_the_moves_before_it() {
    let mut record = Record::new(Position::start());
    record.moves = ["h2e2", "h9g7", "h0g2"].map(|text| Node::new(mv(text))).into();
    record.moves[1].comment = Some("before".into());
    let mut bytes = write(&record);
    // The third move record (after the start record and two moves) begins at 0x400 + 3·8 + comment.
    let third = STREAM_START + 8 + 8 + 8 + "before".len();
    bytes[third] = header::point_byte(Square::from_coords(4, 4).unwrap()) + 0x18; // e4: empty
    let broken = single_game(read_xqf(&bytes)).unwrap().unwrap_err();
    assert_eq!(broken.error.at, Location::Byte(third));
    assert_eq!(
        broken.error.to_string(),
        format!("xqf, byte {third} (0x{third:X}): the move e4g2 cannot be played: no piece stands on e4")
    );
    let partial = broken.partial.expect("the moves before");
    assert_eq!(partial.main_line(), [mv("h2e2"), mv("h9g7")]);
    assert_eq!(partial.moves[1].comment.as_deref(), Some("before"));
    // A point byte that names no point.
    bytes[third] = 0x18 + 95;
    let broken = single_game(read_xqf(&bytes)).unwrap().unwrap_err();
    assert_eq!(broken.error.kind, ReadErrorKind::BadSquare { value: 95 });
    // Cut inside the last record, or inside a comment.
    let whole = write(&record);
    let broken = single_game(read_xqf(&whole[..whole.len() - 3])).unwrap().unwrap_err();
    assert_eq!(broken.error.kind, ReadErrorKind::Truncated { part: "a comment length" });
    let broken = single_game(read_xqf(&whole[..whole.len() - 6])).unwrap().unwrap_err();
    assert_eq!(broken.error.kind, ReadErrorKind::Truncated { part: "a move record" });
    assert_eq!(broken.partial.unwrap().main_line().len(), 2);
    let cut = STREAM_START + 8 + 8 + 8 + 2;
    let broken = single_game(read_xqf(&whole[..cut])).unwrap().unwrap_err();
    assert_eq!(broken.error.at, Location::Byte(STREAM_START + 8 + 8 + 4));
    assert_eq!(broken.error.kind, ReadErrorKind::BadNumber { what: "comment length here", value: 6 });
}

#[test]
fn a_bad_move_in_a_variation_cuts_the_variation_only() {
    let mut record = Record::new(Position::start());
    record.moves = ["h2e2", "h9g7", "h0g2"].map(|text| Node::new(mv(text))).into();
    record.moves[1].variations =
        vec![vec![Node::new(mv("b9c7")), Node::new(mv("b0c2"))], vec![Node::new(mv("c6c5"))]];
    // In file order: the start, h2e2, h9g7, h0g2, b9c7, b0c2, c6c5; eight bytes each.
    let record_at = |index: usize| STREAM_START + 8 * index;
    let empty_e4 = header::point_byte(Square::from_coords(4, 4).unwrap()) + 0x18;
    let whole = write(&record);

    // The variation's second move: its first move stays.
    let mut bytes = whole.clone();
    bytes[record_at(5)] = empty_e4;
    let read_back = read(&bytes);
    assert_eq!(read_back.main_line(), record.main_line(), "the main line is whole");
    assert_eq!(read_back.moves[1].variations, [vec![Node::new(mv("b9c7"))], vec![Node::new(mv("c6c5"))]]);
    let file = crate::record::read(&bytes).unwrap();
    assert_eq!(file.games[0].as_ref().unwrap(), &read_back);
    let [cut] = file.cut_variations.as_slice() else { panic!("one cut: {:?}", file.cut_variations) };
    assert_eq!((cut.game, cut.error.at), (0, Location::Byte(record_at(5))));
    assert_eq!(
        cut.to_string(),
        format!(
            "xqf, byte {0} (0x{0:X}): a variation is cut at its bad move, the rest of it left out: \
             the move e4c2 cannot be played: no piece stands on e4",
            record_at(5)
        )
    );

    // The variation's first move: all of it goes, the next alternative stays.
    let mut bytes = whole.clone();
    bytes[record_at(4)] = empty_e4;
    assert_eq!(read(&bytes).moves[1].variations, [vec![Node::new(mv("c6c5"))]]);
    // A point byte that names no point cuts the same way.
    bytes[record_at(4)] = 0x18 + 95;
    let file = crate::record::read(&bytes).unwrap();
    assert_eq!(file.cut_variations[0].error.kind, ReadErrorKind::BadSquare { value: 95 });
    assert_eq!(file.games[0].as_ref().unwrap().moves[1].variations, [vec![Node::new(mv("c6c5"))]]);
    // Whole, nothing is cut.
    assert_eq!(crate::record::read(&whole).unwrap().cut_variations, []);
}

#[test]
fn no_input_makes_the_reader_panic() {
    let mut random = Random::new(7);
    let mut record = tagged(random_record(&mut random, Position::start(), 25));
    record.comment = Some("开局".into());
    let plain = write(&record);
    let secret = encrypted(&record, 18, core::array::from_fn(|_| random.below(256) as u8));
    let damage = Damage { cut_every: 1, copies: 3000, most: 4, from: 0, with: &EVERY_BYTE };
    for bytes in [&plain, &secret] {
        feed_cut_and_damaged(bytes, &mut random, &damage, |bytes| {
            if let Ok(Err(broken)) = single_game(read_xqf(bytes)) {
                let _ = broken.to_string();
            }
        });
    }
}

#[test]
fn the_game_tag_is_kept_in_the_reserved_bytes_at_0x90() {
    let mut record = Record::new(Position::start());
    record.set_tag("Game", "Chinese Chess");
    record.set_tag("Title", "中炮对屏风马");
    let bytes = write(&record);
    // A text field like the others: a length byte, then the text.
    assert_eq!(&bytes[0x90..0x90 + 14], b"\x0dChinese Chess");
    assert!(bytes[0x90 + 14..0xD0].iter().all(|&byte| byte == 0));
    assert_eq!(read(&bytes).tag("Game"), Some("Chinese Chess"));
    assert_eq!(read(&bytes), as_read_from_xqf(record));
    // Zeros there, as XQF 1.0 writes them: no Game tag.
    assert_eq!(read(&published_example()).tag("Game"), None);
}

#[test]
fn fields_fit_their_sizes() {
    let mut record = Record::new(Position::start());
    record.set_tag("Red", "A name far longer than the sixteen bytes XQF gives it");
    let bytes = write(&record);
    let (_, offset, size) = FIELDS.iter().copied().find(|(tag, _, _)| *tag == "Red").unwrap();
    assert_eq!(usize::from(bytes[offset]), size - 1);
    assert_eq!(read(&bytes).tag("Red"), Some("A name far long"));
}
