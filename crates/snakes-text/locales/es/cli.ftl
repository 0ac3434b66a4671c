## The snakes command's own lines, apart from the terminal game and the reports of analyze:
## errors and warnings, reading files, progress, solve, simulate, board, serve, snakes-bench.
## Words a program reads are not here: JSON keys, grids and layouts, rules written key=value,
## option names (--board) and values (bounce), which stay as they are in every language.
## The percent sign follows a no-break space ("45,2 %"), as the RAE recommends.

## Every error and warning on standard error. $message is one of the sentences below (or a
## system's own words, such as an error writing to a file), beginning in lower case.
# same-as-en
cli-error = error: { $message }
cli-warning = aviso: { $message }

## Reading and writing files. $name is a file as it was given, or input-standard-input. $reason
## says what went wrong: not-found, denied, directory, or other, with $detail the system's words.

file-cannot-read = no se puede leer { $name }: { $reason ->
    [not-found] no existe el archivo
    [no-folder] no existe la carpeta { $detail }
    [denied] permiso denegado
    [directory] es un directorio
   *[other] { $detail }
}
file-cannot-write = no se puede escribir { $name }: { $reason ->
    [not-found] no existe el archivo
    [no-folder] no existe la carpeta { $detail }
    [denied] permiso denegado
    [directory] es un directorio
   *[other] { $detail }
}
# With its article: it fills $name in "no se puede leer { $name }".
input-standard-input = la entrada estándar
input-no-board-file = no se puede leer { $name }: no existe el archivo (un tablero es `classic` o la ruta de un archivo con una cuadrícula o una disposición)
# $mib: the largest input read, in mebibytes.
input-too-large = { $name } ocupa más de { $mib } MiB: ningún tablero es tan grande
# $byte: where the text stops being UTF-8, counting from 1.
input-not-utf8 = { $name } no es texto UTF-8 (el byte { $byte } no lo es): da una cuadrícula o una disposición
input-reading-board = Leyendo un tablero de la entrada estándar; termina con Ctrl-D.
# What is wrong with the board in the file $file.
# same-as-en
input-in-file = { $file }: { $message }
input-empty = la entrada está vacía: se esperaba una cuadrícula de LeetCode o una disposición
# $flag: how the board was given (--board).
input-stdin-is-keys = { $flag } -: la entrada estándar da las teclas de la partida; da el tablero en un archivo
input-the-board = el tablero
input-bad-rules = reglas: { $message }

## Progress lines on standard error, redrawn while a long run goes on (at a terminal, past a
## second). $shape: start (nothing counted yet), count ($done so far, no total known), share
## ($done of $total) or counted ($done so far, $percent of the input read). $percent: the share
## done, 0 to 100.

progress-simulate = simulando: { $percent } % ({ $done } de { $total } { $total ->
    [one] partida
   *[other] partidas
})
progress-random-boards = tableros aleatorios: { $percent } % ({ $done } de { $total } { $total ->
    [one] tablero
   *[other] tableros
})
progress-solve-lines = resolviendo: { $percent } % ({ $done } { $done ->
    [one] línea
   *[other] líneas
})
# The stages of snakes analyze. Solving counts iterations when the method iterates (no total
# known), squares when it eliminates.
progress-chain = construyendo la cadena y comprobando que la partida termina
progress-expected-turns = { $shape ->
    [start] calculando los turnos de media
    [count] calculando los turnos de media: { $done } { $done ->
        [one] iteración
       *[other] iteraciones
    }
   *[share] calculando los turnos de media: { $percent } % ({ $done } de { $total } { $total ->
        [one] casilla
       *[other] casillas
    })
}
progress-expected-rolls = { $shape ->
    [start] calculando las tiradas de media
    [count] calculando las tiradas de media: { $done } { $done ->
        [one] iteración
       *[other] iteraciones
    }
   *[share] calculando las tiradas de media: { $percent } % ({ $done } de { $total } { $total ->
        [one] casilla
       *[other] casillas
    })
}
progress-variance = { $shape ->
    [start] calculando la varianza
    [count] calculando la varianza: { $done } { $done ->
        [one] iteración
       *[other] iteraciones
    }
   *[share] calculando la varianza: { $percent } % ({ $done } de { $total } { $total ->
        [one] casilla
       *[other] casillas
    })
}
progress-distribution = { $shape ->
    [start] sumando la distribución de turnos
   *[share] sumando la distribución de turnos: { $percent } % ({ $done } de { $total } { $total ->
        [one] turno
       *[other] turnos
    })
}
# The race of several players: steps of a chain over every token's square (no total known), or
# games of a simulation.
progress-race = { $shape ->
    [start] calculando la carrera
    [count] calculando la carrera: { $done } { $done ->
        [one] paso
       *[other] pasos
    }
   *[share] simulando la carrera: { $percent } % ({ $done } de { $total } { $total ->
        [one] partida
       *[other] partidas
    })
}
progress-exact = { $shape ->
    [start] calculando la fracción exacta
   *[share] calculando la fracción exacta: { $percent } % ({ $done } de { $total } { $total ->
        [one] casilla
       *[other] casillas
    })
}

## Figures in tables and lines: $value is a number the catalogue writes (its decimals decided by
## the command, the decimal comma by the language).
# same-as-en
figure = { $value }
percent = { $value } %
# A figure with the half-width of its 95 % confidence interval.
# same-as-en
estimate = { $value } ± { $margin }
# The first decimals of an exact value, cut (not rounded): $whole is the whole part and
# $fraction the decimals, both as digits, joined here by the Spanish decimal comma.
truncated = { $whole },{ $fraction }... (truncado)

## Headings shared by the tables of analyze and simulate.
table-seat = asiento
table-chance-to-win = probabilidad de ganar

## Options every measuring command checks.
cli-no-board = indica un tablero con --board
cli-no-games = --games debe ser al menos 2: una sola partida no da un intervalo de confianza
# A count typed for an option that is not a whole number in its range: $value as typed,
# quoted; $min and $max the range.
cli-not-a-whole-number = { $value } no es un número entero de { $min } a { $max }

## snakes simulate. $unit: turns (one player: each player's turns) or rounds (several players:
## a turn of every seat). $secs: the time the simulation took, in seconds.

simulate-rules = Reglas: { $rules }
simulate-summary = { $games } { $games ->
    [one] partida
   *[other] partidas
} de { $players } { $players ->
    [one] jugador
   *[other] jugadores
}, semilla { $seed }, { $threads } { $threads ->
    [one] hilo
   *[other] hilos
} ({ $secs } s). ± es la mitad del ancho de un intervalo de confianza del 95 %.
simulate-expected = { $unit ->
    [rounds] rondas de media
   *[turns] turnos de media
}
simulate-total-turns = turnos de media, todos los jugadores
simulate-total-rolls = tiradas de media, todos los jugadores
simulate-rolls = tiradas de media
# One quantile: by $turns turns (or rounds), $level percent of the games had ended. $list:
# these, joined by list-separator.
simulate-quantile = { $level } %: { $turns }
simulate-quantiles = cuantiles de { $unit ->
    [rounds] rondas
   *[turns] turnos
}: { $list }
# --threads: $value as typed, quoted; $max: the most threads; $cores: the machine's cores.
simulate-threads-not-a-number = { $value } no es un número de hilos
simulate-no-threads = una simulación necesita al menos 1 hilo
# --budget: simulating $games games (as typed) would take about $estimate (a duration), more
# than $budget; $fits games fit in it.
simulate-over-budget = simular { $games } partidas llevaría unos { $estimate }, más que el tiempo permitido de { $budget }: da --games { $fits } (más o menos ese tiempo), o --budget 0 para no tener límite
simulate-too-many-threads = como máximo { $max } hilos (esta máquina tiene { $cores } { $cores ->
    [one] núcleo
   *[other] núcleos
}: más hilos que núcleos solo esperan su turno)

## snakes solve. $what: grid (one grid is read) or lines (one grid per line).

solve-reading = { $what ->
    [lines] Leyendo cuadrículas, una por línea, de la entrada estándar; termina con Ctrl-D.
   *[grid] Leyendo una cuadrícula como [[-1,-1],[-1,3]] de la entrada estándar; termina con Ctrl-D.
}
solve-unreachable = Ninguna secuencia de tiradas llega a la casilla { $last } desde la salida.
# One roll of the fewest: its $number in the path, the $roll chosen, and its $steps (the
# solve-step messages below, joined by list-separator): "1. saca un 1: escalera arriba hasta la 38".
solve-path-roll = { $number }. saca un { $roll }: { $steps }
solve-step-entered = entra en la { $to }
# same-as-en
solve-step-moved = { $from } -> { $to }
# A roll past the last square that counts back down: it turned on square $turned.
solve-step-bounced = { $from } -> { $turned }, rebota hasta la { $to }
# $why: need-six (a token off the board rolled another face) or overshoot (the roll would pass
# $last, the last square, under the exact ending). $at is 0 off the board.
solve-step-stayed = { $why ->
    [need-six] { $at ->
        [0] se queda fuera del tablero: para entrar hace falta un seis
       *[other] se queda en la { $at }: para entrar hace falta un seis
    }
   *[overshoot] { $at ->
        [0] se queda fuera del tablero: la tirada pasaría de la { $last }
       *[other] se queda en la { $at }: la tirada pasaría de la { $last }
    }
}
solve-step-climbed = sube por la escalera hasta la { $to }
solve-step-slid = baja por la serpiente hasta la { $to }
# solve --jsonl: what is wrong with line $line of the input.
solve-line-error = línea { $line }: { $message }
solve-line-error-at = línea { $line }, columna { $column }: { $message }
solve-line-cannot-read = línea { $line }: no se puede leer: { $detail }
solve-line-too-long = la línea ocupa más de { $mib } MiB: ninguna cuadrícula es tan larga
solve-line-not-utf8 = la línea no es texto UTF-8
solve-line-empty = la línea está vacía; cada línea contiene una cuadrícula

## snakes board. The verdict of board check is the line on standard output: $warnings is how
## many warnings were written on standard error.

board-check-ok = { $warnings ->
    [0] correcto
    [one] correcto, { $warnings } aviso
   *[other] correcto, { $warnings } avisos
}
board-check-unplayable = no jugable
board-convert-not-square = una cuadrícula de LeetCode es cuadrada, y este tablero es de { $rows } x { $cols }: escríbelo como disposición (--to json o --to toml)
# What keeps a grid snakes reads from being one LeetCode 909 accepts.
board-grid-jump-on-one = la casilla 1 tiene el salto 1-{ $to }: snakes lee esta cuadrícula, LeetCode 909 no (sus casillas 1 y n*n no tienen saltos)
board-grid-size = una cuadrícula de { $size } x { $size }: snakes la lee, LeetCode 909 admite de 2 x 2 a 20 x 20
board-random-no-size = indica el tamaño del tablero: --size N, o --rows R y --cols C
board-random-grid-not-square = una cuadrícula de LeetCode es cuadrada: indica --size N con --format grid (o escribe una disposición)
board-random-count-needs-grid = --count escribe una cuadrícula por línea: añade --format grid
board-random-seed-error = semilla { $seed }: { $message }

## snakes-bench: the load benchmark of snakes serve.

bench-no-binary = no hay ningún binario snakes en { $path }: compílalo con `cargo build --release` o indica uno con --server
bench-cannot-start = no se puede iniciar el servidor
bench-no-output = el servidor no escribió nada
bench-no-address = no se puede leer la dirección del servidor
# $line: the server's first line, quoted.
bench-not-an-address = el servidor dijo { $line }, no su dirección
# The progress line while a pass plays: $done of $total games are over.
bench-progress = { $tables } { $tables ->
    [one] mesa
   *[other] mesas
}: { $done } de { $total } { $total ->
    [one] partida terminada
   *[other] partidas terminadas
}
# $message: what the load generator says went wrong.
bench-failed = prueba de carga de { $tables } { $tables ->
    [one] mesa
   *[other] mesas
}: { $message }
bench-players = --players debe ser de 2 a 4, no { $players }
# snakes-bench --abuse: $attack is the name of an attack (not translated), $attacks a list of
# them; $outcome is what the load generator says the attack came to.
bench-unknown-attack = --attack { $attack }: los ataques son { $attacks }
# same-as-en
bench-attack-running = { $attack }: { $secs } s
# same-as-en
bench-attack-failed = { $attack }: { $message }
# same-as-en
bench-attack-outcome = { $attack }: { $outcome }
bench-attack-before = { $attack }, antes ({ $binary }): { $outcome }
bench-attack-newcomers = recién llegados: { $played } de { $tried } crearon una mesa y jugaron ({ $what })
bench-attack-store = almacén: el registro de escritura anticipada llegó a { $wal } MiB
bench-attack-store-restart = almacén: el registro de escritura anticipada llegó a { $wal } MiB; matado con SIGKILL, el servidor volvió a escuchar al cabo de { $secs } s
# What the normal players saw during an attack: latencies in milliseconds, the server's peak
# memory in MiB and its CPU time in seconds.
bench-attack-players = jugadores normales: { $rolls } { $rolls ->
    [one] tirada
   *[other] tiradas
}, p50 { $p50 } ms, p99 { $p99 } ms, máx. { $max } ms, { $refused } { $refused ->
    [one] rechazada
   *[other] rechazadas
}; pico del servidor { $peak } MiB, CPU { $cpu } s
bench-attack-slow = snakes-bench: el p99 de los jugadores normales llegó a { $ms } ms (o no pudieron tirar) durante: { $attacks }
bench-no-tables = --tables debe ser al menos 1
# The headings of the table of results, one per column: tables played at once, WebSocket
# connections, the players' thinking time, games finished, rolls, rolls per second, the
# latency from a roll to its broadcast (median, 99th percentile, most), the server's peak
# memory, the CPU time it used, and the requests it refused.
bench-tables = mesas
bench-sockets = conexiones
bench-think = pausa ms
bench-games = partidas
bench-rolls = tiradas
bench-rolls-per-sec = tiradas/s
# same-as-en
bench-p50 = p50 ms
# same-as-en
bench-p99 = p99 ms
bench-max = máx. ms
bench-peak = pico MiB
# same-as-en
bench-cpu = CPU s
bench-refused = rechazadas
# snakes-bench --members: what member accounts cost the server. Each section's title, then
# the headings of its table, one per column. $set: Argon2id parameters, as "m=19456 t=2 p=1"
# (not translated).
bench-members-hashes = Argon2id, un hash tras otro en un solo hilo:
bench-members-servers = { $set } (los del servidor)
bench-members-parameters = parámetros
bench-members-mib = MiB por hash
# same-as-en
bench-members-hashes-count = hashes
bench-members-ms = ms por hash
bench-members-ms-min = ms el más rápido
bench-members-per-core = hashes/s por núcleo
# Sign-ins to a server, $clients at once for $secs seconds, one server for each set of
# parameters, its members' passwords hashed at that set.
bench-members-sign-ins = Inicios de sesión en un servidor con SQLite, { $clients } a la vez durante { $secs } s, con el hash de las contraseñas de sus miembros hecho con cada juego de parámetros:
bench-members-signed-in = inicios
bench-members-per-sec = inicios/s
bench-members-rss-before = MiB antes
bench-members-answers = respuestas
bench-members-threads = hilos
# One sign-in at a time, $tries of each kind: the medians in milliseconds of the right
# password, a wrong password and a name nobody has; $first: the first try with a name nobody
# has after the server started.
bench-members-one-at-a-time = Un inicio de sesión tras otro con los parámetros del servidor ({ $tries } de cada clase), medianas: la contraseña correcta { $right } ms, una contraseña equivocada { $password } ms, un nombre que nadie tiene { $name } ms (el primero tras el arranque: { $first } ms)
# A server whose store holds $count members, and one whose store holds none.
bench-members-stores = Un servidor con { $count } miembros, y otro sin ninguno:
bench-members-store = almacén
bench-members-count = miembros
bench-members-fill = escritos en s
bench-members-bytes = MiB guardados
bench-members-free = nombre libre p50 / p99 ms
bench-members-held = nombre de miembro p50 / p99 ms
bench-members-sign-in = inicio p50 / p99 ms
bench-members-rss = MiB al inicio / tras set_name / tras los inicios
# --members with --db: the PostgreSQL database $url already holds $count members.
bench-members-db-not-empty = --members: la base de datos { $url } ya tiene { $count } miembros; dale una sin miembros (los que se escriban en ella se borran al final)

## analyze --plot FILE: the chart's file.

plot-bad-name = un gráfico se escribe en SVG o PNG: pon al archivo la extensión .svg o .png
plot-wrote-svg = Gráfico escrito en { $file } (SVG).
# $width and $height: the picture's size in pixels.
plot-wrote-png = Gráfico escrito en { $file } (PNG, { $width } x { $height } píxeles).
plot-no-fonts = no se puede dibujar el texto del gráfico: este sistema no tiene fuentes (instala una, como fonts-dejavu-core de Debian, o escribe un archivo .svg)
plot-too-big = no se puede dibujar un gráfico de { $width } x { $height } píxeles
# This snakes was built without the png feature.
plot-png-not-built = este snakes no dibuja gráficos PNG (se compiló sin la función png): escribe el gráfico como .svg, o instala snakes con ellos: cargo install --locked --path crates/snakes-cli --features png
# $letters: the letters of the chart no font of the system has, spaced; $package: a Debian
# package with fonts that have them (fonts-noto-cjk, fonts-noto-core).
plot-missing-letters = no se pueden dibujar las palabras del gráfico en PNG: ninguna fuente de este sistema tiene { $letters } (instala una que las tenga, como { $package } de Debian, o escribe un archivo .svg, que el visor dibuja con sus propias fuentes)
# The distribution of turns was not followed at all, so no line can be drawn.
plot-nothing-to-draw = no se escribió ningún gráfico: en este tablero no se siguieron las partidas turno a turno dentro del tiempo permitido (ver arriba)

## snakes serve. $url: the address to open in a browser; $db: the SQLite file.

serve-listening = snakes: sirviendo { $url } (base de datos { $db })
# Said at the start of `snakes serve --test-dice-seed`, after "warning: ". $seed: the seed.
serve-test-dice = los dados tienen semilla para pruebas (--test-dice-seed { $seed }): quien conozca la semilla conoce cada tirada; no lo uses nunca para partidas de verdad
serve-open-files = --max-connections { $connections } y { $reserved } archivos del propio servidor necesitan { $needed } archivos abiertos, pero este proceso puede abrir { $limit } (el límite máximo de archivos abiertos, RLIMIT_NOFILE); baja --max-connections a { $fits } o sube el límite (ulimit -Hn, o LimitNOFILE= en una unidad de systemd)
# $detail: the system's words.
serve-address-in-use = no se puede escuchar en { $address }: { $detail }

## snakes help COMMAND: $name is the command asked about (snakes board), $command the word
## that is no command of it, quoted, and $commands its commands.
help-no-command = `{ $name }` no tiene el comando { $command }: sus comandos son { $commands }

## A value on the command line that the command refuses: $value as typed, $arg the option it
## was given to (--budget <SECONDS>), $message why. The hint follows, after an empty line.
cli-invalid-value = valor no válido '{ $value }' para '{ $arg }': { $message }
cli-more-information = Para más información, prueba '--help'.

## --lang names a language without messages.
cli-unknown-language = { $option }: no hay mensajes en el idioma { $lang }; los idiomas son { $languages }
# same-as-en
language-item = { $tag } ({ $name })

## snakes verify. The dice commitment is "el compromiso" (ui-dice-commitment); an event of the
## record is "el evento N". $logged (what the record says) and $expected (what the replay gives)
## are quoted sentences of the game, or names and numbers as each message says.

verify-not-a-record = { $file } no es el registro de una partida (GET /api/tables/ID/record): { $detail }
verify-unknown-format = { $file } es el registro de una partida en el formato { $format }, y este snakes verify solo lee hasta el formato { $known }: lo lee una versión más reciente
verify-ok = { $rolls ->
    [one] Mesa { $table }: verificada. { $outcome } Los { $events } eventos del registro son lo que las reglas hacen de sus asientos y sus dados, y la única tirada, y quién empezó, salen de la clave revelada, cuyo SHA-256 es el compromiso anunciado antes de la primera tirada ({ $commitment }).
   *[other] Mesa { $table }: verificada. { $outcome } Los { $events } eventos del registro son lo que las reglas hacen de sus asientos y sus dados, y las { $rolls } tiradas, y quién empezó, salen de la clave revelada, cuyo SHA-256 es el compromiso anunciado antes de la primera tirada ({ $commitment }).
} { $game ->
    [none] El comienzo anunció ese mismo compromiso, como las partidas antes de tener uno propio: la mesa, el tablero, las reglas, los asientos y los jugadores de este registro no quedan ligados a él.
   *[other] El compromiso de la partida anunciado al comienzo ({ $game }) liga esa clave a la mesa, el tablero, las reglas, los asientos y los jugadores de este registro.
}
verify-failed = snakes verify: mesa { $table }: { $problem }
verify-not-committed = sus dados ({ $algorithm }) no quedaron comprometidos antes de la partida: no se pueden verificar
verify-not-over = su partida sigue en juego: la clave se revela al terminar
verify-bad-key = la clave “{ $key }” no tiene 64 dígitos hexadecimales
verify-key-mismatch = la clave no coincide con el compromiso: el SHA-256 de la clave es { $hashed } y el compromiso anunciado era { $commitment }
verify-setup = el campo { $what } del registro no se puede leer: { $detail }
verify-seats = la mesa del registro tiene { $seats } asientos; una mesa tiene de 2 a 4
verify-numbering = { $after ->
    [0] el primer evento del registro lleva el número { $seq }, no el 1: los eventos se numeran 1, 2, 3, … sin que falte ni se repita ninguno
   *[other] después del evento { $after } viene uno con el número { $seq }, no el { $expected }: los eventos se numeran 1, 2, 3, … sin que falte ni se repita ninguno
}
verify-untyped-event = el evento { $seq } no tiene tipo
verify-unknown-event = el evento { $seq } es del tipo “{ $type }”, que no existe en el registro de una partida
verify-unreadable-event = el evento { $seq } ({ $type }) no se puede leer: { $detail }
verify-unknown-field = el evento { $seq } ({ $type }) tiene un campo “{ $field }” que ese tipo de evento no tiene
verify-differs = evento { $seq }: el registro dice “{ $logged }”; los dados y las reglas dan “{ $expected }”
verify-differs-field = evento { $seq } (“{ $said }”): el campo { $field } vale { $logged } en el registro y { $expected } según los dados y las reglas
verify-roll = tirada { $number } (evento { $seq }): el registro dice “{ $logged }”; los dados dan “{ $expected }”
verify-seating = evento { $seq }: el registro dice “{ $logged }”; los asientos dan “{ $expected }”
verify-not-now = evento { $seq }: el registro dice “{ $logged }”, algo que el servidor nunca escribe { $when ->
    [waiting] antes de que empiece la partida
    [playing] durante la partida
    [closed] una vez cerrada la mesa
   *[over] una vez terminada la partida
}
verify-creator = evento { $seq }: el registro dice “{ $logged }”, pero una mesa empieza con quien la creó en el asiento 1
verify-no-seat = evento { $seq }: el registro dice “{ $logged }”, pero la mesa no tiene asiento { $seat }: tiene { $seats }
verify-seat-taken = evento { $seq }: el registro dice “{ $logged }”, pero en el asiento { $seat } está { $name }
verify-seat-empty = evento { $seq }: el registro dice “{ $logged }”, pero el asiento { $seat } está libre
verify-a-bot = evento { $seq }: el registro dice “{ $logged }”, pero { $name } es un bot
verify-not-a-bot = evento { $seq }: el registro dice “{ $logged }”, pero { $name } no es un bot
verify-no-host = evento { $seq }: el registro dice “{ $logged }”, pero no hay en la mesa ninguna persona que pueda pedirlo
verify-bad-name = evento { $seq }: el registro dice “{ $logged }”, pero el servidor no acepta ese nombre: { $detail }
verify-players = evento { $seq }, el comienzo: según el registro, juegan { $logged }; en los asientos están { $expected }
verify-player = { $bot ->
    [yes] { $name } (un bot, asiento { $seat })
   *[no] { $name } (asiento { $seat })
}
verify-too-few-players = el evento { $seq } empieza una partida { $players ->
    [one] de un solo jugador
   *[other] de { $players } jugadores
}; una partida necesita de 2 a 4
verify-no-commitment = evento { $seq }, el comienzo: no anuncia ningún compromiso de los dados
verify-commitment-changed = evento { $seq }, el comienzo: el compromiso que anuncia ({ $announced }) no es el SHA-256 de la clave revelada con la mesa, el tablero, las reglas, los asientos y los jugadores de este registro ({ $expected }): alguno de ellos no es el de la partida
verify-first-player = evento { $seq }, el comienzo: según el registro, empieza { $logged }; los dados hacen empezar a { $drawn }
verify-no-player = evento { $seq }: el registro dice “{ $logged }”, pero en la partida juegan { $players } jugadores
verify-already-away = evento { $seq }: el registro dice “{ $logged }”, pero ya juega un bot por { $name }
verify-not-away = evento { $seq }: el registro dice “{ $logged }”, pero { $name } no estaba ausente
verify-not-their-turn = evento { $seq }: el registro dice “{ $logged }”, pero le toca a { $name }
verify-person-plays = evento { $seq }: el registro dice “{ $logged }”, pero { $name } sigue jugando
verify-winner = evento { $seq }, el final: según el registro, ganó { $logged }; según los dados y las reglas, gana { $expected }
verify-winner-name = evento { $seq }, el final: el registro da a quien ganó el nombre “{ $logged }”, pero ganó { $expected }
verify-turns = evento { $seq }, el final: según el registro, se { $logged ->
    [one] jugó un turno
   *[other] jugaron { $logged } turnos
}; los dados y las reglas dan { $expected }
verify-rolls = evento { $seq }, el final: según el registro, se { $logged ->
    [one] hizo una tirada
   *[other] hicieron { $logged } tiradas
}; los dados y las reglas dan { $expected }
verify-squares = evento { $seq }, el final: según el registro, las fichas acabaron así: { $logged }; según los dados y las reglas: { $expected }
verify-square = { $square ->
    [0] { $name } fuera del tablero
   *[other] { $name } en la { $square }
}
verify-no-key = evento { $seq }, el final: no revela ninguna clave
verify-key-changed = evento { $seq }, el final: la clave que revela ({ $revealed }) no es la del registro ({ $record })
verify-cut = el registro termina en el evento { $seq }, antes del final de la partida: los dados y las reglas dan a continuación “{ $expected }”
verify-not-started = { $seq ->
    [0] el registro no tiene ningún evento
   *[other] el registro termina en el evento { $seq }, antes de que empiece su partida
}
verify-status = el estado del registro es “{ $logged }”, pero sus eventos terminan con la partida acabada (“{ $expected }”)
verify-status-closed = el estado del registro es “{ $logged }”, pero sus eventos terminan con la mesa cerrada por moderación cuando estaba en “{ $expected }”
verify-does-not-follow = evento { $seq }: el registro dice “{ $logged }”, algo que no se sigue de los eventos anteriores ({ $detail })
verify-won = { $name } llegó a la { $square } y ganó.
verify-bounced = { $from ->
    [0] { $name } entró en el tablero, llegó a la { $last } y rebotó hasta la { $to }.
   *[other] { $name } avanzó desde la { $from }, llegó a la { $last } y rebotó hasta la { $to }.
}

## La configuración de snakes serve (--config ARCHIVO, variables SNAKES_*, opciones), sus errores y
## --check-config. $key: el nombre de un ajuste (max-tables); $value: el valor dado, entre comillas.
# same-as-en
config-error = { $where }: { $problem }
config-from-default = valor por defecto
config-from-file = { $file }, línea { $line }
config-from-env = la variable de entorno { $var }
config-from-flag = la línea de órdenes
config-unknown-key = no hay ningún ajuste { $key } (los ajustes son las opciones largas de snakes serve, sin sus guiones)
config-not-whole = { $key } debe ser un número entero, no { $value }
config-too-small = { $key } debe ser al menos { $min }, no { $value }
config-too-large = { $key } debe ser como mucho { $max }, no { $value }
config-not-positive = { $key } debe ser un número mayor que 0, no { $value }
config-not-address = { $key } debe ser una dirección con su puerto, como 127.0.0.1:8080, no { $value }
config-not-choice = { $key } debe ser uno de estos: { $choices }; no { $value }
config-not-network = { $key } debe ser una dirección o una red como 10.0.0.0/8 (con los bits tras el prefijo a cero), no { $value }
config-not-origin = { $key } debe ser un origen como http://host[:puerto] o https://host[:puerto], no { $value }
config-not-public-url = { $key } debe ser una dirección como http://host[:puerto][/ruta] o https://host[:puerto][/ruta], sin barra al final, no { $value }
config-empty = { $key } debe nombrar un archivo, no estar vacío
config-not-one = { $key } admite un solo valor, no una lista
config-not-value = { $key } debe ser un valor, no una tabla
config-pair = { $key } se da sin { $other }: HTTPS necesita el certificado y su clave
config-syntax = el archivo no es TOML: { $detail }
config-unreadable = no se puede leer el archivo: { $detail }

backup-done = snakes: { $db } copiada en { $file } ({ $bytes } bytes)
backup-postgres = snakes backup copia un archivo SQLite; una base de datos PostgreSQL se copia con sus propias herramientas, pg_dump o una copia base (docs/scale.md)

# snakes tables: lo que el operador ve de las mesas guardadas.
tables-status = { $status ->
    [waiting] esperando
    [playing] en juego
    [finished] terminada
    [abandoned] abandonada
   *[quarantined] en cuarentena
}
tables-col-id = mesa
tables-col-status = estado
tables-col-seats = asientos
tables-col-events = eventos
tables-col-made = creada (UTC)
tables-col-why = por qué en cuarentena
tables-none = snakes: no hay ninguna mesa { $statuses }.
tables-bad-status = --status { $status }: el estado es uno de { $statuses }
tables-show-table = mesa { $id }: { $status }, { $seats } asientos, { $events } eventos, creada el { $made } UTC; tablero { $board }, reglas { $rules }
tables-show-damage = en cuarentena porque (tal como lo registró el servidor): { $damage }
tables-show-whole = Todo su registro se puede reconstruir.
tables-show-upto = Sus primeros { $keep } eventos se reconstruyen; después: { $problem }
tables-show-nothing = Nada de su registro se puede reconstruir: { $problem }
tables-show-last = Sus últimos eventos, tal como están guardados:
tables-show-repair = Para volver a jugarla con sus primeros { $keep } eventos: snakes tables repair { $id } (con --dry-run para verlo antes). Para cerrarla: snakes tables close { $id }.
tables-show-close = Solo se puede cerrar: snakes tables close { $id }.
tables-repaired = snakes: mesa { $id } reparada: se conservan sus primeros { $kept } eventos y se descartan { $dropped } ({ $seqs }); vuelve a estar { $status } y un servidor la atiende en cuanto alguien la abre.
tables-would-repair = snakes: la mesa { $id } conservaría sus primeros { $kept } eventos y descartaría { $dropped } ({ $seqs }); volvería a estar { $status }. No se ha cambiado nada (--dry-run).
tables-closed = snakes: mesa { $id } cerrada: ya no aparece en la sala, y su registro se guarda hasta que --keep-finished-days lo borre.
tables-no-such = no hay ninguna mesa con el id { $id }
tables-not-quarantined = la mesa { $id } está { $status }, no en cuarentena: solo se repara o se cierra una mesa en cuarentena
tables-unrepairable = la mesa { $id } no se puede reparar, porque nada de su registro se reconstruye ({ $problem }): ciérrala con snakes tables close { $id }

# snakes admin: quienes moderan. $name el nombre tal como se escribió; $role el rol escrito;
# $roles los roles que hay, tal como se escriben (moderator); $max y $chars longitudes en
# caracteres; $action lo que se hizo, tal como lo guarda el registro.
admin-granted = snakes: { $name } ya puede moderar. Esta es la clave, que se muestra solo esta vez: el servidor guarda únicamente su hash y no puede volver a mostrarla. { $name } la escribe en la página para actuar en la moderación. Si vuelves a conceder el rol, se crea una clave nueva y esta deja de funcionar.
admin-revoked = snakes: { $name } ya no puede moderar; su clave deja de funcionar.
admin-not-moderator = { $name } no tiene el rol de moderación
admin-bad-role = { $role } no es un rol que se pueda conceder; los roles son: { $roles }
admin-name-empty = el nombre de quien modera no puede estar vacío
admin-name-long = un nombre tiene como máximo { $max } caracteres, y este tiene { $chars }
admin-none = snakes: nadie tiene el rol de moderación. Para concederlo: snakes admin grant NOMBRE moderator
admin-col-name = moderación
admin-col-granted = desde (UTC)
admin-log-none = snakes: el registro de moderación está vacío.
admin-col-when = cuándo (UTC)
admin-col-by = quién
admin-col-action = acción
admin-col-whom = a quién o a qué
admin-col-until = hasta (UTC)
admin-col-why = por qué
admin-action = { $action ->
    [silence] silencio
    [ban] expulsión
    [lift] sanción levantada
    [remove] mensaje retirado
    [close] mesa cerrada
    [grant] rol de moderación concedido
    [revoke] rol de moderación retirado
    [handle_report] denuncia atendida
   *[other] { $action }
}

# snakes restore: $copy la copia, $db la base de datos, $tables cuántas mesas tiene la copia,
# $kept dónde quedó la base de datos de antes.
restore-done = snakes: { $copy } restaurada como { $db } ({ $tables } mesas); la base de datos de antes se guarda como { $kept } (con sus archivos -wal y -shm, si los tenía)
restore-new = snakes: { $copy } restaurada como { $db } ({ $tables } mesas)
restore-postgres = snakes restore repone un archivo SQLite; una base de datos PostgreSQL se restaura con sus propias herramientas, pg_restore (docs/scale.md)

# snakes serve --check-config, tras las opciones: lo que nombran, probado una vez.
serve-checked-tls = # comprobado: el certificado { $cert } y la clave { $key } se pueden servir
serve-checked-db-new = # comprobado: { $db } aún no existe; su directorio se puede escribir, y el servidor la crea al arrancar por primera vez
serve-checked-db-file = # comprobado: { $db } es una base de datos del esquema { $version } (el de este servidor: { $supported }){ $used ->
    [yes] , en uso por un servidor en marcha
   *[no] {""}
}
serve-checked-db-postgres = # comprobado: { $db } responde en { $at }, esquema { $version } (el de este servidor: { $supported }), { $tls ->
    [yes] con TLS
   *[no] sin TLS
}
serve-check-db-failed = no se puede usar la base de datos { $db }: { $detail }
