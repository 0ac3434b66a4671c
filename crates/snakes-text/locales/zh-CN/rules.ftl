## The rules in force, said in one line (under the board and at the start of a game).
##
## Chinese: each ending is named as the rule options name it (options.ftl): 反弹, 原地不动,
## 越过也赢.

rules-ending-bounce = 终点规则为反弹：必须正好走到第{ $last }格，多出的点数要往回退。
rules-ending-exact = 终点规则为原地不动：必须正好走到第{ $last }格，点数超出时棋子不动。
rules-ending-loose = 终点规则为越过也赢：走到或越过第{ $last }格就赢。
rules-start-square-1 = 棋子从第1格出发。
rules-entry-need-six = 只有掷出{ a-top }才能进入棋盘。
rules-six-roll-again = 掷出{ a-top }可以再掷一次。
rules-collision-bump = 走到有别的棋子的格子上，会把那枚棋子撞回起点。
rules-jumps-chain = 连续跳跃：梯子或蛇的终点上如果又有梯子或蛇，也要接着走。
rules-die = 骰子有{ $top }面。
rules-no-house-rules = 没有附加规则。
# Sentences end with 。, so no space joins them.
rules-join = { $first }{ $second }
