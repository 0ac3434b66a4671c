## Listening back and listening less: the speech history (keys , . Shift+, Shift+.) and how
## much is said of the other players' moves.

# One line of the history read again: $number of $count lines, from 1; $text the line.
history-entry = { $count }줄 중 { $number }번째: { $text }
history-empty = 아직 아무 말도 없었어요.
