//! A software passkey authenticator for the tests of the server and of the cluster: one P-256
//! key (ring's), answering `navigator.credentials.create` and `.get` as a browser would, in
//! WebAuthn's JSON (base64url), with the user present and verified and `fmt: "none"`.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_ASN1_SIGNING, EcdsaKeyPair, KeyPair};
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

/// A software authenticator holding one passkey (a P-256 key), for one site.
pub struct Soft {
    key: EcdsaKeyPair,
    /// The credential id.
    pub id: Vec<u8>,
    /// The signature counter, raised before each signature.
    pub count: u32,
    /// The rp id of the site it was made for.
    pub rp: String,
    /// The user handle the site gave.
    pub handle: Vec<u8>,
}

impl Soft {
    /// A new key, not yet made for any site.
    ///
    /// # Panics
    /// When ring cannot make a key.
    #[allow(clippy::new_without_default, reason = "each is a new random key")]
    pub fn new() -> Soft {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &rng).unwrap();
        let key = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &rng)
            .unwrap();
        let id = Sha256::digest(key.public_key().as_ref())[..16].to_vec();
        Soft {
            key,
            id,
            count: 0,
            rp: String::new(),
            handle: Vec::new(),
        }
    }

    /// The COSE key: {1: 2, 3: -7, -1: 1, -2: x, -3: y}.
    pub fn cose(&self) -> Vec<u8> {
        let p = self.key.public_key().as_ref();
        let mut out = vec![0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21];
        cbor_bytes(&mut out, &p[1..33]);
        out.push(0x22);
        cbor_bytes(&mut out, &p[33..]);
        out
    }

    fn auth_data(&self, attested: bool) -> Vec<u8> {
        let mut d = Sha256::digest(self.rp.as_bytes()).to_vec();
        // UP, UV, and AT for a new passkey.
        d.push(0x05 | if attested { 0x40 } else { 0 });
        d.extend(self.count.to_be_bytes());
        if attested {
            d.extend([0u8; 16]);
            d.extend((self.id.len() as u16).to_be_bytes());
            d.extend(&self.id);
            d.extend(self.cose());
        }
        d
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
        let client = json!({"type": "webauthn.create", "challenge": options["challenge"],
            "origin": origin, "crossOrigin": false})
        .to_string();
        let mut object = vec![0xa3];
        cbor_text(&mut object, "fmt");
        cbor_text(&mut object, "none");
        cbor_text(&mut object, "attStmt");
        object.push(0xa0);
        cbor_text(&mut object, "authData");
        cbor_bytes(&mut object, &self.auth_data(true));
        json!({
            "id": b64(&self.id),
            "rawId": b64(&self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client.as_bytes()),
                "attestationObject": b64(&object),
            },
            "label": "Test key",
        })
    }

    /// Signs in as `navigator.credentials.get(options)` would at `origin`.
    ///
    /// # Panics
    /// When the options are another site's, or do not ask for the user verified.
    pub fn get(&mut self, options: &Value, origin: &str) -> Value {
        assert_eq!(options["userVerification"], "required");
        assert_eq!(options["rpId"].as_str(), Some(self.rp.as_str()));
        self.count += 1;
        let client = json!({"type": "webauthn.get", "challenge": options["challenge"],
            "origin": origin})
        .to_string();
        let data = self.auth_data(false);
        let mut message = data.clone();
        message.extend(Sha256::digest(client.as_bytes()));
        let sig = self.key.sign(&SystemRandom::new(), &message).unwrap();
        json!({
            "id": b64(&self.id),
            "rawId": b64(&self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client.as_bytes()),
                "authenticatorData": b64(&data),
                "signature": b64(sig.as_ref()),
                "userHandle": b64(&self.handle),
            },
        })
    }
}
