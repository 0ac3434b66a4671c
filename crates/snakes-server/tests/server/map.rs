//! The map of the code (`ARCHITECTURE.md`) names what is there: every file it names exists, and
//! every name of code it gives (in backquotes: `Session::act`, `decide_roll`) is a word of one
//! of the files its paragraph names. A file or function renamed without the map fails here.

use std::path::Path;

/// Backquoted words that are not names of code: values, languages, messages of the protocol.
const NOT_CODE: &[&str] = &[
    "es",
    "ko",
    "zh-CN",
    "fill_bots",
    "lang",
    "json",
    "plot",
    "compare",
];

fn is_name(token: &str) -> bool {
    let mut segments = token.split("::");
    segments.all(|s| {
        let mut chars = s.chars();
        chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        !part(before) && !part(after)
    })
}

#[test]
fn the_map_names_what_is_there() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut checked = 0;
    // A paragraph: a block of lines up to a blank line or the next item of a list.
    let mut paragraphs: Vec<String> = Vec::new();
    for line in map.lines() {
        let item = line.starts_with("- ")
            || line
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
        if line.trim().is_empty() || item || paragraphs.is_empty() {
            paragraphs.push(String::new());
        }
        if let Some(p) = paragraphs.last_mut() {
            p.push_str(line);
            p.push('\n');
        }
    }
    for paragraph in paragraphs.iter().filter(|p| !p.starts_with("```")) {
        let tokens: Vec<&str> = paragraph.split('`').skip(1).step_by(2).collect();
        let files: Vec<String> = tokens
            .iter()
            .filter(|t| t.starts_with("crates/") || t.starts_with("e2e/"))
            .map(|t| {
                let path = root.join(t);
                assert!(
                    path.exists(),
                    "ARCHITECTURE.md names {t}, which is not there"
                );
                if path.is_file() {
                    std::fs::read_to_string(path).unwrap()
                } else {
                    String::new()
                }
            })
            .collect();
        for name in tokens
            .iter()
            .filter(|t| is_name(t) && !NOT_CODE.contains(t))
        {
            if files.is_empty() {
                continue;
            }
            for part in name.split("::") {
                assert!(
                    files.iter().any(|f| has_word(f, part)),
                    "ARCHITECTURE.md names `{name}` where no file of its paragraph has {part}:\n{paragraph}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} names checked");
}

/// What the map must not leave out: every module of the page, and every method of the store
/// (the paragraph on adding a store lists them, as a new store has an arm in each).
#[test]
fn the_map_leaves_out_no_module_of_the_page_and_no_method_of_the_store() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let named: Vec<&str> = map.split('`').skip(1).step_by(2).collect();
    let assets = root.join("crates/snakes-server/assets");
    let mut modules = 0;
    for entry in std::fs::read_dir(&assets).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".js") {
            assert!(
                named.contains(&name.as_str()),
                "ARCHITECTURE.md does not name the page's module {name}"
            );
            modules += 1;
        }
    }
    assert!(modules > 15, "only {modules} modules of the page");
    let store =
        std::fs::read_to_string(root.join("crates/snakes-server/src/store/mod.rs")).unwrap();
    let body = store
        .split("\nimpl Store {\n")
        .nth(1)
        .and_then(|rest| rest.split("\n}\n").next())
        .unwrap();
    let paragraph = map
        .split("\n\n")
        .find(|p| p.starts_with("**A store**"))
        .unwrap();
    let methods: Vec<&str> = body
        .lines()
        .filter_map(|line| {
            let line = line.strip_prefix("    pub ")?;
            let line = line.strip_prefix("async ").unwrap_or(line);
            let name = line.strip_prefix("fn ")?;
            name.split(['(', '<']).next()
        })
        .collect();
    assert!(
        methods.len() > 15,
        "only {} methods: {methods:?}",
        methods.len()
    );
    for method in methods {
        assert!(
            paragraph.contains(&format!("`{method}`")),
            "the store's paragraph of ARCHITECTURE.md does not name `{method}`"
        );
    }
}
