## The keys, for H or ?. Keys keep their names (R, C, Shift+S); Space is "barra espaciadora".

help-intro = Teclas:
help-roll = R o barra espaciadora: tirar el dado.
help-positions = C: la posición de cada jugador.
help-turn = T: a quién le toca.
help-scores = S: el marcador, en resumen.
help-detailed = Shift+S: el marcador detallado.
help-look = L: lo que haría cada cara del dado a quien le toca tirar.
help-square = G, el número de una casilla y Enter: qué hay en esa casilla y la próxima escalera y la próxima serpiente; G y Enter solos: tu casilla.
help-history = Coma y punto: la línea dicha antes y la dicha después de la última que se volvió a leer; Shift+coma (<) y Shift+punto (>): la primera y la última.
help-repeat = A: el último anuncio otra vez.
help-help = H o ?: estas teclas.
help-come-back = J: recuperar tu asiento del bot que juega en él desde que dejaste la mesa.
help-board = B: mostrar el tablero como texto.
help-game = I: jugadores, tablero, reglas y semilla de esta partida.
help-quit = Q: salir.
