## The keys, for H or ?.

help-intro = Keys:
help-roll = R or Space: roll the die.
help-positions = C: everyone's position.
help-turn = T: whose turn it is.
help-scores = S: the scores in brief.
help-detailed = Shift+S: detailed scores.
help-help = H or ?: these keys.
help-board = B: show the board as text.
help-game = I: this game's players, board, rules and seed.
help-quit = Q: quit.
