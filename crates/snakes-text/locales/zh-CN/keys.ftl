## The keys, for H or ?.

help-intro = 按键：
help-roll = R 或空格键：掷骰子。
help-positions = C：所有人的位置。
help-turn = T：轮到谁了。
help-scores = S：战况简报。
help-detailed = Shift+S：详细战况。
help-help = H 或问号：列出这些按键。
help-board = B：用文字显示棋盘。
help-game = I：本局的玩家、棋盘、规则和种子。
help-quit = Q：退出。
