## A board drawn as text (snakes board show, and the terminal game's board): the heading line
## above the grid, and the lists of ladders and snakes under it. $rows and $cols: the size of the
## grid; $last: its last square; $ladders and $snakes: how many there are.

board-heading = Tablero de { $rows } x { $cols }, casillas de la 1 a la { $last }: { $ladders ->
    [0] sin escaleras
    [one] { $ladders } escalera
   *[other] { $ladders } escaleras
}, { $snakes ->
    [0] sin serpientes
    [one] { $snakes } serpiente
   *[other] { $snakes } serpientes
}.
# $list: the jumps, each a board-jump (the words the board page lists them in), joined by
# list-separator; $count: how many.
board-list-ladders = Escaleras: { $count ->
    [0] ninguna
   *[other] { $list }
}.
board-list-snakes = Serpientes: { $count ->
    [0] ninguna
   *[other] { $list }
}.

## What separates the items of a list written out ("1 a 38, 4 a 14").
# same-as-en
list-separator = {", "}
## What separates names written out in a list: option names, values and presets ("ending, start").
# same-as-en
list-names-separator = {", "}
