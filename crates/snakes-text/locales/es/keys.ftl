## The keys, for H or ?. Keys keep their names (R, C, Shift+S); Space is "barra espaciadora".

help-intro = Teclas:
help-roll = { -key-roll } o barra espaciadora: tirar el dado.
help-positions = { -key-positions }: la posición de cada jugador.
help-turn = { -key-turn }: a quién le toca.
help-scores = { -key-scores }: el marcador, en resumen.
help-detailed = { -key-detailed-scores }: el marcador detallado.
help-look = { -key-look-ahead }: lo que haría cada cara del dado a quien le toca tirar.
help-square = { -key-square }, el número de una casilla y Enter: qué hay en esa casilla y la próxima escalera y la próxima serpiente; { -key-square } y Enter solos: tu casilla.
help-history = Coma y punto: la línea dicha antes y la dicha después de la última que se volvió a leer; Shift+coma (<) y Shift+punto (>): la primera y la última.
help-repeat = { -key-repeat }: el último anuncio otra vez.
help-help = { -key-help } o ?: estas teclas.
help-come-back = { -key-come-back }: recuperar tu asiento del bot que juega en él desde que dejaste la mesa.
help-board = { -key-board }: mostrar el tablero como texto.
help-game = { -key-game }: jugadores, tablero, reglas y semilla de esta partida.
help-quit = { -key-quit }: salir.
help-talk = Barra (/): decir algo a todos los que están aquí; Intro lo envía y vuelve a donde estabas, Escape vuelve sin enviarlo.
help-buffers = [ y ]: el búfer anterior y el siguiente del historial (todo, la partida, la charla, las respuestas), dicho con su última línea; coma, punto, Shift+coma y Shift+punto leen luego ese búfer.
help-buffer-last = Apóstrofo ('): la última línea del búfer elegido, otra vez (en el vestíbulo, de su historial).
help-who = { -key-who }: quién está aquí: cada asiento (una persona o un bot, conectada o no, a quién le toca) y quién está mirando.
help-start = { -key-start } (quien creó la mesa, antes de empezar): empezar la partida.
help-bots = { -key-add-bot } y { -key-remove-bot } (quien creó la mesa, antes de empezar): sentar un bot; quitar el último bot sentado.
help-leave = { -key-leave }: dejar tu asiento (se pregunta antes; durante la partida un bot juega por ti hasta que { -key-come-back } te lo devuelve).
help-people = { -key-people }: las personas que están aquí, para silenciar lo que dice alguien, bloquear a un miembro (con tu sesión iniciada) y, quien creó la mesa, para quitar a alguien de la mesa; Escape vuelve.
help-sounds = 0: sonidos sí o no; menos (-) e igual (=): los sonidos más bajos y más altos.
help-new-table = { -key-new-table }: el formulario que crea una mesa.
help-tables = [ y ] (en el vestíbulo): la mesa anterior y la siguiente de la lista, dicha como su fila; Intro la abre.
help-join = { -key-join }: ocupar un asiento en la mesa elegida.
help-watch = { -key-watch }: mirar la mesa elegida.
help-moderation = { -key-moderation } (moderación): los silencios y expulsiones en vigor, las denuncias, el registro, silenciar o expulsar a alguien y, en una mesa, cerrarla; Escape vuelve.
help-remove-message = { -key-remove-message } (moderación): borrar el mensaje de la conversación que leíste por última vez con coma y punto (el último, si no leíste ninguno), tras una pregunta.
help-account = { -key-account }: iniciar sesión, o crear una cuenta que guarda tu nombre y tus ajustes; con la sesión iniciada, los botones de tu cuenta.
