//! `snakes serve`: the game server, for 2-4 people playing in their browsers.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use snakes_server::settings::{ConfigError, KEYS, Scope, Settings};
use snakes_server::{Config, DiceKeys};

use crate::user_error;
use crate::words::say;

/// Arguments of `snakes serve`: `--config FILE`, `--check-config`, and one flag for each key
/// of the server's settings (`snakes_server::settings::KEYS`), whose values are read with the
/// file's and the environment's by [`Args::settings`].
pub struct Args {
    config: Option<PathBuf>,
    check_config: bool,
    /// Each key given on the command line, with its values.
    flags: Vec<(String, Vec<String>)>,
}

const EXAMPLES: &str = "Examples:
  snakes serve                        http://127.0.0.1:8080/, games saved in snakes.db
  snakes serve --bind 0.0.0.0:9000 --db games.db
  snakes serve --config /etc/snakes.toml --check-config
  SNAKES_MAX_TABLES=50 snakes serve   every option is also a variable (SNAKES_...) and a key of --config's file

Each option is read from, later winning: its default, the --config file (its name without the
dashes: max-tables = 50), the environment (SNAKES_MAX_TABLES=50), the command line
(docs/serve.md).";

impl clap::Args for Args {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let defaults = Config::default();
        let cmd = cmd
            .after_help(EXAMPLES)
            .arg(
                clap::Arg::new("config")
                    .long("config")
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("Read the options from this TOML file (each key an option's name: max-tables = 50); the environment and the command line override it"),
            )
            .arg(
                clap::Arg::new("check-config")
                    .long("check-config")
                    .action(clap::ArgAction::SetTrue)
                    .help("Print every option's value and where it came from, as TOML, and exit (2 when a value is bad)"),
            );
        KEYS.iter().fold(cmd, |cmd, key| {
            let mut arg = clap::Arg::new(key.name)
                .long(key.name)
                .value_name(key.value_name)
                .help(key.help)
                .hide(key.scope == Scope::HiddenFlag)
                .action(if key.many {
                    clap::ArgAction::Append
                } else {
                    clap::ArgAction::Set
                });
            if let Some(default) = key.shown(&defaults).plain() {
                arg = arg.default_value(default);
            }
            cmd.arg(arg)
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for Args {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let flags = KEYS
            .iter()
            .filter(|key| {
                matches.value_source(key.name) == Some(clap::parser::ValueSource::CommandLine)
            })
            .map(|key| {
                let values = matches
                    .get_many::<String>(key.name)
                    .map(|v| v.cloned().collect())
                    .unwrap_or_default();
                (key.name.to_string(), values)
            })
            .collect();
        Ok(Args {
            config: matches.get_one::<PathBuf>("config").cloned(),
            check_config: matches.get_flag("check-config"),
            flags,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args {
    /// The server's configuration from its defaults, the `--config` file, the environment
    /// and the command line, with where each value came from.
    ///
    /// # Errors
    /// Every bad value, one sentence each (a user error).
    pub fn settings(&self) -> anyhow::Result<Settings> {
        let env: Vec<(String, String)> = std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
            .filter(|(k, _)| k.starts_with("SNAKES_"))
            .collect();
        snakes_server::settings::settings(self.config.as_deref(), &env, &self.flags)
            .map_err(|errors| user_error(sentences(&errors)))
    }
}

/// The sentences of `errors`, one a line, each after the first as an error of its own.
fn sentences(errors: &[ConfigError]) -> String {
    let catalogue = crate::words::catalogue();
    errors
        .iter()
        .map(|e| e.words(catalogue))
        .collect::<Vec<_>>()
        .join(&format!("\n{}", say!("cli-error", message = "")))
}

/// Runs `snakes serve` until Ctrl+C or SIGTERM.
///
/// # Errors
/// Bad options (a user error), or a store or address that cannot be used.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.check_config {
        return check_config(&args);
    }
    let config = args.settings()?.config;
    let bind = config.bind;
    snakes_server::init_logging_as(config.log_format);
    if let DiceKeys::Seeded(seed) = config.dice {
        crate::input::warn(&say!("serve-test-dice", seed = seed.to_string()));
    }
    let db = config.db.clone();
    let scheme = if config.tls_cert.is_some() {
        "https"
    } else {
        "http"
    };
    snakes_server::serve_blocking(config, |addr| {
        let line = say!(
            "serve-listening",
            url = format!("{scheme}://{addr}/"),
            db = snakes_server::shown_db(&db)
        );
        println!("{line}");
    })
    .map_err(|e| match e {
        snakes_server::ServerError::Io(io) if io.kind() == std::io::ErrorKind::AddrInUse => {
            user_error(say!(
                "serve-address-in-use",
                address = bind.to_string(),
                detail = io.to_string()
            ))
        }
        snakes_server::ServerError::Descriptors {
            max_connections,
            reserved,
            needed,
            limit,
            fits,
        } => user_error(say!(
            "serve-open-files",
            connections = max_connections,
            reserved = reserved,
            needed = needed,
            limit = limit,
            fits = fits
        )),
        // A certificate or key that cannot be served is the user's to mend.
        snakes_server::ServerError::Tls(tls) => user_error(tls.to_string()),
        other => anyhow::Error::new(other),
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `snakes serve --check-config`: every key, its value and where it came from, as TOML; then
/// what it names is tried once, changing nothing: the TLS certificate and key are loaded, the
/// database reached (a SQLite file read, or its directory written to; a PostgreSQL database
/// connected to, with its TLS). Exit 0, or 2 with the errors when a value is bad or what it
/// names cannot be used.
fn check_config(args: &Args) -> anyhow::Result<ExitCode> {
    let settings = args.settings()?;
    let text = settings.describe(crate::words::catalogue());
    std::io::stdout().lock().write_all(text.as_bytes())?;
    let config = &settings.config;
    if let (Some(cert), Some(key)) = (&config.tls_cert, &config.tls_key) {
        snakes_server::Tls::load(cert, key).map_err(|e| user_error(e.to_string()))?;
        println!(
            "{}",
            say!(
                "serve-checked-tls",
                cert = cert.display().to_string(),
                key = key.display().to_string()
            )
        );
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let db = snakes_server::shown_db(&config.db);
    let reached = runtime
        .block_on(snakes_server::reach(&config.db))
        .map_err(|e| {
            user_error(say!(
                "serve-check-db-failed",
                db = db.clone(),
                detail = e.to_string()
            ))
        })?;
    let line = match reached {
        snakes_server::Reached::NewFile => say!("serve-checked-db-new", db = db),
        snakes_server::Reached::File {
            version,
            supported,
            in_use,
        } => say!(
            "serve-checked-db-file",
            db = db,
            version = version,
            supported = supported,
            used = if in_use { "yes" } else { "no" }
        ),
        snakes_server::Reached::Postgres {
            at,
            version,
            supported,
            tls,
        } => say!(
            "serve-checked-db-postgres",
            db = db,
            at = at,
            version = i64::from(version),
            supported = i64::from(supported),
            tls = if tls { "yes" } else { "no" }
        ),
    };
    println!("{line}");
    Ok(ExitCode::SUCCESS)
}
