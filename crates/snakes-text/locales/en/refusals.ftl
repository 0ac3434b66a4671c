## Why something was refused. Every refusal says why: silence is a bug.

refusal-not-your-turn = { $you ->
    [you] It is your turn.
   *[other] It is { $name }'s turn.
}
refusal-game-over = { $you ->
    [you] The game is over: you won.
   *[other] The game is over: { $name } won.
}
refusal-game-drawn = The game is over: it ended in a draw.
refusal-not-started = The game has not started yet.
refusal-already-started = The game has already started.
# $seat counts from 1.
refusal-seat-taken = Seat { $seat } is already taken.
refusal-not-seated = You have no seat at this table.
refusal-bot-plays-for-you = A bot plays your seat since you left: press J to take it back.
refusal-not-away = You are playing your own seat: no bot plays it.
refusal-not-host = Only the host can do that.
refusal-table-full = This table is full.
refusal-no-such-table = There is no such table.
refusal-not-enough-players = At least two players are needed to start.
# $got and $expected: the numbers of the last event the sender had seen and of the table's last.
refusal-stale-seq = The game moved on before that arrived, so nothing was done; if it is your turn, press R again.
refusal-bad-message = The message was not understood: { $detail }
refusal-too-large = The message is too large: the limit is { $limit } { $limit ->
        [one] byte
       *[other] bytes
    }.
refusal-too-many-requests = Too many requests: wait a moment and try again.
refusal-too-many-tables = Too many tables are open: join one or try again later.
refusal-bad-board = The board cannot be used: { $detail }
refusal-bad-rules = The rules cannot be used: { $detail }
refusal-bad-name = That name cannot be used: { $detail }
refusal-bad-seats = That table cannot be set up: { $detail }.
refusal-store-failed = The server could not record that, so it did not happen: try again.
refusal-not-found = There is nothing at this address.
refusal-method-not-allowed = This address does not take that kind of request.
# $origin: the site whose page sent the request, as http://example.com.
refusal-bad-origin = A page of { $origin } cannot play here: open the game from this server's own address.
# $address: where the server that serves the table now is reached (http://host:port).
refusal-moved = This table is served by the server at { $address } now: moving there.
# $locale: the language tag asked for; $available: the tags this server has, as a list.
refusal-unknown-locale = There is no catalogue for the language { $locale } here: the languages are { $available }.
refusal-already-seated = You already have a seat at this table.
refusal-too-many-open-tables = Too many tables are open from your address or your network: play one of them, or try again once one has closed.

## What exactly was wrong ($detail above), for the problems the server puts in words. They
## follow a colon, so they begin in lower case. $seat counts from 0 here, as in the protocol.

detail-name-empty = a name needs at least one letter
detail-name-too-long = a name has at most { $max } characters
detail-name-control = a name cannot hold control characters
# $code: the character's code point, as U+200B.
detail-name-character = a name cannot hold { $code }, a character that cannot be seen or told apart
detail-name-reserved = { $name } is a name kept for bots
# The word is the one the sentences use for the listener (status.ftl, `you`).
detail-name-you = { $name } would read as "you" in the game's sentences
detail-name-number = { $name } would read as a number in the game's sentences
detail-name-taken = { $name } is already at this table
# $highest: the table's last seat.
detail-no-such-seat = this table has seats 0 to { $highest }, not { $seat }
detail-no-bot = seat { $seat } holds no bot
detail-seat-count = a table has 2 to 4 seats, not { $seats }
detail-too-many-bots = { $bots } bots leave no seat for you at a table of { $seats } seats
detail-protocol = this server speaks protocol { $server }, not { $client }; reload the page
detail-board-too-large = this server plays boards of at most { $max } squares, not { $squares }
detail-slow-body = the request's body did not arrive in time
detail-not-websocket = this address takes WebSocket connections only
detail-binary-frame = binary frames are not part of the protocol; send JSON text
# The board page's analysis could not be made: the server failed, not the board.
detail-analysis-failed = the analysis failed; try again
