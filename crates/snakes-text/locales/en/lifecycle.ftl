## Tables and games coming and going. $name: a player's display name; $seat counts from 1.

# The name a new bot gets: $number counts from 1.
bot-name = Bot { $number }
table-joined = { $name } took seat { $seat }.
table-left = { $name } left the table.
table-bot-added = { $name }, a bot, took seat { $seat }.
table-bot-removed = { $name }, a bot, left the table.
# $players: how many play.
table-started = The game has started with { $players } players.
table-left-bot-plays = { $name } left; a bot plays for { $name } from now on.
table-away-bot-plays = { $name } lost the connection; a bot plays for { $name } until { $name } is back.
table-reclaimed = { $name } is back and plays again.
table-timer-rolled = { $name } took too long; the die was rolled for { $name }.
# $turns and $rolls: the winner's.
table-finished = The game is over: { $name } won after { $turns } { $turns ->
        [one] turn
       *[other] turns
    } and { $rolls } { $rolls ->
        [one] roll
       *[other] rolls
    }.
