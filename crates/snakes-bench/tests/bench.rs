//! `snakes-bench` as a person runs it: its refusals, in words from the catalogue, before it
//! starts anything. (Its figures are BENCHMARKS.md's, measured, not a test's.)

use std::process::{Command, Output};

use snakes_text::{PSEUDO_CLOSE, PSEUDO_OPEN};

fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_snakes-bench"));
    cmd.args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    for (name, value) in env {
        cmd.env(name, value);
    }
    cmd.output().expect("snakes-bench runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_language_without_messages_is_refused_before_anything_starts() {
    let out = run(&["--locales", "ko,xx", "--tables", "1"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: --locales: no messages in the language \"xx\"; the languages are en (English), \
         es (Español), ko (한국어), zh-CN (简体中文)\n"
    );
    assert_eq!(text(&out.stdout), "");
    let out = run(&["--lang", "xx"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: --lang: no messages in the language \"xx\""));
}

#[test]
fn without_a_snakes_binary_it_says_where_it_looked_and_how_to_get_one() {
    let out = run(&["--server", "/nowhere/snakes", "--tables", "1"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: no snakes binary at /nowhere/snakes: build it with `cargo build --release`, or \
         name one with --server\n"
    );
    let out = run(
        &["--server", "/nowhere/snakes", "--tables", "1"],
        &[("LANG", "es_ES.UTF-8")],
    );
    assert!(
        text(&out.stderr).starts_with("error: no hay ningún binario snakes en /nowhere/snakes"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn every_refusal_speaks_from_the_catalogue() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["--players", "1"], &["1"]),
        (&["--tables", "0"], &[]),
        (&["--abuse", "--attack", "nope"], &["nope"]),
        (&["--server", "/nowhere/snakes"], &["/nowhere/snakes"]),
        (&["--locales", "xx"], &["--locales", "xx"]),
    ];
    for (args, data) in cases {
        let out = run(args, &[("LC_ALL", "en_XA")]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.starts_with(PSEUDO_OPEN), "{args:?}: {err}");
        // What is left outside the catalogue's marks: the data the messages quote.
        let mut depth = 0;
        let mut outside = String::new();
        for c in err.chars() {
            match c {
                PSEUDO_OPEN => depth += 1,
                PSEUDO_CLOSE => depth -= 1,
                c if depth == 0 => outside.push(c),
                _ => {}
            }
        }
        let mut left = outside;
        for word in *data {
            left = left.replace(word, "");
        }
        assert!(
            !left.chars().any(char::is_alphanumeric),
            "{args:?}: {left:?} in {err}"
        );
    }
}

#[test]
fn its_help_shows_how_to_run_it() {
    let out = run(&["--help"], &[]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    let examples = help.split("Examples:\n").nth(1).unwrap_or_default();
    assert!(examples.contains("snakes-bench --tables 100"), "{help}");
    assert!(examples.contains("snakes-bench --members"), "{help}");
    assert!(help.contains("--members-count <MEMBERS_COUNT>"), "{help}");
    assert!(help.contains("--server <PATH>"), "{help}");
}
