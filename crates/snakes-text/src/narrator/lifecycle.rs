//! Tables and games coming and going (`lifecycle.ftl`): people and bots taking and leaving
//! seats, the start, a bot standing in, the end; and the names bots get.

use super::{Args, Listener, Narrator, Player};
use crate::catalogue::{Catalogue, MessageArg};

impl Narrator {
    /// The lines for news of a table (people and bots coming and going, the start, the end),
    /// as `listener` hears them: "Bo took seat 3.", "The game has started with 2 players." and
    /// "You go first."; news of a player is in the first person for that player ("You are back
    /// and play again."). The end is the one sentence that tells the win ("Ana won the game in
    /// round 14."): [`Narrator::events`] leaves the win to it.
    pub fn table_news(&self, news: &TableNews<'_>, listener: Listener) -> Vec<String> {
        let name = |n: &str| -> MessageArg { n.into() };
        let of = |player: Player| -> Args { self.who(player, listener) };
        match *news {
            TableNews::Joined { name: n, seat } => vec![self.say(
                "table-joined",
                vec![("name", name(n)), ("seat", (seat + 1).into())],
            )],
            TableNews::Left { name: n } => vec![self.say("table-left", vec![("name", name(n))])],
            // A bot's name comes from the log, in English: said in the listener's words.
            TableNews::BotAdded { name: n, seat } => vec![self.say(
                "table-bot-added",
                vec![
                    ("name", bot_name_in(&self.catalogue, n).into()),
                    ("seat", (seat + 1).into()),
                ],
            )],
            TableNews::BotRemoved { name: n } => vec![self.say(
                "table-bot-removed",
                vec![("name", bot_name_in(&self.catalogue, n).into())],
            )],
            TableNews::Started { players, first } => vec![
                self.say("table-started", vec![("players", players.into())]),
                self.first_player(first, listener),
            ],
            TableNews::Removed {
                name: n,
                seat,
                bot_plays,
            } => {
                let you = listener == Listener::Player(seat);
                let id = if bot_plays {
                    "table-removed-bot-plays"
                } else {
                    "table-removed"
                };
                vec![self.say(
                    id,
                    vec![
                        ("you", if you { "you" } else { "other" }.into()),
                        ("name", name(n)),
                    ],
                )]
            }
            TableNews::BotPlaysForLeaver { player } => {
                vec![self.say("table-left-bot-plays", of(player))]
            }
            TableNews::BotPlaysForAway { player } => {
                vec![self.say("table-away-bot-plays", of(player))]
            }
            TableNews::Reclaimed { player } => vec![self.say("table-reclaimed", of(player))],
            TableNews::TimerRolled { player } => vec![self.say("table-timer-rolled", of(player))],
            TableNews::Finished { winner, turns, .. } => {
                let mut args = of(winner);
                args.push(("turns", turns.into()));
                vec![self.say("table-finished", args)]
            }
            TableNews::Drawn { turns } => {
                vec![self.say("table-drawn", vec![("turns", turns.into())])]
            }
            TableNews::Closed => vec![self.say("table-closed", vec![])],
            // The name and the reason are a person's text: only ever values of the message,
            // never part of its pattern. The sentence ends with its own full stop.
            TableNews::ClosedBy { by, reason } => {
                let reason = reason.trim().trim_end_matches(['.', '。', '．']);
                vec![if reason.is_empty() {
                    self.say("table-closed-by", vec![("name", name(by))])
                } else {
                    self.say(
                        "table-closed-by-reason",
                        vec![("name", name(by)), ("reason", name(reason))],
                    )
                }]
            }
        }
    }

    /// The name of the `number`th bot at a table (from 1): "Bot 2".
    pub fn bot_name(&self, number: usize) -> String {
        bot_name(&self.catalogue, number)
    }
}

/// The name of the `number`th bot at a table (from 1) in the words of `catalogue`: "Bot 2".
/// Names are data once given (a table's log keeps them), so this needs no narrator.
pub fn bot_name(catalogue: &Catalogue, number: usize) -> String {
    catalogue.format("bot-name", &[("number", number.into())])
}

/// A bot's name as given, which a table's log keeps in English ("Bot 2"), in the words of
/// `catalogue` ("봇 2", "机器人2"); a name that is no bot's English name as it is.
pub fn bot_name_in(catalogue: &Catalogue, name: &str) -> String {
    // The English names, made once: this runs for every bot whenever a table's names change.
    static ENGLISH: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let english = ENGLISH.get_or_init(|| {
        let c = Catalogue::english();
        (1..=snakes::MAX_PLAYERS).map(|k| bot_name(&c, k)).collect()
    });
    english
        .iter()
        .position(|n| n == name)
        .map_or_else(|| name.to_string(), |k| bot_name(catalogue, k + 1))
}

/// News of a table apart from the moves, for [`Narrator::table_news`]. Names of players are the
/// narrator's (by index); names of people coming and going before the start are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableNews<'a> {
    /// A person took a seat (from 0).
    Joined {
        /// Their name.
        name: &'a str,
        /// The seat.
        seat: usize,
    },
    /// A person left before the start.
    Left {
        /// Their name.
        name: &'a str,
    },
    /// The host seated a bot.
    BotAdded {
        /// The bot's name.
        name: &'a str,
        /// The seat.
        seat: usize,
    },
    /// The host removed a bot.
    BotRemoved {
        /// The bot's name.
        name: &'a str,
    },
    /// The game started.
    Started {
        /// How many play.
        players: usize,
        /// Who rolls first.
        first: Player,
    },
    /// The host removed `name` from the table: before the start their seat is free again
    /// (`bot_plays`: false), during the game a bot plays it for good.
    Removed {
        /// Their name.
        name: &'a str,
        /// The seat (during the game, the player).
        seat: usize,
        /// A bot plays the seat from now on.
        bot_plays: bool,
    },
    /// `player` left the game; a bot plays for them.
    BotPlaysForLeaver {
        /// The player.
        player: Player,
    },
    /// `player` stayed disconnected past the grace period; a bot plays until they are back.
    BotPlaysForAway {
        /// The player.
        player: Player,
    },
    /// `player` is back and plays again.
    Reclaimed {
        /// The player.
        player: Player,
    },
    /// `player` took too long and the die was rolled for them.
    TimerRolled {
        /// The player.
        player: Player,
    },
    /// The game reached the server's most turns and ended in a draw after `turns` turns (every
    /// player's together).
    Drawn {
        /// The turns played.
        turns: u32,
    },
    /// Nobody was left to play (every seat a bot's) for the server's idle limit: the table is
    /// closed.
    Closed,
    /// A moderator named `by` closed the table for `reason` (empty when none was given).
    ClosedBy {
        /// The moderator's name.
        by: &'a str,
        /// Why, as the moderator wrote it.
        reason: &'a str,
    },
    /// `winner` won after `turns` turns and `rolls` rolls of their own. The sentence counts the
    /// turns only: the winner's turns are the rounds of the game, the one count said everywhere.
    Finished {
        /// The winner.
        winner: Player,
        /// The winner's turns.
        turns: u32,
        /// The winner's rolls (with a roll again on the top face, more than the turns).
        rolls: u32,
    },
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;

    #[test]
    fn a_bot_coming_and_going_is_named_in_the_listeners_words() {
        let ko = Narrator::with_catalogue(Vec::new(), Catalogue::for_locale("ko").unwrap());
        let added = ko.table_news(
            &TableNews::BotAdded {
                name: "Bot 1",
                seat: 1,
            },
            SPECTATOR,
        );
        assert!(
            added[0].contains("봇 1") && !added[0].contains("Bot"),
            "{added:?}"
        );
        let removed = ko.table_news(&TableNews::BotRemoved { name: "Bot 2" }, SPECTATOR);
        assert!(removed[0].contains("봇 2"), "{removed:?}");
        // Only a bot's English name changes: any other name is as given.
        let zh = Catalogue::for_locale("zh-CN").unwrap();
        assert_eq!(bot_name_in(&zh, "Bot 8"), "机器人8");
        assert_eq!(bot_name_in(&zh, "Bot 9"), "Bot 9");
        assert_eq!(bot_name_in(&zh, "Bo"), "Bo");
    }

    #[test]
    fn a_moderators_name_and_reason_are_said_as_written_in_every_language() {
        // Fluent's own syntax in a person's text stays text: it is a value of the message,
        // never part of its pattern.
        let reason = "{ $name } { -key-roll } {\"x\"} <b>";
        for (k, tag) in crate::catalogue::LOCALES.iter().enumerate() {
            let n = Narrator::with_catalogue(Vec::new(), Catalogue::shipped(k));
            let news = TableNews::ClosedBy {
                by: "{ $reason }",
                reason,
            };
            let said = n.table_news(&news, SPECTATOR);
            assert_eq!(said.len(), 1, "{tag:?}");
            assert!(said[0].contains(reason), "{tag:?}: {said:?}");
            assert!(said[0].contains("{ $reason }"), "{tag:?}: {said:?}");
            let bare = n.table_news(
                &TableNews::ClosedBy {
                    by: "Mo",
                    reason: "",
                },
                SPECTATOR,
            );
            assert!(
                bare[0].contains("Mo") && !bare[0].contains('{'),
                "{tag:?}: {bare:?}"
            );
        }
    }

    #[test]
    fn news_of_the_table() {
        let n = narrator();
        let cases: [(TableNews<'_>, Listener, &[&str]); 21] = [
            (
                TableNews::Joined {
                    name: "Dee",
                    seat: 3,
                },
                ANA,
                &["Dee took seat 4."],
            ),
            (
                TableNews::Left { name: "Dee" },
                ANA,
                &["Dee left the table."],
            ),
            (
                TableNews::BotAdded {
                    name: "Bot 1",
                    seat: 1,
                },
                SPECTATOR,
                &["Bot 1, a bot, took seat 2."],
            ),
            (
                TableNews::BotRemoved { name: "Bot 1" },
                SPECTATOR,
                &["Bot 1, a bot, left the table."],
            ),
            (
                TableNews::Started {
                    players: 3,
                    first: 1,
                },
                BO,
                &["The game has started with 3 players.", "You go first."],
            ),
            (
                TableNews::Started {
                    players: 3,
                    first: 1,
                },
                ANA,
                &["The game has started with 3 players.", "Bo goes first."],
            ),
            (
                TableNews::BotPlaysForLeaver { player: 2 },
                ANA,
                &["Cy left; a bot plays for Cy from now on."],
            ),
            (
                TableNews::BotPlaysForAway { player: 2 },
                ANA,
                &["Cy lost the connection; a bot plays for Cy until Cy is back."],
            ),
            // The one who acted hears it in the first person.
            (
                TableNews::BotPlaysForLeaver { player: 2 },
                Listener::Player(2),
                &["You left; your bot plays for you until you take your seat back with J."],
            ),
            (
                TableNews::BotPlaysForAway { player: 2 },
                Listener::Player(2),
                &["You lost the connection; a bot plays for you until you are back."],
            ),
            (
                TableNews::Reclaimed { player: 2 },
                ANA,
                &["Cy is back and plays again."],
            ),
            (
                TableNews::Reclaimed { player: 2 },
                Listener::Player(2),
                &["You are back and play again."],
            ),
            (
                TableNews::TimerRolled { player: 0 },
                BO,
                &["Ana took too long; the die was rolled for Ana."],
            ),
            (
                TableNews::TimerRolled { player: 0 },
                ANA,
                &["You took too long; the die was rolled for you."],
            ),
            // One sentence tells the win, with one count: the winner's turns, the rounds.
            (
                TableNews::Finished {
                    winner: 0,
                    turns: 14,
                    rolls: 16,
                },
                SPECTATOR,
                &["Ana won the game in round 14."],
            ),
            (
                TableNews::Finished {
                    winner: 0,
                    turns: 1,
                    rolls: 1,
                },
                ANA,
                &["You won the game in round 1!"],
            ),
            (
                TableNews::Drawn { turns: 10_000 },
                BO,
                &["The game is over: a draw, after 10000 turns, the most this server plays."],
            ),
            (
                TableNews::Closed,
                SPECTATOR,
                &["The table is closed: no person was left playing."],
            ),
            (
                TableNews::ClosedBy {
                    by: "Mo",
                    reason: "spam in the talk",
                },
                ANA,
                &["The moderator Mo closed the table: spam in the talk."],
            ),
            // A reason that ends a sentence itself gets no second full stop.
            (
                TableNews::ClosedBy {
                    by: "Mo",
                    reason: "spam in the talk.",
                },
                SPECTATOR,
                &["The moderator Mo closed the table: spam in the talk."],
            ),
            (
                TableNews::ClosedBy {
                    by: "Mo",
                    reason: " ",
                },
                BO,
                &["The moderator Mo closed the table."],
            ),
        ];
        for (news, listener, lines) in cases {
            assert_eq!(n.table_news(&news, listener), lines, "{news:?}");
        }
    }
}
