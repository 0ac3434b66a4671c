//! Keys from standard input: single key presses from a terminal in raw mode, or one key per
//! line when standard input is a file or a pipe (scripted games), for `snakes play` and
//! `snakes join` alike.
//!
//! Raw mode uses `rustix`'s safe termios wrapper (the workspace forbids `unsafe`; `rustix` is
//! already small and has no C build step, where `crossterm` would bring a whole terminal
//! library for two system calls). The terminal settings are restored by [`RawMode`]'s `Drop`,
//! which runs on every way out of the game: quitting, Ctrl+C (read as a key, since raw mode
//! turns off the signal), end of input, an error, or a panic unwinding. A signal from outside
//! (SIGTERM from `kill`, SIGHUP when the terminal window closes, SIGINT from `kill -INT`) would
//! end the process without unwinding, so while raw mode is on a thread of `signal-hook` waits
//! for those signals, restores the settings and exits with 128 + the signal's number, as a
//! shell reports a process the signal killed.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::termios::{self, LocalModes, OptionalActions, SpecialCodeIndex, Termios};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// One key press, or the end of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Key {
    /// A printable key (or Space).
    Char(char),
    /// Enter (in line mode, an empty line): ends a square's number after G.
    Enter,
    /// Backspace: takes back a digit of a square's number.
    Erase,
    /// In line mode, a line of two digits or more: a square's whole number after G ("47"),
    /// as typing its digits and Enter would give. More digits than [`MAX_DIGITS`] are no
    /// number.
    Number(u64),
    /// In line mode, a line of more than one character that is not a number: what a script
    /// types where a line is asked for (a name, a message); no key of the game.
    Text(String),
    /// Escape: leaves what is being typed.
    Escape,
    /// Something that is no key of the game: Tab, an arrow, a function key.
    Other,
    /// Ctrl+C: stop now.
    Interrupt,
    /// The end of input (Ctrl+D in a terminal).
    End,
}

/// Where keys come from.
pub trait Keys {
    /// The next key.
    ///
    /// # Errors
    /// A failed read.
    fn next_key(&mut self) -> io::Result<Key>;

    /// A key pressed before `wait` is over (at once when one is waiting already), or `None`:
    /// how the game hears the keys pressed while the bots roll. Keys read from a file or a pipe
    /// are the player's answers to the game, each read when the game asks: `None` at once.
    ///
    /// # Errors
    /// A failed read.
    fn key_within(&mut self, wait: Duration) -> io::Result<Option<Key>> {
        let _ = wait;
        Ok(None)
    }
}

/// The most digits of a square's number: any number of them fits in a `u64`, so the number
/// said back is the one typed.
pub const MAX_DIGITS: usize = 19;

/// The longest line read as one key or one line of text (a message of the most characters
/// there can be, in any script, fits); longer lines are not keys.
const LINE_CAP: u64 = 4096;

/// One key per line: `r`, ` ` (a space), `S`, ... An empty line is Enter, answered as on a
/// terminal.
pub struct LineKeys<R> {
    input: R,
}

impl<R: BufRead> LineKeys<R> {
    /// Keys read from `input`, a line each.
    pub fn new(input: R) -> Self {
        LineKeys { input }
    }
}

impl<R: BufRead> Keys for LineKeys<R> {
    fn next_key(&mut self) -> io::Result<Key> {
        // Bytes, not a String: a line that is not UTF-8 is a key the game does not know, which
        // it says, rather than an error that ends the game.
        // At most LINE_CAP bytes are kept: a longer line is answered once and the rest of it
        // skipped unread, so a line without end (`< /dev/zero`) cannot fill the memory.
        let mut bytes = Vec::new();
        if (&mut self.input)
            .take(LINE_CAP)
            .read_until(b'\n', &mut bytes)?
            == 0
        {
            return Ok(Key::End);
        }
        if bytes.len() as u64 == LINE_CAP && bytes.last() != Some(&b'\n') {
            self.input.skip_until(b'\n')?;
            return Ok(Key::Other);
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end_matches(['\n', '\r']);
        // A line holding only a space is the Space key; an empty line is Enter, answered as at
        // a terminal (silence would say it was not read); other blanks around a key are
        // forgiven.
        if line == " " {
            return Ok(Key::Char(' '));
        }
        if line.is_empty() {
            return Ok(Key::Enter);
        }
        let line = line.trim();
        if line.is_empty() {
            return Ok(Key::Other);
        }
        let mut chars = line.chars();
        Ok(match (chars.next(), chars.next()) {
            (Some('\u{8}' | '\u{7f}'), None) => Key::Erase,
            (Some(c), None) => Key::Char(c),
            _ if line.len() <= MAX_DIGITS && line.bytes().all(|b| b.is_ascii_digit()) => {
                line.parse().map_or(Key::Other, Key::Number)
            }
            _ => Key::Text(line.to_string()),
        })
    }
}

/// The terminal in raw mode (no line editing, no echo, Ctrl+C as a key) while this lives.
pub struct RawMode {
    /// The settings to put back, taken by whichever comes first: `Drop` or a signal.
    saved: Arc<Mutex<Option<Termios>>>,
}

/// Puts `saved` back on the terminal of standard input, once.
fn restore(saved: &Mutex<Option<Termios>>) {
    // A panic elsewhere while the lock was held must not keep the terminal raw.
    let settings = saved.lock().unwrap_or_else(PoisonError::into_inner).take();
    if let Some(settings) = settings {
        // Nothing better can be done if the terminal is gone.
        let _ = termios::tcsetattr(io::stdin(), OptionalActions::Now, &settings);
    }
}

/// Restores `saved` and exits with 128 + the signal when SIGTERM, SIGHUP or SIGINT arrives.
///
/// The thread stays for the rest of the process: once `signal-hook` has taken a signal it
/// does not give it back to the system's default, so after raw mode ends the signal still
/// ends the process (with nothing left to restore).
fn restore_on_signals(saved: Arc<Mutex<Option<Termios>>>) -> io::Result<()> {
    let mut signals = Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    std::thread::Builder::new()
        .name("terminal-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                restore(&saved);
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

impl RawMode {
    /// Puts the terminal on standard input in raw mode.
    ///
    /// # Errors
    /// When standard input is not a terminal or its settings cannot be changed, or when the
    /// signals that must restore them cannot be caught.
    pub fn enter() -> io::Result<RawMode> {
        let stdin = io::stdin();
        let saved = termios::tcgetattr(&stdin)?;
        let mut raw = saved.clone();
        // Output processing stays on, so "\n" still starts a new line at the left margin.
        raw.local_modes
            .remove(LocalModes::ICANON | LocalModes::ECHO | LocalModes::ISIG | LocalModes::IEXTEN);
        raw.special_codes[SpecialCodeIndex::VMIN] = 1;
        raw.special_codes[SpecialCodeIndex::VTIME] = 0;
        let saved = Arc::new(Mutex::new(Some(saved)));
        // Caught before raw mode starts, so no moment is left in which a signal leaves it on.
        restore_on_signals(Arc::clone(&saved))?;
        termios::tcsetattr(&stdin, OptionalActions::Now, &raw)?;
        Ok(RawMode { saved })
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        restore(&self.saved);
    }
}

/// Single key presses from a terminal in raw mode.
///
/// Bytes are read as they come, as many as are ready at once: a terminal sends the bytes of an
/// arrow key or a UTF-8 character together, so a key is decoded from what one read gave, and a
/// lone Escape never waits for a key that has not been pressed.
pub struct RawKeys {
    _raw: RawMode,
    keys: TerminalKeys,
}

impl RawKeys {
    /// Puts the terminal in raw mode until this is dropped.
    ///
    /// # Errors
    /// As [`RawMode::enter`].
    pub fn new() -> io::Result<RawKeys> {
        Ok(RawKeys {
            _raw: RawMode::enter()?,
            keys: TerminalKeys::default(),
        })
    }
}

/// Key presses read from standard input while a [`RawMode`] held elsewhere keeps the terminal
/// raw (`snakes join` reads keys on a thread of their own).
#[derive(Default)]
pub struct TerminalKeys {
    pending: VecDeque<u8>,
}

/// The key a sequence of bytes from a terminal stands for; `next` gives the bytes that follow
/// the first one when a key takes several (UTF-8 characters, escape sequences).
pub fn decode_key(first: u8, mut next: impl FnMut() -> io::Result<Option<u8>>) -> io::Result<Key> {
    Ok(match first {
        3 => Key::Interrupt,
        4 => Key::End,
        b'\r' | b'\n' => Key::Enter,
        8 | 127 => Key::Erase,
        b'\t' => Key::Other,
        27 => {
            // Arrow and function keys send ESC [ ... or ESC O ..., ending with a letter or ~;
            // Escape alone, nothing after it in the same read.
            match next()? {
                None => Key::Escape,
                Some(b'[' | b'O') => {
                    while let Some(b) = next()? {
                        if b.is_ascii_alphabetic() || b == b'~' {
                            break;
                        }
                    }
                    Key::Other
                }
                Some(_) => Key::Other,
            }
        }
        b if b < 32 => Key::Other,
        b if b < 128 => Key::Char(char::from(b)),
        b => {
            let len = match b {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF7 => 4,
                _ => 1,
            };
            let mut bytes = vec![b];
            while bytes.len() < len {
                match next()? {
                    Some(c) => bytes.push(c),
                    None => break,
                }
            }
            match std::str::from_utf8(&bytes)
                .ok()
                .and_then(|s| s.chars().next())
            {
                Some(c) => Key::Char(c),
                None => Key::Other,
            }
        }
    })
}

impl Keys for RawKeys {
    fn next_key(&mut self) -> io::Result<Key> {
        self.keys.next_key()
    }

    fn key_within(&mut self, wait: Duration) -> io::Result<Option<Key>> {
        self.keys.key_within(wait)
    }
}

impl Keys for TerminalKeys {
    fn next_key(&mut self) -> io::Result<Key> {
        if self.pending.is_empty() {
            let mut buffer = [0u8; 64];
            let n = loop {
                match io::stdin().lock().read(&mut buffer) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if n == 0 {
                return Ok(Key::End);
            }
            self.pending.extend(&buffer[..n]);
        }
        let Some(first) = self.pending.pop_front() else {
            return Ok(Key::End);
        };
        let pending = &mut self.pending;
        decode_key(first, || Ok(pending.pop_front()))
    }

    fn key_within(&mut self, wait: Duration) -> io::Result<Option<Key>> {
        if self.pending.is_empty() {
            let stdin = io::stdin();
            let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
            let timeout = Timespec {
                tv_sec: wait.as_secs().try_into().unwrap_or(i64::MAX),
                tv_nsec: wait.subsec_nanos().into(),
            };
            let ready = loop {
                match rustix::event::poll(&mut fds, Some(&timeout)) {
                    Ok(n) => break n,
                    Err(rustix::io::Errno::INTR) => continue,
                    Err(e) => return Err(e.into()),
                }
            };
            if ready == 0 {
                return Ok(None);
            }
        }
        self.next_key().map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(bytes: &[u8]) -> Vec<Key> {
        let mut k = LineKeys::new(bytes);
        let mut out = Vec::new();
        loop {
            let key = k.next_key().unwrap();
            if key == Key::End {
                return out;
            }
            out.push(key);
        }
    }

    #[test]
    fn lines_are_keys() {
        assert_eq!(
            keys(b"r\n \n\nS\r\n  c  \nroll\n\xff\n   \n\x7f\n"),
            [
                Key::Char('r'),
                Key::Char(' '),
                Key::Enter,
                Key::Char('S'),
                Key::Char('c'),
                Key::Text("roll".into()),
                Key::Char('\u{fffd}'),
                Key::Other,
                Key::Erase,
            ]
        );
    }

    fn decode(bytes: &[u8]) -> Key {
        let mut rest = bytes[1..].iter().copied();
        decode_key(bytes[0], || Ok(rest.next())).unwrap()
    }

    #[test]
    fn raw_bytes_are_keys() {
        assert_eq!(decode(b"r"), Key::Char('r'));
        assert_eq!(decode(b" "), Key::Char(' '));
        assert_eq!(decode(&[3]), Key::Interrupt);
        assert_eq!(decode(&[4]), Key::End);
        assert_eq!(decode(b"\r"), Key::Enter);
        assert_eq!(decode(&[127]), Key::Erase);
        assert_eq!(decode(b"\t"), Key::Other);
        assert_eq!(decode(b"\x1b[A"), Key::Other);
        assert_eq!(decode(b"\x1b"), Key::Escape);
        assert_eq!(decode("é".as_bytes()), Key::Char('é'));
        assert_eq!(decode(&[1]), Key::Other);
    }
}
