## The terminal game (`snakes play`): its opening, its keys and how it stops.

# The name of the one person playing when --players gives none (said as "tú").
play-default-name = Jugador
# The built-in board's name in play-game's $board (a file's name is as typed).
play-board-classic = clásico
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
play-opening = { $game } Pulsa { -key-help } para ver la ayuda.
# $seed is text: seeds are too large for numbers.
play-seed = Semilla { $seed }: vuelve a jugar esta partida con --seed { $seed }.
play-unknown-key = Tecla desconocida; pulsa { -key-help } para ver la ayuda.
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
play-game-over-keys = Pulsa { -key-scores } o { -key-detailed-scores } para ver el marcador, { -key-quit } para salir.

## What is wrong with the options of snakes play, or with a save file.

play-too-many-names = --players: { $names } nombres; de 1 a { $max } personas pueden compartir un teclado (añade --bots para tener más jugadores)
play-bad-name = --players: { $name } no puede ser un nombre: { $detail }
play-empty-name = --players: el nombre { $number } está vacío (escribe los nombres separados por comas, como "Ana,Bo")
play-too-few-players = una partida necesita al menos dos jugadores: indica otro nombre con --players o añade --bots 1
play-too-many-players = { $players } jugadores; una partida tiene como máximo { $max }
play-same-name = --players: { $name } repite el nombre { $first }; cada jugador necesita un nombre propio
play-endless = { $file }: { $warning }; elige otro tablero u otras reglas
play-no-keys = no se pueden leer las teclas del terminal: { $detail }
save-not-a-file = no se puede guardar la partida en { $path }: no es un archivo normal
save-cannot-write = no se puede guardar la partida en { $path }: { $reason ->
    [not-found] no existe el archivo
    [no-folder] no existe la carpeta { $detail }
    [denied] permiso denegado
    [directory] es un directorio
   *[other] { $detail }
}
save-not-a-game = { $path }: no es una partida guardada: { $detail }
save-wrong-version = { $path }: no es una partida guardada de esta versión (kind { $kind }, version { $version }; se esperaba kind { $expected_kind }, version { $expected_version })
save-bad-board = tablero: { $message }
save-bad-rules = reglas: { $message }
save-first-changed = con la semilla { $seed } empieza el asiento { $drawn }, no el { $saved }: el archivo se modificó
save-roll-after-end = tirada { $number }: la partida ya había terminado
save-roll-changed = la tirada { $number } es un { $saved }, pero la semilla { $seed } da un { $drawn }: el archivo se modificó

## snakes join: a server's tables from the terminal. The server says the game's sentences; these
## are the program's own lines around them. $server is a page's address (http://host:8080/).

join-bad-address = { $address } no es la dirección de un servidor: indica http://servidor:puerto, https://servidor o la dirección de la página de una mesa, como http://servidor:8080/#/table/3
join-bad-name = --name: { $name } no puede ser un nombre: { $detail }
join-connecting = Conectando con { $server }.
join-password = Contraseña de { $name }:{" "}
join-no-password = --member necesita la contraseña de la cuenta: define { $variable } o ejecuta snakes join en una terminal para que te la pida.
join-sign-in-failed = --member: no se pudo iniciar sesión como { $name }: { $why }
join-signed-in = Sesión iniciada como { $name }.
join-connected = Conectado con { $server }.
# $reason: the system's words, in English.
join-cannot-connect = No se puede conectar con { $server } ({ $reason }); se vuelve a intentar.
join-lobby = { $count ->
        [0] Todavía no hay mesas.
        [one] Una mesa.
       *[other] { $more ->
            [yes] Las { $count } mesas más nuevas; después, las más antiguas.
           *[no] { $count } mesas.
        }
    } { -key-new-table } crea una; [ y ] recorren la lista, { -key-join } toma un asiento, { -key-watch } o Intro para mirar; { -key-help } para todas las teclas.
join-no-tables = Todavía no hay mesas: { -key-new-table } crea una.
join-seated = Mesa { $table }: ocupas el asiento { $seat }; el anfitrión empieza la partida.
join-seated-host = Mesa { $table }: eres el anfitrión, asiento { $seat }. { -key-add-bot } sienta a un bot; { -key-start } empieza la partida.
join-ask-name = Tu nombre y luego Intro (Escape: ahora no):
join-ask-seats = Asientos de la mesa, de 2 a 4, y luego Intro (solo Intro: 2):
join-ask-bots = Bots entre ellos, de 0 a { $most }, y luego Intro (solo Intro: ninguno):
join-ask-rules = Reglas y luego Intro (solo Intro: las reglas estándar; snakes rules muestra las demás):
join-ask-talk = Di algo a todos los presentes y luego Intro (Escape: ahora no):
join-cancelled = No se ha enviado nada.
join-bad-number = { $value } no es un número de { $min } a { $max }.
# Y is the key the program reads, whatever the language.
join-quit-confirm = ¿Salir? Tu asiento sigue siendo tuyo: snakes join de nuevo lo recupera. Pulsa Y para salir, o cualquier otra tecla para seguir.
join-leave-confirm = ¿Dejar tu asiento? Pulsa Y para dejarlo, o cualquier otra tecla para quedarte.
join-go-on = Te quedas.
