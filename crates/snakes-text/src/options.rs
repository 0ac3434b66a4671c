//! The rule options in words: each option's label and meaning, and what each of its values
//! means. The board page's lobby form (`GET /api/rules`) and `snakes rules` read them from here,
//! so that the catalogue is the one place the rules are explained.

use std::collections::BTreeMap;

use serde::Serialize;
use snakes::{KEYS, MAX_FACES, MIN_FACES, PRESETS, Rules};

use crate::catalogue::{Catalogue, MessageArg};

/// One rule option as people read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleOption {
    /// Its key in the text form of [`Rules`] (`ending`).
    pub key: &'static str,
    /// Its name for people ("Ending").
    pub label: String,
    /// What it decides.
    pub meaning: String,
    /// The standard rules' value.
    pub default: String,
    /// Every value with its meaning, the default first; empty for a number (the die).
    pub values: Vec<RuleValue>,
    /// For a number: the smallest and largest value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<[u8; 2]>,
}

/// One value of a rule option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleValue {
    /// The value as written in the rules (`bounce`).
    pub value: String,
    /// Its short name for people ("Strict").
    pub name: String,
    /// What it means.
    pub meaning: String,
}

/// Every rule option and preset: what `snakes rules --json` prints and `GET /api/rules`
/// answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesGuide {
    /// Every option, in canonical order.
    pub options: Vec<RuleOption>,
    /// Each preset's rules in canonical form, by name.
    pub presets: BTreeMap<&'static str, String>,
}

impl RulesGuide {
    /// The guide in the words of `catalogue`.
    pub fn new(catalogue: &Catalogue) -> RulesGuide {
        RulesGuide {
            options: rule_options(catalogue),
            presets: PRESETS
                .iter()
                .filter_map(|&p| Some((p, Rules::preset(p)?.to_string())))
                .collect(),
        }
    }
}

/// Every rule option, in the canonical order of [`KEYS`], in the words of `catalogue`.
///
/// ```
/// use snakes_text::{Catalogue, rule_options};
/// let options = rule_options(&Catalogue::english());
/// assert_eq!(options[0].key, "ending");
/// assert_eq!(options[0].values[0].value, "bounce");
/// assert_eq!(options[0].values[0].meaning, "Count the rest back down from the last square");
/// assert_eq!(options.last().unwrap().range, Some([2, 20]));
/// ```
pub fn rule_options(catalogue: &Catalogue) -> Vec<RuleOption> {
    KEYS.iter()
        .map(|&key| {
            let say = |id: String, args: &[(&str, MessageArg)]| catalogue.format(&id, args);
            let number = key == "die";
            let values = if number {
                Vec::new()
            } else {
                Rules::values(key)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|value| RuleValue {
                        name: say(format!("option-{key}-{value}-name"), &[]),
                        meaning: say(format!("option-{key}-{value}"), &[]),
                        value,
                    })
                    .collect()
            };
            let limits = [
                ("min", MessageArg::from(MIN_FACES)),
                ("max", MessageArg::from(MAX_FACES)),
            ];
            RuleOption {
                key,
                label: say(format!("option-{key}"), &[]),
                meaning: say(format!("option-{key}-meaning"), &limits),
                default: Rules::STANDARD.get(key).unwrap_or_default(),
                values,
                range: number.then_some([MIN_FACES, MAX_FACES]),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_and_value_is_explained() {
        let catalogue = Catalogue::english();
        let options = rule_options(&catalogue);
        assert_eq!(options.iter().map(|o| o.key).collect::<Vec<_>>(), KEYS);
        for o in &options {
            for text in std::iter::once(&o.label)
                .chain([&o.meaning])
                .chain(o.values.iter().flat_map(|v| [&v.meaning, &v.name]))
            {
                assert!(
                    !text.starts_with("option-") && !text.contains('{'),
                    "{}: {text}",
                    o.key
                );
            }
            assert_eq!(
                o.values
                    .first()
                    .map(|v| v.value.clone())
                    .unwrap_or(o.default.clone()),
                o.default
            );
        }
        let entry = &options[2];
        assert_eq!(
            (entry.label.as_str(), entry.values[0].meaning.as_str()),
            ("Entry", "Any roll enters, landing on the square it counts")
        );
        let six = &options[3];
        assert_eq!(
            six.values[0].meaning,
            "Nothing more: the turn passes as after any roll"
        );
        assert_eq!(
            options[6].meaning,
            "How many faces the die has, from 2 to 20; with another die, \"six\" means its top face"
        );
    }
}
