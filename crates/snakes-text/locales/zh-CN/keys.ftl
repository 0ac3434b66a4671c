## The keys, for H or ?.

help-intro = 按键：
help-roll = { -key-roll } 或空格键：掷骰子。
help-positions = { -key-positions }：所有人的位置。
help-turn = { -key-turn }：轮到谁了。
help-scores = { -key-scores }：战况简报。
help-detailed = { -key-detailed-scores }：详细战况。
help-look = { -key-look-ahead }：轮到的玩家掷出每个点数会怎样。
help-square = { -key-square }、格子编号和 Enter：这一格上有什么，以及它之后的下一架梯子和下一条蛇；只按 { -key-square } 和 Enter：你所在的格子。
help-history = 逗号和句号：上次重听的那一条的前一条和后一条；Shift+逗号（<）和 Shift+句号（>）：第一条和最后一条。
help-repeat = { -key-repeat }：把上一条播报再说一遍。
help-help = { -key-help } 或问号：列出这些按键。
help-come-back = { -key-come-back }：从你离开后替你玩的机器人那里拿回你的座位。
help-board = { -key-board }：用文字显示棋盘。
help-game = { -key-game }：本局的玩家、棋盘、规则和种子。
help-quit = { -key-quit }：退出。
help-talk = 斜杠（/）：对这里的所有人说话；按 Enter 发送并回到原来的位置，按 Escape 不发送直接回去。
help-buffers = [ 和 ]：历史记录的上一个和下一个分区（全部、游戏、聊天、回答），并读出它的最后一条；之后用逗号、句号、Shift+逗号和 Shift+句号在这个分区里阅读。
help-buffer-last = 撇号（'）：再读一遍所选分区的最后一条（在大厅里是大厅记录的最后一条）。
help-who = { -key-who }：这里有谁：每个座位（是人还是机器人、是否连接、轮到谁）以及谁在观战。
help-start = { -key-start }（房主，开局前）：开始游戏。
help-bots = { -key-add-bot } 和 { -key-remove-bot }（房主，开局前）：加一个机器人；去掉最后加入的机器人。
help-leave = { -key-leave }：离开你的座位（会先问一下；游戏中由机器人替你玩，直到按 { -key-come-back } 拿回座位）。
help-people = { -key-people }：这里的人：屏蔽某人说的话，登录后可拉黑会员，房主还可以把某人请出这一桌；按 Escape 回去。
help-sounds = 0：打开或关闭声音；减号（-）和等号（=）：调小和调大音量。
help-new-table = { -key-new-table }：去创建新桌的表单。
help-tables = [ 和 ]（在大厅里）：列表里的上一桌和下一桌，读出这一行；按 Enter 打开。
help-join = { -key-join }：在选中的桌子坐下。
help-watch = { -key-watch }：观看选中的桌子。
help-moderation = { -key-moderation }（管理员）：管理窗口：正在生效的禁言和封禁、举报、管理日志，禁言或封禁某人，在桌上还可以关闭这一桌；按 Escape 回去。
help-remove-message = { -key-remove-message }（管理员）：删除最后用逗号和句号读到的那条聊天消息（没读过的话，就是最后一条），删除前会先确认。
help-account = { -key-account }：登录，或注册一个保留你的名字和设置的账号；登录后，转到账号的各个按钮。
