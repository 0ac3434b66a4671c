## The terminal game (`snakes play`): its opening, its keys and how it stops.

# The name of the one person playing when --players gives none (said as "you").
play-default-name = 玩家
# The built-in board's name in play-game's $board (a file's name is as typed).
play-board-classic = 经典
# Who plays and on what board, said at the start and by the I key. $players is a list.
play-game = 蛇梯棋：{ $players }。棋盘：{ $board }，共{ $last }格，{ $ladders }架梯子，{ $snakes }条蛇。
play-game-unnamed = 蛇梯棋：{ $players }。棋盘共{ $last }格，{ $ladders }架梯子，{ $snakes }条蛇。
# The first line of a game: $game is play-game.
play-opening = { $game }按 { -key-help } 查看帮助。
# $seed is text: seeds are too large for numbers.
play-seed = 种子{ $seed }：用 --seed { $seed } 可以重玩这一局。
play-unknown-key = 未知按键；按 { -key-help } 查看帮助。
play-quit-confirm = 要退出游戏吗？按 Y 退出，按其他键继续。
play-go-on = 继续游戏。
play-quit = 游戏已停止。
play-resumed = 已恢复游戏，之前掷了{ $rolls }次骰子。
play-saved = 已保存到 { $path }：用 snakes play --resume { $path } 继续
play-not-over = 游戏到此结束，尚未分出胜负。
# After the sentence that tells the win.
play-game-over-keys = 按 { -key-scores } 或 { -key-detailed-scores } 查看战况，按 { -key-quit } 离开。

## What is wrong with the options of snakes play, or with a save file.

play-too-many-names = --players 给了{ $names }个名字；一个键盘最多{ $max }人共用（玩家更多时，请加上 --bots）
play-bad-name = --players：{ $name } 不能用作名字：{ $detail }
play-empty-name = --players：第{ $number }个名字是空的（名字之间用逗号分开，例如 "Ana,Bo"）
play-too-few-players = 一局至少要有两名玩家：请用 --players 再给一个名字，或加上 --bots 1
play-too-many-players = { $players }名玩家；一局最多{ $max }名玩家
play-same-name = --players：{ $name } 和 { $first } 是同一个名字；每名玩家都要有自己的名字
play-endless = { $file }：{ $warning }；请换一个棋盘或换一套规则
play-no-keys = 无法从终端读取按键：{ $detail }
save-not-a-file = 无法把游戏保存到 { $path }：它不是普通文件
save-cannot-write = 无法把游戏保存到 { $path }：{ $reason ->
    [not-found] 没有这个文件
    [no-folder] 没有 { $detail } 这个文件夹
    [denied] 没有权限
    [directory] 这是一个目录
   *[other] { $detail }
}
save-not-a-game = { $path }：不是保存的游戏：{ $detail }
save-wrong-version = { $path }：不是这个版本保存的游戏（kind { $kind }，version { $version }；应为 kind { $expected_kind }，version { $expected_version }）
save-bad-board = 棋盘：{ $message }
save-bad-rules = 规则：{ $message }
save-first-changed = 种子{ $seed }让{ $drawn }号座位先走，而不是{ $saved }号座位：文件被改过
save-roll-after-end = 第{ $number }次掷骰：这一局已经结束了
save-roll-changed = 第{ $number }次掷骰是{ $saved }点，但种子{ $seed }掷出的是{ $drawn }点：文件被改过

## snakes join: a server's tables from the terminal. The server says the game's sentences; these
## are the program's own lines around them. $server is a page's address (http://host:8080/).

join-bad-address = { $address } 不是服务器地址：请给出 http://主机:端口、https://主机，或者某张桌子的页面地址，例如 http://主机:8080/#/table/3
join-bad-name = --name：{ $name } 不能用作名字：{ $detail }
join-connecting = 正在连接 { $server }。
join-password = { $name } 的密码：
join-no-password = --member 需要账户的密码：请设置 { $variable }，或在终端里运行 snakes join，程序会询问密码。
join-sign-in-failed = --member：无法以 { $name } 的身份登录：{ $why }
join-signed-in = 已以 { $name } 的身份登录。
join-connected = 已连接 { $server }。
# $reason: the system's words, in English.
join-cannot-connect = 无法连接 { $server }（{ $reason }），正在重试。
join-lobby = { $count ->
        [0] 还没有桌子。
       *[other] { $more ->
            [yes] 最新的{ $count }张桌子，后面还有更早的。
           *[no] 共有{ $count }张桌子。
        }
    }按 { -key-new-table } 新建一张；[ 和 ] 浏览列表，{ -key-join } 入座，{ -key-watch } 或回车观战；按 { -key-help } 听所有按键。
join-no-tables = 还没有桌子：按 { -key-new-table } 新建一张。
join-seated = { $table }号桌：你坐在{ $seat }号座位；由桌主开始游戏。
join-seated-host = { $table }号桌：你是桌主，坐在{ $seat }号座位。按 { -key-add-bot } 添加机器人，按 { -key-start } 开始游戏。
join-ask-name = 输入你的名字，然后按回车（Esc：暂不）：
join-ask-seats = 输入座位数（2 到 4），然后按回车（直接回车：2）：
join-ask-bots = 输入其中机器人的数量（0 到 { $most }），然后按回车（直接回车：不加）：
join-ask-rules = 输入规则，然后按回车（直接回车：标准规则；其他规则见 snakes rules）：
join-ask-talk = 输入要对在场所有人说的话，然后按回车（Esc：暂不）：
join-cancelled = 没有发送任何内容。
join-bad-number = { $value } 不是 { $min } 到 { $max } 之间的数字。
# Y is the key the program reads, whatever the language.
join-quit-confirm = 要退出吗？你的座位仍然保留：再次运行 snakes join 即可取回。按 Y 退出，按其他键继续。
join-leave-confirm = 要离开座位吗？按 Y 离开，按其他键留下。
join-go-on = 继续留下。
