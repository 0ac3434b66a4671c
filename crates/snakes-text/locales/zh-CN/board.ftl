## A board drawn as text (snakes board show, and the terminal game's board): the heading line
## above the grid, and the lists of ladders and snakes under it. $rows and $cols: the size of the
## grid; $last: its last square; $ladders and $snakes: how many there are.

board-heading = { $rows }行{ $cols }列的棋盘，第1到第{ $last }格：{ $ladders ->
    [0] 没有梯子
   *[other] { $ladders }架梯子
}，{ $snakes ->
    [0] 没有蛇
   *[other] { $snakes }条蛇
}。
# $list: the jumps, each a board-jump (the words the board page lists them in), joined by
# list-separator; $count: how many.
board-list-ladders = 梯子：{ $count ->
    [0] 无
   *[other] { $list }
}。
board-list-snakes = 蛇：{ $count ->
    [0] 无
   *[other] { $list }
}。

## What separates the items of a list written out ("1到38，4到14").
list-separator = {"，"}
## What separates names written out in a list: option names, values and presets ("ending, start").
list-names-separator = {"、"}
