//! `snakes serve`'s configuration: a TOML file, `SNAKES_*` variables and flags, later winning;
//! `--check-config` shows the result and where each value came from; a bad value is one
//! sentence naming the key and its place, and exit status 2.

use std::process::{Command, Output, Stdio};

use super::file;

/// `snakes serve args` with the variables `env` (and no other `SNAKES_*` nor locale).
fn serve(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_snakes"));
    command.arg("serve").args(args);
    for (name, _) in std::env::vars() {
        if name.starts_with("SNAKES_") || name.starts_with("LC_") || name == "LANG" {
            command.env_remove(name);
        }
    }
    command
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn check_config_shows_every_key_its_value_and_where_it_came_from() {
    let toml = file(
        "snakes.toml",
        "# the community's server\nmax-tables = 50\nrate = 5\ntrusted-proxy = [\"10.0.0.0/8\"]\n",
    );
    let path = toml.to_str().unwrap();
    let out = serve(
        &["--config", path, "--check-config", "--rate", "8"],
        &[
            ("SNAKES_RATE", "6"),
            ("SNAKES_GRACE_SECS", "45"),
            ("SNAKES_BIN", "x"),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let line = |key: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{key} =")) || l.starts_with(&format!("# {key} =")))
            .unwrap_or_else(|| panic!("no {key} in\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        line("max-tables"),
        format!("max-tables = 50 # {path}, line 2")
    );
    assert_eq!(line("rate"), "rate = 8 # the command line");
    assert_eq!(
        line("grace-secs"),
        "grace-secs = 45 # the environment variable SNAKES_GRACE_SECS"
    );
    assert_eq!(
        line("trusted-proxy"),
        format!("trusted-proxy = [\"10.0.0.0/8\"] # {path}, line 4")
    );
    assert_eq!(line("bind"), "bind = \"127.0.0.1:8080\" # default");
    assert_eq!(line("tls-cert"), "# tls-cert = # default");
    // Every key of --help is there.
    let help = Command::new(env!("CARGO_BIN_EXE_snakes"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let flags: Vec<&str> = help
        .split_whitespace()
        .filter_map(|w| w.strip_prefix("--"))
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !w.is_empty())
        .filter(|w| !["config", "check-config", "help", "lang"].contains(w))
        .collect();
    assert!(flags.len() > 20, "{flags:?}");
    for flag in flags {
        line(flag);
    }
}

#[test]
fn a_bad_value_is_named_with_its_place_and_nothing_starts() {
    let toml = file("bad.toml", "max-tables = 50\nidle-mins = \"soon\"\n");
    let path = toml.to_str().unwrap();
    for check in [true, false] {
        let mut args = vec![
            "--config",
            path,
            "--trusted-proxy",
            "10.0.0.1/8",
            "--bind",
            "127.0.0.1:0",
        ];
        if check {
            args.push("--check-config");
        }
        let out = serve(&args, &[("SNAKES_SYNC", "sometimes")]);
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty(), "nothing is served nor shown");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            format!(
                "error: {path}, line 2: idle-mins must be a whole number, not \"soon\"\n\
                 error: the environment variable SNAKES_SYNC: sync must be one of normal, full, not \"sometimes\"\n\
                 error: the command line: trusted-proxy must be an address or a network such as 10.0.0.0/8 (its bits after the prefix zero), not \"10.0.0.1/8\"\n"
            )
        );
    }
    // In the language asked for.
    let out = serve(&["--max-turns", "x", "--lang", "es"], &[]);
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: la línea de órdenes: max-turns debe ser un número entero, no \"x\"\n"
    );
}
