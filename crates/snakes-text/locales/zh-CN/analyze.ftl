## snakes analyze: how long a game lasts on a board. The report speaks plainly: "on average",
## "half of games are over by turn 35"; the method, the accuracy and the margins of simulated
## figures are said only under --verbose. The one word for the mean is "average", in the report,
## the tables and the chart. Figures arrive written by the catalogue with the decimals the
## command chose. $board is analyze-board-classic or analyze-board-file; $rules and $variant are
## rules written key=value (not translated); $command is a whole command line (not translated).
## Chinese: the average is 平均; the time allowed (--budget) is 时间上限, never 预算.

analyze-board-classic = 经典棋盘
analyze-board-file = { $file }（{ $squares }格）
analyze-board = 棋盘：{ $board }，最后一格是第{ $last }格
analyze-rules = 规则：{ $rules }
# What the figures count. $turn: one-roll (a turn is one roll), roll-again (six=roll-again: a
# turn holds every roll up to one that is not a six), compare-six (a comparison of the six rule).
analyze-counted = { $turn ->
    [roll-again] 只算一名玩家；一个回合包括直到掷出非6点为止的每一次掷骰，所以可能掷好几次。
    [compare-six] 只算一名玩家；规则为 roll-again 时，一个回合包括直到掷出非6点为止的每一次掷骰。
   *[one-roll] 只算一名玩家；每回合掷一次。
}
# --verbose: how the figures were solved. $solver: elimination or gmres (an iterative method,
# which took $iterations iterations).
analyze-method = 方法：精确计算：一枚棋子的吸收马尔可夫链，{ $solver ->
    [gmres] 用以前进步为预条件的 GMRES 求解（迭代{ $iterations }次）
   *[elimination] 沿棋盘顺序消元求解
}。
# --verbose: how well the answer satisfies its own equations: $relative and $absolute in
# scientific notation (4e-16).
analyze-checked = 已验证：每一格的方程误差都在其值的 { $relative } 以内，所以下面的平均数与真值的偏差都不超过自身的 { $absolute }。

## The length of a game in plain words. $average: the average number of turns (one decimal);
## $median and $p90: the turns by which half and nine in ten of games are over. $known: both
## (both are known), median (only $median is) or none (neither: the distribution was not
## followed far enough).
analyze-average = { $known ->
    [both] 一局平均要{ $average }个回合；一半的对局到第{ $median }回合已经结束，十局里有九局到第{ $p90 }回合结束。
    [median] 一局平均要{ $average }个回合；一半的对局到第{ $median }回合已经结束。
   *[none] 一局平均要{ $average }个回合。
}
# With six=roll-again: the rolls a game takes on average.
analyze-average-rolls = 因为掷出6点要再掷一次，平均要掷{ $rolls }次。
# $fewest: the fewest turns in which a game can end; $mode: the commonest length, or unknown
# when the distribution was not followed far enough to be sure of it.
analyze-lengths = { $mode ->
    [unknown] 最快的一局只要{ $fewest }个回合。
   *[other] 最快的一局只要{ $fewest }个回合；最常见的长度是{ $mode }个回合。
}

## The rows of the figures in full (--exact, --verbose) and the headings of the comparison's
## columns.

label-average-turns = 平均回合数
label-average-rolls = 平均掷骰次数
label-average-rounds = 平均轮数
label-total-turns = 平均回合数（所有玩家合计）
label-total-rolls = 平均掷骰次数（所有玩家合计）
label-as-a-fraction = 分数形式
label-its-decimals = 小数形式
label-standard-deviation = 标准差
# The turn by which half of games are over, and nine in ten.
label-half-over-by = 一半结束于
label-nine-in-ten-by = 九成结束于
label-longer-than-shortest = 比最短的长
# The two rows of the table of quantiles: the share of games over, and by which turn.
label-games-over = 已结束的对局
label-by-turn = 回合

## Values of those rows.

analyze-deviation = { $deviation }个回合（方差 { $variance }）
# How much longer than the shortest variant of a comparison, in percent.
# same-as-en
analyze-longer = +{ $percent }%
# A chance too small to show with two decimals ($value is 0.01).
# same-as-en
percent-below = <{ $value }%
# Under a comparison's table when a cell holds '?'.
analyze-unknown-cells = ?：在时间上限（--budget）内没有跟踪到那么远。

## How far games were followed turn by turn, when not to the end. $turns: the turns followed
## (0: none); $finished: the share of games over by then; $rest: about how long following every
## game to its end would take (a duration); $budget: the time allowed. $why: budget (decided
## before starting: the rest does not fit in the time allowed), time (the time allowed ran out
## on the way) or work (a limit set by a program).
analyze-cut = { $turns ->
    [0] 这个棋盘上没有计算对局长度的分布：把每一局都跟到结束约需{ $rest }，而在时间上限（{ $budget }，--budget）内连十分之一的对局结束的那个回合都到不了。上面的平均数依然是精确的。
   *[other] 已逐回合跟踪对局到第{ $turns }回合，此时有{ $finished }的对局已经结束：{ $why ->
        [time] 时间上限（{ $budget }，--budget）在那里用完了。
        [work] 允许的计算量到此为止。
       *[budget] 把每一局都跟到结束约需{ $rest }，超过了时间上限（{ $budget }，--budget）。
    }上面的平均数依然是精确的；只有更后面的回合才能给出的数据略去了。
}
analyze-quantiles = 各比例的对局在第几回合前结束：
analyze-within = 在t个回合内走完的概率：
# A column of that table: within $turns turns.
# same-as-en
analyze-within-turns = t={ $turns }
# $best_left and $worst_left: the average turns left from those squares.
analyze-best-worst = 最好的格子：第{ $best }格（还需{ $best_left }个回合）；最差的：第{ $worst }格（还需{ $worst_left }个回合）。
analyze-per-square = 从每一格出发平均还需的回合数，按棋盘的样子排列（最上面一行在前；“-”表示有梯子或蛇的格子，棋子不会停在那里）：
# One cell of that grid: $turns is a figure, or - for a jump's square.
# same-as-en
analyze-square-left = { $square }: { $turns }

## The race of several players, seat 1 rolling first. $rounds and $turns: the rounds and the
## turns of all players a game lasts on average; $median: the round by which half of games are
## over (or unknown); $simulated: no (exact figures) or the number of games simulated.
analyze-race = { $players }名玩家、1号座位先掷时，一局平均{ $simulated ->
    [no] 要{ $rounds }轮
   *[other] 约要{ $rounds }轮
}，合计{ $turns }个回合（一轮是每位玩家各走一个回合{ $simulated ->
    [no] {""}
   *[other] ；根据{ $simulated }局模拟估算
}）{ $median ->
    [unknown] 。
   *[other] ；一半的对局到第{ $median }轮已经结束。
}
# --verbose: how the race's figures were made ($method: analyze-race-method), before them in full.
analyze-race-how = 详细数据（{ $method }）：
# $kind: independent (the tokens do not interact), joint (two tokens that bump each other) or
# simulated ($games games from seed $seed).
analyze-race-method = { $kind ->
    [independent] 精确计算：一枚棋子的马尔可夫链，棋子之间互不影响
    [joint] 精确计算：基于两枚棋子所在格和轮到谁掷的马尔可夫链
   *[simulated] 蒙特卡洛模拟：{ $games }局，种子{ $seed }，95%置信区间
}
analyze-ci-note = （± 是误差范围：每20次中有19次真实值落在这个范围内，即95%置信区间。）
# The race left out: it needs every game followed to its end ($needs distribution) or, when
# tokens bump, a chain over every token's square or a simulation ($needs joint), which would
# take about $time. $command: the simulation that estimates it.
analyze-race-omitted = 没有计算{ $players }名玩家的比赛：{ $needs ->
    [distribution] 这需要把每一局都跟到结束
   *[joint] 因为棋子会互相撞回，这需要基于所有棋子所在格的马尔可夫链或一次模拟
}，在这个棋盘上约需{ $time }，超过了时间上限（--budget）。可以用 `{ $command }` 来估算。

## analyze --compare OPTION: the same board under each value of $option.

analyze-comparing = 在{ $board }上比较 { $option }；其他规则：{ $rules }
analyze-cannot-measure = { $variant } 无法测算：{ $reason }
analyze-no-reason = 没有给出原因
analyze-fractions = 平均回合数的精确分数：
analyze-fraction = { $variant }：{ $fraction }
# $digits: truncated, above.
# same-as-en
analyze-fraction-decimals = = { $digits }
analyze-collision-note = { $players ->
    [1] 相遇规则需要两枚棋子：只有一枚棋子时，两种规则下所需时间一样。加上 --players 2（或更多）可以看看撞回对比赛的影响。
   *[other] 相遇规则需要两枚棋子：只有一枚棋子时，两种规则下所需时间一样。
}
analyze-seat-odds = { $players }名玩家时各座位的获胜概率：
# $rounds: the average rounds; $seats: each seat's chance (analyze-seat-chance), joined by
# list-separator.
analyze-seat-odds-line = { $variant }：平均{ $rounds }轮；{ $seats }
analyze-seat-chance = { $seat }号座位：{ $chance }
# After the table and the reasons, when the budget or the memory refused $refused of the
# $variants variants.
analyze-compare-incomplete = { $variants }个变体中有{ $refused }个无法在限制内测算（原因见上）{ $raise ->
    [none] {""}
   *[some] ：给出 --budget { $more } 可以全部测算（--budget 0 表示不限时间）
}

## What the budget refuses (--budget SECONDS): $part would take about $estimate, more than
## $budget. $instead: exact (leave out --exact) or simulate (run $command, a simulation of the
## same game). $raise: some (a budget of $more seconds would do) or none (only no limit would).
analyze-over-budget = 在这个棋盘上{ $part ->
    [exact] 把平均回合数算成精确分数
    [race] 计算多人比赛
   *[solve] 计算平均回合数
}约需{ $estimate }，{ $left ->
    [yes] 超过了{ $budget }的时间上限所剩的时间
   *[no] 超过了{ $budget }的时间上限
}：{ $instead ->
    [exact] 请去掉 --exact（不加它得到的数据带有误差上限）
   *[simulate] 用 `{ $command }` 可以更快地估算
}，或者{ $raise ->
    [none] 用 --budget 0 取消时间限制
   *[some] 给出 --budget { $more }（--budget 0 表示不限时间）
}
# A variant of a comparison the budget refuses: as analyze-over-budget, without the ways out,
# which the end of the comparison gives once for all (analyze-compare-incomplete).
analyze-variant-over-budget = { $part ->
    [exact] 把平均回合数算成精确分数
    [race] 计算多人比赛
   *[solve] 计算平均回合数
}约需{ $estimate }，{ $left ->
    [yes] 超过了{ $budget }的时间上限所剩的时间
   *[no] 超过了{ $budget }的时间上限
}
# What the memory or the accuracy refuses ($reason, an analysis error), and the simulation that
# estimates the figures instead.
analyze-simulate-instead = { $reason }：可以用 `{ $command }` 来估算
# --budget: $value as typed, quoted.
analyze-budget-not-seconds = { $value } 不是秒数（0或更大；0表示不限时间）

## analyze --plot FILE: the chart. $board: as above; $lines: each line's legend, joined by
## plot-legend-separator; $last: the last turn on the horizontal axis.

plot-title = 到第t回合为止走完的概率
plot-title-compare = 到第t回合为止走完的概率，按 { $option } 比较
plot-subtitle = { $board }；{ $rules }
plot-subtitle-compare = { $board }；其他规则：{ $rules }
# A line's legend: $mean the average turns, $median the turn by which half of games are over.
plot-line = 平均 { $mean }，一半在第{ $median }回合前结束
plot-line-mean = 平均 { $mean }
# A line cut short: it stops at turn $turns, when $finished of games are over.
plot-line-cut = 平均 { $mean }；只跟踪到第{ $turns }回合（{ $finished }的对局已结束）
# $line: one of the three above.
plot-variant = { $variant }：{ $line }
plot-x-axis = 已进行的回合数（t）
plot-y-axis = 在t个回合内走完的概率
plot-description = 折线图：一名玩家在t个回合内走完的概率，t从0到{ $last }。{ $lines }
plot-legend-separator = {"；"}
