## The rule options and what each value means: the lobby's form of the board page
## (GET /api/rules) and `snakes rules` both read them from here. Each option has a label and a
## meaning; each value a meaning and a short name (-name, for the figures of each ending), all
## standing on their own (no sentence around them). Short names of an ending agree with
## "final" (masculine): "Estricto", "Exacto".

option-ending = Final
option-ending-meaning = Qué pasa cuando una tirada llevaría una ficha más allá de la última casilla
option-ending-bounce = Lo que sobra se cuenta hacia atrás desde la última casilla
option-ending-bounce-name = Estricto
option-ending-exact = La ficha no se mueve: hay que llegar justo a la última casilla
option-ending-exact-name = Exacto
option-ending-loose = La ficha termina igualmente: llegar a la última casilla o pasarla gana
option-ending-loose-name = Libre

option-start = Salida
option-start-meaning = Dónde empiezan las fichas
option-start-off-board = Fuera del tablero: la primera tirada entra
option-start-off-board-name = Fuera del tablero
option-start-square-1 = En la casilla 1 (así, un salto en la casilla 1 nunca se usa)
option-start-square-1-name = En la casilla 1

option-entry = Entrada
option-entry-meaning = Qué tiradas meten una ficha en el tablero desde la salida
option-entry-any-roll = Cualquier tirada entra, y la ficha cae en la casilla que marca
option-entry-any-roll-name = Cualquier tirada
option-entry-need-six = Solo un seis (la cara más alta del dado) entra, y la ficha cae en la casilla 6
option-entry-need-six-name = Un seis

option-six = Seis
option-six-meaning = Qué pasa al sacar un seis (la cara más alta del dado)
option-six-normal = Nada más: el turno pasa como tras cualquier tirada
# same-as-en
option-six-normal-name = Normal
option-six-roll-again = Quien lo saca vuelve a tirar
option-six-roll-again-name = Volver a tirar

option-collision = Casilla ocupada
option-collision-meaning = Qué pasa cuando una ficha cae en una casilla donde ya hay otra
option-collision-share = Las fichas comparten la casilla
option-collision-share-name = Compartir
option-collision-bump = La ficha que ya estaba allí vuelve a la salida
option-collision-bump-name = Mandar de vuelta

option-jumps = Saltos
option-jumps-meaning = Cuántas escaleras y serpientes sigue una sola jugada
option-jumps-single = Como mucho un salto por jugada
option-jumps-single-name = Un salto
option-jumps-chain = Todos los saltos, hasta una casilla sin ninguno (si la cola de una serpiente está al pie de una escalera, se sube)
option-jumps-chain-name = En cadena

option-die = Caras del dado
# $min and $max: the fewest and most faces a die may have.
option-die-meaning = Cuántas caras tiene el dado, de { $min } a { $max }; con otro dado, “seis” significa su cara más alta

## `snakes rules` without an argument.

options-heading = Opciones (la predeterminada primero):
presets-heading = Conjuntos de reglas predefinidos:
