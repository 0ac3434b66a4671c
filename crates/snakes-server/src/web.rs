//! HTTP: the page, the lobby's JSON API, and the WebSocket that carries the game.

use axum::Json;
use axum::Router;
use axum::extract::RawQuery;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use snakes_text::keys::{PageKey, page_keys};
use snakes_text::{Catalogue, LOCALES, Locale, RulesGuide, page_words};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::WebSocketStream;
use tungstenite::Message;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};

use crate::AppState;

mod account;
mod games;
mod passkeys;
use crate::conn::{LocalAddr, Place, Secure, YIELDED};
use crate::fair::Standing;
use crate::metered::{Meter, Metered};
use crate::outbox::{Inbox, Outbox};
use crate::protocol::{CreateTable, Detail, Refusal, ServerMessage, TableId};
use crate::session::Session;
use crate::view::Refused;

const INDEX_HTML: &str = include_str!("../assets/index.html");

const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// The page's scripts (ES modules, `app.js` first) and its style sheets, served as they are:
/// `(path, content type, text)`. A new file of the page is one line here.
const ASSETS: &[(&str, &str, &str)] = &[
    ("/app.js", JS, include_str!("../assets/app.js")),
    ("/state.js", JS, include_str!("../assets/state.js")),
    ("/dom.js", JS, include_str!("../assets/dom.js")),
    ("/language.js", JS, include_str!("../assets/language.js")),
    (
        "/connection.js",
        JS,
        include_str!("../assets/connection.js"),
    ),
    ("/events.js", JS, include_str!("../assets/events.js")),
    ("/speech.js", JS, include_str!("../assets/speech.js")),
    ("/keys.js", JS, include_str!("../assets/keys.js")),
    ("/lobby.js", JS, include_str!("../assets/lobby.js")),
    ("/table.js", JS, include_str!("../assets/table.js")),
    ("/talk.js", JS, include_str!("../assets/talk.js")),
    ("/people.js", JS, include_str!("../assets/people.js")),
    (
        "/moderation.js",
        JS,
        include_str!("../assets/moderation.js"),
    ),
    ("/account.js", JS, include_str!("../assets/account.js")),
    ("/games.js", JS, include_str!("../assets/games.js")),
    ("/settings.js", JS, include_str!("../assets/settings.js")),
    ("/board.js", JS, include_str!("../assets/board.js")),
    ("/sounds.js", JS, include_str!("../assets/sounds.js")),
    ("/voice.js", JS, include_str!("../assets/voice.js")),
    ("/looks.js", JS, include_str!("../assets/looks.js")),
    ("/tokens.js", JS, include_str!("../assets/tokens.js")),
    ("/figures.js", JS, include_str!("../assets/figures.js")),
    ("/theme.css", CSS, include_str!("../assets/theme.css")),
    ("/page.css", CSS, include_str!("../assets/page.css")),
    ("/board.css", CSS, include_str!("../assets/board.css")),
];

/// Messages waiting for a slow connection before the tables drop it.
const OUTBOX: usize = 512;

/// The policy every answer carries: scripts and styles from this server only (the page's own
/// `<style>` and the board's animated `style` attributes are inline), connections back to it,
/// no framing by other sites, no guessing of content types.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// The router: `/` (the page), its scripts and style sheet (`ASSETS`), `/api/rules` (every
/// rule option explained), `/api/keys` (the page's keys with their words),
/// `/api/tables` (GET lists, POST creates), `/api/tables/{id}` (one table),
/// `/api/tables/{id}/analysis` (how long a game lasts there), `/api/tables/{id}/record` (the
/// game's record, to check its dice) and `/ws` (the game). Every refusal, a wrong address or
/// method included, is the protocol's JSON with its HTTP status; every answer carries the
/// security headers. Binds nothing: serve it with [`crate::serve_on`], or call it directly in
/// tests.
pub fn app(state: AppState) -> Router {
    let limit = state.config().max_create_bytes();
    let csp = policy(&state.config().allow_origins);
    let mut router = Router::new().route("/", get(index));
    for &(path, kind, text) in ASSETS {
        router = router.route(path, get(move || asset(kind, text)));
    }
    router
        .route("/api/rules", get(rules))
        .route("/api/keys", get(keys))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(table_view))
        .route("/api/tables/{id}/analysis", get(table_analysis))
        .route("/api/tables/{id}/record", get(table_record))
        .route("/ws", get(ws_upgrade))
        .merge(account::routes())
        .merge(games::routes())
        .merge(passkeys::routes())
        // Health and metrics, unless they have an address of their own (--admin-bind).
        .merge(match state.config().admin_bind {
            None => crate::admin::routes(),
            Some(_) => Router::new(),
        })
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            rate_requests,
        ))
        .layer(axum::middleware::map_response(move |r: Response| {
            let csp = csp.clone();
            async move { secure(r, csp) }
        }))
        .layer(axum::middleware::map_response_with_state(
            state.clone(),
            count_refusal,
        ))
        .with_state(state)
}

/// The code of a refusal answered over HTTP (a response extension), counted by
/// [`count_refusal`].
#[derive(Debug, Clone, Copy)]
struct RefusalCode(&'static str);

/// Counts the refusal an answer carries (`snakes_refusals_total`).
async fn count_refusal(State(state): State<AppState>, response: Response) -> Response {
    if let Some(RefusalCode(code)) = response.extensions().get::<RefusalCode>() {
        state.metrics().refused(code);
    }
    response
}

/// The policy with the origins of `--allow-origin` as places the page may connect to too: the
/// other servers of one database, to which a page follows its table (docs/scale.md).
fn policy(allowed: &[String]) -> HeaderValue {
    let mut csp = CSP.to_string();
    let extra: Vec<String> = allowed
        .iter()
        .flat_map(|o| {
            let ws = o.replacen("http", "ws", 1);
            [o.clone(), ws]
        })
        .collect();
    if !extra.is_empty() {
        csp = csp.replace(
            "connect-src 'self'",
            &format!("connect-src 'self' {}", extra.join(" ")),
        );
    }
    HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static(CSP))
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
/// 429 `too_many_requests` at once, whatever it asked for, and costs nothing more. The page's
/// own files ([`ASSETS`], texts kept in memory) are not counted: a page loads some 30 of them,
/// and a reload within the second must not find half of them refused; the page itself (`/`)
/// is counted, once a load.
async fn rate_requests(
    State(state): State<AppState>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let asset = request.method() == axum::http::Method::GET
        && ASSETS
            .iter()
            .any(|(path, ..)| *path == request.uri().path());
    if let Some(ip) = peer(request.extensions())
        && !asset
        && !state.may_request(ip)
    {
        state.metrics().cap_hit(crate::metrics::Cap::HttpRate);
        // In the request's language, an unknown one being no reason to count it twice.
        let lang = language(&state, request.uri().query(), request.headers())
            .unwrap_or_else(|(_, lang)| lang);
        let refused = Refused::from(Refusal::TooManyRequests);
        let mut answer = refusal_response(&state, &refused, lang);
        answer
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return answer;
    }
    next.run(request).await
}

/// Puts the [`SECURITY_HEADERS`] on an answer, the policy `csp` (which names the origins of
/// `--allow-origin`) in place of the plain one.
fn secure(mut response: Response, csp: HeaderValue) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    response
}

async fn not_found(State(state): State<AppState>) -> Response {
    refusal_response(&state, &Refusal::NotFound.into(), 0)
}

async fn method_not_allowed(State(state): State<AppState>) -> Response {
    refusal_response(&state, &Refusal::MethodNotAllowed.into(), 0)
}

/// A table id from the path; any other text is a table nobody has.
fn table_id(text: &str) -> Result<TableId, Refused> {
    text.parse().map_err(|_| Refusal::NoSuchTable.into())
}

/// What `answer` gives for the table whose id is `text` (`no_such_table` when it is no id).
async fn for_table<T, F>(text: &str, answer: impl FnOnce(TableId) -> F) -> Result<T, Refused>
where
    F: std::future::Future<Output = Result<T, Refused>>,
{
    answer(table_id(text)?).await
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
    let config = state.config();
    // Its own public address (`--public-url`, behind a proxy) is where its pages come from.
    let public = config.public_url.as_deref().map(origin_of);
    if config
        .allow_origins
        .iter()
        .any(|o| o.trim_end_matches('/') == origin)
        || public.as_deref() == Some(origin)
    {
        return Ok(());
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    // Over HTTPS the page's origin is https://, and a Host without a port means 443.
    let (scheme, port) = match ext.get::<Secure>() {
        Some(_) => ("https://", "443"),
        None => ("http://", "80"),
    };
    let same = origin
        .strip_prefix(scheme)
        .is_some_and(|o| o.eq_ignore_ascii_case(host));
    if same && own_host(host, port, ext.get::<LocalAddr>().map(|l| l.0)) {
        return Ok(());
    }
    Err(Refusal::BadOrigin {
        origin: origin.chars().take(200).collect(),
    }
    .into())
}

/// The origin of an address: its scheme, host and port (`https://games.example.org` of
/// `https://games.example.org/s1`).
fn origin_of(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let host = rest.split('/').next().unwrap_or_default();
            format!("{scheme}://{host}")
        }
        None => url.to_string(),
    }
}

/// Whether `host` (a `Host` header, whose port is `default_port` when it names none) names
/// this server, which listens on `local`: its own
/// address and port; on loopback also `localhost`; on every address (0.0.0.0, ::) any name with
/// its port, since the server cannot know its names. Without a known address (the router
/// alone), any.
fn own_host(host: &str, default_port: &str, local: Option<std::net::SocketAddr>) -> bool {
    let Some(local) = local else {
        return true;
    };
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port)) if !name.ends_with(']') || host.starts_with('[') => (name, port),
        _ => (host, default_port),
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
/// [`Refusal::UnknownLocale`] for a `lang` parameter the server has no catalogue for, with the
/// language of `Accept-Language` to say it in.
fn language(
    state: &AppState,
    query: Option<&str>,
    headers: &HeaderMap,
) -> Result<usize, (Refused, usize)> {
    let accepted = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|h| h.to_str().ok())
        .and_then(Locale::from_accept_language)
        .unwrap_or(0);
    match lang_parameter(query) {
        Some(tag) => state.language(&tag).map_err(|r| (r, accepted)),
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
            .map_err(|(r, lang)| refusal_response(state, &r, lang))
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
        Err((refused, _)) => {
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
/// for the scripts, `{{keys}}` the page's keys with their words as JSON ([`page_keys`]),
/// `{{toolbar}}` the buttons of the game's toolbar and `{{shortcuts-come-back}}` the keys of
/// the button that takes a seat back, both made from the same table, `{{languages}}` the
/// options of the language menu (each language in its own name) and `{{lang-note}}` the `note`
/// (why the page is not in the language asked for), if any. The page carries no words of its
/// own, so that another language is another catalogue.
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
    let keys = page_keys(catalogue);
    let keys_json = serde_json::to_string(&keys)
        .unwrap_or_default()
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
            "keys" => html.push_str(&keys_json),
            "toolbar" => html.push_str(&toolbar(&keys)),
            "shortcuts-come-back" => {
                let back = keys.iter().find(|k| k.does == "come_back");
                html.push_str(&escape(back.map_or("", |k| k.shortcuts.as_str())));
            }
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

/// The buttons of the game's toolbar, one per key of `keys` that has one, in the table's order:
/// the first (Roll, `id="roll"`) is the toolbar's one Tab stop, the arrows move to the others.
fn toolbar(keys: &[PageKey]) -> String {
    let mut html = String::new();
    for (i, k) in keys.iter().filter(|k| k.button.is_some()).enumerate() {
        let id = if k.does == "roll" { " id=\"roll\"" } else { "" };
        let tab = if i == 0 { "" } else { " tabindex=\"-1\"" };
        if i > 0 {
            html.push_str("\n        ");
        }
        html.push_str(&format!(
            "<button type=\"button\"{id} data-key=\"{name}\" aria-keyshortcuts=\"{keys}\"{tab}>{label}</button>",
            name = escape(&k.name),
            keys = escape(&k.shortcuts),
            label = escape(k.button.as_deref().unwrap_or_default()),
        ));
    }
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

/// The page's keys with their words: what each does, its line of help, its button.
async fn keys(Lang(lang): Lang) -> Json<Vec<PageKey>> {
    Json(page_keys(&Catalogue::shipped(lang)))
}

/// One of the page's files ([`ASSETS`]).
async fn asset(kind: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

/// How long a game lasts on the table's board, under each ending (see [`crate::analysis`]).
async fn table_analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Lang(lang): Lang,
    ext: axum::http::Extensions,
) -> Response {
    let answer = for_table(&id, |id| state.table_analysis(id, lang, peer(&ext))).await;
    json_or_refused(&state, answer, lang)
}

/// A page of the lobby: `?after=ID` for the tables older than ID (a page's `next`), down to
/// the oldest finished table in the store.
async fn list_tables(
    State(state): State<AppState>,
    Lang(lang): Lang,
    RawQuery(query): RawQuery,
) -> Response {
    let after = form_urlencoded::parse(query.as_deref().unwrap_or_default().as_bytes())
        .find(|(key, _)| key == "after")
        .map(|(_, id)| id.parse::<TableId>());
    match after.transpose() {
        Ok(after) => json_or_refused(&state, state.lobby_message(after, lang).await, lang),
        Err(e) => {
            let refused = Refused::from(Refusal::BadMessage {
                detail: Detail::Text(format!("after: {e}")),
            });
            refusal_response(&state, &refused, lang)
        }
    }
}

/// A refusal with its HTTP status, worded in the language `LOCALES[lang]`.
fn refusal_response(state: &AppState, r: &Refused, lang: usize) -> Response {
    let status = match r.refusal {
        Refusal::NoSuchTable | Refusal::NotFound => StatusCode::NOT_FOUND,
        Refusal::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        Refusal::BadOrigin { .. } => StatusCode::FORBIDDEN,
        Refusal::TooManyTables
        | Refusal::TooManyRequests
        | Refusal::TooManyOpenTables
        | Refusal::TooManySignIns => StatusCode::TOO_MANY_REQUESTS,
        Refusal::BadSignIn | Refusal::NotSignedIn => StatusCode::UNAUTHORIZED,
        Refusal::NameTaken { .. } | Refusal::NameHeld { .. } | Refusal::LastPasskey => {
            StatusCode::CONFLICT
        }
        Refusal::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        Refusal::StoreFailed => StatusCode::SERVICE_UNAVAILABLE,
        // Not the server's health (a proxy counts a 503 against it): a fact of the table.
        Refusal::Moved { .. } | Refusal::Quarantined => StatusCode::CONFLICT,
        _ => StatusCode::BAD_REQUEST,
    };
    let mut response = (status, Json(r.to_message(state.narrator(lang)))).into_response();
    response
        .extensions_mut()
        .insert(RefusalCode(r.refusal.code()));
    response
}

async fn create_table(
    State(state): State<AppState>,
    Lang(lang): Lang,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let state = &state;
    let refusal_response = |r: Refused| refusal_response(state, &r, lang);
    if let Err(r) = check_origin(state, &parts.headers, &parts.extensions) {
        return refusal_response(r);
    }
    let limit = state.config().max_create_bytes();
    let read = tokio::time::timeout(
        state.config().header_timeout,
        axum::body::to_bytes(body, limit),
    )
    .await;
    let bytes = match read {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => return refusal_response(Refusal::TooLarge { limit }.into()),
        Err(_) => {
            return refusal_response(
                Refusal::BadMessage {
                    detail: Detail::SlowBody,
                }
                .into(),
            );
        }
    };
    let create: CreateTable = match serde_json::from_slice(&bytes) {
        Ok(c) => c,
        Err(e) => {
            return refusal_response(
                Refusal::BadMessage {
                    detail: Detail::Text(e.to_string()),
                }
                .into(),
            );
        }
    };
    // A member's name is theirs: the creator goes by it only signed in as that member.
    let me = match account::cookie_secret(&parts.headers) {
        Some(secret) => state.session_member(secret).await.ok().flatten(),
        None => None,
    };
    let me = me.map(|m| m.id);
    if let Err(r) = state.name_free_for(&create.name, me).await {
        return refusal_response(r);
    }
    let created = state
        .create_from(create, peer(&parts.extensions), lang, None)
        .await;
    // One of the member's games, if a member created it (a store that cannot list it loses
    // that line of their list, never the table).
    if let (Some(me), Ok(c)) = (me, &created)
        && let Err(e) = state
            .store()
            .add_member_table(me, c.table, u32::try_from(c.seat).unwrap_or(u32::MAX))
            .await
    {
        tracing::warn!(error = %e, table = c.table, "a member's game could not be listed");
    }
    match created {
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
        Err(r) => refusal_response(r),
    }
}

/// An answer as JSON, or the refusal with its status, worded in the language `LOCALES[lang]`.
fn json_or_refused<T: serde::Serialize>(
    state: &AppState,
    answer: Result<T, Refused>,
    lang: usize,
) -> Response {
    match answer {
        Ok(value) => Json(value).into_response(),
        Err(r) => refusal_response(state, &r, lang),
    }
}

async fn table_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Lang(lang): Lang,
) -> Response {
    let answer = for_table(&id, |id| state.view_in(id, lang)).await;
    json_or_refused(&state, answer, lang)
}

/// The game's record: board, rules, dice and every event (`snakes verify` checks it). A
/// finished one is built once and kept; the answer carries an `ETag` (a client that sends it
/// back in `If-None-Match` is answered 304, nothing more), gzipped when the client accepts it,
/// and its bytes count against the server's budget of reads (429 when a crowd spent it).
async fn table_record(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ext: axum::http::Extensions,
) -> Response {
    let built = match for_table(&id, |id| state.record_answer(id)).await {
        Ok(built) => built,
        Err(r) => return refusal_response(&state, &r, 0),
    };
    let etag = HeaderValue::from_str(&built.etag).unwrap_or(HeaderValue::from_static("\"\""));
    let cache = HeaderValue::from_static(if built.finished {
        "public, max-age=86400"
    } else {
        "no-cache"
    });
    let seen = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|t| t.trim() == built.etag || t.trim() == "*")
        });
    if seen {
        return (
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag), (header::CACHE_CONTROL, cache)],
        )
            .into_response();
    }
    let gzip = accepts_gzip(&headers);
    let body = if gzip { &built.gzip } else { &built.json };
    if !state.may_read(peer(&ext), body.len()) {
        state.metrics().cap_hit(crate::metrics::Cap::Reads);
        let mut answer = refusal_response(&state, &Refusal::TooManyRequests.into(), 0);
        answer
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return answer;
    }
    let mut response = (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ],
        body.clone(),
    )
        .into_response();
    if gzip {
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    response
}

/// Whether the request's `Accept-Encoding` takes gzip (not with `q=0`).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// The WebSocket as the server reads it: its bytes through a [`Meter`].
type Socket = WebSocketStream<Metered<hyper_util::rt::TokioIo<hyper::upgrade::Upgraded>>>;

async fn ws_upgrade(
    State(state): State<AppState>,
    // Before the upgrade's extractor, which takes the connection's upgrade out of them.
    ext: axum::http::Extensions,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if let Err(r) = check_origin(&state, &headers, &ext) {
        return refusal_response(&state, &r, 0);
    }
    // A server cut off from the database serves nobody: 503, so that a proxy in front (nginx's
    // proxy_next_upstream http_503) tries another, and a page goes to the next server.
    if !state.ready() {
        let moved = Refused::from(Refusal::Moved {
            address: String::new(),
        });
        state.metrics().refused(moved.refusal.code());
        let mut response = refusal_response(&state, &moved, 0);
        *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
        return response;
    }
    // axum's extractor checks the request (a GET asking for a WebSocket of version 13, with a
    // key); the upgrade itself is done here, so that the socket's bytes pass a meter.
    let (upgrade, key) = match (ws, ext.get::<hyper::upgrade::OnUpgrade>()) {
        (Ok(_), Some(upgrade)) => (
            upgrade.clone(),
            headers.get(header::SEC_WEBSOCKET_KEY).cloned(),
        ),
        (answer, _) => {
            let r = Refused::from(Refusal::BadMessage {
                detail: Detail::NotWebSocket,
            });
            state.metrics().refused(r.refusal.code());
            let message = r.to_message(state.narrator(0));
            let status = answer
                .err()
                .map_or(StatusCode::UPGRADE_REQUIRED, |e| e.status());
            return (status, Json(message)).into_response();
        }
    };
    let Some(accept) = key.map(|k| tungstenite::handshake::derive_accept_key(k.as_bytes())) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    // The connection's place under the caps moves into the socket's task; as a WebSocket it
    // may be asked to make room for a newcomer when the server is full.
    let slot = ext.get::<Place>().cloned();
    let standing = slot.as_ref().map(|p| p.standing.clone());
    if let Some(standing) = &standing {
        standing.upgraded();
    }
    let peer = peer(&ext);
    // The member the browser is signed in as, if any (a store that cannot say makes a guest),
    // and the hash of the session, which the connection reads again when the member changes.
    let member = match account::cookie_secret(&headers) {
        Some(secret) => state
            .session_member(secret)
            .await
            .ok()
            .flatten()
            .map(|m| (m, crate::members::session_hash(secret))),
        None => None,
    };
    // The WebSocket layer itself refuses a message larger than a table's creation may be
    // (closing with 1009): nothing larger is ever buffered. Any other message over
    // `max_message_bytes` is refused by the session.
    let limit = state.config().max_create_bytes();
    // Small buffers: thousands of idle players must not cost 256 KiB each (the defaults).
    let config = WebSocketConfig::default()
        .max_message_size(Some(limit))
        .max_frame_size(Some(limit))
        .read_buffer_size(4096)
        .write_buffer_size(4096);
    tokio::spawn(async move {
        let Ok(upgraded) = upgrade.await else {
            return;
        };
        let io = hyper_util::rt::TokioIo::new(upgraded);
        let (io, meter) = Metered::new(io, state.config().clock.clone());
        let socket = WebSocketStream::from_raw_socket(io, Role::Server, Some(config)).await;
        run_socket(state, socket, meter, (peer, member), standing).await;
        drop(slot);
    });
    (
        StatusCode::SWITCHING_PROTOCOLS,
        [
            (header::CONNECTION, HeaderValue::from_static("upgrade")),
            (header::UPGRADE, HeaderValue::from_static("websocket")),
        ],
        [(
            header::SEC_WEBSOCKET_ACCEPT,
            HeaderValue::from_str(&accept).unwrap_or(HeaderValue::from_static("")),
        )],
    )
        .into_response()
}

/// The close code of every WebSocket when the server stops (SIGTERM, Ctrl+C): 1012, "service
/// restart" in the IANA's registry of WebSocket close codes. The page says "The server is
/// restarting; reconnecting." and reconnects.
pub const RESTARTING: u16 = 1012;

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
fn close_for(error: tungstenite::Error) -> Option<(u16, &'static str)> {
    tracing::debug!(error = ?error, "reading a frame failed");
    match error {
        tungstenite::Error::Capacity(_) => Some((1009, "message too large")),
        tungstenite::Error::Utf8(_) => Some((1007, "text that is not UTF-8")),
        tungstenite::Error::Protocol(_) => Some((1002, "protocol error")),
        _ => None,
    }
}

/// Moves frames between the socket and the session: a writer task drains the outbox
/// ([`write_frames`]); this task reads frames and hands them to the session ([`read_frames`]),
/// then closes the conversation.
async fn run_socket(
    state: AppState,
    socket: Socket,
    meter: Arc<Meter>,
    (peer, member): (
        Option<std::net::IpAddr>,
        Option<(crate::store::Member, String)>,
    ),
    standing: Option<Arc<Standing>>,
) {
    let (sink, mut stream) = socket.split();
    let (out, rx) = Outbox::channel(OUTBOX, state.config().max_queue_bytes);
    let (ctl, control) = mpsc::channel::<Control>(4);
    let kick = out.kick.clone();
    let shutdown = stopped(state.shutdown_signal());
    let _open = state.metrics().websocket();
    let kicked = state.metrics().clone();
    // A client that takes no data for this long is gone, whatever TCP says.
    let write_timeout = state.config().header_timeout.max(Duration::from_secs(5));
    let queues = Queues {
        rx,
        control,
        kick,
        kicked,
    };
    let beat = state.config().beat;
    let writer = tokio::spawn(write_frames(sink, queues, shutdown, (write_timeout, beat)));
    let mut session = Session::new(state.clone(), out)
        .from_address(peer)
        .member(member)
        .standing(standing.clone());
    session.read_blocks().await;
    let yielded = async {
        match &standing {
            Some(standing) => standing.yielded().await,
            None => std::future::pending().await,
        }
    };
    let reading = read_frames(&state, &mut session, (&mut stream, &meter), &ctl, &writer);
    let mut closing = tokio::select! {
        closing = reading => closing,
        () = yielded => {
            // The server is full: this connection, holding no seat, makes room for a newcomer.
            let _ = ctl
                .send(Control::Close(YIELDED, "the server is full: room made for a newcomer"))
                .await;
            true
        }
    };
    // A stopping server closes with 1012 however this loop ended, and says so to the writer
    // here rather than trusting it to have seen the stop itself: on another thread, the writer
    // may have found the stop not yet signalled a moment before it found this side gone, and
    // ended without a close frame (the page then says the connection was lost, not that the
    // server is restarting). Then the client's answer is awaited, so that
    // the socket is not dropped with its frames unread (which resets the connection, and the
    // client may lose the close frame).
    if *state.shutdown_signal().borrow() {
        let _ = ctl
            .send(Control::Close(RESTARTING, "server restarting"))
            .await;
        closing = true;
    }
    session.close().await;
    drop(ctl);
    if closing {
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
    let abort = writer.abort_handle();
    if tokio::time::timeout(Duration::from_secs(2), writer)
        .await
        .is_err()
    {
        abort.abort();
    }
}

/// What the writer of one socket drains: the messages for it, what the reading side asks, and
/// the bell a table rings when it had to drop the connection (counted in `kicked`).
struct Queues {
    rx: Inbox,
    control: mpsc::Receiver<Control>,
    kick: Arc<Notify>,
    kicked: crate::metrics::Metrics,
}

/// Writes to the socket what is queued for it, a burst at a time, until the queue ends, the
/// reading side asks to close, a table drops the connection (1013) or the server stops (what
/// was queued, then 1012).
async fn write_frames(
    mut sink: SplitSink<Socket, Message>,
    Queues {
        mut rx,
        mut control,
        kick,
        kicked,
    }: Queues,
    shutdown: impl std::future::Future<Output = ()>,
    (write_timeout, beat): (Duration, Duration),
) {
    let send_close = async |sink: &mut SplitSink<Socket, Message>, code, reason| {
        let _ = tokio::time::timeout(write_timeout, sink.send(close_frame(code, reason))).await;
    };
    // What was queued goes first, then the close: the last answer, then why.
    let drain_and_close =
        async |sink: &mut SplitSink<Socket, Message>, rx: &mut Inbox, code, reason| {
            while let Ok(text) = rx.try_recv() {
                if sink.feed(Message::Text(text)).await.is_err() {
                    break;
                }
            }
            send_close(sink, code, reason).await;
        };
    tokio::pin!(shutdown);
    // A beat once a connection was sent nothing for `beat`: a client that hears nothing for
    // three is to a server that hangs (SIGSTOP, a machine frozen), and goes to another.
    let mut next_beat = tokio::time::Instant::now() + beat;
    loop {
        tokio::select! {
            // A stopping server closes with 1012 whatever else is going on; a close asked
            // for by the reading side comes before the end of the queue (which ends with
            // the session).
            biased;
            () = &mut shutdown => {
                // What was committed and queued, then 1012: the page says the server is
                // restarting, and reconnects.
                drain_and_close(&mut sink, &mut rx, RESTARTING, "server restarting").await;
                break;
            }
            c = control.recv() => match c {
                Some(Control::Ping) => {
                    let ping = sink.send(Message::Ping(Default::default()));
                    if !matches!(tokio::time::timeout(write_timeout, ping).await, Ok(Ok(()))) {
                        break;
                    }
                }
                Some(Control::Close(code, reason)) => {
                    drain_and_close(&mut sink, &mut rx, code, reason).await;
                    break;
                }
                None => break,
            },
            msg = rx.recv() => match msg {
                Some(text) => {
                    // Write what is queued, then flush once: one system call for a burst.
                    let burst = async {
                        sink.feed(Message::Text(text)).await?;
                        while let Ok(more) = rx.try_recv() {
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
                            next_beat = tokio::time::Instant::now() + beat;
                        }
                        () = kick.notified() => {
                            kicked.cap_hit(crate::metrics::Cap::Outbox);
                            break;
                        }
                    }
                }
                None => break,
            },
            () = tokio::time::sleep_until(next_beat) => {
                let beating = sink.send(Message::Text(BEAT.into()));
                if !matches!(tokio::time::timeout(write_timeout, beating).await, Ok(Ok(()))) {
                    break;
                }
                next_beat = tokio::time::Instant::now() + beat;
            }
            // Fallen behind (a message did not fit its queue): closed at once, with what
            // waits dropped. The close frame goes only if the socket takes it now.
            () = kick.notified() => {
                kicked.cap_hit(crate::metrics::Cap::Outbox);
                let close = sink.send(close_frame(1013, "too far behind; reconnect"));
                let _ = tokio::time::timeout(Duration::from_millis(100), close).await;
                break;
            }
        }
    }
}

/// [`ServerMessage::Beat`](crate::protocol::ServerMessage::Beat) as it is sent.
const BEAT: &str = r#"{"type":"beat"}"#;

/// A close frame with `code` and `reason`.
fn close_frame(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code: CloseCode::from(code),
        reason: reason.into(),
    }))
}

/// Reads frames and hands them to the session until the client goes, the session or the
/// reading of a frame asks to close, the writer stops or the server stops. A socket silent for
/// `--ws-idle` is pinged, and closed when it stays silent as long again; one that follows
/// nothing (no table, not the lobby) and sends no message for `--ws-idle` is closed too, even
/// if it answers every ping. True when this side closes (the client's answering close is then
/// awaited a moment).
async fn read_frames(
    state: &AppState,
    session: &mut Session,
    (stream, meter): (&mut SplitStream<Socket>, &Meter),
    ctl: &mpsc::Sender<Control>,
    writer: &tokio::task::JoinHandle<()>,
) -> bool {
    let shutdown = stopped(state.shutdown_signal());
    tokio::pin!(shutdown);
    let idle = state.config().ws_idle;
    let mut pinged = false;
    // Whether this side closes: then the client's answering close is awaited a moment.
    let mut closing = false;
    // When the client last asked for something (a message, not a ping or a pong) or followed
    // something, on the server's clock: a socket that follows nothing and asks for nothing for
    // the idle time is closed, pongs or not.
    let clock = state.config().clock.clone();
    let mut asked = clock.now();
    // How long one message may take from its first byte to its last.
    let patience = state.config().header_timeout;
    // A ban that reaches the connection closes it, now or once a moderator bans.
    let mut sanctions = state.moderation().changes();
    // A member signed out everywhere (or deleted) is a guest from then on, on every page.
    let mut members = state.members().changes();
    if let Some((code, reason)) = session.sanctions_changed().await {
        let _ = ctl.send(Control::Close(code, reason)).await;
        return true;
    }
    loop {
        if session.follows() {
            asked = clock.now();
        }
        let idle_until = (!idle.is_zero() && !session.follows()).then(|| asked + idle);
        let next = async {
            if idle.is_zero() {
                Ok(stream.next().await)
            } else {
                tokio::time::timeout(idle, stream.next()).await
            }
        };
        let frame = tokio::select! {
            f = next => f,
            () = &mut shutdown => {
                // The writer closes with 1012; the client's answer is awaited below.
                closing = true;
                break;
            }
            () = clock.sleep_until(idle_until) => {
                let _ = ctl.send(Control::Close(1001, "asked for nothing")).await;
                closing = true;
                break;
            }
            // A message begun: its time runs from its first byte.
            () = meter.begun() => continue,
            Ok(()) = sanctions.changed() => {
                if let Some((code, reason)) = session.sanctions_changed().await {
                    let _ = ctl.send(Control::Close(code, reason)).await;
                    closing = true;
                    break;
                }
                // A grant to the member signed in takes effect at once.
                session.roles_changed().await;
                continue;
            }
            changed = members.recv(), if session.signed_in() => {
                // Lagging behind, the connection reads its session again whoever changed.
                session.member_changed(changed.ok()).await;
                continue;
            }
            () = clock.sleep_until(meter.since().map(|t| t + patience)) => {
                if meter.since().is_some_and(|t| clock.now() >= t + patience) {
                    let _ = ctl.send(Control::Close(1008, "message too slow")).await;
                    closing = true;
                    break;
                }
                continue;
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
        let (end, close) = take_frame(session, frame).await;
        if let Some((code, reason)) = close {
            let _ = ctl.send(Control::Close(code, reason)).await;
            closing = true;
        }
        if end || close.is_some() || writer.is_finished() {
            break;
        }
    }
    closing
}

/// What one frame from the client (`None`: the stream ended) does: whether the reading ends,
/// and the close to send, if any.
async fn take_frame(
    session: &mut Session,
    frame: Option<Result<Message, tungstenite::Error>>,
) -> (bool, Option<(u16, &'static str)>) {
    match frame {
        Some(Ok(Message::Text(text))) => (false, session.handle_text(text.as_str()).await),
        Some(Ok(Message::Binary(_))) => (false, session.handle_binary().await),
        // A raw frame is only ever written, never read; counted as a control frame.
        Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {
            (false, session.handle_control().await)
        }
        Some(Ok(Message::Close(_))) | None => (true, None),
        Some(Err(e)) => (true, close_for(e)),
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
    fn the_page_handles_each_kind_of_event_the_server_names_in_one_row() {
        let script = ASSETS
            .iter()
            .find(|(path, _, _)| *path == "/events.js")
            .map(|&(_, _, text)| text)
            .unwrap_or_default();
        let table = script
            .split("export const EVENTS = {\n")
            .nth(1)
            .and_then(|rest| rest.split("\n};").next())
            .unwrap_or_default();
        // A row is a line of two spaces of indent and a kind's name: `  rolled: {`.
        let rows: Vec<&str> = table
            .lines()
            .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
            .filter_map(|line| line.trim().split_once(':'))
            .map(|(name, _)| name)
            .filter(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .collect();
        let mut named: Vec<&str> = crate::protocol::Lifecycle::TYPES.to_vec();
        named.extend(crate::protocol::TableEvent::GAME_TYPES);
        assert_eq!(rows, named, "events.js's rows, in the order of protocol.rs");
        // And the page has no other switch over the kinds of event.
        for (path, _, script) in ASSETS.iter().filter(|(p, _, _)| p.ends_with(".js")) {
            assert!(!script.contains("switch (e.type)"), "{path}");
            assert!(!script.contains("switch (event.type)"), "{path}");
        }
    }

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
                [
                    "lang",
                    "words",
                    "keys",
                    "toolbar",
                    "shortcuts-come-back",
                    "languages",
                    "lang-note"
                ]
                .contains(&id)
                    || english.has(id),
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
        for (_, _, script) in ASSETS.iter().filter(|(path, _, _)| path.ends_with(".js")) {
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
    fn every_file_of_the_page_is_served_and_every_import_is_one_of_them() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| format!("/{}", e.unwrap().file_name().to_string_lossy()))
            .filter(|f| f != "/index.html")
            .collect();
        files.sort();
        let mut served: Vec<String> = ASSETS.iter().map(|(p, _, _)| p.to_string()).collect();
        served.sort();
        assert_eq!(files, served);
        for (path, _, text) in ASSETS {
            for line in text.lines().filter(|l| l.starts_with("import ")) {
                let from = line.split('"').nth(1).unwrap_or_default();
                let target = from.trim_start_matches('.');
                assert!(
                    ASSETS.iter().any(|(p, _, _)| *p == target),
                    "{path} imports {from}, which is not served"
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
