//! The connection of `snakes join` to the server, on a thread of its own: it connects (TLS for
//! `https://`), says `hello`, hands every message the server sends to the game as an
//! [`Input`], sends what the game asks, and when the connection is lost, or the server has
//! said nothing for three beats (a server that hangs), connects again, to the next server of
//! the cluster when there are several, waiting 0.5, 1, 2 ... seconds (at most 15) between
//! tries. It decides nothing about the game: the game hears [`Input::Connected`] and catches
//! up.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use snakes_table::protocol::{ClientMessage, PROTOCOL, ServerMessage};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::address::Address;
use super::tls::Tls;
use crate::terminal::keys::Key;

/// What the game hears: a key, or news of the connection.
#[derive(Debug)]
pub enum Input {
    /// A key pressed.
    Key(Key),
    /// A message of the server.
    Server(Box<ServerMessage>),
    /// Connected, `hello` answered: catch up.
    Connected,
    /// The connection was lost (`restarting`: the server said it starts again) or could not
    /// be made (`reason`); trying again.
    Lost {
        /// The server closed with 1012, "service restart".
        restarting: bool,
        /// Why, in the system's words (for a connection that could not be made).
        reason: Option<String>,
    },
    /// A moderator banned this person (the server said why, then closed with 1008
    /// "banned"): no more tries, every server of the cluster would close again.
    Banned,
}

/// What the game asks of the connection.
enum Out {
    /// Send this.
    Message(ClientMessage),
    /// Leave this server for the one at this address (`moved`), or for the next of the
    /// cluster (an empty address).
    MoveTo(String),
}

/// The game's end of the connection.
pub struct Link {
    out: UnboundedSender<Out>,
    connected: Arc<AtomicBool>,
}

impl Link {
    /// Sends `message` now; `false` when not connected (nothing is kept to be sent later,
    /// when the game will have moved on).
    pub fn send(&self, message: ClientMessage) -> bool {
        self.connected.load(Ordering::SeqCst) && self.out.send(Out::Message(message)).is_ok()
    }

    /// Connects to the server at `address` instead (a `moved` refusal: the table is served
    /// there), or to the next server of the cluster when it is empty; [`Input::Connected`]
    /// follows.
    pub fn move_to(&self, address: &str) {
        let _ = self.out.send(Out::MoveTo(address.to_string()));
    }
}

/// The most time between two tries.
const MOST_WAIT: Duration = Duration::from_secs(15);
/// How long a server may stay silent before `hello` tells its beat: three of the default.
const FIRST_SILENCE: Duration = Duration::from_secs(6);

/// Starts the connection's thread, which runs as long as the program; each handshake carries
/// the member's session `cookie`, when signed in.
///
/// # Errors
/// When the thread or its runtime cannot be made.
pub fn start(
    address: Address,
    locale: String,
    (tls, cookie): (Tls, Option<String>),
    inputs: mpsc::Sender<Input>,
) -> std::io::Result<Link> {
    let (out, mut to_send) = unbounded_channel();
    let connected = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&connected);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("connection".into())
        .spawn(move || {
            let how = (&tls, cookie.as_deref());
            runtime.block_on(run(address, &locale, how, &inputs, &mut to_send, &flag));
        })?;
    Ok(Link { out, connected })
}

/// Connects, talks, and connects again, until the game is gone.
async fn run(
    address: Address,
    locale: &str,
    (tls, cookie): (&Tls, Option<&str>),
    inputs: &mpsc::Sender<Input>,
    to_send: &mut UnboundedReceiver<Out>,
    connected: &AtomicBool,
) {
    let mut servers = vec![address.clone()];
    let mut next = 0;
    let mut wait = Duration::from_millis(500);
    // The server a `moved` named, tried first and at once.
    let mut moved: Option<Address> = None;
    loop {
        let server = moved
            .take()
            .unwrap_or_else(|| servers[next % servers.len()].clone());
        let lost = match connect(&server, tls, cookie).await {
            Ok(Stream::Plain(ws)) => talk(*ws, locale, inputs, to_send, connected).await,
            Ok(Stream::Tls(ws)) => talk(*ws, locale, inputs, to_send, connected).await,
            Err(reason) => Ended {
                input: Input::Lost {
                    restarting: false,
                    reason: Some(reason),
                },
                servers: Vec::new(),
                heard: false,
                move_to: None,
            },
        };
        connected.store(false, Ordering::SeqCst);
        if matches!(lost.input, Input::Banned) {
            let _ = inputs.send(lost.input);
            return;
        }
        if let Some(to) = lost.move_to {
            // Not a lost connection: the next one is made now, to where the table is.
            moved = address.other(&to);
            if moved.is_none() {
                next += 1;
            }
            continue;
        }
        if lost.heard {
            wait = Duration::from_millis(500);
        }
        if !lost.servers.is_empty() {
            // The cluster as the last server saw it, this one first.
            let mut cluster = vec![server.clone()];
            for other in lost.servers.iter().filter_map(|s| address.other(s)) {
                if cluster.iter().all(|c| c.ws != other.ws) {
                    cluster.push(other);
                }
            }
            servers = cluster;
            next = 0;
        }
        if inputs.send(lost.input).is_err() {
            return;
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(MOST_WAIT);
        next += 1;
    }
}

/// A WebSocket over TCP, or over TLS.
enum Stream {
    Plain(Box<WebSocketStream<tokio::net::TcpStream>>),
    Tls(Box<WebSocketStream<tokio_rustls::client::TlsStream<tokio::net::TcpStream>>>),
}

/// Opens the WebSocket of `server`, sending the session `cookie` when there is one.
async fn connect(server: &Address, tls: &Tls, cookie: Option<&str>) -> Result<Stream, String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = server
        .ws
        .as_str()
        .into_client_request()
        .map_err(|e| e.to_string())?;
    if let Some(secret) = cookie {
        let value = format!("snakes_session={secret}")
            .parse()
            .map_err(|_| "a session that is no cookie".to_string())?;
        request.headers_mut().insert("cookie", value);
    }
    let tcp = tokio::time::timeout(
        FIRST_SILENCE,
        tokio::net::TcpStream::connect((server.host.as_str(), server.port)),
    )
    .await
    .map_err(|_| "timed out".to_string())?
    .map_err(|e| e.to_string())?;
    let _ = tcp.set_nodelay(true);
    if server.secure {
        let stream = tls.connect(&server.host, tcp).await?;
        let (ws, _) = tokio_tungstenite::client_async(request, stream)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Stream::Tls(Box::new(ws)))
    } else {
        let (ws, _) = tokio_tungstenite::client_async(request, tcp)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Stream::Plain(Box::new(ws)))
    }
}

/// How a connection ended.
struct Ended {
    input: Input,
    /// The cluster's servers, as `hello` named them.
    servers: Vec<String>,
    /// The server answered `hello`: the next try waits the shortest time again.
    heard: bool,
    /// The game asked to move to this server (`moved`).
    move_to: Option<String>,
}

/// One connection, from `hello` to its end.
async fn talk<S: AsyncRead + AsyncWrite + Unpin>(
    mut ws: WebSocketStream<S>,
    locale: &str,
    inputs: &mpsc::Sender<Input>,
    to_send: &mut UnboundedReceiver<Out>,
    connected: &AtomicBool,
) -> Ended {
    let mut ended = Ended {
        input: Input::Lost {
            restarting: false,
            reason: None,
        },
        servers: Vec::new(),
        heard: false,
        move_to: None,
    };
    // What the game asked while there was no connection is not sent now.
    while let Ok(Out::Message(_)) = to_send.try_recv() {}
    let hello = ClientMessage::Hello {
        protocol: PROTOCOL,
        locale: Some(locale.to_string()),
    };
    if send(&mut ws, &hello).await.is_err() {
        return ended;
    }
    let mut silence = FIRST_SILENCE;
    loop {
        tokio::select! {
            heard = tokio::time::timeout(silence, ws.next()) => {
                let message = match heard {
                    // Three beats without a word: the server hangs.
                    Err(_) | Ok(None | Some(Err(_))) => return ended,
                    Ok(Some(Ok(message))) => message,
                };
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(frame) => {
                        if frame.as_ref().is_some_and(|f| f.code == CloseCode::Policy && f.reason == "banned") {
                            ended.input = Input::Banned;
                            return ended;
                        }
                        let restarting = frame.is_some_and(|f| f.code == CloseCode::Restart);
                        ended.input = Input::Lost { restarting, reason: None };
                        return ended;
                    }
                    _ => continue,
                };
                // A message this client does not know is left aside: a newer server may say more.
                let Ok(message) = serde_json::from_str::<ServerMessage>(&text) else {
                    continue;
                };
                if let ServerMessage::Hello { beat_ms, servers, .. } = &message {
                    if *beat_ms > 0 {
                        silence = Duration::from_millis(beat_ms.saturating_mul(3));
                    }
                    ended.servers.clone_from(servers);
                    ended.heard = true;
                    connected.store(true, Ordering::SeqCst);
                    if inputs.send(Input::Connected).is_err() {
                        return ended;
                    }
                    continue;
                }
                if inputs.send(Input::Server(Box::new(message))).is_err() {
                    return ended;
                }
            }
            asked = to_send.recv() => match asked {
                None => return ended,
                Some(Out::MoveTo(to)) => {
                    let _ = ws.close(None).await;
                    ended.move_to = Some(to);
                    return ended;
                }
                Some(Out::Message(message)) => {
                    if send(&mut ws, &message).await.is_err() {
                        return ended;
                    }
                }
            },
        }
    }
}

async fn send<S: AsyncRead + AsyncWrite + Unpin>(
    ws: &mut WebSocketStream<S>,
    message: &ClientMessage,
) -> Result<(), ()> {
    let text = serde_json::to_string(message).map_err(|_| ())?;
    ws.send(Message::text(text)).await.map_err(|_| ())
}
