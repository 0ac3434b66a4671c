//! The pieces of `snakes-bench --members`: what a member account costs the server.
//!
//! - An Argon2id hash timed on one thread, at the server's parameters and at others
//!   ([`SETS`], [`hash_cost`]).
//! - Sign-ins over HTTP (`POST /api/account/sign-in`, each on a connection of its own), many at
//!   once ([`sign_in_burst`]) or one at a time ([`sign_in`]), each from a loopback address
//!   the caller chooses: the server allows 20 tries a minute from one address and 5 to one
//!   account, so a benchmark that signs in hundreds of times spreads its tries over many of
//!   each.
//! - `set_name` over one WebSocket, one message at a time ([`set_names`]): every name a guest
//!   takes is asked of the store, whether it is a member's.
//! - Members written straight into a store the server made (its schema: the server's
//!   migrations), SQLite ([`fill_sqlite`]) or PostgreSQL ([`fill_postgres`]), each name's three
//!   keys computed as the server computes them ([`NameKeys::of`] of the name
//!   [`check_name`] normalised), every member with the same password hash: hashing 100,000
//!   passwords would take over half an hour of this machine's two cores, and a hash's cost does
//!   not depend on which member it is.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use argon2::password_hash::{PasswordHasher, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use snakes_text::names::{NameKeys, check_heard_everywhere, check_name};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

use crate::crowd::{Tally, connect_from};
use crate::{BenchError, fail};

/// A set of Argon2id parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Argon2Set {
    /// Where the set comes from.
    pub source: &'static str,
    /// Memory, KiB.
    pub m_kib: u32,
    /// Passes over it.
    pub t: u32,
    /// Lanes.
    pub p: u32,
}

impl Argon2Set {
    /// "m=19456 t=2 p=1".
    pub fn label(&self) -> String {
        format!("m={} t={} p={}", self.m_kib, self.t, self.p)
    }

    /// The memory one hash holds while it runs, MiB.
    pub fn mib(&self) -> f64 {
        f64::from(self.m_kib) / 1024.0
    }

    fn hasher(&self) -> Result<Argon2<'static>, BenchError> {
        let params = Params::new(self.m_kib, self.t, self.p, None)
            .map_err(|e| fail(format!("Argon2id {}: {e}", self.label())))?;
        Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
    }
}

/// The parameters compared: OWASP's five equivalent choices but for the two of least memory
/// (m=12 MiB t=3, m=19 MiB t=2: the server's, m=46 MiB t=1), and RFC 9106's second
/// recommendation (m=64 MiB t=3 p=4: its first is 2 GiB a hash).
pub const SETS: [Argon2Set; 4] = [
    Argon2Set {
        source: "OWASP, less memory",
        m_kib: 12_288,
        t: 3,
        p: 1,
    },
    Argon2Set {
        source: "OWASP (the server's)",
        m_kib: 19_456,
        t: 2,
        p: 1,
    },
    Argon2Set {
        source: "OWASP, one pass",
        m_kib: 47_104,
        t: 1,
        p: 1,
    },
    Argon2Set {
        source: "RFC 9106, second recommendation",
        m_kib: 65_536,
        t: 3,
        p: 4,
    },
];

/// The place of the server's parameters in [`SETS`].
pub const SERVER_SET: usize = 1;

/// The password of every member the benchmark writes.
pub const PASSWORD: &str = "correct horse battery";

/// The PHC string of `password` hashed at `set`, with a fixed salt (the salt's value costs
/// nothing either way).
///
/// # Errors
/// Parameters Argon2 refuses.
pub fn phc(set: &Argon2Set, password: &str) -> Result<String, BenchError> {
    let salt = SaltString::encode_b64(b"snakes-bench-16b")
        .map_err(|e| fail(format!("a 16-byte salt: {e}")))?;
    set.hasher()?
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| fail(format!("Argon2id {}: {e}", set.label())))
}

/// What one hash costs at a set of parameters, on one thread.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HashCost {
    /// The parameters.
    pub set: Argon2Set,
    /// Hashes timed.
    pub hashes: usize,
    /// Median time of one, milliseconds.
    pub median_ms: f64,
    /// The quickest, milliseconds.
    pub min_ms: f64,
    /// Memory one hash holds while it runs, MiB.
    pub mib: f64,
}

/// Times hashes of [`PASSWORD`] at `set` on this thread, one after the other, a new salt's
/// worth of work each (the memory allocated and filled each time, as the server's are), for
/// at least `at_least` and 5 hashes (at most 200).
///
/// # Errors
/// Parameters Argon2 refuses.
pub fn hash_cost(set: &Argon2Set, at_least: Duration) -> Result<HashCost, BenchError> {
    let hasher = set.hasher()?;
    let salt = SaltString::encode_b64(b"snakes-bench-16b")
        .map_err(|e| fail(format!("a 16-byte salt: {e}")))?;
    // One first, not timed: the allocator's first taking of that much memory.
    hasher
        .hash_password(PASSWORD.as_bytes(), &salt)
        .map_err(|e| fail(e.to_string()))?;
    let started = Instant::now();
    let mut times = Vec::new();
    while times.len() < 200 && (times.len() < 5 || started.elapsed() < at_least) {
        let t0 = Instant::now();
        let hash = hasher
            .hash_password(PASSWORD.as_bytes(), &salt)
            .map_err(|e| fail(e.to_string()))?;
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        std::hint::black_box(hash);
    }
    times.sort_by(f64::total_cmp);
    Ok(HashCost {
        set: *set,
        hashes: times.len(),
        median_ms: quantile(&times, 0.5),
        min_ms: times[0],
        mib: set.mib(),
    })
}

/// The `q` quantile of sorted `values` (the nearest rank); NaN when there are none.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize]
}

/// The `i`th word of the benchmark's names: three syllables or more of a consonant and a vowel
/// ("Bababa", "Bebaba", ...; 343,000 of three), the first letter a capital. No digits: a name
/// holding a number is refused (it would be heard as a square).
pub fn word(i: u64) -> String {
    const CONSONANTS: &[u8] = b"bdfgklmnprstvz";
    const VOWELS: &[u8] = b"aeiou";
    let syllables = (CONSONANTS.len() * VOWELS.len()) as u64;
    let mut word = String::new();
    let mut rest = i;
    while word.len() < 6 || rest > 0 {
        let s = (rest % syllables) as usize;
        rest /= syllables;
        word.push(char::from(CONSONANTS[s / VOWELS.len()]));
        word.push(char::from(VOWELS[s % VOWELS.len()]));
    }
    word[..1].to_uppercase() + &word[1..]
}

/// The names the benchmark goes by: `prefix` and a [`word`] of its own each (`"Guest
/// Bababa"`, `"Guest Bebaba"`, ...), or the words alone for an empty `prefix`, as many as
/// `n` and a little over (those the server would refuse are passed over).
pub fn names(prefix: &str, n: usize) -> impl Iterator<Item = String> + '_ {
    (0..2 * n as u64 + 1000).map(move |i| {
        if prefix.is_empty() {
            word(i)
        } else {
            format!("{prefix} {}", word(i))
        }
    })
}

/// `n` of [`names`] the server takes.
///
/// # Errors
/// When fewer are (the prefix is a word of the game in some language: "Member", "Nobody").
pub fn accepted_names(prefix: &str, n: usize) -> Result<Vec<String>, BenchError> {
    let names: Vec<String> = names(prefix, n).filter(|n| accepted(n)).take(n).collect();
    if names.len() < n {
        return Err(fail(format!("the server refuses names of {prefix:?}")));
    }
    Ok(names)
}

/// Now, milliseconds since the Unix epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Whether the server takes `name` as a seat's (and so as a member's).
pub fn accepted(name: &str) -> bool {
    keyed(name).is_some_and(|(stored, _)| stored == name)
}

/// A name as the server stores it and its keys, or none for a name the server refuses (as a
/// seat's name: in every language it is heard in).
fn keyed(name: &str) -> Option<(String, NameKeys)> {
    let name = check_name(name).ok()?;
    check_heard_everywhere(&name).ok()?;
    let keys = NameKeys::of(&name);
    Some((name, keys))
}

/// Writes `n` members into the SQLite store at `db` (made by the server, which is not running),
/// in one transaction, taking their names from `names` (a name sharing a key with a member's is
/// passed over, as the server's unique indexes refuse it), each with the password hash `phc`;
/// the write-ahead log is then copied into the file and emptied. Returns the names written.
///
/// # Errors
/// When the file cannot be written.
pub fn fill_sqlite(
    db: &Path,
    names: impl Iterator<Item = String>,
    n: usize,
    phc: &str,
) -> Result<Vec<String>, BenchError> {
    let sql = |e: rusqlite::Error| fail(format!("{}: {e}", db.display()));
    let mut conn = rusqlite::Connection::open(db).map_err(sql)?;
    conn.busy_timeout(Duration::from_secs(30)).map_err(sql)?;
    let at = now_ms();
    let mut written = Vec::with_capacity(n);
    let tx = conn.transaction().map_err(sql)?;
    {
        let mut insert = tx
            .prepare(
                "INSERT INTO members (name, looks, letters, plain, password, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
            )
            .map_err(sql)?;
        for candidate in names {
            if written.len() == n {
                break;
            }
            let Some((name, keys)) = keyed(&candidate) else {
                continue;
            };
            let added = insert
                .execute(rusqlite::params![
                    name,
                    keys.looks,
                    keys.letters,
                    keys.plain,
                    phc,
                    at
                ])
                .map_err(sql)?;
            if added == 1 {
                written.push(name);
            }
        }
    }
    if written.len() < n {
        return Err(fail(format!(
            "only {} of {n} names could be written",
            written.len()
        )));
    }
    tx.commit().map_err(sql)?;
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .map_err(sql)?;
    Ok(written)
}

/// A connection to the PostgreSQL database at `url`.
async fn postgres(url: &str) -> Result<tokio_postgres::Client, BenchError> {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .map_err(|e| fail(format!("PostgreSQL: {e}")))?;
    tokio::spawn(conn);
    Ok(client)
}

fn pg(e: tokio_postgres::Error) -> BenchError {
    fail(format!("PostgreSQL: {e}"))
}

/// As [`fill_sqlite`], into the PostgreSQL database at `url`, 10,000 members a statement.
///
/// # Errors
/// When the database cannot be reached or written.
pub async fn fill_postgres(
    url: &str,
    names: impl Iterator<Item = String>,
    n: usize,
    phc: &str,
) -> Result<Vec<String>, BenchError> {
    let mut client = postgres(url).await?;
    let tx = client.transaction().await.map_err(pg)?;
    let insert = tx
        .prepare(
            "INSERT INTO members (name, looks, letters, plain, password, created_at)
             SELECT name, looks, letters, plain, $5, $6
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
                  AS m(name, looks, letters, plain)
             ON CONFLICT DO NOTHING RETURNING name",
        )
        .await
        .map_err(pg)?;
    let at = now_ms();
    let mut written = Vec::with_capacity(n);
    let mut names = names.filter_map(|candidate| keyed(&candidate));
    while written.len() < n {
        let batch: Vec<(String, NameKeys)> = names
            .by_ref()
            .take((n - written.len()).min(10_000))
            .collect();
        if batch.is_empty() {
            break;
        }
        let column = |f: fn(&(String, NameKeys)) -> &String| -> Vec<&String> {
            batch.iter().map(f).collect()
        };
        let (names, looks, letters, plain) = (
            column(|m| &m.0),
            column(|m| &m.1.looks),
            column(|m| &m.1.letters),
            column(|m| &m.1.plain),
        );
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 6] =
            [&names, &looks, &letters, &plain, &phc, &at];
        let rows = tx.query(&insert, &params).await.map_err(pg)?;
        written.extend(rows.iter().map(|r| r.get::<_, String>(0)));
    }
    if written.len() < n {
        return Err(fail(format!(
            "only {} of {n} names could be written",
            written.len()
        )));
    }
    tx.commit().await.map_err(pg)?;
    Ok(written)
}

/// How many members the PostgreSQL database at `url` holds.
///
/// # Errors
/// When it cannot be read (or has no table of members yet).
pub async fn postgres_members(url: &str) -> Result<u64, BenchError> {
    let client = postgres(url).await?;
    let n: i64 = client
        .query_one("SELECT count(*) FROM members", &[])
        .await
        .map_err(pg)?
        .get(0);
    Ok(n as u64)
}

/// The bytes the table of members takes in the PostgreSQL database at `url`, its indexes and
/// its TOAST included (after a `VACUUM ANALYZE` of it, as the database would do by itself).
///
/// # Errors
/// When it cannot be read.
pub async fn postgres_members_bytes(url: &str) -> Result<u64, BenchError> {
    let client = postgres(url).await?;
    client
        .batch_execute("VACUUM ANALYZE members")
        .await
        .map_err(pg)?;
    let n: i64 = client
        .query_one("SELECT pg_total_relation_size('members')", &[])
        .await
        .map_err(pg)?
        .get(0);
    Ok(n as u64)
}

/// Empties the table of members of the PostgreSQL database at `url`, and those that refer to
/// it (the members' sessions, blocks and tables: what deleting every member would delete),
/// giving their space back.
///
/// # Errors
/// When it cannot be written.
pub async fn delete_postgres_members(url: &str) -> Result<(), BenchError> {
    let client = postgres(url).await?;
    client
        .batch_execute("TRUNCATE members CASCADE")
        .await
        .map_err(pg)
}

/// Signs `name` in with `password` from `source`, on a connection of its own: what the server
/// answered ("HTTP 200", "HTTP 401 bad_sign_in", "no answer") and how long it took, from the connection
/// to the answer's end.
pub async fn sign_in(
    addr: SocketAddr,
    source: Ipv4Addr,
    name: &str,
    password: &str,
) -> (String, Duration) {
    let body = json!({"name": name, "password": password}).to_string();
    let request = format!(
        "POST /api/account/sign-in HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let started = Instant::now();
    let answer = async {
        let mut tcp = connect_from(source, addr).await.ok()?;
        tcp.write_all(request.as_bytes()).await.ok()?;
        let mut raw = Vec::new();
        tokio::time::timeout(Duration::from_secs(60), tcp.read_to_end(&mut raw))
            .await
            .ok()?
            .ok()?;
        Some(raw)
    };
    let raw = answer.await;
    let took = started.elapsed();
    let Some(raw) = raw else {
        return ("no answer".into(), took);
    };
    let text = String::from_utf8_lossy(&raw);
    let status = text.get(9..12).unwrap_or("???");
    let code = (status != "200")
        .then(|| text.split("\"code\":\"").nth(1))
        .flatten()
        .and_then(|rest| rest.split('"').next());
    match code {
        Some(code) => (format!("HTTP {status} {code}"), took),
        None => (format!("HTTP {status}"), took),
    }
}

/// What many sign-ins at once came to.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Burst {
    /// Sign-ins answered 200.
    pub signed_in: u64,
    /// Every answer, counted ("HTTP 200", "HTTP 429 too_many_sign_ins").
    pub answers: String,
    /// From the first request to the last answer, seconds.
    pub secs: f64,
    /// Sign-ins answered 200 a second.
    pub per_sec: f64,
    /// Median time of a sign-in, from its connection to its answer (waiting its turn for a
    /// core included), milliseconds.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
}

/// `clients` clients signing in one after the other each, for `secs` (a request started
/// before then is waited for), to `accounts` in turn with [`PASSWORD`], the `i`th request from
/// `address(i)`.
pub async fn sign_in_burst(
    addr: SocketAddr,
    accounts: &[String],
    clients: usize,
    secs: Duration,
    address: impl Fn(usize) -> Ipv4Addr + Send + Sync + 'static,
) -> Burst {
    let accounts = Arc::new(accounts.to_vec());
    let address = Arc::new(address);
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let until = started + secs;
    let runs: Vec<_> = (0..clients)
        .map(|_| {
            let (accounts, address, next) = (accounts.clone(), address.clone(), next.clone());
            tokio::spawn(async move {
                let mut got = Vec::new();
                while Instant::now() < until {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let name = &accounts[i % accounts.len()];
                    got.push(sign_in(addr, address(i), name, PASSWORD).await);
                }
                got
            })
        })
        .collect();
    let mut tally = Tally::default();
    let mut times = Vec::new();
    for run in runs {
        for (answer, took) in run.await.unwrap_or_default() {
            if answer == "HTTP 200" {
                times.push(took.as_secs_f64() * 1000.0);
            }
            tally.add(answer);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let signed_in = tally.count("HTTP 200");
    Burst {
        signed_in,
        answers: tally.say(),
        secs,
        per_sec: signed_in as f64 / secs,
        p50_ms: quantile(&times, 0.5),
        p99_ms: quantile(&times, 0.99),
    }
}

/// Sends `set_name` with each of `names` in turn over one WebSocket, each once the answer to
/// the one before has come: the answers, counted ("named", "refused name_held"), and the time
/// of each, milliseconds, in the order sent.
///
/// # Errors
/// When the server cannot be reached or closes the connection.
pub async fn set_names(
    addr: SocketAddr,
    names: &[String],
) -> Result<(Tally, Vec<f64>), BenchError> {
    let mut ws = crate::connect(addr, None).await?;
    let mut tally = Tally::default();
    let mut times = Vec::with_capacity(names.len());
    for name in names {
        let started = Instant::now();
        let message = json!({"type": "set_name", "name": name}).to_string();
        ws.send(Message::text(message))
            .await
            .map_err(|e| fail(format!("send: {e}")))?;
        let answer = loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str()).unwrap_or_default();
                    match v["type"].as_str() {
                        Some("named") => break "named".to_string(),
                        Some("refused") => {
                            break format!("refused {}", v["code"].as_str().unwrap_or("?"));
                        }
                        _ => {}
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(fail(format!("receive: {e}"))),
                None => return Err(fail("the server closed the connection")),
            }
        };
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        tally.add(answer);
    }
    let _ = ws.close(None).await;
    Ok((tally, times))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_set_is_argon2s_default_which_the_server_hashes_with() {
        let set = SETS[SERVER_SET];
        assert_eq!(set.m_kib, Params::DEFAULT_M_COST);
        assert_eq!(set.t, Params::DEFAULT_T_COST);
        assert_eq!(set.p, Params::DEFAULT_P_COST);
        assert_eq!(set.label(), "m=19456 t=2 p=1");
        assert_eq!(set.mib(), 19.0);
    }

    #[test]
    fn a_hash_is_written_with_its_parameters_and_every_set_is_one_argon2_takes() {
        for set in &SETS {
            let cheap = Argon2Set {
                m_kib: 8 * set.p,
                t: 1,
                ..*set
            };
            let phc = phc(&cheap, PASSWORD).expect("a hash");
            assert!(
                phc.starts_with(&format!("$argon2id$v=19$m={},t=1,p={}$", 8 * set.p, set.p)),
                "{phc}"
            );
            assert!(set.hasher().is_ok(), "{set:?}");
        }
    }

    #[test]
    fn the_members_names_are_names_the_server_takes_each_with_keys_of_its_own() {
        let mut seen: [std::collections::HashSet<String>; 3] = Default::default();
        assert_eq!(word(0), "Bababa");
        assert_eq!(word(1), "Bebaba");
        assert_eq!(word(5), "Dababa");
        assert_eq!(word(70 * 70 * 70), "Babababe");
        let words = accepted_names("", 2000).expect("names");
        assert!(accepted_names("Member", 10).is_err());
        for name in &words {
            let (stored, keys) = keyed(name).expect("a name");
            assert_eq!(&stored, name);
            for (seen, key) in seen.iter_mut().zip([keys.looks, keys.letters, keys.plain]) {
                assert!(seen.insert(key), "{name}");
            }
        }
        assert_eq!(quantile(&[1.0, 2.0, 3.0], 0.5), 2.0);
        assert!(quantile(&[], 0.5).is_nan());
    }
}
