## Why something was refused. Every refusal says why: silence is a bug.

refusal-not-your-turn = { $you ->
    [you] Ahora te toca a ti.
   *[other] Ahora le toca a { $name }.
}
refusal-game-over = { $you ->
    [you] La partida terminó: ganaste.
   *[other] La partida terminó: ganó { $name }.
}
refusal-game-drawn = La partida terminó en empate.
refusal-not-started = La partida todavía no está en marcha.
refusal-already-started = La partida ya está en marcha.
# $seat counts from 1.
refusal-seat-taken = El asiento { $seat } ya está ocupado.
refusal-not-seated = No tienes asiento en esta mesa.
refusal-bot-plays-for-you = Un bot juega en tu asiento desde que dejaste la mesa: pulsa { -key-come-back } para recuperarlo.
refusal-not-away = Ya juegas tú en tu asiento: ningún bot juega por ti.
# The host is "quien creó la mesa" (see page.ftl).
refusal-not-host = Solo quien creó la mesa puede hacer eso.
refusal-table-full = Esta mesa está completa.
refusal-no-such-table = Esa mesa no existe.
refusal-not-enough-players = Hacen falta al menos dos jugadores para empezar.
# $got and $expected: the numbers of the last event the sender had seen and of the table's last.
refusal-stale-seq = La partida avanzó antes de que eso llegara, así que no se hizo nada; si es tu turno, pulsa { -key-roll } otra vez.
refusal-bad-message = No se entendió el mensaje: { $detail }
refusal-too-large = El mensaje es demasiado grande: el límite es { $limit } { $limit ->
        [one] byte
       *[other] bytes
    }.
refusal-too-many-requests = Demasiadas solicitudes: espera un momento y vuelve a intentarlo.
refusal-too-many-tables = Hay demasiadas mesas abiertas: únete a una o vuelve a intentarlo más tarde.
refusal-bad-board = No se puede usar el tablero: { $detail }
refusal-bad-rules = No se pueden usar las reglas: { $detail }
refusal-bad-name = No se puede usar ese nombre: { $detail }
refusal-bad-text = No se puede enviar ese mensaje: { $detail }
refusal-no-name = Ponte un nombre antes de hablar, para que los demás sepan quién habla.
refusal-talk-too-fast = Hablas más rápido de lo que los demás pueden escuchar: espera un momento y vuelve a decirlo.
refusal-network-talk-too-fast = Ahora mismo hablan aquí tantas personas de tu red que los demás no oirían otra cosa: espera un momento y vuelve a decirlo.
refusal-bad-seats = No se puede preparar esa mesa: { $detail }.
refusal-store-failed = El servidor no pudo registrarlo, así que no se hizo: vuelve a intentarlo.
refusal-not-found = No hay nada en esta dirección.
refusal-method-not-allowed = Esta dirección no acepta ese tipo de solicitud.
# $origin: the site whose page sent the request, as http://example.com.
refusal-bad-origin = Una página de { $origin } no puede jugar aquí: abre el juego desde la dirección de este servidor.
# $address: where the server that serves the table now is reached (http://host:port).
refusal-moved = Ahora esta mesa la atiende el servidor de { $address }: pasando allí.
refusal-quarantined = No se puede jugar en esta mesa: su registro en la base de datos del servidor está dañado. Ya se ha avisado a quien administra el servidor.
refusal-unknown-locale = Aquí no hay catálogo para el idioma { $locale }: los idiomas son { $available }.
refusal-already-seated = Ya tienes un asiento en esta mesa.
refusal-too-many-open-tables = Hay demasiadas mesas abiertas desde tu dirección o tu red: juega en una de ellas o vuelve a intentarlo cuando se cierre alguna.

## What exactly was wrong ($detail above), for the problems the server puts in words. They
## follow a colon, so they begin in lower case. $seat counts from 0 here, as in the protocol.

detail-name-empty = un nombre necesita al menos una letra
detail-name-too-long = un nombre tiene como máximo { $max } { $max ->
        [one] carácter
       *[other] caracteres
    }
detail-name-control = un nombre no puede contener caracteres de control
# $code: the character's code point, as U+200B.
detail-name-character = un nombre no puede contener { $code }, un carácter que no se ve o no se distingue de otros
detail-name-reserved = “{ $name }” es un nombre reservado para los bots
# The word is the one the sentences use for the listener (status.ftl, `you`).
detail-name-you = “{ $name }” se leería como “tú” en las frases del juego
detail-name-number = “{ $name }” se leería como un número en las frases del juego
detail-name-taken = “{ $name }” ya está en esta mesa
detail-name-game-word = “{ $name }” contiene “{ $word }”, una palabra de las frases del juego, y se oiría como parte de una
detail-name-mark = “{ $name }” contiene “{ $mark }”, un signo que las frases del juego ponen entre sus partes
detail-name-joins = “{ $name }” contiene “{ $word }”, que une dos nombres: se oiría como dos jugadores
detail-name-taken-lobby = “{ $name }” ya está hablando en el vestíbulo
detail-text-empty = un mensaje necesita al menos una letra
detail-text-too-long = un mensaje tiene como máximo { $max } caracteres
detail-text-control = un mensaje es una sola línea: no puede contener saltos de línea ni otros caracteres de control
detail-text-character = un mensaje no puede contener { $code }, un carácter que no se ve o no se distingue de otros
detail-text-frame = un mensaje no puede contener “{ $frame }”: sonaría como si hablara otra persona
# $highest: the table's last seat.
detail-no-such-seat = esta mesa tiene los asientos del 0 al { $highest }, no el { $seat }
detail-no-bot = en el asiento { $seat } no hay ningún bot
detail-no-person = en el asiento { $seat } no hay ninguna persona que quitar
detail-remove-yourself = quien creó la mesa se va con Salir, no quitándose a sí mismo
detail-seat-count = una mesa tiene de 2 a 4 asientos, no { $seats }
detail-too-many-bots = { $bots ->
        [one] { $bots } bot no te deja
       *[other] { $bots } bots no te dejan
    } asiento en una mesa de { $seats } { $seats ->
        [one] asiento
       *[other] asientos
    }
detail-protocol = este servidor usa el protocolo { $server }, no el { $client }; recarga la página
detail-board-too-large = este servidor juega en tableros de { $max } { $max ->
        [one] casilla
       *[other] casillas
    } como máximo, no de { $squares }
detail-slow-body = el cuerpo de la solicitud no llegó a tiempo
detail-not-websocket = esta dirección solo acepta conexiones WebSocket
detail-binary-frame = las tramas binarias no forman parte del protocolo; envía texto JSON
# The board page's analysis could not be made: the server failed, not the board.
detail-analysis-failed = el análisis falló; inténtalo de nuevo

## Names heard inside the game's sentences (names.rs).

# Las palabras que un nombre puede contener aunque las frases del juego las digan: solo unen
# las palabras de un nombre («María de la Cruz»). Separadas por espacios; {""} si no hay.
name-glue-words = de del la las el los
# Las palabras con que las frases se dirigen a quien escucha («tú», «te»). Separadas por espacios.
name-you-words = tú tu tus te ti usted contigo
# The words that join two names ("and"): a name holding one between two of its parts is heard as
# two players and refused (Korean particles such as 와 and 과 count at the end of a word).
# Separated by spaces.
name-and-words = y e más

## Negativas de la moderación (docs/serve.md, "Moderation").

refusal-not-moderator = Solo un moderador puede hacer eso.
refusal-bad-key = Ese nombre y esa clave no son de un moderador.
refusal-silenced = Un moderador te silenció hasta el { $until } UTC{ $why ->
    [none] .
   *[given] : { $reason }
}
refusal-banned = Un moderador te expulsó de este servidor hasta el { $until } UTC: { $reason }
refusal-no-such-person = Aquí no hay nadie que se llame { $name }.
refusal-no-such-message = Aquí no hay ningún mensaje { $n }.
refusal-no-such-entry = Nada en vigor ni pendiente tiene el número { $id }.
refusal-bad-span = { $unit ->
    [minutes] Un silencio dura de 1 minuto a { $most } minutos.
   *[hours] Una expulsión dura de 1 hora a { $most } horas.
}
refusal-no-reason = Da un motivo: la persona lo recibe y los moderadores lo leen.

## Negativas de las cuentas (docs/protocol.md, "Members").

refusal-name-taken = No puedes usar «{ $name }»: se parece demasiado al nombre de un miembro, si no es el mismo. Elige otro.
refusal-name-held = El nombre «{ $name }» es de un miembro: solo ese miembro puede usarlo, con su sesión iniciada. Elige otro.
refusal-bad-sign-in = Ese nombre y esa contraseña no son de ninguna cuenta.
refusal-bad-password = Una contraseña tiene de { $min } a { $max } caracteres y no es el nombre de la cuenta.
refusal-too-many-sign-ins = Demasiados intentos de iniciar sesión: espera un minuto y vuelve a intentarlo.
refusal-not-signed-in = Inicia sesión primero: solo un miembro puede hacer eso.
refusal-not-a-member = Solo se puede bloquear a un miembro: nadie tiene una cuenta con el nombre «{ $name }».
refusal-block-yourself = No puedes bloquear tu propia cuenta.
refusal-not-open-to-you = Esta mesa no te acepta: elige otra.
refusal-bad-passkey = No se pudo comprobar esa llave de acceso: inténtalo de nuevo o usa otra.
refusal-last-passkey = Esa llave de acceso es tu única forma de iniciar sesión: añade otra primero.
