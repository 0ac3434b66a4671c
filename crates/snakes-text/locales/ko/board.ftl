## A board drawn as text (snakes board show, and the terminal game's board): the heading line
## above the grid, and the lists of ladders and snakes under it. $rows and $cols: the size of the
## grid (행: rows, 열: columns); $last: its last square; $ladders and $snakes: how many there are.

board-heading = { $rows }행 { $cols }열 게임판, 1번부터 { $last }번 칸까지. { $ladders ->
    [0] 사다리 없음
   *[other] 사다리 { $ladders }개
}, { $snakes ->
    [0] 뱀 없음
   *[other] 뱀 { $snakes }개
}.
# $list: the jumps, each a board-jump (the words the board page lists them in), joined by
# list-separator; $count: how many.
board-list-ladders = 사다리: { $count ->
    [0] 없음
   *[other] { $list }
}.
board-list-snakes = 뱀: { $count ->
    [0] 없음
   *[other] { $list }
}.

## What separates the items of a list written out ("1에서 38까지, 4에서 14까지").
# same-as-en
list-separator = {", "}
## What separates names written out in a list: option names, values and presets ("ending, start").
# same-as-en
list-names-separator = {", "}
