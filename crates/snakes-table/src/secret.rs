//! The server's secrets: seat tokens and the dice's keys, from the operating system's secure
//! source.
//!
//! A seat token is given once, to the person who takes the seat; the server keeps only its
//! SHA-256 (in memory and in the store) and compares hashes in constant time. A game's dice are
//! ChaCha20 keyed with 256 bits: the server announces SHA-256 of the key when the game starts
//! and reveals the key when it ends, so that anyone can recompute every roll (`snakes verify`).
//! Games created before that used a 64-bit seed into xoshiro256**, kept for them.

use std::fmt;

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};
use snakes::{Dice, Rng};

/// A seat's secret, as the server keeps it: the SHA-256 of the token given to the seat's
/// holder. It travels inside the server with the `joined` event that gives the seat, but is
/// never written as part of any message or log line (it is not serialized, and its `Debug`
/// hides it); the store keeps the hash apart from the log.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret {
    hash: Option<[u8; 32]>,
}

/// A token as the seats compare it: its SHA-256, computed once per command.
#[derive(Clone, Copy)]
pub struct TokenHash([u8; 32]);

impl TokenHash {
    /// The hash of `token`.
    pub fn of(token: &str) -> TokenHash {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }
}

impl Secret {
    /// A new secret: 128 bits from the operating system. Returns the secret the server keeps
    /// and the token (32 hex digits) for the one who takes the seat.
    pub fn random() -> (Secret, String) {
        let mut bytes = [0u8; 16];
        fill_random(&mut bytes);
        let token = hex(&bytes);
        (Secret::of_token(&token), token)
    }

    /// The secret that `token` opens.
    pub fn of_token(token: &str) -> Secret {
        Secret {
            hash: Some(TokenHash::of(token).0),
        }
    }

    /// A secret read back from the store (64 hex digits); none when the text is not a hash.
    pub fn from_stored(text: &str) -> Secret {
        Secret {
            hash: unhex::<32>(text),
        }
    }

    /// The text the store keeps: the hash in hex.
    pub fn stored(&self) -> String {
        self.hash.as_ref().map(|h| hex(h)).unwrap_or_default()
    }

    /// Whether the token of `hash` opens this secret, compared in constant time.
    pub fn matches(&self, hash: &TokenHash) -> bool {
        self.hash.as_ref().is_some_and(|h| same(h, &hash.0))
    }

    /// Whether there is no secret (an event read back from the log before its secret is
    /// filled in).
    pub fn is_empty(&self) -> bool {
        self.hash.is_none()
    }
}

/// Whether two hashes are equal, looking at every byte whatever the first difference.
fn same(a: &[u8; 32], b: &[u8; 32]) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_empty() {
            "Secret(none)"
        } else {
            "Secret(..)"
        })
    }
}

/// Where a game's dice come from.
#[derive(Clone, PartialEq, Eq)]
pub enum DiceSource {
    /// A 64-bit seed into xoshiro256** ([`snakes::Rng`]): games created before the dice could be
    /// verified. Never revealed.
    Seed(u64),
    /// A 256-bit key for ChaCha20: committed to at the start, revealed at the end.
    Key([u8; 32]),
}

impl fmt::Debug for DiceSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DiceSource::Seed(_) => "DiceSource::Seed(..)",
            DiceSource::Key(_) => "DiceSource::Key(..)",
        })
    }
}

/// The name of the dice of keyed games in records and views.
pub const CHACHA20: &str = "chacha20";
/// The name of the dice of seeded games.
pub const XOSHIRO: &str = "xoshiro256**";

impl DiceSource {
    /// The dice as the stores keep them: the key's 32 bytes when there is one, else the seed
    /// (an `i64` column holding the `u64`'s bits).
    pub fn stored(key: Option<Vec<u8>>, seed: i64) -> DiceSource {
        match key.as_deref().map(<[u8; 32]>::try_from) {
            Some(Ok(key)) => DiceSource::Key(key),
            _ => DiceSource::Seed(seed as u64),
        }
    }

    /// A new key from the operating system's secure source.
    pub fn new_key() -> DiceSource {
        let mut key = [0u8; 32];
        fill_random(&mut key);
        DiceSource::Key(key)
    }

    /// The dice, at their first number.
    pub fn dice(&self) -> TableDice {
        match self {
            DiceSource::Seed(seed) => TableDice::Seeded(Rng::new(*seed)),
            DiceSource::Key(key) => TableDice::Keyed(Box::new(ChaCha20Rng::from_seed(*key))),
        }
    }

    /// `chacha20` or `xoshiro256**`.
    pub fn algorithm(&self) -> &'static str {
        match self {
            DiceSource::Seed(_) => XOSHIRO,
            DiceSource::Key(_) => CHACHA20,
        }
    }

    /// SHA-256 of the key in hex: what the server announces before the first roll (none for
    /// seeded games).
    pub fn commitment(&self) -> Option<String> {
        match self {
            DiceSource::Seed(_) => None,
            DiceSource::Key(key) => Some(commitment_of(key)),
        }
    }

    /// The key in hex, revealed once the game is over (none for seeded games).
    pub fn reveal(&self) -> Option<String> {
        match self {
            DiceSource::Seed(_) => None,
            DiceSource::Key(key) => Some(hex(key)),
        }
    }

    /// The seed of a seeded game, for the store (0 for a keyed one).
    pub fn seed(&self) -> u64 {
        match self {
            DiceSource::Seed(seed) => *seed,
            DiceSource::Key(_) => 0,
        }
    }

    /// The key of a keyed game, for the store.
    pub fn key(&self) -> Option<[u8; 32]> {
        match self {
            DiceSource::Seed(_) => None,
            DiceSource::Key(key) => Some(*key),
        }
    }
}

/// Where a server's new tables get their dice's keys.
///
/// Real games draw each key from the operating system's secure source. Tests need dice they
/// can foresee: a seeded server derives each table's key from the seed and the table's id
/// ([`DiceKeys::key_for`]), so the same test on a fresh database always plays the same game.
/// The key is still committed to before the first roll and revealed at the end, so a seeded
/// game verifies as any other; but anyone who knows the seed knows every roll in advance: it is
/// for tests only, never for real games (`snakes serve --test-dice-seed`).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub enum DiceKeys {
    /// A key from the operating system for each table.
    #[default]
    Random,
    /// For tests: each table's key is SHA-256 of a label, this seed and the table's id.
    Seeded(u64),
}

impl fmt::Debug for DiceKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceKeys::Random => f.write_str("DiceKeys::Random"),
            DiceKeys::Seeded(seed) => write!(f, "DiceKeys::Seeded({seed})"),
        }
    }
}

/// What the key of a seeded table is derived from, before the seed and the table's id.
const SEEDED_LABEL: &[u8] = b"snakes test dice v1";

impl DiceKeys {
    /// The dice of table `table`: a new random key, or the one the seed gives that table.
    pub fn key_for(&self, table: u64) -> DiceSource {
        match self {
            DiceKeys::Random => DiceSource::new_key(),
            DiceKeys::Seeded(seed) => {
                let mut h = Sha256::new();
                h.update(SEEDED_LABEL);
                h.update(seed.to_le_bytes());
                h.update(table.to_le_bytes());
                DiceSource::Key(h.finalize().into())
            }
        }
    }
}

/// SHA-256 of a key, in hex.
pub fn commitment_of(key: &[u8]) -> String {
    hex(&Sha256::digest(key))
}

/// The dice of one game: ChaCha20 from its key, or (older games) xoshiro256** from its seed. Both
/// make rolls the same way from their 64-bit words ([`Dice`]).
#[derive(Debug, Clone)]
pub enum TableDice {
    /// xoshiro256** from a 64-bit seed.
    Seeded(Rng),
    /// ChaCha20 (`rand_chacha`'s `ChaCha20Rng::from_seed(key)`, words by `next_u64`).
    Keyed(Box<ChaCha20Rng>),
}

impl Dice for TableDice {
    fn next_u64(&mut self) -> u64 {
        match self {
            TableDice::Seeded(rng) => rng.next_u64(),
            TableDice::Keyed(chacha) => chacha.next_u64(),
        }
    }
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `N` bytes from exactly `2N` hex digits.
pub fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let text = text.as_bytes();
    if text.len() != 2 * N {
        return None;
    }
    let mut out = [0u8; N];
    for (i, pair) in text.chunks(2).enumerate() {
        let pair = std::str::from_utf8(pair).ok()?;
        out[i] = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(out)
}

fn fill_random(bytes: &mut [u8]) {
    if let Err(e) = getrandom::fill(bytes) {
        // No secure source means no fair dice and no secret seats: stop rather than cheat.
        panic!("the operating system has no random numbers: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_differ_each_time_are_kept_hashed_and_never_print() {
        let (a, token) = Secret::random();
        assert_eq!(token.len(), 32);
        assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
        let (b, other) = Secret::random();
        assert_ne!(a, b);
        assert!(a.matches(&TokenHash::of(&token)));
        assert!(!a.matches(&TokenHash::of(&other)));
        assert!(!a.matches(&TokenHash::of("nope")));
        assert!(
            !Secret::default().matches(&TokenHash::of("")),
            "no secret matches nothing"
        );
        assert_eq!(format!("{a:?}"), "Secret(..)");
        // The store keeps the hash, never the token.
        let stored = a.stored();
        assert_eq!(stored.len(), 64);
        assert!(!stored.contains(&token));
        assert_eq!(Secret::from_stored(&stored), a);
        assert!(Secret::from_stored("not hex").is_empty());
    }

    #[test]
    fn keyed_dice_are_chacha20_with_a_sha256_commitment() {
        // RFC 8439's ChaCha20 block function with an all-zero key and nonce at counter 0 starts
        // 76 b8 e0 ad a0 f1 3d 90: rand_chacha's first word is those bytes, little-endian.
        let zero = DiceSource::Key([0; 32]);
        let mut dice = zero.dice();
        assert_eq!(
            dice.next_u64(),
            u64::from_le_bytes([0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90])
        );
        // SHA-256 of 32 zero bytes.
        assert_eq!(
            zero.commitment().unwrap(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        assert_eq!(zero.reveal().unwrap(), "0".repeat(64));
        assert_eq!(unhex::<32>(&zero.reveal().unwrap()), Some([0; 32]));
        // Pinned rolls of a six-faced die: changing the generator or the roll method would
        // break every verification of a stored game.
        let mut dice = zero.dice();
        let rolls: Vec<u8> = (0..12).map(|_| dice.roll(6)).collect();
        assert_eq!(rolls, GOLDEN_CHACHA_ROLLS);
        // Seeded games keep their xoshiro dice.
        let mut old = DiceSource::Seed(42).dice();
        let mut rng = Rng::new(42);
        assert!((0..20).all(|_| old.roll(6) == rng.roll(6)));
        assert_eq!(DiceSource::Seed(42).commitment(), None);
        assert_ne!(DiceSource::new_key(), DiceSource::new_key());
    }

    #[test]
    fn seeded_keys_are_the_same_for_a_seed_and_table_and_differ_otherwise() {
        let seeded = DiceKeys::Seeded(7);
        assert_eq!(seeded.key_for(1), seeded.key_for(1));
        assert_ne!(seeded.key_for(1), seeded.key_for(2));
        assert_ne!(seeded.key_for(1), DiceKeys::Seeded(8).key_for(1));
        assert_ne!(DiceKeys::Random.key_for(1), DiceKeys::Random.key_for(1));
        // SHA-256 of the label, the seed and the id, each number in 8 little-endian bytes
        // (`printf 'snakes test dice v1\x07\0\0\0\0\0\0\0\x01\0\0\0\0\0\0\0' | sha256sum`).
        assert_eq!(seeded.key_for(1).reveal().unwrap(), GOLDEN_SEEDED_KEY);
        // Committed to and revealed as any key: a seeded game verifies as any other.
        let key = seeded.key_for(1);
        assert_eq!(
            key.commitment().unwrap(),
            commitment_of(&key.key().unwrap())
        );
    }

    const GOLDEN_SEEDED_KEY: &str =
        "35b3ac1b6915b83b8a7fe8a75617124a5b3a5b52cb42af8c99743daecb045a27";

    // Computed by an independent Python implementation of RFC 8439's block function and
    // Lemire's method.
    const GOLDEN_CHACHA_ROLLS: [u8; 12] = [4, 1, 1, 5, 4, 2, 1, 4, 3, 1, 3, 6];
}
