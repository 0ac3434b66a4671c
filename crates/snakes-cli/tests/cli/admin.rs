//! `snakes admin` on a real database file: a moderator granted (the key printed once, never
//! stored), listed, granted again (a new key), logged, revoked; a role, a name or a revoke that
//! makes no sense is refused with its reason.

use super::{file, path, run_in, status};

/// The key `snakes admin grant` printed: `snk-mod-` and 64 hex digits.
fn key_in(out: &str) -> String {
    let key = out
        .split_whitespace()
        .find(|w| w.starts_with("snk-mod-"))
        .unwrap_or_else(|| panic!("no key in {out}"))
        .to_string();
    let hex = &key["snk-mod-".len()..];
    assert_eq!(hex.len(), 64, "{key}");
    assert!(
        hex.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f')),
        "{key}"
    );
    key
}

#[test]
fn admin_grants_lists_logs_and_revokes_a_moderator() {
    // An empty file is an empty database: the command makes its tables, as a server would.
    let db = file("admin.db", "");
    let db = path(&db);
    let admin = |args: &[&str]| {
        let mut all = vec!["admin"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--db", db]);
        status(&all, "")
    };

    let (code, out, err) = admin(&["list"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("there are no moderators"), "{out}");

    let (code, out, err) = admin(&["grant", "Ana", "moderator"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("shown only this once"), "{out}");
    assert!(out.contains("only its hash"), "{out}");
    let first = key_in(&out);
    let (code, out, _) = admin(&["grant", "ana", "moderator"]);
    assert_eq!(code, Some(0));
    let second = key_in(&out);
    assert_ne!(first, second, "granting again makes a new key");
    for suffix in ["", "-wal"] {
        let bytes = std::fs::read(format!("{db}{suffix}")).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        for key in [&first, &second] {
            assert!(!text.contains(key.as_str()), "a key is in the file{suffix}");
        }
    }

    let (code, out, _) = admin(&["list"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "a heading and one moderator: {out}");
    assert!(lines[0].starts_with("moderator"), "{out}");
    assert!(lines[1].starts_with("ana "), "as granted last: {out}");
    assert!(
        lines[1].contains(" 20") && lines[1].contains(':'),
        "when, in UTC: {out}"
    );

    let (code, out, _) = admin(&["log"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].contains("action"), "{out}");
    for line in &lines[1..] {
        assert!(
            line.contains("operator") && line.contains("granted moderator"),
            "{out}"
        );
    }
    assert!(
        lines[1].contains("ana") && lines[2].contains("Ana"),
        "newest first: {out}"
    );
    let (_, out, _) = admin(&["log", "--limit", "1"]);
    assert_eq!(out.lines().count(), 2, "{out}");

    let (code, out, err) = admin(&["revoke", "ANA", "moderator"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("ANA is no longer a moderator"), "{out}");
    let (code, out, err) = admin(&["revoke", "Ana", "moderator"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(err.contains("Ana is not a moderator"), "{err}");
    let (_, out, _) = admin(&["list"]);
    assert!(out.contains("there are no moderators"), "{out}");
    let (_, out, _) = admin(&["log"]);
    assert!(
        out.lines().nth(1).unwrap().contains("revoked moderator"),
        "{out}"
    );
}

#[test]
fn admin_refuses_an_unknown_role_and_a_bad_name() {
    let db = file("admin.db", "");
    let db = path(&db);
    let (code, out, err) = status(&["admin", "grant", "Ana", "admin", "--db", db], "");
    assert_eq!(code, Some(2), "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("admin is not a role") && err.contains("moderator"),
        "{err}"
    );
    let (code, _, err) = status(&["admin", "revoke", "Ana", "owner", "--db", db], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("owner"), "{err}");
    let (code, _, err) = status(&["admin", "grant", " ", "moderator", "--db", db], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot be empty"), "{err}");
    let long = "x".repeat(41);
    let (code, _, err) = status(&["admin", "grant", &long, "moderator", "--db", db], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("at most 40") && err.contains("41"), "{err}");
    // Nothing was granted, and the refusal is said in the language asked for.
    let (_, out, _) = status(&["admin", "list", "--db", db], "");
    assert!(out.contains("there are no moderators"), "{out}");
    let out = run_in(
        &["admin", "grant", "Ana", "admin", "--db", db, "--lang", "es"],
        &[],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("no es un rol") && err.contains("moderator"),
        "{err}"
    );
}
