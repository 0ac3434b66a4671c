//! Every message id the code uses is in the English catalogue (and so, by the completeness test,
//! in every language): an id missing there would be shown to a person as the id itself.
//!
//! The code of every crate of the workspace (`crates/*/src`, its tests apart) is read for
//! string literals shaped like a message id (`board-error-syntax`: lower case, digits and
//! dashes) that begin as some id of the catalogue does (`board-`, `refusal-`, `ui-`, ...); each
//! must be an id of the English catalogue or the key of one of its variants (`[roll-again]`,
//! passed as a selector). An id built at run time (`format!("refusal-{}", ...)`) is a template;
//! each template is expanded here over everything it can be built from (every refusal code,
//! every rule option and value), and a template this test does not know fails it, so that a new
//! one is added with its expansions. The page's words (`word("...")`, `{{...}}`) are checked by
//! the server's test of the page.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use crate::catalogue::ENGLISH_SOURCES;
use crate::refusal::Refusal;

/// The English catalogue's message ids and the keys of its variants.
fn english() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut ids = BTreeSet::new();
    let mut keys = BTreeSet::new();
    for (file, text) in ENGLISH_SOURCES {
        let resource = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, errors)| panic!("en/{file} does not parse: {errors:?}"));
        for entry in resource.body {
            if let Entry::Message(m) = entry {
                ids.insert(m.id.name.to_string());
                if let Some(value) = &m.value {
                    variant_keys(value, &mut keys);
                }
            }
        }
    }
    (ids, keys)
}

fn variant_keys(pattern: &Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_keys(expression, into);
        }
    }
}

fn expression_keys(expression: &Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { variants, .. } => {
            for v in variants {
                if let fluent_syntax::ast::VariantKey::Identifier { name } = v.key {
                    into.insert(name.to_string());
                }
                variant_keys(&v.value, into);
            }
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            expression_keys(expression, into);
        }
        Expression::Inline(_) => {}
    }
}

/// Every id a template of the code builds at run time; `None` for a template this test does
/// not know.
fn expansions(template: &str) -> Option<Vec<String>> {
    // The options and values the lobby's form and `snakes rules` name (the die's faces are a
    // number, not values with names).
    let guide = crate::rule_options(&crate::Catalogue::english());
    let options = || {
        guide
            .iter()
            .flat_map(|o| o.values.iter().map(move |v| (o.key, v.value.clone())))
    };
    Some(match template {
        "refusal-{}" => Refusal::CODES
            .iter()
            .map(|code| format!("refusal-{}", code.replace('_', "-")))
            .collect(),
        "option-{key}" => snakes::KEYS.iter().map(|k| format!("option-{k}")).collect(),
        "option-{key}-meaning" => snakes::KEYS
            .iter()
            .map(|k| format!("option-{k}-meaning"))
            .collect(),
        "option-{key}-{value}" => options().map(|(k, v)| format!("option-{k}-{v}")).collect(),
        "option-{key}-{value}-name" => options()
            .map(|(k, v)| format!("option-{k}-{v}-name"))
            .collect(),
        _ => return None,
    })
}

/// Words of the code shaped like a message's id that are none: the values of libpq's
/// `sslmode` (`store/pg_tls.rs`).
const NOT_MESSAGES: &[&str] = &["verify-ca", "verify-full"];

/// What is wrong with the ids that `source` (a file of code, named `file`) uses: each an id
/// missing from the catalogue, or a template this test cannot expand; and how many ids it
/// checked.
fn problems_in(
    file: &str,
    source: &str,
    (ids, keys): &(BTreeSet<String>, BTreeSet<String>),
) -> (Vec<String>, usize) {
    let prefixes: BTreeSet<&str> = ids.iter().filter_map(|id| id.split('-').next()).collect();
    let looks_like_id = |s: &str| {
        s.contains('-')
            && s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.split('-').all(|part| {
                !part.is_empty()
                    && part
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            })
    };
    // The code itself: not the unit tests at the end of a file, nor comments.
    let code = source
        .find("#[cfg(test)]\nmod ")
        .map_or(source, |at| &source[..at]);
    let mut problems = Vec::new();
    let mut checked = 0;
    for (n, line) in code.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        // The name of an option of `snakes serve` (`settings.rs`: `name: "bot-delay-ms"`) is
        // a flag, not a message.
        if file.ends_with("settings.rs") && line.trim_start().starts_with("name: \"") {
            continue;
        }
        for literal in line.split('"').skip(1).step_by(2) {
            let Some(prefix) = literal.split('-').next() else {
                continue;
            };
            if !prefixes.contains(prefix) || !literal.contains('-') {
                continue;
            }
            let place = format!("{file}:{}", n + 1);
            checked += 1;
            if literal.contains('{') {
                match expansions(literal) {
                    Some(built) => problems.extend(
                        built
                            .into_iter()
                            .filter(|id| !ids.contains(id))
                            .map(|id| format!("{place}: {literal} builds {id}, which is not in the catalogue")),
                    ),
                    None => problems.push(format!(
                        "{place}: an id built at run time from {literal:?}: add what it can be built from to `expansions`"
                    )),
                }
            } else if looks_like_id(literal)
                && !ids.contains(literal)
                && !keys.contains(literal)
                && !NOT_MESSAGES.contains(&literal)
            {
                problems.push(format!(
                    "{place}: {literal} is not a message of the catalogue"
                ));
            }
        }
    }
    (problems, checked)
}

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

#[test]
fn every_message_id_the_code_uses_is_in_the_catalogue() {
    let english = english();
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for krate in std::fs::read_dir(&crates).unwrap().flatten() {
        rust_files(&krate.path().join("src"), &mut files);
    }
    files.sort();
    assert!(files.len() > 50, "{} files", files.len());
    let mut problems = Vec::new();
    let mut checked = 0;
    // This file is a test: its ids are made up on purpose.
    let this = Path::new(file!()).file_name();
    for path in files.iter().filter(|p| p.file_name() != this) {
        let source = std::fs::read_to_string(path).unwrap();
        let name = path
            .strip_prefix(&crates)
            .unwrap_or(path)
            .display()
            .to_string();
        let (found, ids) = problems_in(&name, &source, &english);
        problems.extend(found);
        checked += ids;
    }
    // The messages of the commands, the narrator, the server and the errors: hundreds.
    assert!(checked > 400, "{checked} ids checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn an_id_missing_from_the_catalogue_or_an_unknown_template_is_found() {
    let english = english();
    let source = r#"
fn f(c: &Catalogue) {
    c.format("refusal-not-your-turn", &[]);
    c.format("refusal-not-your-trun", &[]);
    let key = "simulate-rules";
    // c.format("board-error-in-a-comment", &[]);
    say(format!("option-{key}-{value}-name"));
    say(format!("board-error-{kind}"));
    let header = "no-referrer";
}

#[cfg(test)]
mod tests {
    fn t() { c.format("refusal-only-in-a-test", &[]); }
}
"#;
    let (problems, checked) = problems_in("f.rs", source, &english);
    assert_eq!(checked, 5);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(problems[0].starts_with("f.rs:4: refusal-not-your-trun is not"));
    assert!(problems[1].starts_with("f.rs:8: an id built at run time from \"board-error-{kind}\""));
    // Every id a known template builds is checked: a value without its message is found.
    assert!(
        expansions("option-{key}-{value}-name")
            .unwrap()
            .contains(&"option-ending-bounce-name".to_string())
    );
    assert_eq!(
        expansions("refusal-{}").unwrap().len(),
        Refusal::CODES.len()
    );
}
