//! A progress line on standard error for runs that take seconds: drawn only when standard
//! error is a terminal (never into a file or a pipe), only once the run has taken a second, at
//! most ten times a second, and wiped before anything else is written there.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// How long a run goes before the line appears.
const DELAY: Duration = Duration::from_secs(1);
/// The least time between two redraws.
const EVERY: Duration = Duration::from_millis(100);

/// A progress line: `what: 42% (420000 of 1000000)`.
pub struct Progress {
    what: &'static str,
    unit: &'static str,
    start: Instant,
    last: Instant,
    enabled: bool,
    width: usize,
}

impl Progress {
    /// A progress line naming the work (`"boards"`) and the unit counted (`"boards"`, `"bytes"`).
    pub fn new(what: &'static str, unit: &'static str) -> Progress {
        let now = Instant::now();
        Progress {
            what,
            unit,
            start: now,
            last: now,
            enabled: io::stderr().is_terminal(),
            width: 0,
        }
    }

    /// Names the work that follows, keeping the clock: a run of several stages shows its line
    /// once the whole run has taken a second.
    pub fn relabel(&mut self, what: &'static str, unit: &'static str) {
        self.what = what;
        self.unit = unit;
    }

    /// Reports `done` of `total` (`total` 0: no end known, the count alone is shown); cheap
    /// enough to call every few hundred items.
    pub fn update(&mut self, done: u64, total: u64) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.start) < DELAY || now.duration_since(self.last) < EVERY {
            return;
        }
        self.last = now;
        let line = if total == 0 && done == 0 {
            self.what.to_string()
        } else if total == 0 {
            // No end known in advance (iterations until an answer is accurate).
            format!("{}: {done} {}", self.what, self.unit)
        } else {
            let percent = done.saturating_mul(100).checked_div(total).unwrap_or(100);
            format!(
                "{}: {percent}% ({done} of {total} {})",
                self.what, self.unit
            )
        };
        let pad = self.width.saturating_sub(line.len());
        self.width = line.len();
        let _ = write!(io::stderr(), "\r{line}{:pad$}", "");
    }

    /// Wipes the line, if one was drawn, so the next message starts on a clean line.
    pub fn clear(&mut self) {
        if self.width > 0 {
            let _ = write!(io::stderr(), "\r{:width$}\r", "", width = self.width);
            self.width = 0;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}
