//! For tests: a PostgreSQL database of their own, in the throwaway cluster that
//! `scripts/test-postgres` starts (at `$SNAKES_TEST_POSTGRES` when that is set, as
//! `scripts/test` does). Shared by the store's unit tests and, through `#[path]`, the
//! integration tests.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The cluster's administration address: `$SNAKES_TEST_POSTGRES`, or the one
/// `scripts/test-postgres url` starts (or finds running).
pub fn cluster() -> String {
    if let Ok(url) = std::env::var("SNAKES_TEST_POSTGRES")
        && !url.is_empty()
    {
        return url;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/test-postgres");
    let out = std::process::Command::new(script)
        .arg("url")
        .output()
        .unwrap_or_else(|e| panic!("{script}: {e}"));
    assert!(
        out.status.success(),
        "{script} url: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// A new, empty database named after `name` (and this process, and a count), dropped first if
/// an earlier run left one; its address.
pub async fn fresh(name: &str) -> String {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let admin = cluster();
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    let db = format!("t_{clean}_{}_{n}", std::process::id());
    let (client, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| panic!("{admin}: {e}"));
    let task = tokio::spawn(conn);
    // One statement each: neither may run in a transaction.
    for sql in [
        format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"),
        format!("CREATE DATABASE {db}"),
    ] {
        client
            .batch_execute(&sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
    drop(client);
    let _ = task.await;
    match admin.rsplit_once('/') {
        Some((base, _)) => format!("{base}/{db}"),
        None => panic!("{admin} names no database"),
    }
}
