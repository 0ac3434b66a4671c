## Tables and games coming and going. $name: a player's display name; $seat counts from 1.

# The name a new bot gets: $number counts from 1.
bot-name = Bot { $number }
# The name of a seat whose player has none: $number counts from 1.
player-name = Player { $number }
# How the person of a seat hears it named while a bot plays it since they left ("Your bot rolled
# a 4 ...", "It is your bot's turn."): a name, in every sentence that names a player, written as in
# mid-sentence (a sentence that begins with it gets its capital by itself).
stand-in-name = your bot
table-joined = { $name } took seat { $seat }.
table-left = { $name } left the table.
table-bot-added = { $name }, a bot, took seat { $seat }.
table-bot-removed = { $name }, a bot, left the table.
# $players: how many play.
table-started = The game has started with { $players } players.

## News about one player of the game: $you is "you" for the listener's own seat (the one who
## acted hears it in the first person), else "other"; $name is the player's display name.

table-left-bot-plays = { $you ->
    [you] You left; your bot plays for you until you take your seat back with { -key-come-back }.
   *[other] { $name } left; a bot plays for { $name } from now on.
}
table-away-bot-plays = { $you ->
    [you] You lost the connection; a bot plays for you until you are back.
   *[other] { $name } lost the connection; a bot plays for { $name } until { $name } is back.
}
table-reclaimed = { $you ->
    [you] You are back and play again.
   *[other] { $name } is back and plays again.
}
table-timer-rolled = { $you ->
    [you] You took too long; the die was rolled for you.
   *[other] { $name } took too long; the die was rolled for { $name }.
}
# The one sentence that tells the win, said once: $turns is the winner's own turns, which is
# the round the game ended in (every player has one turn a round).
table-finished = { $you ->
    [you] You won the game in round { $turns }!
   *[other] { $name } won the game in round { $turns }.
}
# $turns: every player's turns together, the most the server plays.
table-drawn = The game is over: a draw, after { $turns } turns, the most this server plays.
table-closed = The table is closed: no person was left playing.
# A moderator closed the table, whether it waited or played: $name is the moderator's name,
# $reason what they wrote, said as it is (a person's text, without its final full stop: the
# sentence gives one). Without a reason, `table-closed-by`.
table-closed-by = The moderator { $name } closed the table.
table-closed-by-reason = The moderator { $name } closed the table: { $reason }.
# The host removed a person from the table: before the start their seat is free again; during
# the game a bot plays it for good. $you: "you" for the person removed, who hears it too.
table-removed = { $you ->
    [you] The host removed you from the table.
   *[other] The host removed { $name } from the table.
}
table-removed-bot-plays = { $you ->
    [you] The host removed you from the table; a bot plays your seat from now on.
   *[other] The host removed { $name } from the table; a bot plays for { $name } from now on.
}
