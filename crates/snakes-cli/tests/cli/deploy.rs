//! docs/deploy.md, tried: its configuration file is read by `snakes serve --check-config`, and
//! its systemd units pass `systemd-analyze verify` where that command exists (with the
//! binary's path put in for `/usr/local/bin/snakes`).

use std::path::Path;
use std::process::Command;

use super::file;

/// The code blocks of docs/deploy.md whose first line names the file they are
/// (`# /etc/systemd/system/snakes.service`): `(file name, text)`.
fn named_blocks() -> Vec<(String, String)> {
    named_blocks_of("deploy.md")
}

/// The blocks of `docs/PAGE` whose first line names a file (`# /etc/snakes/snakes.toml`).
fn named_blocks_of(page: &str) -> Vec<(String, String)> {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../docs")
            .join(page),
    )
    .unwrap();
    let mut blocks = Vec::new();
    for block in doc.split("```").skip(1).step_by(2) {
        let mut lines = block.lines();
        let _language = lines.next();
        let Some(first) = lines.clone().next() else {
            continue;
        };
        if let Some(path) = first.strip_prefix("# /") {
            let path = path.split(' ').next().unwrap();
            let name = path.rsplit('/').next().unwrap().to_string();
            blocks.push((name, lines.collect::<Vec<_>>().join("\n") + "\n"));
        }
    }
    blocks
}

#[test]
fn the_configuration_of_the_deployment_guide_reads() {
    let blocks = named_blocks();
    let (_, toml) = blocks
        .iter()
        .find(|(name, _)| name == "snakes.toml")
        .expect("docs/deploy.md has /etc/snakes/snakes.toml");
    let path = file("snakes.toml", toml);
    // The guide's /var/lib/snakes is not on this machine: --check-config tries the database,
    // so the test's own stands in for it (the environment comes before the file).
    let db = path.with_file_name("snakes.db");
    let out = Command::new(env!("CARGO_BIN_EXE_snakes"))
        .args(["serve", "--check-config", "--config"])
        .arg(&path)
        .env("SNAKES_DB", &db)
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = String::from_utf8(out.stdout).unwrap();
    assert!(shown.contains("admin-bind = \"127.0.0.1:9090\""), "{shown}");
    assert!(
        shown.contains("trusted-proxy = [\"127.0.0.1/32\", \"::1/128\"]"),
        "{shown}"
    );
    assert!(
        shown.contains(&format!(
            "# checked: {} is not made yet; its directory can be written",
            db.display()
        )),
        "{shown}"
    );
}

#[test]
fn the_systemd_units_of_the_deployment_guide_verify() {
    let units: Vec<(String, String)> = named_blocks()
        .into_iter()
        .filter(|(name, _)| name.ends_with(".service") || name.ends_with(".timer"))
        .collect();
    let names: Vec<&str> = units.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "snakes.service",
            "snakes-backup.service",
            "snakes-backup.timer"
        ]
    );
    let dir = super::scratch();
    let binary = env!("CARGO_BIN_EXE_snakes");
    for (name, text) in &units {
        // The service's sandbox, as the guide says.
        if name == "snakes.service" {
            for option in [
                "DynamicUser=yes",
                "StateDirectory=",
                "ProtectSystem=strict",
                "NoNewPrivileges=yes",
                "PrivateTmp=yes",
                "SystemCallFilter=@system-service",
            ] {
                assert!(text.contains(option), "{name} lacks {option}");
            }
        }
        std::fs::write(
            dir.join(name),
            text.replace("/usr/local/bin/snakes", binary),
        )
        .unwrap();
    }
    let Ok(out) = Command::new("systemd-analyze")
        .args(["verify", "--man=no"])
        .args(units.iter().map(|(name, _)| dir.join(name)))
        .output()
    else {
        eprintln!("not run here: systemd-analyze is missing (Debian's systemd package has it)");
        return;
    };
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    // verify warns rather than fails on some mistakes: none is allowed.
    assert!(said.trim().is_empty(), "{said}");
}

/// The configuration of a server of several (docs/scale.md) reads, its values as the guide
/// says; the database is the test's own (the guide's is not on this machine), the password of
/// the guide's address never shown.
#[test]
fn the_configuration_of_a_server_of_several_reads() {
    let blocks = named_blocks_of("scale.md");
    let (_, toml) = blocks
        .iter()
        .find(|(name, _)| name == "snakes-1.toml")
        .expect("docs/scale.md has /etc/snakes/snakes-1.toml");
    let path = file("snakes-1.toml", toml);
    let shown = |env: &[(&str, &std::path::Path)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_snakes"));
        command
            .args(["serve", "--check-config", "--config"])
            .arg(&path)
            .env_remove("LC_ALL")
            .env_remove("LANG");
        for (k, v) in env {
            command.env(k, v);
        }
        command.output().unwrap()
    };
    // As written: every value reads, the password is not shown, and the database (not on this
    // machine) is said to be out of reach.
    let out = shown(&[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "db = \"postgres://snakes:***@db.example.org/snakes?sslmode=verify-full&sslrootcert=/etc/snakes/db-ca.pem\""
        ),
        "{text}"
    );
    assert!(
        text.contains("public-url = \"https://games.example.org/s1\""),
        "{text}"
    );
    assert!(
        text.contains("trusted-proxy = [\"127.0.0.1/32\"]"),
        "{text}"
    );
    assert!(!text.contains("PASSWORD"), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the database postgres://snakes:***@db.example.org"),
        "{err}"
    );
    assert!(!err.contains("PASSWORD"), "{err}");
}
