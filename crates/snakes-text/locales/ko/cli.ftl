## The snakes command's own lines, apart from the terminal game and the reports of analyze:
## errors and warnings, reading files, progress, solve, simulate, board, serve, snakes-bench.
## Words a program reads are not here: JSON keys, grids and layouts, rules written key=value,
## option names (--board) and values (bounce), which stay as they are in every language.
##
## Korean: 해요체 sentences; a file name, a typed value or an option is never followed by a
## particle that depends on its sound: it stands before a noun ("{ $value } 값은", "{ $name }
## 읽기 실패") or after a colon. Options keep their English names, and the particle after an
## option name is the one its English reading takes (--board로, --games는).

## Every error and warning on standard error. $message is one of the sentences below (or a
## system's own words, such as an error writing to a file).
cli-error = 오류: { $message }
cli-warning = 경고: { $message }

## Reading and writing files. $name is a file as it was given, or input-standard-input. $reason
## says what went wrong: not-found, denied, directory, or other, with $detail the system's words.

file-cannot-read = { $name } 읽기 실패: { $reason ->
    [not-found] 그런 파일이 없어요
    [no-folder] { $detail } 폴더가 없어요
    [denied] 권한이 없어요
    [directory] 디렉터리예요
   *[other] { $detail }
}
file-cannot-write = { $name } 쓰기 실패: { $reason ->
    [not-found] 그런 파일이 없어요
    [no-folder] { $detail } 폴더가 없어요
    [denied] 권한이 없어요
    [directory] 디렉터리예요
   *[other] { $detail }
}
input-standard-input = 표준 입력
input-no-board-file = { $name } 읽기 실패: 그런 파일이 없어요(게임판은 `classic`이거나 격자 또는 배치 파일의 경로예요)
# $mib: the largest input read, in mebibytes.
input-too-large = { $name }: { $mib }MiB보다 커요. 그렇게 큰 게임판은 없어요
# $byte: where the text stops being UTF-8, counting from 1.
input-not-utf8 = { $name }: UTF-8 텍스트가 아니에요({ $byte }번째 바이트부터). 격자나 배치를 주세요
input-reading-board = 표준 입력에서 게임판을 읽어요. 끝내려면 Ctrl-D를 누르세요.
# What is wrong with the board in the file $file.
# same-as-en
input-in-file = { $file }: { $message }
input-empty = 입력이 비어 있어요. LeetCode 격자나 배치가 필요해요
# $flag: how the board was given (--board).
input-stdin-is-keys = { $flag } -: 표준 입력으로는 게임 키를 받으니, 게임판은 파일로 주세요
input-the-board = 게임판
input-bad-rules = 규칙: { $message }

## Progress lines on standard error, redrawn while a long run goes on (at a terminal, past a
## second). $shape: start (nothing counted yet), count ($done so far, no total known), share
## ($done of $total) or counted ($done so far, $percent of the input read). $percent: the share
## done, 0 to 100.

progress-simulate = 시뮬레이션 중: { $percent }% (게임 { $total }판 중 { $done }판)
progress-random-boards = 무작위 게임판: { $percent }% ({ $total }개 중 { $done }개)
progress-solve-lines = 푸는 중: { $percent }% ({ $done }줄)
# The stages of snakes analyze. Solving counts iterations when the method iterates (no total
# known), squares when it eliminates.
progress-chain = 연쇄를 만들고 게임이 끝나는지 확인하는 중
progress-expected-turns = { $shape ->
    [start] 평균 턴 수를 푸는 중
    [count] 평균 턴 수를 푸는 중: { $done }회 반복
   *[share] 평균 턴 수를 푸는 중: { $percent }% ({ $total }칸 중 { $done }칸)
}
progress-expected-rolls = { $shape ->
    [start] 평균 굴림 수를 푸는 중
    [count] 평균 굴림 수를 푸는 중: { $done }회 반복
   *[share] 평균 굴림 수를 푸는 중: { $percent }% ({ $total }칸 중 { $done }칸)
}
progress-variance = { $shape ->
    [start] 분산을 푸는 중
    [count] 분산을 푸는 중: { $done }회 반복
   *[share] 분산을 푸는 중: { $percent }% ({ $total }칸 중 { $done }칸)
}
progress-distribution = { $shape ->
    [start] 턴 분포를 합산하는 중
   *[share] 턴 분포를 합산하는 중: { $percent }% ({ $total }턴 중 { $done }턴)
}
# The race of several players: steps of a chain over every token's square (no total known), or
# games of a simulation.
progress-race = { $shape ->
    [start] 대결을 계산하는 중
    [count] 대결을 계산하는 중: { $done }단계
   *[share] 대결을 시뮬레이션하는 중: { $percent }% (게임 { $total }판 중 { $done }판)
}
progress-exact = { $shape ->
    [start] 정확한 분수를 계산하는 중
   *[share] 정확한 분수를 계산하는 중: { $percent }% ({ $total }칸 중 { $done }칸)
}

## Figures in tables and lines: $value is a number the catalogue writes (its decimals decided by
## the command).
# same-as-en
figure = { $value }
# same-as-en
percent = { $value }%
# A figure with the half-width of its 95 % confidence interval.
# same-as-en
estimate = { $value } ± { $margin }
# The first decimals of an exact value, cut (not rounded): $whole is the whole part and
# $fraction the decimals, both as digits.
truncated = { $whole }.{ $fraction }... (잘림)

## Headings shared by the tables of analyze and simulate.
table-seat = 자리
table-chance-to-win = 이길 확률

## Options every measuring command checks.
cli-no-board = --board로 게임판을 주세요
cli-no-games = --games는 2 이상이어야 해요. 게임 한 판으로는 신뢰구간을 낼 수 없어요
# A count typed for an option that is not a whole number in its range: $value as typed,
# quoted; $min and $max the range.
cli-not-a-whole-number = { $value } 값은 { $min }부터 { $max }까지의 정수가 아니에요

## snakes simulate. $unit: turns (one player: each player's turns) or rounds (several players:
## a turn of every seat). $secs: the time the simulation took, in seconds.

simulate-rules = 규칙: { $rules }
simulate-summary = 플레이어 { $players }명 게임 { $games }판, 시드 { $seed }, 스레드 { $threads }개 ({ $secs }초). ±는 95% 신뢰구간 너비의 절반이에요.
simulate-expected = { $unit ->
    [rounds] 평균 라운드 수
   *[turns] 평균 턴 수
}
simulate-total-turns = 평균 턴 수, 모든 플레이어
simulate-total-rolls = 평균 굴림 수, 모든 플레이어
simulate-rolls = 평균 굴림 수
# One quantile: by $turns turns (or rounds), $level percent of the games had ended. $list:
# these, joined by list-separator.
# same-as-en
simulate-quantile = { $level }%: { $turns }
simulate-quantiles = { $unit ->
    [rounds] 라운드 분위수: { $list }
   *[turns] 턴 분위수: { $list }
}
# --threads: $value as typed, quoted; $max: the most threads; $cores: the machine's cores.
simulate-threads-not-a-number = { $value } 값은 스레드 수가 아니에요
simulate-no-threads = 시뮬레이션에는 스레드가 1개 이상 필요해요
# --budget: simulating $games games (as typed) would take about $estimate (a duration), more
# than $budget; $fits games fit in it.
simulate-over-budget = 게임 { $games }판을 시뮬레이션하려면 약 { $estimate } 걸려서 시간 한도({ $budget })를 넘어요. --games { $fits } 옵션을 주거나(시간 한도와 비슷하게 걸려요) 제한 없이 하려면 --budget 0을 주세요
simulate-too-many-threads = 스레드는 최대 { $max }개예요(이 컴퓨터의 코어는 { $cores }개예요. 코어보다 많은 스레드는 차례를 기다릴 뿐이에요)

## snakes solve. $what: grid (one grid is read) or lines (one grid per line).

solve-reading = { $what ->
    [lines] 표준 입력에서 한 줄에 하나씩 격자를 읽어요. 끝내려면 Ctrl-D를 누르세요.
   *[grid] 표준 입력에서 [[-1,-1],[-1,3]] 같은 격자를 읽어요. 끝내려면 Ctrl-D를 누르세요.
}
solve-unreachable = 주사위를 어떻게 굴려도 출발점에서 { $last }번 칸에 갈 수 없어요.
# One roll of the fewest: its $number in the path, the $roll chosen, and its $steps (the
# solve-step messages below, joined by list-separator). Steps are short phrases, as the brief
# announcements of the game (events.ftl).
solve-path-roll = { $number }. 주사위 { $roll }: { $steps }
solve-step-entered = { $to }번 칸으로 출발
# same-as-en
solve-step-moved = { $from } -> { $to }
# A roll past the last square that counts back down: it turned on square $turned.
solve-step-bounced = { $from } -> { $turned }, 되돌아와 { $to }
# $why: need-six (a token off the board rolled another face) or overshoot (the roll would pass
# $last, the last square, under the exact ending).
solve-step-stayed = { $why ->
    [need-six] { $at }에 그대로: 출발하려면 6이 나와야 함
   *[overshoot] { $at }에 그대로: { $last }번 칸을 넘어감
}
solve-step-climbed = 사다리 타고 { $to }
solve-step-slid = 뱀 타고 { $to }
# solve --jsonl: what is wrong with line $line of the input.
solve-line-error = { $line }번째 줄: { $message }
solve-line-error-at = { $line }번째 줄 { $column }번째 글자: { $message }
solve-line-cannot-read = { $line }번째 줄 읽기 실패: { $detail }
solve-line-too-long = 줄이 { $mib }MiB보다 길어요. 그렇게 긴 격자는 없어요
solve-line-not-utf8 = 줄이 UTF-8 텍스트가 아니에요
solve-line-empty = 줄이 비어 있어요. 한 줄에 격자 하나를 써야 해요

## snakes board. The verdict of board check is the line on standard output: $warnings is how
## many warnings were written on standard error.

board-check-ok = { $warnings ->
    [0] 이상 없음
   *[other] 이상 없음, 경고 { $warnings }개
}
board-check-unplayable = 플레이할 수 없음
board-convert-not-square = LeetCode 격자는 정사각형인데 이 게임판은 { $rows }행 { $cols }열이에요. 배치로 쓰세요(--to json 또는 --to toml)
# What keeps a grid snakes reads from being one LeetCode 909 accepts.
board-grid-jump-on-one = 1번 칸에 1-{ $to } 사다리나 뱀이 있어요. snakes는 이 격자를 읽지만 LeetCode 909는 읽지 않아요(1번 칸과 n*n번 칸에는 사다리나 뱀이 없어야 해요)
board-grid-size = { $size }행 { $size }열 격자: snakes는 읽지만, LeetCode 909는 2행 2열부터 20행 20열까지만 받아요
board-random-no-size = 게임판 크기를 주세요: --size N, 또는 --rows R과 --cols C
board-random-grid-not-square = LeetCode 격자는 정사각형이에요. --format grid와 함께 --size N을 주세요(또는 배치로 쓰세요)
board-random-count-needs-grid = --count는 한 줄에 격자 하나씩 써요. --format grid를 더하세요
board-random-seed-error = 시드 { $seed }: { $message }

## snakes-bench: the load benchmark of snakes serve.

bench-no-binary = { $path }에 snakes 실행 파일이 없어요. `cargo build --release`로 빌드하거나 --server로 지정해 주세요
bench-cannot-start = 서버를 시작할 수 없어요
bench-no-output = 서버 출력이 없어요
bench-no-address = 서버 주소를 읽을 수 없어요
# $line: the server's first line, quoted.
bench-not-an-address = 서버가 주소 대신 이렇게 말했어요: { $line }
# The progress line while a pass plays: $done of $total games are over.
bench-progress = 방 { $tables }개: 게임 { $total }판 중 { $done }판 끝남
# $message: what the load generator says went wrong.
bench-failed = 방 { $tables }개 벤치마크: { $message }
bench-players = --players는 2에서 4 사이여야 해요(받은 값: { $players })
# snakes-bench --abuse: $attack is the name of an attack (not translated), $attacks a list of
# them; $outcome is what the load generator says the attack came to.
bench-unknown-attack = --attack { $attack }: 공격은 다음 중 하나예요: { $attacks }
bench-attack-running = { $attack }: { $secs }초
# same-as-en
bench-attack-failed = { $attack }: { $message }
# same-as-en
bench-attack-outcome = { $attack }: { $outcome }
bench-attack-before = { $attack }, 이전({ $binary }): { $outcome }
bench-attack-newcomers = 새로 온 사람: { $tried }명 중 { $played }명이 방을 만들고 게임했어요({ $what })
bench-attack-store = 저장소: 미리 쓰기 로그가 가장 클 때 { $wal } MiB였어요
bench-attack-store-restart = 저장소: 미리 쓰기 로그가 가장 클 때 { $wal } MiB였고, SIGKILL로 끈 서버가 { $secs }초 뒤에 다시 연결을 받았어요
# What the normal players saw during an attack: latencies in milliseconds, the server's peak
# memory in MiB and its CPU time in seconds.
bench-attack-players = 일반 플레이어: 굴림 { $rolls }회, p50 { $p50 } ms, p99 { $p99 } ms, 최대 { $max } ms, 거부 { $refused }회. 서버 최대 메모리 { $peak } MiB, CPU { $cpu }초
bench-attack-slow = snakes-bench: 공격 중에 일반 플레이어의 p99가 { $ms } ms에 이르렀어요(또는 굴리지 못했어요): { $attacks }
bench-no-tables = --tables는 1 이상이어야 해요
# The headings of the table of results, one per column: tables played at once, WebSocket
# connections, the players' thinking time, games finished, rolls, rolls per second, the
# latency from a roll to its broadcast (median, 99th percentile, most), the server's peak
# memory, the CPU time it used, and the requests it refused.
bench-tables = 방
bench-sockets = 소켓
bench-think = 생각 ms
bench-games = 게임
bench-rolls = 굴림
bench-rolls-per-sec = 굴림/초
# same-as-en
bench-p50 = p50 ms
# same-as-en
bench-p99 = p99 ms
bench-max = 최대 ms
bench-peak = 최대 MiB
bench-cpu = CPU 초
bench-refused = 거부
# snakes-bench --members: what member accounts cost the server. Each section's title, then
# the headings of its table, one per column. $set: Argon2id parameters, as "m=19456 t=2 p=1"
# (not translated).
bench-members-hashes = Argon2id, 스레드 하나에서 해시를 하나씩:
bench-members-servers = { $set } (서버의 설정)
bench-members-parameters = 매개변수
bench-members-mib = 해시당 MiB
bench-members-hashes-count = 해시 수
bench-members-ms = 해시당 ms
bench-members-ms-min = 가장 빠른 ms
bench-members-per-core = 코어당 해시/초
# Sign-ins to a server, $clients at once for $secs seconds, one server for each set of
# parameters, its members' passwords hashed at that set.
bench-members-sign-ins = SQLite를 쓰는 서버에 로그인, 동시에 { $clients }개씩 { $secs }초 동안, 회원의 비밀번호는 매개변수마다 그 설정으로 해시했어요:
bench-members-signed-in = 로그인 수
bench-members-per-sec = 로그인/초
bench-members-rss-before = 시작 전 MiB
bench-members-answers = 응답
bench-members-threads = 스레드
# One sign-in at a time, $tries of each kind: the medians in milliseconds of the right
# password, a wrong password and a name nobody has; $first: the first try with a name nobody
# has after the server started.
bench-members-one-at-a-time = 서버의 매개변수로 로그인을 하나씩(종류마다 { $tries }번), 중앙값: 맞는 비밀번호 { $right } ms, 틀린 비밀번호 { $password } ms, 아무도 쓰지 않는 이름 { $name } ms (서버 시작 후 첫 번째: { $first } ms)
# A server whose store holds $count members, and one whose store holds none.
bench-members-stores = 회원이 { $count }명인 서버와 회원이 없는 서버:
bench-members-store = 저장소
bench-members-count = 회원 수
bench-members-fill = 쓰기 초
bench-members-bytes = 저장 MiB
bench-members-free = 빈 이름 p50 / p99 ms
bench-members-held = 회원 이름 p50 / p99 ms
bench-members-sign-in = 로그인 p50 / p99 ms
bench-members-rss = 시작 / set_name 후 / 로그인 후 MiB
# --members with --db: the PostgreSQL database $url already holds $count members.
bench-members-db-not-empty = --members: 데이터베이스 { $url }에 이미 회원이 { $count }명 있어요. 회원이 없는 데이터베이스를 주세요(거기에 쓴 회원은 끝날 때 지워요)

## analyze --plot FILE: the chart's file.

plot-bad-name = 차트는 SVG나 PNG로 저장해요. 파일 이름을 .svg나 .png로 하세요
plot-wrote-svg = 차트를 { $file }에 저장했어요(SVG).
# $width and $height: the picture's size in pixels.
plot-wrote-png = 차트를 { $file }에 저장했어요(PNG, { $width } x { $height } 픽셀).
# Korean text needs a font with Hangul: the suggestion names one (Noto CJK).
plot-no-fonts = 차트의 글자를 그릴 수 없어요. 이 시스템에 글꼴이 없어요(Debian의 fonts-noto-cjk 같은 한글 글꼴을 설치하거나 .svg 파일로 저장하세요)
plot-too-big = { $width } x { $height } 픽셀 차트는 그릴 수 없어요
# This snakes was built without the png feature.
plot-png-not-built = 이 snakes는 PNG 차트를 그리지 않아요(png 기능 없이 빌드했어요). 차트를 .svg로 저장하거나, PNG 차트가 되는 snakes를 설치하세요: cargo install --locked --path crates/snakes-cli --features png
# $letters: the letters of the chart no font of the system has, spaced; $package: a Debian
# package with fonts that have them (fonts-noto-cjk, fonts-noto-core).
plot-missing-letters = 차트의 글자를 PNG로 그릴 수 없어요. 이 시스템에는 다음 글자가 있는 글꼴이 없어요: { $letters } (Debian의 { $package } 같은 글꼴을 설치하거나, 보는 프로그램이 자기 글꼴로 그리는 .svg 파일로 저장하세요)
# The distribution of turns was not followed at all, so no line can be drawn.
plot-nothing-to-draw = 차트를 저장하지 않았어요. 이 게임판에서는 시간 한도 안에 게임을 한 턴씩 따라가지 못했어요(위를 보세요)

## snakes serve. $url: the address to open in a browser; $db: the SQLite file.

serve-listening = snakes: { $url } 에서 서비스 중 (데이터베이스 { $db })
# Said at the start of `snakes serve --test-dice-seed`, after "warning: ". $seed: the seed.
serve-test-dice = 테스트용으로 주사위에 시드를 정했어요 (--test-dice-seed { $seed }): 시드를 아는 사람은 모든 굴림을 미리 알아요. 실제 게임에는 절대 쓰지 마세요
serve-open-files = --max-connections { $connections }에 서버 자체 파일 { $reserved }개를 더하면 열린 파일이 { $needed }개 필요하지만, 이 프로세스는 { $limit }개까지만 열 수 있어요(열린 파일의 하드 제한, RLIMIT_NOFILE). --max-connections를 { $fits }(으)로 낮추거나 제한을 올리세요(ulimit -Hn, 또는 systemd 유닛의 LimitNOFILE=)
# $detail: the system's words.
serve-address-in-use = { $address } 주소에서 연결을 받을 수 없어요: { $detail }

## snakes help COMMAND: $name is the command asked about (snakes board), $command the word
## that is no command of it, quoted, and $commands its commands.
help-no-command = `{ $name }`에는 { $command } 명령이 없어요. 명령 목록: { $commands }

## A value on the command line that the command refuses: $value as typed, $arg the option it
## was given to (--budget <SECONDS>), $message why. The hint follows, after an empty line.
cli-invalid-value = 잘못된 값 '{ $value }' ('{ $arg }' 옵션): { $message }
cli-more-information = 자세한 내용은 '--help'를 실행해 보세요.

## --lang names a language without messages.
cli-unknown-language = { $option }: { $lang } 언어의 메시지는 없어요. 있는 언어: { $languages }
# same-as-en
language-item = { $tag } ({ $name })

## snakes verify. A table is 방; the dice commitment is 봉인값 (ui-dice-commitment); an event
## of the record is "{ $seq }번 이벤트". What the record says and
## what the replay gives follow "기록:" and "주사위와 규칙:" (or "자리:"), each a quoted sentence of
## the game, a name with 님 or a number with its counter; a quoted sentence is followed by
## 라고, the one particle that reads the same after any sentence.

verify-not-a-record = { $file } 파일은 게임 기록이 아니에요(GET /api/tables/ID/record): { $detail }
verify-unknown-format = { $file } 파일은 형식 { $format }의 게임 기록이에요. 이 snakes verify는 형식 { $known }까지만 읽을 수 있어요. 더 새로운 버전으로 확인하세요
verify-ok = { $table }번 방: 검증했어요. { $outcome } 기록의 이벤트 { $events }개가 모두 자리와 주사위에 규칙을 적용한 결과와 같고, 굴림 { $rolls }회와 첫 차례가 모두 공개된 키에서 나왔어요. 그 키의 SHA-256은 첫 굴림 전에 알린 봉인값이에요({ $commitment }). { $game ->
    [none] 게임 시작 때도 같은 봉인값을 알렸어요. 게임마다 봉인값이 따로 생기기 전의 게임이라서, 이 기록의 방, 판, 규칙, 자리, 플레이어는 봉인값으로 묶여 있지 않아요.
   *[other] 게임 시작 때 알린 게임 봉인값({ $game })이 그 키를 이 기록의 방, 판, 규칙, 자리, 플레이어와 묶어요.
}
verify-failed = snakes verify: { $table }번 방: { $problem }
verify-not-committed = 이 방의 주사위({ $algorithm })는 게임 전에 봉인되지 않아서 검증할 수 없어요
verify-not-over = 게임이 아직 끝나지 않았어요. 키는 게임이 끝나면 공개돼요
verify-bad-key = 키 “{ $key }” 값은 16진수 64자리가 아니에요
verify-key-mismatch = 키가 봉인값과 맞지 않아요. 키의 SHA-256: { $hashed }, 알린 봉인값: { $commitment }
verify-setup = 기록의 { $what } 항목을 읽을 수 없어요: { $detail }
verify-seats = 기록의 방은 자리가 { $seats }개예요. 방의 자리는 2개에서 4개까지예요
verify-numbering = { $after ->
    [0] 기록의 첫 이벤트 번호가 1번이 아니라 { $seq }번이에요. 이벤트 번호는 빠지거나 겹치는 것 없이 1, 2, 3, … 순서여야 해요
   *[other] { $after }번 이벤트 다음 이벤트의 번호가 { $expected }번이 아니라 { $seq }번이에요. 이벤트 번호는 빠지거나 겹치는 것 없이 1, 2, 3, … 순서여야 해요
}
verify-untyped-event = { $seq }번 이벤트에 종류가 없어요
verify-unknown-event = { $seq }번 이벤트는 게임 기록에 없는 종류예요: “{ $type }”
verify-unreadable-event = { $seq }번 이벤트({ $type })를 읽을 수 없어요: { $detail }
verify-unknown-field = { $seq }번 이벤트({ $type })에 이 종류의 이벤트에는 없는 항목이 있어요: “{ $field }”
verify-differs = { $seq }번 이벤트가 달라요. 기록: “{ $logged }”, 주사위와 규칙: “{ $expected }”
verify-differs-field = { $seq }번 이벤트(“{ $said }”)의 { $field } 항목 값이 달라요. 기록: { $logged }, 주사위와 규칙: { $expected }
verify-roll = { $number }번째 굴림({ $seq }번 이벤트)이 달라요. 기록: “{ $logged }”, 주사위: “{ $expected }”
verify-seating = { $seq }번 이벤트가 달라요. 기록: “{ $logged }”, 자리: “{ $expected }”
verify-not-now = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 서버는 { $when ->
    [waiting] 게임 시작 전에
    [playing] 게임 중에
    [closed] 방이 닫힌 뒤에
   *[over] 게임이 끝난 뒤에
} 이런 이벤트를 쓰지 않아요
verify-creator = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 방은 만든 사람이 1번 자리에 앉는 것으로 시작해요
verify-no-seat = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 이 방에는 { $seat }번 자리가 없어요(자리 { $seats }개)
verify-seat-taken = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, { $seat }번 자리에는 { $name } 님이 앉아 있어요
verify-seat-empty = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, { $seat }번 자리는 비어 있어요
verify-a-bot = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, { $name } 님은 봇이에요
verify-not-a-bot = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, { $name } 님은 봇이 아니에요
verify-no-host = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 방에 그렇게 요청할 수 있는 사람이 없어요
verify-bad-name = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 서버가 받지 않는 이름이에요. { $detail }
verify-players = { $seq }번 이벤트(게임 시작)의 플레이어가 자리와 달라요. 기록: { $logged }, 자리: { $expected }
verify-player = { $bot ->
    [yes] { $name }(봇, { $seat }번 자리)
   *[no] { $name }({ $seat }번 자리)
}
verify-too-few-players = { $seq }번 이벤트는 { $players }명으로 게임을 시작해요. 게임은 2명에서 4명까지 할 수 있어요
verify-no-commitment = { $seq }번 이벤트(게임 시작)에 주사위 봉인값이 없어요
verify-commitment-changed = { $seq }번 이벤트(게임 시작)에서 알린 봉인값({ $announced })이 공개된 키와 이 기록의 방, 판, 규칙, 자리, 플레이어로 계산한 SHA-256({ $expected })과 달라요. 이 중 하나가 실제 게임과 달라요
verify-first-player = { $seq }번 이벤트(게임 시작)의 첫 차례가 달라요. 기록: { $logged } 님, 주사위: { $drawn } 님
verify-no-player = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 이 게임의 플레이어는 { $players }명이에요
verify-already-away = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 이미 봇이 { $name } 님 대신 하고 있어요
verify-not-away = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, { $name } 님은 자리를 비운 상태가 아니었어요
verify-not-their-turn = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 지금은 { $name } 님 차례예요
verify-person-plays = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, { $name } 님이 아직 하고 있어요
verify-winner = { $seq }번 이벤트(게임 끝)의 우승자가 달라요. 기록: { $logged } 님, 주사위와 규칙: { $expected } 님
verify-winner-name = { $seq }번 이벤트(게임 끝)의 우승자 이름이 달라요. 기록: “{ $logged }”, 우승자: { $expected } 님
verify-turns = { $seq }번 이벤트(게임 끝)의 턴 수가 달라요. 기록: { $logged }턴, 주사위와 규칙: { $expected }턴
verify-rolls = { $seq }번 이벤트(게임 끝)의 굴림 수가 달라요. 기록: 굴림 { $logged }회, 주사위와 규칙: 굴림 { $expected }회
verify-squares = { $seq }번 이벤트(게임 끝)의 마지막 칸이 달라요. 기록: { $logged }, 주사위와 규칙: { $expected }
verify-square = { $square ->
    [0] { $name }: 출발 전
   *[other] { $name }: { $square }번 칸
}
verify-no-key = { $seq }번 이벤트(게임 끝)에 공개한 키가 없어요
verify-key-changed = { $seq }번 이벤트(게임 끝)에서 공개한 키({ $revealed })가 기록의 키({ $record })와 달라요
verify-cut = 기록이 게임이 끝나기 전인 { $seq }번 이벤트에서 끝나요. 주사위와 규칙으로 다음 이벤트: “{ $expected }”
verify-not-started = { $seq ->
    [0] 기록에 이벤트가 하나도 없어요
   *[other] 기록이 게임 시작 전인 { $seq }번 이벤트에서 끝나요
}
verify-status = 기록의 상태는 “{ $logged }”인데, 이벤트는 게임이 끝난 상태(“{ $expected }”)로 끝나요
verify-status-closed = 기록의 상태는 “{ $logged }”인데, 이벤트는 운영자가 “{ $expected }” 상태의 방을 닫으면서 끝나요
verify-does-not-follow = { $seq }번 이벤트: 기록에는 “{ $logged }”라고 되어 있지만, 앞의 이벤트와 이어지지 않아요({ $detail })
verify-won = { $name } 님이 { $square }번 칸에 도착해 우승했어요.
verify-bounced = { $from ->
    [0] { $name } 님은 출발해서 { $last }번 칸까지 갔다가 { $to }번 칸으로 되돌아왔어요.
   *[other] { $name } 님은 { $from }번 칸에서 { $last }번 칸까지 갔다가 { $to }번 칸으로 되돌아왔어요.
}

## snakes serve의 설정(--config 파일, SNAKES_* 변수, 옵션), 그 오류와 --check-config.
## $key: 설정 이름(max-tables), $value: 주어진 값(따옴표 안).
# same-as-en
config-error = { $where }: { $problem }
config-from-default = 기본값
config-from-file = { $file }, { $line }번째 줄
config-from-env = 환경 변수 { $var }
config-from-flag = 명령줄
config-unknown-key = { $key } 설정은 없어요 (설정 이름은 snakes serve의 긴 옵션에서 대시를 뺀 것이에요)
config-not-whole = { $key } 값은 정수여야 해요. { $value } 값은 안 돼요
config-too-small = { $key } 값은 { $min } 이상이어야 해요. { $value } 값은 안 돼요
config-too-large = { $key } 값은 { $max } 이하여야 해요. { $value } 값은 안 돼요
config-not-positive = { $key } 값은 0보다 큰 수여야 해요. { $value } 값은 안 돼요
config-not-address = { $key } 값은 127.0.0.1:8080처럼 포트가 있는 주소여야 해요. { $value } 값은 안 돼요
config-not-choice = { $key } 값은 { $choices } 중 하나여야 해요. { $value } 값은 안 돼요
config-not-network = { $key } 값은 주소나 10.0.0.0/8 같은 네트워크여야 해요(접두사 뒤의 비트는 0). { $value } 값은 안 돼요
config-not-origin = { $key } 값은 http://host[:port]나 https://host[:port] 형식의 출처여야 해요. { $value } 값은 안 돼요
config-not-public-url = { $key } 값은 끝에 슬래시 없이 http://host[:port][/path]나 https://host[:port][/path] 형식의 주소여야 해요. { $value } 값은 안 돼요
config-empty = { $key } 값에는 파일 이름을 주세요. 비워 둘 수 없어요
config-not-one = { $key } 값은 하나만 받아요. 목록은 안 돼요
config-not-value = { $key } 값은 표가 아니라 값이어야 해요
config-pair = { $key } 값이 { $other } 값 없이 주어졌어요. HTTPS에는 인증서와 그 키가 모두 필요해요
config-syntax = 파일이 TOML이 아니에요: { $detail }
config-unreadable = 파일을 읽을 수 없어요: { $detail }

backup-done = snakes: { $db } 파일을 { $file } 파일로 복사했어요 ({ $bytes }바이트)
backup-postgres = snakes backup은 SQLite 파일을 복사해요. PostgreSQL 데이터베이스는 pg_dump나 베이스 백업 같은 PostgreSQL 자체 도구로 복사하세요 (docs/scale.md)

# snakes tables: 운영자가 저장된 테이블을 살펴보는 명령.
tables-status = { $status ->
    [waiting] 기다리는 중
    [playing] 게임 중
    [finished] 끝남
    [abandoned] 버려짐
   *[quarantined] 격리됨
}
tables-col-id = 테이블
tables-col-status = 상태
tables-col-seats = 자리
tables-col-events = 이벤트
tables-col-made = 만든 때(UTC)
tables-col-why = 격리된 이유
tables-none = snakes: { $statuses } 상태인 테이블이 없어요.
tables-bad-status = --status { $status }: 상태는 { $statuses } 중 하나예요
tables-show-table = 테이블 { $id }: { $status }, 자리 { $seats }개, 이벤트 { $events }개, { $made } UTC에 만듦. 보드 { $board }, 규칙 { $rules }
tables-show-damage = 격리된 이유(서버 로그 그대로): { $damage }
tables-show-whole = 기록 전체를 다시 만들 수 있어요.
tables-show-upto = 처음 { $keep }개의 이벤트는 다시 만들 수 있어요. 그다음: { $problem }
tables-show-nothing = 기록을 전혀 다시 만들 수 없어요: { $problem }
tables-show-last = 저장된 마지막 이벤트:
tables-show-repair = 처음 { $keep }개의 이벤트로 다시 게임하려면: snakes tables repair { $id } (먼저 보려면 --dry-run을 붙이세요). 끝내려면: snakes tables close { $id }.
tables-show-close = 닫을 수만 있어요: snakes tables close { $id }.
tables-repaired = snakes: 테이블 { $id }를 고쳤어요. 처음 { $kept }개의 이벤트를 남기고 { $dropped }개를 버렸어요({ $seqs }). 다시 { $status } 상태이고, 누군가 열면 바로 서버가 맡아요.
tables-would-repair = snakes: 테이블 { $id }는 처음 { $kept }개의 이벤트를 남기고 { $dropped }개를 버리게 돼요({ $seqs }). 다시 { $status } 상태가 돼요. 아무것도 바꾸지 않았어요(--dry-run).
tables-closed = snakes: 테이블 { $id }를 닫았어요. 로비에서 사라졌고, 기록은 --keep-finished-days가 지울 때까지 남아요.
tables-no-such = id가 { $id }인 테이블이 없어요
tables-not-quarantined = 테이블 { $id }는 격리된 상태가 아니라 { $status } 상태예요. 격리된 테이블만 고치거나 닫을 수 있어요
tables-unrepairable = 테이블 { $id }는 기록을 전혀 다시 만들 수 없어서 고칠 수 없어요({ $problem }). snakes tables close { $id }로 닫으세요

# snakes admin: 모더레이터. $name 입력한 그대로의 이름, $role 입력한 역할, $roles 있는 역할(입력하는 그대로:
# moderator), $max와 $chars 글자 수, $action 기록에 저장된 조치.
admin-granted = snakes: { $name } 님을 모더레이터로 지정했어요. 아래 키는 지금 한 번만 보여 줘요. 서버는 키의 해시만 저장해서 다시 보여 줄 수 없어요. { $name } 님이 페이지에서 이 키를 입력하면 모더레이터로 활동할 수 있어요. 다시 지정하면 새 키가 만들어지고, 이 키는 더 이상 쓸 수 없어요.
admin-revoked = snakes: { $name } 님은 이제 모더레이터가 아니에요. 키도 더 이상 쓸 수 없어요.
admin-not-moderator = { $name } 님은 모더레이터가 아니에요
admin-bad-role = 지정할 수 없는 역할이에요: { $role }. 다음 중 하나를 고르세요: { $roles }
admin-name-empty = 모더레이터 이름은 비워 둘 수 없어요
admin-name-long = 이름은 최대 { $max }자인데, 이 이름은 { $chars }자예요
admin-none = snakes: 모더레이터가 없어요. 지정하려면: snakes admin grant 이름 moderator
admin-col-name = 모더레이터
admin-col-granted = 지정한 때(UTC)
admin-log-none = snakes: 모더레이션 기록이 비어 있어요.
admin-col-when = 시각(UTC)
admin-col-by = 한 사람
admin-col-action = 조치
admin-col-whom = 대상
admin-col-until = 끝나는 때(UTC)
admin-col-why = 이유
admin-action = { $action ->
    [silence] 채팅 금지
    [ban] 차단
    [lift] 제재 해제
    [remove] 메시지 삭제
    [close] 테이블 닫기
    [grant] 모더레이터 지정
    [revoke] 모더레이터 해제
    [handle_report] 신고 처리
   *[other] { $action }
}

# snakes restore: $copy 사본, $db 데이터베이스, $tables 사본에 든 테이블 수, $kept 이전 데이터베이스를 둔 곳.
restore-done = snakes: { $copy }를 { $db }로 복원했어요(테이블 { $tables }개). 이전 데이터베이스는 { $kept }로 남겨 두었어요(-wal, -shm 파일이 있었다면 함께)
restore-new = snakes: { $copy }를 { $db }로 복원했어요(테이블 { $tables }개)
restore-postgres = snakes restore는 SQLite 파일을 되돌려 놓아요. PostgreSQL 데이터베이스는 자체 도구인 pg_restore로 복원해요(docs/scale.md)

# snakes serve --check-config: 옵션 다음에, 옵션이 가리키는 것을 한 번 시험해 본 결과.
serve-checked-tls = # 확인함: 인증서 { $cert }와 키 { $key }로 서비스할 수 있어요
serve-checked-db-new = # 확인함: { $db }는 아직 없어요. 그 디렉터리에 쓸 수 있고, 서버가 처음 시작할 때 만들어요
serve-checked-db-file = # 확인함: { $db }는 스키마 { $version }의 데이터베이스예요(이 서버의 스키마: { $supported }){ $used ->
    [yes] . 실행 중인 서버가 쓰고 있어요
   *[no] {""}
}
serve-checked-db-postgres = # 확인함: { $db }가 { $at }에서 응답해요. 스키마 { $version }(이 서버의 스키마: { $supported }), { $tls ->
    [yes] TLS 사용
   *[no] TLS 없음
}
serve-check-db-failed = 데이터베이스 { $db }를 쓸 수 없어요: { $detail }
