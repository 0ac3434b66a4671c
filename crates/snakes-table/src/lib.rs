//! One table of Snakes and Ladders, as a pure state machine, and everything said about it: no
//! clock, no network, no database. The server (`snakes-server`) runs each table in a task of its
//! own and keeps the I/O; `snakes verify` and any client need this crate alone.
//!
//! The modules, each using only those after it (a test below holds them to it):
//!
//! - [`verify`] replays a finished game's record and words the first thing that disagrees.
//! - [`view`] projects what people and pages see of a table, and what each listener hears,
//!   with every word from `snakes-text`.
//! - [`table`] is a table as a state machine: [`table::TableState::decide`] answers a command
//!   with the events it causes, [`table::TableState::apply`] applies one.
//! - [`protocol`] is the wire's types (JSON over a WebSocket and HTTP), the table's commands
//!   and events, and the record's format.
//! - [`secret`]: a game's dice are ChaCha20 from a 256-bit key whose SHA-256 is announced before
//!   the first roll and revealed at the end.

pub mod protocol;
pub mod secret;
pub mod table;
pub mod verify;
pub mod view;

#[cfg(test)]
mod tests {
    /// The modules in the order the crate's documentation gives them.
    fn order() -> Vec<String> {
        include_str!("lib.rs")
            .lines()
            .filter_map(|l| l.strip_prefix("//! - [`"))
            .filter_map(|l| l.split('`').next())
            .map(str::to_string)
            .collect()
    }

    /// The crate's modules each names (`crate::x`, `use crate::{x, ...}`), from its files.
    fn named(module: &str) -> Vec<String> {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![src.join(format!("{module}.rs"))];
        if let Ok(dir) = std::fs::read_dir(src.join(module)) {
            files.extend(dir.flatten().map(|e| e.path()));
        }
        let mut names = Vec::new();
        for file in files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "rs"))
        {
            let text = std::fs::read_to_string(file).unwrap();
            for (i, _) in text.match_indices("crate::") {
                let rest = &text[i + "crate::".len()..];
                // `crate::x...`, or each path of `crate::{x..., y...}` at its outer level.
                let mut paths = vec![rest];
                if let Some(list) = rest.strip_prefix('{') {
                    let (mut depth, mut start) = (0, 0);
                    paths.clear();
                    for (k, c) in list.char_indices() {
                        match c {
                            '{' => depth += 1,
                            '}' if depth == 0 => {
                                paths.push(&list[start..k]);
                                break;
                            }
                            '}' => depth -= 1,
                            ',' if depth == 0 => {
                                paths.push(&list[start..k]);
                                start = k + 1;
                            }
                            _ => {}
                        }
                    }
                }
                for path in paths {
                    let name: String = path
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != module && !names.contains(&name) {
                        names.push(name);
                    }
                }
            }
        }
        names
    }

    /// No module names one before it in the documented order, so the modules make no circle.
    #[test]
    fn each_module_uses_only_those_after_it() {
        let order = order();
        assert_eq!(
            order,
            ["verify", "view", "table", "protocol", "secret"],
            "the documented modules"
        );
        for (i, module) in order.iter().enumerate() {
            for name in named(module) {
                let at = order.iter().position(|m| *m == name);
                assert!(
                    at.is_some_and(|at| at > i),
                    "{module} names crate::{name}, which is not after it"
                );
            }
        }
    }
}
