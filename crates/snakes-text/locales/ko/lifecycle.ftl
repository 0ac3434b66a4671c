## Tables and games coming and going. $name: a player's display name; $seat counts from 1.
## Korean calls a table 방 (room), as Korean online games do, and its host 방장.

# The name a new bot gets: $number counts from 1.
bot-name = 봇 { $number }
# The name of a seat whose player has none: $number counts from 1.
player-name = 플레이어 { $number }
# How the person of a seat hears it named while a bot plays it since they left ("Your bot rolled
# a 4 ..."): a name, in every sentence that names a player (님 follows it, as for every seat).
stand-in-name = 내 봇
table-joined = { $name } 님이 { $seat }번 자리에 앉았어요.
table-left = { $name } 님이 방을 나갔어요.
# A bot's name already says 봇 ("봇 1"), so the sentence gives it after a colon.
table-bot-added = { $seat }번 자리에 봇이 앉았어요: { $name }.
table-bot-removed = 봇이 방을 나갔어요: { $name }.
# $players: how many play.
table-started = { $players }명이 게임을 시작했어요.

## News about one player of the game: $you is "you" for the listener's own seat (the one who
## acted hears it in the first person), else "other"; $name is the player's display name.

table-left-bot-plays = { $you ->
    [you] 방을 나갔어요. { -key-come-back } 키를 눌러 자리를 되찾을 때까지 내 봇이 대신 플레이해요.
   *[other] { $name } 님이 나갔어요. 이제부터 봇이 { $name } 님 대신 플레이해요.
}
table-away-bot-plays = { $you ->
    [you] 연결이 끊어졌어요. 다시 연결될 때까지 봇이 대신 플레이해요.
   *[other] { $name } 님의 연결이 끊어졌어요. { $name } 님이 돌아올 때까지 봇이 대신 플레이해요.
}
table-reclaimed = { $you ->
    [you] 돌아왔어요. 다시 직접 플레이해요.
   *[other] { $name } 님이 돌아와서 다시 직접 플레이해요.
}
table-timer-rolled = { $you ->
    [you] 시간이 너무 오래 지나서 주사위를 대신 굴렸어요.
   *[other] { $name } 님이 시간을 너무 오래 써서 주사위를 대신 굴렸어요.
}
# The one sentence that tells the win, said once: $turns is the winner's own turns, which is
# the round the game ended in (every player has one turn a round).
table-finished = { $you ->
    [you] { $turns }라운드 만에 우승했어요!
   *[other] { $name } 님이 { $turns }라운드 만에 우승했어요.
}
# $turns: every player's turns together, the most the server plays.
table-drawn = 게임이 끝났어요. 이 서버가 진행하는 최대치인 { $turns }턴이 지나 무승부예요.
table-closed = 방이 닫혔어요. 플레이하는 사람이 아무도 남지 않았어요.
# The reason is a person's text: it comes after a colon, so no particle follows it.
table-closed-by = 운영자 { $name } 님이 방을 닫았어요.
table-closed-by-reason = 운영자 { $name } 님이 방을 닫았어요. 사유: { $reason }.
table-removed = { $you ->
    [you] 방장이 나를 방에서 내보냈어요.
   *[other] 방장이 { $name } 님을 방에서 내보냈어요.
}
table-removed-bot-plays = { $you ->
    [you] 방장이 나를 방에서 내보냈어요. 이제부터 봇이 내 자리에서 플레이해요.
   *[other] 방장이 { $name } 님을 방에서 내보냈어요. 이제부터 봇이 { $name } 님 대신 플레이해요.
}
