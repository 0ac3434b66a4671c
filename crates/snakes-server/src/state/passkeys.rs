//! Members' passkeys on this server: each ceremony begun (a challenge kept in the store, so that
//! its answer may reach another server) and finished (the answer checked by `passkeys.rs`, the
//! challenge taken once). The HTTP requests are `web/passkeys.rs`'s.
//!
//! A sign-in that fails, whatever failed (no such credential, another member's handle, a
//! signature, a counter), is [`Refusal::BadSignIn`], as a wrong password is, and counts against
//! the address's tries; what failed goes to the log at debug level only. A credential id is
//! random (16 bytes or more), so whether one exists tells nobody anything they could guess.

use std::net::IpAddr;

use snakes_text::names::NameKeys;

use super::members::SignedIn;
use super::moderation::now_ms;
use crate::passkeys::{
    CHALLENGE_BYTES, CHALLENGE_MS, Expected, HANDLE_BYTES, PasskeyError, Registered, Taken,
    base64url_decode, challenge_of, check_taken, random, rp_id_of, verify_assertion,
    verify_registration,
};
use crate::protocol::Refusal;
use crate::store::{Challenge, Member, NewMember, NewPasskey, Passkey, PasskeyTaken};
use crate::view::Refused;

/// The ceremonies, as the challenges keep them.
pub(crate) const SIGN_UP: &str = "sign-up";
/// Signing in.
pub(crate) const SIGN_IN: &str = "sign-in";
/// Adding a passkey to an account.
pub(crate) const ADD: &str = "add";
/// Confirming the account's deletion.
pub(crate) const DELETE: &str = "delete";

/// The longest label kept, in characters.
pub(crate) const MAX_LABEL: usize = 64;

/// A browser's answer to a ceremony, its fields base64url as WebAuthn's JSON has them.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub(crate) struct Answer {
    /// The credential id.
    #[serde(rename = "rawId")]
    pub(crate) raw_id: String,
    /// The authenticator's response.
    pub(crate) response: AnswerResponse,
    /// What the member will see the passkey as (a new passkey).
    #[serde(default)]
    pub(crate) label: Option<String>,
}

/// The `response` of an [`Answer`]: `attestationObject` for a new passkey; `authenticatorData`,
/// `signature` and `userHandle` for a sign-in.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub(crate) struct AnswerResponse {
    #[serde(rename = "clientDataJSON")]
    client_data_json: String,
    #[serde(rename = "attestationObject", default)]
    attestation_object: Option<String>,
    #[serde(rename = "authenticatorData", default)]
    authenticator_data: Option<String>,
    #[serde(default)]
    signature: Option<String>,
    #[serde(rename = "userHandle", default)]
    user_handle: Option<String>,
}

/// A ceremony begun: the challenge, and for a new passkey the user handle and name, and the
/// passkeys the member has (to exclude them, or to allow them).
pub(crate) struct Begun {
    pub(crate) challenge: Vec<u8>,
    pub(crate) user_handle: Vec<u8>,
    pub(crate) name: String,
    pub(crate) credentials: Vec<Vec<u8>>,
}

/// The label as kept: control characters out, at most [`MAX_LABEL`] characters, "Passkey"
/// when nothing is left.
fn label_of(label: Option<&str>) -> String {
    let label: String = label
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_LABEL)
        .collect();
    match label.trim() {
        "" => "Passkey".to_string(),
        l => l.to_string(),
    }
}

/// The bytes of the answer's base64url `field`.
fn bytes(field: Option<&str>) -> Result<Vec<u8>, PasskeyError> {
    base64url_decode(field.ok_or(PasskeyError::ClientData("a field is missing".into()))?)
}

impl super::AppState {
    /// Keeps a new challenge for `purpose`; its bytes.
    async fn challenge(
        &self,
        purpose: &str,
        member_id: Option<i64>,
        name: Option<String>,
        user_handle: Option<Vec<u8>>,
    ) -> Result<Vec<u8>, Refused> {
        let challenge = random(CHALLENGE_BYTES);
        self.store()
            .put_challenge(&Challenge {
                challenge: challenge.clone(),
                purpose: purpose.to_string(),
                member_id,
                name,
                user_handle,
                expires_at: now_ms() + CHALLENGE_MS,
            })
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        Ok(challenge)
    }

    /// Takes the challenge the answer's client data names, checked for `purpose`: the challenge
    /// kept, and what the ceremony must match.
    async fn take(
        &self,
        answer: &Answer,
        purpose: &str,
    ) -> Result<Result<(Challenge, Vec<u8>), PasskeyError>, Refused> {
        let client = match base64url_decode(&answer.response.client_data_json) {
            Ok(c) => c,
            Err(e) => return Ok(Err(e)),
        };
        let bytes = match challenge_of(&client) {
            Ok(b) => b,
            Err(e) => return Ok(Err(e)),
        };
        let taken = self
            .store()
            .take_challenge(&bytes)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        let checked = taken.as_ref().map(|c| Taken {
            purpose: c.purpose.clone(),
            expires_at: c.expires_at,
        });
        Ok(
            match (check_taken(checked.as_ref(), purpose, now_ms()), taken) {
                (Ok(()), Some(taken)) => Ok((taken, client)),
                (Err(e), _) => Err(e),
                (Ok(()), None) => Err(PasskeyError::UnknownChallenge),
            },
        )
    }

    /// Begins signing up as `name` with a passkey: the name checked as a password's sign-up
    /// checks it (a name a seat may have, not banned, no member's), a try from the address.
    ///
    /// # Errors
    /// [`Refusal::BadName`], [`Refusal::Banned`], [`Refusal::NameTaken`],
    /// [`Refusal::TooManySignIns`], [`Refusal::StoreFailed`].
    pub(crate) async fn passkey_sign_up_begin(
        &self,
        name: &str,
        peer: Option<IpAddr>,
    ) -> Result<Begun, Refused> {
        let name = self.unbanned(crate::table::check_name(name)?, peer)?;
        let held = self
            .store()
            .member_named(&NameKeys::of(&name))
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        if held.is_some() {
            return Err(Refusal::NameTaken { name }.into());
        }
        self.a_try_from(peer)?;
        let handle = random(HANDLE_BYTES);
        let challenge = self
            .challenge(SIGN_UP, None, Some(name.clone()), Some(handle.clone()))
            .await?;
        Ok(Begun {
            challenge,
            user_handle: handle,
            name,
            credentials: Vec::new(),
        })
    }

    /// Finishes signing up with a passkey made at `origin`: a new member without a password,
    /// signed in.
    ///
    /// # Errors
    /// [`Refusal::BadPasskey`] for an answer that fails a check, or a credential kept already;
    /// [`Refusal::NameTaken`] when someone took the name meanwhile, [`Refusal::Banned`] when a
    /// moderator banned it (or the address) meanwhile; [`Refusal::StoreFailed`].
    pub(crate) async fn passkey_sign_up_finish(
        &self,
        answer: &Answer,
        origin: &str,
        peer: Option<IpAddr>,
    ) -> Result<SignedIn, Refused> {
        let (challenge, registered) = self.registered(answer, SIGN_UP, origin).await?;
        let (Some(name), Some(handle)) = (challenge.name, challenge.user_handle) else {
            return Err(Refusal::BadPasskey.into());
        };
        let name = self.unbanned(name, peer)?;
        let new = NewMember {
            keys: NameKeys::of(&name),
            name: name.clone(),
            password: None,
            at: now_ms(),
        };
        let passkey = new_passkey(registered, answer);
        let made = self
            .store()
            .create_passkey_member(&new, &handle, &passkey)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        match made {
            Ok(member) => self.open_session(member).await,
            Err(PasskeyTaken::Name) => Err(Refusal::NameTaken { name }.into()),
            Err(PasskeyTaken::Credential) => Err(Refusal::BadPasskey.into()),
        }
    }

    /// The challenge and the new passkey of a registration answer, checked.
    async fn registered(
        &self,
        answer: &Answer,
        purpose: &str,
        origin: &str,
    ) -> Result<(Challenge, Registered), Refused> {
        let checked = match self.take(answer, purpose).await? {
            Ok((challenge, client)) => bytes(answer.response.attestation_object.as_deref())
                .and_then(|object| {
                    let expected = Expected {
                        origin,
                        rp_id: rp_id_of(origin),
                        challenge: &challenge.challenge,
                    };
                    verify_registration(&client, &object, &expected)
                })
                .map(|r| (challenge, r)),
            Err(e) => Err(e),
        };
        checked.map_err(|e| {
            tracing::debug!(error = %e, "a new passkey refused");
            Refused::from(Refusal::BadPasskey)
        })
    }

    /// Begins signing in with a passkey (no name: the passkey says whose it is), a try from
    /// the address.
    ///
    /// # Errors
    /// [`Refusal::TooManySignIns`], [`Refusal::StoreFailed`].
    pub(crate) async fn passkey_sign_in_begin(
        &self,
        peer: Option<IpAddr>,
    ) -> Result<Begun, Refused> {
        self.a_try_from(peer)?;
        let challenge = self.challenge(SIGN_IN, None, None, None).await?;
        Ok(Begun {
            challenge,
            user_handle: Vec::new(),
            name: String::new(),
            credentials: Vec::new(),
        })
    }

    /// Finishes signing in with a passkey used at `origin`, a try from the address: the member,
    /// signed in.
    ///
    /// # Errors
    /// [`Refusal::TooManySignIns`], [`Refusal::BadSignIn`] whatever failed,
    /// [`Refusal::StoreFailed`].
    pub(crate) async fn passkey_sign_in_finish(
        &self,
        answer: &Answer,
        origin: &str,
        peer: Option<IpAddr>,
    ) -> Result<SignedIn, Refused> {
        self.a_try_from(peer)?;
        let (_, passkey) = self.asserted(answer, SIGN_IN, origin, None).await?;
        let member = self
            .store()
            .member(passkey.member_id)
            .await
            .map_err(|_| Refusal::StoreFailed)?
            .ok_or(Refusal::BadSignIn)?;
        self.open_session(member).await
    }

    /// The passkey of a sign-in answer, checked (of member `of` when given), its counter moved
    /// on; [`Refusal::BadSignIn`] whatever failed.
    async fn asserted(
        &self,
        answer: &Answer,
        purpose: &str,
        origin: &str,
        of: Option<i64>,
    ) -> Result<(Challenge, Passkey), Refused> {
        let refuse = |e: PasskeyError| {
            tracing::debug!(error = %e, "a passkey sign-in refused");
            Refused::from(Refusal::BadSignIn)
        };
        let (challenge, client) = self.take(answer, purpose).await?.map_err(refuse)?;
        if challenge.member_id != of {
            return Err(refuse(PasskeyError::WrongPurpose));
        }
        let id = base64url_decode(&answer.raw_id).map_err(refuse)?;
        let passkey = self
            .store()
            .passkey(&id)
            .await
            .map_err(|_| Refusal::StoreFailed)?
            .ok_or(Refusal::BadSignIn)?;
        if of.is_some_and(|of| of != passkey.member_id) {
            return Err(Refusal::BadSignIn.into());
        }
        // A discoverable passkey names its member's handle: it must be this passkey's member's.
        // Signing in it is required (nothing else says whose the passkey is meant to be); when
        // confirming a member's own deletion, the passkeys were listed, and an authenticator may
        // leave it out.
        match answer.response.user_handle.as_deref() {
            Some(handle) => {
                if base64url_decode(handle).map_err(refuse)? != passkey.user_handle {
                    return Err(Refusal::BadSignIn.into());
                }
            }
            None if of.is_some() => {}
            None => return Err(Refusal::BadSignIn.into()),
        }
        let data = bytes(answer.response.authenticator_data.as_deref()).map_err(refuse)?;
        let signature = bytes(answer.response.signature.as_deref()).map_err(refuse)?;
        let expected = Expected {
            origin,
            rp_id: rp_id_of(origin),
            challenge: &challenge.challenge,
        };
        let count = verify_assertion(
            &client,
            &data,
            &signature,
            &passkey.public_key,
            passkey.sign_count,
            &expected,
        )
        .map_err(refuse)?;
        // Two sign-ins read the same counter: one of them only.
        let moved = self
            .store()
            .use_passkey(passkey.id, passkey.sign_count, count, now_ms())
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        if !moved {
            return Err(Refusal::BadSignIn.into());
        }
        Ok((challenge, passkey))
    }

    /// Begins adding a passkey to `member`'s account (their handle made now if they have
    /// none), a try from the address.
    ///
    /// # Errors
    /// [`Refusal::TooManySignIns`], [`Refusal::StoreFailed`].
    pub(crate) async fn passkey_add_begin(
        &self,
        member: &Member,
        peer: Option<IpAddr>,
    ) -> Result<Begun, Refused> {
        self.a_try_from(peer)?;
        let failed = |_| Refused::from(Refusal::StoreFailed);
        let handle = self
            .store()
            .user_handle(member.id, &random(HANDLE_BYTES))
            .await
            .map_err(failed)?
            .ok_or(Refusal::NotSignedIn)?;
        self.begun_for(member, ADD, handle).await
    }

    /// Finishes adding a passkey made at `origin` to `member`'s account; their passkeys now.
    ///
    /// # Errors
    /// [`Refusal::BadPasskey`] for an answer that fails a check (or was begun by another
    /// member), or a credential kept already; [`Refusal::StoreFailed`].
    pub(crate) async fn passkey_add_finish(
        &self,
        member: &Member,
        answer: &Answer,
        origin: &str,
    ) -> Result<Vec<Passkey>, Refused> {
        let (challenge, registered) = self.registered(answer, ADD, origin).await?;
        if challenge.member_id != Some(member.id) {
            return Err(Refusal::BadPasskey.into());
        }
        // Two passkeys of one member are never called alike: each has its own "Remove" button.
        let theirs = self.passkeys_of(member.id).await?;
        let mut passkey = new_passkey(registered, answer);
        passkey.label = unique_label(&passkey.label, &theirs);
        let added = self
            .store()
            .add_passkey(member.id, &passkey)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        if !added {
            return Err(Refusal::BadPasskey.into());
        }
        self.passkeys_of(member.id).await
    }

    /// A ceremony of `member`'s begun for `purpose` (their `user_handle` given to a new
    /// passkey): its challenge, with the passkeys they have.
    async fn begun_for(
        &self,
        member: &Member,
        purpose: &str,
        user_handle: Vec<u8>,
    ) -> Result<Begun, Refused> {
        let credentials = self.passkeys_of(member.id).await?;
        let challenge = self.challenge(purpose, Some(member.id), None, None).await?;
        Ok(Begun {
            challenge,
            user_handle,
            name: member.name.clone(),
            credentials: credentials.into_iter().map(|p| p.credential_id).collect(),
        })
    }

    /// Begins confirming `member`'s deletion with one of their passkeys.
    ///
    /// # Errors
    /// [`Refusal::TooManySignIns`], [`Refusal::StoreFailed`].
    pub(crate) async fn passkey_delete_begin(
        &self,
        member: &Member,
        peer: Option<IpAddr>,
    ) -> Result<Begun, Refused> {
        self.a_try_from(peer)?;
        self.begun_for(member, DELETE, Vec::new()).await
    }

    /// Whether `answer` is a fresh assertion by one of `member`'s passkeys, begun to delete
    /// their account, at `origin`: a try from the address.
    ///
    /// # Errors
    /// [`Refusal::TooManySignIns`], [`Refusal::BadSignIn`] whatever failed,
    /// [`Refusal::StoreFailed`].
    pub(crate) async fn passkey_confirms_deletion(
        &self,
        member: &Member,
        answer: &Answer,
        origin: &str,
        peer: Option<IpAddr>,
    ) -> Result<(), Refused> {
        self.a_try_from(peer)?;
        self.asserted(answer, DELETE, origin, Some(member.id))
            .await
            .map(|_| ())
    }

    /// Member `id`'s passkeys, oldest first.
    ///
    /// # Errors
    /// [`Refusal::StoreFailed`].
    pub(crate) async fn passkeys_of(&self, id: i64) -> Result<Vec<Passkey>, Refused> {
        self.store()
            .passkeys(id)
            .await
            .map_err(|_| Refusal::StoreFailed.into())
    }

    /// Removes `member`'s passkey `id`.
    ///
    /// # Errors
    /// [`Refusal::NotFound`] for a passkey that is not theirs, [`Refusal::LastPasskey`] for
    /// their last way to sign in, [`Refusal::StoreFailed`].
    pub(crate) async fn remove_passkey(&self, member: &Member, id: i64) -> Result<(), Refused> {
        let theirs = self.passkeys_of(member.id).await?;
        if !theirs.iter().any(|p| p.id == id) {
            return Err(Refusal::NotFound.into());
        }
        let gone = self
            .store()
            .delete_passkey(member.id, id)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        if gone {
            Ok(())
        } else {
            Err(Refusal::LastPasskey.into())
        }
    }
}

/// `label`, or when one of `theirs` has it, `label (2)`, `label (3)`... the first free.
fn unique_label(label: &str, theirs: &[Passkey]) -> String {
    let taken = |l: &str| theirs.iter().any(|p| p.label == l);
    if !taken(label) {
        return label.to_string();
    }
    (2..)
        .map(|n| format!("{label} ({n})"))
        .find(|l| !taken(l))
        .unwrap_or_default()
}

/// What the store keeps of a passkey just checked.
fn new_passkey(registered: Registered, answer: &Answer) -> NewPasskey {
    NewPasskey {
        credential_id: registered.credential_id,
        public_key: registered.public_key,
        sign_count: registered.sign_count,
        label: label_of(answer.label.as_deref()),
        at: now_ms(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(label: &str) -> Passkey {
        Passkey {
            id: 1,
            member_id: 1,
            credential_id: vec![1],
            public_key: vec![],
            sign_count: 0,
            label: label.into(),
            created_at: 0,
            last_used_at: None,
            user_handle: vec![],
        }
    }

    #[test]
    fn a_label_is_cleaned_and_never_one_the_member_has() {
        assert_eq!(label_of(Some(" Linux\u{7}\n ")), "Linux");
        assert_eq!(label_of(Some("")), "Passkey");
        assert_eq!(label_of(None), "Passkey");
        assert_eq!(label_of(Some(&"x".repeat(100))).chars().count(), MAX_LABEL);
        assert_eq!(unique_label("Linux", &[]), "Linux");
        assert_eq!(unique_label("Linux", &[kept("Linux")]), "Linux (2)");
        assert_eq!(
            unique_label("Linux", &[kept("Linux"), kept("Linux (2)")]),
            "Linux (3)"
        );
        assert_eq!(unique_label("Mac", &[kept("Linux")]), "Mac");
    }
}
