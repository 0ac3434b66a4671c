## snakes analyze: how long a game lasts on a board. Figures arrive written by the catalogue
## with the decimals the command chose; $turns in analyze-turns is a whole number of turns, or
## unknown when the distribution was cut before settling it. $board is analyze-board-classic or
## analyze-board-file; $rules and $variant are rules written key=value (not translated).
## Korean: the report's sentences in 해요체, its labels as nouns; turns 턴, rolls 굴림,
## rounds 라운드.

analyze-board-classic = 클래식 게임판
analyze-board-file = { $file } ({ $squares }칸)
analyze-board = 게임판: { $board }, 마지막 칸 { $last }
analyze-rules = 규칙: { $rules }
# What the figures count. $turn: one-roll (a turn is one roll), roll-again (six=roll-again: a
# turn holds every roll up to one that is not a six), compare-six (a comparison of the six rule).
analyze-counted = { $turn ->
    [roll-again] 말 하나만 두고 턴으로 셌어요(한 턴은 6이 아닌 눈이 나올 때까지의 모든 굴림이라, 여러 번 굴릴 수 있어요).
    [compare-six] 말 하나만 두고 턴으로 셌어요(한 번 더 규칙에서는 한 턴이 6이 아닌 눈이 나올 때까지의 모든 굴림이에요).
   *[one-roll] 말 하나만 두고 턴으로 셌어요(한 턴에 한 번 굴려요).
}
# How the expected turns were solved. $solver: elimination or gmres (an iterative method, which
# took $iterations iterations).
analyze-method = { $solver ->
    [gmres] 방법: 정확한 계산. 말 하나의 흡수 마르코프 연쇄를 앞으로 가는 이동으로 전처리한 GMRES로 풀었어요({ $iterations }회 반복).
   *[elimination] 방법: 정확한 계산. 말 하나의 흡수 마르코프 연쇄를 트랙을 따라 소거해서 풀었어요.
}
# How well the answer satisfies its own equations: $relative and $absolute in scientific
# notation (4e-16).
analyze-checked = 검증: 모든 칸의 방정식이 제 값의 { $relative } 이내로 맞아서, 아래의 예상 턴 수는 모두 오차가 제 값의 { $absolute } 이하예요.

## The rows of the report's tables, and the headings of the comparison's columns.

label-expected-turns = 예상 턴 수
label-expected-rolls = 예상 굴림 수
label-expected-rounds = 예상 라운드 수
label-total-turns = 예상 턴 수, 모든 플레이어
label-total-rolls = 예상 굴림 수, 모든 플레이어
label-as-a-fraction = 분수로
label-its-decimals = 소수로
label-standard-deviation = 표준편차
label-fewest-turns = 최소 턴 수
label-median = 중앙값
label-most-likely = 최빈값
label-90th-percentile = 90번째 백분위수
label-longer-than-shortest = 가장 짧은 것보다 긴 정도

## Values of those rows.

analyze-turns = { $turns ->
    [unknown] ?턴
   *[other] { $turns }턴
}
analyze-deviation = { $deviation }턴 (분산 { $variance })
# How much longer than the shortest variant of a comparison, in percent.
# same-as-en
analyze-longer = +{ $percent }%
# A chance too small to show with two decimals ($value is 0.01).
# same-as-en
percent-below = <{ $value }%

## The distribution of turns, cut short on a huge board: after $turns turns, when $finished of
## games had finished (a percentage: "99.20%가"), about $rest (a duration) before the end.
## $why: share (it used its share of the work) or budget (the time ran out).
analyze-cut = { $why ->
    [budget] 턴 분포는 { $turns }턴에서 끊었어요. 그때 게임의 { $finished }가 끝났고, 시간 한도가 다 됐어요(끝까지 약 { $rest }). 위의 예상 턴 수와 표준편차는 정확해요. 분포로 정하지 못한 중앙값, 최빈값, 분위수는 '?'로 나오거나 빠져요.
   *[share] 턴 분포는 { $turns }턴에서 끊었어요. 그때 게임의 { $finished }가 끝났고, 끝까지 합산하면 예상 턴 수의 몇 배보다 오래 걸려요(끝까지 약 { $rest }). 위의 예상 턴 수와 표준편차는 정확해요. 분포로 정하지 못한 중앙값, 최빈값, 분위수는 '?'로 나오거나 빠져요.
}
analyze-quantiles = 분위수(턴):
analyze-quantiles-none = 분위수(턴): 정해진 것이 없어요.
analyze-within = t턴 안에 완주했을 확률:
# A column of that table: within $turns turns.
# same-as-en
analyze-within-turns = t={ $turns }
# $best_left and $worst_left: expected turns left from those squares.
analyze-best-worst = 가장 좋은 칸은 { $best }번 칸(남은 턴 { $best_left }), 가장 나쁜 칸은 { $worst }번 칸(남은 턴 { $worst_left })이에요.
analyze-per-square = 각 칸에서 남은 예상 턴 수, 게임판 모양대로(맨 윗줄부터, '-'는 사다리나 뱀이 있어 말이 머물지 않는 칸):
# One cell of that grid: $turns is a figure, or - for a jump's square.
# same-as-en
analyze-square-left = { $square }: { $turns }

## The race of several players. $method: analyze-race-method.

analyze-race = 플레이어 { $players }명, 1번 자리가 먼저 굴려요({ $method }).
# $kind: independent (the tokens do not interact), joint (two tokens that bump each other) or
# simulated ($games games from seed $seed).
analyze-race-method = { $kind ->
    [independent] 정확한 계산: 말 하나의 마르코프 연쇄, 말끼리 영향을 주지 않아요
    [joint] 정확한 계산: 두 말의 칸과 굴릴 차례에 대한 마르코프 연쇄
   *[simulated] 몬테카를로: 게임 { $games }개, 시드 { $seed }, 95% 신뢰구간
}
analyze-median-rounds = 라운드 중앙값: { $rounds }
analyze-ci-note = (±는 95% 신뢰구간의 반폭이에요.)
# The race left out: it needs the whole distribution of turns ($needs distribution) or, when
# tokens bump, a chain over every token's square or a simulation ($needs joint), which would
# take about $time.
analyze-race-omitted = { $needs ->
    [distribution] 플레이어 { $players }명의 경주는 나오지 않아요. 턴의 전체 분포가 필요한데, 이 게임판에서는 약 { $time } 걸려서 한도를 넘어요. `snakes simulate --players { $players }` 명령으로 추정하거나 더 큰 --budget을 주세요.
   *[joint] 플레이어 { $players }명의 경주는 나오지 않아요. 말끼리 잡을 수 있어서 모든 말의 칸에 대한 연쇄나 시뮬레이션이 필요한데, 이 게임판에서는 약 { $time } 걸려서 한도를 넘어요. `snakes simulate --players { $players }` 명령으로 추정하거나 더 큰 --budget을 주세요.
}

## analyze --compare OPTION: the same board under each value of $option.

analyze-comparing = { $board }에서 { $option } 비교, 다른 규칙: { $rules }
analyze-cannot-measure = { $variant }: 측정할 수 없어요({ $reason })
analyze-no-reason = 이유 없음
analyze-fractions = 예상 턴 수의 정확한 분수:
# same-as-en
analyze-fraction = { $variant }: { $fraction }
# $digits: truncated, above.
# same-as-en
analyze-fraction-decimals = = { $digits }
# Korean has no plural: the variant for one player is chosen by the number itself.
analyze-collision-note = { $players ->
    [1] 말이 만나려면 말이 둘은 있어야 해요. 말 하나는 어느 규칙에서나 걸리는 시간이 같아요. --players 2 이상을 주면 잡기가 경주를 어떻게 바꾸는지 볼 수 있어요.
   *[other] 말이 만나려면 말이 둘은 있어야 해요. 말 하나는 어느 규칙에서나 걸리는 시간이 같아요.
}
analyze-seat-odds = 플레이어 { $players }명일 때 자리별 승률:
# $rounds: expected rounds (with its margin when simulated); $seats: each seat's chance
# (analyze-seat-chance), joined by list-separator.
analyze-seat-odds-line = { $variant }: 예상 { $rounds }라운드, 자리별 { $seats } ({ $method })
# same-as-en
analyze-seat-chance = { $seat }: { $chance }

## What the budget refuses (--budget SECONDS): $part would take about $estimate, more than
## $budget. $instead: exact (leave out --exact), simulate or simulate-players (simulate the
## board $board, with $players players). $raise: some (a budget of $more seconds would do) or
## none (only no limit would).
analyze-over-budget = { $part ->
    [exact] 예상 턴 수를 정확한 분수로 계산하는 데
    [race] 여러 플레이어의 경주를 계산하는 데
   *[solve] 예상 턴 수를 계산하는 데
} 이 게임판에서는 약 { $estimate } 걸려서 한도({ $budget })를 넘어요. { $instead ->
    [exact] --exact를 빼거나(빼도 수치에 오차 한계가 함께 나와요)
    [simulate-players] `snakes simulate --board { $board } --players { $players }` 명령으로 추정하거나
   *[simulate] `snakes simulate --board { $board }` 명령으로 추정하거나
} { $raise ->
    [none] 제한 없이 하려면 --budget 0을 주세요
   *[some] --budget { $more } 옵션을 주세요(제한 없이는 --budget 0)
}
# --budget: $value as typed, quoted.
analyze-budget-not-seconds = { $value } 값은 초 단위 숫자가 아니에요(0 이상, 0은 제한 없음)

## analyze --plot FILE: the chart. $board: as above; $lines: each line's legend, joined by
## plot-legend-separator; $last: the last turn on the horizontal axis.

plot-title = t턴까지 완주할 확률
plot-title-compare = t턴까지 완주할 확률, { $option }별
# same-as-en
plot-subtitle = { $board }; { $rules }
plot-subtitle-compare = { $board }; 다른 규칙: { $rules }
plot-line = 평균 { $mean }, 중앙값 { $median }
plot-variant = { $variant }: 평균 { $mean }, 중앙값 { $median }
plot-x-axis = 진행한 턴 수 (t)
plot-y-axis = t턴 안에 완주했을 확률
plot-description = 선 그래프: 한 플레이어가 t턴 안에 완주했을 확률, t는 0부터 { $last }까지. { $lines }
# same-as-en
plot-legend-separator = {"; "}
