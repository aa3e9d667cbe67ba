//! The vocabulary through serde: every value round-trips, is written as
//! people write it, and what is not one is refused.
#![cfg(feature = "serde")]

use board_geometry::{EightByEight, File, HashKey, NineByTen, Rank, Square};

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

fn read<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|error| error.to_string())
}

#[test]
fn squares_are_their_names() {
    for square in Square::<NineByTen>::all() {
        assert_eq!(json(&square), format!("\"{square}\""));
        assert_eq!(read::<Square<NineByTen>>(&json(&square)), Ok(square));
    }
    for square in Square::<EightByEight>::all() {
        assert_eq!(read::<Square<EightByEight>>(&json(&square)), Ok(square));
    }
    assert_eq!(json(&"a1".parse::<Square<EightByEight>>().unwrap()), "\"a1\"");
    for bad in ["\"j9\"", "\"e10\"", "\"\"", "4", "\"e 0\""] {
        assert!(read::<Square<NineByTen>>(bad).is_err(), "{bad}");
    }
    assert!(read::<Square<EightByEight>>("\"a0\"").is_err(), "the 8 x 8 board counts ranks from 1");
}

#[test]
fn files_are_letters_and_ranks_numbers() {
    for file in File::<NineByTen>::all() {
        assert_eq!(json(&file), format!("\"{}\"", file.letter()));
        assert_eq!(read::<File<NineByTen>>(&json(&file)), Ok(file));
    }
    for rank in Rank::<EightByEight>::all() {
        assert_eq!(json(&rank), rank.number().to_string());
        assert_eq!(read::<Rank<EightByEight>>(&json(&rank)), Ok(rank));
    }
    assert_eq!(json(&Rank::<NineByTen>::new(0).unwrap()), "0");
    for bad in ["\"j\"", "\"A\"", "\"ab\"", "\"\"", "1"] {
        assert!(read::<File<NineByTen>>(bad).is_err(), "{bad}");
    }
    assert_eq!(
        read::<Rank<EightByEight>>("9").unwrap_err(),
        "invalid value: integer `9`, expected a rank, 1 to 8"
    );
    assert!(read::<Rank<NineByTen>>("-1").is_err());
}

#[test]
fn hash_keys_are_their_hex_digits_where_people_read_them() {
    for bits in [0, 0xab, 0xc632_c9d2_0f54_1807, u64::MAX] {
        let key = HashKey::from_u64(bits);
        assert_eq!(json(&key), format!("\"{key}\""));
        assert_eq!(read::<HashKey>(&json(&key)), Ok(key));
    }
    for bad in ["\"ab\"", "\"+00000000000000a\"", "\"000000000000000g\"", "\"00000000000000000\"", "171"] {
        assert!(read::<HashKey>(bad).is_err(), "{bad}");
    }
}
