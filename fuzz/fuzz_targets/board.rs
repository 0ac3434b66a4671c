//! The board reader as the server uses it: the size found without building the board, then,
//! within the server's limit, the board read and checked. Never a panic; a board that reads
//! has the squares counted before.
#![no_main]

use libfuzzer_sys::fuzz_target;
use snakes::{Board, Format, Rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(squares) = Board::squares_in(text) else {
        // What cannot be counted cannot be read either.
        assert!(
            !matches!(
                Format::detect(text),
                Format::LayoutJson | Format::LayoutToml
            ) || Board::parse(text).is_err()
        );
        return;
    };
    if squares > 10_000 {
        return;
    }
    if let Ok(board) = Board::parse(text) {
        assert_eq!(u64::from(board.last()), squares, "{text:?}");
        for rules in [Rules::STANDARD, "leetcode".parse().expect("a preset")] {
            let _ = snakes::check(&board, &rules);
        }
    }
});
