//! A connection's outgoing queue, bounded twice: in messages and in bytes.
//!
//! Everything a WebSocket is sent waits here, already JSON, until the socket's writer takes it.
//! A client that does not read makes it grow, so it is capped: at most a number of messages
//! ([`Outbox::channel`]'s `messages`) and, since one message may be a few bytes or a whole
//! page, at most `--max-queue-bytes` of them. A message is queued while what waits is under the
//! byte cap, so a queue never holds more than the cap plus one message. A message that does not
//! fit is not queued: the connection has fallen behind, and its writer is told to close it
//! (1013, "too far behind; reconnect"); a page that reconnects catches up from its last event.
//!
//! The reading end, [`Inbox`], gives the bytes back as it takes each message, so the count is
//! of what truly waits.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A connection's id, unique in this process: whose outbox, whose talk, whose seat.
pub type ConnId = u64;

use tokio::sync::{Notify, mpsc};
use tungstenite::Utf8Bytes;

/// What the two ends of one queue share: the bytes waiting, the cap, and the bells.
#[derive(Debug)]
struct Queued {
    bytes: AtomicUsize,
    cap: usize,
    /// Rung whenever the reader takes messages (a catch-up waits for room on it).
    taken: Notify,
    /// Set once the connection fell behind: nothing more is queued, the writer closes it.
    behind: AtomicBool,
}

/// Where a connection's messages go: a queue bounded in messages and in bytes, and a bell that
/// says "you fell behind".
#[derive(Debug, Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Utf8Bytes>,
    queued: Arc<Queued>,
    /// Rung when the connection fell behind (a message did not fit): its writer closes it.
    pub(crate) kick: Arc<Notify>,
}

/// The reading end of an [`Outbox`]: the socket's writer, or a test.
#[derive(Debug)]
pub struct Inbox {
    rx: mpsc::Receiver<Utf8Bytes>,
    queued: Arc<Queued>,
}

impl Outbox {
    /// A queue of at most `messages` messages and (a message more than) `bytes` bytes.
    pub fn channel(messages: usize, bytes: usize) -> (Outbox, Inbox) {
        let (tx, rx) = mpsc::channel(messages.max(1));
        let queued = Arc::new(Queued {
            bytes: AtomicUsize::new(0),
            cap: bytes,
            taken: Notify::new(),
            behind: AtomicBool::new(false),
        });
        let out = Outbox {
            tx,
            queued: queued.clone(),
            kick: Arc::new(Notify::new()),
        };
        (out, Inbox { rx, queued })
    }

    /// Queues a message without waiting; false when it did not fit (the queue is full, in
    /// messages or bytes) or the connection is gone. A message that did not fit is the
    /// connection falling behind: its writer is told to close it, and nothing more is queued.
    pub fn offer(&self, text: Utf8Bytes) -> bool {
        if self.queued.behind.load(Ordering::Acquire) {
            return false;
        }
        let len = text.len();
        if self.queued.bytes.load(Ordering::Acquire) >= self.queued.cap {
            self.fall_behind();
            return false;
        }
        // Counted before it is visible to the reader, which takes it off again.
        self.queued.bytes.fetch_add(len, Ordering::AcqRel);
        match self.tx.try_send(text) {
            Ok(()) => true,
            Err(e) => {
                self.queued.bytes.fetch_sub(len, Ordering::AcqRel);
                if matches!(e, mpsc::error::TrySendError::Full(_)) {
                    self.fall_behind();
                }
                false
            }
        }
    }

    /// Marks the connection as fallen behind and rings its writer.
    pub(crate) fn fall_behind(&self) {
        if !self.queued.behind.swap(true, Ordering::AcqRel) {
            self.kick.notify_one();
        }
    }

    /// Bytes waiting now.
    pub fn queued_bytes(&self) -> usize {
        self.queued.bytes.load(Ordering::Acquire)
    }

    /// Whether the connection has gone (its reading end dropped) or fell behind.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed() || self.queued.behind.load(Ordering::Acquire)
    }

    /// Waits until the queue is nearly empty: at most a few messages and half the byte cap
    /// waiting (a catch-up sends its next page then). False when the connection went meanwhile.
    pub(crate) async fn room(&self) -> bool {
        loop {
            let taken = self.queued.taken.notified();
            tokio::pin!(taken);
            taken.as_mut().enable();
            if self.is_closed() {
                return false;
            }
            let waiting = self.tx.max_capacity() - self.tx.capacity();
            if waiting <= 8 && self.queued_bytes() <= self.queued.cap / 2 {
                return true;
            }
            // The reader rings on every message it takes; a closed reader never rings again,
            // so look again now and then.
            let _ = tokio::time::timeout(std::time::Duration::from_secs(1), taken).await;
        }
    }
}

impl Inbox {
    fn took(&self, text: &Utf8Bytes) {
        self.queued.bytes.fetch_sub(text.len(), Ordering::AcqRel);
        self.queued.taken.notify_waiters();
    }

    /// The next message, waiting for one; `None` once every [`Outbox`] is gone.
    pub async fn recv(&mut self) -> Option<Utf8Bytes> {
        let text = self.rx.recv().await?;
        self.took(&text);
        Some(text)
    }

    /// The next message if one waits.
    ///
    /// # Errors
    /// When none waits, or every [`Outbox`] is gone.
    pub fn try_recv(&mut self) -> Result<Utf8Bytes, mpsc::error::TryRecvError> {
        let text = self.rx.try_recv()?;
        self.took(&text);
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(n: usize) -> Utf8Bytes {
        "x".repeat(n).into()
    }

    #[tokio::test]
    async fn a_queue_holds_its_cap_and_one_message_more_then_falls_behind() {
        let (out, mut inbox) = Outbox::channel(100, 1000);
        // Under the cap, whatever the size of the message that crosses it.
        assert!(out.offer(text(600)));
        assert!(out.offer(text(600)));
        assert_eq!(out.queued_bytes(), 1200);
        // At the cap: this one does not fit, and the connection has fallen behind for good.
        assert!(!out.offer(text(1)));
        assert!(out.is_closed());
        let told = tokio::time::timeout(std::time::Duration::from_secs(5), out.kick.notified());
        assert!(told.await.is_ok(), "the writer is told");
        // Taking gives the bytes back, but a connection that fell behind stays behind.
        assert_eq!(inbox.recv().await.map(|t| t.len()), Some(600));
        assert_eq!(out.queued_bytes(), 600);
        assert!(!out.offer(text(1)));
    }

    #[tokio::test]
    async fn a_queue_full_of_messages_falls_behind_too() {
        let (out, mut inbox) = Outbox::channel(2, usize::MAX);
        assert!(out.offer(text(1)) && out.offer(text(1)));
        assert!(!out.offer(text(1)));
        assert!(out.is_closed());
        assert!(inbox.try_recv().is_ok());
    }

    #[tokio::test]
    async fn room_waits_for_the_reader() {
        let (out, mut inbox) = Outbox::channel(100, 1000);
        assert!(out.offer(text(900)));
        let waiting = {
            let out = out.clone();
            tokio::spawn(async move { out.room().await })
        };
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "900 of 1000 bytes wait");
        inbox.recv().await;
        assert!(waiting.await.unwrap_or(false));
    }
}
