## The keys, for H or ?.

help-intro = Keys:
help-roll = { -key-roll } or Space: roll the die.
help-positions = { -key-positions }: everyone's position.
help-turn = { -key-turn }: whose turn it is.
help-scores = { -key-scores }: the scores in brief.
help-detailed = { -key-detailed-scores }: detailed scores.
help-look = { -key-look-ahead }: what each face of the die would do for the player to roll.
help-square = { -key-square }, a square's number and Enter: what is on that square and the next ladder and snake after it; { -key-square } and Enter alone: your square.
help-history = Comma and period: the line said before and after the one last read again; Shift+comma (<) and Shift+period (>): the first and the last.
help-repeat = { -key-repeat }: the last announcement again.
help-help = { -key-help } or ?: these keys.
help-come-back = { -key-come-back }: take your seat back from the bot that plays it since you left.
help-board = { -key-board }: show the board as text.
help-game = { -key-game }: this game's players, board, rules and seed.
help-quit = { -key-quit }: quit.
help-talk = Slash (/): say something to everyone here; Enter sends it and goes back to where you were, Escape goes back without sending.
help-buffers = [ and ]: the previous and the next buffer of the history (all of it, the game, talk, answers), said with its last line; comma, period, Shift+comma and Shift+period then read through that buffer.
help-buffer-last = Apostrophe ('): the last line of the buffer chosen, again (in the lobby, of its history).
help-who = { -key-who }: who is here: each seat (a person or a bot, connected or not, whose turn) and who is watching.
help-start = { -key-start } (the host, before the start): start the game.
help-bots = { -key-add-bot } and { -key-remove-bot } (the host, before the start): seat a bot; remove the last bot seated.
help-leave = { -key-leave }: leave your seat (asked first; during the game a bot plays it until { -key-come-back } takes it back).
help-people = { -key-people }: the people here, to mute what someone says, to block a member (signed in), and for the host to remove someone from the table; Escape goes back.
help-sounds = 0: sounds on or off; minus (-) and equals (=): the sounds quieter and louder.
help-new-table = { -key-new-table }: the form that creates a table.
help-tables = [ and ] (in the lobby): the previous and the next table of the list, said as its row; Enter opens it.
help-join = { -key-join }: take a seat at the table chosen.
help-watch = { -key-watch }: watch the table chosen.
help-moderation = { -key-moderation } (a moderator): moderation: the silences and bans in force, the reports, the log, silencing or banning someone, and at a table closing it; Escape goes back.
help-remove-message = { -key-remove-message } (a moderator): remove the talk message last read with comma and period (the last one, when none was), after a question.
help-account = { -key-account }: sign in, or create an account that keeps your name and your settings; once signed in, your account's buttons.
