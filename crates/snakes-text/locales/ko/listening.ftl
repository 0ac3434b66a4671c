## Listening back and listening less: the speech history (keys , . Shift+, Shift+.) and how
## much is said of the other players' moves.

# One line of the history read again: $number of $count lines, from 1; $text the line.
history-entry = { $count }줄 중 { $number }번째: { $text }
history-empty = 아직 아무 말도 없었어요.

## 기록의 버퍼: 전체, 게임, 사람들이 한 말, 답변.

buffer-all = 전체
buffer-game = 게임
buffer-talk = 대화
buffer-answers = 답변
buffer-last = { $buffer }, { $count }줄 중 { $number }번째: { $text }
buffer-empty = { $buffer }: 아직 없어요.
