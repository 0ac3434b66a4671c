//! `snakes-bench --members`: what member accounts cost the server, in three parts, each
//! against fresh `snakes serve` processes.
//!
//! 1. One Argon2id hash at each set of parameters of [`m::SETS`], timed on one thread, here.
//! 2. Sign-ins to a server on a fresh SQLite file, one server per set of parameters, its
//!    members' passwords hashed at that set (the server checks a password at the parameters
//!    written in its hash, so one server binary measures every set): [`CLIENTS`] requests at
//!    once for `--members-secs`, the server's peak memory meanwhile; then, at the server's own
//!    parameters, sign-ins one at a time with the right password, a wrong one and a name
//!    nobody has.
//! 3. A server whose store holds no members, then one whose store holds `--members-count`,
//!    each started on its store once the members are written: `set_name` one at a time over a
//!    WebSocket (a name nobody holds, then a member's), sign-ins one at a time, the store's
//!    size, the server's memory. On SQLite, then on the PostgreSQL database of `--db` when it
//!    is given.

use std::io::Write;
use std::net::Ipv4Addr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use snakes_bench::crowd::Tally;
use snakes_bench::members::{self as m, Argon2Set, Burst, HashCost, quantile};
use snakes_text::board_text;

use super::{Args, Server, snakes_binary};
use crate::{fig, say, user_error};

/// Sign-ins sent at once to the server of each set: more than its cores, so that its hashing
/// never waits for a request.
const CLIENTS: usize = 8;
/// How long the hashes of each set are timed, here.
const HASHING: Duration = Duration::from_secs(2);
/// Members of each sign-in server: the first 500 signed in to many at once, round and round
/// (each at most 5 times a minute), the others one at a time.
const ACCOUNTS: usize = 600;
/// Tries of each kind one at a time.
const ONE_AT_A_TIME: usize = 50;
/// `set_name` messages timed, of each kind, after as many untimed to warm the server up.
const SET_NAMES: usize = 2000;
const WARM_UP: usize = 200;
/// Sign-ins one at a time to a server with many members.
const STORE_SIGN_INS: usize = 50;

/// The servers' settings beyond the defaults: messages and HTTP requests a second out of the
/// way (the tries to sign in keep their limits, which the benchmark spreads its tries under).
const SERVER_ARGS: &[&str] = &["--rate", "1000000", "--http-rate", "1000000"];

/// The `i`th address of `network`, a network and a /24 further every 250 (127.0.`network`.1
/// onwards).
fn address(network: usize, i: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, (network + i / 250) as u8, 1 + (i % 250) as u8)
}

/// The environment of the last server of sign-ins: glibc's `M_MMAP_THRESHOLD` fixed at its
/// first value, 128 KiB. Unset, glibc raises the threshold to the size of each mapped block
/// freed (up to 32 MiB), so that after the first hash the next ones of less than 32 MiB come
/// from its arenas, which keep that memory.
const FIXED_THRESHOLD: (&str, &str) = ("MALLOC_MMAP_THRESHOLD_", "131072");

/// The sign-ins to the server of one set of parameters.
#[derive(serde::Serialize)]
struct SignIns {
    set: Argon2Set,
    /// A variable set in the server's environment ([`FIXED_THRESHOLD`]), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    server_env: Option<String>,
    #[serde(flatten)]
    burst: Burst,
    /// Resident memory of the server before the sign-ins, MiB.
    rss_before_mib: f64,
    /// Its peak during them, MiB.
    peak_mib: f64,
    /// CPU seconds the server used until the end of the sign-ins, its start included.
    server_cpu_secs: f64,
    /// The server's threads after them (the runtime's, and the blocking threads that hashed,
    /// each kept 10 s once idle).
    threads: u64,
}

/// Sign-ins one at a time at the server's parameters.
#[derive(serde::Serialize)]
struct OneAtATime {
    /// Tries of each kind.
    tries: usize,
    right_p50_ms: f64,
    wrong_password_p50_ms: f64,
    wrong_name_p50_ms: f64,
    /// The first try with a name nobody has since the server started.
    first_wrong_name_ms: f64,
    /// Every answer, counted.
    answers: String,
}

/// A server with `members` members in its store.
#[derive(serde::Serialize)]
struct Store {
    /// "SQLite" or "PostgreSQL".
    store: &'static str,
    members: usize,
    /// How long writing the members took, seconds.
    fill_secs: f64,
    /// The SQLite file (its write-ahead log emptied), or PostgreSQL's table of members with
    /// its indexes, bytes.
    bytes: u64,
    free_name_p50_ms: f64,
    free_name_p99_ms: f64,
    free_name_answers: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    held_name_p50_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    held_name_p99_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    held_name_answers: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sign_in_p50_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sign_in_p99_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sign_in_answers: Option<String>,
    /// Resident memory of the server a second after it started, MiB.
    rss_start_mib: f64,
    /// After the `set_name` messages (before any sign-in).
    rss_names_mib: f64,
    /// At the end.
    rss_end_mib: f64,
    /// Its peak.
    peak_mib: f64,
    /// Its threads at the end.
    threads: u64,
}

#[derive(serde::Serialize)]
struct Report {
    hashes: Vec<HashCost>,
    sign_ins: Vec<SignIns>,
    one_at_a_time: OneAtATime,
    stores: Vec<Store>,
}

/// The threads of the server's process, from /proc.
fn threads(server: &Server) -> u64 {
    std::fs::read_to_string(format!("/proc/{}/status", server.child.id()))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

fn bench(e: snakes_bench::BenchError) -> anyhow::Error {
    anyhow::anyhow!(e.to_string())
}

/// A fresh server (named `name` for its SQLite file, or on the PostgreSQL database `db`) whose
/// store `fill` writes between a first start, which makes the store, and the start measured.
fn filled<T>(
    exe: &Path,
    name: &str,
    db: Option<&str>,
    env: &[(&str, &str)],
    fill: impl FnOnce(&Path) -> anyhow::Result<T>,
) -> anyhow::Result<(Server, T)> {
    let mut server = Server::spawn(exe, name, db, SERVER_ARGS)?;
    let filled = server.restart_with(exe, SERVER_ARGS, env, fill)?;
    Ok((server, filled))
}

/// Runs `snakes-bench --members`.
pub(super) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let exe = snakes_binary(args)?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let hashes = m::SETS
        .iter()
        .map(|set| m::hash_cost(set, HASHING))
        .collect::<Result<Vec<_>, _>>()
        .map_err(bench)?;
    let mut sign_ins = Vec::new();
    let mut one_at_a_time = None;
    // Each set, then the server's again with glibc's threshold for mapping a block of its own
    // fixed (each hash's memory then mapped and given back whole).
    let runs = (m::SETS.iter().map(|set| (set, None)))
        .chain([(&m::SETS[m::SERVER_SET], Some(FIXED_THRESHOLD))]);
    for (k, (set, env)) in runs.enumerate() {
        let phc = m::phc(set, m::PASSWORD).map_err(bench)?;
        let env: Vec<(&str, &str)> = env.into_iter().collect();
        let (server, accounts) = filled(&exe, &format!("sign-in-{k}"), None, &env, |db| {
            m::fill_sqlite(db, m::names("Signer", ACCOUNTS), ACCOUNTS, &phc).map_err(bench)
        })?;
        let rss_before_mib = server.memory().1;
        let burst = rt.block_on(m::sign_in_burst(
            server.addr,
            &accounts[..500],
            CLIENTS,
            Duration::from_secs(args.members_secs),
            |i| address(30, i / 10),
        ));
        let peak_mib = server.memory().0;
        let threads = threads(&server);
        let server_cpu_secs = server.cpu_secs();
        if k == m::SERVER_SET && env.is_empty() {
            let nobody = m::accepted_names("Stranger", ONE_AT_A_TIME + 1).map_err(bench)?;
            one_at_a_time =
                Some(rt.block_on(tries_one_at_a_time(server.addr, &accounts[500..], &nobody)));
        }
        sign_ins.push(SignIns {
            set: *set,
            server_env: env.first().map(|(k, v)| format!("{k}={v}")),
            burst,
            rss_before_mib,
            peak_mib,
            server_cpu_secs,
            threads,
        });
    }
    let one_at_a_time = one_at_a_time.ok_or_else(|| anyhow::anyhow!("no server's set"))?;
    let server_phc = m::phc(&m::SETS[m::SERVER_SET], m::PASSWORD).map_err(bench)?;
    let mut stores = Vec::new();
    for count in [0, args.members_count] {
        stores.push(store_run(&rt, &exe, None, count, &server_phc)?);
    }
    if let Some(url) = args.db.as_deref() {
        let result = [0, args.members_count]
            .into_iter()
            .map(|count| store_run(&rt, &exe, Some(url), count, &server_phc))
            .collect::<anyhow::Result<Vec<_>>>();
        // The members it wrote go, whatever happened (none were there before).
        rt.block_on(m::delete_postgres_members(url))
            .map_err(bench)?;
        stores.extend(result?);
    }
    let report = Report {
        hashes,
        sign_ins,
        one_at_a_time,
        stores,
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write_report(&mut out, &report, args.members_count, args.members_secs)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Sign-ins one at a time, in rounds of three: a name nobody has (of `nobody`), the right
/// password of one of `accounts`, a wrong password of another; the first, alone, the last of
/// `nobody` (the first name nobody has since the server started).
async fn tries_one_at_a_time(
    addr: std::net::SocketAddr,
    accounts: &[String],
    nobody: &[String],
) -> OneAtATime {
    let mut tally = Tally::default();
    let mut n = 0;
    let mut next = || {
        n += 1;
        address(60, n)
    };
    let (answer, first) = m::sign_in(addr, next(), &nobody[ONE_AT_A_TIME], m::PASSWORD).await;
    tally.add(answer);
    let (mut right, mut password, mut name) = (Vec::new(), Vec::new(), Vec::new());
    for k in 0..ONE_AT_A_TIME {
        let tries = [
            (nobody[k].clone(), m::PASSWORD, &mut name),
            (accounts[k].clone(), m::PASSWORD, &mut right),
            (
                accounts[ONE_AT_A_TIME + k].clone(),
                "wrong password",
                &mut password,
            ),
        ];
        for (who, pass, times) in tries {
            let (answer, took) = m::sign_in(addr, next(), &who, pass).await;
            tally.add(answer);
            times.push(took.as_secs_f64() * 1000.0);
        }
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        quantile(&v, 0.5)
    };
    OneAtATime {
        tries: ONE_AT_A_TIME,
        right_p50_ms: median(right),
        wrong_password_p50_ms: median(password),
        wrong_name_p50_ms: median(name),
        first_wrong_name_ms: first.as_secs_f64() * 1000.0,
        answers: tally.say(),
    }
}

/// The store's size: the SQLite file and its write-ahead log, or PostgreSQL's table of members.
fn store_bytes(rt: &tokio::runtime::Runtime, db: &Path) -> anyhow::Result<u64> {
    let text = db.to_string_lossy();
    if text.starts_with("postgres") {
        return rt.block_on(m::postgres_members_bytes(&text)).map_err(bench);
    }
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
    Ok(size(db) + size(&PathBuf::from(wal)))
}

/// A server with `count` members (SQLite, or the PostgreSQL database `url`), measured.
fn store_run(
    rt: &tokio::runtime::Runtime,
    exe: &Path,
    url: Option<&str>,
    count: usize,
    phc: &str,
) -> anyhow::Result<Store> {
    let (server, (members, fill_secs, bytes)) =
        filled(exe, &format!("store-{count}"), url, &[], |db| {
            let started = Instant::now();
            let members = match url {
                None => m::fill_sqlite(db, m::names("", count), count, phc).map_err(bench)?,
                Some(url) => {
                    let there = rt.block_on(m::postgres_members(url)).map_err(bench)?;
                    if there > 0 && count == 0 {
                        return Err(user_error(say!(
                            "bench-members-db-not-empty",
                            url = url,
                            count = there
                        )));
                    }
                    rt.block_on(m::fill_postgres(url, m::names("", count), count, phc))
                        .map_err(bench)?
                }
            };
            let fill_secs = started.elapsed().as_secs_f64();
            Ok((members, fill_secs, store_bytes(rt, db)?))
        })?;
    std::thread::sleep(Duration::from_secs(1));
    let rss_start_mib = server.memory().1;
    // Names nobody holds, then members' names.
    let free = m::accepted_names("Guest", WARM_UP + SET_NAMES).map_err(bench)?;
    let (free_tally, free_times) = rt
        .block_on(m::set_names(server.addr, &free))
        .map_err(bench)?;
    let (free_p50, free_p99) = percentiles(&free_times[WARM_UP..]);
    // `n` members' names, from all over the store.
    let spread = |n: usize| -> Vec<String> {
        (0..n)
            .map(|i| members[i * members.len() / n].clone())
            .collect()
    };
    let mut held = None;
    if !members.is_empty() {
        let (tally, times) = rt
            .block_on(m::set_names(server.addr, &spread(SET_NAMES)))
            .map_err(bench)?;
        held = Some((percentiles(&times), tally.say()));
    }
    let rss_names_mib = server.memory().1;
    let mut signed = None;
    if !members.is_empty() {
        let mut tally = Tally::default();
        let mut times = Vec::new();
        for (i, name) in spread(STORE_SIGN_INS).iter().enumerate() {
            let (answer, took) =
                rt.block_on(m::sign_in(server.addr, address(70, i), name, m::PASSWORD));
            tally.add(answer);
            times.push(took.as_secs_f64() * 1000.0);
        }
        signed = Some((percentiles(&times), tally.say()));
    }
    let (peak_mib, rss_end_mib) = server.memory();
    Ok(Store {
        store: if url.is_some() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        members: members.len(),
        fill_secs,
        bytes,
        free_name_p50_ms: free_p50,
        free_name_p99_ms: free_p99,
        free_name_answers: free_tally.say(),
        held_name_p50_ms: held.as_ref().map(|h| h.0.0),
        held_name_p99_ms: held.as_ref().map(|h| h.0.1),
        held_name_answers: held.map(|h| h.1),
        sign_in_p50_ms: signed.as_ref().map(|s| s.0.0),
        sign_in_p99_ms: signed.as_ref().map(|s| s.0.1),
        sign_in_answers: signed.map(|s| s.1),
        rss_start_mib,
        rss_names_mib,
        rss_end_mib,
        peak_mib,
        threads: threads(&server),
    })
}

/// The median and the 99th percentile of `times`.
fn percentiles(times: &[f64]) -> (f64, f64) {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    (quantile(&sorted, 0.5), quantile(&sorted, 0.99))
}

/// A table: its headings (message ids of the catalogue) and its rows, each column as wide as
/// its widest cell, figures to the right.
fn table(out: &mut impl Write, head: &[&str], rows: &[Vec<String>]) -> std::io::Result<()> {
    let head: Vec<String> = head.iter().map(|id| say!(*id)).collect();
    let widths: Vec<usize> = (0..head.len())
        .map(|c| {
            std::iter::once(&head[c])
                .chain(rows.iter().map(|r| &r[c]))
                .map(|cell| board_text::width(cell))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        let cells: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            // The first column, words, to the left; the figures to the right.
            .map(|(c, (cell, width))| board_text::pad(cell, *width, c > 0))
            .collect();
        cells.join("  ").trim_end().to_string()
    };
    writeln!(out, "{}", line(&head))?;
    for row in rows {
        writeln!(out, "{}", line(row))?;
    }
    Ok(())
}

/// The parameters of `set`, "(the server's)" after them when they are.
fn set_label(set: &Argon2Set) -> String {
    if *set == m::SETS[m::SERVER_SET] {
        say!("bench-members-servers", set = set.label())
    } else {
        set.label()
    }
}

fn pair(p50: Option<f64>, p99: Option<f64>) -> String {
    match (p50, p99) {
        (Some(a), Some(b)) => format!("{} / {}", fig(a, 2), fig(b, 2)),
        _ => String::new(),
    }
}

fn write_report(out: &mut impl Write, r: &Report, count: usize, secs: u64) -> std::io::Result<()> {
    writeln!(out, "{}", say!("bench-members-hashes"))?;
    let rows: Vec<Vec<String>> = (r.hashes.iter())
        .map(|h| {
            vec![
                set_label(&h.set),
                fig(h.mib, 0),
                h.hashes.to_string(),
                fig(h.median_ms, 1),
                fig(h.min_ms, 1),
                fig(1000.0 / h.median_ms, 0),
            ]
        })
        .collect();
    table(
        out,
        &[
            "bench-members-parameters",
            "bench-members-mib",
            "bench-members-hashes-count",
            "bench-members-ms",
            "bench-members-ms-min",
            "bench-members-per-core",
        ],
        &rows,
    )?;
    writeln!(
        out,
        "\n{}",
        say!("bench-members-sign-ins", clients = CLIENTS, secs = secs)
    )?;
    let rows: Vec<Vec<String>> = (r.sign_ins.iter())
        .map(|s| {
            let label = match &s.server_env {
                Some(env) => format!("{} {env}", set_label(&s.set)),
                None => set_label(&s.set),
            };
            vec![
                label,
                s.burst.signed_in.to_string(),
                fig(s.burst.per_sec, 1),
                fig(s.burst.p50_ms, 1),
                fig(s.burst.p99_ms, 1),
                fig(s.rss_before_mib, 1),
                fig(s.peak_mib, 1),
                fig(s.server_cpu_secs, 1),
                s.threads.to_string(),
                s.burst.answers.clone(),
            ]
        })
        .collect();
    table(
        out,
        &[
            "bench-members-parameters",
            "bench-members-signed-in",
            "bench-members-per-sec",
            "bench-p50",
            "bench-p99",
            "bench-members-rss-before",
            "bench-peak",
            "bench-cpu",
            "bench-members-threads",
            "bench-members-answers",
        ],
        &rows,
    )?;
    let o = &r.one_at_a_time;
    writeln!(
        out,
        "\n{}\n    {}",
        say!(
            "bench-members-one-at-a-time",
            tries = o.tries,
            right = fig(o.right_p50_ms, 1),
            password = fig(o.wrong_password_p50_ms, 1),
            name = fig(o.wrong_name_p50_ms, 1),
            first = fig(o.first_wrong_name_ms, 1)
        ),
        o.answers
    )?;
    writeln!(out, "\n{}", say!("bench-members-stores", count = count))?;
    let rows: Vec<Vec<String>> = (r.stores.iter())
        .map(|s| {
            vec![
                s.store.to_string(),
                s.members.to_string(),
                fig(s.fill_secs, 1),
                fig(s.bytes as f64 / f64::from(1 << 20), 1),
                pair(Some(s.free_name_p50_ms), Some(s.free_name_p99_ms)),
                pair(s.held_name_p50_ms, s.held_name_p99_ms),
                pair(s.sign_in_p50_ms, s.sign_in_p99_ms),
                format!(
                    "{} / {} / {}",
                    fig(s.rss_start_mib, 1),
                    fig(s.rss_names_mib, 1),
                    fig(s.rss_end_mib, 1)
                ),
                fig(s.peak_mib, 1),
                s.threads.to_string(),
            ]
        })
        .collect();
    table(
        out,
        &[
            "bench-members-store",
            "bench-members-count",
            "bench-members-fill",
            "bench-members-bytes",
            "bench-members-free",
            "bench-members-held",
            "bench-members-sign-in",
            "bench-members-rss",
            "bench-peak",
            "bench-members-threads",
        ],
        &rows,
    )?;
    for s in &r.stores {
        let answers: Vec<&str> = [
            Some(s.free_name_answers.as_str()),
            s.held_name_answers.as_deref(),
            s.sign_in_answers.as_deref(),
        ]
        .into_iter()
        .flatten()
        .collect();
        writeln!(out, "    {} {}: {}", s.store, s.members, answers.join("; "))?;
    }
    Ok(())
}
