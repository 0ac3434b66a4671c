//! The store's suite: one body per test, run on both backends (a SQLite file, and a PostgreSQL
//! database of its own in the tests' cluster). The claims of several servers are PostgreSQL's
//! alone (SQLite has one server): those tests run there.

use std::path::PathBuf;
use std::time::Duration;

use super::*;
use crate::protocol::{GameResult, Lifecycle, TableEvent};
use crate::secret::{DiceKeys, DiceSource, Secret};

/// Where a test's store lives: a SQLite file (in a scratch directory, removed with it) or a
/// PostgreSQL address.
struct Db {
    at: PathBuf,
    _dir: Option<snakes_testing::Scratch>,
}

impl Db {
    async fn sqlite(name: &str) -> Db {
        let dir = snakes_testing::Scratch::new(name);
        Db {
            at: dir.join("snakes.db"),
            _dir: Some(dir),
        }
    }

    async fn postgres(name: &str) -> Db {
        Db {
            at: PathBuf::from(test_db::fresh(name).await),
            _dir: None,
        }
    }

    /// A server's store, leases of `lease`.
    async fn open_with(&self, lease: Duration) -> Store {
        let me = Instance::new("http://127.0.0.1:1".into(), lease);
        Store::open(&self.at, false, me, false).await.unwrap()
    }

    async fn open(&self) -> Store {
        self.open_with(Duration::from_secs(30)).await
    }
}

use snakes_testing::until;

/// Each named test body, once on SQLite and once on PostgreSQL.
macro_rules! both {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name(super::Db::sqlite(stringify!($name)).await).await;
            }
            #[tokio::test]
            async fn postgres() {
                super::$name(super::Db::postgres(stringify!($name)).await).await;
            }
        }
    )*};
}

both!(
    appends_survive_reopening_and_seqs_are_unique,
    an_append_sent_again_is_written_once_and_a_log_never_gets_a_gap,
    a_quarantined_table_is_marked_and_counted,
    a_seeded_table_gets_the_key_its_id_gives_in_the_same_write,
    open_tables_are_those_waiting_or_playing_with_their_logs,
    finished_rows_come_newest_first_by_pages,
    unlisted_tables_are_found_and_listed,
    finished_games_are_read_from_the_results,
    tables_over_before_a_time_are_deleted_in_batches_but_those_kept,
    a_sanction_is_in_force_until_it_ends,
    a_lifted_sanction_is_no_longer_in_force_and_is_lifted_once,
    the_log_comes_newest_first_by_pages,
    reports_keep_their_messages_and_are_handled_once,
    moderators_are_granted_and_revoked_whatever_the_letter_case,
    a_name_is_taken_once_whichever_of_its_keys_is_the_same,
    of_names_taken_at_the_same_moment_one_gets_it,
    a_session_finds_its_member_until_it_expires_or_is_closed,
    expired_sessions_are_swept,
    settings_and_password_are_kept_as_given,
    blocks_are_kept_once_and_listed_by_name,
    the_tables_a_member_sat_at_come_newest_first_by_pages,
    a_members_games_are_their_finished_tables_newest_first_with_figures,
    a_deleted_member_takes_their_rows_and_frees_the_name,
    a_challenge_is_taken_once_and_the_expired_ones_are_swept,
    a_member_made_with_a_passkey_signs_in_with_it_and_keeps_a_way_in,
    a_passkey_is_added_once_and_goes_with_its_member,
);

fn record() -> TableRecord {
    TableRecord {
        board_name: "classic".into(),
        board: "{}".into(),
        rules: "standard".into(),
        seats: 2,
        dice: DiceSource::Seed(u64::MAX - 3),
        created_at: 1,
    }
}

fn row(status: &'static str, words: &str) -> LobbyRow {
    LobbyRow {
        status: TableStatus::parse(status).unwrap(),
        finished_at: (status == "finished").then_some(1_000),
        summary: format!("{{\"words\":\"{words}\"}}"),
    }
}

async fn appends_survive_reopening_and_seqs_are_unique(db: Db) {
    let store = db.open().await;
    let id = store.create(record(), DiceKeys::Random).await.unwrap().0;
    store
        .append(Append {
            table: id,
            epoch: 1,
            events: vec![(1, "a".into()), (2, "b".into())],
            token: Some((1, "secret".into())),
            ..Append::default()
        })
        .await
        .unwrap();
    let again = store
        .append(Append {
            table: id,
            epoch: 1,
            events: vec![(2, "c".into())],
            ..Append::default()
        })
        .await;
    assert!(
        matches!(again, Err(StoreError::Conflict { seq: 2, .. })),
        "a seq is written once"
    );
    drop(store);
    let store = db.open().await;
    let table = store.load_one(id).await.unwrap().unwrap();
    assert_eq!(table.record, record(), "the seed keeps its 64 bits");
    assert_eq!(
        table.events,
        vec![(1, "a".to_string()), (2, "b".to_string())]
    );
    assert_eq!(table.tokens.get(&1).map(String::as_str), Some("secret"));
    assert!(store.load_one(id + 1).await.unwrap().is_none());
}

/// The same append sent twice (its first answer lost) is written once and succeeds both times;
/// other events at its numbers are refused as a conflict, events past the log's end as behind
/// it (nothing written either time); the tail after a seq is what follows it.
async fn an_append_sent_again_is_written_once_and_a_log_never_gets_a_gap(db: Db) {
    let store = db.open().await;
    let id = store.create(record(), DiceKeys::Random).await.unwrap().0;
    let append = |events: Vec<(u64, &str)>| Append {
        table: id,
        epoch: 1,
        events: events
            .into_iter()
            .map(|(s, e)| (s, e.to_string()))
            .collect(),
        ..Append::default()
    };
    store
        .append(append(vec![(1, "a"), (2, "b")]))
        .await
        .unwrap();
    store
        .append(append(vec![(1, "a"), (2, "b")]))
        .await
        .unwrap();
    let err = store.append(append(vec![(2, "c")])).await.unwrap_err();
    assert!(
        matches!(err, StoreError::Conflict { table, seq: 2 } if table == id),
        "{err}"
    );
    let err = store
        .append(append(vec![(1, "a"), (2, "x")]))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict { .. }), "{err}");
    let err = store.append(append(vec![(4, "d")])).await.unwrap_err();
    assert!(
        matches!(err, StoreError::Behind { table, last: 2, first: 4 } if table == id),
        "{err}"
    );
    assert!(err.is_split());
    store.append(append(vec![(3, "c")])).await.unwrap();
    let table = store.load_one(id).await.unwrap().unwrap();
    assert_eq!(
        table.events,
        [(1, "a"), (2, "b"), (3, "c")].map(|(s, e)| (s, e.to_string()))
    );
    assert_eq!(
        store.tail(id, 1).await.unwrap(),
        [(2, "b"), (3, "c")].map(|(s, e)| (s, e.to_string()))
    );
    assert!(store.tail(id, 3).await.unwrap().is_empty());
}

/// A table marked quarantined says so in its status, with why, leaves the tables in play, and
/// is counted.
async fn a_quarantined_table_is_marked_and_counted(db: Db) {
    let store = db.open().await;
    let id = store.create(record(), DiceKeys::Random).await.unwrap().0;
    let mut append = Append::of(id, 1, &[]).unwrap();
    append.events = vec![(1, "{}".into())];
    append.lobby = Some(row("playing", "playing"));
    store.append(append).await.unwrap();
    assert_eq!(store.quarantined().await.unwrap(), 0);
    store
        .quarantine(id, 1, "event 3 follows event 1".into())
        .await
        .unwrap();
    assert_eq!(store.quarantined().await.unwrap(), 1);
    assert_eq!(
        store.row(id).await.unwrap().unwrap().status,
        Some(TableStatus::Quarantined)
    );
    assert_eq!(
        store.load_one(id).await.unwrap().unwrap().status,
        Some(TableStatus::Quarantined)
    );
    assert!(store.open_tables().await.unwrap().is_empty());
    assert!(store.open_rows().await.unwrap().is_empty());
}

async fn a_seeded_table_gets_the_key_its_id_gives_in_the_same_write(db: Db) {
    let store = db.open().await;
    let mut ids = Vec::new();
    for _ in 0..2 {
        let (id, dice) = store.create(record(), DiceKeys::Seeded(9)).await.unwrap();
        assert_eq!(dice, DiceKeys::Seeded(9).key_for(id));
        let loaded = store.load_one(id).await.unwrap().unwrap();
        assert_eq!(loaded.record.dice, dice, "the key stored is the seed's");
        ids.push(id);
    }
    assert_ne!(ids[0], ids[1]);
    // Without a seed, the record's own key.
    let mut random = record();
    random.dice = DiceSource::new_key();
    let (id, dice) = store
        .create(random.clone(), DiceKeys::Random)
        .await
        .unwrap();
    assert_eq!(dice, random.dice);
    assert_eq!(store.load_one(id).await.unwrap().unwrap().record, random);
}

async fn open_tables_are_those_waiting_or_playing_with_their_logs(db: Db) {
    let store = db.open().await;
    let mut ids = Vec::new();
    for status in ["waiting", "playing", "finished", "abandoned"] {
        let id = store.create(record(), DiceKeys::Random).await.unwrap().0;
        let (secret, _) = Secret::random();
        let joined = TableEvent::Table(Lifecycle::Joined {
            seat: 0,
            name: format!("Ana {status}"),
            secret,
        });
        let mut append = Append::of(id, 1, &[joined]).unwrap();
        append.lobby = Some(row(status, status));
        store.append(append).await.unwrap();
        ids.push(id);
    }
    let open = store.open_tables().await.unwrap();
    let open_ids: Vec<TableId> = open.iter().map(|t| t.id).collect();
    assert_eq!(open_ids, ids[..2]);
    for t in &open {
        assert_eq!(t.events.len(), 1, "the log comes with the table");
        assert!(t.tokens.contains_key(&1), "and the seat's secret");
    }
    let rows = store.open_rows().await.unwrap();
    let statuses: Vec<(TableId, &str)> = rows
        .iter()
        .map(|r| (r.id, r.status.map_or("", TableStatus::as_str)))
        .collect();
    assert_eq!(statuses, [(ids[0], "waiting"), (ids[1], "playing")]);
    assert_eq!(
        rows[1].summary.as_deref(),
        Some("{\"words\":\"playing\"}"),
        "the row as written"
    );
    let one = store.row(ids[3]).await.unwrap().unwrap();
    assert_eq!((one.id, one.status), (ids[3], Some(TableStatus::Abandoned)));
    assert!(store.row(ids[3] + 100).await.unwrap().is_none());
}

async fn finished_rows_come_newest_first_by_pages(db: Db) {
    let store = db.open().await;
    let mut finished = Vec::new();
    for i in 0..7 {
        let id = store.create(record(), DiceKeys::Random).await.unwrap().0;
        let status = if i % 3 == 2 { "playing" } else { "finished" };
        let mut append = Append::of(id, 1, &[]).unwrap();
        append.events = vec![(1, "{}".into())];
        append.lobby = Some(row(status, &format!("t{id}")));
        store.append(append).await.unwrap();
        if status == "finished" {
            finished.push(id);
        }
    }
    finished.reverse();
    let first = store.finished_rows(None, 3).await.unwrap();
    let ids: Vec<TableId> = first.iter().map(|r| r.id).collect();
    assert_eq!(ids, finished[..3]);
    let next = store.finished_rows(ids.last().copied(), 3).await.unwrap();
    let ids: Vec<TableId> = next.iter().map(|r| r.id).collect();
    assert_eq!(ids, finished[3..]);
    assert!(next.iter().all(|r| r.status == Some(TableStatus::Finished)));
    assert_eq!(
        next[0].summary.as_deref(),
        Some(format!("{{\"words\":\"t{}\"}}", finished[3]).as_str())
    );
}

async fn unlisted_tables_are_found_and_listed(db: Db) {
    let store = db.open().await;
    let id = store.create(record(), DiceKeys::Random).await.unwrap().0;
    assert_eq!(store.unlisted().await.unwrap(), [id], "made, never sat at");
    store.set_row(id, row("finished", "done")).await.unwrap();
    assert!(store.unlisted().await.unwrap().is_empty());
    let listed = store.row(id).await.unwrap().unwrap();
    assert_eq!(listed.status, Some(TableStatus::Finished));
    assert_eq!(listed.summary.as_deref(), Some("{\"words\":\"done\"}"));
}

/// Retention (`--keep-finished-days`): the tables over before the time go, each with its log,
/// secrets and result, at most a batch at a time, never one in play, one over since, or one
/// kept (in memory).
async fn tables_over_before_a_time_are_deleted_in_batches_but_those_kept(db: Db) {
    let store = db.open().await;
    let mut ids = Vec::new();
    for (status, at) in [
        ("finished", 100),
        ("abandoned", 200),
        ("finished", 300),
        ("finished", 5_000),
        ("playing", 0),
        ("finished", 400),
    ] {
        let id = store.create(record(), DiceKeys::Random).await.unwrap().0;
        store
            .append(Append {
                table: id,
                epoch: 1,
                lobby: Some(LobbyRow {
                    status: TableStatus::parse(status).unwrap(),
                    finished_at: (at > 0).then_some(at),
                    summary: "{}".into(),
                }),
                events: vec![(1, "a".into())],
                token: Some((1, "secret".into())),
                ..Append::default()
            })
            .await
            .unwrap();
        ids.push(id);
    }
    let kept = ids[5];
    let first = store
        .delete_finished_before(1_000, 2, vec![kept])
        .await
        .unwrap();
    assert_eq!(
        first,
        vec![ids[0], ids[1]],
        "the oldest ids first, two to a batch"
    );
    let second = store
        .delete_finished_before(1_000, 2, vec![kept])
        .await
        .unwrap();
    assert_eq!(second, vec![ids[2]]);
    assert!(
        store
            .delete_finished_before(1_000, 2, vec![kept])
            .await
            .unwrap()
            .is_empty()
    );
    for gone in &ids[..3] {
        assert!(
            store.load_one(*gone).await.unwrap().is_none(),
            "table {gone}"
        );
        assert!(store.row(*gone).await.unwrap().is_none(), "row of {gone}");
    }
    for stays in &ids[3..] {
        let table = store.load_one(*stays).await.unwrap().unwrap();
        assert_eq!(table.events.len(), 1, "table {stays}");
    }
}

async fn finished_games_are_read_from_the_results(db: Db) {
    let store = db.open().await;
    for (turns, seats) in [(7u32, 2usize), (8, 2), (9, 3)] {
        let mut r = record();
        r.seats = seats;
        let id = store.create(r, DiceKeys::Random).await.unwrap().0;
        let mut append = Append::of(id, 1, &[]).unwrap();
        append.events = vec![(1, "{}".into())];
        append.result = Some(GameResult {
            winner: 0,
            winner_name: "Ana".into(),
            turns,
            rolls: turns,
            squares: vec![100, 3],
        });
        store.append(append).await.unwrap();
    }
    let mut games = store.finished_games("{}".into(), 2).await.unwrap();
    games.sort_by_key(|g| g.rounds);
    // Of T turns by K seats the winner took (T - 1) / K + 1.
    let rounds: Vec<u64> = games.iter().map(|g| g.rounds).collect();
    assert_eq!(rounds, [4, 4]);
    assert!(games.iter().all(|g| g.rules == "standard"));
    assert!(
        store
            .finished_games("{\"other\":1}".into(), 2)
            .await
            .unwrap()
            .is_empty()
    );
}

/// Two servers on one PostgreSQL: a table created by one is the other's only once the first's
/// lease ran out (or was handed back); each claim raises the epoch, and an append under an old
/// epoch is refused and writes nothing.
#[tokio::test]
async fn a_claim_fences_the_old_owner() {
    let db = Db::postgres("fence").await;
    let lease = Duration::from_secs(30);
    let a = db.open_with(lease).await;
    let b = db.open_with(lease).await;
    let id = a.create(record(), DiceKeys::Random).await.unwrap().0;
    assert_eq!(b.claim(id).await.unwrap(), None, "a's lease runs");
    let owner = b.owner(id).await.unwrap().unwrap();
    assert!(owner.live);
    assert_eq!(owner.address, "http://127.0.0.1:1");
    a.release(Some(&[id])).await.unwrap();
    assert!(!b.owner(id).await.unwrap().unwrap().live, "handed back");
    assert_eq!(b.claim(id).await.unwrap(), Some(2), "the epoch moves on");
    let mut old = Append::of(id, 1, &[]).unwrap();
    old.events = vec![(1, "from a".into())];
    old.epoch = 1;
    let err = a.append(old).await.unwrap_err();
    assert!(
        matches!(err, StoreError::Fenced { table } if table == id),
        "{err}"
    );
    assert!(a.load_one(id).await.unwrap().unwrap().events.is_empty());
    let mut new = Append::of(id, 1, &[]).unwrap();
    new.events = vec![(1, "from b".into())];
    new.epoch = 2;
    b.append(new).await.unwrap();
    // a's renewal no longer holds the table; b's does, under its epoch only.
    assert!(pg(&a).renew(&[(id, 1)]).await.unwrap().is_empty());
    assert!(pg(&b).renew(&[(id, 1)]).await.unwrap().is_empty());
    assert_eq!(pg(&b).renew(&[(id, 2)]).await.unwrap(), [id]);
    // A server may claim its own lease again: the new epoch fences its old claim.
    assert_eq!(b.claim(id).await.unwrap(), Some(3));
    assert_eq!(a.claim(id).await.unwrap(), None, "b's lease runs");
}

/// The PostgreSQL backend of a store opened on PostgreSQL.
fn pg(store: &Store) -> &Postgres {
    match store {
        Store::Postgres(pg) => pg,
        Store::Sqlite(_) => panic!("not PostgreSQL"),
    }
}

/// A lease is renewed only for the tables a server serves: one it does not name runs out,
/// and a finished game's lease ends with it.
#[tokio::test]
async fn only_the_tables_served_are_renewed_and_a_game_over_ends_its_lease() {
    let db = Db::postgres("renew").await;
    let a = db.open().await;
    let served = a.create(record(), DiceKeys::Random).await.unwrap().0;
    let dropped = a.create(record(), DiceKeys::Random).await.unwrap().0;
    assert_eq!(pg(&a).renew(&[(served, 1)]).await.unwrap(), [served]);
    let mut over = Append::of(served, 1, &[]).unwrap();
    over.events = vec![(1, "{}".into())];
    over.lobby = Some(row("finished", "finished"));
    a.append(over).await.unwrap();
    assert!(
        !a.owner(served).await.unwrap().unwrap().live,
        "its game is over"
    );
    assert!(pg(&a).renew(&[(served, 1)]).await.unwrap().is_empty());
    assert!(
        a.owner(dropped).await.unwrap().unwrap().live,
        "a lease of 30 s runs"
    );
}

/// Many times, two servers claim one expired table at the same moment: exactly one wins.
#[tokio::test]
async fn of_two_claims_at_once_exactly_one_wins() {
    let db = Db::postgres("claims").await;
    let lease = Duration::from_secs(30);
    let maker = db.open_with(lease).await;
    let a = db.open_with(lease).await;
    let b = db.open_with(lease).await;
    for round in 0..50 {
        let id = maker.create(record(), DiceKeys::Random).await.unwrap().0;
        maker.release(Some(&[id])).await.unwrap();
        let (x, y) = tokio::join!(a.claim(id), b.claim(id));
        let won: Vec<u64> = [x.unwrap(), y.unwrap()].into_iter().flatten().collect();
        assert_eq!(won, [2], "round {round}: one claim, epoch 2");
    }
}

/// Tables whose owner's lease ran out are claimed in one statement, each once, open ones only;
/// the heartbeat lists the servers running.
#[tokio::test]
async fn orphans_are_claimed_once() {
    let db = Db::postgres("orphans").await;
    let dead = db.open_with(Duration::from_millis(1)).await;
    let a = db.open().await;
    let b = db.open().await;
    let mut open = Vec::new();
    for status in ["waiting", "playing", "finished"] {
        let id = dead.create(record(), DiceKeys::Random).await.unwrap().0;
        let mut append = Append::of(id, 1, &[]).unwrap();
        append.events = vec![(1, "{}".into())];
        append.lobby = Some(row(status, status));
        dead.append(append).await.unwrap();
        if status != "finished" {
            open.push(id);
        }
    }
    // The dead server's leases of a millisecond run out by the database's clock, which tells
    // no one: both servers claim, again and again, until the open tables are claimed.
    let mut claimed = Vec::new();
    until("the open tables are claimed", async || {
        let (x, y) = tokio::join!(pg(&a).claim_orphans(10), pg(&b).claim_orphans(10));
        claimed.extend(x.unwrap());
        claimed.extend(y.unwrap());
        claimed.len() >= open.len()
    })
    .await;
    claimed.sort_unstable();
    assert_eq!(claimed, open.iter().map(|&id| (id, 2)).collect::<Vec<_>>());
    assert!(pg(&a).claim_orphans(10).await.unwrap().is_empty());
    pg(&a).renew(&[]).await.unwrap();
    pg(&b).renew(&[]).await.unwrap();
    assert_eq!(a.peers().await.unwrap(), ["http://127.0.0.1:1"]);
    a.release(None).await.unwrap();
    b.release(None).await.unwrap();
    assert!(a.peers().await.unwrap().is_empty(), "both stopped");
}

/// A log entry by moderator `by`, of `action` on `whom`, at `at`.
fn entry(at: i64, by: &str, action: &str, whom: &str) -> moderation::LogEntry {
    moderation::LogEntry {
        id: 0,
        at,
        by: by.into(),
        action: action.into(),
        whom: whom.into(),
        why: format!("{action} {whom}"),
        until: None,
    }
}

/// A silence of `name` given at 1 000 ms, until `until`.
fn silence(name: &str, until: i64) -> Sanction {
    Sanction {
        id: 0,
        kind: SanctionKind::Silence,
        name: Some(name.into()),
        network: None,
        reason: "insults".into(),
        by: "Mod".into(),
        at: 1_000,
        until,
    }
}

/// A sanction is read back as it was given, with its id, while its end is ahead; from its end
/// on it is no longer in force. Its log entry is written with it.
async fn a_sanction_is_in_force_until_it_ends(db: Db) {
    let store = db.open().await;
    assert!(store.sanctions(0).await.unwrap().is_empty());
    let ban = Sanction {
        id: 0,
        kind: SanctionKind::Ban,
        name: None,
        network: Some("2001:db8::/64".into()),
        reason: "spam".into(),
        by: "Mod".into(),
        at: 2_000,
        until: 90_000,
    };
    let mut logged = entry(1_000, "Mod", "silence", "Ana");
    logged.until = Some(60_000);
    let first = store
        .sanction(&silence("Ana", 60_000), &logged)
        .await
        .unwrap();
    let second = store
        .sanction(&ban, &entry(2_000, "Mod", "ban", "2001:db8::/64"))
        .await
        .unwrap();
    assert!(first > 0 && second > first, "{first}, {second}");
    let stored_silence = Sanction {
        id: first,
        ..silence("Ana", 60_000)
    };
    let stored_ban = Sanction { id: second, ..ban };
    assert_eq!(
        store.sanctions(59_999).await.unwrap(),
        [stored_silence, stored_ban.clone()],
        "oldest first, as given"
    );
    assert_eq!(store.sanctions(60_000).await.unwrap(), [stored_ban]);
    assert!(store.sanctions(90_000).await.unwrap().is_empty());
    let log = store.read_log(10, None).await.unwrap();
    let actions: Vec<(&str, Option<i64>)> =
        log.iter().map(|e| (e.action.as_str(), e.until)).collect();
    assert_eq!(actions, [("ban", None), ("silence", Some(60_000))]);
    assert_eq!(log[1].whom, "Ana");
    assert_eq!(log[1].why, "silence Ana");
    assert_eq!(SanctionKind::parse("ban"), Some(SanctionKind::Ban));
    assert_eq!(SanctionKind::Silence.as_str(), "silence");
    assert_eq!(SanctionKind::parse("mute"), None);
}

/// A lifted sanction stays stored but is no longer in force; lifting it again, or one that
/// ended or never was, changes nothing and logs nothing.
async fn a_lifted_sanction_is_no_longer_in_force_and_is_lifted_once(db: Db) {
    let store = db.open().await;
    let lifted = store
        .sanction(
            &silence("Ana", 60_000),
            &entry(1_000, "Mod", "silence", "Ana"),
        )
        .await
        .unwrap();
    let kept = store
        .sanction(
            &silence("Bo", 60_000),
            &entry(1_000, "Mod", "silence", "Bo"),
        )
        .await
        .unwrap();
    let ended = store
        .sanction(&silence("Cy", 2_000), &entry(1_000, "Mod", "silence", "Cy"))
        .await
        .unwrap();
    assert!(
        store
            .lift(lifted, &entry(5_000, "Other", "lift", "Ana"))
            .await
            .unwrap()
    );
    let ids: Vec<i64> = store
        .sanctions(5_000)
        .await
        .unwrap()
        .iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(ids, [kept]);
    for id in [lifted, ended, kept + 100] {
        assert!(
            !store
                .lift(id, &entry(6_000, "Other", "lift", "again"))
                .await
                .unwrap(),
            "sanction {id}"
        );
    }
    let log = store.read_log(10, None).await.unwrap();
    assert_eq!(log.len(), 4, "{log:?}");
    assert_eq!(
        (log[0].action.as_str(), log[0].by.as_str(), log[0].at),
        ("lift", "Other", 5_000)
    );
}

/// The log comes newest first, a page at a time: each page the entries before the last one
/// read.
async fn the_log_comes_newest_first_by_pages(db: Db) {
    let store = db.open().await;
    let mut ids = Vec::new();
    for i in 0..5 {
        let mut e = entry(1_000 + i, "Mod", "remove", &format!("message {i}"));
        e.why = String::new();
        ids.push(store.log(&e).await.unwrap());
    }
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    let first = store.read_log(2, None).await.unwrap();
    let whom = |page: &[moderation::LogEntry]| -> Vec<String> {
        page.iter().map(|e| e.whom.clone()).collect()
    };
    assert_eq!(whom(&first), ["message 4", "message 3"]);
    assert_eq!(first[0].id, ids[4]);
    assert_eq!(
        first[0],
        moderation::LogEntry {
            id: ids[4],
            at: 1_004,
            by: "Mod".into(),
            action: "remove".into(),
            whom: "message 4".into(),
            why: String::new(),
            until: None,
        }
    );
    let second = store.read_log(2, Some(first[1].id)).await.unwrap();
    assert_eq!(whom(&second), ["message 2", "message 1"]);
    let last = store.read_log(2, Some(second[1].id)).await.unwrap();
    assert_eq!(whom(&last), ["message 0"]);
    assert!(store.read_log(2, Some(ids[0])).await.unwrap().is_empty());
}

/// A report keeps the messages it carries, in order; the open ones are listed until a
/// moderator handles one, which happens once, with its log entry.
async fn reports_keep_their_messages_and_are_handled_once(db: Db) {
    let store = db.open().await;
    let report = |by: &str, place: Option<u64>, messages: &[&str]| Report {
        id: 0,
        at: 3_000,
        by: by.into(),
        whom: "Troll".into(),
        reason: "rude".into(),
        place,
        messages: messages.iter().map(|m| (*m).to_string()).collect(),
        handled: None,
    };
    let at_table = report("Ana", Some(7), &["hi", "you \"lose\"", "운이 없네"]);
    let in_lobby = report("Bo", None, &[]);
    let a = store.report(&at_table).await.unwrap();
    let b = store.report(&in_lobby).await.unwrap();
    assert!(b > a);
    let all = store.reports(false).await.unwrap();
    assert_eq!(
        all,
        [
            Report {
                id: a,
                ..at_table.clone()
            },
            Report {
                id: b,
                ..in_lobby.clone()
            }
        ]
    );
    assert!(
        store
            .handle_report(
                a,
                "Mod",
                4_000,
                &entry(4_000, "Mod", "handle_report", "Troll")
            )
            .await
            .unwrap()
    );
    assert!(
        !store
            .handle_report(
                a,
                "Other",
                5_000,
                &entry(5_000, "Other", "handle_report", "Troll")
            )
            .await
            .unwrap(),
        "handled once"
    );
    assert!(
        !store
            .handle_report(
                b + 100,
                "Mod",
                5_000,
                &entry(5_000, "Mod", "handle_report", "x")
            )
            .await
            .unwrap()
    );
    let open = store.reports(true).await.unwrap();
    assert_eq!(open.iter().map(|r| r.id).collect::<Vec<_>>(), [b]);
    let all = store.reports(false).await.unwrap();
    assert_eq!(all[0].handled, Some(("Mod".to_string(), 4_000)));
    assert_eq!(all[1].handled, None);
    let log = store.read_log(10, None).await.unwrap();
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!((log[0].by.as_str(), log[0].at), ("Mod", 4_000));
}

/// The operator grants and revokes; the server finds a moderator's key hash whatever the letter
/// case of the name typed. Granting again replaces the key; each change is in the log as the
/// operator's.
async fn moderators_are_granted_and_revoked_whatever_the_letter_case(db: Db) {
    let store = db.open().await;
    let operated = operator::Operated::open(&db.at).await.unwrap();
    assert!(operated.moderators().await.unwrap().is_empty());
    assert_eq!(store.moderator_key("Ana").await.unwrap(), None);
    operated.grant("Ana", "hash-1", 1_000).await.unwrap();
    operated.grant("Émile", "hash-2", 2_000).await.unwrap();
    for name in ["Ana", "ana", "ANA"] {
        assert_eq!(
            store.moderator_key(name).await.unwrap().as_deref(),
            Some("hash-1"),
            "{name}"
        );
    }
    assert_eq!(
        store.moderator_key("éMILE").await.unwrap().as_deref(),
        Some("hash-2")
    );
    // Granted again, under another letter case: one moderator, the new key.
    operated.grant("aNa", "hash-3", 3_000).await.unwrap();
    assert_eq!(
        store.moderator_key("Ana").await.unwrap().as_deref(),
        Some("hash-3")
    );
    assert_eq!(
        operated.moderators().await.unwrap(),
        [("aNa".to_string(), 3_000), ("Émile".to_string(), 2_000)]
    );
    assert!(operated.revoke("ANA", 4_000).await.unwrap());
    assert!(
        !operated.revoke("Ana", 5_000).await.unwrap(),
        "revoked once"
    );
    assert_eq!(store.moderator_key("Ana").await.unwrap(), None);
    assert_eq!(
        operated.moderators().await.unwrap(),
        [("Émile".to_string(), 2_000)]
    );
    let log = operated.read_log(10, None).await.unwrap();
    let seen: Vec<(&str, &str, &str, i64)> = log
        .iter()
        .map(|e| (e.by.as_str(), e.action.as_str(), e.whom.as_str(), e.at))
        .collect();
    assert_eq!(
        seen,
        [
            ("operator", "revoke", "ANA", 4_000),
            ("operator", "grant", "aNa", 3_000),
            ("operator", "grant", "Émile", 2_000),
            ("operator", "grant", "Ana", 1_000),
        ]
    );
    assert_eq!(store.read_log(10, None).await.unwrap(), log, "one log");
}

/// On PostgreSQL every write that changes the sanctions or the moderators tells the other
/// servers (`m` on the channel `snakes`), and a new report names itself (`p<id>`), each in the
/// write's own transaction.
#[tokio::test]
async fn moderation_writes_notify_the_other_servers() {
    use futures_util::StreamExt;
    let db = Db::postgres("moderation_notify").await;
    let store = db.open().await;
    let url = db.at.to_str().unwrap().to_string();
    let (client, mut conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    let (heard_tx, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let tokio_postgres::AsyncMessage::Notification(n) = message {
                let _ = heard_tx.send(n.payload().to_string());
            }
        }
    });
    client.batch_execute("LISTEN snakes").await.unwrap();
    let next = async |heard: &mut tokio::sync::mpsc::UnboundedReceiver<String>| {
        tokio::time::timeout(Duration::from_secs(60), heard.recv())
            .await
            .expect("a notification")
            .unwrap()
    };
    let id = store
        .sanction(
            &silence("Ana", i64::MAX),
            &entry(1_000, "Mod", "silence", "Ana"),
        )
        .await
        .unwrap();
    assert_eq!(next(&mut heard).await, "m", "a sanction given");
    assert!(
        store
            .lift(id, &entry(2_000, "Mod", "lift", "Ana"))
            .await
            .unwrap()
    );
    assert_eq!(next(&mut heard).await, "m", "a sanction lifted");
    let report = store
        .report(&Report {
            id: 0,
            at: 3_000,
            by: "Bo".into(),
            whom: "Ana".into(),
            reason: "rude".into(),
            place: None,
            messages: vec!["…".into()],
            handled: None,
        })
        .await
        .unwrap();
    assert_eq!(next(&mut heard).await, format!("p{report}"));
    let operated = operator::Operated::open(&db.at).await.unwrap();
    operated.grant("Mod", "hash", 4_000).await.unwrap();
    assert_eq!(next(&mut heard).await, "m", "a moderator granted");
    assert!(operated.revoke("Mod", 5_000).await.unwrap());
    assert_eq!(next(&mut heard).await, "m", "a moderator revoked");
    drop(client);
    let _ = driver.await;
}

/// The keys of a name, each given: for the tests, keys the store only compares.
fn keys(looks: &str, letters: &str, plain: &str) -> NameKeys {
    NameKeys {
        looks: looks.into(),
        letters: letters.into(),
        plain: plain.into(),
    }
}

/// A member named `name` with keys that are its own (`look:name`, `letters:name`,
/// `plain:name`), created at 1 000 ms, with a password.
fn newcomer(name: &str) -> NewMember {
    NewMember {
        name: name.into(),
        keys: keys(
            &format!("look:{name}"),
            &format!("letters:{name}"),
            &format!("plain:{name}"),
        ),
        password: Some(format!("$argon2id$v=19$m=19456,t=2,p=1$salt${name}")),
        at: 1_000,
    }
}

/// Creates the member of `name` ([`newcomer`]); its id.
async fn member_of(store: &Store, name: &str) -> i64 {
    store
        .create_member(&newcomer(name))
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{name} is taken"))
        .id
}

/// A member is stored as created, with empty settings; a second member whose name shares any
/// one key with the first is refused (none, nothing written), and the first is found by any one
/// of its keys.
async fn a_name_is_taken_once_whichever_of_its_keys_is_the_same(db: Db) {
    let store = db.open().await;
    assert_eq!(store.members_count().await.unwrap(), 0);
    let ana = store
        .create_member(&newcomer("Ana"))
        .await
        .unwrap()
        .unwrap();
    assert!(ana.id > 0, "{ana:?}");
    assert_eq!(
        ana,
        Member {
            id: ana.id,
            name: "Ana".into(),
            password: Some("$argon2id$v=19$m=19456,t=2,p=1$salt$Ana".into()),
            settings: "{}".into(),
            created_at: 1_000,
        }
    );
    let same = [
        keys("look:Ana", "letters:other", "plain:other"),
        keys("look:other", "letters:Ana", "plain:other"),
        keys("look:other", "letters:other", "plain:Ana"),
    ];
    for keys in &same {
        let again = NewMember {
            name: "ANA".into(),
            keys: keys.clone(),
            password: None,
            at: 2_000,
        };
        assert_eq!(store.create_member(&again).await.unwrap(), None, "{keys:?}");
        assert_eq!(
            store.member_named(keys).await.unwrap().as_ref(),
            Some(&ana),
            "{keys:?}"
        );
    }
    assert_eq!(store.members_count().await.unwrap(), 1, "nothing written");
    let bo = store.create_member(&newcomer("Bo")).await.unwrap().unwrap();
    assert!(bo.id > ana.id, "{bo:?}");
    assert_eq!(bo.name, "Bo");
    assert_eq!(store.members_count().await.unwrap(), 2);
    assert_eq!(store.member(ana.id).await.unwrap().as_ref(), Some(&ana));
    assert_eq!(store.member(bo.id).await.unwrap().as_ref(), Some(&bo));
    assert_eq!(store.member(bo.id + 100).await.unwrap(), None);
    assert_eq!(
        store
            .member_named(&keys("look:Cy", "letters:Cy", "plain:Cy"))
            .await
            .unwrap(),
        None
    );
    // Keys that are each another member's: the one sharing `looks` first, then `letters`.
    let found = |k: NameKeys| {
        let store = store.clone();
        async move { store.member_named(&k).await.unwrap().map(|m| m.name) }
    };
    assert_eq!(
        found(keys("look:Bo", "letters:Ana", "plain:Ana"))
            .await
            .as_deref(),
        Some("Bo")
    );
    assert_eq!(
        found(keys("look:none", "letters:Bo", "plain:Ana"))
            .await
            .as_deref(),
        Some("Bo")
    );
    assert_eq!(
        found(keys("look:none", "letters:none", "plain:Bo"))
            .await
            .as_deref(),
        Some("Bo")
    );
}

/// Of several people taking names that are one (one key the same, the others not) at the same
/// moment, through two stores at once (PostgreSQL), exactly one gets it: the unique index decides, not a
/// look first.
async fn of_names_taken_at_the_same_moment_one_gets_it(db: Db) {
    let first = db.open().await;
    // Two servers with PostgreSQL; SQLite has one.
    let second = if first.is_shared() {
        db.open().await
    } else {
        first.clone()
    };
    let stores = [first, second];
    let attempts = (0..12).map(|i| {
        let store = stores[i % 2].clone();
        async move {
            let mut m = newcomer(&format!("Ana{i}"));
            m.keys.plain = "plain:Ana".into();
            store.create_member(&m).await
        }
    });
    let outcomes = futures_util::future::join_all(attempts).await;
    let created: Vec<Member> = outcomes.into_iter().filter_map(Result::unwrap).collect();
    assert_eq!(created.len(), 1, "{created:?}");
    assert_eq!(stores[0].members_count().await.unwrap(), 1);
    let named = stores[1]
        .member_named(&keys("-", "-", "plain:Ana"))
        .await
        .unwrap();
    assert_eq!(named.as_ref(), created.first());
}

/// A session finds its member while it runs, not from its expiry on; closed, it finds no one;
/// closing them all closes only that member's. A session's hash is used once, and only a
/// member has sessions.
async fn a_session_finds_its_member_until_it_expires_or_is_closed(db: Db) {
    let store = db.open().await;
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    store
        .open_session(ana, "hash-a1", 1_000, 5_000)
        .await
        .unwrap();
    store
        .open_session(ana, "hash-a2", 1_000, 9_000)
        .await
        .unwrap();
    store
        .open_session(bo, "hash-b1", 2_000, 9_000)
        .await
        .unwrap();
    let named = |m: Option<Member>| m.map(|m| (m.id, m.name));
    assert_eq!(
        named(store.session_member("hash-a1", 4_999).await.unwrap()),
        Some((ana, "Ana".to_string()))
    );
    assert_eq!(
        store.session_member("hash-a1", 5_000).await.unwrap(),
        None,
        "expired"
    );
    assert_eq!(
        named(store.session_member("hash-b1", 4_999).await.unwrap()),
        Some((bo, "Bo".to_string()))
    );
    assert_eq!(store.session_member("hash-none", 0).await.unwrap(), None);
    assert!(
        store
            .open_session(bo, "hash-a2", 3_000, 9_000)
            .await
            .is_err(),
        "a hash is one session's"
    );
    assert!(
        store
            .open_session(bo + 100, "hash-x", 3_000, 9_000)
            .await
            .is_err(),
        "no such member"
    );
    assert!(store.close_session("hash-a2").await.unwrap());
    assert!(
        !store.close_session("hash-a2").await.unwrap(),
        "closed once"
    );
    assert_eq!(store.session_member("hash-a2", 1_000).await.unwrap(), None);
    store
        .open_session(ana, "hash-a3", 3_000, 9_000)
        .await
        .unwrap();
    // Signing out everywhere: the expired session counts, Bo's stays.
    assert_eq!(store.close_sessions(ana).await.unwrap(), 2);
    assert_eq!(store.close_sessions(ana).await.unwrap(), 0);
    assert_eq!(store.session_member("hash-a3", 3_000).await.unwrap(), None);
    assert_eq!(
        named(store.session_member("hash-b1", 3_000).await.unwrap()),
        Some((bo, "Bo".to_string()))
    );
}

/// The sweep deletes the sessions expired by its time (those ending at it included), and
/// only those.
async fn expired_sessions_are_swept(db: Db) {
    let store = db.open().await;
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    for (member, hash, expires) in [
        (ana, "h1", 1_000),
        (bo, "h2", 2_000),
        (ana, "h3", 3_000),
        (bo, "h4", 4_000),
    ] {
        store
            .open_session(member, hash, 500, expires)
            .await
            .unwrap();
    }
    assert_eq!(store.delete_expired_sessions(999).await.unwrap(), 0);
    assert_eq!(store.delete_expired_sessions(2_000).await.unwrap(), 2);
    assert_eq!(store.delete_expired_sessions(2_000).await.unwrap(), 0);
    // What is left: h3 (Ana's) and h4 (Bo's), still valid before their ends.
    assert!(store.session_member("h3", 2_999).await.unwrap().is_some());
    assert!(store.session_member("h4", 3_999).await.unwrap().is_some());
    assert_eq!(store.close_sessions(ana).await.unwrap(), 1);
    assert_eq!(store.delete_expired_sessions(i64::MAX).await.unwrap(), 1);
    assert_eq!(store.close_sessions(bo).await.unwrap(), 0);
}

/// Settings and a password are kept as given, read back by id and through a session, and
/// only the member's; a password may be removed.
async fn settings_and_password_are_kept_as_given(db: Db) {
    let store = db.open().await;
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    let settings = r#"{"language":"fr","sound":false,"words":"« à bientôt »"}"#;
    store.set_settings(ana, settings).await.unwrap();
    store.set_password(ana, None).await.unwrap();
    let read = store.member(ana).await.unwrap().unwrap();
    assert_eq!((read.settings.as_str(), read.password), (settings, None));
    store
        .set_password(ana, Some("$argon2id$v=19$new".into()))
        .await
        .unwrap();
    store.open_session(ana, "hash", 1_000, 9_000).await.unwrap();
    let read = store.session_member("hash", 1_000).await.unwrap().unwrap();
    assert_eq!(read.password.as_deref(), Some("$argon2id$v=19$new"));
    assert_eq!(read.settings, settings);
    assert_eq!(read.created_at, 1_000);
    let other = store.member(bo).await.unwrap().unwrap();
    assert_eq!(other.settings, "{}");
    assert_eq!(
        other.password.as_deref(),
        Some("$argon2id$v=19$m=19456,t=2,p=1$salt$Bo")
    );
}

/// A block is kept once; whom a member blocks is listed by name, who blocks a member by id
/// (all, or those who sat at a table); an unblock happens once. Only members block or are blocked.
async fn blocks_are_kept_once_and_listed_by_name(db: Db) {
    let store = db.open().await;
    let zoe = member_of(&store, "Zoé").await;
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    assert!(store.blocked(ana).await.unwrap().is_empty());
    assert!(store.block(ana, zoe, 1_000).await.unwrap());
    assert!(store.block(ana, bo, 2_000).await.unwrap());
    assert!(
        !store.block(ana, bo, 3_000).await.unwrap(),
        "blocked already"
    );
    assert!(store.block(zoe, bo, 4_000).await.unwrap());
    assert_eq!(
        store.blocked(ana).await.unwrap(),
        [(bo, "Bo".to_string()), (zoe, "Zoé".to_string())]
    );
    assert_eq!(store.blockers(bo, None).await.unwrap(), [zoe, ana]);
    assert_eq!(store.blockers(zoe, None).await.unwrap(), [ana]);
    assert!(store.blockers(ana, None).await.unwrap().is_empty());
    assert!(store.unblock(ana, bo).await.unwrap());
    assert!(!store.unblock(ana, bo).await.unwrap(), "unblocked once");
    assert!(!store.unblock(bo, ana).await.unwrap(), "never blocked");
    assert_eq!(
        store.blocked(ana).await.unwrap(),
        [(zoe, "Zoé".to_string())]
    );
    assert_eq!(store.blockers(bo, None).await.unwrap(), [zoe]);
    // At a table: those of them who sat there (a table need not be stored to be noted).
    assert!(store.block(ana, bo, 6_000).await.unwrap());
    store.add_member_table(zoe, 40, 0).await.unwrap();
    store.add_member_table(ana, 41, 1).await.unwrap();
    store.add_member_table(bo, 41, 0).await.unwrap();
    assert_eq!(store.blockers(bo, Some(40)).await.unwrap(), [zoe]);
    assert_eq!(store.blockers(bo, Some(41)).await.unwrap(), [ana]);
    assert!(store.blockers(bo, Some(42)).await.unwrap().is_empty());
    assert!(store.blockers(ana, Some(41)).await.unwrap().is_empty());
    assert!(
        store.block(ana, bo + 100, 5_000).await.is_err(),
        "no such member"
    );
}

/// The tables a member sat at come newest (largest id) first, a page at a time, each with the
/// seat first noted; noting one again changes nothing. The tables need not be stored (retention
/// deletes them, the list stays).
async fn the_tables_a_member_sat_at_come_newest_first_by_pages(db: Db) {
    let store = db.open().await;
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    for (table, seat) in [(5, 0), (12, 1), (7, 2), (3, 1)] {
        store.add_member_table(ana, table, seat).await.unwrap();
    }
    store.add_member_table(ana, 7, 3).await.unwrap();
    store.add_member_table(ana, 7, 2).await.unwrap();
    store.add_member_table(bo, 12, 0).await.unwrap();
    assert_eq!(
        store.member_tables(ana, None, 10).await.unwrap(),
        [(12, 1), (7, 2), (5, 0), (3, 1)]
    );
    let first = store.member_tables(ana, None, 2).await.unwrap();
    assert_eq!(first, [(12, 1), (7, 2)]);
    let second = store.member_tables(ana, Some(first[1].0), 2).await.unwrap();
    assert_eq!(second, [(5, 0), (3, 1)]);
    assert!(
        store
            .member_tables(ana, Some(3), 2)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store.member_tables(ana, Some(12), 1).await.unwrap(),
        [(7, 2)]
    );
    assert_eq!(store.member_tables(bo, None, 10).await.unwrap(), [(12, 0)]);
    assert!(
        store
            .member_tables(bo + 100, None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        store.add_member_table(bo + 100, 1, 0).await.is_err(),
        "no such member"
    );
}

/// A table of `rules` for `seats`, over as `status` with `result` (none: drawn or not over),
/// its lobby row saying `words`; its id.
async fn game(
    store: &Store,
    rules: &str,
    status: &'static str,
    result: Option<(u32, u32)>,
    words: &str,
) -> TableId {
    let mut r = record();
    r.rules = rules.into();
    let id = store.create(r, DiceKeys::Random).await.unwrap().0;
    let mut append = Append::of(id, 1, &[]).unwrap();
    append.events = vec![(1, "{}".into())];
    append.lobby = Some(row(status, words));
    append.result = result.map(|(winner, turns)| GameResult {
        winner: winner as usize,
        winner_name: format!("player {winner}"),
        turns,
        rolls: turns,
        squares: vec![100, 3],
    });
    store.append(append).await.unwrap();
    id
}

/// A member's games are the finished tables (won or drawn) they sat at, newest first, a page at
/// a time, each with its board, rules, lobby row, winner and turns and the member's seat (their
/// player's number: a start that renumbered seats moves it); tables in play are not games yet.
/// The figures count them by board and rules, and the wins where the winner is the member.
async fn a_members_games_are_their_finished_tables_newest_first_with_figures(db: Db) {
    let store = db.open().await;
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    let won = game(&store, "standard", "finished", Some((1, 9)), "won").await;
    let playing = game(&store, "standard", "playing", None, "on").await;
    let drawn = game(&store, "standard", "finished", None, "drawn").await;
    let fast = game(&store, "exact-end", "finished", Some((1, 5)), "fast").await;
    for (table, seat) in [(won, 1), (playing, 0), (drawn, 0), (fast, 2)] {
        store.add_member_table(ana, table, seat).await.unwrap();
    }
    store.add_member_table(bo, won, 0).await.unwrap();
    // At the start of `fast`, seat 1 was free: Ana's seat 2 became player 1, who won.
    let start = Append {
        table: fast,
        epoch: 1,
        events: vec![(2, "{}".into())],
        seating: vec![(2, 1)],
        ..Append::default()
    };
    store.append(start).await.unwrap();

    let games = store.member_games(ana, None, 50).await.unwrap();
    let ids: Vec<TableId> = games.iter().map(|g| g.table).collect();
    assert_eq!(ids, [fast, drawn, won]);
    let first = &games[0];
    assert_eq!(
        (first.seat, first.winner, first.turns),
        (1, Some(1), Some(5))
    );
    assert_eq!(first.rules, "exact-end");
    assert_eq!(first.board_name, "classic");
    assert_eq!(first.finished_at, Some(1_000));
    assert_eq!(first.summary.as_deref(), Some("{\"words\":\"fast\"}"));
    assert_eq!((games[1].winner, games[1].turns), (None, None));
    assert_eq!((games[2].seat, games[2].winner), (1, Some(1)));
    // Pages: two, then those below the second.
    let page = store.member_games(ana, None, 2).await.unwrap();
    assert_eq!(
        page.iter().map(|g| g.table).collect::<Vec<_>>(),
        [fast, drawn]
    );
    let next = store.member_games(ana, Some(drawn), 2).await.unwrap();
    assert_eq!(next.iter().map(|g| g.table).collect::<Vec<_>>(), [won]);
    // Bo lost the game Ana won.
    let bos = store.member_games(bo, None, 50).await.unwrap();
    assert_eq!(bos.len(), 1);
    assert_eq!((bos[0].seat, bos[0].winner), (0, Some(1)));

    let figures = store.game_figures(ana).await.unwrap();
    let counted: Vec<(&str, u64, u64)> = figures
        .iter()
        .map(|f| (f.rules.as_str(), f.played, f.won))
        .collect();
    assert_eq!(counted, [("standard", 2, 1), ("exact-end", 1, 1)]);
    assert_eq!(figures[0].board, "{}");
    assert!(figures[0].summary.is_some());
    let bos = store.game_figures(bo).await.unwrap();
    assert_eq!((bos[0].played, bos[0].won), (1, 0));
    assert!(store.game_figures(bo + 100).await.unwrap().is_empty());
}

/// A member deleted takes with them their sessions, their blocks of others and others' blocks of
/// them, and their tables' list (the queries here read those rows themselves, not through the
/// member); the others' rows stay, and the name's keys are free for a new member.
async fn a_deleted_member_takes_their_rows_and_frees_the_name(db: Db) {
    let store = db.open().await;
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    let cy = member_of(&store, "Cy").await;
    store
        .open_session(ana, "ana-1", 1_000, 9_000)
        .await
        .unwrap();
    store
        .open_session(ana, "ana-2", 1_000, 9_000)
        .await
        .unwrap();
    store.open_session(bo, "bo-1", 1_000, 9_000).await.unwrap();
    assert!(store.block(ana, bo, 1_000).await.unwrap());
    assert!(store.block(cy, ana, 1_000).await.unwrap());
    assert!(store.block(bo, cy, 1_000).await.unwrap());
    store.add_member_table(ana, 4, 0).await.unwrap();
    store.add_member_table(bo, 4, 1).await.unwrap();
    assert!(store.delete_member(ana).await.unwrap());
    assert!(!store.delete_member(ana).await.unwrap(), "deleted once");
    assert_eq!(store.member(ana).await.unwrap(), None);
    assert_eq!(store.members_count().await.unwrap(), 2);
    assert_eq!(store.session_member("ana-1", 1_000).await.unwrap(), None);
    assert_eq!(
        store.close_sessions(ana).await.unwrap(),
        0,
        "no session left"
    );
    assert!(!store.close_session("ana-2").await.unwrap());
    assert!(
        store.blockers(bo, None).await.unwrap().is_empty(),
        "Ana's block of Bo"
    );
    assert!(
        store.blockers(ana, None).await.unwrap().is_empty(),
        "Cy's block of Ana"
    );
    assert!(store.blocked(cy).await.unwrap().is_empty());
    assert!(store.member_tables(ana, None, 10).await.unwrap().is_empty());
    // The others' rows stay.
    assert_eq!(store.blocked(bo).await.unwrap(), [(cy, "Cy".to_string())]);
    assert_eq!(store.member_tables(bo, None, 10).await.unwrap(), [(4, 1)]);
    assert!(store.session_member("bo-1", 1_000).await.unwrap().is_some());
    // Ana's name is free again: a new member, with an id of their own.
    let again = store
        .create_member(&newcomer("Ana"))
        .await
        .unwrap()
        .unwrap();
    assert!(again.id > cy, "{again:?}");
    assert_eq!(
        store
            .member_named(&newcomer("Ana").keys)
            .await
            .unwrap()
            .map(|m| m.id),
        Some(again.id)
    );
    assert!(
        store
            .member_tables(again.id, None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(store.blockers(again.id, None).await.unwrap().is_empty());
}

/// A passkey of `credential` made at `at`.
fn new_passkey(credential: &[u8], at: i64) -> NewPasskey {
    NewPasskey {
        credential_id: credential.to_vec(),
        public_key: vec![0xa5, 1, 2, 3],
        sign_count: 0,
        label: format!("key {at}"),
        at,
    }
}

/// A challenge is found by its bytes once: the second answer carrying it finds nothing; a member
/// deleted takes theirs; the sweep deletes those expired and keeps the others.
async fn a_challenge_is_taken_once_and_the_expired_ones_are_swept(db: Db) {
    let store = db.open().await;
    let ana = member_of(&store, "Ana").await;
    let signing_up = Challenge {
        challenge: vec![1; 32],
        purpose: "sign-up".into(),
        member_id: None,
        name: Some("Bo".into()),
        user_handle: Some(vec![7; 16]),
        expires_at: 5_000,
    };
    let adding = Challenge {
        challenge: vec![2; 32],
        purpose: "add".into(),
        member_id: Some(ana),
        name: None,
        user_handle: None,
        expires_at: 9_000,
    };
    store.put_challenge(&signing_up).await.unwrap();
    store.put_challenge(&adding).await.unwrap();
    assert!(
        store.put_challenge(&adding).await.is_err(),
        "one challenge, one row"
    );
    assert_eq!(
        store.take_challenge(&[1; 32]).await.unwrap(),
        Some(signing_up.clone())
    );
    assert_eq!(store.take_challenge(&[1; 32]).await.unwrap(), None);
    assert_eq!(store.take_challenge(&[3; 32]).await.unwrap(), None);
    store.put_challenge(&signing_up).await.unwrap();
    assert_eq!(store.delete_expired_challenges(4_999).await.unwrap(), 0);
    assert_eq!(store.delete_expired_challenges(5_000).await.unwrap(), 1);
    assert_eq!(store.take_challenge(&[1; 32]).await.unwrap(), None);
    assert!(store.delete_member(ana).await.unwrap());
    assert_eq!(
        store.take_challenge(&[2; 32]).await.unwrap(),
        None,
        "went with Ana"
    );
}

/// A member made with a passkey has no password, a user handle and the passkey; the name and
/// the credential are each taken once (nothing written when either is); a sign-in moves the
/// counter only from the value read; the last passkey of a member without a password stays.
async fn a_member_made_with_a_passkey_signs_in_with_it_and_keeps_a_way_in(db: Db) {
    let store = db.open().await;
    let made = store
        .create_passkey_member(
            &NewMember {
                password: None,
                ..newcomer("Ana")
            },
            &[9; 16],
            &new_passkey(b"ana-key", 1_000),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.name, "Ana");
    assert_eq!(made.password, None);
    let key = store.passkey(b"ana-key").await.unwrap().unwrap();
    assert_eq!(
        key,
        Passkey {
            id: key.id,
            member_id: made.id,
            credential_id: b"ana-key".to_vec(),
            public_key: vec![0xa5, 1, 2, 3],
            sign_count: 0,
            label: "key 1000".into(),
            created_at: 1_000,
            last_used_at: None,
            user_handle: vec![9; 16],
        }
    );
    // The name again; the credential again under another name: nothing written.
    let again = NewMember {
        password: None,
        ..newcomer("Ana")
    };
    assert_eq!(
        store
            .create_passkey_member(&again, &[8; 16], &new_passkey(b"other", 1_000))
            .await
            .unwrap(),
        Err(PasskeyTaken::Name)
    );
    let bo = NewMember {
        password: None,
        ..newcomer("Bo")
    };
    assert_eq!(
        store
            .create_passkey_member(&bo, &[8; 16], &new_passkey(b"ana-key", 1_000))
            .await
            .unwrap(),
        Err(PasskeyTaken::Credential)
    );
    assert_eq!(
        store.member_named(&bo.keys).await.unwrap(),
        None,
        "Bo rolled back"
    );
    assert_eq!(store.members_count().await.unwrap(), 1);
    // The handle stays the one made.
    assert_eq!(
        store.user_handle(made.id, &[1; 16]).await.unwrap(),
        Some(vec![9; 16])
    );
    // A sign-in: the counter moves from the value read, once.
    assert!(store.use_passkey(key.id, 0, 3, 2_000).await.unwrap());
    assert!(
        !store.use_passkey(key.id, 0, 4, 2_001).await.unwrap(),
        "read before the first"
    );
    let used = store.passkey(b"ana-key").await.unwrap().unwrap();
    assert_eq!((used.sign_count, used.last_used_at), (3, Some(2_000)));
    // Ana's only way in stays; with a second passkey, either may go, not both.
    assert!(!store.delete_passkey(made.id, key.id).await.unwrap());
    assert!(
        store
            .add_passkey(made.id, &new_passkey(b"ana-phone", 3_000))
            .await
            .unwrap()
    );
    let keys = store.passkeys(made.id).await.unwrap();
    assert_eq!(
        keys.iter().map(|k| k.label.as_str()).collect::<Vec<_>>(),
        ["key 1000", "key 3000"]
    );
    assert!(store.delete_passkey(made.id, key.id).await.unwrap());
    assert!(!store.delete_passkey(made.id, keys[1].id).await.unwrap());
    assert_eq!(store.passkeys(made.id).await.unwrap(), [keys[1].clone()]);
}

/// A passkey is added to a member with a password (who may then delete it: the password
/// remains), never twice under one credential; another member cannot delete it; the member
/// deleted takes their passkeys.
async fn a_passkey_is_added_once_and_goes_with_its_member(db: Db) {
    let store = db.open().await;
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    assert_eq!(
        store.user_handle(ana, &[5; 16]).await.unwrap(),
        Some(vec![5; 16])
    );
    assert_eq!(
        store.user_handle(ana, &[6; 16]).await.unwrap(),
        Some(vec![5; 16])
    );
    assert_eq!(store.user_handle(9_999, &[6; 16]).await.unwrap(), None);
    assert!(
        store
            .add_passkey(ana, &new_passkey(b"k1", 1_000))
            .await
            .unwrap()
    );
    assert!(
        !store
            .add_passkey(bo, &new_passkey(b"k1", 1_001))
            .await
            .unwrap()
    );
    assert!(
        store
            .add_passkey(ana, &new_passkey(b"k2", 1_002))
            .await
            .unwrap()
    );
    assert!(store.passkeys(bo).await.unwrap().is_empty());
    let keys = store.passkeys(ana).await.unwrap();
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0].user_handle, vec![5; 16]);
    assert!(
        !store.delete_passkey(bo, keys[0].id).await.unwrap(),
        "not Bo's"
    );
    assert!(store.delete_passkey(ana, keys[0].id).await.unwrap());
    assert!(
        store.delete_passkey(ana, keys[1].id).await.unwrap(),
        "the password remains"
    );
    assert!(
        store
            .add_passkey(ana, &new_passkey(b"k3", 1_003))
            .await
            .unwrap()
    );
    assert!(store.delete_member(ana).await.unwrap());
    assert_eq!(store.passkey(b"k3").await.unwrap(), None);
    assert!(
        store
            .add_passkey(bo, &new_passkey(b"k3", 1_004))
            .await
            .unwrap(),
        "free again"
    );
}

/// On PostgreSQL every write that changes a member's sessions, password, settings or blocks,
/// or deletes the member, tells the other servers (`a<id>`, for each member it changes), in the
/// write's own transaction; a write that changes nothing, or changes no member's account (a
/// new member, a table noted), tells nobody.
#[tokio::test]
async fn member_writes_notify_the_other_servers() {
    use futures_util::StreamExt;
    let db = Db::postgres("members_notify").await;
    let store = db.open().await;
    let url = db.at.to_str().unwrap().to_string();
    let (client, mut conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    let (heard_tx, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let tokio_postgres::AsyncMessage::Notification(n) = message {
                let _ = heard_tx.send(n.payload().to_string());
            }
        }
    });
    client.batch_execute("LISTEN snakes").await.unwrap();
    let next = async |heard: &mut tokio::sync::mpsc::UnboundedReceiver<String>| {
        tokio::time::timeout(Duration::from_secs(60), heard.recv())
            .await
            .expect("a notification")
            .unwrap()
    };
    let ana = member_of(&store, "Ana").await;
    let bo = member_of(&store, "Bo").await;
    let cy = member_of(&store, "Cy").await;
    store.add_member_table(ana, 1, 0).await.unwrap();
    store.open_session(ana, "s1", 1_000, 2_000).await.unwrap();
    // Nothing was heard of the members created nor of the table noted: this is the first.
    assert_eq!(
        next(&mut heard).await,
        format!("a{ana}"),
        "a session opened"
    );
    assert!(store.close_session("s1").await.unwrap());
    assert_eq!(
        next(&mut heard).await,
        format!("a{ana}"),
        "a session closed"
    );
    assert!(!store.close_session("s1").await.unwrap());
    store.open_session(bo, "s2", 1_000, 2_000).await.unwrap();
    assert_eq!(
        next(&mut heard).await,
        format!("a{bo}"),
        "only what changes is told"
    );
    store.open_session(bo, "s3", 1_000, 2_000).await.unwrap();
    assert_eq!(next(&mut heard).await, format!("a{bo}"));
    assert_eq!(store.close_sessions(bo).await.unwrap(), 2);
    assert_eq!(
        next(&mut heard).await,
        format!("a{bo}"),
        "signed out everywhere"
    );
    store.set_password(cy, None).await.unwrap();
    assert_eq!(next(&mut heard).await, format!("a{cy}"), "a password");
    store.set_settings(cy, r#"{"a":1}"#).await.unwrap();
    assert_eq!(next(&mut heard).await, format!("a{cy}"), "settings");
    assert!(store.block(ana, bo, 1_000).await.unwrap());
    assert_eq!(
        next(&mut heard).await,
        format!("a{ana}"),
        "the one who blocks"
    );
    assert_eq!(next(&mut heard).await, format!("a{bo}"), "the one blocked");
    assert!(!store.block(ana, bo, 1_000).await.unwrap());
    assert!(store.unblock(ana, bo).await.unwrap());
    assert_eq!(next(&mut heard).await, format!("a{ana}"), "an unblock");
    assert_eq!(next(&mut heard).await, format!("a{bo}"));
    store.open_session(cy, "s4", 1_000, 2_000).await.unwrap();
    assert_eq!(next(&mut heard).await, format!("a{cy}"));
    assert_eq!(store.delete_expired_sessions(2_000).await.unwrap(), 1);
    assert_eq!(next(&mut heard).await, format!("a{cy}"), "a session swept");
    assert_eq!(store.delete_expired_sessions(2_000).await.unwrap(), 0);
    assert!(store.block(bo, ana, 1_000).await.unwrap());
    assert_eq!(
        next(&mut heard).await,
        format!("a{bo}"),
        "nothing swept is told"
    );
    assert_eq!(next(&mut heard).await, format!("a{ana}"));
    assert!(store.block(ana, cy, 1_000).await.unwrap());
    assert_eq!(next(&mut heard).await, format!("a{ana}"));
    assert_eq!(next(&mut heard).await, format!("a{cy}"));
    // Ana goes, and with her Bo's block of her and hers of Cy: all three are told.
    assert!(store.delete_member(ana).await.unwrap());
    let mut told = [
        next(&mut heard).await,
        next(&mut heard).await,
        next(&mut heard).await,
    ];
    assert_eq!(told[0], format!("a{ana}"), "the member deleted first");
    told.sort();
    let mut expected = [format!("a{ana}"), format!("a{bo}"), format!("a{cy}")];
    expected.sort();
    assert_eq!(told, expected);
    assert!(!store.delete_member(ana).await.unwrap());
    store.set_settings(bo, "{}").await.unwrap();
    assert_eq!(
        next(&mut heard).await,
        format!("a{bo}"),
        "nothing more of Ana's"
    );
    drop(client);
    let _ = driver.await;
}

/// A client of `db`'s PostgreSQL database as servers of before left it: the migrations before
/// the first that holds `marker` applied and noted; and the task driving its connection.
async fn migrated_before(
    db: &Db,
    marker: &str,
) -> (
    tokio_postgres::Client,
    tokio::task::JoinHandle<Result<(), tokio_postgres::Error>>,
) {
    let url = db.at.to_str().unwrap().to_string();
    let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    let driver = tokio::spawn(conn);
    client
        .batch_execute(
            "CREATE TABLE schema_migrations (
                version INTEGER PRIMARY KEY,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        )
        .await
        .unwrap();
    let before = postgres::MIGRATIONS
        .iter()
        .position(|sql| sql.contains(marker))
        .unwrap();
    for (version, sql) in (1..).zip(&postgres::MIGRATIONS[..before]) {
        client.batch_execute(sql).await.unwrap();
        client
            .execute(
                "INSERT INTO schema_migrations (version) VALUES ($1)",
                &[&version],
            )
            .await
            .unwrap();
    }
    (client, driver)
}

/// A PostgreSQL database of the schema before members (its servers of before ran there) gets
/// the members' tables at the next start, keeping what it held.
#[tokio::test]
async fn a_database_of_the_schema_before_members_gets_them() {
    let db = Db::postgres("before_members").await;
    let (client, driver) = migrated_before(&db, "CREATE TABLE members").await;
    client
        .execute(
            "INSERT INTO moderators (folded, name, key_hash, granted_at)
             VALUES ('ana', 'Ana', 'hash', 1)",
            &[],
        )
        .await
        .unwrap();
    let store = db.open().await;
    let version: i32 = client
        .query_one("SELECT max(version) FROM schema_migrations", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(version as usize, postgres::MIGRATIONS.len());
    assert_eq!(
        store.moderator_key("Ana").await.unwrap().as_deref(),
        Some("hash")
    );
    let bo = member_of(&store, "Bo").await;
    assert_eq!(store.member(bo).await.unwrap().unwrap().name, "Bo");
    drop(client);
    let _ = driver.await;
}

/// A database of the schema before passkeys (one server may be newer than the others: each
/// applies what is missing once) gets them, its members kept.
#[tokio::test]
async fn a_database_of_the_schema_before_passkeys_gets_them() {
    let db = Db::postgres("before_passkeys").await;
    let (client, driver) = migrated_before(&db, "CREATE TABLE passkeys").await;
    let bo: i64 = client
        .query_one(
            "INSERT INTO members (name, looks, letters, plain, password, created_at)
             VALUES ('Bo', 'bo', 'bo', 'b', 'phc', 1) RETURNING id",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let store = db.open().await;
    assert_eq!(store.member(bo).await.unwrap().unwrap().name, "Bo");
    assert_eq!(
        store.user_handle(bo, &[4; 16]).await.unwrap(),
        Some(vec![4; 16])
    );
    assert!(
        store
            .add_passkey(bo, &new_passkey(b"bo-key", 2))
            .await
            .unwrap()
    );
    assert_eq!(
        store.passkey(b"bo-key").await.unwrap().unwrap().member_id,
        bo
    );
    drop(client);
    let _ = driver.await;
}

/// The SQL lists of statuses are the type's: a status added to the type and not to them (or the
/// other way round) fails here, not by a table silently left out of a query.
#[test]
fn the_sql_lists_of_statuses_are_the_types() {
    let list = |kind: fn(TableStatus) -> bool| {
        let names: Vec<String> = TableStatus::ALL
            .into_iter()
            .filter(|s| kind(*s))
            .map(|s| format!("'{s}'"))
            .collect();
        format!("({})", names.join(", "))
    };
    assert_eq!(in_play!(), list(TableStatus::in_play));
    assert_eq!(over!(), list(TableStatus::over));
    for s in TableStatus::ALL {
        assert_eq!(TableStatus::parse(s.as_str()), Some(s));
    }
    assert_eq!(TableStatus::parse("lost"), None);
    assert!(matches!(
        status_of(7, "lost"),
        Err(StoreError::UnknownStatus { table: 7, .. })
    ));
    assert_eq!(status_of(7, "").unwrap(), None);
}

/// A start that moves seats down past a seat left free says which seats became which players,
/// those alone: the members' seats follow them ([`Store::renumber_seats`]).
#[test]
fn a_start_names_the_seats_it_renumbered() {
    use crate::protocol::StartedPlayer;
    let player = |seat: usize, name: &str| StartedPlayer {
        seat,
        name: name.into(),
        bot: false,
    };
    let started = |players| {
        TableEvent::Table(Lifecycle::Started {
            players,
            first: 0,
            commitment: None,
        })
    };
    let moved = Append::of(
        7,
        5,
        &[started(vec![
            player(0, "Ana"),
            player(2, "Bo"),
            player(3, "Cy"),
        ])],
    )
    .unwrap();
    assert_eq!(moved.seating, [(2, 1), (3, 2)]);
    let kept = Append::of(7, 5, &[started(vec![player(0, "Ana"), player(1, "Bo")])]).unwrap();
    assert!(kept.seating.is_empty());
}
