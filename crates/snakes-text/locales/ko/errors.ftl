## What is wrong with a board, a set of rules or an analysis: the library's typed errors in
## words (snakes_text::errors). They follow "오류:" or a file name and a colon. Squares, rows and
## columns are numbers; rows and columns of a LeetCode grid count from 0, as in board[row][col].
## A value someone typed ($value, $key, $preset) arrives quoted, with any invisible character
## escaped ("\t"). Lists ($values, $keys, $presets) arrive written out with their commas (they
## are option names, which are not translated).
##
## Korean: a typed value or a list is never followed by a particle: it stands after a colon, or
## before a noun ("{ $value } 값은"). A ladder or snake in general (a jump) is "사다리나 뱀".

## A board that cannot be read. $format: grid, json or toml. $detail is what is wrong at that
## place: for a grid, one of the grid-* messages below; for a JSON or TOML layout, what its
## parser (serde_json, toml) says, in its own English words.
board-error-syntax = { $format ->
    [json] JSON 배치
    [toml] TOML 배치
   *[grid] 격자
}: { $line }번째 줄 { $column }번째 글자: { $detail }
# $detail: one of the layout-* messages below.
board-error-layout = 배치: { $detail }
# JSON 배치 텍스트의 문제("JSON 배치: L번째 줄, C번째 칸:" 뒤에).
layout-text-ends = 배치가 끝나기 전에 텍스트가 끝났어요(닫히지 않은 대괄호나 중괄호가 있어요)
layout-text-not-whole = { $value }은(는) 칸 수를 나타내는 정수가 아니에요
board-error-empty-grid = 격자에 행이 없어요
board-error-not-square = board[{ $row }]에는 { $cells }칸이 있지만, { $rows }행짜리 격자는 행마다 { $rows }칸이 있어야 해요
board-error-value-out-of-range = board[{ $row }][{ $col }]({ $square }번 칸)에 { $value } 값이 있어요. 칸에는 -1이나 1부터 { $last }까지의 칸 번호만 들어갈 수 있어요
# $max: the most squares a board may have.
board-error-bad-size = { $rows }행 { $cols }열 게임판은 쓸 수 없어요. 각 변은 1칸 이상, 게임판 전체는 최대 { $max }칸이어야 해요
# $end: start or end (of the jump $from-$to).
board-error-square-out-of-range = { $end ->
    [start] { $from }-{ $to } 사다리나 뱀의 시작이 { $square }번 칸에 있는데, 게임판에 없는 칸이에요(1번부터 { $last }번 칸까지)
   *[end] { $from }-{ $to } 사다리나 뱀의 끝이 { $square }번 칸에 있는데, 게임판에 없는 칸이에요(1번부터 { $last }번 칸까지)
}
board-error-jump-on-last = { $last }번 칸은 마지막 칸이라 사다리나 뱀을 둘 수 없어요({ $to }번 칸으로 가는 것이 있어요)
board-error-jump-to-itself = { $square }번 칸에 자기 칸으로 가는 사다리나 뱀이 있어요
board-error-two-jumps = { $square }번 칸에 사다리나 뱀이 두 개 있어요({ $square }-{ $first }, { $square }-{ $second }). 한 칸에는 하나만 둘 수 있어요
board-error-ladder-goes-down = { $from }-{ $to } 사다리가 아래로 내려가요. 뱀 목록에 넣거나 양 끝을 바꾸세요
board-error-snake-goes-up = { $from }-{ $to } 뱀이 위로 올라가요. 사다리 목록에 넣거나 양 끝을 바꾸세요
# A random board asked for more jumps than fit: $first to $highest are the squares that may hold
# one ($room is none when there is no such square).
board-error-too-many-jumps = { $room ->
    [none] 사다리와 뱀 { $jumps }개를 { $last }칸짜리 게임판에 놓을 수 없어요. { $placed }개만 들어가요(놓을 수 있는 칸이 없어요)
   *[some] 사다리와 뱀 { $jumps }개를 { $last }칸짜리 게임판에 놓을 수 없어요. { $placed }개만 들어가요({ $first }번부터 { $highest }번 칸까지, 한 칸에 하나씩, 순환 없이)
}
board-error-zero-span = 최대 길이 0으로는 사다리와 뱀 { $jumps }개를 놓을 수 없어요. 사다리나 뱀은 적어도 1칸을 이어요
# $path: the squares of the cycle, "5 -> 12 -> 5".
board-error-jump-cycle = 사다리와 뱀이 { $path } 순환을 이뤄서, 연속 타기에서는 말이 멈추지 않아요

## What the reader of a LeetCode grid found wrong ($detail of board-error-syntax). Rows and
## columns count from 0, as in board[row][col]. $found is the character found there, quoted
## ('x'), or grid-found-end. Korean: $found stands after a colon, or before a noun (글자).

grid-found-end = 입력의 끝
grid-open-grid = 격자를 여는 '['가 있어야 해요(찾은 것: { $found })
grid-open-row = board[{ $row }] 행을 여는 '['가 있어야 해요(찾은 것: { $found })
grid-after-row = board[{ $row }] 행 뒤에는 ',' 또는 ']'가 와야 해요(찾은 것: { $found })
grid-after-cell = board[{ $row }][{ $col }] 칸 뒤에는 ',' 또는 ']'가 와야 해요(찾은 것: { $found })
grid-not-a-number = board[{ $row }][{ $col }] 칸에는 숫자가 와야 해요(찾은 것: { $found })
grid-not-whole = board[{ $row }][{ $col }] 칸의 값이 정수가 아니에요. 칸에는 -1이나 칸 번호가 들어가요
grid-too-large = board[{ $row }][{ $col }] 칸의 값이 너무 커요
grid-after-end = 격자가 끝난 뒤에 { $found } 글자가 더 있어요

## What a well-formed layout file says that a layout cannot ($detail of board-error-layout). The
## keys `size`, `rows` and `cols` are written as in the file.

layout-no-size = 크기가 없어요. `size`(n x n 게임판)나 `rows`와 `cols`를 주세요
layout-rows-without-cols = `rows`만 있고 `cols`가 없어요. 둘 다 주거나 `size`를 주세요
layout-cols-without-rows = `cols`만 있고 `rows`가 없어요. 둘 다 주거나 `size`를 주세요
layout-size-and-sides = `size`와 `rows`·`cols` 가운데 한쪽만 주세요
# $key: size, rows or cols; $value: the negative number given.
layout-negative-side = `{ $key }` 값: { $value }. 게임판은 가로세로 모두 1칸 이상이어야 해요
layout-needs-serde = 배치 파일을 읽으려면 snakes 크레이트의 `serde` 기능이 필요해요

## Why a game cannot be set up. Players count from 0 here, as in the library.

# $max: the most players a game has.
setup-error-players = 게임은 1명에서 { $max }명까지 할 수 있어요. { $players }명은 안 돼요
# $highest: the last player's number.
setup-error-first-player = { $first }번 플레이어는 먼저 시작할 수 없어요. 플레이어 번호는 0번부터 { $highest }번까지예요

## Rules that cannot be read. $min and $max: the fewest and most faces of a die.

rules-error-unknown-value = { $key }에 알 수 없는 값이에요: { $value }. 다음 중 하나여야 해요: { $values }
rules-error-die-faces = 주사위 면 수는 { $min }부터 { $max }까지예요. { $faces }면은 안 돼요
rules-error-die-not-a-number = die: { $value } 값은 면 수({ $min }부터 { $max }까지)가 아니에요
rules-error-unknown-rule = 알 수 없는 규칙이에요: { $key }. 규칙 목록: { $keys }
rules-error-empty = 규칙이 없어요. ending=bounce 같은 옵션이나 프리셋을 주세요: { $presets }
rules-error-twice = { $key } 옵션이 두 번 나왔어요. 옵션은 한 번씩만 주세요
rules-error-preset-not-first = 프리셋 { $preset }: 다른 옵션보다 먼저 써야 해요
rules-error-unknown-preset = 알 수 없는 프리셋이에요: { $preset }. 프리셋 목록: { $presets }. 옵션은 key=value로 써요

## What checking a board under some rules notices. $kind: ladder or snake.

board-warning-unused-jump = { $kind ->
    [ladder] { $why ->
        [start] { $from }-{ $to } 사다리는 쓰이지 않아요. 말이 { $from }번 칸에서 출발하고, 그 칸에 도착하는 이동이 없어요
       *[rules] { $from }-{ $to } 사다리는 쓰이지 않아요. 이 규칙에서는 { $from }번 칸에 도착하는 이동이 없어요
    }
   *[snake] { $why ->
        [start] { $from }-{ $to } 뱀은 쓰이지 않아요. 말이 { $from }번 칸에서 출발하고, 그 칸에 도착하는 이동이 없어요
       *[rules] { $from }-{ $to } 뱀은 쓰이지 않아요. 이 규칙에서는 { $from }번 칸에 도착하는 이동이 없어요
    }
}
board-warning-last-unreachable = 출발점에서 { $last }번 칸에 갈 수 없어요. 이 게임판에서는 어떤 게임도 끝나지 않아요
board-warning-trap = 말이 { $square }번 칸에 갈 수 있는데, 거기서는 { $last }번 칸에 절대 갈 수 없어요. 게임이 끝나지 않을 수 있어요
board-warning-own-number = board[{ $row }][{ $col }]에 자기 칸 번호 { $square }번이 들어 있어요. { $square }번 칸에는 사다리나 뱀이 없어요(LeetCode가 읽는 대로)

## Why an analysis or a simulation cannot be made. $estimate and $budget are durations
## (duration, below); $part: solve, exact or race.

analysis-error-starts-on-last = 말이 마지막 칸인 { $last }번 칸에서 출발해요. 첫 굴림에 늘 이기니 측정할 것이 없어요
analysis-error-players = 플레이어 { $players }명: 게임은 1명에서 { $max }명까지 할 수 있어요
analysis-error-over-budget = { $part ->
    [exact] 평균 턴 수를 정확한 분수로 계산하는 데
    [race] 여러 플레이어의 대결을 계산하는 데
   *[solve] 평균 턴 수를 계산하는 데
} 이 게임판에서는 약 { $estimate } 걸려서 시간 한도({ $budget })를 넘어요. 시뮬레이션으로 더 빨리 추정하거나 시간을 더 주세요
# $gib: the memory needed, $limit: the memory allowed, in gibibytes.
analysis-error-too-large = 이 게임판을 측정하려면 메모리가 약 { $gib }GiB 필요해서, 분석 한도 { $limit }GiB를 넘어요. 시뮬레이션은 메모리가 훨씬 적게 들어요
# $residual: how far an equation is off, in scientific notation (2.5e-7).
analysis-error-no-convergence = 이 게임판에서는 허용된 시간 안에 평균 턴 수를 정확히 계산할 수 없어요. GMRES를 { $iterations }회 반복한 뒤에도 방정식이 { $residual }만큼 어긋나고, 소거법은 더 오래 걸려요. 대신 시뮬레이션으로 추정하세요
analysis-error-unknown-option = 비교할 수 없어요: { $key }. 다음 중 하나를 고르세요: { $keys }
analysis-error-no-games = 시뮬레이션할 게임이 1개 이상 있어야 해요
# $reason: the operating system's words.
analysis-error-threads = 스레드 { $wanted }개를 시작할 수 없어요(시스템이 { $started }개 뒤에 거부했어요: { $reason }). 더 적게 요청하세요

## A length of time: $value in $unit (seconds, minutes, hours or days), already rounded.

duration = { $unit ->
    [minutes] { $value }분
    [hours] { $value }시간
    [days] { $value }일
   *[seconds] { $value }초
}
