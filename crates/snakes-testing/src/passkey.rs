//! A software passkey authenticator for the tests of the server, of its verifier and of the
//! cluster: one key (ring's: P-256, Ed25519 or RSA), answering `navigator.credentials.create`
//! and `.get` as a browser would, in WebAuthn's JSON (base64url), with the user present and
//! verified and `fmt: "none"`; or, for the verifier's tests, the raw bytes of each ceremony
//! of any type on any challenge, with any flags.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ring::rand::SystemRandom;
use ring::signature::{
    ECDSA_P256_SHA256_ASN1_SIGNING, EcdsaKeyPair, Ed25519KeyPair, KeyPair, RSA_PKCS1_SHA256,
    RsaKeyPair,
};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// `bytes` in base64url without padding, as WebAuthn's JSON writes them.
pub fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The bytes of a base64url JSON string.
///
/// # Panics
/// When `v` is not a string of base64url.
pub fn unb64(v: &Value) -> Vec<u8> {
    URL_SAFE_NO_PAD
        .decode(v.as_str().unwrap_or_else(|| panic!("not a string: {v}")))
        .unwrap()
}

/// CBOR's head of major type `major` and argument `n`.
fn head(out: &mut Vec<u8>, major: u8, n: usize) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | n as u8),
        24..=0xff => out.extend([m | 24, n as u8]),
        _ => {
            out.push(m | 25);
            out.extend((n as u16).to_be_bytes());
        }
    }
}

fn cbor_bytes(out: &mut Vec<u8>, b: &[u8]) {
    head(out, 2, b.len());
    out.extend(b);
}

fn cbor_text(out: &mut Vec<u8>, t: &str) {
    head(out, 3, t.len());
    out.extend(t.as_bytes());
}

/// The key of a [`Soft`] passkey, of one of the three algorithms the server takes.
pub enum Key {
    /// ES256: ECDSA on P-256 with SHA-256.
    P256(EcdsaKeyPair),
    /// EdDSA: Ed25519.
    Ed(Ed25519KeyPair),
    /// RS256: RSASSA-PKCS1-v1_5 with SHA-256.
    Rsa(RsaKeyPair),
}

impl Key {
    /// The public key's bytes as ring has them.
    fn public(&self) -> &[u8] {
        match self {
            Key::P256(k) => k.public_key().as_ref(),
            Key::Ed(k) => k.public_key().as_ref(),
            Key::Rsa(k) => k.public_key().as_ref(),
        }
    }
}

/// The authenticator data's flags: the user present (UP), verified (UV), and credential data
/// attached (AT).
const UP: u8 = 0x01;
const UV: u8 = 0x04;
const AT: u8 = 0x40;

/// clientDataJSON of a ceremony of `kind` (`webauthn.create`, `webauthn.get`) on `challenge`
/// at `origin`.
pub fn client_data(kind: &str, challenge: &[u8], origin: &str) -> Vec<u8> {
    json!({"type": kind, "challenge": b64(challenge), "origin": origin, "crossOrigin": false})
        .to_string()
        .into_bytes()
}

/// A software authenticator holding one passkey, for one site.
pub struct Soft {
    /// The key.
    pub key: Key,
    /// The credential id.
    pub id: Vec<u8>,
    /// The signature counter, raised (wrapping) before each signature.
    pub count: u32,
    /// The flags of the authenticator data (the user present and verified unless changed).
    pub flags: u8,
    /// The rp id of the site it was made for.
    pub rp: String,
    /// The user handle the site gave.
    pub handle: Vec<u8>,
}

impl Soft {
    /// A new P-256 key, not yet made for any site.
    ///
    /// # Panics
    /// When ring cannot make a key.
    #[allow(clippy::new_without_default, reason = "each is a new random key")]
    pub fn new() -> Soft {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &rng).unwrap();
        let key = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &rng)
            .unwrap();
        Soft::with(Key::P256(key))
    }

    /// A passkey of `key`, not yet made for any site.
    pub fn with(key: Key) -> Soft {
        let id = Sha256::digest(key.public())[..16].to_vec();
        Soft {
            key,
            id,
            count: 0,
            flags: UP | UV,
            rp: String::new(),
            handle: Vec::new(),
        }
    }

    /// The COSE key: EC2 {1: 2, 3: -7, -1: 1, -2: x, -3: y}, OKP {1: 1, 3: -8, -1: 6, -2: x}
    /// or RSA {1: 3, 3: -257, -1: n, -2: e}.
    pub fn cose(&self) -> Vec<u8> {
        match &self.key {
            Key::P256(k) => {
                let p = k.public_key().as_ref();
                let mut out = vec![0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21];
                cbor_bytes(&mut out, &p[1..33]);
                out.push(0x22);
                cbor_bytes(&mut out, &p[33..]);
                out
            }
            Key::Ed(k) => {
                let mut out = vec![0xa4, 0x01, 0x01, 0x03, 0x27, 0x20, 0x06, 0x21];
                cbor_bytes(&mut out, k.public_key().as_ref());
                out
            }
            Key::Rsa(k) => {
                let parts = ring::rsa::PublicKeyComponents::<Vec<u8>>::from(k.public());
                let mut out = vec![0xa4, 0x01, 0x03, 0x03, 0x39, 0x01, 0x00, 0x20];
                cbor_bytes(&mut out, &parts.n);
                out.push(0x21);
                cbor_bytes(&mut out, &parts.e);
                out
            }
        }
    }

    /// The authenticator data: the rp id's hash, the flags, the counter, and for a new passkey
    /// (`attested`) its credential id and key.
    pub fn auth_data(&self, attested: bool) -> Vec<u8> {
        let mut d = Sha256::digest(self.rp.as_bytes()).to_vec();
        d.push(self.flags | if attested { AT } else { 0 });
        d.extend(self.count.to_be_bytes());
        if attested {
            d.extend([0u8; 16]);
            d.extend((self.id.len() as u16).to_be_bytes());
            d.extend(&self.id);
            d.extend(self.cose());
        }
        d
    }

    /// Makes the passkey in a ceremony of `kind` on `challenge` at `origin`: clientDataJSON
    /// and the attestation object (`fmt: "none"`).
    pub fn make(&self, kind: &str, challenge: &[u8], origin: &str) -> (Vec<u8>, Vec<u8>) {
        let client = client_data(kind, challenge, origin);
        let mut object = vec![0xa3];
        cbor_text(&mut object, "fmt");
        cbor_text(&mut object, "none");
        cbor_text(&mut object, "attStmt");
        object.push(0xa0);
        cbor_text(&mut object, "authData");
        cbor_bytes(&mut object, &self.auth_data(true));
        (client, object)
    }

    /// Signs a ceremony of `kind` on `challenge` at `origin`, the counter raised first:
    /// clientDataJSON, the authenticator data and the signature.
    ///
    /// # Panics
    /// When ring cannot sign.
    pub fn sign(
        &mut self,
        kind: &str,
        challenge: &[u8],
        origin: &str,
    ) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        self.count = self.count.wrapping_add(1);
        let client = client_data(kind, challenge, origin);
        let data = self.auth_data(false);
        let mut message = data.clone();
        message.extend(Sha256::digest(&client));
        let rng = SystemRandom::new();
        let sig = match &self.key {
            Key::P256(k) => k.sign(&rng, &message).unwrap().as_ref().to_vec(),
            Key::Ed(k) => k.sign(&message).as_ref().to_vec(),
            Key::Rsa(k) => {
                let mut sig = vec![0; k.public().modulus_len()];
                k.sign(&RSA_PKCS1_SHA256, &rng, &message, &mut sig).unwrap();
                sig
            }
        };
        (client, data, sig)
    }

    /// The credential as WebAuthn's JSON has it, with the authenticator's `response`.
    fn credential(&self, response: Value) -> Value {
        json!({
            "id": b64(&self.id),
            "rawId": b64(&self.id),
            "type": "public-key",
            "response": response,
        })
    }

    /// Makes the passkey as `navigator.credentials.create(options)` would at `origin`: the
    /// answer the page sends.
    ///
    /// # Panics
    /// When the options ask for less than a discoverable, verified passkey.
    pub fn create(&mut self, options: &Value, origin: &str) -> Value {
        assert_eq!(options["authenticatorSelection"]["residentKey"], "required");
        assert_eq!(
            options["authenticatorSelection"]["userVerification"],
            "required"
        );
        self.rp = options["rp"]["id"].as_str().unwrap().to_string();
        self.handle = unb64(&options["user"]["id"]);
        let (client, object) = self.make("webauthn.create", &unb64(&options["challenge"]), origin);
        let mut answer = self.credential(json!({
            "clientDataJSON": b64(&client),
            "attestationObject": b64(&object),
        }));
        answer["label"] = json!("Test key");
        answer
    }

    /// Signs in as `navigator.credentials.get(options)` would at `origin`.
    ///
    /// # Panics
    /// When the options are another site's, or do not ask for the user verified.
    pub fn get(&mut self, options: &Value, origin: &str) -> Value {
        assert_eq!(options["userVerification"], "required");
        assert_eq!(options["rpId"].as_str(), Some(self.rp.as_str()));
        let (client, data, sig) = self.sign("webauthn.get", &unb64(&options["challenge"]), origin);
        self.credential(json!({
            "clientDataJSON": b64(&client),
            "authenticatorData": b64(&data),
            "signature": b64(&sig),
            "userHandle": b64(&self.handle),
        }))
    }
}
