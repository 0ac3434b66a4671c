//! HTTP: the page, the lobby's JSON API, and the WebSocket that carries the game.

use axum::Json;
use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use tokio::sync::{Notify, mpsc};

use crate::AppState;
use crate::actor::Outbox;
use crate::protocol::{CreateTable, Detail, Refusal, ServerMessage, TableId};
use crate::session::Session;
use crate::view::Refused;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const BOARD_JS: &str = include_str!("../assets/board.js");
const BOARD_CSS: &str = include_str!("../assets/board.css");

/// Messages waiting for a slow connection before the tables drop it.
const OUTBOX: usize = 512;

/// The router: `/` (the page), `/app.js`, `/board.js` and `/board.css` (the drawn board and the
/// analysis panel), `/api/tables` (GET lists, POST creates), `/api/tables/{id}` (one table),
/// `/api/tables/{id}/analysis` (how long a game lasts there) and `/ws` (the game). Binds nothing: serve it with
/// `axum::serve`, or call it directly in tests.
pub fn app(state: AppState) -> Router {
    let limit = state.config().max_message_bytes;
    Router::new()
        .route("/", get(index))
        .route("/app.js", get(app_js))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(table_view))
        .route("/board.js", get(board_js))
        .route("/board.css", get(board_css))
        .route("/api/tables/{id}/analysis", get(table_analysis))
        .route("/ws", get(ws_upgrade))
        .layer(DefaultBodyLimit::max(limit))
        .with_state(state)
}

async fn index() -> Html<&'static str> {
    Html(INDEX_HTML)
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
async fn table_analysis(State(state): State<AppState>, Path(id): Path<TableId>) -> Response {
    match crate::analysis::table_analysis(&state, id).await {
        Ok(a) => Json(a).into_response(),
        Err(r) => refusal_response(&r),
    }
}

async fn list_tables(State(state): State<AppState>) -> Response {
    Json(ServerMessage::Tables {
        tables: state.list(),
    })
    .into_response()
}

fn refusal_response(r: &Refused) -> Response {
    let status = match r.refusal {
        Refusal::NoSuchTable => StatusCode::NOT_FOUND,
        Refusal::TooManyTables | Refusal::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
        Refusal::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        Refusal::StoreFailed => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::BAD_REQUEST,
    };
    (status, Json(r.to_message())).into_response()
}

async fn create_table(State(state): State<AppState>, body: String) -> Response {
    let create: CreateTable = match serde_json::from_str(&body) {
        Ok(c) => c,
        Err(e) => {
            return refusal_response(&state.refused(Refusal::BadMessage {
                detail: Detail::Text(e.to_string()),
            }));
        }
    };
    match state.create(create).await {
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

async fn table_view(State(state): State<AppState>, Path(id): Path<TableId>) -> Response {
    match state.view(id).await {
        Ok(view) => Json(view).into_response(),
        Err(r) => refusal_response(&r),
    }
}

async fn ws_upgrade(State(state): State<AppState>, ws: WebSocketUpgrade) -> Response {
    if !state.try_connect() {
        let r = state.refused(Refusal::TooManyRequests);
        return (StatusCode::SERVICE_UNAVAILABLE, Json(r.to_message())).into_response();
    }
    // The transport refuses only absurd frames; anything above the protocol's own limit but
    // below this is answered with `too_large` and the connection stays.
    let hard = (state.config().max_message_bytes * 16).max(1 << 20);
    // Small buffers: thousands of idle players must not cost 256 KiB each (the defaults).
    ws.max_message_size(hard)
        .max_frame_size(hard)
        .read_buffer_size(4096)
        .write_buffer_size(4096)
        .on_failed_upgrade({
            let state = state.clone();
            move |_| state.disconnect()
        })
        .on_upgrade(move |socket| run_socket(state, socket))
}

/// Moves frames between the socket and the session: a writer task drains the outbox; this task
/// reads frames and hands them to the session.
async fn run_socket(state: AppState, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel(OUTBOX);
    let kick = Arc::new(Notify::new());
    let out = Outbox {
        tx,
        kick: kick.clone(),
    };
    let shutdown = stopped(state.shutdown_signal());
    let writer = tokio::spawn(async move {
        let close = |code: u16, reason: &'static str| {
            Message::Close(Some(CloseFrame {
                code,
                reason: reason.into(),
            }))
        };
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(text) => {
                        // Write what is queued, then flush once: one system call for a burst.
                        let mut ok = sink.feed(Message::Text(text)).await.is_ok();
                        while ok && let Ok(more) = rx.try_recv() {
                            ok = sink.feed(Message::Text(more)).await.is_ok();
                        }
                        if !ok || sink.flush().await.is_err() {
                            break;
                        }
                    }
                    None => break,
                },
                () = kick.notified() => {
                    let _ = sink.send(close(1013, "too far behind; reconnect")).await;
                    break;
                }
                () = &mut shutdown => {
                    let _ = sink.send(close(1001, "server stopping")).await;
                    break;
                }
            }
        }
    });
    let mut session = Session::new(state.clone(), out);
    let shutdown = stopped(state.shutdown_signal());
    tokio::pin!(shutdown);
    loop {
        let frame = tokio::select! {
            f = stream.next() => f,
            () = &mut shutdown => None,
        };
        match frame {
            Some(Ok(Message::Text(text))) => session.handle_text(text.as_str()).await,
            Some(Ok(Message::Binary(_))) => session.handle_binary().await,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
        }
        if writer.is_finished() {
            break;
        }
    }
    session.close().await;
    // The writer ends once the tables let go of this connection's queue; do not wait long.
    let abort = writer.abort_handle();
    if tokio::time::timeout(std::time::Duration::from_secs(2), writer)
        .await
        .is_err()
    {
        abort.abort();
    }
    state.disconnect();
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
