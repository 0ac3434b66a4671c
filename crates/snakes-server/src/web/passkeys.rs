//! A member's passkeys over HTTP, under `/api/account/passkey` (the ceremonies) and
//! `/api/account/passkeys` (the list): each ceremony a `begin` that answers the options the page
//! hands to `navigator.credentials.create` or `.get` (WebAuthn's JSON: base64url for bytes) and
//! a `finish` that takes the browser's answer. Every request that changes something passes the
//! Origin check (`account.rs`'s `read`), and the answer must come from the server's own origin
//! ([`own_origin`]), whose host is the rp id.

use axum::Json;
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::account::{member_of, read, refused, signed_in_with_blocks};
use super::{Lang, check_origin, origin_of, own_host, peer};
use crate::AppState;
use crate::conn::{LocalAddr, Secure};
use crate::passkeys::{CHALLENGE_MS, EDDSA, ES256, RS256, base64url, rp_id_of};
use crate::protocol::Refusal;
use crate::state::passkeys::{Answer, Begun};
use crate::store::Passkey;
use crate::view::Refused;

/// The routes of passkeys.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/account/passkey/sign-up/begin", post(sign_up_begin))
        .route("/api/account/passkey/sign-up/finish", post(sign_up_finish))
        .route("/api/account/passkey/sign-in/begin", post(sign_in_begin))
        .route("/api/account/passkey/sign-in/finish", post(sign_in_finish))
        .route("/api/account/passkey/add/begin", post(add_begin))
        .route("/api/account/passkey/add/finish", post(add_finish))
        .route("/api/account/passkey/delete/begin", post(delete_begin))
        .route("/api/account/passkeys", get(list))
        .route("/api/account/passkeys/{id}", delete(remove))
}

/// The server's own origin, as the page that asks has it: the request's `Origin` when it is
/// `--public-url`'s (TLS ended by a proxy in front; without the flag, the address bound) or the
/// scheme and `Host` the browser asked for, when that names this server (as the Origin check
/// decides it: `localhost` on loopback, say); without an `Origin` (a program, not a page), the
/// public address's, else the `Host`'s. An origin of `--allow-origin` passes the Origin check
/// but is not this server's: it makes no passkey here.
pub(super) fn own_origin(
    state: &AppState,
    headers: &HeaderMap,
    ext: &axum::http::Extensions,
) -> Result<String, Refused> {
    check_origin(state, headers, ext)?;
    let public = state.config().public_url.as_deref().map(origin_of);
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let (scheme, port) = match ext.get::<Secure>() {
        Some(_) => ("https://", "443"),
        None => ("http://", "80"),
    };
    let by_host = (!host.is_empty() && own_host(&host, port, ext.get::<LocalAddr>().map(|l| l.0)))
        .then(|| format!("{scheme}{host}"));
    let refused = |origin: &str| {
        Refused::from(Refusal::BadOrigin {
            origin: origin.chars().take(200).collect(),
        })
    };
    match headers
        .get(header::ORIGIN)
        .map(|o| o.to_str().unwrap_or_default())
    {
        Some(origin) if public.as_deref() == Some(origin) => Ok(origin.to_string()),
        Some(origin) if by_host.as_deref() == Some(origin) => Ok(origin.to_string()),
        Some(origin) => Err(refused(origin)),
        None => public.or(by_host).ok_or_else(|| refused(&host)),
    }
}

/// A name, to sign up with.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Name {
    name: String,
}

/// An empty body (`{}`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Nothing {}

/// One passkey of a member, as their page lists it (never the key).
#[derive(Serialize)]
pub(super) struct Listed {
    id: i64,
    label: String,
    /// Milliseconds since the Unix epoch.
    created_at: i64,
    last_used_at: Option<i64>,
}

impl Listed {
    fn of(p: &Passkey) -> Listed {
        Listed {
            id: p.id,
            label: p.label.clone(),
            created_at: p.created_at,
            last_used_at: p.last_used_at,
        }
    }

    /// The passkeys as listed.
    pub(super) fn all(keys: &[Passkey]) -> Vec<Listed> {
        keys.iter().map(Listed::of).collect()
    }
}

/// The credentials as a list of descriptors.
fn descriptors(credentials: &[Vec<u8>]) -> Vec<Value> {
    credentials
        .iter()
        .map(|id| json!({"type": "public-key", "id": base64url(id)}))
        .collect()
}

/// PublicKeyCredentialCreationOptions as WebAuthn's JSON has them: a discoverable credential
/// (`residentKey: "required"`), the user verified, no attestation, ES256 first.
fn creation_options(begun: &Begun, origin: &str) -> Value {
    let param = |alg: i64| json!({"type": "public-key", "alg": alg});
    json!({
        "rp": {"id": rp_id_of(origin), "name": "Snakes and Ladders"},
        "user": {
            "id": base64url(&begun.user_handle),
            "name": begun.name,
            "displayName": begun.name,
        },
        "challenge": base64url(&begun.challenge),
        "pubKeyCredParams": [param(ES256), param(EDDSA), param(RS256)],
        "timeout": CHALLENGE_MS,
        "attestation": "none",
        "authenticatorSelection": {
            "residentKey": "required",
            "requireResidentKey": true,
            "userVerification": "required",
        },
        "excludeCredentials": descriptors(&begun.credentials),
    })
}

/// PublicKeyCredentialRequestOptions as WebAuthn's JSON has them (no credentials listed for a
/// sign-in: the browser offers the passkeys it has for this site).
fn request_options(begun: &Begun, origin: &str) -> Value {
    json!({
        "challenge": base64url(&begun.challenge),
        "rpId": rp_id_of(origin),
        "timeout": CHALLENGE_MS,
        "userVerification": "required",
        "allowCredentials": descriptors(&begun.credentials),
    })
}

/// A ceremony's request: the origin it comes from (this server's own, [`own_origin`]), its
/// parts, and its body read as `T` (`account.rs`'s `read`).
async fn ceremony<T: DeserializeOwned>(
    state: &AppState,
    request: Request,
) -> Result<(String, Parts, T), Refused> {
    let origin = own_origin(state, request.headers(), request.extensions())?;
    let (parts, body) = read::<T>(state, request).await?;
    Ok((origin, parts, body))
}

/// `POST /api/account/passkey/sign-up/begin` with a name: the options to make a passkey (200).
async fn sign_up_begin(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let answer = async {
        let (origin, parts, n) = ceremony::<Name>(&state, request).await?;
        let begun = state
            .passkey_sign_up_begin(&n.name, peer(&parts.extensions))
            .await?;
        Ok::<_, Refused>(Json(creation_options(&begun, &origin)).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `POST /api/account/passkey/sign-up/finish` with the new passkey: a new member, signed in
/// (201).
async fn sign_up_finish(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let answer = async {
        let (origin, parts, a) = ceremony::<Answer>(&state, request).await?;
        let signed = state
            .passkey_sign_up_finish(&a, &origin, peer(&parts.extensions))
            .await?;
        signed_in_with_blocks(&state, StatusCode::CREATED, &signed, &parts.extensions).await
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `POST /api/account/passkey/sign-in/begin` with `{}`: the options to sign in (200).
async fn sign_in_begin(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let answer = async {
        let (origin, parts, Nothing {}) = ceremony::<Nothing>(&state, request).await?;
        let begun = state.passkey_sign_in_begin(peer(&parts.extensions)).await?;
        Ok::<_, Refused>(Json(request_options(&begun, &origin)).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `POST /api/account/passkey/sign-in/finish` with the browser's assertion: the member, signed
/// in (200).
async fn sign_in_finish(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let answer = async {
        let (origin, parts, a) = ceremony::<Answer>(&state, request).await?;
        let signed = state
            .passkey_sign_in_finish(&a, &origin, peer(&parts.extensions))
            .await?;
        signed_in_with_blocks(&state, StatusCode::OK, &signed, &parts.extensions).await
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `POST /api/account/passkey/add/begin` with `{}`, signed in: the options to make another
/// passkey (200), those the member has excluded.
async fn add_begin(State(state): State<AppState>, Lang(lang): Lang, request: Request) -> Response {
    let answer = async {
        let (origin, parts, Nothing {}) = ceremony::<Nothing>(&state, request).await?;
        let member = member_of(&state, &parts.headers).await?;
        let begun = state
            .passkey_add_begin(&member, peer(&parts.extensions))
            .await?;
        Ok::<_, Refused>(Json(creation_options(&begun, &origin)).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `POST /api/account/passkey/add/finish` with the new passkey, signed in: the member's
/// passkeys (201).
async fn add_finish(State(state): State<AppState>, Lang(lang): Lang, request: Request) -> Response {
    let answer = async {
        let (origin, parts, a) = ceremony::<Answer>(&state, request).await?;
        let member = member_of(&state, &parts.headers).await?;
        let keys = state.passkey_add_finish(&member, &a, &origin).await?;
        Ok::<_, Refused>((StatusCode::CREATED, Json(Listed::all(&keys))).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `POST /api/account/passkey/delete/begin` with `{}`, signed in: the options to confirm the
/// account's deletion with one of the member's passkeys (200); the assertion goes with
/// `DELETE /api/account` as `{"passkey": …}`.
async fn delete_begin(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let answer = async {
        let (origin, parts, Nothing {}) = ceremony::<Nothing>(&state, request).await?;
        let member = member_of(&state, &parts.headers).await?;
        let begun = state
            .passkey_delete_begin(&member, peer(&parts.extensions))
            .await?;
        Ok::<_, Refused>(Json(request_options(&begun, &origin)).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `GET /api/account/passkeys`: the member's passkeys, oldest first (200).
async fn list(State(state): State<AppState>, Lang(lang): Lang, headers: HeaderMap) -> Response {
    let answer = async {
        let member = member_of(&state, &headers).await?;
        let keys = state.passkeys_of(member.id).await?;
        Ok::<_, Refused>(Json(Listed::all(&keys)).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `DELETE /api/account/passkeys/{id}`: the passkey is gone (204), unless it is the member's
/// last way to sign in.
async fn remove(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Path(id): Path<i64>,
    request: Request,
) -> Response {
    let (parts, _) = request.into_parts();
    let answer = async {
        check_origin(&state, &parts.headers, &parts.extensions)?;
        let member = member_of(&state, &parts.headers).await?;
        state.remove_passkey(&member, id).await?;
        Ok::<_, Refused>(StatusCode::NO_CONTENT.into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}
