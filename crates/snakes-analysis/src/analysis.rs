//! The whole measure of a board under some rules, and rule comparisons: the library API behind
//! `snakes analyze` and the board page.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;
use snakes::{Board, Rules};

use num_rational::BigRational;

use crate::budget::{Budget, MEMORY_LIMIT, Stage, rates};
use crate::error::{AnalysisError, Part};
use crate::markov::{self, TAIL, Token};
use crate::multi::{self, Race};
use crate::sim::{QUANTILES, SimOptions};
use crate::solver::{Method, Solution, Structure};

/// Largest joint chain (squares squared) solved exactly for two bumping tokens; beyond it the
/// race is simulated.
pub const BUMP_TWO_MAX_STATES: usize = 4_000_000;

/// The fields every [`Analysis`] has in JSON, as `docs/analyze.md` lists them (the tests of
/// the library and of `snakes analyze --json` both hold the JSON to this one list).
pub const JSON_FIELDS: &[&str] = &[
    "rules",
    "last_square",
    "unit",
    "method",
    "solver",
    "iterations",
    "max_relative_residual",
    "max_residual",
    "expected_turns",
    "expected_rolls",
    "variance",
    "std_dev",
    "min_turns",
    "median",
    "mode",
    "quantiles",
    "finish_within",
    "distribution_complete",
    "distribution",
    "tail_mass",
    "per_square",
];

/// The fields an [`Analysis`] with several players adds in JSON (its race).
pub const RACE_JSON_FIELDS: &[&str] = &[
    "players",
    "race_method",
    "expected_rounds",
    "expected_total_turns",
    "expected_total_rolls",
    "median_rounds",
    "seats",
];

/// What to compute.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Players taking turns, 1..=8. With more than one, the race figures are added.
    pub players: usize,
    /// Also compute the expected number of turns as an exact fraction.
    pub exact: bool,
    /// Turn counts `t` for which to report `P(finish within t turns)`.
    pub within: Vec<u64>,
    /// Stop the distribution when less than this probability is left.
    pub tail: f64,
    /// Games to simulate when no exact method applies (bumping tokens, more than two players).
    pub sim_games: u64,
    /// Seed of that simulation.
    pub seed: u64,
    /// Threads for that simulation.
    pub threads: usize,
    /// Whether a race with no exact method that fits the budget may be simulated (otherwise it
    /// is left out, with [`Analysis::race_omitted`] saying why).
    pub simulate_race: bool,
    /// Most square-by-turn steps spent on the distribution (`None`: as far as the budget
    /// allows, decided before it starts). On boards where a game lasts thousands of turns the
    /// distribution may be cut short and the quantiles it cannot settle are left out; the
    /// expected turns and the variance are exact whatever the cut.
    pub max_work: Option<u64>,
    /// The most time the distribution of turns may take, within the budget (`None`: what the
    /// budget leaves). A comparison gives each variant its share of what is left.
    pub distribution_limit: Option<Duration>,
    /// The time the whole analysis may take (`None`: no limit). What would not fit is refused
    /// before it starts, with an estimate ([`AnalysisError::OverBudget`]).
    pub budget: Option<Duration>,
    /// Whether the budget counts the estimated seconds of the work done rather than the clock
    /// ([`Budget::counting_work`]): for tests, whose answers must not depend on how busy the
    /// machine is.
    pub count_work: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 1,
            exact: false,
            within: vec![10, 20, 30, 50, 100],
            tail: TAIL,
            sim_games: 1_000_000,
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            simulate_race: true,
            max_work: None,
            distribution_limit: None,
            budget: Some(Duration::from_secs(60)),
            count_work: false,
        }
    }
}

impl Options {
    /// The budget of these options, reporting to `progress`: the clock's, or the work's when
    /// [`Options::count_work`] is set.
    pub fn budget_for<'a>(&self, progress: &'a (dyn Fn(Stage, u64, u64) + Sync)) -> Budget<'a> {
        if self.count_work {
            Budget::counting_work(self.budget, progress)
        } else {
            Budget::new(self.budget, progress)
        }
    }
}

/// How long one player's token takes to finish, and the race when several play.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    /// The rules, canonical text.
    pub rules: String,
    /// The last square.
    pub last_square: u32,
    /// What the counts count: `"turns"` (all the rolls a player makes before play passes on).
    pub unit: &'static str,
    /// How the single-token figures were produced, in words.
    pub method: String,
    /// The linear solver of the expected turns and the variance.
    pub solver: Method,
    /// Its iterations (GMRES; 0 for the elimination).
    pub iterations: usize,
    /// The largest `|x_i - 1 - Σ_j K_ij x_j| / x_i` of the expected turns over the squares:
    /// how far the answer is from satisfying its own equations, relative to its size.
    pub max_relative_residual: f64,
    /// The largest `|x_i - 1 - Σ_j K_ij x_j|`: a bound on the relative error of the expected
    /// turns from every square (the chain's inverse has no negative entry).
    pub max_residual: f64,
    /// Expected turns for one token to finish.
    pub expected_turns: f64,
    /// The same as an exact fraction `"numerator/denominator"`, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_turns_exact: Option<String>,
    /// The exact fraction's first 30 decimals (truncated), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_turns_decimal: Option<String>,
    /// Expected rolls for one token to finish (equal to the turns unless a six rolls again).
    pub expected_rolls: f64,
    /// Variance of the number of turns.
    pub variance: f64,
    /// Standard deviation of the number of turns.
    pub std_dev: f64,
    /// The fewest turns in which a token can finish.
    pub min_turns: u64,
    /// The smallest `t` with `P(T <= t) >= 1/2` (`null` only when the distribution was cut
    /// short before reaching it).
    pub median: Option<u64>,
    /// The most likely number of turns (`null` only when the distribution was cut short before
    /// the peak is certain).
    pub mode: Option<u64>,
    /// Quantiles of the number of turns, keyed `"0.1"` ... `"0.99"` (levels a cut-short
    /// distribution did not reach are left out).
    pub quantiles: BTreeMap<String, u64>,
    /// `P(T <= t)` for the requested `t` (within the computed distribution).
    pub finish_within: BTreeMap<u64, f64>,
    /// Whether the distribution runs until less than the tail tolerance is left.
    pub distribution_complete: bool,
    /// Where and why the distribution was cut short, when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution_cut: Option<Cut>,
    /// `P(T = t)` for `t = 0, 1, ...` until less than `tail_mass` is left.
    pub distribution: Vec<f64>,
    /// The probability beyond the last entry of `distribution`.
    pub tail_mass: f64,
    /// Expected turns left from each square `0..=N` (`null` for squares a token never rests
    /// on: jump heads, except a start square).
    pub per_square: Vec<Option<f64>>,
    /// The race, with several players.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub race: Option<Race>,
    /// Why the race is missing, with several players, when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub race_omitted: Option<RaceOmitted>,
}

/// Where the distribution stopped before its tail tolerance, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cut {
    /// The turns summed (0: none, the budget did not allow even the first tenth of games).
    pub turns: u64,
    /// The probability of having finished within them.
    pub finished: f64,
    /// Why it stopped there.
    pub reason: CutReason,
    /// About how many seconds summing it to the tail tolerance would take in all.
    pub full_secs: f64,
}

/// Why the distribution was cut short.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CutReason {
    /// Decided before it started: the rest would not fit in the budget, so it was summed as
    /// far as the furthest share of finished games that fits (or not at all).
    Budget,
    /// The clock ran out before the planned share was reached (the estimate was short).
    OutOfTime,
    /// It did the most work [`Options::max_work`] allows.
    MaxWork,
}

/// Why the race of several players is not given.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RaceOmitted {
    /// Players asked for.
    pub players: usize,
    /// What the race needs that the budget does not allow.
    pub needs: RaceNeeds,
    /// About how many seconds that would take.
    pub needs_secs: f64,
}

/// What a race left out needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RaceNeeds {
    /// The whole distribution of one token's turns (tokens that do not interact).
    Distribution,
    /// The joint chain of two bumping tokens, or a simulation (tokens that bump each other).
    JointChainOrSimulation,
}

impl Analysis {
    /// `P(T <= t)` for every `t` of the distribution.
    pub fn cumulative(&self) -> Vec<f64> {
        let mut acc = 0.0;
        self.distribution
            .iter()
            .map(|p| {
                acc += p;
                acc
            })
            .collect()
    }

    /// The smallest `t` with `P(T <= t) >= q`, if the distribution reaches `q`.
    pub fn quantile(&self, q: f64) -> Option<u64> {
        quantile(&self.distribution, q)
    }
}

fn quantile(dist: &[f64], q: f64) -> Option<u64> {
    let mut acc = 0.0;
    for (t, p) in dist.iter().enumerate() {
        acc += p;
        // A hair of slack so that rounding in the running sum cannot push a level exactly hit
        // (say 1/2) to the next turn.
        if acc >= q - 1e-13 {
            return Some(t as u64);
        }
    }
    None
}

/// Measures `board` under `rules`.
///
/// # Errors
/// A jump cycle under chained jumps, a game that may never end ([`AnalysisError`]), a player
/// count outside 1..=8, and what the budget refuses ([`AnalysisError::OverBudget`],
/// [`AnalysisError::TooLarge`]).
pub fn analyze(board: &Board, rules: &Rules, opts: &Options) -> Result<Analysis, AnalysisError> {
    analyze_with(board, rules, opts, &|_, _, _| {})
}

/// As [`analyze`], telling `progress(stage, done, total)` how far it has got.
///
/// # Errors
/// As [`analyze`].
pub fn analyze_with(
    board: &Board,
    rules: &Rules,
    opts: &Options,
    progress: &(dyn Fn(Stage, u64, u64) + Sync),
) -> Result<Analysis, AnalysisError> {
    analyze_within(board, rules, opts, &opts.budget_for(progress))
}

/// The estimated seconds and bytes of building the chains of a board, before anything is built.
fn build_cost(board: &Board, rules: &Rules) -> (f64, f64) {
    let n = f64::from(board.last());
    let moves = n * f64::from(rules.die());
    // With a face that rolls again, the roll-by-roll chain doubles the states.
    let chains = if (1..=rules.die()).any(|face| rules.rolls_again(face)) {
        3.0
    } else {
        1.0
    };
    (
        rates::BUILD_PER_MOVE * moves * chains,
        rates::BYTES_PER_SQUARE * n + rates::BYTES_PER_TRANSITION * moves * chains,
    )
}

fn over(part: Part, estimate_secs: f64, budget: &Budget<'_>) -> AnalysisError {
    AnalysisError::OverBudget {
        part,
        estimate_secs,
        budget_secs: budget.limit().map_or(0.0, |l| l.as_secs_f64()),
    }
}

/// As [`analyze`], under `budget`.
///
/// # Errors
/// As [`analyze`].
pub fn analyze_within(
    board: &Board,
    rules: &Rules,
    opts: &Options,
    budget: &Budget<'_>,
) -> Result<Analysis, AnalysisError> {
    if opts.players == 0 || opts.players > snakes::MAX_PLAYERS {
        return Err(AnalysisError::Players(opts.players));
    }
    let (token, structure) = build_within(board, rules, opts, budget)?;
    let solved = solve_within(&token, &structure, board, rules, opts, budget)?;
    // The race when the tokens interact: its own chain or a simulation, within the budget.
    let interacting = opts.players > 1 && multi::interacting(rules, opts.players);
    let mut race_omitted = None;
    let mut race = None;
    if interacting {
        match interacting_race(board, rules, opts, solved.expected, solved.variance, budget)? {
            Ok(r) => race = Some(r),
            Err(needs_secs) => {
                race_omitted = Some(RaceOmitted {
                    players: opts.players,
                    needs: RaceNeeds::JointChainOrSimulation,
                    needs_secs,
                });
            }
        }
    }
    let plan = plan_distribution(&token, &solved, opts, budget);
    let d = token.distribution_within(opts.tail, plan.max_turns, plan.stop_at, budget);
    let complete = d.tail < opts.tail;
    if opts.players > 1 && !interacting {
        // The race of tokens that do not interact needs the whole distribution.
        if complete {
            race = Some(multi::independent(&d, opts.players));
        } else {
            race_omitted = Some(RaceOmitted {
                players: opts.players,
                needs: RaceNeeds::Distribution,
                needs_secs: plan.full_secs,
            });
        }
    }
    let distribution_cut = (!complete).then(|| Cut {
        turns: (d.dist.len() - 1) as u64,
        finished: 1.0 - d.tail,
        reason: if d.out_of_time {
            CutReason::OutOfTime
        } else {
            plan.reason
        },
        full_secs: plan.full_secs,
    });
    let mut a = assemble(board, rules, opts, &token, solved, d);
    a.distribution_cut = distribution_cut;
    a.race = race;
    a.race_omitted = race_omitted;
    Ok(a)
}

/// Checks what building the chains of `board` would cost, then builds them and checks what
/// solving them (and the exact fraction, when asked) would cost: what would not fit the budget
/// or the memory is refused before it starts.
fn build_within(
    board: &Board,
    rules: &Rules,
    opts: &Options,
    budget: &Budget<'_>,
) -> Result<(Token, Structure), AnalysisError> {
    // Before building anything: the size of the board alone.
    let (build_secs, build_bytes) = build_cost(board, rules);
    if build_bytes > MEMORY_LIMIT {
        return Err(AnalysisError::TooLarge { bytes: build_bytes });
    }
    if build_secs > budget.left_secs() {
        return Err(over(Part::Solve, build_secs, budget));
    }
    budget.report(Stage::Chain, 0, 0);
    let token = Token::new(board, rules)?;
    budget.charge(build_secs);
    let structure = token.structure();
    let method = structure.method();
    let bytes = build_bytes + structure.bytes(method);
    if bytes > MEMORY_LIMIT {
        return Err(AnalysisError::TooLarge { bytes });
    }
    let solve_secs = solve_secs(&token, &structure);
    let exact_secs = if opts.exact {
        markov::exact_secs(&token)
    } else {
        0.0
    };
    let required = solve_secs + exact_secs;
    if required > budget.left_secs() {
        let part = if exact_secs > solve_secs {
            Part::Exact
        } else {
            Part::Solve
        };
        return Err(over(part, build_secs + required, budget));
    }
    Ok((token, structure))
}

/// The estimated seconds of the solves of one token: the expected turns and the second
/// moment, and the expected rolls when a face rolls again.
fn solve_secs(token: &Token, structure: &Structure) -> f64 {
    let roll_structure = token.by_roll.as_ref().map(|_| Structure::of(&token.roll));
    2.0 * structure.secs(structure.method()) + roll_structure.map_or(0.0, |s| s.secs(s.method()))
}

/// What the linear solves of one token give.
struct Solved {
    /// Expected turns left from every square.
    turns: Vec<Option<f64>>,
    /// The solve of the expected turns: its method and residuals.
    solution: Solution,
    /// Expected rolls left from every square.
    rolls: Vec<Option<f64>>,
    /// Expected turns from the start.
    expected: f64,
    /// Variance of the number of turns from the start.
    variance: f64,
    /// The expected turns as an exact fraction, when asked for.
    exact: Option<BigRational>,
}

/// Solves for the expected turns, the expected rolls, the variance and, when asked, the exact
/// fraction.
fn solve_within(
    token: &Token,
    structure: &Structure,
    board: &Board,
    rules: &Rules,
    opts: &Options,
    budget: &Budget<'_>,
) -> Result<Solved, AnalysisError> {
    let (turns, solution) = token.expected_turns_within(structure, budget)?;
    let rolls = token.expected_rolls_within(&turns, budget)?;
    let variance = token.variance_within(&solution, structure, budget)?;
    let expected = turns[token.start].unwrap_or(f64::NAN);
    let exact = if opts.exact {
        let exact = markov::expected_turns_exact_within(board, rules, budget)?;
        budget.charge(markov::exact_secs(token));
        Some(exact)
    } else {
        None
    };
    Ok(Solved {
        turns,
        solution,
        rolls,
        expected,
        variance,
        exact,
    })
}

/// How far the distribution of turns is summed, decided before it starts.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Plan {
    /// The most turns summed.
    max_turns: usize,
    /// Stop once this share of games has finished (1: only the tail tolerance stops it).
    stop_at: f64,
    /// Why it stops short of the tail tolerance, if it does.
    reason: CutReason,
    /// About how many seconds summing it to the tail tolerance would take.
    full_secs: f64,
}

/// Decides how far the distribution of turns is summed. The whole of it when its estimated
/// time fits in what the budget leaves (and [`Options::distribution_limit`]); otherwise as far
/// as the furthest share of finished games that fits ([`QUANTILES`], from 99 % down), so that
/// the figures it settles are settled and no time goes on turns that settle nothing; otherwise
/// not at all.
///
/// The turns a share `q` needs are bounded from the mean and the standard deviation alone
/// (Cantelli's inequality: at most `1 - q` of games last longer than `mean + sd·√(q/(1-q))`),
/// so a planned share is reached within its estimate whatever the shape of the distribution.
/// The turns to the tail tolerance are an estimate: games on long boards mix fast and their
/// tail is about geometric, with the mean as its scale.
fn plan_distribution(token: &Token, solved: &Solved, opts: &Options, budget: &Budget<'_>) -> Plan {
    let n = token.roll.n.max(1) as f64;
    let per_turn = token.turn_secs();
    let (mean, sd) = (solved.expected, solved.variance.sqrt());
    let full_turns = mean + sd * (1.0 / opts.tail).ln() + 10.0;
    let full_secs = full_turns * per_turn;
    if let Some(work) = opts.max_work {
        return Plan {
            max_turns: ((work as f64 / n) as usize).max(1),
            stop_at: 1.0,
            reason: CutReason::MaxWork,
            full_secs,
        };
    }
    let allowance = opts
        .distribution_limit
        .map_or(f64::INFINITY, |l| l.as_secs_f64())
        .min(budget.left_secs());
    let plan = |max_turns: f64, stop_at: f64| Plan {
        max_turns: max_turns.clamp(1.0, 1e9) as usize,
        stop_at,
        reason: CutReason::Budget,
        full_secs,
    };
    if full_secs <= allowance {
        // Twice the estimate: the clock stops it anyway if the estimate was far off.
        return plan(2.0 * full_turns, 1.0);
    }
    for &q in QUANTILES.iter().rev() {
        let turns = (mean + sd * (q / (1.0 - q)).sqrt()).ceil().min(full_turns) + 1.0;
        if turns * per_turn <= allowance {
            return plan(turns, q);
        }
    }
    plan(0.0, 0.0)
}

/// `P(T <= t)` for each `t` of `within` that is known: within the turns summed, beyond them
/// once the distribution is complete, and before the fewest turns in which a game can end
/// (where no game has ended yet, whatever was summed).
fn finish_within(
    within: &[u64],
    dist: &[f64],
    tail_mass: f64,
    complete: bool,
    min_turns: u64,
) -> BTreeMap<u64, f64> {
    let summed = (dist.len() - 1) as u64;
    within
        .iter()
        .filter_map(|&t| {
            let p = if t < min_turns {
                0.0
            } else if t <= summed {
                dist[..=t as usize].iter().sum::<f64>()
            } else if complete {
                1.0 - tail_mass
            } else {
                return None;
            };
            // An empty sum is -0.0, which would be written "-0.00%".
            Some((t, p.max(0.0)))
        })
        .collect()
}

/// The expected turns left from each square `0..=N`, `None` where no token rests (the square
/// of a jump, unless it is the start).
fn per_square(board: &Board, turns: &[Option<f64>], start: usize) -> Vec<Option<f64>> {
    let mut per_square: Vec<Option<f64>> = (0..board.last())
        .map(|s| {
            if board.jump(s).is_some() && s as usize != start {
                None
            } else {
                turns[s as usize]
            }
        })
        .collect();
    per_square.push(Some(0.0));
    per_square
}

/// The figures of one token from its solves and its distribution (without the race).
fn assemble(
    board: &Board,
    rules: &Rules,
    opts: &Options,
    token: &Token,
    solved: Solved,
    d: markov::Distribution,
) -> Analysis {
    let start = token.start;
    let dist = d.dist;
    let tail_mass = d.tail;
    let complete = tail_mass < opts.tail;
    let (mode, peak) =
        dist.iter().enumerate().fold(
            (0, 0.0),
            |best, (t, &p)| if p > best.1 { (t, p) } else { best },
        );
    // The peak is certain once less probability is left than it holds.
    let mode = (tail_mass < peak).then_some(mode as u64);
    let min_turns = token.fewest_turns().unwrap_or(0);
    let finish_within = finish_within(&opts.within, &dist, tail_mass, complete, min_turns);
    let per_square = per_square(board, &solved.turns, start);
    let solution = &solved.solution;
    let method_words = match solution.method {
        Method::Gmres => format!(
            "exact: absorbing Markov chain of one token, solved by {} ({} iterations)",
            solution.method.describe(),
            solution.iterations
        ),
        Method::Elimination => format!(
            "exact: absorbing Markov chain of one token, solved by {}",
            solution.method.describe()
        ),
    };
    Analysis {
        rules: rules.to_string(),
        last_square: board.last(),
        unit: "turns",
        method: method_words,
        solver: solution.method,
        iterations: solution.iterations,
        max_relative_residual: solution.max_relative_residual,
        max_residual: solution.max_residual,
        expected_turns: solved.expected,
        expected_turns_exact: solved
            .exact
            .as_ref()
            .map(|x| format!("{}/{}", x.numer(), x.denom())),
        expected_turns_decimal: solved.exact.as_ref().map(|x| markov::decimal(x, 30)),
        expected_rolls: solved.rolls[start].unwrap_or(f64::NAN),
        variance: solved.variance,
        std_dev: solved.variance.sqrt(),
        min_turns,
        median: quantile(&dist, 0.5),
        mode,
        quantiles: QUANTILES
            .iter()
            .filter_map(|&q| Some((q.to_string(), quantile(&dist, q)?)))
            .collect(),
        finish_within,
        distribution_complete: complete,
        distribution_cut: None,
        distribution: dist,
        tail_mass,
        per_square,
        race: None,
        race_omitted: None,
    }
}

/// The race of tokens that bump each other: the joint chain of two when it fits the budget,
/// otherwise a simulation when that fits and is allowed; otherwise the seconds the quicker
/// would take.
fn interacting_race(
    board: &Board,
    rules: &Rules,
    opts: &Options,
    expected: f64,
    variance: f64,
    budget: &Budget<'_>,
) -> Result<Result<Race, f64>, AnalysisError> {
    let n = board.last() as f64;
    let faces = f64::from(rules.die());
    // Rolls until the joint chain's tail is below the tolerance: two tokens alternate, the
    // first to finish ends it, so about the single token's figure for each of them.
    let rolls = 2.0 * (expected + variance.sqrt() * (1.0 / opts.tail).ln() + 10.0);
    let exact_secs = rates::BUMP_PER_STATE_FACE * 2.0 * n * n * faces * rolls;
    if opts.players == 2
        && (n * n) as usize <= BUMP_TWO_MAX_STATES
        && exact_secs <= budget.left_secs()
    {
        return multi::bump_two_within(board, rules, opts.tail, budget).map(Ok);
    }
    let sim_secs = rates::SIMULATED_ROLL * opts.sim_games as f64 * expected * opts.players as f64
        / opts.threads.max(1) as f64;
    if !opts.simulate_race || sim_secs > budget.left_secs() {
        let quicker = if opts.simulate_race {
            sim_secs.min(exact_secs)
        } else {
            exact_secs
        };
        return Ok(Err(quicker));
    }
    budget.report(Stage::Race, 0, opts.sim_games);
    budget.charge(sim_secs);
    multi::simulated(
        board,
        rules,
        &SimOptions {
            games: opts.sim_games,
            players: opts.players,
            seed: opts.seed,
            threads: opts.threads,
        },
        &|done, total| budget.report(Stage::Race, done, total),
    )
    .map(Ok)
}

/// One variant of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Variant {
    /// The option compared.
    pub option: String,
    /// Its value in this variant.
    pub value: String,
    /// How much longer (in expected turns) than the shortest variant, in percent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub longer_than_shortest_percent: Option<f64>,
    /// Why this variant cannot be measured, if it cannot, in English words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Why this variant cannot be measured, if it cannot.
    #[serde(skip)]
    pub failure: Option<AnalysisError>,
    /// The measures.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Analysis>,
}

/// The same board under each value of one option.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// The option compared.
    pub option: String,
    /// One entry per value, in the option's order.
    pub variants: Vec<Variant>,
}

/// The values a comparison of `key` runs through.
///
/// # Errors
/// [`AnalysisError::UnknownOption`] for a key that is not a rules option.
pub fn compare_values(key: &str) -> Result<Vec<String>, AnalysisError> {
    if key == "die" {
        return Ok(["4", "6", "8", "10", "12", "20"].map(String::from).to_vec());
    }
    Rules::values(key).ok_or_else(|| AnalysisError::UnknownOption(key.to_string()))
}

/// Measures `board` under `rules` with `key` set to each of its values (for the die, 4 to 20
/// faces). A variant that cannot be measured carries its error (a board it cannot play, or
/// what the budget, shared by all the variants, refuses it) and the others are still
/// measured; those measured say how much longer they are than the shortest. Each variant's
/// distribution of turns gets an even share of the time left for the variants still to come.
///
/// # Errors
/// [`AnalysisError::UnknownOption`] or a bad player count.
pub fn compare(
    board: &Board,
    rules: &Rules,
    key: &str,
    opts: &Options,
) -> Result<Comparison, AnalysisError> {
    compare_with(board, rules, key, opts, &|_, _, _| {})
}

/// As [`compare`], telling `progress` how far each variant has got.
///
/// # Errors
/// As [`compare`].
pub fn compare_with(
    board: &Board,
    rules: &Rules,
    key: &str,
    opts: &Options,
    progress: &(dyn Fn(Stage, u64, u64) + Sync),
) -> Result<Comparison, AnalysisError> {
    let budget = opts.budget_for(progress);
    if opts.players == 0 || opts.players > snakes::MAX_PLAYERS {
        return Err(AnalysisError::Players(opts.players));
    }
    let values = compare_values(key)?;
    let count = values.len();
    let mut variants = Vec::new();
    for (i, value) in values.into_iter().enumerate() {
        let mut r = *rules;
        r.set(key, &value)
            .map_err(|_| AnalysisError::UnknownOption(key.to_string()))?;
        let share = budget.left_secs() / (count - i) as f64;
        let limit = opts
            .distribution_limit
            .map_or(share, |l| l.as_secs_f64().min(share));
        let variant_opts = Options {
            distribution_limit: Duration::try_from_secs_f64(limit).ok(),
            ..opts.clone()
        };
        let (analysis, failure) = match analyze_within(board, &r, &variant_opts, &budget) {
            Ok(a) => (Some(a), None),
            Err(e) => (None, Some(e)),
        };
        variants.push(Variant {
            option: key.to_string(),
            value,
            longer_than_shortest_percent: None,
            error: failure.as_ref().map(ToString::to_string),
            failure,
            analysis,
        });
    }
    let shortest = variants
        .iter()
        .filter_map(|v| v.analysis.as_ref().map(|a| a.expected_turns))
        .fold(f64::INFINITY, f64::min);
    for v in &mut variants {
        if let Some(a) = &v.analysis {
            v.longer_than_shortest_percent = Some(100.0 * (a.expected_turns / shortest - 1.0));
        }
    }
    Ok(Comparison {
        option: key.to_string(),
        variants,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_board_under_the_standard_rules() {
        let a = analyze(&Board::classic(), &Rules::STANDARD, &Options::default()).expect("ok");
        assert_eq!(a.unit, "turns");
        assert_eq!(a.per_square[100], Some(0.0));
        // 1 -> 38 is a ladder: nobody rests on 1.
        assert_eq!(a.per_square[1], None);
        // The fewest turns: 0 -1-> 38 ... known to be 7 for this layout (BFS over the chain).
        assert!(a.min_turns >= 1 && a.min_turns <= 10);
        assert!(
            a.distribution[..a.min_turns as usize]
                .iter()
                .all(|&p| p == 0.0)
        );
        assert!(a.distribution[a.min_turns as usize] > 0.0);
        let q = &a.quantiles;
        assert!(q["0.1"] <= q["0.25"] && q["0.25"] <= q["0.5"] && q["0.5"] <= q["0.99"]);
        assert_eq!(Some(q["0.5"]), a.median);
        assert!(a.distribution_complete);
        let within: Vec<f64> = a.finish_within.values().copied().collect();
        assert!(within.windows(2).all(|w| w[0] <= w[1]));
        assert!(a.tail_mass < 1e-12);
        assert!(a.race.is_none());
    }

    #[test]
    fn json_has_the_documented_fields() {
        let opts = Options {
            players: 3,
            exact: true,
            ..Options::default()
        };
        let a = analyze(&Board::classic(), &Rules::STANDARD, &opts).expect("ok");
        let v = serde_json::to_value(&a).expect("serialisable");
        let asked = ["expected_turns_exact", "expected_turns_decimal"];
        for key in JSON_FIELDS.iter().chain(RACE_JSON_FIELDS).chain(&asked) {
            assert!(v.get(key).is_some(), "{key} missing");
        }
        // Nothing else: a field added is added to the lists (and to docs/analyze.md).
        let known = JSON_FIELDS.len() + RACE_JSON_FIELDS.len() + asked.len();
        assert_eq!(v.as_object().expect("object").len(), known);
        assert_eq!(v["seats"][0]["seat"], 1);
        assert!(v["quantiles"]["0.99"].is_u64());
        assert!(v["finish_within"]["20"].is_f64());
        let frac = v["expected_turns_exact"].as_str().expect("string");
        let (n, d) = frac.split_once('/').expect("n/d");
        let ratio = n.parse::<f64>().expect("n") / d.parse::<f64>().expect("d");
        assert!((ratio - a.expected_turns).abs() / ratio < 1e-12);
    }

    #[test]
    fn comparing_endings_makes_loose_the_shortest() {
        let c = compare(
            &Board::classic(),
            &Rules::STANDARD,
            "ending",
            &Options::default(),
        )
        .expect("ok");
        let values: Vec<&str> = c.variants.iter().map(|v| v.value.as_str()).collect();
        assert_eq!(values, ["bounce", "exact", "loose"]);
        let pct: Vec<f64> = c
            .variants
            .iter()
            .map(|v| v.longer_than_shortest_percent.expect("measured"))
            .collect();
        assert_eq!(pct[2], 0.0);
        assert!(pct[0] > 0.0 && pct[1] > 0.0);
    }

    #[test]
    fn a_distribution_cut_short_leaves_out_what_it_cannot_settle() {
        let board = snakes::random_board(100, 100, 500, 100, 3).expect("board");
        let opts = Options {
            max_work: Some(10_000 * 1_000),
            ..Options::default()
        };
        let a = analyze(&board, &Rules::STANDARD, &opts).expect("ok");
        assert!(!a.distribution_complete);
        // The work is in square-turns: 10^7 over 10^4 squares.
        let turns = a.distribution.len() - 1;
        assert_eq!(turns, 1000);
        let cut = a.distribution_cut.as_ref().expect("cut");
        assert_eq!((cut.turns, cut.reason), (1000, CutReason::MaxWork));
        assert!((cut.finished + a.tail_mass - 1.0).abs() < 1e-15);
        assert_eq!(a.median, None);
        assert!(!a.quantiles.contains_key("0.5"));
        assert!(a.expected_turns > 1_000.0);
        assert!(a.finish_within.keys().all(|&t| t as usize <= turns));
        // The race needs the whole distribution: it is left out, with what it would take, and
        // the figures of one token are still given.
        let race = analyze(&board, &Rules::STANDARD, &Options { players: 2, ..opts }).expect("ok");
        assert!(race.race.is_none());
        let omitted = race.race_omitted.expect("said why");
        assert_eq!(omitted.players, 2);
        assert!(omitted.needs_secs > 0.0);
        assert_eq!(race.expected_turns, a.expected_turns);
    }

    #[test]
    fn every_small_board_and_rules_combination_gives_figures_or_a_typed_error() {
        let mut rng = snakes::Rng::new(77);
        let opts = Options {
            players: 2,
            sim_games: 2_000,
            threads: 1,
            ..Options::default()
        };
        for size in 1..=5u32 {
            for _ in 0..3 {
                let n = size * size;
                let jumps = (rng.below(u64::from(n)) as usize).min(n as usize - 1);
                let board = snakes::random_board(
                    size,
                    size,
                    jumps,
                    1 + rng.below(10) as u32,
                    rng.next_u64(),
                )
                .expect("board");
                for rules in Rules::all_combinations(2 + rng.below(5) as u8) {
                    match analyze(&board, &rules, &opts) {
                        Ok(a) => {
                            assert!(a.expected_turns >= 1.0, "{rules}");
                            let race = a.race.expect("two players");
                            let total: f64 = race.seats.iter().map(|s| s.win_probability).sum();
                            assert!((total - 1.0).abs() < 1e-9, "{rules}: {total}");
                        }
                        Err(
                            AnalysisError::NeverEnds(_)
                            | AnalysisError::StartsOnLast { .. }
                            | AnalysisError::Board(_),
                        ) => {}
                        Err(e) => panic!("{rules}: {e}"),
                    }
                }
            }
        }
    }

    #[test]
    fn bad_options_are_refused() {
        let b = Board::classic();
        let zero = Options {
            players: 0,
            ..Options::default()
        };
        assert_eq!(
            analyze(&b, &Rules::STANDARD, &zero),
            Err(AnalysisError::Players(0))
        );
        assert_eq!(
            compare(&b, &Rules::STANDARD, "colour", &Options::default()),
            Err(AnalysisError::UnknownOption("colour".into()))
        );
    }

    #[test]
    fn an_unreachable_last_square_is_reported() {
        // 1x8 board, die 2, exact: snakes on 4, 5, 6 and 7 catch every approach... from 3 a
        // 1 or 2 lands on 4 or 5 and slides back to 1.
        let jumps = [(4, 1), (5, 1)].map(|(from, to)| snakes::Jump { from, to });
        let b = Board::new(1, 8, jumps).expect("valid");
        let rules: Rules = "die=2".parse().expect("rules");
        assert_eq!(
            analyze(&b, &rules, &Options::default()),
            Err(AnalysisError::NeverEnds(
                snakes::BoardWarning::LastUnreachable { last: 8 }
            ))
        );
    }
}
