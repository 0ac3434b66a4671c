## snakes analyze: how long a game lasts on a board. Figures arrive written by the catalogue
## with the decimals the command chose; $turns in analyze-turns is a whole number of turns, or
## unknown when the distribution was cut before settling it. $board is analyze-board-classic or
## analyze-board-file; $rules and $variant are rules written key=value (not translated).

analyze-board-classic = el tablero clásico
analyze-board-file = { $file } ({ $squares } { $squares ->
    [one] casilla
   *[other] casillas
})
analyze-board = Tablero: { $board }, última casilla { $last }
analyze-rules = Reglas: { $rules }
# What the figures count. $turn: one-roll (a turn is one roll), roll-again (six=roll-again: a
# turn holds every roll up to one that is not a six), compare-six (a comparison of the six rule).
analyze-counted = { $turn ->
    [roll-again] Una sola ficha, contada en turnos (un turno son todas las tiradas hasta una que no sea un seis: puede tener varias tiradas).
    [compare-six] Una sola ficha, contada en turnos (con roll-again, un turno son todas las tiradas hasta una que no sea un seis).
   *[one-roll] Una sola ficha, contada en turnos (una tirada por turno).
}
# How the expected turns were solved. $solver: elimination or gmres (an iterative method, which
# took $iterations iterations).
analyze-method = Método: exacto: cadena de Markov absorbente de una ficha, resuelta por { $solver ->
    [gmres] GMRES precondicionado con los avances ({ $iterations } { $iterations ->
        [one] iteración
       *[other] iteraciones
    })
   *[elimination] eliminación a lo largo del recorrido
}.
# How well the answer satisfies its own equations: $relative and $absolute in scientific
# notation (4e-16).
analyze-checked = Comprobado: la ecuación de cada casilla se cumple con un margen de { $relative } de su valor, así que el error de cada cifra de turnos esperados de abajo es como mucho { $absolute } de la propia cifra.

## The rows of the report's tables, and the headings of the comparison's columns.

label-expected-turns = turnos esperados
label-expected-rolls = tiradas esperadas
label-expected-rounds = rondas esperadas
label-total-turns = turnos esperados, todos los jugadores
label-total-rolls = tiradas esperadas, todos los jugadores
label-as-a-fraction = como fracción
label-its-decimals = sus decimales
label-standard-deviation = desviación estándar
label-fewest-turns = mínimo de turnos
label-median = mediana
label-most-likely = más probable
label-90th-percentile = percentil 90
label-longer-than-shortest = frente a la más corta

## Values of those rows.

analyze-turns = { $turns ->
    [unknown] ? turnos
    [one] { $turns } turno
   *[other] { $turns } turnos
}
analyze-deviation = { $deviation } { $deviation ->
    [one] turno
   *[other] turnos
} (varianza { $variance })
# How much longer than the shortest variant of a comparison, in percent.
analyze-longer = +{ $percent } %
# A chance too small to show with two decimals ($value is 0.01).
percent-below = <{ $value } %

## The distribution of turns, cut short on a huge board: after $turns turns, when $finished of
## games had finished ("el 45,2 % de las partidas"), about $rest (a duration) before the end.
## $why: share (it used its share of the work) or budget (the time ran out).
analyze-cut = La distribución de turnos se cortó tras { $turns } { $turns ->
    [one] turno
   *[other] turnos
}, cuando había terminado el { $finished } de las partidas: { $why ->
    [budget] se agotó el límite de tiempo
   *[share] sumarla lleva más que un pequeño múltiplo de los turnos esperados
} (faltaba alrededor de { $rest } para el final). Los turnos esperados y la desviación estándar de arriba son exactos; la mediana, la cifra más probable y los cuantiles que no puede fijar se muestran como '?' o se omiten.
analyze-quantiles = Cuantiles (turnos):
analyze-quantiles-none = Cuantiles (turnos): ninguno fijado.
analyze-within = Probabilidad de haber terminado en t turnos como mucho:
# A column of that table: within $turns turns.
# same-as-en
analyze-within-turns = t={ $turns }
# $best_left and $worst_left: expected turns left from those squares.
analyze-best-worst = Mejor casilla en la que estar: { $best } (quedan { $best_left } turnos); peor: { $worst } (quedan { $worst_left } turnos).
analyze-per-square = Turnos esperados que quedan desde cada casilla, dispuestos como el tablero (la fila de arriba primero; '-' marca la casilla de un salto, donde ninguna ficha se detiene):
# One cell of that grid: $turns is a figure, or - for a jump's square.
# same-as-en
analyze-square-left = { $square }: { $turns }

## The race of several players. $method: analyze-race-method.

analyze-race = { $players } { $players ->
    [one] jugador
   *[other] jugadores
}, el asiento 1 tira primero ({ $method }).
# $kind: independent (the tokens do not interact), joint (two tokens that bump each other) or
# simulated ($games games from seed $seed).
analyze-race-method = { $kind ->
    [independent] exacto: la cadena de Markov de una ficha; las fichas no interactúan
    [joint] exacto: cadena de Markov sobre las casillas de las dos fichas y a quién le toca tirar
   *[simulated] Monte Carlo: { $games } { $games ->
        [one] partida
       *[other] partidas
    }, semilla { $seed }, intervalos de confianza del 95 %
}
analyze-median-rounds = mediana de rondas: { $rounds }
analyze-ci-note = (± es la mitad del ancho de un intervalo de confianza del 95 %.)
# The race left out: it needs the whole distribution of turns ($needs distribution) or, when
# tokens bump, a chain over every token's square or a simulation ($needs joint), which would
# take about $time.
analyze-race-omitted = No se da la carrera de { $players } { $players ->
    [one] jugador
   *[other] jugadores
}: necesita { $needs ->
    [distribution] la distribución completa de turnos
   *[joint] una cadena sobre las casillas de todas las fichas o una simulación, ya que las fichas se mandan de vuelta unas a otras
}, alrededor de { $time } en este tablero, más de lo que permite el límite de tiempo. `snakes simulate --players { $players }` la estima, o da un --budget mayor.

## analyze --compare OPTION: the same board under each value of $option.

analyze-comparing = Comparando { $option } en { $board }; otras reglas: { $rules }
analyze-cannot-measure = { $variant } no se puede medir: { $reason }
analyze-no-reason = sin motivo indicado
analyze-fractions = Turnos esperados como fracciones exactas:
# same-as-en
analyze-fraction = { $variant }: { $fraction }
# $digits: truncated, above.
# same-as-en
analyze-fraction-decimals = = { $digits }
analyze-collision-note = { $players ->
    [one] Las colisiones necesitan dos fichas: una ficha sola tarda lo mismo con cualquiera de las dos reglas. Añade --players 2 (o más) para ver qué efecto tiene en una carrera mandar fichas de vuelta.
   *[other] Las colisiones necesitan dos fichas: una ficha sola tarda lo mismo con cualquiera de las dos reglas.
}
analyze-seat-odds = Probabilidades por asiento con { $players } { $players ->
    [one] jugador
   *[other] jugadores
}:
# $rounds: expected rounds (with its margin when simulated); $seats: each seat's chance
# (analyze-seat-chance), joined by list-separator.
analyze-seat-odds-line = { $variant }: { $rounds } rondas esperadas; asientos { $seats } ({ $method })
# same-as-en
analyze-seat-chance = { $seat }: { $chance }

## What the budget refuses (--budget SECONDS): $part would take about $estimate, more than
## $budget. $instead: exact (leave out --exact), simulate or simulate-players (simulate the
## board $board, with $players players). $raise: some (a budget of $more seconds would do) or
## none (only no limit would). The budget is "el límite de tiempo".
analyze-over-budget = { $part ->
    [exact] calcular los turnos esperados como fracción exacta
    [race] calcular la carrera de varios jugadores
   *[solve] calcular los turnos esperados
} llevaría alrededor de { $estimate } en este tablero, más que el límite de { $budget }: { $instead ->
    [exact] quita --exact (las cifras sin él llevan una cota de su error)
    [simulate-players] ejecuta `snakes simulate --board { $board } --players { $players }` para obtener una estimación
   *[simulate] ejecuta `snakes simulate --board { $board }` para obtener una estimación
}, o { $raise ->
    [none] da --budget 0 para no tener límite
   *[some] da --budget { $more } (--budget 0 para no tener límite)
}
# --budget: $value as typed, quoted.
analyze-budget-not-seconds = { $value } no es un número de segundos (0 o más; 0 significa sin límite)

## analyze --plot FILE: the chart. $board: as above; $lines: each line's legend, joined by
## plot-legend-separator; $last: the last turn on the horizontal axis.

plot-title = Terminar como muy tarde en el turno t
plot-title-compare = Terminar como muy tarde en el turno t, según { $option }
# same-as-en
plot-subtitle = { $board }; { $rules }
plot-subtitle-compare = { $board }; otras reglas: { $rules }
plot-line = media { $mean }, mediana { $median }
plot-variant = { $variant }: media { $mean }, mediana { $median }
plot-x-axis = turnos jugados (t)
plot-y-axis = probabilidad de haber terminado en t turnos como mucho
plot-description = Gráfico de líneas: la probabilidad de que un jugador haya terminado en t turnos como mucho, para t de 0 a { $last }. { $lines }
# same-as-en
plot-legend-separator = {"; "}
