//! Members: optional accounts that hold a name, settings and games. A guest plays as before;
//! a member signs up with a name and a password and is known by a session cookie.
//!
//! - **Passwords** are hashed with Argon2id at OWASP's recommended parameters (19 MiB of
//!   memory, 2 passes, 1 lane; the Password Storage Cheat Sheet) and a 16-byte random salt, as
//!   a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) the store keeps. A hash costs about
//!   15 ms of one core, so hashes run on blocking threads, at most one per core at once, each
//!   in memory kept for it ([`Memory`]).
//! - **A session** is 256 random bits sent as the cookie `snakes_session` (HttpOnly,
//!   SameSite=Lax, Path=/, 30 days; Secure when the page is served over HTTPS); the store keeps
//!   only its SHA-256, so a copy of the database signs nobody in.
//! - **Tries to sign in** are limited per account (5 a minute) and per address (20 a minute),
//!   on each server. A wrong name and a wrong password get the same answer, after the same
//!   work: a name nobody has is checked against a hash made at start.

use std::net::IpAddr;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use argon2::password_hash::{Output, PasswordHash, SaltString};
use argon2::{ARGON2ID_IDENT, Algorithm, Argon2, Block, Params, Version};
use sha2::{Digest, Sha256};
use snakes_text::names::NameKeys;
use tokio::sync::{Semaphore, broadcast};

use crate::fair::Allowances;
use crate::locks::Lock;

/// The fewest characters a password has (OWASP's minimum; a game account guards little, and
/// a passphrase is welcome up to [`MAX_PASSWORD`]).
pub const MIN_PASSWORD: u32 = 8;
/// The most characters a password has.
pub const MAX_PASSWORD: u32 = 128;
/// The cookie that holds a session's secret.
pub const COOKIE: &str = "snakes_session";
/// How long a session lasts, in days.
pub const SESSION_DAYS: i64 = 30;
/// Tries to sign in to one account in a minute, and from one address.
pub const TRIES_PER_ACCOUNT: f64 = 5.0;
/// Tries to sign in from one address in a minute, whatever the account.
pub const TRIES_PER_ADDRESS: f64 = 20.0;
/// The largest settings object a member stores, in bytes of JSON.
pub const MAX_SETTINGS_BYTES: usize = 4096;

/// The memory one hash works in: Argon2's blocks of 1 KiB, 19 MiB at the server's parameters.
/// The server keeps one per core and hashes in it again and again, so that a crowd of sign-ins
/// holds exactly that much: a fresh 19 MiB a hash grew the process to 360 to 480 MiB under
/// 8 sign-ins at once (the allocator keeps freed blocks that large for later), measured with
/// `snakes-bench --members`.
pub type Memory = Vec<Block>;

/// Memory for one hash at the server's parameters.
pub fn memory() -> Memory {
    vec![Block::default(); Params::DEFAULT.block_count()]
}

/// The PHC string of `password` with a new random salt, hashed with Argon2id at OWASP's
/// parameters (19 MiB, 2 passes, 1 lane: argon2's default) in fresh memory.
///
/// # Panics
/// When the operating system gives no random numbers (no salt is worse than no account).
pub fn hash_password(password: &str) -> String {
    hash_password_in(password, &mut memory())
}

/// [`hash_password`] in `memory`, which grows to the parameters' size if it is smaller.
///
/// # Panics
/// When the operating system gives no random numbers.
pub fn hash_password_in(password: &str, memory: &mut Memory) -> String {
    let mut salt = [0u8; 16];
    if let Err(e) = getrandom::fill(&mut salt) {
        panic!("the operating system has no random numbers: {e}");
    }
    let params = Params::DEFAULT;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    let blocks = params.block_count();
    if memory.len() < blocks {
        memory.resize(blocks, Block::default());
    }
    let hasher = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let written = hasher
        .hash_password_into_with_memory(password.as_bytes(), &salt, &mut out, &mut memory[..blocks])
        .and_then(|()| Output::new(&out).map_err(|_| argon2::Error::OutputTooShort));
    let salt = SaltString::encode_b64(&salt);
    match (written, salt) {
        (Ok(output), Ok(salt)) => format!(
            "${ARGON2ID_IDENT}$v=19$m={},t={},p={}${}${output}",
            params.m_cost(),
            params.t_cost(),
            params.p_cost(),
            salt.as_str()
        ),
        (written, salt) => panic!("Argon2id at fixed parameters: {written:?} {salt:?}"),
    }
}

/// Whether `password` is the one hashed in `phc` (at the parameters written in it), in fresh
/// memory.
pub fn password_matches(password: &str, phc: &str) -> bool {
    password_matches_in(password, phc, &mut Vec::new())
}

/// [`password_matches`] in `memory`, which grows to the stored parameters' size if it is
/// smaller. The hash computed is compared with the stored one in constant time.
pub fn password_matches_in(password: &str, phc: &str, memory: &mut Memory) -> bool {
    let Ok(hash) = PasswordHash::new(phc) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (hash.salt, hash.hash) else {
        return false;
    };
    let Ok(params) = Params::try_from(&hash) else {
        return false;
    };
    let version = hash
        .version
        .map_or(Ok(Version::V0x13), Version::try_from)
        .unwrap_or(Version::V0x13);
    let mut salt_bytes = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    if hash.algorithm != ARGON2ID_IDENT {
        return false;
    }
    let blocks = params.block_count();
    if memory.len() < blocks {
        memory.resize(blocks, Block::default());
    }
    let mut out = vec![0u8; expected.len()];
    Argon2::new(Algorithm::Argon2id, version, params)
        .hash_password_into_with_memory(password.as_bytes(), salt, &mut out, &mut memory[..blocks])
        .is_ok()
        // Output's equality looks at every byte, whatever the first difference.
        && Output::new(&out).is_ok_and(|computed| computed == expected)
}

/// Whether `password` may be an account's: [`MIN_PASSWORD`] to [`MAX_PASSWORD`] characters,
/// and not the account's name (letter case aside).
pub fn password_allowed(password: &str, name: &str) -> bool {
    let chars = password.chars().count();
    (MIN_PASSWORD as usize..=MAX_PASSWORD as usize).contains(&chars)
        && !NameKeys::of(password).same(&NameKeys::of(name))
}

/// A new session: its secret (64 hex digits, the cookie's value) and the hash the store keeps.
///
/// # Panics
/// When the operating system gives no random numbers.
pub fn new_session() -> (String, String) {
    let mut bytes = [0u8; 32];
    if let Err(e) = getrandom::fill(&mut bytes) {
        panic!("the operating system has no random numbers: {e}");
    }
    let secret = crate::secret::hex(&bytes);
    let hash = session_hash(&secret);
    (secret, hash)
}

/// The hash the store keeps of a session's `secret`.
pub fn session_hash(secret: &str) -> String {
    crate::secret::hex(&Sha256::digest(secret.as_bytes()))
}

/// The `Set-Cookie` value that holds `secret` for [`SESSION_DAYS`] (`secure`: the page is
/// served over HTTPS).
pub fn set_cookie(secret: &str, secure: bool) -> String {
    let age = SESSION_DAYS * 24 * 60 * 60;
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={secret}; Max-Age={age}; Path=/; HttpOnly; SameSite=Lax{secure}")
}

/// The `Set-Cookie` value that makes the browser forget the session.
pub fn clear_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax{secure}")
}

/// The session's secret among a request's `Cookie` headers, if any: 64 hex digits, anything
/// else ignored.
pub fn session_secret<'a>(cookies: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    cookies
        .flat_map(|header| header.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value)
        .filter(|value| value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whose tries to sign in are counted together.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Account {
    /// A member, by id, however their name was spelled.
    Member(i64),
    /// A name no member has, by its `looks` key.
    Nobody(String),
}

/// What the server keeps for members besides the store: the tries to sign in, and the
/// threads for hashes.
pub(crate) struct Members {
    /// Tries to sign in, by account: the member's id, or for a name no member has, the
    /// `looks` key of the name tried.
    by_account: Allowances<Account>,
    /// Tries to sign in, by address.
    by_address: Allowances<IpAddr>,
    /// Hashes at once: one per core.
    hashing: Semaphore,
    /// The memory of the hashes, one per core, kept between hashes.
    memories: Arc<Mutex<Vec<Memory>>>,
    /// The members whose sessions or account changed (here, or on another server): each
    /// connection signed in as one of them reads its session again.
    changed: broadcast::Sender<i64>,
}

impl Default for Members {
    fn default() -> Members {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Members {
            by_account: Allowances::new(TRIES_PER_ACCOUNT / 60.0, TRIES_PER_ACCOUNT),
            by_address: Allowances::new(TRIES_PER_ADDRESS / 60.0, TRIES_PER_ADDRESS),
            hashing: Semaphore::new(cores),
            memories: Arc::default(),
            changed: broadcast::channel(256).0,
        }
    }
}

impl Members {
    /// Takes one try to sign in from `address` at `now`; false when its allowance is spent.
    pub(crate) fn may_try_from(&self, address: Option<IpAddr>, now: Instant) -> bool {
        address.is_none_or(|address| self.by_address.take(address, now))
    }

    /// Takes one try to sign in to `account` at `now`, from anywhere; false when its
    /// allowance is spent. Every spelling of a member's name counts against the one member.
    pub(crate) fn may_try_account(&self, account: Account, now: Instant) -> bool {
        self.by_account.take(account, now)
    }

    /// Member `id`'s sessions or account changed: every connection signed in as them reads
    /// its session again.
    pub(crate) fn changed(&self, id: i64) {
        let _ = self.changed.send(id);
    }

    /// The members changed from now on ([`Self::changed`]); a receiver that lags behind reads
    /// its session again whatever the ids it missed.
    pub(crate) fn changes(&self) -> broadcast::Receiver<i64> {
        self.changed.subscribe()
    }

    /// `f` on a blocking thread, once a core is free for it, with the memory for one hash:
    /// a password's hash.
    pub(crate) async fn hashing<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Memory) -> R + Send + 'static,
    ) -> Option<R> {
        let _permit = self.hashing.acquire().await.ok()?;
        let memories = self.memories.clone();
        tokio::task::spawn_blocking(move || {
            // As many memories as hashes at once: one is free while this permit is held.
            let mut memory = memories.locked().pop().unwrap_or_else(memory);
            let answer = f(&mut memory);
            memories.locked().push(memory);
            answer
        })
        .await
        .ok()
    }

    /// Whether `password` opens `stored` (none: nobody has the name), on a blocking thread.
    /// Without a stored hash the password is checked against a hash made once (at the first
    /// hash of all, [`Self::hashing`]'s first call), so that the answer takes as long whether
    /// or not the name is a member's.
    pub(crate) async fn check_password(&self, password: &str, stored: Option<String>) -> bool {
        let password = password.to_string();
        self.hashing(move |memory| match stored {
            Some(phc) => password_matches_in(&password, &phc, memory),
            None => {
                let nobody =
                    NOBODY.get_or_init(|| hash_password_in("nobody has this account", memory));
                let _ = password_matches_in(&password, nobody, memory);
                false
            }
        })
        .await
        .unwrap_or(false)
    }

    /// Makes the hash a name nobody has is checked against, on a blocking thread, so that the
    /// first wrong name after a start costs one hash like any other try.
    pub(crate) async fn prepare(&self) {
        self.hashing(|memory| {
            NOBODY.get_or_init(|| hash_password_in("nobody has this account", memory));
        })
        .await;
    }
}

/// The hash a name nobody has is checked against.
static NOBODY: OnceLock<String> = OnceLock::new();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_hash_is_argon2id_at_owasp_parameters_and_opens_with_that_password_only() {
        let phc = hash_password("correct horse");
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(password_matches("correct horse", &phc));
        assert!(!password_matches("correct horsE", &phc));
        assert!(!password_matches("correct horse", "not a hash"));
        // A new salt each time.
        assert_ne!(hash_password("correct horse"), phc);
    }

    #[test]
    fn a_hash_made_in_kept_memory_is_the_one_argon2_makes_and_opens_as_well() {
        let mut memory = memory();
        let first = hash_password_in("correct horse", &mut memory);
        // The same memory again, dirty from the first hash: the result does not depend on it.
        let second = hash_password_in("correct horse", &mut memory);
        for phc in [&first, &second] {
            assert!(password_matches_in("correct horse", phc, &mut memory));
            assert!(!password_matches_in("correct hors", phc, &mut memory));
            // And argon2's own verifier agrees.
            use argon2::password_hash::PasswordVerifier;
            let parsed = PasswordHash::new(phc).unwrap();
            assert!(
                Argon2::default()
                    .verify_password(b"correct horse", &parsed)
                    .is_ok()
            );
        }
        // A hash argon2 made itself, at other parameters, opens in the kept (smaller) memory,
        // which grows for it.
        use argon2::password_hash::PasswordHasher;
        let salt = SaltString::encode_b64(&[7u8; 16]).unwrap();
        let params = Params::new(32 * 1024, 1, 1, None).unwrap();
        let other = Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password(b"tortoise", &salt)
            .unwrap()
            .to_string();
        assert!(password_matches_in("tortoise", &other, &mut memory));
        assert!(!password_matches_in("hare", &other, &mut memory));
        assert_eq!(memory.len(), 32 * 1024);
        // Not Argon2id: refused, whatever the password.
        let argon2i = Argon2::new(Algorithm::Argon2i, Version::V0x13, Params::DEFAULT)
            .hash_password(b"tortoise", &salt)
            .unwrap()
            .to_string();
        assert!(!password_matches_in("tortoise", &argon2i, &mut memory));
    }

    #[test]
    fn a_password_has_8_to_128_characters_and_is_not_the_name() {
        assert!(!password_allowed("seven77", "Ana"));
        assert!(password_allowed("eight888", "Ana"));
        assert!(password_allowed(&"é".repeat(128), "Ana"));
        assert!(!password_allowed(&"é".repeat(129), "Ana"));
        assert!(!password_allowed("Ana Maria", "ana maria"));
        assert!(!password_allowed("Аna Maria", "Ana Maria")); // Cyrillic А
    }

    #[test]
    fn the_session_cookie_is_http_only_lax_and_secure_over_https() {
        let (secret, hash) = new_session();
        assert_eq!(secret.len(), 64);
        assert_eq!(hash, session_hash(&secret));
        assert_ne!(hash, secret);
        assert_eq!(
            set_cookie("ab", true),
            "snakes_session=ab; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure"
        );
        assert_eq!(
            clear_cookie(false),
            "snakes_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"
        );
        let header = format!("lang=ko; {COOKIE}={secret}; other=1");
        assert_eq!(
            session_secret(["a=b", header.as_str()].into_iter()),
            Some(secret.as_str())
        );
        assert_eq!(session_secret(["snakes_session=short"].into_iter()), None);
        assert_eq!(session_secret(std::iter::empty()), None);
    }

    #[test]
    fn tries_are_limited_per_account_and_per_address() {
        let members = Members::default();
        let now = Instant::now();
        let ana = Account::Member(1);
        for _ in 0..5 {
            assert!(members.may_try_account(ana.clone(), now));
        }
        // Ana's sixth try this minute is refused; Bo's, or a name nobody has, is not.
        assert!(!members.may_try_account(ana.clone(), now));
        assert!(members.may_try_account(Account::Member(2), now));
        assert!(members.may_try_account(Account::Nobody("zed".into()), now));
        // A try comes back every 12 seconds.
        assert!(members.may_try_account(ana, now + std::time::Duration::from_secs(12)));
        // Twenty tries from one address, then no more from there; another address may.
        let here = Some(IpAddr::from([198, 51, 100, 7]));
        for _ in 0..20 {
            assert!(members.may_try_from(here, now));
        }
        assert!(!members.may_try_from(here, now));
        assert!(members.may_try_from(Some(IpAddr::from([192, 0, 2, 1])), now));
        assert!(members.may_try_from(None, now));
    }
}
