## How long a game lasts, for the board page. Numbers with decimals arrive already formatted
## (text), counts as numbers. $strict and $loose are expected turns for one player; $percent is
## how much longer the strict ending makes a game, always positive, with $direction saying
## whether it is "longer" or "shorter" (an odd board can make the strict ending quicker).

analysis-strict-vs-loose = { $direction ->
    [same] On this board the strict ending makes no difference: one player needs { $strict } turns on average either way.
    [shorter] On this board the strict ending makes a game { $percent }% shorter: one player needs { $strict } turns on average to land on { $last } exactly, against { $loose } when any roll reaching { $last } wins.
   *[longer] On this board the strict ending makes a game { $percent }% longer: one player needs { $strict } turns on average to land on { $last } exactly, against { $loose } when any roll reaching { $last } wins.
}

## Games already played at this server on the same board, with the same rules apart from the
## ending, and the same number of players.

analysis-observed-none = No finished games with this board, these rules and { $players } players yet.
analysis-observed = { $games ->
    [one] One finished game with this board, these rules and { $players } players lasted { $mean } rounds.
   *[other] { $games } finished games with this board, these rules and { $players } players lasted { $mean } rounds on average.
}

## A board the page declines to measure while it waits: $estimate and $budget are durations
## already in words ("3 min", "20 s"), $gib a number of gibibytes with one decimal.

analysis-over-budget = Measuring this board would take about { $estimate }, more than the { $budget } the page allows itself. The command snakes analyze measures it, given a larger --budget.
analysis-too-large = Measuring this board would need about { $gib } GiB of memory, more than an analysis allows itself. The command snakes simulate estimates it.
