## A board drawn as text (snakes board show, and the terminal game's board): the heading line
## above the grid, and the lists of ladders and snakes under it. $rows and $cols: the size of the
## grid; $last: its last square; $ladders and $snakes: how many there are.

board-heading = { $rows } x { $cols } board, squares 1 to { $last }: { $ladders ->
    [0] no ladders
    [one] { $ladders } ladder
   *[other] { $ladders } ladders
}, { $snakes ->
    [0] no snakes
    [one] { $snakes } snake
   *[other] { $snakes } snakes
}.
# $list: the jumps, each a board-jump (the words the board page lists them in), joined by
# list-separator; $count: how many.
board-list-ladders = Ladders: { $count ->
    [0] none
   *[other] { $list }
}.
board-list-snakes = Snakes: { $count ->
    [0] none
   *[other] { $list }
}.

## What separates the items of a list written out ("1 to 38, 4 to 14").
list-separator = {", "}
## What separates names written out in a list: option names, values and presets ("ending, start").
list-names-separator = {", "}
