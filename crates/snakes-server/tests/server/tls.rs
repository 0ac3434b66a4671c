//! HTTPS with rustls: certificates made here (rcgen), a real TLS client (tokio-rustls) asking
//! for the page and playing over a WebSocket over TLS; the certificate reloaded when its files
//! change and on SIGHUP; a missing, unreadable or mismatched file refused, naming it.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use snakes_server::{AppState, Tls};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::{WAIT, config, temp_dir};

/// A self-signed certificate for `localhost`, written as `name.crt` and `name.key` in `dir`;
/// returns its DER.
fn certificate(dir: &Path, name: &str) -> CertificateDer<'static> {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    std::fs::write(dir.join(format!("{name}.crt")), made.cert.pem()).unwrap();
    std::fs::write(
        dir.join(format!("{name}.key")),
        made.signing_key.serialize_pem(),
    )
    .unwrap();
    made.cert.der().clone()
}

/// Puts certificate `name` (and its key) where the server reads them, as a renewal does: a
/// new file moved over the old one.
fn install(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let (cert, key) = (dir.join("server.crt"), dir.join("server.key"));
    for (from, to) in [("crt", &cert), ("key", &key)] {
        let staged = dir.join(format!("staged.{from}"));
        std::fs::copy(dir.join(format!("{name}.{from}")), &staged).unwrap();
        std::fs::rename(&staged, to).unwrap();
    }
    (cert, key)
}

/// A TLS client trusting `roots`.
fn connector(roots: &[CertificateDer<'static>]) -> TlsConnector {
    let mut store = RootCertStore::empty();
    for root in roots {
        store.add(root.clone()).unwrap();
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(store)
        .with_no_client_auth();
    // As a browser offers them.
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    TlsConnector::from(Arc::new(config))
}

type TlsStream = tokio_rustls::client::TlsStream<TcpStream>;

async fn tls_connect(addr: SocketAddr, connector: &TlsConnector) -> std::io::Result<TlsStream> {
    let tcp = TcpStream::connect(addr).await?;
    let name = ServerName::try_from("localhost").unwrap();
    tokio::time::timeout(WAIT, connector.connect(name, tcp))
        .await
        .expect("a handshake in time")
}

/// The certificate the server shows a new connection.
async fn served(addr: SocketAddr, connector: &TlsConnector) -> CertificateDer<'static> {
    let stream = tls_connect(addr, connector).await.unwrap();
    stream.get_ref().1.peer_certificates().unwrap()[0].clone()
}

/// A server speaking HTTPS with the certificate at `cert` and `key`.
async fn start_tls(dir: &Path, cert: &Path, key: &Path) -> (SocketAddr, AppState, Tls) {
    start_tls_with(config(dir), cert, key).await
}

/// [`start_tls`] with the configuration `config`.
async fn start_tls_with(
    config: snakes_server::Config,
    cert: &Path,
    key: &Path,
) -> (SocketAddr, AppState, Tls) {
    let tls = Tls::load(cert, key).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = AppState::open(config).await.unwrap();
    tokio::spawn(snakes_server::serve_tls_on(
        listener,
        state.clone(),
        Some(tls.clone()),
        std::future::pending(),
    ));
    (addr, state, tls)
}

/// A connection over the caps on an HTTPS port is refused in HTTPS: the handshake, then the
/// 503 a browser can show (a plain answer would read as a broken TLS record).
#[tokio::test]
async fn over_the_caps_https_is_refused_after_the_handshake() {
    let dir = temp_dir("tls-over-caps");
    let der = certificate(&dir, "first");
    let (cert, key) = install(&dir, "first");
    let mut cfg = config(&dir);
    cfg.max_connections = 1;
    let (addr, state, _tls) = start_tls_with(cfg, &cert, &key).await;
    let connector = connector(&[der]);
    // The only slot, held (counted when it was accepted, before its handshake).
    let _held = tls_connect(addr, &connector).await.unwrap();
    assert_eq!(state.connections(), 1);
    let mut refused = tls_connect(addr, &connector)
        .await
        .expect("the handshake of a refused connection");
    refused
        .write_all(b"GET /api/tables HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .await
        .ok();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(WAIT, refused.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the refusal ends in time");
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{answer}"
    );
    assert!(answer.contains("too_many_requests"), "{answer}");
}

#[tokio::test]
async fn the_page_and_a_game_over_https() {
    let dir = temp_dir("tls-game");
    let der = certificate(&dir, "first");
    let (cert, key) = install(&dir, "first");
    let (addr, _state, _tls) = start_tls(&dir, &cert, &key).await;
    let client = connector(&[der]);

    // The page, over HTTPS.
    let mut stream = tls_connect(addr, &client).await.unwrap();
    assert_eq!(
        stream.get_ref().1.alpn_protocol(),
        Some(&b"http/1.1"[..]),
        "HTTP/1.1 is what is spoken, not HTTP/2"
    );
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut page = String::new();
    tokio::time::timeout(WAIT, stream.read_to_string(&mut page))
        .await
        .unwrap()
        .unwrap();
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(
        page.contains("<script type=\"module\" src=\"app.js\">"),
        "{page}"
    );

    // A WebSocket over TLS, from the page's own https:// origin, plays a game with a bot.
    let stream = tls_connect(addr, &client).await.unwrap();
    let origin = format!("https://localhost:{}", addr.port());
    let mut request = format!("wss://localhost:{}/ws", addr.port())
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("origin", origin.parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::client_async(request, stream)
        .await
        .unwrap();
    ws.send(Message::text(
        json!({"type": "create", "name": "Ana", "bots": 1}).to_string(),
    ))
    .await
    .unwrap();
    let seated = recv(&mut ws).await;
    assert_eq!(seated["type"], "seated", "{seated}");
    let (table, token) = (seated["table"].clone(), seated["token"].clone());
    ws.send(Message::text(
        json!({"type": "watch", "table": table, "token": token}).to_string(),
    ))
    .await
    .unwrap();
    ws.send(Message::text(
        json!({"type": "act", "table": table, "token": token, "seq": 2, "action": {"type": "start"}}).to_string(),
    ))
    .await
    .unwrap();
    let mut seq = 0;
    let mut rolled = false;
    while !rolled {
        let v = recv(&mut ws).await;
        for e in v["events"].as_array().into_iter().flatten() {
            seq = seq.max(e["seq"].as_u64().unwrap());
            if e["event"]["type"] == "turn_passed" || e["event"]["type"] == "started" {
                let ours = e["event"]["player"] == 0 || e["event"]["first"] == 0;
                if ours {
                    ws.send(Message::text(
                        json!({"type": "act", "table": table, "token": token, "seq": seq, "action": {"type": "roll"}})
                            .to_string(),
                    ))
                    .await
                    .unwrap();
                }
            }
            rolled |= e["event"]["type"] == "rolled" && e["event"]["player"] == 0;
        }
    }
}

async fn recv(ws: &mut tokio_tungstenite::WebSocketStream<TlsStream>) -> Value {
    loop {
        let msg = tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("a message in time")
            .expect("open")
            .unwrap();
        if let Message::Text(text) = msg {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

/// The lines the server logs on this thread from now on, as each is written (a test's runtime
/// runs the server's tasks on the test's own thread), while the guard is kept.
fn log_lines() -> (
    tracing::subscriber::DefaultGuard,
    tokio::sync::mpsc::UnboundedReceiver<String>,
) {
    #[derive(Clone)]
    struct Lines(tokio::sync::mpsc::UnboundedSender<String>);
    impl std::io::Write for Lines {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            let _ = self.0.send(String::from_utf8_lossy(bytes).into_owned());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Lines {
        type Writer = Lines;
        fn make_writer(&'a self) -> Lines {
            self.clone()
        }
    }
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(Lines(tx))
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    (tracing::subscriber::set_default(subscriber), rx)
}

/// Waits for the server to log that it reloaded its certificate (after the new one is in
/// force); a reload that failed, logged too, is not it.
async fn reloaded(lines: &mut tokio::sync::mpsc::UnboundedReceiver<String>) {
    let reload = async {
        while let Some(line) = lines.recv().await {
            if line.contains("TLS certificate reloaded") {
                return;
            }
        }
    };
    tokio::time::timeout(super::CEILING, reload)
        .await
        .expect("the certificate reloaded in time");
}

#[tokio::test]
async fn a_renewed_certificate_is_served_once_its_files_change() {
    let dir = temp_dir("tls-files");
    let first = certificate(&dir, "first");
    let second = certificate(&dir, "second");
    let (cert, key) = install(&dir, "first");
    let (_logging, mut lines) = log_lines();
    let (addr, state, tls) = start_tls(&dir, &cert, &key).await;
    tokio::spawn(
        tls.clone()
            .keep_fresh(Duration::from_millis(20), state.shutdown_signal()),
    );
    let client = connector(&[first.clone(), second.clone()]);
    let open = tls_connect(addr, &client).await.unwrap();
    assert_eq!(served(addr, &client).await, first);
    install(&dir, "second");
    reloaded(&mut lines).await;
    assert_eq!(served(addr, &client).await, second);
    // A connection made before goes on.
    assert_eq!(open.get_ref().1.peer_certificates().unwrap()[0], first);
    // A broken renewal (a key that is not the certificate's) keeps the one in force.
    std::fs::copy(dir.join("first.key"), &key).unwrap();
    let err = tls.reload().unwrap_err().to_string();
    assert!(
        err.starts_with(&format!(
            "the TLS key {} cannot serve the certificate {}",
            key.display(),
            cert.display()
        )),
        "{err}"
    );
    assert_eq!(served(addr, &client).await, second);
}

#[tokio::test]
async fn sighup_reloads_the_certificate() {
    let dir = temp_dir("tls-hup");
    let first = certificate(&dir, "first");
    let second = certificate(&dir, "second");
    let (cert, key) = install(&dir, "first");
    let (_logging, mut lines) = log_lines();
    let (addr, state, tls) = start_tls(&dir, &cert, &key).await;
    // No looking at the files: only the signal reloads. Its handler is in place once
    // keep_fresh returns.
    tokio::spawn(tls.keep_fresh(Duration::ZERO, state.shutdown_signal()));
    let client = connector(&[first.clone(), second.clone()]);
    assert_eq!(served(addr, &client).await, first);
    install(&dir, "second");
    assert_eq!(served(addr, &client).await, first, "not before the signal");
    let status = std::process::Command::new("kill")
        .args(["-HUP", &std::process::id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    reloaded(&mut lines).await;
    assert_eq!(served(addr, &client).await, second);
}

#[test]
fn files_that_cannot_serve_are_refused_naming_the_file() {
    let dir = temp_dir("tls-errors");
    certificate(&dir, "a");
    certificate(&dir, "b");
    let path = |name: &str| dir.join(name);
    let error = |cert: &str, key: &str| {
        Tls::load(&path(cert), &path(key))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    let missing = error("none.crt", "a.key");
    assert!(
        missing.starts_with(&format!(
            "cannot read the TLS certificate {}: ",
            path("none.crt").display()
        )),
        "{missing}"
    );
    let missing = error("a.crt", "none.key");
    assert!(
        missing.starts_with(&format!(
            "cannot read the TLS key {}: ",
            path("none.key").display()
        )),
        "{missing}"
    );
    std::fs::write(path("garbage.pem"), "not a certificate\n").unwrap();
    assert_eq!(
        error("garbage.pem", "a.key"),
        format!(
            "the TLS certificate {} holds no certificate (PEM: -----BEGIN CERTIFICATE-----)",
            path("garbage.pem").display()
        )
    );
    // The certificate given as the key.
    assert_eq!(
        error("a.crt", "a.crt"),
        format!(
            "the TLS key {} holds no private key (PEM: -----BEGIN PRIVATE KEY-----, or an RSA or EC key)",
            path("a.crt").display()
        )
    );
    let mismatch = error("a.crt", "b.key");
    assert!(
        mismatch.starts_with(&format!(
            "the TLS key {} cannot serve the certificate {}: ",
            path("b.key").display(),
            path("a.crt").display()
        )),
        "{mismatch}"
    );
    assert!(Tls::load(&path("a.crt"), &path("a.key")).is_ok());
}
