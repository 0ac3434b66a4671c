## The fixed words of the board page: headings, labels, buttons and short notices. None takes
## an argument: the server writes them into the page, and hands them to its scripts as they are
## (words that depend on the game come with the game, from page.ftl). Every id begins "ui-".
## Buttons are infinitives ("Crear la mesa"), as Spanish interfaces write them.

ui-title = Serpientes y escaleras
ui-skip = Saltar al contenido
ui-language = Idioma
ui-language-go = Cambiar
ui-language-hint = Las flechas recorren los idiomas; Enter o Cambiar abre la página en el elegido.
ui-connecting = Conectando…
# Said of the connection, so that no word agrees with the player.
ui-connected = Conexión establecida.
ui-connection-lost = Se perdió la conexión: reconectando…
ui-server-restarting = El servidor se está reiniciando; reconectando.
ui-server-full = El servidor está lleno y cedió el lugar de esta página a alguien nuevo; se volverá a intentar en breve.
ui-help-more = %count% teclas más, cada una en una línea del historial: el punto lee la siguiente y la coma la anterior.
# Said at once for a key pressed, or a form sent, while the page has no connection.
ui-not-connected = Sin conexión: reconectando. Vuelve a intentarlo en un momento.

## The lobby.

ui-intro = Juega a Serpientes y escaleras entre 2 y 4 jugadores, personas o bots, con el teclado, de oído o a la vista: cada jugada se anuncia con palabras. Abre una de las mesas de abajo para unirte o mirar, o crea la tuya; la lista se actualiza sola.
ui-tables = Mesas
ui-col-table = Mesa
ui-col-seats = Asientos
ui-col-actions = Acciones
ui-no-tables = Todavía no hay mesas: crea una abajo.
ui-older-tables = Mesas más antiguas
ui-newer-tables = Mesas más recientes
ui-new-table = Mesa nueva
ui-your-name = Tu nombre
ui-board = Tablero
ui-board-classic = Clásico (10 por 10, 9 escaleras, 10 serpientes)
ui-board-custom = Pegar un tablero: una cuadrícula de LeetCode o una disposición en JSON o TOML
ui-board-text = Texto del tablero
ui-board-hint = Una cuadrícula como [[-1,-1],[-1,4]] (con la fila 0 arriba) o una disposición con tamaño, escaleras y serpientes.
# $size and $limit: kilobytes (1024 bytes), whole numbers.
ui-board-too-large = Este tablero ocupa { $size } KB al enviarlo; este servidor acepta tableros de { $limit } KB como máximo.
ui-rules = Reglas
ui-seats = Asientos
# same-as-en
ui-bots = Bots
ui-bots-hint = Los bots ocupan sus asientos al momento; siempre queda al menos un asiento para ti.
ui-create = Crear la mesa

## The table's page.

ui-game = Partida
ui-key-roll = Tirar ({ -key-roll })
ui-key-positions = Posiciones ({ -key-positions })
ui-key-turn = Turno ({ -key-turn })
ui-key-scores = Marcador ({ -key-scores })
ui-key-detailed = Marcador detallado ({ -key-detailed-scores })
ui-key-look = Mirar adelante ({ -key-look-ahead })
ui-key-square = Una casilla ({ -key-square })
ui-key-help = Ayuda ({ -key-help })
# Quoted: what a Spanish screen reader says when R finds no more radio buttons.
ui-sr-hint = Con lector de pantalla: las teclas actúan cuando el foco está en los botones de la partida, donde tu lector de pantalla las deja pasar. Si aun así responde él mismo a una tecla (con la R dice “no hay más botones de opción”), pásalo a modo foco: Insert+A en Orca, Insert+barra espaciadora en NVDA, Insert+Z en JAWS.
# The field G opens: a square's number, then Enter.
ui-square-label = Casilla que quieres mirar
ui-square-hint = Su número y Enter; vacío para tu propia casilla (si miras: la de quien tira). Escape vuelve a los botones de la partida.
ui-square-ask = Preguntar
ui-square-not-number = Escribe el número de la casilla en cifras, o nada para tu propia casilla (si miras: la de quien tira).
ui-start = Empezar la partida
ui-add-bot = Añadir un bot
ui-fill-bots = Llenar los asientos libres con bots
# Before the bot's name, on the host's button that removes it ("Quitar Bot 1").
ui-remove-bot = Quitar
ui-players = Jugadores
ui-col-player = Jugador
ui-col-seat = Asiento
ui-col-square = Casilla
# The squares left to the last one.
ui-col-to-go = Faltan
ui-join-name = Tu nombre, para ocupar un asiento
ui-join = Ocupar un asiento
ui-leave = Dejar el asiento
ui-leave-waiting = ¿Dejar tu asiento? Quedará libre para otra persona; puedes volver a ocupar un asiento libre.
ui-leave-playing = ¿Dejar tu asiento? Un bot jugará por ti hasta que vuelvas con “Recuperar mi asiento” ({ -key-come-back }).
ui-leave-yes = Dejarlo
ui-leave-no = Quedarme
ui-come-back = Recuperar mi asiento
# At the end of a game: a new table with the same board, rules, seats and bots, hosted by you.
ui-play-again = Volver a jugar
ui-settings = Ajustes
ui-brief = Anuncios breves
ui-sounds = Sonidos
ui-volume = Volumen
ui-sounds-hint = Un sonido corto para el dado, cada casilla, las escaleras, las serpientes, tu turno y la victoria; las palabras se siguen diciendo.
# How much is said of the other players' moves (the history keeps every one).
ui-others = Jugadas de los demás
ui-others-full = Cada jugada en el momento
ui-others-brief = En una línea cuando te toca
ui-others-jumps = Solo escaleras, serpientes, fichas mandadas de vuelta y victorias
ui-others-hint = Quien mira la partida oye cada jugada con las dos primeras opciones. El historial guarda todas las jugadas.
# The page's own voice (the browser's speech), for phones whose screen readers skip announcements.
ui-voice = La voz propia de la página
ui-voice-hint = La página dice ella misma cada anuncio, en orden, con la voz del navegador: para teléfonos, cuyos lectores de pantalla pueden saltárselos (baja la voz del lector de pantalla para oír solo esta). Una tecla que pulses detiene lo que está diciendo.
ui-voice-rate = Velocidad de la voz
ui-voice-name = Voz
ui-voice-default = La que elija el navegador
# Said by the page's voice when it is switched on or changed.
ui-voice-sample = La voz de la página está activada.
ui-board-words = El tablero en palabras
ui-history = Historial
ui-history-hint = Desde los botones de la partida, [ y ] eligen un búfer del historial (todo, la partida, la charla, las respuestas); coma y punto lo leen hacia atrás y hacia delante, cada línea con su número; Shift+coma y Shift+punto leen la primera y la última línea, y el apóstrofo otra vez la última.
# The start, off the board, as a label of the board drawn on the page.
ui-start-square = Salida
# Under the board: the dice's commitment (a SHA-256 hash follows), and once the game is over a
# link to the game's record.
ui-dice-commitment = Compromiso de los dados (SHA-256 de su clave):
ui-game-commitment = Compromiso de la partida (SHA-256 de esa clave con esta mesa, su tablero, sus reglas, sus asientos y sus jugadores):
ui-dice-verify = Verificar los dados
ui-dice-verify-how = (guarda el registro y luego ejecuta snakes verify con él).

## How long a game lasts here.

ui-analysis = Cuánto dura una partida aquí
ui-measuring = Midiendo este tablero…
ui-analysis-failed = No se pudieron calcular las cifras.
ui-analysis-caption = Turnos que necesita un jugador para terminar, y rondas de una partida en esta mesa, con cada final
ui-analysis-ending = Final
ui-analysis-expected = Turnos esperados
ui-analysis-median = Mediana
ui-analysis-p90 = Percentil 90
ui-analysis-rounds = Rondas esperadas en esta mesa
ui-analysis-games = Partidas terminadas aquí
ui-analysis-mean = Media de rondas observada
ui-analysis-in-force = en vigor
ui-analysis-figures = Cifras por final
ui-chart-title = Probabilidad de haber terminado como muy tarde en el turno t, una línea por final
ui-chart-turns = Turnos
# The chart's vertical axis: the chance of having finished (0 to 100 %).
ui-chart-finished = Terminado
ui-chart-legend = Probabilidad de que un jugador haya terminado como muy tarde en cada turno:
ui-chart-data = Las cifras del gráfico en una tabla
ui-chart-data-caption = Probabilidad de que un jugador haya terminado como muy tarde en el turno t
ui-chart-turn = Turno

## Hablar: el campo del mensaje, en una mesa y en el vestíbulo.

ui-key-talk = Hablar (/)
ui-talk-label = Decir a todos los que están aquí
ui-talk-hint = La barra (/) trae aquí desde cualquier parte de la página; Intro envía y vuelve a donde estabas, Escape vuelve sin enviar. Texto sencillo en una línea, hasta 300 caracteres.
ui-talk-send = Enviar
ui-talk-name = Tu nombre, para que los demás sepan quién habla
ui-lobby-talk = Hablar en el vestíbulo
ui-lobby-said = Lo que se ha dicho en el vestíbulo
ui-key-who = Quién está aquí ({ -key-who })

## Las acciones de la mesa con teclas, y las personas que están aquí.

ui-sounds-on = Sonidos activados.
ui-sounds-off = Sonidos desactivados.
ui-volume-now = Volumen { $volume }.
ui-no-bot = No hay ningún bot en esta mesa.
ui-people = Personas aquí
ui-people-hint = Silencia lo que dice alguien, solo para ti, o denúncialo ante la moderación; con tu sesión de miembro iniciada, bloquea a otro miembro en todas partes; quien creó la mesa puede quitar a una persona de la mesa (durante la partida un bot juega en su asiento), y quien modera, silenciarla o expulsarla. Escape vuelve a la partida.
ui-people-empty = Aún no hay nadie más aquí con asiento o que haya hablado.
ui-mute = Silenciar a { $name }
ui-remove-person = Quitar a { $name } de la mesa
ui-muted-now = No oirás lo que diga { $name }.
ui-unmuted-now = Vuelves a oír lo que dice { $name }.
ui-choose-table = Elige antes una mesa, con [ y ].

## Moderación: quien modera se identifica, actúa sobre alguien y revisa las listas; cualquiera
## denuncia a alguien ante la moderación.

ui-mod-sign-in = Acceso de moderación
ui-mod-sign-in-title = Identificarse para moderar
ui-mod-name = El nombre con el que moderas
ui-mod-key = Tu clave
ui-mod-key-hint = La clave que te dio quien administra el servidor. Esta pestaña la guarda hasta que se cierra, para volver a identificarte si recargas la página.
ui-mod-sign-in-go = Entrar
ui-mod-sign-in-needed = Escribe el nombre con el que moderas y tu clave.
ui-cancel = Cancelar
ui-mod-open = Moderación ({ -key-moderation })
ui-mod-title = Moderación
ui-mod-hint = Cada lista aparece aquí, una línea por entrada, con lo que se puede hacer con ella; Escape vuelve.
ui-mod-sanctions = Silencios y expulsiones
ui-mod-reports = Denuncias
ui-mod-log = Registro
ui-mod-older = Entradas anteriores
ui-mod-lift = Levantar
ui-mod-handled = Marcar como atendida
ui-mod-silence-someone = Silenciar a alguien
ui-mod-ban-someone = Expulsar a alguien
ui-mod-close-table = Cerrar esta mesa
ui-mod-close-reason = Por qué (se les dice a quienes juegan en ella)
ui-mod-close-go = Cerrar la mesa para siempre
ui-mod-back = Volver
ui-mod-remove-question = ¿Borrar el mensaje { $number }, { $text }?
ui-mod-remove-go = Borrar
ui-mod-nothing-to-remove = Aquí todavía nadie dijo nada.
ui-mod-silence-title = Silenciar a alguien en todas partes
ui-mod-ban-title = Expulsar a alguien del servidor
ui-mod-person = Su nombre, el que usa para hablar o jugar
ui-mod-for = Durante cuánto tiempo
ui-mod-10-minutes = 10 minutos
ui-mod-an-hour = Una hora
ui-mod-a-day = Un día
ui-mod-a-week = Una semana
ui-mod-30-days = 30 días
ui-mod-ban-what = Qué expulsar
ui-mod-ban-name = Su nombre
ui-mod-ban-address = La última dirección desde la que se conectó
ui-mod-ban-network = La red de esa dirección
ui-mod-reason = Por qué (se le dice a esa persona)
ui-mod-reason-optional = Por qué (se le dice a esa persona; puede quedar vacío)
ui-mod-reason-needed = Escribe el motivo: se le dice a quien expulsas.
ui-mod-name-needed = Escribe el nombre de la persona.
ui-mod-silence-go = Silenciar
ui-mod-ban-go = Expulsar
ui-mod-silence-10 = Silenciar a { $name } 10 minutos
ui-mod-silence-60 = Silenciar a { $name } una hora
ui-mod-silence-day = Silenciar a { $name } un día
ui-mod-ban-person = Expulsar a { $name }…
ui-report-person = Denunciar a { $name }
ui-block-person = Bloquear a { $name }
ui-unblock-person = Desbloquear a { $name }
ui-report-title = Denunciar a { $name } ante la moderación
ui-report-reason = Qué hizo
ui-report-go = Enviar la denuncia
ui-report-reason-needed = Escribe qué hizo: la moderación lo lee.
ui-banned = Un moderador te expulsó de este servidor.

## Miembros: una cuenta guarda un nombre para una sola persona, y sus ajustes en cada
## dispositivo donde inicie sesión. Para jugar no hace falta.

ui-account-sign-in = Iniciar sesión
ui-account-title = Inicia sesión o crea una cuenta
ui-account-hint = Una cuenta guarda tu nombre solo para ti, y tus ajustes en cada dispositivo donde inicies sesión. Puedes jugar sin ella.
ui-account-name = Nombre
ui-account-password = Contraseña
ui-account-password-hint = Para una cuenta nueva: de 8 a 128 caracteres, y que no sea el propio nombre.
ui-account-create = Crear cuenta
ui-account-needed = Escribe tu nombre y tu contraseña.
ui-account-signed-in = Sesión iniciada como { $name }
ui-account-welcome = Sesión iniciada como { $name }. Tus ajustes te acompañan.
ui-account-created = Cuenta creada. Sesión iniciada como { $name }: el nombre ya es solo tuyo.
ui-account-sign-out = Cerrar sesión
ui-account-sign-out-everywhere = Cerrar sesión en todas partes
ui-account-export = Descargar mis datos
ui-account-delete = Borrar la cuenta
ui-account-blocked = Bloqueados:
ui-account-signed-out = Sesión cerrada. Este navegador conserva tus ajustes.
ui-account-signed-out-everywhere = Sesión cerrada en todos tus dispositivos.
ui-account-delete-question = ¿Borrar para siempre la cuenta { $name }? Su nombre queda libre para cualquiera, y se borran sus ajustes y su lista de partidas; las partidas conservan el nombre con que se jugaron.
ui-account-delete-password = Tu contraseña, para confirmar
ui-account-delete-go = Borrar para siempre
ui-account-deleted = La cuenta { $name } está borrada: ahora juegas sin cuenta.
ui-account-ended = Ya no tienes la sesión iniciada: se cerró en todas partes, o se cumplieron sus 30 días.
ui-account-unreachable = El servidor no respondió: vuelve a intentarlo en un momento.
# Las partidas de un miembro (account.js, games.js): la lista de partidas terminadas, las
# cifras, y la repetición de una partida contada paso a paso.
ui-games-open = Mis partidas
ui-games-title = Mis partidas
ui-games-figures = Partidas jugadas: { $played }. Ganadas: { $won }.
ui-games-figure = { $board } { $rules } Jugadas: { $played }. Ganadas: { $won }.
ui-games-list = Partidas terminadas, la más reciente primero
ui-games-none = Todavía no hay partidas terminadas.
# same-as-en
ui-games-game = { $date }: { $outcome }
ui-games-details = { $board } { $rules } Asientos: { $seats }.
ui-games-turns = Turnos: { $turns }.
ui-games-close = Cerrar
ui-games-more = Más partidas
ui-games-record = Registro de la mesa { $table }
ui-games-record-hint = El registro de una partida guarda sus dados: el comando snakes verify lo comprueba.
ui-games-loading = Leyendo tus partidas…
ui-replay-title = Repetición de la mesa { $table }
ui-replay-keys = El punto dice el paso siguiente de la repetición, la coma el anterior; Escape la cierra.
ui-replay-opened = Repetición de la mesa { $table }: { $steps } pasos. El punto dice el primero.
ui-replay-next = Paso siguiente
ui-replay-back = Paso anterior
ui-replay-close = Cerrar la repetición
ui-replay-end = El final de la repetición.
ui-replay-start = El principio de la repetición.

## Llaves de acceso: iniciar sesión con el bloqueo del dispositivo (huella, cara, PIN) en vez de una contraseña.
ui-account-passkey-sign-in = Iniciar sesión con una llave de acceso
ui-account-passkey-create = Registrarse con una llave de acceso
ui-account-passkey-hint = Una llave de acceso inicia tu sesión con el bloqueo de este dispositivo (huella, cara o PIN) en vez de una contraseña. Para registrarte con una, escribe primero tu nombre.
ui-account-passkey-name-needed = Escribe primero el nombre de la cuenta nueva.
ui-account-passkey-cancelled = No se usó ninguna llave de acceso: se cerró el diálogo del navegador. Vuelve a intentarlo cuando quieras.
ui-account-passkey-here-already = Este dispositivo ya guarda una llave de acceso de tu cuenta: añade otra desde otro dispositivo.
ui-account-passkey-failed = Esa llave de acceso no inició tu sesión. Prueba con otra, o con tu nombre y tu contraseña.
ui-account-passkeys = Llaves de acceso
ui-account-passkeys-title = Tus llaves de acceso
ui-account-passkeys-none = Todavía no tienes ninguna llave de acceso.
ui-account-passkey-entry = { $label }, añadida el { $made }, usada por última vez el { $used }
ui-account-passkey-entry-unused = { $label }, añadida el { $made }, sin usar todavía
ui-account-passkey-remove = Quitar { $label }
ui-account-passkey-add = Añadir una llave de acceso
ui-account-passkey-added = Llave de acceso añadida: ya puedes iniciar sesión con ella.
ui-account-passkey-removed = Llave de acceso quitada: { $label }.
ui-close = Cerrar
ui-account-delete-passkey = Tu cuenta no tiene contraseña: confirma con una de tus llaves de acceso.
