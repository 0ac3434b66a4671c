//! The save file of a terminal game: everything needed to continue it exactly.
//!
//! JSON, written after every roll: the board (as a layout) and its name, the rules (canonical
//! text), the players (names and whether each is a bot), the seed, the first player, and the
//! rolls so far. Resuming starts the seeded game again and draws the saved rolls from the same stream,
//! checking each one, so a resumed game goes on with exactly the rolls an uninterrupted one
//! would have had.

use std::fs;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use snakes::{Board, Format, Game, Player, Rules};

use crate::input::io_reason;
use crate::user_error;
use crate::words::{catalogue, say};
use snakes_text::errors::{board_error, rules_error};

/// What this file is, so that another JSON file is not mistaken for a game.
const KIND: &str = "snakes-play";
/// The version of the layout of the file.
const VERSION: u32 = 1;

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A person at the keyboard.
    Human,
    /// The program rolls for this seat.
    Bot,
}

/// One seat of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Display name.
    pub name: String,
    /// Human or bot.
    pub kind: Kind,
}

/// The file's contents.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always `snakes-play`.
    pub kind: String,
    /// Always 1.
    pub version: u32,
    /// The board as a layout (`rows`, `cols`, `ladders`, `snakes`).
    pub board: serde_json::Value,
    /// The board's name as the game said it (`classic`, a file's path); absent in files
    /// written before it was kept, whose board is then said without a name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_name: Option<String>,
    /// The rules in canonical text.
    pub rules: String,
    /// The seats in order.
    pub players: Vec<Seat>,
    /// The seed of the dice.
    pub seed: u64,
    /// Who rolled first.
    pub first: Player,
    /// Every roll so far.
    pub rolls: Vec<u8>,
}

impl SavedGame {
    /// The save of `game`, played by `seats`, seeded with `seed`, on the board called
    /// `board_name`.
    pub fn of(
        game: &Game,
        seats: &[Seat],
        seed: u64,
        board_name: Option<&str>,
    ) -> anyhow::Result<SavedGame> {
        let board: serde_json::Value =
            serde_json::from_str(&game.state().board().to_layout_json())?;
        Ok(SavedGame {
            kind: KIND.to_string(),
            version: VERSION,
            board,
            board_name: board_name.map(String::from),
            rules: game.state().rules().to_string(),
            players: seats.to_vec(),
            seed,
            first: game.state().first(),
            rolls: game.rolls().to_vec(),
        })
    }

    /// Writes the save to `path`, through a temporary file renamed over it, so that a game
    /// stopped while saving still has its previous save.
    pub fn write(&self, path: &Path) -> anyhow::Result<()> {
        // The rename would replace a device or a pipe (`--save /dev/null` run as root
        // would put a file in place of /dev/null): only a regular file is saved over.
        if fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(user_error(say!(
                "save-not-a-file",
                path = path.display().to_string()
            )));
        }
        let text = serde_json::to_string(self)? + "\n";
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        fs::write(&tmp, text)
            .and_then(|()| fs::rename(&tmp, path))
            .map_err(|e| {
                let (reason, detail) = io_reason(&e, path);
                user_error(say!(
                    "save-cannot-write",
                    path = path.display().to_string(),
                    reason = reason,
                    detail = detail
                ))
            })
    }

    /// Reads a save from `path`.
    pub fn read(path: &Path) -> anyhow::Result<SavedGame> {
        // Capped like a board file: `--resume /dev/zero` must not fill the memory.
        let text = crate::input::read_text(Some(path))?;
        let saved: SavedGame = serde_json::from_str(&text).map_err(|e| {
            user_error(say!(
                "save-not-a-game",
                path = path.display().to_string(),
                detail = e.to_string()
            ))
        })?;
        if saved.kind != KIND || saved.version != VERSION {
            return Err(user_error(say!(
                "save-wrong-version",
                path = path.display().to_string(),
                kind = format!("{:?}", saved.kind),
                version = saved.version,
                expected_kind = format!("{KIND:?}"),
                expected_version = VERSION
            )));
        }
        Ok(saved)
    }

    /// The game this save holds, at the point it was saved, with its dice ready to go on.
    ///
    /// # Errors
    /// A user error naming the file and what in it is wrong: the board, the rules, the players,
    /// or a roll that the seed does not give (a file changed by hand).
    pub fn restore(&self, path: &Path) -> anyhow::Result<Game> {
        let bad = |what: String| {
            user_error(say!(
                "input-in-file",
                file = path.display().to_string(),
                message = what
            ))
        };
        let board = Board::parse_as(&self.board.to_string(), Format::LayoutJson).map_err(|e| {
            bad(say!(
                "save-bad-board",
                message = board_error(catalogue(), &e)
            ))
        })?;
        let rules: Rules = self.rules.parse().map_err(|e| {
            bad(say!(
                "save-bad-rules",
                message = rules_error(catalogue(), &e)
            ))
        })?;
        let mut game = Game::new(Arc::new(board), rules, self.players.len(), self.seed)
            .map_err(|e| bad(super::setup_error(&e)))?;
        if game.state().first() != self.first {
            return Err(bad(say!(
                "save-first-changed",
                seed = self.seed.to_string(),
                drawn = game.state().first() + 1,
                saved = self.first + 1
            )));
        }
        for (index, &saved) in self.rolls.iter().enumerate() {
            // A roll refused is one after the end of the game.
            game.roll()
                .map_err(|_| bad(say!("save-roll-after-end", number = index + 1)))?;
            let drawn = game.rolls()[index];
            if drawn != saved {
                return Err(bad(say!(
                    "save-roll-changed",
                    number = index + 1,
                    saved = saved,
                    seed = self.seed.to_string(),
                    drawn = drawn
                )));
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> Vec<Seat> {
        vec![
            Seat {
                name: "Ana".into(),
                kind: Kind::Human,
            },
            Seat {
                name: "Bot 1".into(),
                kind: Kind::Bot,
            },
        ]
    }

    #[test]
    fn a_restored_game_goes_on_like_the_original() {
        let rules: Rules = "six=roll-again,collision=bump".parse().unwrap();
        let mut game = Game::new(Arc::new(Board::classic()), rules, 2, 77).unwrap();
        for _ in 0..15 {
            game.roll().unwrap();
        }
        let saved = SavedGame::of(&game, &seats(), 77, Some("classic")).unwrap();
        let text = serde_json::to_string(&saved).unwrap();
        let back: SavedGame = serde_json::from_str(&text).unwrap();
        assert_eq!(back.board_name.as_deref(), Some("classic"));
        let mut resumed = back.restore(Path::new("game.json")).unwrap();
        assert_eq!(resumed.state(), game.state());
        let rest_a = game.play_out(10_000);
        let rest_b = resumed.play_out(10_000);
        assert_eq!(rest_a, rest_b);
        assert_eq!(resumed.rolls(), game.rolls());
    }

    #[test]
    fn a_changed_roll_is_named() {
        let mut game = Game::new(Arc::new(Board::classic()), Rules::STANDARD, 2, 5).unwrap();
        for _ in 0..4 {
            game.roll().unwrap();
        }
        let mut saved = SavedGame::of(&game, &seats(), 5, None).unwrap();
        saved.rolls[2] = saved.rolls[2] % 6 + 1;
        let err = saved.restore(Path::new("g.json")).unwrap_err().to_string();
        assert!(err.starts_with("g.json: roll 3 is "), "{err}");
        assert!(err.ends_with("the file was changed"), "{err}");
    }
}
