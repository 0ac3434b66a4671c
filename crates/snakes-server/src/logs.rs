//! Logs: one line per event through `tracing`, as text for people or JSON for programs
//! (`--log-format`), at the level of `RUST_LOG` (`info` when unset).
//!
//! What is never logged, at any level: a seat's secret, a table's dice key, a list of the
//! players' names (the tests play whole games and look for each in the logs).

use tracing_subscriber::fmt::MakeWriter;

use crate::LogFormat;

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
