## The keys, for H or ?. Key names stay as on the keyboard; Space is 스페이스.

help-intro = 키 안내:
help-roll = R 또는 스페이스: 주사위 굴리기.
help-positions = C: 모든 말의 위치.
help-turn = T: 누구 차례인지.
help-scores = S: 순위 요약.
help-detailed = Shift+S: 자세한 기록.
help-help = H 또는 ?: 이 키 안내.
help-board = B: 게임판을 글로 보기.
help-game = I: 이 게임의 플레이어, 게임판, 규칙, 시드.
help-quit = Q: 끝내기.
