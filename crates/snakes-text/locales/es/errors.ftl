## What is wrong with a board, a set of rules or an analysis: the library's typed errors in
## words (snakes_text::errors). They follow "error:" or a file name and a colon, so they begin in
## lower case. Squares, rows and columns are numbers; rows and columns of a LeetCode grid count
## from 0, as in board[row][col] (written as in the code, not translated). A value someone typed
## ($value, $key, $preset) arrives quoted, with any invisible character escaped ("\t"). Lists
## ($values, $keys, $presets) arrive written out with their commas (they are option names, which
## are not translated).

## A board that cannot be read. $format: grid, json or toml. $detail is what is wrong at that
## place: for a grid, one of the grid-* messages below; for a JSON or TOML layout, what its
## parser (serde_json, toml) says, in its own English words.
board-error-syntax = { $format ->
    [json] disposición JSON
    [toml] disposición TOML
   *[grid] cuadrícula
}: línea { $line }, columna { $column }: { $detail }
# $detail: one of the layout-* messages below.
board-error-layout = disposición: { $detail }
# Lo que está mal en el texto de una disposición JSON (tras "disposición JSON: línea L, columna C:").
layout-text-ends = el texto termina antes que la disposición (queda abierto un corchete o una llave)
layout-text-not-whole = { $value } no es un número entero de casillas
board-error-empty-grid = la cuadrícula no tiene filas
board-error-not-square = board[{ $row }] tiene { $cells } { $cells ->
    [one] celda
   *[other] celdas
}, pero en una cuadrícula de { $rows } { $rows ->
    [one] fila
   *[other] filas
} cada fila debe tener { $rows }
board-error-value-out-of-range = board[{ $row }][{ $col }] (casilla { $square }) contiene { $value }; una celda contiene -1 o una casilla de la 1 a la { $last }
# $max: the most squares a board may have.
board-error-bad-size = no se admite un tablero de { $rows } x { $cols } casillas: cada lado necesita al menos 1 casilla, y el tablero, como máximo { $max }
# $end: start or end (of the jump $from-$to).
board-error-square-out-of-range = el salto { $from }-{ $to } tiene su { $end ->
    [start] inicio
   *[end] final
} en la casilla { $square }, que no está en el tablero (casillas de la 1 a la { $last })
board-error-jump-on-last = la casilla { $last } es la última y no puede tener un salto (tiene uno a la { $to })
board-error-jump-to-itself = la casilla { $square } tiene un salto a sí misma
board-error-two-jumps = la casilla { $square } tiene dos saltos ({ $square }-{ $first } y { $square }-{ $second }); una casilla tiene como máximo uno
board-error-ladder-goes-down = la escalera { $from }-{ $to } baja; ponla con las serpientes o invierte sus extremos
board-error-snake-goes-up = la serpiente { $from }-{ $to } sube; ponla con las escaleras o invierte sus extremos
# A random board asked for more jumps than fit: $first to $highest are the squares that may hold
# one ($room is none when there is no such square).
board-error-too-many-jumps = no se pueden colocar { $jumps } { $jumps ->
    [one] salto
   *[other] saltos
} en un tablero de { $last } { $last ->
    [one] casilla
   *[other] casillas
}: { $placed ->
    [one] solo cabe { $placed }
   *[other] solo caben { $placed }
} { $room ->
    [none] (ninguna casilla puede tener uno)
   *[some] (casillas de la { $first } a la { $highest }, un salto en cada una, sin un ciclo de saltos)
}
board-error-zero-span = no se pueden colocar { $jumps } { $jumps ->
    [one] salto
   *[other] saltos
} con un alcance máximo de 0: un salto abarca al menos 1 casilla
# $path: the squares of the cycle, "5 -> 12 -> 5".
board-error-jump-cycle = los saltos { $path } forman un ciclo, así que una ficha nunca se detendría con los saltos encadenados

## What the reader of a LeetCode grid found wrong ($detail of board-error-syntax). Rows and
## columns count from 0, as in board[row][col]. $found is the character found there, quoted
## ('x'), or grid-found-end.

grid-found-end = el final del texto
grid-open-grid = se esperaba '[' para abrir la cuadrícula, pero se encontró { $found }
grid-open-row = se esperaba '[' para abrir board[{ $row }], pero se encontró { $found }
grid-after-row = se esperaba ',' o ']' después de board[{ $row }], pero se encontró { $found }
grid-after-cell = se esperaba ',' o ']' después de board[{ $row }][{ $col }], pero se encontró { $found }
grid-not-a-number = se esperaba un número en board[{ $row }][{ $col }], pero se encontró { $found }
grid-not-whole = board[{ $row }][{ $col }] no es un número entero; una celda contiene -1 o un número de casilla
grid-too-large = board[{ $row }][{ $col }] es un número demasiado grande
grid-after-end = sobra { $found } después del final de la cuadrícula

## What a well-formed layout file says that a layout cannot ($detail of board-error-layout). The
## keys `size`, `rows` and `cols` are written as in the file.

layout-no-size = falta el tamaño: indica `size` (un tablero de n x n) o `rows` y `cols`
layout-rows-without-cols = `rows` sin `cols`: indica los dos, o `size`
layout-cols-without-rows = `cols` sin `rows`: indica los dos, o `size`
layout-size-and-sides = indica `size` o bien `rows` y `cols`, pero no los dos
# $key: size, rows or cols; $value: the negative number given.
layout-negative-side = `{ $key }` vale { $value }: un tablero necesita al menos 1 casilla en cada dirección
layout-needs-serde = para leer disposiciones, el crate snakes necesita su característica `serde`

## Why a game cannot be set up. Players count from 0 here, as in the library.

# $max: the most players a game has.
setup-error-players = una partida tiene de 1 a { $max } jugadores, no { $players }
# $highest: the last player's number.
setup-error-first-player = el jugador { $first } no puede empezar: los jugadores se numeran del 0 al { $highest }

## Rules that cannot be read. $min and $max: the fewest and most faces of a die. A "preset" is
## a "conjunto predefinido" (options.ftl, presets-heading).

rules-error-unknown-value = valor desconocido { $value } para { $key }: se esperaba uno de estos: { $values }
rules-error-die-faces = un dado tiene de { $min } a { $max } caras, no { $faces }
# "die" is the option's name, as it is written in key=value.
rules-error-die-not-a-number = die: { $value } no es un número de caras (de { $min } a { $max })
rules-error-unknown-rule = regla desconocida { $key }: las reglas son { $keys }
rules-error-empty = no se indicaron reglas: nombra un conjunto predefinido ({ $presets }) u opciones como ending=bounce
rules-error-twice = { $key } aparece dos veces: indica cada opción una sola vez
rules-error-preset-not-first = el conjunto predefinido { $preset } debe ir primero, antes de cualquier opción
rules-error-unknown-preset = conjunto predefinido desconocido { $preset }: los conjuntos predefinidos son { $presets }; las opciones se escriben clave=valor

## What checking a board under some rules notices. $kind: ladder or snake.

board-warning-unused-jump = la { $kind ->
    [ladder] escalera
   *[snake] serpiente
} { $from }-{ $to } nunca se usa: { $why ->
    [start] las fichas empiezan en la casilla { $from } y ninguna jugada cae ahí
   *[rules] con estas reglas ninguna jugada cae en la casilla { $from }
}
board-warning-last-unreachable = la casilla { $last } no se puede alcanzar desde la salida: ninguna partida en este tablero puede terminar
board-warning-trap = una ficha puede llegar a la casilla { $square }, desde la que nunca se alcanza la casilla { $last }: puede que una partida no termine nunca
board-warning-own-number = board[{ $row }][{ $col }] contiene { $square }, su propio número de casilla: la casilla { $square } no tiene salto (así lo lee LeetCode)

## Why an analysis or a simulation cannot be made. $estimate and $budget are durations
## (duration, below); $part: solve, exact or race. "Alrededor de" needs no article, which
## would have to agree with the unit.

analysis-error-starts-on-last = las fichas empiezan en la casilla { $last }, la última: la primera tirada siempre gana, así que no hay nada que medir
analysis-error-players = { $players } { $players ->
    [one] jugador
   *[other] jugadores
}: una partida tiene de 1 a { $max } jugadores
analysis-error-over-budget = { $part ->
    [exact] calcular los turnos de media como fracción exacta
    [race] calcular la carrera de varios jugadores
   *[solve] calcular los turnos de media
} llevaría unos { $estimate } en este tablero, más que el tiempo permitido de { $budget }: una simulación da antes una estimación, o concede más tiempo
# $gib: the memory needed, $limit: the memory allowed, in gibibytes.
analysis-error-too-large = medir este tablero necesitaría alrededor de { $gib } GiB de memoria, más que los { $limit } GiB que se permite un análisis: una simulación necesita mucho menos
# $residual: how far an equation is off, in scientific notation (2.5e-7).
analysis-error-no-convergence = los turnos de media no se pueden calcular con precisión en este tablero en el tiempo permitido: tras { $iterations } { $iterations ->
    [one] iteración
   *[other] iteraciones
} de GMRES, una ecuación sigue desviada en { $residual }, y la eliminación tardaría más; una simulación los estima en su lugar
analysis-error-unknown-option = no se puede comparar { $key }: indica una de estas: { $keys }
analysis-error-no-games = una simulación necesita al menos una partida
# $reason: the operating system's words.
analysis-error-threads = no se pueden iniciar { $wanted } { $wanted ->
    [one] hilo
   *[other] hilos
} (el sistema se negó tras { $started }: { $reason }); pide menos

## A length of time: $value in $unit (seconds, minutes, hours or days), already rounded.

duration = { $unit ->
    [minutes] { $value } min
    [hours] { $value } h
    [days] { $value } { $value ->
        [one] día
       *[other] días
    }
   *[seconds] { $value } s
}
