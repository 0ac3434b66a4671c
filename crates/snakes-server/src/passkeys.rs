//! Passkeys (WebAuthn Level 2): what the server checks of a browser's answer to
//! `navigator.credentials.create` (a new passkey) and `navigator.credentials.get` (a sign-in),
//! with nothing but `ring` for the signatures and a small CBOR reader of its own.
//!
//! Why this way: webauthn-rs would bring OpenSSL (its `openssl-sys` needs OpenSSL's headers to
//! build, so `cargo run --release -- serve` would fail on a fresh machine), while `ring` is
//! already built for HTTPS (rustls). What WebAuthn needs of CBOR is small (maps, integers, byte
//! and text strings, arrays in attestation statements), so [`cbor`] reads exactly that, strictly:
//! definite lengths only, every length bounded by the bytes left, at most [`cbor::MAX_DEPTH`]
//! levels, no tags or floats, no repeated map keys; any other input is an error, never a panic.
//!
//! What is checked, every ceremony ([`verify_registration`], [`verify_assertion`]):
//! - the client data's `type` (`webauthn.create`, `webauthn.get`), its `challenge` (the one the
//!   server gave: 32 random bytes, single use, 5 minutes, kept by the store so that begin and
//!   finish may reach different servers; [`check_taken`]), its `origin` (the server's own) and
//!   `crossOrigin` not true;
//! - the authenticator data's rpIdHash (SHA-256 of the rp id: the origin's host, no port), the
//!   user-present and user-verified flags (the server asks `userVerification: "required"`);
//! - a new passkey's public key (COSE): ES256 (P-256), EdDSA (Ed25519) or RS256, nothing else;
//! - a sign-in's signature over the authenticator data and the SHA-256 of the client data, and
//!   its signature counter: when the stored count or the new one is not zero, the new one must
//!   be greater (WebAuthn's sign of a cloned authenticator), else the sign-in is refused.
//!
//! Attestation: the server asks for `"none"` and trusts no attestation statement whatever its
//! `fmt` (it would say which maker's device holds the key, which a game has no use for, and
//! checking it needs the makers' roots of trust): a passkey is whatever key the member's
//! browser made, as a password is whatever the member typed.

use ring::signature::{self, UnparsedPublicKey};
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// How long a challenge lasts, in milliseconds: 5 minutes.
pub const CHALLENGE_MS: i64 = 5 * 60 * 1000;
/// A challenge's bytes.
pub const CHALLENGE_BYTES: usize = 32;
/// A user handle's bytes (random, never the member's id or name).
pub const HANDLE_BYTES: usize = 16;
/// The longest credential id kept (WebAuthn allows 1023 bytes).
pub const MAX_CREDENTIAL_ID: usize = 1023;
/// COSE's ES256: ECDSA on P-256 with SHA-256.
pub const ES256: i64 = -7;
/// COSE's EdDSA (Ed25519 here).
pub const EDDSA: i64 = -8;
/// COSE's RS256: RSASSA-PKCS1-v1_5 with SHA-256.
pub const RS256: i64 = -257;

/// The authenticator data's flag: the user was present.
const UP: u8 = 0x01;
/// The user was verified (PIN, fingerprint, face).
const UV: u8 = 0x04;
/// Attested credential data follows (a new passkey).
const AT: u8 = 0x40;
/// Extensions follow.
const ED: u8 = 0x80;

/// Why a passkey's answer was refused. The member hears only "not an account's" (sign-in) or
/// "could not be checked" (a new passkey); the log says which.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasskeyError {
    /// A field that should be base64url is not.
    #[error("not base64url")]
    Base64,
    /// The client data is not the JSON WebAuthn gives.
    #[error("the client data is not WebAuthn's JSON: {0}")]
    ClientData(String),
    /// The client data's `type` is another ceremony's.
    #[error("the client data's type is {0:?}")]
    WrongType(String),
    /// The challenge is not the one given.
    #[error("the challenge is not the one given")]
    WrongChallenge,
    /// No challenge given is under those bytes (never given, used already or swept).
    #[error("no such challenge (unknown, or used already)")]
    UnknownChallenge,
    /// The challenge was given for another ceremony.
    #[error("the challenge was given for another ceremony")]
    WrongPurpose,
    /// The challenge's 5 minutes are over.
    #[error("the challenge has expired")]
    ExpiredChallenge,
    /// The page's origin is not the server's.
    #[error("the origin {0:?} is not this server's")]
    WrongOrigin(String),
    /// The page was in a frame of another site.
    #[error("made in a frame of another site")]
    CrossOrigin,
    /// The authenticator data's rpIdHash is another site's.
    #[error("the rpIdHash is not this server's")]
    WrongRp,
    /// The user-present flag is not set.
    #[error("the user was not present")]
    NotPresent,
    /// The user-verified flag is not set.
    #[error("the user was not verified")]
    NotVerified,
    /// The authenticator data is cut short, too long or malformed.
    #[error("the authenticator data is malformed: {0}")]
    AuthData(&'static str),
    /// The CBOR is malformed.
    #[error("malformed CBOR: {0}")]
    Cbor(#[from] cbor::CborError),
    /// The attestation object is not a map of `fmt`, `attStmt` and `authData`.
    #[error("the attestation object is malformed: {0}")]
    Attestation(&'static str),
    /// The public key (COSE) is malformed.
    #[error("the public key is malformed: {0}")]
    Key(&'static str),
    /// The public key's algorithm is not one of ES256, EdDSA, RS256.
    #[error("the algorithm {0} is not supported")]
    Algorithm(i64),
    /// The signature does not verify.
    #[error("the signature does not verify")]
    Signature,
    /// The signature counter did not go up.
    #[error("the signature counter went from {stored} to {new}")]
    Counter {
        /// The count stored.
        stored: u32,
        /// The count sent.
        new: u32,
    },
}

/// What a ceremony must match: the server's origin (`https://games.example.org`, with a port
/// when not the scheme's), its rp id (the origin's host) and the challenge given.
#[derive(Debug, Clone, Copy)]
pub struct Expected<'a> {
    /// The origin the page was served from.
    pub origin: &'a str,
    /// The relying party's id: the origin's host, without a port.
    pub rp_id: &'a str,
    /// The challenge's bytes.
    pub challenge: &'a [u8],
}

/// A new passkey, checked: what the store keeps of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registered {
    /// The credential id the authenticator chose.
    pub credential_id: Vec<u8>,
    /// The public key as COSE_Key bytes, exactly as the authenticator gave it.
    pub public_key: Vec<u8>,
    /// Its algorithm ([`ES256`], [`EDDSA`] or [`RS256`]).
    pub algorithm: i64,
    /// The signature counter it starts at.
    pub sign_count: u32,
}

/// A challenge the store gave back (and deleted): what it was given for and until when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    /// The ceremony it was given for (`sign-up`, `sign-in`, `add`, `delete`).
    pub purpose: String,
    /// When it expires, milliseconds since the Unix epoch.
    pub expires_at: i64,
}

/// Checks a challenge taken from the store (none: never given or used already) against the
/// ceremony `purpose` at `now`.
///
/// # Errors
/// [`PasskeyError::UnknownChallenge`], [`PasskeyError::WrongPurpose`],
/// [`PasskeyError::ExpiredChallenge`].
pub fn check_taken(taken: Option<&Taken>, purpose: &str, now: i64) -> Result<(), PasskeyError> {
    let taken = taken.ok_or(PasskeyError::UnknownChallenge)?;
    if taken.purpose != purpose {
        return Err(PasskeyError::WrongPurpose);
    }
    if taken.expires_at <= now {
        return Err(PasskeyError::ExpiredChallenge);
    }
    Ok(())
}

/// `n` random bytes (a challenge, a user handle).
///
/// # Panics
/// When the operating system gives no random numbers.
pub fn random(n: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; n];
    if let Err(e) = getrandom::fill(&mut bytes) {
        panic!("the operating system has no random numbers: {e}");
    }
    bytes
}

/// The client data as the browser wrote it (other members are allowed and ignored).
#[derive(Deserialize)]
struct ClientData {
    #[serde(rename = "type")]
    kind: String,
    challenge: String,
    origin: String,
    #[serde(rename = "crossOrigin", default)]
    cross_origin: Option<bool>,
}

/// The challenge named in the client data (to find it in the store before the checks).
///
/// # Errors
/// When the client data is not WebAuthn's JSON, or its challenge not base64url.
pub fn challenge_of(client_data_json: &[u8]) -> Result<Vec<u8>, PasskeyError> {
    let data: ClientData = serde_json::from_slice(client_data_json)
        .map_err(|e| PasskeyError::ClientData(e.to_string()))?;
    base64url_decode(&data.challenge)
}

/// Checks the client data of a ceremony of `kind`.
fn check_client_data(json: &[u8], kind: &str, expected: &Expected) -> Result<(), PasskeyError> {
    let data: ClientData =
        serde_json::from_slice(json).map_err(|e| PasskeyError::ClientData(e.to_string()))?;
    if data.kind != kind {
        return Err(PasskeyError::WrongType(
            data.kind.chars().take(40).collect(),
        ));
    }
    let challenge = base64url_decode(&data.challenge)?;
    // Not secret (the page holds it), so a plain comparison.
    if challenge != expected.challenge {
        return Err(PasskeyError::WrongChallenge);
    }
    if data.origin != expected.origin {
        return Err(PasskeyError::WrongOrigin(
            data.origin.chars().take(200).collect(),
        ));
    }
    if data.cross_origin == Some(true) {
        return Err(PasskeyError::CrossOrigin);
    }
    Ok(())
}

/// The authenticator data, read.
struct AuthData<'a> {
    rp_id_hash: &'a [u8],
    flags: u8,
    sign_count: u32,
    /// The credential id and the COSE key's bytes, when attested credential data is there.
    credential: Option<(&'a [u8], &'a [u8])>,
}

/// Reads authenticator data: 32 bytes rpIdHash, the flags, the counter (big-endian), then
/// attested credential data (16 bytes AAGUID, 2 bytes length, the id, the COSE key) when
/// flagged, then extensions (a CBOR map) when flagged, then nothing.
fn auth_data(bytes: &[u8]) -> Result<AuthData<'_>, PasskeyError> {
    if bytes.len() < 37 {
        return Err(PasskeyError::AuthData("shorter than 37 bytes"));
    }
    let (rp_id_hash, rest) = bytes.split_at(32);
    let flags = rest[0];
    let sign_count = u32::from_be_bytes([rest[1], rest[2], rest[3], rest[4]]);
    let mut rest = &rest[5..];
    let mut credential = None;
    if flags & AT != 0 {
        if rest.len() < 18 {
            return Err(PasskeyError::AuthData("attested data cut short"));
        }
        let len = usize::from(u16::from_be_bytes([rest[16], rest[17]]));
        rest = &rest[18..];
        if len == 0 || len > MAX_CREDENTIAL_ID || rest.len() < len {
            return Err(PasskeyError::AuthData("bad credential id length"));
        }
        let (id, after) = rest.split_at(len);
        let (_, used) = cbor::decode_prefix(after)?;
        let (key, after) = after.split_at(used);
        credential = Some((id, key));
        rest = after;
    }
    if flags & ED != 0 {
        let (extensions, used) = cbor::decode_prefix(rest)?;
        if !matches!(extensions, cbor::Value::Map(_)) {
            return Err(PasskeyError::AuthData("extensions are not a map"));
        }
        rest = &rest[used..];
    }
    if !rest.is_empty() {
        return Err(PasskeyError::AuthData("bytes left over"));
    }
    Ok(AuthData {
        rp_id_hash,
        flags,
        sign_count,
        credential,
    })
}

/// Checks the authenticator data's rpIdHash and flags.
fn check_auth_data(data: &AuthData<'_>, expected: &Expected) -> Result<(), PasskeyError> {
    if data.rp_id_hash != Sha256::digest(expected.rp_id.as_bytes()).as_slice() {
        return Err(PasskeyError::WrongRp);
    }
    if data.flags & UP == 0 {
        return Err(PasskeyError::NotPresent);
    }
    if data.flags & UV == 0 {
        return Err(PasskeyError::NotVerified);
    }
    Ok(())
}

/// A public key read from COSE_Key bytes: its algorithm and what ring verifies with.
enum PublicKey {
    /// ES256: the uncompressed point (0x04, x, y).
    P256(Vec<u8>),
    /// EdDSA: the 32 bytes of an Ed25519 key.
    Ed25519(Vec<u8>),
    /// RS256: the modulus and the exponent, big-endian.
    Rsa { n: Vec<u8>, e: Vec<u8> },
}

impl PublicKey {
    /// Reads a COSE_Key (RFC 9052/9053): kty (1), alg (3), and per kty the curve (-1) and
    /// coordinates (-2, -3), or RSA's n (-1) and e (-2).
    fn from_cose(bytes: &[u8]) -> Result<(PublicKey, i64), PasskeyError> {
        let cbor::Value::Map(map) = cbor::decode(bytes)? else {
            return Err(PasskeyError::Key("not a map"));
        };
        let get = |key: i64| {
            map.iter()
                .find(|(k, _)| k.as_int() == Some(i128::from(key)))
                .map(|(_, v)| v)
        };
        let int = |key: i64| get(key).and_then(cbor::Value::as_int);
        let bytes_of = |key: i64| match get(key) {
            Some(cbor::Value::Bytes(b)) => Some(b.clone()),
            _ => None,
        };
        let kty = int(1).ok_or(PasskeyError::Key("no kty"))?;
        let alg = int(3).ok_or(PasskeyError::Key("no alg"))?;
        let alg = i64::try_from(alg).map_err(|_| PasskeyError::Key("alg out of range"))?;
        match (kty, alg) {
            (2, ES256) => {
                if int(-1) != Some(1) {
                    return Err(PasskeyError::Key("ES256 on a curve other than P-256"));
                }
                let (Some(x), Some(y)) = (bytes_of(-2), bytes_of(-3)) else {
                    return Err(PasskeyError::Key("no x or y"));
                };
                if x.len() != 32 || y.len() != 32 {
                    return Err(PasskeyError::Key("x and y are not 32 bytes"));
                }
                let mut point = Vec::with_capacity(65);
                point.push(4);
                point.extend_from_slice(&x);
                point.extend_from_slice(&y);
                Ok((PublicKey::P256(point), alg))
            }
            (1, EDDSA) => {
                if int(-1) != Some(6) {
                    return Err(PasskeyError::Key("EdDSA on a curve other than Ed25519"));
                }
                match bytes_of(-2) {
                    Some(x) if x.len() == 32 => Ok((PublicKey::Ed25519(x), alg)),
                    _ => Err(PasskeyError::Key("no 32-byte x")),
                }
            }
            (3, RS256) => {
                let (Some(n), Some(e)) = (bytes_of(-1), bytes_of(-2)) else {
                    return Err(PasskeyError::Key("no n or e"));
                };
                if !(256..=1024).contains(&n.len()) || e.is_empty() || e.len() > 8 {
                    return Err(PasskeyError::Key("RSA key of 2048 to 8192 bits"));
                }
                Ok((PublicKey::Rsa { n, e }, alg))
            }
            (1..=3, alg) => Err(PasskeyError::Algorithm(alg)),
            _ => Err(PasskeyError::Key("unknown kty")),
        }
    }

    /// Whether `signature` signs `message`.
    fn verify(&self, message: &[u8], sig: &[u8]) -> Result<(), PasskeyError> {
        let checked = match self {
            PublicKey::P256(point) => {
                UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_ASN1, point)
                    .verify(message, sig)
            }
            PublicKey::Ed25519(key) => {
                UnparsedPublicKey::new(&signature::ED25519, key).verify(message, sig)
            }
            PublicKey::Rsa { n, e } => signature::RsaPublicKeyComponents { n, e }.verify(
                &signature::RSA_PKCS1_2048_8192_SHA256,
                message,
                sig,
            ),
        };
        checked.map_err(|_| PasskeyError::Signature)
    }
}

/// Checks a new passkey: the browser's `clientDataJSON` and `attestationObject` (bytes, decoded
/// from base64url) against what the server expects.
///
/// # Errors
/// Whatever does not match ([`PasskeyError`]).
pub fn verify_registration(
    client_data_json: &[u8],
    attestation_object: &[u8],
    expected: &Expected,
) -> Result<Registered, PasskeyError> {
    check_client_data(client_data_json, "webauthn.create", expected)?;
    let cbor::Value::Map(map) = cbor::decode(attestation_object)? else {
        return Err(PasskeyError::Attestation("not a map"));
    };
    let field = |name: &str| {
        map.iter()
            .find(|(k, _)| matches!(k, cbor::Value::Text(t) if t == name))
            .map(|(_, v)| v)
    };
    // Any format is accepted and none is trusted (the module's documentation says why).
    if !matches!(field("fmt"), Some(cbor::Value::Text(_))) {
        return Err(PasskeyError::Attestation("no fmt"));
    }
    if !matches!(field("attStmt"), Some(cbor::Value::Map(_))) {
        return Err(PasskeyError::Attestation("no attStmt"));
    }
    let Some(cbor::Value::Bytes(auth)) = field("authData") else {
        return Err(PasskeyError::Attestation("no authData"));
    };
    let data = auth_data(auth)?;
    check_auth_data(&data, expected)?;
    let (id, key) = data
        .credential
        .ok_or(PasskeyError::AuthData("no attested credential data"))?;
    let (_, algorithm) = PublicKey::from_cose(key)?;
    Ok(Registered {
        credential_id: id.to_vec(),
        public_key: key.to_vec(),
        algorithm,
        sign_count: data.sign_count,
    })
}

/// Checks a sign-in: the browser's `clientDataJSON`, `authenticatorData` and `signature`
/// against the passkey's stored COSE `public_key` and signature counter; the new counter.
///
/// # Errors
/// Whatever does not match ([`PasskeyError`]).
pub fn verify_assertion(
    client_data_json: &[u8],
    authenticator_data: &[u8],
    sig: &[u8],
    public_key: &[u8],
    stored_count: u32,
    expected: &Expected,
) -> Result<u32, PasskeyError> {
    check_client_data(client_data_json, "webauthn.get", expected)?;
    let data = auth_data(authenticator_data)?;
    check_auth_data(&data, expected)?;
    let (key, _) = PublicKey::from_cose(public_key)?;
    let mut message = authenticator_data.to_vec();
    message.extend_from_slice(&Sha256::digest(client_data_json));
    key.verify(&message, sig)?;
    let new = data.sign_count;
    if (stored_count != 0 || new != 0) && new <= stored_count {
        return Err(PasskeyError::Counter {
            stored: stored_count,
            new,
        });
    }
    Ok(new)
}

/// The origin and rp id a page at `origin` (`scheme://host[:port]`) uses: the rp id is the
/// host without its port (an IPv6 address keeps no brackets; browsers refuse IP addresses as
/// rp ids anyway).
pub fn rp_id_of(origin: &str) -> &str {
    let host = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    if let Some(v6) = host.strip_prefix('[') {
        return v6.split(']').next().unwrap_or(v6);
    }
    host.rsplit_once(':').map_or(host, |(host, _)| host)
}

/// The base64url alphabet (RFC 4648 §5).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in base64url without padding, as WebAuthn's JSON writes them.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// The bytes of base64url `text` (padding tolerated, nothing else).
///
/// # Errors
/// [`PasskeyError::Base64`] for any other character or a length no encoding has.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, PasskeyError> {
    let text = text.trim_end_matches('=');
    if text.len() % 4 == 1 {
        return Err(PasskeyError::Base64);
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return Err(PasskeyError::Base64),
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // The bits left over are padding: an encoder writes them as zeros.
    if acc != 0 {
        return Err(PasskeyError::Base64);
    }
    Ok(out)
}

pub mod cbor {
    //! A strict reader of the CBOR (RFC 8949) WebAuthn sends: unsigned and negative
    //! integers, byte and text strings, arrays, maps, and the simple values false, true, null
    //! and undefined, all of definite length. Tags, floats and indefinite lengths are errors,
    //! as are repeated map keys, lengths beyond the bytes left and nesting deeper than
    //! [`MAX_DEPTH`]. It never panics and never allocates more than the input's size.

    /// The deepest nesting read (an attestation object is 4 deep at most).
    pub const MAX_DEPTH: usize = 8;

    /// A CBOR value.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Value {
        /// An unsigned integer.
        Uint(u64),
        /// A negative integer: -1 - n.
        Neg(u64),
        /// A byte string.
        Bytes(Vec<u8>),
        /// A text string.
        Text(String),
        /// An array.
        Array(Vec<Value>),
        /// A map, in the order written.
        Map(Vec<(Value, Value)>),
        /// false or true.
        Bool(bool),
        /// null or undefined.
        Null,
    }

    impl Value {
        /// The value as an integer, when it is one.
        pub fn as_int(&self) -> Option<i128> {
            match self {
                Value::Uint(n) => Some(i128::from(*n)),
                Value::Neg(n) => Some(-1 - i128::from(*n)),
                _ => None,
            }
        }
    }

    /// Why bytes are not the CBOR read here.
    #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
    pub enum CborError {
        /// The bytes end inside a value.
        #[error("the bytes end inside a value (at byte {0})")]
        Truncated(usize),
        /// Bytes follow the value.
        #[error("bytes follow the value (at byte {0})")]
        Trailing(usize),
        /// Nested deeper than [`MAX_DEPTH`].
        #[error("nested deeper than {MAX_DEPTH}")]
        TooDeep,
        /// A kind of value WebAuthn does not use (a tag, a float, an indefinite length).
        #[error("unsupported item 0x{0:02x} (at byte {1})")]
        Unsupported(u8, usize),
        /// A text string that is not UTF-8.
        #[error("a text string that is not UTF-8 (at byte {0})")]
        NotUtf8(usize),
        /// The same key twice in a map.
        #[error("a map repeats a key (at byte {0})")]
        RepeatedKey(usize),
    }

    /// The one value `bytes` hold, nothing after it.
    ///
    /// # Errors
    /// When the bytes are not one value read here ([`CborError`]).
    pub fn decode(bytes: &[u8]) -> Result<Value, CborError> {
        let (value, used) = decode_prefix(bytes)?;
        if used != bytes.len() {
            return Err(CborError::Trailing(used));
        }
        Ok(value)
    }

    /// The value at the start of `bytes`, and how many bytes it took.
    ///
    /// # Errors
    /// When the bytes do not start with a value read here ([`CborError`]).
    pub fn decode_prefix(bytes: &[u8]) -> Result<(Value, usize), CborError> {
        let mut reader = Reader { bytes, at: 0 };
        let value = reader.value(0)?;
        Ok((value, reader.at))
    }

    struct Reader<'a> {
        bytes: &'a [u8],
        at: usize,
    }

    impl Reader<'_> {
        fn left(&self) -> usize {
            self.bytes.len() - self.at
        }

        fn take(&mut self, n: usize) -> Result<&[u8], CborError> {
            if n > self.left() {
                return Err(CborError::Truncated(self.at));
            }
            let start = self.at;
            self.at += n;
            Ok(&self.bytes[start..self.at])
        }

        /// The argument of a head whose additional information is `info`.
        fn argument(&mut self, initial: u8, info: u8) -> Result<u64, CborError> {
            let at = self.at - 1;
            let n = match info {
                0..=23 => return Ok(u64::from(info)),
                24 => 1,
                25 => 2,
                26 => 4,
                27 => 8,
                _ => return Err(CborError::Unsupported(initial, at)),
            };
            Ok(self
                .take(n)?
                .iter()
                .fold(0u64, |acc, b| (acc << 8) | u64::from(*b)))
        }

        /// A length that fits in the bytes left, `each` bytes at least an item.
        fn length(&mut self, initial: u8, info: u8, each: usize) -> Result<usize, CborError> {
            let at = self.at;
            let n = self.argument(initial, info)?;
            match usize::try_from(n) {
                Ok(n) if n.saturating_mul(each) <= self.left() => Ok(n),
                _ => Err(CborError::Truncated(at)),
            }
        }

        fn value(&mut self, depth: usize) -> Result<Value, CborError> {
            if depth > MAX_DEPTH {
                return Err(CborError::TooDeep);
            }
            let initial = self.take(1)?[0];
            let (major, info) = (initial >> 5, initial & 0x1f);
            Ok(match major {
                0 => Value::Uint(self.argument(initial, info)?),
                1 => Value::Neg(self.argument(initial, info)?),
                2 => {
                    let n = self.length(initial, info, 1)?;
                    Value::Bytes(self.take(n)?.to_vec())
                }
                3 => {
                    let n = self.length(initial, info, 1)?;
                    let at = self.at;
                    let text =
                        std::str::from_utf8(self.take(n)?).map_err(|_| CborError::NotUtf8(at))?;
                    Value::Text(text.to_string())
                }
                4 => {
                    let n = self.length(initial, info, 1)?;
                    let mut items = Vec::with_capacity(n);
                    for _ in 0..n {
                        items.push(self.value(depth + 1)?);
                    }
                    Value::Array(items)
                }
                5 => {
                    let n = self.length(initial, info, 2)?;
                    let mut pairs: Vec<(Value, Value)> = Vec::with_capacity(n);
                    for _ in 0..n {
                        let at = self.at;
                        let key = self.value(depth + 1)?;
                        if pairs.iter().any(|(k, _)| *k == key) {
                            return Err(CborError::RepeatedKey(at));
                        }
                        let value = self.value(depth + 1)?;
                        pairs.push((key, value));
                    }
                    Value::Map(pairs)
                }
                7 => match info {
                    20 => Value::Bool(false),
                    21 => Value::Bool(true),
                    22 | 23 => Value::Null,
                    _ => return Err(CborError::Unsupported(initial, self.at - 1)),
                },
                // 6: tags.
                _ => return Err(CborError::Unsupported(initial, self.at - 1)),
            })
        }
    }
}

#[cfg(test)]
mod tests;
