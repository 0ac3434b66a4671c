//! TLS to PostgreSQL: a PostgreSQL of the test's own that takes TLS connections only (its
//! pg_hba refuses any other over TCP), with a certificate made here. `sslmode` and
//! `sslrootcert` as libpq reads them: verify-full with the right authority connects, and every
//! connection of a server playing a game is encrypted; the wrong authority, or no TLS, is
//! refused by `snakes serve --check-config` with the reason.

use std::process::Command;

use snakes_faults::{Scratch, pg::Pg, players, servers};

/// `snakes serve --check-config --db DB`: its exit status and its output.
fn check(db: &str) -> (bool, String) {
    let out = Command::new(servers::binary())
        .args(["serve", "--check-config", "--db", db])
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .output()
        .unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn a_server_reaches_postgresql_over_tls_verified_as_libpq_would() {
    let dir = Scratch::new("tls");
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let other = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let ca = dir.path().join("ca.pem");
    let wrong = dir.path().join("wrong.pem");
    std::fs::write(&ca, made.cert.pem()).unwrap();
    std::fs::write(&wrong, other.cert.pem()).unwrap();
    let pg = Pg::start_tls(
        &dir.path().join("pg"),
        &made.cert.pem(),
        &made.signing_key.serialize_pem(),
    );
    let port = pg.port().unwrap();
    let url = |query: &str| format!("postgres://postgres@localhost:{port}/postgres?{query}");

    let (ok, said) = check(&url(&format!(
        "sslmode=verify-full&sslrootcert={}",
        ca.display()
    )));
    assert!(ok, "{said}");
    assert!(
        said.contains(&format!("answers at localhost:{port}")),
        "{said}"
    );
    assert!(said.contains("over TLS"), "{said}");
    let (ok, said) = check(&url("sslmode=require"));
    assert!(ok && said.contains("over TLS"), "{said}");
    // Another authority's certificate is not the database's.
    let (ok, said) = check(&url(&format!(
        "sslmode=verify-full&sslrootcert={}",
        wrong.display()
    )));
    assert!(!ok, "{said}");
    assert!(said.contains("TLS"), "{said}");
    // The database takes no connection without TLS.
    let (ok, said) = check(&url("sslmode=disable"));
    assert!(!ok, "{said}");
    assert!(said.contains("no encryption"), "{said}");

    // A server on it: a game made, and every one of its connections encrypted.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        pg.create_db("snakes").await;
        let db = format!(
            "postgres://postgres@localhost:{port}/snakes?sslmode=verify-full&sslrootcert={}",
            ca.display()
        );
        let mut server = servers::Server::new(
            db,
            "http://127.0.0.1:1".into(),
            dir.path().join("server.log"),
            servers::Settings {
                lease_ms: 2000,
                beat_ms: 2000,
                bot_delay_ms: 0,
            },
        );
        let at = server.start();
        let (table, _) = players::create(&format!("http://127.0.0.1:{at}"), "Ana").await;
        assert!(table > 0);
        let sql = pg.client("snakes").await;
        let rows = sql
            .query(
                "SELECT s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s ON s.pid = a.pid
                 WHERE a.application_name = 'snakes' AND a.datname = 'snakes'",
                &[],
            )
            .await
            .unwrap();
        assert!(!rows.is_empty(), "the server's connections");
        assert!(
            rows.iter().all(|r| r.get::<_, bool>(0)),
            "every connection of the server's is encrypted"
        );
        assert!(!server.log().contains("secret"));
        server.kill();
    });
}
