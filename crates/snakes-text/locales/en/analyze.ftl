## snakes analyze: how long a game lasts on a board. The report speaks plainly: "on average",
## "half of games are over by turn 35"; the method, the accuracy and the margins of simulated
## figures are said only under --verbose. The one word for the mean is "average", in the report,
## the tables and the chart. Figures arrive written by the catalogue with the decimals the
## command chose. $board is analyze-board-classic or analyze-board-file; $rules and $variant are
## rules written key=value (not translated); $command is a whole command line (not translated).

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
    [roll-again] One player alone; a turn is every roll until one that is not a six, so it can hold several rolls.
    [compare-six] One player alone; with roll-again a turn is every roll until one that is not a six.
   *[one-roll] One player alone; a turn is one roll.
}
# --verbose: how the figures were solved. $solver: elimination or gmres (an iterative method,
# which took $iterations iterations).
analyze-method = Method: exact: absorbing Markov chain of one token, solved by { $solver ->
    [gmres] GMRES preconditioned by the forward moves ({ $iterations } { $iterations ->
        [one] iteration
       *[other] iterations
    })
   *[elimination] elimination along the track
}.
# --verbose: how well the answer satisfies its own equations: $relative and $absolute in
# scientific notation (4e-16).
analyze-checked = Checked: every square's equation holds to { $relative } of its value, so no average below is off by more than { $absolute } of itself.

## The length of a game in plain words. $average: the average number of turns (one decimal);
## $median and $p90: the turns by which half and nine in ten of games are over. $known: both
## (both are known), median (only $median is) or none (neither: the distribution was not
## followed far enough).
analyze-average = { $known ->
    [both] On average a game takes { $average } turns; half of games are over by turn { $median }, and 9 in 10 by turn { $p90 }.
    [median] On average a game takes { $average } turns; half of games are over by turn { $median }.
   *[none] On average a game takes { $average } turns.
}
# With six=roll-again: the rolls a game takes on average.
analyze-average-rolls = That is { $rolls } rolls on average, since a six rolls again.
# $fewest: the fewest turns in which a game can end; $mode: the commonest length, or unknown
# when the distribution was not followed far enough to be sure of it.
analyze-lengths = The quickest game takes { $fewest } { $fewest ->
    [one] turn
   *[other] turns
}{ $mode ->
    [unknown] .
   *[other] ; the commonest length is { $mode } { $mode ->
        [one] turn
       *[other] turns
    }.
}

## The rows of the figures in full (--exact, --verbose) and the headings of the comparison's
## columns.

label-average-turns = average turns
label-average-rolls = average rolls
label-average-rounds = average rounds
label-total-turns = average turns, all players
label-total-rolls = average rolls, all players
label-as-a-fraction = as a fraction
label-its-decimals = its decimals
label-standard-deviation = standard deviation
# The turn by which half of games are over, and nine in ten.
label-half-over-by = half over by
label-nine-in-ten-by = 9 in 10 over by
label-longer-than-shortest = longer than shortest
# The two rows of the table of quantiles: the share of games over, and by which turn.
label-games-over = games over
label-by-turn = by turn

## Values of those rows.

analyze-deviation = { $deviation } { $deviation ->
    [one] turn
   *[other] turns
} (variance { $variance })
# How much longer than the shortest variant of a comparison, in percent.
analyze-longer = +{ $percent }%
# A chance too small to show with two decimals ($value is 0.01).
percent-below = <{ $value }%
# Under a comparison's table when a cell holds '?'.
analyze-unknown-cells = ?: games were not followed that far within the time allowed (--budget).

## How far games were followed turn by turn, when not to the end. $turns: the turns followed
## (0: none); $finished: the share of games over by then ("60.19%"); $rest: about how long
## following every game to its end would take (a duration); $budget: the time allowed. $why:
## budget (decided before starting: the rest does not fit in the time allowed), time (the time
## allowed ran out on the way) or work (a limit set by a program).
analyze-cut = { $turns ->
    [0] How the lengths of games spread is not worked out on this board: following every game to its end would take about { $rest }, and the time allowed ({ $budget }, --budget) does not reach even the turn by which a tenth of games are over. The average above is exact all the same.
   *[other] Games were followed turn by turn up to turn { $turns }, by which { $finished } of them are over: { $why ->
        [time] the time allowed ({ $budget }, --budget) ran out there.
        [work] that is the work allowed.
       *[budget] following every game to its end would take about { $rest }, more than the time allowed ({ $budget }, --budget).
    } The average above is exact all the same; what only later turns would tell is left out.
}
analyze-quantiles = By which turn each share of games is over:
analyze-within = Chance to have finished within t turns:
# A column of that table: within $turns turns.
analyze-within-turns = t={ $turns }
# $best_left and $worst_left: the average turns left from those squares.
analyze-best-worst = Best square to stand on: { $best } ({ $best_left } turns left); worst: { $worst } ({ $worst_left } turns left).
analyze-per-square = Average turns left from each square, laid out like the board (top row first; '-' marks a jump's square, where no token rests):
# One cell of that grid: $turns is a figure, or - for a jump's square.
analyze-square-left = { $square }: { $turns }

## The race of several players, seat 1 rolling first. $rounds and $turns: the rounds and the
## turns of all players a game lasts on average; $median: the round by which half of games are
## over (or unknown); $simulated: no (exact figures) or the number of games simulated.
analyze-race = With { $players } players, seat 1 rolling first, a game lasts { $simulated ->
    [no] { $rounds }
   *[other] about { $rounds }
} rounds on average, { $turns } turns in all (a round is one turn of each player{ $simulated ->
    [no] {""}
   *[other] ; estimated from { $simulated } simulated games
}){ $median ->
    [unknown] .
   *[other] ; half of games are over by round { $median }.
}
# --verbose: how the race's figures were made ($method: analyze-race-method), before them in full.
analyze-race-how = In full ({ $method }):
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
analyze-ci-note = (± is a margin: the true figure lies within it of the estimate 19 times in 20, a 95 % confidence interval.)
# The race left out: it needs every game followed to its end ($needs distribution) or, when
# tokens bump, a chain over every token's square or a simulation ($needs joint), which would
# take about $time. $command: the simulation that estimates it.
analyze-race-omitted = The race of { $players } players is left out: { $needs ->
    [distribution] it needs every game followed to its end
   *[joint] since tokens bump each other, it needs a chain over every token's square or a simulation
}, about { $time } on this board, more than the time allowed (--budget). `{ $command }` estimates it.

## analyze --compare OPTION: the same board under each value of $option.

analyze-comparing = Comparing { $option } on { $board }; other rules: { $rules }
analyze-cannot-measure = { $variant } cannot be measured: { $reason }
analyze-no-reason = no reason given
analyze-fractions = Average turns as exact fractions:
analyze-fraction = { $variant }: { $fraction }
# $digits: truncated, above.
analyze-fraction-decimals = = { $digits }
analyze-collision-note = { $players ->
    [one] Collisions need two tokens: one token alone takes as long under either rule. Add --players 2 (or more) to see what bumping does to a race.
   *[other] Collisions need two tokens: one token alone takes as long under either rule.
}
analyze-seat-odds = Seat odds with { $players } players:
# $rounds: the average rounds; $seats: each seat's chance (analyze-seat-chance), joined by
# list-separator.
analyze-seat-odds-line = { $variant }: { $rounds } rounds on average; { $seats }
analyze-seat-chance = seat { $seat }: { $chance }
# After the table and the reasons, when the budget or the memory refused $refused of the
# $variants variants. $raise: some (--budget $more would measure them all) or none (the memory
# refused one: no budget would).
analyze-compare-incomplete = { $refused } of { $variants } variants could not be measured within the limits (the reasons are above){ $raise ->
    [none] {""}
   *[some] : give --budget { $more } to measure them all (--budget 0 for no limit)
}

## What the budget refuses (--budget SECONDS): $part would take about $estimate, more than
## $budget (or, $left yes, more than was left of it after the parts before). $instead: exact
## (leave out --exact) or simulate (run $command, a simulation of the same game). $raise: some
## (a budget of $more seconds would do) or none (only no limit would).
analyze-over-budget = { $part ->
    [exact] computing the average turns as an exact fraction
    [race] computing the race of several players
   *[solve] computing the average turns
} would take about { $estimate } on this board, { $left ->
    [yes] more than was left of the budget of { $budget }
   *[no] over the budget of { $budget }
}: { $instead ->
    [exact] leave out --exact (the figures without it carry a bound on their error)
   *[simulate] `{ $command }` estimates them sooner
}, or { $raise ->
    [none] give --budget 0 for no limit
   *[some] give --budget { $more } (--budget 0 for no limit)
}
# A variant of a comparison the budget refuses: as analyze-over-budget, without the ways out,
# which the end of the comparison gives once for all (analyze-compare-incomplete).
analyze-variant-over-budget = { $part ->
    [exact] computing the average turns as an exact fraction
    [race] computing the race of several players
   *[solve] computing the average turns
} would take about { $estimate }, { $left ->
    [yes] more than was left of the budget of { $budget }
   *[no] over the budget of { $budget }
}
# What the memory or the accuracy refuses ($reason, an analysis error), and the simulation that
# estimates the figures instead.
analyze-simulate-instead = { $reason }: `{ $command }` estimates them
# --budget: $value as typed, quoted.
analyze-budget-not-seconds = { $value } is not a number of seconds (0 or more; 0 means no limit)

## analyze --plot FILE: the chart. $board: as above; $lines: each line's legend, joined by
## plot-legend-separator; $last: the last turn on the horizontal axis.

plot-title = Finishing by turn t
plot-title-compare = Finishing by turn t, by { $option }
plot-subtitle = { $board }; { $rules }
plot-subtitle-compare = { $board }; other rules: { $rules }
# A line's legend: $mean the average turns, $median the turn by which half of games are over.
plot-line = average { $mean }, half over by turn { $median }
plot-line-mean = average { $mean }
# A line cut short: it stops at turn $turns, when $finished of games are over.
plot-line-cut = average { $mean }; followed to turn { $turns } only ({ $finished } of games over)
# $line: one of the three above.
plot-variant = { $variant }: { $line }
plot-x-axis = turns played (t)
plot-y-axis = chance to have finished within t turns
plot-description = Line chart: the chance that a player has finished within t turns, for t from 0 to { $last }. { $lines }
plot-legend-separator = {"; "}
