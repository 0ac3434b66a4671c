## The rule options and what each value means: the lobby's form of the board page
## (GET /api/rules) and `snakes rules` both read them from here. Each option has a label and a
## meaning; each value a meaning and a short name (-name, for the figures of each ending), all
## standing on their own (no sentence around them).
##
## Chinese: no full stop at the end of these short lines, as they stand alone in a form.

option-ending = 终点
option-ending-meaning = 掷出的点数会让棋子走过最后一格时怎么办
option-ending-bounce = 多出的点数从最后一格往回退
option-ending-bounce-name = 反弹
option-ending-exact = 棋子不动：必须正好走到最后一格
option-ending-exact-name = 原地不动
option-ending-loose = 棋子照样到达终点：走到或越过最后一格就赢
option-ending-loose-name = 越过也赢

option-start = 起点
option-start-meaning = 棋子从哪里出发
option-start-off-board = 棋盘外：第一次掷骰进入棋盘
option-start-off-board-name = 棋盘外
option-start-square-1 = 第1格（第1格上的梯子或蛇因此永远不会触发）
option-start-square-1-name = 第1格

option-entry = 进入棋盘
option-entry-meaning = 掷出哪些点数才能让棋子从起点进入棋盘
option-entry-any-roll = 掷出任何点数都能进入，落在点数对应的格子上
option-entry-any-roll-name = 任何点数
option-entry-need-six = 只有掷出6点（骰子的最大点数）才能进入，落在第6格
option-entry-need-six-name = 6点

option-six = 6点
option-six-meaning = 掷出6点（骰子的最大点数）有什么作用
option-six-normal = 没有额外作用：和掷出其他点数一样，轮到下一位
option-six-normal-name = 普通
option-six-roll-again = 同一位玩家再掷一次
option-six-roll-again-name = 再掷一次

option-collision = 相遇
option-collision-meaning = 棋子走到已有别的棋子的格子上时会怎样
option-collision-share = 两枚棋子共用这一格
option-collision-share-name = 共用
option-collision-bump = 原来在那里的棋子被撞回起点
option-collision-bump-name = 撞回

option-jumps = 跳跃
option-jumps-meaning = 一步最多跟着走几次梯子和蛇
option-jumps-single = 每步最多跳一次
option-jumps-single-name = 单次
option-jumps-chain = 一直跳，直到落在没有梯子或蛇的格子上（蛇尾正好是梯子底部时，会接着爬梯子）
option-jumps-chain-name = 连续

option-die = 骰子面数
# $min and $max: the fewest and most faces a die may have.
option-die-meaning = 骰子有几面，从{ $min }到{ $max }；换用其他骰子时，“6点”指它的最大点数

## `snakes rules` without an argument.

options-heading = 选项（第一个为默认值）：
presets-heading = 预设：
