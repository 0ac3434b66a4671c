## Tables and games coming and going. $name: a player's display name; $seat counts from 1.

# The name a new bot gets: $number counts from 1. "机器人1".
bot-name = 机器人{ $number }
# The name of a seat whose player has none: $number counts from 1.
player-name = 玩家{ $number }
# How the person of a seat hears it named while a bot plays it since they left ("Your bot rolled
# a 4 ..."): a name, in every sentence that names a player.
stand-in-name = 你的机器人
table-joined = { $name }坐上了{ $seat }号座位。
table-left = { $name }离开了这一桌。
# The bot's name is already "机器人1": the sentence says it once.
table-bot-added = 加入了一个机器人：{ $name }，坐在{ $seat }号座位。
table-bot-removed = 一个机器人离开了这一桌：{ $name }。
# $players: how many play.
table-started = 游戏开始，共有{ $players }名玩家。

## News about one player of the game: $you is "you" for the listener's own seat (the one who
## acted hears it in the first person), else "other"; $name is the player's display name.

table-left-bot-plays = { $you ->
    [you] 你离开了；在你按 { -key-come-back } 拿回座位之前，由你的机器人替你玩。
   *[other] { $name }离开了；从现在起由机器人替{ $name }玩。
}
table-away-bot-plays = { $you ->
    [you] 你的连接断开了；在你回来之前由机器人替你玩。
   *[other] { $name }的连接断开了；在{ $name }回来之前由机器人替{ $name }玩。
}
table-reclaimed = { $you ->
    [you] 你回来了，继续自己玩。
   *[other] { $name }回来了，继续自己玩。
}
table-timer-rolled = { $you ->
    [you] 你太久没有掷骰子，已经替你掷了。
   *[other] { $name }太久没有掷骰子，已经替{ $name }掷了。
}
# The one sentence that tells the win, said once: $turns is the winner's own turns, which is
# the round the game ended in (every player has one turn a round).
table-finished = { $you ->
    [you] 你在第{ $turns }轮获胜！
   *[other] { $name }在第{ $turns }轮获胜。
}
# $turns: every player's turns together, the most the server plays.
table-drawn = 游戏结束：{ $turns }个回合后仍未分出胜负，这是本服务器的上限，算作平局。
table-closed = 这一桌已关闭：已经没有真人玩家了。
table-closed-by = 管理员{ $name }关闭了这一桌。
table-closed-by-reason = 管理员{ $name }关闭了这一桌，理由：{ $reason }。
table-removed = { $you ->
    [you] 房主把你请出了这一桌。
   *[other] 房主把{ $name }请出了这一桌。
}
table-removed-bot-plays = { $you ->
    [you] 房主把你请出了这一桌；从现在起由机器人替你玩。
   *[other] 房主把{ $name }请出了这一桌；从现在起由机器人替{ $name }玩。
}
