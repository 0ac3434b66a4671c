//! Every shipped language says everything English says: the same files, the same message ids,
//! the same variables, and no English left in by mistake.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Message, Pattern, PatternElement};

use crate::catalogue::{ENGLISH_SOURCES, LOCALES};

/// The comment line that marks a message written as in English on purpose (a key letter, a
/// name, a figure): `# same-as-en` directly above it.
const SAME_AS_ENGLISH: &str = "same-as-en";

/// A message as the test compares it: its variables and its text.
struct Entry_<'a> {
    variables: BTreeSet<&'a str>,
    message: Message<&'a str>,
}

fn messages<'a>(locale: &str, file: &str, text: &'a str) -> BTreeMap<&'a str, Entry_<'a>> {
    let resource = fluent_syntax::parser::parse(text)
        .unwrap_or_else(|(_, errors)| panic!("{locale}/{file} does not parse: {errors:?}"));
    resource
        .body
        .into_iter()
        .filter_map(|entry| match entry {
            Entry::Message(message) => Some(message),
            _ => None,
        })
        .map(|message| {
            let mut variables = BTreeSet::new();
            if let Some(value) = &message.value {
                pattern_variables(value, &mut variables);
            }
            for attribute in &message.attributes {
                pattern_variables(&attribute.value, &mut variables);
            }
            (message.id.name, Entry_ { variables, message })
        })
        .collect()
}

fn pattern_variables<'a>(pattern: &Pattern<&'a str>, into: &mut BTreeSet<&'a str>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, into);
        }
    }
}

fn expression_variables<'a>(expression: &Expression<&'a str>, into: &mut BTreeSet<&'a str>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, into);
            for variant in variants {
                pattern_variables(&variant.value, into);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, into),
    }
}

fn inline_variables<'a>(inline: &InlineExpression<&'a str>, into: &mut BTreeSet<&'a str>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            into.insert(id.name);
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, into);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, into);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, into),
        _ => {}
    }
}

fn marked_same_as_english(message: &Message<&str>) -> bool {
    message
        .comment
        .as_ref()
        .is_some_and(|c| c.content.iter().any(|line| line.trim() == SAME_AS_ENGLISH))
}

#[test]
fn english_is_the_first_locale_and_tags_are_unique() {
    assert_eq!(LOCALES[0].tag, "en");
    let tags: BTreeSet<_> = LOCALES.iter().map(|l| l.tag).collect();
    assert_eq!(tags.len(), LOCALES.len());
    for locale in LOCALES {
        let files: Vec<_> = locale.sources.iter().map(|(file, _)| *file).collect();
        let english: Vec<_> = ENGLISH_SOURCES.iter().map(|(file, _)| *file).collect();
        assert_eq!(files, english, "{}", locale.tag);
    }
}

/// Every problem of every locale at once, one line each, so a translator sees the whole list.
#[test]
fn every_locale_has_every_english_message_with_its_variables() {
    let mut problems = Vec::new();
    for locale in &LOCALES[1..] {
        for ((file, english), (_, translated)) in ENGLISH_SOURCES.iter().zip(locale.sources) {
            let english = messages("en", file, english);
            let translated = messages(locale.tag, file, translated);
            for (id, en) in &english {
                let Some(tr) = translated.get(id) else {
                    problems.push(format!("{}/{file}: {id} is missing", locale.tag));
                    continue;
                };
                if tr.variables != en.variables {
                    problems.push(format!(
                        "{}/{file}: {id} uses {:?}, English {:?}",
                        locale.tag, tr.variables, en.variables
                    ));
                }
                let same = tr.message.value == en.message.value
                    && tr.message.attributes == en.message.attributes;
                if same && !marked_same_as_english(&tr.message) {
                    problems.push(format!(
                        "{}/{file}: {id} is the English text; translate it, or mark it \
                         `# {SAME_AS_ENGLISH}` if it is meant to be",
                        locale.tag
                    ));
                }
            }
            for id in translated.keys().filter(|id| !english.contains_key(*id)) {
                problems.push(format!(
                    "{}/{file}: {id} is not an English message",
                    locale.tag
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_locale_builds_and_is_found_by_its_names() {
    use crate::Catalogue;
    for locale in LOCALES {
        let catalogue = Catalogue::from_sources(locale.tag, locale.sources)
            .unwrap_or_else(|e| panic!("{}: {e}", locale.tag));
        assert!(catalogue.has("rolled"), "{}", locale.tag);
        let found = Catalogue::for_locale(locale.tag).expect(locale.tag);
        assert_eq!(found.language(), locale.tag);
    }
}

#[test]
fn sentences_are_joined_as_each_language_writes_them() {
    use crate::{Catalogue, Narrator};
    let joined = |tag: &str, lines: &[&str]| {
        let catalogue = Catalogue::for_locale(tag).expect(tag);
        Narrator::with_catalogue(vec![], catalogue)
            .sentences(lines.iter().map(|l| l.to_string()).collect())
    };
    assert_eq!(
        joined("en", &["Bo won.", "The game is over."]),
        "Bo won. The game is over."
    );
    assert_eq!(
        joined("zh-CN", &["游戏开始。", "Bo先走。"]),
        "游戏开始。Bo先走。"
    );
    assert_eq!(joined("ko", &["한 줄."]), "한 줄.");
    assert_eq!(joined("es", &[]), "");
}
