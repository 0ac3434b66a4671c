## The terminal game (`snakes play`): its opening, its keys and how it stops.

# The name of the one person playing when --players gives none (said as "tú").
play-default-name = Jugador
# Who plays and on what board, said at the start and by the I key. $players is a list.
play-game = Serpientes y escaleras: { $players }. Tablero: { $board }, { $last } { $last ->
        [one] casilla
       *[other] casillas
    }, { $ladders } { $ladders ->
        [one] escalera
       *[other] escaleras
    } y { $snakes } { $snakes ->
        [one] serpiente
       *[other] serpientes
    }.
play-game-unnamed = Serpientes y escaleras: { $players }. Tablero de { $last } { $last ->
        [one] casilla
       *[other] casillas
    }, { $ladders } { $ladders ->
        [one] escalera
       *[other] escaleras
    } y { $snakes } { $snakes ->
        [one] serpiente
       *[other] serpientes
    }.
# The first line of a game: $game is play-game.
play-opening = { $game } Pulsa H para ver la ayuda.
# $seed is text: seeds are too large for numbers.
play-seed = Semilla { $seed }: vuelve a jugar esta partida con --seed { $seed }.
play-unknown-key = Tecla desconocida; pulsa H para ver la ayuda.
# Y is the key the game reads, whatever the language.
play-quit-confirm = ¿Salir de la partida? Pulsa Y para salir, o cualquier otra tecla para seguir.
play-go-on = Seguimos jugando.
play-quit = Partida detenida.
play-resumed = Partida reanudada tras { $rolls } { $rolls ->
        [one] tirada
       *[other] tiradas
    }.
play-saved = Partida guardada en { $path }: continúa con snakes play --resume { $path }
play-not-over = La partida se detiene aquí, sin terminar.
# After the sentence that tells the win.
play-game-over-keys = Pulsa S o Shift+S para ver el marcador, Q para salir.
