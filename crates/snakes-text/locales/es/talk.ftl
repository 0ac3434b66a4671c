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


## Mensajes que no se enviaron a quien escucha: se le envían unos pocos por segundo de lo que
## dicen las personas con las que no habla (las personas con las que habla, y quienes juegan en
## su mesa, siempre). $name: quien dijo el primero; $others: cuántas personas más; $count: cuántos.
talk-unheard = { $others ->
    [0] { $name } dijo { $count ->
        [one] un mensaje más
       *[other] { $count } mensajes más
    }.
   *[other] { $name } y { $others ->
        [one] otra persona
       *[other] { $others } personas más
    } dijeron { $count } mensajes más.
}
# Lo mismo, cuando no se sabe quién los dijo (quien escucha se quedó atrás).
talk-missed = { $count ->
    [one] No se te envió un mensaje: demasiados a la vez.
   *[other] No se te enviaron { $count } mensajes: demasiados a la vez.
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
# Said once someone has said more messages than a listener can follow: the page keeps them in
# the Talk buffer without a word until they stop, then says how many ($count is at least 2).
talk-more = { $name } dijo { $count } mensajes más: [ y ] eligen el búfer Charla para leerlos.
