//! `snakes rules`: the rule options explained, and a set of rules in canonical form.

use std::io::{self, Write};
use std::process::ExitCode;

use snakes::{KEYS, PRESETS, Rules};

use crate::input::RulesParser;

/// Arguments of `snakes rules`.
#[derive(clap::Args)]
pub struct Args {
    /// Rules to check and print: a preset (standard, leetcode), `key=value,...` (over the
    /// standard rules), or a preset followed by options (`leetcode,die=8`). Without it, every
    /// option is listed.
    #[arg(value_name = "RULES", value_parser = RulesParser { base: "standard" })]
    rules: Option<Rules>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// What each option means, for the listing.
fn meaning(key: &str) -> &'static str {
    match key {
        "ending" => "overshooting the last square: count back down / do not move / finish anyway",
        "start" => "tokens start off the board (the first roll enters) or on square 1",
        "entry" => "from off the board any roll enters, or only a six (the die's top face)",
        "six" => "a six (the top face) gives the same player another roll, or nothing",
        "collision" => "landing on an occupied square shares it, or sends the occupant back",
        "jumps" => "follow at most one jump per move, or keep following jumps",
        "die" => "faces of the die, 2 to 20",
        _ => "",
    }
}

/// Runs `snakes rules`.
///
/// # Errors
/// Bad rules (a user error) or a failed write.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    match args.rules {
        Some(rules) => {
            if args.json {
                let map: serde_json::Map<String, serde_json::Value> = KEYS
                    .iter()
                    .map(|k| (k.to_string(), rules.get(k).unwrap_or_default().into()))
                    .collect();
                let value = serde_json::json!({ "rules": rules.to_string(), "options": map });
                writeln!(out, "{value}")?;
            } else {
                writeln!(out, "{rules}")?;
            }
        }
        None => {
            if args.json {
                let options: Vec<serde_json::Value> = KEYS
                    .iter()
                    .map(|k| {
                        serde_json::json!({
                            "key": k,
                            "values": Rules::values(k).unwrap_or_default(),
                            "default": Rules::STANDARD.get(k),
                            "meaning": meaning(k),
                        })
                    })
                    .collect();
                let presets: serde_json::Map<String, serde_json::Value> = PRESETS
                    .iter()
                    .filter_map(|p| Some((p.to_string(), Rules::preset(p)?.to_string().into())))
                    .collect();
                let value = serde_json::json!({ "options": options, "presets": presets });
                writeln!(out, "{value}")?;
            } else {
                writeln!(out, "Options (default first):")?;
                for key in KEYS {
                    let values = Rules::values(key).unwrap_or_default();
                    let values = if *key == "die" {
                        "6 (2 to 20)".to_string()
                    } else {
                        values.join(" | ")
                    };
                    writeln!(out, "  {key:<10} {values}")?;
                    writeln!(out, "  {:<10} {}", "", meaning(key))?;
                }
                writeln!(out, "\nPresets:")?;
                for p in PRESETS {
                    if let Some(rules) = Rules::preset(p) {
                        writeln!(out, "  {p:<10} {rules}")?;
                    }
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
