//! Applying events: the one way a table's state changes, live (after the store has the events)
//! and when a stored log is folded back into a table ([`TableState::restore`]). Every event is
//! checked against what came before it, so a log changed by hand is caught. Beside what an
//! event of the table's life does, [`news`] says what it tells the table's listeners: a new
//! event is one arm in each.

use std::collections::HashMap;
use std::time::Instant;

use snakes::{Event, GameState, Player};
use snakes_text::TableNews;

use super::{BadSetup, Occupant, Setup, TableState, Timing};
use crate::protocol::{AwayReason, Lifecycle, Logged, StartedPlayer, Status, TableEvent, TableId};
use crate::secret::Secret;

/// Why an event cannot be applied: the log does not follow from what came before it. The
/// table's own decisions always apply; a stored log changed by hand may not.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// A seat the table does not have.
    #[error("no seat {seat}")]
    NoSeat {
        /// The seat.
        seat: usize,
    },
    /// A seat given twice.
    #[error("seat {seat} is taken")]
    SeatTaken {
        /// The seat.
        seat: usize,
    },
    /// A person seated without the secret that holds the seat.
    #[error("no secret for seat {seat}")]
    NoSecret {
        /// The seat.
        seat: usize,
    },
    /// A player who sat in an empty seat.
    #[error("seat {seat} is empty")]
    EmptySeat {
        /// The seat.
        seat: usize,
    },
    /// A bot said to go away or come back.
    #[error("player {player} is not a person")]
    NotAPerson {
        /// The player.
        player: Player,
    },
    /// Seating, starting or abandoning a table once its game has started.
    #[error("{event} after the start")]
    AfterStart {
        /// The event's type.
        event: &'static str,
    },
    /// A commitment or key in the log that is not the table's.
    #[error("the log's dice {what} is not the table's")]
    DiceKey {
        /// `commitment` or `key`.
        what: &'static str,
    },
    /// An event after the table's end: its game over, or the table closed already.
    #[error("{event} once the table is over")]
    TableOver {
        /// The event's type.
        event: &'static str,
    },
    /// A table closed while a person still plays at it.
    #[error("abandoned while a person plays")]
    PersonPlaying,
    /// A game that cannot be set up.
    #[error("{0}")]
    Game(#[from] snakes::SetupError),
    /// The seed draws another first player than the log.
    #[error("the seed draws player {drawn} first, the log says {logged}")]
    FirstPlayer {
        /// The seed's.
        drawn: Player,
        /// The log's.
        logged: Player,
    },
    /// A roll before the start or after the end, or the end of a game that is not over.
    #[error("a roll when no game is on")]
    NoGame,
    /// An event that is not what the dice and the rules make of the game.
    #[error("the dice replay to {expected:?}, the log says {logged:?}")]
    Dice {
        /// What the game produces.
        expected: Event,
        /// What the log says.
        logged: Event,
    },
    /// A move without the roll that makes it.
    #[error("{0:?} without its roll")]
    WithoutRoll(Event),
    /// Another event where the rest of a roll should be.
    #[error("the roll is not finished: {0:?} comes next")]
    RollUnfinished(Event),
}

/// Why a stored table could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The stored board or rules are not usable.
    #[error("table {table}: {source}")]
    Setup {
        /// The table.
        table: TableId,
        /// What is wrong.
        source: BadSetup,
    },
    /// An event is not JSON of a known event.
    #[error("table {table}: event {seq} cannot be read: {source}")]
    Unreadable {
        /// The table.
        table: TableId,
        /// The event.
        seq: u64,
        /// What the reader said.
        source: serde_json::Error,
    },
    /// The log skips or repeats a sequence number.
    #[error("table {table}: event {seq} follows event {after}: the log has a gap")]
    Gap {
        /// The table.
        table: TableId,
        /// The event.
        seq: u64,
        /// The event before it.
        after: u64,
    },
    /// An event does not follow from the ones before it.
    #[error("table {table}: event {seq}: {source}")]
    Event {
        /// The table.
        table: TableId,
        /// The event.
        seq: u64,
        /// Why.
        source: ApplyError,
    },
    /// The log stops in the middle of a roll.
    #[error("table {table}: the log ends before the rest of its last roll ({missing:?})")]
    Truncated {
        /// The table.
        table: TableId,
        /// The events that should follow.
        missing: Vec<Event>,
    },
}

/// Whether an event moves the game on (so a roll based on an earlier seq is stale).
fn moves_the_game(event: &TableEvent) -> bool {
    matches!(
        event,
        TableEvent::Game(_) | TableEvent::Table(Lifecycle::Started { .. })
    )
}

impl TableState {
    /// Rebuilds a table from its stored log at time `now`: [`TableState::apply`] folded over
    /// the events, in order, each seat's secret put back into its `joined` event. Nobody is
    /// connected after a restart, so grace periods and the turn start now.
    ///
    /// # Errors
    /// When an event cannot be read or does not follow from the ones before it.
    pub fn restore(
        id: TableId,
        setup: Setup,
        timing: Timing,
        events: &[(u64, String)],
        secrets: &HashMap<u64, String>,
        now: Instant,
    ) -> Result<TableState, RestoreError> {
        let mut state = TableState::new(id, setup, timing, now);
        for (seq, json) in events {
            let seq = *seq;
            let mut event: TableEvent =
                serde_json::from_str(json).map_err(|source| RestoreError::Unreadable {
                    table: id,
                    seq,
                    source,
                })?;
            if seq != state.seq + 1 {
                return Err(RestoreError::Gap {
                    table: id,
                    seq,
                    after: state.seq,
                });
            }
            if let TableEvent::Table(Lifecycle::Joined { secret, .. }) = &mut event
                && let Some(text) = secrets.get(&seq)
            {
                *secret = Secret::from_stored(text);
            }
            state.apply(&event).map_err(|source| RestoreError::Event {
                table: id,
                seq,
                source,
            })?;
        }
        if !state.following.is_empty() {
            return Err(RestoreError::Truncated {
                table: id,
                missing: state.following.iter().copied().collect(),
            });
        }
        state.stamp(now);
        Ok(state)
    }

    /// Changes the state by one event: the table's own decisions, live, or its stored log, when
    /// restoring. Every event is checked against what came before it.
    ///
    /// # Errors
    /// When the event does not follow (a log changed by hand); the state is then unchanged.
    pub fn apply(&mut self, event: &TableEvent) -> Result<(), ApplyError> {
        match event {
            TableEvent::Game(e) => self.apply_move(*e)?,
            TableEvent::Table(life) => {
                if let Some(next) = self.following.front() {
                    return Err(ApplyError::RollUnfinished(*next));
                }
                self.apply_life(life)?;
            }
        }
        self.seq += 1;
        if moves_the_game(event) {
            self.moved_at = self.seq;
        }
        self.log.push(Logged {
            seq: self.seq,
            event: event.clone(),
        });
        Ok(())
    }

    /// A `rolled` event draws the number from the game's dice and plays it; the events after
    /// it must be the ones that made.
    pub(super) fn apply_move(&mut self, event: Event) -> Result<(), ApplyError> {
        if !matches!(event, Event::Rolled { .. }) {
            return match self.following.front() {
                Some(&expected) if expected == event => {
                    self.following.pop_front();
                    Ok(())
                }
                Some(&expected) => Err(ApplyError::Dice {
                    expected,
                    logged: event,
                }),
                None => Err(ApplyError::WithoutRoll(event)),
            };
        }
        if let Some(&next) = self.following.front() {
            return Err(ApplyError::RollUnfinished(next));
        }
        let game = self.game.as_mut().ok_or(ApplyError::NoGame)?;
        let roll = game.next_roll().ok_or(ApplyError::NoGame)?;
        let expected = Event::Rolled {
            player: game.state().turn(),
            roll,
        };
        if event != expected {
            return Err(ApplyError::Dice {
                expected,
                logged: event,
            });
        }
        let moves = game.roll().map_err(|_| ApplyError::NoGame)?;
        self.following.extend(moves.into_iter().skip(1));
        Ok(())
    }

    /// An event of the table's life, checked against the state before it. Longer than most: one
    /// arm per kind of event, each with the rule it must follow, kept in one match so that a new
    /// kind of event is one arm here (the start is [`TableState::apply_start`]).
    pub(super) fn apply_life(&mut self, event: &Lifecycle) -> Result<(), ApplyError> {
        match event {
            Lifecycle::Joined { .. }
            | Lifecycle::BotAdded { .. }
            | Lifecycle::Left { .. }
            | Lifecycle::BotRemoved { .. }
            | Lifecycle::Started { .. } => self.apply_seating(event)?,
            Lifecycle::Removed { seat, .. } => self.apply_removed(*seat)?,
            Lifecycle::BotTookOver { player, .. } | Lifecycle::Reclaimed { player } => {
                let Some(Some(Occupant::Human {
                    away, gone_since, ..
                })) = self.seats.get_mut(*player)
                else {
                    return Err(ApplyError::NotAPerson { player: *player });
                };
                *away = match event {
                    Lifecycle::BotTookOver { reason, .. } => Some(*reason),
                    _ => None,
                };
                *gone_since = None;
            }
            Lifecycle::TimerRolled { .. } => {}
            Lifecycle::Abandoned => {
                if self.status == Status::Playing {
                    // Only a game nobody plays any more is closed.
                    if self.playing_person().is_some() {
                        return Err(ApplyError::PersonPlaying);
                    }
                } else if self.status != Status::Waiting {
                    return Err(ApplyError::AfterStart { event: "abandoned" });
                }
                self.abandoned = true;
            }
            // A moderator closes the table whether it waits or plays, as long as it is open.
            Lifecycle::Closed { .. } => {
                if self.status == Status::Finished || self.abandoned {
                    return Err(ApplyError::TableOver { event: "closed" });
                }
                self.abandoned = true;
            }
            Lifecycle::Finished { result, key } => {
                if !self.game().is_some_and(GameState::is_over) {
                    return Err(ApplyError::NoGame);
                }
                self.check_key(key.as_ref())?;
                self.status = Status::Finished;
                self.result = Some(result.clone());
            }
            Lifecycle::Drawn { key, .. } => {
                if self.status != Status::Playing || self.game().is_none_or(GameState::is_over) {
                    return Err(ApplyError::NoGame);
                }
                self.check_key(key.as_ref())?;
                self.status = Status::Finished;
                self.drawn = true;
            }
        }
        Ok(())
    }

    /// An event of the seating, before the start only: a seat taken, a bot seated, a seat
    /// freed, the start.
    fn apply_seating(&mut self, event: &Lifecycle) -> Result<(), ApplyError> {
        if self.status != Status::Waiting {
            let event = match event {
                Lifecycle::Joined { .. } => "joined",
                Lifecycle::BotAdded { .. } => "bot_added",
                Lifecycle::Left { .. } => "left",
                Lifecycle::BotRemoved { .. } => "bot_removed",
                _ => "started",
            };
            return Err(ApplyError::AfterStart { event });
        }
        match event {
            Lifecycle::Joined { seat, name, secret } => {
                if secret.is_empty() {
                    return Err(ApplyError::NoSecret { seat: *seat });
                }
                *self.free_slot(*seat)? = Some(Occupant::Human {
                    name: name.clone(),
                    secret: secret.clone(),
                    conns: 0,
                    away: None,
                    gone_since: None,
                    removed: false,
                });
            }
            Lifecycle::BotAdded { seat, name } => {
                *self.free_slot(*seat)? = Some(Occupant::Bot { name: name.clone() });
            }
            Lifecycle::Left { seat, .. } | Lifecycle::BotRemoved { seat, .. } => {
                let slot = self
                    .seats
                    .get_mut(*seat)
                    .ok_or(ApplyError::NoSeat { seat: *seat })?;
                if slot.is_none() {
                    return Err(ApplyError::EmptySeat { seat: *seat });
                }
                *slot = None;
            }
            Lifecycle::Started {
                players,
                first,
                commitment,
            } => self.apply_start(players, *first, commitment.as_ref())?,
            _ => {}
        }
        Ok(())
    }

    /// The host removed the person in `seat`: before the start the seat is free again; during
    /// the game a bot plays it for good.
    fn apply_removed(&mut self, seat: usize) -> Result<(), ApplyError> {
        let slot = self
            .seats
            .get_mut(seat)
            .ok_or(ApplyError::NoSeat { seat })?;
        match (self.status, slot) {
            (Status::Waiting, slot @ Some(Occupant::Human { .. })) => *slot = None,
            (
                Status::Playing,
                Some(Occupant::Human {
                    away,
                    gone_since,
                    conns,
                    removed: removed @ false,
                    ..
                }),
            ) => {
                *away = Some(AwayReason::Left);
                *gone_since = None;
                *conns = 0;
                *removed = true;
            }
            _ => return Err(ApplyError::NotAPerson { player: seat }),
        }
        Ok(())
    }

    /// The start: the commitment and first player must be the table's, the players in seats
    /// that are taken; the seats become the players, in turn order. The commitment is the
    /// game's ([`TableState::game_commitment`]), or in a log written before games had one the
    /// key's.
    fn apply_start(
        &mut self,
        players: &[StartedPlayer],
        first: Player,
        commitment: Option<&String>,
    ) -> Result<(), ApplyError> {
        if let Some(c) = commitment
            && Some(c) != self.game_commitment(players).as_ref()
            && Some(c) != self.commitment().as_ref()
        {
            return Err(ApplyError::DiceKey { what: "commitment" });
        }
        let game = self.new_game(players.len())?;
        if game.state().first() != first {
            return Err(ApplyError::FirstPlayer {
                drawn: game.state().first(),
                logged: first,
            });
        }
        if let Some(p) = players
            .iter()
            .find(|p| self.seats.get(p.seat).is_none_or(Option::is_none))
        {
            return Err(ApplyError::EmptySeat { seat: p.seat });
        }
        let mut seats = std::mem::take(&mut self.seats);
        self.seats = players.iter().map(|p| seats[p.seat].take()).collect();
        self.game = Some(game);
        self.status = Status::Playing;
        Ok(())
    }

    /// A key revealed in the log must be the table's.
    pub(super) fn check_key(&self, key: Option<&String>) -> Result<(), ApplyError> {
        match key {
            Some(k) if Some(k) != self.setup.dice.reveal().as_ref() => {
                Err(ApplyError::DiceKey { what: "key" })
            }
            _ => Ok(()),
        }
    }

    pub(super) fn free_slot(&mut self, seat: usize) -> Result<&mut Option<Occupant>, ApplyError> {
        let slot = self
            .seats
            .get_mut(seat)
            .ok_or(ApplyError::NoSeat { seat })?;
        if slot.is_some() {
            return Err(ApplyError::SeatTaken { seat });
        }
        Ok(slot)
    }
}

/// The news an event of the table's life tells, if any (an abandoned table has nobody to tell).
pub fn news<'a>(state: &TableState, life: &'a Lifecycle) -> Option<TableNews<'a>> {
    Some(match life {
        Lifecycle::Joined { seat, name, .. } => TableNews::Joined { name, seat: *seat },
        Lifecycle::Left { name, .. } => TableNews::Left { name },
        Lifecycle::BotAdded { seat, name } => TableNews::BotAdded { name, seat: *seat },
        Lifecycle::BotRemoved { name, .. } => TableNews::BotRemoved { name },
        Lifecycle::Removed { seat, name } => TableNews::Removed {
            name,
            seat: *seat,
            bot_plays: state.status() != Status::Waiting,
        },
        Lifecycle::Started { players, first, .. } => TableNews::Started {
            players: players.len(),
            first: *first,
        },
        Lifecycle::BotTookOver { player, reason } => match reason {
            AwayReason::Left => TableNews::BotPlaysForLeaver { player: *player },
            AwayReason::Disconnected => TableNews::BotPlaysForAway { player: *player },
        },
        Lifecycle::Reclaimed { player } => TableNews::Reclaimed { player: *player },
        Lifecycle::TimerRolled { player } => TableNews::TimerRolled { player: *player },
        // A waiting table that closes has nobody to tell; a game's spectators hear it.
        Lifecycle::Abandoned if state.status() == Status::Waiting => return None,
        Lifecycle::Abandoned => TableNews::Closed,
        // Everyone at the table hears who closed it and why, waiting or playing.
        Lifecycle::Closed { by, reason } => TableNews::ClosedBy { by, reason },
        Lifecycle::Drawn { turns, .. } => TableNews::Drawn { turns: *turns },
        Lifecycle::Finished { result, .. } => {
            // The sentence counts the winner's own turns and rolls (the result keeps the
            // table's totals); a finished game's figures no longer change.
            let mine = state
                .game()
                .and_then(|g| g.stats().get(result.winner).copied())
                .unwrap_or_default();
            TableNews::Finished {
                winner: result.winner,
                turns: mine.turns,
                rolls: mine.rolls,
            }
        }
    })
}
