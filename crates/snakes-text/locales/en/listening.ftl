## Listening back and listening less: the speech history (keys , . Shift+, Shift+.) and how
## much is said of the other players' moves.

# One line of the history read again: $number of $count lines, from 1; $text the line.
history-entry = { $number } of { $count }: { $text }
history-empty = Nothing has been said yet.

## The history's buffers, as audio games have them: all of it, the game (its moves and news),
## what people said, the answers to the keys and the refusals. [ and ] move between them; the
## page fills in $buffer (a buffer's name), $number, $count and $text.

buffer-all = All
buffer-game = Game
buffer-talk = Talk
buffer-answers = Answers
# The buffer just chosen, said with its last line.
buffer-last = { $buffer }, { $number } of { $count }: { $text }
buffer-empty = { $buffer }: nothing yet.
