//! `snakes join --member NAME`: signing in as a member before the first connection, as the
//! page does (`POST /api/account/sign-in`, docs/protocol.md, "Members"), over HTTP or HTTPS to
//! the address given. The answer's session cookie goes with every WebSocket handshake after it,
//! so that each connection, to any server of the cluster, is the member's; the session is
//! ended (`POST /api/account/sign-out`) when the program ends. The password comes from the
//! variable `SNAKES_PASSWORD`, or is asked on the terminal without being shown; it is never
//! kept.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Duration;

use rustix::termios::{self, LocalModes, OptionalActions};
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

use super::address::Address;
use super::tls::Tls;
use crate::words::say;

/// The variable a password may come from (a script's, a test's).
pub const PASSWORD_VARIABLE: &str = "SNAKES_PASSWORD";

/// How long the server may take to answer (a sign-in hashes the password: well under this).
const PATIENCE: Duration = Duration::from_secs(30);

/// A member signed in.
pub struct SignedIn {
    /// The account's name, as the account spells it.
    pub name: String,
    /// The session's secret, the cookie's value.
    pub secret: String,
}

/// The member's password: from [`PASSWORD_VARIABLE`], else asked on the terminal with its
/// echo off. `None` when neither can give it.
///
/// # Errors
/// When the terminal cannot be read or its echo changed.
pub fn password(name: &str) -> io::Result<Option<String>> {
    if let Ok(password) = std::env::var(PASSWORD_VARIABLE)
        && !password.is_empty()
    {
        return Ok(Some(password));
    }
    let stdin = io::stdin();
    if !stdin.is_terminal() {
        return Ok(None);
    }
    let mut out = io::stdout().lock();
    write!(out, "{}", say!("join-password", name = name.to_string()))?;
    out.flush()?;
    let saved = termios::tcgetattr(&stdin)?;
    let mut quiet = saved.clone();
    quiet.local_modes.remove(LocalModes::ECHO);
    termios::tcsetattr(&stdin, OptionalActions::Now, &quiet)?;
    let mut line = String::new();
    let read = stdin.lock().read_line(&mut line);
    termios::tcsetattr(&stdin, OptionalActions::Now, &saved)?;
    // The Enter typed was not shown.
    writeln!(out)?;
    read?;
    Ok(Some(line.trim_end_matches(['\r', '\n']).to_string()))
}

/// Signs in as `name` with `password` at `address`, the server's words in `locale`.
///
/// # Errors
/// The server's sentence for a refusal (a wrong name or password, too many tries), or why the
/// server could not be asked.
pub async fn sign_in(
    address: &Address,
    tls: &Tls,
    locale: &str,
    name: &str,
    password: &str,
) -> Result<SignedIn, String> {
    let body = json!({"name": name, "password": password});
    let answer = request(address, tls, locale, "sign-in", None, Some(body)).await?;
    match (answer.status, answer.secret) {
        (200, Some(secret)) => Ok(SignedIn {
            name: answer.json["name"].as_str().unwrap_or(name).to_string(),
            secret,
        }),
        (status, _) => Err(answer.json["message"]
            .as_str()
            .map_or_else(|| format!("HTTP {status}"), str::to_string)),
    }
}

/// Ends the session `secret` at `address` (the program is ending): a server that cannot be
/// reached keeps it until its 30 days are over.
pub async fn sign_out(address: &Address, tls: &Tls, locale: &str, secret: &str) {
    let _ = request(address, tls, locale, "sign-out", Some(secret), None).await;
}

/// An answer: its status, the session's secret it set, its body as JSON (`null` if none).
struct Answer {
    status: u16,
    secret: Option<String>,
    json: Value,
}

/// `POST /api/account/{what}` at `address` with the session `cookie` and the JSON `body`.
async fn request(
    address: &Address,
    tls: &Tls,
    locale: &str,
    what: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> Result<Answer, String> {
    let (origin, path) = split_page(&address.page);
    let host = origin.split_once("://").map_or(origin, |(_, host)| host);
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let cookie = cookie
        .map(|c| format!("Cookie: snakes_session={c}\r\n"))
        .unwrap_or_default();
    let text = format!(
        "POST {path}api/account/{what}?lang={locale} HTTP/1.1\r\nHost: {host}\r\n\
         Origin: {origin}\r\n{cookie}Content-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    let exchange = async {
        let tcp = tokio::net::TcpStream::connect((address.host.as_str(), address.port))
            .await
            .map_err(|e| e.to_string())?;
        if address.secure {
            let stream = tls.connect(&address.host, tcp).await?;
            exchange(stream, &text).await
        } else {
            exchange(tcp, &text).await
        }
    };
    let raw = tokio::time::timeout(PATIENCE, exchange)
        .await
        .map_err(|_| "timed out".to_string())??;
    Ok(answer(&raw))
}

/// Writes `text` and reads the answer to its end.
async fn exchange<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    text: &str,
) -> Result<String, String> {
    stream
        .write_all(text.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    // A TLS peer may end without its close_notify: what came is the answer.
    let _ = stream.read_to_end(&mut raw).await;
    Ok(String::from_utf8_lossy(&raw).into_owned())
}

/// The page's origin (`http://host:port`) and path (`/`, `/games/`).
fn split_page(page: &str) -> (&str, &str) {
    let after = page.find("://").map_or(0, |i| i + 3);
    match page[after..].find('/') {
        Some(i) => page.split_at(after + i),
        None => (page, "/"),
    }
}

/// The status, session and JSON body of the HTTP answer `raw`.
fn answer(raw: &str) -> Answer {
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((raw, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let secret = head.lines().find_map(|l| {
        let (key, value) = l.split_once(':')?;
        let value = key.eq_ignore_ascii_case("set-cookie").then_some(value)?;
        let secret = value
            .trim()
            .strip_prefix("snakes_session=")?
            .split(';')
            .next()?;
        (!secret.is_empty()).then(|| secret.to_string())
    });
    Answer {
        status,
        secret,
        json: serde_json::from_str(body.trim()).unwrap_or(Value::Null),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_gives_its_status_session_and_body() {
        let raw = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nSet-Cookie: \
                   snakes_session=ab12; Max-Age=2592000; Path=/; HttpOnly\r\n\r\n{\"name\":\"Ana\"}";
        let a = answer(raw);
        assert_eq!(
            (a.status, a.secret.as_deref(), &a.json["name"]),
            (200, Some("ab12"), &json!("Ana"))
        );
        let refused = answer("HTTP/1.1 401 Unauthorized\r\n\r\n{\"code\":\"bad_sign_in\"}");
        assert_eq!((refused.status, refused.secret), (401, None));
        // A cleared cookie is no session; a truncated answer is no status.
        let cleared =
            answer("HTTP/1.1 204 No Content\r\nset-cookie: snakes_session=; Max-Age=0\r\n\r\n");
        assert_eq!((cleared.status, cleared.secret), (204, None));
        assert_eq!(answer("HTTP/1.").status, 0);
    }

    #[test]
    fn a_page_splits_into_its_origin_and_path() {
        assert_eq!(
            split_page("http://127.0.0.1:8080/"),
            ("http://127.0.0.1:8080", "/")
        );
        assert_eq!(
            split_page("https://games.example.org/snakes/"),
            ("https://games.example.org", "/snakes/")
        );
        assert_eq!(split_page("http://host"), ("http://host", "/"));
    }
}
