## The rule options and what each value means: the lobby's form of the board page
## (GET /api/rules) and `snakes rules` both read them from here. Each option has a label and a
## meaning; each value a meaning and a short name (-name, for the figures of each ending), all
## standing on their own (no sentence around them).

option-ending = Ending
option-ending-meaning = When a roll would carry a token past the last square
option-ending-bounce = Count the rest back down from the last square
option-ending-bounce-name = Strict
option-ending-exact = The token does not move: the last square must be reached exactly
option-ending-exact-name = Exact
option-ending-loose = The token finishes anyway: reaching or passing the last square wins
option-ending-loose-name = Loose

option-start = Start
option-start-meaning = Where the tokens begin
option-start-off-board = Off the board: the first roll enters
option-start-off-board-name = Off the board
option-start-square-1 = On square 1 (a jump on square 1 then never fires)
option-start-square-1-name = On square 1

option-entry = Entry
option-entry-meaning = Which rolls bring a token onto the board from the start
option-entry-any-roll = Any roll enters, landing on the square it counts
option-entry-any-roll-name = Any roll
option-entry-need-six = Only a six (the die's top face) enters, landing on square 6
option-entry-need-six-name = A six

option-six = Six
option-six-meaning = What rolling a six (the die's top face) does
option-six-normal = Nothing more: the turn passes as after any roll
option-six-normal-name = Normal
option-six-roll-again = The same player rolls again
option-six-roll-again-name = Roll again

option-collision = Collision
option-collision-meaning = What happens when a token lands on a square another token holds
option-collision-share = The tokens share the square
option-collision-share-name = Share
option-collision-bump = The token already there goes back to the start
option-collision-bump-name = Bump

option-jumps = Jumps
option-jumps-meaning = How many ladders and snakes one move follows
option-jumps-single = At most one jump per move
option-jumps-single-name = Single
option-jumps-chain = Every jump, until a square without one (a snake's tail on a ladder's foot climbs)
option-jumps-chain-name = Chain

option-die = Faces of the die
# $min and $max: the fewest and most faces a die may have.
option-die-meaning = How many faces the die has, from { $min } to { $max }; with another die, "six" means its top face

## `snakes rules` without an argument.

options-heading = Options (default first):
presets-heading = Presets:
