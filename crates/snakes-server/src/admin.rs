//! The operator's answers: `/healthz`, `/readyz` and `/metrics`, on the game's address or, with
//! `--admin-bind`, on an address of their own ([`serve_admin`]). The counters themselves are
//! `metrics.rs`'s.

use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::AppState;
use crate::metrics::Readings;

/// `/healthz`, `/readyz` and `/metrics`, to be merged into a router of [`AppState`].
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
}

/// The process answers.
async fn healthz() -> &'static str {
    "ok\n"
}

/// The store answers (a read through the store, within a few seconds) and, with several
/// servers, this one holds its leases and its writes make progress; 503 otherwise. It answers at
/// once whatever the database does: the leases' state is in memory, and the read has a time
/// limit.
async fn readyz(State(state): State<AppState>) -> Response {
    if !state.ready() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the leases on this server's tables are not renewed\n",
        )
            .into_response();
    }
    let asked = tokio::time::timeout(Duration::from_secs(5), state.store().load_one(0)).await;
    match asked {
        Ok(Ok(_)) => (StatusCode::OK, "ready\n").into_response(),
        Ok(Err(e)) => {
            tracing::debug!(error = %e, "not ready: the store failed");
            (StatusCode::SERVICE_UNAVAILABLE, "the store failed\n").into_response()
        }
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            "the store did not answer within 5 seconds\n",
        )
            .into_response(),
    }
}

async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        state.metrics().encode(&readings(&state)),
    )
        .into_response()
}

/// Serves `/healthz`, `/readyz` and `/metrics` alone on `listener` (`--admin-bind`) until the
/// server stops.
///
/// # Errors
/// When serving fails.
pub async fn serve_admin(
    listener: tokio::net::TcpListener,
    state: AppState,
) -> std::io::Result<()> {
    let mut stopping = state.shutdown_signal();
    let app = routes().with_state(state);
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            let _ = stopping.wait_for(|s| *s).await;
        })
        .await
}

/// The gauges `/metrics` reads from `state` now.
fn readings(state: &AppState) -> Readings {
    Readings {
        connections: state.connections(),
        statuses: state.statuses(),
        ready: state.ready(),
        pool: match state.store() {
            crate::store::Store::Postgres(pg) => Some(pg.pool_status()),
            crate::store::Store::Sqlite(_) => None,
        },
    }
}
