//! Reads a crowd shares: a finished game's record is built once, compressed, and kept within a
//! byte budget ([`RECORDS_KEPT_BYTES`]), each answer carrying an `ETag` (a client that has it
//! is answered 304, nothing sent); and the bytes of records sent are a budget for the whole
//! server, `--read-mib-per-sec`, each network spending at most an eighth of it and a network
//! that read nothing lately answered even when a crowd spent the budget (up to a second more).
//!
//! Without this, sixty addresses asking for a 1.9 MB record took 10.3 GB in 20 s and 31 s of
//! CPU, each answer built afresh from the store (the per-address `--http-rate` does not see a
//! crowd).

use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::Bytes;

use crate::fair::{Allowances, TokenBucket};
use crate::locks::Lock;
use crate::protocol::{GameRecord, TableId};

pub use crate::config::RECORDS_KEPT_BYTES;

/// A network's share of `--read-mib-per-sec`: an eighth.
const NETWORK_SHARE: f64 = 8.0;

/// A game's record as it is sent: its JSON, the same gzipped, and its tag.
#[derive(Debug)]
pub struct Built {
    /// Whether the game is over: its record never changes again.
    pub finished: bool,
    /// The tag of these bytes (the table and its last event: a finished record never changes).
    pub etag: String,
    /// The record's JSON (shared by every answer, not copied).
    pub json: Bytes,
    /// The same, gzipped.
    pub gzip: Bytes,
}

impl Built {
    /// The record of table `table`, whose last event is `seq`, as JSON and compressed.
    pub fn new(table: TableId, seq: u64, finished: bool, record: &GameRecord) -> Built {
        // A record is plain data: it always serializes.
        let json = serde_json::to_vec(record).unwrap_or_default();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        // Writing to memory does not fail.
        let gzip = gz
            .write_all(&json)
            .and_then(|()| gz.finish())
            .unwrap_or_default();
        Built {
            finished,
            etag: format!("\"r{table}-{seq}-{}\"", json.len()),
            json: Bytes::from(json),
            gzip: Bytes::from(gzip),
        }
    }

    fn bytes(&self) -> usize {
        self.json.len() + self.gzip.len() + self.etag.len()
    }
}

/// The finished records kept, and the budget of bytes sent.
#[derive(Debug)]
pub struct Reads {
    kept: Mutex<Kept>,
    /// Held while a record is built: one at a time, so that a crowd asking for many different
    /// ones costs one thread, not all of them.
    pub(crate) building: tokio::sync::Mutex<()>,
    server: Mutex<TokenBucket>,
    networks: Allowances<IpAddr>,
    per_sec: f64,
}

#[derive(Debug, Default)]
struct Kept {
    records: HashMap<TableId, Arc<Built>>,
    order: VecDeque<TableId>,
    bytes: usize,
}

impl Reads {
    /// Reads under a budget of `per_sec` bytes a second for the whole server.
    pub fn new(per_sec: f64, now: Instant) -> Reads {
        Reads {
            kept: Mutex::default(),
            building: tokio::sync::Mutex::new(()),
            server: Mutex::new(TokenBucket::new(per_sec, per_sec, now)),
            networks: Allowances::new(per_sec / NETWORK_SHARE, per_sec / NETWORK_SHARE),
            per_sec,
        }
    }

    /// The finished record of `table`, when it is kept.
    pub fn record(&self, table: TableId) -> Option<Arc<Built>> {
        let kept = self.kept.locked();
        kept.records.get(&table).cloned()
    }

    /// Keeps the finished record `built` of `table`, letting the oldest kept go to stay within
    /// [`RECORDS_KEPT_BYTES`] (one larger than that is not kept).
    pub fn keep(&self, table: TableId, built: Arc<Built>) {
        let size = built.bytes();
        if size > RECORDS_KEPT_BYTES {
            return;
        }
        let mut kept = self.kept.locked();
        if kept.records.contains_key(&table) {
            return;
        }
        while kept.bytes + size > RECORDS_KEPT_BYTES {
            let Some(oldest) = kept.order.pop_front() else {
                break;
            };
            if let Some(gone) = kept.records.remove(&oldest) {
                kept.bytes -= gone.bytes();
            }
        }
        kept.records.insert(table, built);
        kept.order.push_back(table);
        kept.bytes += size;
    }

    /// Whether `bytes` may be sent now to a client of `network`: within its network's share
    /// and the server's budget, or its network read nothing lately (its share is whole) and the
    /// server owes less than a second of its budget (a newcomer is answered whatever a crowd
    /// spent, within twice the budget in all). What is sent is counted against both.
    pub fn may_send(&self, network: Option<IpAddr>, bytes: usize, now: Instant) -> bool {
        let n = bytes as f64;
        let Some(network) = network else {
            // A caller of the router itself (a test, not a client over the network).
            return true;
        };
        let mut server = self.server.locked();
        self.networks.with(network, now, |share| {
            let newcomer = share.is_full(now);
            if !share.take_n(n, now) {
                return false;
            }
            if server.take_n(n, now) {
                return true;
            }
            // A network that read nothing lately may take the server's budget into debt, up
            // to one second of it: a crowd of many networks then reads at most twice the
            // budget, and whoever comes first gets an answer.
            if newcomer && server.overdraw(n, self.per_sec, now) {
                return true;
            }
            share.give_back(n);
            false
        })
    }
}
