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
refusal-bot-plays-for-you = A bot plays your seat since you left: press { -key-come-back } to take it back.
refusal-not-away = You are playing your own seat: no bot plays it.
refusal-not-host = Only the host can do that.
refusal-table-full = This table is full.
refusal-no-such-table = There is no such table.
refusal-not-enough-players = At least two players are needed to start.
# $got and $expected: the numbers of the last event the sender had seen and of the table's last.
refusal-stale-seq = The game moved on before that arrived, so nothing was done; if it is your turn, press { -key-roll } again.
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
refusal-bad-text = That message cannot be sent: { $detail }
# Someone watching, or in the lobby, with no name yet.
refusal-no-name = Give yourself a name before you talk, so that the others know who speaks.
refusal-talk-too-fast = You are talking faster than the others can listen: wait a moment, then say it again.
refusal-network-talk-too-fast = So many people from your network are talking here just now that the others would hear nothing else: wait a moment, then say it again.
refusal-bad-seats = That table cannot be set up: { $detail }.
refusal-store-failed = The server could not record that, so it did not happen: try again.
refusal-not-found = There is nothing at this address.
refusal-method-not-allowed = This address does not take that kind of request.
# $origin: the site whose page sent the request, as http://example.com.
refusal-bad-origin = A page of { $origin } cannot play here: open the game from this server's own address.
# $address: where the server that serves the table now is reached (http://host:port).
refusal-moved = This table is served by the server at { $address } now: moving there.
refusal-quarantined = This table cannot be played: its record in the server's database is damaged. The server's operator has been told.
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
detail-name-reserved = “{ $name }” is a name kept for bots
# The word is the one the sentences use for the listener (status.ftl, `you`).
detail-name-you = “{ $name }” would read as “you” in the game's sentences
detail-name-number = “{ $name }” would read as a number in the game's sentences
detail-name-taken = “{ $name }” is already at this table
# $word: the word of the game's sentences the name holds (in Chinese, two characters or one).
detail-name-game-word = “{ $name }” holds “{ $word }”, a word of the game's own sentences, and would be heard as part of one
# $mark: a comma, a colon, a full stop followed by a space...
detail-name-mark = “{ $name }” holds “{ $mark }”, which the game's sentences put between their parts
detail-name-joins = “{ $name }” holds “{ $word }”, which joins two names: it would be heard as two players
detail-name-taken-lobby = “{ $name }” is already talking in the lobby
detail-text-empty = a message needs at least one letter
detail-text-too-long = a message has at most { $max } characters
detail-text-control = a message is one line: it cannot hold line breaks or other control characters
detail-text-character = a message cannot hold { $code }, a character that cannot be seen or told apart
# $frame: the words every message is said after ("says:"), in a language of the server.
detail-text-frame = a message cannot hold "{ $frame }": it would sound like someone else speaking
# $highest: the table's last seat.
detail-no-such-seat = this table has seats 0 to { $highest }, not { $seat }
detail-no-bot = seat { $seat } holds no bot
detail-no-person = seat { $seat } holds no person to remove
detail-remove-yourself = the host leaves the table with Leave, not by removing themselves
detail-seat-count = a table has 2 to 4 seats, not { $seats }
detail-too-many-bots = { $bots } bots leave no seat for you at a table of { $seats } seats
detail-protocol = this server speaks protocol { $server }, not { $client }; reload the page
detail-board-too-large = this server plays boards of at most { $max } squares, not { $squares }
detail-slow-body = the request's body did not arrive in time
detail-not-websocket = this address takes WebSocket connections only
detail-binary-frame = binary frames are not part of the protocol; send JSON text
# The board page's analysis could not be made: the server failed, not the board.
detail-analysis-failed = the analysis failed; try again

## Names heard inside the game's sentences (names.rs).

# The words a name may not hold are the words of the game's own sentences (a name is heard
# inside them); these few only glue a name's words together, and a name may hold them ("Anne of
# Cleves"). Separated by spaces; {""} for none. No sentence may hold glue words alone between two
# names, or between a name and its end: the names test checks it.
name-glue-words = a an the of s
# The words the sentences say to the listener ("you", "your"): a name holding one is refused.
# Separated by spaces.
name-you-words = you your yours yourself
# The words that join two names ("and"): a name holding one between two of its parts is heard as
# two players and refused (Korean particles such as 와 and 과 count at the end of a word).
# Separated by spaces.
name-and-words = and plus

## Moderation's refusals (docs/serve.md, "Moderation"). $until: a date and time in UTC, as
## 2026-12-05 14:05; $reason: as the moderator typed it; $why: "none" when there is none.

refusal-not-moderator = Only a moderator can do that.
refusal-bad-key = That name and key are not a moderator's.
refusal-silenced = A moderator silenced you until { $until } UTC{ $why ->
    [none] .
   *[given] : { $reason }
}
refusal-banned = A moderator banned you from this server until { $until } UTC: { $reason }
refusal-no-such-person = Nobody called { $name } is here.
refusal-no-such-message = There is no message { $n } here.
refusal-no-such-entry = Nothing in force or waiting has the number { $id }.
# $unit: "minutes" for a silence, "hours" for a ban; $most: the longest it may be.
refusal-bad-span = { $unit ->
    [minutes] A silence lasts from 1 minute to { $most } minutes.
   *[hours] A ban lasts from 1 hour to { $most } hours.
}
refusal-no-reason = Give a reason: the person is told it, and the moderators read it.

## Members' refusals (docs/protocol.md, "Members"). $name: as typed.

refusal-name-taken = The name “{ $name }” is taken: it is a member's, or reads the same as one. Choose another.
refusal-name-held = The name “{ $name }” is a member's: sign in as that member to use it, or choose another.
refusal-bad-sign-in = That name and password are not an account's.
refusal-bad-password = A password has { $min } to { $max } characters, and is not the account's name.
refusal-too-many-sign-ins = Too many tries to sign in: wait a minute, then try again.
refusal-not-signed-in = Sign in first: only a member can do that.
refusal-not-a-member = Only a member can be blocked: nobody has an account named “{ $name }”.
refusal-block-yourself = You cannot block your own account.
refusal-not-open-to-you = This table does not take you: choose another.
refusal-bad-passkey = That passkey could not be checked: try again, or use another.
refusal-last-passkey = That passkey is your only way to sign in: add another first.
