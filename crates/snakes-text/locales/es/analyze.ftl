## snakes analyze: how long a game lasts on a board. The report speaks plainly: "on average",
## "half of games are over by turn 35"; the method, the accuracy and the margins of simulated
## figures are said only under --verbose. The one word for the mean is "average", in the report,
## the tables and the chart. Figures arrive written by the catalogue with the decimals the
## command chose. $board is analyze-board-classic or analyze-board-file; $rules and $variant are
## rules written key=value (not translated); $command is a whole command line (not translated).
## Spanish: the average is "la media" ("de media", "en promedio" would be regional); the time
## allowed (--budget) is "el tiempo permitido".

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
    [roll-again] Un jugador solo; un turno son todas las tiradas hasta una que no sea un seis, así que puede tener varias.
    [compare-six] Un jugador solo; con roll-again, un turno son todas las tiradas hasta una que no sea un seis.
   *[one-roll] Un jugador solo; un turno es una tirada.
}
# --verbose: how the figures were solved. $solver: elimination or gmres (an iterative method,
# which took $iterations iterations).
analyze-method = Método: exacto: cadena de Markov absorbente de una ficha, resuelta por { $solver ->
    [gmres] GMRES precondicionado con los avances ({ $iterations } { $iterations ->
        [one] iteración
       *[other] iteraciones
    })
   *[elimination] eliminación a lo largo del recorrido
}.
# --verbose: how well the answer satisfies its own equations: $relative and $absolute in
# scientific notation (4e-16).
analyze-checked = Comprobado: la ecuación de cada casilla se cumple con un margen de { $relative } de su valor, así que ninguna media de abajo se aparta de la verdadera más de { $absolute } de sí misma.

## The length of a game in plain words. $average: the average number of turns (one decimal);
## $median and $p90: the turns by which half and nine in ten of games are over. $known: both
## (both are known), median (only $median is) or none (neither: the distribution was not
## followed far enough).
analyze-average = { $known ->
    [both] Una partida dura de media { $average } turnos; la mitad de las partidas termina como muy tarde en el turno { $median }, y 9 de cada 10 en el turno { $p90 }.
    [median] Una partida dura de media { $average } turnos; la mitad de las partidas termina como muy tarde en el turno { $median }.
   *[none] Una partida dura de media { $average } turnos.
}
# With six=roll-again: the rolls a game takes on average.
analyze-average-rolls = Son { $rolls } tiradas de media, porque con un seis se vuelve a tirar.
# $fewest: the fewest turns in which a game can end; $mode: the commonest length, or unknown
# when the distribution was not followed far enough to be sure of it.
analyze-lengths = La partida más rápida dura { $fewest } { $fewest ->
    [one] turno
   *[other] turnos
}{ $mode ->
    [unknown] .
   *[other] ; la duración más frecuente es de { $mode } { $mode ->
        [one] turno
       *[other] turnos
    }.
}

## The rows of the figures in full (--exact, --verbose) and the headings of the comparison's
## columns.

label-average-turns = turnos de media
label-average-rolls = tiradas de media
label-average-rounds = rondas de media
label-total-turns = turnos de media, todos los jugadores
label-total-rolls = tiradas de media, todos los jugadores
label-as-a-fraction = como fracción
label-its-decimals = sus decimales
label-standard-deviation = desviación estándar
# The turn by which half of games are over, and nine in ten.
label-half-over-by = la mitad acaba en
label-nine-in-ten-by = 9 de 10 acaban en
label-longer-than-shortest = más larga que la más corta
# The two rows of the table of quantiles: the share of games over, and by which turn.
label-games-over = partidas terminadas
label-by-turn = en el turno

## Values of those rows.

analyze-deviation = { $deviation } { $deviation ->
    [one] turno
   *[other] turnos
} (varianza { $variance })
# How much longer than the shortest variant of a comparison, in percent.
analyze-longer = +{ $percent } %
# A chance too small to show with two decimals ($value is 0.01).
percent-below = <{ $value } %
# Under a comparison's table when a cell holds '?'.
analyze-unknown-cells = ?: no se siguieron las partidas hasta tan lejos en el tiempo permitido (--budget).

## How far games were followed turn by turn, when not to the end. $turns: the turns followed
## (0: none); $finished: the share of games over by then ("el 60,19 %"); $rest: about how long
## following every game to its end would take (a duration); $budget: the time allowed. $why:
## budget (decided before starting: the rest does not fit in the time allowed), time (the time
## allowed ran out on the way) or work (a limit set by a program).
analyze-cut = { $turns ->
    [0] En este tablero no se calcula cómo se reparten las duraciones de las partidas: seguir cada partida hasta el final llevaría unos { $rest }, y el tiempo permitido ({ $budget }, --budget) no alcanza ni para el turno en que termina una de cada diez partidas. La media de arriba es exacta de todos modos.
   *[other] Las partidas se siguieron turno a turno hasta el turno { $turns }, cuando ya había terminado el { $finished } de ellas: { $why ->
        [time] ahí se agotó el tiempo permitido ({ $budget }, --budget).
        [work] ese es el trabajo permitido.
       *[budget] seguir cada partida hasta el final llevaría unos { $rest }, más que el tiempo permitido ({ $budget }, --budget).
    } La media de arriba es exacta de todos modos; lo que solo dirían los turnos posteriores se omite.
}
analyze-quantiles = En qué turno ha terminado cada proporción de las partidas:
analyze-within = Probabilidad de haber terminado en t turnos como mucho:
# A column of that table: within $turns turns.
# same-as-en
analyze-within-turns = t={ $turns }
# $best_left and $worst_left: the average turns left from those squares.
analyze-best-worst = Mejor casilla en la que estar: { $best } (quedan { $best_left } turnos); peor: { $worst } (quedan { $worst_left } turnos).
analyze-per-square = Turnos que quedan de media desde cada casilla, dispuestos como el tablero (la fila de arriba primero; '-' marca la casilla de un salto, donde ninguna ficha se detiene):
# One cell of that grid: $turns is a figure, or - for a jump's square.
# same-as-en
analyze-square-left = { $square }: { $turns }

## The race of several players, seat 1 rolling first. $rounds and $turns: the rounds and the
## turns of all players a game lasts on average; $median: the round by which half of games are
## over (or unknown); $simulated: no (exact figures) or the number of games simulated.
analyze-race = Con { $players } { $players ->
    [one] jugador
   *[other] jugadores
}, y el asiento 1 tirando primero, una partida dura de media { $simulated ->
    [no] { $rounds }
   *[other] unas { $rounds }
} rondas, { $turns } turnos en total (una ronda es un turno de cada jugador{ $simulated ->
    [no] {""}
   *[other] ; estimado con { $simulated } partidas simuladas
}){ $median ->
    [unknown] .
   *[other] ; la mitad de las partidas termina como muy tarde en la ronda { $median }.
}
# --verbose: how the race's figures were made ($method: analyze-race-method), before them in full.
analyze-race-how = En detalle ({ $method }):
# $kind: independent (the tokens do not interact), joint (two tokens that bump each other) or
# simulated ($games games from seed $seed).
analyze-race-method = { $kind ->
    [independent] exacto: la cadena de Markov de una ficha; las fichas no interactúan
    [joint] exacto: cadena de Markov sobre las casillas de las dos fichas y a quién le toca tirar
   *[simulated] Monte Carlo: { $games } { $games ->
        [one] partida
       *[other] partidas
    }, semilla { $seed }, intervalos de confianza del 95 %
}
analyze-ci-note = (± es un margen: la cifra verdadera está dentro de él 19 veces de cada 20, un intervalo de confianza del 95 %.)
# The race left out: it needs every game followed to its end ($needs distribution) or, when
# tokens bump, a chain over every token's square or a simulation ($needs joint), which would
# take about $time. $command: the simulation that estimates it.
analyze-race-omitted = No se calcula la carrera entre { $players } { $players ->
    [one] jugador
   *[other] jugadores
}: { $needs ->
    [distribution] necesita seguir cada partida hasta el final
   *[joint] como las fichas se mandan de vuelta unas a otras, necesita una cadena sobre las casillas de todas las fichas o una simulación
}, unos { $time } en este tablero, más que el tiempo permitido (--budget). `{ $command }` la estima.

## analyze --compare OPTION: the same board under each value of $option.

analyze-comparing = Comparando { $option } en { $board }; otras reglas: { $rules }
analyze-cannot-measure = { $variant } no se puede medir: { $reason }
analyze-no-reason = sin motivo indicado
analyze-fractions = Turnos de media como fracciones exactas:
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
# $rounds: the average rounds; $seats: each seat's chance (analyze-seat-chance), joined by
# list-separator.
analyze-seat-odds-line = { $variant }: { $rounds } rondas de media; { $seats }
analyze-seat-chance = asiento { $seat }: { $chance }
# After the table and the reasons, when the budget or the memory refused $refused of the
# $variants variants.
analyze-compare-incomplete = { $refused } de { $variants } variantes no se pudieron medir dentro de los límites (los motivos están arriba){ $raise ->
    [none] {""}
   *[some] : da --budget { $more } para medirlas todas (--budget 0 para no tener límite)
}

## What the budget refuses (--budget SECONDS): $part would take about $estimate, more than
## $budget. $instead: exact (leave out --exact) or simulate (run $command, a simulation of the
## same game). $raise: some (a budget of $more seconds would do) or none (only no limit would).
analyze-over-budget = { $part ->
    [exact] calcular los turnos de media como fracción exacta
    [race] calcular la carrera de varios jugadores
   *[solve] calcular los turnos de media
} llevaría unos { $estimate } en este tablero, { $left ->
    [yes] más de lo que quedaba del tiempo permitido de { $budget }
   *[no] más que el tiempo permitido de { $budget }
}: { $instead ->
    [exact] quita --exact (las cifras sin él llevan una cota de su error)
   *[simulate] `{ $command }` las estima antes
}, o { $raise ->
    [none] da --budget 0 para no tener límite
   *[some] da --budget { $more } (--budget 0 para no tener límite)
}
# A variant of a comparison the budget refuses: as analyze-over-budget, without the ways out,
# which the end of the comparison gives once for all (analyze-compare-incomplete).
analyze-variant-over-budget = { $part ->
    [exact] calcular los turnos de media como fracción exacta
    [race] calcular la carrera de varios jugadores
   *[solve] calcular los turnos de media
} llevaría unos { $estimate }, { $left ->
    [yes] más de lo que quedaba del tiempo permitido de { $budget }
   *[no] más que el tiempo permitido de { $budget }
}
# What the memory or the accuracy refuses ($reason, an analysis error), and the simulation that
# estimates the figures instead.
analyze-simulate-instead = { $reason }: `{ $command }` las estima
# --budget: $value as typed, quoted.
analyze-budget-not-seconds = { $value } no es un número de segundos (0 o más; 0 significa sin límite)

## analyze --plot FILE: the chart. $board: as above; $lines: each line's legend, joined by
## plot-legend-separator; $last: the last turn on the horizontal axis.

plot-title = Terminar como muy tarde en el turno t
plot-title-compare = Terminar como muy tarde en el turno t, según { $option }
# same-as-en
plot-subtitle = { $board }; { $rules }
plot-subtitle-compare = { $board }; otras reglas: { $rules }
# A line's legend: $mean the average turns, $median the turn by which half of games are over.
plot-line = media { $mean }, la mitad acaba en el turno { $median }
plot-line-mean = media { $mean }
# A line cut short: it stops at turn $turns, when $finished of games are over.
plot-line-cut = media { $mean }; seguida solo hasta el turno { $turns } (terminado el { $finished } de las partidas)
# $line: one of the three above.
# same-as-en
plot-variant = { $variant }: { $line }
plot-x-axis = turnos jugados (t)
plot-y-axis = probabilidad de haber terminado en t turnos como mucho
plot-description = Gráfico de líneas: la probabilidad de que un jugador haya terminado en t turnos como mucho, para t de 0 a { $last }. { $lines }
# same-as-en
plot-legend-separator = {"; "}
