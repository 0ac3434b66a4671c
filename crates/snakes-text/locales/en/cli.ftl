## The snakes command's own lines, apart from the terminal game and the reports of analyze:
## errors and warnings, reading files, progress, solve, simulate, board, serve, snakes-bench.
## Words a program reads are not here: JSON keys, grids and layouts, rules written key=value,
## option names (--board) and values (bounce), which stay as they are in every language.

## Every error and warning on standard error. $message is one of the sentences below (or a
## system's own words, such as an error writing to a file), beginning in lower case.
cli-error = error: { $message }
cli-warning = warning: { $message }

## Reading and writing files. $name is a file as it was given, or input-standard-input. $reason
## says what went wrong: not-found, no-folder (with $detail the missing folder), denied, directory,
## or other, with $detail the system's words.

file-cannot-read = cannot read { $name }: { $reason ->
    [not-found] no such file
    [no-folder] no such folder { $detail }
    [denied] permission denied
    [directory] it is a directory
   *[other] { $detail }
}
file-cannot-write = cannot write { $name }: { $reason ->
    [not-found] no such file
    [no-folder] no such folder { $detail }
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

## snakes-bench: the load benchmark of snakes serve.

bench-no-binary = no snakes binary at { $path }: build it with `cargo build --release`, or name one with --server
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
# snakes-bench --abuse: $attack is the name of an attack (not translated), $attacks a list of
# them; $outcome is what the load generator says the attack came to.
bench-unknown-attack = --attack { $attack }: the attacks are { $attacks }
bench-attack-running = { $attack }: { $secs } s
bench-attack-failed = { $attack }: { $message }
bench-attack-outcome = { $attack }: { $outcome }
# The same, for the binary of before given with --before ($binary: its path).
bench-attack-before = { $attack }, before ({ $binary }): { $outcome }
# Newcomers who tried, during an attack, to create a table and roll; $what says what each got.
bench-attack-newcomers = newcomers: { $played } of { $tried } created a table and played ({ $what })
# The store during an attack: the largest its write-ahead log grew, in MiB; with the attack
# that loads it, how long a restart after kill -9 took, in seconds.
bench-attack-store = store: the write-ahead log peaked at { $wal } MiB
bench-attack-store-restart = store: the write-ahead log peaked at { $wal } MiB; killed with SIGKILL, the server listened again after { $secs } s
# What the normal players saw during an attack: latencies in milliseconds, the server's peak
# memory in MiB and its CPU time in seconds.
bench-attack-players = normal players: { $rolls } { $rolls ->
    [one] roll
   *[other] rolls
}, p50 { $p50 } ms, p99 { $p99 } ms, max { $max } ms, { $refused } refused; server peak { $peak } MiB, CPU { $cpu } s
bench-attack-slow = snakes-bench: normal players' p99 reached { $ms } ms (or they could not roll) during: { $attacks }
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
# snakes-bench --members: what member accounts cost the server. Each section's title, then
# the headings of its table, one per column. $set: Argon2id parameters, as "m=19456 t=2 p=1"
# (not translated).
bench-members-hashes = Argon2id, one hash at a time on one thread:
bench-members-servers = { $set } (the server's)
bench-members-parameters = parameters
bench-members-mib = MiB a hash
bench-members-hashes-count = hashes
bench-members-ms = ms a hash
bench-members-ms-min = fastest ms
bench-members-per-core = hashes/s a core
# Sign-ins to a server, $clients at once for $secs seconds, one server for each set of
# parameters, its members' passwords hashed at that set.
bench-members-sign-ins = Sign-ins to a server on SQLite, { $clients } at once for { $secs } s, its members' passwords hashed at each set:
bench-members-signed-in = sign-ins
bench-members-per-sec = sign-ins/s
bench-members-rss-before = MiB before
bench-members-answers = answers
bench-members-threads = threads
# One sign-in at a time, $tries of each kind: the medians in milliseconds of the right
# password, a wrong password and a name nobody has; $first: the first try with a name nobody
# has after the server started.
bench-members-one-at-a-time = One sign-in at a time at the server's parameters ({ $tries } of each), medians: the right password { $right } ms, a wrong password { $password } ms, a name nobody has { $name } ms (the first after the start: { $first } ms)
# A server whose store holds $count members, and one whose store holds none.
bench-members-stores = A server holding { $count } members, and one holding none:
bench-members-store = store
bench-members-count = members
bench-members-fill = written in s
bench-members-bytes = MiB stored
bench-members-free = free name p50 / p99 ms
bench-members-held = member's name p50 / p99 ms
bench-members-sign-in = sign-in p50 / p99 ms
bench-members-rss = MiB at start / after set_name / after sign-ins
# --members with --db: the PostgreSQL database $url already holds $count members.
bench-members-db-not-empty = --members: the database { $url } holds { $count } members already; give it one without (the members written there are deleted at the end)

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
# Said at the start of `snakes serve --test-dice-seed`, after "warning: ". $seed: the seed.
serve-test-dice = the dice are seeded for tests (--test-dice-seed { $seed }): anyone who knows the seed knows every roll; never use this for real games
# The server cannot start: its connections and its own files do not fit the limit on open files.
serve-open-files = --max-connections { $connections } and { $reserved } files for the server itself need { $needed } open files, but this process may open { $limit } (the hard limit on open files, RLIMIT_NOFILE); lower --max-connections to { $fits } or raise the limit (ulimit -Hn, or LimitNOFILE= in a systemd unit)
# $detail: the system's words.
serve-address-in-use = cannot listen on { $address }: { $detail }

## snakes help COMMAND: $name is the command asked about (snakes board), $command the word
## that is no command of it, quoted, and $commands its commands.
help-no-command = `{ $name }` has no command { $command }: the commands are { $commands }

## A value on the command line that the command refuses: $value as typed, $arg the option it
## was given to (--budget <SECONDS>), $message why. The hint follows, after an empty line.
cli-invalid-value = invalid value '{ $value }' for '{ $arg }': { $message }
cli-more-information = For more information, try '--help'.

## --lang (or snakes-bench's --locales) names a language without messages. $option: the option,
## as typed (--lang); $lang: the value given, quoted; $languages: every language there is, each a
## language-item, joined by list-separator.
cli-unknown-language = { $option }: no messages in the language { $lang }; the languages are { $languages }
# $tag: a language tag (ko), as --lang takes it; $name: the language's own name (한국어).
language-item = { $tag } ({ $name })

## snakes verify: checking a finished game from its record. $table: the table's number;
## $file: the record's file as given; $seq: an event's number in the record (from 1). $logged
## is what the record says and $expected what the replay of the game gives: an event told
## alone in the game's own words (events.ftl, lifecycle.ftl, verify-won, verify-bounced),
## quoted, or a name or a number as each message says. Seats count from 1.

# $detail: what the JSON reader says is wrong (in English).
verify-not-a-record = { $file } is not a game record (GET /api/tables/ID/record): { $detail }
# $format: the record's format version, a number; $known: the one this snakes reads.
verify-unknown-format = { $file } is a game record of format { $format }, and this snakes verify reads formats up to { $known }: a newer one reads it
# $outcome: how the game ended, as the game said it (table-finished or table-drawn); $events:
# how many events the record has; $commitment: the SHA-256 announced at the start, in hex.
# $game: the game's commitment announced at the start, in hex, or "none" when the start
# announced the key's (games started before a game had its own).
verify-ok = Table { $table }: verified. { $outcome } All { $events } events of the record are what the rules make of its seats and its dice, and all { $rolls } rolls, and who went first, come from the revealed key, whose SHA-256 is the commitment announced before the first roll ({ $commitment }). { $game ->
    [none] The start announced that same commitment, as games did before a game had its own: this record's table, board, rules, seats and players are not bound by it.
   *[other] The game's commitment announced at the start ({ $game }) binds that key to this record's table, board, rules, seats and players.
}
# The record does not verify: $problem is one of the verify- messages below.
verify-failed = snakes verify: table { $table }: { $problem }
# $algorithm: the dice's algorithm, as named in the record.
verify-not-committed = its dice ({ $algorithm }) were not committed to before the game: they cannot be verified
verify-not-over = its game is not over: the key is revealed when it ends
# $key: the key in the record.
verify-bad-key = the key “{ $key }” is not 64 hex digits
# $hashed and $commitment: SHA-256 sums, in hex.
verify-key-mismatch = the key does not match the commitment: SHA-256 of the key is { $hashed }, the commitment announced was { $commitment }
# $what: board or rules (not translated: the record's field); $detail: why, in English.
verify-setup = the record's { $what } cannot be read: { $detail }
# $seats: the record's number of seats.
verify-seats = the record's table has { $seats } seats; a table has 2 to 4
# $after: the number of the event before it (0: none); $expected: the number that follows.
verify-numbering = { $after ->
    [0] the record's first event is numbered { $seq }, not 1: events are numbered 1, 2, 3, … with none missing or repeated
   *[other] event { $after } is followed by one numbered { $seq }, not { $expected }: events are numbered 1, 2, 3, … with none missing or repeated
}
verify-untyped-event = event { $seq } has no type
# $type: the event's type, as the record gives it (not translated).
verify-unknown-event = event { $seq } is of the type “{ $type }”, which no event of a game record has
# $detail: what the JSON reader says is wrong (in English).
verify-unreadable-event = event { $seq } ({ $type }) cannot be read: { $detail }
# $field: the field's name, as the record gives it.
verify-unknown-field = event { $seq } ({ $type }) has a field “{ $field }” that no such event has
# A move, or the end of the game, that is not what the dice and the rules make of the game so far.
verify-differs = event { $seq }: the record says “{ $logged }”, the dice and the rules give “{ $expected }”
# The same, when the two events read alike (the game's sentence leaves the field out): $said is
# that sentence, $field the field's name in the record (not translated), $logged and $expected
# its values.
verify-differs-field = event { $seq } (“{ $said }”): its { $field } is { $logged } in the record, { $expected } by the dice and the rules
# A roll that is not the dice's. $number: which roll, from 1.
verify-roll = roll { $number } (event { $seq }): the record says “{ $logged }”, the dice give “{ $expected }”
# An event of the seating that is not what the seats make of it.
verify-seating = event { $seq }: the record says “{ $logged }”, the seats give “{ $expected }”
# An event the server never writes at that point. $when: waiting (the game has not started),
# playing, over (the game has ended) or closed (the table was closed).
verify-not-now = event { $seq }: the record says “{ $logged }”, which the server never writes { $when ->
    [waiting] before the game starts
    [playing] during the game
    [closed] once the table is closed
   *[over] once the game is over
}
verify-creator = event { $seq }: the record says “{ $logged }”, but a table begins with its creator taking seat 1
# $seat: the seat the event names; $seats: how many the table has.
verify-no-seat = event { $seq }: the record says “{ $logged }”, but the table has no seat { $seat }: it has { $seats }
# $name: who sits in $seat.
verify-seat-taken = event { $seq }: the record says “{ $logged }”, but { $name } sits in seat { $seat }
verify-seat-empty = event { $seq }: the record says “{ $logged }”, but nobody sits in seat { $seat }
# $name: the player or seat's occupant the event is about.
verify-a-bot = event { $seq }: the record says “{ $logged }”, but { $name } is a bot
verify-not-a-bot = event { $seq }: the record says “{ $logged }”, but { $name } is not a bot
verify-no-host = event { $seq }: the record says “{ $logged }”, but no person sits at the table to ask for it
# $detail: why the server refuses the name (a detail-name- message of refusals.ftl).
verify-bad-name = event { $seq }: the record says “{ $logged }”, but the server refuses that name: { $detail }
# The start: $logged, the record's players, and $expected, the seats', each a list of
# verify-player.
verify-players = event { $seq }, the start: the record says the players are { $logged }, the seats hold { $expected }
# $bot: yes or no; $seat: the seat, from 1.
verify-player = { $bot ->
    [yes] { $name } (a bot, seat { $seat })
   *[no] { $name } (seat { $seat })
}
# $players: how many the start lists.
verify-too-few-players = event { $seq } starts a game of { $players ->
    [one] one player
   *[other] { $players } players
}; a game needs 2 to 4
verify-no-commitment = event { $seq }, the start: it announces no commitment to the dice
# $announced: the commitment in the event; $expected: the game's, from the record.
verify-commitment-changed = event { $seq }, the start: the commitment announced there ({ $announced }) is not SHA-256 of the revealed key with this record's table, board, rules, seats and players ({ $expected }): one of them is not the game's
# $logged: who the record says goes first; $drawn: who the dice draw.
verify-first-player = event { $seq }, the start: the record says { $logged } goes first, the dice draw { $drawn }
# $players: how many play.
verify-no-player = event { $seq }: the record says “{ $logged }”, but the game has { $players } players
verify-already-away = event { $seq }: the record says “{ $logged }”, but a bot already plays for { $name }
verify-not-away = event { $seq }: the record says “{ $logged }”, but { $name } was not away
# $name: the player whose turn it is.
verify-not-their-turn = event { $seq }: the record says “{ $logged }”, but it is { $name }'s turn
# $name: a person who still plays the game.
verify-person-plays = event { $seq }: the record says “{ $logged }”, but { $name } still plays
# The end of the game. $logged and $expected: the winners' names.
verify-winner = event { $seq }, the end: the record says { $logged } won, the dice and the rules give { $expected }
# $logged: the name the record gives the winner; $expected: the winner's.
verify-winner-name = event { $seq }, the end: the record names the winner “{ $logged }”, but the winner is { $expected }
# $logged and $expected: turns played, every player's together.
verify-turns = event { $seq }, the end: the record says { $logged ->
    [one] one turn was
   *[other] { $logged } turns were
} played, the dice and the rules give { $expected }
# $logged and $expected: rolls made, every player's together.
verify-rolls = event { $seq }, the end: the record says { $logged ->
    [one] one roll was
   *[other] { $logged } rolls were
} made, the dice and the rules give { $expected }
# $logged and $expected: each player's last square, a list of verify-square.
verify-squares = event { $seq }, the end: the record says the tokens ended { $logged }, the dice and the rules give { $expected }
verify-square = { $square ->
    [0] { $name } off the board
   *[other] { $name } on { $square }
}
verify-no-key = event { $seq }, the end: it reveals no key
# $revealed: the key in the event; $record: the record's.
verify-key-changed = event { $seq }, the end: the key revealed there ({ $revealed }) is not the record's ({ $record })
# The record stops before the game is over: $seq is its last event (0: it has none).
verify-cut = the record ends at event { $seq }, before the game is over: the dice and the rules give “{ $expected }” next
verify-not-started = { $seq ->
    [0] the record has no events
   *[other] the record ends at event { $seq }, before its game has started
}
# $logged: the record's status field; $expected: the status its events end in (not translated).
verify-status = the record's status is “{ $logged }”, but its events end with the game over (“{ $expected }”)
# A table a moderator closed: $expected is the status it was closed in.
verify-status-closed = the record's status is “{ $logged }”, but its events end with a moderator closing the table while it was “{ $expected }”
# An event that none of the checks above names but the table's state machine refuses.
# $detail: why, in English.
verify-does-not-follow = event { $seq }: the record says “{ $logged }”, which does not follow from the events before it ({ $detail })
# Two moves told alone, whose sentences in events.ftl leave out a square: the win (its square)
# and a bounce (where it started; 0 is off the board).
verify-won = { $name } reached { $square } and won.
verify-bounced = { $from ->
    [0] { $name } entered the board, reached { $last } and bounced back to { $to }.
   *[other] { $name } went on from { $from }, reached { $last } and bounced back to { $to }.
}

## The configuration of snakes serve (--config FILE, SNAKES_* variables, flags), its errors and
## --check-config. $key: a setting's name (max-tables); $value: the value given, quoted.
# One bad value: $where says where it came from (config-from-*), $problem what is wrong.
config-error = { $where }: { $problem }
config-from-default = default
# $file: the configuration file; $line: the line, from 1.
config-from-file = { $file }, line { $line }
# $var: the variable's name (SNAKES_RATE).
config-from-env = the environment variable { $var }
config-from-flag = the command line
config-unknown-key = there is no setting { $key } (the settings are the long options of snakes serve, without their dashes)
config-not-whole = { $key } must be a whole number, not { $value }
# $min: the least value allowed.
config-too-small = { $key } must be at least { $min }, not { $value }
# $max: the most allowed.
config-too-large = { $key } must be at most { $max }, not { $value }
config-not-positive = { $key } must be a number above 0, not { $value }
config-not-address = { $key } must be an address with its port, such as 127.0.0.1:8080, not { $value }
# $choices: the words allowed, separated by commas.
config-not-choice = { $key } must be one of { $choices }, not { $value }
config-not-network = { $key } must be an address or a network such as 10.0.0.0/8 (its bits after the prefix zero), not { $value }
config-not-origin = { $key } must be an origin as http://host[:port] or https://host[:port], not { $value }
config-not-public-url = { $key } must be an address as http://host[:port][/path] or https://host[:port][/path], without a slash at the end, not { $value }
config-empty = { $key } must name a file, not be empty
config-not-one = { $key } takes one value, not a list
config-not-value = { $key } must be a value, not a table
# $other: the setting that must come with $key (tls-cert and tls-key).
config-pair = { $key } is given without { $other }: HTTPS needs the certificate and its key
# $detail: the TOML reader's words.
config-syntax = the file is not TOML: { $detail }
# $detail: the system's words.
config-unreadable = cannot read the file: { $detail }

# snakes backup: $db the database, $file the copy, $bytes its size in bytes.
backup-done = snakes: { $db } copied to { $file } ({ $bytes } bytes)
backup-postgres = snakes backup copies a SQLite file; a PostgreSQL database is copied with its own tools, pg_dump or a base backup (docs/scale.md)

# snakes tables: the operator's look at the stored tables. $status a stored status (waiting,
# playing, finished, abandoned, quarantined); $id a table's id; $damage and $problem the stored
# reason, in English as the server logged it.
tables-status = { $status ->
    [waiting] waiting
    [playing] playing
    [finished] finished
    [abandoned] abandoned
   *[quarantined] quarantined
}
tables-col-id = table
tables-col-status = status
tables-col-seats = seats
tables-col-events = events
tables-col-made = made (UTC)
tables-col-why = why quarantined
tables-none = snakes: no table is { $statuses }.
tables-bad-status = --status { $status }: a status is one of { $statuses }
tables-show-table = table { $id }: { $status }, { $seats } seats, { $events } events, made { $made } UTC; board { $board }, rules { $rules }
tables-show-damage = quarantined because (as the server logged it): { $damage }
tables-show-whole = All of its log rebuilds.
tables-show-upto = Its first { $keep } events rebuild; after them: { $problem }
tables-show-nothing = Nothing of its log rebuilds: { $problem }
tables-show-last = Its last events, as stored:
tables-show-repair = To play it again with its first { $keep } events: snakes tables repair { $id } (add --dry-run to see first). To end it: snakes tables close { $id }.
tables-show-close = Only closing ends it: snakes tables close { $id }.
tables-repaired = snakes: table { $id } repaired: its first { $kept } events kept, { $dropped } dropped ({ $seqs }); it is { $status } again, and a server serves it as soon as someone opens it.
tables-would-repair = snakes: table { $id } would keep its first { $kept } events and drop { $dropped } ({ $seqs }); it would be { $status } again. Nothing was changed (--dry-run).
tables-closed = snakes: table { $id } closed: it is gone from the lobby, and its record is kept until --keep-finished-days deletes it.
tables-no-such = no table has the id { $id }
tables-not-quarantined = table { $id } is { $status }, not quarantined: only a quarantined table is repaired or closed
tables-unrepairable = table { $id } cannot be repaired, since nothing of its log rebuilds ({ $problem }): close it with snakes tables close { $id }

# snakes admin: the operator's moderators. $name a moderator's name as typed; $role a role as
# typed on the command line; $roles the roles there are, as they are typed (moderator); $max and
# $chars lengths in characters; $action what was done, as the log keeps it.
admin-granted = snakes: { $name } is a moderator. Here is the key, shown only this once: the server keeps only its hash and cannot show it again. { $name } types it on the page to act as a moderator. Granting again makes a new key, and this one stops working.
admin-revoked = snakes: { $name } is no longer a moderator; the key stops working.
admin-not-moderator = { $name } is not a moderator
admin-bad-role = { $role } is not a role that can be granted; the roles are: { $roles }
admin-name-empty = a moderator's name cannot be empty
admin-name-long = a name has at most { $max } characters, and this one has { $chars }
admin-none = snakes: there are no moderators. To grant one: snakes admin grant NAME moderator
admin-col-name = moderator
admin-col-granted = granted (UTC)
admin-log-none = snakes: the moderation log is empty.
admin-col-when = when (UTC)
admin-col-by = by
admin-col-action = action
admin-col-whom = whom or what
admin-col-until = until (UTC)
admin-col-why = why
admin-action = { $action ->
    [silence] silenced
    [ban] banned
    [lift] lifted a sanction
    [remove] removed a message
    [close] closed a table
    [grant] granted moderator
    [revoke] revoked moderator
    [handle_report] handled a report
   *[other] { $action }
}

# snakes restore: $copy the copy, $db the database, $tables how many tables the copy holds,
# $kept where the database of before went.
restore-done = snakes: { $copy } restored as { $db } ({ $tables } tables); the database of before is kept as { $kept } (with its -wal and -shm files, if it had them)
restore-new = snakes: { $copy } restored as { $db } ({ $tables } tables)
restore-postgres = snakes restore puts back a SQLite file; a PostgreSQL database is restored with its own tools, pg_restore (docs/scale.md)

# snakes serve --check-config, after the options: what they name, tried once. $db the database
# (a PostgreSQL address without its password), $version and $supported schema versions, $at a
# database's host and port, $used and $tls yes or no.
serve-checked-tls = # checked: the certificate { $cert } and the key { $key } can be served
serve-checked-db-new = # checked: { $db } is not made yet; its directory can be written, and the server makes it at its first start
serve-checked-db-file = # checked: { $db } is a database of schema { $version } (this server's: { $supported }){ $used ->
    [yes] , in use by a running server
   *[no] {""}
}
serve-checked-db-postgres = # checked: { $db } answers at { $at }, schema { $version } (this server's: { $supported }), { $tls ->
    [yes] over TLS
   *[no] without TLS
}
serve-check-db-failed = the database { $db } cannot be used: { $detail }
