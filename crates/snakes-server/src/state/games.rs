//! A member's games: the finished tables they sat at, in the words of the lobby's rows
//! (`store/members.rs` joins the member's tables with each table's row and result), the figures
//! by board and rules, and any game's replay told move by move with the sentences a table says
//! ([`view::lines`], the code that tells live events): what `web/games.rs` answers.

use serde::Serialize;

use super::AppState;
use super::lobby::summary_of;
use crate::protocol::{Logged, Refusal, TableEvent, TableId};
use crate::store::{GameFigures, MemberGame};
use crate::view::{self, Refused, Words};

/// One seat of a game: the name played under, and whether a bot played it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct GameSeat {
    /// The name (a bot's as the lobby's row named it).
    pub(crate) name: String,
    /// A bot played this seat.
    pub(crate) bot: bool,
    /// The member's own seat.
    pub(crate) you: bool,
}

/// One finished game of a member's, in the words of the listener's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct GameLine {
    /// The table.
    pub(crate) table: TableId,
    /// When the game ended, milliseconds since the Unix epoch.
    pub(crate) finished_at: Option<i64>,
    /// The board as the lobby states it ("Classic board of 100 squares.").
    pub(crate) board: String,
    /// The rules in words, as the rules in force under the board.
    pub(crate) rules: String,
    /// The seats, in player order.
    pub(crate) seats: Vec<GameSeat>,
    /// The seats in words, as the lobby's row says them.
    pub(crate) seats_line: String,
    /// How it ended, as the lobby's row says it ("Finished: Ana won").
    pub(crate) outcome: String,
    /// The winner's name; none for a draw.
    pub(crate) winner: Option<String>,
    /// The member won it.
    pub(crate) won: bool,
    /// Turns played by everyone, when someone won.
    pub(crate) turns: Option<u32>,
    /// The game's record (`snakes verify` checks it).
    pub(crate) record: String,
    /// The game told move by move.
    pub(crate) replay: String,
}

/// A member's games on one board under one set of rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct FigureLine {
    /// The board as the lobby states it.
    pub(crate) board: String,
    /// The rules in words.
    pub(crate) rules: String,
    /// The rules (canonical text).
    pub(crate) rules_text: String,
    /// Games played to their end.
    pub(crate) played: u64,
    /// Of those, won.
    pub(crate) won: u64,
}

/// One step of a replay: the events of one roll (or one piece of the table's news) and what
/// the table said of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Step {
    /// The events.
    pub(crate) events: Vec<Logged>,
    /// The sentences, as the table said them.
    pub(crate) lines: Vec<String>,
}

/// A game told move by move, for one listener.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Replay {
    /// The table.
    pub(crate) table: TableId,
    /// The listener's player number, when they played it (the sentences say "you").
    pub(crate) you: Option<usize>,
    /// The steps, in order; those the table said nothing of are left out.
    pub(crate) steps: Vec<Step>,
}

/// The steps of `log`: each of the table's events alone, and the moves of each roll together
/// (a roll's events start at its `rolled`), as the table tells them.
pub(crate) fn steps(log: &[Logged]) -> Vec<&[Logged]> {
    let mut steps = Vec::new();
    let mut start = 0;
    for (i, l) in log.iter().enumerate() {
        let new_step = match &l.event {
            TableEvent::Table(_) => true,
            TableEvent::Game(snakes::Event::Rolled { .. }) => true,
            TableEvent::Game(_) => matches!(
                log.get(i.wrapping_sub(1)).map(|p| &p.event),
                Some(TableEvent::Table(_))
            ),
        };
        if new_step && i > start {
            steps.push(&log[start..i]);
            start = i;
        }
    }
    if start < log.len() {
        steps.push(&log[start..]);
    }
    steps
}

/// `game` in the words of `LOCALES[lang]` (none when its lobby row cannot be read).
fn line_of(game: &MemberGame, lang: usize) -> Option<GameLine> {
    let row = summary_of(game.summary.as_deref()?)?.in_language(lang);
    let seat = game.seat as usize;
    let seats = row
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| GameSeat {
            name: s.name.clone().unwrap_or_default(),
            bot: s.bot,
            you: i == seat,
        })
        .collect::<Vec<_>>();
    let winner = game.winner.map(|w| w as usize);
    Some(GameLine {
        table: game.table,
        finished_at: game.finished_at.map(|s| s * 1000),
        board: row.words.board.clone(),
        rules: row.rules_line.clone(),
        winner: winner.and_then(|w| seats.get(w)).map(|s| s.name.clone()),
        seats_line: row.words.seats.clone(),
        outcome: row.words.state.clone(),
        won: winner == Some(seat),
        turns: game.turns,
        record: format!("/api/tables/{}/record", game.table),
        replay: format!("/api/tables/{}/replay", game.table),
        seats,
    })
}

/// `figures` in the words of `LOCALES[lang]`.
fn figure_of(figures: &GameFigures, lang: usize) -> FigureLine {
    let row = figures
        .summary
        .as_deref()
        .and_then(summary_of)
        .map(|r| r.in_language(lang));
    FigureLine {
        board: row
            .as_ref()
            .map_or_else(|| figures.board_name.clone(), |r| r.words.board.clone()),
        rules: row
            .as_ref()
            .map_or_else(|| figures.rules.clone(), |r| r.rules_line.clone()),
        rules_text: figures.rules.clone(),
        played: figures.played,
        won: figures.won,
    }
}

impl AppState {
    /// Member `member_id`'s finished games, newest first, at most `limit`, those below
    /// `before` when given, in the words of `LOCALES[lang]`; and the table to ask below for the
    /// next page, when there may be one.
    ///
    /// # Errors
    /// [`Refusal::StoreFailed`].
    pub(crate) async fn member_games(
        &self,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
        lang: usize,
    ) -> Result<(Vec<GameLine>, Option<TableId>), Refused> {
        let games = self
            .store()
            .member_games(member_id, before, limit)
            .await
            .map_err(|_| Refused::from(Refusal::StoreFailed))?;
        let next = (games.len() == limit as usize)
            .then(|| games.last().map(|g| g.table))
            .flatten();
        let lines = games.iter().filter_map(|g| line_of(g, lang)).collect();
        Ok((lines, next))
    }

    /// Member `member_id`'s finished games by board and rules, in the words of
    /// `LOCALES[lang]`.
    ///
    /// # Errors
    /// [`Refusal::StoreFailed`].
    pub(crate) async fn game_figures(
        &self,
        member_id: i64,
        lang: usize,
    ) -> Result<Vec<FigureLine>, Refused> {
        let figures = self
            .store()
            .game_figures(member_id)
            .await
            .map_err(|_| Refused::from(Refusal::StoreFailed))?;
        Ok(figures.iter().map(|f| figure_of(f, lang)).collect())
    }

    /// The player member `member_id` was at table `id`, if they sat there.
    ///
    /// # Errors
    /// [`Refusal::StoreFailed`].
    pub(crate) async fn seat_of_member(
        &self,
        member_id: i64,
        id: TableId,
    ) -> Result<Option<usize>, Refused> {
        let tables = self
            .store()
            .member_tables(member_id, id.checked_add(1), 1)
            .await
            .map_err(|_| Refused::from(Refusal::StoreFailed))?;
        Ok(tables
            .first()
            .filter(|(table, _)| *table == id)
            .map(|(_, seat)| *seat as usize))
    }

    /// Table `id`'s game told step by step in `LOCALES[lang]`, to the player of `seat` (as they
    /// heard it: "you") or, without one, to someone watching: each step's sentences are those
    /// the table says of its events ([`view::lines`]), from the table as it is now, as a
    /// connection catching up hears them.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`], [`Refusal::Quarantined`], [`Refusal::StoreFailed`].
    pub(crate) async fn replay(
        &self,
        id: TableId,
        lang: usize,
        seat: Option<usize>,
    ) -> Result<Replay, Refused> {
        let table = self.load_stored(id).await?;
        // A big board's words take a while: off the async threads.
        tokio::task::spawn_blocking(move || {
            let words = Words::in_language(&table, lang);
            let listener = view::listener(&table, seat);
            let you = match listener {
                snakes_text::Listener::Player(p) => Some(p),
                snakes_text::Listener::Spectator => None,
            };
            let steps = steps(table.log())
                .into_iter()
                .map(|step| Step {
                    events: step.to_vec(),
                    lines: view::lines(&table, &words, step, listener, false),
                })
                .filter(|s| !s.lines.is_empty())
                .collect();
            Replay {
                table: id,
                you,
                steps,
            }
        })
        .await
        .map_err(|_| Refused::from(Refusal::StoreFailed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Lifecycle;

    fn logged(seq: u64, event: TableEvent) -> Logged {
        Logged { seq, event }
    }

    #[test]
    fn a_step_is_one_roll_or_one_piece_of_news() {
        let rolled = |player| TableEvent::Game(snakes::Event::Rolled { player, roll: 3 });
        let moved = |player| {
            TableEvent::Game(snakes::Event::Moved {
                player,
                from: 0,
                to: 3,
            })
        };
        let log = vec![
            logged(1, TableEvent::Table(Lifecycle::Abandoned)),
            logged(2, rolled(0)),
            logged(3, moved(0)),
            logged(4, rolled(1)),
            logged(5, moved(1)),
            logged(6, TableEvent::Table(Lifecycle::Abandoned)),
            logged(7, moved(0)),
        ];
        let seqs: Vec<Vec<u64>> = steps(&log)
            .iter()
            .map(|s| s.iter().map(|l| l.seq).collect())
            .collect();
        assert_eq!(seqs, [vec![1], vec![2, 3], vec![4, 5], vec![6], vec![7]]);
        assert!(steps(&[]).is_empty());
    }
}
