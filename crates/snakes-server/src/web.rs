//! HTTP: the page, the lobby's JSON API, and the WebSocket that carries the game.

use axum::Json;
use axum::Router;
use axum::extract::RawQuery;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use snakes_text::{Catalogue, LOCALES, Locale, RulesGuide, page_words};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::mpsc;

use crate::AppState;
use crate::actor::Outbox;
use crate::listen::{ConnSlot, LocalAddr};
use crate::protocol::{CreateTable, Detail, Refusal, ServerMessage, TableId};
use crate::session::Session;
use crate::view::Refused;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const BOARD_JS: &str = include_str!("../assets/board.js");
const BOARD_CSS: &str = include_str!("../assets/board.css");
const SOUNDS_JS: &str = include_str!("../assets/sounds.js");
const VOICE_JS: &str = include_str!("../assets/voice.js");

/// Messages waiting for a slow connection before the tables drop it.
const OUTBOX: usize = 512;

/// The policy every answer carries: scripts and styles from this server only (the page's own
/// `<style>` and the board's animated `style` attributes are inline), connections back to it,
/// no framing by other sites, no guessing of content types.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// The router: `/` (the page), `/app.js`, `/board.js`, `/sounds.js`, `/voice.js` and
/// `/board.css` (the drawn board, the sounds, the page's own voice, the analysis panel), `/api/rules` (every rule option explained),
/// `/api/tables` (GET lists, POST creates), `/api/tables/{id}` (one table),
/// `/api/tables/{id}/analysis` (how long a game lasts there), `/api/tables/{id}/record` (the
/// game's record, to check its dice) and `/ws` (the game). Every refusal, a wrong address or
/// method included, is the protocol's JSON with its HTTP status; every answer carries the
/// security headers. Binds nothing: serve it with [`crate::serve_on`], or call it directly in
/// tests.
pub fn app(state: AppState) -> Router {
    let limit = state.config().max_create_bytes();
    Router::new()
        .route("/", get(index))
        .route("/app.js", get(app_js))
        .route("/sounds.js", get(sounds_js))
        .route("/voice.js", get(voice_js))
        .route("/api/rules", get(rules))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(table_view))
        .route("/board.js", get(board_js))
        .route("/board.css", get(board_css))
        .route("/api/tables/{id}/analysis", get(table_analysis))
        .route("/api/tables/{id}/record", get(table_record))
        .route("/ws", get(ws_upgrade))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            rate_requests,
        ))
        .layer(axum::middleware::map_response(secure))
        .with_state(state)
}

/// The security headers of every answer: the router's, and the one the listener writes itself
/// to a connection over the caps.
pub(crate) const SECURITY_HEADERS: [(header::HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CSP),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
];

/// Counts every request against its client address's allowance (`--http-rate` a second, in
/// bursts of twice as many), as a WebSocket's messages are counted: a client over it is answered
/// 429 `too_many_requests` at once, whatever it asked for, and costs nothing more.
async fn rate_requests(
    State(state): State<AppState>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    if let Some(ip) = peer(request.extensions())
        && !state.may_request(ip)
    {
        let mut answer = refusal_response(&state.refused(Refusal::TooManyRequests));
        answer
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return answer;
    }
    next.run(request).await
}

/// Puts the [`SECURITY_HEADERS`] on an answer.
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

async fn not_found(State(state): State<AppState>) -> Response {
    refusal_response(&state.refused(Refusal::NotFound))
}

async fn method_not_allowed(State(state): State<AppState>) -> Response {
    refusal_response(&state.refused(Refusal::MethodNotAllowed))
}

/// A table id from the path; any other text is a table nobody has.
fn table_id(state: &AppState, text: &str) -> Result<TableId, Refused> {
    text.parse()
        .map_err(|_| state.refused(Refusal::NoSuchTable))
}

/// The client's address, when the server accepted the connection itself (not in tests that
/// call the router directly).
fn peer(parts: &axum::http::Extensions) -> Option<std::net::IpAddr> {
    parts
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip())
}

/// Refuses a request a browser sent from a page of another site: its `Origin` must be this
/// server as the browser reached it (the `Host` it asked for, when that is the address the
/// server listens on, or a name for it: any name when it listens on every address, `localhost`
/// when on loopback), or one of `--allow-origin`. Requests without an `Origin` (programs, not
/// pages) pass.
fn check_origin(
    state: &AppState,
    headers: &HeaderMap,
    ext: &axum::http::Extensions,
) -> Result<(), Refused> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or_default();
    if state
        .config()
        .allow_origins
        .iter()
        .any(|o| o.trim_end_matches('/') == origin)
    {
        return Ok(());
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    let same = origin
        .strip_prefix("http://")
        .is_some_and(|o| o.eq_ignore_ascii_case(host));
    if same && own_host(host, ext.get::<LocalAddr>().map(|l| l.0)) {
        return Ok(());
    }
    Err(state.refused(Refusal::BadOrigin {
        origin: origin.chars().take(200).collect(),
    }))
}

/// Whether `host` (a `Host` header) names this server, which listens on `local`: its own
/// address and port; on loopback also `localhost`; on every address (0.0.0.0, ::) any name with
/// its port, since the server cannot know its names. Without a known address (the router
/// alone), any.
fn own_host(host: &str, local: Option<std::net::SocketAddr>) -> bool {
    let Some(local) = local else {
        return true;
    };
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port)) if !name.ends_with(']') || host.starts_with('[') => (name, port),
        _ => (host, "80"),
    };
    if port != local.port().to_string() {
        return false;
    }
    let ip = local.ip();
    if ip.is_unspecified() {
        return true;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name.parse::<std::net::IpAddr>().is_ok_and(|n| n == ip)
        || (ip.is_loopback() && name.eq_ignore_ascii_case("localhost"))
}

/// The `lang` parameter of a query string, decoded (`?lang=zh%2DCN` is `zh-CN`), if there is
/// one.
fn lang_parameter(query: Option<&str>) -> Option<String> {
    form_urlencoded::parse(query?.as_bytes())
        .find(|(key, _)| key == "lang")
        .map(|(_, tag)| tag.into_owned())
        .filter(|tag| !tag.is_empty())
}

/// The language of a request, by place in `LOCALES`: its `lang` parameter, else the shipped
/// language its `Accept-Language` weighs most, else English.
///
/// # Errors
/// [`Refusal::UnknownLocale`] for a `lang` parameter the server has no catalogue for (in the
/// language of `Accept-Language`).
fn language(state: &AppState, query: Option<&str>, headers: &HeaderMap) -> Result<usize, Refused> {
    let accepted = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|h| h.to_str().ok())
        .and_then(Locale::from_accept_language)
        .unwrap_or(0);
    match lang_parameter(query) {
        Some(tag) => state.language(&tag, accepted),
        None => Ok(accepted),
    }
}

/// The language of a request ([`language`]), taken by the handlers whose answers hold
/// sentences; an unknown `lang` is refused before the handler runs.
struct Lang(usize);

impl axum::extract::FromRequestParts<AppState> for Lang {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        language(state, parts.uri.query(), &parts.headers)
            .map(Lang)
            .map_err(|r| refusal_response(&r))
    }
}

/// The page in the language of the request (`?lang=ko`, else `Accept-Language`); for a
/// `lang` the server has no catalogue for, in English with a note saying so. The page's
/// script keeps the reader's choice and asks for it (`docs/serve.md`).
async fn index(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    static PAGES: [OnceLock<String>; LOCALES.len()] = [const { OnceLock::new() }; LOCALES.len()];
    let (lang, html) = match language(&state, query.as_deref(), &headers) {
        Ok(lang) => {
            let html: &'static str = PAGES[lang].get_or_init(|| page(INDEX_HTML, lang, ""));
            (lang, Html(html).into_response())
        }
        Err(refused) => {
            let tag = match &refused.refusal {
                Refusal::UnknownLocale { locale, .. } => locale.clone(),
                _ => String::new(),
            };
            let english = Catalogue::english();
            let tags: Vec<String> = LOCALES.iter().map(|l| l.tag.to_string()).collect();
            let note = english.format(
                "page-lang-unknown",
                &[
                    ("locale", format!("{tag:?}").into()),
                    ("name", LOCALES[0].name.into()),
                    ("available", state.narrator(0).list(tags).into()),
                ],
            );
            (0, Html(page(INDEX_HTML, 0, &note)).into_response())
        }
    };
    (
        [
            (header::VARY, HeaderValue::from_static("Accept-Language")),
            (
                header::CONTENT_LANGUAGE,
                HeaderValue::from_static(LOCALES[lang].tag),
            ),
        ],
        html,
    )
        .into_response()
}

/// The page `template` in the words of the catalogue of `LOCALES[lang]`: `{{lang}}` is its
/// language, `{{ui-...}}` one of its page words (`ui.ftl`), `{{words}}` all of them as JSON,
/// for the scripts, `{{languages}}` the options of the language menu (each language in its
/// own name) and `{{lang-note}}` the `note` (why the page is not in the language asked for),
/// if any. The page carries no words of its own, so that another language is another
/// catalogue.
fn page(template: &str, lang: usize, note: &str) -> String {
    let catalogue = Catalogue::shipped(lang);
    let catalogue = &*catalogue;
    let words = page_words(catalogue);
    let json: serde_json::Map<String, serde_json::Value> = words
        .iter()
        .map(|(id, text)| (id.to_string(), text.clone().into()))
        .collect();
    // Inside <script>, "</" would end the element: JSON may write it as "<\/".
    let json = serde_json::Value::Object(json)
        .to_string()
        .replace("</", "<\\/");
    let mut html = String::with_capacity(template.len() + json.len() * 2);
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        html.push_str(&rest[..at]);
        let Some(end) = rest[at..].find("}}") else {
            break;
        };
        let key = &rest[at + 2..at + end];
        match key {
            "lang" => html.push_str(&catalogue.language()),
            "words" => html.push_str(&json),
            "languages" => {
                for (i, locale) in LOCALES.iter().enumerate() {
                    let selected = if i == lang { " selected" } else { "" };
                    html.push_str(&format!(
                        "<option value=\"{tag}\" lang=\"{tag}\"{selected}>{name}</option>",
                        tag = escape(locale.tag),
                        name = escape(locale.name),
                    ));
                }
            }
            "lang-note" => html.push_str(&escape(note)),
            id => html.push_str(&escape(&catalogue.format(id, &[]))),
        }
        rest = &rest[at + end + 2..];
    }
    html.push_str(rest);
    html
}

/// `text` safe inside HTML, in an element or an attribute's quotes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Every rule option with what each value means, for the lobby's form (the same as `snakes
/// rules --json`).
async fn rules(Lang(lang): Lang) -> Json<RulesGuide> {
    Json(RulesGuide::new(&Catalogue::shipped(lang)))
}

async fn sounds_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SOUNDS_JS,
    )
        .into_response()
}

async fn voice_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        VOICE_JS,
    )
        .into_response()
}

async fn app_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
        .into_response()
}

async fn board_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        BOARD_JS,
    )
        .into_response()
}

async fn board_css() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        BOARD_CSS,
    )
        .into_response()
}

/// How long a game lasts on the table's board, under each ending (see [`crate::analysis`]).
async fn table_analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Lang(lang): Lang,
    ext: axum::http::Extensions,
) -> Response {
    let answer = match table_id(&state, &id) {
        Ok(id) => crate::analysis::table_analysis(&state, id, lang, peer(&ext)).await,
        Err(r) => Err(r),
    };
    json_in(&state, answer, lang)
}

/// A page of the lobby: `?after=ID` for the tables older than ID (a page's `next`).
async fn list_tables(
    State(state): State<AppState>,
    Lang(lang): Lang,
    RawQuery(query): RawQuery,
) -> Response {
    let after = form_urlencoded::parse(query.as_deref().unwrap_or_default().as_bytes())
        .find(|(key, _)| key == "after")
        .map(|(_, id)| id.parse::<TableId>());
    match after.transpose() {
        Ok(after) => Json(state.lobby_message(after, lang)).into_response(),
        Err(e) => refusal_response(&state.refused_in(
            Refusal::BadMessage {
                detail: Detail::Text(format!("after: {e}")),
            },
            lang,
        )),
    }
}

fn refusal_response(r: &Refused) -> Response {
    let status = match r.refusal {
        Refusal::NoSuchTable | Refusal::NotFound => StatusCode::NOT_FOUND,
        Refusal::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        Refusal::BadOrigin { .. } => StatusCode::FORBIDDEN,
        Refusal::TooManyTables | Refusal::TooManyRequests | Refusal::TooManyOpenTables => {
            StatusCode::TOO_MANY_REQUESTS
        }
        Refusal::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        Refusal::StoreFailed => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::BAD_REQUEST,
    };
    (status, Json(r.to_message())).into_response()
}

async fn create_table(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let state = &state;
    let refusal_response =
        |r: &Refused| refusal_response(&state.refused_in(r.refusal.clone(), lang));
    if let Err(r) = check_origin(state, &parts.headers, &parts.extensions) {
        return refusal_response(&r);
    }
    let limit = state.config().max_create_bytes();
    let read = tokio::time::timeout(
        state.config().header_timeout,
        axum::body::to_bytes(body, limit),
    )
    .await;
    let bytes = match read {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => return refusal_response(&state.refused(Refusal::TooLarge { limit })),
        Err(_) => {
            return refusal_response(&state.refused(Refusal::BadMessage {
                detail: Detail::SlowBody,
            }));
        }
    };
    let create: CreateTable = match serde_json::from_slice(&bytes) {
        Ok(c) => c,
        Err(e) => {
            return refusal_response(&state.refused(Refusal::BadMessage {
                detail: Detail::Text(e.to_string()),
            }));
        }
    };
    match state
        .create_from(create, peer(&parts.extensions), lang, None)
        .await
    {
        Ok(c) => (
            StatusCode::CREATED,
            Json(ServerMessage::Seated {
                table: c.table,
                seat: c.seat,
                token: c.token,
                text: c.text,
            }),
        )
            .into_response(),
        Err(r) => refusal_response(&r),
    }
}

/// An answer as JSON, or the refusal with its status.
fn json_or_refused<T: serde::Serialize>(answer: Result<T, Refused>) -> Response {
    match answer {
        Ok(value) => Json(value).into_response(),
        Err(r) => refusal_response(&r),
    }
}

/// [`json_or_refused`], the refusal worded in the language `LOCALES[lang]`.
fn json_in<T: serde::Serialize>(
    state: &AppState,
    answer: Result<T, Refused>,
    lang: usize,
) -> Response {
    json_or_refused(answer.map_err(|r| state.refused_in(r.refusal, lang)))
}

async fn table_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Lang(lang): Lang,
) -> Response {
    let answer = match table_id(&state, &id) {
        Ok(id) => state.view_in(id, lang).await,
        Err(r) => Err(r),
    };
    json_in(&state, answer, lang)
}

/// The game's record: board, rules, dice and every event (`snakes verify` checks it).
async fn table_record(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    match table_id(&state, &id) {
        Ok(id) => json_or_refused(state.record(id).await),
        Err(r) => refusal_response(&r),
    }
}

async fn ws_upgrade(
    State(state): State<AppState>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    headers: HeaderMap,
    ext: axum::http::Extensions,
) -> Response {
    if let Err(r) = check_origin(&state, &headers, &ext) {
        return refusal_response(&r);
    }
    let ws = match ws {
        Ok(ws) => ws,
        Err(rejection) => {
            let r = state.refused(Refusal::BadMessage {
                detail: Detail::NotWebSocket,
            });
            return (rejection.status(), Json(r.to_message())).into_response();
        }
    };
    // The connection's place under the caps moves into the socket's task.
    let slot = ext.get::<Arc<ConnSlot>>().cloned();
    let peer = peer(&ext);
    // The WebSocket layer itself refuses a message larger than a table's creation may be
    // (closing with 1009): nothing larger is ever buffered. Any other message over
    // `max_message_bytes` is refused by the session.
    let limit = state.config().max_create_bytes();
    // Small buffers: thousands of idle players must not cost 256 KiB each (the defaults).
    ws.max_message_size(limit)
        .max_frame_size(limit)
        .read_buffer_size(4096)
        .write_buffer_size(4096)
        .on_upgrade(move |socket| async move {
            run_socket(state, socket, peer).await;
            drop(slot);
        })
}

/// What the reading side asks of the writer besides messages.
enum Control {
    /// Ask the client whether it is still there.
    Ping,
    /// Close with this code and reason.
    Close(u16, &'static str),
}

/// The close code for an error reading a frame: 1009 for a message over the limit, 1007 for
/// text that is not UTF-8, 1002 for anything else that breaks the protocol; none for a
/// connection that is simply gone.
fn close_for(error: axum::Error) -> Option<(u16, &'static str)> {
    let inner = error.into_inner();
    tracing::debug!(error = ?inner, "reading a frame failed");
    match inner.downcast_ref::<tungstenite::Error>()? {
        tungstenite::Error::Capacity(_) => Some((1009, "message too large")),
        tungstenite::Error::Utf8(_) => Some((1007, "text that is not UTF-8")),
        tungstenite::Error::Protocol(_) => Some((1002, "protocol error")),
        _ => None,
    }
}

/// Moves frames between the socket and the session: a writer task drains the outbox; this task
/// reads frames and hands them to the session. A socket silent for `--ws-idle` is pinged, and
/// closed when it stays silent as long again; one that follows nothing (no table, not the
/// lobby) and sends no message for `--ws-idle` is closed too, even if it answers every ping.
async fn run_socket(state: AppState, socket: WebSocket, peer: Option<std::net::IpAddr>) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut inbox) = Outbox::channel(OUTBOX, state.config().max_queue_bytes);
    let (ctl, mut control) = mpsc::channel::<Control>(4);
    let kick = out.kick.clone();
    let shutdown = stopped(state.shutdown_signal());
    // A client that takes no data for this long is gone, whatever TCP says.
    let write_timeout = state.config().header_timeout.max(Duration::from_secs(5));
    let mut writer = tokio::spawn(async move {
        let close = |code: u16, reason: &'static str| {
            Message::Close(Some(CloseFrame {
                code,
                reason: reason.into(),
            }))
        };
        let send_close =
            async |sink: &mut futures_util::stream::SplitSink<WebSocket, Message>, code, reason| {
                let _ = tokio::time::timeout(write_timeout, sink.send(close(code, reason))).await;
            };
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                // A close asked for by the reading side comes before the end of the queue
                // (which ends with the session).
                biased;
                c = control.recv() => match c {
                    Some(Control::Ping) => {
                        let ping = sink.send(Message::Ping(Default::default()));
                        if !matches!(tokio::time::timeout(write_timeout, ping).await, Ok(Ok(()))) {
                            break;
                        }
                    }
                    Some(Control::Close(code, reason)) => {
                        // What was queued before goes first: the last answer, then why.
                        while let Ok(text) = inbox.try_recv() {
                            if sink.feed(Message::Text(text)).await.is_err() {
                                break;
                            }
                        }
                        send_close(&mut sink, code, reason).await;
                        break;
                    }
                    None => break,
                },
                // Fallen behind (a message did not fit its queue): closed at once, with what
                // waits dropped. The close frame goes only if the socket takes it now.
                () = kick.notified() => {
                    let close = sink.send(close(1013, "too far behind; reconnect"));
                    let _ = tokio::time::timeout(Duration::from_millis(100), close).await;
                    break;
                }
                msg = inbox.recv() => match msg {
                    Some(text) => {
                        // Write what is queued, then flush once: one system call for a burst.
                        let burst = async {
                            sink.feed(Message::Text(text)).await?;
                            while let Ok(more) = inbox.try_recv() {
                                sink.feed(Message::Text(more)).await?;
                            }
                            sink.flush().await
                        };
                        // A write held up by a client that does not read ends as soon as the
                        // connection falls behind, not after the write timeout.
                        tokio::select! {
                            written = tokio::time::timeout(write_timeout, burst) => {
                                if !matches!(written, Ok(Ok(()))) {
                                    break;
                                }
                            }
                            () = kick.notified() => break,
                        }
                    }
                    None => break,
                },
                () = &mut shutdown => {
                    send_close(&mut sink, 1001, "server stopping").await;
                    break;
                }
            }
        }
    });
    let mut session = Session::new(state.clone(), out).from_address(peer);
    let shutdown = stopped(state.shutdown_signal());
    tokio::pin!(shutdown);
    let idle = state.config().ws_idle;
    let mut pinged = false;
    // Whether this side closes: then the client's answering close is awaited a moment.
    let mut closing = false;
    // Whether the writer has ended (the connection fell behind, or its client is gone).
    let mut written = false;
    // When the client last asked for something (a message, not a ping or a pong) or followed
    // something, on the server's clock: a socket that follows nothing and asks for nothing for
    // the idle time is closed, pongs or not.
    let clock = state.config().clock.clone();
    let mut asked = clock.now();
    loop {
        let next = async {
            if idle.is_zero() {
                Ok(stream.next().await)
            } else {
                tokio::time::timeout(idle, stream.next()).await
            }
        };
        if session.follows() {
            asked = clock.now();
        }
        let idle_until = (!idle.is_zero() && !session.follows()).then(|| asked + idle);
        let frame = tokio::select! {
            f = next => f,
            () = &mut shutdown => break,
            _ = &mut writer => {
                written = true;
                break;
            }
            () = clock.sleep_until(idle_until) => {
                let _ = ctl.send(Control::Close(1001, "asked for nothing")).await;
                closing = true;
                break;
            }
        };
        let frame = match frame {
            Ok(frame) => {
                pinged = false;
                frame
            }
            Err(_) if pinged => {
                let _ = ctl.send(Control::Close(1001, "no answer to ping")).await;
                closing = true;
                break;
            }
            Err(_) => {
                pinged = true;
                let _ = ctl.send(Control::Ping).await;
                continue;
            }
        };
        if matches!(frame, Some(Ok(Message::Text(_) | Message::Binary(_)))) {
            asked = clock.now();
        }
        let close = match frame {
            Some(Ok(Message::Text(text))) => session.handle_text(text.as_str()).await,
            Some(Ok(Message::Binary(_))) => session.handle_binary().await,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => session.handle_control().await,
            Some(Ok(Message::Close(_))) | None => break,
            Some(Err(e)) => {
                if let Some((code, reason)) = close_for(e) {
                    let _ = ctl.send(Control::Close(code, reason)).await;
                    closing = true;
                }
                break;
            }
        };
        if let Some((code, reason)) = close {
            let _ = ctl.send(Control::Close(code, reason)).await;
            closing = true;
            break;
        }
    }
    session.close().await;
    drop(ctl);
    if closing && !written {
        // The close handshake: the client answers our close frame; dropping the socket before
        // that could reset the connection under the client before it reads why.
        let drained = async {
            while let Some(Ok(m)) = stream.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(1), drained).await;
    }
    // The writer ends once the tables let go of this connection's queue; do not wait long.
    if !written {
        let abort = writer.abort_handle();
        if tokio::time::timeout(Duration::from_secs(2), writer)
            .await
            .is_err()
        {
            abort.abort();
        }
    }
}

/// Resolves once the server is stopping.
async fn stopped(mut rx: tokio::sync::watch::Receiver<bool>) {
    loop {
        if *rx.borrow_and_update() {
            return;
        }
        if rx.changed().await.is_err() {
            return std::future::pending().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_carries_the_catalogue_words_and_none_of_its_own() {
        let english = Catalogue::english();
        let html = page(INDEX_HTML, 0, "");
        assert!(!html.contains("{{"), "a mark left unfilled");
        assert!(html.starts_with("<!doctype html>\n<html lang=\"en\">"));
        assert!(html.contains(">Roll (R)</button>"));
        assert!(html.contains("aria-label=\"Game\""));
        // Every mark is a word of the catalogue.
        for mark in INDEX_HTML.split("{{").skip(1) {
            let id = mark.split("}}").next().unwrap_or_default();
            assert!(
                ["lang", "words", "languages", "lang-note"].contains(&id) || english.has(id),
                "{id} is not in the catalogue"
            );
        }
        // The scripts' words: every word("...") they use is one of the page's.
        let words: serde_json::Value = serde_json::from_str(
            html.split("<script type=\"application/json\" id=\"words\">")
                .nth(1)
                .and_then(|rest| rest.split("</script>").next())
                .unwrap_or_default(),
        )
        .unwrap_or_default();
        for script in [APP_JS, BOARD_JS, SOUNDS_JS] {
            for used in script.split("word(\"").skip(1) {
                let id = used.split('"').next().unwrap_or_default();
                assert!(
                    words.get(id).is_some(),
                    "{id} is used by a script but not a page word"
                );
            }
        }
    }

    #[test]
    fn another_language_is_another_catalogue() {
        let es = LOCALES
            .iter()
            .position(|l| l.tag == "es")
            .unwrap_or_default();
        let html = page(
            "<html lang=\"{{lang}}\"><h1>{{ui-title}}</h1><p>{{lang-note}}</p><select>{{languages}}</select>",
            es,
            "<note>",
        );
        assert!(
            html.starts_with(
                "<html lang=\"es\"><h1>Serpientes y escaleras</h1><p>&lt;note&gt;</p><select>\
                 <option value=\"en\" lang=\"en\">English</option>\
                 <option value=\"es\" lang=\"es\" selected>Español</option>"
            ),
            "{html}"
        );
        // Every language of the catalogue is in the menu, in its own name.
        for locale in LOCALES {
            assert!(
                html.contains(&format!(">{}</option>", locale.name)),
                "{html}"
            );
        }
        assert_eq!(
            escape("<a href=\"x\">Bo & 'Cy'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Bo &amp; &#39;Cy&#39;&lt;/a&gt;"
        );
    }
}
