## The terminal game (`snakes play`): its opening, its keys and how it stops.

# The name of the one person playing when --players gives none (said as "you").
play-default-name = Player
# The built-in board's name in play-game's $board (a file's name is as typed).
play-board-classic = classic
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
play-opening = { $game } { -key-help } for help.
# $seed is text: seeds are too large for numbers.
play-seed = Seed { $seed }: play this game again with --seed { $seed }.
play-unknown-key = Unknown key; { -key-help } for help.
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
play-game-over-keys = Press { -key-scores } or { -key-detailed-scores } for the scores, { -key-quit } to leave.

## What is wrong with the options of snakes play, or with a save file. Each is an error
## (cli-error), beginning in lower case. $name, $first: player names as typed, quoted; $path:
## a save file as given.

# $names: how many names --players gives; $max: the most people at one keyboard.
play-too-many-names = --players: { $names } names; 1 to { $max } people can share a keyboard (add --bots for more players)
# $detail: why (a sentence of refusals.ftl, such as name-too-long).
play-bad-name = --players: { $name } cannot be a name: { $detail }
# $number: the name's place in the list, from 1.
play-empty-name = --players: name { $number } is empty (give names separated by commas, like "Ana,Bo")
play-too-few-players = a game needs at least two players: give another name with --players or add --bots 1
play-too-many-players = { $players } players; a game has at most { $max }
play-same-name = --players: { $name } is { $first } again; every player needs a name of their own
# The board $file, under these rules, may give a game that never ends: $warning says why (a
# warning of errors.ftl, such as board-warning-trap).
play-endless = { $file }: { $warning }; choose another board or other rules
# $detail: the system's words.
play-no-keys = cannot read keys from the terminal: { $detail }
save-not-a-file = cannot save the game to { $path }: it is not a regular file
# $reason and $detail as in file-cannot-write.
save-cannot-write = cannot save the game to { $path }: { $reason ->
    [not-found] no such file
    [no-folder] no such folder { $detail }
    [denied] permission denied
    [directory] it is a directory
   *[other] { $detail }
}
# $detail: what the JSON reader says is wrong (in English).
save-not-a-game = { $path }: not a saved game: { $detail }
# $kind and $version: what the file says it is; $expected_kind and $expected_version: what
# this version of snakes writes.
save-wrong-version = { $path }: not a saved game of this version (kind { $kind }, version { $version }; expected { $expected_kind }, version { $expected_version })
# After "FILE: " (input-in-file). $message: what is wrong with the saved board or rules.
save-bad-board = board: { $message }
save-bad-rules = rules: { $message }
# $seed is text: seeds are too large for numbers. $drawn and $saved count seats from 1.
save-first-changed = seed { $seed } makes { $drawn } go first, not { $saved }: the file was changed
# $number: which roll, from 1.
save-roll-after-end = roll { $number }: the game is over
save-roll-changed = roll { $number } is { $saved }, but seed { $seed } gives { $drawn }: the file was changed

## snakes join: a server's tables from the terminal. The server says the game's sentences; these
## are the program's own lines around them. $server is a page's address (http://host:8080/).

join-bad-address = { $address } is not a server's address: give http://host:port, https://host, or a table's page address such as http://host:8080/#/table/3
join-bad-name = --name: { $name } cannot be a name: { $detail }
join-connecting = Connecting to { $server }.
join-password = Password for { $name }:{" "}
join-no-password = --member needs the account's password: set { $variable }, or run snakes join on a terminal to be asked for it.
join-sign-in-failed = --member: cannot sign in as { $name }: { $why }
join-signed-in = Signed in as { $name }.
join-connected = Connected to { $server }.
# $reason: the system's words, in English.
join-cannot-connect = Cannot connect to { $server } ({ $reason }); trying again.
join-lobby = { $count ->
        [0] No tables yet.
        [one] One table.
       *[other] { $more ->
            [yes] The { $count } newest tables, older ones after them.
           *[no] { $count } tables.
        }
    } { -key-new-table } creates one; [ and ] go through the list, { -key-join } takes a seat, { -key-watch } or Enter watches; { -key-help } for every key.
join-no-tables = No tables yet: { -key-new-table } creates one.
join-seated = Table { $table }: you took seat { $seat }; the host starts the game.
join-seated-host = Table { $table }: you are the host, seat { $seat }. { -key-add-bot } seats a bot; { -key-start } starts the game.
join-ask-name = Your name, then Enter (Escape: not now):
join-ask-seats = Seats at the table, 2 to 4, then Enter (Enter alone: 2):
join-ask-bots = Bots among them, 0 to { $most }, then Enter (Enter alone: none):
join-ask-rules = Rules, then Enter (Enter alone: the standard rules; snakes rules lists the others):
join-ask-talk = Say to everyone here, then Enter (Escape: not now):
join-cancelled = Nothing sent.
join-bad-number = { $value } is not a number from { $min } to { $max }.
# Y is the key the program reads, whatever the language.
join-quit-confirm = Quit? Your seat stays yours: snakes join again takes it back. Press Y to quit, any other key to go on.
join-leave-confirm = Leave your seat? Press Y to leave, any other key to stay.
join-go-on = Staying.
