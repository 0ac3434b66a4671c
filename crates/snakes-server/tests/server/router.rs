//! The router without a socket: the pages, the lobby's JSON API, and what creating a table refuses.

use super::*;

async fn call(router: axum::Router, req: Request<Body>) -> (StatusCode, String) {
    let resp = router.oneshot(req).await.unwrap();
    let status = resp.status();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

fn post(body: &str) -> Request<Body> {
    Request::post("/api/tables")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap()
}

#[tokio::test]
async fn pages_and_the_lobby_api_without_a_socket() {
    let dir = temp_dir("router");
    let state = AppState::open(config(&dir)).await.unwrap();
    let router = app(state);

    let (status, html) = call(
        router.clone(),
        Request::get("/").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("aria-live=\"polite\""),
        "the page has a live region"
    );
    let (status, js) = call(
        router.clone(),
        Request::get("/app.js").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        js.contains("function receive(msg)"),
        "the page's own script"
    );

    let (status, body) = call(router.clone(), post(r#"{"name":"Ana","seats":3,"bots":1}"#)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let seated: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(seated["type"], "seated");
    assert_eq!(seated["seat"], 0);
    assert_eq!(seated["token"].as_str().unwrap().len(), 32);
    let id = seated["table"].as_u64().unwrap();

    let (status, body) = call(
        router.clone(),
        Request::get("/api/tables").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let list: Value = serde_json::from_str(&body).unwrap();
    let t = &list["tables"][0];
    assert_eq!(t["id"], id);
    assert_eq!(t["status"], "waiting");
    assert_eq!(t["seat_count"], 3);
    assert_eq!(t["seats"][0]["name"], "Ana");
    assert_eq!(t["seats"][0]["host"], true);
    assert_eq!(t["seats"][1]["bot"], true);
    assert_eq!(t["seats"][2]["name"], Value::Null);
    assert!(!body.contains("seed"), "the seed never leaves the server");
    assert!(
        !body.contains(seated["token"].as_str().unwrap()),
        "nor the token"
    );

    let (status, body) = call(
        router.clone(),
        Request::get(format!("/api/tables/{id}"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let view: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(view["board"]["rows"], 10);
    assert_eq!(view["board"]["ladders"][0], json!([1, 38]));
    assert_eq!(view["seq"], 2, "joined, bot added");
    assert_eq!(view["start_square"], 0, "tokens start off the board");
    let (_, body) = call(router.clone(), post(r#"{"name":"Bo","rules":"leetcode"}"#)).await;
    let leetcode: Value = serde_json::from_str(&body).unwrap();
    let (_, body) = call(
        router.clone(),
        Request::get(format!("/api/tables/{}", leetcode["table"]))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    let view: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(view["start_square"], 1, "{body}");

    let (status, body) = call(
        router.clone(),
        Request::get("/api/tables/999").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("\"code\":\"no_such_table\""));
}

#[tokio::test]
async fn creation_errors_name_the_problem() {
    let dir = temp_dir("router-errors");
    let router = app(AppState::open(config(&dir)).await.unwrap());
    let cases = [
        (
            r#"{"name":"Ana","board":"[[-1,-1],[-1]]"}"#,
            "bad_board",
            "board[1] has 1 cell",
        ),
        (
            r#"{"name":"Ana","board":"[[-1,-1],[-1,9]]"}"#,
            "bad_board",
            "9",
        ),
        (
            r#"{"name":"Ana","rules":"standard,ending=maybe"}"#,
            "bad_rules",
            "maybe",
        ),
        (r#"{"name":"  "}"#, "bad_name", "at least one letter"),
        (r#"{"name":"Ana","seats":5}"#, "bad_seats", "2 to 4 seats"),
        (
            r#"{"name":"Ana","seats":2,"bots":2}"#,
            "bad_seats",
            "no seat for you",
        ),
        (
            &format!(r#"{{"name":"{}"}}"#, "A".repeat(100)),
            "bad_name",
            "at most 24 characters",
        ),
        (r#"{"name":"Ana","colour":"red"}"#, "bad_message", "colour"),
        ("not json", "bad_message", "expected"),
    ];
    for (body, code, words) in cases {
        let (status, reply) = call(router.clone(), post(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let v: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(v["code"], code, "{body} -> {reply}");
        assert!(reply.contains(words), "{body} -> {reply}");
        assert!(!v["message"].as_str().unwrap().is_empty());
    }
    // The details are typed: a page tells the problems apart without reading the words.
    let (_, reply) = call(router.clone(), post(r#"{"name":"Ana","seats":2,"bots":2}"#)).await;
    let v: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(
        v,
        json!({
            "type": "refused", "code": "bad_seats",
            "detail": {
                "kind": "too_many_bots", "bots": 2, "seats": 2,
                "text": "2 bots leave no seat for you at a table of 2 seats",
            },
            "message": "That table cannot be set up: 2 bots leave no seat for you at a table of 2 seats.",
        })
    );
    // A board where the last square cannot be reached would never end: refused.
    let (_, reply) = call(
        router.clone(),
        post(r#"{"name":"Ana","board":"{\"size\":3,\"snakes\":[[4,1],[5,1],[6,1],[7,1],[8,1],[3,1]]}","rules":"die=2"}"#),
    )
    .await;
    assert!(reply.contains("bad_board"), "{reply}");
    // Nor would one where a token can be trapped: from square 2 a two-sided die only
    // reaches the snakes on 3 and 4, which lead back to 2.
    let (_, reply) = call(
        router.clone(),
        post(r#"{"name":"Ana","board":"{\"rows\":1,\"cols\":6,\"snakes\":[[3,2],[4,2]],\"ladders\":[[1,5]]}","rules":"die=2,ending=exact"}"#),
    )
    .await;
    assert!(reply.contains("bad_board"), "{reply}");
    assert!(reply.contains("square 2"), "{reply}");
}
