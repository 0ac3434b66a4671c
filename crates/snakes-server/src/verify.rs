//! Checking a finished game's dice: `snakes verify` reads a game's record
//! (`GET /api/tables/{id}/record`) and recomputes every roll from the key the server revealed.
//!
//! The server announced SHA-256 of the key before the first roll (the `started` event, and the
//! table's view from its creation); the key, revealed at the end, must hash to it, and ChaCha20
//! from that key must give the first player and every roll of the log, and the rules every move.

use std::sync::Arc;

use snakes::{Event, Game, Rules};

use crate::protocol::{GameRecord, Lifecycle, TableEvent};
use crate::secret::{CHACHA20, DiceSource, commitment_of, unhex};

/// What a verified game showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Rolls recomputed.
    pub rolls: usize,
    /// The commitment they were checked against.
    pub commitment: String,
}

/// Why a record does not verify.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The game's dice were not committed to (a game made before the dice could be verified).
    #[error(
        "table {table}'s dice ({algorithm}) were not committed to before the game: they cannot be verified"
    )]
    NotCommitted {
        /// The table.
        table: u64,
        /// The dice's algorithm.
        algorithm: String,
    },
    /// The key is not revealed yet.
    #[error("table {table}'s game is not over: its key is revealed when it ends")]
    NotOver {
        /// The table.
        table: u64,
    },
    /// The key is not 64 hex digits.
    #[error("the key {key:?} is not 64 hex digits")]
    BadKey {
        /// The key.
        key: String,
    },
    /// The key does not hash to the commitment.
    #[error(
        "the key does not match the commitment: SHA-256 of the key is {hashed}, the commitment announced was {commitment}"
    )]
    KeyMismatch {
        /// SHA-256 of the key.
        hashed: String,
        /// The commitment.
        commitment: String,
    },
    /// The commitment in the `started` event is not the record's.
    #[error("the commitment announced at the start ({announced}) is not the record's ({record})")]
    CommitmentChanged {
        /// In the `started` event.
        announced: String,
        /// In the record.
        record: String,
    },
    /// The board or rules cannot be read.
    #[error("the record's {what} cannot be read: {message}")]
    Setup {
        /// `board` or `rules`.
        what: &'static str,
        /// Why.
        message: String,
    },
    /// The record has no `started` event.
    #[error("the record has no start of a game")]
    NotStarted,
    /// The first player is not the one the dice draw.
    #[error("the dice draw player {drawn} to go first, the record says {logged}")]
    FirstPlayer {
        /// By the dice.
        drawn: usize,
        /// In the record.
        logged: usize,
    },
    /// A roll differs.
    #[error(
        "roll {number} (event {seq}) differs: the record says player {player} rolled {logged}, the dice give {dice}"
    )]
    Roll {
        /// Which roll, from 1.
        number: usize,
        /// The event's seq.
        seq: u64,
        /// Who rolled.
        player: usize,
        /// In the record.
        logged: u8,
        /// By the dice.
        dice: u8,
    },
    /// A move is not what the rules make of the roll before it.
    #[error(
        "event {seq} is not what the rules make of roll {number}: the record says {logged:?}, the rules give {expected:?}"
    )]
    Move {
        /// The event's seq.
        seq: u64,
        /// The roll it follows, from 1.
        number: usize,
        /// In the record.
        logged: Event,
        /// By the rules.
        expected: Option<Event>,
    },
}

/// Checks a game's record: the key hashes to the commitment, and ChaCha20 from the key gives the
/// first player and every roll, the rules every move.
///
/// # Errors
/// The first problem found, as a [`VerifyError`] that names the roll or event.
pub fn verify(record: &GameRecord) -> Result<Verified, VerifyError> {
    let dice = &record.dice;
    let commitment = match (&dice.commitment, dice.algorithm.as_str()) {
        (Some(c), CHACHA20) => c.clone(),
        _ => {
            return Err(VerifyError::NotCommitted {
                table: record.table,
                algorithm: dice.algorithm.clone(),
            });
        }
    };
    let Some(key_hex) = &dice.key else {
        return Err(VerifyError::NotOver {
            table: record.table,
        });
    };
    let key = unhex::<32>(key_hex).ok_or_else(|| VerifyError::BadKey {
        key: key_hex.clone(),
    })?;
    let hashed = commitment_of(&key);
    if hashed != commitment.to_ascii_lowercase() {
        return Err(VerifyError::KeyMismatch { hashed, commitment });
    }
    let board = record.board.to_board().map_err(|e| VerifyError::Setup {
        what: "board",
        message: e.to_string(),
    })?;
    let rules: Rules =
        record
            .rules
            .parse()
            .map_err(|e: snakes::RulesError| VerifyError::Setup {
                what: "rules",
                message: e.to_string(),
            })?;
    let mut game = None;
    let mut rolls = 0;
    let mut following: std::collections::VecDeque<Event> = Default::default();
    for logged in &record.events {
        match &logged.event {
            TableEvent::Table(Lifecycle::Started {
                players,
                first,
                commitment: announced,
            }) => {
                if let Some(a) = announced
                    && *a != commitment
                {
                    return Err(VerifyError::CommitmentChanged {
                        announced: a.clone(),
                        record: commitment,
                    });
                }
                let g = Game::with_dice(
                    Arc::new(board.clone()),
                    rules,
                    players.len(),
                    DiceSource::Key(key).dice(),
                )
                .map_err(|e| VerifyError::Setup {
                    what: "board",
                    message: e.to_string(),
                })?;
                if g.state().first() != *first {
                    return Err(VerifyError::FirstPlayer {
                        drawn: g.state().first(),
                        logged: *first,
                    });
                }
                game = Some(g);
            }
            TableEvent::Game(event @ Event::Rolled { player, roll }) => {
                let g = game.as_mut().ok_or(VerifyError::NotStarted)?;
                if let Some(&expected) = following.front() {
                    return Err(VerifyError::Move {
                        seq: logged.seq,
                        number: rolls,
                        logged: *event,
                        expected: Some(expected),
                    });
                }
                rolls += 1;
                let dice = g.next_roll().unwrap_or(0);
                if dice != *roll {
                    return Err(VerifyError::Roll {
                        number: rolls,
                        seq: logged.seq,
                        player: *player,
                        logged: *roll,
                        dice,
                    });
                }
                let moves = g.roll().map_err(|_| VerifyError::Move {
                    seq: logged.seq,
                    number: rolls,
                    logged: *event,
                    expected: None,
                })?;
                following = moves.into_iter().skip(1).collect();
            }
            TableEvent::Game(event) => {
                let expected = following.pop_front();
                if expected != Some(*event) {
                    return Err(VerifyError::Move {
                        seq: logged.seq,
                        number: rolls,
                        logged: *event,
                        expected,
                    });
                }
            }
            TableEvent::Table(_) => {}
        }
    }
    if game.is_none() {
        return Err(VerifyError::NotStarted);
    }
    Ok(Verified { rolls, commitment })
}
