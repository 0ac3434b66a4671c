//! Behind a real reverse proxy: Debian's nginx (installed by `scripts/install-test-deps`), run
//! unprivileged on a loopback port the test binds itself and hands to nginx (nginx's `NGINX`
//! variable of inherited sockets: no other program can take the port between a look and a
//! bind), with a configuration of the test's own, in front of a
//! server that trusts it (`--trusted-proxy 127.0.0.1`). Players reach nginx from different
//! loopback addresses (127.0.0.2, 127.0.0.3: the whole of 127/8 is this machine), so nginx
//! forwards for each its own address.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use super::{WAIT, config, start, temp_dir, until};

/// The nginx binary: `$NGINX`, else Debian's place for it (as `scripts/install-test-deps`).
pub fn nginx_binary() -> PathBuf {
    let path =
        std::env::var_os("NGINX").map_or_else(|| PathBuf::from("/usr/sbin/nginx"), PathBuf::from);
    assert!(
        path.is_file(),
        "these tests need nginx (Debian's package `nginx`; scripts/install-test-deps installs it)"
    );
    path
}

/// A running nginx, stopped when dropped.
pub struct Nginx {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    dir: PathBuf,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // The master stops its worker (a SIGKILL would leave the worker serving).
        let _ = rustix::process::kill_process(
            rustix::process::Pid::from_child(&self.child),
            rustix::process::Signal::TERM,
        );
        let _ = self.child.wait();
    }
}

impl Nginx {
    /// nginx in `dir` on a free loopback port, proxying everything to `backend` the way
    /// docs/deploy.md says (WebSocket upgrade, `X-Forwarded-For`), with `extra` inside its
    /// `server` block. Returns once it answers.
    pub async fn start(dir: &Path, backend: SocketAddr, extra: &str) -> Nginx {
        use std::os::fd::AsRawFd;
        // The port is bound here and handed to nginx, which takes it as its `listen`.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let port = addr.port();
        let d = dir.display();
        let conf = format!(
            "worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 256; }}
http {{
  access_log off;
  client_body_temp_path {d}/tmp-body;
  proxy_temp_path {d}/tmp-proxy;
  fastcgi_temp_path {d}/tmp-fastcgi;
  uwsgi_temp_path {d}/tmp-uwsgi;
  scgi_temp_path {d}/tmp-scgi;
  map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://{backend};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
    }}
    {extra}
  }}
}}
"
        );
        let path = dir.join("nginx.conf");
        std::fs::write(&path, conf).unwrap();
        let mut command = Command::new(nginx_binary());
        command
            .arg("-p")
            .arg(dir)
            .arg("-e")
            .arg(dir.join("error.log"))
            .arg("-c")
            .arg(&path)
            // nginx takes inherited sockets with its master process only.
            .args(["-g", "daemon off;"])
            .env("NGINX", format!("{};", listener.as_raw_fd()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        unprivileged(&mut command, dir);
        // Inheritable only while nginx starts (each test is a process of its own).
        rustix::io::fcntl_setfd(&listener, rustix::io::FdFlags::empty()).unwrap();
        let child = command.spawn().unwrap();
        drop(listener);
        let mut nginx = Nginx {
            child,
            addr,
            dir: dir.to_path_buf(),
        };
        nginx.wait_ready().await;
        nginx
    }

    /// Waits until nginx answers (or fails: then its log says why). The port listens from the
    /// moment the test bound it, so a connection made now waits in its queue until nginx takes
    /// it: a request nginx answers itself (without a `Host`, 400, never sent to the server) is
    /// answered once nginx serves.
    async fn wait_ready(&mut self) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let answer = async {
            let mut tcp = TcpStream::connect(self.addr).await?;
            tcp.write_all(b"GET / HTTP/1.1\r\n\r\n").await?;
            let mut answer = Vec::new();
            tcp.read_to_end(&mut answer).await?;
            std::io::Result::Ok(answer)
        };
        let answer = tokio::time::timeout(super::CEILING, answer).await;
        if let Ok(Ok(answer)) = &answer
            && answer.starts_with(b"HTTP/1.1 400")
        {
            return;
        }
        let status = self.child.try_wait();
        let log = std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default();
        panic!("nginx does not serve ({answer:?}; nginx: {status:?}): {log}");
    }
}

/// Runs `command` as nobody when the tests run as root (nginx needs no privilege here), with
/// `dir` open to it.
fn unprivileged(command: &mut Command, dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    if rustix_is_root() {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666));
        }
        command.uid(65534).gid(65534);
    }
}

/// Whether this process runs as root (its files are owned by uid 0 when it creates them).
fn rustix_is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = std::env::temp_dir().join(format!("snakes-uid-{}", std::process::id()));
    std::fs::write(&probe, "").unwrap();
    let uid = std::fs::metadata(&probe).unwrap().uid();
    let _ = std::fs::remove_file(&probe);
    uid == 0
}

type Ws = WebSocketStream<TcpStream>;

/// A WebSocket to `to` from the local address `from`, with `headers` added to the upgrade
/// request.
async fn ws_from(from: IpAddr, to: SocketAddr, headers: &[(&str, &str)]) -> Result<Ws, WsError> {
    ws_at(from, to, "/ws", headers).await
}

/// [`ws_from`] at `path`.
async fn ws_at(
    from: IpAddr,
    to: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> Result<Ws, WsError> {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    let stream = socket.connect(to).await.unwrap();
    let mut request = format!("ws://{to}{path}").into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(
            axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
    }
    tokio::time::timeout(WAIT, tokio_tungstenite::client_async(request, stream))
        .await
        .expect("an answer in time")
        .map(|(ws, _)| ws)
}

/// The next JSON message.
async fn next(ws: &mut Ws) -> Value {
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

/// Asserts that the upgrade was refused with 503 and `too_many_requests`.
fn assert_refused(result: Result<Ws, WsError>, why: &str) {
    match result {
        Err(WsError::Http(response)) => {
            assert_eq!(response.status(), 503, "{why}");
            let body = response.body().as_deref().unwrap_or_default();
            let body: Value = serde_json::from_slice(body).unwrap();
            assert_eq!(body["code"], "too_many_requests", "{why}: {body}");
        }
        Err(e) => panic!("{why}: {e}"),
        Ok(_) => panic!("{why}: the connection was let in"),
    }
}

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

#[tokio::test]
async fn behind_nginx_each_player_counts_as_their_own_address() {
    let dir = temp_dir("nginx");
    let mut config = config(&dir);
    config.max_connections_per_address = 2;
    config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    let (backend, _state) = start(config).await;
    // The page under a path, as docs/deploy.md says.
    let under_path = format!(
        "location = /snakes {{ return 301 /snakes/; }}
    location /snakes/ {{
      proxy_pass http://{backend}/;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }}"
    );
    let nginx = Nginx::start(&dir, backend, &under_path).await;
    let mut under = ws_at(ip("127.0.0.5"), nginx.addr, "/snakes/ws", &[])
        .await
        .unwrap();
    under
        .send(Message::text(json!({"type": "list_tables"}).to_string()))
        .await
        .unwrap();
    assert_eq!(next(&mut under).await["type"], "tables");
    drop(under);

    // Ana, at 127.0.0.2, plays through nginx: the upgrade goes through, and so does the game.
    let mut ana = ws_from(ip("127.0.0.2"), nginx.addr, &[]).await.unwrap();
    ana.send(Message::text(
        json!({"type": "create", "name": "Ana", "bots": 1}).to_string(),
    ))
    .await
    .unwrap();
    let seated = next(&mut ana).await;
    assert_eq!(seated["type"], "seated", "{seated}");
    let table = seated["table"].as_u64().unwrap();
    let token = seated["token"].as_str().unwrap().to_string();
    ana.send(Message::text(
        json!({"type": "watch", "table": table, "token": token}).to_string(),
    ))
    .await
    .unwrap();
    loop {
        if next(&mut ana).await["type"] == "watching" {
            break;
        }
    }
    ana.send(Message::text(
        json!({"type": "act", "table": table, "token": token, "seq": 2, "action": {"type": "start"}}).to_string(),
    ))
    .await
    .unwrap();
    loop {
        let v = next(&mut ana).await;
        let started = v["events"]
            .as_array()
            .is_some_and(|events| events.iter().any(|e| e["event"]["type"] == "started"));
        if started {
            break;
        }
    }

    // A second socket from 127.0.0.2 fits its cap of 2; a third does not, however nginx's one
    // address counts.
    let second = ws_from(ip("127.0.0.2"), nginx.addr, &[]).await.unwrap();
    assert_refused(
        ws_from(ip("127.0.0.2"), nginx.addr, &[]).await,
        "a third socket from 127.0.0.2",
    );
    // A header the player forges is kept by nginx, which appends the address it saw: the
    // server takes the right-most address it does not trust, the player's.
    assert_refused(
        ws_from(
            ip("127.0.0.2"),
            nginx.addr,
            &[
                ("x-forwarded-for", "127.0.0.9"),
                ("forwarded", "for=127.0.0.9"),
            ],
        )
        .await,
        "127.0.0.2 forging 127.0.0.9 through nginx",
    );
    // Bo, at 127.0.0.3, is someone else: in, through the same nginx.
    let mut bo = ws_from(ip("127.0.0.3"), nginx.addr, &[]).await.unwrap();
    bo.send(Message::text(json!({"type": "list_tables"}).to_string()))
        .await
        .unwrap();
    let tables = next(&mut bo).await;
    assert_eq!(tables["tables"][0]["id"].as_u64(), Some(table), "{tables}");
    // Straight to the server, from an address it does not trust, the header is ignored: Ana's
    // address is at its cap whatever she says she is.
    assert_refused(
        ws_from(
            ip("127.0.0.2"),
            backend,
            &[("x-forwarded-for", "127.0.0.9")],
        )
        .await,
        "127.0.0.2 forging 127.0.0.9 without a proxy",
    );
    let _direct = ws_from(
        ip("127.0.0.4"),
        backend,
        &[("x-forwarded-for", "127.0.0.2")],
    )
    .await
    .expect("127.0.0.4 is not Ana, whatever it writes");
    // Ana's sockets through nginx are counted for her, not for the proxy: once she closes
    // them, her address has room again.
    drop(second);
    ana.close(None).await.unwrap();
    // The server counts a socket until its task ends, just after the close, and says nothing
    // when it does: a new socket is tried until one gets in.
    until("127.0.0.2 gets room again", async || {
        ws_from(ip("127.0.0.2"), nginx.addr, &[]).await.is_ok()
    })
    .await;
}
