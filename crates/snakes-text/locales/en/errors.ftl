## What is wrong with a board, a set of rules or an analysis: the library's typed errors in
## words (snakes_text::errors). They follow "error:" or a file name and a colon, so they begin in
## lower case. Squares, rows and columns are numbers; rows and columns of a LeetCode grid count
## from 0, as in board[row][col]. A value someone typed ($value, $key, $preset) arrives quoted,
## with any invisible character escaped ("\t"). Lists ($values, $keys, $presets) arrive written
## out with their commas (they are option names, which are not translated).

## A board that cannot be read. $format: grid, json or toml. $detail is what is wrong at that
## place: for a grid, one of the grid-* messages below; for a JSON or TOML layout, what its
## parser (serde_json, toml) says, in its own English words.
board-error-syntax = { $format ->
    [json] JSON layout
    [toml] TOML layout
   *[grid] grid
}: line { $line }, column { $column }: { $detail }
# $detail: one of the layout-* messages below.
board-error-layout = layout: { $detail }
# What is wrong in a JSON layout's text (after "JSON layout: line L, column C:"): the text
# ends before the layout does; $value, a number as written where a whole number of squares goes.
layout-text-ends = the text ends before the layout does (a bracket or a brace is left open)
layout-text-not-whole = { $value } is not a whole number of squares
board-error-empty-grid = the grid has no rows
board-error-not-square = board[{ $row }] has { $cells } { $cells ->
    [one] cell
   *[other] cells
}, but a grid of { $rows } { $rows ->
    [one] row
   *[other] rows
} must have { $rows } in every row
board-error-value-out-of-range = board[{ $row }][{ $col }] (square { $square }) holds { $value }; a cell holds -1 or a square from 1 to { $last }
# $max: the most squares a board may have.
board-error-bad-size = a board of { $rows } x { $cols } squares is not allowed: each side needs at least 1 square and the board at most { $max }
# $end: start or end (of the jump $from-$to).
board-error-square-out-of-range = the jump { $from }-{ $to } has its { $end ->
    [start] start
   *[end] end
} on square { $square }, which is not on the board (squares 1 to { $last })
board-error-jump-on-last = square { $last } is the last square and cannot hold a jump (found one to { $to })
board-error-jump-to-itself = square { $square } holds a jump to itself
board-error-two-jumps = square { $square } holds two jumps ({ $square }-{ $first } and { $square }-{ $second }); a square holds at most one
board-error-ladder-goes-down = the ladder { $from }-{ $to } goes down; list it with the snakes or swap its ends
board-error-snake-goes-up = the snake { $from }-{ $to } goes up; list it with the ladders or swap its ends
# A random board asked for more jumps than fit: $first to $highest are the squares that may hold
# one ($room is none when there is no such square).
board-error-too-many-jumps = cannot place { $jumps } { $jumps ->
    [one] jump
   *[other] jumps
} on a board of { $last } { $last ->
    [one] square
   *[other] squares
}: only { $placed } fit { $room ->
    [none] (no square can hold one)
   *[some] (squares { $first } to { $highest }, one jump each, without a cycle of jumps)
}
board-error-zero-span = cannot place { $jumps } { $jumps ->
    [one] jump
   *[other] jumps
} with a longest span of 0: a jump spans at least 1 square
# $path: the squares of the cycle, "5 -> 12 -> 5".
board-error-jump-cycle = the jumps { $path } form a cycle, so a token would never stop when jumps chain

## What the reader of a LeetCode grid found wrong ($detail of board-error-syntax). Rows and
## columns count from 0, as in board[row][col]. $found is the character found there, quoted
## ('x'), or grid-found-end.

grid-found-end = the end of the input
grid-open-grid = expected '[' to open the grid, found { $found }
grid-open-row = expected '[' to open board[{ $row }], found { $found }
grid-after-row = expected ',' or ']' after board[{ $row }], found { $found }
grid-after-cell = expected ',' or ']' after board[{ $row }][{ $col }], found { $found }
grid-not-a-number = expected a number for board[{ $row }][{ $col }], found { $found }
grid-not-whole = board[{ $row }][{ $col }] is not a whole number; a cell holds -1 or a square number
grid-too-large = board[{ $row }][{ $col }] is far too large
grid-after-end = unexpected { $found } after the end of the grid

## What a well-formed layout file says that a layout cannot ($detail of board-error-layout). The
## keys `size`, `rows` and `cols` are written as in the file.

layout-no-size = no size: give `size` (an n x n board) or `rows` and `cols`
layout-rows-without-cols = `rows` without `cols`: give both, or `size`
layout-cols-without-rows = `cols` without `rows`: give both, or `size`
layout-size-and-sides = give either `size` or `rows` and `cols`, not both
# $key: size, rows or cols; $value: the negative number given.
layout-negative-side = `{ $key }` is { $value }: a board needs at least 1 square each way
layout-needs-serde = layout files need the `serde` feature of the snakes crate

## Why a game cannot be set up. Players count from 0 here, as in the library.

# $max: the most players a game has.
setup-error-players = a game has 1 to { $max } players, not { $players }
# $highest: the last player's number.
setup-error-first-player = player { $first } cannot go first: players are numbered 0 to { $highest }

## Rules that cannot be read. $min and $max: the fewest and most faces of a die.

rules-error-unknown-value = unknown value { $value } for { $key }: expected one of { $values }
rules-error-die-faces = a die has { $min } to { $max } faces, not { $faces }
rules-error-die-not-a-number = die: { $value } is not a number of faces ({ $min } to { $max })
rules-error-unknown-rule = unknown rule { $key }: the rules are { $keys }
rules-error-empty = no rules given: name a preset ({ $presets }) or options like ending=bounce
rules-error-twice = { $key } is given twice: give each option once
rules-error-preset-not-first = the preset { $preset } must come first, before any option
rules-error-unknown-preset = unknown preset { $preset }: the presets are { $presets }; options are written key=value

## What checking a board under some rules notices. $kind: ladder or snake.

board-warning-unused-jump = the { $kind ->
    [ladder] ladder
   *[snake] snake
} { $from }-{ $to } is never used: { $why ->
    [start] tokens start on square { $from } and no move lands there
   *[rules] no move under these rules lands on square { $from }
}
board-warning-last-unreachable = square { $last } cannot be reached from the start: no game on this board can end
board-warning-trap = a token can reach square { $square }, from which square { $last } can never be reached: a game may never end
board-warning-own-number = board[{ $row }][{ $col }] holds { $square }, its own square number: square { $square } has no jump (as LeetCode reads it)

## Why an analysis or a simulation cannot be made. $estimate and $budget are durations
## (duration, below); $part: solve, exact or race.

analysis-error-starts-on-last = tokens start on square { $last }, the last square: the first roll always wins, so there is nothing to measure
analysis-error-players = { $players } players: a game has 1 to { $max } players
analysis-error-over-budget = { $part ->
    [exact] computing the average turns as an exact fraction
    [race] computing the race of several players
   *[solve] computing the average turns
} would take about { $estimate } on this board, over the budget of { $budget }: a simulation gives an estimate sooner, or allow more time
# $gib: the memory needed, $limit: the memory allowed, in gibibytes.
analysis-error-too-large = measuring this board would need about { $gib } GiB of memory, more than the { $limit } GiB an analysis allows itself: a simulation needs far less
# $residual: how far an equation is off, in scientific notation (2.5e-7).
analysis-error-no-convergence = the average turns cannot be computed accurately on this board in the time allowed: after { $iterations } iterations of GMRES an equation is still off by { $residual }, and the elimination would take longer; a simulation estimates them instead
analysis-error-unknown-option = cannot compare { $key }: give one of { $keys }
analysis-error-no-games = a simulation needs at least one game
# $reason: the operating system's words.
analysis-error-threads = cannot start { $wanted } threads (the system refused after { $started }: { $reason }); ask for fewer

## A length of time: $value in $unit (seconds, minutes, hours or days), already rounded.

duration = { $unit ->
    [minutes] { $value } min
    [hours] { $value } h
    [days] { $value } { $value ->
        [one] day
       *[other] days
    }
   *[seconds] { $value } s
}
