//! A member's requests over HTTP: signing up, in and out, the settings, the account's
//! deletion and what the server holds about it. Signing in must be an HTTP request: its answer
//! sets the session's cookie, which the page's script cannot read (HttpOnly) and the browser
//! sends with every later request and with the WebSocket's. Each request that changes
//! something passes the Origin check the WebSocket and `POST /api/tables` pass
//! (`docs/protocol.md`, "Members").

use axum::Json;
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::passkeys::{Listed, own_origin};
use super::{Lang, check_origin, peer, refusal_response};
use crate::AppState;
use crate::conn::Secure;
use crate::members::{MAX_SETTINGS_BYTES, clear_cookie, session_hash, session_secret, set_cookie};
use crate::protocol::{Detail, Refusal};
use crate::state::members::SignedIn;
use crate::state::passkeys::Answer;
use crate::store::Member;
use crate::view::Refused;

/// The largest body a member's request has (a name, a password, the settings).
const MAX_BODY: usize = 2 * MAX_SETTINGS_BYTES;

/// The routes under `/api/account`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/account",
            get(account).post(sign_up).delete(delete_account),
        )
        .route("/api/account/sign-in", post(sign_in))
        .route("/api/account/sign-out", post(sign_out))
        .route(
            "/api/account/sign-out-everywhere",
            post(sign_out_everywhere),
        )
        .route("/api/account/settings", put(settings))
        .route("/api/account/export", get(export))
}

/// A name and a password: to sign up, to sign in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

/// The password again, or a fresh assertion of one of the member's passkeys (begun with
/// `POST /api/account/passkey/delete/begin`): to delete the account.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Password {
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    passkey: Option<Answer>,
}

/// A member as their own page sees them.
#[derive(Serialize)]
struct Account {
    name: String,
    /// The settings as the page stored them (a JSON object).
    settings: serde_json::Value,
    /// When the account was made, milliseconds since the Unix epoch.
    created_at: i64,
    /// The members they block, by name.
    blocked: Vec<String>,
    /// Whether the member signs in with a password (else with passkeys alone).
    password: bool,
}

impl Account {
    fn of(member: &Member) -> Account {
        Account {
            name: member.name.clone(),
            settings: serde_json::from_str(&member.settings)
                .unwrap_or_else(|_| serde_json::json!({})),
            created_at: member.created_at,
            blocked: Vec::new(),
            password: member.password.is_some(),
        }
    }

    /// The account of `member` with whom they block, from the store.
    async fn with_blocks(state: &AppState, member: &Member) -> Result<Account, Refused> {
        let blocked = state
            .store()
            .blocked(member.id)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        Ok(Account {
            blocked: blocked.into_iter().map(|(_, name)| name).collect(),
            ..Account::of(member)
        })
    }
}

/// Whether the page is served over HTTPS, where the cookie is marked `Secure`: the server's
/// own TLS, or a `--public-url` of `https://` (TLS ended by a proxy in front).
fn over_https(state: &AppState, ext: &axum::http::Extensions) -> bool {
    ext.get::<Secure>().is_some()
        || state
            .config()
            .public_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://"))
}

/// A request's parts, its origin checked, and its body read as `T`.
pub(super) async fn read<T: DeserializeOwned>(
    state: &AppState,
    request: Request,
) -> Result<(axum::http::request::Parts, T), Refused> {
    let (parts, body) = request.into_parts();
    check_origin(state, &parts.headers, &parts.extensions)?;
    let read = tokio::time::timeout(
        state.config().header_timeout,
        axum::body::to_bytes(body, MAX_BODY),
    )
    .await;
    let bytes = match read {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => return Err(Refusal::TooLarge { limit: MAX_BODY }.into()),
        Err(_) => {
            return Err(Refusal::BadMessage {
                detail: Detail::SlowBody,
            }
            .into());
        }
    };
    let value = serde_json::from_slice(&bytes).map_err(|e| Refusal::BadMessage {
        detail: Detail::Text(e.to_string()),
    })?;
    Ok((parts, value))
}

/// The member whose session the request's cookie holds.
///
/// # Errors
/// [`Refusal::NotSignedIn`] without a session, or with one signed out or expired;
/// [`Refusal::StoreFailed`].
pub(super) async fn member_of(state: &AppState, headers: &HeaderMap) -> Result<Member, Refused> {
    let secret = cookie_secret(headers).ok_or(Refusal::NotSignedIn)?;
    state
        .session_member(secret)
        .await?
        .ok_or_else(|| Refusal::NotSignedIn.into())
}

/// The session's secret in the request's cookies.
pub(super) fn cookie_secret(headers: &HeaderMap) -> Option<&str> {
    session_secret(
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|h| h.to_str().ok()),
    )
}

/// A refusal as the answer, with `Retry-After` when tries ran out.
pub(super) fn refused(state: &AppState, r: &Refused, lang: usize) -> Response {
    let mut response = refusal_response(state, r, lang);
    if matches!(r.refusal, Refusal::TooManySignIns) {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
    }
    response
}

/// The answer to signing up or in: the account, and the cookie.
fn signed_in(status: StatusCode, signed: &SignedIn, account: Account, secure: bool) -> Response {
    let cookie = set_cookie(&signed.secret, secure);
    (
        status,
        [(
            header::SET_COOKIE,
            HeaderValue::from_str(&cookie).unwrap_or(HeaderValue::from_static("")),
        )],
        Json(account),
    )
        .into_response()
}

/// The answer to signing in (with a password or a passkey) or up with a passkey (`passkeys.rs`):
/// the account, with whom the member blocks, and the cookie (`Secure` over HTTPS, as the
/// request's extensions `ext` say).
pub(super) async fn signed_in_with_blocks(
    state: &AppState,
    status: StatusCode,
    signed: &SignedIn,
    ext: &axum::http::Extensions,
) -> Result<Response, Refused> {
    let account = Account::with_blocks(state, &signed.member).await?;
    Ok(signed_in(status, signed, account, over_https(state, ext)))
}

/// The answer that makes the browser forget its session.
fn signed_out(secure: bool) -> Response {
    let cookie = clear_cookie(secure);
    (
        StatusCode::NO_CONTENT,
        [(
            header::SET_COOKIE,
            HeaderValue::from_str(&cookie).unwrap_or(HeaderValue::from_static("")),
        )],
    )
        .into_response()
}

/// `POST /api/account`: a new member, signed in (201).
async fn sign_up(State(state): State<AppState>, Lang(lang): Lang, request: Request) -> Response {
    let answer = async {
        let (parts, c) = read::<Credentials>(&state, request).await?;
        let signed = state
            .sign_up(&c.name, &c.password, peer(&parts.extensions))
            .await?;
        Ok::<_, Refused>(signed_in(
            StatusCode::CREATED,
            &signed,
            Account::of(&signed.member),
            over_https(&state, &parts.extensions),
        ))
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `POST /api/account/sign-in`: the member, signed in (200).
async fn sign_in(State(state): State<AppState>, Lang(lang): Lang, request: Request) -> Response {
    let answer = async {
        let (parts, c) = read::<Credentials>(&state, request).await?;
        let signed = state
            .sign_in(&c.name, &c.password, peer(&parts.extensions))
            .await?;
        signed_in_with_blocks(&state, StatusCode::OK, &signed, &parts.extensions).await
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `POST /api/account/sign-out`: this browser's session ends (204), signed in or not.
async fn sign_out(State(state): State<AppState>, Lang(lang): Lang, request: Request) -> Response {
    let (parts, _) = request.into_parts();
    if let Err(r) = check_origin(&state, &parts.headers, &parts.extensions) {
        return refused(&state, &r, lang);
    }
    if let Some(secret) = cookie_secret(&parts.headers) {
        let member = state.session_member(secret).await.ok().flatten();
        if state
            .store()
            .close_session(&session_hash(secret))
            .await
            .is_err()
        {
            return refused(&state, &Refusal::StoreFailed.into(), lang);
        }
        // This browser's open pages go on as a guest's.
        if let Some(member) = member {
            state.members().changed(member.id);
        }
    }
    signed_out(over_https(&state, &parts.extensions))
}

/// `POST /api/account/sign-out-everywhere`: every session of the member ends (204).
async fn sign_out_everywhere(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let (parts, _) = request.into_parts();
    let answer = async {
        check_origin(&state, &parts.headers, &parts.extensions)?;
        let member = member_of(&state, &parts.headers).await?;
        state
            .store()
            .close_sessions(member.id)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        state.members().changed(member.id);
        Ok::<_, Refused>(signed_out(over_https(&state, &parts.extensions)))
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `GET /api/account`: the member signed in, with their settings and whom they block.
async fn account(State(state): State<AppState>, Lang(lang): Lang, headers: HeaderMap) -> Response {
    let answer = async {
        let member = member_of(&state, &headers).await?;
        Ok::<_, Refused>(Json(Account::with_blocks(&state, &member).await?).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `PUT /api/account/settings`: the member's settings, a JSON object of at most
/// [`MAX_SETTINGS_BYTES`], kept as sent (200, with the account).
async fn settings(State(state): State<AppState>, Lang(lang): Lang, request: Request) -> Response {
    let answer = async {
        let (parts, settings) = read::<serde_json::Value>(&state, request).await?;
        let member = member_of(&state, &parts.headers).await?;
        let text = settings.to_string();
        if !settings.is_object() || text.len() > MAX_SETTINGS_BYTES {
            return Err(Refusal::BadMessage {
                detail: Detail::Text(format!(
                    "the settings are a JSON object of at most {MAX_SETTINGS_BYTES} bytes"
                )),
            }
            .into());
        }
        state
            .store()
            .set_settings(member.id, &text)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        let member = Member {
            settings: text,
            ..member
        };
        Ok::<_, Refused>(Json(Account::with_blocks(&state, &member).await?).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `DELETE /api/account` with the password: the account is gone (204), its name free again;
/// the games keep the name they were played under.
async fn delete_account(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let answer = async {
        let (parts, p) = read::<Password>(&state, request).await?;
        let member = member_of(&state, &parts.headers).await?;
        if let (None, Some(passkey)) = (&p.password, &p.passkey) {
            let origin = own_origin(&state, &parts.headers, &parts.extensions)?;
            state
                .passkey_confirms_deletion(&member, passkey, &origin, peer(&parts.extensions))
                .await?;
        } else {
            let password = p.password.unwrap_or_default();
            let checked = state
                .check_sign_in(&member.name, &password, peer(&parts.extensions))
                .await?;
            if checked.id != member.id {
                return Err(Refusal::BadSignIn.into());
            }
        }
        state
            .store()
            .delete_member(member.id)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        state.members().changed(member.id);
        Ok::<_, Refused>(signed_out(over_https(&state, &parts.extensions)))
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// What the server holds about a member, as they download it.
#[derive(Serialize)]
struct Export {
    name: String,
    created_at: i64,
    settings: serde_json::Value,
    /// The members they block, by name.
    blocked: Vec<String>,
    /// The tables they sat at, newest first: the table and the seat (from 1).
    tables: Vec<ExportTable>,
    /// Their finished games, newest first, as "My games" lists them.
    games: Vec<crate::state::games::GameLine>,
    /// Their passkeys: each label, when made and last used (never the keys).
    passkeys: Vec<Listed>,
    /// What else is kept: said in words, as nothing of it can be shown.
    also_kept: &'static str,
}

#[derive(Serialize)]
struct ExportTable {
    table: u64,
    seat: u32,
}

/// `GET /api/account/export`: everything the server holds about the member, as a JSON file.
async fn export(State(state): State<AppState>, Lang(lang): Lang, headers: HeaderMap) -> Response {
    let answer = async {
        let member = member_of(&state, &headers).await?;
        let store = state.store();
        let failed = |_| Refused::from(Refusal::StoreFailed);
        let blocked = store.blocked(member.id).await.map_err(failed)?;
        let passkeys = store.passkeys(member.id).await.map_err(failed)?;
        let mut tables = Vec::new();
        let mut before = None;
        loop {
            let page = store
                .member_tables(member.id, before, 1000)
                .await
                .map_err(failed)?;
            let Some(last) = page.last() else { break };
            before = Some(last.0);
            tables.extend(page.into_iter().map(|(table, seat)| ExportTable {
                table,
                seat: seat + 1,
            }));
        }
        let games = super::games::all_games(&state, member.id, lang).await?;
        let account = Account::of(&member);
        let export = Export {
            name: account.name,
            created_at: account.created_at,
            settings: account.settings,
            blocked: blocked.into_iter().map(|(_, name)| name).collect(),
            tables,
            games,
            passkeys: Listed::all(&passkeys),
            also_kept: "the password's Argon2id hash (never the password), the SHA-256 of each \
                        signed-in session's secret with when it ends, and each passkey's public \
                        key, credential id and signature counter with a random user handle",
        };
        Ok::<_, Refused>(
            (
                [(
                    header::CONTENT_DISPOSITION,
                    HeaderValue::from_static("attachment; filename=\"snakes-account.json\""),
                )],
                Json(export),
            )
                .into_response(),
        )
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}
