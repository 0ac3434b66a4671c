//! A TCP proxy of the suite's own between one server and PostgreSQL's Unix socket: it passes
//! bytes, or holds them all (a cut link: the connections stay open and nothing gets through),
//! or holds one connection's (a wedged connection).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::watch;

/// One connection through the proxy: whether it is held, and when it last carried bytes.
struct Conn {
    held: watch::Sender<bool>,
    /// Microseconds since the proxy started, of the last bytes passed.
    active: Arc<AtomicU64>,
}

/// A running proxy (it ends with the runtime).
pub struct Proxy {
    /// Where it listens, on 127.0.0.1.
    pub port: u16,
    /// Every connection held (the link cut) or not.
    all: watch::Sender<bool>,
    /// The database's answers held, on every connection (the requests pass).
    answers: watch::Sender<bool>,
    conns: Arc<Mutex<Vec<Conn>>>,
}

impl Proxy {
    /// A proxy on a port of its own (bound here and read back) to the Unix socket `to`.
    pub async fn start(to: PathBuf) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let (all, _) = watch::channel(false);
        let (answers, _) = watch::channel(false);
        let answers_rx = answers.subscribe();
        let conns: Arc<Mutex<Vec<Conn>>> = Arc::default();
        let began = Instant::now();
        let (all_rx, list) = (all.subscribe(), conns.clone());
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = tokio::net::UnixStream::connect(&to).await else {
                    continue;
                };
                let (held, held_rx) = watch::channel(false);
                let active = Arc::new(AtomicU64::new(0));
                list.lock().unwrap().push(Conn {
                    held,
                    active: active.clone(),
                });
                let (cr, cw) = client.into_split();
                let (sr, sw) = server.into_split();
                let pumps: [(
                    Box<dyn tokio::io::AsyncRead + Send + Unpin>,
                    Box<dyn tokio::io::AsyncWrite + Send + Unpin>,
                ); 2] = [(Box::new(cr), Box::new(sw)), (Box::new(sr), Box::new(cw))];
                for (answering, (mut from, mut to)) in [false, true].into_iter().zip(pumps) {
                    let (mut all, mut held, active) =
                        (all_rx.clone(), held_rx.clone(), active.clone());
                    let mut muted = answers_rx.clone();
                    tokio::spawn(async move {
                        let mut buf = vec![0u8; 16 * 1024];
                        loop {
                            let Ok(n) = from.read(&mut buf).await else {
                                return;
                            };
                            if n == 0 {
                                let _ = to.shutdown().await;
                                return;
                            }
                            // Held: the bytes wait (the connection stays open).
                            if all.wait_for(|h| !*h).await.is_err()
                                || held.wait_for(|h| !*h).await.is_err()
                                || (answering && muted.wait_for(|m| !*m).await.is_err())
                            {
                                return;
                            }
                            active.store(began.elapsed().as_micros() as u64, Ordering::Release);
                            if to.write_all(&buf[..n]).await.is_err() {
                                return;
                            }
                        }
                    });
                }
            }
        });
        Proxy {
            port,
            all,
            answers,
            conns,
        }
    }

    /// Holds the database's answers (the requests still reach it: what it commits, the server
    /// does not hear of), or passes them again.
    pub fn mute(&self, mute: bool) {
        self.answers.send_replace(mute);
    }

    /// Holds every byte, of every connection (a cut link), or passes them again.
    pub fn cut(&self, cut: bool) {
        self.all.send_replace(cut);
    }

    /// Holds the bytes of the connection that carried bytes last (the one a busy server uses
    /// most: its writer's); false when there is none.
    pub fn wedge_busiest(&self) -> bool {
        let conns = self.conns.lock().unwrap();
        let busiest = conns
            .iter()
            .filter(|c| !c.held.is_closed() && !*c.held.borrow())
            .max_by_key(|c| c.active.load(Ordering::Acquire));
        match busiest {
            Some(c) => {
                c.held.send_replace(true);
                true
            }
            None => false,
        }
    }

    /// Lets every wedged connection go.
    pub fn unwedge(&self) {
        for c in self.conns.lock().unwrap().iter() {
            c.held.send_replace(false);
        }
    }
}
