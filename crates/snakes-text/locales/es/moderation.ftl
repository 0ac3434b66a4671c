## Moderación (docs/serve.md, "Moderation"): lo que se le dice a un moderador, lo que oyen las
## personas sobre las que actúa y las listas que lee. $until y $when: fecha y hora en UTC.

mod-signed-in = Ahora eres el moderador { $name }. { $reports ->
    [0] No hay denuncias pendientes.
    [one] Hay una denuncia pendiente.
   *[other] Hay { $reports } denuncias pendientes.
}
mod-silenced = { $name } queda silenciado en todas partes hasta el { $until } UTC.
mod-banned = { $scope ->
    [address] La dirección de { $name }, { $network }, queda expulsada hasta el { $until } UTC.
    [network] La red de { $name }, { $network }, queda expulsada hasta el { $until } UTC.
   *[name] El nombre { $name } queda expulsado hasta el { $until } UTC.
}
mod-lifted = El número { $id } queda levantado.
mod-removed = El mensaje { $n } queda borrado.
mod-closed = La mesa { $table } queda cerrada.
mod-handled = La denuncia { $id } queda atendida.
mod-report-came = Nueva denuncia: { $by } denunció a { $name }: { $reason }
mod-message-removed = Un moderador borró este mensaje.
mod-reported = Tu denuncia sobre { $name } llegó a los moderadores.

notice-silenced = Un moderador te silenció hasta el { $until } UTC{ $why ->
    [none] .
   *[given] : { $reason }
}
notice-banned = Un moderador te expulsó de este servidor hasta el { $until } UTC: { $reason }
notice-unsilenced = Tu silencio terminó: ya puedes volver a hablar.

mod-list-sanctions = { $count ->
    [0] No hay ningún silencio ni expulsión en vigor.
    [one] Hay un silencio o expulsión en vigor:
   *[other] Hay { $count } silencios y expulsiones en vigor:
}
mod-list-reports = { $count ->
    [0] No hay denuncias pendientes.
    [one] Hay una denuncia pendiente:
   *[other] Hay { $count } denuncias pendientes:
}
mod-list-log = { $count ->
    [0] El registro está vacío.
   *[other] El registro de moderación, de lo más reciente a lo más antiguo{ $more ->
        [yes] ; la página siguiente tiene entradas más antiguas:
       *[no] :
    }
}
mod-line-silence = Número { $id }: { $whom } está silenciado hasta el { $until } UTC, por { $by }{ $why ->
    [none] .
   *[given] : { $reason }
}
mod-line-ban = Número { $id }: { $whom } está expulsado hasta el { $until } UTC, por { $by }: { $reason }
mod-line-report = Denuncia { $id }, { $when } UTC, { $place ->
    [lobby] en la sala
   *[table] en la mesa { $table }
}: { $by } denunció a { $name }: { $reason }. { $count ->
    [0] No dijo nada allí.
    [one] Su mensaje: { $said }
   *[other] Sus últimos { $count } mensajes: { $said }
}
mod-line-log = { $when } UTC: { $by } { $action ->
    [silence] silenció a { $whom } hasta el { $until } UTC
    [ban] expulsó a { $whom } hasta el { $until } UTC
    [lift] levantó { $whom }
    [remove] borró { $whom }
    [close] cerró { $whom }
    [grant] nombró moderador a { $whom }
    [revoke] le quitó el papel de moderador a { $whom }
    [handle_report] atendió { $whom }
   *[other] { $action } { $whom }
}{ $why ->
    [none] .
   *[given] : { $reason }
}
mod-whom-message = el mensaje { $n } de { $name } { $place ->
    [lobby] en la sala
   *[table] en la mesa { $table }
}: "{ $text }"
mod-whom-table = la mesa { $table }
mod-whom-report = la denuncia { $id }
mod-whom-number = el número { $id }
