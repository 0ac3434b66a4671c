//! A progress line on standard error for runs that take seconds: drawn only when standard
//! error is a terminal (never into a file or a pipe), only once the run has taken a second, at
//! most ten times a second, and wiped before anything else is written there.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::words::say;

/// How long a run goes before the line appears.
const DELAY: Duration = Duration::from_secs(1);
/// The least time between two redraws.
const EVERY: Duration = Duration::from_millis(100);

/// A progress line: `simulating: 42% (420000 of 1000000 games)`.
pub struct Progress {
    /// The message of the line (see `cli.ftl`, "Progress lines").
    id: &'static str,
    start: Instant,
    last: Instant,
    enabled: bool,
    width: usize,
}

impl Progress {
    /// A progress line said by the message `id`, which counts in units a person counts
    /// (`boards`, `lines`, `games`; not bytes).
    pub fn new(id: &'static str) -> Progress {
        let now = Instant::now();
        Progress {
            id,
            start: now,
            last: now,
            enabled: io::stderr().is_terminal(),
            width: 0,
        }
    }

    /// Names the work that follows, keeping the clock: a run of several stages shows its line
    /// once the whole run has taken a second.
    pub fn relabel(&mut self, id: &'static str) {
        self.id = id;
    }

    /// Reports `done` of `total` (`total` 0: no end known, the count alone is shown); cheap
    /// enough to call every few hundred items.
    pub fn update(&mut self, done: u64, total: u64) {
        let id = self.id;
        self.draw(|| share_line(id, done, total));
    }

    /// Reports progress measured one way and counted another: the share `done` of `total` (bytes
    /// of a file read, say) gives the percentage, and `count` says how many units that was:
    /// `solving: 51% (492613 lines)`.
    pub fn update_counted(&mut self, count: u64, done: u64, total: u64) {
        let id = self.id;
        self.draw(|| counted_line(id, count, done, total));
    }

    /// Draws the line `make()` if it is time to.
    fn draw(&mut self, make: impl FnOnce() -> String) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.start) < DELAY || now.duration_since(self.last) < EVERY {
            return;
        }
        self.last = now;
        let line = make();
        // Padding counts the columns a terminal draws (two for a Korean or Chinese letter).
        let chars = snakes_text::board_text::width(&line);
        let pad = self.width.saturating_sub(chars);
        self.width = chars;
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

fn percent(done: u64, total: u64) -> u64 {
    done.saturating_mul(100).checked_div(total).unwrap_or(100)
}

/// The line of message `id` for `done` of `total`: its `share` form (`simulating: 42% (420 of
/// 1000 games)`), its `count` form when no total is known (`solving for the average turns: 12
/// iterations`), or its `start` form before any count.
fn share_line(id: &str, done: u64, total: u64) -> String {
    let shape = match (done, total) {
        (0, 0) => "start",
        (_, 0) => "count",
        _ => "share",
    };
    say!(
        id,
        shape = shape,
        done = done,
        total = total,
        percent = percent(done, total)
    )
}

/// The `counted` form of message `id`: `solving: 51% (492613 lines)`.
fn counted_line(id: &str, count: u64, done: u64, total: u64) -> String {
    say!(
        id,
        shape = "counted",
        done = count,
        total = total,
        percent = percent(done, total)
    )
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_told_in_units_people_count() {
        // `solve --jsonl` over a file: the share of its bytes read, counted in lines.
        assert_eq!(
            counted_line("progress-solve-lines", 492_613, 51, 100),
            "solving: 51% (492613 lines)"
        );
        assert_eq!(
            counted_line("progress-solve-lines", 1, 3, 4),
            "solving: 75% (1 line)"
        );
        assert_eq!(
            share_line("progress-simulate", 420, 1000),
            "simulating: 42% (420 of 1000 games)"
        );
        assert_eq!(
            share_line("progress-random-boards", 0, 1),
            "random boards: 0% (0 of 1 board)"
        );
        // No end known in advance: the count alone, or the work alone before it starts.
        assert_eq!(
            share_line("progress-expected-turns", 12, 0),
            "solving for the average turns: 12 iterations"
        );
        assert_eq!(
            share_line("progress-variance", 1, 0),
            "solving for the variance: 1 iteration"
        );
        assert_eq!(
            share_line("progress-chain", 0, 0),
            "building the chain and checking that a game ends"
        );
    }
}
