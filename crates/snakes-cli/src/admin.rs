//! `snakes admin`: the operator grants and revokes moderators, lists them, and reads the
//! moderation log. A moderator is a name and a secret key, shown once when granted and kept by
//! the server only as its hash.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use snakes_server::moderators::{self, AdminError, MAX_NAME_CHARS, Role};

use crate::columns;
use crate::tables::utc;
use crate::user_error;
use crate::words::say;

/// Arguments of `snakes admin`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  snakes admin grant Ana moderator   a key for Ana, printed once, to type on the page
  snakes admin list                  the moderators, and when each was granted
  snakes admin log --limit 20        the last 20 things moderators (and the operator) did
  snakes admin revoke Ana moderator  Ana's key stops working

Each works beside running servers (SQLite or PostgreSQL, the same --db as `snakes serve`);
docs/serve.md, \"Moderators\".")]
pub struct Args {
    #[command(subcommand)]
    command: Admin,
}

#[derive(clap::Subcommand)]
enum Admin {
    /// Makes NAME a moderator: prints a new key, once (granting again replaces the key).
    Grant {
        /// The moderator's name, as typed on the page (letter case aside).
        name: String,
        /// The role: moderator.
        role: String,
        /// The server's store: a SQLite file, or a `postgres://` address.
        #[arg(long, default_value = "snakes.db")]
        db: PathBuf,
    },
    /// Takes the role away from NAME: its key stops working.
    Revoke {
        /// The moderator's name.
        name: String,
        /// The role: moderator.
        role: String,
        /// The server's store: a SQLite file, or a `postgres://` address.
        #[arg(long, default_value = "snakes.db")]
        db: PathBuf,
    },
    /// The moderators, and when each was granted.
    List {
        /// The server's store: a SQLite file, or a `postgres://` address.
        #[arg(long, default_value = "snakes.db")]
        db: PathBuf,
    },
    /// The moderation log, newest first: when, who, what, to whom, until when, why.
    Log {
        /// The server's store: a SQLite file, or a `postgres://` address.
        #[arg(long, default_value = "snakes.db")]
        db: PathBuf,
        /// How many entries at most.
        #[arg(long, value_name = "N", default_value_t = 50)]
        limit: usize,
    },
}

/// Runs `snakes admin`.
///
/// # Errors
/// A store that cannot be opened, an unknown role or a bad name (user errors); revoking a name
/// that has no role (status 1).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        match args.command {
            Admin::Grant { name, role, db } => grant(&db, &name, &role).await,
            Admin::Revoke { name, role, db } => revoke(&db, &name, &role).await,
            Admin::List { db } => list(&db).await,
            Admin::Log { db, limit } => log(&db, limit).await,
        }
    })
}

/// The role `text` names, or the error that lists those there are.
fn role(text: &str) -> anyhow::Result<Role> {
    Role::parse(text).ok_or_else(|| {
        let roles: Vec<String> = Role::ALL.iter().map(|r| r.as_str().to_string()).collect();
        user_error(say!(
            "admin-bad-role",
            role = text.to_string(),
            roles = crate::words::list(&roles)
        ))
    })
}

async fn grant(db: &Path, name: &str, asked: &str) -> anyhow::Result<ExitCode> {
    let role = role(asked)?;
    let key = moderators::grant(db, name, role).await.map_err(problem)?;
    println!("{}", say!("admin-granted", name = name.trim().to_string()));
    println!();
    println!("    {key}");
    println!();
    Ok(ExitCode::SUCCESS)
}

async fn revoke(db: &Path, name: &str, asked: &str) -> anyhow::Result<ExitCode> {
    let role = role(asked)?;
    if moderators::revoke(db, name, role).await.map_err(problem)? {
        println!("{}", say!("admin-revoked", name = name.trim().to_string()));
        Ok(ExitCode::SUCCESS)
    } else {
        Err(anyhow::anyhow!(say!(
            "admin-not-moderator",
            name = name.trim().to_string()
        )))
    }
}

async fn list(db: &Path) -> anyhow::Result<ExitCode> {
    let found = moderators::list(db).await.map_err(problem)?;
    if found.is_empty() {
        println!("{}", say!("admin-none"));
        return Ok(ExitCode::SUCCESS);
    }
    let mut rows = vec![vec![say!("admin-col-name"), say!("admin-col-granted")]];
    for (name, at) in found {
        rows.push(vec![shown(&name), utc(at.div_euclid(1000))]);
    }
    print!("{}", columns::render(&rows, &[]));
    Ok(ExitCode::SUCCESS)
}

async fn log(db: &Path, limit: usize) -> anyhow::Result<ExitCode> {
    let entries = moderators::log(db, limit, None).await.map_err(problem)?;
    if entries.is_empty() {
        println!("{}", say!("admin-log-none"));
        return Ok(ExitCode::SUCCESS);
    }
    let mut rows = vec![
        [
            "admin-col-when",
            "admin-col-by",
            "admin-col-action",
            "admin-col-whom",
            "admin-col-until",
            "admin-col-why",
        ]
        .iter()
        .map(|id| say!(id))
        .collect::<Vec<_>>(),
    ];
    for e in entries {
        rows.push(vec![
            utc(e.at.div_euclid(1000)),
            shown(&e.by),
            say!("admin-action", action = e.action.as_str()),
            shown(&moderators::whom(crate::words::catalogue(), &e)),
            e.until.map(|t| utc(t.div_euclid(1000))).unwrap_or_default(),
            shown(&e.why),
        ]);
    }
    print!("{}", columns::render(&rows, &[]));
    Ok(ExitCode::SUCCESS)
}

/// `text` as one line, safe to print: what people typed (a name, a reason) may hold line breaks
/// or a terminal's control sequences, each of which becomes a space.
fn shown(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `e` in the reader's words: a user error (exit 2) but for a store that fails.
fn problem(e: AdminError) -> anyhow::Error {
    match e {
        AdminError::Store(e) => user_error(e.to_string()),
        AdminError::EmptyName => user_error(say!("admin-name-empty")),
        AdminError::LongName { chars } => {
            user_error(say!("admin-name-long", chars = chars, max = MAX_NAME_CHARS))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_people_typed_is_printed_on_one_line_without_control_sequences() {
        assert_eq!(shown("Ana\n\u{1b}[2Jbad\tword"), "Ana  [2Jbad word");
        assert_eq!(shown("운이 없네"), "운이 없네");
    }
}
