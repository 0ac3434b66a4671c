## The keys, for H or ?.

help-intro = Keys:
help-roll = R or Space: roll the die.
help-positions = C: everyone's position.
help-turn = T: whose turn it is.
help-scores = S: the scores in brief.
help-detailed = Shift+S: detailed scores.
help-look = L: what each face of the die would do for the player to roll.
help-square = G, a square's number and Enter: what is on that square and the next ladder and snake after it; G and Enter alone: your square.
help-history = Comma and period: the line said before and after the one last read again; Shift+comma (<) and Shift+period (>): the first and the last.
help-repeat = A: the last announcement again.
help-help = H or ?: these keys.
help-come-back = J: take your seat back from the bot that plays it since you left.
help-board = B: show the board as text.
help-game = I: this game's players, board, rules and seed.
help-quit = Q: quit.
help-talk = Slash (/): say something to everyone here; Enter sends it and goes back to where you were, Escape goes back without sending.
help-buffers = [ and ]: the previous and the next buffer of the history (all of it, the game, talk, answers), said with its last line; comma, period, Shift+comma and Shift+period then read through that buffer.
help-buffer-last = Backslash (\): the last line of the buffer chosen, again.
help-who = W: who is here: each seat (a person or a bot, connected or not, whose turn) and who is watching.
