## How long a game lasts, for the board page. Numbers with decimals arrive already formatted
## (text, with the language's decimal separator), counts as numbers. $strict and $loose are
## expected turns for one player; $percent is how much longer the strict ending makes a game,
## always positive, with $direction saying whether it is "longer" or "shorter" (an odd board can
## make the strict ending quicker). The percent sign follows a no-break space ("20,9 %"), as the
## RAE recommends.

analysis-strict-vs-loose = { $direction ->
    [same] En este tablero, el final estricto no cambia nada: un jugador necesita de media { $strict } turnos en los dos casos.
    [shorter] En este tablero, el final estricto hace la partida un { $percent } % más corta: un jugador necesita de media { $strict } turnos para caer justo en la { $last }, frente a { $loose } cuando gana cualquier tirada que llegue a la { $last }.
   *[longer] En este tablero, el final estricto hace la partida un { $percent } % más larga: un jugador necesita de media { $strict } turnos para caer justo en la { $last }, frente a { $loose } cuando gana cualquier tirada que llegue a la { $last }.
}

## Games already played at this server on the same board, with the same rules apart from the
## ending, and the same number of players.

analysis-observed-none = Todavía no hay partidas terminadas con este tablero, estas reglas y { $players } { $players ->
        [one] jugador
       *[other] jugadores
    }.
analysis-observed = { $games ->
    [one] Una partida terminada con este tablero, estas reglas y { $players } { $players ->
        [one] jugador
       *[other] jugadores
    } duró { $mean } rondas.
   *[other] { $games } partidas terminadas con este tablero, estas reglas y { $players } { $players ->
        [one] jugador
       *[other] jugadores
    } duraron { $mean } rondas de media.
}

## A board the page declines to measure while it waits: $estimate and $budget are durations
## already in words ("3 min", "20 s"), $gib a number of gibibytes with one decimal.

# "Alrededor de" and "lo que" need no article, which would have to agree with the unit.
analysis-over-budget = Medir este tablero llevaría alrededor de { $estimate }, más de lo que se concede la página ({ $budget }). El comando snakes analyze lo mide si le das un --budget mayor.
analysis-too-large = Medir este tablero necesitaría alrededor de { $gib } GiB de memoria, más de lo que se permite un análisis. El comando snakes simulate lo estima.
