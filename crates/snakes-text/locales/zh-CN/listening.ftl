## Listening back and listening less: the speech history (keys , . Shift+, Shift+.) and how
## much is said of the other players' moves.

# One line of the history read again: $number of $count lines, from 1; $text the line.
history-entry = 第{ $number }条，共{ $count }条：{ $text }
history-empty = 还没有播报过任何内容。
