//! Moderators, before member accounts exist: a name and a secret key. The operator's
//! `snakes admin grant NAME moderator` makes a key ([`new_key`]), stores only its hash
//! ([`hash_key`]) and prints the key once; whoever types that name and key on the page acts as a
//! moderator ([`key_matches`]). Granting again replaces the key, and revoking takes it away.
//!
//! The operator's functions ([`grant`], [`revoke`], [`list`], [`log`]) work beside running
//! servers, on a SQLite file or a PostgreSQL database (the same `--db` as `snakes serve`), as
//! `snakes tables` does; each change is written to the moderation log as the operator's.

use std::path::Path;

use sha2::{Digest, Sha256};
use snakes_text::Catalogue;

pub use crate::store::LogEntry;
use crate::store::StoreError;
use crate::store::operator::Operated;

/// What every key begins with, so that one found in a file or a message is recognised.
pub const KEY_PREFIX: &str = "snk-mod-";

/// The longest name a moderator may have, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// What the operator may grant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Silences and bans people, lifts sanctions, removes messages, closes tables, handles
    /// reports.
    Moderator,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; 1] = [Role::Moderator];

    /// As it is typed: `moderator`.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Moderator => "moderator",
        }
    }

    /// The role `text` names, if any.
    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

/// Why `snakes admin` could not do it.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// The store could not be opened, read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The name is empty (or only spaces).
    #[error("a moderator's name cannot be empty")]
    EmptyName,
    /// The name is longer than [`MAX_NAME_CHARS`].
    #[error("the name has {chars} characters; a name has at most {MAX_NAME_CHARS}")]
    LongName {
        /// Its length in characters.
        chars: usize,
    },
}

/// A new key: 32 random bytes from the operating system, as lowercase hex after [`KEY_PREFIX`]
/// (`snk-mod-` and 64 hex digits).
///
/// # Panics
/// When the operating system gives no random numbers: a guessable key would be worse.
pub fn new_key() -> String {
    let mut bytes = [0u8; 32];
    if let Err(e) = getrandom::fill(&mut bytes) {
        panic!("the operating system has no random numbers: {e}");
    }
    format!("{KEY_PREFIX}{}", crate::secret::hex(&bytes))
}

/// The hash the store keeps of `key`: its SHA-256, in lowercase hex. A key is 256 random bits,
/// so no slow password hash (bcrypt, Argon2) is needed: nobody can try enough keys against a
/// stolen hash to find one, however fast the hash, while a slow one would only cost the server
/// time at each moderator's sign-in.
pub fn hash_key(key: &str) -> String {
    crate::secret::hex(&Sha256::digest(key.as_bytes()))
}

/// Whether `key` is the one whose hash the store keeps (`stored_hash`, from [`hash_key`]),
/// compared in constant time: every byte of the two hashes is looked at, whatever the first
/// difference, so the time taken tells nothing of the stored hash.
pub fn key_matches(key: &str, stored_hash: &str) -> bool {
    let Some(stored) = crate::secret::unhex::<32>(stored_hash) else {
        return false;
    };
    let given: [u8; 32] = Sha256::digest(key.as_bytes()).into();
    let diff = given
        .iter()
        .zip(&stored)
        .fold(0u8, |acc, (a, b)| acc | (a ^ b));
    std::hint::black_box(diff) == 0
}

/// `name` as a moderator's name, without the spaces around it: refused when empty or longer
/// than [`MAX_NAME_CHARS`].
///
/// # Errors
/// [`AdminError::EmptyName`], [`AdminError::LongName`].
pub fn check_name(name: &str) -> Result<&str, AdminError> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 {
        return Err(AdminError::EmptyName);
    }
    if chars > MAX_NAME_CHARS {
        return Err(AdminError::LongName { chars });
    }
    Ok(name)
}

/// The time now, in milliseconds since the Unix epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Grants `role` to `name` in the store `db` names: a new key, whose hash is stored (replacing
/// any key the name had, letter case aside); the key, to be shown once.
///
/// A SQLite file not there yet is made (a moderator may be granted before the server's first
/// start).
///
/// # Errors
/// A bad name; a store that cannot be opened or written.
pub async fn grant(db: &Path, name: &str, role: Role) -> Result<String, AdminError> {
    let name = check_name(name)?;
    // The one role there is.
    let Role::Moderator = role;
    let store = Operated::open_creating(db).await?;
    let key = new_key();
    store.grant(name, &hash_key(&key), now_ms()).await?;
    tracing::info!(moderator = name, "moderator granted");
    Ok(key)
}

/// Takes `role` away from `name`: its key stops working. False when `name` did not have it.
///
/// # Errors
/// A store that cannot be opened or written.
pub async fn revoke(db: &Path, name: &str, role: Role) -> Result<bool, AdminError> {
    // The one role there is.
    let Role::Moderator = role;
    let store = Operated::open(db).await?;
    Ok(store.revoke(name.trim(), now_ms()).await?)
}

/// The moderators: each name as granted and when (milliseconds since the Unix epoch), by name.
///
/// # Errors
/// A store that cannot be opened or read.
pub async fn list(db: &Path) -> Result<Vec<(String, i64)>, AdminError> {
    Ok(Operated::open(db).await?.moderators().await?)
}

/// The moderation log, newest first: at most `limit` entries, those whose id is below `before`
/// when given.
///
/// # Errors
/// A store that cannot be opened or read.
pub async fn log(
    db: &Path,
    limit: usize,
    before: Option<i64>,
) -> Result<Vec<LogEntry>, AdminError> {
    Ok(Operated::open(db).await?.read_log(limit, before).await?)
}

/// What a log entry acted on, in words: a name or a network as it is; a message, a table, a
/// report or a sanction's number worded.
pub fn whom(words: &Catalogue, e: &LogEntry) -> String {
    match e.action.as_str() {
        "remove" => {
            let value: serde_json::Value = serde_json::from_str(&e.whom).unwrap_or_default();
            let table = value["table"].as_u64();
            words.format(
                "mod-whom-message",
                &[
                    ("n", value["n"].as_u64().unwrap_or_default().into()),
                    ("name", value["name"].as_str().unwrap_or_default().into()),
                    (
                        "place",
                        if table.is_some() { "table" } else { "lobby" }.into(),
                    ),
                    ("table", table.unwrap_or_default().into()),
                    ("text", value["text"].as_str().unwrap_or_default().into()),
                ],
            )
        }
        "close" => words.format("mod-whom-table", &[("table", e.whom.as_str().into())]),
        "handle_report" => words.format("mod-whom-report", &[("id", e.whom.as_str().into())]),
        "lift" => words.format(
            "mod-whom-number",
            &[("id", e.whom.trim_start_matches('#').into())],
        ),
        _ => e.whom.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_new_each_time_and_matches_only_its_hash() {
        let (a, b) = (new_key(), new_key());
        assert_ne!(a, b);
        for key in [&a, &b] {
            let hex = key.strip_prefix(KEY_PREFIX).unwrap();
            assert_eq!(hex.len(), 64, "{key}");
            assert!(
                hex.chars()
                    .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)),
                "{key}"
            );
        }
        let stored = hash_key(&a);
        assert_eq!(stored.len(), 64);
        assert!(key_matches(&a, &stored));
        assert!(!key_matches(&b, &stored));
        assert!(!key_matches(&a.to_uppercase(), &stored));
        assert!(!key_matches(&a, "not a hash"));
        assert!(!key_matches(&a, ""));
        // SHA-256 of "abc", as every implementation gives it.
        assert_eq!(
            hash_key("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_name_is_one_to_forty_characters() {
        assert_eq!(check_name("  Ana ").unwrap(), "Ana");
        assert!(matches!(check_name("   "), Err(AdminError::EmptyName)));
        let forty = "가".repeat(40);
        assert_eq!(check_name(&forty).unwrap(), forty);
        assert!(matches!(
            check_name(&"a".repeat(41)),
            Err(AdminError::LongName { chars: 41 })
        ));
        assert_eq!(Role::parse("moderator"), Some(Role::Moderator));
        assert_eq!(Role::parse("admin"), None);
    }
}
