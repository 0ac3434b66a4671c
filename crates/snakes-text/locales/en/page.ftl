## What a player holding a seat at the board page hears as the game goes on: their own roll
## in one short sentence, and the other players' moves not one by one (a bot moves faster than
## a sentence is said, and any key cuts a screen reader's queue short) but in one line when the
## turn comes back to them, "Bot 1 went to 25, Bot 2 slid to 11. Your turn.", covering
## everything since their last roll.

# Where one player's moves since your last roll took them: $step is went, climbed, slid,
# bounced or stayed; $to the square they ended on (0: off the board).
move-clause = { $step ->
    [climbed] climbed to { $to }
    [slid] slid to { $to }
    [bounced] bounced back to { $to }
    [stayed] { $to ->
        [0] stayed off the board
       *[other] stayed on { $to }
    }
   *[went] went to { $to }
}
# A token that move sent back: $move is the clause above; $you is "you" when it was yours,
# else $victim names its player; $to is the start square (0: off the board).
move-bump = { $move } and sent { $you ->
        [you] you
       *[other] { $victim }
    } back { $to ->
        [0] off the board
       *[other] to { $to }
    }
# One other player's moves: "Bot 1 went to 25".
catch-up-move = { $name } { $move }
# $moves: the clauses above, joined with clause-join.
catch-up-your-turn = { $moves }. Your turn.
# The game ended before your turn came back (the line that follows says who won).
catch-up-game-over = { $moves }.

# Your own roll, in one sentence: "You rolled a 4 and went to 26."
heard-own-roll = You rolled { a-roll } and { $move }.
# The same with brief announcements: "4: went to 26."
heard-own-roll-brief = { $roll }: { $move }.

## Taking a seat at the board page. $table is the table's number; $seat counts from 1.

# $free: seats still free for people to join.
seated-host = Table { $table }: you are the host, seat { $seat }; { $free ->
        [0] Tab to Start the game.
       *[other] Tab to Start the game when others have joined.
    }
seated-joined = Table { $table }: you took seat { $seat }; the host starts the game.

## The keys of the board page, said after the others by H.

help-screen-reader = The keys act on the game's buttons; elsewhere on the page, switch your screen reader to focus mode first: Insert+A in Orca, Insert+Space in NVDA, Insert+Z in JAWS.

## After a reconnection, or a page opened again: what happened meanwhile, in one line before
## whose turn it is ("While you were away: Bot 1 went to 25, Bot 2 slid to 11.").

# $moves: the clauses of catch-up-move, joined with clause-join.
catch-up-away = While you were away: { $moves }.

# Under the heading of a page asked for in a language the server has no catalogue for.
# $locale: the tag asked for; $name: the page's language, in its own name; $available: the
# tags there are, as a list.
page-lang-unknown = The language { $locale } is not available here, so the page is in { $name }. The languages are { $available }.

## The table's page: its name, the line under it, and the players.

# $table: the table's number.
page-title = Table { $table } – Snakes and Ladders
# $board: classic or custom.
page-heading = Table { $table } ({ $board ->
        [classic] classic board
       *[custom] custom board
    })
# $host: you when the listener is the host.
status-waiting = { $host ->
        [you] Waiting for players: start the game once everyone is seated.
       *[other] Waiting for players: the host starts the game.
    }
status-playing = { $you ->
        [you] Playing. Your turn.
       *[other] Playing. { $name } to roll.
    }
# The player to roll has no connection: $grace, the seconds a seat waits before a bot plays it.
status-playing-gone = Playing. { $name } to roll, but the connection to { $name } is lost: a bot plays for { $name } after { $grace } seconds without one.
# Said when the player to roll loses the connection during the game, and when it comes back.
presence-gone = The connection to { $name } is lost; a bot plays for { $name } after { $grace } seconds without one.
presence-back = { $name } is connected again.

# Joins the items of the players' notes and of the lobby's seats.
page-list-join = { $first }, { $second }
# One row of the players' table: the name, then notes in brackets ($notes: some or none;
# $list: the notes, joined with page-list-join).
player-label = { $notes ->
        [some] { $name } ({ $list })
       *[none] { $name }
    }
player-note-bot = bot
player-note-away = away, a bot plays
player-note-gone = connection lost
player-note-host = host
player-note-you = you
player-note-turn = to roll
player-free = free seat
# Where a token is, in the players' table (never "square 0").
player-off-board = off the board

## A table in the lobby's list.

lobby-table = Table { $table }
# $free: seats free for people.
lobby-waiting = { $free ->
        [0] Waiting for the start
        [one] Waiting: one seat free
       *[other] Waiting: { $free } seats free
    }
lobby-playing = Playing
lobby-finished = Finished: { $name } won
lobby-drawn = Finished: a draw
# $board: classic or custom; $squares: how many.
lobby-board = { $board ->
        [classic] Classic board
       *[custom] Custom board
    } of { $squares } squares.
lobby-free-seat = free seat
lobby-bot = { $name } (bot)
lobby-host = { $name } (host)
lobby-open = Open table { $table }
lobby-watch = Watch table { $table }

## The board drawn on the page, in words: the drawing's title, the lists of ladders and snakes,
## each jump's tooltip.

board-title = Board of { $squares } squares: { $ladders } { $ladders ->
        [one] ladder
       *[other] ladders
    }, { $snakes } { $snakes ->
        [one] snake
       *[other] snakes
    }
board-ladders = Ladders ({ $count })
board-snakes = Snakes ({ $count })
board-jump = { $from } to { $to }
board-ladder-title = Ladder from { $from } up to { $to }
board-snake-title = Snake from { $from } down to { $to }
# A table of the lobby's list, said when chosen with ; and ' (the page fills in the row's words).
lobby-row-said = { $name }: { $state }. { $board } { $seats }.
