## The rules in force, said in one line (under the board and at the start of a game). They
## speak to the player as "tú", as a rule book does ("si te pasas").

rules-ending-bounce = Final estricto: hay que caer justo en la casilla { $last }; si te pasas, retrocedes lo que sobra.
rules-ending-exact = Final exacto: hay que caer justo en la casilla { $last }; si la tirada se pasa, la ficha no se mueve.
rules-ending-loose = Final libre: gana cualquier tirada que llegue a la casilla { $last } o la pase.
rules-start-square-1 = Las fichas empiezan en la casilla 1.
rules-entry-need-six = Solo se entra en el tablero con { a-top }.
rules-six-roll-again = Quien saca { a-top } vuelve a tirar.
rules-collision-bump = Caer en una casilla ocupada manda de vuelta a la salida a la ficha que estaba allí.
rules-jumps-chain = Los saltos se encadenan: si una escalera o una serpiente termina en otra, también se sigue.
rules-die = El dado tiene { $top } caras.
# "House rules" are the options of options.ftl: "reglas opcionales".
rules-no-house-rules = Sin reglas opcionales.
# same-as-en
rules-join = { $first } { $second }
