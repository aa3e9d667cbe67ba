//! Telling UTF-8, GBK and Big5 apart, on records written here and encoded
//! with encoding_rs, and refusing bytes that are no text.

use super::score::{SCORED_BYTES, Score, score, scored_lines};
use super::*;

/// `text` encoded in `encoding`, every character of it encodable there.
fn encoded(text: &str, encoding: TextEncoding) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding.legacy().expect("a legacy encoding").encode(text);
    assert!(!unmappable, "{text:?} is not all {encoding}");
    assert!(std::str::from_utf8(&bytes).is_err(), "{encoding} bytes that are also UTF-8: {text:?}");
    bytes.into_owned()
}

/// The scores of `bytes` in the three encodings, for the test's message.
fn scores(bytes: &[u8]) -> String {
    TextEncoding::DETECTED
        .iter()
        .map(|&encoding| format!("{encoding}: {:?}", score(bytes, encoding)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Decodes `text` written in `encoding` and checks it comes back whole, detected as `encoding`.
fn round_trip(text: &str, encoding: TextEncoding) {
    let bytes = encoded(text, encoding);
    let decoded = decode(&bytes).unwrap();
    assert_eq!(decoded.encoding, encoding, "{text:?}: {}", scores(&bytes));
    assert_eq!((decoded.text.as_ref(), decoded.invalid, decoded.decided_by), (text, 0, DecidedBy::Decoding));
}

/// A GBK record as xqbase-style files are laid out: simplified names and
/// moves, black's numbers in full-width digits, a footer.
const SIMPLIFIED: &str = "[Game \"Chinese Chess\"]\r\n[Event \"全国象棋个人赛\"]\r\n[Red \"王天一\"]\r\n\
    [Black \"郑惟桐\"]\r\n[Result \"1-0\"]\r\n  1. 炮二平五 马８进７\r\n  2. 马二进三 车９平８\r\n\
    {红方先手，双方布局。}\r\n  3. 车一平二 卒７进１\r\n 1-0\r\n============================\r\n\
     欢迎访问本站棋谱库 \r\n";

/// A traditional-Chinese record: traditional characters throughout, as Big5 holds them.
const TRADITIONAL: &str = "[Game \"Chinese Chess\"]\n[Event \"香港象棋公開賽\"]\n[Red \"趙國榮\"]\n\
    [Black \"呂欽\"]\n[Result \"0-1\"]\n1. 炮二平五 馬８進７\n2. 傌二進三 車９平８\n\
    {紅方先手，黑方應以屏風馬。}\n3. 車一平二 卒７進１ 0-1\n";

#[test]
fn records_in_chinese_notation_read_in_their_own_encoding() {
    round_trip(SIMPLIFIED, TextEncoding::Gbk);
    round_trip(TRADITIONAL, TextEncoding::Big5);
    // A traditional record in GBK (which holds traditional characters too) is GBK.
    round_trip(TRADITIONAL, TextEncoding::Gbk);
}

#[test]
fn moves_decide_first() {
    let gbk = encoded(SIMPLIFIED, TextEncoding::Gbk);
    let (as_gbk, as_big5) = (score(&gbk, TextEncoding::Gbk), score(&gbk, TextEncoding::Big5));
    assert_eq!(as_gbk.moves, 6);
    assert_eq!(as_big5.moves, 0, "{}", scores(&gbk));
    let big5 = encoded(TRADITIONAL, TextEncoding::Big5);
    assert_eq!(score(&big5, TextEncoding::Big5).moves, 6);
    assert_eq!(score(&big5, TextEncoding::Gbk).moves, 0, "{}", scores(&big5));
}

#[test]
fn ascii_moves_leave_it_to_the_names() {
    // WXF and ICCS moves are the same bytes in every encoding: the names and comments decide.
    round_trip(
        "[Red \"王天一\"]\n[Black \"郑惟桐\"]\n[Format \"WXF\"]\n1. C2.5 H8+7 2. H2+3 R9.8 *\n",
        TextEncoding::Gbk,
    );
    round_trip(
        "[Red \"趙國榮\"]\n[Black \"呂欽\"]\n[Format \"ICCS\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n",
        TextEncoding::Big5,
    );
    round_trip("[Event \"許銀川對胡榮華\"]\n1. h2e2 h9g7 *\n", TextEncoding::Big5);
    round_trip("[Event \"许银川对胡荣华\"]\n1. h2e2 h9g7 *\n", TextEncoding::Gbk);
    // Full-width WXF: GBK's full-width forms are not Big5's.
    round_trip("[Red \"王天一\"]\n１．Ｃ２＝５ Ｈ８＋７ *\n", TextEncoding::Gbk);
    round_trip("[Red \"趙國榮\"]\n１．Ｃ２＝５ Ｈ８＋７ *\n", TextEncoding::Big5);
}

#[test]
fn a_name_of_three_characters_is_enough() {
    for (simplified, traditional) in
        [("胡荣华", "胡榮華"), ("吕钦", "呂欽"), ("赵国荣", "趙國榮"), ("许银川", "許銀川")]
    {
        round_trip(&format!("[Red \"{simplified}\"]\n1. h2e2 *\n"), TextEncoding::Gbk);
        round_trip(&format!("[Red \"{traditional}\"]\n1. h2e2 *\n"), TextEncoding::Big5);
    }
}

#[test]
fn utf8_with_a_bad_byte_stays_utf8() {
    let mut bytes = "[Red \"王天一\"]\n1. 炮二平五 马８进７ 2. 马二进三 *\n".as_bytes().to_vec();
    bytes.insert(5, 0xFF);
    let decoded = decode(&bytes).unwrap();
    assert_eq!((decoded.encoding, decoded.invalid), (TextEncoding::Utf8, 1), "{}", scores(&bytes));
    assert!(decoded.text.starts_with("[Red \u{FFFD}\"王天一\"]"));
}

#[test]
fn utf8_is_borrowed_and_a_byte_order_mark_dropped() {
    let text = "[Red \"许银川\"]\n1. 炮二平五 马８进７ *\n";
    let decoded = decode(text.as_bytes()).unwrap();
    assert!(matches!(decoded.text, Cow::Borrowed(_)));
    assert_eq!((decoded.text.as_ref(), decoded.encoding, decoded.invalid), (text, TextEncoding::Utf8, 0));
    let with_bom = [UTF8_BOM, text.as_bytes()].concat();
    let decoded = decode(&with_bom).unwrap();
    assert_eq!((decoded.text.as_ref(), decoded.decided_by), (text, DecidedBy::ByteOrderMark));
    assert_eq!(decode(b"").unwrap().text, "");
}

#[test]
fn utf16_is_read_by_its_byte_order_mark() {
    let text = "[Red \"许银川\"]\n1. 炮二平五 *\n";
    let little: Vec<u8> =
        [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let big: Vec<u8> =
        [0xFE, 0xFF].into_iter().chain(text.encode_utf16().flat_map(u16::to_be_bytes)).collect();
    for (bytes, encoding) in [(little, TextEncoding::Utf16Le), (big, TextEncoding::Utf16Be)] {
        let decoded = decode(&bytes).unwrap();
        assert_eq!((decoded.text.as_ref(), decoded.encoding), (text, encoding));
        assert_eq!(decoded.decided_by, DecidedBy::ByteOrderMark);
    }
}

#[test]
fn a_given_encoding_is_used_however_it_reads() {
    let gbk = encoded(SIMPLIFIED, TextEncoding::Gbk);
    let forced = decode_as(&gbk, TextEncoding::Big5).unwrap();
    assert_eq!((forced.encoding, forced.decided_by), (TextEncoding::Big5, DecidedBy::Caller));
    assert_ne!(forced.text, SIMPLIFIED);
    assert!(forced.invalid > 0, "GBK's full-width digits are no Big5");
    assert_eq!(decode_as(&gbk, TextEncoding::Gbk).unwrap().text, SIMPLIFIED);
    assert_eq!(decode_as(&[b'h', 0xFF, b'2'], TextEncoding::Utf8).unwrap().text, "h\u{FFFD}2");
    // A GBK byte that begins a pair the text ends before.
    let cut = decode_as(&[b'h', 0xC5], TextEncoding::Gbk).unwrap();
    assert_eq!((cut.text.as_ref(), cut.invalid), ("h\u{FFFD}", 1));
}

#[test]
fn bytes_that_are_no_text_say_so() {
    // The start of a binary record: a magic number, then NUL bytes.
    let binary = b"XQ\x0a\x00\x00\x01\x02\x03\x04";
    assert_eq!(decode(binary), Err(NotText::NulByte { offset: 3 }));
    assert_eq!(decode_as(binary, TextEncoding::Gbk), Err(NotText::NulByte { offset: 3 }));
    // No NUL, but control characters in every few bytes.
    let controls: Vec<u8> = (0..200u8).map(|byte| if byte % 10 == 0 { 0x01 } else { b'a' }).collect();
    let error = decode(&controls).unwrap_err();
    assert_eq!(error, NotText::ControlCharacters { count: 20, of: 200 });
    assert_eq!(error.to_string(), "not text: 20 of its 200 characters are control characters");
    assert_eq!(decode(b"\0").unwrap_err().to_string(), "not text: it holds a NUL byte (at byte offset 0)");
    // One stray control in a record is text; so are tabs, CRs, form feeds and a DOS end mark.
    let mut record = "1. h2e2 h9g7 *\n".repeat(10).into_bytes();
    record.push(0x07);
    assert!(decode(&record).is_ok());
    assert!(decode(b"1.\th2e2\r\n\x0c*\x1a").is_ok());
    // UTF-16 holds NUL bytes; its characters are looked at instead.
    let utf16_controls: Vec<u8> = [0xFF, 0xFE].into_iter().chain([1u8, 0].repeat(10)).collect();
    assert_eq!(decode(&utf16_controls), Err(NotText::ControlCharacters { count: 10, of: 10 }));
    assert_eq!(decode(&[0xFF, 0xFE, 0, 0]), Err(NotText::NulByte { offset: 0 }));
}

#[test]
fn names_read_and_write() {
    for encoding in [
        TextEncoding::Utf8,
        TextEncoding::Gbk,
        TextEncoding::Big5,
        TextEncoding::Utf16Le,
        TextEncoding::Utf16Be,
    ] {
        assert_eq!(encoding.to_string().parse::<TextEncoding>(), Ok(encoding));
    }
    assert_eq!("gb18030".parse::<TextEncoding>(), Ok(TextEncoding::Gbk));
    assert_eq!("BIG5-HKSCS".parse::<TextEncoding>(), Ok(TextEncoding::Big5));
    assert_eq!(
        "latin1".parse::<TextEncoding>().unwrap_err().to_string(),
        "'latin1' is not an encoding read here: expected utf-8, gbk, big5, utf-16le or utf-16be"
    );
}

#[test]
fn only_lines_that_are_not_ascii_are_scored_a_megabyte_of_them() {
    // A megabyte of ASCII moves, then a name in Big5: the name decides.
    let ascii = "1. h2e2 h9g7 *\n".repeat(SCORED_BYTES / 15 + 10);
    let mut bytes = ascii.clone().into_bytes();
    bytes.extend(encoded("[Red \"趙國榮\"]\n", TextEncoding::Big5));
    assert_eq!(scored_lines(&bytes), encoded("[Red \"趙國榮\"]\n", TextEncoding::Big5));
    assert_eq!(decode(&bytes).unwrap().encoding, TextEncoding::Big5);
    // More than a megabyte of GBK lines, then Big5: what is scored is GBK.
    let gbk_line = encoded("[Red \"王天一\"] {红方先手}\n", TextEncoding::Gbk);
    let mut bytes = gbk_line.repeat(SCORED_BYTES / gbk_line.len() + 10);
    bytes.extend(encoded("[Red \"趙國榮\"]\n", TextEncoding::Big5));
    let sample = scored_lines(&bytes);
    assert_eq!(sample.len(), SCORED_BYTES);
    assert!(sample.starts_with(&gbk_line));
    assert_eq!(decode(&bytes).unwrap().encoding, TextEncoding::Gbk);
}

/// The scores of each test text in UTF-8, GBK and Big5, as `moves/suspect/common`:
/// words that are moves, suspect characters, common two-byte characters in a thousand.
#[test]
fn the_scores_of_the_test_texts() {
    use TextEncoding::{Big5, Gbk};
    let tags =
        |red: &str, black: &str, moves: &str| format!("[Red \"{red}\"]\n[Black \"{black}\"]\n{moves}\n");
    let cases = [
        ("simplified, Chinese moves", SIMPLIFIED.to_string(), Gbk, "0/71/1000 6/0/1000 0/2/535"),
        ("traditional, Chinese moves", TRADITIONAL.to_string(), Big5, "0/68/1000 0/17/326 6/0/979"),
        ("traditional in GBK", TRADITIONAL.to_string(), Gbk, "0/56/1000 6/0/632 0/6/413"),
        ("WXF, simplified", tags("王天一", "郑惟桐", "1. C2.5 H8+7 *"), Gbk, "0/4/1000 0/0/1000 0/0/0"),
        ("ICCS, traditional", tags("趙國榮", "呂欽", "1. h2e2 h9g7 *"), Big5, "0/7/1000 0/1/600 0/0/1000"),
        ("full-width", tags("王天一", "郑惟桐", "１．Ｃ２＝５ Ｈ８＋７"), Gbk, "0/20/1000 2/0/1000 0/0/500"),
        ("full-width", tags("趙國榮", "呂欽", "１．Ｃ２＝５ Ｈ８＋７"), Big5, "0/18/1000 0/3/800 2/0/1000"),
        ("one name", tags("胡荣华", "", "1. h2e2"), Gbk, "0/4/1000 0/0/1000 0/0/666"),
        ("one name", tags("胡榮華", "", "1. h2e2"), Big5, "0/4/1000 0/0/333 0/0/1000"),
        ("two characters", tags("吕钦", "", "1. h2e2"), Gbk, "0/4/1000 0/0/1000 0/0/500"),
        ("two characters", tags("呂欽", "", "1. h2e2"), Big5, "0/3/1000 0/1/500 0/0/1000"),
    ];
    for (what, text, encoding, expected) in cases {
        let sample = scored_lines(&encoded(&text, encoding));
        let found: Vec<String> = TextEncoding::DETECTED
            .iter()
            .map(|&candidate| {
                let Score { moves, suspect, common_per_mille } = score(&sample, candidate);
                format!("{moves}/{suspect}/{common_per_mille}")
            })
            .collect();
        assert_eq!(found.join(" "), expected, "{what} in {encoding}");
        assert_eq!(decode(&encoded(&text, encoding)).unwrap().encoding, encoding, "{what} in {encoding}");
    }
}

#[test]
fn the_byte_test_for_stray_controls_says_what_the_character_test_says() {
    for byte in 0..=u8::MAX {
        let as_character = byte.is_ascii() && is_stray_control(char::from(byte));
        assert_eq!(is_stray_control_byte(byte), as_character, "{byte:#04x}");
    }
}
