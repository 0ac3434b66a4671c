//! The seats `snakes join` holds, kept on disk so that `snakes join` again, after the program
//! or the machine stopped, takes the seat back and hears only what it missed: for each server
//! and table, the seat's token (its secret: the file is the user's alone, mode 0600) and the
//! last event whose sentences were said. The file is `$XDG_STATE_HOME/snakes/seats.json`
//! (`~/.local/state/snakes/seats.json` without it).

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// A seat held at a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// The seat's secret.
    pub token: String,
    /// The last event whose sentences were said.
    pub heard: u64,
}

/// Every seat held, by server and table.
pub struct Seats {
    path: Option<PathBuf>,
    held: BTreeMap<String, Held>,
}

impl Seats {
    /// The seats kept in the user's state directory (none when it has no home; a file that
    /// cannot be read is started again).
    pub fn open() -> Seats {
        let dir = std::env::var_os("XDG_STATE_HOME")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")));
        let path = dir.map(|d| d.join("snakes").join("seats.json"));
        let held = path
            .as_ref()
            .and_then(|p| fs::read(p).ok())
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        Seats { path, held }
    }

    /// The seat held at `table` of `server`, if any.
    pub fn get(&self, server: &str, table: u64) -> Option<&Held> {
        self.held.get(&key(server, table))
    }

    /// Keeps `token` for `table` of `server`, heard up to `heard`.
    pub fn hold(&mut self, server: &str, table: u64, token: &str, heard: u64) {
        let held = Held {
            token: token.to_string(),
            heard,
        };
        if self.held.insert(key(server, table), held.clone()) != Some(held) {
            self.save();
        }
    }

    /// Notes that the events of `table` were heard up to `seq`, when a seat is held there.
    pub fn heard(&mut self, server: &str, table: u64, seq: u64) {
        if let Some(held) = self.held.get_mut(&key(server, table))
            && held.heard != seq
        {
            held.heard = seq;
            self.save();
        }
    }

    /// Writes the file whole (a new file renamed over the old, never half written). A
    /// failure is not the game's: the seat is still held while the program runs.
    fn save(&self) {
        let Some(path) = &self.path else { return };
        let Some(dir) = path.parent() else { return };
        let _ = fs::create_dir_all(dir);
        let new = path.with_extension("json.new");
        let written = fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&new)
            .and_then(|mut f| {
                f.write_all(&serde_json::to_vec_pretty(&self.held).unwrap_or_default())?;
                f.sync_all()
            });
        if written.is_ok() {
            let _ = fs::rename(&new, path);
        }
    }
}

fn key(server: &str, table: u64) -> String {
    format!("{server}#/table/{table}")
}
