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
# $turns: every player's turns together, the most the server plays.
table-drawn = The game is over: a draw, after { $turns } turns, the most this server plays.
table-closed = The table is closed: no person was left playing.

## The terminal game.

play-welcome = Snakes and Ladders: { $players }.
play-board = Board: { $board }, { $last } { $last ->
        [one] square
       *[other] squares
    }, { $ladders } { $ladders ->
        [one] ladder
       *[other] ladders
    } and { $snakes } { $snakes ->
        [one] snake
       *[other] snakes
    }.
play-board-unnamed = Board: { $last } { $last ->
        [one] square
       *[other] squares
    }, { $ladders } { $ladders ->
        [one] ladder
       *[other] ladders
    } and { $snakes } { $snakes ->
        [one] snake
       *[other] snakes
    }.
# $seed is text: seeds are too large for numbers.
play-seed = Seed { $seed }: play this game again with --seed { $seed }.
play-press-help = Press H for the keys.
play-unknown-key = { $key } is not a key of the game. { $keys }
play-keys-short = Keys: R or Space roll, C positions, T turn, S scores, Shift+S details, B board, H help, Q quit.
play-quit-confirm = Quit the game? Press Y to quit, any other key to go on.
play-go-on = Playing on.
play-quit = Game stopped.
play-resumed = Game resumed after { $rolls } { $rolls ->
        [one] roll
       *[other] rolls
    }.
play-saved = Saved in { $path }: continue with snakes play --resume { $path }
play-not-over = The game stops here, unfinished.
play-game-over-keys = The game is over. Press C, S or Shift+S to hear the result, Q to leave.
