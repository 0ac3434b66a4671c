## Tables and games coming and going. $name: a player's display name; $seat counts from 1.

# The name a new bot gets: $number counts from 1.
# same-as-en
bot-name = Bot { $number }
# The name of a seat whose player has none: $number counts from 1.
player-name = Jugador { $number }
# How the person of a seat hears it named while a bot plays it since they left ("Your bot rolled
# a 4 ..."): a name, in every sentence that names a player.
stand-in-name = tu bot
table-joined = { $name } ocupó el asiento { $seat }.
table-left = { $name } dejó la mesa.
table-bot-added = { $name }, un bot, ocupó el asiento { $seat }.
table-bot-removed = { $name }, un bot, dejó la mesa.
# $players: how many play.
table-started = La partida empezó con { $players } { $players ->
        [one] jugador
       *[other] jugadores
    }.

## News about one player of the game: $you is "you" for the listener's own seat (the one who
## acted hears it in the first person), else "other"; $name is the player's display name.
## "Por { $name }" and "hasta que vuelva" need no pronoun that would show a gender.

table-left-bot-plays = { $you ->
    [you] Dejaste la mesa; tu bot juega por ti hasta que recuperes tu asiento con { -key-come-back }.
   *[other] { $name } dejó la mesa; desde ahora juega un bot por { $name }.
}
table-away-bot-plays = { $you ->
    [you] Perdiste la conexión; juega un bot por ti hasta que vuelvas.
   *[other] { $name } perdió la conexión; juega un bot por { $name } hasta que { $name } vuelva.
}
table-reclaimed = { $you ->
    [you] Estás de vuelta y sigues jugando.
   *[other] { $name } está de vuelta y sigue jugando.
}
table-timer-rolled = { $you ->
    [you] Tardaste demasiado; se tiró el dado por ti.
   *[other] { $name } tardó demasiado; se tiró el dado por { $name }.
}
# The one sentence that tells the win, said once: $turns is the winner's own turns, which is
# the round the game ended in (every player has one turn a round).
table-finished = { $you ->
    [you] ¡Ganaste la partida en la ronda { $turns }!
   *[other] { $name } ganó la partida en la ronda { $turns }.
}
# $turns: every player's turns together, the most the server plays.
table-drawn = La partida terminó en empate tras { $turns } { $turns ->
        [one] turno
       *[other] turnos
    }, el máximo que juega este servidor.
table-closed = La mesa se cerró: no quedaba ninguna persona jugando.
table-closed-by = { $name }, del equipo de moderación, cerró la mesa.
table-closed-by-reason = { $name }, del equipo de moderación, cerró la mesa: { $reason }.
table-removed = { $you ->
    [you] Quien creó la mesa te ha quitado de la mesa.
   *[other] Quien creó la mesa ha quitado a { $name } de la mesa.
}
table-removed-bot-plays = { $you ->
    [you] Quien creó la mesa te ha quitado de la mesa; desde ahora un bot juega en tu asiento.
   *[other] Quien creó la mesa ha quitado a { $name } de la mesa; desde ahora un bot juega por { $name }.
}
