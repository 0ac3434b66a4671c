//! Why something was refused, as the one who asked hears it (`refusals.ftl`).

use super::{Args, Listener, Narrator};
use crate::refusal::Refusal;

impl Narrator {
    /// Why `refusal` happened, as `listener` hears it ("It is Bo's turn.").
    pub fn refusal(&self, refusal: &Refusal, listener: Listener) -> String {
        let args: Args = match refusal {
            Refusal::NotYourTurn { turn } => self.who(*turn, listener),
            Refusal::GameOver { winner: Some(w) } => self.who(*w, listener),
            Refusal::GameOver { winner: None } => return self.say("refusal-game-drawn", vec![]),
            Refusal::BadOrigin { origin } => vec![("origin", origin.as_str().into())],
            Refusal::Moved { address } => vec![("address", address.as_str().into())],
            // Quoted and escaped: the value is whatever a client sent (a newline, a
            // right-to-left override), and an empty one must still be heard as "".
            Refusal::UnknownLocale { locale, available } => vec![
                ("locale", format!("{locale:?}").into()),
                ("available", self.list(available.clone()).into()),
            ],
            Refusal::SeatTaken { seat } => vec![("seat", (seat + 1).into())],
            Refusal::Silenced { until, reason } | Refusal::Banned { until, reason } => vec![
                ("until", crate::moderation::utc(*until).into()),
                ("reason", reason.as_str().into()),
                ("why", crate::moderation::why(reason).into()),
            ],
            Refusal::NoSuchPerson { name }
            | Refusal::NameTaken { name }
            | Refusal::NameHeld { name }
            | Refusal::NotAMember { name } => vec![("name", name.as_str().into())],
            Refusal::BadPassword { min, max } => vec![
                ("min", i64::from(*min).into()),
                ("max", i64::from(*max).into()),
            ],
            Refusal::NoSuchMessage { n } => {
                vec![("n", (*n).into())]
            }
            Refusal::NoSuchEntry { id } => vec![("id", (*id).into())],
            Refusal::BadSpan { unit, most } => vec![
                ("unit", unit.as_str().into()),
                ("most", i64::from(*most).into()),
            ],
            Refusal::StaleSeq { expected, got } => vec![
                (
                    "expected",
                    i64::try_from(*expected).unwrap_or(i64::MAX).into(),
                ),
                ("got", i64::try_from(*got).unwrap_or(i64::MAX).into()),
            ],
            Refusal::TooLarge { limit } => vec![("limit", (*limit).into())],
            Refusal::BadMessage { detail }
            | Refusal::BadBoard { detail }
            | Refusal::BadRules { detail }
            | Refusal::BadName { detail }
            | Refusal::BadText { detail }
            | Refusal::BadSeats { detail } => vec![("detail", detail.say(&self.catalogue).into())],
            Refusal::NotStarted
            | Refusal::AlreadyStarted
            | Refusal::NotSeated
            | Refusal::BotPlaysForYou
            | Refusal::NotAway
            | Refusal::NotHost
            | Refusal::TableFull
            | Refusal::NoSuchTable
            | Refusal::NotEnoughPlayers
            | Refusal::TooManyRequests
            | Refusal::TooManyTables
            | Refusal::StoreFailed
            | Refusal::Quarantined
            | Refusal::NotFound
            | Refusal::MethodNotAllowed
            | Refusal::NoName
            | Refusal::TalkTooFast
            | Refusal::NetworkTalkTooFast
            | Refusal::AlreadySeated
            | Refusal::TooManyOpenTables
            | Refusal::NotModerator
            | Refusal::BadKey
            | Refusal::NoReason
            | Refusal::BadSignIn
            | Refusal::TooManySignIns
            | Refusal::NotSignedIn
            | Refusal::BlockYourself
            | Refusal::NotOpenToYou
            | Refusal::BadPasskey
            | Refusal::LastPasskey => vec![],
        };
        self.say(&refusal.message_id(), args)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;

    #[test]
    fn every_refusal_says_why() {
        let n = narrator();
        let said: Vec<String> = every_refusal().iter().map(|r| n.refusal(r, ANA)).collect();
        assert_eq!(
            said,
            [
                "It is Bo's turn.",
                "The game is over: you won.",
                "The game has not started yet.",
                "The game has already started.",
                "Seat 3 is already taken.",
                "You have no seat at this table.",
                "A bot plays your seat since you left: press J to take it back.",
                "You are playing your own seat: no bot plays it.",
                "Only the host can do that.",
                "This table is full.",
                "There is no such table.",
                "At least two players are needed to start.",
                "The game moved on before that arrived, so nothing was done; if it is your turn, press R again.",
                "The message was not understood: unknown field `rol`",
                "The message is too large: the limit is 4096 bytes.",
                "Too many requests: wait a moment and try again.",
                "Too many tables are open: join one or try again later.",
                "The board cannot be used: board[1] has 1 cell, but a grid of 2 rows must have 2 in every row",
                "The rules cannot be used: unknown value \"fast\" for ending: expected one of bounce, exact, loose",
                "That name cannot be used: a name has at most 24 characters",
                "That message cannot be sent: a message cannot hold \"says:\": it would sound \
                 like someone else speaking",
                "Give yourself a name before you talk, so that the others know who speaks.",
                "You are talking faster than the others can listen: wait a moment, then say it again.",
                "So many people from your network are talking here just now that the others \
                 would hear nothing else: wait a moment, then say it again.",
                "That table cannot be set up: 3 bots leave no seat for you at a table of 2 seats.",
                "The server could not record that, so it did not happen: try again.",
                "There is nothing at this address.",
                "This address does not take that kind of request.",
                "A page of http://evil.example cannot play here: open the game from this server's own address.",
                "This table is served by the server at http://127.0.0.1:8081 now: moving there.",
                "This table cannot be played: its record in the server's database is damaged. The server's operator has been told.",
                "There is no catalogue for the language \"fr\" here: the languages are en, es and ko.",
                "You already have a seat at this table.",
                "Too many tables are open from your address or your network: play one of them, or try again once one has closed.",
                "Only a moderator can do that.",
                "That name and key are not a moderator's.",
                "A moderator silenced you until 2025-12-03 09:38 UTC.",
                "A moderator banned you from this server until 2025-12-03 09:38 UTC: spam in the lobby",
                "Nobody called Zed is here.",
                "There is no message 12 here.",
                "Nothing in force or waiting has the number 7.",
                "A silence lasts from 1 minute to 43200 minutes.",
                "Give a reason: the person is told it, and the moderators read it.",
                "The name “Ana” is taken: it is a member's, or reads the same as one. Choose another.",
                "The name “Ana” is a member's: sign in as that member to use it, or choose another.",
                "That name and password are not an account's.",
                "A password has 8 to 128 characters, and is not the account's name.",
                "Too many tries to sign in: wait a minute, then try again.",
                "Sign in first: only a member can do that.",
                "Only a member can be blocked: nobody has an account named “Zed”.",
                "You cannot block your own account.",
                "This table does not take you: choose another.",
                "That passkey could not be checked: try again, or use another.",
                "That passkey is your only way to sign in: add another first.",
            ]
        );
        assert_eq!(
            n.refusal(&Refusal::GameOver { winner: None }, BO),
            "The game is over: it ended in a draw."
        );
        assert_eq!(
            n.refusal(&Refusal::NotYourTurn { turn: 0 }, BO),
            "It is Ana's turn."
        );
        assert_eq!(
            n.refusal(&Refusal::GameOver { winner: Some(0) }, SPECTATOR),
            "The game is over: Ana won."
        );
    }
}

#[cfg(test)]
mod stand_in {
    use snakes::Event;

    use crate::{Catalogue, Listener, Locale, Narrator};

    /// Bo's seat, played by a bot since he left, as he hears it: "your bot" in mid-sentence
    /// ("Le toca a tu bot."), with a capital only where a sentence begins with it ("Your bot
    /// rolled ..."); a person's own name is left as it is.
    #[test]
    fn a_stand_in_is_written_as_a_phrase_not_a_name() {
        for (tag, mid, start) in [
            ("es", "Le toca a tu bot.", "Tu bot sacó"),
            ("en", "It is your bot's turn.", "Your bot rolled"),
        ] {
            let catalogue = Catalogue::shipped(Locale::position(tag).unwrap());
            let stand_in = catalogue.format("stand-in-name", &[]);
            let narrator =
                Narrator::with_catalogue(vec!["ana".into(), stand_in.clone()], catalogue)
                    .with_stand_in(Some(stand_in));
            // The server speaks to the one whose seat a bot plays as to a spectator.
            let bo = Listener::Spectator;
            let turn = if tag == "es" {
                narrator.events(
                    &[Event::TurnPassed { player: 1 }],
                    Listener::Player(0),
                    false,
                )
            } else {
                vec![narrator.refusal(
                    &crate::Refusal::NotYourTurn { turn: 1 },
                    Listener::Player(0),
                )]
            };
            assert_eq!(turn, [mid], "{tag}");
            let rolled = narrator.events(&[Event::Rolled { player: 1, roll: 4 }], bo, false);
            assert!(rolled[0].starts_with(start), "{tag}: {rolled:?}");
            // Ana's own name, lower case, is never changed.
            let hers = narrator.events(&[Event::Rolled { player: 0, roll: 4 }], bo, false);
            assert!(hers[0].starts_with("ana "), "{tag}: {hers:?}");
        }
    }
}
