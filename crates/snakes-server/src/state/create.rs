//! Creating a table: the name, the seats, the client's allowance of new tables, a place under
//! `--max-tables`, the board and rules read on a blocking thread, the store, then the creator's
//! seat and the bots asked for.

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use snakes::{Board, Rules};
use snakes_text::{Detail, Refusal};

use super::{AppState, unix_now};
use tokio::sync::{mpsc, oneshot};

use crate::actor::{Actor, Claim, ConnId, Entry, TableCmd, lobby_changed};
use crate::fair::Client;
use crate::locks::{Lock, Shared};
use crate::metrics::Cap;
use crate::protocol::{CreateTable, Status, TableEvent, TableId};
use crate::secret::{DiceSource, Secret};
use crate::store::TableRecord;
use crate::table::{Act, Action, BadSetup, Command, Setup, TableState, check_name};
use crate::view::Refused;

/// A created table: its id, and the creator's seat and secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Created {
    /// The table.
    pub table: TableId,
    /// The creator's seat (0).
    pub seat: usize,
    /// The creator's secret.
    pub token: String,
    /// What the seat means, in words, for the page to say.
    pub text: String,
}

impl AppState {
    /// Takes one table from `peer`'s allowance (its address's: an IPv6 /64 is one); false when
    /// it is spent (a client without an address, as in tests of the router alone, has no
    /// allowance to spend).
    fn may_create(&self, peer: Option<IpAddr>) -> bool {
        let Some(ip) = peer else {
            return true;
        };
        let config = &self.inner.config;
        let address = Client::of(ip, config).address;
        self.inner.quotas.take(address, config.clock.now())
    }

    /// Creates a table for a client whose address is not known (see [`AppState::create_from`]).
    ///
    /// # Errors
    /// As [`AppState::create_from`].
    pub async fn create(&self, c: CreateTable) -> Result<Created, Refused> {
        self.create_from(c, None, 0, None).await
    }

    /// Creates a table for a client at `peer`: checks the name, seats and the client's
    /// allowance of new tables, reserves a place under `--max-tables` (before anything is
    /// awaited), checks the board's size, reads the board and rules (on a blocking thread),
    /// stores the table, seats the creator (the host) and the bots asked for. What the seat
    /// means is said in the language `LOCALES[lang]`. The creator's connection `conn`, if any,
    /// holds that seat: it cannot take another one at the table.
    ///
    /// # Errors
    /// [`Refusal::BadBoard`], [`Refusal::BadRules`], [`Refusal::BadName`],
    /// [`Refusal::BadSeats`] (seats or bots out of range), [`Refusal::TooManyRequests`] (the
    /// address's allowance is spent), [`Refusal::TooManyTables`],
    /// [`Refusal::TooManyOpenTables`] (the address's or its network's tables waiting or playing).
    pub async fn create_from(
        &self,
        c: CreateTable,
        peer: Option<IpAddr>,
        lang: usize,
        conn: Option<ConnId>,
    ) -> Result<Created, Refused> {
        let name = self.unbanned(check_name(&c.name)?, peer)?;
        if !(2..=4).contains(&c.seats) {
            return Err(Refused::from(Refusal::BadSeats {
                detail: Detail::SeatCount { seats: c.seats },
            }));
        }
        if c.bots >= c.seats {
            return Err(Refused::from(Refusal::BadSeats {
                detail: Detail::TooManyBots {
                    bots: c.bots,
                    seats: c.seats,
                },
            }));
        }
        if !self.may_create(peer) {
            self.inner.metrics.cap_hit(Cap::CreatesPerMinute);
            return Err(Refused::from(Refusal::TooManyRequests));
        }
        let origin = peer.map(|ip| Client::of(ip, &self.inner.config));
        // The place first: nothing is read for a table that could not be made. When every place
        // is taken, a newcomer from a network holding none is given one (`make_room`).
        let place = match (self.reserve(origin), origin) {
            (Err(full), Some(newcomer)) if matches!(full.refusal, Refusal::TooManyTables) => {
                if !self.make_room(newcomer).await {
                    return Err(full);
                }
                self.reserve(origin)?
            }
            (reserved, _) => reserved?,
        };
        let (board, rules) = self.read_setup(c.board, c.rules).await?;
        let id = self.open_table(board, rules, c.seats, place).await?;
        let (secret, token) = Secret::random();
        let join = Act {
            table: id,
            token: None,
            seq: None,
            action: Action::Join {
                name,
                seat: Some(0),
                secret,
            },
        };
        let events = self.act(id, Command::Act(join), conn, lang).await?;
        let seat = TableEvent::joined_seat(&events).unwrap_or_default();
        for _ in 0..c.bots {
            let seq = self.view(id).await?.summary.seq;
            let add = Act::by(id, &token, seq, Action::AddBot {});
            self.act(id, Command::Act(add), None, lang).await?;
        }
        let free = c.seats - 1 - c.bots;
        Ok(Created {
            table: id,
            seat,
            token,
            text: self.narrator(lang).seated_host(id, seat, free),
        })
    }

    /// Stores a new table of `seats` seats on `board` under `rules`, starts its actor and puts
    /// it in the registry, in the `place` reserved for it; returns its id.
    ///
    /// # Errors
    /// [`Refusal::StoreFailed`].
    async fn open_table(
        &self,
        board: Board,
        rules: Rules,
        seats: usize,
        place: Place<'_>,
    ) -> Result<TableId, Refused> {
        let board_name = if board == Board::classic() {
            "classic"
        } else {
            "custom"
        };
        let record = TableRecord {
            board_name: board_name.to_string(),
            board: board.to_layout_json(),
            rules: rules.to_string(),
            seats,
            dice: DiceSource::new_key(),
            created_at: unix_now(),
        };
        // The claim on the new table (with several servers) runs from a moment after this.
        let claimed_at = tokio::time::Instant::now();
        let (id, dice) = self
            .inner
            .store
            .create(record.clone(), self.inner.config.dice)
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "cannot create a table");
                Refused::from(Refusal::StoreFailed)
            })?;
        let setup = Setup {
            board_name: record.board_name,
            board: Arc::new(board),
            rules,
            seats: record.seats,
            dice,
        };
        let clock = &self.inner.config.clock;
        let table = TableState::new(id, setup, self.inner.config.timing, clock.now())
            .close_when_idle(self.inner.config.idle)
            .abandon_when_unwatched(self.inner.config.abandon)
            .with_max_turns(self.inner.config.max_turns);
        let ready = self
            .words(table)
            .await
            .ok_or_else(|| Refused::from(Refusal::StoreFailed))?;
        let mut handle = Actor::spawn(
            ready,
            self.inner.store.clone(),
            self.inner.tables.clone(),
            self.inner.lobby.clone(),
            clock.clone(),
            self.inner.metrics.clone(),
            Arc::new(Claim::new(1, claimed_at, self.inner.config.lease)),
        );
        handle.origin = place.origin;
        {
            let mut tables = self.inner.tables.writing();
            tables.insert(id, Entry::Live(handle));
            place.taken();
        }
        lobby_changed(&self.inner.lobby);
        tracing::info!(table = id, "table created");
        Ok(id)
    }

    /// Reads a board and rules for a new table: the board's size is checked against
    /// `--max-squares` before it is built, and the reading runs on a blocking thread, one
    /// fewer than the cores at a time.
    async fn read_setup(&self, board: String, rules: String) -> Result<(Board, Rules), Refused> {
        let max = self.inner.config.max_squares;
        let squares = match Board::named(board.trim()) {
            Some(b) => u64::from(b.last()),
            None => {
                Board::squares_in(&board).map_err(|e| Refused::from(BadSetup::from(e).refusal()))?
            }
        };
        if squares > u64::from(max) {
            return Err(Refused::from(Refusal::BadBoard {
                detail: Detail::BoardTooLarge {
                    squares,
                    max: u64::from(max),
                },
            }));
        }
        let permit = self
            .inner
            .parsing
            .acquire()
            .await
            .map_err(|_| Refused::from(Refusal::TooManyRequests))?;
        let read = tokio::task::spawn_blocking(move || Setup::read(&board, &rules)).await;
        drop(permit);
        match read {
            Ok(Ok(setup)) => Ok(setup),
            Ok(Err(e)) => Err(Refused::from(e.refusal())),
            Err(e) => {
                tracing::error!(error = %e, "reading a board failed");
                Err(Refused::from(Refusal::StoreFailed))
            }
        }
    }

    /// Reserves a place for a new table under `--max-tables`, counting the tables waiting or
    /// playing and those being created, under the registry's lock: simultaneous creations
    /// cannot all see the last free place. A client's tables waiting or playing count against
    /// `--max-open-tables-per-address` and `--max-open-tables-per-network` too (those being
    /// created by anyone count against every client's, a moment).
    ///
    /// # Errors
    /// [`Refusal::TooManyTables`], [`Refusal::TooManyOpenTables`].
    fn reserve(&self, origin: Option<Client>) -> Result<Place<'_>, Refused> {
        let tables = self.inner.tables.writing();
        let config = &self.inner.config;
        let (mut active, mut mine, mut ours) = (0, 0, 0);
        for entry in tables.values() {
            let Entry::Live(h) = entry else { continue };
            if h.status() == Status::Finished {
                continue;
            }
            active += 1;
            if let (Some(origin), Some(theirs)) = (origin, h.origin) {
                mine += usize::from(origin.address == theirs.address);
                ours += usize::from(origin.network == theirs.network);
            }
        }
        let creating = self.inner.creating.load(Ordering::Acquire);
        if active + creating >= config.max_tables {
            self.inner.metrics.cap_hit(Cap::Tables);
            return Err(Refused::from(Refusal::TooManyTables));
        }
        if let Some(origin) = origin {
            let mut theirs = self.inner.creating_by.locked();
            let (being_mine, being_ours) = theirs.held(origin);
            if mine + being_mine >= config.max_open_tables_per_address {
                self.inner.metrics.cap_hit(Cap::OpenTablesPerAddress);
                return Err(Refused::from(Refusal::TooManyOpenTables));
            }
            if ours + being_ours >= config.max_open_tables_per_network {
                self.inner.metrics.cap_hit(Cap::OpenTablesPerNetwork);
                return Err(Refused::from(Refusal::TooManyOpenTables));
            }
            theirs.take(origin, usize::MAX, usize::MAX);
        }
        self.inner.creating.fetch_add(1, Ordering::AcqRel);
        drop(tables);
        Ok(Place {
            state: self,
            origin,
            taken: false,
        })
    }
}

impl AppState {
    /// Every place under `--max-tables` is taken: when the newcomer's network holds none of the
    /// tables waiting or playing, the oldest waiting table nobody follows of the network holding
    /// the most gives its place (abandoned, as one closed for being idle); true once one did.
    /// A crowd of networks cannot keep someone new from making a table, and no game in play nor
    /// any table someone follows is touched.
    async fn make_room(&self, newcomer: Client) -> bool {
        let candidates = {
            let tables = self.inner.tables.reading();
            let open: Vec<(TableId, &crate::actor::TableHandle, Client)> = tables
                .iter()
                .filter_map(|(id, entry)| match entry {
                    Entry::Live(h) if h.status() != Status::Finished => {
                        h.origin.map(|origin| (*id, h, origin))
                    }
                    _ => None,
                })
                .collect();
            let mut per_network: std::collections::HashMap<std::net::IpAddr, usize> =
                std::collections::HashMap::new();
            for (_, _, origin) in &open {
                *per_network.entry(origin.network).or_default() += 1;
            }
            let held = |network| per_network.get(&network).copied().unwrap_or(0);
            if held(newcomer.network) > 0 {
                return false;
            }
            let mut waiting: Vec<(usize, TableId, mpsc::Sender<TableCmd>)> = open
                .iter()
                .filter(|(_, h, _)| h.status() == Status::Waiting)
                .map(|(id, h, o)| (held(o.network), *id, h.tx.clone()))
                .collect();
            // The network holding the most first, its oldest table (the lowest number) first.
            waiting.sort_unstable_by_key(|&(n, id, _)| (std::cmp::Reverse(n), id));
            waiting.truncate(MAKE_ROOM_TRIES);
            waiting
        };
        for (_, id, tx) in candidates {
            let (reply, answer) = oneshot::channel();
            if tx.send(TableCmd::Yield { reply }).await.is_err() {
                continue;
            }
            if let Ok(Ok(true)) = tokio::time::timeout(MAKE_ROOM_PATIENCE, answer).await {
                self.inner.metrics.made_room();
                tracing::debug!(table = id, "made room for a newcomer's table");
                return true;
            }
        }
        false
    }
}

/// How many waiting tables are asked, one after the other, to give their place to a newcomer's
/// (those followed refuse).
const MAKE_ROOM_TRIES: usize = 16;

/// How long a table asked to give its place has to answer (it writes one event).
const MAKE_ROOM_PATIENCE: std::time::Duration = std::time::Duration::from_secs(2);

/// A place reserved under `--max-tables` (and the client's quotas) for a table being created;
/// given back when the creation fails.
struct Place<'a> {
    state: &'a AppState,
    origin: Option<Client>,
    taken: bool,
}

impl Place<'_> {
    /// The table is in the registry (call under its write lock): it counts there now.
    fn taken(mut self) {
        self.taken = true;
        self.release();
    }

    fn release(&self) {
        self.state.inner.creating.fetch_sub(1, Ordering::AcqRel);
        if let Some(origin) = self.origin {
            self.state.inner.creating_by.locked().give_back(origin);
        }
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        if !self.taken {
            self.release();
        }
    }
}
