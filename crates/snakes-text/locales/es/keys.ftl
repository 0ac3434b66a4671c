## The keys, for H or ?. Keys keep their names (R, C, Shift+S); Space is "barra espaciadora".

help-intro = Teclas:
help-roll = R o barra espaciadora: tirar el dado.
help-positions = C: la posición de cada jugador.
help-turn = T: a quién le toca.
help-scores = S: el marcador, en resumen.
help-detailed = Shift+S: el marcador detallado.
help-help = H o ?: estas teclas.
help-board = B: mostrar el tablero como texto.
help-game = I: jugadores, tablero, reglas y semilla de esta partida.
help-quit = Q: salir.
