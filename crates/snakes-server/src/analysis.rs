//! "How long is a game here": the board page's measure of a table's board under each ending.
//!
//! `GET /api/tables/{id}/analysis` answers with, for the table's board and its rules under the
//! strict (`bounce`), `exact` and `loose` endings (every other rule kept): the expected turns one
//! player needs, the median and 90th percentile, the chance of having finished by each turn, the
//! expected rounds of a race between the table's players when an exact method applies; one
//! sentence on how much longer the strict ending makes a game; and the same figures observed in
//! the finished games this server holds.
//!
//! The exact figures come from `snakes-analysis` (absorbing Markov chains) and are cached per
//! board, rules and number of players: they never change, and every visitor of a table asks
//! for them. The observed figures are counted afresh each time, since games finish.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;
use snakes::{Board, Ending, Jump, Rules};
use snakes_analysis::{Options, analyze};
use snakes_text::{Catalogue, MessageArg};

use crate::AppState;
use crate::protocol::Refusal;
use crate::protocol::{BoardView, Status, TableId, TableView};

/// The chart stops once every ending has finished with this probability: the rest is a tail
/// too thin to see.
const CHART_REACH: f64 = 0.995;

/// The largest board measured for the page. The exact figures of a board grow with its squares
/// (a 100 x 100 board takes seconds); a page must not wait that long, and a visitor must not be
/// able to keep the server busy by opening tables of huge boards.
pub const MAX_SQUARES: u32 = 2500;

/// The largest board on which the race of two bumping tokens is measured for the page.
pub const MAX_BUMP_RACE_SQUARES: u32 = 400;

/// The measure of one ending.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndingFigures {
    /// `bounce`, `exact` or `loose`.
    pub ending: String,
    /// The table's rules with this ending, canonical text.
    pub rules: String,
    /// Whether the table plays this ending.
    pub in_force: bool,
    /// Why this ending cannot be measured on this board (a game that may never end), if so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Expected turns for one player's token to finish.
    pub expected_turns: Option<f64>,
    /// The smallest `t` with `P(T <= t) >= 1/2`.
    pub median: Option<u64>,
    /// The smallest `t` with `P(T <= t) >= 0.9`.
    pub p90: Option<u64>,
    /// `P(T <= t)` for `t = 0, 1, ...`, up to the chart's reach.
    pub cumulative: Vec<f64>,
    /// Expected rounds until the first of the table's players finishes (when exact).
    pub expected_rounds: Option<f64>,
    /// Median rounds of that race (when exact).
    pub median_rounds: Option<u64>,
    /// The figures observed in finished games with this ending.
    pub observed: Observed,
}

/// What finished games with the same board, rules and number of players showed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Observed {
    /// How many.
    pub games: usize,
    /// Mean rounds (the winner's turns), when there were games.
    pub mean_rounds: Option<f64>,
    /// Median rounds.
    pub median_rounds: Option<u64>,
    /// 90th percentile of the rounds.
    pub p90_rounds: Option<u64>,
    /// The figures in one sentence.
    pub sentence: String,
}

/// The answer of `GET /api/tables/{id}/analysis`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableAnalysis {
    /// The table.
    pub table: TableId,
    /// The last square.
    pub last_square: u32,
    /// Players at the table (seats before the start).
    pub players: usize,
    /// One entry per ending: bounce (strict), exact, loose.
    pub endings: Vec<EndingFigures>,
    /// How much longer the strict ending makes a game, in words (absent when an ending cannot
    /// be measured).
    pub sentence: Option<String>,
}

/// The exact part of one ending, shared by every table on the same board and rules.
#[derive(Debug, Clone)]
struct Exact {
    expected_turns: f64,
    // Absent only when the distribution was cut short before reaching the level.
    median: Option<u64>,
    p90: Option<u64>,
    cumulative: Vec<f64>,
    expected_rounds: Option<f64>,
    median_rounds: Option<u64>,
}

/// Board layout (JSON), rules (canonical text) and number of players.
type CacheKey = (String, String, usize);
/// The figures, or why there are none.
type Cached = Arc<Result<Exact, String>>;

fn cache() -> &'static Mutex<HashMap<CacheKey, Cached>> {
    static CACHE: OnceLock<Mutex<HashMap<CacheKey, Cached>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Rebuilds a board from the view a table gives.
///
/// # Errors
/// When the layout is not a valid board (it always is: the table checked it).
pub fn board_of(view: &BoardView) -> Result<Board, snakes::BoardError> {
    let jumps = view
        .ladders
        .iter()
        .chain(&view.snakes)
        .map(|&[from, to]| Jump { from, to });
    Board::new(view.rows, view.cols, jumps)
}

/// The exact figures of `board` under `rules` for `players`, from the cache when known.
fn exact(board: &Board, rules: &Rules, players: usize) -> Cached {
    let key = (board.to_layout_json(), rules.to_string(), players);
    if let Some(hit) = cache()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(&key)
    {
        return hit.clone();
    }
    // Computed without the lock held, so that other boards are served meanwhile; when two
    // requests raced on this one, the first answer stored is the one everybody gets.
    let computed = Arc::new(compute(board, rules, players));
    cache()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .entry(key)
        .or_insert(computed)
        .clone()
}

fn compute(board: &Board, rules: &Rules, players: usize) -> Result<Exact, String> {
    // Races of bumping tokens beyond two players are only simulated, and the exact race of two
    // runs over every pair of squares (a 20 x 20 board already has 320,000 states): a page must
    // not wait for either, so those tables show the one-player figures alone.
    let exact_race = players >= 2
        && (rules.collision == snakes::Collision::Share
            || (players == 2 && board.last() <= MAX_BUMP_RACE_SQUARES));
    let opts = Options {
        players: if exact_race { players } else { 1 },
        within: Vec::new(),
        threads: 1,
        ..Options::default()
    };
    let a = analyze(board, rules, &opts).map_err(|e| e.to_string())?;
    let cumulative = a.cumulative();
    Ok(Exact {
        expected_turns: a.expected_turns,
        median: a.median,
        p90: a.quantile(0.9),
        cumulative,
        expected_rounds: a.race.as_ref().map(|r| r.expected_rounds),
        median_rounds: a.race.as_ref().and_then(|r| r.median_rounds),
    })
}

/// One decimal, for sentences.
fn one_decimal(x: f64) -> String {
    format!("{x:.1}")
}

/// The smallest value with at least `q` of the sorted `values` at or below it.
fn quantile_of(sorted: &[u64], q: f64) -> Option<u64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    Some(sorted[rank - 1])
}

fn observed(catalogue: &Catalogue, rounds: &mut [u64], players: usize) -> Observed {
    rounds.sort_unstable();
    let games = rounds.len();
    let mean = (games > 0).then(|| rounds.iter().sum::<u64>() as f64 / games as f64);
    let sentence = match mean {
        None => catalogue.format(
            "analysis-observed-none",
            &[("players", MessageArg::from(players))],
        ),
        Some(m) => catalogue.format(
            "analysis-observed",
            &[
                ("games", MessageArg::from(games)),
                ("players", MessageArg::from(players)),
                ("mean", MessageArg::from(one_decimal(m))),
            ],
        ),
    };
    Observed {
        games,
        mean_rounds: mean,
        median_rounds: quantile_of(rounds, 0.5),
        p90_rounds: quantile_of(rounds, 0.9),
        sentence,
    }
}

/// The sentence on how much longer the strict ending makes a game.
pub fn strict_vs_loose(catalogue: &Catalogue, strict: f64, loose: f64, last: u32) -> String {
    let percent = 100.0 * (strict / loose - 1.0);
    let shown = one_decimal(percent.abs());
    let direction = if shown == "0.0" {
        "same"
    } else if percent > 0.0 {
        "longer"
    } else {
        "shorter"
    };
    catalogue.format(
        "analysis-strict-vs-loose",
        &[
            ("direction", MessageArg::from(direction)),
            ("percent", MessageArg::from(shown)),
            ("strict", MessageArg::from(one_decimal(strict))),
            ("loose", MessageArg::from(one_decimal(loose))),
            ("last", MessageArg::from(last)),
        ],
    )
}

/// Rounds of a finished game: the turns its winner took.
fn rounds_of(view: &TableView) -> Option<u64> {
    let result = view.summary.result.as_ref()?;
    view.stats.get(result.winner).map(|s| u64::from(s.turns))
}

/// Measures the board of table `id`.
///
/// # Errors
/// [`Refusal::NoSuchTable`] (as a refusal with its sentence).
pub async fn table_analysis(
    state: &AppState,
    id: TableId,
) -> Result<TableAnalysis, crate::view::Refused> {
    let view = state.view(id).await?;
    let rules: Rules = view
        .summary
        .rules
        .parse()
        .map_err(|e: snakes::RulesError| {
            state.refused(Refusal::BadRules {
                detail: e.to_string().into(),
            })
        })?;
    let board = board_of(&view.board).map_err(|e| {
        state.refused(Refusal::BadBoard {
            detail: e.to_string().into(),
        })
    })?;
    let players = view.summary.seat_count;

    // Finished games on the same board with the same players and rules apart from the ending.
    let mut rounds: HashMap<Ending, Vec<u64>> = HashMap::new();
    for summary in state.list() {
        if summary.status != Status::Finished || summary.seat_count != players {
            continue;
        }
        let Ok(mut other) = summary.rules.parse::<Rules>() else {
            continue;
        };
        let ending = other.ending;
        other.ending = rules.ending;
        if other != rules {
            continue;
        }
        let Ok(finished) = state.view(summary.id).await else {
            continue;
        };
        if finished.board != view.board {
            continue;
        }
        if let Some(r) = rounds_of(&finished) {
            rounds.entry(ending).or_default().push(r);
        }
    }

    let too_large = (board.last() > MAX_SQUARES).then(|| {
        Catalogue::english().format(
            "analysis-too-large",
            &[
                ("squares", MessageArg::from(board.last())),
                ("limit", MessageArg::from(MAX_SQUARES)),
            ],
        )
    });
    let computed = {
        let board = board.clone();
        let too_large = too_large.clone();
        tokio::task::spawn_blocking(move || {
            Ending::ALL
                .iter()
                .map(|&ending| {
                    let mut r = rules;
                    r.ending = ending;
                    match &too_large {
                        Some(message) => (r, Arc::new(Err(message.clone()))),
                        None => (r, exact(&board, &r, players)),
                    }
                })
                .collect::<Vec<_>>()
        })
        .await
        .map_err(|_| {
            state.refused(Refusal::BadMessage {
                detail: "the analysis failed; try again".to_string().into(),
            })
        })?
    };

    let catalogue = Catalogue::english();
    // Cut every line at the turn by which all endings have (nearly) finished, so that they
    // share one horizontal axis.
    let reach = computed
        .iter()
        .filter_map(|(_, e)| e.as_ref().as_ref().ok())
        .map(|e| {
            e.cumulative
                .iter()
                .position(|&p| p >= CHART_REACH)
                .unwrap_or(e.cumulative.len())
        })
        .max()
        .unwrap_or(0);
    let endings: Vec<EndingFigures> = computed
        .iter()
        .map(|(r, e)| {
            let mut games = rounds.remove(&r.ending).unwrap_or_default();
            let observed = observed(&catalogue, &mut games, players);
            match e.as_ref() {
                Ok(x) => EndingFigures {
                    ending: r.ending.name().to_string(),
                    rules: r.to_string(),
                    in_force: r.ending == rules.ending,
                    error: None,
                    expected_turns: Some(x.expected_turns),
                    median: x.median,
                    p90: x.p90,
                    cumulative: (0..=reach)
                        .map(|t| x.cumulative.get(t).copied().unwrap_or(1.0))
                        .collect(),
                    expected_rounds: x.expected_rounds,
                    median_rounds: x.median_rounds,
                    observed,
                },
                Err(message) => EndingFigures {
                    ending: r.ending.name().to_string(),
                    rules: r.to_string(),
                    in_force: r.ending == rules.ending,
                    error: Some(message.clone()),
                    expected_turns: None,
                    median: None,
                    p90: None,
                    cumulative: Vec::new(),
                    expected_rounds: None,
                    median_rounds: None,
                    observed,
                },
            }
        })
        .collect();
    let turns_of = |ending: Ending| {
        endings
            .iter()
            .find(|e| e.ending == ending.name())
            .and_then(|e| e.expected_turns)
    };
    let sentence = match (turns_of(Ending::Bounce), turns_of(Ending::Loose)) {
        (Some(strict), Some(loose)) => {
            Some(strict_vs_loose(&catalogue, strict, loose, board.last()))
        }
        _ => None,
    };
    Ok(TableAnalysis {
        table: id,
        last_square: board.last(),
        players,
        endings,
        sentence,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_board_is_longer_under_the_strict_ending() {
        let board = Board::classic();
        let strict = exact(&board, &Rules::STANDARD, 2);
        let mut loose_rules = Rules::STANDARD;
        loose_rules.ending = Ending::Loose;
        let loose = exact(&board, &loose_rules, 2);
        let (Ok(s), Ok(l)) = (strict.as_ref(), loose.as_ref()) else {
            panic!("both endings measure");
        };
        // The figures `snakes analyze --compare ending` prints for the classic board.
        assert!(
            (s.expected_turns - 43.3246).abs() < 1e-4,
            "{}",
            s.expected_turns
        );
        assert!(
            (l.expected_turns - 35.8349).abs() < 1e-4,
            "{}",
            l.expected_turns
        );
        assert_eq!((s.median, s.p90), (Some(35), Some(83)));
        assert_eq!((l.median, l.p90), (Some(29), Some(66)));
        assert!((s.expected_rounds.unwrap() - 28.01).abs() < 0.01);
        assert!(s.cumulative.windows(2).all(|w| w[0] <= w[1] + 1e-15));
        // Cached: the second call gives the very same result.
        assert!(Arc::ptr_eq(&strict, &exact(&board, &Rules::STANDARD, 2)));
        let line = strict_vs_loose(
            &Catalogue::english(),
            s.expected_turns,
            l.expected_turns,
            100,
        );
        assert_eq!(
            line,
            "On this board the strict ending makes a game 20.9% longer: one player needs 43.3 \
             turns on average to land on 100 exactly, against 35.8 when any roll reaching 100 wins."
        );
    }

    #[test]
    fn bumping_races_are_measured_for_two_on_small_boards_only() {
        let rules: Rules = "collision=bump".parse().unwrap();
        let r = exact(&Board::classic(), &rules, 3);
        let x = r.as_ref().as_ref().unwrap();
        assert!(x.expected_rounds.is_none());
        assert!(x.expected_turns > 40.0);
        let two = exact(&Board::classic(), &rules, 2);
        assert!(two.as_ref().as_ref().unwrap().expected_rounds.is_some());
        // 21 x 20 squares: past the limit, one player's figures only.
        let big = Board::new(21, 20, [Jump { from: 5, to: 300 }]).unwrap();
        let r = exact(&big, &rules, 2);
        let x = r.as_ref().as_ref().unwrap();
        assert!(x.expected_rounds.is_none() && x.expected_turns > 1.0);
        // Sharing tokens race exactly at any size.
        let r = exact(&big, &Rules::STANDARD, 2);
        assert!(r.as_ref().as_ref().unwrap().expected_rounds.is_some());
    }

    #[tokio::test]
    async fn boards_too_large_for_a_page_are_not_measured() {
        let dir =
            std::env::temp_dir().join(format!("snakes-analysis-large-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("t.db");
        let _ = std::fs::remove_file(&db);
        let state = AppState::open(crate::Config {
            db,
            ..crate::Config::default()
        })
        .await
        .unwrap();
        let created = state
            .create(crate::protocol::CreateTable {
                board: r#"{"rows": 51, "cols": 50, "ladders": [[2, 40]], "snakes": []}"#.into(),
                rules: "standard".into(),
                seats: 2,
                bots: 1,
                name: "Ana".into(),
            })
            .await
            .unwrap();
        let a = table_analysis(&state, created.table).await.unwrap();
        assert_eq!(a.last_square, 2550);
        assert!(a.sentence.is_none());
        for e in &a.endings {
            assert_eq!(
                e.error.as_deref(),
                Some(
                    "This board has 2550 squares; the page measures boards of up to 2500 \
                     squares. The command snakes analyze measures any board."
                )
            );
            assert!(e.expected_turns.is_none() && e.cumulative.is_empty());
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn observed_figures_and_quantiles() {
        let c = Catalogue::english();
        let none = observed(&c, &mut [], 2);
        assert_eq!(
            (none.games, none.mean_rounds, none.median_rounds),
            (0, None, None)
        );
        assert_eq!(
            none.sentence,
            "No finished games with this board, these rules and 2 players yet."
        );
        let some = observed(&c, &mut [30, 10, 20, 40], 2);
        assert_eq!(some.mean_rounds, Some(25.0));
        assert_eq!((some.median_rounds, some.p90_rounds), (Some(20), Some(40)));
        assert!(
            some.sentence.starts_with("4 finished games"),
            "{}",
            some.sentence
        );
    }

    #[test]
    fn a_board_view_rebuilds_the_board() {
        let b = Board::classic();
        let view = BoardView {
            rows: b.rows(),
            cols: b.cols(),
            ladders: b.ladders().map(|j| [j.from, j.to]).collect(),
            snakes: b.snakes().map(|j| [j.from, j.to]).collect(),
        };
        assert_eq!(board_of(&view).unwrap(), b);
    }

    /// A real server state on a fresh SQLite file: a finished game shows up in the observed
    /// figures of its ending, as the rounds its winner took, and in no other ending's.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn finished_games_are_counted_under_their_ending() {
        use crate::actor::TableCmd;
        use crate::protocol::CreateTable;
        use crate::table::Timing;
        use std::time::Duration;

        let dir = std::env::temp_dir().join(format!(
            "snakes-analysis-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("t.db");
        let _ = std::fs::remove_file(&db);
        let config = crate::Config {
            db: db.clone(),
            timing: Timing {
                bot_delay: Duration::ZERO,
                grace: Duration::from_secs(30),
                turn_timer: None,
            },
            ..crate::Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let created = state
            .create(CreateTable {
                board: "classic".into(),
                rules: "ending=loose".into(),
                seats: 2,
                bots: 1,
                name: "Ana".into(),
            })
            .await
            .unwrap();
        let (id, token) = (created.table, created.token);
        let seq = state.view(id).await.unwrap().summary.seq;
        let t = token.clone();
        state
            .ask(id, |reply| TableCmd::Start {
                token: t,
                seq,
                reply,
            })
            .await
            .unwrap();
        let mut rolls = 0;
        let finished = loop {
            let view = state.view(id).await.unwrap();
            if view.summary.status == Status::Finished {
                break view;
            }
            // Ana is the only person; the bot rolls by itself.
            let ana = view.summary.seats.iter().position(|s| !s.bot).unwrap();
            if view.turn == Some(ana) {
                let (t, seq) = (token.clone(), view.summary.seq);
                // A stale seq (the bot just moved) is refused; the next pass retries.
                let _ = state
                    .ask(id, |reply| TableCmd::Roll {
                        token: t,
                        seq,
                        reply,
                    })
                    .await;
                rolls += 1;
                assert!(rolls < 100_000, "the game never ended");
            } else {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        };
        let result = finished.summary.result.clone().unwrap();
        let winner_turns = u64::from(finished.stats[result.winner].turns);

        let a = table_analysis(&state, id).await.unwrap();
        let by_ending = |e: &str| a.endings.iter().find(|x| x.ending == e).unwrap();
        let loose = by_ending("loose");
        assert!(loose.in_force);
        assert_eq!(loose.observed.games, 1);
        assert_eq!(loose.observed.mean_rounds, Some(winner_turns as f64));
        assert_eq!(loose.observed.median_rounds, Some(winner_turns));
        assert!(loose.observed.sentence.starts_with("One finished game"));
        for other in ["bounce", "exact"] {
            assert_eq!(by_ending(other).observed.games, 0, "{other}");
        }
        assert_eq!(a.players, 2);
        assert!(a.sentence.as_deref().unwrap().contains("20.9% longer"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
