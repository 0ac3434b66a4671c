## The terminal game (`snakes play`): its opening, its keys and how it stops.

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
