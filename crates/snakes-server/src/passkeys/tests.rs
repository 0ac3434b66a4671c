//! The verifier against the software authenticator of `snakes_testing::passkey` (ring's keys),
//! one test per check, and the CBOR reader against random and cut bytes.

use ring::rand::SystemRandom;
use ring::signature::{Ed25519KeyPair, RsaKeyPair};
use snakes_testing::passkey::{Key, Soft, client_data};

use super::*;

const ORIGIN: &str = "https://games.example.org";
const RP: &str = "games.example.org";

/// CBOR written by hand for the tests.
enum C {
    U(u64),
    N(i64),
    B(Vec<u8>),
    T(&'static str),
    A(Vec<C>),
    M(Vec<(C, C)>),
}

fn head(out: &mut Vec<u8>, major: u8, n: u64) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | n as u8),
        24..=0xff => out.extend([m | 24, n as u8]),
        0x100..=0xffff => {
            out.push(m | 25);
            out.extend((n as u16).to_be_bytes());
        }
        0x1_0000..=0xffff_ffff => {
            out.push(m | 26);
            out.extend((n as u32).to_be_bytes());
        }
        _ => {
            out.push(m | 27);
            out.extend(n.to_be_bytes());
        }
    }
}

fn enc(c: &C) -> Vec<u8> {
    let mut out = Vec::new();
    write(&mut out, c);
    out
}

fn write(out: &mut Vec<u8>, c: &C) {
    match c {
        C::U(n) => head(out, 0, *n),
        C::N(n) => head(out, 1, (-1 - *n) as u64),
        C::B(b) => {
            head(out, 2, b.len() as u64);
            out.extend(b);
        }
        C::T(t) => {
            head(out, 3, t.len() as u64);
            out.extend(t.as_bytes());
        }
        C::A(items) => {
            head(out, 4, items.len() as u64);
            items.iter().for_each(|i| write(out, i));
        }
        C::M(pairs) => {
            head(out, 5, pairs.len() as u64);
            for (k, v) in pairs {
                write(out, k);
                write(out, v);
            }
        }
    }
}

/// A P-256 passkey of the software authenticator, for [`RP`].
fn p256() -> Soft {
    Soft {
        rp: RP.into(),
        ..Soft::new()
    }
}

fn expected(challenge: &[u8]) -> Expected<'_> {
    Expected {
        origin: ORIGIN,
        rp_id: RP,
        challenge,
    }
}

/// Registers `soft`'s passkey; what the store would keep.
fn register(soft: &Soft) -> Registered {
    let challenge = random(CHALLENGE_BYTES);
    let (client, object) = soft.make("webauthn.create", &challenge, ORIGIN);
    verify_registration(&client, &object, &expected(&challenge)).unwrap()
}

#[test]
fn a_p256_passkey_registers_and_signs_in_with_its_counter_going_up() {
    let mut soft = p256();
    let challenge = random(CHALLENGE_BYTES);
    let (client, object) = soft.make("webauthn.create", &challenge, ORIGIN);
    assert_eq!(challenge_of(&client).unwrap(), challenge);
    let reg = verify_registration(&client, &object, &expected(&challenge)).unwrap();
    assert_eq!(reg.credential_id, soft.id);
    assert_eq!(reg.public_key, soft.cose());
    assert_eq!(reg.algorithm, ES256);
    assert_eq!(reg.sign_count, 0);
    let challenge = random(CHALLENGE_BYTES);
    let (c, d, s) = soft.sign("webauthn.get", &challenge, ORIGIN);
    let count = verify_assertion(&c, &d, &s, &reg.public_key, 0, &expected(&challenge));
    assert_eq!(count, Ok(1));
    let (c, d, s) = soft.sign("webauthn.get", &challenge, ORIGIN);
    assert_eq!(
        verify_assertion(&c, &d, &s, &reg.public_key, 1, &expected(&challenge)),
        Ok(2)
    );
}

#[test]
fn ed25519_and_rsa_passkeys_sign_in_too() {
    let rng = SystemRandom::new();
    let pkcs8 = Ed25519KeyPair::generate_pkcs8(&rng).unwrap();
    let ed = Key::Ed(Ed25519KeyPair::from_pkcs8(pkcs8.as_ref()).unwrap());
    // A 2048-bit key made once with `openssl genpkey` for this test (ring makes none).
    let rsa = Key::Rsa(RsaKeyPair::from_pkcs8(include_bytes!("rsa-2048-test-key.der")).unwrap());
    for (key, alg) in [(ed, EDDSA), (rsa, RS256)] {
        let mut soft = Soft {
            rp: RP.into(),
            ..Soft::with(key)
        };
        let reg = register(&soft);
        assert_eq!(reg.algorithm, alg);
        let challenge = random(CHALLENGE_BYTES);
        let (c, d, mut s) = soft.sign("webauthn.get", &challenge, ORIGIN);
        let e = expected(&challenge);
        assert_eq!(verify_assertion(&c, &d, &s, &reg.public_key, 0, &e), Ok(1));
        s[10] ^= 1;
        assert_eq!(
            verify_assertion(&c, &d, &s, &reg.public_key, 0, &e),
            Err(PasskeyError::Signature)
        );
    }
}

#[test]
fn the_wrong_ceremony_type_is_refused_both_ways() {
    let mut soft = p256();
    let challenge = random(CHALLENGE_BYTES);
    let (client, object) = soft.make("webauthn.get", &challenge, ORIGIN);
    assert_eq!(
        verify_registration(&client, &object, &expected(&challenge)),
        Err(PasskeyError::WrongType("webauthn.get".into()))
    );
    let reg = register(&soft);
    let (c, d, s) = soft.sign("webauthn.create", &challenge, ORIGIN);
    assert_eq!(
        verify_assertion(&c, &d, &s, &reg.public_key, 0, &expected(&challenge)),
        Err(PasskeyError::WrongType("webauthn.create".into()))
    );
}

#[test]
fn another_origin_is_refused_even_with_this_servers_rp_id() {
    let mut soft = p256();
    let challenge = random(CHALLENGE_BYTES);
    let evil = "https://games.example.org.evil.test";
    let (client, object) = soft.make("webauthn.create", &challenge, evil);
    assert_eq!(
        verify_registration(&client, &object, &expected(&challenge)),
        Err(PasskeyError::WrongOrigin(evil.into()))
    );
    let reg = register(&soft);
    let (c, d, s) = soft.sign("webauthn.get", &challenge, "http://games.example.org");
    assert_eq!(
        verify_assertion(&c, &d, &s, &reg.public_key, 0, &expected(&challenge)),
        Err(PasskeyError::WrongOrigin("http://games.example.org".into()))
    );
    // In a frame of another site.
    let client = serde_json::json!({"type": "webauthn.create", "challenge": base64url(&challenge),
        "origin": ORIGIN, "crossOrigin": true})
    .to_string();
    let (_, object) = soft.make("webauthn.create", &challenge, ORIGIN);
    assert_eq!(
        verify_registration(client.as_bytes(), &object, &expected(&challenge)),
        Err(PasskeyError::CrossOrigin)
    );
}

#[test]
fn another_challenge_is_refused() {
    let mut soft = p256();
    let given = random(CHALLENGE_BYTES);
    let other = random(CHALLENGE_BYTES);
    let (client, object) = soft.make("webauthn.create", &other, ORIGIN);
    assert_eq!(
        verify_registration(&client, &object, &expected(&given)),
        Err(PasskeyError::WrongChallenge)
    );
    let reg = register(&soft);
    let (c, d, s) = soft.sign("webauthn.get", &other, ORIGIN);
    assert_eq!(
        verify_assertion(&c, &d, &s, &reg.public_key, 0, &expected(&given)),
        Err(PasskeyError::WrongChallenge)
    );
}

#[test]
fn a_challenge_unknown_used_expired_or_for_another_ceremony_is_refused() {
    let taken = Taken {
        purpose: "sign-in".into(),
        expires_at: 1_000 + CHALLENGE_MS,
    };
    assert_eq!(check_taken(Some(&taken), "sign-in", 1_000), Ok(()));
    assert_eq!(
        check_taken(Some(&taken), "sign-in", 1_000 + CHALLENGE_MS - 1),
        Ok(())
    );
    // Unknown, or used already: the store gave nothing back.
    assert_eq!(
        check_taken(None, "sign-in", 1_000),
        Err(PasskeyError::UnknownChallenge)
    );
    assert_eq!(
        check_taken(Some(&taken), "sign-in", 1_000 + CHALLENGE_MS),
        Err(PasskeyError::ExpiredChallenge)
    );
    assert_eq!(
        check_taken(Some(&taken), "sign-up", 1_000),
        Err(PasskeyError::WrongPurpose)
    );
}

#[test]
fn another_rp_id_hash_is_refused() {
    let mut soft = p256();
    soft.rp = "example.org".into();
    let challenge = random(CHALLENGE_BYTES);
    let (client, object) = soft.make("webauthn.create", &challenge, ORIGIN);
    assert_eq!(
        verify_registration(&client, &object, &expected(&challenge)),
        Err(PasskeyError::WrongRp)
    );
    let reg = {
        let mut right = p256();
        std::mem::swap(&mut right.key, &mut soft.key);
        let reg = register(&right);
        std::mem::swap(&mut right.key, &mut soft.key);
        reg
    };
    let (c, d, s) = soft.sign("webauthn.get", &challenge, ORIGIN);
    assert_eq!(
        verify_assertion(&c, &d, &s, &reg.public_key, 0, &expected(&challenge)),
        Err(PasskeyError::WrongRp)
    );
}

#[test]
fn user_presence_and_verification_are_both_required() {
    for (flags, error) in [
        (UV, PasskeyError::NotPresent),
        (UP, PasskeyError::NotVerified),
        (0, PasskeyError::NotPresent),
    ] {
        let mut soft = p256();
        let reg = register(&soft);
        soft.flags = flags;
        let challenge = random(CHALLENGE_BYTES);
        let (client, object) = soft.make("webauthn.create", &challenge, ORIGIN);
        assert_eq!(
            verify_registration(&client, &object, &expected(&challenge)),
            Err(error.clone())
        );
        let (c, d, s) = soft.sign("webauthn.get", &challenge, ORIGIN);
        assert_eq!(
            verify_assertion(&c, &d, &s, &reg.public_key, 0, &expected(&challenge)),
            Err(error)
        );
    }
}

#[test]
fn a_bad_signature_or_another_key_is_refused() {
    let mut soft = p256();
    let reg = register(&soft);
    let other = register(&p256());
    let challenge = random(CHALLENGE_BYTES);
    let e = expected(&challenge);
    let (c, d, s) = soft.sign("webauthn.get", &challenge, ORIGIN);
    assert_eq!(
        verify_assertion(&c, &d, &s, &other.public_key, 0, &e),
        Err(PasskeyError::Signature)
    );
    let mut bad = s.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x40;
    assert_eq!(
        verify_assertion(&c, &d, &bad, &reg.public_key, 0, &e),
        Err(PasskeyError::Signature)
    );
    // The data signed changed after signing: the counter raised by hand.
    let mut d2 = d.clone();
    d2[36] += 1;
    assert_eq!(
        verify_assertion(&c, &d2, &s, &reg.public_key, 0, &e),
        Err(PasskeyError::Signature)
    );
    assert_eq!(verify_assertion(&c, &d, &s, &reg.public_key, 0, &e), Ok(1));
}

#[test]
fn a_counter_that_does_not_go_up_is_refused_unless_both_are_zero() {
    let mut soft = p256();
    let reg = register(&soft);
    let challenge = random(CHALLENGE_BYTES);
    let e = expected(&challenge);
    soft.count = 4;
    let (c, d, s) = soft.sign("webauthn.get", &challenge, ORIGIN);
    assert_eq!(
        verify_assertion(&c, &d, &s, &reg.public_key, 5, &e),
        Err(PasskeyError::Counter { stored: 5, new: 5 })
    );
    assert_eq!(
        verify_assertion(&c, &d, &s, &reg.public_key, 7, &e),
        Err(PasskeyError::Counter { stored: 7, new: 5 })
    );
    assert_eq!(verify_assertion(&c, &d, &s, &reg.public_key, 4, &e), Ok(5));
    // An authenticator that counts nothing (0 then 0) passes; one that stopped counting does
    // not.
    soft.count = u32::MAX;
    let (c, d, s) = soft.sign("webauthn.get", &challenge, ORIGIN);
    assert_eq!(verify_assertion(&c, &d, &s, &reg.public_key, 0, &e), Ok(0));
    assert_eq!(
        verify_assertion(&c, &d, &s, &reg.public_key, 3, &e),
        Err(PasskeyError::Counter { stored: 3, new: 0 })
    );
}

#[test]
fn malformed_cbor_cose_and_authenticator_data_are_refused() {
    let soft = p256();
    let challenge = random(CHALLENGE_BYTES);
    let e = expected(&challenge);
    let (client, object) = soft.make("webauthn.create", &challenge, ORIGIN);
    // Cut short, and one byte too many.
    let cut = &object[..object.len() - 1];
    assert!(matches!(
        verify_registration(&client, cut, &e),
        Err(PasskeyError::Cbor(cbor::CborError::Truncated(_)))
    ));
    let mut long = object.clone();
    long.push(0);
    assert!(matches!(
        verify_registration(&client, &long, &e),
        Err(PasskeyError::Cbor(cbor::CborError::Trailing(_)))
    ));
    // Not a map; no authData.
    assert_eq!(
        verify_registration(&client, &enc(&C::A(vec![])), &e),
        Err(PasskeyError::Attestation("not a map"))
    );
    let no_data = enc(&C::M(vec![
        (C::T("fmt"), C::T("none")),
        (C::T("attStmt"), C::M(vec![])),
    ]));
    assert_eq!(
        verify_registration(&client, &no_data, &e),
        Err(PasskeyError::Attestation("no authData"))
    );
    // Authenticator data without the attested credential.
    let bare = enc(&C::M(vec![
        (C::T("fmt"), C::T("packed")),
        (
            C::T("attStmt"),
            C::M(vec![(C::T("x5c"), C::A(vec![C::B(vec![1])]))]),
        ),
        (C::T("authData"), C::B(soft.auth_data(false))),
    ]));
    assert_eq!(
        verify_registration(&client, &bare, &e),
        Err(PasskeyError::AuthData("no attested credential data"))
    );
    // A COSE key missing its y.
    let mut half = soft.auth_data(false);
    half[32] |= AT;
    half.extend([0u8; 16]);
    half.extend(1u16.to_be_bytes());
    half.push(9);
    half.extend(enc(&C::M(vec![
        (C::U(1), C::U(2)),
        (C::U(3), C::N(ES256)),
        (C::N(-1), C::U(1)),
        (C::N(-2), C::B(vec![0; 32])),
    ])));
    let object = enc(&C::M(vec![
        (C::T("fmt"), C::T("none")),
        (C::T("attStmt"), C::M(vec![])),
        (C::T("authData"), C::B(half)),
    ]));
    assert_eq!(
        verify_registration(&client, &object, &e),
        Err(PasskeyError::Key("no x or y"))
    );
    // Client data that is not JSON; a challenge that is not base64url.
    assert!(matches!(
        verify_registration(b"{", &object, &e),
        Err(PasskeyError::ClientData(_))
    ));
    let client = br#"{"type":"webauthn.create","challenge":"a+b/","origin":"x"}"#;
    assert_eq!(
        verify_registration(client, &object, &e),
        Err(PasskeyError::Base64)
    );
    // Short authenticator data on a sign-in.
    let reg = register(&soft);
    let client = client_data("webauthn.get", &challenge, ORIGIN);
    assert_eq!(
        verify_assertion(&client, &[0; 36], &[], &reg.public_key, 0, &e),
        Err(PasskeyError::AuthData("shorter than 37 bytes"))
    );
}

#[test]
fn algorithms_other_than_es256_eddsa_and_rs256_are_refused() {
    let soft = p256();
    let challenge = random(CHALLENGE_BYTES);
    let client = client_data("webauthn.create", &challenge, ORIGIN);
    // ES384 (-35) on an EC2 key.
    let key = enc(&C::M(vec![
        (C::U(1), C::U(2)),
        (C::U(3), C::N(-35)),
        (C::N(-1), C::U(2)),
        (C::N(-2), C::B(vec![0; 48])),
        (C::N(-3), C::B(vec![0; 48])),
    ]));
    let mut data = soft.auth_data(false);
    data[32] |= AT;
    data.extend([0u8; 16]);
    data.extend(1u16.to_be_bytes());
    data.push(9);
    data.extend(key);
    let object = enc(&C::M(vec![
        (C::T("fmt"), C::T("none")),
        (C::T("attStmt"), C::M(vec![])),
        (C::T("authData"), C::B(data)),
    ]));
    assert_eq!(
        verify_registration(&client, &object, &expected(&challenge)),
        Err(PasskeyError::Algorithm(-35))
    );
}

#[test]
fn base64url_round_trips_and_refuses_other_alphabets() {
    for n in 0..70 {
        let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + 11) as u8).collect();
        let text = base64url(&bytes);
        assert!(!text.contains(['=', '+', '/']));
        assert_eq!(base64url_decode(&text).unwrap(), bytes);
    }
    assert_eq!(base64url(b"\xfb\xff"), "-_8");
    assert_eq!(base64url_decode("-_8").unwrap(), b"\xfb\xff");
    assert_eq!(base64url_decode("+/8"), Err(PasskeyError::Base64));
    assert_eq!(base64url_decode("A"), Err(PasskeyError::Base64));
    // Bits after the last byte that are not zero: no encoder writes them.
    assert_eq!(base64url_decode("-_9"), Err(PasskeyError::Base64));
}

#[test]
fn rp_id_is_the_origins_host_without_port() {
    assert_eq!(rp_id_of("https://games.example.org"), "games.example.org");
    assert_eq!(rp_id_of("http://localhost:8080"), "localhost");
    assert_eq!(rp_id_of("http://[::1]:8080"), "::1");
}

#[test]
fn the_cbor_reader_reads_what_webauthn_writes_and_refuses_the_rest() {
    use cbor::{CborError, Value, decode};
    let v = decode(&enc(&C::M(vec![
        (
            C::T("a"),
            C::A(vec![C::U(500), C::N(-257), C::B(vec![1, 2])]),
        ),
        (C::U(70_000), C::U(u64::MAX)),
    ])))
    .unwrap();
    assert_eq!(
        v,
        Value::Map(vec![
            (
                Value::Text("a".into()),
                Value::Array(vec![
                    Value::Uint(500),
                    Value::Neg(256),
                    Value::Bytes(vec![1, 2])
                ])
            ),
            (Value::Uint(70_000), Value::Uint(u64::MAX)),
        ])
    );
    assert_eq!(Value::Neg(256).as_int(), Some(-257));
    assert_eq!(decode(&[0xf4, 0xf5]), Err(CborError::Trailing(1)));
    assert_eq!(decode(&[0xf6]), Ok(Value::Null));
    // A tag, a float, an indefinite length.
    assert_eq!(decode(&[0xc0, 0]), Err(CborError::Unsupported(0xc0, 0)));
    assert_eq!(decode(&[0xf9, 0, 0]), Err(CborError::Unsupported(0xf9, 0)));
    assert_eq!(decode(&[0x5f]), Err(CborError::Unsupported(0x5f, 0)));
    // A length far beyond the bytes.
    assert_eq!(
        decode(&[0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
        Err(CborError::Truncated(1))
    );
    assert_eq!(decode(&[0x62, 0xff, 0xfe]), Err(CborError::NotUtf8(1)));
    assert_eq!(decode(&[0xa2, 1, 1, 1, 2]), Err(CborError::RepeatedKey(3)));
    let deep: Vec<u8> = std::iter::repeat_n(0x81, 20).chain([0]).collect();
    assert_eq!(decode(&deep), Err(CborError::TooDeep));
    let deep_enough: Vec<u8> = std::iter::repeat_n(0x81, cbor::MAX_DEPTH)
        .chain([0])
        .collect();
    assert!(decode(&deep_enough).is_ok());
    assert_eq!(decode(&[]), Err(CborError::Truncated(0)));
}

/// A generator of bytes for the fuzzing loop (xorshift; seeded, so a failure repeats).
struct Bytes(u64);

impl Bytes {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn no_bytes_make_the_readers_panic_random_cut_or_flipped() {
    let soft = p256();
    let challenge = random(CHALLENGE_BYTES);
    let e = expected(&challenge);
    let (client, object) = soft.make("webauthn.create", &challenge, ORIGIN);
    let reg = verify_registration(&client, &object, &e).unwrap();
    let data = soft.auth_data(true);
    let mut g = Bytes(0x9e37_79b9_7f4a_7c15);
    // Every prefix of a real attestation object, authenticator data and key.
    for input in [&object, &data, &reg.public_key] {
        for n in 0..input.len() {
            let cut = &input[..n];
            if input != &data {
                assert!(cbor::decode(cut).is_err(), "{n}");
            }
            let _ = verify_registration(&client, cut, &e);
            let _ = verify_assertion(&client, cut, &[1], &reg.public_key, 0, &e);
            let _ = verify_assertion(&client, &data, &[1], cut, 0, &e);
        }
    }
    // Random bytes, and the real ones with bytes flipped: an answer each time, no panic.
    let mut decoded = 0;
    for round in 0..20_000 {
        let len = (g.next() % 200) as usize;
        let mut input: Vec<u8> = if round % 2 == 0 {
            (0..len).map(|_| g.next() as u8).collect()
        } else {
            let mut o = object.clone();
            for _ in 0..1 + g.next() % 4 {
                let at = (g.next() as usize) % o.len();
                o[at] = g.next() as u8;
            }
            o
        };
        if cbor::decode(&input).is_ok() {
            decoded += 1;
        }
        let _ = verify_registration(&client, &input, &e);
        input.truncate(len.min(input.len()));
        let _ = verify_assertion(&client, &input, &input, &input, 0, &e);
        let _ = base64url_decode(&String::from_utf8_lossy(&input));
    }
    // Some of the flipped objects still read (a byte inside a string changed).
    assert!(decoded > 0, "{decoded}");
}
