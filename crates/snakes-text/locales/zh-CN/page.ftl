## What a player holding a seat at the board page hears as the game goes on: their own roll
## in one short sentence, and the other players' moves not one by one (a bot moves faster than
## a sentence is said, and any key cuts a screen reader's queue short) but in one line when the
## turn comes back to them, "机器人1走到第25格，机器人2顺着蛇滑到第11格。轮到你了。", covering
## everything since their last roll.

# Where one player's moves since your last roll took them: $step is went, climbed, slid,
# bounced or stayed; $to the square they ended on (0: off the board).
move-clause = { $step ->
    [climbed] 顺着梯子爬到第{ $to }格
    [slid] 顺着蛇滑到第{ $to }格
    [bounced] 弹回第{ $to }格
    [stayed] { $to ->
        [0] 留在棋盘外
       *[other] 留在第{ $to }格
    }
   *[went] 走到第{ $to }格
}
# A token that move sent back: $move is the clause above; $you is "you" when it was yours,
# else $victim names its player; $to is the start square (0: off the board).
move-bump = { $move }，把{ $you ->
        [you] 你
       *[other] { $victim }
    }{ $to ->
        [0] 撞出了棋盘
       *[other] 撞回第{ $to }格
    }
# One other player's moves: "机器人1走到第25格".
catch-up-move = { $name }{ $move }
# $moves: the clauses above, joined with clause-join.
catch-up-your-turn = { $moves }。轮到你了。
# The game ended before your turn came back (the line that follows says who won).
catch-up-game-over = { $moves }。

# Your own roll, in one sentence: "你掷出了4点，走到第26格。"
heard-own-roll = 你掷出了{ a-roll }，{ $move }。
# The same with brief announcements: "4：走到第26格。"
heard-own-roll-brief = { $roll }：{ $move }。

## Taking a seat at the board page. $table is the table's number; $seat counts from 1.

# $free: seats still free for people to join.
seated-host = { $free ->
        [0] { $table }号桌：你是房主，坐在{ $seat }号座位；按 Tab 键到“开始游戏”按钮。
       *[other] { $table }号桌：你是房主，坐在{ $seat }号座位；等其他人加入后，按 Tab 键到“开始游戏”按钮。
    }
seated-joined = { $table }号桌：你坐上了{ $seat }号座位；由房主开始游戏。

## The keys of the board page, said after the others by H.

help-screen-reader = 这些按键作用于游戏按钮；在页面其他地方，请先把读屏软件切换到焦点模式：Orca 按 Insert+A，NVDA 按 Insert+空格，JAWS 按 Insert+Z。

## After a reconnection, or a page opened again: what happened meanwhile, in one line before
## whose turn it is ("你离开期间：机器人1走到第25格，机器人2顺着蛇滑到第11格。").

# $moves: the clauses of catch-up-move, joined with clause-join.
catch-up-away = 你离开期间：{ $moves }。

page-lang-unknown = 这里没有 { $locale } 这种语言，所以页面用 { $name } 显示。可用的语言有 { $available }。

## The table's page: its name, the line under it, and the players.

# $table: the table's number.
page-title = { $table }号桌 – 蛇梯棋
# $board: classic or custom.
page-heading = { $table }号桌（{ $board ->
        [classic] 经典棋盘
       *[custom] 自定义棋盘
    }）
# $host: you when the listener is the host.
status-waiting = { $host ->
        [you] 等待玩家：大家都坐好后，由你开始游戏。
       *[other] 等待玩家：由房主开始游戏。
    }
status-playing = { $you ->
        [you] 游戏进行中。轮到你掷骰子。
       *[other] 游戏进行中。轮到{ $name }掷骰子。
    }
# The player to roll has no connection: $grace, the seconds a seat waits before a bot plays it.
status-playing-gone = 游戏进行中。轮到{ $name }掷骰子，但{ $name }的连接断开了：断开{ $grace }秒后由机器人替{ $name }玩。
# Said when the player to roll loses the connection during the game, and when it comes back.
presence-gone = { $name }的连接断开了；断开{ $grace }秒后由机器人替{ $name }玩。
presence-back = { $name }重新连上了。

# Joins the items of the players' notes and of the lobby's seats.
page-list-join = { $first }，{ $second }
# One row of the players' table: the name, then notes in brackets ($notes: some or none;
# $list: the notes, joined with page-list-join).
player-label = { $notes ->
        [some] { $name }（{ $list }）
       *[none] { $name }
    }
player-note-bot = 机器人
player-note-away = 暂离，由机器人代玩
player-note-gone = 连接已断开
player-note-host = 房主
player-note-you = 你
player-note-turn = 轮到掷骰子
player-free = 空座位
# Where a token is, in the players' table (never "square 0").
player-off-board = 棋盘外

## A table in the lobby's list.

lobby-table = { $table }号桌
# $free: seats free for people.
lobby-waiting = { $free ->
        [0] 等待开始
       *[other] 等待中：还有{ $free }个空座位
    }
lobby-playing = 游戏中
lobby-finished = 已结束：{ $name }获胜
lobby-drawn = 已结束：平局
# $board: classic or custom; $squares: how many.
lobby-board = { $board ->
        [classic] 经典棋盘
       *[custom] 自定义棋盘
    }，共{ $squares }格。
lobby-free-seat = 空座位
lobby-bot = { $name }（机器人）
lobby-host = { $name }（房主）
lobby-open = 打开{ $table }号桌
lobby-watch = 到{ $table }号桌观战

## The board drawn on the page, in words: the drawing's title, the lists of ladders and snakes,
## each jump's tooltip.

board-title = 共{ $squares }格的棋盘：{ $ladders }架梯子，{ $snakes }条蛇
board-ladders = 梯子（{ $count }）
board-snakes = 蛇（{ $count }）
board-jump = { $from }到{ $to }
board-ladder-title = 梯子：从第{ $from }格爬到第{ $to }格
board-snake-title = 蛇：从第{ $from }格滑到第{ $to }格
lobby-row-said = { $name }：{ $state }。{ $board }{ $seats }。
