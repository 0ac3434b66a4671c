## snakes analyze: how long a game lasts on a board. The report speaks plainly: "on average",
## "half of games are over by turn 35"; the method, the accuracy and the margins of simulated
## figures are said only under --verbose. The one word for the mean is "average", in the report,
## the tables and the chart. Figures arrive written by the catalogue with the decimals the
## command chose. $board is analyze-board-classic or analyze-board-file; $rules and $variant are
## rules written key=value (not translated); $command is a whole command line (not translated).
## Korean: the report's sentences in 해요체, its labels as nouns; turns 턴, rolls 굴림,
## rounds 라운드, games 판 ("게임 100000판"); the average 평균; the time allowed (--budget)
## 시간 한도.

analyze-board-classic = 클래식 게임판
analyze-board-file = { $file } ({ $squares }칸)
analyze-board = 게임판: { $board }, 마지막 칸 { $last }
analyze-rules = 규칙: { $rules }
# What the figures count. $turn: one-roll (a turn is one roll), roll-again (six=roll-again: a
# turn holds every roll up to one that is not a six), compare-six (a comparison of the six rule).
analyze-counted = { $turn ->
    [roll-again] 플레이어 한 명만 두고 셌어요. 한 턴은 6이 아닌 눈이 나올 때까지의 모든 굴림이라 여러 번 굴릴 수 있어요.
    [compare-six] 플레이어 한 명만 두고 셌어요. 한 번 더 규칙에서는 한 턴이 6이 아닌 눈이 나올 때까지의 모든 굴림이에요.
   *[one-roll] 플레이어 한 명만 두고 셌어요. 한 턴에 한 번 굴려요.
}
# --verbose: how the figures were solved. $solver: elimination or gmres (an iterative method,
# which took $iterations iterations).
analyze-method = { $solver ->
    [gmres] 방법: 정확한 계산. 말 하나의 흡수 마르코프 연쇄를 앞으로 가는 이동으로 전처리한 GMRES로 풀었어요({ $iterations }회 반복).
   *[elimination] 방법: 정확한 계산. 말 하나의 흡수 마르코프 연쇄를 트랙을 따라 소거해서 풀었어요.
}
# --verbose: how well the answer satisfies its own equations: $relative and $absolute in
# scientific notation (4e-16).
analyze-checked = 검증: 모든 칸의 방정식이 제 값의 { $relative } 이내로 맞아서, 아래의 평균은 모두 오차가 제 값의 { $absolute } 이하예요.

## The length of a game in plain words. $average: the average number of turns (one decimal);
## $median and $p90: the turns by which half and nine in ten of games are over. $known: both
## (both are known), median (only $median is) or none (neither: the distribution was not
## followed far enough).
analyze-average = { $known ->
    [both] 게임은 평균 { $average }턴 걸려요. 게임의 절반은 { $median }턴까지, 10판 중 9판은 { $p90 }턴까지 끝나요.
    [median] 게임은 평균 { $average }턴 걸려요. 게임의 절반은 { $median }턴까지 끝나요.
   *[none] 게임은 평균 { $average }턴 걸려요.
}
# With six=roll-again: the rolls a game takes on average.
analyze-average-rolls = 6이 나오면 한 번 더 굴리니, 굴림으로는 평균 { $rolls }회예요.
# $fewest: the fewest turns in which a game can end; $mode: the commonest length, or unknown
# when the distribution was not followed far enough to be sure of it.
analyze-lengths = { $mode ->
    [unknown] 가장 빨리 끝나는 게임은 { $fewest }턴이에요.
   *[other] 가장 빨리 끝나는 게임은 { $fewest }턴이고, 가장 흔한 길이는 { $mode }턴이에요.
}

## The rows of the figures in full (--exact, --verbose) and the headings of the comparison's
## columns.

label-average-turns = 평균 턴 수
label-average-rolls = 평균 굴림 수
label-average-rounds = 평균 라운드 수
label-total-turns = 평균 턴 수, 모든 플레이어
label-total-rolls = 평균 굴림 수, 모든 플레이어
label-as-a-fraction = 분수로
label-its-decimals = 소수로
label-standard-deviation = 표준편차
# The turn by which half of games are over, and nine in ten.
label-half-over-by = 절반이 끝나는 턴
label-nine-in-ten-by = 90%가 끝나는 턴
label-longer-than-shortest = 최단 대비
# The two rows of the table of quantiles: the share of games over, and by which turn.
label-games-over = 끝난 게임
label-by-turn = 턴

## Values of those rows.

analyze-deviation = { $deviation }턴 (분산 { $variance })
# How much longer than the shortest variant of a comparison, in percent.
# same-as-en
analyze-longer = +{ $percent }%
# A chance too small to show with two decimals ($value is 0.01).
# same-as-en
percent-below = <{ $value }%
# Under a comparison's table when a cell holds '?'.
analyze-unknown-cells = ?: 시간 한도(--budget) 안에 게임을 거기까지 따라가지 못했어요.

## How far games were followed turn by turn, when not to the end. $turns: the turns followed
## (0: none); $finished: the share of games over by then (a percentage: "60.19%가"); $rest:
## about how long following every game to its end would take (a duration); $budget: the time
## allowed. $why: budget (decided before starting: the rest does not fit in the time allowed),
## time (the time allowed ran out on the way) or work (a limit set by a program).
analyze-cut = { $turns ->
    [0] 이 게임판에서는 게임 길이가 어떻게 퍼지는지 계산하지 않았어요. 모든 게임을 끝까지 따라가려면 약 { $rest } 걸리는데, 시간 한도({ $budget }, --budget) 안에는 게임의 10분의 1이 끝나는 턴에도 닿지 못해요. 위의 평균은 그래도 정확해요.
   *[other] 게임을 한 턴씩 { $turns }턴까지 따라갔고, 그때까지 게임의 { $finished }가 끝났어요. { $why ->
        [time] 거기서 시간 한도({ $budget }, --budget)가 다 됐어요.
        [work] 허용된 작업량이 거기까지예요.
       *[budget] 모든 게임을 끝까지 따라가려면 약 { $rest } 걸려서 시간 한도({ $budget }, --budget)를 넘어요.
    } 위의 평균은 그래도 정확해요. 그 뒤의 턴에서만 알 수 있는 값은 빠졌어요.
}
analyze-quantiles = 게임이 끝나는 비율별 턴:
analyze-within = t턴 안에 완주했을 확률:
# A column of that table: within $turns turns.
# same-as-en
analyze-within-turns = t={ $turns }
# $best_left and $worst_left: the average turns left from those squares.
analyze-best-worst = 가장 좋은 칸은 { $best }번 칸(남은 턴 { $best_left }), 가장 나쁜 칸은 { $worst }번 칸(남은 턴 { $worst_left })이에요.
analyze-per-square = 각 칸에서 남은 평균 턴 수, 게임판 모양대로(맨 윗줄부터, '-'는 사다리나 뱀이 있어 말이 머물지 않는 칸):
# One cell of that grid: $turns is a figure, or - for a jump's square.
# same-as-en
analyze-square-left = { $square }: { $turns }

## The race of several players, seat 1 rolling first. $rounds and $turns: the rounds and the
## turns of all players a game lasts on average; $median: the round by which half of games are
## over (or unknown); $simulated: no (exact figures) or the number of games simulated.
analyze-race = 플레이어 { $players }명이 1번 자리부터 굴리면, 게임은 평균 { $simulated ->
    [no] { $rounds }라운드
   *[other] 약 { $rounds }라운드
}, 모두 합쳐 { $turns }턴 걸려요(라운드는 모든 플레이어가 한 턴씩 하는 것{ $simulated ->
    [no] {""}
   *[other] , 시뮬레이션한 게임 { $simulated }판으로 추정
}).{ $median ->
    [unknown] {""}
   *[other] {" "}게임의 절반은 { $median }라운드까지 끝나요.
}
# --verbose: how the race's figures were made ($method: analyze-race-method), before them in full.
analyze-race-how = 자세히({ $method }):
# $kind: independent (the tokens do not interact), joint (two tokens that bump each other) or
# simulated ($games games from seed $seed).
analyze-race-method = { $kind ->
    [independent] 정확한 계산: 말 하나의 마르코프 연쇄, 말끼리 영향을 주지 않아요
    [joint] 정확한 계산: 두 말의 칸과 굴릴 차례에 대한 마르코프 연쇄
   *[simulated] 몬테카를로: 게임 { $games }판, 시드 { $seed }, 95% 신뢰구간
}
analyze-ci-note = (±는 오차 범위예요. 20번 중 19번은 참값이 이 범위 안에 있어요. 95% 신뢰구간이에요.)
# The race left out: it needs every game followed to its end ($needs distribution) or, when
# tokens bump, a chain over every token's square or a simulation ($needs joint), which would
# take about $time. $command: the simulation that estimates it.
analyze-race-omitted = 플레이어 { $players }명의 대결 결과는 계산하지 않았어요. { $needs ->
    [distribution] 모든 게임을 끝까지 따라가야 하는데
   *[joint] 말끼리 잡을 수 있어서 모든 말의 칸에 대한 연쇄나 시뮬레이션이 필요한데
} 이 게임판에서는 약 { $time } 걸려서 시간 한도(--budget)를 넘어요. `{ $command }` 명령으로 추정할 수 있어요.

## analyze --compare OPTION: the same board under each value of $option.

analyze-comparing = { $board }에서 { $option } 비교, 다른 규칙: { $rules }
analyze-cannot-measure = { $variant }: 측정할 수 없어요({ $reason })
analyze-no-reason = 이유 없음
analyze-fractions = 평균 턴 수의 정확한 분수:
# same-as-en
analyze-fraction = { $variant }: { $fraction }
# $digits: truncated, above.
# same-as-en
analyze-fraction-decimals = = { $digits }
# Korean has no plural: the variant for one player is chosen by the number itself.
analyze-collision-note = { $players ->
    [1] 말이 만나려면 말이 둘은 있어야 해요. 말 하나는 어느 규칙에서나 걸리는 시간이 같아요. --players 2 이상을 주면 잡기가 대결을 어떻게 바꾸는지 볼 수 있어요.
   *[other] 말이 만나려면 말이 둘은 있어야 해요. 말 하나는 어느 규칙에서나 걸리는 시간이 같아요.
}
analyze-seat-odds = 플레이어 { $players }명일 때 자리별 승률:
# $rounds: the average rounds; $seats: each seat's chance (analyze-seat-chance), joined by
# list-separator.
analyze-seat-odds-line = { $variant }: 평균 { $rounds }라운드, { $seats }
analyze-seat-chance = { $seat }번 자리 { $chance }
# After the table and the reasons, when the budget or the memory refused $refused of the
# $variants variants.
analyze-compare-incomplete = 변형 { $variants }개 중 { $refused }개는 한도 안에서 측정할 수 없었어요(이유는 위에 있어요){ $raise ->
    [none] {""}
   *[some] . 모두 측정하려면 --budget { $more } 옵션을 주세요(제한 없이는 --budget 0)
}

## What the budget refuses (--budget SECONDS): $part would take about $estimate, more than
## $budget. $instead: exact (leave out --exact) or simulate (run $command, a simulation of the
## same game). $raise: some (a budget of $more seconds would do) or none (only no limit would).
analyze-over-budget = { $part ->
    [exact] 평균 턴 수를 정확한 분수로 계산하는 데
    [race] 여러 플레이어의 대결을 계산하는 데
   *[solve] 평균 턴 수를 계산하는 데
} 이 게임판에서는 약 { $estimate } 걸려서 { $left ->
    [yes] 시간 한도({ $budget }) 중 남은 시간을 넘어요.
   *[no] 시간 한도({ $budget })를 넘어요.
} { $instead ->
    [exact] --exact를 빼거나(빼도 수치에 오차 한계가 함께 나와요)
   *[simulate] `{ $command }` 명령으로 더 빨리 추정하거나
} { $raise ->
    [none] 제한 없이 하려면 --budget 0을 주세요
   *[some] --budget { $more } 옵션을 주세요(제한 없이는 --budget 0)
}
# A variant of a comparison the budget refuses: as analyze-over-budget, without the ways out,
# which the end of the comparison gives once for all (analyze-compare-incomplete).
analyze-variant-over-budget = { $part ->
    [exact] 평균 턴 수를 정확한 분수로 계산하는 데
    [race] 여러 플레이어의 대결을 계산하는 데
   *[solve] 평균 턴 수를 계산하는 데
} 약 { $estimate } 걸려서 { $left ->
    [yes] 시간 한도({ $budget }) 중 남은 시간을 넘어요
   *[no] 시간 한도({ $budget })를 넘어요
}
# What the memory or the accuracy refuses ($reason, an analysis error), and the simulation that
# estimates the figures instead.
analyze-simulate-instead = { $reason }: `{ $command }` 명령으로 추정할 수 있어요
# --budget: $value as typed, quoted.
analyze-budget-not-seconds = { $value } 값은 초 단위 숫자가 아니에요(0 이상, 0은 제한 없음)

## analyze --plot FILE: the chart. $board: as above; $lines: each line's legend, joined by
## plot-legend-separator; $last: the last turn on the horizontal axis.

plot-title = t턴까지 완주할 확률
plot-title-compare = t턴까지 완주할 확률, { $option }별
# same-as-en
plot-subtitle = { $board }; { $rules }
plot-subtitle-compare = { $board }; 다른 규칙: { $rules }
# A line's legend: $mean the average turns, $median the turn by which half of games are over.
plot-line = 평균 { $mean }, 절반이 끝나는 턴 { $median }
plot-line-mean = 평균 { $mean }
# A line cut short: it stops at turn $turns, when $finished of games are over.
plot-line-cut = 평균 { $mean }; { $turns }턴까지만 따라감(게임의 { $finished } 끝남)
# $line: one of the three above.
# same-as-en
plot-variant = { $variant }: { $line }
plot-x-axis = 진행한 턴 수 (t)
plot-y-axis = t턴 안에 완주했을 확률
plot-description = 선 그래프: 한 플레이어가 t턴 안에 완주했을 확률, t는 0부터 { $last }까지. { $lines }
# same-as-en
plot-legend-separator = {"; "}
