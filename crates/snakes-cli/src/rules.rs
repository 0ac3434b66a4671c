//! `snakes rules`: the rule options explained, and a set of rules in canonical form.

use std::io::{self, Write};
use std::process::ExitCode;

use snakes::{KEYS, Rules};
use snakes_text::{Catalogue, RulesGuide};

use crate::input::RulesParser;
use crate::words::catalogue;

/// Arguments of `snakes rules`.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  snakes rules                        every option, its values and the presets\n  snakes rules leetcode,die=8         those rules written in full"
)]
pub struct Args {
    /// Rules to check and print: a preset (standard, leetcode), `key=value,...` (over the
    /// standard rules), or a preset followed by options (`leetcode,die=8`). Without it, every
    /// option is listed with what each value means.
    #[arg(value_name = "RULES", value_parser = RulesParser { base: "standard" })]
    rules: Option<Rules>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
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
            // The meanings are the catalogue's, as on the board page's lobby form.
            let guide = RulesGuide::new(catalogue());
            if args.json {
                writeln!(out, "{}", serde_json::to_string(&guide)?)?;
            } else {
                write!(out, "{}", listing(&guide, catalogue()))?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Every option with its meaning, each value under it with its own (the default first), then
/// the presets.
fn listing(guide: &RulesGuide, catalogue: &Catalogue) -> String {
    let mut text = format!("{}\n", catalogue.format("options-heading", &[]));
    for option in &guide.options {
        text += &format!("  {:<11} {}\n", option.key, option.meaning);
        if option.values.is_empty() {
            text += &format!("    {}\n", option.default);
        }
        for value in &option.values {
            text += &format!("    {:<11} {}\n", value.value, value.meaning);
        }
    }
    text += &format!("\n{}\n", catalogue.format("presets-heading", &[]));
    for (name, rules) in &guide.presets {
        text += &format!("  {name:<11} {rules}\n");
    }
    text
}
