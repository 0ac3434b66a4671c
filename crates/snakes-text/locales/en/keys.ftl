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
