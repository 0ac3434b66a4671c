## snakes analyze: how long a game lasts on a board. Figures arrive written by the catalogue
## with the decimals the command chose; $turns in analyze-turns is a whole number of turns, or
## unknown when the distribution was cut before settling it. $board is analyze-board-classic or
## analyze-board-file; $rules and $variant are rules written key=value (not translated).

analyze-board-classic = the classic board
analyze-board-file = { $file } ({ $squares } { $squares ->
    [one] square
   *[other] squares
})
analyze-board = Board: { $board }, last square { $last }
analyze-rules = Rules: { $rules }
# What the figures count. $turn: one-roll (a turn is one roll), roll-again (six=roll-again: a
# turn holds every roll up to one that is not a six), compare-six (a comparison of the six rule).
analyze-counted = { $turn ->
    [roll-again] One token alone, counted in turns (a turn is every roll until one that is not a six: it can hold several rolls).
    [compare-six] One token alone, counted in turns (with roll-again a turn is every roll until one that is not a six).
   *[one-roll] One token alone, counted in turns (one roll per turn).
}
# How the expected turns were solved. $solver: elimination or gmres (an iterative method, which
# took $iterations iterations).
analyze-method = Method: exact: absorbing Markov chain of one token, solved by { $solver ->
    [gmres] GMRES preconditioned by the forward moves ({ $iterations } { $iterations ->
        [one] iteration
       *[other] iterations
    })
   *[elimination] elimination along the track
}.
# How well the answer satisfies its own equations: $relative and $absolute in scientific
# notation (4e-16).
analyze-checked = Checked: every square's equation holds to { $relative } of its value, so no expected turns below is off by more than { $absolute } of itself.

## The rows of the report's tables, and the headings of the comparison's columns.

label-expected-turns = expected turns
label-expected-rolls = expected rolls
label-expected-rounds = expected rounds
label-total-turns = expected turns, all players
label-total-rolls = expected rolls, all players
label-as-a-fraction = as a fraction
label-its-decimals = its decimals
label-standard-deviation = standard deviation
label-fewest-turns = fewest turns
label-median = median
label-most-likely = most likely
label-90th-percentile = 90th percentile
label-longer-than-shortest = longer than shortest

## Values of those rows.

analyze-turns = { $turns ->
    [unknown] ? turns
    [one] { $turns } turn
   *[other] { $turns } turns
}
analyze-deviation = { $deviation } { $deviation ->
    [one] turn
   *[other] turns
} (variance { $variance })
# How much longer than the shortest variant of a comparison, in percent.
analyze-longer = +{ $percent }%
# A chance too small to show with two decimals ($value is 0.01).
percent-below = <{ $value }%

## The distribution of turns, cut short on a huge board: after $turns turns, when $finished of
## games had finished, about $rest (a duration) before the end. $why: share (it used its share
## of the work) or budget (the time ran out).
analyze-cut = The distribution of turns was cut after { $turns } { $turns ->
    [one] turn
   *[other] turns
}, when { $finished } of games had finished: { $why ->
    [budget] the time budget ran out
   *[share] summing it takes longer than a small multiple of the expected turns
} (about { $rest } to the end). The expected turns and the standard deviation above are exact; the median, the most likely count and the quantiles it cannot settle are shown as '?' or left out.
analyze-quantiles = Quantiles (turns):
analyze-quantiles-none = Quantiles (turns): none settled.
analyze-within = Chance to have finished within t turns:
# A column of that table: within $turns turns.
analyze-within-turns = t={ $turns }
# $best_left and $worst_left: expected turns left from those squares.
analyze-best-worst = Best square to stand on: { $best } ({ $best_left } turns left); worst: { $worst } ({ $worst_left } turns left).
analyze-per-square = Expected turns left from each square, laid out like the board (top row first; '-' marks a jump's square, where no token rests):
# One cell of that grid: $turns is a figure, or - for a jump's square.
analyze-square-left = { $square }: { $turns }

## The race of several players. $method: analyze-race-method.

analyze-race = { $players } players, seat 1 rolls first ({ $method }).
# $kind: independent (the tokens do not interact), joint (two tokens that bump each other) or
# simulated ($games games from seed $seed).
analyze-race-method = { $kind ->
    [independent] exact: one token's Markov chain, the tokens do not interact
    [joint] exact: Markov chain over both tokens' squares and whose roll it is
   *[simulated] monte carlo: { $games } { $games ->
        [one] game
       *[other] games
    }, seed { $seed }, 95 % confidence intervals
}
analyze-median-rounds = median rounds: { $rounds }
analyze-ci-note = (± is the half-width of a 95 % confidence interval.)
# The race left out: it needs the whole distribution of turns ($needs distribution) or, when
# tokens bump, a chain over every token's square or a simulation ($needs joint), which would
# take about $time.
analyze-race-omitted = The race of { $players } players is not given: it needs { $needs ->
    [distribution] the whole distribution of turns
   *[joint] a chain over every token's square or a simulation, since tokens bump each other
}, about { $time } on this board, more than the budget allows. `snakes simulate --players { $players }` estimates it, or give a larger --budget.

## analyze --compare OPTION: the same board under each value of $option.

analyze-comparing = Comparing { $option } on { $board }; other rules: { $rules }
analyze-cannot-measure = { $variant } cannot be measured: { $reason }
analyze-no-reason = no reason given
analyze-fractions = Expected turns as exact fractions:
analyze-fraction = { $variant }: { $fraction }
# $digits: truncated, above.
analyze-fraction-decimals = = { $digits }
analyze-collision-note = { $players ->
    [one] Collisions need two tokens: one token alone takes as long under either rule. Add --players 2 (or more) to see what bumping does to a race.
   *[other] Collisions need two tokens: one token alone takes as long under either rule.
}
analyze-seat-odds = Seat odds with { $players } players:
# $rounds: expected rounds (with its margin when simulated); $seats: each seat's chance
# (analyze-seat-chance), joined by list-separator.
analyze-seat-odds-line = { $variant }: { $rounds } rounds expected; seats { $seats } ({ $method })
analyze-seat-chance = { $seat }: { $chance }

## What the budget refuses (--budget SECONDS): $part would take about $estimate, more than
## $budget. $instead: exact (leave out --exact), simulate or simulate-players (simulate the
## board $board, with $players players). $raise: some (a budget of $more seconds would do) or
## none (only no limit would).
analyze-over-budget = { $part ->
    [exact] computing the expected turns as an exact fraction
    [race] computing the race of several players
   *[solve] computing the expected turns
} would take about { $estimate } on this board, over the budget of { $budget }: { $instead ->
    [exact] leave out --exact (the figures without it carry a bound on their error)
    [simulate-players] run `snakes simulate --board { $board } --players { $players }` for an estimate
   *[simulate] run `snakes simulate --board { $board }` for an estimate
}, or { $raise ->
    [none] give --budget 0 for no limit
   *[some] give --budget { $more } (--budget 0 for no limit)
}
# --budget: $value as typed, quoted.
analyze-budget-not-seconds = { $value } is not a number of seconds (0 or more; 0 means no limit)

## analyze --plot FILE: the chart. $board: as above; $lines: each line's legend, joined by
## plot-legend-separator; $last: the last turn on the horizontal axis.

plot-title = Finishing by turn t
plot-title-compare = Finishing by turn t, by { $option }
plot-subtitle = { $board }; { $rules }
plot-subtitle-compare = { $board }; other rules: { $rules }
plot-line = mean { $mean }, median { $median }
plot-variant = { $variant }: mean { $mean }, median { $median }
plot-x-axis = turns played (t)
plot-y-axis = chance to have finished within t turns
plot-description = Line chart: the chance that a player has finished within t turns, for t from 0 to { $last }. { $lines }
plot-legend-separator = {"; "}
