## Listening back and listening less: the speech history (keys , . Shift+, Shift+.) and how
## much is said of the other players' moves.

# One line of the history read again: $number of $count lines, from 1; $text the line.
history-entry = 第{ $number }条，共{ $count }条：{ $text }
history-empty = 还没有播报过任何内容。

## 历史记录的分区：全部、游戏、大家说的话、回答。

buffer-all = 全部
buffer-game = 游戏
buffer-talk = 聊天
buffer-answers = 回答
buffer-last = { $buffer }，第{ $number }条，共{ $count }条：{ $text }
buffer-empty = { $buffer }：还没有内容。
