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
    [json] JSON 布局
    [toml] TOML 布局
   *[grid] 网格
}：第{ $line }行第{ $column }列：{ $detail }
# $detail: one of the layout-* messages below.
board-error-layout = 布局：{ $detail }
# JSON 布局文本的问题（在"JSON 布局：第 L 行，第 C 列："之后）。
layout-text-ends = 布局还没结束，文本就结束了（有未闭合的方括号或花括号）
layout-text-not-whole = { $value } 不是表示格数的整数
board-error-empty-grid = 网格没有任何行
board-error-not-square = board[{ $row }] 有{ $cells }个单元格，但{ $rows }行的网格每行都必须有{ $rows }个
board-error-value-out-of-range = board[{ $row }][{ $col }]（第{ $square }格）的值是{ $value }；单元格的值只能是-1，或者1到{ $last }之间的格子编号
# $max: the most squares a board may have.
board-error-bad-size = 不允许{ $rows } x { $cols }格的棋盘：每边至少1格，整个棋盘最多{ $max }格
# $end: start or end (of the jump $from-$to).
board-error-square-out-of-range = 梯子或蛇 { $from }-{ $to } 的{ $end ->
    [start] 起点
   *[end] 终点
}在第{ $square }格，不在棋盘上（棋盘是第1到第{ $last }格）
board-error-jump-on-last = 第{ $last }格是最后一格，不能有梯子或蛇（这里却有一个通往第{ $to }格的）
board-error-jump-to-itself = 第{ $square }格上的梯子或蛇通往它自己
board-error-two-jumps = 第{ $square }格上有两个梯子或蛇（{ $square }-{ $first } 和 { $square }-{ $second }）；一格最多只能有一个
board-error-ladder-goes-down = 梯子 { $from }-{ $to } 是往下的；请把它列进蛇里，或对调两端
board-error-snake-goes-up = 蛇 { $from }-{ $to } 是往上的；请把它列进梯子里，或对调两端
# A random board asked for more jumps than fit: $first to $highest are the squares that may hold
# one ($room is none when there is no such square).
board-error-too-many-jumps = 无法在{ $last }格的棋盘上放{ $jumps }个梯子和蛇：只放得下{ $placed }个{ $room ->
    [none] （没有哪一格能放梯子或蛇）
   *[some] （第{ $first }到第{ $highest }格，每格一个，且不能首尾相连成环）
}
board-error-zero-span = 无法放置最长跨度为0的{ $jumps }个梯子和蛇：每个梯子或蛇至少跨越1格
# $path: the squares of the cycle, "5 -> 12 -> 5".
board-error-jump-cycle = 梯子和蛇 { $path } 首尾相连成了环，连续跳跃时棋子会永远停不下来

## What the reader of a LeetCode grid found wrong ($detail of board-error-syntax). Rows and
## columns count from 0, as in board[row][col]. $found is the character found there, quoted
## ('x'), or grid-found-end.

grid-found-end = 输入的末尾
grid-open-grid = 网格应以 '[' 开头，却遇到了{ $found }
grid-open-row = board[{ $row }] 应以 '[' 开头，却遇到了{ $found }
grid-after-row = board[{ $row }] 后面应为 ',' 或 ']'，却遇到了{ $found }
grid-after-cell = board[{ $row }][{ $col }] 后面应为 ',' 或 ']'，却遇到了{ $found }
grid-not-a-number = board[{ $row }][{ $col }] 应为数字，却遇到了{ $found }
grid-not-whole = board[{ $row }][{ $col }] 不是整数；单元格的值只能是-1或格子编号
grid-too-large = board[{ $row }][{ $col }] 的数太大了
grid-after-end = 网格结束后还多出了{ $found }

## What a well-formed layout file says that a layout cannot ($detail of board-error-layout). The
## keys `size`, `rows` and `cols` are written as in the file.

layout-no-size = 没有尺寸：请给出 `size`（n x n 的棋盘）或 `rows` 和 `cols`
layout-rows-without-cols = 有 `rows` 却没有 `cols`：请两个都给，或者给 `size`
layout-cols-without-rows = 有 `cols` 却没有 `rows`：请两个都给，或者给 `size`
layout-size-and-sides = `size` 和 `rows`、`cols` 只能给其中一种，不能都给
# $key: size, rows or cols; $value: the negative number given.
layout-negative-side = `{ $key }` 是{ $value }：棋盘每个方向至少要有1格
layout-needs-serde = 读取布局文件需要 snakes crate 的 `serde` 特性

## Why a game cannot be set up. Players count from 0 here, as in the library.

# $max: the most players a game has.
setup-error-players = 一局有1到{ $max }名玩家，不能是{ $players }名
# $highest: the last player's number.
setup-error-first-player = 玩家{ $first }不能先走：玩家编号是0到{ $highest }

## Rules that cannot be read. $min and $max: the fewest and most faces of a die.

rules-error-unknown-value = { $key } 没有 { $value } 这个值：应为 { $values } 之一
rules-error-die-faces = 骰子有{ $min }到{ $max }面，不能是{ $faces }面
rules-error-die-not-a-number = die：{ $value } 不是面数（{ $min }到{ $max }）
rules-error-unknown-rule = 未知规则 { $key }：可用的规则有 { $keys }
rules-error-empty = 没有给出规则：请写一个预设（{ $presets }）或像 ending=bounce 这样的选项
rules-error-twice = { $key } 给了两次：每个选项只能给一次
rules-error-preset-not-first = 预设 { $preset } 必须写在最前面，在所有选项之前
rules-error-unknown-preset = 未知预设 { $preset }：可用的预设有 { $presets }；选项写成 key=value

## What checking a board under some rules notices. $kind: ladder or snake.

board-warning-unused-jump = { $kind ->
    [ladder] 梯子
   *[snake] 蛇
} { $from }-{ $to } 永远用不上：{ $why ->
    [start] 棋子从第{ $from }格出发，而且没有哪一步会落在那里
   *[rules] 在这些规则下没有哪一步会落在第{ $from }格
}
board-warning-last-unreachable = 从起点无法到达第{ $last }格：这个棋盘上的对局都不会结束
board-warning-trap = 棋子能走到第{ $square }格，而从那里永远到不了第{ $last }格：对局可能永远不会结束
board-warning-own-number = board[{ $row }][{ $col }] 的值{ $square }就是它自己的格子编号：第{ $square }格没有梯子或蛇（LeetCode 是这样读的）

## Why an analysis or a simulation cannot be made. $estimate and $budget are durations
## (duration, below); $part: solve, exact or race.

analysis-error-starts-on-last = 棋子从第{ $last }格出发，这已经是最后一格：第一次掷骰就必赢，没有什么可测算的
analysis-error-players = { $players }名玩家：一局有1到{ $max }名玩家
analysis-error-over-budget = 在这个棋盘上{ $part ->
    [exact] 把平均回合数算成精确分数
    [race] 计算多人比赛
   *[solve] 计算平均回合数
}约需{ $estimate }，超过了{ $budget }的时间上限：模拟能更快给出估计值，或者允许更长时间
# $gib: the memory needed, $limit: the memory allowed, in gibibytes.
analysis-error-too-large = 测算这个棋盘大约需要 { $gib } GiB 内存，超过了分析允许使用的 { $limit } GiB：模拟需要的内存少得多
# $residual: how far an equation is off, in scientific notation (2.5e-7).
analysis-error-no-convergence = 在允许的时间内无法精确算出这个棋盘的平均回合数：GMRES 迭代{ $iterations }次后仍有方程偏差 { $residual }，而消元法会更慢；请改用模拟来估算
analysis-error-unknown-option = 无法比较 { $key }：请给出 { $keys } 之一
analysis-error-no-games = 模拟至少需要一局
# $reason: the operating system's words.
analysis-error-threads = 无法启动{ $wanted }个线程（启动{ $started }个后系统拒绝了：{ $reason }）；请少要一些

## A length of time: $value in $unit (seconds, minutes, hours or days), already rounded.

duration = { $unit ->
    [minutes] { $value }分钟
    [hours] { $value }小时
    [days] { $value }天
   *[seconds] { $value }秒
}
