## The rules in force, said in one line (under the board and at the start of a game).

rules-ending-bounce = Strict ending: you must land on { $last } exactly; an overshoot counts back down.
rules-ending-exact = Exact ending: you must land on { $last } exactly; a roll that would overshoot does not move.
rules-ending-loose = Loose ending: any roll that reaches or passes { $last } wins.
rules-start-square-1 = Tokens start on square 1.
rules-entry-need-six = Only { a-top } enters the board.
rules-six-roll-again = Rolling { a-top } gives another roll.
rules-collision-bump = Landing on an occupied square sends its occupant back to the start.
rules-jumps-chain = Jumps chain: a ladder or snake ending on another one is followed too.
rules-die = The die has { $top } faces.
rules-no-house-rules = No house rules.
rules-join = { $first } { $second }
