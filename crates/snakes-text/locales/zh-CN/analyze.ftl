## snakes analyze: how long a game lasts on a board. Figures arrive written by the catalogue
## with the decimals the command chose; $turns in analyze-turns is a whole number of turns, or
## unknown when the distribution was cut before settling it. $board is analyze-board-classic or
## analyze-board-file; $rules and $variant are rules written key=value (not translated).

analyze-board-classic = 经典棋盘
analyze-board-file = { $file }（{ $squares }格）
analyze-board = 棋盘：{ $board }，最后一格是第{ $last }格
analyze-rules = 规则：{ $rules }
# What the figures count. $turn: one-roll (a turn is one roll), roll-again (six=roll-again: a
# turn holds every roll up to one that is not a six), compare-six (a comparison of the six rule).
analyze-counted = { $turn ->
    [roll-again] 只算一枚棋子，以回合计（一个回合包括直到掷出非6点为止的每一次掷骰，所以可能掷好几次）。
    [compare-six] 只算一枚棋子，以回合计（规则为 roll-again 时，一个回合包括直到掷出非6点为止的每一次掷骰）。
   *[one-roll] 只算一枚棋子，以回合计（每回合掷一次）。
}
# How the expected turns were solved. $solver: elimination or gmres (an iterative method, which
# took $iterations iterations).
analyze-method = 方法：精确计算：一枚棋子的吸收马尔可夫链，{ $solver ->
    [gmres] 用以前进步为预条件的 GMRES 求解（迭代{ $iterations }次）
   *[elimination] 沿棋盘顺序消元求解
}。
# How well the answer satisfies its own equations: $relative and $absolute in scientific
# notation (4e-16).
analyze-checked = 已验证：每一格的方程误差都在其值的 { $relative } 以内，所以下面的预计回合数与真值的偏差都不超过自身的 { $absolute }。

## The rows of the report's tables, and the headings of the comparison's columns.

label-expected-turns = 预计回合数
label-expected-rolls = 预计掷骰次数
label-expected-rounds = 预计轮数
label-total-turns = 预计回合数（所有玩家合计）
label-total-rolls = 预计掷骰次数（所有玩家合计）
label-as-a-fraction = 分数形式
label-its-decimals = 小数形式
label-standard-deviation = 标准差
label-fewest-turns = 最少回合数
label-median = 中位数
label-most-likely = 最可能
label-90th-percentile = 第90百分位数
label-longer-than-shortest = 比最短的长

## Values of those rows.

analyze-turns = { $turns ->
    [unknown] ?个回合
   *[other] { $turns }个回合
}
analyze-deviation = { $deviation }个回合（方差 { $variance }）
# How much longer than the shortest variant of a comparison, in percent.
# same-as-en
analyze-longer = +{ $percent }%
# A chance too small to show with two decimals ($value is 0.01).
# same-as-en
percent-below = <{ $value }%

## The distribution of turns, cut short on a huge board: after $turns turns, when $finished of
## games had finished, about $rest (a duration) before the end. $why: share (it used its share
## of the work) or budget (the time ran out).
analyze-cut = 回合数的分布在第{ $turns }个回合处截断，此时已有{ $finished }的对局结束：{ $why ->
    [budget] 时间预算用完了
   *[share] 继续累加所需的时间超过预计回合数的若干倍
}（离结束还需约{ $rest }）。上面的预计回合数和标准差是精确的；无法确定的中位数、最可能回合数和分位数显示为“?”或略去。
analyze-quantiles = 分位数（回合）：
analyze-quantiles-none = 分位数（回合）：都无法确定。
analyze-within = 在t个回合内走完的概率：
# A column of that table: within $turns turns.
# same-as-en
analyze-within-turns = t={ $turns }
# $best_left and $worst_left: expected turns left from those squares.
analyze-best-worst = 最好的格子：第{ $best }格（还需{ $best_left }个回合）；最差的：第{ $worst }格（还需{ $worst_left }个回合）。
analyze-per-square = 从每一格出发预计还需的回合数，按棋盘的样子排列（最上面一行在前；“-”表示有梯子或蛇的格子，棋子不会停在那里）：
# One cell of that grid: $turns is a figure, or - for a jump's square.
# same-as-en
analyze-square-left = { $square }: { $turns }

## The race of several players. $method: analyze-race-method.

analyze-race = { $players }名玩家，1号座位先掷（{ $method }）。
# $kind: independent (the tokens do not interact), joint (two tokens that bump each other) or
# simulated ($games games from seed $seed).
analyze-race-method = { $kind ->
    [independent] 精确计算：一枚棋子的马尔可夫链，棋子之间互不影响
    [joint] 精确计算：基于两枚棋子所在格和轮到谁掷的马尔可夫链
   *[simulated] 蒙特卡洛模拟：{ $games }局，种子{ $seed }，95%置信区间
}
analyze-median-rounds = 轮数中位数：{ $rounds }
analyze-ci-note = （± 表示95%置信区间的半宽。）
# The race left out: it needs the whole distribution of turns ($needs distribution) or, when
# tokens bump, a chain over every token's square or a simulation ($needs joint), which would
# take about $time.
analyze-race-omitted = 没有给出{ $players }名玩家的比赛结果：这需要{ $needs ->
    [distribution] 完整的回合数分布
   *[joint] 基于所有棋子所在格的马尔可夫链或一次模拟，因为棋子会互相撞回
}，在这个棋盘上约需{ $time }，超出了预算。可以用 `snakes simulate --players { $players }` 估算，或给出更大的 --budget。

## analyze --compare OPTION: the same board under each value of $option.

analyze-comparing = 在{ $board }上比较 { $option }；其他规则：{ $rules }
analyze-cannot-measure = { $variant } 无法测算：{ $reason }
analyze-no-reason = 没有给出原因
analyze-fractions = 预计回合数的精确分数：
analyze-fraction = { $variant }：{ $fraction }
# $digits: truncated, above.
# same-as-en
analyze-fraction-decimals = = { $digits }
analyze-collision-note = { $players ->
    [1] 相遇规则需要两枚棋子：只有一枚棋子时，两种规则下所需时间一样。加上 --players 2（或更多）可以看看撞回对比赛的影响。
   *[other] 相遇规则需要两枚棋子：只有一枚棋子时，两种规则下所需时间一样。
}
analyze-seat-odds = { $players }名玩家时各座位的获胜概率：
# $rounds: expected rounds (with its margin when simulated); $seats: each seat's chance
# (analyze-seat-chance), joined by list-separator.
analyze-seat-odds-line = { $variant }：预计{ $rounds }轮；各座位 { $seats }（{ $method }）
analyze-seat-chance = { $seat }号：{ $chance }

## What the budget refuses (--budget SECONDS): $part would take about $estimate, more than
## $budget. $instead: exact (leave out --exact), simulate or simulate-players (simulate the
## board $board, with $players players). $raise: some (a budget of $more seconds would do) or
## none (only no limit would).
analyze-over-budget = 在这个棋盘上{ $part ->
    [exact] 把预计回合数算成精确分数
    [race] 计算多人比赛
   *[solve] 计算预计回合数
}约需{ $estimate }，超过了{ $budget }的预算：{ $instead ->
    [exact] 请去掉 --exact（不加它得到的数据带有误差上限）
    [simulate-players] 请运行 `snakes simulate --board { $board } --players { $players }` 来估算
   *[simulate] 请运行 `snakes simulate --board { $board }` 来估算
}，或者{ $raise ->
    [none] 用 --budget 0 取消时间限制
   *[some] 给出 --budget { $more }（--budget 0 表示不限时间）
}
# --budget: $value as typed, quoted.
analyze-budget-not-seconds = { $value } 不是秒数（0或更大；0表示不限时间）

## analyze --plot FILE: the chart. $board: as above; $lines: each line's legend, joined by
## plot-legend-separator; $last: the last turn on the horizontal axis.

plot-title = 到第t回合为止走完的概率
plot-title-compare = 到第t回合为止走完的概率，按 { $option } 比较
plot-subtitle = { $board }；{ $rules }
plot-subtitle-compare = { $board }；其他规则：{ $rules }
plot-line = 平均 { $mean }，中位数 { $median }
plot-variant = { $variant }：平均 { $mean }，中位数 { $median }
plot-x-axis = 已进行的回合数（t）
plot-y-axis = 在t个回合内走完的概率
plot-description = 折线图：一名玩家在t个回合内走完的概率，t从0到{ $last }。{ $lines }
plot-legend-separator = {"；"}
