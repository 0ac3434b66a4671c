## Listening back and listening less: the speech history (keys , . Shift+, Shift+.) and how
## much is said of the other players' moves.

# One line of the history read again: $number of $count lines, from 1; $text the line.
history-entry = { $number } of { $count }: { $text }
history-empty = Nothing has been said yet.
