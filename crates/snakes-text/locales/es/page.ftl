## What a player holding a seat at the board page hears as the game goes on: their own roll
## in one short sentence, and the other players' moves not one by one (a bot moves faster than
## a sentence is said, and any key cuts a screen reader's queue short) but in one line when the
## turn comes back to them, "Bot 1, a la casilla 25; Bot 2, serpiente abajo hasta la 11. Te
## toca.", covering everything since their last roll.
##
## The clauses of a move have no verb: the same clause follows your own roll ("Sacaste un 4: a
## la casilla 26"), another player's name ("Bot 1, a la casilla 25") and, in catch-up-away,
## "tú" ("tú, a la casilla 25", when a bot played for you), and a Spanish verb would have to
## agree with each. The comma after the name stands for the verb left out; clause-join
## (status.ftl) then separates the players with a semicolon.

# Where one player's moves since your last roll took them: $step is went, climbed, slid,
# bounced or stayed; $to the square they ended on (0: off the board).
move-clause = { $step ->
    [climbed] escalera arriba hasta la { $to }
    [slid] serpiente abajo hasta la { $to }
    [bounced] de rebote a la { $to }
    [stayed] { $to ->
        [0] sin entrar en el tablero
       *[other] sin salir de la { $to }
    }
   *[went] a la casilla { $to }
}
# A token that move sent back: $move is the clause above; $you is "you" when it was yours,
# else $victim names its player; $to is the start square (0: off the board). The gerund keeps
# the clause without a conjugated verb: "a la casilla 14, mandándote fuera del tablero".
move-bump = { $move }, { $you ->
        [you] mandándote
       *[other] mandando a { $victim }
    } { $to ->
        [0] fuera del tablero
       *[other] de vuelta a la { $to }
    }
# One other player's moves: "Bot 1, a la casilla 25".
catch-up-move = { $name }, { $move }
# $moves: the clauses above, joined with clause-join.
catch-up-your-turn = { $moves }. Te toca.
# The game ended before your turn came back (the line that follows says who won).
# same-as-en
catch-up-game-over = { $moves }.

# Your own roll, in one sentence: "Sacaste un 4: a la casilla 26."
heard-own-roll = Sacaste { a-roll }: { $move }.
# The same with brief announcements: "4: a la casilla 26."
# same-as-en
heard-own-roll-brief = { $roll }: { $move }.

## Taking a seat at the board page. $table is the table's number; $seat counts from 1.
## The host is "quien creó la mesa": "anfitrión" would give the player a gender.

# $free: seats still free for people to join. "Empezar la partida" is the button ui-start.
seated-host = Mesa { $table }: la creaste tú y estás en el asiento { $seat }; { $free ->
        [0] con Tab llegas a Empezar la partida.
       *[other] cuando se sienten los demás, con Tab llegas a Empezar la partida.
    }
seated-joined = Mesa { $table }: ocupaste el asiento { $seat }; quien creó la mesa empieza la partida.

## The keys of the board page, said after the others by H.

help-screen-reader = Las teclas actúan sobre los botones de la partida; en el resto de la página, pon antes tu lector de pantalla en modo foco: Insert+A en Orca, Insert+barra espaciadora en NVDA, Insert+Z en JAWS.

## After a reconnection, or a page opened again: what happened meanwhile, in one line before
## whose turn it is ("Mientras no estabas: Bot 1, a la casilla 25; Bot 2, serpiente abajo hasta
## la 11.").

# $moves: the clauses of catch-up-move, joined with clause-join.
catch-up-away = Mientras no estabas: { $moves }.

page-lang-unknown = El idioma { $locale } no está disponible aquí, así que la página está en { $name }. Los idiomas son { $available }.

## The table's page: its name, the line under it, and the players.

# $table: the table's number.
page-title = Mesa { $table } – Serpientes y escaleras
# $board: classic or custom.
page-heading = Mesa { $table } ({ $board ->
        [classic] tablero clásico
       *[custom] tablero personalizado
    })
# $host: you when the listener is the host.
status-waiting = { $host ->
        [you] Esperando jugadores: empieza la partida cuando estén todos sentados.
       *[other] Esperando jugadores: quien creó la mesa empieza la partida.
    }
status-playing = { $you ->
        [you] En juego. Te toca.
       *[other] En juego. Le toca tirar a { $name }.
    }
# The player to roll has no connection: $grace, the seconds a seat waits before a bot plays it.
status-playing-gone = En juego. Le toca tirar a { $name }, pero se perdió la conexión con { $name }: un bot juega por { $name } { $grace ->
        [one] si pasa { $grace } segundo
       *[other] si pasan { $grace } segundos
    } sin conexión.
# Said when the player to roll loses the connection during the game, and when it comes back.
presence-gone = Se perdió la conexión con { $name }; un bot juega por { $name } { $grace ->
        [one] si pasa { $grace } segundo
       *[other] si pasan { $grace } segundos
    } sin conexión.
presence-back = { $name } recuperó la conexión.

# Joins the items of the players' notes and of the lobby's seats.
# same-as-en
page-list-join = { $first }, { $second }
# One row of the players' table: the name, then notes in brackets ($notes: some or none;
# $list: the notes, joined with page-list-join).
# same-as-en
player-label = { $notes ->
        [some] { $name } ({ $list })
       *[none] { $name }
    }
# same-as-en
player-note-bot = bot
# "Ausente" has one form for everyone.
player-note-away = ausente, juega un bot
player-note-gone = sin conexión
player-note-host = creó la mesa
player-note-you = tú
# The player whose turn it is ("el jugador de turno").
player-note-turn = de turno
player-free = asiento libre
# Where a token is, in the players' table (never "square 0").
player-off-board = fuera del tablero

## A table in the lobby's list.

lobby-table = Mesa { $table }
# $free: seats free for people.
lobby-waiting = { $free ->
        [0] Esperando el inicio
        [one] Esperando: un asiento libre
       *[other] Esperando: { $free } asientos libres
    }
lobby-playing = En juego
lobby-finished = Terminada: ganó { $name }
lobby-drawn = Terminada: empate
# $board: classic or custom; $squares: how many.
lobby-board = { $board ->
        [classic] Tablero clásico
       *[custom] Tablero personalizado
    } de { $squares } { $squares ->
        [one] casilla
       *[other] casillas
    }.
lobby-free-seat = asiento libre
# same-as-en
lobby-bot = { $name } (bot)
lobby-host = { $name } (creó la mesa)
lobby-open = Ir a la mesa { $table }
lobby-watch = Observar la mesa { $table }

## The board drawn on the page, in words: the drawing's title, the lists of ladders and snakes,
## each jump's tooltip.

board-title = Tablero de { $squares } { $squares ->
        [one] casilla
       *[other] casillas
    }: { $ladders } { $ladders ->
        [one] escalera
       *[other] escaleras
    }, { $snakes } { $snakes ->
        [one] serpiente
       *[other] serpientes
    }
board-ladders = Escaleras ({ $count })
board-snakes = Serpientes ({ $count })
board-jump = { $from } a { $to }
board-ladder-title = Escalera: sube de la { $from } a la { $to }
board-snake-title = Serpiente: baja de la { $from } a la { $to }
# same-as-en
lobby-row-said = { $name }: { $state }. { $board } { $seats }.
