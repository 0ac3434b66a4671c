//! Counts in words for the command's own reports: "1 game", "2 games".

/// `n` and the noun, singular for exactly one: `count(1, "turn")` is "1 turn", `count(3,
/// "turn")` "3 turns". (Every noun counted here takes an `s`.)
pub fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1, "game"), "1 game");
        assert_eq!(count(0, "game"), "0 games");
        assert_eq!(count(2, "turn"), "2 turns");
    }
}
