//! Where the configuration comes from: every option of `snakes serve` is one [`Key`] of
//! [`KEYS`], read in this order, each later source winning: the built-in default, the TOML file
//! of `--config`, the environment (`SNAKES_MAX_TABLES` for `max-tables`) and the command line.
//! Each value is checked as it is read; a bad one is a [`ConfigError`] naming the key and where
//! it came from (the file and line, the variable, the command line).
//!
//! A new option is one entry of [`KEYS`] (its name, help, how it is read into [`Config`] and
//! shown back): the command line's flag, the file's key, the variable and `--check-config`'s
//! line all come from it.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use snakes_text::Catalogue;

use crate::client_addr::Cidr;
use crate::config::LogFormat;
use crate::{Config, DiceKeys};

/// Where a value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The built-in default.
    Default,
    /// The configuration file, at this line (1 for the file as a whole).
    File {
        /// The file, as given.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
    },
    /// An environment variable.
    Env(String),
    /// The command line.
    Flag,
}

impl Source {
    /// The source in words: "snakes.toml, line 3", "the environment variable SNAKES_RATE".
    pub fn words(&self, c: &Catalogue) -> String {
        match self {
            Source::Default => c.format("config-from-default", &[]),
            Source::File { path, line } => c.format(
                "config-from-file",
                &[
                    ("file", path.display().to_string().into()),
                    ("line", (*line as u64).into()),
                ],
            ),
            Source::Env(var) => c.format("config-from-env", &[("var", var.clone().into())]),
            Source::Flag => c.format("config-from-flag", &[]),
        }
    }
}

/// What is wrong with a value (the key and the value are the error's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// No option has this name.
    UnknownKey,
    /// Not a whole number (0 or more).
    Whole,
    /// A whole number below the least allowed.
    AtLeast(u64),
    /// A whole number above the most allowed.
    AtMost(u64),
    /// Not a number above 0.
    Positive,
    /// Not an address with a port.
    Address,
    /// Not one of these words.
    OneOf(&'static [&'static str]),
    /// Not an address or a network.
    Network,
    /// Not an origin (`https://host[:port]`).
    Origin,
    /// Not a server's address (`https://host[:port][/path]`, no slash at the end).
    PublicUrl,
    /// Empty where a file name is needed.
    Empty,
    /// A list where one value is needed.
    NotOne,
    /// A table (a TOML section) where a value is needed.
    NotValue,
    /// Set without its partner (`tls-cert` without `tls-key`).
    Pair(&'static str),
    /// The file is not TOML.
    Syntax(String),
    /// The file cannot be read.
    Unreadable(String),
}

/// A bad value: which key, what was given, where, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The key (the long option's name), empty for the file as a whole.
    pub key: String,
    /// The value as given.
    pub value: String,
    /// Where it came from.
    pub source: Source,
    /// What is wrong.
    pub problem: Problem,
}

impl ConfigError {
    /// The error as one sentence: where, then what is wrong with which key.
    pub fn words(&self, c: &Catalogue) -> String {
        let key = || self.key.clone().into();
        let value = || format!("{:?}", self.value).into();
        let problem = match &self.problem {
            Problem::UnknownKey => c.format("config-unknown-key", &[("key", key())]),
            Problem::Whole => c.format("config-not-whole", &[("key", key()), ("value", value())]),
            Problem::AtLeast(min) => c.format(
                "config-too-small",
                &[("key", key()), ("value", value()), ("min", (*min).into())],
            ),
            Problem::AtMost(max) => c.format(
                "config-too-large",
                &[("key", key()), ("value", value()), ("max", (*max).into())],
            ),
            Problem::Positive => {
                c.format("config-not-positive", &[("key", key()), ("value", value())])
            }
            Problem::Address => {
                c.format("config-not-address", &[("key", key()), ("value", value())])
            }
            Problem::OneOf(choices) => c.format(
                "config-not-choice",
                &[
                    ("key", key()),
                    ("value", value()),
                    ("choices", choices.join(", ").into()),
                ],
            ),
            Problem::Network => {
                c.format("config-not-network", &[("key", key()), ("value", value())])
            }
            Problem::Origin => c.format("config-not-origin", &[("key", key()), ("value", value())]),
            Problem::PublicUrl => c.format(
                "config-not-public-url",
                &[("key", key()), ("value", value())],
            ),
            Problem::Empty => c.format("config-empty", &[("key", key())]),
            Problem::NotOne => c.format("config-not-one", &[("key", key())]),
            Problem::NotValue => c.format("config-not-value", &[("key", key())]),
            Problem::Pair(other) => c.format(
                "config-pair",
                &[("key", key()), ("other", (*other).to_string().into())],
            ),
            Problem::Syntax(detail) => {
                c.format("config-syntax", &[("detail", detail.clone().into())])
            }
            Problem::Unreadable(detail) => {
                c.format("config-unreadable", &[("detail", detail.clone().into())])
            }
        };
        c.format(
            "config-error",
            &[
                ("where", self.source.words(c).into()),
                ("problem", problem.into()),
            ],
        )
    }
}

/// A value as `--check-config` shows it (TOML).
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// Text (quoted in TOML).
    Text(String),
    /// A number or a word TOML writes bare.
    Bare(String),
    /// A list of texts.
    List(Vec<String>),
    /// Not set.
    Unset,
}

impl Shown {
    /// As TOML writes it; `None` when unset.
    pub fn toml(&self) -> Option<String> {
        match self {
            Shown::Text(t) => Some(toml_string(t)),
            Shown::Bare(b) => Some(b.clone()),
            Shown::List(items) => Some(format!(
                "[{}]",
                items
                    .iter()
                    .map(|i| toml_string(i))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Shown::Unset => None,
        }
    }

    /// As the command line takes it (the default `--help` shows); `None` when unset or empty.
    pub fn plain(&self) -> Option<String> {
        match self {
            Shown::Text(t) | Shown::Bare(t) => Some(t.clone()),
            Shown::List(items) if !items.is_empty() => Some(items.join(",")),
            Shown::List(_) | Shown::Unset => None,
        }
    }
}

/// `text` as a TOML basic string.
fn toml_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Which sources may set a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The file, the environment and the command line.
    Everywhere,
    /// The command line only, and not shown by `--help` (`test-dice-seed`).
    HiddenFlag,
}

/// One option of `snakes serve`.
pub struct Key {
    /// The long flag's name, the file's key; the variable is `SNAKES_` and this in capitals
    /// with `_` for `-`.
    pub name: &'static str,
    /// What the value is, for `--help` (`N`, `ADDR`, `CIDR`).
    pub value_name: &'static str,
    /// One line for `--help` (English, as all of `--help`).
    pub help: &'static str,
    /// Whether it takes several values (a repeated flag, a TOML array, a comma-separated
    /// variable); a later source's list replaces an earlier one's.
    pub many: bool,
    /// Which sources may set it.
    pub scope: Scope,
    /// Reads the value(s) into the configuration.
    read: fn(&mut Config, &[String]) -> Result<(), Problem>,
    /// The value in the configuration.
    show: fn(&Config) -> Shown,
}

impl Key {
    /// The environment variable that sets this key.
    pub fn env_var(&self) -> String {
        format!(
            "SNAKES_{}",
            self.name.to_ascii_uppercase().replace('-', "_")
        )
    }

    /// The key's value in `config`.
    pub fn shown(&self, config: &Config) -> Shown {
        (self.show)(config)
    }
}

fn one(values: &[String]) -> &str {
    values.first().map_or("", String::as_str)
}

fn whole<T: std::str::FromStr>(values: &[String]) -> Result<T, Problem> {
    let text = one(values).trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Problem::Whole);
    }
    text.parse().map_err(|_| Problem::Whole)
}

fn at_least(values: &[String], min: u64) -> Result<u64, Problem> {
    let n: u64 = whole(values)?;
    if n < min {
        return Err(Problem::AtLeast(min));
    }
    Ok(n)
}

fn at_most(values: &[String], max: u64) -> Result<u64, Problem> {
    let n: u64 = whole(values)?;
    if n > max {
        return Err(Problem::AtMost(max));
    }
    Ok(n)
}

fn positive(values: &[String]) -> Result<f64, Problem> {
    match one(values).trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err(Problem::Positive),
    }
}

fn address(values: &[String]) -> Result<SocketAddr, Problem> {
    one(values).trim().parse().map_err(|_| Problem::Address)
}

fn path(values: &[String]) -> Result<PathBuf, Problem> {
    let text = one(values);
    if text.is_empty() {
        return Err(Problem::Empty);
    }
    Ok(PathBuf::from(text))
}

fn choice(values: &[String], choices: &'static [&'static str]) -> Result<usize, Problem> {
    let text = one(values).trim();
    choices
        .iter()
        .position(|c| *c == text)
        .ok_or(Problem::OneOf(choices))
}

fn bare(n: impl ToString) -> Shown {
    Shown::Bare(n.to_string())
}

fn shown_path(p: &Option<PathBuf>) -> Shown {
    p.as_ref()
        .map_or(Shown::Unset, |p| Shown::Text(p.display().to_string()))
}

/// Whether `origin` is `http://host[:port]` or `https://host[:port]`.
fn is_origin(origin: &str) -> bool {
    let rest = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    rest.is_some_and(|host| !host.is_empty() && !host.contains(['/', ' ', '?', '#']))
}

/// Whether `url` is `http[s]://host[:port][/path]`, without a slash at the end.
fn is_public_url(url: &str) -> bool {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"));
    rest.is_some_and(|rest| {
        !rest.is_empty()
            && !rest.starts_with('/')
            && !rest.ends_with('/')
            && !rest.contains([' ', '?', '#'])
    })
}

const SYNC: &[&str] = &["normal", "full"];
const LOG_FORMATS: &[&str] = &["text", "json"];

/// Every option of `snakes serve`, in the order of `--help` and `--check-config`.
pub static KEYS: &[Key] = &[
    Key {
        name: "bind",
        value_name: "ADDR",
        help: "Address to listen on (port 0: any free port)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.bind = address(v)?;
            Ok(())
        },
        show: |c| Shown::Text(c.bind.to_string()),
    },
    Key {
        name: "db",
        value_name: "PATH|URL",
        help: "Where every table and its events are kept: a SQLite file (created on first start), \
               or a PostgreSQL database shared by several servers, as \
               postgres://user@host:port/name (docs/scale.md)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.db = path(v)?;
            Ok(())
        },
        // Never its password.
        show: |c| Shown::Text(crate::store::shown(&c.db)),
    },
    Key {
        name: "lease-ms",
        value_name: "N",
        help: "With PostgreSQL: how long this server's claim on a table lasts, in milliseconds \
               (at least 1000); it renews its claims every third of that, and another server \
               takes over a table within about that long after this one dies or is cut off",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.lease = Duration::from_millis(at_least(v, 1000)?);
            Ok(())
        },
        show: |c| bare(c.lease.as_millis()),
    },
    Key {
        name: "public-url",
        value_name: "URL",
        help: "With PostgreSQL: the address players reach this server at, given to the pages of \
               the other servers (http:// and the bound address by default)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            let url = one(v).trim();
            if !is_public_url(url) {
                return Err(Problem::PublicUrl);
            }
            c.public_url = Some(url.to_string());
            Ok(())
        },
        show: |c| c.public_url.clone().map_or(Shown::Unset, Shown::Text),
    },
    Key {
        name: "tls-cert",
        value_name: "PEM",
        help: "Serve HTTPS with this certificate chain (PEM; with --tls-key), re-read on SIGHUP \
               and when the file changes",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.tls_cert = Some(path(v)?);
            Ok(())
        },
        show: |c| shown_path(&c.tls_cert),
    },
    Key {
        name: "tls-key",
        value_name: "PEM",
        help: "The private key of --tls-cert (PEM)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.tls_key = Some(path(v)?);
            Ok(())
        },
        show: |c| shown_path(&c.tls_key),
    },
    Key {
        name: "trusted-proxy",
        value_name: "CIDR",
        help: "A reverse proxy (an address or a network, such as 127.0.0.1 or 10.0.0.0/8) whose \
               Forwarded or X-Forwarded-For header names the client; repeat for several. From \
               anyone else those headers are ignored",
        many: true,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.trusted_proxies = v
                .iter()
                .map(|t| t.parse::<Cidr>().map_err(|_| t.clone()))
                .collect::<Result<_, _>>()
                .map_err(|_| Problem::Network)?;
            Ok(())
        },
        show: |c| Shown::List(c.trusted_proxies.iter().map(Cidr::to_string).collect()),
    },
    Key {
        name: "allow-origin",
        value_name: "ORIGIN",
        help: "Another origin whose pages may use the server, as https://games.example.org (for a \
               server behind a proxy); repeat for several",
        many: true,
        scope: Scope::Everywhere,
        read: |c, v| {
            if v.iter().any(|o| !is_origin(o)) {
                return Err(Problem::Origin);
            }
            c.allow_origins = v.to_vec();
            Ok(())
        },
        show: |c| Shown::List(c.allow_origins.clone()),
    },
    Key {
        name: "admin-bind",
        value_name: "ADDR",
        help: "Serve /healthz, /readyz and /metrics on this address only (one that need not be \
               public), not on --bind",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.admin_bind = Some(address(v)?);
            Ok(())
        },
        show: |c| {
            c.admin_bind
                .map_or(Shown::Unset, |a| Shown::Text(a.to_string()))
        },
    },
    Key {
        name: "log-format",
        value_name: "FORMAT",
        help: "Log lines as text or json (one object a line); the level comes from RUST_LOG",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.log_format = [LogFormat::Text, LogFormat::Json][choice(v, LOG_FORMATS)?];
            Ok(())
        },
        show: |c| Shown::Text(LOG_FORMATS[usize::from(c.log_format == LogFormat::Json)].into()),
    },
    Key {
        name: "keep-finished-days",
        value_name: "N",
        help: "Delete finished and abandoned tables N days after they ended (0: keep them for \
               ever)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.keep_finished_days = whole(v)?;
            Ok(())
        },
        show: |c| bare(c.keep_finished_days),
    },
    Key {
        name: "bot-delay-ms",
        value_name: "N",
        help: "How long a bot waits before rolling, in milliseconds",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.timing.bot_delay = Duration::from_millis(whole(v)?);
            Ok(())
        },
        show: |c| bare(c.timing.bot_delay.as_millis()),
    },
    Key {
        name: "grace-secs",
        value_name: "N",
        help: "How long a disconnected player keeps their seat before a bot plays it, in seconds",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.timing.grace = Duration::from_secs(whole(v)?);
            Ok(())
        },
        show: |c| bare(c.timing.grace.as_secs()),
    },
    Key {
        name: "turn-timer-secs",
        value_name: "N",
        help: "Roll for a player who has not rolled within this many seconds (0: no turn timer)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            let secs: u64 = whole(v)?;
            c.timing.turn_timer = (secs > 0).then(|| Duration::from_secs(secs));
            Ok(())
        },
        show: |c| bare(c.timing.turn_timer.map_or(0, |t| t.as_secs())),
    },
    Key {
        name: "max-tables",
        value_name: "N",
        help: "Most tables waiting or playing at once",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_tables = whole(v)?;
            Ok(())
        },
        show: |c| bare(c.max_tables),
    },
    Key {
        name: "idle-mins",
        value_name: "N",
        help: "Close a waiting table as abandoned, and take a finished one out of memory (it \
               stays listed and can be watched), after this many minutes with nobody following \
               it (0: never)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            let mins: u64 = whole(v)?;
            c.idle = Duration::from_secs(mins.saturating_mul(60));
            Ok(())
        },
        show: |c| bare(c.idle.as_secs() / 60),
    },
    Key {
        name: "max-connections",
        value_name: "N",
        help: "Most connections at once, HTTP and WebSocket alike; more are answered 503",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_connections = whole(v)?;
            Ok(())
        },
        show: |c| bare(c.max_connections),
    },
    Key {
        name: "max-connections-per-address",
        value_name: "N",
        help: "Most connections at once from one client address (an IPv4 address, or a whole \
               IPv6 /64)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_connections_per_address = at_least(v, 1)? as usize;
            Ok(())
        },
        show: |c| bare(c.max_connections_per_address),
    },
    Key {
        name: "max-connections-per-network",
        value_name: "N",
        help: "Most connections at once from one network (see ipv4-prefix, ipv6-prefix)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_connections_per_network = at_least(v, 1)? as usize;
            Ok(())
        },
        show: |c| bare(c.max_connections_per_network),
    },
    Key {
        name: "ipv4-prefix",
        value_name: "N",
        help: "The prefix length of an IPv4 client's network, for the caps per network",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.ipv4_prefix = at_most(v, 32)? as u8;
            Ok(())
        },
        show: |c| bare(c.ipv4_prefix),
    },
    Key {
        name: "ipv6-prefix",
        value_name: "N",
        help: "The prefix length of an IPv6 client's network, for the caps per network",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.ipv6_prefix = at_most(v, 128)? as u8;
            Ok(())
        },
        show: |c| bare(c.ipv6_prefix),
    },
    Key {
        name: "max-open-tables-per-address",
        value_name: "N",
        help: "Most tables waiting or playing at once created from one client address",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_open_tables_per_address = whole(v)?;
            Ok(())
        },
        show: |c| bare(c.max_open_tables_per_address),
    },
    Key {
        name: "max-open-tables-per-network",
        value_name: "N",
        help: "Most tables waiting or playing at once created from one network",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_open_tables_per_network = whole(v)?;
            Ok(())
        },
        show: |c| bare(c.max_open_tables_per_network),
    },
    Key {
        name: "abandon-secs",
        value_name: "N",
        help: "Close a waiting table as abandoned once no page has followed it for this many \
               seconds, whatever else asks for it (0: only idle-mins closes it)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.abandon = Duration::from_secs(whole(v)?);
            Ok(())
        },
        show: |c| bare(c.abandon.as_secs()),
    },
    Key {
        name: "header-timeout-secs",
        value_name: "N",
        help: "Seconds a client may take to send a request's headers (or its body), and that an \
               idle HTTP connection stays open",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.header_timeout = Duration::from_secs(at_least(v, 1)?);
            Ok(())
        },
        show: |c| bare(c.header_timeout.as_secs()),
    },
    Key {
        name: "ws-idle-secs",
        value_name: "N",
        help: "A WebSocket silent for this many seconds is pinged, and closed if it stays silent \
               as long again (0: never)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.ws_idle = Duration::from_secs(whole(v)?);
            Ok(())
        },
        show: |c| bare(c.ws_idle.as_secs()),
    },
    Key {
        name: "beat-ms",
        value_name: "N",
        help: "A WebSocket sent nothing for this many milliseconds hears a beat (at least 100); \
               a page that hears nothing for three beats takes the server for hung and goes to \
               another",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.beat = Duration::from_millis(at_least(v, 100)?);
            Ok(())
        },
        show: |c| bare(c.beat.as_millis()),
    },
    Key {
        name: "creates-per-minute",
        value_name: "N",
        help: "Tables one client address may create a minute (and in a burst)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.creates_per_minute = positive(v)?;
            Ok(())
        },
        show: |c| bare(c.creates_per_minute),
    },
    Key {
        name: "max-squares",
        value_name: "N",
        help: "Most squares of a board a table may use",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_squares = whole(v)?;
            Ok(())
        },
        show: |c| bare(c.max_squares),
    },
    Key {
        name: "max-turns",
        value_name: "N",
        help: "A game that reaches this many turns (every player's together) without a winner \
               ends in a draw (0: no limit)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_turns = whole(v)?;
            Ok(())
        },
        show: |c| bare(c.max_turns),
    },
    Key {
        name: "max-message-bytes",
        value_name: "N",
        help: "Largest message a client may send, in bytes; a larger one closes the WebSocket \
               (1009)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_message_bytes = at_least(v, 256)? as usize;
            Ok(())
        },
        show: |c| bare(c.max_message_bytes),
    },
    Key {
        name: "rate",
        value_name: "N",
        help: "Messages per second one connection may send, on average (bursts of twice as many)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.rate_per_sec = positive(v)?;
            c.rate_burst = c.rate_per_sec * 2.0;
            Ok(())
        },
        show: |c| bare(c.rate_per_sec),
    },
    Key {
        name: "http-rate",
        value_name: "N",
        help: "HTTP requests a second one client address may make, on average (bursts of twice \
               as many), the page's own scripts and style sheets aside; more are answered 429",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.http_rate = positive(v)?;
            Ok(())
        },
        show: |c| bare(c.http_rate),
    },
    Key {
        name: "read-mib-per-sec",
        value_name: "N",
        help: "MiB of game records a second the whole server sends, a network at most an eighth \
               of it (a network that read nothing lately is answered within twice the budget)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.read_bytes_per_sec = positive(v)? * 1024.0 * 1024.0;
            Ok(())
        },
        show: |c| bare(c.read_bytes_per_sec / (1024.0 * 1024.0)),
    },
    Key {
        name: "max-queue-bytes",
        value_name: "N",
        help: "Bytes that may wait to be sent to one WebSocket; a client that lets more pile up \
               (it does not read) is closed (1013)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.max_queue_bytes = at_least(v, 4096)? as usize;
            Ok(())
        },
        show: |c| bare(c.max_queue_bytes),
    },
    Key {
        name: "analysis-secs-per-minute",
        value_name: "N",
        help: "CPU seconds of board analyses one client address may use a minute (and at most \
               at once); an analysis estimated over what is left is refused at once (429)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.analysis_secs_per_minute = whole::<u32>(v)?.into();
            Ok(())
        },
        show: |c| bare(c.analysis_secs_per_minute),
    },
    Key {
        name: "analysis-cache-bytes",
        value_name: "N",
        help: "Bytes of board analyses kept for every visitor (the least recently used go first)",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.analysis_cache_bytes = whole(v)?;
            Ok(())
        },
        show: |c| bare(c.analysis_cache_bytes),
    },
    Key {
        name: "sync",
        value_name: "MODE",
        help: "How SQLite commits: normal survives a killed server (kill -9, a crash); full also \
               survives a power cut, at the cost of a disk sync per commit. PostgreSQL's commits \
               always wait for its disk; full also waits for its synchronous standbys",
        many: false,
        scope: Scope::Everywhere,
        read: |c, v| {
            c.full_sync = choice(v, SYNC)? == 1;
            Ok(())
        },
        show: |c| Shown::Text(SYNC[usize::from(c.full_sync)].into()),
    },
    Key {
        name: "test-dice-seed",
        value_name: "SEED",
        help: "For tests only, never for real games: each table's dice key is derived from this \
               seed and the table's id (docs/serve.md, \"For tests\")",
        many: false,
        scope: Scope::HiddenFlag,
        read: |c, v| {
            c.dice = DiceKeys::Seeded(whole(v)?);
            Ok(())
        },
        show: |c| match c.dice {
            DiceKeys::Seeded(seed) => bare(seed),
            DiceKeys::Random => Shown::Unset,
        },
    },
];

/// The configuration with where each key's value came from.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The configuration.
    pub config: Config,
    /// Where each key's value came from, by key (a key missing here has its default).
    pub sources: HashMap<&'static str, Source>,
}

impl Settings {
    /// Where `key`'s value came from.
    pub fn source(&self, key: &str) -> Source {
        self.sources.get(key).cloned().unwrap_or(Source::Default)
    }

    /// Every key, its value and where it came from, as TOML (`--check-config`): the text is a
    /// configuration file giving the same configuration. A key that is not set is a comment.
    pub fn describe(&self, c: &Catalogue) -> String {
        let mut out = String::new();
        for key in KEYS {
            let shown = key.shown(&self.config);
            let source = self.source(key.name);
            if key.scope == Scope::HiddenFlag && source == Source::Default {
                continue;
            }
            let line = match shown.toml() {
                Some(value) => format!("{} = {value}", key.name),
                None => format!("# {} =", key.name),
            };
            out.push_str(&format!("{line:<40} # {}\n", source.words(c)));
        }
        out
    }
}

/// Reads the configuration: the defaults of [`Config::default`], then the TOML `file` (when
/// given), then the variables of `env` named for a key (`SNAKES_MAX_TABLES`; an empty one is
/// not set; others, such as `SNAKES_BIN`, are not the server's and are left alone), then
/// `flags` (each key given on the command line with its values).
///
/// # Errors
/// Every bad value, unknown key, missing partner and unreadable file, each naming the key and
/// where it came from.
pub fn settings(
    file: Option<&Path>,
    env: &[(String, String)],
    flags: &[(String, Vec<String>)],
) -> Result<Settings, Vec<ConfigError>> {
    let mut settings = Settings {
        config: Config::default(),
        sources: HashMap::new(),
    };
    let mut errors = Vec::new();
    if let Some(file) = file {
        read_file(file, &mut settings, &mut errors);
    }
    for key in KEYS.iter().filter(|k| k.scope == Scope::Everywhere) {
        let var = key.env_var();
        let Some((_, text)) = env.iter().find(|(name, _)| *name == var) else {
            continue;
        };
        if text.is_empty() {
            continue;
        }
        let values: Vec<String> = if key.many {
            text.split(',')
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty())
                .collect()
        } else {
            vec![text.clone()]
        };
        apply(key, &values, Source::Env(var), &mut settings, &mut errors);
    }
    for (name, values) in flags {
        match KEYS.iter().find(|k| k.name == name) {
            Some(key) => apply(key, values, Source::Flag, &mut settings, &mut errors),
            None => errors.push(ConfigError {
                key: name.clone(),
                value: values.join(","),
                source: Source::Flag,
                problem: Problem::UnknownKey,
            }),
        }
    }
    // HTTPS needs both files.
    let config = &settings.config;
    for (key, other, given) in [
        (
            "tls-cert",
            "tls-key",
            config.tls_cert.is_some() && config.tls_key.is_none(),
        ),
        (
            "tls-key",
            "tls-cert",
            config.tls_key.is_some() && config.tls_cert.is_none(),
        ),
    ] {
        if given {
            errors.push(ConfigError {
                key: key.into(),
                value: String::new(),
                source: settings.source(key),
                problem: Problem::Pair(other),
            });
        }
    }
    share_caps(&mut settings);
    if errors.is_empty() {
        Ok(settings)
    } else {
        Err(errors)
    }
}

/// The caps per network and per address, kept well below their totals: left at their
/// defaults, each follows its total (a network a fifth of the connections, a tenth of the
/// tables, an address no more than its network), so that lowering `--max-connections` to fit the
/// open files lowers them too. A cap set by hand is kept, whatever it is (a classroom behind one
/// address needs a high one); the server warns at its start when one is above half of its total
/// ([`Config::lopsided_caps`]).
fn share_caps(settings: &mut Settings) {
    let defaults = Config::default();
    let c = &mut settings.config;
    let derived = |default: usize, total: usize, share: usize| default.min((total / share).max(1));
    let set = |key: &str| {
        settings
            .sources
            .get(key)
            .is_some_and(|s| *s != Source::Default)
    };
    if !set("max-connections-per-network") {
        c.max_connections_per_network =
            derived(defaults.max_connections_per_network, c.max_connections, 5);
    }
    if !set("max-connections-per-address") {
        c.max_connections_per_address = defaults
            .max_connections_per_address
            .min(c.max_connections_per_network);
    }
    if !set("max-open-tables-per-network") {
        c.max_open_tables_per_network =
            derived(defaults.max_open_tables_per_network, c.max_tables, 10);
    }
    if !set("max-open-tables-per-address") {
        c.max_open_tables_per_address = defaults
            .max_open_tables_per_address
            .min(c.max_open_tables_per_network);
    }
}

/// Reads one key's values from `source` into the configuration, or notes why not.
fn apply(
    key: &'static Key,
    values: &[String],
    source: Source,
    settings: &mut Settings,
    errors: &mut Vec<ConfigError>,
) {
    match (key.read)(&mut settings.config, values) {
        Ok(()) => {
            settings.sources.insert(key.name, source);
        }
        Err(problem) => {
            // The value that is wrong: the first of a list that does not read alone.
            let value = if key.many {
                values
                    .iter()
                    .find(|v| (key.read)(&mut Config::default(), std::slice::from_ref(v)).is_err())
                    .cloned()
                    .unwrap_or_default()
            } else {
                values.first().cloned().unwrap_or_default()
            };
            errors.push(ConfigError {
                key: key.name.into(),
                value,
                source,
                problem,
            });
        }
    }
}

/// The line of byte `offset` in `text`, from 1.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// Reads the TOML file's keys into `settings`.
fn read_file(path: &Path, settings: &mut Settings, errors: &mut Vec<ConfigError>) {
    let at = |line| Source::File {
        path: path.to_path_buf(),
        line,
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            errors.push(ConfigError {
                key: String::new(),
                value: String::new(),
                source: at(1),
                problem: Problem::Unreadable(e.to_string()),
            });
            return;
        }
    };
    let table = match toml::de::DeTable::parse(&text) {
        Ok(table) => table.into_inner(),
        Err(e) => {
            let line = e.span().map_or(1, |s| line_of(&text, s.start));
            errors.push(ConfigError {
                key: String::new(),
                value: String::new(),
                source: at(line),
                problem: Problem::Syntax(e.message().to_string()),
            });
            return;
        }
    };
    // In the file's order (the table's is alphabetical).
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(name, _)| name.span().start);
    for (name, value) in entries {
        let line = line_of(&text, name.span().start);
        let name = name.get_ref().to_string();
        let Some(key) = KEYS
            .iter()
            .find(|k| k.name == name && k.scope == Scope::Everywhere)
        else {
            errors.push(ConfigError {
                key: name,
                value: String::new(),
                source: at(line),
                problem: Problem::UnknownKey,
            });
            continue;
        };
        let fail = |problem| ConfigError {
            key: name.clone(),
            value: text[value.span()].to_string(),
            source: at(line),
            problem,
        };
        let values = match value.get_ref() {
            toml::de::DeValue::Array(items) if key.many => items
                .iter()
                .map(|item| scalar(item.get_ref()).ok_or(Problem::NotValue))
                .collect::<Result<Vec<_>, _>>(),
            toml::de::DeValue::Array(_) => Err(Problem::NotOne),
            // One value for a list: a list of one.
            other => scalar(other).map(|v| vec![v]).ok_or(Problem::NotValue),
        };
        match values {
            Ok(values) => apply(key, &values, at(line), settings, errors),
            Err(problem) => errors.push(fail(problem)),
        }
    }
}

/// A TOML value other than an array or a table, as text (a number as written, without `_`).
fn scalar(value: &toml::de::DeValue<'_>) -> Option<String> {
    use toml::de::DeValue;
    match value {
        DeValue::String(s) => Some(s.to_string()),
        DeValue::Integer(i) => Some(
            i128::from_str_radix(i.as_str(), i.radix())
                .map_or_else(|_| i.as_str().to_string(), |n| n.to_string()),
        ),
        DeValue::Float(f) => Some(f.as_str().replace('_', "")),
        DeValue::Boolean(b) => Some(b.to_string()),
        DeValue::Datetime(d) => Some(d.to_string()),
        DeValue::Array(_) | DeValue::Table(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file holding `text` in a scratch directory, removed with the directory.
    fn temp_file(name: &str, text: &str) -> (snakes_testing::Scratch, PathBuf) {
        let dir = snakes_testing::Scratch::new("settings");
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap_or_default();
        (dir, path)
    }

    fn english(errors: &[ConfigError]) -> Vec<String> {
        let c = Catalogue::english();
        errors.iter().map(|e| e.words(&c)).collect()
    }

    /// The caps per network and address follow their totals unless set, and are refused when
    /// set above half of them, naming the most that fits: lowering --max-connections to fit
    /// the open files (as the start's error advises) never leaves one network able to hold
    /// every place.
    #[test]
    fn the_caps_of_a_network_sit_well_below_their_totals() {
        let flag = |k: &str, v: &str| (k.to_string(), vec![v.to_string()]);
        let s = settings(
            None,
            &[],
            &[flag("max-connections", "896"), flag("max-tables", "40")],
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        let c = &s.config;
        assert_eq!(
            (
                c.max_connections_per_network,
                c.max_connections_per_address,
                c.max_open_tables_per_network,
                c.max_open_tables_per_address
            ),
            (179, 100, 4, 4)
        );
        // The defaults stay the defaults.
        let s = settings(None, &[], &[]).unwrap_or_else(|e| panic!("{e:?}"));
        let d = Config::default();
        assert_eq!(
            (
                s.config.max_connections_per_network,
                s.config.max_open_tables_per_network
            ),
            (d.max_connections_per_network, d.max_open_tables_per_network)
        );
        // Set by hand: kept, whatever it is; above half of its total, the start warns.
        let s = settings(
            None,
            &[],
            &[
                flag("max-connections", "896"),
                flag("max-connections-per-network", "1000"),
            ],
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(s.config.max_connections_per_network, 1000);
        assert_eq!(
            s.config.lopsided_caps(),
            [(
                "max-connections-per-network",
                1000,
                "max-connections",
                896,
                448
            )]
        );
    }

    #[test]
    fn later_sources_win_and_each_is_remembered() {
        let (_dir, file) = temp_file(
            "layers.toml",
            "# a comment\nmax-tables = 50\nrate = 5\nidle-mins = 1_0\ntrusted-proxy = [\"10.0.0.0/8\"]\n",
        );
        let env = vec![
            ("SNAKES_RATE".to_string(), "7.5".to_string()),
            ("SNAKES_BIN".to_string(), "not ours".to_string()),
            (
                "SNAKES_TRUSTED_PROXY".to_string(),
                "127.0.0.1, ::1".to_string(),
            ),
        ];
        let flags = vec![(
            "trusted-proxy".to_string(),
            vec!["192.168.0.0/16".to_string()],
        )];
        let s = settings(Some(&file), &env, &flags).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(s.config.max_tables, 50);
        assert_eq!(s.config.rate_per_sec, 7.5);
        assert_eq!(s.config.rate_burst, 15.0);
        assert_eq!(s.config.idle, Duration::from_secs(600));
        assert_eq!(
            s.config.trusted_proxies.len(),
            1,
            "the flags' list replaces the others'"
        );
        assert_eq!(
            s.source("max-tables"),
            Source::File {
                path: file.clone(),
                line: 2
            }
        );
        assert_eq!(s.source("rate"), Source::Env("SNAKES_RATE".into()));
        assert_eq!(s.source("trusted-proxy"), Source::Flag);
        assert_eq!(s.source("bind"), Source::Default);
        let text = s.describe(&Catalogue::english());
        assert!(text.contains("max-tables = 50"), "{text}");
        assert!(
            text.contains(&format!("# {}, line 2", file.display())),
            "{text}"
        );
        assert!(text.contains("rate = 7.5"), "{text}");
        assert!(
            text.contains("# the environment variable SNAKES_RATE"),
            "{text}"
        );
        assert!(
            text.contains("trusted-proxy = [\"192.168.0.0/16\"]"),
            "{text}"
        );
        assert!(text.contains("bind = \"127.0.0.1:8080\""), "{text}");
        assert!(text.contains("# tls-cert ="), "{text}");
        assert!(!text.contains("test-dice-seed"), "{text}");
    }

    #[test]
    fn what_check_config_prints_is_a_file_that_reads_back_the_same() {
        let flags = vec![
            ("max-turns".to_string(), vec!["300".to_string()]),
            (
                "allow-origin".to_string(),
                vec!["https://a.example".to_string(), "http://b:8".to_string()],
            ),
            ("log-format".to_string(), vec!["json".to_string()]),
            ("sync".to_string(), vec!["full".to_string()]),
        ];
        let first = settings(None, &[], &flags).unwrap_or_else(|e| panic!("{e:?}"));
        let (_dir, file) = temp_file("again.toml", &first.describe(&Catalogue::english()));
        let again = settings(Some(&file), &[], &[]).unwrap_or_else(|e| panic!("{e:?}"));
        for key in KEYS {
            assert_eq!(
                key.shown(&again.config),
                key.shown(&first.config),
                "{}",
                key.name
            );
        }
        assert_eq!(again.config.log_format, LogFormat::Json);
    }

    #[test]
    fn each_bad_value_is_one_sentence_naming_key_and_place() {
        let (_dir, file) = temp_file(
            "bad.toml",
            "bind = 8080\nmax-tables = \"many\"\nmax-message-bytes = 10\ncolour = \"red\"\n",
        );
        let errors = settings(Some(&file), &[], &[]).unwrap_err();
        let f = file.display();
        assert_eq!(
            english(&errors),
            [
                format!(
                    "{f}, line 1: bind must be an address with its port, such as 127.0.0.1:8080, not \"8080\""
                ),
                format!("{f}, line 2: max-tables must be a whole number, not \"many\""),
                format!("{f}, line 3: max-message-bytes must be at least 256, not \"10\""),
                format!(
                    "{f}, line 4: there is no setting colour (the settings are the long options of snakes serve, without their dashes)"
                ),
            ]
        );
        let env = vec![
            ("SNAKES_RATE".to_string(), "fast".to_string()),
            (
                "SNAKES_TRUSTED_PROXY".to_string(),
                "10.0.0.0/8,10.0.0.1/8".to_string(),
            ),
            ("SNAKES_SYNC".to_string(), "sometimes".to_string()),
        ];
        let flags = vec![
            ("tls-key".to_string(), vec!["key.pem".to_string()]),
            (
                "allow-origin".to_string(),
                vec!["games.example.org".to_string()],
            ),
        ];
        let errors = settings(None, &env, &flags).unwrap_err();
        assert_eq!(
            english(&errors),
            [
                "the environment variable SNAKES_TRUSTED_PROXY: trusted-proxy must be an address or a network such as 10.0.0.0/8 (its bits after the prefix zero), not \"10.0.0.1/8\"",
                "the environment variable SNAKES_RATE: rate must be a number above 0, not \"fast\"",
                "the environment variable SNAKES_SYNC: sync must be one of normal, full, not \"sometimes\"",
                "the command line: allow-origin must be an origin as http://host[:port] or https://host[:port], not \"games.example.org\"",
                "the command line: tls-key is given without tls-cert: HTTPS needs the certificate and its key",
            ]
        );
        let (_dir, broken) = temp_file("broken.toml", "rate = 3\nmax-tables = \n");
        let errors = settings(Some(&broken), &[], &[]).unwrap_err();
        let words = english(&errors);
        assert_eq!(words.len(), 1);
        assert!(
            words[0].starts_with(&format!(
                "{}, line 2: the file is not TOML: ",
                broken.display()
            )),
            "{words:?}"
        );
        let missing = broken.with_file_name("missing.toml");
        let words = english(&settings(Some(&missing), &[], &[]).unwrap_err());
        assert!(
            words[0].starts_with(&format!(
                "{}, line 1: cannot read the file: ",
                missing.display()
            )),
            "{words:?}"
        );
        let (_dir, list) = temp_file("list.toml", "db = [\"a\", \"b\"]\n[server]\nrate = 1\n");
        let words = english(&settings(Some(&list), &[], &[]).unwrap_err());
        assert_eq!(
            words,
            [
                format!("{}, line 1: db takes one value, not a list", list.display()),
                format!(
                    "{}, line 2: there is no setting server (the settings are the long options of snakes serve, without their dashes)",
                    list.display()
                ),
            ]
        );
    }

    #[test]
    fn the_test_seed_is_for_the_command_line_alone() {
        let env = vec![("SNAKES_TEST_DICE_SEED".to_string(), "5".to_string())];
        let s = settings(None, &env, &[]).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(s.config.dice, DiceKeys::Random);
        let flags = vec![("test-dice-seed".to_string(), vec!["5".to_string()])];
        let s = settings(None, &[], &flags).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(s.config.dice, DiceKeys::Seeded(5));
        assert!(
            s.describe(&Catalogue::english())
                .contains("test-dice-seed = 5")
        );
        let (_dir, file) = temp_file("seed.toml", "test-dice-seed = 5\n");
        assert_eq!(
            settings(Some(&file), &[], &[]).unwrap_err()[0].problem,
            Problem::UnknownKey
        );
    }
}
