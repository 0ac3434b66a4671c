## The snakes command's own lines, apart from the terminal game and the reports of analyze:
## errors and warnings, reading files, progress, solve, simulate, board, serve, bench-server.
## Words a program reads are not here: JSON keys, grids and layouts, rules written key=value,
## option names (--board) and values (bounce), which stay as they are in every language.

## Every error and warning on standard error. $message is one of the sentences below (or a
## system's own words, such as an error writing to a file), beginning in lower case.
cli-error = error: { $message }
cli-warning = warning: { $message }

## Reading and writing files. $name is a file as it was given, or input-standard-input. $reason
## says what went wrong: not-found, denied, directory, or other, with $detail the system's words.

file-cannot-read = cannot read { $name }: { $reason ->
    [not-found] no such file
    [denied] permission denied
    [directory] it is a directory
   *[other] { $detail }
}
file-cannot-write = cannot write { $name }: { $reason ->
    [not-found] no such file
    [denied] permission denied
    [directory] it is a directory
   *[other] { $detail }
}
input-standard-input = standard input
input-no-board-file = cannot read { $name }: no such file (a board is `classic` or the path of a grid or layout file)
# $mib: the largest input read, in mebibytes.
input-too-large = { $name } is larger than { $mib } MiB: no board is that large
# $byte: where the text stops being UTF-8, counting from 1.
input-not-utf8 = { $name } is not UTF-8 text (byte { $byte } is not): give a grid or a layout
input-reading-board = Reading a board from standard input; end with Ctrl-D.
# What is wrong with the board in the file $file.
input-in-file = { $file }: { $message }
input-empty = the input is empty: expected a LeetCode grid or a layout
# $flag: how the board was given (--board).
input-stdin-is-keys = { $flag } -: standard input gives the keys of the game; give the board in a file
input-the-board = the board
input-bad-rules = rules: { $message }

## Progress lines on standard error, redrawn while a long run goes on (at a terminal, past a
## second). $shape: start (nothing counted yet), count ($done so far, no total known), share
## ($done of $total) or counted ($done so far, $percent of the input read). $percent: the share
## done, 0 to 100.

progress-simulate = simulating: { $percent }% ({ $done } of { $total } { $total ->
    [one] game
   *[other] games
})
progress-random-boards = random boards: { $percent }% ({ $done } of { $total } { $total ->
    [one] board
   *[other] boards
})
progress-solve-lines = solving: { $percent }% ({ $done } { $done ->
    [one] line
   *[other] lines
})
# The stages of snakes analyze. Solving counts iterations when the method iterates (no total
# known), squares when it eliminates.
progress-chain = building the chain and checking that a game ends
progress-expected-turns = { $shape ->
    [start] solving for the average turns
    [count] solving for the average turns: { $done } { $done ->
        [one] iteration
       *[other] iterations
    }
   *[share] solving for the average turns: { $percent }% ({ $done } of { $total } { $total ->
        [one] square
       *[other] squares
    })
}
progress-expected-rolls = { $shape ->
    [start] solving for the average rolls
    [count] solving for the average rolls: { $done } { $done ->
        [one] iteration
       *[other] iterations
    }
   *[share] solving for the average rolls: { $percent }% ({ $done } of { $total } { $total ->
        [one] square
       *[other] squares
    })
}
progress-variance = { $shape ->
    [start] solving for the variance
    [count] solving for the variance: { $done } { $done ->
        [one] iteration
       *[other] iterations
    }
   *[share] solving for the variance: { $percent }% ({ $done } of { $total } { $total ->
        [one] square
       *[other] squares
    })
}
progress-distribution = { $shape ->
    [start] summing the distribution of turns
   *[share] summing the distribution of turns: { $percent }% ({ $done } of { $total } { $total ->
        [one] turn
       *[other] turns
    })
}
# The race of several players: steps of a chain over every token's square (no total known), or
# games of a simulation.
progress-race = { $shape ->
    [start] working out the race
    [count] working out the race: { $done } { $done ->
        [one] step
       *[other] steps
    }
   *[share] simulating the race: { $percent }% ({ $done } of { $total } { $total ->
        [one] game
       *[other] games
    })
}
progress-exact = { $shape ->
    [start] computing the exact fraction
   *[share] computing the exact fraction: { $percent }% ({ $done } of { $total } { $total ->
        [one] square
       *[other] squares
    })
}

## Figures in tables and lines: $value is a number the catalogue writes (its decimals decided by
## the command).
figure = { $value }
percent = { $value }%
# A figure with the half-width of its 95 % confidence interval.
estimate = { $value } ± { $margin }
# The first decimals of an exact value, cut (not rounded): $whole is the whole part and
# $fraction the decimals, both as digits.
truncated = { $whole }.{ $fraction }... (truncated)

## Headings shared by the tables of analyze and simulate.
table-seat = seat
table-chance-to-win = chance to win

## Options every measuring command checks.
cli-no-board = give a board with --board
cli-no-games = --games must be at least 2: one game gives no confidence interval
# A count typed for an option that is not a whole number in its range: $value as typed,
# quoted; $min and $max the range.
cli-not-a-whole-number = { $value } is not a whole number from { $min } to { $max }

## snakes simulate. $unit: turns (one player: each player's turns) or rounds (several players:
## a turn of every seat). $secs: the time the simulation took, in seconds.

simulate-rules = Rules: { $rules }
simulate-summary = { $games } { $games ->
    [one] game
   *[other] games
} of { $players } { $players ->
    [one] player
   *[other] players
}, seed { $seed }, { $threads } { $threads ->
    [one] thread
   *[other] threads
} ({ $secs } s). ± is the half-width of a 95 % confidence interval.
simulate-expected = { $unit ->
    [rounds] average rounds
   *[turns] average turns
}
simulate-total-turns = average turns, all players
simulate-total-rolls = average rolls, all players
simulate-rolls = average rolls
# One quantile: by $turns turns (or rounds), $level percent of the games had ended. $list:
# these, joined by list-separator.
simulate-quantile = { $level }%: { $turns }
simulate-quantiles = { $unit ->
    [rounds] rounds
   *[turns] turns
} quantiles: { $list }
# --threads: $value as typed, quoted; $max: the most threads; $cores: the machine's cores.
simulate-threads-not-a-number = { $value } is not a number of threads
simulate-no-threads = a simulation needs at least 1 thread
# --budget: simulating $games games (as typed) would take about $estimate (a duration), more
# than $budget; $fits games fit in it.
simulate-over-budget = simulating { $games } games would take about { $estimate }, over the budget of { $budget }: give --games { $fits } (about as long as the budget), or --budget 0 for no limit
simulate-too-many-threads = at most { $max } threads (this machine has { $cores } { $cores ->
    [one] core
   *[other] cores
}: more threads than cores only wait their turn)

## snakes solve. $what: grid (one grid is read) or lines (one grid per line).

solve-reading = { $what ->
    [lines] Reading grids, one per line, from standard input; end with Ctrl-D.
   *[grid] Reading a grid such as [[-1,-1],[-1,3]] from standard input; end with Ctrl-D.
}
solve-unreachable = No sequence of rolls reaches square { $last } from the start.
# One roll of the fewest: its $number in the path, the $roll chosen, and its $steps (the
# solve-step messages below, joined by list-separator).
solve-path-roll = { $number }. roll { $roll }: { $steps }
solve-step-entered = enters on { $to }
solve-step-moved = { $from } -> { $to }
# A roll past the last square that counts back down: it turned on square $turned.
solve-step-bounced = { $from } -> { $turned }, bounces back to { $to }
# $why: need-six (a token off the board rolled another face) or overshoot (the roll would pass
# $last, the last square, under the exact ending).
solve-step-stayed = { $why ->
    [need-six] stays on { $at }: entering needs a six
   *[overshoot] stays on { $at }: the roll would pass { $last }
}
solve-step-climbed = ladder up to { $to }
solve-step-slid = snake down to { $to }
# solve --jsonl: what is wrong with line $line of the input.
solve-line-error = line { $line }: { $message }
solve-line-error-at = line { $line }, column { $column }: { $message }
solve-line-cannot-read = line { $line }: cannot read: { $detail }
solve-line-too-long = the line is longer than { $mib } MiB: no grid is that long
solve-line-not-utf8 = the line is not UTF-8 text
solve-line-empty = the line is empty; each line holds one grid

## snakes board. The verdict of board check is the line on standard output: $warnings is how
## many warnings were written on standard error.

board-check-ok = { $warnings ->
    [0] ok
    [one] ok, { $warnings } warning
   *[other] ok, { $warnings } warnings
}
board-check-unplayable = unplayable
board-convert-not-square = a LeetCode grid is square, and this board is { $rows } x { $cols }: write it as a layout (--to json or --to toml)
# What keeps a grid snakes reads from being one LeetCode 909 accepts.
board-grid-jump-on-one = square 1 holds the jump 1-{ $to }: snakes reads this grid, LeetCode 909 does not (its squares 1 and n*n hold no jump)
board-grid-size = a { $size } x { $size } grid: snakes reads it, LeetCode 909 takes 2 x 2 to 20 x 20
board-random-no-size = give the size of the board: --size N, or --rows R and --cols C
board-random-grid-not-square = a LeetCode grid is square: give --size N with --format grid (or write a layout)
board-random-count-needs-grid = --count writes one grid per line: add --format grid
board-random-seed-error = seed { $seed }: { $message }

## snakes bench-server: the load benchmark of snakes serve.

bench-no-binary = cannot find the snakes binary
bench-cannot-start = cannot start the server
bench-no-output = no server output
bench-no-address = cannot read the server's address
# $line: the server's first line, quoted.
bench-not-an-address = the server said { $line }, not its address
# The progress line while a pass plays: $done of $total games are over.
bench-progress = { $tables } { $tables ->
    [one] table
   *[other] tables
}: { $done } of { $total } { $total ->
    [one] game
   *[other] games
} over
# $message: what the load generator says went wrong.
bench-failed = benchmark of { $tables } { $tables ->
    [one] table
   *[other] tables
}: { $message }
bench-players = --players must be 2 to 4, not { $players }
# bench-server --abuse: $attack is the name of an attack (not translated), $attacks a list of
# them; $outcome is what the load generator says the attack came to.
bench-unknown-attack = --attack { $attack }: the attacks are { $attacks }
bench-attack-running = { $attack }: { $secs } s
bench-attack-failed = { $attack }: { $message }
bench-attack-outcome = { $attack }: { $outcome }
# What the normal players saw during an attack: latencies in milliseconds, the server's peak
# memory in MiB and its CPU time in seconds.
bench-attack-players = normal players: { $rolls } { $rolls ->
    [one] roll
   *[other] rolls
}, p50 { $p50 } ms, p99 { $p99 } ms, max { $max } ms, { $refused } refused; server peak { $peak } MiB, CPU { $cpu } s
bench-attack-slow = snakes bench-server: normal players' p99 reached { $ms } ms (or they could not roll) during: { $attacks }
bench-no-tables = --tables must be at least 1
# The headings of the table of results, one per column: tables played at once, WebSocket
# connections, the players' thinking time, games finished, rolls, rolls per second, the
# latency from a roll to its broadcast (median, 99th percentile, most), the server's peak
# memory, the CPU time it used, and the requests it refused.
bench-tables = tables
bench-sockets = sockets
bench-think = think ms
bench-games = games
bench-rolls = rolls
bench-rolls-per-sec = rolls/s
bench-p50 = p50 ms
bench-p99 = p99 ms
bench-max = max ms
bench-peak = peak MiB
bench-cpu = CPU s
bench-refused = refused

## analyze --plot FILE: the chart's file.

plot-bad-name = a chart is written as SVG or PNG: name the file .svg or .png
plot-wrote-svg = Wrote the chart to { $file } (SVG).
# $width and $height: the picture's size in pixels.
plot-wrote-png = Wrote the chart to { $file } (PNG, { $width } x { $height } pixels).
plot-no-fonts = cannot draw the chart's text: this system has no fonts (install one, such as Debian's fonts-dejavu-core, or write an .svg file)
plot-too-big = cannot draw a chart of { $width } x { $height } pixels
# This snakes was built without the png feature.
plot-png-not-built = this snakes draws no PNG charts (it was built without the png feature): write the chart as .svg, or install snakes with them: cargo install --locked --path crates/snakes-cli --features png
# $letters: the letters of the chart no font of the system has, spaced; $package: a Debian
# package with fonts that have them (fonts-noto-cjk, fonts-noto-core).
plot-missing-letters = cannot draw the chart's words as PNG: no font on this system has { $letters } (install one that does, such as Debian's { $package }, or write an .svg file, which the viewer draws with its own fonts)
# The distribution of turns was not followed at all, so no line can be drawn.
plot-nothing-to-draw = no chart written: games were not followed turn by turn on this board within the time allowed (see above)

## snakes serve. $url: the address to open in a browser; $db: the SQLite file.

serve-listening = snakes: serving { $url } (database { $db })
# $rate: the value given.
serve-bad-rate = --rate must be a positive number of messages a second, not { $rate }
serve-small-messages = --max-message-bytes must be at least 256, not { $bytes }
serve-bad-creates = --creates-per-minute must be a positive number, not { $creates }
serve-no-header-time = --header-timeout-secs must be at least 1
serve-no-connections-per-address = --max-connections-per-address must be at least 1
# $origin: the value given, quoted.
serve-bad-origin = --allow-origin takes an origin as http://host[:port] or https://host[:port], not { $origin }
# $detail: the system's words.
serve-address-in-use = cannot listen on { $address }: { $detail }

## snakes help COMMAND: $name is the command asked about (snakes board), $command the word
## that is no command of it, quoted, and $commands its commands.
help-no-command = `{ $name }` has no command { $command }: the commands are { $commands }

## A value on the command line that the command refuses: $value as typed, $arg the option it
## was given to (--budget <SECONDS>), $message why. The hint follows, after an empty line.
cli-invalid-value = invalid value '{ $value }' for '{ $arg }': { $message }
cli-more-information = For more information, try '--help'.

## --lang (or bench-server's --locales) names a language without messages. $option: the option,
## as typed (--lang); $lang: the value given, quoted; $languages: every language there is, each a
## language-item, joined by list-separator.
cli-unknown-language = { $option }: no messages in the language { $lang }; the languages are { $languages }
# $tag: a language tag (ko), as --lang takes it; $name: the language's own name (한국어).
language-item = { $tag } ({ $name })

## snakes verify: checking a finished game's dice from its record. $table: the table's number;
## $file: the record's file as given.

# $detail: what the JSON reader says is wrong (in English).
verify-not-a-record = { $file } is not a game record (GET /api/tables/ID/record): { $detail }
# $commitment: the SHA-256 announced at the start, in hex.
verify-ok = Table { $table }: verified. All { $rolls } rolls, and who went first, come from the revealed key, whose SHA-256 is the commitment announced before the first roll ({ $commitment }).
# The record does not verify: $problem is one of the verify- messages below.
verify-failed = snakes verify: table { $table }: { $problem }
# $algorithm: the dice's algorithm, as named in the record.
verify-not-committed = table { $table }'s dice ({ $algorithm }) were not committed to before the game: they cannot be verified
verify-not-over = table { $table }'s game is not over: its key is revealed when it ends
# $key: the key in the record, quoted.
verify-bad-key = the key { $key } is not 64 hex digits
# $hashed and $commitment: SHA-256 sums, in hex.
verify-key-mismatch = the key does not match the commitment: SHA-256 of the key is { $hashed }, the commitment announced was { $commitment }
verify-commitment-changed = the commitment announced at the start ({ $announced }) is not the record's ({ $record })
# $what: board or rules (not translated: the record's field); $detail: why, in English.
verify-setup = the record's { $what } cannot be read: { $detail }
verify-not-started = the record has no start of a game
# $drawn and $logged: seats, counted from 0 as in the record.
verify-first-player = the dice draw player { $drawn } to go first, the record says { $logged }
# $number: which roll, from 1; $seq: the event's number in the record; $player: the seat
# (from 0); $logged: the roll in the record; $dice: the roll the dice give.
verify-roll = roll { $number } (event { $seq }) differs: the record says player { $player } rolled { $logged }, the dice give { $dice }
# $logged and $expected: the events, as data (not translated).
verify-move = event { $seq } is not what the rules make of roll { $number }: the record says { $logged }, the rules give { $expected }
