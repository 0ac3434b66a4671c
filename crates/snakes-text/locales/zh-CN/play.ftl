## The terminal game (`snakes play`): its opening, its keys and how it stops.

# The name of the one person playing when --players gives none (said as "you").
play-default-name = 玩家
# Who plays and on what board, said at the start and by the I key. $players is a list.
play-game = 蛇梯棋：{ $players }。棋盘：{ $board }，共{ $last }格，{ $ladders }架梯子，{ $snakes }条蛇。
play-game-unnamed = 蛇梯棋：{ $players }。棋盘共{ $last }格，{ $ladders }架梯子，{ $snakes }条蛇。
# The first line of a game: $game is play-game.
play-opening = { $game }按 H 查看帮助。
# $seed is text: seeds are too large for numbers.
play-seed = 种子{ $seed }：用 --seed { $seed } 可以重玩这一局。
play-unknown-key = 未知按键；按 H 查看帮助。
play-quit-confirm = 要退出游戏吗？按 Y 退出，按其他键继续。
play-go-on = 继续游戏。
play-quit = 游戏已停止。
play-resumed = 已恢复游戏，之前掷了{ $rolls }次骰子。
play-saved = 已保存到 { $path }：用 snakes play --resume { $path } 继续
play-not-over = 游戏到此停止，没有下完。
# After the sentence that tells the win.
play-game-over-keys = 按 S 或 Shift+S 查看战况，按 Q 离开。
