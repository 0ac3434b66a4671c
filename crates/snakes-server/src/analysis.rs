//! "How long is a game here": the board page's measure of a table's board under each ending.
//!
//! `GET /api/tables/{id}/analysis` answers with, for the table's board and its rules under the
//! strict (`bounce`), `exact` and `loose` endings (every other rule kept): the expected turns one
//! player needs, the median and 90th percentile, the chance of having finished by each turn, the
//! expected rounds of a race between the table's players when an exact method applies; one
//! sentence on how much longer the strict ending makes a game; and the same figures observed in
//! the finished games this server holds.
//!
//! The exact figures come from `snakes-analysis`, the code of `snakes analyze`: it chooses the
//! method from the board's structure and refuses, with an estimate, what would not fit its
//! budget. The page gives the three endings together [`PAGE_BUDGET`]; an ending it cannot
//! measure in that time says so, with the estimate. The figures are cached per board, rules and
//! number of players (declines too): they never change, and every visitor of a table asks for
//! them. The observed figures are one query over the stored results, made afresh each time,
//! since games finish.

use std::collections::HashMap;
use std::net::IpAddr;
#[cfg(not(unix))]
use std::sync::OnceLock;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use std::time::Instant;

use serde::Serialize;
use snakes::{Board, Ending, Rules};
use snakes_analysis::budget::Budget;
use snakes_analysis::{AnalysisError, Options, analyze_within};
use snakes_text::errors::{analysis_error, duration};
use snakes_text::{Catalogue, Detail, MessageArg};

use tokio::sync::Semaphore;

use crate::Config;
use crate::locks::Lock;
use crate::metrics::Metrics;
use crate::protocol::{Refusal, TableId, TableView};
use crate::store::FinishedGame;
use crate::view::Refused;

/// The chart stops once every ending has finished with this probability: the rest is a tail
/// too thin to see.
const CHART_REACH: f64 = 0.995;

/// The chart, and the distribution an answer carries, go at most this many turns: a crafted
/// board whose games last for ever is charted that far (about 70 KB of answer at most).
pub const CHART_TURNS: usize = 2000;

/// The time the page's analysis of a board may take, its three endings together. Most boards
/// take a fraction of a second (a 100 x 100 board with jumps spanning it, about a second for the
/// three); the budget keeps a visitor from holding the server with a board of millions of
/// squares, and `snakes analyze` measures those.
pub const PAGE_BUDGET: Duration = Duration::from_secs(20);

/// The measure of one ending.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndingFigures {
    /// `bounce`, `exact` or `loose`.
    pub ending: String,
    /// The table's rules with this ending, canonical text.
    pub rules: String,
    /// Whether the table plays this ending.
    pub in_force: bool,
    /// Why this ending cannot be measured on this board (a game that may never end, or a board
    /// the page's budget declines), if so.
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
    /// The figures above as the page shows them, in the language asked for.
    pub text: FiguresText,
}

/// The figures of one ending as the page writes them: by the catalogue (`figure`), in the
/// language asked for, with its decimal separator ("43,3" in Spanish); absent where there is
/// no figure. The page formats no number itself.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FiguresText {
    /// `expected_turns`, one decimal.
    pub expected_turns: Option<String>,
    /// `median`.
    pub median: Option<String>,
    /// `p90`.
    pub p90: Option<String>,
    /// `expected_rounds`, one decimal.
    pub expected_rounds: Option<String>,
    /// The observed games.
    pub games: String,
    /// The observed mean rounds, one decimal.
    pub mean_rounds: Option<String>,
}

/// A row of the chart's data as a table: a turn, and the chance that each ending's game has
/// finished by then.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartRow {
    /// The turn.
    pub turn: u64,
    /// For each ending, in the order of `endings`, the chance as a percentage written by the
    /// catalogue (`percent`: "12.5%", "12,5 %"; no decimal at 0 and 100); empty for an ending
    /// that was not measured.
    pub percents: Vec<String>,
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
    /// The labels of the chart's vertical axis, 0 % to 100 % by quarters, written by the
    /// catalogue (`percent`).
    pub percent_ticks: Vec<String>,
    /// The chart's data as a table: every few turns (a round step, about a dozen rows), the
    /// chance that each ending's game has finished by then.
    pub chart_table: Vec<ChartRow>,
}

/// The exact part of one ending, shared by every table on the same board and rules.
#[derive(Debug, Clone)]
struct Exact {
    expected_turns: f64,
    // Absent only when the distribution was cut short before reaching the level.
    median: Option<u64>,
    p90: Option<u64>,
    cumulative: Vec<f64>,
    // Whether `cumulative` runs to the end (otherwise it stops where the distribution was cut).
    complete: bool,
    expected_rounds: Option<f64>,
    median_rounds: Option<u64>,
}

/// Board layout (JSON), rules (canonical text) and number of players.
type CacheKey = (String, String, usize);
/// The figures, or why there are none.
type Cached = Arc<Result<Exact, Declined>>;

/// Why an ending has no figures, kept apart from its words: the cache serves every language.
#[derive(Debug, Clone)]
enum Declined {
    /// Over the page's budget: the estimated seconds.
    OverBudget(f64),
    /// Too much memory: the bytes.
    TooLarge(f64),
    /// Another error (a game that may never end under this ending).
    Other(AnalysisError),
}

impl Declined {
    /// Why, in the words of `catalogue`.
    fn say(&self, catalogue: &Catalogue) -> String {
        match self {
            Declined::OverBudget(estimate_secs) => catalogue.format(
                "analysis-over-budget",
                &[
                    ("estimate", duration(catalogue, *estimate_secs).into()),
                    (
                        "budget",
                        duration(catalogue, PAGE_BUDGET.as_secs_f64()).into(),
                    ),
                ],
            ),
            Declined::TooLarge(bytes) => catalogue.format(
                "analysis-too-large",
                &[("gib", MessageArg::decimal(bytes / f64::from(1u32 << 30), 1))],
            ),
            Declined::Other(e) => analysis_error(catalogue, e),
        }
    }
}

/// The analyses of a server: the figures of each board kept for every visitor, in at most
/// `--analysis-cache-bytes` (the least recently used go first); each client address's budget
/// of CPU time (`--analysis-secs-per-minute`, at most that at once); and the threads they run
/// on (one fewer than the cores, at least one: the games keep a core).
pub(crate) struct Analyses {
    cache: Mutex<Cache>,
    cap: usize,
    budgets: Mutex<HashMap<IpAddr, Seconds>>,
    per_minute: f64,
    running: Arc<Semaphore>,
}

/// What the server lends an analysis: its cache and budgets, its settings (the clock, the
/// networks), its counters.
pub(crate) struct Server<'a> {
    pub(crate) analyses: &'a Arc<Analyses>,
    pub(crate) config: &'a Config,
    pub(crate) metrics: &'a Metrics,
}

/// A client address's CPU seconds left, and when that was counted.
#[derive(Debug, Clone, Copy)]
struct Seconds {
    left: f64,
    at: Instant,
}

#[derive(Default)]
struct Cache {
    entries: HashMap<CacheKey, (Cached, usize, u64)>,
    bytes: usize,
    uses: u64,
}

/// What an entry of the cache takes: its key (a board's layout may be large), its figures.
fn entry_bytes(key: &CacheKey, value: &Cached) -> usize {
    let figures = match value.as_ref() {
        Ok(x) => x.cumulative.len() * std::mem::size_of::<f64>(),
        Err(_) => 0,
    };
    key.0.len() + key.1.len() + figures + 256
}

impl Analyses {
    pub(crate) fn new(config: &crate::Config) -> Analyses {
        Analyses {
            cache: Mutex::default(),
            cap: config.analysis_cache_bytes,
            budgets: Mutex::default(),
            per_minute: config.analysis_secs_per_minute,
            running: Arc::new(Semaphore::new(crate::config::analysis_threads() as usize)),
        }
    }

    /// The cached figures of `key`, if any (now the most recently used).
    fn get(&self, key: &CacheKey) -> Option<Cached> {
        let mut cache = self.cache.locked();
        cache.uses += 1;
        let uses = cache.uses;
        let (value, _, used) = cache.entries.get_mut(key)?;
        *used = uses;
        Some(value.clone())
    }

    /// Keeps `value` for `key` (the first one kept, when two requests raced, is the one
    /// everybody gets), letting the least recently used go until the cache fits its bytes.
    fn keep(&self, key: CacheKey, value: Cached) -> Cached {
        let mut cache = self.cache.locked();
        cache.uses += 1;
        let uses = cache.uses;
        if let Some((kept, _, used)) = cache.entries.get_mut(&key) {
            *used = uses;
            return kept.clone();
        }
        let bytes = entry_bytes(&key, &value);
        if bytes > self.cap {
            return value;
        }
        while cache.bytes + bytes > self.cap {
            let Some(oldest) = cache
                .entries
                .iter()
                .min_by_key(|(_, (_, _, used))| *used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((_, gone, _)) = cache.entries.remove(&oldest) {
                cache.bytes -= gone;
            }
        }
        cache.bytes += bytes;
        cache.entries.insert(key, (value.clone(), bytes, uses));
        value
    }

    /// The bytes the cache holds, and its entries.
    #[cfg(test)]
    fn held(&self) -> (usize, usize) {
        let cache = self.cache.locked();
        (cache.bytes, cache.entries.len())
    }

    /// The CPU seconds `address` has left now, at most the budget of a minute.
    fn left(&self, address: IpAddr, now: Instant) -> f64 {
        let budgets = self.budgets.locked();
        let cap = self.per_minute;
        budgets.get(&address).map_or(cap, |s| {
            let refilled = now.saturating_duration_since(s.at).as_secs_f64() * cap / 60.0;
            (s.left + refilled).min(cap)
        })
    }

    /// Spends `secs` of `address`'s budget at `now` (it may go below nothing: the next
    /// analysis waits until it has come back).
    fn spend(&self, address: IpAddr, secs: f64, now: Instant) {
        let left = self.left(address, now);
        let mut budgets = self.budgets.locked();
        if budgets.len() > 10_000 {
            let cap = self.per_minute;
            budgets.retain(|_, s| {
                s.left + now.saturating_duration_since(s.at).as_secs_f64() * cap / 60.0 < cap
            });
        }
        budgets.insert(
            address,
            Seconds {
                left: left - secs,
                at: now,
            },
        );
    }
}

/// Lowers this thread's priority (nice 10; on Linux each thread has its own): when the cores
/// are busy, the games' threads come before an analysis's.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    if let Err(e) = rustix::process::setpriority_process(Some(rustix::thread::gettid()), 10) {
        tracing::debug!(error = %e, "cannot lower the priority of an analysis");
    }
}

/// The CPU time this thread has used, for what an analysis costs its client (the time it took
/// where the system cannot say).
fn thread_cpu() -> Duration {
    #[cfg(unix)]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Duration::new(
            u64::try_from(t.tv_sec).unwrap_or(0),
            u32::try_from(t.tv_nsec).unwrap_or(0),
        )
    }
    #[cfg(not(unix))]
    {
        static START: OnceLock<std::time::Instant> = OnceLock::new();
        START.get_or_init(std::time::Instant::now).elapsed()
    }
}

/// The exact figures of `board` under `rules` for `players` within `budget`, from `cache`
/// when known. A board declined only because the budget was cut short (the client's is
/// nearly spent) is not kept: with a whole budget it may well be measured.
fn exact(
    cache: &Analyses,
    board: &Board,
    rules: &Rules,
    players: usize,
    budget: &Budget<'_>,
    whole: bool,
) -> Cached {
    let key = (board.to_layout_json(), rules.to_string(), players);
    if let Some(hit) = cache.get(&key) {
        return hit;
    }
    // Computed without the lock held, so that other boards are served meanwhile.
    let computed = Arc::new(compute(board, rules, players, budget));
    if !whole && matches!(computed.as_ref(), Err(Declined::OverBudget(_))) {
        return computed;
    }
    cache.keep(key, computed)
}

fn compute(
    board: &Board,
    rules: &Rules,
    players: usize,
    budget: &Budget<'_>,
) -> Result<Exact, Declined> {
    // A race that no exact method answers within the budget is left out rather than
    // simulated: the page shows exact figures, and one player's are always there.
    let opts = Options {
        players,
        within: Vec::new(),
        threads: 1,
        simulate_race: false,
        budget: Some(PAGE_BUDGET),
        // The three endings share the page's budget: each distribution gets a third of it.
        distribution_limit: Some(PAGE_BUDGET / 3),
        ..Options::default()
    };
    let a = analyze_within(board, rules, &opts, budget).map_err(|e| declined(&e))?;
    let mut cumulative = a.cumulative();
    // The chart stops at CHART_TURNS: a board whose games last longer is charted that far (its
    // figures are whole), and the answer and the cache stay small.
    let complete = a.distribution_complete && cumulative.len() <= CHART_TURNS + 1;
    cumulative.truncate(CHART_TURNS + 1);
    Ok(Exact {
        expected_turns: a.expected_turns,
        median: a.median,
        p90: a.quantile(0.9),
        cumulative,
        complete,
        expected_rounds: a.race.as_ref().map(|r| r.expected_rounds),
        median_rounds: a.race.as_ref().and_then(|r| r.median_rounds),
    })
}

/// Why an ending has no figures, for the page: what the budget declines.
fn declined(e: &AnalysisError) -> Declined {
    match e {
        AnalysisError::OverBudget { estimate_secs, .. } => Declined::OverBudget(*estimate_secs),
        AnalysisError::TooLarge { bytes } => Declined::TooLarge(*bytes),
        other => Declined::Other(other.clone()),
    }
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
                ("mean", MessageArg::decimal(m, 1)),
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
            // Written by the catalogue, with the language's decimal separator.
            ("percent", MessageArg::decimal(percent.abs(), 1)),
            ("strict", MessageArg::decimal(strict, 1)),
            ("loose", MessageArg::decimal(loose, 1)),
            ("last", MessageArg::from(last)),
        ],
    )
}

/// The rounds of finished games whose rules are `rules` apart from the ending, by ending.
fn rounds_by_ending(games: &[FinishedGame], rules: &Rules) -> HashMap<Ending, Vec<u64>> {
    let mut rounds: HashMap<Ending, Vec<u64>> = HashMap::new();
    for g in games {
        let Ok(mut other) = g.rules.parse::<Rules>() else {
            continue;
        };
        let ending = other.ending;
        other.ending = rules.ending;
        if other == *rules {
            rounds.entry(ending).or_default().push(g.rounds);
        }
    }
    rounds
}

/// Measures the board of the table `view` shows for a client at `peer` (whose budget of CPU
/// time pays for what is not cached yet), with the finished `games` on that board, in the
/// language `LOCALES[lang]`.
///
/// # Errors
/// [`Refusal::TooManyRequests`] at once when the client's budget is spent, when what it has
/// left does not cover the board's estimate, or when every thread for analyses is busy; a
/// table whose board or rules do not read (`bad_board`, `bad_rules`).
pub(crate) async fn table_analysis(
    server: &Server<'_>,
    view: &TableView,
    games: &[FinishedGame],
    lang: usize,
    peer: Option<IpAddr>,
) -> Result<TableAnalysis, Refused> {
    let id = view.summary.id;
    let (board, rules) = setup_of(view)?;
    let players = view.summary.seat_count;
    let mut rounds = rounds_by_ending(games, &rules);
    let computed = endings_within_budget(server, &board, rules, players, peer).await?;

    let catalogue = Catalogue::shipped(lang);
    let reach = chart_reach(&computed);
    let endings: Vec<EndingFigures> = computed
        .iter()
        .map(|(r, e)| {
            let mut games = rounds.remove(&r.ending).unwrap_or_default();
            let observed = observed(&catalogue, &mut games, players);
            let in_force = r.ending == rules.ending;
            ending_figures(&catalogue, r, e, in_force, reach, observed)
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
        percent_ticks: (0..=4u8)
            .map(|q| {
                let value = MessageArg::decimal(25.0 * f64::from(q), 0);
                catalogue.format("percent", &[("value", value)])
            })
            .collect(),
        chart_table: chart_table(&catalogue, &endings),
        endings,
        sentence,
    })
}

/// The analysis of `board` under `rules` and its other endings for `players`: from the cache
/// when all are known (costing nobody anything), else computed on a thread of its own within
/// what the asker's address has left of its budget (`too_many_requests` when it has none left,
/// every thread for analyses is busy, or a budget cut short declined the board).
async fn endings_within_budget(
    server: &Server<'_>,
    board: &Board,
    rules: Rules,
    players: usize,
    peer: Option<IpAddr>,
) -> Result<Vec<(Rules, Cached)>, Refused> {
    let analyses = server.analyses;
    let layout = board.to_layout_json();
    let cached: Option<Vec<Cached>> = endings_of(rules)
        .map(|r| analyses.get(&(layout.clone(), r.to_string(), players)))
        .collect();
    if let Some(all) = cached {
        return Ok(endings_of(rules).zip(all).collect());
    }
    let too_many = || {
        server.metrics.cap_hit(crate::metrics::Cap::Analysis);
        Refused::from(Refusal::TooManyRequests)
    };
    let failed = || {
        Refused::from(Refusal::BadMessage {
            detail: Detail::AnalysisFailed,
        })
    };
    let clock = &server.config.clock;
    let address = peer.map(|ip| crate::fair::Client::of(ip, server.config).address);
    let left = address.map_or(PAGE_BUDGET.as_secs_f64(), |a| analyses.left(a, clock.now()));
    // Spent: refused at once, whatever the board.
    if left < 0.01 {
        return Err(too_many());
    }
    let Ok(permit) = analyses.running.clone().try_acquire_owned() else {
        return Err(too_many());
    };
    let secs = left.min(PAGE_BUDGET.as_secs_f64());
    let whole = secs >= PAGE_BUDGET.as_secs_f64();
    let board = board.clone();
    let (analyses, clock) = (analyses.clone(), clock.clone());
    let (tx, rx) = tokio::sync::oneshot::channel();
    // On a thread of its own, which holds the place and pays the bill itself: a client that
    // goes away meanwhile frees neither before the work is done.
    let spawned = std::thread::Builder::new()
        .name("analysis".into())
        .spawn(move || {
            lower_priority();
            let started = thread_cpu();
            // One budget for the three endings: what the client has left, at most the page's.
            let budget = Budget::new(Some(Duration::from_secs_f64(secs)), &|_, _, _| {});
            let computed = every_ending(&analyses, &board, rules, players, &budget, whole);
            if let Some(address) = address {
                let cpu = thread_cpu().saturating_sub(started);
                analyses.spend(address, cpu.as_secs_f64(), clock.now());
            }
            drop(permit);
            let _ = tx.send(computed);
        });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "cannot start an analysis");
        return Err(failed());
    }
    let computed = rx.await.map_err(|_| failed())?;
    // Declined because the client's budget was cut short: it may ask again once it has come
    // back (a whole budget may measure the board).
    if !whole
        && computed
            .iter()
            .any(|(_, e)| matches!(e.as_ref(), Err(Declined::OverBudget(_))))
    {
        return Err(too_many());
    }
    Ok(computed)
}

/// The board and rules of a table, as its view has them.
pub(crate) fn setup_of(view: &TableView) -> Result<(Board, Rules), Refused> {
    let rules: Rules = view
        .summary
        .rules
        .parse()
        .map_err(|e: snakes::RulesError| {
            Refused::from(Refusal::BadRules {
                detail: Detail::Rules(e),
            })
        })?;
    let board = view.board.to_board().map_err(|e| {
        Refused::from(Refusal::BadBoard {
            detail: Detail::Board(e),
        })
    })?;
    Ok((board, rules))
}

/// `rules` under each ending, in the order of [`Ending::ALL`].
fn endings_of(rules: Rules) -> impl Iterator<Item = Rules> {
    Ending::ALL.iter().map(move |&ending| {
        let mut r = rules;
        r.ending = ending;
        r
    })
}

/// The figures of `board` under `rules` with each ending for `players`, within one `budget`
/// for the three, from `cache` when known (see [`exact`] for `whole`).
fn every_ending(
    cache: &Analyses,
    board: &Board,
    rules: Rules,
    players: usize,
    budget: &Budget<'_>,
    whole: bool,
) -> Vec<(Rules, Cached)> {
    endings_of(rules)
        .map(|r| (r, exact(cache, board, &r, players, budget, whole)))
        .collect()
}

/// The turn at which every line of the chart is cut: the one by which all endings have (nearly)
/// finished, so that they share one horizontal axis.
fn chart_reach(computed: &[(Rules, Cached)]) -> usize {
    computed
        .iter()
        .filter_map(|(_, e)| e.as_ref().as_ref().ok())
        .map(|e| {
            e.cumulative
                .iter()
                .position(|&p| p >= CHART_REACH)
                .unwrap_or(e.cumulative.len())
        })
        .max()
        .unwrap_or(0)
}

/// One ending's figures under `rules`: the exact ones (the chart cut at `reach`) or why there
/// are none, and what the finished games `observed`.
fn ending_figures(
    catalogue: &Catalogue,
    rules: &Rules,
    computed: &Cached,
    in_force: bool,
    reach: usize,
    observed: Observed,
) -> EndingFigures {
    let blank = EndingFigures {
        ending: rules.ending.name().to_string(),
        rules: rules.to_string(),
        in_force,
        error: None,
        expected_turns: None,
        median: None,
        p90: None,
        cumulative: Vec::new(),
        expected_rounds: None,
        median_rounds: None,
        text: observed_text(catalogue, &observed),
        observed,
    };
    match computed.as_ref() {
        Ok(x) => EndingFigures {
            expected_turns: Some(x.expected_turns),
            median: x.median,
            p90: x.p90,
            // A finished distribution is 1 beyond its end; a cut one stops there.
            cumulative: (0..=reach)
                .map_while(|t| x.cumulative.get(t).copied().or(x.complete.then_some(1.0)))
                .collect(),
            expected_rounds: x.expected_rounds,
            median_rounds: x.median_rounds,
            text: FiguresText {
                expected_turns: Some(figure(catalogue, x.expected_turns)),
                median: x.median.map(|m| whole(catalogue, m)),
                p90: x.p90.map(|m| whole(catalogue, m)),
                expected_rounds: x.expected_rounds.map(|r| figure(catalogue, r)),
                ..blank.text.clone()
            },
            ..blank
        },
        Err(message) => EndingFigures {
            error: Some(message.say(catalogue)),
            ..blank
        },
    }
}

/// A figure with one decimal, as the page shows it.
fn figure(catalogue: &Catalogue, value: f64) -> String {
    catalogue.format("figure", &[("value", MessageArg::decimal(value, 1))])
}

/// A whole number, as the page shows it.
fn whole(catalogue: &Catalogue, value: u64) -> String {
    catalogue.format("figure", &[("value", MessageArg::from(value))])
}

/// A chance as a percentage: one decimal, none at (nearly) 0 and 100.
fn percent(catalogue: &Catalogue, p: f64) -> String {
    let digits = if !(0.0005..0.9995).contains(&p) { 0 } else { 1 };
    catalogue.format(
        "percent",
        &[("value", MessageArg::decimal(100.0 * p, digits))],
    )
}

/// The observed figures in words, with the exact ones absent.
fn observed_text(catalogue: &Catalogue, observed: &Observed) -> FiguresText {
    FiguresText {
        expected_turns: None,
        median: None,
        p90: None,
        expected_rounds: None,
        games: whole(catalogue, observed.games as u64),
        mean_rounds: observed.mean_rounds.map(|m| figure(catalogue, m)),
    }
}

/// A round step (1, 2 or 5 times a power of ten, at least 1) that cuts `span` into about
/// `parts`.
fn nice_step(span: u64, parts: u64) -> u64 {
    (snakes_analysis::plot::nice_step(span as f64, parts as f64) as u64).max(1)
}

/// The chart's data as a table: about a dozen rows, a round number of turns apart.
fn chart_table(catalogue: &Catalogue, endings: &[EndingFigures]) -> Vec<ChartRow> {
    let last = endings
        .iter()
        .map(|e| e.cumulative.len().saturating_sub(1) as u64)
        .max()
        .unwrap_or(0);
    let step = nice_step(last, 12);
    (1..)
        .map(|k| k * step)
        .take_while(|&turn| turn <= last)
        .map(|turn| ChartRow {
            turn,
            percents: endings
                .iter()
                .map(|e| {
                    let at = (turn as usize).min(e.cumulative.len().saturating_sub(1));
                    e.cumulative
                        .get(at)
                        .map(|&p| percent(catalogue, p))
                        .unwrap_or_default()
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AppState;

    fn page() -> Budget<'static> {
        Budget::new(Some(PAGE_BUDGET), &|_, _, _| {})
    }

    fn analyses() -> Analyses {
        Analyses::new(&crate::Config::default())
    }

    #[test]
    fn the_classic_board_is_longer_under_the_strict_ending() {
        let board = Board::classic();
        let cache = analyses();
        let strict = exact(&cache, &board, &Rules::STANDARD, 2, &page(), true);
        let mut loose_rules = Rules::STANDARD;
        loose_rules.ending = Ending::Loose;
        let loose = exact(&cache, &board, &loose_rules, 2, &page(), true);
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
        assert!(Arc::ptr_eq(
            &strict,
            &exact(&cache, &board, &Rules::STANDARD, 2, &page(), true)
        ));
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
    fn bumping_races_are_measured_exactly_when_the_joint_chain_fits_the_budget() {
        let rules: Rules = "collision=bump".parse().unwrap();
        // Three bumping players: no exact method, and the page does not simulate.
        let cache = analyses();
        let r = exact(&cache, &Board::classic(), &rules, 3, &page(), true);
        let x = r.as_ref().as_ref().unwrap();
        assert!(x.expected_rounds.is_none());
        assert!(x.expected_turns > 40.0);
        let two = exact(&cache, &Board::classic(), &rules, 2, &page(), true);
        assert!(two.as_ref().as_ref().unwrap().expected_rounds.is_some());
        // Two players on 420 squares: the joint chain (176,400 states) needs more than a
        // tenth of a second, so with that budget one player's figures come alone.
        let big = Board::new(21, 20, [snakes::Jump { from: 5, to: 300 }]).unwrap();
        let tenth = Budget::new(Some(Duration::from_millis(100)), &|_, _, _| {});
        let x = compute(&big, &rules, 2, &tenth).unwrap();
        assert!(x.expected_rounds.is_none() && x.expected_turns > 1.0);
        // Sharing tokens race exactly at any size.
        let x = compute(&big, &Rules::STANDARD, 2, &tenth).unwrap();
        assert!(x.expected_rounds.is_some());
    }

    #[test]
    fn a_board_over_the_budget_is_declined_with_the_estimate() {
        // 200 x 200 with jumps spanning the board: about a second of work for three endings,
        // more than a budget of a millisecond.
        let board = snakes::random_board(200, 200, 8_000, u32::MAX, 3).unwrap();
        let budget = Budget::new(Some(Duration::from_millis(1)), &|_, _, _| {});
        let declined = compute(&board, &Rules::STANDARD, 2, &budget).unwrap_err();
        let message = declined.say(&Catalogue::english());
        assert!(
            message.starts_with("Measuring this board would take about ")
                && message.ends_with(
                    "more than the 20 s the page allows itself. The command snakes analyze \
                     measures it, given a larger --budget."
                ),
            "{message}"
        );
        // The same estimate in another language: the cache keeps the figures, not the words.
        let es = snakes_text::Locale::position("es").unwrap();
        let spanish = declined.say(&Catalogue::shipped(es));
        assert!(
            spanish.contains("20 s") && !spanish.contains("Measuring"),
            "{spanish}"
        );
        // Its durations written as the language writes decimals, and any other reason in the
        // language's words, as `snakes analyze` says them.
        let spanish = Declined::OverBudget(8.2).say(&Catalogue::shipped(es));
        assert!(spanish.contains("8,2 s"), "{spanish}");
        let ko = snakes_text::Locale::position("ko").unwrap();
        let trap = Declined::Other(AnalysisError::NeverEnds(snakes::BoardWarning::Trap {
            square: 2,
            last: 6,
        }));
        assert_eq!(
            trap.say(&Catalogue::shipped(ko)),
            analysis_error(
                &Catalogue::shipped(ko),
                &AnalysisError::NeverEnds(snakes::BoardWarning::Trap { square: 2, last: 6 })
            )
        );
        assert!(trap.say(&Catalogue::shipped(ko)).contains("2번 칸"));
    }

    #[test]
    fn the_cache_keeps_its_bytes_letting_the_least_recently_used_go() {
        let config = crate::Config {
            analysis_cache_bytes: 3000,
            ..crate::Config::default()
        };
        let cache = Analyses::new(&config);
        let figures = |n: usize| -> Cached {
            Arc::new(Ok(Exact {
                expected_turns: 1.0,
                median: None,
                p90: None,
                cumulative: vec![0.5; n],
                complete: true,
                expected_rounds: None,
                median_rounds: None,
            }))
        };
        let key = |board: &str| (board.to_string(), "standard".to_string(), 2);
        // 100 figures of 8 bytes, the key and 256 bytes: about 1,070 bytes each.
        cache.keep(key("a"), figures(100));
        cache.keep(key("b"), figures(100));
        assert_eq!(cache.held().1, 2);
        // "a" used again: "b" is the least recently used, and goes for "c".
        assert!(cache.get(&key("a")).is_some());
        cache.keep(key("c"), figures(100));
        let (bytes, entries) = cache.held();
        assert!(bytes <= 3000, "{bytes} bytes");
        assert_eq!(entries, 2);
        assert!(cache.get(&key("b")).is_none());
        assert!(cache.get(&key("a")).is_some() && cache.get(&key("c")).is_some());
        // What is larger than the whole cache is answered, not kept.
        cache.keep(key("huge"), figures(1000));
        assert!(cache.get(&key("huge")).is_none());
        assert_eq!(cache.held().1, 2);
    }

    #[test]
    fn a_board_whose_games_last_for_ever_is_charted_so_far() {
        // One ladder at the end of a long board and a die of two: games of hundreds of turns.
        let board = Board::new(1, 3000, []).unwrap_or_else(|_| Board::classic());
        let rules: Rules = "die=2".parse().unwrap_or(Rules::STANDARD);
        let x = compute(&board, &rules, 2, &page()).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(x.cumulative.len(), CHART_TURNS + 1);
        assert!(!x.complete);
        assert!(x.expected_turns > 1000.0, "{}", x.expected_turns);
    }

    #[test]
    fn the_chart_table_takes_a_round_step_of_whole_turns() {
        assert_eq!(nice_step(3, 12), 1);
        assert_eq!(nice_step(24, 12), 2);
        assert_eq!(nice_step(250, 12), 50);
        assert_eq!(nice_step(1000, 12), 100);
        let c = Catalogue::english();
        assert_eq!(percent(&c, 0.0), "0%");
        assert_eq!(percent(&c, 0.125), "12.5%");
        assert_eq!(percent(&c, 0.9996), "100%");
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

    /// A real server state on a fresh SQLite file: a finished game shows up in the observed
    /// figures of its ending, as the rounds its winner took, and in no other ending's.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn finished_games_are_counted_under_their_ending() {
        use crate::protocol::CreateTable;
        use crate::table::Timing;
        use crate::table::{Act, Action, Command};
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
        let start = Command::Act(Act::by(id, &token, seq, Action::Start {}));
        state.act(id, start, None, 0).await.unwrap();
        let mut rolls = 0;
        // Every event changes the table's line: the bot's rolls are awaited on it.
        let mut changes = state.live(id).unwrap().changes();
        let finished = loop {
            let view = state.view(id).await.unwrap();
            if view.summary.status == crate::protocol::Status::Finished {
                break view;
            }
            // Ana is the only person; the bot rolls by itself.
            let ana = view.summary.seats.iter().position(|s| !s.bot).unwrap();
            if view.turn == Some(ana) {
                let seq = view.summary.seq;
                // A stale seq (the bot just moved) is refused; the next pass retries.
                let roll = Command::Act(Act::by(id, &token, seq, Action::Roll {}));
                let _ = state.act(id, roll, None, 0).await;
                rolls += 1;
                assert!(rolls < 100_000, "the game never ended");
            } else {
                tokio::time::timeout(Duration::from_secs(60), changes.changed())
                    .await
                    .expect("the bot rolls")
                    .unwrap();
            }
        };
        let result = finished.summary.result.clone().unwrap();
        let winner_turns = u64::from(finished.stats[result.winner].turns);

        let a = state.table_analysis(id, 0, None).await.unwrap();
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
        // In Spanish, with its decimal comma.
        let es = snakes_text::Locale::position("es").unwrap();
        let a = state.table_analysis(id, es, None).await.unwrap();
        let sentence = a.sentence.unwrap();
        assert!(sentence.contains("20,9"), "{sentence}");
        let loose = a.endings.iter().find(|x| x.ending == "loose").unwrap();
        assert!(!loose.observed.sentence.starts_with("One"), "{loose:?}");
        // The figures of the page's table and chart, written as the sentence writes them.
        let strict = a.endings.iter().find(|x| x.ending == "bounce").unwrap();
        assert_eq!(strict.text.expected_turns.as_deref(), Some("43,3"));
        assert_eq!(strict.text.median.as_deref(), Some("35"));
        assert_eq!(strict.text.games, "0");
        assert_eq!(loose.text.mean_rounds, Some(format!("{winner_turns},0")));
        assert_eq!(a.percent_ticks[1], "25\u{a0}%");
        assert!(!a.chart_table.is_empty());
        for row in &a.chart_table {
            assert_eq!(row.percents.len(), 3);
            for p in &row.percents {
                assert!(p.ends_with("\u{a0}%") && !p.contains('.'), "{p}");
            }
        }
        // In English, the same figures with a full stop.
        let a = state.table_analysis(id, 0, None).await.unwrap();
        assert_eq!(a.endings[0].text.expected_turns.as_deref(), Some("43.3"));
        assert_eq!(a.percent_ticks, ["0%", "25%", "50%", "75%", "100%"]);
        // Every few turns: 20 turns apart here, the chance at each from the curve.
        let rows: Vec<(u64, &str)> = a
            .chart_table
            .iter()
            .map(|r| (r.turn, r.percents[0].as_str()))
            .collect();
        assert_eq!(rows[0].0, 20);
        assert_eq!(rows[1].0, 40);
        assert_eq!(
            rows[1].1,
            format!("{:.1}%", 100.0 * a.endings[0].cumulative[40])
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
