## Lo que dice la gente en una mesa y en el vestíbulo (talk.rs). Cada mensaje va dentro de un
## marco que nombra a quien lo dijo y que ningún nombre ni mensaje puede imitar. $text es el
## mensaje tal como se escribió: nunca se traduce.

talk-said = { $you ->
    [you] Tú dices: { $text }
   *[other] { $role ->
        [watcher] { $name }, que está mirando, dice: { $text }
       *[player] { $name } dice: { $text }
    }
}

## W: quién está aquí.

who-seat = Asiento { $seat }: { $label }.
who-watching = Mirando: { $names }.
who-watching-and-unnamed = Mirando: { $names }, y { $unnamed ->
    [one] una persona sin nombre
   *[other] { $unnamed } personas sin nombre
}.
who-watching-unnamed = Mirando: { $unnamed ->
    [one] una persona sin nombre
   *[other] { $unnamed } personas sin nombre
}.
who-watching-nobody = Nadie está mirando.

watcher-came = { $name } está mirando.
watcher-went = { $name } ha dejado de mirar.
