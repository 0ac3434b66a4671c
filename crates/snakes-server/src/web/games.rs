//! A member's games over HTTP: the list of their finished games a page at a time, the figures
//! by board and rules, and any game's replay, told move by move in the request's language
//! (`docs/protocol.md`, "Members"). The words are `state/games.rs`'s.

use axum::Json;
use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;

use super::account::{cookie_secret, member_of, refused};
use super::{Lang, peer, table_id};
use crate::AppState;
use crate::protocol::{Detail, Refusal, TableId};
use crate::state::games::{FigureLine, GameLine};
use crate::view::Refused;

/// The most games a page of the list holds.
pub(crate) const MAX_GAMES: u32 = 50;
/// The games a page holds when the request does not say.
const GAMES: u32 = 20;

/// The routes of a member's games.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/account/games", get(games))
        .route("/api/account/games/figures", get(figures))
        .route("/api/tables/{id}/replay", get(replay))
}

/// A page of the list, and the `before` of the next page (none after the last).
#[derive(Serialize)]
struct Games {
    games: Vec<GameLine>,
    next: Option<TableId>,
}

/// The figures: every game and every win, and by board and rules.
#[derive(Serialize)]
struct Figures {
    played: u64,
    won: u64,
    by_board: Vec<FigureLine>,
}

/// `before` and `limit` of the query, if given; `lang` is the [`Lang`] extractor's.
fn page_of(query: Option<&str>) -> Result<(Option<TableId>, u32), Refused> {
    let bad = |what: &str| {
        Refused::from(Refusal::BadMessage {
            detail: Detail::Text(format!(
                "{what}: before is a table's id, limit a number from 1 to {MAX_GAMES}"
            )),
        })
    };
    let (mut before, mut limit) = (None, GAMES);
    for pair in query.unwrap_or_default().split('&') {
        match pair.split_once('=') {
            Some(("before", v)) => before = Some(v.parse::<TableId>().map_err(|_| bad(v))?),
            Some(("limit", v)) => {
                limit = v
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_GAMES).contains(n))
                    .ok_or_else(|| bad(v))?;
            }
            _ => {}
        }
    }
    Ok((before, limit))
}

/// `GET /api/account/games?before=&limit=`: the member's finished games, newest first.
async fn games(
    State(state): State<AppState>,
    Lang(lang): Lang,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let answer = async {
        let member = member_of(&state, &headers).await?;
        let (before, limit) = page_of(query.as_deref())?;
        let (games, next) = state.member_games(member.id, before, limit, lang).await?;
        Ok::<_, Refused>(Json(Games { games, next }).into_response())
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// `GET /api/account/games/figures`: games played and won, in all and by board and rules.
async fn figures(State(state): State<AppState>, Lang(lang): Lang, headers: HeaderMap) -> Response {
    let answer = async {
        let member = member_of(&state, &headers).await?;
        let by_board = state.game_figures(member.id, lang).await?;
        Ok::<_, Refused>(
            Json(Figures {
                played: by_board.iter().map(|f| f.played).sum(),
                won: by_board.iter().map(|f| f.won).sum(),
                by_board,
            })
            .into_response(),
        )
    };
    answer.await.unwrap_or_else(|r| refused(&state, &r, lang))
}

/// Every game of member `member_id`, newest first, in the words of `LOCALES[lang]` (the
/// account's export).
pub(super) async fn all_games(
    state: &AppState,
    member_id: i64,
    lang: usize,
) -> Result<Vec<GameLine>, Refused> {
    let mut all = Vec::new();
    let mut before = None;
    loop {
        let (games, next) = state
            .member_games(member_id, before, MAX_GAMES, lang)
            .await?;
        all.extend(games);
        match next {
            Some(next) => before = Some(next),
            None => return Ok(all),
        }
    }
}

/// `GET /api/tables/{id}/replay?lang=`: the game told step by step with the sentences of the
/// table, to the member who played it as they heard it ("you"), to anyone else as someone
/// watching. Its bytes count against the server's budget of reads, as a record's do.
async fn replay(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Lang(lang): Lang,
    headers: HeaderMap,
    ext: axum::http::Extensions,
) -> Response {
    let answer = async {
        let id = table_id(&id)?;
        let seat = match cookie_secret(&headers) {
            Some(secret) => match state.session_member(secret).await? {
                Some(member) => state.seat_of_member(member.id, id).await?,
                None => None,
            },
            None => None,
        };
        let replay = state.replay(id, lang, seat).await?;
        let body = serde_json::to_vec(&replay).unwrap_or_default();
        if !state.may_read(peer(&ext), body.len()) {
            state.metrics().cap_hit(crate::metrics::Cap::Reads);
            return Err(Refusal::TooManyRequests.into());
        }
        Ok::<_, Refused>(
            (
                [
                    (
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/json"),
                    ),
                    (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
                ],
                body,
            )
                .into_response(),
        )
    };
    answer.await.unwrap_or_else(|r| {
        let mut response = refused(&state, &r, lang);
        if matches!(r.refusal, Refusal::TooManyRequests) {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_at_most_fifty_games_below_a_table() {
        assert_eq!(page_of(None).unwrap(), (None, GAMES));
        assert_eq!(
            page_of(Some("lang=ko&before=12&limit=50")).unwrap(),
            (Some(12), 50)
        );
        for bad in ["limit=0", "limit=51", "before=x", "limit=-1"] {
            assert!(page_of(Some(bad)).is_err(), "{bad}");
        }
    }
}
