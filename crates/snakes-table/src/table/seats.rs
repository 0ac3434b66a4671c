//! Who sits where: names, seats, the host, bots, and the connections speaking for each seat.

use std::time::Instant;

use snakes_text::{Catalogue, Detail, Refusal};

use super::{Occupant, SeatState, TableState, life};
use crate::protocol::{AwayReason, Lifecycle, StartedPlayer, Status, TableEvent};
use crate::secret::{Secret, TokenHash};

/// Checks a display name with the rules of [`snakes_text::names::check_name`] and refuses a
/// name that could be heard as part of the game's sentences in any language of `LOCALES`
/// (each listener hears the table in their own): a bot's name ("Bot 1", "봇 1", "Bot1"), a
/// form of "you", a word of the sentences, a number or a mark between their parts
/// ([`snakes_text::names::check_heard_everywhere`]); returns it normalised.
///
/// # Errors
/// [`Refusal::BadName`] saying what is wrong.
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let bad = |detail| Refusal::BadName { detail };
    let name = snakes_text::names::check_name(name).map_err(bad)?;
    snakes_text::names::check_heard_everywhere(&name).map_err(bad)?;
    Ok(name)
}

impl TableState {
    /// The seats in order (after the start, the players in order).
    pub fn seats(&self) -> impl Iterator<Item = Option<SeatState<'_>>> {
        self.seats.iter().map(|o| {
            o.as_ref().map(|o| match o {
                Occupant::Human {
                    name,
                    conns,
                    away,
                    removed,
                    ..
                } => SeatState {
                    name,
                    bot: false,
                    away: away.is_some(),
                    left: *away == Some(AwayReason::Left),
                    removed: *removed,
                    connected: *conns > 0,
                },
                Occupant::Bot { name } => SeatState {
                    name,
                    bot: true,
                    away: false,
                    left: false,
                    removed: false,
                    connected: true,
                },
            })
        })
    }

    /// The names in seat order (empty for a free seat) as heard in the language of `catalogue`:
    /// a bot's name, kept in the log in English ("Bot 2"), in that language's words ("봇 2",
    /// "机器人2"). People's names are theirs in every language.
    pub fn names_in(&self, catalogue: &Catalogue) -> Vec<String> {
        self.seats
            .iter()
            .map(|o| match o {
                Some(Occupant::Bot { name }) => snakes_text::bot_name_in(catalogue, name),
                Some(o) => o.name().to_string(),
                None => String::new(),
            })
            .collect()
    }

    /// The seat `token` holds (none once the host removed its person).
    pub fn seat_of(&self, token: &str) -> Option<usize> {
        let hash = TokenHash::of(token);
        self.seats.iter().position(|s| {
            matches!(s, Some(Occupant::Human { secret, removed: false, .. })
                if secret.matches(&hash))
        })
    }

    /// Whether a person holds a seat by `secret` (the one a `join` gave).
    pub fn holds(&self, secret: &Secret) -> bool {
        self.seats
            .iter()
            .any(|s| matches!(s, Some(Occupant::Human { secret: held, .. }) if held == secret))
    }

    /// The host: the first person seated.
    pub fn host(&self) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| matches!(s, Some(Occupant::Human { .. })))
    }

    /// The `started` event the seats make now: every occupied seat, in seat order.
    pub fn seating(&self) -> Vec<StartedPlayer> {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(seat, o)| {
                o.as_ref().map(|o| StartedPlayer {
                    seat,
                    name: o.name().to_string(),
                    bot: matches!(o, Occupant::Bot { .. }),
                })
            })
            .collect()
    }

    /// The seat and name of the bot the host would seat now: the first free seat, the first
    /// "Bot N" nobody at the table has; `None` when the table is full.
    pub fn next_bot(&self) -> Option<(usize, String)> {
        let seat = self.seats.iter().position(Option::is_none)?;
        let name = (1..)
            .map(|k| snakes_text::bot_name(&self.catalogue, k))
            .find(|n| self.name_taken(n).is_none())
            .unwrap_or_default();
        Some((seat, name))
    }

    /// The first person who plays (seated, with no bot playing for them), if any: while there
    /// is one, the game is not closed for nobody playing it.
    pub fn playing_person(&self) -> Option<usize> {
        self.seats
            .iter()
            .position(|o| matches!(o, Some(Occupant::Human { away: None, .. })))
    }

    pub(super) fn seated(&self, token: &str) -> Result<usize, Refusal> {
        self.seat_of(token).ok_or(Refusal::NotSeated)
    }

    /// The name of whoever at the table has `name`, look-alikes and letter case aside.
    pub fn name_taken(&self, name: &str) -> Option<&str> {
        self.name_such(name, snakes_text::names::same_name)
    }

    /// The name of whoever at the table has a name that looks like `name` (letter case aside
    /// after the look-alike letters are made one): the one rule of names every version of the
    /// server kept, which a game's record is held to, so that the record of an older game
    /// verifies with the names of its day. A person joining now is held to more
    /// ([`check_name`], [`TableState::name_taken`]).
    pub fn name_like(&self, name: &str) -> Option<&str> {
        self.name_such(name, snakes_text::names::looks_alike)
    }

    /// The name of whoever at the table has a name that is `alike` to `name`.
    fn name_such(&self, name: &str, alike: fn(&str, &str) -> bool) -> Option<&str> {
        self.seats
            .iter()
            .flatten()
            .map(Occupant::name)
            .find(|n| alike(n, name))
    }

    /// [`Action::Join`](super::Action::Join): a free seat first (the one wanted, or the
    /// first), then a name the table can use that nobody there has, seated or `watchers`.
    pub(super) fn decide_join(
        &self,
        name: &str,
        want: Option<usize>,
        secret: &Secret,
        watchers: &[&str],
    ) -> Result<Vec<TableEvent>, Refusal> {
        let seat = self.free_seat(want)?;
        let name = check_name(name)?;
        let watcher = || {
            watchers
                .iter()
                .copied()
                .find(|w| snakes_text::names::same_name(w, &name))
        };
        if let Some(taken) = self.name_taken(&name).or_else(watcher) {
            return Err(Refusal::BadName {
                detail: Detail::NameTaken {
                    name: taken.to_string(),
                },
            });
        }
        life(Lifecycle::Joined {
            seat,
            name,
            secret: secret.clone(),
        })
    }

    /// The seat a person may take: `want`, or the first free one.
    pub(super) fn free_seat(&self, want: Option<usize>) -> Result<usize, Refusal> {
        if self.status != Status::Waiting {
            return Err(Refusal::AlreadyStarted);
        }
        match want {
            Some(seat) if seat >= self.seats.len() => Err(Refusal::BadMessage {
                detail: Detail::NoSuchSeat {
                    seat,
                    seats: self.seats.len(),
                },
            }),
            Some(seat) if self.seats[seat].is_some() => Err(Refusal::SeatTaken { seat }),
            Some(seat) => Ok(seat),
            None => self
                .seats
                .iter()
                .position(Option::is_none)
                .ok_or(Refusal::TableFull),
        }
    }

    /// The checks of the host's commands: the token is the host's, the game has not started,
    /// and the host saw the table as it is.
    pub(super) fn check_host(&self, token: &str, seq: u64) -> Result<(), Refusal> {
        let seat = self.seated(token)?;
        if self.host() != Some(seat) {
            return Err(Refusal::NotHost);
        }
        if self.status != Status::Waiting {
            return Err(Refusal::AlreadyStarted);
        }
        if seq != self.seq {
            return Err(Refusal::StaleSeq {
                expected: self.seq,
                got: seq,
            });
        }
        Ok(())
    }

    /// A connection follows the table, speaking for the seat of `token` if it holds one;
    /// returns that seat.
    pub fn connect(&mut self, token: Option<&str>) -> Option<usize> {
        self.watchers += 1;
        let seat = token.and_then(|t| self.seat_of(t))?;
        if let Some(Some(Occupant::Human {
            conns, gone_since, ..
        })) = self.seats.get_mut(seat)
        {
            *conns += 1;
            *gone_since = None;
        }
        Some(seat)
    }

    /// A connection that followed the table (speaking for the seat of `token`, if any) went
    /// at `now`; the seat's grace period starts when it was the seat's last, during the game.
    pub fn disconnect(&mut self, token: Option<&str>, now: Instant) {
        self.watchers = self.watchers.saturating_sub(1);
        if self.watchers == 0 {
            self.unwatched_since = now;
        }
        let playing = self.status == Status::Playing;
        let Some(seat) = token.and_then(|t| self.seat_of(t)) else {
            return;
        };
        if let Some(Some(Occupant::Human {
            conns, gone_since, ..
        })) = self.seats.get_mut(seat)
        {
            *conns = conns.saturating_sub(1);
            if *conns == 0 && playing {
                *gone_since = Some(now);
            }
        }
    }

    /// [`Command::Watch`]: a person back after a lost connection takes the seat back.
    pub(super) fn decide_watch(&self, token: Option<&String>) -> Result<Vec<TableEvent>, Refusal> {
        let Some(token) = token else {
            return Ok(Vec::new());
        };
        let seat = self.seated(token)?;
        match &self.seats[seat] {
            // Back after a lost connection: the seat is theirs again. One who left takes
            // it back only by asking (`ComeBack`), not by following the table.
            Some(Occupant::Human {
                away: Some(AwayReason::Disconnected),
                ..
            }) if self.status == Status::Playing => life(Lifecycle::Reclaimed { player: seat }),
            _ => Ok(Vec::new()),
        }
    }

    /// [`Action::Leave`](super::Action::Leave): the seat freed before the start, played by a bot during the game.
    pub(super) fn decide_leave(&self, token: &str) -> Result<Vec<TableEvent>, Refusal> {
        let seat = self.seated(token)?;
        match (self.status, &self.seats[seat]) {
            (Status::Waiting, Some(o)) => life(Lifecycle::Left {
                seat,
                name: o.name().to_string(),
            }),
            // Left already: a bot plays the seat; the way back is J.
            (Status::Playing, Some(Occupant::Human { away: Some(_), .. })) => {
                Err(Refusal::BotPlaysForYou)
            }
            (Status::Playing, _) => life(Lifecycle::BotTookOver {
                player: seat,
                reason: AwayReason::Left,
            }),
            _ => Err(self.game_over()),
        }
    }

    /// [`Action::ComeBack`](super::Action::ComeBack): the seat back from the bot that plays it.
    pub(super) fn decide_come_back(&self, token: &str) -> Result<Vec<TableEvent>, Refusal> {
        let seat = self.seated(token)?;
        match (self.status, &self.seats[seat]) {
            (Status::Waiting, _) => Err(Refusal::NotStarted),
            (Status::Playing, Some(Occupant::Human { away: Some(_), .. })) => {
                life(Lifecycle::Reclaimed { player: seat })
            }
            (Status::Playing, _) => Err(Refusal::NotAway),
            (Status::Finished, _) => Err(self.game_over()),
        }
    }

    /// [`Action::FillBots`](super::Action::FillBots): a bot in every free seat.
    pub(super) fn decide_fill_bots(
        &self,
        token: &str,
        seq: u64,
    ) -> Result<Vec<TableEvent>, Refusal> {
        self.check_host(token, seq)?;
        // One bot after the other, each seated and named as AddBot would.
        let mut table = self.clone();
        let mut events = Vec::new();
        while let Some((seat, name)) = table.next_bot() {
            let event = TableEvent::Table(Lifecycle::BotAdded { seat, name });
            if table.apply(&event).is_err() {
                break;
            }
            events.push(event);
        }
        if events.is_empty() {
            return Err(Refusal::TableFull);
        }
        Ok(events)
    }

    /// [`Action::RemovePlayer`](super::Action::RemovePlayer): the host removes the person in `seat` (not themselves: they
    /// leave); before the start at the table's last seq, since the seats may have changed.
    pub(super) fn decide_remove_player(
        &self,
        token: &str,
        seat: usize,
        seq: u64,
    ) -> Result<Vec<TableEvent>, Refusal> {
        let me = self.seated(token)?;
        if self.host() != Some(me) {
            return Err(Refusal::NotHost);
        }
        let stale = match self.status {
            Status::Finished => return Err(self.game_over()),
            Status::Waiting => seq != self.seq,
            Status::Playing => seq > self.seq,
        };
        if stale {
            return Err(Refusal::StaleSeq {
                expected: self.seq,
                got: seq,
            });
        }
        let bad = |detail| Err(Refusal::BadMessage { detail });
        if seat == me {
            return bad(Detail::RemoveYourself);
        }
        match self.seats.get(seat) {
            None => bad(Detail::NoSuchSeat {
                seat,
                seats: self.seats.len(),
            }),
            Some(Some(Occupant::Human {
                name,
                removed: false,
                ..
            })) => life(Lifecycle::Removed {
                seat,
                name: name.clone(),
            }),
            Some(_) => bad(Detail::NoPerson { seat }),
        }
    }

    /// [`Action::RemoveBot`](super::Action::RemoveBot): the bot in `seat` goes.
    pub(super) fn decide_remove_bot(
        &self,
        token: &str,
        seat: usize,
        seq: u64,
    ) -> Result<Vec<TableEvent>, Refusal> {
        self.check_host(token, seq)?;
        let Some(Some(Occupant::Bot { name })) = self.seats.get(seat) else {
            return Err(Refusal::BadMessage {
                detail: Detail::NoBot { seat },
            });
        };
        life(Lifecycle::BotRemoved {
            seat,
            name: name.clone(),
        })
    }
}
