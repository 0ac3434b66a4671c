//! The rules of a game: small `Copy` options, each with a text name that round-trips.

use std::fmt;
use std::str::FromStr;

use crate::board::Square;
use crate::error::RulesError;

macro_rules! option_enum {
    (
        $(#[$meta:meta])*
        $name:ident, $key:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub enum $name {
            $(
                $(#[$vmeta])*
                #[cfg_attr(feature = "serde", serde(rename = $text))]
                $variant,
            )+
        }

        impl $name {
            /// Every value, the default first.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The option's key in the text form of [`Rules`].
            pub const KEY: &'static str = $key;

            /// The value's text name.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = RulesError;
            fn from_str(s: &str) -> Result<Self, RulesError> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(RulesError::UnknownValue {
                        key: $key,
                        value: s.to_string(),
                        expected: &[$($text),+],
                    }),
                }
            }
        }
    };
}

option_enum! {
    /// What happens when a roll would carry a token past the last square.
    Ending, "ending" {
        /// Count the surplus back down from the last square ("strict").
        #[default]
        Bounce = "bounce",
        /// The token does not move ("you must land exactly", the overshoot is void).
        Exact = "exact",
        /// The token finishes anyway.
        Loose = "loose",
    }
}

option_enum! {
    /// Where tokens begin.
    Start, "start" {
        /// On square 0, off the board: the first roll enters.
        #[default]
        OffBoard = "off-board",
        /// On square 1 (a jump on square 1 never fires at the start).
        Square1 = "square-1",
    }
}

option_enum! {
    /// Which rolls bring a token onto the board from square 0.
    Entry, "entry" {
        /// Any roll enters.
        #[default]
        AnyRoll = "any-roll",
        /// Only the die's top face (a six) enters, landing on that square.
        NeedSix = "need-six",
    }
}

option_enum! {
    /// What rolling the top face (a six) does.
    Six, "six" {
        /// Nothing special.
        #[default]
        Normal = "normal",
        /// The same player rolls again.
        RollAgain = "roll-again",
    }
}

option_enum! {
    /// What happens when a token lands on an occupied square.
    Collision, "collision" {
        /// The tokens share the square.
        #[default]
        Share = "share",
        /// The occupant goes back to the start.
        Bump = "bump",
    }
}

option_enum! {
    /// How many jumps one move follows.
    Jumps, "jumps" {
        /// At most one jump per move.
        #[default]
        Single = "single",
        /// Follow jumps until a square without one (a snake tail on a ladder foot climbs).
        Chain = "chain",
    }
}

/// Smallest number of faces a die may have.
pub const MIN_FACES: u8 = 2;
/// Largest number of faces a die may have.
pub const MAX_FACES: u8 = 20;

/// The rules of a game. Every option has a text name; its `Display` gives the canonical
/// text form (`ending=bounce,start=off-board,...`) and `FromStr` reads it back, as well
/// as the presets `standard` and `leetcode`, optionally followed by overrides
/// (`leetcode,die=8`).
///
/// ```
/// use snakes::{Ending, Rules};
/// let rules: Rules = "standard,ending=loose".parse().unwrap();
/// assert_eq!(rules.ending, Ending::Loose);
/// assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Rules {
    /// Overshooting the last square.
    pub ending: Ending,
    /// Where tokens begin.
    pub start: Start,
    /// Entering from square 0.
    pub entry: Entry,
    /// Rolling the top face.
    pub six: Six,
    /// Landing on an occupied square.
    pub collision: Collision,
    /// Jumps per move.
    pub jumps: Jumps,
    die: u8,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

/// The names of the presets, for help texts.
pub const PRESETS: &[&str] = &["standard", "leetcode"];

/// The keys of the text form, in canonical order.
pub const KEYS: &[&str] = &[
    Ending::KEY,
    Start::KEY,
    Entry::KEY,
    Six::KEY,
    Collision::KEY,
    Jumps::KEY,
    "die",
];

impl Rules {
    /// The board site's rules (seeds/003): start off the board, bounce at the end, any roll
    /// enters, no extra roll on a six, tokens share squares, one jump per move, a six-sided die.
    pub const STANDARD: Rules = Rules {
        ending: Ending::Bounce,
        start: Start::OffBoard,
        entry: Entry::AnyRoll,
        six: Six::Normal,
        collision: Collision::Share,
        jumps: Jumps::Single,
        die: 6,
    };

    /// LeetCode 909: start on square 1, an overshooting roll is not a move, one jump per move.
    pub const LEETCODE: Rules = Rules {
        ending: Ending::Exact,
        start: Start::Square1,
        ..Rules::STANDARD
    };

    /// A preset by name.
    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "standard" => Some(Rules::STANDARD),
            "leetcode" => Some(Rules::LEETCODE),
            _ => None,
        }
    }

    /// The number of faces of the die (its top face is the "six" of the six rules).
    pub fn die(&self) -> u8 {
        self.die
    }

    /// These rules with a die of `faces` faces.
    ///
    /// # Errors
    /// When `faces` is outside [`MIN_FACES`]`..=`[`MAX_FACES`].
    pub fn with_die(self, faces: u8) -> Result<Rules, RulesError> {
        if !(MIN_FACES..=MAX_FACES).contains(&faces) {
            return Err(RulesError::DieFaces { faces });
        }
        Ok(Rules { die: faces, ..self })
    }

    /// Whether a roll of `roll` gives the same player another roll: the top face of the die
    /// under `six=roll-again`.
    #[inline]
    pub fn rolls_again(&self, roll: u8) -> bool {
        self.six == Six::RollAgain && roll == self.die
    }

    /// The square tokens start on (and go back to when bumped).
    pub fn start_square(&self) -> Square {
        match self.start {
            Start::OffBoard => 0,
            Start::Square1 => 1,
        }
    }

    /// Sets one option from its text key and value.
    ///
    /// # Errors
    /// An unknown key or a value the option does not have.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        match key {
            Ending::KEY => self.ending = value.parse()?,
            Start::KEY => self.start = value.parse()?,
            Entry::KEY => self.entry = value.parse()?,
            Six::KEY => self.six = value.parse()?,
            Collision::KEY => self.collision = value.parse()?,
            Jumps::KEY => self.jumps = value.parse()?,
            "die" => {
                let faces = value.parse::<u8>().map_err(|_| RulesError::DieNotANumber {
                    value: value.to_string(),
                })?;
                *self = self.with_die(faces)?;
            }
            _ => {
                return Err(RulesError::UnknownRule {
                    key: key.to_string(),
                });
            }
        }
        Ok(())
    }

    /// The value of one option as text, by key.
    pub fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            Ending::KEY => self.ending.to_string(),
            Start::KEY => self.start.to_string(),
            Entry::KEY => self.entry.to_string(),
            Six::KEY => self.six.to_string(),
            Collision::KEY => self.collision.to_string(),
            Jumps::KEY => self.jumps.to_string(),
            "die" => self.die.to_string(),
            _ => return None,
        })
    }

    /// Every value an option can take, as text, by key (`die` lists 2 to 20).
    pub fn values(key: &str) -> Option<Vec<String>> {
        fn names<T: fmt::Display>(all: &[T]) -> Vec<String> {
            all.iter().map(ToString::to_string).collect()
        }
        Some(match key {
            Ending::KEY => names(Ending::ALL),
            Start::KEY => names(Start::ALL),
            Entry::KEY => names(Entry::ALL),
            Six::KEY => names(Six::ALL),
            Collision::KEY => names(Collision::ALL),
            Jumps::KEY => names(Jumps::ALL),
            "die" => (MIN_FACES..=MAX_FACES).map(|d| d.to_string()).collect(),
            _ => return None,
        })
    }

    /// Every combination of the enumerated options, with the given die.
    pub fn all_combinations(die: u8) -> Vec<Rules> {
        let mut all = Vec::new();
        for &ending in Ending::ALL {
            for &start in Start::ALL {
                for &entry in Entry::ALL {
                    for &six in Six::ALL {
                        for &collision in Collision::ALL {
                            for &jumps in Jumps::ALL {
                                all.push(Rules {
                                    ending,
                                    start,
                                    entry,
                                    six,
                                    collision,
                                    jumps,
                                    die: die.clamp(MIN_FACES, MAX_FACES),
                                });
                            }
                        }
                    }
                }
            }
        }
        all
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ending={},start={},entry={},six={},collision={},jumps={},die={}",
            self.ending, self.start, self.entry, self.six, self.collision, self.jumps, self.die
        )
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Reads `PRESET`, `k=v,...` or `PRESET,k=v,...`; options not given keep the preset's
    /// value (`standard` when no preset is named: see [`Rules::parse_over`] for another base).
    /// Spaces around items are ignored.
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        Rules::parse_over(s, Rules::STANDARD)
    }
}

impl Rules {
    /// Reads rules text as [`FromStr`] does, with the options not given taken from `base` unless
    /// the text names a preset first: `ending=loose` over [`Rules::LEETCODE`] is LeetCode's rules
    /// with the loose ending, `standard,ending=loose` the standard rules with it. A command
    /// whose default is a preset layers what its user gives on that preset this way.
    ///
    /// ```
    /// use snakes::{Ending, Rules, Start};
    /// let rules = Rules::parse_over("ending=bounce", Rules::LEETCODE).unwrap();
    /// assert_eq!((rules.ending, rules.start), (Ending::Bounce, Start::Square1));
    /// let rules = Rules::parse_over("standard,die=8", Rules::LEETCODE).unwrap();
    /// assert_eq!((rules.start, rules.die()), (Start::OffBoard, 8));
    /// ```
    ///
    /// # Errors
    /// An unknown preset, key or value, a preset after an option, an option given twice, or no
    /// rules at all.
    pub fn parse_over(s: &str, base: Rules) -> Result<Rules, RulesError> {
        let mut rules = base;
        let items: Vec<&str> = s
            .split(',')
            .map(str::trim)
            .filter(|i| !i.is_empty())
            .collect();
        if items.is_empty() {
            return Err(RulesError::Empty);
        }
        let mut given: Vec<&str> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            match item.split_once('=') {
                Some((key, value)) => {
                    let key = key.trim();
                    rules.set(key, value.trim())?;
                    // `ending=exact,ending=loose` is a slip, not an override: say so rather
                    // than quietly keep the last one.
                    if given.contains(&key) {
                        return Err(RulesError::Twice {
                            key: key.to_string(),
                        });
                    }
                    given.push(key);
                }
                None => match Rules::preset(item) {
                    Some(preset) if i == 0 => rules = preset,
                    Some(_) => {
                        return Err(RulesError::PresetNotFirst {
                            preset: item.to_string(),
                        });
                    }
                    None => {
                        return Err(RulesError::UnknownPreset {
                            preset: item.to_string(),
                        });
                    }
                },
            }
        }
        Ok(rules)
    }

    /// The name of the preset these rules are, if they are one.
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESETS
            .iter()
            .copied()
            .find(|name| Rules::preset(name) == Some(*self))
    }
}

impl TryFrom<String> for Rules {
    type Error = RulesError;
    fn try_from(s: String) -> Result<Rules, RulesError> {
        s.parse()
    }
}

impl From<Rules> for String {
    fn from(r: Rules) -> String {
        r.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_text_round_trips_for_every_combination() {
        for die in [2, 6, 20] {
            for rules in Rules::all_combinations(die) {
                let text = rules.to_string();
                assert_eq!(text.parse::<Rules>().unwrap(), rules, "{text}");
            }
        }
        assert_eq!(Rules::all_combinations(6).len(), 96);
    }

    #[test]
    fn presets_and_overrides() {
        assert_eq!(
            Rules::STANDARD.to_string(),
            "ending=bounce,start=off-board,entry=any-roll,six=normal,collision=share,jumps=single,die=6"
        );
        assert_eq!(
            "leetcode".parse::<Rules>().unwrap().to_string(),
            "ending=exact,start=square-1,entry=any-roll,six=normal,collision=share,jumps=single,die=6"
        );
        let r: Rules = "leetcode, die=8, jumps=chain".parse().unwrap();
        assert_eq!(
            (r.die(), r.jumps, r.ending),
            (8, Jumps::Chain, Ending::Exact)
        );
        let r: Rules = "six=roll-again".parse().unwrap();
        assert_eq!(r.six, Six::RollAgain);
        assert_eq!(r.ending, Ending::Bounce);
    }

    #[test]
    fn options_layer_on_the_base_unless_a_preset_is_named() {
        let over = |text: &str, base| Rules::parse_over(text, base).unwrap();
        // LeetCode's start stays when only the ending is given over LeetCode's rules.
        let r = over("ending=exact", Rules::LEETCODE);
        assert_eq!(r, Rules::LEETCODE);
        let r = over("ending=bounce", Rules::LEETCODE);
        assert_eq!((r.ending, r.start), (Ending::Bounce, Start::Square1));
        // A named preset replaces the base.
        assert_eq!(over("standard", Rules::LEETCODE), Rules::STANDARD);
        assert_eq!(
            over("standard,die=8", Rules::LEETCODE).start,
            Start::OffBoard
        );
        assert_eq!(over("leetcode", Rules::STANDARD), Rules::LEETCODE);
        // FromStr is the same over the standard rules.
        assert_eq!(
            over("six=roll-again", Rules::STANDARD),
            "six=roll-again".parse().unwrap()
        );
        assert_eq!(Rules::LEETCODE.preset_name(), Some("leetcode"));
        assert_eq!(Rules::STANDARD.preset_name(), Some("standard"));
        assert_eq!(over("die=8", Rules::STANDARD).preset_name(), None);
    }

    #[test]
    fn bad_rules_name_the_problem() {
        let err = |s: &str| s.parse::<Rules>().unwrap_err();
        assert_eq!(
            "ending=strict".parse::<Rules>().unwrap_err(),
            RulesError::UnknownValue {
                key: "ending",
                value: "strict".into(),
                expected: &["bounce", "exact", "loose"]
            }
        );
        assert_eq!(
            "die=1".parse::<Rules>().unwrap_err(),
            RulesError::DieFaces { faces: 1 }
        );
        assert_eq!(
            err("colour=red"),
            RulesError::UnknownRule {
                key: "colour".into()
            }
        );
        assert_eq!(
            err("die=300"),
            RulesError::DieNotANumber {
                value: "300".into()
            }
        );
        assert_eq!(
            err("classic"),
            RulesError::UnknownPreset {
                preset: "classic".into()
            }
        );
        assert_eq!(
            err("ending=loose,leetcode"),
            RulesError::PresetNotFirst {
                preset: "leetcode".into()
            }
        );
        assert_eq!(err(""), RulesError::Empty);
        assert_eq!(
            err("ending=exact,die=8,ending=loose"),
            RulesError::Twice {
                key: "ending".into()
            }
        );
        assert_eq!(
            err("leetcode,die=4, die =4"),
            RulesError::Twice { key: "die".into() }
        );
        // Overriding a preset's value is not giving it twice.
        assert_eq!(
            "leetcode,ending=loose".parse::<Rules>().unwrap().ending,
            Ending::Loose
        );
    }
}
