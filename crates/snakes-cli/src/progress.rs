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
    /// A progress line naming the work (`"solving"`) and the unit counted, in the plural and in
    /// terms a person counts (`"boards"`, `"lines"`, `"games"`; not bytes).
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
        let (what, unit) = (self.what, self.unit);
        self.draw(|| share_line(what, unit, done, total));
    }

    /// Reports progress measured one way and counted another: the share `done` of `total` (bytes
    /// of a file read, say) gives the percentage, and `count` says how many units that was:
    /// `solving: 51% (492613 lines)`.
    pub fn update_counted(&mut self, count: u64, done: u64, total: u64) {
        let (what, unit) = (self.what, self.unit);
        self.draw(|| counted_line(what, unit, count, done, total));
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

fn percent(done: u64, total: u64) -> u64 {
    done.saturating_mul(100).checked_div(total).unwrap_or(100)
}

/// The unit for `count` of it: "1 line", "2 lines" (units are given in the plural).
fn unit_for(unit: &'static str, count: u64) -> &'static str {
    match unit.strip_suffix('s') {
        Some(one) if count == 1 => one,
        _ => unit,
    }
}

/// `simulating: 42% (420000 of 1000000 games)`; with no total known, the count alone
/// (`solving for the expected turns: 12 iterations`), or the work alone before any count.
fn share_line(what: &str, unit: &'static str, done: u64, total: u64) -> String {
    if total == 0 {
        return if done == 0 {
            what.to_string()
        } else {
            format!("{what}: {done} {}", unit_for(unit, done))
        };
    }
    let unit = unit_for(unit, total);
    format!(
        "{what}: {}% ({done} of {total} {unit})",
        percent(done, total)
    )
}

/// `solving: 51% (492613 lines)`.
fn counted_line(what: &str, unit: &'static str, count: u64, done: u64, total: u64) -> String {
    let unit = unit_for(unit, count);
    format!("{what}: {}% ({count} {unit})", percent(done, total))
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
            counted_line("solving", "lines", 492_613, 51, 100),
            "solving: 51% (492613 lines)"
        );
        assert_eq!(
            counted_line("solving", "lines", 1, 3, 4),
            "solving: 75% (1 line)"
        );
        assert_eq!(
            share_line("simulating", "games", 420, 1000),
            "simulating: 42% (420 of 1000 games)"
        );
        assert_eq!(
            share_line("random boards", "boards", 0, 1),
            "random boards: 0% (0 of 1 board)"
        );
        // No end known in advance: the count alone, or the work alone before it starts.
        assert_eq!(
            share_line("solving", "iterations", 12, 0),
            "solving: 12 iterations"
        );
        assert_eq!(
            share_line("building the chain", "", 0, 0),
            "building the chain"
        );
    }
}
