## The fixed words of the board page: headings, labels, buttons and short notices. None takes
## an argument: the server writes them into the page, and hands them to its scripts as they are
## (words that depend on the game come with the game, from page.ftl). Every id begins "ui-".

ui-title = Snakes and Ladders
ui-skip = Skip to the content
# The label of the menu of languages (each named in its own language).
ui-language = Language
ui-language-go = Change
ui-language-hint = Arrows move through the languages; Enter or Change opens the page in the one chosen.
ui-connecting = Connecting…
ui-connected = Connected.
ui-connection-lost = Connection lost: reconnecting…
ui-server-restarting = The server is restarting; reconnecting.
ui-server-full = The server is full and gave this page's place to someone new; trying again shortly.
ui-help-more = %count% more keys, each a line of the history: period reads the next, comma the one before.
# Said at once for a key pressed, or a form sent, while the page has no connection.
ui-not-connected = Not connected: reconnecting. Try again in a moment.

## The lobby.

ui-intro = Play Snakes and Ladders with 2 to 4 people and bots, by keyboard, by ear or by eye: every move is announced in words. Open a table below to join or watch it, or create your own; the list keeps itself up to date.
ui-tables = Tables
ui-col-table = Table
ui-col-seats = Seats
ui-col-actions = Actions
ui-no-tables = No tables yet: create one below.
# The lobby's list comes in pages, newest first: the buttons to the next (older) and previous page.
ui-older-tables = Older tables
ui-newer-tables = Newer tables
ui-new-table = New table
ui-your-name = Your name
ui-board = Board
ui-board-classic = Classic (10 by 10, 9 ladders, 10 snakes)
ui-board-custom = Paste a board: a LeetCode grid or a layout in JSON or TOML
ui-board-text = Board text
ui-board-hint = A grid like [[-1,-1],[-1,4]] (row 0 at the top) or a layout with size, ladders and snakes.
# $size and $limit: kilobytes (1024 bytes), whole numbers.
ui-board-too-large = This board is { $size } KB as sent; this server takes boards of at most { $limit } KB.
ui-rules = Rules
ui-seats = Seats
ui-bots = Bots
ui-bots-hint = Bots fill seats at once; at least one seat stays for you.
ui-create = Create the table

## The table's page.

ui-game = Game
ui-key-roll = Roll ({ -key-roll })
ui-key-positions = Positions ({ -key-positions })
ui-key-turn = Turn ({ -key-turn })
ui-key-scores = Scores ({ -key-scores })
ui-key-detailed = Detailed scores ({ -key-detailed-scores })
ui-key-look = Look ahead ({ -key-look-ahead })
ui-key-square = Square ({ -key-square })
ui-key-help = Help ({ -key-help })
ui-sr-hint = With a screen reader: the keys act when the focus is on the game's buttons, where your screen reader lets them through. If it still answers a key itself (R says “no more radio buttons”), switch it to focus mode: Insert+A in Orca, Insert+Space in NVDA, Insert+Z in JAWS.
# The field G opens: a square's number, then Enter.
ui-square-label = Square to look at
ui-square-hint = Its number, then Enter; empty for your own square (watching: the square of the player to roll). Escape goes back to the game's buttons.
ui-square-ask = Ask
ui-square-not-number = Type the square's number in digits, or nothing for your own square (watching: the square of the player to roll).
ui-start = Start the game
ui-add-bot = Add a bot
ui-fill-bots = Fill the free seats with bots
# Before the bot's name, on the host's button that removes it.
ui-remove-bot = Remove
ui-players = Players
ui-col-player = Player
ui-col-seat = Seat
ui-col-square = Square
ui-col-to-go = To go
ui-join-name = Your name, to take a seat
ui-join = Take a seat
ui-leave = Leave the seat
ui-leave-waiting = Leave your seat? It becomes free for someone else; you can take a free seat again.
ui-leave-playing = Leave your seat? A bot plays for you until you come back with “Take my seat back” ({ -key-come-back }).
ui-leave-yes = Leave
ui-leave-no = Stay
ui-come-back = Take my seat back
# At the end of a game: a new table with the same board, rules, seats and bots, hosted by you.
ui-play-again = Play again
ui-settings = Settings
ui-brief = Brief announcements
ui-sounds = Sounds
ui-volume = Volume
ui-sounds-hint = A short sound for the die, each square, ladders, snakes, your turn and the win; the words stay.
# How much is said of the other players' moves (the history keeps every one).
ui-others = Other players' moves
ui-others-full = Every move as it happens
ui-others-brief = In one line when your turn comes
ui-others-jumps = Only ladders, snakes, bumps and wins
ui-others-hint = Someone watching hears every move in the first two. The history keeps every move.
# The page's own voice (the browser's speech), for phones whose screen readers skip announcements.
ui-voice = The page's own voice
ui-voice-hint = The page speaks every announcement itself, in order, in the browser's voice: for phones, whose screen readers may skip them (turn the screen reader's speech down to hear it alone). A key you press stops what it is saying.
ui-voice-rate = Speed of the voice
ui-voice-name = Voice
ui-voice-default = The browser's choice
# Said by the page's voice when it is switched on or changed.
ui-voice-sample = The page's voice is on.
ui-board-words = The board in words
ui-history = History
ui-history-hint = From the game's buttons, [ and ] choose a buffer of the history (all of it, the game, talk, answers); comma and period read it back and forth, each line with its number; Shift+comma and Shift+period read its first and its last line, apostrophe its last line again.
ui-start-square = Start
# Under the board: the dice's commitment (a SHA-256 hash follows), from the start the game's
# commitment (another hash follows), and once the game is over a link to the game's record.
ui-dice-commitment = Dice commitment (SHA-256 of their key):
ui-game-commitment = Game commitment (SHA-256 of that key with this table, its board, rules, seats and players):
ui-dice-verify = Verify the dice
ui-dice-verify-how = (save the record, then run snakes verify on it).

## How long a game lasts here.

ui-analysis = How long is a game here
ui-measuring = Measuring this board…
ui-analysis-failed = The figures could not be computed.
ui-analysis-caption = Turns one player needs to finish, and rounds of a game at this table, under each ending
ui-analysis-ending = Ending
ui-analysis-expected = Expected turns
ui-analysis-median = Median
ui-analysis-p90 = 90th percentile
ui-analysis-rounds = Expected rounds at this table
ui-analysis-games = Finished games here
ui-analysis-mean = Mean rounds seen
ui-analysis-in-force = in force
ui-analysis-figures = Figures per ending
ui-chart-title = Chance of having finished by turn t, one line per ending
ui-chart-turns = Turns
ui-chart-finished = Finished
ui-chart-legend = Chance that one player has finished by each turn:
ui-chart-data = The chart's figures as a table
ui-chart-data-caption = Chance that one player has finished by turn t
ui-chart-turn = Turn

## Talking: the message field, at a table and in the lobby.

ui-key-talk = Talk (/)
ui-talk-label = Say to everyone here
ui-talk-hint = Slash (/) comes here from anywhere on the page; Enter sends and goes back to where you were, Escape goes back without sending. Plain text on one line, up to 300 characters.
ui-talk-send = Send
ui-talk-name = Your name, so that the others know who speaks
ui-lobby-talk = Talk in the lobby
ui-lobby-said = What was said in the lobby
ui-key-who = Who is here ({ -key-who })

## The table's actions by key, and the people here.

ui-sounds-on = Sounds on.
ui-sounds-off = Sounds off.
# $volume: 0 to 100.
ui-volume-now = Volume { $volume }.
ui-no-bot = No bot sits at this table.
ui-people = People here
ui-people-hint = Mute what someone says, for you alone, or report them to the moderators; a member signed in may block another member everywhere; the host may remove a person from the table (during the game a bot plays their seat), and a moderator silence or ban them. Escape goes back to the game.
ui-people-empty = Nobody else here has a seat or has spoken yet.
# $name: a person's name. A toggle: pressed while muted.
ui-mute = Mute { $name }
ui-remove-person = Remove { $name } from the table
ui-muted-now = You will not hear what { $name } says.
ui-unmuted-now = You hear what { $name } says again.
ui-choose-table = Choose a table first, with [ and ].

## Moderation: a moderator signs in, acts on someone and goes through the lists; anyone reports
## someone to the moderators.

ui-mod-sign-in = Moderator sign-in
ui-mod-sign-in-title = Sign in as a moderator
ui-mod-name = Your name as a moderator
ui-mod-key = Your key
ui-mod-key-hint = The key the server's operator gave you. This tab keeps it until it is closed, to sign you in again after a reload.
ui-mod-sign-in-go = Sign in
ui-mod-sign-in-needed = Type your name as a moderator and your key.
ui-cancel = Cancel
ui-mod-open = Moderation ({ -key-moderation })
ui-mod-title = Moderation
ui-mod-hint = Each list shows here, a line each, with what can be done to it; Escape goes back.
ui-mod-sanctions = Silences and bans
ui-mod-reports = Reports
ui-mod-log = Log
ui-mod-older = Older entries
ui-mod-lift = Lift
ui-mod-handled = Dealt with
ui-mod-silence-someone = Silence someone
ui-mod-ban-someone = Ban someone
ui-mod-close-table = Close this table
ui-mod-close-reason = Why (told to its players)
ui-mod-close-go = Close the table for good
ui-mod-back = Back
# $number: the message's number; $text: the message as the history shows it ("Bob says: hi").
ui-mod-remove-question = Remove message { $number }, { $text }?
ui-mod-remove-go = Remove
ui-mod-nothing-to-remove = Nobody has said anything here yet.
ui-mod-silence-title = Silence someone everywhere
ui-mod-ban-title = Ban someone from the server
ui-mod-person = Their name, as they talk or play
ui-mod-for = For how long
ui-mod-10-minutes = 10 minutes
ui-mod-an-hour = An hour
ui-mod-a-day = A day
ui-mod-a-week = A week
ui-mod-30-days = 30 days
ui-mod-ban-what = What to ban
ui-mod-ban-name = Their name
ui-mod-ban-address = The address they were last seen from
ui-mod-ban-network = The network around that address
ui-mod-reason = Why (told to them)
ui-mod-reason-optional = Why (told to them; may stay empty)
ui-mod-reason-needed = Say why: the person banned is told.
ui-mod-name-needed = Type the person's name.
ui-mod-silence-go = Silence
ui-mod-ban-go = Ban
# $name: a person's name, in the list of the people here.
ui-mod-silence-10 = Silence { $name } for 10 minutes
ui-mod-silence-60 = Silence { $name } for an hour
ui-mod-silence-day = Silence { $name } for a day
ui-mod-ban-person = Ban { $name }…
ui-report-person = Report { $name }
ui-block-person = Block { $name }
ui-unblock-person = Unblock { $name }
ui-report-title = Report { $name } to the moderators
ui-report-reason = What they did
ui-report-go = Send the report
ui-report-reason-needed = Say what they did: the moderators read it.
# Shown where the page says whether it is connected, when a moderator banned this person.
ui-banned = A moderator banned you from this server.

## Members: an account keeps a name for one person alone, and their settings on every device
## they sign in on. Playing needs none.

# At the foot of every page, for a guest: it opens the dialog to sign in or create an account.
ui-account-sign-in = Sign in
ui-account-title = Sign in or create an account
ui-account-hint = An account keeps your name for you alone, and your settings on every device you sign in on. You can play without one.
ui-account-name = Name
ui-account-password = Password
ui-account-password-hint = For a new account: 8 to 128 characters, and not the name itself.
ui-account-create = Create account
ui-account-needed = Type your name and your password.
# At the foot of every page, signed in. $name: the member's name.
ui-account-signed-in = Signed in as { $name }
# Said on signing in, and on creating the account.
ui-account-welcome = Signed in as { $name }. Your settings follow you.
ui-account-created = Account created. Signed in as { $name }: the name is yours alone now.
ui-account-sign-out = Sign out
ui-account-sign-out-everywhere = Sign out everywhere
ui-account-export = Download my data
ui-account-delete = Delete account
ui-account-blocked = Blocked:
ui-account-signed-out = Signed out. This browser keeps your settings.
ui-account-signed-out-everywhere = Signed out on every device.
# Asked, with the password, before the account is deleted.
ui-account-delete-question = Delete the account { $name } for good? Its name becomes free for anyone, and its settings and list of games are deleted; the games keep the name they were played under.
ui-account-delete-password = Your password, to confirm
ui-account-delete-go = Delete for good
ui-account-deleted = The account { $name } is deleted: you play without one now.
# Said when the server no longer knows the session (signed out everywhere, or 30 days past).
ui-account-ended = You are signed out: the account was signed out everywhere, or this session's 30 days are over.
ui-account-unreachable = The server did not answer: try again in a moment.
# A member's games (account.js, games.js): the list of finished games, the figures, and a
# game's replay told step by step.
ui-games-open = My games
ui-games-title = My games
ui-games-figures = Games played: { $played }. Won: { $won }.
ui-games-figure = { $board } { $rules } Played: { $played }. Won: { $won }.
ui-games-list = Finished games, newest first
ui-games-none = No finished games yet.
ui-games-game = { $date }: { $outcome }
ui-games-details = { $board } { $rules } Seats: { $seats }.
ui-games-turns = Turns: { $turns }.
ui-games-close = Close
ui-games-more = More games
ui-games-record = Record of table { $table }
ui-games-record-hint = A game's record holds its dice: the command snakes verify checks it.
ui-games-loading = Reading your games…
ui-replay-title = Replay of table { $table }
ui-replay-keys = Period says the next step of the replay, comma the step before; Escape closes it.
ui-replay-opened = Replay of table { $table }: { $steps } steps. Period says the first.
ui-replay-next = Next step
ui-replay-back = Step before
ui-replay-close = Close replay
ui-replay-end = The end of the replay.
ui-replay-start = The start of the replay.

## Passkeys: signing in with the device's lock (fingerprint, face, PIN) instead of a password.
# In the sign-in dialog, where the browser can make passkeys.
ui-account-passkey-sign-in = Sign in with a passkey
ui-account-passkey-create = Sign up with a passkey
ui-account-passkey-hint = A passkey signs you in with this device's lock (fingerprint, face or PIN) instead of a password. To sign up with one, type your name first.
ui-account-passkey-name-needed = Type the new account's name first.
# Said when the browser's passkey dialog was closed, or timed out, without a passkey.
ui-account-passkey-cancelled = No passkey was used: the browser's dialog was closed. Try again when you are ready.
# Adding a passkey on a device that holds one of the account's already (the browser refuses).
ui-account-passkey-here-already = This device already holds a passkey of your account: add one from another device.
# A passkey sign-in the server refused (which check failed is not said).
ui-account-passkey-failed = That passkey did not sign you in. Try another, or your name and password.
# At the foot of the page, signed in: the dialog of the member's passkeys.
ui-account-passkeys = Passkeys
ui-account-passkeys-title = Your passkeys
ui-account-passkeys-none = You have no passkey yet.
# One passkey in the list. $label: what it is called (the device it was made on); $made, $used: dates.
ui-account-passkey-entry = { $label }, added { $made }, last used { $used }
ui-account-passkey-entry-unused = { $label }, added { $made }, not used yet
ui-account-passkey-remove = Remove { $label }
ui-account-passkey-add = Add a passkey
ui-account-passkey-added = Passkey added: you can sign in with it now.
ui-account-passkey-removed = Passkey removed: { $label }.
ui-close = Close
# Deleting an account that has no password: a passkey confirms it.
ui-account-delete-passkey = Your account has no password: confirm with one of your passkeys.
