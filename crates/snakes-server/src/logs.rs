//! Logs: one line per event through `tracing`, as text for people or JSON for programs
//! (`--log-format`), at the level of `RUST_LOG` (`info` when unset).
//!
//! What is never logged, at any level: a seat's secret, a table's dice key, a list of the
//! players' names (the tests play whole games and look for each in the logs).

use tracing_subscriber::fmt::MakeWriter;

use crate::LogFormat;
use crate::locks::Lock;

/// Sets up logging to standard error in `format`: text in colour only when standard error is
/// a terminal and `NO_COLOR` is unset. Does nothing when logging is already set up.
pub fn init_logging_as(format: LogFormat) {
    use std::io::IsTerminal;
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    init_logging_with(format, colour, std::io::stderr);
}

/// Sets up logging in `format` to what `writer` makes (a file, a buffer in tests), at the
/// level of `RUST_LOG`; `colour` for text on a terminal. Does nothing when logging is already
/// set up.
pub fn init_logging_with<W>(format: LogFormat, colour: bool, writer: W)
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    let _ = match format {
        LogFormat::Text => builder.with_ansi(colour).try_init(),
        // One JSON object a line, the event's fields flattened beside `timestamp`, `level`
        // and `target`.
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .try_init(),
    };
}

/// A fault that may repeat many times a second (the database out of reach): its first failure
/// is logged, then one line every [`Trouble::EVERY`] while it lasts with how many failures since,
/// and one line when it ends: a 30-second outage is a handful of lines, not hundreds.
pub(crate) struct Trouble {
    /// What fails, said in each line ("the leases cannot be renewed").
    what: &'static str,
    state: std::sync::Mutex<Option<Since>>,
    /// Whether it is failing now (read without the lock: [`Trouble::recovered`] is called on
    /// every success).
    failing: std::sync::atomic::AtomicBool,
}

struct Since {
    started: std::time::Instant,
    said: std::time::Instant,
    failures: u64,
}

impl Trouble {
    /// How often a fault that lasts is said again.
    pub(crate) const EVERY: std::time::Duration = std::time::Duration::from_secs(10);

    pub(crate) const fn new(what: &'static str) -> Trouble {
        Trouble {
            what,
            state: std::sync::Mutex::new(None),
            failing: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// It failed again, with `error`.
    pub(crate) fn failed(&self, error: &dyn std::fmt::Display) {
        let now = std::time::Instant::now();
        self.failing
            .store(true, std::sync::atomic::Ordering::Release);
        let mut state = self.state.locked();
        match &mut *state {
            None => {
                tracing::warn!(error = %error, "{}", self.what);
                *state = Some(Since {
                    started: now,
                    said: now,
                    failures: 1,
                });
            }
            Some(since) => {
                since.failures += 1;
                if now.duration_since(since.said) >= Trouble::EVERY {
                    since.said = now;
                    tracing::warn!(
                        error = %error,
                        failures = since.failures,
                        secs = since.started.elapsed().as_secs(),
                        "{} (still)",
                        self.what
                    );
                }
            }
        }
    }

    /// It works again.
    pub(crate) fn recovered(&self) {
        if !self
            .failing
            .swap(false, std::sync::atomic::Ordering::AcqRel)
        {
            return;
        }
        let ended = self.state.locked().take();
        if let Some(since) = ended {
            tracing::info!(
                failures = since.failures,
                ms = since.started.elapsed().as_millis() as u64,
                "{}: not any more",
                self.what
            );
        }
    }
}
