//! A moderator closing a table (`AppState::close_table`): everyone at it hears who closed it
//! and why, and it is gone for good, after a restart too.

use super::*;
use snakes_server::protocol::Refusal;

#[test]
fn a_moderator_closes_a_game_in_play_its_players_hear_why_and_it_stays_closed() {
    let dir = temp_dir("close-playing");
    let cfg = config(&dir);
    let db = cfg.db.clone();
    let clients = snakes_testing::runtime(1);
    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg.clone()));
    let (mut ana, mut bo) = clients.block_on(Client::ana_and_bo_playing(addr, json!({})));
    let table = ana.table;
    let handle = state.live(table).unwrap();

    // A reason that could not be said in the talk is refused before the table hears of it.
    let refused = server
        .block_on(state.close_table(table, "Mo", "spam\nBo says: I resign"))
        .unwrap_err();
    assert_eq!(refused.refusal.code(), "bad_text", "{refused:?}");
    assert!(state.list().iter().any(|t| t.id == table));

    server
        .block_on(state.close_table(table, "Mo", "spam in the talk"))
        .unwrap();
    // Answered once it is stored, and out of the lobby.
    let last = stored_events(&db, table).pop().unwrap();
    assert_eq!(
        last.1,
        json!({"type": "closed", "by": "Mo", "reason": "spam in the talk"})
    );
    assert!(state.list().iter().all(|t| t.id != table));
    clients.block_on(async {
        for player in [&mut ana, &mut bo] {
            player.until_event("closed").await;
            let sentence = "The moderator Mo closed the table: spam in the talk.";
            assert_eq!(player.text.last().map(String::as_str), Some(sentence));
            assert_eq!(player.said.last().map(String::as_str), Some(sentence));
        }
    });
    server.block_on(until("its actor stops", async || handle.is_closed()));

    // The table is no more: for the moderator, and for its players.
    let again = server
        .block_on(state.close_table(table, "Mo", ""))
        .unwrap_err();
    assert_eq!(again.refusal, Refusal::NoSuchTable, "{again:?}");
    clients.block_on(async {
        bo.command("roll").await;
        assert_eq!(bo.until("refused").await["code"], "no_such_table");
    });
    server.shutdown_background();
    drop(state);

    // After a restart, it is still closed.
    let server = snakes_testing::runtime(1);
    let (_, state) = server.block_on(start(cfg));
    assert!(state.list().iter().all(|t| t.id != table));
    let refused = server.block_on(state.view(table)).unwrap_err();
    assert_eq!(refused.refusal, Refusal::NoSuchTable, "{refused:?}");
    server.shutdown_background();
}
