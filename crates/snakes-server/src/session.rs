//! One WebSocket connection's conversation, apart from the socket itself.
//!
//! A [`Session`] takes the text of each incoming message and answers through its [`Outbox`];
//! the socket loop in `web.rs` only moves frames. Tests drive a session with plain strings.
//! Every problem with a message (not JSON, an unknown type, too large) is answered with a
//! refusal and the connection stays open, with one exception: a client that goes on sending
//! faster than its rate is told once (`too_many_requests`), its extra messages are dropped
//! unanswered, and once it has sent as many extra messages as a burst allows, the connection
//! is closed (1008): answering each one would let it keep the server busy.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::task::AbortHandle;

use crate::AppState;
use crate::actor::{ConnId, Hearing, Outbox, Seen, TableCmd};
use crate::fair::Standing;
use crate::fair::TokenBucket;
use crate::protocol::{
    Act, Action, ClientMessage, Command, CreateTable, Detail, Others, PROTOCOL, Query, Refusal,
    ServerMessage, TableEvent, TableId,
};
use crate::secret::Secret;
use crate::view::{Refused, to_json};

/// One connection's state: who it is, which table it follows, its rate limit.
pub struct Session {
    state: AppState,
    conn: ConnId,
    out: Outbox,
    watching: Option<TableId>,
    brief: bool,
    /// The language the connection is told everything in, by place in `LOCALES`.
    lang: usize,
    bucket: TokenBucket,
    /// What this connection may still say ([`TALK_RATE`], [`TALK_BURST`]).
    talk_bucket: TokenBucket,
    /// Messages over the rate since the last one within it.
    over: u32,
    /// The client's address (its allowance of new tables).
    peer: Option<IpAddr>,
    /// Sends the lobby's page again whenever the list changes, while the connection shows it:
    /// where the page starts, and the task.
    lobby: Option<(Option<TableId>, AbortHandle)>,
    /// The name it talks with where it holds no seat (watching, in the lobby).
    name: Option<String>,
    /// Forwards what is said in the lobby, while the connection is there.
    talk: Option<AbortHandle>,
    /// Whether the connection holds a seat, for the server's count of who may make room.
    standing: Option<Arc<Standing>>,
    /// The names it used, the latest last (a silence or a ban reaches any of them).
    names: Vec<String>,
    /// The moderator it signed in as.
    moderator: Option<SignedIn>,
    /// The member whose session the browser sent when it connected, and the session's hash.
    member: Option<(crate::store::Member, String)>,
    /// The members the member signed in blocks, by id and name...
    blocks: Vec<(i64, String)>,
    /// ...and by id, shared with the places that send the connection what is said, which
    /// send it nothing they say.
    blocked: crate::talk::Blocked,
    /// Keys given that were not a moderator's.
    bad_keys: u32,
    /// The connection said hello (a moderator by account is told so in its language).
    greeted: bool,
    /// The silence it was told of last.
    silence_told: Option<i64>,
    /// The connection is to be closed after the message at hand.
    closing: Option<Close>,
}

/// A moderator signed in on a connection.
struct SignedIn {
    /// Their name, as granted.
    name: String,
    /// How they hold the role: a revoke (or, for a key, a new grant) takes their power at
    /// their next action, on every server, because the store no longer holds it.
    held: Held,
    /// The task that tells them of each report.
    reports: AbortHandle,
}

impl Drop for SignedIn {
    fn drop(&mut self) {
        self.reports.abort();
    }
}

/// How a moderator signed in on a connection holds the role.
enum Held {
    /// By the key they gave: its hash.
    Key(String),
    /// As the member signed in, whose account's name was granted the role: no key.
    Account,
}

/// A close code and reason: the session wants the connection closed.
pub type Close = (u16, &'static str);

/// Messages a second one person may say, sustained (a person typing says far fewer)...
pub const TALK_RATE: f64 = 1.0;
/// ...and at once.
pub const TALK_BURST: f64 = 5.0;

/// Names a connection is remembered by, for the silences and bans.
const NAMES: usize = 8;

/// Keys that are not a moderator's a connection may give before it is closed.
const BAD_KEYS: u32 = 5;

/// How long the lobby's list waits after a change for more (a table created with its bots),
/// so that a burst is sent as one list.
const LOBBY_SETTLE: Duration = Duration::from_millis(150);

impl Session {
    /// A new conversation that answers through `out`.
    pub fn new(state: AppState, out: Outbox) -> Session {
        let config = state.config();
        let bucket = TokenBucket::new(config.rate_per_sec, config.rate_burst, config.clock.now());
        let talk_bucket = TokenBucket::new(TALK_RATE, TALK_BURST, config.clock.now());
        Session {
            conn: state.next_conn(),
            state,
            out,
            watching: None,
            brief: false,
            lang: 0,
            bucket,
            talk_bucket,
            over: 0,
            peer: None,
            lobby: None,
            name: None,
            talk: None,
            standing: None,
            names: Vec::new(),
            moderator: None,
            member: None,
            blocks: Vec::new(),
            blocked: crate::talk::Blocked::default(),
            bad_keys: 0,
            greeted: false,
            silence_told: None,
            closing: None,
        }
    }

    /// The same conversation, telling `standing` whether it holds a seat.
    #[must_use]
    pub fn standing(mut self, standing: Option<Arc<Standing>>) -> Session {
        self.standing = standing;
        self
    }

    /// Notes whether the connection holds a seat: one that does never makes room for a
    /// newcomer when the server is full.
    fn seated(&self, seated: bool) {
        if let Some(standing) = &self.standing {
            standing.set_seated(seated);
        }
    }

    /// Sends the lobby's page after `after` now, and again whenever the list changes, until
    /// the connection asks for another page, follows a table or closes.
    ///
    /// # Errors
    /// [`crate::protocol::Refusal::StoreFailed`] when the page reaches finished tables the
    /// store cannot give.
    async fn follow_lobby(&mut self, after: Option<TableId>) -> Result<(), Refused> {
        self.leave_lobby();
        let mut changes = self.state.lobby_changes();
        changes.borrow_and_update();
        let page = self.state.lobby_message(after, self.lang).await?;
        self.send(&page).await;
        let (state, out, lang) = (self.state.clone(), self.out.clone(), self.lang);
        let task = tokio::spawn(async move {
            while changes.changed().await.is_ok() {
                tokio::time::sleep(LOBBY_SETTLE).await;
                changes.borrow_and_update();
                // A store that cannot be read now is asked again at the next change.
                let Ok(page) = state.lobby_json(after, lang).await else {
                    continue;
                };
                // A follower that does not read falls behind and is closed.
                if !out.offer(page) {
                    break;
                }
            }
        });
        self.lobby = Some((after, task.abort_handle()));
        Ok(())
    }

    fn leave_lobby(&mut self) {
        if let Some((_, task)) = self.lobby.take() {
            task.abort();
        }
    }

    /// The same conversation with a client at `peer` (whose allowance of new tables it spends).
    #[must_use]
    pub fn from_address(mut self, peer: Option<IpAddr>) -> Session {
        self.peer = peer;
        self
    }

    /// The connection is signed in as `member`, by the session whose hash is given: it may go
    /// by the member's name.
    pub fn member(mut self, member: Option<(crate::store::Member, String)>) -> Session {
        self.member = member;
        self
    }

    /// Whether the connection is signed in as a member.
    pub fn signed_in(&self) -> bool {
        self.member.is_some()
    }

    /// The member signed in on the connection, by id.
    fn member_id(&self) -> Option<i64> {
        self.member.as_ref().map(|(m, _)| m.id)
    }

    /// Reads whom the member signed in blocks (none for a guest), as the connection comes. A
    /// store that cannot say leaves the list as it was.
    pub async fn read_blocks(&mut self) {
        let Some(id) = self.member_id() else {
            self.set_blocks(Vec::new());
            return;
        };
        match self.state.store().blocked(id).await {
            Ok(blocks) => self.set_blocks(blocks),
            Err(e) => tracing::warn!(error = %e, "a member's blocks could not be read"),
        }
    }

    /// Reads again whom the member blocks, after their account changed (on this server or
    /// another): each block or unblock made elsewhere, from another device of theirs, is told
    /// here as it was told there.
    async fn blocks_changed(&mut self) {
        let before = std::mem::take(&mut self.blocks);
        self.read_blocks().await;
        if self.member.is_none() {
            return;
        }
        let now = self.blocks.clone();
        let added = now
            .iter()
            .filter(|b| !before.contains(b))
            .map(|b| (b, true));
        let gone = before
            .iter()
            .filter(|b| !now.contains(b))
            .map(|b| (b, false));
        for ((id, name), block) in added.chain(gone) {
            // A member whose account was deleted is no longer blocked, nor unblocked.
            if !block && matches!(self.state.store().member(*id).await, Ok(None)) {
                continue;
            }
            self.tell_blocks(name, block).await;
        }
    }

    /// Whom the member blocks, from now on.
    fn set_blocks(&mut self, blocks: Vec<(i64, String)>) {
        self.blocked
            .set(&blocks.iter().map(|(id, _)| *id).collect::<Vec<_>>());
        self.blocks = blocks;
    }

    /// Tells the connection whom the member blocks now, after they blocked `name` (`block`)
    /// or unblocked them.
    async fn tell_blocks(&self, name: &str, block: bool) {
        let id = if block {
            "member-blocked"
        } else {
            "member-unblocked"
        };
        let line = snakes_text::Catalogue::shipped(self.lang).format(id, &[("name", name.into())]);
        let names = self.blocks.iter().map(|(_, name)| name.clone()).collect();
        self.send(&ServerMessage::Blocks { names, line }).await;
    }

    /// The member signed in blocks the member named `name`, or unblocks them; told in words,
    /// with whom they block now (and so are the member's other connections, on every
    /// server).
    async fn block(&mut self, name: &str, block: bool) -> Result<(), Refused> {
        let me = self.member_id().ok_or(Refusal::NotSignedIn)?;
        let (name, blocks) = self.state.block(me, name, block).await?;
        self.set_blocks(blocks);
        self.tell_blocks(&name, block).await;
        Ok(())
    }

    /// Member `id` changed (none: some members, the connection missed which): a connection
    /// signed in as them reads its session and its blocks again, and one whose session ended is told and
    /// goes on as a guest's. A store that cannot say leaves it as it was.
    pub async fn member_changed(&mut self, id: Option<i64>) {
        let Some((member, session)) = &self.member else {
            return;
        };
        if id.is_some_and(|id| id != member.id) {
            return;
        }
        match self
            .state
            .store()
            .session_member(session, crate::state::moderation::now_ms())
            .await
        {
            Ok(Some(now)) => {
                let session = session.clone();
                self.member = Some((now, session));
                self.blocks_changed().await;
            }
            Ok(None) => {
                self.member = None;
                self.set_blocks(Vec::new());
                if matches!(
                    &self.moderator,
                    Some(SignedIn {
                        held: Held::Account,
                        ..
                    })
                ) {
                    self.moderator = None;
                }
                let line =
                    snakes_text::Catalogue::shipped(self.lang).format("notice-signed-out", &[]);
                self.send(&ServerMessage::SignedOut { line }).await;
            }
            Err(e) => tracing::warn!(error = %e, "a member's session could not be read again"),
        }
    }

    /// The table this connection follows.
    pub fn watching(&self) -> Option<TableId> {
        self.watching
    }

    /// Whether the connection follows something, a table or the lobby: it is not idle then,
    /// however long it says nothing.
    pub fn follows(&self) -> bool {
        self.watching.is_some() || self.lobby.is_some()
    }

    async fn send(&self, message: &ServerMessage) {
        // A message that does not fit the queue means the client does not read what it asks
        // for: the connection has fallen behind and is closed (1013). A closed queue means it
        // is going away; nothing more to say either way.
        self.out.offer(to_json(message));
    }

    /// Sends a refusal, worded here, once, in the connection's language.
    async fn refuse(&self, refused: impl Into<Refused>) {
        let refused = refused.into();
        self.state.metrics().refused(refused.refusal.code());
        let message = refused.to_message(self.state.narrator(self.lang));
        self.send(&message).await;
    }

    /// Takes the language `tag` for the connection from now on; an unknown one is refused
    /// (naming the languages there are) and the connection keeps the one it had.
    async fn set_locale(&mut self, tag: &str) {
        match self.state.language(tag) {
            Ok(lang) => self.lang = lang,
            Err(r) => self.refuse(r).await,
        }
    }

    /// Answers a binary frame: not part of the protocol. Counts against the rate like any
    /// message.
    pub async fn handle_binary(&mut self) -> Option<Close> {
        if let Some(flow) = self.over_rate().await {
            return flow;
        }
        self.refuse(Refusal::BadMessage {
            detail: Detail::BinaryFrame,
        })
        .await;
        None
    }

    /// Counts a ping or pong frame against the rate like any message: the WebSocket layer
    /// answers a ping by itself, so a flood of them would otherwise cost the server a pong
    /// each, unchecked. Its answer over the rate is the same as a message's.
    pub async fn handle_control(&mut self) -> Option<Close> {
        self.over_rate().await.flatten()
    }

    /// Takes a message from the rate's allowance: `None` when it is within it; otherwise what
    /// to do about it (the first message over is answered, the next are dropped, and a client
    /// that goes on is disconnected with 1008).
    async fn over_rate(&mut self) -> Option<Option<Close>> {
        if self.bucket.take(self.state.config().clock.now()) {
            self.over = 0;
            return None;
        }
        self.over += 1;
        if self.over == 1 {
            self.state.metrics().cap_hit(crate::metrics::Cap::Rate);
            self.refuse(Refusal::TooManyRequests).await;
        }
        let patience = self.state.config().rate_burst.max(1.0) as u32;
        Some((self.over > patience).then_some((1008, "too many messages")))
    }

    /// Handles one text message; `Some` when the connection is to be closed.
    pub async fn handle_text(&mut self, text: &str) -> Option<Close> {
        if let Some(flow) = self.over_rate().await {
            return flow;
        }
        let message = serde_json::from_str::<ClientMessage>(text);
        // Only a table's creation may be larger (its board): the WebSocket layer stops
        // anything over that.
        let limit = self.state.config().max_message_bytes;
        if text.len() > limit && !matches!(message, Ok(ClientMessage::Create(_))) {
            self.refuse(Refusal::TooLarge { limit }).await;
            return None;
        }
        let message = match message {
            Ok(m) => m,
            Err(e) => {
                self.refuse(Refusal::BadMessage {
                    detail: Detail::Text(e.to_string()),
                })
                .await;
                return None;
            }
        };
        if let Err(r) = self.dispatch(message).await {
            self.refuse(r).await;
        }
        self.closing.take()
    }

    /// The sanctions in force changed (or the connection just opened): a ban that reaches it
    /// is told, and the connection is to be closed; a silence that reaches it is told once.
    pub async fn sanctions_changed(&mut self) -> Option<Close> {
        // A moderator signed in is never reached: a silence by address must not silence the
        // moderator who shares it (a school, a household, a test machine). The store failing
        // to say whether they still are keeps them as they were.
        if self.moderator.is_some() && !matches!(self.still_moderator().await, Ok(None)) {
            return None;
        }
        let moderation = self.state.moderation();
        if let Some(ban) = moderation.banned(&self.names, self.peer) {
            let line = snakes_text::Catalogue::shipped(self.lang).format(
                "notice-banned",
                &[
                    ("until", snakes_text::moderation::utc(ban.until).into()),
                    ("reason", ban.reason.as_str().into()),
                ],
            );
            self.send(&ServerMessage::Notice { line }).await;
            return Some((1008, "banned"));
        }
        if let Some(silence) = moderation.silenced(&self.names, self.peer)
            && self.silence_told != Some(silence.id)
        {
            self.silence_told = Some(silence.id);
            let line = snakes_text::Catalogue::shipped(self.lang).format(
                "notice-silenced",
                &[
                    ("until", snakes_text::moderation::utc(silence.until).into()),
                    ("reason", silence.reason.as_str().into()),
                    ("why", snakes_text::moderation::why(&silence.reason).into()),
                ],
            );
            self.send(&ServerMessage::Notice { line }).await;
        } else if self.silence_told.is_some()
            && moderation.silenced(&self.names, self.peer).is_none()
        {
            // Lifted, or run out and noticed at this change.
            self.silence_told = None;
            let line = snakes_text::Catalogue::shipped(self.lang).format("notice-unsilenced", &[]);
            self.send(&ServerMessage::Notice { line }).await;
        }
        None
    }

    /// The connection goes by `name` (to talk, to sit): refused when a ban reaches it, or when
    /// the name is a member's and the connection is not signed in as that member;
    /// remembered, with its address, for the silences and bans.
    async fn goes_by(&mut self, name: &str) -> Result<(), Refused> {
        let me = self.member.as_ref().map(|(m, _)| m.id);
        self.state.name_free_for(name, me).await?;
        let moderation = self.state.moderation();
        if let Some(ban) = moderation.banned(&[name.to_string()], self.peer) {
            return Err(Refusal::Banned {
                until: ban.until,
                reason: ban.reason,
            }
            .into());
        }
        moderation.saw(name, self.peer);
        self.names.retain(|n| n != name);
        if self.names.len() == NAMES {
            self.names.remove(0);
        }
        self.names.push(name.to_string());
        Ok(())
    }

    /// Signs the connection in as the moderator `name`: from now on it is told of each
    /// report. A key that is not theirs is refused, and after [`BAD_KEYS`] of them the
    /// connection is closed.
    async fn sign_in(&mut self, name: &str, key: &str) -> Result<(), Refused> {
        if !self.state.moderator_key_matches(name, key).await? {
            self.bad_keys += 1;
            if self.bad_keys >= BAD_KEYS {
                self.closing = Some((1008, "too many wrong keys"));
            }
            return Err(Refusal::BadKey.into());
        }
        let held = Held::Key(crate::moderators::hash_key(key));
        self.moderate_as(name, held).await
    }

    /// A member signed in whose account's name holds the moderator's role is that moderator
    /// on this connection, without a key (told `moderating`), until the role is revoked or
    /// they sign out. A store that cannot say leaves the connection as it was.
    async fn moderator_by_account(&mut self) {
        let Some((member, _)) = &self.member else {
            return;
        };
        if self.moderator.is_some() {
            return;
        }
        let name = member.name.clone();
        if let Ok(Some(_)) = self.state.store().moderator_key(&name).await
            && let Err(r) = self.moderate_as(&name, Held::Account).await
        {
            self.refuse(r).await;
        }
    }

    /// The moderators changed (or the sanctions: one notification tells of both): a member
    /// signed in who was just granted the role takes it, once the connection said hello.
    pub async fn roles_changed(&mut self) {
        if self.greeted {
            self.moderator_by_account().await;
        }
    }

    /// The connection acts as the moderator `name` from now on, holding the role as `held`:
    /// told so, with how many reports wait, and of each report as it comes.
    async fn moderate_as(&mut self, name: &str, held: Held) -> Result<(), Refused> {
        // Signing in again (as another moderator, say) ends the first one's reports.
        self.moderator = None;
        let reports = self
            .state
            .store()
            .reports(true)
            .await
            .map_err(|_| Refusal::StoreFailed)?
            .len();
        let words = snakes_text::Catalogue::shipped(self.lang);
        let line = words.format(
            "mod-signed-in",
            &[("name", name.into()), ("reports", reports.into())],
        );
        self.send(&ServerMessage::Moderating {
            name: name.to_string(),
            line,
        })
        .await;
        // Each report from now on, as it comes.
        let mut rx = self.state.moderation().reports();
        let out = self.out.clone();
        let task = tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            loop {
                let report = match rx.recv().await {
                    Ok(report) => report,
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => break,
                };
                let line = words.format(
                    "mod-report-came",
                    &[
                        ("by", report.by.as_str().into()),
                        ("name", report.whom.as_str().into()),
                        ("reason", report.reason.as_str().into()),
                    ],
                );
                if !out.offer(to_json(&ServerMessage::Moderated { line })) {
                    break;
                }
            }
        });
        self.moderator = Some(SignedIn {
            name: name.to_string(),
            held,
            reports: task.abort_handle(),
        });
        Ok(())
    }

    /// A moderator's action, at the table followed or in the lobby.
    async fn moderate(&mut self, action: crate::protocol::Moderate) -> Result<(), Refused> {
        let Some(by) = self.still_moderator().await? else {
            return Err(Refusal::NotModerator.into());
        };
        let answer = self
            .state
            .moderate(&by, action, self.watching, self.lang)
            .await?;
        self.send(&answer).await;
        Ok(())
    }

    /// The moderator the connection signed in as, if they still hold the role: with the key
    /// they gave, or as the member still signed in; one whose role was revoked (or whose key
    /// was replaced, or who signed out) is signed out here.
    async fn still_moderator(&mut self) -> Result<Option<String>, Refused> {
        let Some(signed) = &self.moderator else {
            return Ok(None);
        };
        let stored = self
            .state
            .store()
            .moderator_key(&signed.name)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        let holds = match (&signed.held, stored) {
            (Held::Key(hash), Some(stored)) => *hash == stored,
            (Held::Account, Some(_)) => self
                .member
                .as_ref()
                .is_some_and(|(m, _)| m.name == signed.name),
            (_, None) => false,
        };
        if holds {
            return Ok(Some(signed.name.clone()));
        }
        self.moderator = None;
        Ok(None)
    }

    /// Reports `name` to the moderators, from where the connection is.
    async fn report(&mut self, name: &str, reason: &str) -> Result<(), Refused> {
        let reporter = self.names.last().cloned().ok_or(Refusal::NoName)?;
        self.state
            .report(&reporter, name, reason, self.watching)
            .await?;
        let line = snakes_text::Catalogue::shipped(self.lang)
            .format("mod-reported", &[("name", name.into())]);
        self.send(&ServerMessage::Reported { line }).await;
        Ok(())
    }

    /// Answers one message: a table's command goes to its table as it is; the others are the
    /// session's own.
    async fn dispatch(&mut self, message: ClientMessage) -> Result<(), Refused> {
        match message {
            ClientMessage::Act(act) => self.act(act).await?,
            ClientMessage::Hello { protocol, locale } => self.hello(protocol, locale).await?,
            ClientMessage::ListTables { after } => {
                self.seated(false);
                self.follow_lobby(after).await?;
                self.talk_in_lobby();
            }
            ClientMessage::Create(create) => self.create(create).await?,
            ClientMessage::Watch {
                table,
                token,
                since,
                heard,
                brief,
                locale,
                others,
            } => {
                let seen = Seen { since, heard };
                self.watch(table, token, seen, (brief, others), locale)
                    .await?;
            }
            ClientMessage::Query {
                table,
                query,
                square,
            } => self.query(table, query, square).await?,
            ClientMessage::SetBrief { brief } => {
                self.brief = brief;
                let conn = self.conn;
                self.tell_table(TableCmd::SetBrief { conn, brief }).await;
            }
            ClientMessage::SetLocale { locale } => self.change_locale(&locale).await?,
            ClientMessage::SetOthers { others } => {
                let conn = self.conn;
                self.tell_table(TableCmd::SetOthers { conn, others }).await;
            }
            ClientMessage::Say { text } => self.say(&text).await?,
            ClientMessage::SetName { name } => self.set_name(&name).await?,
            ClientMessage::Moderator { name, key } => self.sign_in(&name, &key).await?,
            ClientMessage::Moderate { action } => self.moderate(action).await?,
            ClientMessage::Report { name, reason } => self.report(&name, &reason).await?,
            ClientMessage::Block { name } => self.block(&name, true).await?,
            ClientMessage::Unblock { name } => self.block(&name, false).await?,
        }
        Ok(())
    }

    /// A new table, this connection seated at it as its host.
    async fn create(&mut self, create: CreateTable) -> Result<(), Refused> {
        self.goes_by(&create.name).await?;
        let conn = Some(self.conn);
        let created = self
            .state
            .create_from(create, self.peer, self.lang, conn)
            .await?;
        self.seated(true);
        self.played_at(created.table, created.seat).await;
        self.send(&ServerMessage::Seated {
            table: created.table,
            seat: created.seat,
            token: created.token,
            text: created.text,
        })
        .await;
        Ok(())
    }

    /// A question about table `table`, answered in this connection's words.
    async fn query(
        &mut self,
        table: TableId,
        query: Query,
        square: Option<u64>,
    ) -> Result<(), Refused> {
        let (conn, lang) = (self.conn, self.lang);
        let lines = self
            .state
            .ask(table, |reply| TableCmd::Query {
                conn,
                query,
                lang,
                square,
                reply,
            })
            .await?;
        self.send(&ServerMessage::Answer {
            table,
            query,
            lines,
        })
        .await;
        Ok(())
    }

    /// The connection's language changed: the table, the lobby's page and its talk from now on
    /// in the new one.
    async fn change_locale(&mut self, locale: &str) -> Result<(), Refused> {
        self.set_locale(locale).await;
        let (conn, lang) = (self.conn, self.lang);
        self.tell_table(TableCmd::SetLocale { conn, lang }).await;
        if let Some((after, _)) = self.lobby {
            // The page again, in the new language, and from now on.
            self.follow_lobby(after).await?;
        }
        if let Some(task) = self.talk.take() {
            // What is said in the lobby from now on, in the new language.
            task.abort();
            let rx = self.state.lobby_talk().listen();
            self.forward_lobby_talk(rx);
        }
        Ok(())
    }

    /// Has a table do a command for this connection. A seat taken is answered with its token
    /// and what the seat means; everything else the table tells every listener.
    async fn act(&mut self, mut act: Act) -> Result<(), Refused> {
        let table = act.table;
        // A seat's secret, from the operating system: the table keeps its hash, the one who
        // joins gets the token.
        if let Action::Join { name, .. } = &act.action {
            let name = name.clone();
            self.goes_by(&name).await?;
            // Who was blocked by a member there is not told why (nor by whom).
            if let Some(me) = self.member_id()
                && !self.state.may_join(me, table).await
            {
                return Err(Refusal::NotOpenToYou.into());
            }
        }
        let token = match &mut act.action {
            Action::Join { secret, .. } => {
                let (made, token) = Secret::random();
                *secret = made;
                Some(token)
            }
            _ => None,
        };
        let command = Command::Act(act);
        let events = self
            .state
            .act(table, command, Some(self.conn), self.lang)
            .await?;
        if let Some(token) = token {
            self.seated(true);
            let seat = TableEvent::joined_seat(&events).unwrap_or_default();
            self.played_at(table, seat).await;
            let text = self.state.narrator(self.lang).seated_joined(table, seat);
            self.send(&ServerMessage::Seated {
                table,
                seat,
                token,
                text,
            })
            .await;
        }
        Ok(())
    }

    /// A member signed in took seat `seat` at `table`: it is one of their games. A store that
    /// cannot write it loses that line of their list, never the seat.
    async fn played_at(&self, table: TableId, seat: usize) {
        let Some((member, _)) = &self.member else {
            return;
        };
        // A table has at most four seats.
        let seat = u32::try_from(seat).unwrap_or(u32::MAX);
        if let Err(e) = self
            .state
            .store()
            .add_member_table(member.id, table, seat)
            .await
        {
            tracing::warn!(error = %e, table, "a member's game could not be listed");
        }
    }

    /// Answers `hello`: the connection's language, if given, and the server's limits.
    async fn hello(&mut self, protocol: u32, locale: Option<String>) -> Result<(), Refused> {
        if let Some(tag) = locale {
            self.set_locale(&tag).await;
        }
        if protocol != PROTOCOL {
            return Err(Refusal::BadMessage {
                detail: Detail::Protocol {
                    server: PROTOCOL,
                    client: protocol,
                },
            }
            .into());
        }
        let config = self.state.config();
        self.send(&ServerMessage::Hello {
            protocol: PROTOCOL,
            server: env!("CARGO_PKG_VERSION").to_string(),
            max_message_bytes: config.max_message_bytes,
            max_create_bytes: config.max_create_bytes(),
            servers: self.state.peers(),
            beat_ms: config.beat.as_millis() as u64,
        })
        .await;
        self.greeted = true;
        self.moderator_by_account().await;
        Ok(())
    }

    /// Follows `table` from now on (and no other), speaking for the seat of `token`, after the
    /// events the client has `seen`, in brief sentences or not and hearing so much of the
    /// `others`' moves. A long log comes in pages.
    async fn watch(
        &mut self,
        table: TableId,
        token: Option<String>,
        seen: Seen,
        (brief, others): (bool, Others),
        locale: Option<String>,
    ) -> Result<(), Refused> {
        let state = self.state.clone();
        // Check the table exists before leaving the one followed now.
        state.find(table).await?;
        if let Some(tag) = locale {
            self.set_locale(&tag).await;
        }
        let lang = self.lang;
        self.leave_lobby();
        self.leave_lobby_talk();
        self.unwatch().await;
        self.brief = brief;
        let conn = self.conn;
        let out = self.out.clone();
        // A page that holds a seat's token comes back to it.
        let seated = token.is_some();
        let mut more = state
            .ask(table, |reply| TableCmd::Watch {
                conn,
                token,
                seen,
                hearing: Hearing {
                    brief,
                    lang,
                    others,
                    name: self.name.clone(),
                    member: self.member_id(),
                    blocked: self.blocked.clone(),
                },
                out,
                reply,
            })
            .await?;
        self.watching = Some(table);
        self.seated(seated);
        // A long log comes in pages, each once the connection has taken nearly all of what was
        // queued: a client that does not read holds a few pages, not the whole log.
        while more {
            if !self.out.room().await {
                break;
            }
            let Some(handle) = state.live(table) else {
                break;
            };
            let (reply, answer) = tokio::sync::oneshot::channel();
            if handle
                .tx
                .send(TableCmd::More { conn, reply })
                .await
                .is_err()
            {
                break;
            }
            more = answer.await.unwrap_or(false);
        }
        Ok(())
    }

    /// Tells the table this connection follows, if it runs, of a change of its settings.
    async fn tell_table(&self, cmd: TableCmd) {
        if let Some(table) = self.watching
            && let Some(handle) = self.state.live(table)
        {
            let _ = handle.tx.send(cmd).await;
        }
    }

    async fn unwatch(&mut self) {
        if let Some(table) = self.watching.take()
            && let Some(handle) = self.state.live(table)
        {
            let _ = handle.tx.send(TableCmd::Unwatch { conn: self.conn }).await;
        }
    }

    /// Ends the conversation: the table stops sending and counts the seat as disconnected.
    pub async fn close(mut self) {
        self.leave_lobby();
        self.leave_lobby_talk();
        self.unwatch().await;
    }

    /// Says `text` to the others: at the table followed, else in the lobby.
    async fn say(&mut self, text: &str) -> Result<(), Refused> {
        let text = snakes_text::talk::check_text(text)
            .map_err(|detail| Refused::from(Refusal::BadText { detail }))?;
        if let Some(silence) = self
            .state
            .moderation()
            .silenced(&self.names, self.peer)
            .filter(|_| self.moderator.is_none())
        {
            return Err(Refusal::Silenced {
                until: silence.until,
                reason: silence.reason,
            }
            .into());
        }
        if !self.talk_bucket.take(self.state.config().clock.now()) {
            return Err(Refusal::TalkTooFast.into());
        }
        if !self.state.may_talk(self.watching, self.peer) {
            return Err(Refusal::NetworkTalkTooFast.into());
        }
        if let Some(table) = self.watching {
            let (conn, name) = (self.conn, self.name.clone());
            return self
                .state
                .ask(table, |reply| TableCmd::Say {
                    conn,
                    name,
                    text,
                    reply,
                })
                .await;
        }
        self.talk_in_lobby();
        self.state
            .lobby_talk()
            .say(self.conn, self.name.as_deref(), self.member_id(), text)
            .map_err(Refused::from)
    }

    /// Takes the name `name` for talking where the connection holds no seat: checked as a
    /// seat's name is, and taken at the table followed, or in the lobby; answered by `named`.
    async fn set_name(&mut self, name: &str) -> Result<(), Refused> {
        let bad = |detail| Refused::from(Refusal::BadName { detail });
        let name = snakes_text::names::check_name(name).map_err(bad)?;
        snakes_text::names::check_heard_everywhere(&name).map_err(bad)?;
        self.goes_by(&name).await?;
        if let Some(table) = self.watching {
            let (conn, wanted) = (self.conn, name.clone());
            self.state
                .ask(table, |reply| TableCmd::SetName {
                    conn,
                    name: wanted,
                    reply,
                })
                .await?;
        } else if self.talk.is_some() {
            self.state.lobby_talk().claim(self.conn, &name)?;
        }
        self.name = Some(name.clone());
        self.send(&ServerMessage::Named { name }).await;
        Ok(())
    }

    /// Comes to the lobby's talk, once: takes the connection's name there if nobody has it,
    /// sends what was said before, and from now on what is said, in the connection's words.
    fn talk_in_lobby(&mut self) {
        if self.talk.is_some() {
            return;
        }
        let (earlier, rx) = self
            .state
            .lobby_talk()
            .enter(self.conn, self.name.as_deref());
        let catalogue = snakes_text::Catalogue::shipped(self.lang);
        for spoken in earlier.iter().filter(|s| !self.blocked.hides(s)) {
            let said = spoken.heard(&catalogue, spoken.from == self.conn);
            let message = ServerMessage::Said {
                table: None,
                said,
                earlier: true,
            };
            // A queue full at once is a connection that reads nothing: its table or the
            // lobby's list will close it.
            if !self.out.offer(to_json(&message)) {
                break;
            }
        }
        self.forward_lobby_talk(rx);
    }

    fn forward_lobby_talk(
        &mut self,
        mut rx: tokio::sync::broadcast::Receiver<std::sync::Arc<crate::talk::Spoken>>,
    ) {
        let (out, conn) = (self.out.clone(), self.conn);
        let catalogue = snakes_text::Catalogue::shipped(self.lang);
        let clock = self.state.config().clock.clone();
        let blocked = self.blocked.clone();
        let task = tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            // What a crowd says is sent within a rate; the rest counted in one line.
            let mut ear = crate::talk::Ear::new(clock.now(), blocked);
            loop {
                let spoken = tokio::select! {
                    spoken = rx.recv() => match spoken {
                        Ok(spoken) => spoken,
                        // Fallen behind: the oldest were dropped, counted; the rest follow.
                        Err(RecvError::Lagged(n)) => {
                            ear.missed(n, clock.now());
                            continue;
                        }
                        Err(RecvError::Closed) => break,
                    },
                    () = clock.sleep_until(ear.due()) => {
                        match ear.unheard(None, &catalogue, clock.now()) {
                            Some(line) if !out.offer(to_json(&line)) => break,
                            _ => continue,
                        }
                    }
                };
                let you = spoken.from == conn;
                if spoken.removed {
                    let message = ServerMessage::Unsaid {
                        table: None,
                        n: spoken.n,
                        line: catalogue.format("mod-message-removed", &[]),
                    };
                    if !out.offer(to_json(&message)) {
                        break;
                    }
                    continue;
                }
                if !ear.hear(&spoken, you, false, clock.now()) {
                    continue;
                }
                let message = ServerMessage::Said {
                    table: None,
                    said: spoken.heard(&catalogue, you),
                    earlier: false,
                };
                // A listener that does not read falls behind and is closed.
                if !out.offer(to_json(&message)) {
                    break;
                }
            }
        });
        self.talk = Some(task.abort_handle());
    }

    /// Leaves the lobby's talk: no more of it is sent, and the name is free there.
    fn leave_lobby_talk(&mut self) {
        if let Some(task) = self.talk.take() {
            task.abort();
            self.state.lobby_talk().leave(self.conn);
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.leave_lobby();
        self.leave_lobby_talk();
    }
}
