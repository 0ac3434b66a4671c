## Listening back and listening less: the speech history (keys , . Shift+, Shift+.) and how
## much is said of the other players' moves.

# One line of the history read again: $number of $count lines, from 1; $text the line.
history-entry = { $number } de { $count }: { $text }
history-empty = Todavía no se ha dicho nada.

## Los búferes del historial: todo, la partida, lo que dice la gente, las respuestas.

buffer-all = Todo
buffer-game = Partida
buffer-talk = Charla
buffer-answers = Respuestas
buffer-last = { $buffer }, { $number } de { $count }: { $text }
buffer-empty = { $buffer }: nada todavía.
