## The keys, for H or ?.

help-intro = 按键：
help-roll = R 或空格键：掷骰子。
help-positions = C：所有人的位置。
help-turn = T：轮到谁了。
help-scores = S：战况简报。
help-detailed = Shift+S：详细战况。
help-look = L：轮到的玩家掷出每个点数会怎样。
help-square = G、格子编号和 Enter：这一格上有什么，以及它之后的下一架梯子和下一条蛇；只按 G 和 Enter：你所在的格子。
help-history = 逗号和句号：上次重听的那一条的前一条和后一条；Shift+逗号（<）和 Shift+句号（>）：第一条和最后一条。
help-repeat = A：把上一条播报再说一遍。
help-help = H 或问号：列出这些按键。
help-come-back = J：从你离开后替你玩的机器人那里拿回你的座位。
help-board = B：用文字显示棋盘。
help-game = I：本局的玩家、棋盘、规则和种子。
help-quit = Q：退出。
