## The keys, for H or ?. Key names stay as on the keyboard; Space is 스페이스.

help-intro = 키 안내:
help-roll = R 또는 스페이스: 주사위 굴리기.
help-positions = C: 모든 말의 위치.
help-turn = T: 누구 차례인지.
help-scores = S: 순위 요약.
help-detailed = Shift+S: 자세한 기록.
help-look = L: 굴릴 차례인 플레이어에게 주사위 눈마다 무슨 일이 생기는지.
help-square = G, 칸 번호, Enter: 그 칸에 무엇이 있는지와 그다음 사다리와 뱀. G와 Enter만 누르면 내 칸.
help-history = 쉼표와 마침표: 마지막으로 다시 들은 줄의 앞줄과 뒷줄. Shift+쉼표(<)와 Shift+마침표(>): 처음 줄과 마지막 줄.
help-repeat = A: 마지막 안내를 다시 듣기.
help-help = H 또는 ?: 이 키 안내.
help-come-back = J: 내가 나간 뒤로 봇이 플레이하던 내 자리를 되찾기.
help-board = B: 게임판을 글로 보기.
help-game = I: 이 게임의 플레이어, 게임판, 규칙, 시드.
help-quit = Q: 끝내기.
