//! A WebSocket's incoming bytes, metered: how long the message being read has taken since its
//! first byte. The WebSocket layer hands the socket a message only once it is whole, so a client
//! that sends the first fragment of a message and then one byte of another now and then (or a
//! frame whose payload never ends) was never seen by the server's timers; [`Metered`] reads the
//! frames' headers as the bytes pass ([RFC 6455, section 5.2]) and [`Meter::since`] says since
//! when a message is incomplete. The socket's loop closes one that takes longer than
//! `--header-timeout-secs` (1008).
//!
//! [RFC 6455, section 5.2]: https://www.rfc-editor.org/rfc/rfc6455#section-5.2

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;

use crate::clock::Clock;
use crate::locks::Lock;

/// Since when the message being read is incomplete, shared with the socket's loop.
#[derive(Debug, Default)]
pub struct Meter {
    since: Mutex<Option<Instant>>,
    /// Rung when a message begins.
    begun: Notify,
}

impl Meter {
    /// Since when a message is incomplete; `None` between messages.
    pub fn since(&self) -> Option<Instant> {
        *self.since.locked()
    }

    /// Resolves once a message begins (at once if one began since the last call).
    pub async fn begun(&self) {
        self.begun.notified().await;
    }

    fn set(&self, since: Option<Instant>) {
        let mut at = self.since.locked();
        let begins = at.is_none() && since.is_some();
        *at = since;
        drop(at);
        if begins {
            self.begun.notify_one();
        }
    }
}

/// Where the reading of the client's frames is: inside a header (its bytes so far) or a
/// payload (the bytes left of it).
#[derive(Debug, Default)]
struct Frames {
    header: [u8; 14],
    have: usize,
    /// The payload's bytes left to read, once the header is whole.
    left: Option<u64>,
    /// The frame being read is a control frame (a ping, a pong, a close).
    control: bool,
    /// It is the last frame of its message.
    fin: bool,
    /// A data message's first frames were read, not its last.
    fragmented: bool,
}

impl Frames {
    /// The length of a header whose first two bytes are `b0` and `b1`: 2, the extended length
    /// (2 or 8 bytes) and the mask (4).
    fn header_len(b1: u8) -> usize {
        let extended = match b1 & 0x7f {
            126 => 2,
            127 => 8,
            _ => 0,
        };
        2 + extended + if b1 & 0x80 != 0 { 4 } else { 0 }
    }

    /// Reads `bytes` as they came at `now`, telling `meter` when a message begins and ends.
    fn feed(&mut self, mut bytes: &[u8], meter: &Meter, now: Instant) {
        while !bytes.is_empty() {
            match self.left {
                None => {
                    if self.have == 0 && meter.since().is_none() {
                        meter.set(Some(now));
                    }
                    let need = if self.have < 2 {
                        2
                    } else {
                        Self::header_len(self.header[1])
                    };
                    let take = (need - self.have).min(bytes.len());
                    self.header[self.have..self.have + take].copy_from_slice(&bytes[..take]);
                    self.have += take;
                    bytes = &bytes[take..];
                    if self.have >= 2 && self.have == Self::header_len(self.header[1]) {
                        self.begin_payload();
                        if self.left == Some(0) {
                            self.end_frame(meter);
                        }
                    }
                }
                Some(left) => {
                    let take = (left.min(bytes.len() as u64)) as usize;
                    bytes = &bytes[take..];
                    self.left = Some(left - take as u64);
                    if self.left == Some(0) {
                        self.end_frame(meter);
                    }
                }
            }
        }
    }

    fn begin_payload(&mut self) {
        let (b0, b1) = (self.header[0], self.header[1]);
        self.fin = b0 & 0x80 != 0;
        self.control = b0 & 0x08 != 0;
        let len = match b1 & 0x7f {
            126 => u64::from(u16::from_be_bytes([self.header[2], self.header[3]])),
            127 => {
                let mut b = [0u8; 8];
                b.copy_from_slice(&self.header[2..10]);
                u64::from_be_bytes(b)
            }
            n => u64::from(n),
        };
        self.left = Some(len);
    }

    fn end_frame(&mut self, meter: &Meter) {
        self.left = None;
        self.have = 0;
        if self.control {
            // A ping or pong between messages ends there; inside a fragmented message, the
            // message goes on.
            if !self.fragmented {
                meter.set(None);
            }
        } else if self.fin {
            self.fragmented = false;
            meter.set(None);
        } else {
            self.fragmented = true;
        }
    }
}

/// An I/O whose incoming bytes go through a [`Meter`] on the way to the WebSocket layer.
pub struct Metered<I> {
    io: I,
    frames: Frames,
    meter: Arc<Meter>,
    clock: Clock,
}

impl<I> Metered<I> {
    /// `io`, its messages timed on `clock`; the meter to read.
    pub fn new(io: I, clock: Clock) -> (Metered<I>, Arc<Meter>) {
        let meter = Arc::new(Meter::default());
        let metered = Metered {
            io,
            frames: Frames::default(),
            meter: meter.clone(),
            clock,
        };
        (metered, meter)
    }
}

impl<I: AsyncRead + Unpin> AsyncRead for Metered<I> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.io).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = read {
            let new = &buf.filled()[before..];
            if !new.is_empty() {
                this.frames.feed(new, &this.meter, this.clock.now());
            }
        }
        read
    }
}

impl<I: AsyncWrite + Unpin> AsyncWrite for Metered<I> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A masked client frame: `fin`, `opcode`, and a payload of `len` bytes (its header only).
    fn header(fin: bool, opcode: u8, len: usize) -> Vec<u8> {
        let mut h = vec![if fin { 0x80 } else { 0 } | opcode];
        match len {
            0..=125 => h.push(0x80 | len as u8),
            126..=65535 => {
                h.push(0x80 | 126);
                h.extend_from_slice(&(len as u16).to_be_bytes());
            }
            _ => {
                h.push(0x80 | 127);
                h.extend_from_slice(&(len as u64).to_be_bytes());
            }
        }
        h.extend_from_slice(&[0, 0, 0, 0]);
        h
    }

    #[test]
    fn a_message_is_timed_from_its_first_byte_to_its_last_frame() {
        let meter = Meter::default();
        let mut frames = Frames::default();
        let t0 = Instant::now();
        let later = t0 + Duration::from_secs(5);
        // A whole text frame, fed one byte at a time: timed from its first byte, then done.
        let mut whole = header(true, 1, 300);
        whole.extend(vec![b'a'; 300]);
        for (i, b) in whole.iter().enumerate() {
            frames.feed(&[*b], &meter, t0 + Duration::from_millis(i as u64));
            if i + 1 < whole.len() {
                assert_eq!(meter.since(), Some(t0), "byte {i}");
            }
        }
        assert_eq!(meter.since(), None);
        // A fragmented message: its first frame, a ping inside it, a continuation: still
        // timed from the first; its last frame ends it.
        frames.feed(&header(false, 1, 0), &meter, t0);
        frames.feed(&header(true, 9, 0), &meter, later);
        frames.feed(&header(false, 0, 0), &meter, later);
        assert_eq!(meter.since(), Some(t0));
        frames.feed(&header(true, 0, 0), &meter, later);
        assert_eq!(meter.since(), None);
        // A pong between messages ends there; a header with a 64-bit length is read whole.
        frames.feed(&header(true, 10, 4), &meter, later);
        assert_eq!(meter.since(), Some(later));
        frames.feed(b"pong", &meter, later);
        assert_eq!(meter.since(), None);
        frames.feed(&header(true, 2, 70_000), &meter, later);
        frames.feed(&vec![0; 70_000], &meter, later);
        assert_eq!(meter.since(), None);
    }
}
