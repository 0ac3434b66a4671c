## The terminal game (`snakes play`): its opening, its keys and how it stops.

# The name of the one person playing when --players gives none (said as "you").
play-default-name = Player
# Who plays and on what board, said at the start and by the I key. $players is a list.
play-game = Snakes and Ladders: { $players }. Board: { $board }, { $last } { $last ->
        [one] square
       *[other] squares
    }, { $ladders } { $ladders ->
        [one] ladder
       *[other] ladders
    } and { $snakes } { $snakes ->
        [one] snake
       *[other] snakes
    }.
play-game-unnamed = Snakes and Ladders: { $players }. Board: { $last } { $last ->
        [one] square
       *[other] squares
    }, { $ladders } { $ladders ->
        [one] ladder
       *[other] ladders
    } and { $snakes } { $snakes ->
        [one] snake
       *[other] snakes
    }.
# The first line of a game: $game is play-game.
play-opening = { $game } H for help.
# $seed is text: seeds are too large for numbers.
play-seed = Seed { $seed }: play this game again with --seed { $seed }.
play-unknown-key = Unknown key; H for help.
play-quit-confirm = Quit the game? Press Y to quit, any other key to go on.
play-go-on = Playing on.
play-quit = Game stopped.
play-resumed = Game resumed after { $rolls } { $rolls ->
        [one] roll
       *[other] rolls
    }.
play-saved = Saved in { $path }: continue with snakes play --resume { $path }
play-not-over = The game stops here, unfinished.
# After the sentence that tells the win.
play-game-over-keys = Press S or Shift+S for the scores, Q to leave.
