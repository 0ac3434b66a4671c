//! Moderation on this server: the silences and bans in force, read from the store and watched
//! by every connection (a ban closes the connections it reaches at once, a silence is told to
//! the person); the address each name was last seen from, so that a silence reaches a troll
//! who takes another name; a moderator's actions, each written to the store with its entry in
//! the log before anyone hears of it; and the reports, told to the moderators of every server.
//!
//! With several servers on one PostgreSQL, a sanction's write notifies the others (`m`) and a
//! report too (`p`); each reads the sanctions in force again, or the reports waiting
//! (`state/cluster.rs`). With SQLite there is one server, which tells itself.
//!
//! The key a moderator signs in with is `moderators.rs`'s; the store's rows are
//! `store/moderation.rs`'s; what each action means for the people concerned is
//! `docs/serve.md`, "Moderation".

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use snakes_text::Catalogue;
use snakes_text::moderation::{utc, why};
use snakes_text::names::same_name;
use tokio::sync::{broadcast, watch};

use crate::locks::Lock;
use crate::protocol::{BanScope, ListKind, ListLine, Moderate, Refusal, ServerMessage, TableId};
use crate::store::{LogEntry, Report, Sanction, SanctionKind};
use crate::view::Refused;

/// The longest silence, in minutes: 30 days.
pub const MOST_SILENCE_MINUTES: u32 = 43_200;
/// The longest ban, in hours: a year.
pub const MOST_BAN_HOURS: u32 = 8_760;
/// A page of the log.
pub const LOG_PAGE: usize = 50;
/// Names whose last address is remembered; past this many the oldest are forgotten at once.
const SEEN: usize = 100_000;

/// The server's moderation: see the module's documentation.
#[derive(Debug)]
pub struct Moderation {
    /// The silences and bans in force, as last read from the store.
    sanctions: watch::Sender<Arc<Vec<Sanction>>>,
    /// The address each name (lower case) was last seen from.
    seen: Mutex<HashMap<String, IpAddr>>,
    /// The reports, as they come, for the moderators signed in here.
    reports: broadcast::Sender<Arc<Report>>,
    /// The newest report told to them.
    told: AtomicI64,
}

impl Default for Moderation {
    fn default() -> Moderation {
        Moderation {
            sanctions: watch::channel(Arc::new(Vec::new())).0,
            seen: Mutex::default(),
            reports: broadcast::channel(64).0,
            told: AtomicI64::new(0),
        }
    }
}

/// Now, in milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// `ip` as IPv4 when it is IPv4 written as IPv6 (`::ffff:a.b.c.d`).
fn plain(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// What a ban of `scope` around `ip` covers, as CIDR text: the address (an IPv4 address, an
/// IPv6 /64, a subscriber's) or the network (an IPv4 /24, an IPv6 /48).
pub fn cidr(ip: IpAddr, scope: BanScope) -> String {
    let ip = plain(ip);
    let (v4, v6) = match scope {
        BanScope::Network => (24, 48),
        BanScope::Address | BanScope::Name => (32, 64),
    };
    let prefix = if ip.is_ipv4() { v4 } else { v6 };
    format!("{}/{prefix}", crate::fair::masked(ip, v4, v6))
}

/// Whether `network` (CIDR text, as [`cidr`] writes it) holds `ip`.
pub fn covers(network: &str, ip: IpAddr) -> bool {
    let Some((address, prefix)) = network.split_once('/') else {
        return false;
    };
    let (Ok(address), Ok(prefix)) = (address.parse::<IpAddr>(), prefix.parse::<u8>()) else {
        return false;
    };
    let ip = plain(ip);
    address.is_ipv4() == ip.is_ipv4() && crate::fair::masked(ip, prefix, prefix) == address
}

impl Sanction {
    /// Whether it holds at `now` for someone talking or playing as one of `names`, from `peer`.
    fn reaches(&self, names: &[String], peer: Option<IpAddr>, now: i64) -> bool {
        self.until > now
            && (self
                .name
                .as_deref()
                .is_some_and(|n| names.iter().any(|m| same_name(n, m)))
                || self
                    .network
                    .as_deref()
                    .zip(peer)
                    .is_some_and(|(net, ip)| covers(net, ip)))
    }
}

impl Moderation {
    /// The silence of someone talking as one of `names` from `peer`, if one holds now.
    pub fn silenced(&self, names: &[String], peer: Option<IpAddr>) -> Option<Sanction> {
        self.find(SanctionKind::Silence, names, peer)
    }

    /// The ban of someone called one of `names`, or at `peer`, if one holds now.
    pub fn banned(&self, names: &[String], peer: Option<IpAddr>) -> Option<Sanction> {
        self.find(SanctionKind::Ban, names, peer)
    }

    fn find(&self, kind: SanctionKind, names: &[String], peer: Option<IpAddr>) -> Option<Sanction> {
        let now = now_ms();
        self.sanctions
            .borrow()
            .iter()
            .filter(|s| s.kind == kind)
            .find(|s| s.reaches(names, peer, now))
            .cloned()
    }

    /// A receiver that changes whenever the sanctions in force do.
    pub fn changes(&self) -> watch::Receiver<Arc<Vec<Sanction>>> {
        self.sanctions.subscribe()
    }

    /// The reports from now on, for a moderator signed in.
    pub fn reports(&self) -> broadcast::Receiver<Arc<Report>> {
        self.reports.subscribe()
    }

    /// `name` was seen from `peer`.
    pub fn saw(&self, name: &str, peer: Option<IpAddr>) {
        let Some(ip) = peer else {
            return;
        };
        let mut seen = self.seen.locked();
        if seen.len() >= SEEN {
            seen.clear();
        }
        seen.insert(name.to_lowercase(), ip);
    }

    /// The address `name` (or a name that reads the same) was last seen from.
    fn address_of(&self, name: &str) -> Option<IpAddr> {
        let seen = self.seen.locked();
        seen.get(&name.to_lowercase()).copied().or_else(|| {
            seen.iter()
                .find(|(n, _)| same_name(n, name))
                .map(|(_, ip)| *ip)
        })
    }
}

/// A reason as given: one line of visible text, checked as what people say is (it is said
/// to the person, and read by the moderators).
fn reason(text: &str) -> Result<String, Refused> {
    if text.trim().is_empty() {
        return Ok(String::new());
    }
    snakes_text::talk::check_text(text).map_err(|detail| Refusal::BadText { detail }.into())
}

/// A person's name as a moderator typed it: checked as a seat's name is, so that what goes to
/// the log and the lists is a name someone could have.
fn person(name: &str) -> Result<String, Refused> {
    snakes_text::names::check_name(name).map_err(|detail| Refusal::BadName { detail }.into())
}

/// A log entry by `by`, now.
fn entry(by: &str, action: &str, whom: String, why: &str, until: Option<i64>) -> LogEntry {
    LogEntry {
        id: 0,
        at: now_ms(),
        by: by.to_string(),
        action: action.to_string(),
        whom,
        why: why.to_string(),
        until,
    }
}

/// Where a moderator, or someone reporting, is: the table they follow, or the lobby.
pub type Place = Option<TableId>;

impl super::AppState {
    /// The server's moderation.
    pub(crate) fn moderation(&self) -> &Moderation {
        &self.inner.moderation
    }

    /// `name`, unless it or the address `peer` is banned.
    ///
    /// # Errors
    /// [`Refusal::Banned`], with when the ban ends and why.
    pub(crate) fn unbanned(&self, name: String, peer: Option<IpAddr>) -> Result<String, Refused> {
        match self.moderation().banned(std::slice::from_ref(&name), peer) {
            Some(ban) => Err(Refusal::Banned {
                until: ban.until,
                reason: ban.reason,
            }
            .into()),
            None => Ok(name),
        }
    }

    /// Reads the sanctions in force again from the store, and tells every connection.
    pub(crate) async fn reread_sanctions(&self) {
        match self.store().sanctions(now_ms()).await {
            Ok(sanctions) => {
                self.moderation()
                    .sanctions
                    .send_replace(Arc::new(sanctions));
            }
            Err(e) => tracing::warn!(error = %e, "the sanctions in force cannot be read"),
        }
    }

    /// Tells the moderators signed in here of the reports waiting that they were not told
    /// of yet.
    pub(crate) async fn hear_reports(&self) {
        let Ok(reports) = self.store().reports(true).await else {
            return;
        };
        let moderation = self.moderation();
        for report in reports {
            if moderation.told.fetch_max(report.id, Ordering::AcqRel) < report.id {
                let _ = moderation.reports.send(Arc::new(report));
            }
        }
    }

    /// Whether `name` signs in as a moderator with `key`.
    ///
    /// # Errors
    /// [`Refusal::StoreFailed`] when the store cannot be read.
    pub(crate) async fn moderator_key_matches(
        &self,
        name: &str,
        key: &str,
    ) -> Result<bool, Refused> {
        let stored = self
            .store()
            .moderator_key(name)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        Ok(stored.is_some_and(|hash| crate::moderators::key_matches(key, &hash)))
    }

    /// What the moderator `by`, at `place`, asks, answered in `LOCALES[lang]`.
    ///
    /// # Errors
    /// The refusal the moderator hears: a time out of range, a ban without a reason, a
    /// person never seen from an address, nothing with that number, the store failing.
    pub(crate) async fn moderate(
        &self,
        by: &str,
        action: Moderate,
        place: Place,
        lang: usize,
    ) -> Result<ServerMessage, Refused> {
        let words = Catalogue::shipped(lang);
        let said = |line: String| ServerMessage::Moderated { line };
        let failed = |_| Refused::from(Refusal::StoreFailed);
        match action {
            Moderate::Silence {
                name,
                minutes,
                reason: why_given,
            } => {
                let name = person(&name)?;
                if minutes == 0 || minutes > MOST_SILENCE_MINUTES {
                    return Err(span("minutes", MOST_SILENCE_MINUTES));
                }
                let why_given = reason(&why_given)?;
                let network = self
                    .moderation()
                    .address_of(&name)
                    .map(|ip| cidr(ip, BanScope::Address));
                let until = now_ms() + i64::from(minutes) * 60_000;
                let sanction = Sanction {
                    id: 0,
                    kind: SanctionKind::Silence,
                    name: Some(name.clone()),
                    network,
                    reason: why_given.clone(),
                    by: by.to_string(),
                    at: now_ms(),
                    until,
                };
                let log = entry(by, "silence", name.clone(), &why_given, Some(until));
                self.store()
                    .sanction(&sanction, &log)
                    .await
                    .map_err(failed)?;
                self.reread_sanctions().await;
                Ok(said(words.format(
                    "mod-silenced",
                    &[("name", name.as_str().into()), ("until", utc(until).into())],
                )))
            }
            Moderate::Ban {
                name,
                scope,
                hours,
                reason: why_given,
            } => {
                let name = person(&name)?;
                if hours == 0 || hours > MOST_BAN_HOURS {
                    return Err(span("hours", MOST_BAN_HOURS));
                }
                let why_given = reason(&why_given)?;
                if why_given.is_empty() {
                    return Err(Refusal::NoReason.into());
                }
                let network = match scope {
                    BanScope::Name => None,
                    BanScope::Address | BanScope::Network => {
                        let ip = self
                            .moderation()
                            .address_of(&name)
                            .ok_or_else(|| Refusal::NoSuchPerson { name: name.clone() })?;
                        Some(cidr(ip, scope))
                    }
                };
                let until = now_ms() + i64::from(hours) * 3_600_000;
                let whom = network.clone().unwrap_or_else(|| name.clone());
                let sanction = Sanction {
                    id: 0,
                    kind: SanctionKind::Ban,
                    name: network.is_none().then(|| name.clone()),
                    network: network.clone(),
                    reason: why_given.clone(),
                    by: by.to_string(),
                    at: now_ms(),
                    until,
                };
                let log = entry(by, "ban", whom, &why_given, Some(until));
                self.store()
                    .sanction(&sanction, &log)
                    .await
                    .map_err(failed)?;
                self.reread_sanctions().await;
                let scope = match scope {
                    BanScope::Name => "name",
                    BanScope::Address => "address",
                    BanScope::Network => "network",
                };
                Ok(said(words.format(
                    "mod-banned",
                    &[
                        ("scope", scope.into()),
                        ("name", name.as_str().into()),
                        ("network", network.unwrap_or_default().into()),
                        ("until", utc(until).into()),
                    ],
                )))
            }
            Moderate::Lift { id } => {
                let log = entry(by, "lift", format!("#{id}"), "", None);
                if !self.store().lift(id, &log).await.map_err(failed)? {
                    return Err(Refusal::NoSuchEntry { id }.into());
                }
                self.reread_sanctions().await;
                Ok(said(words.format("mod-lifted", &[("id", id.into())])))
            }
            Moderate::Remove { n } => {
                let was = match place {
                    Some(table) => {
                        self.ask(table, |reply| crate::actor::TableCmd::Unsay { n, reply })
                            .await?
                    }
                    None => self.lobby_talk().remove(n)?,
                };
                let whom = serde_json::json!({
                    "n": n,
                    "name": was.name,
                    "table": place,
                    "text": was.text,
                })
                .to_string();
                self.store()
                    .log(&entry(by, "remove", whom, "", None))
                    .await
                    .map_err(failed)?;
                Ok(said(words.format("mod-removed", &[("n", n.into())])))
            }
            Moderate::Close {
                table,
                reason: why_given,
            } => {
                let why_given = reason(&why_given)?;
                self.close_table(table, by, &why_given).await?;
                self.store()
                    .log(&entry(by, "close", table.to_string(), &why_given, None))
                    .await
                    .map_err(failed)?;
                Ok(said(words.format("mod-closed", &[("table", table.into())])))
            }
            Moderate::Handle { id } => {
                let log = entry(by, "handle_report", id.to_string(), "", None);
                if !self
                    .store()
                    .handle_report(id, by, now_ms(), &log)
                    .await
                    .map_err(failed)?
                {
                    return Err(Refusal::NoSuchEntry { id }.into());
                }
                Ok(said(words.format("mod-handled", &[("id", id.into())])))
            }
            Moderate::Sanctions {} => {
                let sanctions = self.store().sanctions(now_ms()).await.map_err(failed)?;
                let lines = sanctions.iter().map(|s| sanction_line(&words, s)).collect();
                Ok(list(&words, ListKind::Sanctions, lines, None))
            }
            Moderate::Reports {} => {
                let reports = self.store().reports(true).await.map_err(failed)?;
                let lines = reports.iter().map(|r| report_line(&words, r)).collect();
                Ok(list(&words, ListKind::Reports, lines, None))
            }
            Moderate::Log { before } => {
                let entries = self
                    .store()
                    .read_log(LOG_PAGE, before)
                    .await
                    .map_err(failed)?;
                let next = (entries.len() == LOG_PAGE)
                    .then(|| entries.last().map(|e| e.id))
                    .flatten();
                let lines = entries
                    .iter()
                    .map(|e| ListLine {
                        id: e.id,
                        line: log_line(&words, e),
                    })
                    .collect();
                Ok(list(&words, ListKind::Log, lines, next))
            }
        }
    }

    /// `reporter`, at `place`, reports `name` for `why_given`: stored with `name`'s last
    /// messages there, and told to the moderators of every server.
    ///
    /// # Errors
    /// [`Refusal::NoReason`] without a reason; [`Refusal::NoSuchPerson`] when nobody of that
    /// name is there nor said anything kept; [`Refusal::StoreFailed`].
    pub(crate) async fn report(
        &self,
        reporter: &str,
        name: &str,
        why_given: &str,
        place: Place,
    ) -> Result<(), Refused> {
        let why_given = reason(why_given)?;
        if why_given.is_empty() {
            return Err(Refusal::NoReason.into());
        }
        let messages = match place {
            Some(table) => {
                let name = name.to_string();
                let handle = self.live(table).ok_or(Refusal::NoSuchTable)?;
                let (reply, answer) = tokio::sync::oneshot::channel();
                handle
                    .tx
                    .send(crate::actor::TableCmd::LastSaid { name, reply })
                    .await
                    .map_err(|_| Refusal::NoSuchTable)?;
                answer.await.map_err(|_| Refusal::NoSuchTable)?
            }
            None => self.lobby_talk().last_said(name),
        }
        .ok_or_else(|| Refusal::NoSuchPerson {
            name: name.to_string(),
        })?;
        let report = Report {
            id: 0,
            at: now_ms(),
            by: reporter.to_string(),
            whom: name.to_string(),
            reason: why_given,
            place,
            messages,
            handled: None,
        };
        let id = self
            .store()
            .report(&report)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        // With several servers, every one (this one too) hears of it from the database.
        if self.cluster().is_none() {
            let moderation = self.moderation();
            moderation.told.fetch_max(id, Ordering::AcqRel);
            let _ = moderation.reports.send(Arc::new(Report { id, ..report }));
        }
        Ok(())
    }
}

fn span(unit: &str, most: u32) -> Refused {
    Refusal::BadSpan {
        unit: unit.to_string(),
        most,
    }
    .into()
}

/// A list's message: its first line says how many.
fn list(
    words: &Catalogue,
    kind: ListKind,
    lines: Vec<ListLine>,
    next: Option<i64>,
) -> ServerMessage {
    let id = match kind {
        ListKind::Sanctions => "mod-list-sanctions",
        ListKind::Reports => "mod-list-reports",
        ListKind::Log => "mod-list-log",
    };
    let line = words.format(
        id,
        &[
            ("count", lines.len().into()),
            ("more", if next.is_some() { "yes" } else { "no" }.into()),
        ],
    );
    ServerMessage::ModerationList {
        list: kind,
        lines,
        next,
        line,
    }
}

/// A sanction in force, in words.
fn sanction_line(words: &Catalogue, s: &Sanction) -> ListLine {
    let whom = match (&s.name, &s.network) {
        (Some(name), Some(net)) => format!("{name} ({net})"),
        (Some(name), None) => name.clone(),
        (None, Some(net)) => net.clone(),
        (None, None) => String::new(),
    };
    let id = match s.kind {
        SanctionKind::Silence => "mod-line-silence",
        SanctionKind::Ban => "mod-line-ban",
    };
    let line = words.format(
        id,
        &[
            ("id", s.id.into()),
            ("whom", whom.into()),
            ("until", utc(s.until).into()),
            ("by", s.by.as_str().into()),
            ("reason", s.reason.as_str().into()),
            ("why", why(&s.reason).into()),
        ],
    );
    ListLine { id: s.id, line }
}

/// A report waiting, in words, with what the person reported said.
fn report_line(words: &Catalogue, r: &Report) -> ListLine {
    let said: Vec<String> = r
        .messages
        .iter()
        .map(|m| format!("\u{201c}{m}\u{201d}"))
        .collect();
    let line = words.format(
        "mod-line-report",
        &[
            ("id", r.id.into()),
            ("when", utc(r.at).into()),
            (
                "place",
                if r.place.is_some() { "table" } else { "lobby" }.into(),
            ),
            ("table", r.place.unwrap_or_default().into()),
            ("by", r.by.as_str().into()),
            ("name", r.whom.as_str().into()),
            ("reason", r.reason.as_str().into()),
            ("count", r.messages.len().into()),
            ("said", said.join(" ").into()),
        ],
    );
    ListLine { id: r.id, line }
}

/// One entry of the log, in words.
pub fn log_line(words: &Catalogue, e: &LogEntry) -> String {
    words.format(
        "mod-line-log",
        &[
            ("when", utc(e.at).into()),
            ("by", e.by.as_str().into()),
            ("action", e.action.as_str().into()),
            ("whom", crate::moderators::whom(words, e).into()),
            ("until", e.until.map(utc).unwrap_or_default().into()),
            ("reason", e.why.as_str().into()),
            ("why", why(&e.why).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bans_cover_an_address_or_its_network() {
        let v4: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(cidr(v4, BanScope::Address), "203.0.113.7/32");
        assert_eq!(cidr(v4, BanScope::Network), "203.0.113.0/24");
        let mapped: IpAddr = "::ffff:203.0.113.7".parse().unwrap();
        assert_eq!(cidr(mapped, BanScope::Network), "203.0.113.0/24");
        assert!(covers("203.0.113.0/24", "203.0.113.200".parse().unwrap()));
        assert!(covers("203.0.113.0/24", mapped));
        assert!(!covers("203.0.113.0/24", "203.0.114.1".parse().unwrap()));
        assert!(!covers("203.0.113.7/32", "203.0.113.8".parse().unwrap()));
        let v6: IpAddr = "2001:db8:1:2:3:4:5:6".parse().unwrap();
        assert_eq!(cidr(v6, BanScope::Address), "2001:db8:1:2::/64");
        assert_eq!(cidr(v6, BanScope::Network), "2001:db8:1::/48");
        assert!(covers(
            "2001:db8:1::/48",
            "2001:db8:1:ffff::1".parse().unwrap()
        ));
        assert!(!covers("2001:db8:1::/48", v4));
        assert!(!covers("203.0.113.0/24", v6));
        assert!(!covers("not a network", v4));
    }

    #[test]
    fn a_sanction_reaches_its_names_and_addresses_until_it_ends() {
        let s = Sanction {
            id: 1,
            kind: SanctionKind::Silence,
            name: Some("Bob".into()),
            network: Some("203.0.113.7/32".into()),
            reason: String::new(),
            by: "Mo".into(),
            at: 0,
            until: 1_000,
        };
        let other: IpAddr = "198.51.100.1".parse().unwrap();
        assert!(s.reaches(&["BOB".into()], Some(other), 999));
        assert!(s.reaches(&["Ⓑⓞⓑ".into()], None, 999), "a look-alike");
        assert!(s.reaches(&["Troll".into()], "203.0.113.7".parse().ok(), 999));
        assert!(!s.reaches(&["Troll".into()], Some(other), 999));
        assert!(!s.reaches(&["Bob".into()], None, 1_000), "ended");
    }

    #[test]
    fn the_log_says_what_was_done_in_each_language() {
        let e = LogEntry {
            id: 3,
            at: 1_764_754_680_000,
            by: "Mo".into(),
            action: "remove".into(),
            whom: r#"{"n":12,"name":"Bob","table":3,"text":"buy gold"}"#.into(),
            why: String::new(),
            until: None,
        };
        assert_eq!(
            log_line(&Catalogue::english(), &e),
            "2025-12-03 09:38 UTC: Mo removed message 12 of Bob at table 3: \"buy gold\"."
        );
        let ban = LogEntry {
            action: "ban".into(),
            whom: "203.0.113.0/24".into(),
            why: "spam".into(),
            until: Some(1_764_758_280_000),
            ..e
        };
        assert_eq!(
            log_line(&Catalogue::english(), &ban),
            "2025-12-03 09:38 UTC: Mo banned 203.0.113.0/24 until 2025-12-03 10:38 UTC: spam"
        );
        for lang in 0..snakes_text::LOCALES.len() {
            let line = log_line(&Catalogue::shipped(lang), &ban);
            assert!(
                line.contains("203.0.113.0/24") && line.contains("spam"),
                "{line}"
            );
        }
    }
}
