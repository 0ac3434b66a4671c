//! When things are due: a bot's roll, a grace period running out, the turn timer, and the
//! table closing for being idle. The state is told the time; it never reads a clock.

use std::time::Instant;

use snakes::{GameState, Player};
use snakes_text::{Detail, Refusal};

use super::{Due, Occupant, TableState, life};
use crate::protocol::{AwayReason, Lifecycle, Status, TableEvent};

impl TableState {
    /// What is due at `now` (see [`super::Command::Tick`]): each grace period that ran out, or
    /// else a bot's roll or the turn timer's, each decided as its [`Due`] is.
    pub(super) fn due(&self, now: Instant) -> Vec<TableEvent> {
        if self.status != Status::Playing {
            return Vec::new();
        }
        // Grace periods that ran out: a bot takes the seat; it rolls after its own delay.
        let expired: Vec<TableEvent> = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, o)| {
                matches!(o, Some(Occupant::Human { gone_since: Some(t), .. })
                    if *t + self.timing.grace <= now)
            })
            .flat_map(|(player, _)| self.decide_due(Due::GraceOver { player }))
            .flatten()
            .collect();
        if !expired.is_empty() {
            return expired;
        }
        let due = if self.bot_to_roll().is_some() {
            (self.turn_since + self.timing.bot_delay <= now).then_some(Due::BotRoll)
        } else {
            let timer = self.timing.turn_timer;
            timer
                .is_some_and(|timer| self.turn_since + timer <= now)
                .then_some(Due::TurnTimer)
        };
        due.and_then(|due| self.decide_due(due).ok())
            .unwrap_or_default()
    }

    /// [`super::Command::Due`]: what the server decides by itself, if the table is where it
    /// could happen.
    pub(super) fn decide_due(&self, due: Due) -> Result<Vec<TableEvent>, Refusal> {
        match self.status {
            Status::Finished => return Err(self.game_over()),
            Status::Waiting if due == Due::Abandon => return life(Lifecycle::Abandoned),
            Status::Waiting => return Err(Refusal::NotStarted),
            Status::Playing => {}
        }
        let game = self.game().filter(|g| !g.is_over());
        match due {
            Due::Abandon => match self.playing_person() {
                Some(_) => Err(Refusal::AlreadyStarted),
                None => life(Lifecycle::Abandoned),
            },
            Due::GraceOver { player } => {
                self.plays(player)?;
                life(Lifecycle::BotTookOver {
                    player,
                    reason: AwayReason::Disconnected,
                })
            }
            Due::BotRoll if self.bot_to_roll().is_some() => Ok(self.roll(Vec::new())),
            Due::TurnTimer if game.is_some() && self.bot_to_roll().is_none() => {
                let player = game.map_or(0, GameState::turn);
                self.plays(player)?;
                Ok(self.roll(vec![TableEvent::Table(Lifecycle::TimerRolled { player })]))
            }
            Due::BotRoll | Due::TurnTimer => {
                let player = self.game().map_or(0, GameState::turn);
                self.plays(player)?;
                Err(Refusal::NotYourTurn { turn: player })
            }
            Due::Draw => {
                let after_move =
                    matches!(self.log.last().map(|l| &l.event), Some(TableEvent::Game(_)));
                match game {
                    Some(state)
                        if after_move && !state.on_extra_roll() && self.following.is_empty() =>
                    {
                        life(self.drawn(state))
                    }
                    _ => Err(Refusal::NotYourTurn {
                        turn: self.game().map_or(0, GameState::turn),
                    }),
                }
            }
        }
    }

    /// Whether `player` is a person who plays (no bot plays for them): the one a grace period
    /// or the turn timer is about.
    ///
    /// # Errors
    /// `bad_message` (`no_such_seat`) for no such player; `bad_message` (`no_person`) for a
    /// bot's seat or a person the host removed; `bot_plays_for_you` for a person a bot plays
    /// for.
    pub(super) fn plays(&self, player: Player) -> Result<(), Refusal> {
        match self.seats.get(player) {
            None => Err(Refusal::BadMessage {
                detail: Detail::NoSuchSeat {
                    seat: player,
                    seats: self.seats.len(),
                },
            }),
            Some(Some(Occupant::Human { away: None, .. })) => Ok(()),
            Some(Some(Occupant::Human { removed: false, .. })) => Err(Refusal::BotPlaysForYou),
            Some(_) => Err(Refusal::BadMessage {
                detail: Detail::NoPerson { seat: player },
            }),
        }
    }

    /// The player to roll, if the server rolls for them (a bot, or a person a bot stands in
    /// for), or `None`.
    pub fn bot_to_roll(&self) -> Option<Player> {
        let state = self.game()?;
        if self.status != Status::Playing || state.is_over() {
            return None;
        }
        let turn = state.turn();
        match self.seats.get(turn)? {
            Some(Occupant::Bot { .. } | Occupant::Human { away: Some(_), .. }) => Some(turn),
            _ => None,
        }
    }

    /// Records that what was applied since the last stamp happened at `now`: the turn's clock
    /// starts again, and a person nobody speaks for during the game starts their grace period
    /// (unless it runs already, or a bot already plays for them).
    pub fn stamp(&mut self, now: Instant) {
        self.turn_since = now;
        self.unmanned_since = if self.status == Status::Playing && self.playing_person().is_none() {
            self.unmanned_since.or(Some(now))
        } else {
            None
        };
        if self.status == Status::Playing {
            for o in self.seats.iter_mut().flatten() {
                if let Occupant::Human {
                    conns: 0,
                    away: None,
                    gone_since: gone @ None,
                    ..
                } = o
                {
                    *gone = Some(now);
                }
            }
        }
    }

    /// Records that the table was asked something at `now` (it is not idle).
    pub fn touch(&mut self, now: Instant) {
        self.idle_since = now;
    }

    /// When something is next due ([`super::Command::Tick`]): a grace period running out, a bot's
    /// roll, the turn timer.
    pub fn next_deadline(&self) -> Option<Instant> {
        if self.status != Status::Playing {
            return None;
        }
        let graces = self.seats.iter().flatten().filter_map(|o| match o {
            Occupant::Human {
                away: None,
                gone_since: Some(t),
                ..
            } => Some(*t + self.timing.grace),
            _ => None,
        });
        let turn = if self.bot_to_roll().is_some() {
            Some(self.turn_since + self.timing.bot_delay)
        } else {
            self.timing.turn_timer.map(|timer| self.turn_since + timer)
        };
        graces.chain(turn).min()
    }

    /// When the table closes, with an idle limit: a waiting or finished table nobody follows or
    /// asks anything meanwhile, and a game in play once no person has played it (every seat a
    /// bot's, or a bot's for the person) for that long, spectators or not; and a waiting table
    /// once nobody has followed it for the time to abandon it, whatever asks for it. Then
    /// [`TableState::closing`] says what to log.
    pub fn idle_deadline(&self) -> Option<Instant> {
        if self.abandoned {
            return None;
        }
        if self.status == Status::Playing {
            // A game nobody plays any more (bots only) closes however many watch it.
            return self
                .unmanned_since
                .zip(self.idle_after)
                .map(|(t, after)| t + after);
        }
        if self.watchers > 0 {
            return None;
        }
        let idle = self.idle_after.map(|after| self.idle_since + after);
        // A waiting table nobody follows closes soon, however often it is looked at.
        let unwatched = self
            .abandon_after
            .filter(|_| self.status == Status::Waiting)
            .map(|after| self.unwatched_since + after);
        match (idle, unwatched) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether the table gives its place to a newcomer's when `--max-tables` is reached: a
    /// waiting table nobody follows is abandoned at once (what to log); any other keeps it.
    pub fn yielding(&self) -> Option<Vec<TableEvent>> {
        (!self.abandoned && self.status == Status::Waiting && self.watchers == 0)
            .then(|| vec![TableEvent::Table(Lifecycle::Abandoned)])
    }

    /// Whether the table closes at `now` for being idle, and if so what to log first: a
    /// waiting table, or a game nobody plays any more, is abandoned for good; a finished one is
    /// only put away (its log is whole).
    pub fn closing(&self, now: Instant) -> Option<Vec<TableEvent>> {
        if self.idle_deadline()? > now {
            return None;
        }
        Some(match self.status {
            Status::Waiting | Status::Playing => vec![TableEvent::Table(Lifecycle::Abandoned)],
            Status::Finished => Vec::new(),
        })
    }
}
